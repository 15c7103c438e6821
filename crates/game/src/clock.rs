//! Chess clocks: a time control such as `5+3` (five minutes each, three seconds added per
//! move) and the two clocks of a game. Time is a [`Duration`] since a moment the front-end
//! chose (its start, say), handed in with every call: the clocks read no clock of their own,
//! so that tests move time forward at will and the page's worker can give the browser's.

use outpost_board::Color;
use std::fmt;
use std::time::Duration;

/// The longest base time accepted, in minutes.
const MAX_MINUTES: f64 = 600.0;
/// The largest increment accepted, in seconds.
const MAX_INCREMENT_SECONDS: f64 = 600.0;

/// A time control: a base time per side and an increment added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added to a side's clock after each of its moves.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `MINUTES+SECONDS` (`5+3`, `0.5+1`) or `MINUTES` (`10`); the error says what was
    /// expected.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || {
            format!(
                "a time control is MINUTES+SECONDS like 5+3 (base up to {MAX_MINUTES} minutes, \
                 increment up to {MAX_INCREMENT_SECONDS} s), not '{text}'"
            )
        };
        let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let minutes: f64 = base.trim().parse().map_err(|_| bad())?;
        let seconds: f64 = increment.trim().parse().map_err(|_| bad())?;
        let base_ok = minutes > 0.0 && minutes <= MAX_MINUTES;
        if !base_ok || !(0.0..=MAX_INCREMENT_SECONDS).contains(&seconds) {
            return Err(bad());
        }
        Ok(TimeControl {
            base: Duration::from_secs_f64(minutes * 60.0),
            increment: Duration::from_secs_f64(seconds),
        })
    }

    /// The time control as PGN's `TimeControl` tag writes it: the base time and the
    /// increment in seconds, `300+2` (`30+0` for half a minute without increment; a part of
    /// a second to the millisecond, `0.5`).
    pub fn pgn_tag(&self) -> String {
        let seconds = |time: Duration| {
            let millis = time.as_millis();
            let text = format!("{}.{:03}", millis / 1000, millis % 1000);
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        format!("{}+{}", seconds(self.base), seconds(self.increment))
    }
}

impl fmt::Display for TimeControl {
    /// `5+3`, or `0.5+0` for half a minute.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.base.as_secs_f64() / 60.0;
        write!(f, "{minutes}+{}", self.increment.as_secs_f64())
    }
}

/// The two clocks of a game. One of them runs from [`Clocks::start`] until the game pauses
/// them; each move stops the mover's clock, adds the increment and starts the other one.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    /// The time each side had when its clock last stopped (indexed by colour).
    left: [Duration; 2],
    /// The clock that runs, and since when.
    running: Option<(Color, Duration)>,
}

impl Clocks {
    /// Both clocks at the base time, stopped.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left: [control.base; 2],
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Starts `side`'s clock at `now` (stopping the other one without increment).
    pub fn start(&mut self, side: Color, now: Duration) {
        self.pause(now);
        self.running = Some((side, now));
    }

    /// Stops the running clock, keeping its time.
    pub fn pause(&mut self, now: Duration) {
        if let Some((side, since)) = self.running.take() {
            self.left[side.index()] =
                self.left[side.index()].saturating_sub(now.saturating_sub(since));
        }
    }

    /// `mover` has moved at `now`: its clock stops, gains the increment (unless it has run
    /// out), and the other side's clock starts.
    pub fn moved(&mut self, mover: Color, now: Duration) {
        self.pause(now);
        let left = &mut self.left[mover.index()];
        if !left.is_zero() {
            *left += self.control.increment;
        }
        self.running = Some((!mover, now));
    }

    /// The time `side` has left at `now`.
    pub fn left(&self, side: Color, now: Duration) -> Duration {
        let left = self.left[side.index()];
        match self.running {
            Some((running, since)) if running == side => {
                left.saturating_sub(now.saturating_sub(since))
            }
            _ => left,
        }
    }

    /// The time both sides have left at `now`, white's first: what a take-back restores
    /// with [`Clocks::restore`].
    pub fn snapshot(&self, now: Duration) -> [Duration; 2] {
        [self.left(Color::White, now), self.left(Color::Black, now)]
    }

    /// Sets both sides' time back to `left` (a [`Clocks::snapshot`]) and starts `side`'s
    /// clock at `now`, unless its time is up.
    pub fn restore(&mut self, left: [Duration; 2], side: Color, now: Duration) {
        self.running = None;
        self.left = left;
        if !self.left[side.index()].is_zero() {
            self.running = Some((side, now));
        }
    }

    /// The side whose clock runs, if one does.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(side, _)| side)
    }

    /// The side whose running clock has reached zero at `now`.
    pub fn flagged(&self, now: Duration) -> Option<Color> {
        let side = self.running()?;
        self.left(side, now).is_zero().then_some(side)
    }
}

/// A clock's time as people read it: `4:59`, `1:02:03`, or `9.8` (tenths) under ten seconds.
pub fn clock_text(time: Duration) -> String {
    let seconds = time.as_secs();
    if seconds < 10 {
        let tenths = time.as_millis() / 100;
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_read() {
        let control = TimeControl::parse("5+3").unwrap();
        assert_eq!(control.base, Duration::from_secs(300));
        assert_eq!(control.increment, Duration::from_secs(3));
        assert_eq!(control.to_string(), "5+3");
        assert_eq!(control.pgn_tag(), "300+3");
        assert_eq!(TimeControl::parse("0.5").unwrap().pgn_tag(), "30+0");
        assert_eq!(TimeControl::parse("10+0.5").unwrap().pgn_tag(), "600+0.5");
        assert_eq!(
            TimeControl::parse("0.5").unwrap().base,
            Duration::from_secs(30)
        );
        for bad in ["", "+", "0+1", "-1+0", "5+-1", "x+3", "NaN", "inf", "5+3+1"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_run_for_the_side_to_move_and_add_the_increment() {
        let start = Duration::from_secs(1000);
        let mut clocks = Clocks::new(TimeControl::parse("1+2").unwrap());
        clocks.start(Color::White, start);
        let later = start + Duration::from_secs(10);
        assert_eq!(clocks.left(Color::White, later), Duration::from_secs(50));
        assert_eq!(clocks.left(Color::Black, later), Duration::from_secs(60));
        clocks.moved(Color::White, later);
        assert_eq!(clocks.left(Color::White, later), Duration::from_secs(52));
        assert_eq!(clocks.running(), Some(Color::Black));
        assert_eq!(clocks.flagged(later + Duration::from_secs(59)), None);
        assert_eq!(
            clocks.flagged(later + Duration::from_secs(60)),
            Some(Color::Black)
        );
        clocks.pause(later + Duration::from_secs(30));
        assert_eq!(clocks.running(), None);
        assert_eq!(
            clocks.left(Color::Black, later + Duration::from_secs(99)),
            Duration::from_secs(30)
        );
    }

    #[test]
    fn clock_text_reads_like_a_chess_clock() {
        assert_eq!(clock_text(Duration::from_secs(299)), "4:59");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(clock_text(Duration::from_millis(9_870)), "9.8");
        assert_eq!(clock_text(Duration::ZERO), "0.0");
    }
}
