//! [`CheckFilter`]: which quiet moves cannot give check, told without playing them.

use outpost_board::{Bitboard, Board, Move, PieceKind};
use outpost_movegen::{bishop_attacks, blockers, knight_attacks, pawn_attacks, rook_attacks};

/// What the side to move needs to know about the opponent's king to rule out, move by move
/// and at the cost of a look-up, that a quiet move gives check: gathered once per node, for
/// the many quiet moves that late-move and futility pruning skip unless they give check.
#[derive(Clone, Copy, Debug)]
pub struct CheckFilter {
    /// By [`PieceKind::index`]: the squares from which a piece of ours of that kind attacks
    /// the opponent's king (none for the king).
    check_squares: [Bitboard; PieceKind::COUNT],
    /// Our pieces that, by leaving their square, may let one of our sliders attack the
    /// opponent's king.
    discoverers: Bitboard,
}

impl CheckFilter {
    /// The filter of `board` (a legal position: the side not to move is not in check).
    pub fn new(board: &Board) -> CheckFilter {
        let us = board.side_to_move();
        let king = board.king_square(!us);
        let occupied = board.occupied();
        let diagonal = bishop_attacks(king, occupied);
        let straight = rook_attacks(king, occupied);
        let check_squares = PieceKind::ALL.map(|kind| match kind {
            PieceKind::Pawn => pawn_attacks(!us, king),
            PieceKind::Knight => knight_attacks(king),
            PieceKind::Bishop => diagonal,
            PieceKind::Rook => straight,
            PieceKind::Queen => diagonal | straight,
            PieceKind::King => Bitboard::EMPTY,
            PieceKind::Right => straight | knight_attacks(king),
            // `PieceKind` may grow; every kind of today is above.
            _ => Bitboard::EMPTY,
        });
        // A piece of ours alone between their king and one of our sliders uncovers a check by
        // leaving the line.
        let discoverers = blockers(board, !us, us) & board.color(us);
        CheckFilter {
            check_squares,
            discoverers,
        }
    }

    /// `false` when the pseudo-legal quiet move `mv` (neither a capture nor a promotion) of
    /// the filter's position certainly does not give check if it is legal; `true` when it
    /// does, or may (castling, or a move that may uncover a check: rare, and worked out by
    /// playing them).
    #[inline]
    pub fn may_give_check(&self, board: &Board, mv: Move) -> bool {
        if mv.is_castle() || self.discoverers.contains(mv.from()) {
            return true;
        }
        // A slider's check squares are seen from the king with the mover still on its
        // square: that square could lie between the two only if the mover already gave check.
        board
            .piece_at(mv.from())
            .is_some_and(|piece| self.check_squares[piece.kind().index()].contains(mv.to()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_movegen::{kings_after, legal_moves, pseudo_legal_quiets, MoveList};
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Every quiet move of positions from random games: a legal move that gives check is
    /// never ruled out.
    #[test]
    fn never_rules_out_a_check() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/2P5/1B2N3/8/4R3/8/Q3K2R w K - 0 1",
            // Chess Fragments, for the Right's checks as a rook and as a knight.
            "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut checks, mut ruled_out) = (0, 0);
        for fen in starts {
            for _ in 0..25 {
                let mut board = Board::from_fen(fen).unwrap();
                for _ in 0..100 {
                    let filter = CheckFilter::new(&board);
                    let mut quiets = MoveList::new();
                    pseudo_legal_quiets(&board, &mut quiets);
                    for &mv in &quiets {
                        let kings = kings_after(&mut board, mv);
                        let may = filter.may_give_check(&board, mv);
                        if kings.legal && kings.gives_check {
                            assert!(may, "{} {mv}", board.to_fen());
                            checks += 1;
                        }
                        ruled_out += usize::from(!may);
                    }
                    let moves = legal_moves(&board);
                    if moves.is_empty() {
                        break;
                    }
                    board.make(moves[rng.next_u32() as usize % moves.len()]);
                }
            }
        }
        assert!(checks > 500 && ruled_out > 10_000, "{checks} {ruled_out}");
    }
}
