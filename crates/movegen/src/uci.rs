//! UCI move text (`e2e4`, `e7e8q`, castling as `e1g1`, or `e1h1` with `UCI_Chess960`).

use crate::legal::legal_moves;
use outpost_board::{Board, CastlingSetup, Color, Move, Rank, Variant};
use std::fmt;

/// Why UCI move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UciMoveError {
    /// Not of the form `e2e4` or `e7e8q`.
    Malformed(String),
    /// Well formed, but not a legal move in the position.
    Illegal(String),
    /// Not a legal move as written, but what was meant is clear enough to say how to write
    /// it: standard castling with `UCI_Chess960` on, a rook promotion in Chess Fragments.
    Misnotated {
        /// The move as given.
        text: String,
        /// How to write it instead.
        hint: String,
    },
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMoveError::Malformed(text) => write!(
                f,
                "'{text}' is not a move in UCI notation (like e2e4, or e7e8q for a promotion)"
            ),
            UciMoveError::Illegal(text) => write!(f, "'{text}' is not a legal move here"),
            UciMoveError::Misnotated { text, hint } => {
                write!(f, "'{text}' is not a legal move here: {hint}")
            }
        }
    }
}

impl std::error::Error for UciMoveError {}

/// How castling is written in UCI move text: as the king's move to its target square
/// (`e1g1`, standard UCI), or as the king taking its own rook (`e1h1`), as UCI asks for when
/// `UCI_Chess960` is on. Every other move is written the same way in both.
///
/// This, not the `Display` of [`Move`] (which knows no rooks), is how to write any move for
/// UCI.
///
/// ```
/// use outpost_board::Board;
/// use outpost_movegen::uci::UciNotation;
///
/// // Chess960 with the king on g1 and a rook on h1: castling leaves the king where it is.
/// let board = Board::from_fen("4k3/8/8/8/8/8/8/6KR w K - 0 1").unwrap();
/// let chess960 = UciNotation::chess960(&board);
/// let castle = chess960.parse(&board, "g1h1").unwrap();
/// assert!(castle.is_castle());
/// assert_eq!(chess960.write(castle), "g1h1");
/// assert_eq!(castle.to_string(), "g1g1", "the move's own text is no UCI here");
///
/// // Standard chess: castling is the king's move.
/// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
/// let castle = UciNotation::STANDARD.parse(&board, "e1g1").unwrap();
/// assert_eq!(UciNotation::STANDARD.write(castle), "e1g1");
/// assert_eq!(UciNotation::chess960(&board).write(castle), "e1h1");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct UciNotation {
    /// The game's castling setup, when castling is written as king takes rook.
    king_takes_rook: Option<CastlingSetup>,
}

impl Default for UciNotation {
    fn default() -> UciNotation {
        UciNotation::STANDARD
    }
}

impl UciNotation {
    /// Castling as the king's move to its target (`e1g1`).
    pub const STANDARD: UciNotation = UciNotation {
        king_takes_rook: None,
    };

    /// Castling as king takes rook (`e1h1`), with the rooks of `board`'s game (the castling
    /// setup does not change during a game, so any position of it will do).
    pub fn chess960(board: &Board) -> UciNotation {
        UciNotation {
            king_takes_rook: Some(*board.castling_setup()),
        }
    }

    /// [`UciNotation::chess960`] when `chess960` is set (the `UCI_Chess960` option), else
    /// [`UciNotation::STANDARD`].
    pub fn for_board(board: &Board, chess960: bool) -> UciNotation {
        if chess960 {
            UciNotation::chess960(board)
        } else {
            UciNotation::STANDARD
        }
    }

    /// `true` when castling is written as king takes rook.
    pub fn is_chess960(&self) -> bool {
        self.king_takes_rook.is_some()
    }

    /// `mv` in this notation (`0000` for the null move).
    pub fn write(&self, mv: Move) -> String {
        match self.king_takes_rook {
            Some(setup) if mv.is_castle() => {
                let color = if mv.from().rank() == Rank::R1 {
                    Color::White
                } else {
                    Color::Black
                };
                let rook = setup.by_king_target(color, mv.to()).rook_from;
                format!("{}{rook}", mv.from())
            }
            _ => mv.to_string(),
        }
    }

    /// Moves in this notation, separated by spaces.
    pub fn write_all(&self, moves: &[Move]) -> String {
        moves
            .iter()
            .map(|&mv| self.write(mv))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Finds the legal move written as `text`. The text is compared with each legal move
    /// written in this notation, so only legal moves are ever returned. In the standard
    /// notation king-takes-rook castling is understood too (it cannot be mistaken for
    /// another move there); with `UCI_Chess960` only king takes rook is castling, since
    /// `f1g1` may be a plain king move.
    pub fn parse(&self, board: &Board, text: &str) -> Result<Move, UciMoveError> {
        let well_formed = matches!(text.len(), 4 | 5)
            && text.is_ascii()
            && text[0..2].parse::<outpost_board::Square>().is_ok()
            && text[2..4].parse::<outpost_board::Square>().is_ok()
            && (text.len() == 4 || matches!(&text[4..], "q" | "r" | "b" | "n" | "c"));
        if !well_formed {
            return Err(UciMoveError::Malformed(text.to_string()));
        }
        let legal = legal_moves(board);
        let found = legal.iter().copied().find(|&mv| self.write(mv) == text);
        let castle_as_king_takes_rook = || {
            let chess960 = UciNotation::chess960(board);
            legal
                .iter()
                .copied()
                .find(|&mv| mv.is_castle() && chess960.write(mv) == text)
        };
        found
            .or_else(|| {
                (!self.is_chess960())
                    .then(castle_as_king_takes_rook)
                    .flatten()
            })
            .ok_or_else(|| illegal(board, self, &legal, text))
    }
}

/// The error for well-formed `text` that is no legal move, with a hint where the move meant
/// is clear: castling written the standard way while `UCI_Chess960` is on (frequent when a
/// GUI's setting and the engine's differ), or a rook promotion in Chess Fragments.
fn illegal(board: &Board, notation: &UciNotation, legal: &[Move], text: &str) -> UciMoveError {
    let misnotated = |hint: String| UciMoveError::Misnotated {
        text: text.to_string(),
        hint,
    };
    if notation.is_chess960() {
        if let Some(castle) = legal
            .iter()
            .find(|&&mv| mv.is_castle() && UciNotation::STANDARD.write(mv) == text)
        {
            return misnotated(format!(
                "castling is written as the king taking its own rook ({}) while UCI_Chess960 is on",
                notation.write(*castle)
            ));
        }
    }
    if board.variant() == Variant::Fragments {
        if let Some(square_to_square) = text.strip_suffix('r') {
            return misnotated(format!(
                "Chess Fragments has no rooks; a pawn promotes to the Right with c ({square_to_square}c)"
            ));
        }
    }
    UciMoveError::Illegal(text.to_string())
}

/// Finds the legal move written as `text` in standard UCI notation (see
/// [`UciNotation::parse`]), with the kind the position gives it.
///
/// ```
/// use outpost_board::{Board, Move, Square};
/// use outpost_movegen::uci::{parse_uci_move, UciMoveError};
///
/// let board = Board::startpos();
/// let e4 = parse_uci_move(&board, "e2e4").unwrap();
/// assert_eq!(e4, Move::double_push(Square::E2, Square::E4));
/// assert_eq!(e4.to_string(), "e2e4");
/// assert!(matches!(parse_uci_move(&board, "e2e5"), Err(UciMoveError::Illegal(_))));
/// assert!(matches!(parse_uci_move(&board, "e2"), Err(UciMoveError::Malformed(_))));
/// ```
pub fn parse_uci_move(board: &Board, text: &str) -> Result<Move, UciMoveError> {
    UciNotation::STANDARD.parse(board, text)
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
    fn misnotated_castling_and_rook_promotions_get_a_hint() {
        let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        let error = UciNotation::chess960(&board)
            .parse(&board, "e1g1")
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "'e1g1' is not a legal move here: castling is written as the king taking its own \
             rook (e1h1) while UCI_Chess960 is on"
        );
        // Without UCI_Chess960, or for a move that is no castling, the plain message.
        assert!(UciNotation::STANDARD.parse(&board, "e1g1").is_ok());
        assert_eq!(
            UciNotation::chess960(&board).parse(&board, "e1e3"),
            Err(UciMoveError::Illegal("e1e3".to_string()))
        );
        let fragments = Board::from_fen_in("4k/P4/5/5/4K w - - 0 1", Variant::Fragments).unwrap();
        let error = parse_uci_move(&fragments, "a4a5r").unwrap_err();
        assert_eq!(
            error.to_string(),
            "'a4a5r' is not a legal move here: Chess Fragments has no rooks; a pawn promotes to \
             the Right with c (a4a5c)"
        );
        assert!(parse_uci_move(&fragments, "a4a5c").is_ok());
    }

    #[test]
    fn castling_is_written_as_the_king_move() {
        let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        assert!(parse_uci_move(&board, "e1g1").unwrap().is_castle());
        assert!(parse_uci_move(&board, "e1c1").unwrap().is_castle());
        // King takes rook is understood too, and is how UCI_Chess960 writes castling.
        assert!(parse_uci_move(&board, "e1h1").unwrap().is_castle());
        let chess960 = UciNotation::chess960(&board);
        let long = chess960.parse(&board, "e1a1").unwrap();
        assert!(long.is_castle());
        assert_eq!(chess960.write(long), "e1a1");
        assert_eq!(UciNotation::STANDARD.write(long), "e1c1");
        assert!(chess960.parse(&board, "e1c1").is_err());
    }

    #[test]
    fn chess960_castling_where_the_king_moves_one_square_or_none() {
        // King g1, rook h1: the king stays, the rook goes to f1; written g1h1.
        let board: Board = "4k3/8/8/8/8/8/8/6KR w K - 0 1".parse().unwrap();
        let chess960 = UciNotation::chess960(&board);
        let castle = chess960.parse(&board, "g1h1").unwrap();
        assert!(castle.is_castle());
        assert_eq!(chess960.write(castle), "g1h1");
        assert_eq!(parse_uci_move(&board, "g1h1"), Ok(castle));
        // King f1, rook g1: f1g1 is castling as king takes rook, and not a king move.
        let board: Board = "4k3/8/8/8/8/8/8/5KR1 w K - 0 1".parse().unwrap();
        let chess960 = UciNotation::chess960(&board);
        assert!(chess960.parse(&board, "f1g1").unwrap().is_castle());
        // King f1 with g1 empty: f1g1 is the king's step, castling is f1h1.
        let board: Board = "4k3/8/8/8/8/8/8/5K1R w K - 0 1".parse().unwrap();
        let chess960 = UciNotation::chess960(&board);
        assert!(!chess960.parse(&board, "f1g1").unwrap().is_castle());
        assert!(chess960.parse(&board, "f1h1").unwrap().is_castle());
        // Black, queen-side, king b8 and rook a8: b8a8, the king lands on c8.
        let board: Board = "rk6/8/8/8/8/8/8/4K3 b q - 0 1".parse().unwrap();
        let chess960 = UciNotation::chess960(&board);
        let castle = chess960.parse(&board, "b8a8").unwrap();
        assert_eq!(castle.to(), outpost_board::Square::C8);
    }
}
