//! What the runner reads and writes when it speaks the xboard (CECP) protocol, version 2, to
//! the older engines that know no UCI (Fairy-Max, HoiChess, Sjeng, Phalanx): the engine's
//! `feature` lines, its thinking output and its answers to `go`, and the runner's `level`,
//! `st` and `sd` commands. No I/O here: `engine.rs` talks to the process.

use super::engine::Score;
use super::options::Limit;

/// The features of `feature` lines the runner uses; the rest are acknowledged and ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// `setboard=1`: takes a position as FEN (otherwise only games from the start position).
    pub setboard: bool,
    /// `usermove=1`: moves are sent as `usermove e2e4`.
    pub usermove: bool,
    /// `san=1`: moves are sent in SAN.
    pub san: bool,
    /// `ping=1`: answers `ping N` with `pong N` once done with what came before.
    pub ping: bool,
    /// `memory=1`: takes its hash size by `memory MB` (the spec's `option.Hash`).
    pub memory: bool,
    /// `smp=1`: takes its number of threads by `cores N` (the spec's `option.Threads`).
    pub smp: bool,
    /// `done=1` came (the engine has sent all its features); `done=0` asks for more time.
    pub done: Option<bool>,
}

impl Features {
    /// Reads one `feature` line: the names it set, each to be answered `accepted NAME`.
    pub fn read(&mut self, line: &str) -> Vec<String> {
        let mut names = Vec::new();
        for (name, value) in feature_pairs(line) {
            let on = value == "1";
            match name.as_str() {
                "setboard" => self.setboard = on,
                "usermove" => self.usermove = on,
                "san" => self.san = on,
                "ping" => self.ping = on,
                "memory" => self.memory = on,
                "smp" => self.smp = on,
                "done" => self.done = Some(on),
                _ => {}
            }
            names.push(name);
        }
        names
    }
}

/// The `name=value` pairs of a `feature` line; a value may be quoted (`myname="Fairy-Max
/// 5.0b"`). Empty for any other line.
fn feature_pairs(line: &str) -> Vec<(String, String)> {
    let Some(mut rest) = line.trim().strip_prefix("feature ") else {
        return Vec::new();
    };
    let mut pairs = Vec::new();
    loop {
        rest = rest.trim_start();
        let Some((name, after)) = rest.split_once('=') else {
            break;
        };
        let (value, after) = match after.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
            None => after.split_once(' ').unwrap_or((after, "")),
        };
        pairs.push((name.trim().to_string(), value.to_string()));
        rest = after;
    }
    pairs
}

/// One line of the engine's, as the runner reads it while the engine thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// `move e2e4`: its move.
    Move(String),
    /// `resign`.
    Resign,
    /// `1-0 {White mates}`, `1/2-1/2 {…}`: a result it claims.
    Claim(String),
    /// `Illegal move: …`: it refused a move the runner sent (an `Error (…)` line, a command
    /// it does not know, is only written to the log).
    Refusal(String),
    /// Thinking output: `ply score time nodes pv`.
    Thinking { depth: u32, score: Score },
    /// Anything else (`tellics …`, `# comments`, `offer draw`).
    Other,
}

/// Reads one line of the engine's.
pub fn read_line(line: &str) -> Line {
    let line = line.trim();
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    match first {
        "move" => return Line::Move(words.next().unwrap_or("").to_string()),
        "resign" => return Line::Resign,
        "1-0" | "0-1" | "1/2-1/2" => return Line::Claim(line.to_string()),
        _ => {}
    }
    if line.starts_with("Illegal move") {
        return Line::Refusal(line.to_string());
    }
    // Thinking: the first two words numbers (a ply may carry a mark: `6&`, `12.`).
    let depth = first
        .trim_end_matches(|c: char| !c.is_ascii_digit())
        .parse::<u32>();
    let score = words.next().and_then(|word| word.parse::<i32>().ok());
    match (depth, score) {
        (Ok(depth), Some(score)) if depth > 0 => Line::Thinking {
            depth,
            // Kept in centipawns even when it is a mate: engines write mates differently
            // (100000 less the distance, 32000 and more), and adjudication needs only the size.
            score: Score::Cp(score),
        },
        _ => Line::Other,
    }
}

/// The command that sets the engine's time control at the start of a game; `None` for a
/// limit xboard cannot express (a node count).
pub fn limit_command(limit: &Limit) -> Option<String> {
    match *limit {
        Limit::Clock { base, increment } => {
            let seconds = base.as_secs();
            Some(format!(
                "level 0 {}:{:02} {}",
                seconds / 60,
                seconds % 60,
                increment.as_secs_f64()
            ))
        }
        Limit::MoveTime(time) => Some(format!("st {}", time.as_secs())),
        Limit::Depth(depth) => Some(format!("sd {depth}")),
        Limit::Nodes(_) => None,
    }
}

/// Why an xboard engine cannot play at `limit`, if it cannot.
pub fn unsupported_limit(limit: &Limit) -> Option<String> {
    match *limit {
        Limit::Nodes(_) => Some("xboard engines take no node count: use --tc or --depth".into()),
        Limit::MoveTime(time) if time.subsec_nanos() != 0 || time.as_secs() == 0 => {
            Some("xboard's st takes whole seconds: give --movetime in whole seconds".to_string())
        }
        _ => None,
    }
}

/// A clock's milliseconds as `time` and `otim` take them: centiseconds, at least 1.
pub fn centiseconds(millis: i64) -> i64 {
    (millis / 10).max(1)
}

/// Whether a claimed result (`1-0 {…}`) is the claimant's own loss: a resignation.
pub fn claim_is_own_loss(claim: &str, claimant_is_white: bool) -> bool {
    let result = claim.split_whitespace().next().unwrap_or("");
    (result == "0-1" && claimant_is_white) || (result == "1-0" && !claimant_is_white)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn features_are_read_with_quoted_values() {
        let mut features = Features::default();
        let names = features.read(
            r#"feature myname="Fairy-Max 5.0b" setboard=0 ping=1 option="Resign -check 0" done=0"#,
        );
        assert_eq!(names, ["myname", "setboard", "ping", "option", "done"]);
        assert!(features.ping && !features.setboard);
        assert_eq!(features.done, Some(false));
        features.read("feature usermove=1 san=0 memory=1 smp=1 setboard=1 done=1");
        assert!(features.usermove && features.memory && features.smp && features.setboard);
        assert!(!features.san);
        assert_eq!(features.done, Some(true));
        assert!(features.read("tellics say hello=1").is_empty());
    }

    #[test]
    fn lines_are_moves_results_refusals_or_thinking() {
        assert_eq!(read_line("move e7e5"), Line::Move("e7e5".into()));
        assert_eq!(read_line("resign"), Line::Resign);
        assert_eq!(
            read_line("0-1 {Black mates}"),
            Line::Claim("0-1 {Black mates}".into())
        );
        assert!(matches!(read_line("Illegal move: e2e4"), Line::Refusal(_)));
        assert_eq!(read_line("Error (unknown command): setboard"), Line::Other);
        assert_eq!(
            read_line(" 10    -44    17   166450  e7-e5  Nb1-c3"),
            Line::Thinking {
                depth: 10,
                score: Score::Cp(-44)
            }
        );
        assert_eq!(
            read_line("6& 15 0 756 d2d4"),
            Line::Thinking {
                depth: 6,
                score: Score::Cp(15)
            }
        );
        assert_eq!(
            read_line("9 -99996 3 1000 Kh1"),
            Line::Thinking {
                depth: 9,
                score: Score::Cp(-99996)
            }
        );
        assert_eq!(read_line("tellics say Fairy-Max 5.0b"), Line::Other);
        assert_eq!(read_line("Nodes: 212992 (20.59% qnodes)"), Line::Other);
        assert_eq!(read_line("0 0 0 0"), Line::Other);
    }

    #[test]
    fn limits_become_level_st_or_sd() {
        let clock = Limit::Clock {
            base: Duration::from_secs(65),
            increment: Duration::from_millis(50),
        };
        assert_eq!(limit_command(&clock).unwrap(), "level 0 1:05 0.05");
        assert_eq!(
            limit_command(&Limit::MoveTime(Duration::from_secs(2))).unwrap(),
            "st 2"
        );
        assert_eq!(limit_command(&Limit::Depth(7)).unwrap(), "sd 7");
        assert!(limit_command(&Limit::Nodes(1000)).is_none());
        assert!(unsupported_limit(&Limit::Nodes(1000)).is_some());
        assert!(unsupported_limit(&Limit::MoveTime(Duration::from_millis(500))).is_some());
        assert!(unsupported_limit(&clock).is_none());
        assert_eq!(centiseconds(4_999), 499);
        assert_eq!(centiseconds(-20), 1);
    }

    #[test]
    fn a_claim_of_ones_own_loss_is_a_resignation() {
        assert!(claim_is_own_loss("0-1 {White resigns}", true));
        assert!(!claim_is_own_loss("1-0 {White mates}", true));
        assert!(claim_is_own_loss("1-0 {Black resigns}", false));
        assert!(!claim_is_own_loss("1/2-1/2 {Draw}", false));
    }
}
