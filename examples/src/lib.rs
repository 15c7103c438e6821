//! The library part of the examples: the modules of the terminal game (`src/bin/play.rs`),
//! kept here so that its tests can drive the game without a terminal.

#![deny(missing_docs)]

pub mod play;
