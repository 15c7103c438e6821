//! Saving the game to a PGN file and loading one back.

use super::Session;
use crate::play::mode::{Mode, Player};
use outpost_board::Color;
use outpost_pgn::{write_pgn, PgnGame, PgnReader};
use std::fs::File;
use std::io::{self, BufReader, Write};
use std::time::{SystemTime, UNIX_EPOCH};

impl<W: Write> Session<W> {
    /// `pgn FILE`: writes the game, with the players and today's date, to `path`.
    pub(super) fn save_pgn(&mut self, path: &str) -> io::Result<()> {
        let mode = self.settings.mode;
        let date = today();
        let tags = [
            ("Event", "Outpost terminal game"),
            ("Date", date.as_str()),
            ("White", player_name(mode, Color::White)),
            ("Black", player_name(mode, Color::Black)),
        ];
        let pgn = PgnGame::from_game(&self.game, &tags);
        match std::fs::write(path, write_pgn(&pgn)) {
            Ok(()) => writeln!(
                self.out,
                "Saved the game ({} half-moves, result {}) to {path}.",
                pgn.moves.len(),
                pgn.result
            ),
            Err(error) => writeln!(self.out, "Could not save the game to {path}: {error}."),
        }
    }

    /// `load FILE`: replaces the game by the first game of the PGN file at `path`. The file
    /// is read only as far as that game (and the start of the next, to say whether there is
    /// one).
    pub(super) fn load_pgn(&mut self, path: &str) -> io::Result<()> {
        // Checked before opening: a FIFO would block the game, a device never end.
        match std::fs::metadata(path) {
            Ok(metadata) if !metadata.is_file() => {
                return writeln!(self.out, "Could not read {path}: not a regular file.");
            }
            Err(error) => return writeln!(self.out, "Could not read {path}: {error}."),
            Ok(_) => {}
        }
        let file = match File::open(path) {
            Ok(file) => file,
            Err(error) => return writeln!(self.out, "Could not read {path}: {error}."),
        };
        let mut games = PgnReader::new(BufReader::new(file));
        let pgn = match games.next() {
            Some(Ok(pgn)) => pgn,
            Some(Err(error)) => return writeln!(self.out, "Could not read {path}: {error}."),
            None => return writeln!(self.out, "{path} holds no game."),
        };
        let Some(game) = pgn.to_game() else {
            return writeln!(self.out, "The game in {path} has an illegal move.");
        };
        self.game = game;
        self.pause_until = None;
        let others = match games.next() {
            None => "",
            Some(_) => " (the first game of the file)",
        };
        writeln!(
            self.out,
            "Loaded {} v {}, {} half-moves{others}.",
            pgn.tag("White").unwrap_or("?"),
            pgn.tag("Black").unwrap_or("?"),
            pgn.moves.len()
        )?;
        self.show_board()?;
        self.announce_end()
    }
}

/// The name of `color`'s player in the PGN tags.
fn player_name(mode: Mode, color: Color) -> &'static str {
    match mode.player(color) {
        Player::Human => "Human",
        Player::Engine => "Outpost",
    }
}

/// Today's date (UTC) as PGN writes it: `2024.05.17`.
fn today() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let (year, month, day) = civil_date(seconds / 86_400);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The year, month and day of the day `days` after 1 January 1970.
fn civil_date(mut days: u64) -> (u64, u64, u64) {
    let leap = |year: u64| {
        (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
    };
    let mut year = 1970;
    loop {
        let length = if leap(year) { 366 } else { 365 };
        if days < length {
            break;
        }
        days -= length;
        year += 1;
    }
    let february = if leap(year) { 29 } else { 28 };
    let lengths = [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let mut month = 1;
    for length in lengths {
        if days < length {
            break;
        }
        days -= length;
        month += 1;
    }
    (year, month, days + 1)
}

#[cfg(test)]
mod tests {
    use super::civil_date;

    #[test]
    fn dates_are_counted_from_1970() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(31), (1970, 2, 1));
        assert_eq!(civil_date(365 + 365 + 59), (1972, 2, 29));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
    }
}
