//! Legal moves by try-and-take-back: play each pseudo-legal move, see whether the mover's king
//! is attacked, take the move back.

use crate::attacks::is_attacked;
use crate::generate::{pseudo_legal_captures, pseudo_legal_moves, MoveList};
use outpost_board::{Board, Move};

/// `true` when the pseudo-legal `mv` does not leave the mover's king attacked. Plays the move
/// and takes it back; the board is unchanged afterwards.
#[inline]
pub fn is_legal(board: &mut Board, mv: Move) -> bool {
    let us = board.side_to_move();
    let undo = board.make(mv);
    let safe = !is_attacked(board, board.king_square(us), !us);
    board.unmake(mv, &undo);
    safe
}

/// Every legal move of the side to move.
///
/// The board is borrowed mutably because each candidate is tried on it; it is returned to the
/// same position.
pub fn legal_moves(board: &mut Board) -> MoveList {
    let mut moves = MoveList::new();
    pseudo_legal_moves(board, &mut moves);
    moves.retain(|mv| is_legal(board, *mv));
    moves
}

/// The legal captures and promotions (see [`pseudo_legal_captures`]).
pub fn legal_captures(board: &mut Board) -> MoveList {
    let mut moves = MoveList::new();
    pseudo_legal_captures(board, &mut moves);
    moves.retain(|mv| is_legal(board, *mv));
    moves
}

/// The number of legal moves, found the same way as [`legal_moves`] but without keeping them:
/// the bulk count at the last ply of a perft.
#[inline]
pub fn count_legal_moves(board: &mut Board) -> usize {
    let mut moves = MoveList::new();
    pseudo_legal_moves(board, &mut moves);
    let us = board.side_to_move();
    let king = board.king_square(us);
    let mut count = 0;
    for &mv in &moves {
        let undo = board.make(mv);
        // The same test as `is_legal`, with the king's square known without a look-up.
        let king_after = if mv.from() == king { mv.to() } else { king };
        count += usize::from(!is_attacked(board, king_after, !us));
        board.unmake(mv, &undo);
    }
    count
}

/// `true` when the side to move has at least one legal move.
pub fn has_legal_move(board: &mut Board) -> bool {
    let mut moves = MoveList::new();
    pseudo_legal_moves(board, &mut moves);
    moves.iter().any(|&mv| is_legal(board, mv))
}
