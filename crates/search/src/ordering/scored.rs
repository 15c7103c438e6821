//! [`ScoredMoves`]: a given list ordered by keys computed all at once.

use super::{
    mvv_lva, Heuristics, KeyedMoves, BAD_CAPTURE_KEY, COUNTER_KEY, GOOD_CAPTURE_KEY, KILLER_KEYS,
    TT_MOVE_KEY, UNDERPROMOTION_KEY,
};
use crate::see::{see_at_least, SEE_VALUES};
use outpost_board::{Board, Move, PieceKind};

/// A list of moves with ordering keys, handing out the best remaining move each time.
#[derive(Default)]
pub struct ScoredMoves(KeyedMoves);

impl ScoredMoves {
    /// Orders `moves` as the main search does: the hash move, good captures (SEE) by
    /// MVV-LVA, the two `killers`, the `counter` move, quiets by history, bad captures,
    /// underpromotions.
    pub fn new(
        board: &Board,
        moves: &[Move],
        tt_move: Move,
        heuristics: &Heuristics,
        killers: [Move; 2],
        counter: Move,
    ) -> ScoredMoves {
        let side = board.side_to_move();
        let key = |mv: Move| {
            if mv == tt_move {
                TT_MOVE_KEY
            } else if let Some(kind) = mv.promotion_piece().filter(|&k| k != PieceKind::Queen) {
                UNDERPROMOTION_KEY + SEE_VALUES[kind.index()]
            } else if mv.is_capture() || mv.is_promotion() {
                let order = mvv_lva(board, mv);
                if see_at_least(board, mv, 0) {
                    GOOD_CAPTURE_KEY + order
                } else {
                    BAD_CAPTURE_KEY + order
                }
            } else if mv == killers[0] {
                KILLER_KEYS[0]
            } else if mv == killers[1] {
                KILLER_KEYS[1]
            } else if mv == counter {
                COUNTER_KEY
            } else {
                heuristics.history(side, mv)
            }
        };
        let mut ordered = ScoredMoves::default();
        ordered.0.fill(moves, key);
        ordered
    }
}

impl Iterator for ScoredMoves {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        self.0.pick()
    }
}
