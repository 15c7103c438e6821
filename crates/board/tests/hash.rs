//! `Hash for Board` agrees with `Eq`: a position reached by two move orders is one key.

use outpost_board::{Board, Move, Square};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

fn hash_of(board: &Board) -> u64 {
    let mut hasher = DefaultHasher::new();
    Hash::hash(board, &mut hasher);
    hasher.finish()
}

fn after(moves: &[Move]) -> Board {
    let mut board = Board::startpos();
    for &mv in moves {
        board.make(mv);
    }
    board
}

#[test]
fn transposed_positions_are_one_key() {
    let nf3 = Move::quiet(Square::G1, Square::F3);
    let nc3 = Move::quiet(Square::B1, Square::C3);
    let nf6 = Move::quiet(Square::G8, Square::F6);
    let nc6 = Move::quiet(Square::B8, Square::C6);
    let one = after(&[nf3, nf6, nc3, nc6]);
    let other = after(&[nc3, nc6, nf3, nf6]);
    assert_eq!(one, other);
    assert_eq!(hash_of(&one), hash_of(&other));
    let different = after(&[nf3, nf6, nc3]);
    assert_ne!(one, different);
    let set: HashSet<Board> = [one.clone(), other, different, Board::startpos()]
        .into_iter()
        .collect();
    assert_eq!(set.len(), 3);
    assert!(set.contains(&one));
    // The inherent `hash()` is still the Zobrist key.
    assert_eq!(one.hash(), one.compute_hash());
}
