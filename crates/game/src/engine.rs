//! The seam between the game and the engine's search: the game starts, stops and waits for
//! searches through [`Engine`], and hears back through a [`Notify`] with each report tagged by
//! the number of the search it belongs to, so that the report of a search the game gave up
//! on (after a take-back or a new game) is recognised and dropped.
//!
//! Natively the engine is a [`SearchHandle`], searching on a thread of its own while the
//! front-end goes on reading input; elsewhere (a Web Worker with no threads) another
//! implementation may search on the caller's thread and report the same way.

use outpost_search::{Level, Limits, SearchEvent, SearchHandle, SearchPosition};
use std::sync::Arc;
use std::time::Duration;

/// The time a search keeps back from a fixed time to think ([`Limits::movetime`]) and from
/// its clock, for its answer to reach the game: the game reads it in the same process, so
/// little (a UCI engine keeps more, for the pipe and the GUI between it and the clock).
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(5);

/// The number of a search the game started, counting from 1 in each session.
pub type SearchId = u64;

/// A report of search number `search`.
#[derive(Clone, Debug)]
pub struct EngineEvent {
    /// Which search.
    pub search: SearchId,
    /// What it reports.
    pub event: SearchEvent,
}

/// Where the engine's reports go, to be handed back to
/// [`GameSession::on_engine_event`](crate::GameSession::on_engine_event) on the front-end's
/// own thread.
pub type Notify = Arc<dyn Fn(EngineEvent) + Send + Sync>;

/// What the game needs of a search engine.
pub trait Engine: Send {
    /// Starts searching `position` within `limits` (a search still running is stopped
    /// first); `listener` gets the progress and, last, [`SearchEvent::Finished`].
    fn start(
        &mut self,
        position: SearchPosition,
        limits: Limits,
        listener: Box<dyn FnMut(SearchEvent) + Send>,
    );

    /// Asks the running search to end now; it still reports its result.
    fn stop(&self);

    /// Waits until the running search has ended and its reports are sent (returns at once
    /// when none runs).
    fn wait(&mut self);

    /// Empties the transposition table, for a new game.
    fn clear_hash(&mut self);

    /// Sets the number of best lines reported (analysis shows several).
    fn set_multipv(&mut self, lines: usize);

    /// Sets the time a search keeps back for its answer to reach the game (the game sets
    /// [`MOVE_OVERHEAD`]).
    fn set_move_overhead(&mut self, overhead: Duration);

    /// Limits the strength of the next searches to `level` (`None`: full strength).
    fn set_level(&mut self, level: Option<Level>);
}

impl Engine for SearchHandle {
    fn start(
        &mut self,
        position: SearchPosition,
        limits: Limits,
        listener: Box<dyn FnMut(SearchEvent) + Send>,
    ) {
        SearchHandle::start(self, position, limits, listener);
    }

    fn stop(&self) {
        SearchHandle::stop(self);
    }

    fn wait(&mut self) {
        SearchHandle::wait(self);
    }

    fn clear_hash(&mut self) {
        SearchHandle::clear_hash(self);
    }

    fn set_multipv(&mut self, lines: usize) {
        SearchHandle::set_multipv(self, lines);
    }

    fn set_move_overhead(&mut self, overhead: Duration) {
        SearchHandle::set_move_overhead(self, overhead);
    }

    fn set_level(&mut self, level: Option<Level>) {
        SearchHandle::set_level(self, level);
    }
}

/// A [`Notify`] that sends each report over a channel, for a front-end that waits for its
/// events on one (a receiver that is gone is nobody left to tell).
pub fn notify_channel<T: From<EngineEvent> + Send + 'static>(
    sender: std::sync::mpsc::Sender<T>,
) -> Notify {
    let sender = std::sync::Mutex::new(sender);
    Arc::new(move |event| {
        if let Ok(sender) = sender.lock() {
            let _ = sender.send(T::from(event));
        }
    })
}
