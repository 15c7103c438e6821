//! The opening book: before the engine searches for its move, the game asks its book. The
//! terminal game uses [`BuiltinOpenings`] (the built-in book of `outpost-book`, so the engine
//! varies its openings); [`NoBook`] never knows a move and keeps tests repeatable. A book is
//! handed to [`GameSession::with_book`](crate::GameSession::with_book).

use outpost_board::Move;
use outpost_book::{Book, BuiltinBook};
use outpost_movegen::Game;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;

/// A source of opening moves.
pub trait OpeningBook: Send {
    /// A move for the side to move in `game`, if the book has one. The session plays it only
    /// when it is legal in `game.board()`.
    fn probe(&self, game: &Game) -> Option<Move>;
}

/// The book with no moves: the engine always searches.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoBook;

impl OpeningBook for NoBook {
    fn probe(&self, _game: &Game) -> Option<Move> {
        None
    }
}

/// The built-in book of main lines, choosing among its moves by weight.
pub struct BuiltinOpenings {
    rng: RefCell<ChaCha8Rng>,
}

impl BuiltinOpenings {
    /// The built-in book with its random choices seeded by `seed`.
    pub fn new(seed: u64) -> BuiltinOpenings {
        BuiltinOpenings {
            rng: RefCell::new(ChaCha8Rng::seed_from_u64(seed)),
        }
    }

    /// The built-in book seeded from the clock, so that every game may open differently.
    pub fn seeded_from_clock() -> BuiltinOpenings {
        let nanos = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos() as u64);
        BuiltinOpenings::new(nanos)
    }
}

impl OpeningBook for BuiltinOpenings {
    fn probe(&self, game: &Game) -> Option<Move> {
        BuiltinBook.choose(game.board(), &mut self.rng.borrow_mut())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_book_knows_the_start_position_and_varies() {
        let game = Game::startpos();
        let first_moves: std::collections::HashSet<Move> = (0..20)
            .filter_map(|seed| BuiltinOpenings::new(seed).probe(&game))
            .collect();
        assert!(first_moves.len() > 1, "{first_moves:?}");
        assert_eq!(NoBook.probe(&game), None);
    }
}
