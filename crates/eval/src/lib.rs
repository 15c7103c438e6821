#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod explain;
mod fragments;
pub mod params;
mod pawn_cache;
pub mod scale;
pub mod score;
mod sums;
mod tables;
mod tapered;
mod terms;
mod tuned;

pub use explain::{explain, Explanation};
pub use pawn_cache::{pawn_key, PawnCache};
pub use sums::PieceSquareSums;
pub use tapered::{Tapered, MAX_PHASE};

use outpost_board::{Board, Color, Piece, PieceKind, Square, Variant};

/// The bonus, in centipawns, for having the move: added to the side to move's score before
/// blending (a parameter, [`params::Group::Tempo`]). It keeps scores of odd and even search
/// depths closer together.
pub const TEMPO: Tapered = params::PARAMS[params::Group::Tempo.start()];

/// The game phase from the material left: knight and bishop count 1, rook 2, queen 4 (and
/// the Right of Chess Fragments 6), so the start position has [`MAX_PHASE`] (24) and kings
/// and pawns alone have 0. Clamped at 24 when promotions add material.
pub fn phase(board: &Board) -> i32 {
    let phase: i32 = PieceKind::ALL
        .iter()
        .map(|&kind| tables::PHASE_WEIGHTS[kind.index()] * board.pieces(kind).count() as i32)
        .sum();
    phase.min(MAX_PHASE)
}

/// Value plus piece-square bonus of `piece` on `square` in centipawns, in `variant`'s
/// tables, from the view of the piece's own colour (a black knight on c6 scores like a
/// white knight on c3).
pub const fn piece_square_value(variant: Variant, piece: Piece, square: Square) -> Tapered {
    tables::piece_square(variant, piece, square)
}

/// The static evaluation of `board` in centipawns, from the side to move's point of view:
/// material plus piece-square tables and the other terms ([`params::Term`]), the
/// [`TEMPO`] bonus included, middlegame and endgame sums blended by [`phase`], the endgame
/// sum scaled down in drawish endings ([`scale`]). Not a mate score; [`explain()`] shows
/// the parts.
pub fn evaluate(board: &Board) -> i32 {
    let sums = PieceSquareSums::of(board);
    let mut terms = params::Weigh::new(&params::PARAMS);
    terms::trace(board, &mut terms);
    let balance = sums.balance() + terms.total;
    side_to_move_view(board, scale::blend_scaled(board, balance, sums.phase()))
}

/// [`evaluate`] with the material and piece-square `sums` of `board` already at hand (a
/// search keeps them move by move with [`PieceSquareSums::after_move`]) and the terms of
/// the pawns alone kept in `pawn_cache`; the other terms are counted from the board's
/// bitboards. The same number as [`evaluate`], faster.
#[inline]
pub fn evaluate_cached(board: &Board, sums: &PieceSquareSums, pawn_cache: &mut PawnCache) -> i32 {
    let terms = terms::weigh_cached(board, pawn_cache);
    let balance = sums.balance() + terms;
    side_to_move_view(board, scale::blend_scaled(board, balance, sums.phase()))
}

/// `white_view`, a score from white's point of view, from the side to move's.
#[inline]
fn side_to_move_view(board: &Board, white_view: i32) -> i32 {
    match board.side_to_move() {
        Color::White => white_view,
        Color::Black => -white_view,
    }
}
