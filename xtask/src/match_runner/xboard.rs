//! What the runner reads and writes when it speaks the xboard (CECP) protocol, version 2, to
//! the older engines that know no UCI (Fairy-Max, HoiChess, Sjeng, Phalanx): the engine's
//! `feature` lines, its thinking output and its answers to `go`, and the runner's `level`,
//! `st` and `sd` commands. No I/O here: `engine.rs` talks to the process.

use super::engine::Score;
use super::options::Limit;
use outpost_board::{Board, Move};
use outpost_movegen::san::to_san;
use outpost_movegen::uci::UciNotation;

/// The features of `feature` lines the runner uses.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// `time=0` turns this off: it wants no `time` and `otim` commands.
    pub time: bool,
    /// `done=1` came (the engine has sent all its features); `done=0` asks for more time.
    pub done: Option<bool>,
}

impl Default for Features {
    /// The protocol's defaults: all off but `time`.
    fn default() -> Features {
        Features {
            setboard: false,
            usermove: false,
            san: false,
            ping: false,
            memory: false,
            smp: false,
            time: true,
            done: None,
        }
    }
}

/// Features the runner takes without acting on them: names and descriptions, and `reuse`
/// (whatever its value, every game starts a fresh process).
const HARMLESS_FEATURES: [&str; 4] = ["myname", "variants", "option", "reuse"];

impl Features {
    /// Reads one `feature` line: each name it set, with whether the runner accepts it
    /// (`accepted NAME`) or not (`rejected NAME`: a feature it does not implement, such as
    /// `colors` or `sigint`).
    pub fn read(&mut self, line: &str) -> Vec<(String, bool)> {
        let mut answers = Vec::new();
        for (name, value) in feature_pairs(line) {
            let on = value == "1";
            let field = match name.as_str() {
                "setboard" => Some(&mut self.setboard),
                "usermove" => Some(&mut self.usermove),
                "san" => Some(&mut self.san),
                "ping" => Some(&mut self.ping),
                "memory" => Some(&mut self.memory),
                "smp" => Some(&mut self.smp),
                "time" => Some(&mut self.time),
                _ => None,
            };
            let accepted = match field {
                Some(field) => {
                    *field = on;
                    true
                }
                None if name == "done" => {
                    self.done = Some(on);
                    true
                }
                None => HARMLESS_FEATURES.contains(&name.as_str()),
            };
            answers.push((name, accepted));
        }
        answers
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
    /// `move e2e4` (or the older `12. ... e2e4`): its move.
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
    let rest: Vec<&str> = words.clone().collect();
    if first.ends_with('.') && rest.len() == 2 && rest[0] == "..." {
        return Line::Move(rest[1].to_string());
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

/// Seconds as `level` writes them: `3` when whole, else `0.05`.
fn seconds_text(seconds: f64) -> String {
    if seconds.fract() == 0.0 {
        format!("{seconds:.0}")
    } else {
        format!("{seconds}")
    }
}

/// The commands that set the engine's time control at the start of a game (empty for a limit
/// xboard cannot express: a node count). A depth gets a clock of ten hours first, so that
/// only the depth ends a search (`level` before `sd`: some engines clear the depth at
/// `level`).
pub fn limit_commands(limit: &Limit) -> Vec<String> {
    match *limit {
        Limit::Clock { base, increment } => {
            let seconds = base.as_secs();
            let base = if seconds % 60 == 0 {
                format!("{}", seconds / 60)
            } else {
                format!("{}:{:02}", seconds / 60, seconds % 60)
            };
            let increment = seconds_text(increment.as_secs_f64());
            vec![format!("level 0 {base} {increment}")]
        }
        Limit::MoveTime(time) => vec![format!("st {}", time.as_secs())],
        Limit::Depth(depth) => vec!["level 0 600 0".to_string(), format!("sd {depth}")],
        Limit::Nodes(_) => Vec::new(),
    }
}

/// Why an xboard engine cannot play at `limit`, if it cannot.
pub fn unsupported_limit(limit: &Limit) -> Option<String> {
    match *limit {
        Limit::Nodes(_) => Some("xboard engines take no node count: use --tc or --depth".into()),
        Limit::MoveTime(time) if time.subsec_nanos() != 0 || time.as_secs() == 0 => {
            Some("xboard's st takes whole seconds: give --movetime in whole seconds".to_string())
        }
        Limit::Clock { base, .. } if base.as_secs() == 0 => {
            Some("xboard's level takes whole seconds: give --tc a base of 1 s or more".into())
        }
        _ => None,
    }
}

/// What the runner sends at the start of a game from `start`: `new`, `force`, `setboard`
/// unless it is the standard start, the time control, `post` and `easy`. `Err`: the engine
/// cannot be given that start (no setboard), in words that follow its name.
pub fn new_game_commands(
    start: &Board,
    limit: &Limit,
    features: &Features,
) -> Result<Vec<String>, String> {
    let fen = start.to_fen();
    let standard = fen == Board::STARTPOS_FEN;
    if !standard && !features.setboard {
        return Err(
            "cannot be given a start position (it sent no feature setboard=1 within \
                    two seconds of protover): use openings that start from the standard \
                    position with their moves (an EPD's c0, a PGN)"
                .to_string(),
        );
    }
    let mut commands = vec!["new".to_string(), "force".to_string()];
    if !standard {
        commands.push(format!("setboard {fen}"));
    }
    commands.extend(limit_commands(limit));
    commands.extend(["post".to_string(), "easy".to_string()]);
    Ok(commands)
}

/// What the runner sends for one move of an engine that knows the game's first `told`
/// plies: `force`, the moves it has not seen (as its features ask), the clocks (`time` its
/// own, `otim` the opponent's, in centiseconds) when `clocks` holds them (white's first) and
/// the engine takes them, and `go`. Also the moves as sent, to recognise a refusal of one.
pub fn turn_commands(
    start: &Board,
    moves: &[Move],
    told: usize,
    features: &Features,
    notation: UciNotation,
    clocks: Option<[i64; 2]>,
) -> (Vec<String>, Vec<String>) {
    let mut board = start.clone();
    let (mut commands, mut sent) = (vec!["force".to_string()], Vec::new());
    for (ply, &mv) in moves.iter().enumerate() {
        if ply >= told {
            let text = if features.san {
                to_san(&board, mv)
            } else {
                notation.write(mv)
            };
            commands.push(if features.usermove {
                format!("usermove {text}")
            } else {
                text.clone()
            });
            sent.push(text);
        }
        board.make(mv);
    }
    if let Some(clocks) = clocks.filter(|_| features.time) {
        let mover = board.side_to_move().index();
        commands.push(format!("time {}", centiseconds(clocks[mover])));
        commands.push(format!("otim {}", centiseconds(clocks[1 - mover])));
    }
    commands.push("go".to_string());
    (commands, sent)
}

/// Whether an `Illegal move` line names one of the moves `sent` (`Illegal move: e2e4`,
/// `Illegal move (no piece): e2e4`); one about anything else (some engines answer a command
/// they do not know that way) is not a refusal of a move.
pub fn refuses_one_of(line: &str, sent: &[String]) -> bool {
    let named = line.rsplit(':').next().unwrap_or("").trim();
    let named = named.strip_prefix("usermove ").unwrap_or(named).trim();
    sent.iter().any(|text| text == named)
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
        let answers = features.read(
            r#"feature myname="Fairy-Max 5.0b" setboard=0 ping=1 option="Resign -check 0" done=0"#,
        );
        let names: Vec<&str> = answers.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["myname", "setboard", "ping", "option", "done"]);
        assert!(answers.iter().all(|(_, accepted)| *accepted));
        assert!(features.ping && !features.setboard && features.time);
        assert_eq!(features.done, Some(false));
        let answers = features.read(
            "feature usermove=1 san=0 memory=1 smp=1 setboard=1 time=0 sigint=1 colors=0 done=1",
        );
        assert!(features.usermove && features.memory && features.smp && features.setboard);
        assert!(!features.san && !features.time);
        assert_eq!(features.done, Some(true));
        // What the runner does not do is rejected.
        let rejected: Vec<&str> = answers
            .iter()
            .filter(|(_, accepted)| !accepted)
            .map(|(name, _)| name.as_str())
            .collect();
        assert_eq!(rejected, ["sigint", "colors"]);
        assert!(features.read("tellics say hello=1").is_empty());
    }

    #[test]
    fn lines_are_moves_results_refusals_or_thinking() {
        assert_eq!(read_line("move e7e5"), Line::Move("e7e5".into()));
        assert_eq!(read_line("1. ... e7e5"), Line::Move("e7e5".into()));
        assert_eq!(read_line("12. ... Nf6"), Line::Move("Nf6".into()));
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
        let clock = |base: u64, increment: u64| Limit::Clock {
            base: Duration::from_millis(base),
            increment: Duration::from_millis(increment),
        };
        assert_eq!(limit_commands(&clock(65_000, 50)), ["level 0 1:05 0.05"]);
        assert_eq!(limit_commands(&clock(300_000, 3_000)), ["level 0 5 3"]);
        assert_eq!(limit_commands(&clock(5_000, 0)), ["level 0 0:05 0"]);
        assert_eq!(
            limit_commands(&Limit::MoveTime(Duration::from_secs(2))),
            ["st 2"]
        );
        assert_eq!(limit_commands(&Limit::Depth(7)), ["level 0 600 0", "sd 7"]);
        assert!(limit_commands(&Limit::Nodes(1000)).is_empty());
        assert!(unsupported_limit(&Limit::Nodes(1000)).is_some());
        assert!(unsupported_limit(&Limit::MoveTime(Duration::from_millis(500))).is_some());
        assert!(unsupported_limit(&clock(500, 10)).is_some());
        assert!(unsupported_limit(&clock(5_000, 50)).is_none());
        assert_eq!(centiseconds(4_999), 499);
        assert_eq!(centiseconds(-20), 1);
    }

    #[test]
    fn a_turn_sends_the_unseen_moves_the_clocks_and_go() {
        let start = Board::startpos();
        let mut board = start.clone();
        let mut moves = Vec::new();
        for text in ["e2e4", "e7e5", "g1f3"] {
            let mv = UciNotation::STANDARD.parse(&board, text).unwrap();
            board.make(mv);
            moves.push(mv);
        }
        let plain = Features::default();
        // Black to move, knowing the first ply: the two after it; its own clock first.
        let (commands, sent) = turn_commands(
            &start,
            &moves,
            1,
            &plain,
            UciNotation::STANDARD,
            Some([4_000, 2_500]),
        );
        assert_eq!(
            commands,
            ["force", "e7e5", "g1f3", "time 250", "otim 400", "go"]
        );
        assert_eq!(sent, ["e7e5", "g1f3"]);
        let san = Features {
            san: true,
            usermove: true,
            time: false,
            ..Features::default()
        };
        let (commands, sent) = turn_commands(
            &start,
            &moves,
            0,
            &san,
            UciNotation::STANDARD,
            Some([4_000, 2_500]),
        );
        assert_eq!(
            commands,
            ["force", "usermove e4", "usermove e5", "usermove Nf3", "go"]
        );
        assert_eq!(sent, ["e4", "e5", "Nf3"]);
        let (commands, _) = turn_commands(&start, &moves, 3, &plain, UciNotation::STANDARD, None);
        assert_eq!(commands, ["force", "go"]);
    }

    #[test]
    fn only_a_refusal_of_a_move_sent_is_one() {
        let sent = ["e7e5".to_string(), "g1f3".to_string()];
        assert!(refuses_one_of("Illegal move: g1f3", &sent));
        assert!(refuses_one_of("Illegal move (no piece): e7e5", &sent));
        assert!(refuses_one_of("Illegal move: usermove e7e5", &sent));
        assert!(!refuses_one_of("Illegal move: otim", &sent));
        assert!(!refuses_one_of("Illegal move", &sent));
    }

    #[test]
    fn a_claim_of_ones_own_loss_is_a_resignation() {
        assert!(claim_is_own_loss("0-1 {White resigns}", true));
        assert!(!claim_is_own_loss("1-0 {White mates}", true));
        assert!(claim_is_own_loss("1-0 {Black resigns}", false));
        assert!(!claim_is_own_loss("1/2-1/2 {Draw}", false));
    }
}
