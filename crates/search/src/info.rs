//! What the search reports while it runs and when it ends.

use crate::tt::Bound;
use outpost_board::Move;
use outpost_eval::score::mate_moves;
use std::time::Duration;

/// A score as shown to users: centipawns, or moves to mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns from the side to move's point of view.
    Centipawns(i32),
    /// Full moves to mate: positive when the side to move mates, negative when it is mated.
    Mate(i32),
}

impl Score {
    /// The display form of an internal search score.
    pub fn from_internal(score: i32) -> Score {
        match mate_moves(score) {
            Some(moves) => Score::Mate(moves),
            None => Score::Centipawns(score),
        }
    }
}

/// The result of one completed (or bounded) iteration for one principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The nominal depth of the iteration.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Which principal variation (1 = best) when searching several.
    pub multipv: u32,
    /// The score of the line.
    pub score: Score,
    /// The raw internal score (see `outpost_eval::score`).
    pub raw_score: i32,
    /// Whether the score is exact or only a bound (after an aspiration window failure).
    pub bound: Bound,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition table use, per mille.
    pub hashfull: u32,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// A progress report passed to the search callback.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// An iteration finished (or failed high/low) for one principal variation.
    Iteration(Info),
    /// The root is about to search a move.
    CurrentMove {
        /// The depth being searched.
        depth: u32,
        /// The move.
        mv: Move,
        /// Its 1-based number in the root move order.
        number: u32,
        /// Time since the search started.
        time: Duration,
    },
}

/// The final result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when there is no legal move.
    pub best_move: Option<Move>,
    /// The expected reply (second move of the principal variation), if known.
    pub ponder_move: Option<Move>,
    /// The score of the best move (internal units).
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Time used.
    pub time: Duration,
    /// The principal variation of the best move.
    pub pv: Vec<Move>,
}
