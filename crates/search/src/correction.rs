//! Correction history: how far the search's results have come out from the static
//! evaluation at nodes of each pawn structure and each placement of a colour's other pieces,
//! learnt by a thread's searches of a game and added to the static evaluation where pruning
//! and the quiescence stand-pat read it. An evaluation that misjudges a pawn structure (a
//! blockade, a weak king's cover) or a placement of pieces is corrected by what the search
//! keeps finding there.

use crate::score::{Depth, Score};
use outpost_board::{Board, Color, PieceKind};
use outpost_eval::pawn_key;

/// Entries of each table per side to move (a power of two).
const ENTRIES: usize = 1 << 14;
/// Table units per centipawn: the entries keep fractions of a centipawn.
const GRAIN: i32 = 256;
/// A correction is kept within ± this many centipawns.
const MAX_CORRECTION: i32 = 64;
/// [`MAX_CORRECTION`] in grains: the bound of each entry and of their sum.
const MAX_GRAINS: i32 = MAX_CORRECTION * GRAIN;
/// A result moves the entries by `min(depth + 1, MAX_WEIGHT)` out of `WEIGHT_SCALE` of what
/// their sum missed (times each table's share): deeper results count more.
const MAX_WEIGHT: i32 = 16;
/// See [`MAX_WEIGHT`].
const WEIGHT_SCALE: i32 = 256;

/// Each pawn-structure table step learns this share of what the corrections missed, in
/// hundredths; each table of a side's other pieces learns [`PIECES_SHARE`].
const PAWN_SHARE: i32 = 100;
/// See [`PAWN_SHARE`].
const PIECES_SHARE: i32 = 50;

/// Running corrections (search result − static evaluation), in [`GRAIN`]s of a centipawn,
/// by side to move: one table by pawn structure, and one for each colour by where that
/// colour's other pieces (king included) stand. A position's correction is their sum; each
/// learns what the sum missed.
pub(crate) struct CorrectionHistory {
    pawns: Box<[[i32; ENTRIES]; 2]>,
    /// `[colour of the pieces][side to move]`.
    pieces: Box<[[[i32; ENTRIES]; 2]; 2]>,
}

/// Where a position's entries are.
#[derive(Clone, Copy)]
struct Slots {
    side: usize,
    pawns: usize,
    pieces: [usize; 2],
}

impl CorrectionHistory {
    /// No corrections yet.
    pub(crate) fn new() -> CorrectionHistory {
        CorrectionHistory {
            pawns: Box::new([[0; ENTRIES]; 2]),
            pieces: Box::new([[[0; ENTRIES]; 2]; 2]),
        }
    }

    /// Starts bringing the entries of `board` into the cache, for a
    /// [`CorrectionHistory::correct`] of it a little later (the tables are larger than the
    /// first-level cache).
    #[inline]
    pub(crate) fn prefetch(&self, board: &Board) {
        let slots = Slots::of(board);
        outpost_table::prefetch(&self.pawns[slots.side][slots.pawns]);
        for color in 0..2 {
            outpost_table::prefetch(&self.pieces[color][slots.side][slots.pieces[color]]);
        }
    }

    /// `static_eval` of `board` corrected by what searches found at its pawn structure and
    /// its pieces.
    #[inline]
    pub(crate) fn correct(&self, board: &Board, static_eval: Score) -> Score {
        static_eval + self.total(Slots::of(board)) / GRAIN
    }

    /// The sum of the entries at `slots`, in grains, within ± [`MAX_CORRECTION`].
    #[inline]
    fn total(&self, slots: Slots) -> i32 {
        let pieces: i32 = (0..2)
            .map(|color| self.pieces[color][slots.side][slots.pieces[color]])
            .sum();
        (self.pawns[slots.side][slots.pawns] + pieces).clamp(-MAX_GRAINS, MAX_GRAINS)
    }

    /// Learns from a node of `board` searched to `depth` whose static evaluation was
    /// `static_eval` and whose result was `best`, an exact score or a bound on the side of
    /// the evaluation it says something about (the caller checks that).
    #[inline]
    pub(crate) fn update(&mut self, board: &Board, depth: Depth, static_eval: Score, best: Score) {
        let slots = Slots::of(board);
        let difference = (best - static_eval).clamp(-MAX_CORRECTION, MAX_CORRECTION);
        let missed = difference * GRAIN - self.total(slots);
        let weight = (depth + 1).min(MAX_WEIGHT);
        let step = |share: i32| missed * weight / WEIGHT_SCALE * share / 100;
        let pawns = &mut self.pawns[slots.side][slots.pawns];
        *pawns = (*pawns + step(PAWN_SHARE)).clamp(-MAX_GRAINS, MAX_GRAINS);
        for color in 0..2 {
            let entry = &mut self.pieces[color][slots.side][slots.pieces[color]];
            *entry = (*entry + step(PIECES_SHARE)).clamp(-MAX_GRAINS, MAX_GRAINS);
        }
    }
}

impl Slots {
    /// The entries of `board`: the top bits of its `outpost_eval::pawn_key`, and of a key of
    /// each colour's other pieces.
    #[inline]
    fn of(board: &Board) -> Slots {
        let pawns = Color::ALL.map(|color| board.pieces_of(color, PieceKind::Pawn));
        Slots {
            side: board.side_to_move().index(),
            pawns: top_bits(pawn_key(pawns)),
            pieces: Color::ALL.map(|color| top_bits(pieces_key(board, color))),
        }
    }
}

/// The index of a table entry: the top bits of `key`.
#[inline]
fn top_bits(key: u64) -> usize {
    (key >> (64 - ENTRIES.trailing_zeros())) as usize
}

/// A key of where the pieces of `color` other than pawns stand.
#[inline]
fn pieces_key(board: &Board, color: Color) -> u64 {
    const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
    // Every kind but the pawn (the first).
    PieceKind::ALL[1..].iter().fold(0, |key: u64, &kind| {
        (key.rotate_left(5) ^ board.pieces_of(color, kind).0).wrapping_mul(MIX)
    })
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

    #[test]
    fn pieces_and_pawns_are_learnt_apart() {
        let mut history = CorrectionHistory::new();
        let learnt = Board::from_fen("4k3/pp3ppp/8/8/8/8/PPP2PPP/R3K1N1 w - - 0 1").unwrap();
        let eval = Score::DRAW;
        for _ in 0..200 {
            history.update(&learnt, 10, eval, Score::centipawns(40));
        }
        // (Integer steps stop within a centipawn of the target.)
        let corrected = history.correct(&learnt, eval);
        assert!(corrected >= Score::centipawns(39) && corrected <= Score::centipawns(40));
        // The same pieces behind other pawns share the pieces' entries, not the pawns'.
        let same_pieces = Board::from_fen("4k3/p4ppp/8/8/8/8/PP3PPP/R3K1N1 w - - 0 1").unwrap();
        let shared = history.correct(&same_pieces, eval);
        assert!(shared > Score::DRAW && shared < corrected, "{shared:?}");
        // The same pawns with a white piece moved share the pawns' and black's entries.
        let same_pawns = Board::from_fen("4k3/pp3ppp/8/8/8/8/PPP2PPP/R3K2N w - - 0 1").unwrap();
        let partly = history.correct(&same_pawns, eval);
        assert!(partly > shared && partly < corrected, "{partly:?}");
        // Nothing in common: nothing learnt.
        let other = Board::from_fen("2k5/1p4pp/8/8/8/8/1P4PP/3RK3 w - - 0 1").unwrap();
        assert_eq!(history.correct(&other, eval), eval);
    }
}
