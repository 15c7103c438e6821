//! The values compiled into the evaluation, pinned: the evaluations of many positions from
//! random games hash to a known number (set by the commit that last changed the terms or
//! their values in the generated `tuned.rs`). A tuned file changes this number on purpose
//! (the commit that brings tuned values updates it, with the games that prove them).

use outpost_board::{Board, Piece, Square, Variant};
use outpost_eval::{evaluate, piece_square_value};
use outpost_movegen::legal_moves;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// FNV-1a over a stream of numbers.
fn fnv(hash: u64, value: i32) -> u64 {
    value.to_le_bytes().iter().fold(hash, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[test]
fn evaluations_of_random_games_are_unchanged() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let mut hash = 0xcbf2_9ce4_8422_2325;
    let mut positions = 0;
    for _ in 0..200 {
        let mut board = Board::startpos();
        for _ in 0..120 {
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            board.make(moves[rng.next_u32() as usize % moves.len()]);
            hash = fnv(hash, evaluate(&board));
            positions += 1;
        }
    }
    assert!(positions > 20_000);
    assert_eq!(hash, 8_790_768_520_602_482_800, "{positions} positions");
}

#[test]
fn piece_square_values_are_unchanged() {
    let mut hash = 0xcbf2_9ce4_8422_2325;
    for piece in Piece::ALL {
        for square in Square::all() {
            let value = piece_square_value(Variant::Chess, piece, square);
            hash = fnv(fnv(hash, value.middlegame), value.endgame);
        }
    }
    assert_eq!(hash, 14_405_821_279_398_047_069);
}
