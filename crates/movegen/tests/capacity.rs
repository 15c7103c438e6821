//! The move list is big enough: `MAX_MOVES` is at least the most pseudo-legal moves any
//! position accepted by `Board::from_fen` can have, recomputed here from the attack tables, and
//! the most crowded positions we could build generate their moves without running out of room.

use outpost_board::{Bitboard, Board, PieceKind, Rank, Square, INITIAL_PIECES, MAX_PAWNS};
use outpost_movegen::{
    bishop_attacks, king_attacks, knight_attacks, legal_moves, pseudo_legal_captures,
    pseudo_legal_moves, queen_attacks, rook_attacks, MoveList, MAX_MOVES,
};

/// The most moves one piece of `kind` can have on each square: the squares it attacks on an
/// empty board, which blockers only reduce (a capture takes the place of a quiet move).
fn mobility(kind: PieceKind, square: Square) -> u32 {
    match kind {
        PieceKind::Queen => queen_attacks(square, Bitboard::EMPTY).count(),
        PieceKind::Rook => rook_attacks(square, Bitboard::EMPTY).count(),
        PieceKind::Bishop => bishop_attacks(square, Bitboard::EMPTY).count(),
        PieceKind::Knight => knight_attacks(square).count(),
        // Chess Fragments only, on a board of 25 squares: far below the bound.
        PieceKind::Right => {
            (rook_attacks(square, Bitboard::EMPTY) | knight_attacks(square)).count()
        }
        PieceKind::Pawn => pawn_mobility(square),
        // Castling starts from e1 (or e8, the same seen from black): two more moves there. (A
        // Chess960 king on another back-rank square has at most 5 + 2, below 8.)
        PieceKind::King => king_attacks(square).count() + 2 * u32::from(square == Square::E1),
        other => panic!("{other:?}: a kind this bound does not count yet"),
    }
}

/// A white pawn's most moves: a push (and a double push from its second rank) and one capture
/// on each diagonal (en passant is one of those, onto an empty square); on the seventh rank
/// each of these is four promotions.
fn pawn_mobility(square: Square) -> u32 {
    let rank = square.rank();
    if rank == Rank::R1 || rank == Rank::R8 {
        return 0;
    }
    let file = square.file().index();
    let diagonals = u32::from(file > 0) + u32::from(file < 7);
    match rank {
        Rank::R7 => 4 * (1 + diagonals),
        Rank::R2 => 2 + diagonals,
        _ => 1 + diagonals,
    }
}

/// The sum of the `count` largest mobilities of `kind` over distinct squares.
fn best_squares(kind: PieceKind, count: u32) -> u32 {
    let mut all: Vec<u32> = Square::all().map(|square| mobility(kind, square)).collect();
    all.sort_unstable_by(|a, b| b.cmp(a));
    all.iter().take(count as usize).sum()
}

/// The most pseudo-legal moves of a side with `pawns` pawns and `extra[i]` promoted pieces of
/// the kind `INITIAL_PIECES[i]`: each kind on its best squares, independently of the others
/// (two kinds may count the same square, which only makes the bound larger).
fn bound(pawns: u32, extra: [u32; 4]) -> u32 {
    let pieces: u32 = INITIAL_PIECES
        .iter()
        .zip(extra)
        .map(|(&(kind, initial), extra)| best_squares(kind, initial + extra))
        .sum();
    best_squares(PieceKind::King, 1) + pieces + best_squares(PieceKind::Pawn, pawns)
}

#[test]
fn max_moves_covers_every_material_the_fen_validation_allows() {
    assert_eq!(best_squares(PieceKind::King, 1), 8);
    assert_eq!(best_squares(PieceKind::Pawn, 1), 12);
    assert_eq!(best_squares(PieceKind::Queen, 9), 4 * 27 + 5 * 25);
    let mut worst = (0, 0, [0; 4]);
    for pawns in 0..=MAX_PAWNS {
        let promotions = MAX_PAWNS - pawns;
        for queens in 0..=promotions {
            for rooks in 0..=promotions - queens {
                for bishops in 0..=promotions - queens - rooks {
                    for knights in 0..=promotions - queens - rooks - bishops {
                        let extra = [queens, rooks, bishops, knights];
                        let moves = bound(pawns, extra);
                        if moves > worst.0 {
                            worst = (moves, pawns, extra);
                        }
                    }
                }
            }
        }
    }
    // The worst case is every pawn promoted to a queen, as the doc comment of MAX_MOVES says.
    assert_eq!(worst, (311, 0, [8, 0, 0, 0]));
    assert!(worst.0 as usize <= MAX_MOVES);
}

/// The most crowded positions found (by hand and by a local search over placements of nine
/// queens, two rooks, two bishops and two knights), with their pseudo-legal move counts.
const CROWDED: [(&str, usize); 6] = [
    // The record for legal moves in a position that can arise in a game.
    ("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", 218),
    ("B1K1BNNk/R5Rp/p2Q4/Q4Q2/2Q4Q/4Q3/1Q4Q1/3Q4 w - - 0 1", 218),
    ("1R4R1/K2Q4/B4Q2/B1Q4Q/4Q3/NQ4Q1/1N1Q4/kq3Q2 w - - 0 1", 216),
    // The 24-queen position that once overflowed the move list, cut down to nine queens.
    ("1Q1Q2bk/6pp/Q6Q/3Q4/8/Q6Q/1Q5Q/K7 w - - 0 1", 145),
    // Nine queens, the king in check from a rook and a bishop.
    (
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q2b1/kBNN1K1r w - - 0 1",
        213,
    ),
    // Promotions: three pawns with twelve moves each.
    ("1r1r1r1r/P1P1P1P1/8/8/8/8/8/K6k w - - 0 1", 47),
];

#[test]
fn crowded_positions_generate_their_moves() {
    for (fen, expected) in CROWDED {
        let board = Board::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
        let mut moves = MoveList::new();
        pseudo_legal_moves(&board, &mut moves);
        assert_eq!(moves.len(), expected, "{fen}");
        let mut captures = MoveList::new();
        pseudo_legal_captures(&board, &mut captures);
        assert!(captures.len() <= moves.len(), "{fen}");
        // Two plies of legal moves: the replies are generated too.
        for mv in legal_moves(&board) {
            let mut after = board.clone();
            after.make(mv);
            let _ = legal_moves(&after);
        }
    }
}
