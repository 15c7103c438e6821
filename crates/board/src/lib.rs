#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod bitboard;
mod board;
mod castling;
mod chess960;
mod display;
pub mod epd;
mod fen;
mod moves;
#[cfg(feature = "serde")]
pub mod serde_impls;
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
