//! Material and piece-square tables of Chess Fragments (5×5), a first guess to be tuned on
//! games: the Right is worth about twice a queen to begin with (it is a rook and a knight on
//! a board where both reach far), minor pieces and the Right like the centre, pawns gain as
//! they near promotion (two steps from their start), and the king keeps to its back rank in
//! the middlegame and comes to the centre in the endgame.
//!
//! The tables are made by formulas rather than written out, since there are only three
//! distances from the centre on 25 squares: `centre_distance` is 0 on c3, 1 on the eight
//! squares around it, 2 on the edge.

use crate::tables::PieceSquareTable;
use crate::Tapered;
use outpost_board::{Color, Piece, PieceKind};

/// Middlegame piece values, pawn to Right (the rook and king are not on this board or
/// priceless), in centipawns.
const MIDDLEGAME_VALUES: [i32; PieceKind::COUNT] = [100, 310, 320, 0, 950, 0, 1900];
/// Endgame piece values, pawn to Right.
const ENDGAME_VALUES: [i32; PieceKind::COUNT] = [130, 290, 310, 0, 950, 0, 1900];

/// The board's size.
const SIZE: usize = 5;

/// Chebyshev distance from c3: 0, 1 or 2.
const fn centre_distance(file: usize, rank: usize) -> i32 {
    let file_distance = file.abs_diff(2);
    let rank_distance = rank.abs_diff(2);
    (if file_distance > rank_distance {
        file_distance
    } else {
        rank_distance
    }) as i32
}

/// The piece-square bonus (middlegame, endgame) of `kind` on `file` and `rank`, the rank
/// counted from the piece's own side (0 its back rank).
const fn bonus(kind: PieceKind, file: usize, rank: usize) -> (i32, i32) {
    let centre = 2 - centre_distance(file, rank); // 2 on c3, 0 on the edge
    match kind {
        // Rank 1 (its start) 0, then 10 and 35 middlegame; more in the endgame.
        PieceKind::Pawn => {
            let advance = [0, 0, 10, 35, 0][rank];
            (advance, advance * 2)
        }
        PieceKind::Knight => (12 * centre - 10, 8 * centre - 6),
        PieceKind::Bishop => (8 * centre - 6, 6 * centre - 4),
        PieceKind::Queen => (4 * centre - 2, 6 * centre - 4),
        PieceKind::Right => (8 * centre - 6, 8 * centre - 6),
        PieceKind::King => {
            let shelter = if rank == 0 { 10 } else { -15 * rank as i32 };
            (shelter, 15 * centre - 10)
        }
        // No rook in Chess Fragments (nor any kind `PieceKind` may gain).
        _ => (0, 0),
    }
}

/// Value plus bonus of every coloured piece on every square of the 5×5 corner, signed from
/// white's view, in the layout of [`Piece::index`] (squares off the board stay 0).
pub(crate) const PIECE_SQUARE: PieceSquareTable = {
    let mut table = [[Tapered::new(0, 0); 64]; Piece::COUNT];
    let mut kind = 0;
    while kind < PieceKind::COUNT {
        let mut rank = 0;
        while rank < SIZE {
            let mut file = 0;
            while file < SIZE {
                let white = own_view(Color::White, PieceKind::ALL[kind], file, rank);
                let black = own_view(Color::Black, PieceKind::ALL[kind], file, rank);
                table[kind][rank * 8 + file] = white;
                table[PieceKind::COUNT + kind][rank * 8 + file] =
                    Tapered::new(-black.middlegame, -black.endgame);
                file += 1;
            }
            rank += 1;
        }
        kind += 1;
    }
    table
};

/// Value plus bonus of a piece of `color` and `kind` on `file` and `rank` (0-based, from
/// white's side), from that piece's own point of view.
pub(crate) const fn own_view(color: Color, kind: PieceKind, file: usize, rank: usize) -> Tapered {
    let own_rank = match color {
        Color::White => rank,
        Color::Black => SIZE - 1 - rank,
    };
    let (middlegame, endgame) = bonus(kind, file, own_rank);
    Tapered::new(
        MIDDLEGAME_VALUES[kind.index()] + middlegame,
        ENDGAME_VALUES[kind.index()] + endgame,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_right_is_worth_about_two_queens_and_the_sides_mirror() {
        let right = own_view(Color::White, PieceKind::Right, 0, 0);
        let queen = own_view(Color::White, PieceKind::Queen, 3, 0);
        assert!(right.middlegame > 19 * queen.middlegame / 10);
        for kind in PieceKind::ALL {
            for rank in 0..SIZE {
                for file in 0..SIZE {
                    let white =
                        PIECE_SQUARE[Piece::new(Color::White, kind).index()][rank * 8 + file];
                    let black = PIECE_SQUARE[Piece::new(Color::Black, kind).index()]
                        [(SIZE - 1 - rank) * 8 + file];
                    assert_eq!(white, Tapered::new(-black.middlegame, -black.endgame));
                }
            }
        }
        // Off the board nothing.
        assert_eq!(
            PIECE_SQUARE[Piece::WhiteQueen.index()][5],
            Tapered::new(0, 0)
        );
    }
}
