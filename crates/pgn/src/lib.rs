//! Portable Game Notation (PGN) for the Outpost chess engine: whole games as text, for chess
//! GUIs, databases and people.
//!
//! [`write_pgn`] (or the `Display` of [`PgnGame`]) writes the seven standard tags in their
//! order (`Event`, `Site`, `Date`, `Round`, `White`, `Black`, `Result`), then `Variant` when
//! set (or `Chess960` when the start has Chess960 castling, `fragments` for a game of Chess
//! Fragments, the name `UCI_Variant` uses), `SetUp` and `FEN` when the game
//! does not start from the standard position, `Termination` when the
//! reason the game ended is known, and any other tags; then the moves in SAN with move
//! numbers, wrapped at 80 characters, ending with the reason as a comment and the result:
//!
//! ```text
//! [Event "?"]
//! ...
//! [Result "0-1"]
//! [Termination "Checkmate"]
//!
//! 1. f3 e5 2. g4 Qh4# {Checkmate} 0-1
//! ```
//!
//! [`PgnReader`] reads games back one at a time from any [`std::io::BufRead`], so that a file
//! of any size is read without holding it in memory; [`read_pgn`] reads all the games of a
//! string. The reader skips comments (`{...}` and `;` to the end of the line), variations
//! (`( ... )`, nested too), numeric annotation glyphs (`$1`), suffixes such as `!?`, move
//! numbers (`12.`, `12...`, `12.Nf3`) and `%` escape lines, honours the `FEN` tag, and reads
//! each move with [`parse_san`](outpost_movegen::san::parse_san) on the position it is played
//! from, so the lenient forms described in [`outpost_movegen::san`] are accepted. Errors say
//! which game, which move and which line; no input makes it panic.
//!
//! ```
//! use outpost_pgn::{read_pgn, write_pgn, PgnGame, PgnResult};
//! use outpost_movegen::Game;
//!
//! let mut game = Game::startpos();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_san(san).unwrap();
//! }
//! let pgn = PgnGame::from_game(&game, &[("White", "Fool"), ("Black", "Fate")]);
//! assert_eq!(pgn.result, PgnResult::BlackWins);
//! let text = write_pgn(&pgn);
//! assert!(text.ends_with("1. f3 e5 2. g4 Qh4# {Checkmate} 0-1\n"));
//!
//! let games = read_pgn(&text).unwrap();
//! assert_eq!(games, vec![pgn]);
//! assert_eq!(games[0].tag("White"), Some("Fool"));
//! ```

#![deny(missing_docs)]

mod builder;
mod chars;
mod date;
mod error;
mod game;
mod lexer;
mod reader;
mod words;
mod write;

pub use date::pgn_today;
pub use error::{PgnError, PgnErrorKind};
pub use game::{termination_reason, PgnGame, PgnResult, SEVEN_TAG_ROSTER};
pub use reader::{read_pgn, PgnReader};
pub use write::{write_pgn, LINE_WIDTH};
