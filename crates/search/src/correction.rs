//! Correction history: how far the search's results have come out from the static
//! evaluation at nodes of each pawn structure, learnt by a thread's searches of a game and
//! added to the static evaluation where pruning and the quiescence stand-pat read it. An
//! evaluation that misjudges a pawn structure (a blockade, a weak king's cover) is corrected
//! by what the search keeps finding there.

use crate::score::{Depth, Score};
use outpost_board::{Board, Color, PieceKind};
use outpost_eval::pawn_key;

/// Entries per side to move (a power of two).
const ENTRIES: usize = 1 << 14;
/// Table units per centipawn: the running averages keep fractions of a centipawn.
const GRAIN: i32 = 256;
/// A correction is kept within ± this many centipawns.
const MAX_CORRECTION: i32 = 64;
/// The weight of one result in the running average is `min(depth + 1, MAX_WEIGHT)` out of
/// `WEIGHT_SCALE`: deeper results count more.
const MAX_WEIGHT: i32 = 16;
/// See [`MAX_WEIGHT`].
const WEIGHT_SCALE: i32 = 256;

/// The running average of (search result − static evaluation), by side to move and pawn
/// structure, in [`GRAIN`]s of a centipawn.
pub(crate) struct CorrectionHistory {
    table: Box<[[i32; ENTRIES]; 2]>,
}

impl CorrectionHistory {
    /// No corrections yet.
    pub(crate) fn new() -> CorrectionHistory {
        CorrectionHistory {
            table: Box::new([[0; ENTRIES]; 2]),
        }
    }

    /// Starts bringing the entry of `board` into the cache, for a [`CorrectionHistory::correct`]
    /// of it a little later (the table is larger than the first-level cache).
    #[inline]
    pub(crate) fn prefetch(&self, board: &Board) {
        outpost_table::prefetch(self.entry(board));
    }

    /// `static_eval` of `board` corrected by what searches found at its pawn structure.
    #[inline]
    pub(crate) fn correct(&self, board: &Board, static_eval: Score) -> Score {
        let correction = *self.entry(board) / GRAIN;
        static_eval + correction
    }

    /// Learns from a node of `board` searched to `depth` whose static evaluation was
    /// `static_eval` and whose result was `best`, an exact score or a bound on the side of
    /// the evaluation it says something about (the caller checks that).
    #[inline]
    pub(crate) fn update(&mut self, board: &Board, depth: Depth, static_eval: Score, best: Score) {
        let difference = (best - static_eval).clamp(-MAX_CORRECTION, MAX_CORRECTION);
        let weight = (depth + 1).min(MAX_WEIGHT);
        let entry = self.entry_mut(board);
        *entry = (*entry * (WEIGHT_SCALE - weight) + difference * GRAIN * weight) / WEIGHT_SCALE;
    }

    fn entry(&self, board: &Board) -> &i32 {
        let (side, index) = slot(board);
        &self.table[side][index]
    }

    fn entry_mut(&mut self, board: &Board) -> &mut i32 {
        let (side, index) = slot(board);
        &mut self.table[side][index]
    }
}

/// The side to move and the entry of the pawn structure of `board` (the top bits of its
/// `outpost_eval::pawn_key`).
#[inline]
fn slot(board: &Board) -> (usize, usize) {
    let pawns = [Color::White, Color::Black].map(|color| board.pieces_of(color, PieceKind::Pawn));
    let index = (pawn_key(pawns) >> (64 - ENTRIES.trailing_zeros())) as usize;
    (board.side_to_move().index(), index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_towards_the_search_results_within_bounds() {
        let mut history = CorrectionHistory::new();
        let board = Board::startpos();
        let eval = Score::centipawns(20);
        assert_eq!(history.correct(&board, eval), eval);
        for _ in 0..200 {
            history.update(&board, 10, eval, Score::centipawns(60));
        }
        let corrected = history.correct(&board, eval);
        assert!(corrected > Score::centipawns(55) && corrected <= Score::centipawns(60));
        // A result far off moves it at most to the limit.
        for _ in 0..500 {
            history.update(&board, 10, eval, Score::centipawns(-900));
        }
        // (The running average in integers stops within a centipawn of the limit.)
        let corrected = history.correct(&board, eval);
        assert!(corrected >= eval - MAX_CORRECTION && corrected <= eval - (MAX_CORRECTION - 1));
        // The other side to move has its own entry.
        let black =
            Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert_eq!(history.correct(&black, eval), eval);
    }
}
