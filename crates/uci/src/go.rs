//! Parsing of `go` and `setoption` arguments.

use outpost_board::Board;
use outpost_movegen::uci::parse_uci_move;
use outpost_search::Limits;
use std::time::Duration;

/// The largest time accepted, in milliseconds (about a month); larger values are clamped.
const MAX_MILLIS: u64 = 2_592_000_000;

const KEYWORDS: [&str; 12] = [
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

/// What a `go` command asks for.
#[derive(Debug, Default)]
pub struct ParsedGo {
    /// The search limits.
    pub limits: Limits,
    /// `go ponder`.
    pub ponder: bool,
    /// Problems found in the arguments, to report as `info string`.
    pub warnings: Vec<String>,
}

/// A non-negative number: negative values become 0, huge ones saturate.
fn number(text: Option<&&str>) -> Option<u64> {
    let text = text?;
    if let Some(digits) = text.strip_prefix('-') {
        return digits
            .chars()
            .all(|c| c.is_ascii_digit())
            .then_some(0)
            .filter(|_| !digits.is_empty());
    }
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse::<u64>().unwrap_or(u64::MAX))
}

/// Parses the arguments of `go` for the position `board`.
pub fn parse_go(board: &mut Board, args: &[&str]) -> ParsedGo {
    let mut parsed = ParsedGo::default();
    let mut index = 0;
    while index < args.len() {
        let keyword = args[index];
        index += 1;
        let value = args.get(index);
        let mut take_number = |name: &str| -> Option<u64> {
            match number(value) {
                Some(n) => {
                    index += 1;
                    Some(n)
                }
                None => {
                    parsed
                        .warnings
                        .push(format!("go {name} needs a number, ignored"));
                    None
                }
            }
        };
        let millis = |n: u64| Duration::from_millis(n.min(MAX_MILLIS));
        match keyword {
            "searchmoves" => {
                while let Some(text) = args.get(index) {
                    if KEYWORDS.contains(text) {
                        break;
                    }
                    match parse_uci_move(board, text) {
                        Ok(mv) => parsed.limits.search_moves.push(mv),
                        Err(error) => parsed.warnings.push(format!("searchmoves: {error}")),
                    }
                    index += 1;
                }
            }
            "ponder" => parsed.ponder = true,
            "infinite" => parsed.limits.infinite = true,
            "wtime" => parsed.limits.white_time = take_number("wtime").map(millis),
            "btime" => parsed.limits.black_time = take_number("btime").map(millis),
            "winc" => parsed.limits.white_increment = take_number("winc").map(millis),
            "binc" => parsed.limits.black_increment = take_number("binc").map(millis),
            "movetime" => parsed.limits.movetime = take_number("movetime").map(millis),
            "movestogo" => {
                parsed.limits.moves_to_go =
                    take_number("movestogo").map(|n| n.clamp(1, 1_000) as u32);
            }
            "depth" => parsed.limits.depth = take_number("depth").map(|n| n.clamp(1, 1_000) as u32),
            "nodes" => parsed.limits.nodes = take_number("nodes").map(|n| n.max(1)),
            "mate" => parsed.limits.mate = take_number("mate").map(|n| n.clamp(1, 1_000) as u32),
            other => parsed
                .warnings
                .push(format!("go: unknown argument '{other}' ignored")),
        }
    }
    parsed
}

/// Splits `name <words…> [value <words…>]` of a `setoption` command.
pub fn split_option(args: &[&str]) -> (Option<String>, Option<String>) {
    if args.first() != Some(&"name") {
        return (None, None);
    }
    let rest = &args[1..];
    let value_at = rest.iter().position(|&token| token == "value");
    let (name, value) = match value_at {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return (None, value);
    }
    (Some(name.join(" ")), value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_clamped() {
        assert_eq!(number(Some(&"-5")), Some(0));
        assert_eq!(number(Some(&"99999999999999999999999")), Some(u64::MAX));
        assert_eq!(number(Some(&"x")), None);
        assert_eq!(number(Some(&"-")), None);
        let parsed = parse_go(
            &mut Board::startpos(),
            &[
                "wtime",
                "-100",
                "btime",
                "1e5",
                "depth",
                "0",
                "searchmoves",
                "e2e4",
                "e9e4",
            ],
        );
        assert_eq!(parsed.limits.white_time, Some(Duration::ZERO));
        assert_eq!(parsed.limits.depth, Some(1));
        assert_eq!(parsed.limits.search_moves.len(), 1);
        assert_eq!(parsed.warnings.len(), 3);
    }

    #[test]
    fn option_names_and_values() {
        assert_eq!(
            split_option(&["name", "Move", "Overhead", "value", "10"]),
            (Some("Move Overhead".into()), Some("10".into()))
        );
        assert_eq!(split_option(&["name", "Clear", "Hash"]).1, None);
        assert_eq!(split_option(&["value", "3"]).0, None);
    }
}
