#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod builder;
mod chars;
mod date;
mod error;
mod game;
mod lexer;
mod notes;
mod reader;
mod words;
mod write;

pub use date::pgn_today;
pub use error::{PgnError, PgnErrorKind};
pub use game::{termination_reason, PgnGame, PgnResult, SEVEN_TAG_ROSTER};
pub use notes::{clock, comment_command, eval, Eval, MoveNotes, Variation};
pub use reader::{read_pgn, read_pgn_lenient, PgnReader};
pub use write::{write_pgn, LINE_WIDTH};
