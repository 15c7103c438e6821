//! A set of squares as a 64-bit integer, and the slow ray-walking reference for sliding attacks.

use crate::types::{File, Rank, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares: bit `i` is set when square `i` (a1 = 0) is in the set.
///
/// Sets combine with `&`, `|`, `^` and `!`, and a set is an iterator over its squares, a1
/// first.
///
/// ```
/// use outpost_board::{Bitboard, Rank, Square};
///
/// let centre = Bitboard::from_square(Square::D4)
///     | Square::E4.into()
///     | Bitboard::from_square(Square::D5)
///     | Bitboard::from_square(Square::E5);
/// assert_eq!(centre.count(), 4);
/// assert!(centre.contains(Square::E4) && !centre.contains(Square::E3));
/// assert_eq!(centre & Bitboard::rank(Rank::R4), Bitboard::from_square(Square::D4).with(Square::E4));
/// assert_eq!(centre.first(), Some(Square::D4));
/// let squares: Vec<Square> = centre.into_iter().collect();
/// assert_eq!(squares, [Square::D4, Square::E4, Square::D5, Square::E5]);
/// assert_eq!((!centre).count(), 60);
/// assert_eq!(centre.north().first(), Some(Square::D5));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding only `square`.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// All squares of `file`.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file.index())
    }

    /// All squares of `rank`.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xFF << (8 * rank.index()))
    }

    /// `true` when the set has no square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` when the set has at least one square.
    #[inline]
    pub const fn is_nonempty(self) -> bool {
        self.0 != 0
    }

    /// `true` when `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// `true` when the set has more than one square.
    #[inline]
    pub const fn has_several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros() as usize))
        }
    }

    /// The lowest square of a set known to be non-empty (a1 for an empty set).
    #[inline]
    pub const fn first_unchecked(self) -> Square {
        Square::from_index(self.0.trailing_zeros() as usize)
    }

    /// The set with `square` added.
    #[inline]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square.index())
    }

    /// The set with `square` removed.
    #[inline]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square.index()))
    }

    /// Every square moved one rank up (towards rank 8); squares on rank 8 fall off.
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Every square moved one rank down (towards rank 1); squares on rank 1 fall off.
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Every square moved one file right (towards h); squares on the h-file fall off.
    #[inline]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 << 1) & !0x0101_0101_0101_0101)
    }

    /// Every square moved one file left (towards a); squares on the a-file fall off.
    #[inline]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 >> 1) & !0x8080_8080_8080_8080)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    /// Yields the squares from a1 towards h8, removing each from the set.
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let square = self.first()?;
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $op:tt, $assign_trait:ident $assign_method:ident $assign_op:tt;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 $assign_op rhs.0;
            }
        }
    )*};
}

bit_ops! {
    BitAnd bitand &, BitAndAssign bitand_assign &=;
    BitOr bitor |, BitOrAssign bitor_assign |=;
    BitXor bitxor ^, BitXorAssign bitxor_assign ^=;
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

impl fmt::Display for Bitboard {
    /// Eight lines, rank 8 first, `x` for a member and `.` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let square = Square::from_index((rank * 8 + file) as usize);
                f.write_str(if self.contains(square) { "x" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The four straight directions, as (file step, rank step).
pub const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal directions, as (file step, rank step).
pub const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares a slider on `square` attacks along `directions`, stopping at (and including) the
/// first occupied square of each ray. Slow and obviously right: the reference that fast
/// attack tables are checked against, and what FEN validation uses.
pub fn ray_attacks(square: Square, occupied: Bitboard, directions: &[(i8, i8)]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &(df, dr) in directions {
        let mut file = square.file().index() as i8;
        let mut rank = square.rank().index() as i8;
        loop {
            file += df;
            rank += dr;
            if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                break;
            }
            let target = Square::from_index((rank * 8 + file) as usize);
            attacks = attacks.with(target);
            if occupied.contains(target) {
                break;
            }
        }
    }
    attacks
}

/// Squares reached from `square` by single steps `(file, rank)`, dropping those off the board.
pub fn step_attacks(square: Square, steps: &[(i8, i8)]) -> Bitboard {
    let file = square.file().index() as i8;
    let rank = square.rank().index() as i8;
    steps
        .iter()
        .map(|&(df, dr)| (file + df, rank + dr))
        .filter(|(f, r)| (0..8).contains(f) && (0..8).contains(r))
        .fold(Bitboard::EMPTY, |set, (f, r)| {
            set.with(Square::from_index((r * 8 + f) as usize))
        })
}

/// Knight steps as (file, rank).
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// King steps as (file, rank).
pub const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_squares_in_order() {
        let set = Bitboard::from_square(Square::H8) | Square::A1.into() | Square::E4.into();
        assert_eq!(set.count(), 3);
        let squares: Vec<Square> = set.collect();
        assert_eq!(squares, vec![Square::A1, Square::E4, Square::H8]);
    }

    #[test]
    fn shifts_drop_edge_squares() {
        let h = Bitboard::from_square(Square::H4);
        assert!(h.east().is_empty());
        assert_eq!(h.west(), Bitboard::from_square(Square::G4));
        assert!(Bitboard::from_square(Square::A4).west().is_empty());
        assert!(Bitboard::from_square(Square::E8).north().is_empty());
        assert_eq!(Bitboard::from_square(Square::E2).north(), Square::E3.into());
    }

    #[test]
    fn rook_rays_stop_at_blockers() {
        let blockers = Bitboard::from_square(Square::E6) | Square::C4.into();
        let attacks = ray_attacks(Square::E4, blockers, &ROOK_DIRECTIONS);
        assert!(attacks.contains(Square::E6));
        assert!(!attacks.contains(Square::E7));
        assert!(attacks.contains(Square::C4));
        assert!(!attacks.contains(Square::B4));
        assert_eq!(attacks.count(), 2 + 3 + 2 + 3);
    }
}
