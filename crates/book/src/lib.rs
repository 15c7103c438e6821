#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod builtin;
mod error;
pub mod polyglot;
mod polyglot_file;
mod polyglot_keys;

pub use builtin::BuiltinBook;
pub use error::BookError;
pub use polyglot::{PolyglotBook, PolyglotEntry};
pub use polyglot_file::{PolyglotFile, PolyglotReader};

use outpost_board::{Board, Move};
use rand_chacha::rand_core::RngCore;
use rand_chacha::ChaCha8Rng;
use std::rc::Rc;
use std::sync::Arc;

/// An opening book: the moves it knows in a position, with weights.
///
/// Implemented by [`PolyglotBook`] and [`BuiltinBook`], and by references, boxes and shared
/// pointers to any book, so that a caller can hold either kind as `Box<dyn Book + Send + Sync>`.
pub trait Book {
    /// The book's moves in `board`, each with its weight (how often it should be played,
    /// relative to the others), highest weight first. Only legal moves are returned; a move
    /// listed twice is returned once with the weights added. Empty when the position is not in
    /// the book.
    fn moves(&self, board: &Board) -> Vec<(Move, u16)>;

    /// A book move for `board`, picked at random with probability proportional to its weight
    /// (see [`choose_weighted`]), or `None` when the book has no move of positive weight here.
    fn choose(&self, board: &Board, rng: &mut ChaCha8Rng) -> Option<Move> {
        choose_weighted(&self.moves(board), rng)
    }
}

/// Picks one of `moves` at random, each with probability `weight / total weight`. Moves of
/// weight 0 are never picked (as in Polyglot); `None` when no move has a positive weight.
///
/// The same generator state always gives the same choice, so a seeded [`ChaCha8Rng`] makes
/// book play reproducible.
pub fn choose_weighted(moves: &[(Move, u16)], rng: &mut ChaCha8Rng) -> Option<Move> {
    let total: u64 = moves.iter().map(|&(_, weight)| u64::from(weight)).sum();
    if total == 0 {
        return None;
    }
    // Modulo bias is below total / 2^64, far too small to matter for at most 2^32 weights.
    let mut pick = rng.next_u64() % total;
    for &(mv, weight) in moves {
        let weight = u64::from(weight);
        if pick < weight {
            return Some(mv);
        }
        pick -= weight;
    }
    None
}

impl<B: Book + ?Sized> Book for &B {
    fn moves(&self, board: &Board) -> Vec<(Move, u16)> {
        (**self).moves(board)
    }
    fn choose(&self, board: &Board, rng: &mut ChaCha8Rng) -> Option<Move> {
        (**self).choose(board, rng)
    }
}

impl<B: Book + ?Sized> Book for Box<B> {
    fn moves(&self, board: &Board) -> Vec<(Move, u16)> {
        (**self).moves(board)
    }
    fn choose(&self, board: &Board, rng: &mut ChaCha8Rng) -> Option<Move> {
        (**self).choose(board, rng)
    }
}

impl<B: Book + ?Sized> Book for Arc<B> {
    fn moves(&self, board: &Board) -> Vec<(Move, u16)> {
        (**self).moves(board)
    }
    fn choose(&self, board: &Board, rng: &mut ChaCha8Rng) -> Option<Move> {
        (**self).choose(board, rng)
    }
}

impl<B: Book + ?Sized> Book for Rc<B> {
    fn moves(&self, board: &Board) -> Vec<(Move, u16)> {
        (**self).moves(board)
    }
    fn choose(&self, board: &Board, rng: &mut ChaCha8Rng) -> Option<Move> {
        (**self).choose(board, rng)
    }
}

/// Adds up the weights of repeated moves (saturating at `u16::MAX`), keeping the first
/// occurrence's place, then sorts by weight, highest first (stable: ties keep their order).
pub(crate) fn merge_and_sort(moves: impl IntoIterator<Item = (Move, u16)>) -> Vec<(Move, u16)> {
    let mut merged: Vec<(Move, u16)> = Vec::new();
    for (mv, weight) in moves {
        match merged.iter_mut().find(|(known, _)| *known == mv) {
            Some((_, total)) => *total = total.saturating_add(weight),
            None => merged.push((mv, weight)),
        }
    }
    merged.sort_by_key(|&(_, weight)| std::cmp::Reverse(weight));
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Square;
    use rand_chacha::rand_core::SeedableRng;

    #[test]
    fn weighted_choice_follows_the_weights() {
        let e4 = Move::double_push(Square::E2, Square::E4);
        let d4 = Move::double_push(Square::D2, Square::D4);
        let c4 = Move::double_push(Square::C2, Square::C4);
        let moves = [(e4, 3), (d4, 1), (c4, 0)];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut counts = [0u32; 3];
        for _ in 0..4000 {
            let pick = choose_weighted(&moves, &mut rng).unwrap();
            counts[moves.iter().position(|&(mv, _)| mv == pick).unwrap()] += 1;
        }
        assert_eq!(counts[2], 0, "a move of weight 0 is never chosen");
        assert!((2800..3200).contains(&counts[0]), "{counts:?}");
        assert!((800..1200).contains(&counts[1]), "{counts:?}");
        assert_eq!(choose_weighted(&[(c4, 0)], &mut rng), None);
        assert_eq!(choose_weighted(&[], &mut rng), None);
    }

    #[test]
    fn same_seed_same_choice() {
        let moves: Vec<(Move, u16)> = [Square::A3, Square::B3, Square::C3, Square::D3]
            .iter()
            .zip(1..)
            .map(|(&to, weight)| (Move::quiet(Square::from_index(to.index() - 8), to), weight))
            .collect();
        let picks = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            (0..20)
                .map(|_| choose_weighted(&moves, &mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(picks(5), picks(5));
        assert_ne!(picks(5), picks(6));
    }

    #[test]
    fn repeated_moves_are_merged() {
        let e4 = Move::double_push(Square::E2, Square::E4);
        let d4 = Move::double_push(Square::D2, Square::D4);
        assert_eq!(
            merge_and_sort([(e4, 2), (d4, 3), (e4, u16::MAX)]),
            vec![(e4, u16::MAX), (d4, 3)]
        );
        assert_eq!(
            merge_and_sort([(e4, 2), (d4, 2)]),
            vec![(e4, 2), (d4, 2)],
            "ties keep their order"
        );
    }
}
