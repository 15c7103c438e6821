//! Count: perft of the six standard positions against their published counts, depth after
//! depth, until the next depth would take more than a few seconds. The count runs on the
//! caller's thread and looks at a stop flag; a front-end that keeps reading input runs it on a
//! thread of its own.

use outpost_board::{read_epd, Board};
use outpost_perft::Perft;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// The six standard perft positions with their published counts (the repository's
/// `data/perft-standard.epd`, copied into this package so that it builds on its own; CI holds
/// the copy to the original; its mirrored copy of position 4 is left out).
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

/// The order of a count: each position's depths in turn, a depth left out (with the rest of
/// that position's) when the last one's time, scaled by how many more leaves this one has,
/// says it would take longer than [`COUNT_BUDGET`]. A front-end that counts a step at a time
/// (a Web Worker between messages) asks it for the next depth and tells it each row.
#[derive(Clone, Debug)]
pub struct CountPlan {
    positions: Vec<StandardPosition>,
    max_depth: u32,
    position: usize,
    depth: usize,
    /// The time and count of the position's last depth.
    previous: Option<(Duration, u64)>,
}

impl CountPlan {
    /// The plan for `positions`, each to at most `max_depth`.
    pub fn new(positions: Vec<StandardPosition>, max_depth: u32) -> CountPlan {
        CountPlan {
            positions,
            max_depth,
            position: 0,
            depth: 0,
            previous: None,
        }
    }

    /// The next position and depth to count with its published count, or `None` at the end.
    pub fn next_depth(&mut self) -> Option<(&StandardPosition, u32, u64)> {
        loop {
            let position = self.positions.get(self.position)?;
            let next = position
                .counts
                .get(self.depth)
                .filter(|&&(depth, _)| depth <= self.max_depth);
            let within_budget = |&&(_, expected): &&(u32, u64)| match self.previous {
                None => true,
                Some((time, nodes)) => {
                    let factor = expected as f64 / nodes.max(1) as f64;
                    time.as_secs_f64() * factor <= COUNT_BUDGET.as_secs_f64()
                }
            };
            match next.filter(within_budget) {
                Some(&(depth, expected)) => {
                    let position = &self.positions[self.position];
                    return Some((position, depth, expected));
                }
                None => {
                    self.position += 1;
                    self.depth = 0;
                    self.previous = None;
                }
            }
        }
    }

    /// The depth [`CountPlan::next_depth`] gave was counted: `row`.
    pub fn counted(&mut self, row: &CountRow) {
        self.previous = Some((row.time, row.nodes));
        self.depth += 1;
    }
}

/// Counts `position` to `depth` with `perft`, compared with `expected`; `None` when `stop` was
/// set before the end.
pub fn count_depth(
    perft: &Perft,
    position: &StandardPosition,
    depth: u32,
    expected: u64,
    stop: &AtomicBool,
) -> Option<CountRow> {
    let mut board = position.board.clone();
    let started = Instant::now();
    let divided = perft.divide_until(&mut board, depth, &|_, _| {}, stop)?;
    Some(CountRow {
        position: position.name.clone(),
        depth,
        nodes: divided.iter().map(|(_, nodes)| nodes).sum(),
        expected,
        time: started.elapsed(),
    })
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
    let mut plan = CountPlan::new(positions.to_vec(), max_depth);
    while let Some((position, depth, expected)) = plan.next_depth() {
        let Some(row) = count_depth(&perft, position, depth, expected, stop) else {
            return false;
        };
        plan.counted(&row);
        report(row);
    }
    !stop.load(Ordering::Relaxed)
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
