//! Chess960 start positions by their standard number (Scharnagl's scheme, 0–959; 518 is the
//! standard array), and Double Fischer Random positions (a different array for each side).

use crate::board::Board;
use crate::types::PieceKind;

/// How many Chess960 start positions there are.
pub const CHESS960_POSITIONS: u16 = 960;

/// The number of the standard start position in Scharnagl's scheme.
pub const STANDARD_CHESS960_NUMBER: u16 = 518;

/// Where the two knights go among the five squares left after the bishops and the queen, for
/// the ten values of the last digit of Scharnagl's scheme.
const KNIGHT_PLACES: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank of Chess960 position `number` (a to h), or `None` when `number` is 960 or
/// more. Scharnagl's scheme: the light-squared bishop on file b, d, f or h by `number % 4`,
/// the dark-squared one on a, c, e or g by the next base-4 digit, the queen on one of the six
/// free squares by the base-6 digit, the knights by what is left (0–9), and rook, king, rook
/// on the last three squares.
pub fn chess960_back_rank(number: u16) -> Option<[PieceKind; 8]> {
    if number >= CHESS960_POSITIONS {
        return None;
    }
    let mut rank: [Option<PieceKind>; 8] = [None; 8];
    let mut n = number as usize;
    rank[(n % 4) * 2 + 1] = Some(PieceKind::Bishop);
    n /= 4;
    rank[(n % 4) * 2] = Some(PieceKind::Bishop);
    n /= 4;
    place_on_free(&mut rank, n % 6, PieceKind::Queen);
    n /= 6;
    let (first, second) = KNIGHT_PLACES[n];
    // The second knight's index counts the free squares before the first knight was placed.
    place_on_free(&mut rank, second, PieceKind::Knight);
    place_on_free(&mut rank, first, PieceKind::Knight);
    for kind in [PieceKind::Rook, PieceKind::King, PieceKind::Rook] {
        place_on_free(&mut rank, 0, kind);
    }
    let mut back_rank = [PieceKind::Pawn; 8];
    for (square, piece) in back_rank.iter_mut().zip(rank) {
        *square = piece?;
    }
    Some(back_rank)
}

/// Puts `kind` on the `index`-th empty square of `rank` (counted from the a-file).
fn place_on_free(rank: &mut [Option<PieceKind>; 8], index: usize, kind: PieceKind) {
    if let Some(square) = rank.iter_mut().filter(|square| square.is_none()).nth(index) {
        *square = Some(kind);
    }
}

/// The FEN of the Double Fischer Random position with white's array `white` and black's
/// array `black` (both Chess960 numbers), all castling rights held.
fn double_fen(white: [PieceKind; 8], black: [PieceKind; 8]) -> String {
    let row = |pieces: [PieceKind; 8], upper: bool| -> String {
        pieces
            .iter()
            .map(|kind| {
                let letter = kind.letter();
                if upper {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                }
            })
            .collect()
    };
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
        row(black, false),
        row(white, true)
    )
}

impl Board {
    /// Chess960 start position `number` (0–959 in Scharnagl's numbering, 518 being the
    /// standard start), with all four castling rights; `None` for 960 and above.
    pub fn chess960(number: u16) -> Option<Board> {
        Board::double_chess960(number, number)
    }

    /// The Double Fischer Random start position with white's back rank Chess960 array
    /// `white` and black's `black`; `None` when either is 960 or more.
    pub fn double_chess960(white: u16, black: u16) -> Option<Board> {
        let fen = double_fen(chess960_back_rank(white)?, chess960_back_rank(black)?);
        Board::from_fen(&fen).ok()
    }
}

/// A Chess960 position number drawn at random (from the operating system's hasher seed, so
/// different in every run; for reproducible draws pick the number yourself).
pub fn random_chess960_number() -> u16 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(
        web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos() as u64),
    );
    (hasher.finish() % u64::from(CHESS960_POSITIONS)) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(number: u16) -> String {
        chess960_back_rank(number)
            .unwrap()
            .iter()
            .map(|kind| kind.letter().to_ascii_uppercase())
            .collect()
    }

    #[test]
    fn known_numbers_give_their_published_arrays() {
        assert_eq!(letters(STANDARD_CHESS960_NUMBER), "RNBQKBNR");
        assert_eq!(letters(0), "BBQNNRKR");
        assert_eq!(letters(959), "RKRNNQBB");
        assert_eq!(letters(1), "BQNBNRKR");
        assert!(chess960_back_rank(960).is_none());
    }

    #[test]
    fn every_number_gives_a_distinct_legal_array() {
        let mut seen = std::collections::HashSet::new();
        for number in 0..CHESS960_POSITIONS {
            let rank = letters(number);
            assert!(seen.insert(rank.clone()), "{number} repeats {rank}");
            let king = rank.find('K').unwrap();
            let rooks: Vec<usize> = rank.match_indices('R').map(|(i, _)| i).collect();
            assert!(rooks[0] < king && king < rooks[1], "{number}: {rank}");
            let bishops: Vec<usize> = rank.match_indices('B').map(|(i, _)| i).collect();
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{number}: {rank}");
            let board = Board::chess960(number).unwrap();
            assert_eq!(Board::from_fen(&board.to_fen()).unwrap(), board);
        }
        assert_eq!(seen.len(), 960);
    }

    #[test]
    fn standard_number_is_the_standard_start() {
        assert_eq!(Board::chess960(518).unwrap(), Board::startpos());
        assert_eq!(
            Board::chess960(518).unwrap().hash(),
            Board::startpos().hash()
        );
        assert!(random_chess960_number() < CHESS960_POSITIONS);
    }
}
