//! Piece values and piece-square tables, as one table per coloured piece for the engine.
//!
//! # Source
//!
//! The numbers live in the generated `tuned.rs` (as parameters: see `params.rs`). Its first
//! version holds the published PeSTO tables by Ronald Friederich (the evaluation of his
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
//! The tables exclude the piece value, which is a parameter of its own; [`PIECE_SQUARE`]
//! combines both, at compile time and through `params::piece_features` (the same description
//! of a piece's parameters that the tuner reads), into one table per coloured piece indexed
//! directly by Outpost square indices and signed from white's view.

use outpost_board::{Color, Piece, PieceKind, Square, Variant};

use crate::params::{piece_features, PARAMS};
use crate::Tapered;

/// How much each piece kind counts towards the game phase (pawn to king, then the Right of
/// Chess Fragments, weighted so that its start position has the full phase too: 4 + 6 + 1 +
/// 1 a side).
pub(crate) const PHASE_WEIGHTS: [i32; PieceKind::COUNT] = [0, 1, 1, 2, 4, 0, 6];

/// Value plus piece-square bonus of each coloured piece on each square, signed from white's
/// view, in the layout of [`Piece::index`].
pub(crate) type PieceSquareTable = [[Tapered; 64]; Piece::COUNT];

/// Value plus piece-square bonus of a piece of `color` and `kind` on square index `square`
/// (a1 = 0), from that piece's own point of view.
const fn own_view(color: Color, kind: usize, square: usize) -> Tapered {
    let [value, entry] = piece_features(color, kind, square);
    let (value, entry) = (PARAMS[value], PARAMS[entry]);
    Tapered::new(
        value.middlegame + entry.middlegame,
        value.endgame + entry.endgame,
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
        Variant::Fragments => &crate::fragments::PIECE_SQUARE,
        // Standard chess (and, until it has tables of its own, a rule set added later).
        _ => &PIECE_SQUARE,
    }
}

/// Value plus piece-square bonus of `piece` on `square` in `variant`, from the point of view
/// of the piece's own colour (a black queen on d8 scores like a white queen on d1).
pub(crate) const fn piece_square(variant: Variant, piece: Piece, square: Square) -> Tapered {
    match (variant, piece.kind()) {
        (Variant::Fragments, kind) => {
            crate::fragments::own_view(piece.color(), kind, square.index() % 8, square.index() / 8)
        }
        (_, PieceKind::Right) => Tapered::new(0, 0),
        (_, kind) => own_view(piece.color(), kind.index(), square.index()),
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
        // A white pawn on e7 is diagram line 2, file e (entry 12); a black pawn on e2 is
        // the same square from black's side.
        use crate::tuned::{MIDDLEGAME_TABLES, MIDDLEGAME_VALUES};
        let white_pawn = Piece::new(Color::White, PieceKind::Pawn);
        let black_pawn = Piece::new(Color::Black, PieceKind::Pawn);
        let e7 = MIDDLEGAME_VALUES[0] + MIDDLEGAME_TABLES[0][12];
        assert_eq!(
            piece_square(Variant::Chess, white_pawn, Square::E7).middlegame,
            e7
        );
        assert_eq!(
            piece_square(Variant::Chess, black_pawn, Square::E2).middlegame,
            e7
        );
        // The white king on g1 is the bottom line, file g (entry 62).
        let white_king = Piece::new(Color::White, PieceKind::King);
        assert_eq!(
            piece_square(Variant::Chess, white_king, Square::G1).middlegame,
            MIDDLEGAME_TABLES[5][62]
        );
    }
}
