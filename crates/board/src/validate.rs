//! Which positions [`Board::from_fen`] accepts: those that can arise in a game, as far as the
//! rules below can tell. Each failed rule is one [`FenError`] variant.
//!
//! The rules, in the order they are checked:
//!
//! 1. each side has exactly one king;
//! 2. no pawn stands on the first or last rank;
//! 3. each side has at most 8 pawns, at most 16 pieces, and no more promoted pieces than
//!    pawns it has lost: the queens, rooks, bishops and knights beyond the initial 1, 2, 2 and
//!    2 are counted against `8 - pawns`;
//! 4. each castling right has its king and rook on their starting squares;
//! 5. an en passant square is on the third rank of the side that just moved, the pawn that
//!    made the double push stands in front of it, and the two squares it passed are empty;
//! 6. the side not to move is not in check;
//! 7. the side to move is attacked by at most two pieces, and in a double check at least one
//!    checker is a bishop, rook or queen: one check of a double check is always discovered,
//!    and only those pieces give discovered checks.
//!
//! Two checkers on one line through the king, on either side of it, cannot arise either (no
//! single move opens both sides of the king), but that rule is *not* applied: the standard
//! perft suites (`data/perft-suite.epd`) use such a position, `B6b/8/8/8/2K5/5k2/8/b6B b`.
//!
//! Rule 3 is what bounds the number of moves in a position (see `outpost_movegen::MAX_MOVES`),
//! and every position reached by moves from an accepted one passes it again: a capture only
//! removes pieces and a promotion trades one pawn for one promoted piece.

use crate::bitboard::{
    ray_attacks, step_attacks, Bitboard, BISHOP_DIRECTIONS, KING_STEPS, KNIGHT_STEPS,
    ROOK_DIRECTIONS,
};
use crate::board::Board;
use crate::castling::CASTLE_SIDES;
use crate::fen::FenError;
use crate::types::{Color, Piece, PieceKind, Rank, Square};
use crate::variant::Variant;

/// Most pieces a side can have, king and pawns included.
pub const MAX_PIECES: u32 = 16;
/// Most pawns a side can have.
pub const MAX_PAWNS: u32 = 8;
/// How many queens, rooks, bishops and knights a side starts with: more can only come from
/// promotions, and each promotion costs a pawn.
pub const INITIAL_PIECES: [(PieceKind, u32); 4] = [
    (PieceKind::Queen, 1),
    (PieceKind::Rook, 2),
    (PieceKind::Bishop, 2),
    (PieceKind::Knight, 2),
];

/// Checks the rules of the module documentation, in order; the first broken one is returned.
pub(crate) fn validate(board: &Board) -> Result<(), FenError> {
    validate_king_counts(board)?;
    let variant = board.variant();
    let back_ranks = Bitboard::rank(variant.promotion_rank(Color::Black))
        | Bitboard::rank(variant.promotion_rank(Color::White));
    if let Some(square) = (board.pieces(PieceKind::Pawn) & back_ranks).first() {
        return Err(FenError::PawnOnBackRank { square });
    }
    for color in Color::ALL {
        validate_material(board, color)?;
    }
    validate_castling(board)?;
    if let Some(square) = board.en_passant() {
        validate_en_passant(board, square)?;
    }
    let mover = board.side_to_move();
    if attackers(board, board.king_square(!mover), mover).is_nonempty() {
        return Err(FenError::OpponentInCheck);
    }
    validate_checkers(board)
}

/// Rule 1: one king a side (checked before the castling field is read, which needs them).
pub(crate) fn validate_king_counts(board: &Board) -> Result<(), FenError> {
    for color in Color::ALL {
        let found = board.pieces_of(color, PieceKind::King).count();
        if found != 1 {
            return Err(FenError::KingCount { color, found });
        }
    }
    Ok(())
}

/// Rule 3: pawn, piece and promoted-piece counts of one side.
fn validate_material(board: &Board, color: Color) -> Result<(), FenError> {
    let variant = board.variant();
    let pawns = board.pieces_of(color, PieceKind::Pawn).count();
    if pawns > variant.pawns() {
        return Err(FenError::TooManyPawns {
            color,
            found: pawns,
            variant,
        });
    }
    let pieces = board.color(color).count();
    if pieces > 2 * variant.pawns() {
        return Err(FenError::TooManyPieces {
            color,
            found: pieces,
            variant,
        });
    }
    let promoted: u32 = variant
        .initial_pieces()
        .iter()
        .map(|&(kind, initial)| board.pieces_of(color, kind).count().saturating_sub(initial))
        .sum();
    let missing_pawns = variant.pawns() - pawns;
    if promoted > missing_pawns {
        return Err(FenError::TooManyPromotedPieces {
            color,
            promoted,
            missing_pawns,
            variant,
        });
    }
    Ok(())
}

/// Rule 4: each castling right needs its king and rook at home (the castling field is read
/// so that they are; this guards the setup the board keeps).
fn validate_castling(board: &Board) -> Result<(), FenError> {
    for (standard, letter) in CASTLE_SIDES.iter().zip(['K', 'Q', 'k', 'q']) {
        if !board.castling_rights().contains(standard.right) {
            continue;
        }
        let side = board.castling_setup().side(standard.right);
        let color = if side.king_from.rank() == Rank::R1 {
            Color::White
        } else {
            Color::Black
        };
        if board.piece_at(side.king_from) != Some(Piece::new(color, PieceKind::King)) {
            return Err(FenError::ImpossibleCastling {
                right: letter,
                reason: "the king is not on its starting square",
            });
        }
        if board.piece_at(side.rook_from) != Some(Piece::new(color, PieceKind::Rook)) {
            return Err(FenError::ImpossibleCastling {
                right: letter,
                reason: "the rook is not on its starting square",
            });
        }
    }
    Ok(())
}

/// Rule 5: the en passant square is behind a pawn that has just moved two squares.
fn validate_en_passant(board: &Board, square: Square) -> Result<(), FenError> {
    let mover = board.side_to_move();
    if square.rank() != board.variant().en_passant_rank(!mover) {
        return Err(FenError::ImpossibleEnPassant {
            square,
            reason: match board.variant() {
                Variant::Chess => {
                    "it must be on rank 6 with white to move, rank 3 with black to move"
                }
                Variant::Fragments => "in Chess Fragments it must be on rank 3",
            },
        });
    }
    // The pawn that just moved two squares stands one square beyond, towards the mover.
    let pawn_square = Square::from_index((square.index() as i8 - mover.forward()) as usize);
    let start_square = Square::from_index((square.index() as i8 + mover.forward()) as usize);
    if board.piece_at(pawn_square) != Some(Piece::new(!mover, PieceKind::Pawn)) {
        return Err(FenError::ImpossibleEnPassant {
            square,
            reason: "no pawn of the side that just moved stands in front of it",
        });
    }
    if board.piece_at(square).is_some() || board.piece_at(start_square).is_some() {
        return Err(FenError::ImpossibleEnPassant {
            square,
            reason: "the squares the pawn passed are not empty",
        });
    }
    Ok(())
}

/// Rule 7: at most two checkers, and a double check only as one move can give it.
fn validate_checkers(board: &Board) -> Result<(), FenError> {
    let mover = board.side_to_move();
    let king = board.king_square(mover);
    let checkers = attackers(board, king, !mover);
    if checkers.count() > 2 {
        return Err(FenError::TooManyCheckers {
            king,
            found: checkers.count(),
        });
    }
    let mut squares = checkers;
    let (Some(first), Some(second)) = (squares.next(), squares.next()) else {
        return Ok(());
    };
    let sliders = board.diagonal_sliders(!mover) | board.straight_sliders(!mover);
    if !sliders.contains(first) && !sliders.contains(second) {
        return Err(FenError::ImpossibleCheck {
            king,
            checkers: [first, second],
            reason: match board.variant() {
                Variant::Chess => {
                    "neither checker is a bishop, rook or queen, but one check of a double \
                     check is always discovered, and only those pieces give discovered checks"
                }
                Variant::Fragments => {
                    "neither checker is a bishop, queen or Right, but one check of a double \
                     check is always discovered, and only those pieces give discovered checks"
                }
            },
        });
    }
    Ok(())
}

/// The pieces of `by` attacking `square`. Slow and simple, for validation only: move
/// generation has the fast attack tables.
fn attackers(board: &Board, square: Square, by: Color) -> Bitboard {
    let occupied = board.occupied();
    let pawn_steps: [(i8, i8); 2] = match by {
        Color::White => [(-1, -1), (1, -1)],
        Color::Black => [(-1, 1), (1, 1)],
    };
    (step_attacks(square, &pawn_steps) & board.pieces_of(by, PieceKind::Pawn))
        | (step_attacks(square, &KNIGHT_STEPS) & board.knight_leapers(by))
        | (step_attacks(square, &KING_STEPS) & board.pieces_of(by, PieceKind::King))
        | (ray_attacks(square, occupied, &BISHOP_DIRECTIONS) & board.diagonal_sliders(by))
        | (ray_attacks(square, occupied, &ROOK_DIRECTIONS) & board.straight_sliders(by))
}
