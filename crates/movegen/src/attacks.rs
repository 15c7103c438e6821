//! Attack sets of every piece and the attack test on a board.

use crate::magic::SliderTables;
use outpost_board::{Bitboard, Board, Color, PieceKind, Square};

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut square = 0;
    while square < 64 {
        let file = (square % 8) as i8;
        let rank = (square / 8) as i8;
        let mut bits = 0u64;
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        table[square] = Bitboard(bits);
        square += 1;
    }
    table
}

/// Squares a slider reaches on an empty board, for a cheap first test before the magic look-up
/// (and for the sliders that may pin: [`crate::blockers`]).
const fn empty_board_rays(directions: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut square = 0;
    while square < 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < directions.len() {
            let (mut f, mut r) = ((square % 8) as i8, (square / 8) as i8);
            loop {
                f += directions[i].0;
                r += directions[i].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                bits |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        table[square] = Bitboard(bits);
        square += 1;
    }
    table
}

pub(crate) static DIAGONAL_RAYS: [Bitboard; 64] =
    empty_board_rays(&outpost_board::BISHOP_DIRECTIONS);
pub(crate) static STRAIGHT_RAYS: [Bitboard; 64] = empty_board_rays(&outpost_board::ROOK_DIRECTIONS);

static KNIGHT: [Bitboard; 64] = leaper_table(&outpost_board::KNIGHT_STEPS);
static KING: [Bitboard; 64] = leaper_table(&outpost_board::KING_STEPS);
static PAWN: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// Squares a knight on `square` attacks.
#[inline]
pub fn knight_attacks(square: Square) -> Bitboard {
    KNIGHT[square.index()]
}

/// Squares a king on `square` attacks.
#[inline]
pub fn king_attacks(square: Square) -> Bitboard {
    KING[square.index()]
}

/// Squares a pawn of `color` on `square` attacks (diagonally forward).
#[inline]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    PAWN[color.index()][square.index()]
}

/// Squares a bishop on `square` attacks, with `occupied` blocking.
#[inline]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    SliderTables::get().bishop(square, occupied)
}

/// Squares a rook on `square` attacks, with `occupied` blocking.
#[inline]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    SliderTables::get().rook(square, occupied)
}

/// Squares a queen on `square` attacks, with `occupied` blocking.
#[inline]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    SliderTables::get().queen(square, occupied)
}

/// Squares a piece of `kind` and `color` on `square` attacks, with `occupied` blocking, on
/// the whole 8×8 board (mask with `Variant::squares` for Chess Fragments).
#[inline]
pub fn piece_attacks(
    kind: PieceKind,
    color: Color,
    square: Square,
    occupied: Bitboard,
) -> Bitboard {
    match kind {
        PieceKind::Pawn => pawn_attacks(color, square),
        PieceKind::Knight => knight_attacks(square),
        PieceKind::Bishop => bishop_attacks(square, occupied),
        PieceKind::Rook => rook_attacks(square, occupied),
        PieceKind::Queen => queen_attacks(square, occupied),
        PieceKind::King => king_attacks(square),
        PieceKind::Right => rook_attacks(square, occupied) | knight_attacks(square),
        // `PieceKind` may grow; every kind of today is above (so this arm costs nothing).
        _ => unreachable!("{kind:?}: a kind of piece outpost-movegen does not know"),
    }
}

/// `true` when a piece of `by` attacks `square`.
#[inline(always)]
pub fn is_attacked(board: &Board, square: Square, by: Color) -> bool {
    is_attacked_through(board, square, by, board.occupied(), Bitboard::EMPTY)
}

/// `true` when a piece of `by`, but those on `removed`, attacks `square` with `occupied` as
/// the blockers: the king test of a move played on a copy of the occupancy alone.
#[inline(always)]
pub(crate) fn is_attacked_through(
    board: &Board,
    square: Square,
    by: Color,
    occupied: Bitboard,
    removed: Bitboard,
) -> bool {
    let kept = !removed;
    // One branch for the three leapers (the Right leaps as a knight too): the answer is
    // nearly always "no".
    let leapers = (pawn_attacks(!by, square) & board.pieces_of(by, PieceKind::Pawn))
        | (knight_attacks(square) & board.knight_leapers(by))
        | (king_attacks(square) & board.pieces_of(by, PieceKind::King));
    if (leapers & kept).is_nonempty() {
        return true;
    }
    // Look sliders up only when one stands on a line through the square.
    let diagonal = board.diagonal_sliders(by) & DIAGONAL_RAYS[square.index()] & kept;
    let straight = board.straight_sliders(by) & STRAIGHT_RAYS[square.index()] & kept;
    if (diagonal | straight).is_empty() {
        return false;
    }
    let tables = SliderTables::get();
    (diagonal.is_nonempty() && (tables.bishop(square, occupied) & diagonal).is_nonempty())
        || (straight.is_nonempty() && (tables.rook(square, occupied) & straight).is_nonempty())
}

/// All pieces of `by` that attack `square`, with `occupied` as the blockers.
#[inline]
pub fn attackers_to(board: &Board, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
    let tables = SliderTables::get();
    (pawn_attacks(!by, square) & board.pieces_of(by, PieceKind::Pawn))
        | (knight_attacks(square) & board.knight_leapers(by))
        | (tables.bishop(square, occupied) & board.diagonal_sliders(by))
        | (tables.rook(square, occupied) & board.straight_sliders(by))
        | (king_attacks(square) & board.pieces_of(by, PieceKind::King))
}

/// The pieces giving check to the side to move.
#[inline]
pub fn checkers(board: &Board) -> Bitboard {
    let us = board.side_to_move();
    attackers_to(board, board.king_square(us), !us, board.occupied())
}

/// `true` when the side to move is in check.
#[inline]
pub fn in_check(board: &Board) -> bool {
    let us = board.side_to_move();
    is_attacked(board, board.king_square(us), !us)
}

/// Every square of the board `color` attacks (each square once, however many pieces attack
/// it).
#[inline]
pub fn attacked_squares(board: &Board, color: Color) -> Bitboard {
    let occupied = board.occupied();
    let tables = SliderTables::get();
    // The pawns all at once; the other pieces by how they attack (a queen as a bishop and as
    // a rook, the Right as a knight and as a rook).
    let pawns = board.pieces_of(color, PieceKind::Pawn);
    let ahead = match color {
        Color::White => pawns.north(),
        Color::Black => pawns.south(),
    };
    let mut attacked = ahead.east() | ahead.west();
    // By the king's set rather than `king_square`, which names a1 for a board without one.
    for square in board.pieces_of(color, PieceKind::King) {
        attacked |= king_attacks(square);
    }
    for square in board.knight_leapers(color) {
        attacked |= knight_attacks(square);
    }
    for square in board.diagonal_sliders(color) {
        attacked |= tables.bishop(square, occupied);
    }
    for square in board.straight_sliders(color) {
        attacked |= tables.rook(square, occupied);
    }
    attacked & board.variant().squares()
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::{step_attacks, KNIGHT_STEPS};

    #[test]
    fn leaper_tables_match_steps() {
        for square in Square::all() {
            assert_eq!(knight_attacks(square), step_attacks(square, &KNIGHT_STEPS));
        }
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(king_attacks(Square::E4).count(), 8);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Bitboard::from_square(Square::D5) | Square::F5.into()
        );
        assert_eq!(pawn_attacks(Color::Black, Square::A5), Square::B4.into());
    }

    #[test]
    fn both_sides_attack_equally_many_squares_at_the_start() {
        let board = Board::startpos();
        let white = attacked_squares(&board, Color::White).count();
        let black = attacked_squares(&board, Color::Black).count();
        assert_eq!(white, black);
        assert_eq!(white, 22);
    }

    /// The squares attacked are those of the pieces' attacks one by one, in standard chess,
    /// with promoted pieces, and on the 5×5 board of Chess Fragments.
    #[test]
    fn attacked_squares_are_every_piece_attacks() {
        use outpost_board::Variant;
        let positions = [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                Variant::Chess,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", Variant::Chess),
            ("4k3/P6p/1Q6/8/8/q7/p6P/4K1NN b - - 0 1", Variant::Chess),
            ("cnbqk/ppppp/5/PPPPP/CNBQK b - - 0 1", Variant::Fragments),
            ("4k/1c3/5/1P3/K1C2 w - - 0 1", Variant::Fragments),
        ];
        for (fen, variant) in positions {
            let board = Board::from_fen_in(fen, variant).unwrap();
            for color in [Color::White, Color::Black] {
                let mut expected = Bitboard::EMPTY;
                for square in board.color(color) {
                    let kind = board.piece_at(square).unwrap().kind();
                    expected |= piece_attacks(kind, color, square, board.occupied());
                }
                let expected = expected & variant.squares();
                assert_eq!(attacked_squares(&board, color), expected, "{fen} {color:?}");
                for square in variant.squares() {
                    assert_eq!(
                        expected.contains(square),
                        is_attacked(&board, square, color),
                        "{fen} {square}"
                    );
                }
            }
        }
    }

    #[test]
    fn finds_checkers() {
        let board: Board = "4k3/8/8/8/8/3n4/8/R3K2r w - - 0 1".parse().unwrap();
        assert!(in_check(&board));
        assert_eq!(checkers(&board).count(), 2);
        assert!(is_attacked(&board, Square::F1, Color::Black));
        assert!(!is_attacked(&board, Square::E2, Color::Black));
    }
}
