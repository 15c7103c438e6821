//! Count on the page: the game core's perft count of the standard positions, its rows sent to
//! the page as they come. A [`Counter`] runs it: natively [`ThreadCounter`], on a thread of
//! its own; in a Web Worker one that counts a depth at a time between messages.

use crate::protocol::ServerMessage;
use outpost_game::count::{count, CountRow, StandardPosition};

/// Where a count's messages go: each row, and last [`ServerMessage::CountDone`].
pub type CountReport = Box<dyn Fn(ServerMessage) + Send + Sync>;

/// What runs the page's count.
pub trait Counter: Send {
    /// Starts counting `positions` on `threads` threads, each depth up to `max_depth` that fits
    /// in the budget (a count running is cancelled first).
    fn start(
        &mut self,
        positions: Vec<StandardPosition>,
        max_depth: u32,
        threads: usize,
        report: CountReport,
    );

    /// Asks the count to stop; it then reports `stopped`.
    fn stop(&mut self);

    /// Stops the count and forgets it: nothing more is reported.
    fn cancel(&mut self);
}

/// The count on a thread of its own.
#[derive(Default)]
pub struct ThreadCounter {
    run: Option<CountRun>,
}

impl Counter for ThreadCounter {
    fn start(
        &mut self,
        positions: Vec<StandardPosition>,
        max_depth: u32,
        threads: usize,
        report: CountReport,
    ) {
        self.cancel();
        self.run = Some(CountRun::start(positions, max_depth, threads, report));
    }

    fn stop(&mut self) {
        if let Some(run) = &self.run {
            run.stop();
        }
    }

    fn cancel(&mut self) {
        // Dropping the run stops it and waits for its thread.
        self.run = None;
    }
}
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// A count in progress; dropping it stops it and waits for its thread.
pub struct CountRun {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl CountRun {
    /// Counts `positions` on `threads` threads, each depth up to `max_depth` that fits in the
    /// budget, calling `report` with each row and, last, with [`ServerMessage::CountDone`].
    pub fn start(
        positions: Vec<StandardPosition>,
        max_depth: u32,
        threads: usize,
        report: impl Fn(ServerMessage) + Send + 'static,
    ) -> CountRun {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let stop = Arc::clone(&stop);
            std::thread::Builder::new()
                .name("outpost-web-count".to_string())
                .spawn(move || {
                    let row = |row: CountRow| report(row_message(&row));
                    let reason = if count(&positions, max_depth, threads, &stop, row) {
                        "finished"
                    } else {
                        "stopped"
                    };
                    report(ServerMessage::CountDone { reason });
                })
                .ok()
        };
        CountRun { stop, thread }
    }

    /// Asks the count to stop; its thread then reports `stopped`.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for CountRun {
    fn drop(&mut self) {
        self.stop();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A row as the page shows it.
pub fn row_message(row: &CountRow) -> ServerMessage {
    ServerMessage::CountRow {
        position: row.position.clone(),
        depth: row.depth,
        nodes: row.nodes,
        expected: row.expected,
        same: row.same(),
        time_ms: u64::try_from(row.time.as_millis()).unwrap_or(u64::MAX),
        nps: row.nps(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_game::count::standard_positions;
    use std::sync::mpsc::channel;

    #[test]
    fn the_start_position_counts_the_same_to_depth_3() {
        let (sender, receiver) = channel();
        let positions = standard_positions().into_iter().take(1).collect();
        let run = CountRun::start(positions, 3, 1, move |message| {
            let _ = sender.send(message);
        });
        let messages: Vec<ServerMessage> = receiver.iter().collect();
        drop(run);
        assert_eq!(messages.len(), 4, "{messages:?}");
        for message in &messages[..3] {
            assert!(matches!(
                message,
                ServerMessage::CountRow { same: true, .. }
            ));
        }
        assert_eq!(messages[3], ServerMessage::CountDone { reason: "finished" });
    }
}
