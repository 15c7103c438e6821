//! The library part of the examples: the modules of the terminal game (`src/bin/play.rs`),
//! kept here so that its tests can drive the game without a terminal: [`tui`], the
//! full-screen app played in a terminal, and [`play`], the line mode for pipes and scripts
//! (with the parts both use: commands, players, the engine's strength, PGN files).
//!
//! The code samples of the workspace's `README.md` are doctests of this crate: each is a whole
//! program, compiled and run by `cargo test --workspace` exactly as the README shows it.

#![deny(missing_docs)]

pub mod play;
pub mod tui;

/// The README's code samples, as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeSamples;
