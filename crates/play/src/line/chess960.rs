//! Chess960 in the terminal game (`--chess960 [N]`): reading the number from the command line
//! and starting each game from the game core's [`Chess960Start`].

use outpost_board::CHESS960_POSITIONS;
use outpost_game::{game_title, Chess960Start};
use outpost_movegen::Game;

/// Reads `--chess960`'s number, 0 to 959. The error is a one-line explanation.
pub fn parse_number(text: &str) -> Result<Chess960Start, String> {
    Chess960Start::parse(text).map_err(|_| {
        format!(
            "a start position's number from 0 to {} is needed, not '{text}'",
            CHESS960_POSITIONS - 1
        )
    })
}

/// The game `new` starts, with its Chess960 number: the next Chess960 start with `chess960`
/// (a new random one unless numbered), else the standard start.
pub fn new_game(chess960: Option<Chess960Start>) -> (Game, Option<u16>) {
    match chess960 {
        Some(chess960) => {
            let (board, number) = chess960.next();
            (Game::new(board), Some(number))
        }
        None => (Game::startpos(), None),
    }
}

/// How a Chess960 game is named on screen: `Chess960 #123`.
pub fn title(number: u16) -> String {
    game_title(outpost_board::Variant::Chess, Some(number))
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Board;

    #[test]
    fn numbers_are_read_and_checked() {
        assert_eq!(parse_number("0"), Ok(Chess960Start::Numbered(0)));
        assert_eq!(parse_number("959"), Ok(Chess960Start::Numbered(959)));
        for bad in ["960", "-1", "x", ""] {
            assert!(parse_number(bad).unwrap_err().contains("from 0 to 959"));
        }
    }

    #[test]
    fn games_start_from_their_numbered_position() {
        let (game, number) = new_game(Some(Chess960Start::Numbered(518)));
        assert_eq!(number, Some(518));
        assert_eq!(game.start(), &Board::startpos());
        let (game, number) = new_game(Some(Chess960Start::Random));
        assert_eq!(game.start(), &Board::chess960(number.unwrap()).unwrap());
        assert_eq!(title(123), "Chess960 #123");
    }
}
