//! The chess position of the Outpost engine: squares, pieces, bitboards, moves, FEN and EPD,
//! Zobrist hashing and make/unmake. It knows the rules of how pieces are placed and moved, not
//! which moves are legal (that is `outpost-movegen`).
//!
//! ```
//! use outpost_board::{Board, Move, Square};
//!
//! let mut board = Board::startpos();
//! let hash_before = board.hash();
//! let e4 = Move::double_push(Square::E2, Square::E4);
//! let undo = board.make(e4);
//! assert_eq!(
//!     board.to_fen(),
//!     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
//! );
//! board.unmake(e4, &undo);
//! assert_eq!(board.hash(), hash_before);
//! ```

#![deny(missing_docs)]

mod bitboard;
mod board;
mod castling;
mod chess960;
mod display;
pub mod epd;
mod fen;
mod moves;
mod types;
mod validate;
mod variant;
pub mod zobrist;

pub use bitboard::{
    ray_attacks, step_attacks, Bitboard, BISHOP_DIRECTIONS, KING_STEPS, KNIGHT_STEPS,
    ROOK_DIRECTIONS,
};
pub use board::{Board, Undo};
pub use castling::{is_king_side_target, CastleSide, CastlingRights, CastlingSetup, CASTLE_SIDES};
pub use chess960::{
    chess960_back_rank, random_chess960_number, CHESS960_POSITIONS, STANDARD_CHESS960_NUMBER,
};
pub use display::{Diagram, DiagramStyle, Material};
pub use epd::{read_epd, Epd, EpdError, EpdFileError, EpdLine, EpdOperation};
pub use fen::FenError;
pub use moves::{Move, MoveKind};
pub use types::{Color, File, ParseSquareError, Piece, PieceKind, Rank, Square};
pub use validate::{INITIAL_PIECES, MAX_PAWNS, MAX_PIECES};
pub use variant::Variant;
