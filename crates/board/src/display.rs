//! Diagrams of the board and a material report.

use crate::board::Board;
use crate::types::{Color, File, PieceKind, Rank, Square};
use crate::variant::Variant;
use std::fmt;

/// How pieces are drawn in a diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagramStyle {
    /// Unicode chess symbols (`♔ ♟`) and `·` for empty squares.
    Unicode,
    /// FEN letters (`K p`) and `.` for empty squares.
    Ascii,
}

/// A board drawn as eight ranks with file and rank labels; made by [`Board::diagram`].
pub struct Diagram<'a> {
    board: &'a Board,
    style: DiagramStyle,
}

impl Board {
    /// The board as a diagram in `style`. `Display` for [`Board`] is the Unicode diagram.
    pub fn diagram(&self, style: DiagramStyle) -> Diagram<'_> {
        Diagram { board: self, style }
    }

    /// Piece counts of both sides.
    pub fn material(&self) -> Material {
        let mut counts = [[0u8; PieceKind::COUNT]; 2];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                counts[color.index()][kind.index()] = self.pieces_of(color, kind).count() as u8;
            }
        }
        Material {
            counts,
            variant: self.variant(),
        }
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.board.variant().size();
        for rank in Rank::all().take(size).collect::<Vec<_>>().into_iter().rev() {
            write!(f, "{}", rank.digit())?;
            for file in File::all().take(size) {
                let square = Square::from_coords(file, rank);
                let symbol = match (self.board.piece_at(square), self.style) {
                    (Some(piece), DiagramStyle::Unicode) => piece.unicode(),
                    (Some(piece), DiagramStyle::Ascii) => piece.fen_char(),
                    (None, DiagramStyle::Unicode) => '·',
                    (None, DiagramStyle::Ascii) => '.',
                };
                write!(f, " {symbol}")?;
            }
            writeln!(f)?;
        }
        write!(f, " ")?;
        for file in File::all().take(size) {
            write!(f, " {}", file.letter())?;
        }
        writeln!(f)
    }
}

impl fmt::Display for Board {
    /// The Unicode diagram followed by the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.diagram(DiagramStyle::Unicode))?;
        writeln!(f, "FEN: {}", self.to_fen())
    }
}

/// The number of pieces of each kind per side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Material {
    counts: [[u8; PieceKind::COUNT]; 2],
    variant: Variant,
}

impl Material {
    /// How many pieces of `kind` `color` has.
    pub fn count(&self, color: Color, kind: PieceKind) -> u8 {
        self.counts[color.index()][kind.index()]
    }

    /// Material of `color` in pawns (P 1, N 3, B 3, R 5, Right 8, Q 9).
    pub fn pawns(&self, color: Color) -> i32 {
        PieceKind::ALL
            .iter()
            .map(|&kind| i32::from(self.count(color, kind)) * kind.pawn_value())
            .sum()
    }

    /// White's material minus black's, in pawns.
    pub fn balance(&self) -> i32 {
        self.pawns(Color::White) - self.pawns(Color::Black)
    }
}

impl fmt::Display for Material {
    /// For example `white: Q 1 R 2 B 2 N 2 P 8 (39) | black: … | balance +0` (the Right, C,
    /// instead of rooks in Chess Fragments).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let heavy = match self.variant {
            Variant::Chess => PieceKind::Rook,
            Variant::Fragments => PieceKind::Right,
        };
        let kinds = [
            PieceKind::Queen,
            heavy,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Pawn,
        ];
        for color in Color::ALL {
            write!(f, "{color}:")?;
            for kind in &kinds {
                let letter = kind.letter().to_ascii_uppercase();
                write!(f, " {letter} {}", self.count(color, *kind))?;
            }
            write!(f, " ({}) | ", self.pawns(color))?;
        }
        write!(f, "balance {:+}", self.balance())
    }
}
