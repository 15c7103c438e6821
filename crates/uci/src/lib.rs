//! The UCI front-end of the Outpost chess engine.
//!
//! An [`Engine`] is one UCI session: it reads one command line at a time
//! ([`Engine::handle_line`], or [`Engine::run`] over a whole input) and writes its answers to
//! the output it was created with. A line is first read into a typed [`UciCommand`]
//! ([`UciCommand::parse`]); options are checked against the one option table in
//! [`options`]. A search runs beside the protocol, so `stop`, `isready` and `quit` are
//! answered while it runs.
//!
//! ```
//! use outpost_uci::{Engine, SharedOutput};
//!
//! let output = SharedOutput::default();
//! let mut engine = Engine::new(output.clone());
//! engine.handle_line("position startpos moves e2e4");
//! engine.handle_line("go depth 3");
//! engine.wait_for_search();
//! assert!(output.text().lines().last().unwrap().starts_with("bestmove "));
//! ```

#![deny(missing_docs)]

mod bench;
mod book;
pub mod command;
mod go;
mod input;
pub mod options;
mod output;
mod perft_run;
mod report;
mod session;

pub use bench::{bench, bench_to_depth, BENCH_DEPTH};
pub use command::{UciCommand, UciError, HELP};
pub use options::{OptionChange, DEFAULT_HASH_MIB};
pub use output::SharedOutput;
pub use report::info_line;
pub use session::Engine;

/// The engine's name as announced by `uci`.
pub const NAME: &str = concat!("Outpost ", env!("CARGO_PKG_VERSION"));
