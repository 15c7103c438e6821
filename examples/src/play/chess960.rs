//! Chess960 in the terminal game (`--chess960 [N]`): which start position each game takes,
//! and how its number is shown.

use outpost_board::{random_chess960_number, Board, CHESS960_POSITIONS};
use outpost_movegen::Game;

/// The Chess960 start positions of a session's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chess960 {
    /// Every game starts from the position with this number (0–959).
    Numbered(u16),
    /// Every game starts from a position drawn at random.
    Random,
}

impl Chess960 {
    /// Reads a start position's number, 0 to 959. The error is a one-line explanation.
    pub fn parse_number(text: &str) -> Result<Chess960, String> {
        text.trim()
            .parse::<u16>()
            .ok()
            .filter(|&number| number < CHESS960_POSITIONS)
            .map(Chess960::Numbered)
            .ok_or_else(|| {
                format!(
                    "--chess960 takes a start position's number from 0 to {}, not '{text}'",
                    CHESS960_POSITIONS - 1
                )
            })
    }

    /// The next game, from its start position, and that position's number (a new one each
    /// time for [`Chess960::Random`]).
    pub fn next_game(self) -> (Game, u16) {
        let number = match self {
            Chess960::Numbered(number) => number,
            Chess960::Random => random_chess960_number(),
        };
        // Every number below 960 has its position; the standard one is a harmless fallback.
        let board = Board::chess960(number).unwrap_or_else(Board::startpos);
        (Game::new(board), number)
    }
}

/// The game `new` starts, with its Chess960 number: the next Chess960 start with `chess960`
/// (a new random one unless numbered), else the standard start.
pub fn new_game(chess960: Option<Chess960>) -> (Game, Option<u16>) {
    match chess960 {
        Some(chess960) => {
            let (game, number) = chess960.next_game();
            (game, Some(number))
        }
        None => (Game::startpos(), None),
    }
}

/// How a Chess960 game is named on screen: `Chess960 #123`.
pub fn title(number: u16) -> String {
    format!("Chess960 #{number}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_and_checked() {
        assert_eq!(Chess960::parse_number("0"), Ok(Chess960::Numbered(0)));
        assert_eq!(Chess960::parse_number("959"), Ok(Chess960::Numbered(959)));
        for bad in ["960", "-1", "x", ""] {
            assert!(Chess960::parse_number(bad)
                .unwrap_err()
                .contains("from 0 to 959"));
        }
    }

    #[test]
    fn games_start_from_their_numbered_position() {
        let (game, number) = Chess960::Numbered(518).next_game();
        assert_eq!(number, 518);
        assert_eq!(game.start(), &Board::startpos());
        let (game, number) = Chess960::Random.next_game();
        assert_eq!(game.start(), &Board::chess960(number).unwrap());
        assert_eq!(title(123), "Chess960 #123");
    }
}
