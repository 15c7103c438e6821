//! A pair of middlegame and endgame scores, blended by the game phase.

use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// The game phase of the opening (all minor and major pieces on the board).
pub const MAX_PHASE: i32 = 24;

/// A middlegame and an endgame score in centipawns, to be blended by the game phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tapered {
    /// The score when all pieces are on the board (phase [`MAX_PHASE`]).
    pub middlegame: i32,
    /// The score with only kings and pawns left (phase 0).
    pub endgame: i32,
}

impl Tapered {
    /// Both parts zero.
    pub const ZERO: Tapered = Tapered::new(0, 0);

    /// The pair (`middlegame`, `endgame`).
    #[inline]
    pub const fn new(middlegame: i32, endgame: i32) -> Tapered {
        Tapered {
            middlegame,
            endgame,
        }
    }

    /// The blended score `(middlegame * phase + endgame * (24 - phase)) / 24`, rounded
    /// towards zero (so `(-t).blend(p) == -(t.blend(p))`). `phase` is clamped to `0..=24`.
    #[inline]
    pub const fn blend(self, phase: i32) -> i32 {
        let phase = if phase < 0 {
            0
        } else if phase > MAX_PHASE {
            MAX_PHASE
        } else {
            phase
        };
        (self.middlegame * phase + self.endgame * (MAX_PHASE - phase)) / MAX_PHASE
    }
}

/// A [`Tapered`] packed into one `i32` (`middlegame * 65536 + endgame`), so that a sum of
/// pairs takes one addition and a multiple one multiplication. Sums wrap, and unpacking is
/// exact as long as both halves of the true sum stay within `i16`, which the terms beyond
/// material do by far (tests hold the packed sums to the plain ones on random games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PackedTapered(i32);

impl PackedTapered {
    /// Both halves zero.
    pub(crate) const ZERO: PackedTapered = PackedTapered(0);

    /// `pair` packed (both halves within `i16`).
    pub(crate) const fn pack(pair: Tapered) -> PackedTapered {
        PackedTapered(
            pair.middlegame
                .wrapping_mul(1 << 16)
                .wrapping_add(pair.endgame),
        )
    }

    /// The pair this packs.
    #[inline]
    pub(crate) fn unpack(self) -> Tapered {
        // The low half read as signed; what remains is the middlegame half, times 65536.
        let endgame = i32::from(self.0 as i16);
        Tapered::new(self.0.wrapping_sub(endgame) >> 16, endgame)
    }

    /// Adds `count` times `value`.
    #[inline]
    pub(crate) fn add_times(&mut self, value: PackedTapered, count: i32) {
        self.0 = self.0.wrapping_add(value.0.wrapping_mul(count));
    }
}

impl Add for Tapered {
    type Output = Tapered;

    #[inline]
    fn add(self, other: Tapered) -> Tapered {
        Tapered::new(
            self.middlegame + other.middlegame,
            self.endgame + other.endgame,
        )
    }
}

impl Sub for Tapered {
    type Output = Tapered;

    #[inline]
    fn sub(self, other: Tapered) -> Tapered {
        Tapered::new(
            self.middlegame - other.middlegame,
            self.endgame - other.endgame,
        )
    }
}

impl Neg for Tapered {
    type Output = Tapered;

    #[inline]
    fn neg(self) -> Tapered {
        Tapered::new(-self.middlegame, -self.endgame)
    }
}

impl AddAssign for Tapered {
    #[inline]
    fn add_assign(&mut self, other: Tapered) {
        *self = *self + other;
    }
}

impl SubAssign for Tapered {
    #[inline]
    fn sub_assign(&mut self, other: Tapered) {
        *self = *self - other;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blend_weights_middlegame_by_phase() {
        let score = Tapered::new(240, -120);
        assert_eq!(score.blend(24), 240);
        assert_eq!(score.blend(0), -120);
        assert_eq!(score.blend(12), 60);
        assert_eq!(score.blend(99), 240, "phase is clamped");
        assert_eq!((-score).blend(7), -score.blend(7));
        assert_eq!(Tapered::new(1, 2) + Tapered::new(3, 4), Tapered::new(4, 6));
    }

    #[test]
    fn packed_sums_unpack_to_the_plain_sums() {
        let pairs = [
            (-100, 37),
            (250, -3),
            (-1, -1),
            (0, 32_000),
            (-16_000, 5),
            (7, -9),
        ];
        let mut packed = PackedTapered::ZERO;
        let mut plain = Tapered::ZERO;
        for (index, &(middlegame, endgame)) in pairs.iter().enumerate() {
            let pair = Tapered::new(middlegame, endgame);
            let count = index as i32 - 2;
            packed.add_times(PackedTapered::pack(pair), count);
            plain += Tapered::new(middlegame * count, endgame * count);
            assert_eq!(packed.unpack(), plain, "after {index}");
        }
        // A sum may leave the range of i16 on the way, as long as it comes back.
        let mut packed = PackedTapered::ZERO;
        let big = PackedTapered::pack(Tapered::new(30_000, -30_000));
        packed.add_times(big, 2);
        packed.add_times(PackedTapered::pack(Tapered::new(-32_768, 32_767)), 1);
        packed.add_times(big, -2);
        assert_eq!(packed.unpack(), Tapered::new(-32_768, 32_767));
    }
}
