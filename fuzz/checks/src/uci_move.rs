//! The `uci_move` target: moves in UCI notation (`e2e4`, `e7e8q`, castling as `e1g1`).

use crate::{position_and_lines, shown, text};
use outpost_board::Square;
use outpost_movegen::san::{parse_san, to_san};
use outpost_movegen::uci::{parse_uci_move, UciMoveError, UciNotation};
use outpost_movegen::{legal_moves, Game};

/// The most move lines read from one input.
pub const MAX_MOVES_READ: usize = 32;

/// Reads the first line as a FEN (the start position when it is not one) and each further
/// line as a move in UCI notation, played when it is legal. For each line:
///
/// - [`parse_uci_move`] reads exactly the text that a legal move writes (its `Display`), and
///   gives that move; any other text is an error: `Illegal` for text of the form `e2e4` or
///   `e7e8q` that no legal move writes, `Malformed` for the rest;
/// - a move read is legal and its SAN names it too;
/// - [`Game::play_uci`] agrees, and leaves the game unchanged on an error.
pub fn uci_move(data: &[u8]) {
    let text = text(data);
    let (board, lines) = position_and_lines(&text, MAX_MOVES_READ);
    let mut game = Game::new(board);
    for line in lines {
        let board = game.board().clone();
        let fen = board.to_fen();
        let result = parse_uci_move(&board, line);
        // The standard notation also reads castling written as king takes rook (`e1h1`,
        // as with UCI_Chess960), when no move is written so.
        let king_takes_rook = UciNotation::chess960(&board);
        let written = legal_moves(&board)
            .into_iter()
            .find(|mv| mv.to_string() == line)
            .or_else(|| {
                legal_moves(&board)
                    .into_iter()
                    .find(|mv| mv.is_castle() && king_takes_rook.write(*mv) == line)
            });
        match (&result, written) {
            (Ok(mv), Some(expected)) => {
                assert_eq!(*mv, expected, "{} in {fen}", shown(line));
                assert_eq!(
                    parse_san(&board, &to_san(&board, *mv)),
                    Ok(*mv),
                    "{mv} in {fen}"
                );
            }
            (Ok(mv), None) => panic!(
                "{} read as {mv}, which writes otherwise, in {fen}",
                shown(line)
            ),
            (Err(error), Some(mv)) => {
                panic!("{} is the legal {mv} in {fen}, but: {error}", shown(line))
            }
            (Err(UciMoveError::Illegal(_) | UciMoveError::Misnotated { .. }), None) => {
                assert!(
                    well_formed(line),
                    "{} reported illegal, not malformed",
                    shown(line)
                );
            }
            (Err(UciMoveError::Malformed(_)), None) => {
                assert!(!well_formed(line), "{} reported malformed", shown(line));
            }
            (Err(error), None) => panic!(
                "{} gave an error this check does not know: {error:?}",
                shown(line)
            ),
        }
        let moves_before = game.moves().len();
        let played = game.play_uci(line);
        assert_eq!(
            played,
            result,
            "Game::play_uci and parse_uci_move on {}",
            shown(line)
        );
        if played.is_err() {
            assert_eq!(game.board(), &board, "a failed play_uci changed the game");
            assert_eq!(game.moves().len(), moves_before);
        }
    }
}

/// Text of the form `e2e4` or `e7e8q` (two squares and an optional promotion letter).
fn well_formed(text: &str) -> bool {
    let square = |at: usize| {
        text.get(at..at + 2)
            .is_some_and(|s| s.parse::<Square>().is_ok())
    };
    matches!(text.len(), 4 | 5)
        && square(0)
        && square(2)
        && (text.len() == 4 || matches!(text.get(4..), Some("q" | "r" | "b" | "n" | "c")))
}
