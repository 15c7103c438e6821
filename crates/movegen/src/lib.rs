//! Legal chess moves for the Outpost engine.
//!
//! Moves are generated pseudo-legally on magic bitboards and then filtered by
//! **try-and-take-back** ([`try_move`]): each candidate is played on the board, the mover's king
//! is tested for attack, and the move is taken back. Questions about a position
//! ([`legal_moves`], [`has_legal_move`], [`san::to_san`], [`san::parse_san`],
//! [`uci::parse_uci_move`], [`Game::status`]) take `&Board` and try moves on a copy; the search
//! and perft use the in-place forms [`legal_moves_in_place`], [`count_legal_moves`] and
//! [`try_move`] on a board they own. The crate also reads and writes moves in UCI and SAN
//! notation and decides how a game ends.
//!
//! Helpers for move ordering and pruning answer what a check or a pin asks of a position
//! without playing moves: the squares [`between`] two squares and the [`line`] through them,
//! the [`checkers`], the [`evasion_targets`] of a check, the [`pinned`] pieces and the
//! [`blockers`] of a king's lines, and [`all_attackers_to`] a square (for exchanges). They
//! do not replace try-and-take-back as the test of legality.
//!
//! ```
//! use outpost_board::Board;
//! use outpost_movegen::{legal_moves, san, Game, GameStatus};
//!
//! let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3";
//! let board = Board::from_fen(fen).unwrap();
//! let moves = legal_moves(&board);
//! let sans: Vec<String> = moves.iter().map(|&mv| san::to_san(&board, mv)).collect();
//! assert!(sans.contains(&"Qxf7#".to_string()));
//!
//! let mut game = Game::new(board);
//! game.play_san("Qxf7#").unwrap();
//! assert!(matches!(game.status(), GameStatus::Checkmate { .. }));
//! ```

#![deny(missing_docs)]

mod attacks;
mod generate;
mod legal;
#[doc(hidden)]
pub mod magic;
mod magic_masks;
pub mod picks;
mod pins;
mod rays;
pub mod san;
pub mod status;
pub mod uci;

pub use attacks::{
    attacked_squares, attackers_to, bishop_attacks, checkers, in_check, is_attacked, king_attacks,
    knight_attacks, pawn_attacks, piece_attacks, queen_attacks, rook_attacks,
};
pub use generate::{
    is_pseudo_legal, pseudo_legal_captures, pseudo_legal_moves, pseudo_legal_quiets, MoveList,
    MAX_MOVES,
};
pub use legal::{
    count_legal_moves, has_legal_move, is_legal, kings_after, legal_captures, legal_moves,
    legal_moves_in_place, try_move, KingsAfter,
};
pub use pins::{all_attackers_to, blockers, evasion_targets, pinned};
pub use rays::{between, line};
pub use status::{Game, GameStatus};
