//! Count: perft of the six standard positions against their published counts, depth after
//! depth, until the next depth would take more than a few seconds. The count runs on the
//! caller's thread and looks at a stop flag; a front-end that keeps reading input runs it on a
//! thread of its own.

use outpost_board::{read_epd, Board};
use perft::Perft;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The six standard perft positions with their published counts (the repository's
/// `data/perft-standard.epd`; its mirrored copy of position 4 is left out).
const STANDARD_EPD: &str = include_str!("../data/perft-standard.epd");

/// A depth is not started when it is expected to take longer than this.
pub const COUNT_BUDGET: Duration = Duration::from_secs(3);

/// A standard position with its published counts.
#[derive(Clone, Debug)]
pub struct StandardPosition {
    /// Its name (`Start`, `Kiwipete`, …).
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

/// One depth of one position counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountRow {
    /// The position's name.
    pub position: String,
    /// The depth.
    pub depth: u32,
    /// The count.
    pub nodes: u64,
    /// The published count.
    pub expected: u64,
    /// How long it took.
    pub time: Duration,
}

impl CountRow {
    /// `true` when the count is the published one.
    pub fn same(&self) -> bool {
        self.nodes == self.expected
    }

    /// Positions per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-6)) as u64
    }
}

/// Counts `positions` on `threads` threads, each depth up to `max_depth` that fits in
/// [`COUNT_BUDGET`], handing each row to `report`. `false` when `stop` was set before the end.
pub fn count(
    positions: &[StandardPosition],
    max_depth: u32,
    threads: usize,
    stop: &AtomicBool,
    mut report: impl FnMut(CountRow),
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
            report(CountRow {
                position: position.name.clone(),
                depth,
                nodes,
                expected,
                time,
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

    #[test]
    fn six_positions_with_counts() {
        let positions = standard_positions();
        assert_eq!(positions.len(), 6);
        assert_eq!(positions[0].name, "Start");
        assert_eq!(positions[0].counts[3], (4, 197_281));
    }

    #[test]
    fn the_start_position_counts_the_same_to_depth_3_and_a_stop_ends_it() {
        let positions: Vec<_> = standard_positions().into_iter().take(1).collect();
        let mut rows = Vec::new();
        assert!(count(&positions, 3, 1, &AtomicBool::new(false), |row| rows
            .push(row)));
        assert_eq!(rows.len(), 3, "{rows:?}");
        assert!(rows.iter().all(CountRow::same));
        let mut rows = Vec::new();
        assert!(!count(&positions, 3, 1, &AtomicBool::new(true), |row| rows
            .push(row)));
        assert!(rows.is_empty());
    }
}
