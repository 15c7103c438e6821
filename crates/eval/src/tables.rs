//! Piece values and piece-square tables.
//!
//! # Source
//!
//! The numbers are the published PeSTO tables by Ronald Friederich (the evaluation of his
//! engines RofChade and PeSTO, tuned with Texel's method), as documented on the Chess
//! Programming Wiki page "PeSTO's Evaluation Function". They are used here as data only,
//! written down from that documentation; the code around them is Outpost's own.
//!
//! # Layout and indexing
//!
//! Every table is written the way a board diagram is drawn: **from white's side, rank 8 on
//! the top line, rank 1 on the bottom line, file a on the left**. So array entry `i` is the
//! square on rank `8 - i / 8`, file `a + i % 8`: entry 0 is a8, entry 7 is h8, entry 56 is
//! a1, entry 63 is h1.
//!
//! Outpost numbers squares a1 = 0 … h8 = 63, which is the same layout with the ranks turned
//! over. Hence:
//!
//! - a **white** piece on square `s` reads entry `s.flip_rank().index()` (`s ^ 56`);
//! - a **black** piece on square `s` reads entry `s.index()`: flipping the ranks mirrors the
//!   board for black, and flipping them back for the diagram layout cancels out.
//!
//! The tables exclude the piece value; [`MIDDLEGAME_VALUES`] and [`ENDGAME_VALUES`] hold
//! those, and [`PIECE_SQUARE`] combines both, at compile time, into one table per coloured
//! piece indexed directly by Outpost square indices and signed from white's view.

use outpost_board::{Color, Piece, PieceKind, Square, Variant};

use crate::Tapered;

/// Middlegame piece values, pawn to king, in centipawns.
pub(crate) const MIDDLEGAME_VALUES: [i32; 6] = [82, 337, 365, 477, 1025, 0];
/// Endgame piece values, pawn to king, in centipawns.
pub(crate) const ENDGAME_VALUES: [i32; 6] = [94, 281, 297, 512, 936, 0];

/// How much each piece kind counts towards the game phase (pawn to king, then the Right of
/// Chess Fragments, weighted so that its start position has the full phase too: 4 + 6 + 1 +
/// 1 a side).
pub(crate) const PHASE_WEIGHTS: [i32; PieceKind::COUNT] = [0, 1, 1, 2, 4, 0, 6];

/// Value plus piece-square bonus of each coloured piece on each square, signed from white's
/// view, in the layout of [`Piece::index`].
pub(crate) type PieceSquareTable = [[Tapered; 64]; Piece::COUNT];

#[rustfmt::skip]
const MIDDLEGAME_PAWN: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     98, 134,  61,  95,  68, 126,  34, -11,
     -6,   7,  26,  31,  65,  56,  25, -20,
    -14,  13,   6,  21,  23,  12,  17, -23,
    -27,  -2,  -5,  12,  17,   6,  10, -25,
    -26,  -4,  -4, -10,   3,   3,  33, -12,
    -35,  -1, -20, -23, -15,  24,  38, -22,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const ENDGAME_PAWN: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
    178, 173, 158, 134, 147, 132, 165, 187,
     94, 100,  85,  67,  56,  53,  82,  84,
     32,  24,  13,   5,  -2,   4,  17,  17,
     13,   9,  -3,  -7,  -7,  -8,   3,  -1,
      4,   7,  -6,   1,   0,  -5,  -1,  -8,
     13,   8,   8,  10,  13,   0,   2,  -7,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const MIDDLEGAME_KNIGHT: [i32; 64] = [
   -167, -89, -34, -49,  61, -97, -15,-107,
    -73, -41,  72,  36,  23,  62,   7, -17,
    -47,  60,  37,  65,  84, 129,  73,  44,
     -9,  17,  19,  53,  37,  69,  18,  22,
    -13,   4,  16,  13,  28,  19,  21,  -8,
    -23,  -9,  12,  10,  19,  17,  25, -16,
    -29, -53, -12,  -3,  -1,  18, -14, -19,
   -105, -21, -58, -33, -17, -28, -19, -23,
];

#[rustfmt::skip]
const ENDGAME_KNIGHT: [i32; 64] = [
    -58, -38, -13, -28, -31, -27, -63, -99,
    -25,  -8, -25,  -2,  -9, -25, -24, -52,
    -24, -20,  10,   9,  -1,  -9, -19, -41,
    -17,   3,  22,  22,  22,  11,   8, -18,
    -18,  -6,  16,  25,  16,  17,   4, -18,
    -23,  -3,  -1,  15,  10,  -3, -20, -22,
    -42, -20, -10,  -5,  -2, -20, -23, -44,
    -29, -51, -23, -15, -22, -18, -50, -64,
];

#[rustfmt::skip]
const MIDDLEGAME_BISHOP: [i32; 64] = [
    -29,   4, -82, -37, -25, -42,   7,  -8,
    -26,  16, -18, -13,  30,  59,  18, -47,
    -16,  37,  43,  40,  35,  50,  37,  -2,
     -4,   5,  19,  50,  37,  37,   7,  -2,
     -6,  13,  13,  26,  34,  12,  10,   4,
      0,  15,  15,  15,  14,  27,  18,  10,
      4,  15,  16,   0,   7,  21,  33,   1,
    -33,  -3, -14, -21, -13, -12, -39, -21,
];

#[rustfmt::skip]
const ENDGAME_BISHOP: [i32; 64] = [
    -14, -21, -11,  -8,  -7,  -9, -17, -24,
     -8,  -4,   7, -12,  -3, -13,  -4, -14,
      2,  -8,   0,  -1,  -2,   6,   0,   4,
     -3,   9,  12,   9,  14,  10,   3,   2,
     -6,   3,  13,  19,   7,  10,  -3,  -9,
    -12,  -3,   8,  10,  13,   3,  -7, -15,
    -14, -18,  -7,  -1,   4,  -9, -15, -27,
    -23,  -9, -23,  -5,  -9, -16,  -5, -17,
];

#[rustfmt::skip]
const MIDDLEGAME_ROOK: [i32; 64] = [
     32,  42,  32,  51,  63,   9,  31,  43,
     27,  32,  58,  62,  80,  67,  26,  44,
     -5,  19,  26,  36,  17,  45,  61,  16,
    -24, -11,   7,  26,  24,  35,  -8, -20,
    -36, -26, -12,  -1,   9,  -7,   6, -23,
    -45, -25, -16, -17,   3,   0,  -5, -33,
    -44, -16, -20,  -9,  -1,  11,  -6, -71,
    -19, -13,   1,  17,  16,   7, -37, -26,
];

#[rustfmt::skip]
const ENDGAME_ROOK: [i32; 64] = [
     13,  10,  18,  15,  12,  12,   8,   5,
     11,  13,  13,  11,  -3,   3,   8,   3,
      7,   7,   7,   5,   4,  -3,  -5,  -3,
      4,   3,  13,   1,   2,   1,  -1,   2,
      3,   5,   8,   4,  -5,  -6,  -8, -11,
     -4,   0,  -5,  -1,  -7, -12,  -8, -16,
     -6,  -6,   0,   2,  -9,  -9, -11,  -3,
     -9,   2,   3,  -1,  -5, -13,   4, -20,
];

#[rustfmt::skip]
const MIDDLEGAME_QUEEN: [i32; 64] = [
    -28,   0,  29,  12,  59,  44,  43,  45,
    -24, -39,  -5,   1, -16,  57,  28,  54,
    -13, -17,   7,   8,  29,  56,  47,  57,
    -27, -27, -16, -16,  -1,  17,  -2,   1,
     -9, -26,  -9, -10,  -2,  -4,   3,  -3,
    -14,   2, -11,  -2,  -5,   2,  14,   5,
    -35,  -8,  11,   2,   8,  15,  -3,   1,
     -1, -18,  -9,  10, -15, -25, -31, -50,
];

#[rustfmt::skip]
const ENDGAME_QUEEN: [i32; 64] = [
     -9,  22,  22,  27,  27,  19,  10,  20,
    -17,  20,  32,  41,  58,  25,  30,   0,
    -20,   6,   9,  49,  47,  35,  19,   9,
      3,  22,  24,  45,  57,  40,  57,  36,
    -18,  28,  19,  47,  31,  34,  39,  23,
    -16, -27,  15,   6,   9,  17,  10,   5,
    -22, -23, -30, -16, -16, -23, -36, -32,
    -33, -28, -22, -43,  -5, -32, -20, -41,
];

#[rustfmt::skip]
const MIDDLEGAME_KING: [i32; 64] = [
    -65,  23,  16, -15, -56, -34,   2,  13,
     29,  -1, -20,  -7,  -8,  -4, -38, -29,
     -9,  24,   2, -16, -20,   6,  22, -22,
    -17, -20, -12, -27, -30, -25, -14, -36,
    -49,  -1, -27, -39, -46, -44, -33, -51,
    -14, -14, -22, -46, -44, -30, -15, -27,
      1,   7,  -8, -64, -43, -16,   9,   8,
    -15,  36,  12, -54,   8, -28,  24,  14,
];

#[rustfmt::skip]
const ENDGAME_KING: [i32; 64] = [
    -74, -35, -18, -18, -11,  15,   4, -17,
    -12,  17,  14,  17,  17,  38,  23,  11,
     10,  17,  23,  15,  20,  45,  44,  13,
     -8,  22,  24,  27,  26,  33,  26,   3,
    -18,  -4,  21,  24,  27,  23,   9, -11,
    -19,  -3,  11,  21,  23,  16,   7,  -9,
    -27, -11,   4,  13,  14,   4,  -5, -17,
    -53, -34, -21, -11, -28, -14, -24, -43,
];

/// The middlegame tables, pawn to king, in diagram layout (see the module docs).
const MIDDLEGAME_TABLES: [[i32; 64]; 6] = [
    MIDDLEGAME_PAWN,
    MIDDLEGAME_KNIGHT,
    MIDDLEGAME_BISHOP,
    MIDDLEGAME_ROOK,
    MIDDLEGAME_QUEEN,
    MIDDLEGAME_KING,
];

/// The endgame tables, pawn to king, in diagram layout (see the module docs).
const ENDGAME_TABLES: [[i32; 64]; 6] = [
    ENDGAME_PAWN,
    ENDGAME_KNIGHT,
    ENDGAME_BISHOP,
    ENDGAME_ROOK,
    ENDGAME_QUEEN,
    ENDGAME_KING,
];

/// Value plus piece-square bonus of a piece of `color` and `kind` on square index `square`
/// (a1 = 0), from that piece's own point of view.
const fn own_view(color: Color, kind: usize, square: usize) -> Tapered {
    let entry = match color {
        Color::White => square ^ 56,
        Color::Black => square,
    };
    Tapered::new(
        MIDDLEGAME_VALUES[kind] + MIDDLEGAME_TABLES[kind][entry],
        ENDGAME_VALUES[kind] + ENDGAME_TABLES[kind][entry],
    )
}

/// Value plus piece-square bonus for every coloured piece and square, **signed from white's
/// view** (black pieces negative), indexed `[color * 7 + kind][square index]` with a1 = 0:
/// the layout of [`Piece::index`] (the Right, not a piece of standard chess, stays 0). Built
/// at compile time.
pub(crate) const PIECE_SQUARE: PieceSquareTable = {
    let mut table = [[Tapered::new(0, 0); 64]; Piece::COUNT];
    let mut kind = 0;
    while kind < 6 {
        let mut square = 0;
        while square < 64 {
            table[kind][square] = own_view(Color::White, kind, square);
            let black = own_view(Color::Black, kind, square);
            table[PieceKind::COUNT + kind][square] =
                Tapered::new(-black.middlegame, -black.endgame);
            square += 1;
        }
        kind += 1;
    }
    table
};

/// The table of `variant`.
#[inline]
pub(crate) const fn table(variant: Variant) -> &'static PieceSquareTable {
    match variant {
        Variant::Chess => &PIECE_SQUARE,
        Variant::Fragments => &crate::fragments::PIECE_SQUARE,
    }
}

/// Value plus piece-square bonus of `piece` on `square` in `variant`, from the point of view
/// of the piece's own colour (a black queen on d8 scores like a white queen on d1).
pub(crate) const fn piece_square(variant: Variant, piece: Piece, square: Square) -> Tapered {
    match (variant, piece.kind()) {
        (Variant::Fragments, kind) => {
            crate::fragments::own_view(piece.color(), kind, square.index() % 8, square.index() / 8)
        }
        (Variant::Chess, PieceKind::Right) => Tapered::new(0, 0),
        (Variant::Chess, kind) => own_view(piece.color(), kind.index(), square.index()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::PieceKind;

    #[test]
    fn piece_square_table_matches_piece_index_layout() {
        for piece in Piece::ALL {
            for square in Square::all() {
                let own = piece_square(Variant::Chess, piece, square);
                let signed = PIECE_SQUARE[piece.index()][square.index()];
                match piece.color() {
                    Color::White => assert_eq!(signed, own),
                    Color::Black => {
                        assert_eq!(signed, Tapered::new(-own.middlegame, -own.endgame));
                    }
                }
                let mirrored = Piece::new(piece.color().opponent(), piece.kind());
                assert_eq!(
                    piece_square(Variant::Chess, mirrored, square.flip_rank()),
                    own
                );
            }
        }
    }

    #[test]
    fn tables_read_in_diagram_layout() {
        // A white pawn on e7 (diagram line 2, file e) gets the big middlegame bonus 68;
        // a black pawn on e2 is the same square from black's side.
        let white_pawn = Piece::new(Color::White, PieceKind::Pawn);
        let black_pawn = Piece::new(Color::Black, PieceKind::Pawn);
        assert_eq!(
            piece_square(Variant::Chess, white_pawn, Square::E7).middlegame,
            82 + 68
        );
        assert_eq!(
            piece_square(Variant::Chess, black_pawn, Square::E2).middlegame,
            82 + 68
        );
        // The white king on g1 (bottom line, file g) is safe in the middlegame: +24.
        let white_king = Piece::new(Color::White, PieceKind::King);
        assert_eq!(
            piece_square(Variant::Chess, white_king, Square::G1).middlegame,
            24
        );
    }
}
