//! What the search is asked to do: how deep, how long, which moves, and the signals that
//! stop it.

use outpost_board::Move;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The limits of one search. Every field is optional; with none set (and `infinite` false)
/// the search runs to the maximum depth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search at most this many plies.
    pub depth: Option<u32>,
    /// Search at most this many nodes (over all threads).
    pub nodes: Option<u64>,
    /// Search exactly this long (minus the move overhead).
    pub movetime: Option<Duration>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until stopped.
    pub infinite: bool,
    /// White's remaining clock time.
    pub white_time: Option<Duration>,
    /// Black's remaining clock time.
    pub black_time: Option<Duration>,
    /// White's increment per move.
    pub white_increment: Option<Duration>,
    /// Black's increment per move.
    pub black_increment: Option<Duration>,
    /// Moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// Consider only these root moves (all legal moves when empty).
    pub search_moves: Vec<Move>,
}

/// Signals shared between the search and whoever controls it (a UCI loop): stop and ponder.
///
/// Cloning shares the same flags.
#[derive(Clone, Debug, Default)]
pub struct SearchSignals {
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
}

impl SearchSignals {
    /// Fresh signals: not stopped, not pondering.
    pub fn new() -> SearchSignals {
        SearchSignals::default()
    }

    /// Signals that use an existing stop flag.
    pub fn with_stop_flag(stop: Arc<AtomicBool>) -> SearchSignals {
        SearchSignals {
            stop,
            pondering: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The stop flag itself: setting it to `true` ends the search within milliseconds.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// `true` once [`SearchSignals::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Marks the search as pondering: it ignores its time limits until
    /// [`SearchSignals::ponderhit`].
    pub fn set_pondering(&self, pondering: bool) {
        self.pondering.store(pondering, Ordering::SeqCst);
    }

    /// `true` while pondering.
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the search turns into a timed search whose
    /// clock starts now.
    pub fn ponderhit(&self) {
        self.pondering.store(false, Ordering::SeqCst);
    }

    /// Clears both flags for the next search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(false, Ordering::SeqCst);
    }
}
