//! The time manager: how long to think about a move.
//!
//! A *soft* limit decides whether a new iteration starts (stretched when the best move keeps
//! changing or the score drops); a *hard* limit aborts the search. Both keep the move
//! overhead in reserve so that the engine never loses on time.

use crate::limits::Limits;
use outpost_board::Color;
use std::time::{Duration, Instant};

/// Time limits of one search, measured from its (possibly delayed, when pondering) start.
#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    scale: f64,
}

impl TimeManager {
    /// Time limits for `limits` with `side` to move, keeping `overhead` in reserve.
    pub fn new(limits: &Limits, side: Color, overhead: Duration) -> TimeManager {
        let mut manager = TimeManager {
            start: Instant::now(),
            soft: None,
            hard: None,
            scale: 1.0,
        };
        if limits.infinite {
            return manager;
        }
        if let Some(movetime) = limits.movetime {
            let time = movetime
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            manager.soft = Some(time);
            manager.hard = Some(time);
            return manager;
        }
        let (clock, increment) = match side {
            Color::White => (limits.white_time, limits.white_increment),
            Color::Black => (limits.black_time, limits.black_increment),
        };
        if let Some(clock) = clock {
            let increment = increment.unwrap_or_default();
            let available = clock.saturating_sub(overhead);
            let moves_to_go = limits.moves_to_go.unwrap_or(30).clamp(1, 50);
            let mut soft = available / moves_to_go + increment * 3 / 4;
            let cap = if moves_to_go == 1 {
                available * 3 / 4
            } else {
                available / 2
            };
            soft = soft.min(cap);
            let hard = (soft * 4).min(available * 3 / 4).max(soft);
            manager.soft = Some(soft);
            manager.hard = Some(hard);
        }
        manager
    }

    /// Restarts the clock (used at ponderhit).
    pub fn restart(&mut self) {
        self.start = Instant::now();
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// `true` when the search has a time limit.
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }

    /// Sets the factor applied to the soft limit (clamped to 0.5 … 3).
    pub fn set_scale(&mut self, scale: f64) {
        self.scale = scale.clamp(0.5, 3.0);
    }

    /// `true` when no new iteration should start.
    pub fn soft_expired(&self) -> bool {
        match (self.soft, self.hard) {
            (Some(soft), Some(hard)) => {
                let scaled = soft.mul_f64(self.scale).min(hard);
                self.elapsed() >= scaled
            }
            _ => false,
        }
    }

    /// `true` when the search must stop now.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_limits_stay_within_the_clock() {
        let limits = Limits {
            white_time: Some(Duration::from_millis(1_000)),
            white_increment: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        let manager = TimeManager::new(&limits, Color::White, Duration::from_millis(30));
        let hard = manager.hard.unwrap();
        let soft = manager.soft.unwrap();
        assert!(soft <= hard && hard < Duration::from_millis(970));
        let none = TimeManager::new(&Limits::default(), Color::Black, Duration::ZERO);
        assert!(!none.is_timed());
        let zero = Limits {
            black_time: Some(Duration::ZERO),
            ..Limits::default()
        };
        let manager = TimeManager::new(&zero, Color::Black, Duration::from_millis(30));
        assert_eq!(manager.hard, Some(Duration::ZERO));
    }
}
