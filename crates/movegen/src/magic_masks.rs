//! Blocker masks and their subsets: shared by `cargo xtask tables`, which searches the magic
//! numbers, and by the library, which fills the attack tables with them.

use outpost_board::{ray_attacks, Bitboard, Square};

/// The blocker mask of a slider: its empty-board rays without the last square of each.
pub fn blocker_mask(square: Square, directions: &[(i8, i8)]) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    for &direction in directions {
        let ray = ray_attacks(square, Bitboard::EMPTY, &[direction]);
        if ray.is_empty() {
            continue;
        }
        // The ray's far end is its last square in the walking direction.
        let last = if direction.0 + direction.1 * 8 > 0 {
            Square::from_index(63 - ray.0.leading_zeros() as usize)
        } else {
            ray.first_unchecked()
        };
        mask |= ray.without(last);
    }
    mask
}

/// Every subset of `mask`, by the carry-rippler trick.
pub fn subsets(mask: Bitboard) -> impl Iterator<Item = Bitboard> {
    let mut subset = 0u64;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let current = subset;
        subset = subset.wrapping_sub(mask.0) & mask.0;
        done = subset == 0;
        Some(Bitboard(current))
    })
}
