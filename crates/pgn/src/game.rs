//! A game as PGN records it: [`PgnGame`], its [`PgnResult`], and the standard tag names.

use crate::notes::{MoveNotes, Variation};
use outpost_board::{Board, Color, Move};
use outpost_movegen::{legal_moves, Game, GameStatus};
use std::fmt;

/// The seven tags every PGN game has, in the order they are written.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Tags that [`PgnGame`] keeps in fields of their own rather than in [`PgnGame::tags`].
pub(crate) const FIELD_TAGS: [&str; 4] = ["Result", "FEN", "SetUp", "Termination"];

/// The outcome of a game as PGN writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PgnResult {
    /// White won: `1-0`.
    WhiteWins,
    /// Black won: `0-1`.
    BlackWins,
    /// A draw: `1/2-1/2`.
    Draw,
    /// Unknown, or the game goes on: `*`.
    #[default]
    Unknown,
}

impl PgnResult {
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }

    /// Reads a result token (`1-0`, `0-1`, `1/2-1/2`, `*`); `None` for anything else.
    pub fn from_token(token: &str) -> Option<PgnResult> {
        match token {
            "1-0" => Some(PgnResult::WhiteWins),
            "0-1" => Some(PgnResult::BlackWins),
            "1/2-1/2" => Some(PgnResult::Draw),
            "*" => Some(PgnResult::Unknown),
            _ => None,
        }
    }

    /// The result of a game with this status ([`PgnResult::Unknown`] while it goes on).
    pub fn from_status(status: GameStatus) -> PgnResult {
        match status.winner() {
            Some(Color::White) => PgnResult::WhiteWins,
            Some(Color::Black) => PgnResult::BlackWins,
            None if status.is_over() => PgnResult::Draw,
            None => PgnResult::Unknown,
        }
    }
}

impl fmt::Display for PgnResult {
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The reason a game with this status ended, as written in the `Termination` tag and the
/// final comment: `Checkmate`, `Stalemate`, `Fifty-move rule`, `Threefold repetition`,
/// `Insufficient material`, `Seventy-five-move rule` or `Fivefold repetition`; `None` while
/// the game goes on.
pub fn termination_reason(status: GameStatus) -> Option<&'static str> {
    match status {
        GameStatus::Ongoing => None,
        GameStatus::Checkmate { .. } => Some("Checkmate"),
        GameStatus::Stalemate => Some("Stalemate"),
        GameStatus::FiftyMoveRule => Some("Fifty-move rule"),
        GameStatus::ThreefoldRepetition => Some("Threefold repetition"),
        GameStatus::InsufficientMaterial => Some("Insufficient material"),
        GameStatus::SeventyFiveMoveRule => Some("Seventy-five-move rule"),
        GameStatus::FivefoldRepetition => Some("Fivefold repetition"),
        // A status added later: the PGN standard's word for a game that ended by the rules.
        _ => Some("Normal"),
    }
}

/// One game of a PGN file: its tags, the position it starts from, its moves and its result,
/// with the comments, glyphs and variations that annotate the moves.
///
/// ```
/// use outpost_movegen::{san::parse_san, Game, GameStatus};
/// use outpost_pgn::{read_pgn, PgnGame, PgnResult};
///
/// let text = "[Event \"Casual\"]\n[White \"Fool\"]\n[Result \"0-1\"]\n\n\
///             1. f3 e5 2. g4 {A blunder} Qh4# 0-1\n";
/// let game: &PgnGame = &read_pgn(text).unwrap()[0];
/// assert_eq!(game.tag("White"), Some("Fool"));
/// assert_eq!(game.result, PgnResult::BlackWins);
/// assert_eq!(game.moves.len(), 4);
/// assert_eq!(game.moves[0], parse_san(&game.start, "f3").unwrap());
/// assert_eq!(game.notes[2].comments, ["A blunder"]);
///
/// // Replayed as a game, to ask how it ended or to go on.
/// let replayed: Game = game.to_game().unwrap();
/// assert!(matches!(replayed.status(), GameStatus::Checkmate { .. }));
///
/// // And written: the seven tags, then the moves in SAN.
/// let mut record = PgnGame::from_game(&replayed, &[("White", "Fool")]);
/// record.set_tag("Event", "Casual");
/// assert!(record.to_string().ends_with("1. f3 e5 2. g4 Qh4# {Checkmate} 0-1\n"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs (name, value) in the order read or set, except `Result`, `FEN`, `SetUp` and
    /// `Termination`, which live in [`result`](Self::result), [`start`](Self::start) and
    /// [`termination`](Self::termination). Missing standard tags are written as `?`.
    pub tags: Vec<(String, String)>,
    /// The position the game starts from (written as the `FEN` tag unless it is the standard
    /// starting position).
    pub start: Board,
    /// The moves played from `start`, each legal in the position it is played from.
    pub moves: Vec<Move>,
    /// The outcome.
    pub result: PgnResult,
    /// Why the game ended, in words (`Checkmate`, `Time forfeit`, …), if known. Written as the
    /// `Termination` tag and as a comment before the result; read from the `Termination` tag,
    /// or else from a comment that follows the last move (unless that comment holds a
    /// command such as `[%clk ...]`).
    pub termination: Option<String>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The notes of the moves (glyphs, comments, variations): `notes[i]` belongs to
    /// `moves[i]`. It may be shorter than `moves` (a move without an entry has no notes); the
    /// reader leaves out empty notes at the end, so a game without annotations has none.
    pub notes: Vec<MoveNotes>,
}

impl Default for PgnGame {
    /// An empty game from the standard starting position.
    fn default() -> PgnGame {
        PgnGame::new(Board::startpos())
    }
}

impl PgnGame {
    /// A game without moves starting from `start`, with an unknown result and the standard
    /// tags other than `Result` set to their "unknown" values (`?`, and `????.??.??` for the
    /// date) and the `Variant` tag a Chess960 or Chess Fragments start needs, so that a game
    /// written and read back compares equal.
    pub fn new(start: Board) -> PgnGame {
        let mut tags: Vec<(String, String)> = SEVEN_TAG_ROSTER
            .iter()
            .filter(|&&name| name != "Result")
            .map(|&name| (name.to_string(), unknown_value(name).to_string()))
            .collect();
        // As the writer writes it and the reader keeps it, so that a game read back is equal.
        if let Some(variant) = crate::write::variant_of(&start) {
            tags.push(("Variant".to_string(), variant.to_string()));
        }
        PgnGame {
            tags,
            start,
            moves: Vec::new(),
            result: PgnResult::Unknown,
            termination: None,
            comments: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The record of `game` with the given tags (such as `("White", "Outpost")`); the result
    /// and the termination come from [`Game::status_claiming_draws`]: a game that stops where
    /// a draw can be claimed (threefold repetition, the fifty-move rule) is recorded as that
    /// draw.
    pub fn from_game(game: &Game, tags: &[(&str, &str)]) -> PgnGame {
        let status = game.status_claiming_draws();
        let mut pgn = PgnGame::new(game.start().clone());
        pgn.moves = game.moves().to_vec();
        pgn.result = PgnResult::from_status(status);
        pgn.termination = termination_reason(status).map(str::to_string);
        for (name, value) in tags {
            pgn.set_tag(name, value);
        }
        pgn
    }

    /// The value of the tag `name` (case-sensitive) among [`tags`](Self::tags).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// Sets the tag `name` to `value`, replacing an earlier value or adding it at the end.
    ///
    /// `Result`, `FEN`, `SetUp` and `Termination` are stored too, but the writer takes them
    /// from the fields [`result`](Self::result), [`start`](Self::start) and
    /// [`termination`](Self::termination) instead.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => *old = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The notes of the move `moves[index]`, if it has any.
    pub fn move_notes(&self, index: usize) -> Option<&MoveNotes> {
        self.notes.get(index).filter(|notes| !notes.is_empty())
    }

    /// The notes of the move `moves[index]`, made (empty) if it has none yet, to annotate it.
    /// `index` may be past the moves.
    pub fn move_notes_mut(&mut self, index: usize) -> &mut MoveNotes {
        if self.notes.len() <= index {
            self.notes.resize_with(index + 1, MoveNotes::default);
        }
        &mut self.notes[index]
    }

    /// The clock after each move, read from its `[%clk ...]` comment (see
    /// [`clock`](crate::clock)); `None` for a move without one.
    pub fn clocks(&self) -> Vec<Option<std::time::Duration>> {
        (0..self.moves.len())
            .map(|index| self.notes.get(index).and_then(MoveNotes::clock))
            .collect()
    }

    /// The variations of the move `moves[index]` (alternatives to it); empty if it has none.
    pub fn variations(&self, index: usize) -> &[Variation] {
        self.notes
            .get(index)
            .map_or(&[][..], |notes| &notes.variations)
    }

    /// The game replayed as a [`Game`] (to ask its status or continue it); `None` if a move
    /// is not legal where it is played.
    pub fn to_game(&self) -> Option<Game> {
        let mut game = Game::new(self.start.clone());
        for &mv in &self.moves {
            if !legal_moves(game.board()).contains(&mv) {
                return None;
            }
            game.play(mv);
        }
        Some(game)
    }
}

impl fmt::Display for PgnGame {
    /// The game in PGN, as [`write_pgn`](crate::write_pgn) writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::write_pgn(self))
    }
}

/// The value a standard tag has when it is not known.
pub(crate) fn unknown_value(name: &str) -> &'static str {
    match name {
        "Date" => "????.??.??",
        "Result" => "*",
        _ => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of each rule set, from its start or from a position, with a tag of its own,
    /// written and read back is the same game.
    #[test]
    fn games_of_every_rule_set_read_back_equal() {
        let starts = [
            Board::startpos(),
            Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap(),
            Board::chess960(3).unwrap(),
            Board::from_fen(outpost_board::Variant::Fragments.start_fen()).unwrap(),
        ];
        for start in starts {
            let mut game = Game::new(start.clone());
            for _ in 0..6 {
                let Some(&mv) = outpost_movegen::legal_moves(game.board()).first() else {
                    break;
                };
                game.play(mv);
            }
            let pgn = PgnGame::from_game(&game, &[("White", "Outpost"), ("Annotator", "test")]);
            let read = crate::read_pgn(&crate::write_pgn(&pgn)).unwrap();
            assert_eq!(read, vec![pgn], "{}", start.to_fen());
        }
    }

    #[test]
    fn results_read_and_write() {
        for result in [
            PgnResult::WhiteWins,
            PgnResult::BlackWins,
            PgnResult::Draw,
            PgnResult::Unknown,
        ] {
            assert_eq!(PgnResult::from_token(&result.to_string()), Some(result));
        }
        assert_eq!(PgnResult::from_token("1-1"), None);
        assert_eq!(
            PgnResult::from_status(GameStatus::Stalemate),
            PgnResult::Draw
        );
        assert_eq!(
            PgnResult::from_status(GameStatus::Ongoing),
            PgnResult::Unknown
        );
    }
}
