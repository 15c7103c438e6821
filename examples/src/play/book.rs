//! The seam for an opening book: before the engine searches, the game asks its book for a
//! move. There is no book yet, so [`NoBook`] never knows one; a real book implements
//! [`OpeningBook`] and is handed to [`Session::with_book`](super::Session::with_book).

use outpost_board::Move;
use outpost_movegen::Game;

/// A source of opening moves.
pub trait OpeningBook: Send {
    /// A move for the side to move in `game`, if the book has one. It must be legal in
    /// `game.board()`: the session checks and ignores a move that is not.
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
