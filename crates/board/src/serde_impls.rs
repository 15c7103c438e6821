//! `serde` support (the `serde` feature): each value as the text chess writes it.
//!
//! | type | as | read back |
//! |---|---|---|
//! | [`Board`] | its FEN ([`Board::to_fen`]) | [`Board::from_fen`], which refuses what it refuses |
//! | [`Square`] | `e4` | its name |
//! | [`Color`] | `white`, `black` | the same words |
//! | [`Variant`] | `chess`, `fragments` ([`Variant::name`]) | [`Variant::from_name`] |
//! | [`Move`] | its text (`e2e4`, `e7e8q`: see its `Display`) | not read back alone |
//!
//! A [`Move`] is written but not read: its text does not hold its kind (a double push, a
//! capture, castling…), which only the board it is played on tells, and a [`Move`] read
//! without it would not equal the legal move. Read move text on its board
//! (`outpost_movegen::uci::parse_uci_move`), or keep a whole game: with its own `serde`
//! feature, `outpost_movegen::Game` is written as its start position and its moves in UCI
//! and read back by playing them, each checked.

use crate::{Board, Color, Move, Square, Variant};
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};
use std::fmt;

/// Reads a string and turns it into `T` with `parse`, whose error becomes serde's.
struct TextVisitor<T, E: fmt::Display> {
    expecting: &'static str,
    parse: fn(&str) -> Result<T, E>,
}

impl<T, E: fmt::Display> Visitor<'_> for TextVisitor<T, E> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<Err: de::Error>(self, text: &str) -> Result<T, Err> {
        (self.parse)(text).map_err(Err::custom)
    }
}

/// `Serialize` for each type, with the doc comment given: as its `Display` text, or as the
/// text that the function after `by` makes of it.
macro_rules! serialize_as_text {
    ($($(#[$doc:meta])* $type:ident $(by $text:expr)?;)*) => {$(
        impl Serialize for $type {
            $(#[$doc])*
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serialize_as_text!(@write self, serializer $(, $text)?)
            }
        }
    )*};
    (@write $value:ident, $serializer:ident) => {
        $serializer.collect_str($value)
    };
    (@write $value:ident, $serializer:ident, $text:expr) => {
        $serializer.serialize_str(&$text($value))
    };
}

/// `Deserialize` for each type, with the doc comment given: a string, turned into the type by
/// the function after `by` (whose error becomes serde's), the text after `expecting` saying
/// what was expected.
macro_rules! deserialize_from_text {
    ($($(#[$doc:meta])* $type:ident expecting $expecting:literal by $parse:expr;)*) => {$(
        impl<'de> Deserialize<'de> for $type {
            $(#[$doc])*
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                deserializer.deserialize_str(TextVisitor { expecting: $expecting, parse: $parse })
            }
        }
    )*};
}

serialize_as_text! {
    /// The position's FEN.
    Board by Board::to_fen;
    /// The square's name, `e4`.
    Square;
    /// `white` or `black`.
    Color;
    /// The rule set's name: `chess`, `fragments`.
    Variant by |variant: &Variant| variant.name();
    /// The move's text, as its `Display` writes it (`e2e4`, `e7e8q`, `0000`). There is no
    /// `Deserialize`: see the module's documentation.
    Move;
}

deserialize_from_text! {
    /// A FEN, read by [`Board::from_fen`].
    Board expecting "a position in FEN" by Board::from_fen;
    /// A square's name, `e4`.
    Square expecting "a square such as e4" by str::parse;
    /// `white` or `black`.
    Color expecting "white or black" by |text| match text {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(format!("'{other}' is not a colour (white or black)")),
    };
    /// A rule set's name, read by [`Variant::from_name`].
    Variant expecting "a rule set: chess or fragments" by |text| {
        Variant::from_name(text).ok_or_else(|| format!("'{text}' is not a rule set"))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + fmt::Debug>(
        value: T,
        json: &str,
    ) {
        assert_eq!(serde_json::to_string(&value).unwrap(), json);
        assert_eq!(serde_json::from_str::<T>(json).unwrap(), value);
    }

    #[test]
    fn boards_are_fen() {
        round_trip(
            Board::startpos(),
            "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
        );
        let chess960 = Board::chess960(0).unwrap();
        let json = serde_json::to_string(&chess960).unwrap();
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), chess960);
        let fragments = Board::from_fen(Variant::Fragments.start_fen()).unwrap();
        let json = serde_json::to_string(&fragments).unwrap();
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), fragments);
        // A FEN that `from_fen` refuses is refused, with its reason.
        let error = serde_json::from_str::<Board>("\"8/8/8/8/8/8/8/K1K4k w - - 0 1\"")
            .unwrap_err()
            .to_string();
        let reason = Board::from_fen("8/8/8/8/8/8/8/K1K4k w - - 0 1")
            .unwrap_err()
            .to_string();
        assert!(error.contains(&reason), "{error}");
        assert!(serde_json::from_str::<Board>("3").is_err());
    }

    #[test]
    fn squares_colours_and_variants_are_their_names() {
        round_trip(Square::E4, "\"e4\"");
        round_trip(Square::H8, "\"h8\"");
        assert!(serde_json::from_str::<Square>("\"i9\"").is_err());
        round_trip(Color::White, "\"white\"");
        round_trip(Color::Black, "\"black\"");
        assert!(serde_json::from_str::<Color>("\"red\"").is_err());
        round_trip(Variant::Chess, "\"chess\"");
        round_trip(Variant::Fragments, "\"fragments\"");
        assert!(serde_json::from_str::<Variant>("\"go\"").is_err());
    }

    #[test]
    fn moves_are_written_as_their_text() {
        let moves = [
            Move::double_push(Square::E2, Square::E4),
            Move::promotion(Square::E7, Square::E8, crate::PieceKind::Queen, false),
            Move::castle(Square::E1, Square::G1),
            Move::NULL,
        ];
        assert_eq!(
            serde_json::to_string(&moves).unwrap(),
            r#"["e2e4","e7e8q","e1g1","0000"]"#
        );
    }
}
