//! Sliding-piece attacks by magic bitboards.
//!
//! For each square, the squares that can block a slider (its "mask", edges left out) are
//! multiplied by a magic number; the top bits of the product index a table holding the attack
//! set for that arrangement of blockers. The tables are built once, on first use, from magic
//! numbers committed in `magics.rs`: `cargo xtask tables` finds them by a seeded random search
//! (ChaCha8 with a fixed seed, so the numbers are the same on every run), and the test below
//! checks every square and every blocker subset against ray walking.

pub use crate::magic_masks::{blocker_mask, subsets};
use once_cell::sync::Lazy;
use outpost_board::{ray_attacks, Bitboard, Square, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};

// ROOK_MAGICS and BISHOP_MAGICS, written by `cargo xtask tables`.
include!("magics.rs");

/// One square's magic: which blockers matter, the multiplier, and where its slice of the
/// shared attack table starts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Magic {
    /// The squares whose occupancy changes the attacks (rays without their last square).
    pub mask: u64,
    /// The multiplier.
    pub magic: u64,
    /// 64 minus the number of index bits.
    pub shift: u32,
    /// Start of this square's entries in the attack table.
    pub offset: usize,
}

impl Magic {
    #[inline]
    fn index(&self, occupied: Bitboard) -> usize {
        self.offset + ((occupied.0 & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Magic numbers and attack tables for rooks and bishops.
pub struct SliderTables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: Vec<Bitboard>,
}

static TABLES: Lazy<SliderTables> = Lazy::new(SliderTables::build);

impl SliderTables {
    /// The tables, built on first use.
    #[inline]
    pub fn get() -> &'static SliderTables {
        &TABLES
    }

    /// Rook attacks from `square` with `occupied` squares blocking.
    #[inline]
    pub fn rook(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.attacks[self.rook[square.index()].index(occupied)]
    }

    /// Bishop attacks from `square` with `occupied` squares blocking.
    #[inline]
    pub fn bishop(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.attacks[self.bishop[square.index()].index(occupied)]
    }

    /// Queen attacks from `square` with `occupied` squares blocking: a rook's and a bishop's.
    #[inline]
    pub fn queen(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.rook(square, occupied) | self.bishop(square, occupied)
    }

    /// The magic of `square` for rooks (`rook = true`) or bishops.
    pub fn magic(&self, square: Square, rook: bool) -> &Magic {
        if rook {
            &self.rook[square.index()]
        } else {
            &self.bishop[square.index()]
        }
    }

    fn build() -> SliderTables {
        let mut attacks = Vec::with_capacity(102_400 + 5_248);
        let mut rook = [Magic::default(); 64];
        let mut bishop = [Magic::default(); 64];
        for square in Square::all() {
            let i = square.index();
            rook[i] = fill(square, &ROOK_DIRECTIONS, ROOK_MAGICS[i], &mut attacks);
            bishop[i] = fill(square, &BISHOP_DIRECTIONS, BISHOP_MAGICS[i], &mut attacks);
        }
        SliderTables {
            rook,
            bishop,
            attacks,
        }
    }
}

/// Appends the attack sets of `square` to `table` and returns its magic.
fn fill(square: Square, directions: &[(i8, i8)], magic: u64, table: &mut Vec<Bitboard>) -> Magic {
    let mask = blocker_mask(square, directions);
    let magic = Magic {
        mask: mask.0,
        magic,
        shift: 64 - mask.count(),
        offset: table.len(),
    };
    table.resize(table.len() + (1 << mask.count()), Bitboard::EMPTY);
    for occupied in subsets(mask) {
        table[magic.index(occupied)] = ray_attacks(square, occupied, directions);
    }
    magic
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every square and every blocker subset agrees with slow ray walking.
    #[test]
    fn magic_lookups_match_ray_walking_for_every_blocker_subset() {
        let tables = SliderTables::get();
        let mut checked = 0usize;
        for square in Square::all() {
            for (directions, is_rook) in [(&ROOK_DIRECTIONS, true), (&BISHOP_DIRECTIONS, false)] {
                let mask = blocker_mask(square, directions);
                for occupied in subsets(mask) {
                    // Pieces outside the mask must not change the result.
                    let noisy = occupied | Bitboard(!mask.0 & 0x8142_2418_1824_4281);
                    let expected = ray_attacks(square, occupied, directions);
                    let got = if is_rook {
                        tables.rook(square, noisy)
                    } else {
                        tables.bishop(square, noisy)
                    };
                    assert_eq!(got, expected, "square {square}, blockers {occupied:?}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 102_400 + 5_248);
    }

    #[test]
    fn masks_leave_out_edges() {
        assert_eq!(blocker_mask(Square::A1, &ROOK_DIRECTIONS).count(), 12);
        assert_eq!(blocker_mask(Square::E4, &ROOK_DIRECTIONS).count(), 10);
        assert_eq!(blocker_mask(Square::E4, &BISHOP_DIRECTIONS).count(), 9);
        assert_eq!(subsets(Bitboard(0b1011)).count(), 8);
    }
}
