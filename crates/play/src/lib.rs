//! Chess in the terminal against the Outpost engine, a friend, or the engine against itself:
//! the library part of the `outpost-play` binary, kept apart so that its tests drive the game
//! without a terminal. [`tui`] is the full-screen app played in a terminal, [`line`](mod@line) the line
//! mode for pipes and scripts (with the parts both use: the command line, commands, PGN files,
//! the text of the board). Both hold one [`outpost_game::GameSession`], which owns the game,
//! the engine's searches, the book and the clocks.

#![deny(missing_docs)]

pub mod line;
pub mod tui;
