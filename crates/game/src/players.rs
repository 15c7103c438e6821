//! Who plays which colour.

use outpost_board::Color;
use std::fmt;

/// Who makes the moves of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person typing moves.
    Human,
    /// The Outpost engine.
    Engine,
}

impl Player {
    /// Reads `human` or `engine` (also `h`, `e`, `person`, `computer`, `outpost`).
    pub fn parse(text: &str) -> Option<Player> {
        match text.to_ascii_lowercase().as_str() {
            "human" | "h" | "person" | "me" => Some(Player::Human),
            "engine" | "e" | "computer" | "outpost" => Some(Player::Engine),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Human => "human",
            Player::Engine => "engine",
        })
    }
}

/// The players of both sides. The default is a human (white) against the engine (black).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    /// Who plays white.
    pub white: Player,
    /// Who plays black.
    pub black: Player,
}

impl Default for Mode {
    fn default() -> Mode {
        Mode::new(Player::Human, Player::Engine)
    }
}

/// What [`Mode::parse`] accepts, for help and error messages.
pub const MODE_NAMES: &str = "white (you play white), black (you play black), humans, engines";

impl Mode {
    /// The mode with these players.
    pub const fn new(white: Player, black: Player) -> Mode {
        Mode { white, black }
    }

    /// Reads a mode: one name (`white`, `black`, `humans`, `engines`, or the short forms
    /// `he`, `eh`, `hh`, `ee`) or two players, white's first (`human engine`).
    pub fn parse(words: &[&str]) -> Option<Mode> {
        use Player::{Engine, Human};
        match words {
            [name] => match name.to_ascii_lowercase().as_str() {
                "white" | "he" | "human-engine" => Some(Mode::new(Human, Engine)),
                "black" | "eh" | "engine-human" => Some(Mode::new(Engine, Human)),
                "humans" | "hh" | "human-human" => Some(Mode::new(Human, Human)),
                "engines" | "ee" | "engine-engine" => Some(Mode::new(Engine, Engine)),
                _ => None,
            },
            [white, black] => Some(Mode::new(Player::parse(white)?, Player::parse(black)?)),
            _ => None,
        }
    }

    /// Who plays `color`.
    pub fn player(self, color: Color) -> Player {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The only side a human plays against the engine, if exactly one side is human.
    pub fn lone_human(self) -> Option<Color> {
        match (self.white, self.black) {
            (Player::Human, Player::Engine) => Some(Color::White),
            (Player::Engine, Player::Human) => Some(Color::Black),
            _ => None,
        }
    }

    /// The name a player goes by in the panel and in PGN tags.
    pub fn name(self, color: Color) -> &'static str {
        match (self.player(color), self.lone_human()) {
            (Player::Engine, _) => "Outpost",
            (Player::Human, Some(_)) => "You",
            (Player::Human, None) => "Human",
        }
    }
}

impl fmt::Display for Mode {
    /// For example `white: human, black: engine`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "white: {}, black: {}", self.white, self.black)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_pairs_are_read() {
        assert_eq!(Mode::parse(&["white"]), Some(Mode::default()));
        assert_eq!(
            Mode::parse(&["black"]),
            Some(Mode::new(Player::Engine, Player::Human))
        );
        assert_eq!(
            Mode::parse(&["engine", "engine"]),
            Mode::parse(&["engines"])
        );
        assert_eq!(Mode::parse(&["HH"]), Mode::parse(&["human", "human"]));
        assert_eq!(Mode::parse(&["nobody"]), None);
        assert_eq!(Mode::parse(&[]), None);
        assert_eq!(Mode::parse(&["human", "cat"]), None);
    }

    #[test]
    fn the_lone_human_is_found() {
        assert_eq!(Mode::default().lone_human(), Some(Color::White));
        assert_eq!(
            Mode::parse(&["black"]).unwrap().lone_human(),
            Some(Color::Black)
        );
        assert_eq!(Mode::parse(&["humans"]).unwrap().lone_human(), None);
        assert_eq!(Mode::default().name(Color::Black), "Outpost");
    }
}
