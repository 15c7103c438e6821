//! Perft that checks the board after every make and every unmake.

use outpost_board::{Board, Move};
use outpost_movegen::{pseudo_legal_moves, try_move, MoveList};
use std::fmt;

/// The first place where the incrementally updated board went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashCheckError {
    /// FEN of the position the faulty move was played from.
    pub fen: String,
    /// The moves from the root that lead to (and include) the faulty move.
    pub path: Vec<Move>,
    /// `"make"` or `"unmake"`.
    pub stage: &'static str,
    /// What differed.
    pub detail: String,
}

impl fmt::Display for HashCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path: Vec<String> = self.path.iter().map(Move::to_string).collect();
        write!(
            f,
            "after {} of {} from {}: {} (moves from the root: {})",
            self.stage,
            path.last().map_or("?", String::as_str),
            self.fen,
            self.detail,
            path.join(" ")
        )
    }
}

impl std::error::Error for HashCheckError {}

/// What a [`check_hash`] run counted and verified.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HashCheck {
    /// Move paths of the given length: the perft number.
    pub nodes: u64,
    /// Makes of a legal move after which the board was verified.
    pub makes: u64,
    /// Take-backs after which the board was verified: one per pseudo-legal move tried,
    /// legal or not (an illegal move is made and taken back by [`try_move`]).
    pub unmakes: u64,
}

impl fmt::Display for HashCheck {
    /// `hash and board verified after every make and unmake: 2039 makes, 2085 unmakes`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "hash and board verified after every make and unmake: {} makes, {} unmakes",
            self.makes, self.unmakes
        )
    }
}

/// Counts like [`crate::perft_without_bulk`], but after every make of a legal move compares the
/// incremental hash and the piece bitboards with ones computed from scratch, and after every
/// take-back (of a legal move, or of an illegal one by [`try_move`]) does the same and also
/// compares the whole board with a copy taken before the move. Stops at the first difference.
///
/// ```
/// use outpost_board::Board;
///
/// let checked = outpost_perft::check_hash(&mut Board::startpos(), 2).unwrap();
/// assert_eq!(checked.nodes, 400);
/// assert_eq!((checked.makes, checked.unmakes), (420, 420));
/// ```
pub fn check_hash(board: &mut Board, depth: u32) -> Result<HashCheck, HashCheckError> {
    if let Err(detail) = board.check_consistency() {
        return Err(HashCheckError {
            fen: board.to_fen(),
            path: Vec::new(),
            stage: "setup",
            detail,
        });
    }
    let mut path = Vec::with_capacity(depth as usize);
    let mut checked = HashCheck::default();
    checked.nodes = walk(board, depth, &mut path, &mut checked)?;
    Ok(checked)
}

fn walk(
    board: &mut Board,
    depth: u32,
    path: &mut Vec<Move>,
    checked: &mut HashCheck,
) -> Result<u64, HashCheckError> {
    if depth == 0 {
        return Ok(1);
    }
    let mut moves = MoveList::new();
    pseudo_legal_moves(board, &mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        let before = board.clone();
        path.push(mv);
        // Try-and-take-back: an illegal move is taken back at once, a legal one is walked.
        if let Some(undo) = try_move(board, mv) {
            if let Err(detail) = board.check_consistency() {
                return Err(failure(&before, path, "make", detail));
            }
            checked.makes += 1;
            nodes += walk(board, depth - 1, path, checked)?;
            board.unmake(mv, &undo);
        }
        if let Err(detail) = board.check_consistency() {
            return Err(failure(&before, path, "unmake", detail));
        }
        if *board != before {
            let detail = format!("board differs from before the move: now {}", board.to_fen());
            return Err(failure(&before, path, "unmake", detail));
        }
        checked.unmakes += 1;
        path.pop();
    }
    Ok(nodes)
}

fn failure(before: &Board, path: &[Move], stage: &'static str, detail: String) -> HashCheckError {
    HashCheckError {
        fen: before.to_fen(),
        path: path.to_vec(),
        stage,
        detail,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_plain_perft() {
        let mut board: Board =
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
                .parse()
                .unwrap();
        let checked = check_hash(&mut board, 2).unwrap();
        assert_eq!(checked.nodes, 2_039);
        // Every legal move of the first ply and of the second is made and checked.
        assert_eq!(checked.makes, 48 + 2_039);
        assert!(checked.unmakes >= checked.makes, "{checked:?}");
    }
}
