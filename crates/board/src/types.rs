//! Colours, piece kinds, pieces, files, ranks and squares.

use std::fmt;
use std::str::FromStr;

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for white, 1 for black: an index into per-colour tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank a pawn of this colour moves towards, seen from this side: `+8` or `-8` squares.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 8,
            Color::Black => -8,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// A kind of piece, without its colour.
///
/// New kinds come with new variants (the Right came with Chess Fragments), so a `match` on
/// it outside this crate needs a wildcard arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[non_exhaustive]
pub enum PieceKind {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
    /// The Right of Chess Fragments: moves as a rook or as a knight (the chancellor of
    /// other variants). Last, so that the six kinds of standard chess keep their indexes.
    Right = 6,
}

impl PieceKind {
    /// All seven kinds, pawn first, the Right of Chess Fragments last.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
        PieceKind::Right,
    ];

    /// The six kinds of standard chess, pawn first.
    pub const STANDARD: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// How many kinds there are: the length of per-kind tables.
    pub const COUNT: usize = 7;

    /// The four kinds a pawn may promote to in standard chess, strongest first (see
    /// `Variant::promotions`).
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];

    /// 0 (pawn) to 5 (king): an index into per-kind tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter used in FEN and UCI (`p n b r q k`).
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
            PieceKind::Right => 'c',
        }
    }

    /// The kind for a letter in either case, as in FEN, UCI and SAN.
    pub fn from_letter(letter: char) -> Option<PieceKind> {
        Some(match letter.to_ascii_lowercase() {
            'p' => PieceKind::Pawn,
            'n' => PieceKind::Knight,
            'b' => PieceKind::Bishop,
            'r' => PieceKind::Rook,
            'q' => PieceKind::Queen,
            'k' => PieceKind::King,
            'c' => PieceKind::Right,
            _ => return None,
        })
    }

    /// Conventional value in pawns, used for material reports (king counts 0).
    pub const fn pawn_value(self) -> i32 {
        match self {
            PieceKind::Pawn => 1,
            PieceKind::Knight | PieceKind::Bishop => 3,
            PieceKind::Rook => 5,
            PieceKind::Queen => 9,
            PieceKind::King => 0,
            PieceKind::Right => 8,
        }
    }
}

/// A piece of one colour, stored in one byte (white pawn 0 … white king 5, the white Right 6,
/// then black in the same order, 7 … 13), so that `Option<Piece>` is one byte too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Piece {
    /// A white pawn.
    WhitePawn,
    /// A white knight.
    WhiteKnight,
    /// A white bishop.
    WhiteBishop,
    /// A white rook.
    WhiteRook,
    /// A white queen.
    WhiteQueen,
    /// A white king.
    WhiteKing,
    /// A white Right (Chess Fragments).
    WhiteRight,
    /// A black pawn.
    BlackPawn,
    /// A black knight.
    BlackKnight,
    /// A black bishop.
    BlackBishop,
    /// A black rook.
    BlackRook,
    /// A black queen.
    BlackQueen,
    /// A black king.
    BlackKing,
    /// A black Right (Chess Fragments).
    BlackRight,
}

impl Piece {
    /// How many pieces there are: the length of per-piece tables.
    pub const COUNT: usize = 2 * PieceKind::COUNT;

    /// All fourteen pieces, in index order.
    pub const ALL: [Piece; 14] = [
        Piece::WhitePawn,
        Piece::WhiteKnight,
        Piece::WhiteBishop,
        Piece::WhiteRook,
        Piece::WhiteQueen,
        Piece::WhiteKing,
        Piece::WhiteRight,
        Piece::BlackPawn,
        Piece::BlackKnight,
        Piece::BlackBishop,
        Piece::BlackRook,
        Piece::BlackQueen,
        Piece::BlackKing,
        Piece::BlackRight,
    ];

    /// The piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece::ALL[color as usize * PieceKind::COUNT + kind as usize]
    }

    /// Its colour.
    #[inline]
    pub const fn color(self) -> Color {
        if (self as u8) < PieceKind::COUNT as u8 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Its kind.
    #[inline]
    pub const fn kind(self) -> PieceKind {
        // White pieces come first, then black ones, each in `PieceKind::ALL` order.
        const KINDS: [PieceKind; Piece::COUNT] = {
            let mut kinds = [PieceKind::Pawn; Piece::COUNT];
            let mut index = 0;
            while index < Piece::COUNT {
                kinds[index] = PieceKind::ALL[index % PieceKind::COUNT];
                index += 1;
            }
            kinds
        };
        KINDS[self as usize]
    }

    /// 0..14, white pieces first: an index into per-piece tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// FEN letter: uppercase for white, lowercase for black.
    pub const fn fen_char(self) -> char {
        let c = self.kind().letter();
        match self.color() {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The piece for a FEN letter.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = PieceKind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }

    /// The Unicode chess symbol (`♔` … `♟`; Unicode has none for the Right, which is a
    /// circled C).
    pub const fn unicode(self) -> char {
        const SYMBOLS: [char; Piece::COUNT] = [
            '♙', '♘', '♗', '♖', '♕', '♔', 'Ⓒ', '♟', '♞', '♝', '♜', '♛', '♚', 'ⓒ',
        ];
        SYMBOLS[self.index()]
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

/// Defines the shared part of [`File`] and [`Rank`]: a number 0..8 named by one character.
macro_rules! board_line {
    ($name:ident, $what:literal, $first:literal, $to_char:ident, $from_char:ident) => {
        impl $name {
            #[doc = concat!("The ", $what, " with index 0 to 7; `None` outside that range.")]
            pub const fn new(index: u8) -> Option<$name> {
                if index < 8 {
                    Some($name(index))
                } else {
                    None
                }
            }

            #[doc = concat!("0 to 7, ", $what, " `", $first, "` being 0.")]
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            #[doc = concat!("The character naming the ", $what, ", from `", $first, "`.")]
            pub const fn $to_char(self) -> char {
                (($first as u32) as u8 + self.0) as char
            }

            #[doc = concat!("The ", $what, " named by a character, from `", $first, "`.")]
            pub fn $from_char(c: char) -> Option<$name> {
                let index = (c as u32).wrapping_sub($first as u32);
                (index < 8).then(|| $name(index as u8))
            }

            #[doc = concat!("All eight, ", $what, " `", $first, "` first.")]
            pub fn all() -> impl Iterator<Item = $name> {
                (0..8).map($name)
            }
        }
    };
}

/// A file, `a` to `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

board_line!(File, "file", 'a', letter, from_letter);

/// A rank, `1` to `8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

board_line!(Rank, "rank", '1', digit, from_digit);

impl Rank {
    /// Rank 1, white's back rank.
    pub const R1: Rank = Rank(0);
    /// Rank 2, white's pawn rank.
    pub const R2: Rank = Rank(1);
    /// Rank 3.
    pub const R3: Rank = Rank(2);
    /// Rank 4.
    pub const R4: Rank = Rank(3);
    /// Rank 5.
    pub const R5: Rank = Rank(4);
    /// Rank 6.
    pub const R6: Rank = Rank(5);
    /// Rank 7, black's pawn rank.
    pub const R7: Rank = Rank(6);
    /// Rank 8, black's back rank.
    pub const R8: Rank = Rank(7);
}

/// One of the 64 squares, a1 = 0, b1 = 1, …, h8 = 63.
///
/// ```
/// use outpost_board::{File, Rank, Square};
///
/// let e4: Square = "e4".parse()?;
/// assert_eq!(e4, Square::E4);
/// assert_eq!(e4.to_string(), "e4");
/// assert_eq!(e4.index(), 28);
/// assert_eq!((e4.file().letter(), e4.rank().digit()), ('e', '4'));
/// assert_eq!(Square::from_coords(e4.file(), Rank::R1), Square::E1);
/// assert_eq!(e4.offset(8), Some(Square::E5));
/// assert_eq!(Square::H8.offset(1), None);
/// assert!("e9".parse::<Square>().is_err());
/// assert_eq!(Square::all().count(), 64);
/// assert_eq!(Square::from_coords(File::from_letter('a').unwrap(), Rank::R8), Square::A8);
/// # Ok::<(), outpost_board::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_constants {
    ($($name:ident = $value:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square ", stringify!($name), ".")]
                pub const $name: Square = Square($value);
            )*
        }
    };
}

square_constants! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square with index 0 (a1) to 63 (h8); `None` outside that range.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with index `index & 63`: for indices known to be in range.
    #[inline]
    pub const fn from_index(index: usize) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }

    /// 0 (a1) to 63 (h8).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its file.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }

    /// Its rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }

    /// The square `delta` indices away, if that stays on the board (no wrap check across files).
    #[inline]
    pub const fn offset(self, delta: i8) -> Option<Square> {
        let i = self.0 as i8 + delta;
        if i >= 0 && i < 64 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// The same square seen from the other side (a1 ↔ a8).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// `true` on a light square (h1 is light).
    pub const fn is_light(self) -> bool {
        (self.0 / 8 + self.0 % 8) % 2 == 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().letter(), self.rank().digit())
    }
}

/// A square name that could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square (expected a file a-h and a rank 1-8, like e4)",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_letter(f), Rank::from_digit(r)) {
                (Some(file), Some(rank)) => Ok(Square::from_coords(file, rank)),
                _ => Err(ParseSquareError(s.to_string())),
            },
            _ => Err(ParseSquareError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::E4.to_string(), "e4");
        assert!("e9".parse::<Square>().is_err());
        assert!("i1".parse::<Square>().is_err());
        assert!("e".parse::<Square>().is_err());
        assert!("e44".parse::<Square>().is_err());
    }

    #[test]
    fn piece_letters_round_trip() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                assert_eq!(Piece::from_fen_char(piece.fen_char()), Some(piece));
            }
        }
        assert_eq!(Piece::from_fen_char('x'), None);
    }

    #[test]
    fn light_squares() {
        assert!(Square::H1.is_light());
        assert!(!Square::A1.is_light());
        assert!(Square::D1.is_light());
    }
}
