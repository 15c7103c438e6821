//! The rule sets Outpost plays: standard chess (Chess960 too, which differs only in where
//! castling starts: see `CastlingSetup`) and Chess Fragments, a 5×5 game kept in the a1–e5
//! corner of the same 8×8 bitboards.

use crate::bitboard::Bitboard;
use crate::types::{Color, PieceKind, Rank};

/// The rule set a position is played under. It decides the board's size, which pieces there
/// are, where pawns double-step and promote, and to what.
///
/// More rule sets may come, so a `match` on it outside this crate needs a wildcard arm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// Standard chess on 8×8 (and Chess960).
    #[default]
    Chess,
    /// Chess Fragments on 5×5: king, queen, bishop, knight, the Right (rook or knight moves)
    /// and five pawns a side, no castling.
    Fragments,
}

/// The a1–e5 corner: the squares of Chess Fragments.
const FRAGMENTS_SQUARES: u64 = 0x1f_1f1f_1f1f;

impl Variant {
    /// Both rule sets.
    pub const ALL: [Variant; 2] = [Variant::Chess, Variant::Fragments];

    /// The name UCI's `UCI_Variant` option uses (as Fairy-Stockfish does): `chess`,
    /// `fragments`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Fragments => "fragments",
        }
    }

    /// The variant of a name (ASCII case ignored).
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.name().eq_ignore_ascii_case(name.trim()))
    }

    /// Files and ranks of the board: 8 or 5.
    pub const fn size(self) -> usize {
        match self {
            Variant::Chess => 8,
            Variant::Fragments => 5,
        }
    }

    /// Every square of the board (all 64, or the a1–e5 corner).
    #[inline]
    pub const fn squares(self) -> Bitboard {
        match self {
            Variant::Chess => Bitboard(!0),
            Variant::Fragments => Bitboard(FRAGMENTS_SQUARES),
        }
    }

    /// The rank where `color`'s pawns promote.
    #[inline]
    pub const fn promotion_rank(self, color: Color) -> Rank {
        match (self, color) {
            (Variant::Chess, Color::White) => Rank::R8,
            (Variant::Fragments, Color::White) => Rank::R5,
            (_, Color::Black) => Rank::R1,
        }
    }

    /// The rank `color`'s pawns start on, from which they may step two squares.
    pub const fn pawn_rank(self, color: Color) -> Rank {
        match (self, color) {
            (_, Color::White) => Rank::R2,
            (Variant::Chess, Color::Black) => Rank::R7,
            (Variant::Fragments, Color::Black) => Rank::R4,
        }
    }

    /// The rank a double step of `color`'s pawns lands on.
    #[inline]
    pub const fn double_step_rank(self, color: Color) -> Rank {
        match (self, color) {
            (_, Color::White) => Rank::R4,
            (Variant::Chess, Color::Black) => Rank::R5,
            (Variant::Fragments, Color::Black) => Rank::R2,
        }
    }

    /// The rank of the square a double step of `color`'s pawns passes (the en passant
    /// square).
    pub const fn en_passant_rank(self, color: Color) -> Rank {
        match (self, color) {
            (Variant::Chess, Color::White) => Rank::R3,
            (Variant::Chess, Color::Black) => Rank::R6,
            (Variant::Fragments, _) => Rank::R3,
        }
    }

    /// The kinds a pawn may promote to, strongest first.
    pub const fn promotions(self) -> &'static [PieceKind] {
        match self {
            Variant::Chess => &PieceKind::PROMOTIONS,
            Variant::Fragments => &[
                PieceKind::Queen,
                PieceKind::Right,
                PieceKind::Bishop,
                PieceKind::Knight,
            ],
        }
    }

    /// `true` when the kind exists in this rule set (no Right in chess, no rook in
    /// Fragments).
    pub const fn has_kind(self, kind: PieceKind) -> bool {
        !matches!(
            (self, kind),
            (Variant::Chess, PieceKind::Right) | (Variant::Fragments, PieceKind::Rook)
        )
    }

    /// How many pawns a side starts with, and so has at most.
    pub const fn pawns(self) -> u32 {
        self.size() as u32
    }

    /// How many of each kind other than pawns and king a side starts with: what is beyond
    /// them can only come from promotions, each costing a pawn.
    pub const fn initial_pieces(self) -> &'static [(PieceKind, u32)] {
        match self {
            Variant::Chess => &[
                (PieceKind::Queen, 1),
                (PieceKind::Rook, 2),
                (PieceKind::Bishop, 2),
                (PieceKind::Knight, 2),
            ],
            Variant::Fragments => &[
                (PieceKind::Queen, 1),
                (PieceKind::Right, 1),
                (PieceKind::Bishop, 1),
                (PieceKind::Knight, 1),
            ],
        }
    }

    /// The start position's FEN.
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Chess => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Variant::Fragments => "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1",
        }
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{File, Square};

    #[test]
    fn the_fragments_board_is_the_a1_e5_corner() {
        let squares = Variant::Fragments.squares();
        assert_eq!(squares.count(), 25);
        assert!(squares.contains(Square::A1) && squares.contains(Square::E5));
        assert!(!squares.contains(Square::F1) && !squares.contains(Square::A6));
        for square in squares {
            assert!(square.file() <= File::from_letter('e').unwrap());
            assert!(square.rank() <= Rank::R5);
        }
        assert_eq!(Variant::Chess.squares().count(), 64);
    }

    #[test]
    fn names_round_trip() {
        for variant in Variant::ALL {
            assert_eq!(Variant::from_name(variant.name()), Some(variant));
        }
        assert_eq!(Variant::from_name(" Fragments "), Some(Variant::Fragments));
        assert_eq!(Variant::from_name("atomic"), None);
    }
}
