//! Sliding-piece attacks by magic bitboards.
//!
//! For each square, the squares that can block a slider (its "mask", edges left out) are
//! multiplied by a magic number; the top bits of the product index a table holding the attack
//! set for that arrangement of blockers. The magic numbers are found at start-up by a seeded
//! random search (ChaCha8 with a fixed seed, so the tables are the same on every run) and the
//! tables are built once, on first use.

use once_cell::sync::Lazy;
use outpost_board::{ray_attacks, Bitboard, Square, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

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

const SEED: u64 = 0x6d61_6769_6373_2121; // "magics!!" in ASCII

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

    /// The magic of `square` for rooks (`rook = true`) or bishops.
    pub fn magic(&self, square: Square, rook: bool) -> &Magic {
        if rook {
            &self.rook[square.index()]
        } else {
            &self.bishop[square.index()]
        }
    }

    fn build() -> SliderTables {
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        let mut attacks = Vec::with_capacity(102_400 + 5_248);
        let mut rook = [Magic::default(); 64];
        let mut bishop = [Magic::default(); 64];
        for square in Square::all() {
            rook[square.index()] = find_magic(square, &ROOK_DIRECTIONS, &mut rng, &mut attacks);
        }
        for square in Square::all() {
            bishop[square.index()] = find_magic(square, &BISHOP_DIRECTIONS, &mut rng, &mut attacks);
        }
        SliderTables {
            rook,
            bishop,
            attacks,
        }
    }
}

/// The blocker mask of a slider: its empty-board rays without the last square of each.
pub fn blocker_mask(square: Square, directions: &[(i8, i8)]) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    for &direction in directions {
        let ray = ray_attacks(square, Bitboard::EMPTY, &[direction]);
        // The ray's far end is its last square in the walking direction.
        let last = if direction.0 + direction.1 * 8 > 0 {
            Square::from_index(63 - ray.0.leading_zeros() as usize)
        } else {
            ray.first_unchecked()
        };
        if ray.is_nonempty() {
            mask |= ray.without(last);
        }
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

fn find_magic(
    square: Square,
    directions: &[(i8, i8)],
    rng: &mut ChaCha8Rng,
    table: &mut Vec<Bitboard>,
) -> Magic {
    let mask = blocker_mask(square, directions);
    let bits = mask.count();
    let size = 1usize << bits;
    let occupancies: Vec<Bitboard> = subsets(mask).collect();
    let references: Vec<Bitboard> = occupancies
        .iter()
        .map(|&occupied| ray_attacks(square, occupied, directions))
        .collect();
    let mut slots: Vec<Option<Bitboard>> = vec![None; size];
    loop {
        // Sparse candidates (few set bits) succeed far more often.
        let magic = rng.next_u64() & rng.next_u64() & rng.next_u64();
        if (mask.0.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let candidate = Magic {
            mask: mask.0,
            magic,
            shift: 64 - bits,
            offset: 0,
        };
        slots.iter_mut().for_each(|slot| *slot = None);
        let fits = occupancies
            .iter()
            .zip(&references)
            .all(|(&occupied, &attacks)| {
                let slot = &mut slots[candidate.index(occupied)];
                match slot {
                    None => {
                        *slot = Some(attacks);
                        true
                    }
                    Some(existing) => *existing == attacks,
                }
            });
        if fits {
            let offset = table.len();
            table.extend(slots.iter().map(|slot| slot.unwrap_or_default()));
            return Magic {
                offset,
                ..candidate
            };
        }
    }
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
