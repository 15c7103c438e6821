//! Count: perft of the standard positions against their published counts, on a thread of its
//! own, depth after depth, until the next depth would take more than a few seconds.

use crate::protocol::{CountPosition, ServerMessage};
use outpost_board::{read_epd, Board};
use perft::Perft;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The six standard perft positions with their published counts (the repository's
/// `data/perft-standard.epd`; its mirrored copy of position 4 is left out).
const STANDARD_EPD: &str = include_str!("../../../data/perft-standard.epd");

/// A depth is not started when it is expected to take longer than this.
pub const COUNT_BUDGET: Duration = Duration::from_secs(3);

/// A standard position with its published counts.
#[derive(Clone, Debug)]
pub struct StandardPosition {
    /// Its name.
    pub name: String,
    /// The position.
    pub board: Board,
    /// `(depth, count)`, by increasing depth.
    pub counts: Vec<(u32, u64)>,
}

/// The six standard positions.
pub fn standard_positions() -> Vec<StandardPosition> {
    let Ok(lines) = read_epd(STANDARD_EPD) else {
        return Vec::new();
    };
    lines
        .into_iter()
        .filter_map(|line| {
            let name = line.epd.id().unwrap_or("?").to_string();
            let counts = line.epd.perft_counts().ok()?;
            (!name.contains("mirrored")).then(|| StandardPosition {
                name,
                board: line.epd.board().clone(),
                counts,
            })
        })
        .collect()
}

/// The positions as the page lists them.
pub fn count_positions() -> Vec<CountPosition> {
    standard_positions()
        .into_iter()
        .map(|position| CountPosition {
            fen: position.board.to_fen(),
            name: position.name,
        })
        .collect()
}

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
                    let reason = if count(&positions, max_depth, threads, &stop, &report) {
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

    /// `true` while the count runs.
    pub fn is_running(&self) -> bool {
        self.thread
            .as_ref()
            .is_some_and(|thread| !thread.is_finished())
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

/// Counts every position; `false` when stopped.
fn count(
    positions: &[StandardPosition],
    max_depth: u32,
    threads: usize,
    stop: &AtomicBool,
    report: &impl Fn(ServerMessage),
) -> bool {
    let perft = Perft::without_table(threads, true);
    for position in positions {
        let mut previous: Option<(Duration, u64)> = None;
        for &(depth, expected) in position.counts.iter().filter(|(d, _)| *d <= max_depth) {
            // The time of the last depth, scaled by how many more leaves this one has.
            if let Some((time, nodes)) = previous {
                let factor = expected as f64 / nodes.max(1) as f64;
                if time.as_secs_f64() * factor > COUNT_BUDGET.as_secs_f64() {
                    break;
                }
            }
            let mut board = position.board.clone();
            let started = Instant::now();
            let Some(divided) = perft.divide_until(&mut board, depth, &|_, _| {}, stop) else {
                return false;
            };
            let time = started.elapsed();
            let nodes: u64 = divided.iter().map(|(_, nodes)| nodes).sum();
            let millis = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
            report(ServerMessage::CountRow {
                position: position.name.clone(),
                depth,
                nodes,
                expected,
                same: nodes == expected,
                time_ms: millis,
                nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
            });
            previous = Some((time, nodes));
        }
        if stop.load(Ordering::Relaxed) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    #[test]
    fn six_positions_with_counts() {
        let positions = standard_positions();
        assert_eq!(positions.len(), 6);
        assert_eq!(positions[0].name, "Start");
        assert_eq!(positions[0].counts[3], (4, 197_281));
    }

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
