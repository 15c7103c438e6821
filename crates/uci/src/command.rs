//! One line of UCI input read as a typed command. Only the words are checked here: moves stay
//! text until they are resolved against the position they are played in.

use crate::options::{OptionChange, OptionError};
use outpost_board::{Board, FenError};
use outpost_search::{Depth, MAX_DEPTH};
use std::fmt;
use std::time::Duration;

/// The largest time accepted, in milliseconds (about a month); larger values are clamped.
pub const MAX_GO_MILLIS: u64 = 2_592_000_000;

/// The largest moves-to-go and mate distance accepted by `go`; larger values are clamped
/// (a depth is clamped to the search's deepest, [`outpost_search::MAX_DEPTH`]).
pub const MAX_GO_COUNT: u32 = 1_000;

/// The deepest `bench` accepted.
pub const MAX_BENCH_DEPTH: Depth = 64;

/// The commands the engine understands, for `help`.
pub const HELP: &str = "\
UCI commands:
  uci                          identify the engine and list its options
  isready                      answer readyok
  ucinewgame                   the next position belongs to a new game
  setoption name N [value V]   set an option (see the list printed by uci)
  position startpos|fen FEN [moves M...]
  go [searchmoves M...] [ponder] [wtime T] [btime T] [winc T] [binc T] [movestogo N]
     [depth N] [nodes N] [mate N] [movetime T] [infinite]
  stop                         end the search now; it prints bestmove
  ponderhit                    the expected move was played: pondering becomes timed
  quit                         leave
Developer commands:
  d                            show the position, its FEN and its hash
  eval                         explain the static evaluation of the position
  go perft N                   count the leaf nodes N plies below each move (N <= 15; stop ends it)
  bench [N]                    search the bench positions (to depth N); nodes and speed
  help                         this list";

/// What one line of UCI input asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UciCommand {
    /// A blank line: nothing to do.
    Empty,
    /// `uci`: identify the engine and list its options.
    Uci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `ucinewgame`: the next position belongs to a new game.
    UciNewGame,
    /// `setoption name <name> [value <value>]`, checked against the option table.
    SetOption(OptionChange),
    /// `position startpos|fen <fen> [moves …]`.
    Position(PositionCommand),
    /// `go …`: start a search.
    Go(GoCommand),
    /// `go perft <depth>`: count the leaf nodes below each legal move.
    Perft {
        /// How many plies to count.
        depth: u32,
    },
    /// `stop`: end the running search; it prints its `bestmove`.
    Stop,
    /// `ponderhit`: the opponent played the expected move; pondering becomes a timed search.
    PonderHit,
    /// `quit`: stop and leave.
    Quit,
    /// `d`: show the position, its FEN and its hash.
    Display,
    /// `eval`: show the static evaluation of the position, term by term.
    Eval,
    /// `bench [depth]`: search the bench positions, for a node count and a speed.
    Bench {
        /// The depth to search to; the standard bench depth when `None`.
        depth: Option<Depth>,
    },
    /// `help`: list the commands.
    Help,
}

/// Where a `position` command starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`: the standard starting position.
    StartPos,
    /// `fen <fen>`: the position the FEN describes.
    Fen(Box<Board>),
}

/// `position startpos|fen <fen> [moves …]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// The position before the moves.
    pub start: StartPosition,
    /// The moves played from there, in UCI notation, not yet checked.
    pub moves: Vec<String>,
}

/// The arguments of `go` (all but `perft`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    /// `searchmoves`: only these root moves, in UCI notation, not yet checked.
    pub search_moves: Vec<String>,
    /// `ponder`: search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `wtime`: White's clock.
    pub white_time: Option<Duration>,
    /// `btime`: Black's clock.
    pub black_time: Option<Duration>,
    /// `winc`: White's increment per move.
    pub white_increment: Option<Duration>,
    /// `binc`: Black's increment per move.
    pub black_increment: Option<Duration>,
    /// `movestogo`: moves until the next time control (1 or more).
    pub moves_to_go: Option<u32>,
    /// `depth`: plies to search (1 or more).
    pub depth: Option<Depth>,
    /// `nodes`: nodes to search (1 or more).
    pub nodes: Option<u64>,
    /// `mate`: look for a mate in this many moves (1 or more).
    pub mate: Option<u32>,
    /// `movetime`: search exactly this long.
    pub movetime: Option<Duration>,
    /// Arguments that were ignored, to report; the rest of the command still counts.
    pub warnings: Vec<GoWarning>,
}

/// An argument of `go` that was ignored or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GoWarning {
    /// A keyword that needs a number was not followed by one: what came instead (taken with
    /// the keyword) when it was no keyword either.
    NeedsNumber {
        /// The keyword.
        keyword: &'static str,
        /// The word after it, ignored with it.
        found: Option<String>,
    },
    /// A number outside its range, brought into it: a count (`depth`, `nodes`, `mate`,
    /// `movestogo`) or a time (`movetime`, an increment, a clock) below zero or over
    /// [`MAX_GO_MILLIS`].
    OutOfRange {
        /// The keyword.
        keyword: &'static str,
        /// The number as given.
        given: String,
        /// The number used.
        used: u64,
    },
    /// A word that is no `go` keyword.
    UnknownArgument(String),
}

impl fmt::Display for GoWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoWarning::NeedsNumber {
                keyword,
                found: None,
            } => write!(f, "go {keyword} needs a number, ignored"),
            GoWarning::NeedsNumber {
                keyword,
                found: Some(word),
            } => write!(f, "go {keyword} needs a number, not '{word}': both ignored"),
            GoWarning::OutOfRange {
                keyword,
                given,
                used,
            } => write!(f, "go {keyword} {given} is out of range: {used} used"),
            GoWarning::UnknownArgument(word) => write!(f, "go: unknown argument '{word}' ignored"),
        }
    }
}

/// Why a line of UCI input is not a command the engine can carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UciError {
    /// The first word is no command (the whole line, trimmed).
    UnknownCommand(String),
    /// `setoption` without `name <name>`.
    SetOptionNeedsName,
    /// `setoption` for an unknown option or with a bad value.
    Option(OptionError),
    /// `position` without `startpos` or `fen <fen>` (what came instead, if anything).
    PositionNeedsStart(Option<String>),
    /// `position fen` with a FEN that cannot be read.
    InvalidFen {
        /// The FEN as given.
        fen: String,
        /// What is wrong with it.
        error: FenError,
    },
    /// `go perft` without a depth, or with one that is not a whole number.
    PerftNeedsDepth,
    /// `bench` with a depth that is not a whole number from 1 to [`MAX_BENCH_DEPTH`].
    BadBenchDepth(String),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::UnknownCommand(line) => write!(f, "unknown command: {line}"),
            UciError::SetOptionNeedsName => {
                write!(f, "setoption needs: setoption name <name> [value <value>]")
            }
            UciError::Option(error) => error.fmt(f),
            UciError::PositionNeedsStart(got) => {
                let got = got
                    .as_deref()
                    .map_or_else(|| "nothing".to_string(), |text| format!("'{text}'"));
                write!(f, "position needs 'startpos' or 'fen <fen>', got {got}")
            }
            UciError::InvalidFen { fen, error } => write!(f, "invalid FEN '{fen}': {error}"),
            UciError::PerftNeedsDepth => write!(f, "go perft needs a depth: go perft <depth>"),
            UciError::BadBenchDepth(text) => write!(
                f,
                "bench depth must be a whole number from 1 to {MAX_BENCH_DEPTH}, not '{text}'"
            ),
        }
    }
}

impl std::error::Error for UciError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            UciError::Option(error) => Some(error),
            UciError::InvalidFen { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl From<OptionError> for UciError {
    fn from(error: OptionError) -> UciError {
        UciError::Option(error)
    }
}

impl UciCommand {
    /// Reads one line of UCI input. Words are separated by any whitespace; extra words after
    /// commands that take none are ignored, as UCI asks.
    pub fn parse(line: &str) -> Result<UciCommand, UciError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, arguments)) = words.split_first() else {
            return Ok(UciCommand::Empty);
        };
        match command {
            "uci" => Ok(UciCommand::Uci),
            "isready" => Ok(UciCommand::IsReady),
            "ucinewgame" => Ok(UciCommand::UciNewGame),
            "setoption" => parse_setoption(arguments),
            "position" => parse_position(arguments).map(UciCommand::Position),
            "go" => parse_go(arguments),
            "stop" => Ok(UciCommand::Stop),
            "ponderhit" => Ok(UciCommand::PonderHit),
            "quit" => Ok(UciCommand::Quit),
            "d" => Ok(UciCommand::Display),
            "eval" => Ok(UciCommand::Eval),
            "bench" => parse_bench(arguments),
            "help" => Ok(UciCommand::Help),
            _ => Err(UciError::UnknownCommand(words.join(" "))),
        }
    }
}

/// `setoption name <words…> [value <words…>]`: the name and value are the words between the
/// keywords, joined by single spaces.
fn parse_setoption(arguments: &[&str]) -> Result<UciCommand, UciError> {
    let Some((&"name", rest)) = arguments.split_first() else {
        return Err(UciError::SetOptionNeedsName);
    };
    let (name, value) = match rest.iter().position(|&word| word == "value") {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(UciError::SetOptionNeedsName);
    }
    let change = OptionChange::parse(&name.join(" "), value.as_deref())?;
    Ok(UciCommand::SetOption(change))
}

/// `startpos [moves …]` or `fen <fields…> [moves …]`.
fn parse_position(arguments: &[&str]) -> Result<PositionCommand, UciError> {
    let (setup, moves) = match arguments.iter().position(|&word| word == "moves") {
        Some(at) => (&arguments[..at], &arguments[at + 1..]),
        None => (arguments, &[][..]),
    };
    let start = match setup {
        ["startpos"] => StartPosition::StartPos,
        ["fen", fields @ ..] if !fields.is_empty() => {
            let fen = fields.join(" ");
            match Board::from_fen(&fen) {
                Ok(board) => StartPosition::Fen(Box::new(board)),
                Err(error) => return Err(UciError::InvalidFen { fen, error }),
            }
        }
        [] => return Err(UciError::PositionNeedsStart(None)),
        _ => return Err(UciError::PositionNeedsStart(Some(setup.join(" ")))),
    };
    Ok(PositionCommand {
        start,
        moves: moves.iter().map(ToString::to_string).collect(),
    })
}

/// The words that end a `searchmoves` list.
const GO_KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// `go perft <depth>` or `go [keyword [value]]…`.
fn parse_go(arguments: &[&str]) -> Result<UciCommand, UciError> {
    if let Some((&"perft", rest)) = arguments.split_first() {
        let depth = rest.first().and_then(|text| text.parse::<u32>().ok());
        return match depth {
            Some(depth) => Ok(UciCommand::Perft { depth }),
            None => Err(UciError::PerftNeedsDepth),
        };
    }
    let mut go = GoCommand::default();
    let mut words = arguments.iter().copied().peekable();
    while let Some(keyword) = words.next() {
        if keyword == "searchmoves" {
            while let Some(text) = words.next_if(|word| !GO_KEYWORDS.contains(word)) {
                go.search_moves.push(text.to_string());
            }
            continue;
        }
        let Some(keyword) = GO_KEYWORDS.iter().copied().find(|&known| known == keyword) else {
            go.warnings
                .push(GoWarning::UnknownArgument(keyword.to_string()));
            continue;
        };
        if keyword == "ponder" || keyword == "infinite" {
            go.ponder |= keyword == "ponder";
            go.infinite |= keyword == "infinite";
            continue;
        }
        // A keyword after it is read as the next keyword; any other word that is no number
        // is taken as the bad value.
        let Some(text) = words.next_if(|word| !GO_KEYWORDS.contains(word)) else {
            go.warnings.push(GoWarning::NeedsNumber {
                keyword,
                found: None,
            });
            continue;
        };
        let Some(number) = non_negative_number(text) else {
            go.warnings.push(GoWarning::NeedsNumber {
                keyword,
                found: Some(text.to_string()),
            });
            continue;
        };
        let (used, warning) = in_range(keyword, text, number);
        go.warnings.extend(warning);
        let millis = Some(Duration::from_millis(used));
        match keyword {
            "movestogo" => go.moves_to_go = Some(used as u32),
            "depth" => go.depth = Some(used as Depth),
            "mate" => go.mate = Some(used as u32),
            "nodes" => go.nodes = Some(used),
            "wtime" => go.white_time = millis,
            "btime" => go.black_time = millis,
            "winc" => go.white_increment = millis,
            "binc" => go.black_increment = millis,
            _ => go.movetime = millis,
        }
    }
    Ok(UciCommand::Go(go))
}

/// A number of `go` (`text`, read as `number`) brought into its range, with the warning that
/// says so when it was out: a time from 0 to [`MAX_GO_MILLIS`]; a count from 1 to
/// [`MAX_GO_COUNT`] (`depth`: [`MAX_DEPTH`]; `nodes`: any number). A clock below zero is a
/// GUI's usual report of no time left: 0, without a warning.
fn in_range(keyword: &'static str, text: &str, number: u64) -> (u64, Option<GoWarning>) {
    let (low, high) = match keyword {
        "wtime" | "btime" | "winc" | "binc" | "movetime" => (0, MAX_GO_MILLIS),
        "nodes" => (1, u64::MAX),
        "depth" => (1, MAX_DEPTH as u64),
        _ => (1, u64::from(MAX_GO_COUNT)),
    };
    let used = number.clamp(low, high);
    let clock = matches!(keyword, "wtime" | "btime");
    let out = used != number || (text.starts_with('-') && !clock);
    let warning = out.then(|| GoWarning::OutOfRange {
        keyword,
        given: text.to_string(),
        used,
    });
    (used, warning)
}

/// A whole number as `go` reads it: negative values become 0, huge ones saturate; `None`
/// for anything else (`1e5`, `x`, `-`).
fn non_negative_number(text: &str) -> Option<u64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    if negative {
        return Some(0);
    }
    Some(digits.parse::<u64>().unwrap_or(u64::MAX))
}

/// `bench [depth]`.
fn parse_bench(arguments: &[&str]) -> Result<UciCommand, UciError> {
    let Some(&text) = arguments.first() else {
        return Ok(UciCommand::Bench { depth: None });
    };
    match text.parse::<Depth>() {
        Ok(depth) if (1..=MAX_BENCH_DEPTH).contains(&depth) => {
            Ok(UciCommand::Bench { depth: Some(depth) })
        }
        _ => Err(UciError::BadBenchDepth(text.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> UciCommand {
        UciCommand::parse(line).unwrap_or_else(|error| panic!("{line}: {error}"))
    }

    fn error(line: &str) -> String {
        match UciCommand::parse(line) {
            Ok(command) => panic!("{line} was read as {command:?}"),
            Err(error) => error.to_string(),
        }
    }

    fn go(line: &str) -> GoCommand {
        match parse(line) {
            UciCommand::Go(go) => go,
            other => panic!("{line} was read as {other:?}"),
        }
    }

    fn millis(ms: u64) -> Option<Duration> {
        Some(Duration::from_millis(ms))
    }

    #[test]
    fn commands_without_arguments() {
        for (line, command) in [
            ("uci", UciCommand::Uci),
            ("isready", UciCommand::IsReady),
            ("ucinewgame", UciCommand::UciNewGame),
            ("stop", UciCommand::Stop),
            ("ponderhit", UciCommand::PonderHit),
            ("quit", UciCommand::Quit),
            ("d", UciCommand::Display),
            ("eval", UciCommand::Eval),
            ("help", UciCommand::Help),
            ("bench", UciCommand::Bench { depth: None }),
            ("  \t isready  \r", UciCommand::IsReady),
            ("stop now", UciCommand::Stop),
        ] {
            assert_eq!(parse(line), command, "{line}");
        }
    }

    #[test]
    fn blank_lines_are_empty() {
        for line in ["", "   ", "\t\r"] {
            assert_eq!(parse(line), UciCommand::Empty);
        }
    }

    #[test]
    fn unknown_commands_are_errors() {
        assert_eq!(
            UciCommand::parse("frobnicate  now"),
            Err(UciError::UnknownCommand("frobnicate now".to_string()))
        );
        assert_eq!(error(" frobnicate now "), "unknown command: frobnicate now");
        // Commands are case-sensitive, as in the UCI specification.
        assert_eq!(error("UCI"), "unknown command: UCI");
        assert_eq!(error("\u{0}\u{7f}é ♞"), "unknown command: \u{0}\u{7f}é ♞");
    }

    #[test]
    fn setoption_reads_names_and_values_with_spaces() {
        assert_eq!(
            parse("setoption name Move  Overhead value 100"),
            UciCommand::SetOption(OptionChange::MoveOverhead(Duration::from_millis(100)))
        );
        assert_eq!(
            parse("setoption name clear hash"),
            UciCommand::SetOption(OptionChange::ClearHash)
        );
        assert_eq!(
            parse("setoption name BookFile value /books/my  book.bin"),
            UciCommand::SetOption(OptionChange::BookFile("/books/my book.bin".to_string()))
        );
        assert_eq!(
            parse("setoption name Hash value 64"),
            UciCommand::SetOption(OptionChange::Hash(64))
        );
    }

    #[test]
    fn setoption_errors() {
        let needs_name = "setoption needs: setoption name <name> [value <value>]";
        assert_eq!(error("setoption"), needs_name);
        assert_eq!(error("setoption name"), needs_name);
        assert_eq!(error("setoption name value 3"), needs_name);
        assert_eq!(error("setoption Hash value 3"), needs_name);
        assert_eq!(
            error("setoption name Colour value red"),
            "unknown option: Colour"
        );
        assert_eq!(
            error("setoption name Hash value lots"),
            "'lots' is not a number for option Hash: a whole number from 1 to 65536"
        );
        assert!(matches!(
            UciCommand::parse("setoption name Threads value 0"),
            Err(UciError::Option(OptionError::OutOfRange { .. }))
        ));
    }

    #[test]
    fn position_startpos_and_fen() {
        assert_eq!(
            parse("position startpos"),
            UciCommand::Position(PositionCommand {
                start: StartPosition::StartPos,
                moves: vec![],
            })
        );
        assert_eq!(
            parse("position startpos moves e2e4 zz"),
            UciCommand::Position(PositionCommand {
                start: StartPosition::StartPos,
                moves: vec!["e2e4".to_string(), "zz".to_string()],
            })
        );
        let fen = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1";
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(
            parse(&format!("position fen {fen} moves f1f8")),
            UciCommand::Position(PositionCommand {
                start: StartPosition::Fen(Box::new(board.clone())),
                moves: vec!["f1f8".to_string()],
            })
        );
        assert_eq!(
            parse(&format!("position fen {fen} moves")),
            UciCommand::Position(PositionCommand {
                start: StartPosition::Fen(Box::new(board)),
                moves: vec![],
            })
        );
    }

    #[test]
    fn position_errors() {
        assert_eq!(
            error("position"),
            "position needs 'startpos' or 'fen <fen>', got nothing"
        );
        assert_eq!(
            error("position moves e2e4"),
            "position needs 'startpos' or 'fen <fen>', got nothing"
        );
        assert_eq!(
            error("position fen"),
            "position needs 'startpos' or 'fen <fen>', got 'fen'"
        );
        assert_eq!(
            error("position startpos e2e4"),
            "position needs 'startpos' or 'fen <fen>', got 'startpos e2e4'"
        );
        assert_eq!(
            error("position fen not/a/fen w - - 0 1"),
            "invalid FEN 'not/a/fen w - - 0 1': piece placement has 3 ranks instead of 8 (5 for Chess Fragments)"
        );
        assert!(matches!(
            UciCommand::parse("position fen 8/8/8/8 w moves e2e4"),
            Err(UciError::InvalidFen { fen, .. }) if fen == "8/8/8/8 w"
        ));
    }

    #[test]
    fn go_reads_every_keyword() {
        let parsed = go(
            "go searchmoves e2e4 d2d4 ponder wtime 1000 btime 2000 winc 10 \
                         binc 20 movestogo 30 depth 7 nodes 5000 mate 3 movetime 400 infinite",
        );
        assert_eq!(
            parsed,
            GoCommand {
                search_moves: vec!["e2e4".to_string(), "d2d4".to_string()],
                ponder: true,
                infinite: true,
                white_time: millis(1000),
                black_time: millis(2000),
                white_increment: millis(10),
                black_increment: millis(20),
                moves_to_go: Some(30),
                depth: Some(7),
                nodes: Some(5000),
                mate: Some(3),
                movetime: millis(400),
                warnings: vec![],
            }
        );
        assert_eq!(go("go"), GoCommand::default());
        assert_eq!(go("go searchmoves").search_moves, Vec::<String>::new());
    }

    #[test]
    fn go_numbers_are_clamped() {
        let parsed = go(
            "go wtime -100 btime 99999999999999999999999 winc +5 depth 0 \
                         movestogo 5000 nodes 0 mate -3 binc -1 movetime -5",
        );
        assert_eq!(parsed.white_time, millis(0));
        assert_eq!(parsed.black_time, millis(MAX_GO_MILLIS));
        assert_eq!(parsed.white_increment, millis(5));
        assert_eq!(parsed.black_increment, millis(0));
        assert_eq!(parsed.movetime, millis(0));
        assert_eq!(parsed.depth, Some(1));
        assert_eq!(parsed.moves_to_go, Some(MAX_GO_COUNT));
        assert_eq!(go("go depth 999").depth, Some(MAX_DEPTH));
        assert_eq!(go("go depth 999").warnings.len(), 1);
        assert_eq!(go("go depth 4000000000").depth, Some(MAX_DEPTH));
        assert_eq!(parsed.nodes, Some(1));
        assert_eq!(parsed.mate, Some(1));
        // A clock below zero is a GUI's normal report of no time left: no warning. A huge
        // clock, another time below zero or a count out of its range is told.
        let texts: Vec<String> = parsed.warnings.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            [
                "go btime 99999999999999999999999 is out of range: 2592000000 used",
                "go depth 0 is out of range: 1 used",
                "go movestogo 5000 is out of range: 1000 used",
                "go nodes 0 is out of range: 1 used",
                "go mate -3 is out of range: 1 used",
                "go binc -1 is out of range: 0 used",
                "go movetime -5 is out of range: 0 used",
            ]
        );
        assert_eq!(go("go depth -1").depth, Some(1));
        assert_eq!(go("go depth -1").warnings.len(), 1);
        let huge = go("go nodes 99999999999999999999");
        assert_eq!(huge.nodes, Some(u64::MAX));
        assert_eq!(huge.warnings, vec![]);
    }

    #[test]
    fn go_warns_about_what_it_ignores() {
        let parsed = go("go wtime x btime 1e5 depth 4 frobnicate movetime");
        assert_eq!(parsed.depth, Some(4));
        assert_eq!(parsed.white_time, None);
        let needs = |keyword, found: Option<&str>| GoWarning::NeedsNumber {
            keyword,
            found: found.map(str::to_string),
        };
        assert_eq!(
            parsed.warnings,
            vec![
                needs("wtime", Some("x")),
                needs("btime", Some("1e5")),
                GoWarning::UnknownArgument("frobnicate".to_string()),
                needs("movetime", None),
            ]
        );
        let texts: Vec<String> = parsed.warnings.iter().map(ToString::to_string).collect();
        assert_eq!(texts[0], "go wtime needs a number, not 'x': both ignored");
        assert_eq!(texts[2], "go: unknown argument 'frobnicate' ignored");
        assert_eq!(texts[3], "go movetime needs a number, ignored");
        // One warning a mistake; a keyword after a keyword is read as a keyword.
        assert_eq!(go("go depth -").warnings, vec![needs("depth", Some("-"))]);
        let followed = go("go movetime depth 3");
        assert_eq!(followed.warnings, vec![needs("movetime", None)]);
        assert_eq!(followed.depth, Some(3));
    }

    #[test]
    fn searchmoves_end_at_the_next_keyword() {
        let parsed = go("go searchmoves e2e4 zzz a1a1 depth 2");
        assert_eq!(parsed.search_moves, ["e2e4", "zzz", "a1a1"]);
        assert_eq!(parsed.depth, Some(2));
    }

    #[test]
    fn go_perft() {
        assert_eq!(parse("go perft 3"), UciCommand::Perft { depth: 3 });
        assert_eq!(parse("go perft 0"), UciCommand::Perft { depth: 0 });
        for line in [
            "go perft",
            "go perft -1",
            "go perft x",
            "go perft 99999999999",
        ] {
            assert_eq!(
                error(line),
                "go perft needs a depth: go perft <depth>",
                "{line}"
            );
        }
        // `perft` is a mode of its own only as the first argument.
        assert_eq!(
            go("go depth 2 perft").warnings,
            vec![GoWarning::UnknownArgument("perft".to_string())]
        );
    }

    #[test]
    fn bench_depth() {
        assert_eq!(parse("bench 5"), UciCommand::Bench { depth: Some(5) });
        for text in ["0", "x", "65", "-1"] {
            assert_eq!(
                UciCommand::parse(&format!("bench {text}")),
                Err(UciError::BadBenchDepth(text.to_string()))
            );
        }
        assert_eq!(
            error("bench 0"),
            "bench depth must be a whole number from 1 to 64, not '0'"
        );
    }

    #[test]
    fn errors_have_sources() {
        use std::error::Error;
        let fen = UciCommand::parse("position fen x").unwrap_err();
        assert!(fen.source().is_some());
        let option = UciCommand::parse("setoption name x").unwrap_err();
        assert!(option.source().is_some());
        assert!(UciError::PerftNeedsDepth.source().is_none());
    }
}
