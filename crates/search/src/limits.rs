//! What the search is asked to do: how deep, how long, which moves, and the signals that
//! stop it.

use crate::score::Depth;
use outpost_board::Move;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// The deepest iteration a search goes to: a deeper [`Limits::depth`] is searched to this
/// depth.
pub const MAX_DEPTH: Depth = crate::worker::MAX_ITERATION_DEPTH;

/// The limits of one search. Every field is optional; with none set (and `infinite` false)
/// the search runs to the maximum depth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search at most this many plies (at most [`MAX_DEPTH`]).
    pub depth: Option<Depth>,
    /// Search at most this many nodes (over all threads).
    pub nodes: Option<u64>,
    /// Search exactly this long (minus the move overhead).
    pub movetime: Option<Duration>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until stopped.
    pub infinite: bool,
    /// Think on the opponent's time: the time limits apply only after a ponderhit.
    pub ponder: bool,
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

impl Limits {
    /// `true` when the search must not end by itself: its result waits for
    /// [`SearchSignals::stop`] (`go infinite`), or for a ponderhit (`go ponder`).
    pub fn waits_for_stop(&self) -> bool {
        self.infinite || self.ponder
    }
}

/// Signals shared between the search and whoever controls it: stop and ponder.
///
/// Cloning shares the same flags.
#[derive(Clone, Debug, Default)]
pub struct SearchSignals {
    state: Arc<SignalState>,
}

#[derive(Debug, Default)]
struct SignalState {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// Wakes whoever waits in [`SearchSignals::wait_for_release`].
    changed: Condvar,
    lock: Mutex<()>,
}

impl SearchSignals {
    /// Fresh signals: not stopped, not pondering.
    pub fn new() -> SearchSignals {
        SearchSignals::default()
    }

    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.state.stop.store(true, Ordering::SeqCst);
        self.notify();
    }

    /// `true` once [`SearchSignals::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.state.stop.load(Ordering::Relaxed)
    }

    /// Marks the search as pondering: it ignores its time limits until
    /// [`SearchSignals::ponderhit`].
    pub fn set_pondering(&self, pondering: bool) {
        self.state.pondering.store(pondering, Ordering::SeqCst);
        self.notify();
    }

    /// `true` while pondering.
    pub fn is_pondering(&self) -> bool {
        self.state.pondering.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the search turns into a timed search. Its
    /// clock counts from the start of the search, so the time spent pondering is used.
    pub fn ponderhit(&self) {
        self.set_pondering(false);
    }

    /// Blocks until the result of a search with `limits` may be given: at once for a
    /// limited search, after [`SearchSignals::stop`] for an infinite one, after `stop` or a
    /// ponderhit for a pondering one.
    pub(crate) fn wait_for_release(&self, limits: &Limits) {
        let held = || !self.is_stopped() && (limits.infinite || self.is_pondering());
        let mut guard = self
            .state
            .lock
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while held() {
            guard = self
                .state
                .changed
                .wait(guard)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
    }

    fn notify(&self) {
        // Taking the lock orders this change before a waiter's next look at the flags.
        let _guard = self
            .state
            .lock
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.state.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_infinite_search_is_released_by_stop() {
        let signals = SearchSignals::new();
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let waiter = {
            let signals = signals.clone();
            let limits = limits.clone();
            std::thread::spawn(move || signals.wait_for_release(&limits))
        };
        signals.stop();
        waiter.join().unwrap();
        // A limited search is released at once.
        SearchSignals::new().wait_for_release(&Limits::default());
    }

    #[test]
    fn a_pondering_search_is_released_by_ponderhit() {
        let signals = SearchSignals::new();
        signals.set_pondering(true);
        let limits = Limits {
            ponder: true,
            ..Limits::default()
        };
        let waiter = {
            let signals = signals.clone();
            std::thread::spawn(move || signals.wait_for_release(&limits))
        };
        signals.ponderhit();
        waiter.join().unwrap();
        assert!(!signals.is_stopped());
    }
}
