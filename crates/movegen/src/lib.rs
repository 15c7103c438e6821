#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod attacks;
mod ext;
mod generate;
mod legal;
#[doc(hidden)]
pub mod magic;
mod magic_masks;
pub mod picks;
mod pins;
mod rays;
pub mod san;
#[cfg(feature = "serde")]
pub mod serde_game;
pub mod status;
pub mod uci;

pub use attacks::{
    attacked_squares, attackers_to, bishop_attacks, checkers, in_check, is_attacked, king_attacks,
    knight_attacks, pawn_attacks, piece_attacks, queen_attacks, rook_attacks,
};
pub use ext::{BoardExt, IllegalMoveError};
pub use generate::{
    is_pseudo_legal, pseudo_legal_captures, pseudo_legal_moves, pseudo_legal_quiets, MoveList,
    MAX_MOVES,
};
pub use legal::{
    count_legal_moves, has_legal_move, is_legal, kings_after, legal_captures, legal_moves,
    legal_moves_in_place, try_move, KingsAfter,
};
/// The board crate this one is built on, so that one dependency gives both at the same
/// version: `use outpost_movegen::outpost_board::{Board, Move, Square};`.
pub use outpost_board;
pub use pins::{all_attackers_to, blockers, evasion_targets, pinned};
pub use rays::{between, line};
pub use status::{Game, GameStatus};
