//! Castling: the rights a game still holds (bit flags) and the [`CastlingSetup`] of the game,
//! which says where the king and each castling rook start. Standard chess has one setup (king
//! on e1, rooks on a1 and h1); Chess960 has 960 of them (and Double Fischer Random more), in
//! which the king and rooks start on other files but end where they do in standard chess.

use crate::bitboard::Bitboard;
use crate::types::{Color, File, Rank, Square};
use crate::zobrist::ZobristKeys;
use bitflags::bitflags;
use std::fmt;

bitflags! {
    /// Which castling moves are still allowed (by the history of the game; whether the squares
    /// are free and safe is checked by move generation).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct CastlingRights: u8 {
        /// White may castle king-side (`K`, towards the h-file).
        const WHITE_KING_SIDE = 1;
        /// White may castle queen-side (`Q`, towards the a-file).
        const WHITE_QUEEN_SIDE = 2;
        /// Black may castle king-side (`k`).
        const BLACK_KING_SIDE = 4;
        /// Black may castle queen-side (`q`).
        const BLACK_QUEEN_SIDE = 8;
    }
}

/// The file the king ends on when castling king-side, in every setup.
const KING_SIDE_KING_FILE: u8 = 6; // g
/// The file the rook ends on when castling king-side.
const KING_SIDE_ROOK_FILE: u8 = 5; // f
/// The file the king ends on when castling queen-side.
const QUEEN_SIDE_KING_FILE: u8 = 2; // c
/// The file the rook ends on when castling queen-side.
const QUEEN_SIDE_ROOK_FILE: u8 = 3; // d

/// One castling move: which right it needs, where king and rook start and end, and which
/// squares it needs empty and safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastleSide {
    /// The right this castling needs.
    pub right: CastlingRights,
    /// King's start square.
    pub king_from: Square,
    /// King's target square (g1, c1, g8 or c8 in every setup).
    pub king_to: Square,
    /// Rook's start square.
    pub rook_from: Square,
    /// Rook's target square (f1, d1, f8 or d8 in every setup).
    pub rook_to: Square,
    /// Squares that must be empty: every square the king or rook passes or lands on, except
    /// where the two of them stand.
    pub must_be_empty: Bitboard,
    /// Squares the opponent must not attack: the king's start, every square it crosses, and
    /// its target.
    pub king_path: Bitboard,
}

/// The four castling moves of standard chess, in FEN order `K Q k q`.
pub const CASTLE_SIDES: [CastleSide; 4] = [
    CastleSide::new(Color::White, true, 4, 7),
    CastleSide::new(Color::White, false, 4, 0),
    CastleSide::new(Color::Black, true, 4, 7),
    CastleSide::new(Color::Black, false, 4, 0),
];

impl CastleSide {
    /// The castling of `color` towards the h-file (`king_side`) or the a-file, with the king
    /// and rook starting on the files numbered `king_file` and `rook_file` (0 = a) of the
    /// colour's back rank.
    pub const fn new(color: Color, king_side: bool, king_file: u8, rook_file: u8) -> CastleSide {
        let rank = match color {
            Color::White => 0,
            Color::Black => 7,
        };
        let (king_to_file, rook_to_file) = if king_side {
            (KING_SIDE_KING_FILE, KING_SIDE_ROOK_FILE)
        } else {
            (QUEEN_SIDE_KING_FILE, QUEEN_SIDE_ROOK_FILE)
        };
        let king_path = span(rank, king_file, king_to_file);
        let pieces =
            (1u64 << (rank * 8 + king_file as usize)) | (1u64 << (rank * 8 + rook_file as usize));
        let must_be_empty = (king_path | span(rank, rook_file, rook_to_file)) & !pieces;
        CastleSide {
            right: CastlingRights::side(color, king_side),
            king_from: Square::from_index(rank * 8 + king_file as usize),
            king_to: Square::from_index(rank * 8 + king_to_file as usize),
            rook_from: Square::from_index(rank * 8 + rook_file as usize),
            rook_to: Square::from_index(rank * 8 + rook_to_file as usize),
            must_be_empty: Bitboard(must_be_empty),
            king_path: Bitboard(king_path),
        }
    }

    /// The two castling moves of `color` in standard chess, king-side first.
    #[inline]
    pub fn of(color: Color) -> &'static [CastleSide] {
        &CASTLE_SIDES[color.index() * 2..color.index() * 2 + 2]
    }

    /// The standard-chess castling move whose king goes to `king_to`, if any.
    pub fn by_king_target(king_to: Square) -> Option<&'static CastleSide> {
        CASTLE_SIDES.iter().find(|side| side.king_to == king_to)
    }

    /// `true` for castling towards the h-file (written `O-O`).
    #[inline]
    pub fn is_king_side(&self) -> bool {
        is_king_side_target(self.king_to)
    }
}

/// `true` when a castling king lands on `king_to` by castling king-side (on the g-file).
#[inline]
pub const fn is_king_side_target(king_to: Square) -> bool {
    king_to.index() % 8 == KING_SIDE_KING_FILE as usize
}

/// The squares of `rank` from file `a` to file `b`, both included, in either order.
const fn span(rank: usize, a: u8, b: u8) -> u64 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    let files = ((1u64 << (high - low + 1)) - 1) << low;
    files << (rank * 8)
}

impl CastlingRights {
    /// Both rights of `color`.
    pub const fn of(color: Color) -> CastlingRights {
        match color {
            Color::White => CastlingRights::from_bits_truncate(3),
            Color::Black => CastlingRights::from_bits_truncate(12),
        }
    }

    /// The right of `color` to castle king-side (`king_side`) or queen-side.
    pub const fn side(color: Color, king_side: bool) -> CastlingRights {
        let bit = color as u8 * 2 + if king_side { 0 } else { 1 };
        CastlingRights::from_bits_truncate(1 << bit)
    }

    /// The position of this single right in `K Q k q` order (0 to 3).
    const fn order(self) -> usize {
        self.bits().trailing_zeros() as usize
    }
}

/// Where castling takes the king and rooks from in one game: the four [`CastleSide`]s (in
/// `K Q k q` order), which squares lose which rights when a move touches them, and the
/// Zobrist key of every set of rights.
///
/// Only the sides of rights the position held when the setup was made matter; the others
/// keep their standard squares. Rights are only ever lost, so a setup never needs to change
/// during a game.
#[derive(Clone, Copy)]
pub struct CastlingSetup {
    sides: [CastleSide; 4],
    /// The rights kept when a move touches each square (as from- or to-square).
    keep: [u8; 64],
    /// The hash key of each of the 16 sets of rights.
    keys: [u64; 16],
}

impl CastlingSetup {
    /// The setup of standard chess (rights `KQkq` with king e1, rooks a1 and h1, and so on).
    pub fn standard() -> CastlingSetup {
        CastlingSetup::from_sides(CASTLE_SIDES, CastlingRights::all())
    }

    /// The setup with the given sides, of which those of `held` decide what moves lose
    /// rights. Each side's `right` must be its own position in `K Q k q` order.
    pub(crate) fn from_sides(sides: [CastleSide; 4], held: CastlingRights) -> CastlingSetup {
        let mut keep = [15u8; 64];
        let mut keys = [0u64; 16];
        let zobrist = ZobristKeys::get();
        for side in &sides {
            if !held.contains(side.right) {
                continue;
            }
            let color_rights = if side.right.intersects(CastlingRights::of(Color::White)) {
                CastlingRights::of(Color::White)
            } else {
                CastlingRights::of(Color::Black)
            };
            keep[side.king_from.index()] &= !color_rights.bits();
            keep[side.rook_from.index()] &= !side.right.bits();
        }
        for (bits, key) in keys.iter_mut().enumerate() {
            for side in &sides {
                if bits as u8 & side.right.bits() != 0 {
                    let color = if side.right.intersects(CastlingRights::of(Color::White)) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    *key ^= zobrist.castling_rook(color, side.rook_from.file());
                }
            }
        }
        CastlingSetup { sides, keep, keys }
    }

    /// The castling move of the single `right`.
    #[inline]
    pub fn side(&self, right: CastlingRights) -> &CastleSide {
        &self.sides[right.order() & 3]
    }

    /// The two castling moves of `color`, king-side first.
    #[inline]
    pub fn sides_of(&self, color: Color) -> &[CastleSide] {
        &self.sides[color.index() * 2..color.index() * 2 + 2]
    }

    /// The castling move of `color` whose king lands on `king_to` (the g- or c-file).
    #[inline]
    pub fn by_king_target(&self, color: Color, king_to: Square) -> &CastleSide {
        let queen_side = usize::from(!is_king_side_target(king_to));
        &self.sides[color.index() * 2 + queen_side]
    }

    /// The rights left after a move from `from` to `to`: moving a king or a castling rook,
    /// or capturing a castling rook on its start square, loses the matching rights.
    #[inline]
    pub fn after_move(&self, rights: CastlingRights, from: Square, to: Square) -> CastlingRights {
        CastlingRights::from_bits_retain(
            rights.bits() & self.keep[from.index()] & self.keep[to.index()],
        )
    }

    /// The Zobrist key of `rights` in this setup: one key per castling rook's colour and file.
    #[inline]
    pub fn key(&self, rights: CastlingRights) -> u64 {
        self.keys[rights.bits() as usize]
    }

    /// `true` when every right in `rights` has the king and rook of standard chess.
    pub fn is_standard_for(&self, rights: CastlingRights) -> bool {
        self.sides
            .iter()
            .zip(CASTLE_SIDES.iter())
            .all(|(side, standard)| !rights.contains(side.right) || side == standard)
    }

    /// `true` when the sides of `rights` are the same in both setups (what decides whether two
    /// positions with these rights are the same).
    pub fn same_for(&self, other: &CastlingSetup, rights: CastlingRights) -> bool {
        self.sides
            .iter()
            .zip(other.sides.iter())
            .all(|(a, b)| !rights.contains(a.right) || a == b)
    }
}

impl fmt::Debug for CastlingSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(
                self.sides
                    .iter()
                    .map(|side| format!("{}{}", side.king_from, side.rook_from)),
            )
            .finish()
    }
}

/// The back rank of `color`.
pub(crate) const fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::R1,
        Color::Black => Rank::R8,
    }
}

/// The letter of a castling right in Shredder-FEN: the rook's file, uppercase for white.
pub(crate) fn file_letter(color: Color, file: File) -> char {
    match color {
        Color::White => file.letter().to_ascii_uppercase(),
        Color::Black => file.letter(),
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN field of standard chess: `KQkq`, a subset of it, or `-`. (A Chess960 position's
    /// rights are written by the board, which knows the rooks: see `Board::to_fen`.)
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (side, letter) in CASTLE_SIDES.iter().zip(['K', 'Q', 'k', 'q']) {
            if self.contains(side.right) {
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_sides_need_the_usual_squares() {
        let white_short = CASTLE_SIDES[0];
        assert_eq!(white_short.king_to, Square::G1);
        assert_eq!(white_short.rook_to, Square::F1);
        assert_eq!(
            white_short.must_be_empty,
            Bitboard::from_square(Square::F1) | Bitboard::from_square(Square::G1)
        );
        assert_eq!(white_short.king_path.count(), 3);
        let black_long = CASTLE_SIDES[3];
        assert_eq!(black_long.must_be_empty.count(), 3);
        assert!(black_long.must_be_empty.contains(Square::B8));
        assert_eq!(black_long.king_path.count(), 3);
        assert!(!black_long.king_path.contains(Square::B8));
    }

    #[test]
    fn chess960_side_where_king_and_rook_swap_squares() {
        // King f1, rook g1: the king goes to g1, the rook to f1; nothing else must be empty.
        let side = CastleSide::new(Color::White, true, 5, 6);
        assert!(side.must_be_empty.is_empty());
        assert_eq!(side.king_path.count(), 2);
        // King b1, rook a1, queen-side: the king goes to c1, the rook to d1.
        let side = CastleSide::new(Color::White, false, 1, 0);
        assert_eq!(
            side.must_be_empty,
            Bitboard::from_square(Square::C1) | Bitboard::from_square(Square::D1)
        );
    }

    #[test]
    fn setup_keys_of_standard_rights_combine_by_xor() {
        let setup = CastlingSetup::standard();
        let both = CastlingRights::WHITE_KING_SIDE | CastlingRights::BLACK_QUEEN_SIDE;
        assert_eq!(
            setup.key(both),
            setup.key(CastlingRights::WHITE_KING_SIDE)
                ^ setup.key(CastlingRights::BLACK_QUEEN_SIDE)
        );
        assert_eq!(setup.key(CastlingRights::empty()), 0);
        assert_eq!(
            setup.after_move(CastlingRights::all(), Square::E1, Square::E2),
            CastlingRights::BLACK_KING_SIDE | CastlingRights::BLACK_QUEEN_SIDE
        );
        assert_eq!(
            setup.after_move(CastlingRights::all(), Square::B2, Square::H8),
            CastlingRights::all() - CastlingRights::BLACK_KING_SIDE
        );
    }
}
