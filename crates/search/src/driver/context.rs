//! What the threads of one search share: the position, the limits, the table, the node
//! count, and the deepest iteration completed so far.

use super::gate::CpuGate;
use crate::limits::{Limits, SearchSignals};
use crate::params::SearchConfig;
use crate::score::{Depth, Score};
use crate::tt::TranspositionTable;
use outpost_board::{Board, Move};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use web_time::Instant;

/// A root move with the score and line of its last search.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: Score,
    pub pv: Vec<Move>,
    pub seldepth: usize,
}

impl RootMove {
    /// A root move not searched yet.
    pub fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -Score::INFINITY,
            pv: vec![mv],
            seldepth: 0,
        }
    }
}

/// The state of one search, shared by its threads.
pub(crate) struct SearchContext {
    pub board: Board,
    /// Hashes of the game's positions before `board`, oldest first.
    pub history: Vec<u64>,
    /// The root moves in their first order.
    pub root_moves: Vec<RootMove>,
    pub limits: Limits,
    pub signals: SearchSignals,
    pub tt: Arc<TranspositionTable>,
    pub config: Arc<SearchConfig>,
    pub threads: usize,
    pub multipv: usize,
    pub start: Instant,
    /// Set when the main thread is done: helpers stop.
    pub abort: AtomicBool,
    /// Nodes counted so far by all threads (each thread adds its count in batches).
    pub nodes: AtomicU64,
    /// The deepest iteration any thread has completed, with its best root move: with Lazy
    /// SMP a helper thread often finishes a depth before the main thread does.
    pub deepest: Mutex<Option<(Depth, RootMove)>>,
    /// Where the search threads take turns with other searches' (none: they just run).
    pub gate: Option<Arc<CpuGate>>,
    /// The game the position is of, numbered by the searcher: each thread keeps what it
    /// learns ([`crate::worker::ThreadMemory`]) for the next search of the same game.
    pub game: u64,
}

impl SearchContext {
    /// `true` once the search must end: stopped from outside or by the main thread.
    pub fn should_stop(&self) -> bool {
        self.abort.load(Ordering::Relaxed) || self.signals.is_stopped()
    }

    /// Records that a thread completed `depth` with `best` as its best root move.
    pub fn record_completed(&self, depth: Depth, best: &RootMove) {
        let mut deepest = self
            .deepest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if deepest
            .as_ref()
            .is_none_or(|(recorded, _)| depth > *recorded)
        {
            *deepest = Some((depth, best.clone()));
        }
    }

    /// The deepest iteration completed by any thread.
    pub fn deepest(&self) -> Option<(Depth, RootMove)> {
        self.deepest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}
