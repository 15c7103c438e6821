//! The invariants that Outpost's fuzz targets check, one function per target, each taking
//! the fuzzer's bytes.
//!
//! The functions live here, in a library of the workspace built by the stable toolchain,
//! rather than in the cargo-fuzz crate (`fuzz/`, nightly only), so that:
//!
//! - the fuzz targets (`fuzz/fuzz_targets/*.rs`) are one line each, calling these;
//! - `cargo test --workspace` replays every seed (`fuzz/seeds/<target>/`) and every input the
//!   fuzzer ever crashed on (`fuzz/regressions/<target>/`) through the same checks on
//!   stable Rust (`tests/corpus.rs`), so a crash once found stays fixed.
//!
//! Each function must return normally for **any** input: a panic, whether an `assert!` of
//! an invariant below or a bug in the engine, is what the fuzzer reports as a crash.
//!
//! | target | input | invariants |
//! |---|---|---|
//! | [`fen`](mod@fen) | a FEN, or EPD text | [`fen()`] |
//! | [`san`](mod@san) | a FEN line, then one SAN move a line | [`san()`] |
//! | [`uci_move`](mod@uci_move) | a FEN line, then one UCI move a line | [`uci_move()`] |
//! | [`pgn`](mod@pgn) | PGN text | [`pgn()`] |
//! | `uci_session` ([`session`]) | UCI input lines | [`uci_session()`] |
//! | [`polyglot`](mod@polyglot) | the bytes of a Polyglot `.bin` book | [`polyglot()`] |
//!
//! Input bytes that are not UTF-8 are read as text with `U+FFFD` in place of each bad
//! sequence, as the engine reads its input.

#![deny(missing_docs)]

pub mod fen;
pub mod pgn;
pub mod polyglot;
pub mod san;
pub mod session;
pub mod uci_move;

pub use fen::fen;
pub use pgn::pgn;
pub use polyglot::polyglot;
pub use san::san;
pub use session::uci_session;
pub use uci_move::uci_move;

use std::borrow::Cow;

/// A target's check: returns for every input, panics when an invariant breaks.
pub type Check = fn(&[u8]);

/// Every target: its name (the file `fuzz/fuzz_targets/<name>.rs`, the folders
/// `fuzz/seeds/<name>/` and `fuzz/regressions/<name>/`) and its check.
pub const TARGETS: [(&str, Check); 6] = [
    ("fen", fen),
    ("san", san),
    ("uci_move", uci_move),
    ("pgn", pgn),
    ("uci_session", uci_session),
    ("polyglot", polyglot),
];

/// The check of the target called `name`.
pub fn check_for(name: &str) -> Option<Check> {
    TARGETS
        .iter()
        .find(|(target, _)| *target == name)
        .map(|&(_, check)| check)
}

/// The input as text, `U+FFFD` for each sequence that is not UTF-8.
fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// The input for an assertion message: Rust's escaped form, cut short when long.
fn shown(text: &str) -> String {
    const LIMIT: usize = 300;
    let escaped = format!("{text:?}");
    match escaped.char_indices().nth(LIMIT) {
        Some((end, _)) => format!("{}…", &escaped[..end]),
        None => escaped,
    }
}

/// The lines of an input of the form "a FEN line, then one item a line" (the `san` and
/// `uci_move` targets): the position of the first line, or the start position when it is not
/// a valid FEN, and at most `limit` further lines, each without a `\r` before its `\n`.
fn position_and_lines(text: &str, limit: usize) -> (outpost_board::Board, Vec<&str>) {
    let mut lines = text
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line));
    let first = lines.next().unwrap_or("");
    let board =
        outpost_board::Board::from_fen(first).unwrap_or_else(|_| outpost_board::Board::startpos());
    (board, lines.take(limit).collect())
}
