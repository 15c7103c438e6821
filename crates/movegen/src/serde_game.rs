//! `serde` support (the `serde` feature): a [`Game`] as its start position and its moves.
//!
//! A game is written as `{"start": FEN, "moves": [UCI, …]}`: the start as
//! `outpost-board` writes a board (its FEN), each move in UCI, with castling as the king taking
//! its own rook when the game's rooks are not those of standard chess (Chess960, where
//! `f1g1` could be a step of the king). It is read back by playing the moves from the start,
//! each looked up among the legal moves ([`UciNotation::parse`]), so that the game read holds
//! the same moves, kinds included, and a move that is not legal is refused with its reason.
//!
//! ```
//! use outpost_movegen::Game;
//!
//! let mut game = Game::startpos();
//! game.play_san("e4").unwrap();
//! game.play_san("c5").unwrap();
//! let json = serde_json::to_string(&game).unwrap();
//! assert_eq!(
//!     json,
//!     r#"{"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e4","c7c5"]}"#
//! );
//! let back: Game = serde_json::from_str(&json).unwrap();
//! assert_eq!(back.moves(), game.moves());
//! assert_eq!(back.board(), game.board());
//! ```

use crate::status::Game;
use crate::uci::UciNotation;
use outpost_board::Board;
use serde::de::{Deserialize, Deserializer, Error};
use serde::ser::{Serialize, Serializer};

/// What is written of a game.
#[derive(serde::Serialize, serde::Deserialize)]
struct Record {
    start: Board,
    moves: Vec<String>,
}

/// How the moves of a game from `start` are written: castling as king takes rook when the
/// rooks are not those of standard chess.
fn notation(start: &Board) -> UciNotation {
    UciNotation::for_board(start, start.has_chess960_castling())
}

impl Serialize for Game {
    /// `{"start": FEN, "moves": [UCI, …]}` (see the module's documentation).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let notation = notation(self.start());
        Record {
            start: self.start().clone(),
            moves: self.moves().iter().map(|&mv| notation.write(mv)).collect(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    /// The start, and each move played from it if it is legal (see the module's
    /// documentation).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let record = Record::deserialize(deserializer)?;
        let notation = notation(&record.start);
        let mut game = Game::new(record.start);
        for (index, text) in record.moves.iter().enumerate() {
            game.play_uci_in(notation, text)
                .map_err(|error| D::Error::custom(format!("move {}: {error}", index + 1)))?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Variant;

    fn round_trip(game: &Game) -> Game {
        let json = serde_json::to_string(game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back.start(), game.start(), "{json}");
        assert_eq!(back.moves(), game.moves(), "{json}");
        assert_eq!(back.board(), game.board(), "{json}");
        back
    }

    #[test]
    fn games_come_back_with_every_move_and_its_kind() {
        let mut game =
            Game::new(Board::from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap());
        for san in ["exd6", "O-O", "bxa8=Q", "Rxa8", "O-O-O"] {
            game.play_san(san).unwrap();
        }
        round_trip(&game);
        round_trip(&Game::startpos());
    }

    #[test]
    fn chess960_castling_is_king_takes_rook() {
        // King f1, rooks b1 and h1: f1g1 is the king's step, castling is written f1h1.
        let mut game =
            Game::new(Board::from_fen("1r3k1r/8/8/8/8/8/8/1R3K1R w BHbh - 0 1").unwrap());
        game.play_san("O-O").unwrap();
        game.play_san("Kg8").unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert!(json.ends_with(r#""moves":["f1h1","f8g8"]}"#), "{json}");
        let back = round_trip(&game);
        assert!(back.moves()[0].is_castle() && !back.moves()[1].is_castle());
        let fragments = Board::from_fen(Variant::Fragments.start_fen()).unwrap();
        let mut game = Game::new(fragments);
        game.play_uci("a2a3").unwrap();
        round_trip(&game);
    }

    #[test]
    fn an_illegal_move_is_refused_with_its_reason() {
        let json = format!(
            r#"{{"start":"{}","moves":["e2e4","e7e5","e4e5"]}}"#,
            Board::STARTPOS_FEN
        );
        let error = serde_json::from_str::<Game>(&json).unwrap_err().to_string();
        assert!(
            error.starts_with("move 3: 'e4e5' is not a legal move here"),
            "{error}"
        );
        assert!(serde_json::from_str::<Game>(r#"{"start":"8/8 w - -","moves":[]}"#).is_err());
    }
}
