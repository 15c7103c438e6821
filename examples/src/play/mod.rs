//! A chess game in the terminal against the Outpost engine (or a friend, or itself), one
//! line at a time: the line mode of `play`, for pipes and scripts (in a terminal `play` is
//! the full-screen app of [`crate::tui`], which uses the parts here that are not about lines:
//! [`command`], [`mode`], [`engine`]'s strength, [`book`] and the PGN files of
//! [`session::files`]).
//!
//! The parts, each with one job:
//!
//! - [`options`]: the command line (`--white`, `--black`, `--mode`, `--time`, …);
//! - [`mode`]: who plays which colour;
//! - [`chess960`]: the Chess960 start positions (`--chess960 [N]`);
//! - [`variant`]: the rule set, chess or Chess Fragments (`--variant`);
//! - [`command`]: one line of input read as a move or a command;
//! - [`engine`]: the engine's strength and its search on a thread of its own;
//! - [`input`]: the events the game waits for (input lines, search progress) and the stdin
//!   reader thread;
//! - [`render`]: the board with its side panel, and the live search line;
//! - [`book`]: the seam where an opening book will plug in;
//! - [`session`]: the game itself, reading events and writing to any [`std::io::Write`].
//!
//! ```no_run
//! use examples::play::{input, Session, Settings};
//!
//! let inbox = input::Inbox::new();
//! input::spawn_stdin_reader(inbox.sender());
//! let mut session = Session::new(Settings::default(), std::io::stdout());
//! session.run(&inbox).unwrap();
//! ```

pub mod book;
pub mod chess960;
pub mod command;
pub mod engine;
pub mod input;
pub mod mode;
pub mod options;
pub mod render;
pub mod session;
pub mod variant;

pub use session::{Session, Settings};
