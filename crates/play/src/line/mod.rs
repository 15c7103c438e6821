//! A chess game in the terminal against the Outpost engine (or a friend, or itself), one
//! line at a time: the line mode of `outpost-play`, for pipes and scripts (in a terminal it is
//! the full-screen app of [`crate::tui`], which uses the parts here that are not about lines:
//! [`options`], [`command`], [`chess960`], [`variant`] and the PGN files of
//! [`session::files`]). The game itself, the engine's searches, the book and the players are
//! the game core's ([`outpost_game::GameSession`]).
//!
//! The parts, each with one job:
//!
//! - [`options`]: the command line (`--white`, `--black`, `--mode`, `--time`, …);
//! - [`chess960`]: the Chess960 start positions (`--chess960 [N]`);
//! - [`variant`]: the rule set, chess or Chess Fragments (`--variant`);
//! - [`command`]: one line of input read as a move or a command;
//! - [`input`]: the events the game waits for (input lines, the engine's reports) and the
//!   stdin reader thread;
//! - [`render`]: the board with its side panel, and the live search line;
//! - [`session`]: the game itself, reading events and writing to any [`std::io::Write`].
//!
//! ```no_run
//! use outpost_play::line::{input, Session, Settings};
//!
//! let inbox = input::Inbox::new();
//! input::spawn_stdin_reader(inbox.sender());
//! let mut session = Session::new(Settings::default(), std::io::stdout());
//! session.run(&inbox).unwrap();
//! ```

pub mod chess960;
pub mod command;
pub mod input;
pub mod options;
pub mod render;
pub mod session;
pub mod variant;

pub use session::{Session, Settings};
