//! One line of input read as a command or a move. Only the words are checked here; whether a
//! move is legal is for the game to say.

use outpost_board::{Board, Move};
use outpost_game::levels::parse_level;
use outpost_game::players::{Mode, MODE_NAMES};
use outpost_game::{Level, Strength};
use outpost_movegen::picks::parse_picked;
use outpost_movegen::san::parse_san;

/// What a line of input asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A move, in SAN (`Nf3`) or UCI (`g1f3`) notation, not yet checked.
    Move(String),
    /// `help`: list the commands.
    Help,
    /// `quit` or `exit`.
    Quit,
    /// `new`: a new game from the starting position.
    New,
    /// `undo`: take back the last move (a move pair against the engine).
    Undo,
    /// `flip`: turn the board around.
    Flip,
    /// `board`: show the board again.
    Board,
    /// `moves`: list the legal moves.
    Moves,
    /// `eval`: the static evaluation explained, term by term.
    Eval,
    /// `hint`: the engine suggests a move.
    Hint,
    /// `stop`: the engine moves now.
    Stop,
    /// `mode` (show it) or `mode NAME` (change who plays).
    Mode(Option<Mode>),
    /// `fen` (show the position's FEN) or `fen FEN` (set up a position).
    Fen(Option<String>),
    /// `time`, `depth` or `nodes` without a value (show the engine's strength) or with one
    /// (set it).
    Strength(Option<Strength>),
    /// `level` (show it) or `level NAME` (play at a rating, or `full` strength).
    Level(Option<Option<Level>>),
    /// `pgn FILE`: save the game.
    SavePgn(String),
    /// `load FILE`: load the first game of a PGN file.
    LoadPgn(String),
}

/// The commands, one a line, for `help`.
pub const HELP: &str = "\
Moves: SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q); castling also as the
king onto its rook (e1h1, the way in Chess960). In Chess Fragments the Right is C:
Cc3, a5=C, a4a5c.
Commands:
  undo            take back your last move (and the engine's reply)
  hint            the engine suggests a move
  stop            the engine moves now (while it thinks)
  flip            turn the board around
  board           show the board again
  moves           list the legal moves
  eval            the static evaluation, term by term (as UCI eval shows it)
  new             start a new game
  fen [FEN]       show the position's FEN, or set up a position
  mode [MODE]     who plays: white (you play white), black, humans, engines;
                  or two players, white first: mode engine human
  time SECONDS    the engine thinks this long per move (default 1)
  depth N         the engine searches N plies per move instead
  nodes N         the engine searches N nodes per move instead
  level [LEVEL]   the engine plays at a rating: 1400, 1600, 1800, 2000, 2200,
                  or full strength (full, the default)
  pgn FILE        save the game as PGN
  load FILE       load a game from a PGN file
  help            this list
  quit            leave (end of input quits too)";

/// Reads one line of input; `Ok(None)` for a blank line. The error is a one-line explanation.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&first) = words.first() else {
        return Ok(None);
    };
    let rest = line.trim_start()[first.len()..].trim();
    let arguments = &words[1..];
    let no_arguments = |command: Command| {
        if arguments.is_empty() {
            Ok(Some(command))
        } else {
            Err(format!("'{first}' takes no arguments"))
        }
    };
    match first.to_ascii_lowercase().as_str() {
        "help" | "?" => no_arguments(Command::Help),
        "quit" | "exit" => no_arguments(Command::Quit),
        "new" => no_arguments(Command::New),
        "undo" | "takeback" => no_arguments(Command::Undo),
        "flip" => no_arguments(Command::Flip),
        "board" | "show" => no_arguments(Command::Board),
        "moves" => no_arguments(Command::Moves),
        "eval" => no_arguments(Command::Eval),
        "hint" => no_arguments(Command::Hint),
        "stop" => no_arguments(Command::Stop),
        "mode" if arguments.is_empty() => Ok(Some(Command::Mode(None))),
        "mode" => match Mode::parse(arguments) {
            Some(mode) => Ok(Some(Command::Mode(Some(mode)))),
            None => Err(format!("unknown mode '{rest}'; modes: {MODE_NAMES}")),
        },
        "fen" if rest.is_empty() => Ok(Some(Command::Fen(None))),
        "fen" => Ok(Some(Command::Fen(Some(rest.to_string())))),
        "time" | "depth" | "nodes" if rest.is_empty() => Ok(Some(Command::Strength(None))),
        "time" | "depth" | "nodes" => Strength::parse(&first.to_ascii_lowercase(), rest)
            .map(|strength| Some(Command::Strength(Some(strength)))),
        "level" if rest.is_empty() => Ok(Some(Command::Level(None))),
        "level" => parse_level(rest).map(|level| Some(Command::Level(Some(level)))),
        "pgn" | "save" if rest.is_empty() => Err(format!("'{first}' needs a file name")),
        "pgn" | "save" => Ok(Some(Command::SavePgn(rest.to_string()))),
        "load" if rest.is_empty() => Err("'load' needs a file name".to_string()),
        "load" => Ok(Some(Command::LoadPgn(rest.to_string()))),
        // A word is no move (moves have a digit, or are castling with dashes).
        _ if first.chars().count() > 1 && first.chars().all(char::is_alphabetic) => Err(format!(
            "unknown command '{first}' (type help for the list of commands)"
        )),
        _ if !arguments.is_empty() => Err(format!(
            "'{}' is not a move or a command: type one move per line",
            line.trim()
        )),
        _ => Ok(Some(Command::Move(first.to_string()))),
    }
}

/// Reads a move typed by a person: its two squares if it looks like UCI (`g1f3`, `e7e8q`;
/// castling as the king onto its own rook, `e1h1`, or onto its target square, `e1g1`, where
/// that is no other king move), else SAN. The error says why the move cannot be played.
pub fn parse_move(board: &Board, text: &str) -> Result<Move, String> {
    if looks_like_uci(text) {
        parse_picked(board, text).map_err(|error| error.to_string())
    } else {
        parse_san(board, text).map_err(|error| error.to_string())
    }
}

/// `true` for text shaped like a UCI move: two squares and maybe a promotion letter.
fn looks_like_uci(text: &str) -> bool {
    let bytes = text.as_bytes();
    let square =
        |file: u8, rank: u8| (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank);
    match bytes {
        [a, b, c, d] => square(*a, *b) && square(*c, *d),
        [a, b, c, d, promotion] => square(*a, *b) && square(*c, *d) && b"qrbnc".contains(promotion),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_is_recognised() {
        assert!(looks_like_uci("g1f3"));
        assert!(looks_like_uci("e7e8q"));
        assert!(!looks_like_uci("Nf3"));
        assert!(!looks_like_uci("e4"));
        assert!(!looks_like_uci("e7e8Q"));
        assert!(!looks_like_uci("Ng1f3"));
        assert!(!looks_like_uci("O-O"));
    }

    use std::time::Duration;

    #[test]
    fn moves_and_commands_are_told_apart() {
        assert_eq!(parse("  "), Ok(None));
        assert_eq!(parse("e4"), Ok(Some(Command::Move("e4".into()))));
        assert_eq!(parse(" O-O "), Ok(Some(Command::Move("O-O".into()))));
        assert_eq!(parse("g1f3"), Ok(Some(Command::Move("g1f3".into()))));
        assert_eq!(parse("UNDO"), Ok(Some(Command::Undo)));
        assert_eq!(parse("eval"), Ok(Some(Command::Eval)));
        assert_eq!(
            parse("mode engines"),
            Ok(Some(Command::Mode(Mode::parse(&["ee"]))))
        );
        assert_eq!(
            parse("time 0.5"),
            Ok(Some(Command::Strength(Some(Strength::Time(
                Duration::from_millis(500)
            )))))
        );
        assert_eq!(
            parse("pgn my game.pgn"),
            Ok(Some(Command::SavePgn("my game.pgn".into())))
        );
        assert_eq!(
            parse("fen 8/8/8/8/8/8/8/K6k w - - 0 1"),
            Ok(Some(Command::Fen(Some(
                "8/8/8/8/8/8/8/K6k w - - 0 1".into()
            ))))
        );
    }

    #[test]
    fn bad_lines_are_explained() {
        assert!(parse("dance")
            .unwrap_err()
            .contains("unknown command 'dance'"));
        assert!(parse("e4 e5").unwrap_err().contains("one move per line"));
        assert!(parse("flip twice").unwrap_err().contains("no arguments"));
        assert!(parse("mode cats").unwrap_err().contains("unknown mode"));
        assert!(parse("depth deep").is_err());
        assert!(parse("pgn").is_err());
    }
}
