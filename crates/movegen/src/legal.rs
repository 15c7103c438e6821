//! Legal moves by try-and-take-back: play each pseudo-legal move, see whether the mover's king
//! is attacked, take the move back. Where only that answer is wanted (not the position after
//! the move), the move is played on a copy of the occupancy, which is all the king test reads
//! besides the opponent's pieces; [`try_move`] plays it in full and keeps it if legal.
//! [`count_legal_moves`] skips the test only where it provably cannot fail (see there).
//!
//! The questions ([`legal_moves`], [`legal_captures`], [`has_legal_move`], [`is_legal`]) take
//! the board by shared reference and try the moves on a copy. The search and perft, which own
//! a board they are allowed to change, use the in-place forms [`try_move`],
//! [`legal_moves_in_place`] and [`count_legal_moves`], which leave the board as they found it.

use crate::attacks::{
    bishop_attacks, is_attacked, is_attacked_through, piece_attacks, rook_attacks,
};
use crate::generate::{
    generate, pseudo_legal_captures, pseudo_legal_moves, Count, Kinds, MoveList, Select,
};
use crate::pins::checkers_and_pinned;
use crate::rays::between;
use outpost_board::{Bitboard, Board, Color, Move, Square, Undo};

/// Plays the pseudo-legal `mv`; if that leaves the mover's king attacked, takes it back and
/// returns `None`, else leaves it made and returns the undo record for
/// [`Board::unmake`].
///
/// ```
/// use outpost_board::{Board, Move, Square};
/// use outpost_movegen::try_move;
///
/// // The pawn on d2 is pinned: it shields its king from the bishop on b4.
/// let mut board = Board::from_fen("4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1").unwrap();
/// let before = board.clone();
/// let d3 = Move::quiet(Square::D2, Square::D3);
/// assert_eq!(try_move(&mut board, d3), None);
/// assert_eq!(board, before, "an illegal move is taken back");
/// let kf2 = Move::quiet(Square::E1, Square::F2);
/// let undo = try_move(&mut board, kf2).expect("legal");
/// board.unmake(kf2, &undo);
/// assert_eq!(board, before);
/// ```
#[inline(always)] // measured: as a call it costs the search about 3% of its instructions
pub fn try_move(board: &mut Board, mv: Move) -> Option<Undo> {
    let us = board.side_to_move();
    let undo = board.make(mv);
    if is_attacked(board, board.king_square(us), !us) {
        board.unmake(mv, &undo);
        None
    } else {
        Some(undo)
    }
}

/// `true` when the pseudo-legal `mv` is legal in `board`: the test of [`try_move`], with the
/// move played on the bitboards alone ([`Board::with_pieces_moved`]; the king test reads
/// nothing else) and taken back.
#[inline]
fn is_legal_in_place(board: &mut Board, mv: Move) -> bool {
    let us = board.side_to_move();
    leaves_king_safe(board, mv, us, board.king_square(us))
}

/// The heart of [`is_legal_in_place`], with the mover `us` and its king's square `king`
/// given: the innermost loop of perft knows them for every move of a position.
///
/// The move is played on a copy of the occupancy ([`OccupancyAfter`]; castling, which moves a
/// rook too, in [`castling_leaves_king_safe`]).
#[inline(always)]
fn leaves_king_safe(board: &Board, mv: Move, us: Color, king: Square) -> bool {
    if mv.is_castle() {
        return castling_leaves_king_safe(board, mv, us);
    }
    let king_after = if mv.from() == king { mv.to() } else { king };
    let after = OccupancyAfter::of(board, mv);
    !is_attacked_through(board, king_after, !us, after.occupied, after.captured)
}

/// [`leaves_king_safe`] for castling, which moves a rook too: the king and the rook played on
/// a copy of the occupancy (no piece of the opponent moves or is taken, so only the
/// occupancy changes). Kept out of line: it is rare, and inlined it made the loops around it
/// slower.
#[inline(never)]
fn castling_leaves_king_safe(board: &Board, mv: Move, us: Color) -> bool {
    let side = board.castling_setup().by_king_target(us, mv.to());
    let occupied = (board.occupied().without(mv.from()).without(side.rook_from))
        .with(side.king_to)
        .with(side.rook_to);
    !is_attacked_through(board, mv.to(), !us, occupied, Bitboard::EMPTY)
}

/// A move that is not castling, played on a copy of the occupancy: the mover leaves its
/// square and stands on the target; a captured piece (en passant too) leaves the board.
struct OccupancyAfter {
    occupied: Bitboard,
    /// The square of the captured piece (the target when nothing is captured, which is
    /// harmless: only the opponent's pieces there are left out).
    captured: Bitboard,
}

impl OccupancyAfter {
    #[inline(always)]
    fn of(board: &Board, mv: Move) -> OccupancyAfter {
        let (from, to) = (mv.from(), mv.to());
        let mut occupied = board.occupied().without(from) | Bitboard::from_square(to);
        let mut captured = Bitboard::from_square(to);
        if mv.is_en_passant() {
            let pawn = Square::from_index(from.index() / 8 * 8 + to.index() % 8);
            occupied = occupied.without(pawn);
            captured = Bitboard::from_square(pawn);
        }
        OccupancyAfter { occupied, captured }
    }
}

/// `true` when the pseudo-legal `mv` (such as one from [`pseudo_legal_moves`]) does not leave
/// the mover's king attacked. The move is tried on a copy of the board.
pub fn is_legal(board: &Board, mv: Move) -> bool {
    is_legal_in_place(&mut board.clone(), mv)
}

/// Every legal move of the side to move. The moves are tried on a copy of the board.
pub fn legal_moves(board: &Board) -> MoveList {
    legal_moves_in_place(&mut board.clone())
}

/// [`legal_moves`] without the copy: each candidate is tried on `board` itself, which is
/// returned to the same position. The moves come in the order of [`pseudo_legal_moves`].
/// Those whose king test cannot fail are kept without it, as in [`count_legal_moves`].
pub fn legal_moves_in_place(board: &mut Board) -> MoveList {
    let mut moves = MoveList::new();
    pseudo_legal_moves(board, &mut moves);
    let us = board.side_to_move();
    let king = board.king_square(us);
    let (checkers, pinned) = checkers_and_pinned(board);
    // Out of check, only the king's moves (castling among them), a pinned piece's and en
    // passant can leave the king attacked; in check, any move can.
    let tested = match checkers.is_empty() {
        true => pinned.with(king),
        false => Bitboard::FULL,
    };
    moves.retain(|mv| {
        !(tested.contains(mv.from()) || mv.is_en_passant())
            || leaves_king_safe(board, *mv, us, king)
    });
    moves
}

/// The legal captures and promotions (see [`pseudo_legal_captures`]), tried on a copy of the
/// board.
pub fn legal_captures(board: &Board) -> MoveList {
    let mut scratch = board.clone();
    let mut moves = MoveList::new();
    pseudo_legal_captures(&scratch, &mut moves);
    moves.retain(|mv| is_legal_in_place(&mut scratch, *mv));
    moves
}

/// The number of legal moves: the bulk count at the last ply of a perft. The board is
/// returned to the same position.
///
/// The same number as `legal_moves_in_place(board).len()`, found with less work. Where the
/// king test of try-and-take-back provably cannot fail, it is skipped and the moves are
/// counted by population counts, as generated, without being written: when the side to move
/// is not in check, a move that is not the king's, not en passant, not castling and not of a
/// pinned piece leaves the king safe (no piece of the opponent attacks the king before it;
/// the mover, pinned to no line, uncovers no slider's line when it leaves its square; a
/// captured piece only stops attacking; a piece arriving only blocks). Every other move
/// (the king's, castling, en passant, a pinned piece's, and every move in check) is tried
/// and taken back on a copy of the occupancy. In check, only the moves that may answer it
/// are tried: the king's, en passant, and those that land on the checker or between it and
/// the king (any other leaves the check standing).
#[inline]
pub fn count_legal_moves(board: &mut Board) -> usize {
    let us = board.side_to_move();
    let king = board.king_square(us);
    let (checkers, pinned) = checkers_and_pinned(board);
    let mut tried = MoveList::new();
    let mut count = Count::default();
    if checkers.is_empty() {
        let safe = Select {
            movers: !pinned.with(king),
            targets: Bitboard::FULL,
            king: false,
            en_passant: false,
            castling: false,
        };
        generate(board, &mut count, Kinds::All, safe);
        let rest = Select {
            movers: pinned,
            targets: Bitboard::FULL,
            king: true,
            en_passant: true,
            castling: true,
        };
        generate(board, &mut tried, Kinds::All, rest);
    } else {
        // Only the king moves out of a double check.
        let targets = match checkers.has_several() {
            true => Bitboard::EMPTY,
            false => checkers | between(king, checkers.first_unchecked()),
        };
        let evasions = Select {
            movers: Bitboard::FULL,
            targets,
            king: true,
            en_passant: true,
            castling: false,
        };
        generate(board, &mut tried, Kinds::All, evasions);
    }
    for &mv in &tried {
        count.0 += usize::from(leaves_king_safe(board, mv, us, king));
    }
    count.0
}

/// What a pseudo-legal move would do to the two kings: see [`kings_after`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingsAfter {
    /// The move leaves the mover's king safe.
    pub legal: bool,
    /// The move attacks the opponent's king.
    pub gives_check: bool,
}

/// Whether the pseudo-legal `mv` is legal and whether it gives check, by try-and-take-back
/// on a copy of the occupancy (the mover leaves its square and stands on the target, a
/// captured piece leaves the board; castling is played on the bitboards, with
/// [`Board::with_pieces_moved`]): much cheaper than [`try_move`] and [`crate::in_check`]
/// where the move itself is not wanted, such as a move the search may skip unless it gives
/// check. The board is left as it was.
#[inline]
pub fn kings_after(board: &mut Board, mv: Move) -> KingsAfter {
    let us = board.side_to_move();
    let king = board.king_square(us);
    let king_after = if mv.from() == king { mv.to() } else { king };
    let their_king = board.king_square(!us);
    if mv.is_castle() {
        return board.with_pieces_moved(mv, |after| KingsAfter {
            legal: !is_attacked(after, king_after, !us),
            gives_check: is_attacked(after, their_king, us),
        });
    }
    let (from, to) = (mv.from(), mv.to());
    let after = OccupancyAfter::of(board, mv);
    let legal = !is_attacked_through(board, king_after, !us, after.occupied, after.captured);
    // Check from the mover on its target (as what it promotes to), or discovered by one of
    // our other sliders through the new occupancy.
    let Some(mover) = board.piece_at(from) else {
        return KingsAfter {
            legal,
            gives_check: false,
        };
    };
    let kind = mv.promotion_piece().unwrap_or(mover.kind());
    let direct = piece_attacks(kind, us, to, after.occupied).contains(their_king);
    let diagonal = board.diagonal_sliders(us).without(from);
    let straight = board.straight_sliders(us).without(from);
    let discovered = (bishop_attacks(their_king, after.occupied) & diagonal).is_nonempty()
        || (rook_attacks(their_king, after.occupied) & straight).is_nonempty();
    KingsAfter {
        legal,
        gives_check: direct || discovered,
    }
}

/// `true` when the side to move has at least one legal move. The moves are tried on a copy of
/// the board, and only until one is found.
pub fn has_legal_move(board: &Board) -> bool {
    let mut scratch = board.clone();
    let mut moves = MoveList::new();
    pseudo_legal_moves(&scratch, &mut moves);
    moves.iter().any(|&mv| is_legal_in_place(&mut scratch, mv))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_leave_the_board_alone_and_agree_with_the_in_place_forms() {
        for fen in [
            Board::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        ] {
            let board = Board::from_fen(fen).unwrap();
            let mut scratch = board.clone();
            let legal = legal_moves(&board);
            assert_eq!(legal, legal_moves_in_place(&mut scratch), "{fen}");
            assert_eq!(legal.len(), count_legal_moves(&mut scratch), "{fen}");
            assert_eq!(has_legal_move(&board), !legal.is_empty(), "{fen}");
            let mut pseudo = MoveList::new();
            pseudo_legal_moves(&board, &mut pseudo);
            for &mv in &pseudo {
                assert_eq!(is_legal(&board, mv), legal.contains(&mv), "{fen} {mv}");
            }
            for mv in legal_captures(&board) {
                assert!(legal.contains(&mv) && (mv.is_capture() || mv.is_promotion()));
            }
            assert_eq!(scratch, board, "{fen}");
        }
    }
}
