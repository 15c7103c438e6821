//! Lines between squares: [`between`] and [`line`], looked up in tables built at compile time.

use outpost_board::{Bitboard, Square};

/// The eight directions a queen moves in, as (file, rank) steps.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The squares from `square` (excluded) to the edge in direction `(df, dr)`.
const fn ray(square: usize, (df, dr): (i8, i8)) -> u64 {
    let (mut file, mut rank) = ((square % 8) as i8, (square / 8) as i8);
    let mut bits = 0;
    loop {
        file += df;
        rank += dr;
        if file < 0 || file >= 8 || rank < 0 || rank >= 8 {
            return bits;
        }
        bits |= 1 << (rank * 8 + file);
    }
}

/// `[BETWEEN, LINE]`: by both squares, the squares strictly between two squares on a
/// shared rank, file or diagonal, and the whole line through them (empty when they share
/// none).
const fn tables() -> [[[Bitboard; 64]; 64]; 2] {
    let mut tables = [[[Bitboard::EMPTY; 64]; 64]; 2];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < DIRECTIONS.len() {
            let (df, dr) = DIRECTIONS[d];
            let line = ray(from, (df, dr)) | ray(from, (-df, -dr)) | 1 << from;
            let (mut file, mut rank) = ((from % 8) as i8, (from / 8) as i8);
            let mut passed = 0u64;
            loop {
                file += df;
                rank += dr;
                if file < 0 || file >= 8 || rank < 0 || rank >= 8 {
                    break;
                }
                let to = (rank * 8 + file) as usize;
                tables[0][from][to] = Bitboard(passed);
                tables[1][from][to] = Bitboard(line);
                passed |= 1 << to;
            }
            d += 1;
        }
        from += 1;
    }
    tables
}

static TABLES: [[[Bitboard; 64]; 64]; 2] = tables();

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal;
/// empty otherwise (and for neighbours or `a == b`). The squares a piece must land on to
/// block a check from a slider on `b` to the king on `a`.
///
/// ```
/// use outpost_board::{Bitboard, Square};
/// use outpost_movegen::between;
///
/// assert_eq!(between(Square::A1, Square::D4), Bitboard::from_square(Square::B2).with(Square::C3));
/// assert_eq!(between(Square::E1, Square::E2), Bitboard::EMPTY);
/// assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
/// ```
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    TABLES[0][a.index()][b.index()]
}

/// The whole rank, file or diagonal through `a` and `b`, edge to edge (both included), when
/// they share one; empty otherwise (and for `a == b`). A pinned piece stays on the line
/// through its king and its pinner.
///
/// ```
/// use outpost_board::{Bitboard, Rank, Square};
/// use outpost_movegen::line;
///
/// assert_eq!(line(Square::C1, Square::F1), Bitboard::rank(Rank::R1));
/// assert!(line(Square::B2, Square::D4).contains(Square::H8));
/// assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
/// ```
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    TABLES[1][a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{bishop_attacks, queen_attacks, rook_attacks};

    /// Against the slider attacks: the squares between two aligned squares are those both
    /// see when each stands alone on the board with the other; the line holds both, and
    /// every square of it is aligned with both.
    #[test]
    fn agree_with_the_slider_attacks() {
        for a in Square::all() {
            for b in Square::all() {
                let pair = Bitboard::from_square(a).with(b);
                let aligned = a != b && queen_attacks(a, Bitboard::EMPTY).contains(b);
                let expected = if !aligned {
                    Bitboard::EMPTY
                } else if rook_attacks(a, Bitboard::EMPTY).contains(b) {
                    rook_attacks(a, pair) & rook_attacks(b, pair)
                } else {
                    bishop_attacks(a, pair) & bishop_attacks(b, pair)
                };
                assert_eq!(between(a, b), expected, "{a} {b}");
                assert_eq!(between(a, b), between(b, a));
                assert_eq!(line(a, b), line(b, a));
                assert_eq!(line(a, b).is_nonempty(), aligned, "{a} {b}");
                if aligned {
                    assert!((line(a, b) & pair) == pair && (line(a, b) & expected) == expected);
                    for square in line(a, b) {
                        assert!(square == a || line(a, square) == line(a, b), "{a} {b}");
                    }
                }
            }
        }
    }
}
