//! The rule set of the terminal game (`--variant chess|fragments`): standard chess (and
//! Chess960) or Chess Fragments on 5×5, how it is named on screen, and where its games start.

use super::chess960;
use outpost_board::{Board, Variant};
use outpost_game::Chess960Start;
use outpost_movegen::Game;

/// Reads `--variant`'s value: `chess` or `fragments` (ASCII case ignored). The error is a
/// one-line explanation.
pub fn parse(text: &str) -> Result<Variant, String> {
    Variant::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = Variant::ALL.iter().map(|variant| variant.name()).collect();
        format!("the rules are {}, not '{text}'", names.join(" or "))
    })
}

/// The start position of `variant`.
pub fn start_board(variant: Variant) -> Board {
    outpost_game::variant_start(variant)
}

/// The game `new` starts in a game of `variant`, with its Chess960 number: the Fragments
/// start, or for chess the next Chess960 start with `chess960` (see [`chess960::new_game`]).
pub fn new_game(variant: Variant, chess960: Option<Chess960Start>) -> (Game, Option<u16>) {
    match variant {
        Variant::Chess => chess960::new_game(chess960),
        // Chess Fragments (and a rule set added later): its one start.
        _ => (Game::new(start_board(variant)), None),
    }
}

/// How the rule set is named on screen: `Chess` or `Chess Fragments`.
pub fn title(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "Chess",
        Variant::Fragments => "Chess Fragments",
        // A rule set added later: its name.
        other => other.name(),
    }
}

/// What a new position's rules change, said after it is set up (empty when nothing): a FEN
/// or PGN of the other rule set switches the game to it, and `new` then keeps it.
pub fn rules_change(before: &Board, after: &Board) -> String {
    if before.variant() != after.variant() {
        format!(" Now playing {}.", title(after.variant()))
    } else if after.has_chess960_castling() && !before.has_chess960_castling() {
        " Castling follows Chess960's rules.".to_string()
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_and_checked() {
        assert_eq!(parse("fragments"), Ok(Variant::Fragments));
        assert_eq!(parse("Chess"), Ok(Variant::Chess));
        for bad in ["atomic", "", "5x5"] {
            assert!(parse(bad)
                .unwrap_err()
                .contains("the rules are chess or fragments"));
        }
    }

    #[test]
    fn fragments_games_start_from_the_5x5_start() {
        let board = start_board(Variant::Fragments);
        assert_eq!(board.variant(), Variant::Fragments);
        assert_eq!(board.to_fen(), Variant::Fragments.start_fen());
        let (game, number) = new_game(Variant::Fragments, Some(Chess960Start::Numbered(3)));
        assert_eq!((game.start(), number), (&board, None));
        assert_eq!(new_game(Variant::Chess, None).0.start(), &Board::startpos());
        assert_eq!(title(Variant::Fragments), "Chess Fragments");
    }
}
