//! How much the engine searches per move: a time, a depth or a number of nodes.

use outpost_search::{Depth, Limits};
use std::fmt;
use std::time::Duration;

/// How much the engine searches per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Think this long.
    Time(Duration),
    /// Search this many plies.
    Depth(Depth),
    /// Search this many nodes: the same move every time (for tests).
    Nodes(u64),
}

impl Default for Strength {
    /// One second per move.
    fn default() -> Strength {
        Strength::Time(Duration::from_secs(1))
    }
}

/// The longest time per move accepted, in seconds.
const MAX_SECONDS: f64 = 3600.0;
/// The deepest search accepted, in plies.
const MAX_DEPTH: Depth = 64;
/// A hint searches at most this long.
const HINT_TIME: Duration = Duration::from_millis(500);
/// A hint searches at most this deep.
const HINT_DEPTH: Depth = 8;

impl Strength {
    /// Reads the value of `time` (seconds), `depth` (plies) or `nodes`; the error says what
    /// was expected.
    pub fn parse(kind: &str, value: &str) -> Result<Strength, String> {
        match kind {
            "time" => match value.parse::<f64>() {
                Ok(seconds) if (0.01..=MAX_SECONDS).contains(&seconds) => {
                    Ok(Strength::Time(Duration::from_secs_f64(seconds)))
                }
                _ => Err(format!(
                    "time needs a number of seconds from 0.01 to {MAX_SECONDS}, like 1 or 0.5"
                )),
            },
            "depth" => match value.parse::<Depth>() {
                Ok(depth) if (1..=MAX_DEPTH).contains(&depth) => Ok(Strength::Depth(depth)),
                _ => Err(format!(
                    "depth needs a number of plies from 1 to {MAX_DEPTH}"
                )),
            },
            "nodes" => match value.parse::<u64>() {
                Ok(nodes) if nodes > 0 => Ok(Strength::Nodes(nodes)),
                _ => Err("nodes needs a positive whole number, like 20000".to_string()),
            },
            _ => Err(format!(
                "'{kind}' is not a strength: use time, depth or nodes"
            )),
        }
    }

    /// The search limits for a move.
    pub fn limits(self) -> Limits {
        let mut limits = Limits::default();
        match self {
            Strength::Time(time) => limits.movetime = Some(time),
            Strength::Depth(depth) => limits.depth = Some(depth),
            Strength::Nodes(nodes) => limits.nodes = Some(nodes),
        }
        limits
    }

    /// The search limits for a hint: a shorter search (at most half a second or 8 plies).
    pub fn hint_limits(self) -> Limits {
        match self {
            Strength::Time(time) => Strength::Time(time.min(HINT_TIME)),
            Strength::Depth(depth) => Strength::Depth(depth.min(HINT_DEPTH)),
            Strength::Nodes(nodes) => Strength::Nodes(nodes),
        }
        .limits()
    }
}

impl fmt::Display for Strength {
    /// For example `1 s per move`, `depth 6 per move`, `20000 nodes per move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strength::Time(time) => write!(f, "{} s per move", time.as_secs_f64()),
            Strength::Depth(depth) => write!(f, "depth {depth} per move"),
            Strength::Nodes(nodes) => write!(f, "{nodes} nodes per move"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strengths_are_read_and_checked() {
        assert_eq!(
            Strength::parse("time", "2"),
            Ok(Strength::Time(Duration::from_secs(2)))
        );
        assert_eq!(Strength::parse("depth", "6"), Ok(Strength::Depth(6)));
        assert_eq!(Strength::parse("nodes", "500"), Ok(Strength::Nodes(500)));
        for (kind, value) in [
            ("time", "0"),
            ("time", "NaN"),
            ("time", "-1"),
            ("depth", "0"),
        ] {
            assert!(Strength::parse(kind, value).is_err(), "{kind} {value}");
        }
        assert!(Strength::parse("nodes", "many").is_err());
        assert_eq!(Strength::default().to_string(), "1 s per move");
    }

    #[test]
    fn hints_search_less() {
        let limits = Strength::Time(Duration::from_secs(5)).hint_limits();
        assert_eq!(limits.movetime, Some(HINT_TIME));
        assert_eq!(Strength::Depth(20).hint_limits().depth, Some(HINT_DEPTH));
        assert_eq!(Strength::Nodes(100).hint_limits().nodes, Some(100));
    }
}
