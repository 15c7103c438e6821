//! What the search reports while it runs and when it ends.

use crate::score::{Depth, Score};
use crate::tt::Bound;
use outpost_board::Move;
use std::time::Duration;

/// The result of one completed (or bounded) iteration for one principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The nominal depth of the iteration.
    pub depth: Depth,
    /// The deepest ply reached.
    pub seldepth: Depth,
    /// Which principal variation (1 = best) when searching several.
    pub multipv: usize,
    /// The score of the line, for the side to move.
    pub score: Score,
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
        depth: Depth,
        /// The move.
        mv: Move,
        /// Its 1-based number in the root move order.
        number: usize,
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
    /// The score of the best move, for the side to move.
    pub score: Score,
    /// The depth of the last completed iteration (0 when stopped before the first ended).
    pub depth: Depth,
    /// The deepest ply reached.
    pub seldepth: Depth,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Nodes per second (over at least one millisecond).
    pub nps: u64,
    /// Transposition table use at the end, per mille.
    pub hashfull: u32,
    /// Time used.
    pub time: Duration,
    /// The principal variation of the best move.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// The result as the report of its line (the move played and what follows it), exact,
    /// as the best of one line.
    pub fn line(&self) -> Info {
        Info {
            depth: self.depth,
            seldepth: self.seldepth,
            multipv: 1,
            score: self.score,
            bound: Bound::Exact,
            nodes: self.nodes,
            nps: self.nps,
            hashfull: self.hashfull,
            time: self.time,
            pv: self.pv.clone(),
        }
    }

    /// The result of a search that searched nothing: `best_move` (if any) played unsearched,
    /// with `score`.
    pub fn unsearched(best_move: Option<Move>, score: Score) -> SearchResult {
        SearchResult {
            best_move,
            ponder_move: None,
            score,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            nps: 0,
            hashfull: 0,
            time: Duration::ZERO,
            pv: best_move.into_iter().collect(),
        }
    }
}

/// Nodes per second for `nodes` searched in `time` (counted as at least a millisecond).
pub fn nodes_per_second(nodes: u64, time: Duration) -> u64 {
    let millis = time.as_millis().max(1) as u64;
    nodes.saturating_mul(1000) / millis
}
