//! The time manager: how long to think about a move.
//!
//! A *soft* limit decides whether a new iteration starts (stretched when the best move keeps
//! changing or the score drops); a *hard* limit aborts the search. Both keep the move
//! overhead and, on a running clock, a reserve (`time_clock_reserve_ms`) untouched, so that
//! the engine does not lose on time even when the machine stalls it for a while. Both count
//! from `go`, also for `go ponder`: the time spent pondering counts as thinking time after
//! the ponderhit.

use crate::limits::Limits;
use crate::params::SearchParams;
use outpost_board::Color;
use std::time::Duration;
use web_time::Instant;

/// Time limits of one search, measured from its (possibly delayed, when pondering) start.
#[derive(Clone, Debug)]
pub(crate) struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    scale: f64,
    min_scale: f64,
    max_scale: f64,
}

/// `share` hundredths of `duration`.
fn percent(duration: Duration, share: i32) -> Duration {
    duration * share.max(0) as u32 / 100
}

/// How long a search may think: until `soft` it may start a new iteration, at `hard` it stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// No new iteration starts after this long (before the search's own stretching).
    pub soft: Duration,
    /// The search stops after this long.
    pub hard: Duration,
}

impl TimeBudget {
    /// The budget of a search within `limits` with `side` to move, keeping `overhead` in
    /// reserve; `None` when the limits set no time (a depth, nodes, infinite).
    pub fn new(
        limits: &Limits,
        side: Color,
        overhead: Duration,
        params: &SearchParams,
    ) -> Option<TimeBudget> {
        if limits.infinite {
            return None;
        }
        if let Some(movetime) = limits.movetime {
            let time = movetime
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            return Some(TimeBudget {
                soft: time,
                hard: time,
            });
        }
        let (clock, increment) = match side {
            Color::White => (limits.white_time, limits.white_increment),
            Color::Black => (limits.black_time, limits.black_increment),
        };
        let clock = clock?;
        let increment = increment.unwrap_or_default();
        let reserve = Duration::from_millis(params.time_clock_reserve_ms.max(0) as u64);
        let available = clock.saturating_sub(overhead + reserve);
        let moves_to_go = limits
            .moves_to_go
            .unwrap_or(params.time_moves_to_go as u32)
            .clamp(1, params.time_max_moves_to_go as u32);
        let mut soft = available / moves_to_go + percent(increment, params.time_increment_share);
        let cap = if moves_to_go == 1 {
            percent(available, params.time_last_move_share)
        } else {
            percent(available, params.time_max_share)
        };
        soft = soft.min(cap);
        let hard = (soft * params.time_hard_factor as u32)
            .min(percent(available, params.time_hard_max_share))
            .max(soft);
        Some(TimeBudget { soft, hard })
    }
}

impl TimeManager {
    /// Time limits for `limits` with `side` to move, keeping `overhead` in reserve.
    pub fn new(
        limits: &Limits,
        side: Color,
        overhead: Duration,
        params: &SearchParams,
    ) -> TimeManager {
        let budget = TimeBudget::new(limits, side, overhead, params);
        TimeManager {
            start: Instant::now(),
            soft: budget.map(|budget| budget.soft),
            hard: budget.map(|budget| budget.hard),
            scale: 1.0,
            min_scale: f64::from(params.time_min_scale) / 100.0,
            max_scale: f64::from(params.time_max_scale) / 100.0,
        }
    }

    /// Time since `go`.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// When the hard limit runs out, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.hard.map(|hard| self.start + hard)
    }

    /// `true` when the search has a time limit.
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }

    /// Sets the factor applied to the soft limit (clamped to the parameters' range).
    pub fn set_scale(&mut self, scale: f64) {
        self.scale = scale.clamp(self.min_scale, self.max_scale);
    }

    /// `true` when no new iteration should start.
    pub fn soft_expired(&self) -> bool {
        match (self.soft, self.hard) {
            (Some(soft), Some(hard)) => {
                let scaled = soft.mul_f64(self.scale).min(hard);
                self.start.elapsed() >= scaled
            }
            _ => false,
        }
    }

    /// `true` when the search must stop now.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|hard| self.start.elapsed() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manager(limits: &Limits, side: Color, overhead: u64) -> TimeManager {
        let params = SearchParams::default();
        TimeManager::new(limits, side, Duration::from_millis(overhead), &params)
    }

    #[test]
    fn clock_limits_stay_within_the_clock() {
        let limits = Limits {
            white_time: Some(Duration::from_millis(1_000)),
            white_increment: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        let timed = manager(&limits, Color::White, 30);
        let hard = timed.hard.unwrap();
        let soft = timed.soft.unwrap();
        assert!(soft <= hard && hard < Duration::from_millis(970));
        assert!(!manager(&Limits::default(), Color::Black, 0).is_timed());
        let zero = Limits {
            black_time: Some(Duration::ZERO),
            ..Limits::default()
        };
        assert_eq!(manager(&zero, Color::Black, 30).hard, Some(Duration::ZERO));
    }

    #[test]
    fn a_low_clock_keeps_the_reserve_and_the_overhead() {
        let reserve = SearchParams::default().time_clock_reserve_ms as u64;
        for clock in [0, 20, 50, 100, 150, 300, 1_000] {
            let limits = Limits {
                white_time: Some(Duration::from_millis(clock)),
                white_increment: Some(Duration::from_millis(10)),
                ..Limits::default()
            };
            let hard = manager(&limits, Color::White, 30).hard.unwrap();
            let left = Duration::from_millis(clock).saturating_sub(hard);
            assert!(
                left >= Duration::from_millis((30 + reserve).min(clock)),
                "clock {clock} ms: hard limit {hard:?}"
            );
        }
    }
}
