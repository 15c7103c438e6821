//! Castling rights as bit flags.

use crate::types::{Color, Square};
use bitflags::bitflags;
use std::fmt;

bitflags! {
    /// Which castling moves are still allowed (by the history of the game; whether the squares
    /// are free and safe is checked by move generation).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct CastlingRights: u8 {
        /// White may castle king-side (`K`).
        const WHITE_KING_SIDE = 1;
        /// White may castle queen-side (`Q`).
        const WHITE_QUEEN_SIDE = 2;
        /// Black may castle king-side (`k`).
        const BLACK_KING_SIDE = 4;
        /// Black may castle queen-side (`q`).
        const BLACK_QUEEN_SIDE = 8;
    }
}

/// One castling move: which right it needs and where king and rook go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastleSide {
    /// The right this castling needs.
    pub right: CastlingRights,
    /// King's start square.
    pub king_from: Square,
    /// King's target square.
    pub king_to: Square,
    /// Rook's start square.
    pub rook_from: Square,
    /// Rook's target square.
    pub rook_to: Square,
}

/// The four castling moves of standard chess, in FEN order `K Q k q`.
pub const CASTLE_SIDES: [CastleSide; 4] = [
    CastleSide {
        right: CastlingRights::WHITE_KING_SIDE,
        king_from: Square::E1,
        king_to: Square::G1,
        rook_from: Square::H1,
        rook_to: Square::F1,
    },
    CastleSide {
        right: CastlingRights::WHITE_QUEEN_SIDE,
        king_from: Square::E1,
        king_to: Square::C1,
        rook_from: Square::A1,
        rook_to: Square::D1,
    },
    CastleSide {
        right: CastlingRights::BLACK_KING_SIDE,
        king_from: Square::E8,
        king_to: Square::G8,
        rook_from: Square::H8,
        rook_to: Square::F8,
    },
    CastleSide {
        right: CastlingRights::BLACK_QUEEN_SIDE,
        king_from: Square::E8,
        king_to: Square::C8,
        rook_from: Square::A8,
        rook_to: Square::D8,
    },
];

impl CastleSide {
    /// The two castling moves of `color`, king-side first.
    #[inline]
    pub fn of(color: Color) -> &'static [CastleSide] {
        &CASTLE_SIDES[color.index() * 2..color.index() * 2 + 2]
    }

    /// The castling move whose king goes to `king_to`, if any.
    pub fn by_king_target(king_to: Square) -> Option<&'static CastleSide> {
        CASTLE_SIDES.iter().find(|side| side.king_to == king_to)
    }
}

impl CastlingRights {
    /// Both rights of `color`.
    pub const fn of(color: Color) -> CastlingRights {
        match color {
            Color::White => CastlingRights::from_bits_truncate(3),
            Color::Black => CastlingRights::from_bits_truncate(12),
        }
    }

    /// The rights left after a move that touches `square` (as from- or to-square): moving a
    /// king or rook, or capturing a rook on its corner, loses the matching rights.
    #[inline]
    pub const fn after_touching(self, square: Square) -> CastlingRights {
        CastlingRights::from_bits_truncate(self.bits() & KEEP[square.index()])
    }

    /// The rights left after a move from `from` to `to` (see [`CastlingRights::after_touching`]).
    #[inline]
    pub const fn after_move(self, from: Square, to: Square) -> CastlingRights {
        CastlingRights::from_bits_retain(self.bits() & KEEP[from.index()] & KEEP[to.index()])
    }
}

/// Castling-right bits kept when a move touches each square.
const KEEP: [u8; 64] = {
    let mut keep = [15u8; 64];
    keep[Square::E1.index()] = 12;
    keep[Square::H1.index()] = 14;
    keep[Square::A1.index()] = 13;
    keep[Square::E8.index()] = 3;
    keep[Square::H8.index()] = 11;
    keep[Square::A8.index()] = 7;
    keep
};

impl fmt::Display for CastlingRights {
    /// The FEN field: `KQkq`, a subset of it, or `-`.
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
