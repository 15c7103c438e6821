//! The app's link to the engine: one [`SearchHandle`] (started the first time the engine
//! thinks and kept between moves) whose reports come back over a channel, each tagged with
//! the number of the search it belongs to, so that the report of a search the app has given
//! up on (after `undo` or `new`) is recognised and dropped.

use outpost_search::{
    Info, Limits, Progress, SearchEvent, SearchHandle, SearchPosition, SearchResult,
    DEFAULT_HASH_MIB,
};
use std::sync::mpsc::{channel, Receiver, Sender};

/// What a search reports.
#[derive(Clone, Debug)]
pub enum Report {
    /// An iteration is done.
    Progress(Info),
    /// The search ended with this result.
    Finished(SearchResult),
}

/// A report of search number `search`.
#[derive(Clone, Debug)]
pub struct EngineReport {
    /// The number [`Engine::start`] gave the search.
    pub search: u64,
    /// What it reports.
    pub report: Report,
}

/// The engine's search thread and the channel of its reports.
pub struct Engine {
    handle: Option<SearchHandle>,
    sender: Sender<EngineReport>,
    receiver: Receiver<EngineReport>,
    /// The number of the latest search started.
    latest: u64,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// A link with no search thread yet.
    pub fn new() -> Engine {
        let (sender, receiver) = channel();
        Engine {
            handle: None,
            sender,
            receiver,
            latest: 0,
        }
    }

    /// Starts searching `position` within `limits` (stopping a search still running) and
    /// returns the new search's number.
    pub fn start(&mut self, position: SearchPosition, limits: Limits) -> u64 {
        self.latest += 1;
        let search = self.latest;
        let sender = self.sender.clone();
        let listener = move |event: SearchEvent| {
            let report = match event {
                SearchEvent::Progress(Progress::Iteration(info)) => Report::Progress(info),
                SearchEvent::Progress(Progress::CurrentMove { .. }) => return,
                SearchEvent::Finished(result) => Report::Finished(result),
            };
            // The app may be gone: nobody is left to tell.
            let _ = sender.send(EngineReport { search, report });
        };
        self.handle
            .get_or_insert_with(|| SearchHandle::new(DEFAULT_HASH_MIB))
            .start(position, limits, listener);
        search
    }

    /// Asks the running search to end now; it still reports its result.
    pub fn stop(&self) {
        if let Some(handle) = &self.handle {
            handle.stop();
        }
    }

    /// Stops the running search and waits until it has ended, so that its reports (already
    /// sent) can be dropped.
    pub fn abandon(&mut self) {
        if let Some(handle) = &mut self.handle {
            handle.stop();
            handle.wait();
        }
    }

    /// Lets the handle know that the result it sent has been taken.
    pub fn finished(&mut self) {
        if let Some(handle) = &mut self.handle {
            handle.wait();
        }
    }

    /// Empties the transposition table (for a new game).
    pub fn clear_hash(&mut self) {
        if let Some(handle) = &mut self.handle {
            handle.clear_hash();
        }
    }

    /// The next report, if one is waiting.
    pub fn try_report(&self) -> Option<EngineReport> {
        self.receiver.try_recv().ok()
    }

    /// Waits for the next report. The link keeps a sender, so this never runs dry.
    pub fn next_report(&self) -> Option<EngineReport> {
        self.receiver.recv().ok()
    }
}
