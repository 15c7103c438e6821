//! What a check or a pin asks of the side to move: [`pinned`] pieces, [`blockers`] of a
//! king's lines, [`evasion_targets`] of a check, and the attackers of both sides to a square
//! ([`all_attackers_to`]). Helpers for those who want them (move ordering, pruning,
//! exchanges): legality itself is settled by try-and-take-back ([`crate::try_move`]).

use crate::attacks::{
    checkers, king_attacks, knight_attacks, pawn_attacks, DIAGONAL_RAYS, STRAIGHT_RAYS,
};
use crate::magic::SliderTables;
use crate::rays::between;
use outpost_board::{Bitboard, Board, Color, PieceKind, Square};

/// The pieces (of either side) that stand alone between the king of `king` and a slider of
/// `by` that would attack it were they gone: moving one off that line uncovers an attack on
/// the king. The pieces of `king`'s side among them are pinned (see [`pinned`]); those of
/// `by`'s side can give a discovered check.
///
/// ```
/// use outpost_board::{Bitboard, Board, Color, Square};
/// use outpost_movegen::blockers;
///
/// // The white bishop on d2 stands between the black king and the white rook on d1.
/// let board: Board = "3k4/8/8/8/8/8/3B4/3RK3 w - - 0 1".parse().unwrap();
/// assert_eq!(blockers(&board, Color::Black, Color::White), Bitboard::from_square(Square::D2));
/// assert_eq!(blockers(&board, Color::White, Color::Black), Bitboard::EMPTY);
/// ```
#[inline]
pub fn blockers(board: &Board, king: Color, by: Color) -> Bitboard {
    let square = board.king_square(king);
    let occupied = board.occupied();
    // The sliders on a line with the king, whatever stands between.
    let snipers = (board.diagonal_sliders(by) & DIAGONAL_RAYS[square.index()])
        | (board.straight_sliders(by) & STRAIGHT_RAYS[square.index()]);
    let mut blockers = Bitboard::EMPTY;
    for sniper in snipers {
        let between = between(square, sniper) & occupied;
        if between.is_nonempty() && !between.has_several() {
            blockers |= between;
        }
    }
    blockers
}

/// The pieces of the side to move pinned to their king: moved off the line between the king
/// and the enemy slider behind them, they would leave the king in check (Chess Fragments'
/// Right pins as a rook).
///
/// ```
/// use outpost_board::{Bitboard, Board, Square};
/// use outpost_movegen::pinned;
///
/// // The knight on e2 is pinned by the rook on e8; the bishop on c3 is not (the queen on a5
/// // is behind a pawn of its own).
/// let board: Board = "4r1k1/8/8/q7/1p6/2B5/4N3/4K3 w - - 0 1".parse().unwrap();
/// assert_eq!(pinned(&board), Bitboard::from_square(Square::E2));
/// ```
#[inline]
pub fn pinned(board: &Board) -> Bitboard {
    let us = board.side_to_move();
    blockers(board, us, !us) & board.color(us)
}

/// The pieces that give check to the side to move, and its pinned pieces (as [`checkers`]
/// and [`pinned`] give them), found together: one walk over the enemy sliders on the king's
/// lines.
#[inline(always)]
pub(crate) fn checkers_and_pinned(board: &Board) -> (Bitboard, Bitboard) {
    let us = board.side_to_move();
    let them = !us;
    let king = board.king_square(us);
    let occupied = board.occupied();
    let mut checkers = (pawn_attacks(us, king) & board.pieces_of(them, PieceKind::Pawn))
        | (knight_attacks(king) & board.knight_leapers(them))
        | (king_attacks(king) & board.pieces_of(them, PieceKind::King));
    let mut pinned = Bitboard::EMPTY;
    let snipers = (board.diagonal_sliders(them) & DIAGONAL_RAYS[king.index()])
        | (board.straight_sliders(them) & STRAIGHT_RAYS[king.index()]);
    for sniper in snipers {
        let between = between(king, sniper) & occupied;
        if between.is_empty() {
            checkers = checkers.with(sniper);
        } else if !between.has_several() {
            pinned |= between;
        }
    }
    (checkers, pinned & board.color(us))
}

/// The squares on which a move other than the king's must land to answer the check to the
/// side to move: the checking piece's square and those between it and the king. Every
/// square when not in check, none in double check (only the king can move then). En
/// passant, which lands elsewhere, may answer the check of the pawn it takes.
///
/// ```
/// use outpost_board::{Bitboard, Board, Square};
/// use outpost_movegen::evasion_targets;
///
/// // The rook on e8 checks the king on e1: take it, or block on e2 to e7.
/// let board: Board = "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
/// let targets = evasion_targets(&board);
/// assert_eq!(targets.count(), 7);
/// assert!(targets.contains(Square::E8) && targets.contains(Square::E2));
/// ```
#[inline]
pub fn evasion_targets(board: &Board) -> Bitboard {
    let checkers = checkers(board);
    let Some(checker) = checkers.first() else {
        return !Bitboard::EMPTY;
    };
    if checkers.has_several() {
        return Bitboard::EMPTY;
    }
    checkers | between(board.king_square(board.side_to_move()), checker)
}

/// The pieces of both sides that attack `square`, with `occupied` as the blockers: the
/// pieces an exchange on `square` may bring in (see [`crate::attackers_to`] for one side's).
///
/// ```
/// use outpost_board::{Bitboard, Board, Square};
/// use outpost_movegen::all_attackers_to;
///
/// let board: Board = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1".parse().unwrap();
/// let attackers = all_attackers_to(&board, Square::D5, board.occupied());
/// assert_eq!(attackers, Bitboard::from_square(Square::E4));
/// let attackers = all_attackers_to(&board, Square::E4, board.occupied());
/// assert_eq!(attackers, Bitboard::from_square(Square::D5));
/// ```
#[inline]
pub fn all_attackers_to(board: &Board, square: Square, occupied: Bitboard) -> Bitboard {
    let tables = SliderTables::get();
    let pawns = (pawn_attacks(Color::Black, square)
        & board.pieces_of(Color::White, PieceKind::Pawn))
        | (pawn_attacks(Color::White, square) & board.pieces_of(Color::Black, PieceKind::Pawn));
    let diagonal = board.pieces(PieceKind::Bishop) | board.pieces(PieceKind::Queen);
    let straight = board.pieces(PieceKind::Rook)
        | board.pieces(PieceKind::Queen)
        | board.pieces(PieceKind::Right);
    pawns
        | (knight_attacks(square)
            & (board.pieces(PieceKind::Knight) | board.pieces(PieceKind::Right)))
        | (king_attacks(square) & board.pieces(PieceKind::King))
        | (tables.bishop(square, occupied) & diagonal)
        | (tables.rook(square, occupied) & straight)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{attackers_to, bishop_attacks, in_check, legal_moves, rook_attacks};
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Boards of random games from a few starts (Chess Fragments' included).
    fn positions() -> Vec<Board> {
        let starts = [
            Board::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut positions = Vec::new();
        for fen in starts {
            for _ in 0..40 {
                let mut board = Board::from_fen(fen).unwrap();
                for _ in 0..120 {
                    let moves = legal_moves(&board);
                    if moves.is_empty() {
                        break;
                    }
                    positions.push(board.clone());
                    board.make(moves[rng.next_u32() as usize % moves.len()]);
                }
            }
        }
        positions
    }

    /// A piece is a blocker exactly when taking it off the board lets a slider of the other
    /// side through to the king; a pinned piece that leaves the line leaves the king in check.
    #[test]
    fn blockers_and_pins_by_removing_the_piece() {
        let mut pins = 0;
        for board in positions() {
            for (king, by) in [(Color::White, Color::Black), (Color::Black, Color::White)] {
                let square = board.king_square(king);
                let occupied = board.occupied();
                let sliders = |occupied: Bitboard| {
                    (bishop_attacks(square, occupied) & board.diagonal_sliders(by))
                        | (rook_attacks(square, occupied) & board.straight_sliders(by))
                };
                let mut expected = Bitboard::EMPTY;
                for piece in occupied.without(square) {
                    let uncovered = sliders(occupied.without(piece)).without(piece);
                    if (uncovered & !sliders(occupied)).is_nonempty() {
                        expected = expected.with(piece);
                    }
                }
                assert_eq!(blockers(&board, king, by), expected, "{}", board.to_fen());
            }
            let pinned = pinned(&board);
            assert_eq!(
                checkers_and_pinned(&board),
                (checkers(&board), pinned),
                "{}",
                board.to_fen()
            );
            let king = board.king_square(board.side_to_move());
            for mv in legal_moves(&board) {
                if pinned.contains(mv.from()) {
                    pins += 1;
                    assert!(crate::line(king, mv.from()).contains(mv.to()), "{mv}");
                }
            }
        }
        assert!(pins > 100, "{pins}");
    }

    /// Every legal move in check is a king move, en passant, or lands on a target; the
    /// attackers of both sides are those of each side together.
    #[test]
    fn evasions_land_on_targets_and_attackers_add_up() {
        let mut checks = 0;
        for board in positions() {
            let occupied = board.occupied();
            for square in Square::all() {
                assert_eq!(
                    all_attackers_to(&board, square, occupied),
                    attackers_to(&board, square, Color::White, occupied)
                        | attackers_to(&board, square, Color::Black, occupied)
                );
            }
            if !in_check(&board) {
                assert_eq!(evasion_targets(&board), !Bitboard::EMPTY);
                continue;
            }
            checks += 1;
            let targets = evasion_targets(&board);
            let king = board.king_square(board.side_to_move());
            for mv in legal_moves(&board) {
                assert!(
                    mv.from() == king || targets.contains(mv.to()) || mv.is_en_passant(),
                    "{} {mv}",
                    board.to_fen()
                );
            }
        }
        assert!(checks > 300, "{checks}");
    }
}
