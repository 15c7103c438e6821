//! Why PGN text could not be read, and where.

use outpost_board::{Color, FenError};
use outpost_movegen::san::SanError;
use std::fmt;

/// Why PGN text could not be read, and where.
///
/// Its `Display` says what was wrong and where, for example
/// `illegal move "Ke3" for white at move 2 of game 2 (line 8)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game (1 for the first in the text).
    pub game: usize,
    /// The line of the text (1 for the first).
    pub line: usize,
    /// What was wrong.
    pub kind: PgnErrorKind,
}

/// What was wrong in PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A move could not be read or is not legal.
    Move {
        /// The move number (as in `12.`).
        number: u32,
        /// The side that was to play it.
        side: Color,
        /// The text of the move.
        text: String,
        /// Why it could not be read.
        error: SanError,
    },
    /// The `FEN` tag holds no valid position.
    Fen {
        /// The tag's value.
        fen: String,
        /// What is wrong with it.
        error: FenError,
    },
    /// A tag pair is not written `[Name "value"]`; the string says what is wrong.
    Tag(String),
    /// A `{` comment is never closed.
    UnterminatedComment,
    /// A `(` variation is never closed before the game ends.
    UnclosedVariation,
    /// A `)` closes no variation.
    UnmatchedParenthesis,
    /// A `(` opens a variation before the first move of its line, so it is an alternative
    /// to no move.
    VariationWithoutMove,
    /// A character that has no place here, such as a stray `]` or `}`.
    UnexpectedCharacter(char),
    /// The text could not be read from its source (a file, a pipe, …).
    Io {
        /// What kind of failure it was.
        kind: std::io::ErrorKind,
        /// The error as the source reported it.
        message: String,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let PgnError { game, line, kind } = self;
        let place = format!("game {game} (line {line})");
        match kind {
            PgnErrorKind::Move {
                number,
                side,
                text,
                error,
            } => {
                let what = match error {
                    SanError::Malformed(_) => "unreadable",
                    SanError::Illegal(_) => "illegal",
                    SanError::Ambiguous(_) => "ambiguous",
                    // A reason added later: the error's own text follows.
                    _ => "bad",
                };
                write!(
                    f,
                    "{what} move \"{text}\" for {side} at move {number} of {place}"
                )?;
                match error {
                    SanError::Illegal(_) => Ok(()),
                    _ => write!(f, ": {error}"),
                }
            }
            PgnErrorKind::Fen { fen, error } => {
                write!(f, "bad FEN tag \"{fen}\" in {place}: {error}")
            }
            PgnErrorKind::Tag(what) => write!(f, "bad tag pair in {place}: {what}"),
            PgnErrorKind::UnterminatedComment => {
                write!(f, "comment opened with '{{' is never closed, in {place}")
            }
            PgnErrorKind::UnclosedVariation => {
                write!(f, "variation opened with '(' is never closed, in {place}")
            }
            PgnErrorKind::UnmatchedParenthesis => {
                write!(f, "')' without a matching '(' in {place}")
            }
            PgnErrorKind::VariationWithoutMove => {
                write!(f, "variation opened with '(' before any move, in {place}")
            }
            PgnErrorKind::UnexpectedCharacter(c) => {
                write!(f, "unexpected character {c:?} in {place}")
            }
            PgnErrorKind::Io { message, .. } => {
                write!(f, "cannot read the text of {place}: {message}")
            }
        }
    }
}

impl std::error::Error for PgnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            PgnErrorKind::Move { error, .. } => Some(error),
            PgnErrorKind::Fen { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl PgnErrorKind {
    /// The kind of error for a failure of the source the text is read from.
    pub(crate) fn io(error: &std::io::Error) -> PgnErrorKind {
        PgnErrorKind::Io {
            kind: error.kind(),
            message: error.to_string(),
        }
    }
}
