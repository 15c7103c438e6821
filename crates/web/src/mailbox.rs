//! Where a session's search and count threads leave their events for the task of its
//! WebSocket: the search's lines coalesced (only the latest of each line waits: the page shows
//! the latest anyway), the root moves it is about to search dropped (the page shows none), the
//! rest (the search's result, the count's messages) in order, and the task woken once for
//! whatever has gathered meanwhile.
//!
//! A search reports an iteration every few milliseconds and a root move far more often; with
//! many sessions searching on few cores the sockets' tasks, which get their share of the CPU
//! like every search thread, could not keep up with one message per report, and the search's
//! result waited behind thousands of them (seconds). Here a task that falls behind finds at
//! most one line per principal variation and the result, whatever the search said meanwhile.

use crate::session::SessionEvent;
use outpost_game::EngineEvent;
use outpost_search::{Progress, SearchEvent};
use std::collections::VecDeque;
use std::sync::{Mutex, PoisonError};
use tokio::sync::Notify;

/// The events a session's threads left and its socket's task has not taken yet.
#[derive(Default)]
pub struct Mailbox {
    pending: Mutex<Pending>,
    wake: Notify,
}

#[derive(Default)]
struct Pending {
    /// The latest line of each principal variation (by its `multipv`), in the order the lines
    /// first came.
    lines: Vec<EngineEvent>,
    /// Everything else, in order.
    events: VecDeque<SessionEvent>,
}

impl Pending {
    fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.events.is_empty()
    }
}

/// The `multipv` of a search's line, `None` for any other event.
fn line_of(event: &EngineEvent) -> Option<usize> {
    match &event.event {
        SearchEvent::Progress(Progress::Iteration(info)) => Some(info.multipv),
        _ => None,
    }
}

impl Mailbox {
    /// An empty mailbox.
    pub fn new() -> Mailbox {
        Mailbox::default()
    }

    /// Leaves `event` (from any thread) and wakes the task if it had nothing to take.
    pub fn post(&self, event: SessionEvent) {
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        let was_empty = pending.is_empty();
        match event {
            SessionEvent::Search(EngineEvent {
                event: SearchEvent::Progress(Progress::CurrentMove { .. }),
                ..
            }) => return,
            SessionEvent::Search(search) if line_of(&search).is_some() => {
                let line = line_of(&search);
                match pending.lines.iter_mut().find(|old| line_of(old) == line) {
                    Some(old) => *old = search,
                    None => pending.lines.push(search),
                }
            }
            other => pending.events.push_back(other),
        }
        drop(pending);
        if was_empty {
            self.wake.notify_one();
        }
    }

    /// Everything left so far: the waiting lines first (they came before the events that
    /// end a search), then the rest in order. Waits until there is something.
    pub async fn take(&self) -> Vec<SessionEvent> {
        loop {
            if let Some(events) = self.try_take() {
                return events;
            }
            self.wake.notified().await;
        }
    }

    /// Everything left so far, or `None` when nothing is.
    pub fn try_take(&self) -> Option<Vec<SessionEvent>> {
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        if pending.is_empty() {
            return None;
        }
        let mut events: Vec<SessionEvent> =
            pending.lines.drain(..).map(SessionEvent::Search).collect();
        events.extend(pending.events.drain(..));
        Some(events)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::ServerMessage;
    use outpost_search::{Bound, Info, Score, SearchResult};
    use std::sync::Arc;
    use std::time::Duration;

    fn line(search: u64, depth: i32, multipv: usize) -> SessionEvent {
        SessionEvent::Search(EngineEvent {
            search,
            event: SearchEvent::Progress(Progress::Iteration(Info {
                depth,
                seldepth: depth,
                multipv,
                score: Score::centipawns(0),
                bound: Bound::Exact,
                nodes: 1,
                nps: 1,
                time: Duration::ZERO,
                hashfull: 0,
                pv: Vec::new(),
            })),
        })
    }

    fn describe(event: &SessionEvent) -> String {
        match event {
            SessionEvent::Search(EngineEvent { search, event }) => match event {
                SearchEvent::Progress(Progress::Iteration(info)) => {
                    format!("{search}:line {} depth {}", info.multipv, info.depth)
                }
                SearchEvent::Progress(Progress::CurrentMove { .. }) => format!("{search}:root"),
                SearchEvent::Finished(_) => format!("{search}:finished"),
            },
            SessionEvent::Count(_) => "count".to_string(),
        }
    }

    fn take(mailbox: &Mailbox) -> Vec<String> {
        mailbox
            .try_take()
            .unwrap_or_default()
            .iter()
            .map(describe)
            .collect()
    }

    #[test]
    fn only_the_latest_of_each_line_waits_and_the_result_comes_after_them() {
        let mailbox = Mailbox::new();
        assert!(mailbox.try_take().is_none());
        for depth in 1..=20 {
            for multipv in 1..=3 {
                mailbox.post(line(1, depth, multipv));
            }
        }
        mailbox.post(SessionEvent::Search(EngineEvent {
            search: 1,
            event: SearchEvent::Progress(Progress::CurrentMove {
                depth: 3,
                mv: outpost_board::Move::NULL,
                number: 1,
                time: Duration::ZERO,
            }),
        }));
        mailbox.post(SessionEvent::Search(EngineEvent {
            search: 1,
            event: SearchEvent::Finished(SearchResult::unsearched(None, Score::DRAW)),
        }));
        assert_eq!(
            take(&mailbox),
            [
                "1:line 1 depth 20",
                "1:line 2 depth 20",
                "1:line 3 depth 20",
                "1:finished"
            ]
        );
        assert!(mailbox.try_take().is_none());
        // The count's messages are kept, every one, in order.
        for _ in 0..3 {
            mailbox.post(SessionEvent::Count(Box::new(ServerMessage::CountDone {
                reason: "finished",
            })));
        }
        assert_eq!(take(&mailbox), ["count", "count", "count"]);
    }

    #[test]
    fn the_task_is_woken_for_what_another_thread_leaves() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let mailbox = Arc::new(Mailbox::new());
        let poster = Arc::clone(&mailbox);
        let thread = std::thread::spawn(move || {
            for depth in 1..=1000 {
                poster.post(line(2, depth, 1));
            }
            poster.post(SessionEvent::Search(EngineEvent {
                search: 2,
                event: SearchEvent::Finished(SearchResult::unsearched(None, Score::DRAW)),
            }));
        });
        let seen = runtime.block_on(async {
            let mut seen = Vec::new();
            while !seen
                .iter()
                .any(|event: &String| event.ends_with("finished"))
            {
                seen.extend(mailbox.take().await.iter().map(describe));
            }
            seen
        });
        thread.join().unwrap();
        assert_eq!(seen.last().map(String::as_str), Some("2:finished"));
        assert!(
            seen.contains(&"2:line 1 depth 1000".to_string()),
            "{seen:?}"
        );
        assert!(seen.len() <= 1001);
    }
}
