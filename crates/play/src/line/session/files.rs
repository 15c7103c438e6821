//! Saving the game to a PGN file and loading one back.

use super::Session;
use crate::line::render::half_moves;
use outpost_movegen::Game;
use outpost_pgn::{write_pgn, PgnGame, PgnReader};
use std::fs::File;
use std::io::{self, BufReader, Write};

impl<W: Write> Session<W> {
    /// `pgn FILE`: writes the game, with the players and today's date, to `path`.
    pub(super) fn save_pgn(&mut self, path: &str) -> io::Result<()> {
        let players = self.game.player_tags();
        let pgn = self
            .game
            .pgn(&[("Event", "Outpost terminal game"), players[0], players[1]]);
        match std::fs::write(path, write_pgn(&pgn)) {
            Ok(()) => writeln!(
                self.out,
                "Saved the game ({}, result {}) to {path}.",
                half_moves(pgn.moves.len()),
                pgn.result
            ),
            Err(error) => writeln!(self.out, "Could not save the game to {path}: {error}."),
        }
    }

    /// `load FILE`: replaces the game by the first game of the PGN file at `path`.
    pub(super) fn load_pgn(&mut self, path: &str) -> io::Result<()> {
        let loaded = match read_first_game(path) {
            Ok(loaded) => loaded,
            Err(message) => return writeln!(self.out, "{message}"),
        };
        let now = self.now();
        self.game.new_game(loaded.game, None, now);
        writeln!(self.out, "{}", loaded.summary)?;
        self.show_board()?;
        self.announce_end()
    }
}

/// A game read from a PGN file by [`read_first_game`].
#[derive(Debug)]
pub struct LoadedGame {
    /// The game, replayed.
    pub game: Game,
    /// The game as read.
    pub pgn: PgnGame,
    /// A sentence for the user: `Loaded White v Black, 12 half-moves.`
    pub summary: String,
}

/// Reads the first game of the PGN file at `path`. The file is read only as far as that game
/// (and the start of the next, to say whether there is one). The error is a sentence for the
/// user.
pub fn read_first_game(path: &str) -> Result<LoadedGame, String> {
    // Checked before opening: a FIFO would block the game, a device never end.
    match std::fs::metadata(path) {
        Ok(metadata) if !metadata.is_file() => {
            return Err(format!("Could not read {path}: not a regular file."));
        }
        Err(error) => return Err(format!("Could not read {path}: {error}.")),
        Ok(_) => {}
    }
    let file = File::open(path).map_err(|error| format!("Could not read {path}: {error}."))?;
    let mut games = PgnReader::new(BufReader::new(file));
    let pgn = match games.next() {
        Some(Ok(pgn)) => pgn,
        Some(Err(error)) => return Err(format!("Could not read {path}: {error}.")),
        None => return Err(format!("{path} holds no game.")),
    };
    let Some(game) = pgn.to_game() else {
        return Err(format!("The game in {path} has an illegal move."));
    };
    let others = match games.next() {
        None => "",
        Some(_) => " (the first game of the file)",
    };
    let summary = format!(
        "Loaded {} v {}, {}{others}.",
        pgn.tag("White").unwrap_or("?"),
        pgn.tag("Black").unwrap_or("?"),
        half_moves(pgn.moves.len())
    );
    Ok(LoadedGame { game, pgn, summary })
}
