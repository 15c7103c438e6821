//! UCI move text (`e2e4`, `e7e8q`, castling as `e1g1`).

use crate::legal::legal_moves;
use outpost_board::{Board, Move};
use std::fmt;

/// Why UCI move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciMoveError {
    /// Not of the form `e2e4` or `e7e8q`.
    Malformed(String),
    /// Well formed, but not a legal move in the position.
    Illegal(String),
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMoveError::Malformed(text) => write!(
                f,
                "'{text}' is not a move in UCI notation (like e2e4, or e7e8q for a promotion)"
            ),
            UciMoveError::Illegal(text) => write!(f, "'{text}' is not a legal move here"),
        }
    }
}

impl std::error::Error for UciMoveError {}

/// Finds the legal move written as `text` in UCI notation. The text is compared with the UCI
/// form of each legal move, so only legal moves are ever returned.
pub fn parse_uci_move(board: &Board, text: &str) -> Result<Move, UciMoveError> {
    let well_formed = matches!(text.len(), 4 | 5)
        && text.is_ascii()
        && text[0..2].parse::<outpost_board::Square>().is_ok()
        && text[2..4].parse::<outpost_board::Square>().is_ok()
        && (text.len() == 4 || matches!(&text[4..], "q" | "r" | "b" | "n"));
    if !well_formed {
        return Err(UciMoveError::Malformed(text.to_string()));
    }
    legal_moves(board)
        .into_iter()
        .find(|mv| mv.to_string() == text)
        .ok_or_else(|| UciMoveError::Illegal(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_legal_moves_and_rejects_others() {
        let board = Board::startpos();
        assert_eq!(parse_uci_move(&board, "e2e4").unwrap().to_string(), "e2e4");
        assert!(matches!(
            parse_uci_move(&board, "e2e5"),
            Err(UciMoveError::Illegal(_))
        ));
        for bad in ["", "e2", "e2e4qq", "z9e4", "e2e4k", "é2e4"] {
            assert!(matches!(
                parse_uci_move(&board, bad),
                Err(UciMoveError::Malformed(_))
            ));
        }
    }

    #[test]
    fn castling_is_written_as_the_king_move() {
        let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        assert!(parse_uci_move(&board, "e1g1").unwrap().is_castle());
        assert!(parse_uci_move(&board, "e1c1").unwrap().is_castle());
    }
}
