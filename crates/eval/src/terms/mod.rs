//! The evaluation terms beyond material and piece-square tables, computed from bitboards on
//! every evaluation: passed pawns and pawn structure ([`pawns`]), mobility, rooks, outposts,
//! space, the king's distance to the pawns, the bishop pair and knights and rooks by their
//! pawns ([`pieces`]), king safety with safe checks, shelter and storm
//! ([`king`]), threats ([`threats`]) and the tempo.
//!
//! Each term names the parameters (`crate::params::Group`) a position counts and hands them
//! to a [`Sink`]: the engine weighs them (`crate::params::PackedWeigh`; `evaluate` and the
//! tools with [`crate::params::Weigh`]), the tuner records them,
//! [`crate::explain()`] sorts them by term. Every term works on the 5×5 board of Chess
//! Fragments too, since squares off that board are never occupied and the attack sets are
//! masked to the board (`Variant::squares`); where a term has no meaning there, its module
//! says so.

mod king;
mod pawns;
mod pieces;
mod threats;

use outpost_board::{Bitboard, Board, Color, PieceKind, Square, Variant};

use crate::params::{Group, PackedWeigh, Sink};
use crate::pawn_cache::PawnCache;
use crate::tapered::Tapered;

/// The tempo parameter.
const TEMPO: usize = Group::Tempo.start();

/// What several terms need of a position, computed once per evaluation.
pub(crate) struct Context {
    /// The squares of the board (all 64, or the 5×5 corner).
    squares: Bitboard,
    /// Every occupied square.
    occupied: Bitboard,
    /// Each colour's pawns.
    pawns: [Bitboard; 2],
    /// The squares each colour's pawns attack.
    pawn_attacks: [Bitboard; 2],
    /// Each colour's king's zone: its square and those around it.
    king_zone: [Bitboard; 2],
    /// Added to a rank counted from its own side to give the 8×8 rank as far from promotion
    /// (0 in standard chess, 3 on the 5×5 board).
    rank_shift: usize,
    /// The board's size minus one: the highest rank index (and file index: boards are
    /// square).
    last_rank: usize,
}

impl Context {
    fn new(board: &Board) -> Context {
        let variant: Variant = board.variant();
        let squares = variant.squares();
        let pawns = [Color::White, Color::Black].map(|c| board.pieces_of(c, PieceKind::Pawn));
        let pawn_attacks = [
            pawn_attacks(Color::White, pawns[0]),
            pawn_attacks(Color::Black, pawns[1]),
        ];
        let king_zone = [Color::White, Color::Black].map(|c| {
            let king = board.king_square(c);
            (outpost_movegen::king_attacks(king) | Bitboard::from_square(king)) & squares
        });
        Context {
            squares,
            occupied: board.occupied(),
            pawns,
            pawn_attacks,
            king_zone,
            rank_shift: 8 - variant.size(),
            last_rank: variant.size() - 1,
        }
    }

    /// The rank of `square` from `color`'s side (0 its back rank) on the 8×8 scale of the
    /// parameters.
    #[inline]
    fn relative_rank(&self, color: Color, square: Square) -> usize {
        let rank = square.rank().index();
        let own = match color {
            Color::White => rank,
            Color::Black => self.last_rank - rank,
        };
        own + self.rank_shift
    }
}

/// Gives `sink` every parameter the terms count on `board` (any variant).
#[inline]
pub(crate) fn trace<S: Sink>(board: &Board, sink: &mut S) {
    let context = Context::new(board);
    let passed = pawns::trace_pawns_only(&context, sink);
    let attacks = pieces::trace(board, &context, sink);
    trace_after_pieces(board, &context, passed, &attacks, sink);
}

/// The terms of `board` weighed by the compiled-in parameters, as [`trace`] into a
/// [`crate::params::Weigh`] of them gives them, with the pawn-only terms taken from `cache`
/// where it has them.
#[inline]
pub(crate) fn weigh_cached(board: &Board, cache: &mut PawnCache) -> Tapered {
    let context = Context::new(board);
    // The pieces' terms come first, while the cache entry is fetched: it is often out of
    // the first-level cache, and a sum does not depend on the order of its terms.
    cache.prefetch(context.pawns);
    let mut terms = PackedWeigh::default();
    let attacks = pieces::trace(board, &context, &mut terms);
    let (pawn_score, passed) = cache.get_or_count(context.pawns, board.variant().size(), || {
        let mut pawn_terms = PackedWeigh::default();
        let passed = pawns::trace_pawns_only(&context, &mut pawn_terms);
        (pawn_terms.total(), passed)
    });
    trace_after_pieces(board, &context, passed, &attacks, &mut terms);
    terms.total() + pawn_score
}

/// Gives `sink` the parameters of the terms that read each colour's `passed` pawns or the
/// pieces' `attacks` (passed pawns beside the pieces, king safety, threats), and the tempo.
#[inline]
fn trace_after_pieces<S: Sink>(
    board: &Board,
    context: &Context,
    passed: [Bitboard; 2],
    attacks: &pieces::Attacks,
    sink: &mut S,
) {
    // The squares each colour's pieces and king attack, and with its pawns' every square it
    // attacks or guards.
    let by_pieces = [Color::White, Color::Black].map(|color| {
        attacks.pieces(color.index()) | outpost_movegen::king_attacks(board.king_square(color))
    });
    let all_attacks = [0, 1].map(|us| by_pieces[us] | context.pawn_attacks[us]);
    pawns::trace_passed_by_pieces(board, context, passed, &all_attacks, sink);
    king::trace(board, context, attacks, sink);
    threats::trace(board, context, attacks, &by_pieces, &all_attacks, sink);
    sink.add(board.side_to_move(), TEMPO, 1);
}

/// `color`'s parameter `param` counts once per square of `set` (nothing is given for an
/// empty set, the common case, which needs no population count).
#[inline]
fn add_count<S: Sink>(sink: &mut S, color: Color, param: usize, set: Bitboard) {
    if set.is_nonempty() {
        sink.add(color, param, set.count() as i32);
    }
}

/// The squares `color`'s `pawns` attack.
#[inline]
fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    let ahead = forward(color, pawns);
    ahead.east() | ahead.west()
}

/// Every square one rank ahead from `color`'s side.
#[inline]
fn forward(color: Color, set: Bitboard) -> Bitboard {
    match color {
        Color::White => set.north(),
        Color::Black => set.south(),
    }
}

/// Every square of `set` and all squares ahead of them on their files, from `color`'s side.
#[inline]
fn fill_forward(color: Color, set: Bitboard) -> Bitboard {
    let mut bits = set.0;
    match color {
        Color::White => {
            bits |= bits << 8;
            bits |= bits << 16;
            bits |= bits << 32;
        }
        Color::Black => {
            bits |= bits >> 8;
            bits |= bits >> 16;
            bits |= bits >> 32;
        }
    }
    Bitboard(bits)
}

/// The squares of the files `set` has a square on.
#[inline]
fn files_of(set: Bitboard) -> Bitboard {
    fill_forward(Color::White, fill_forward(Color::Black, set))
}

/// The nearest square of `set` (not empty) to `color`'s back rank: the lowest for white,
/// the highest for black.
#[inline]
fn nearest(color: Color, set: Bitboard) -> Square {
    match color {
        Color::White => set.first_unchecked(),
        Color::Black => Square::from_index(63 - set.0.leading_zeros() as usize),
    }
}

/// The squares of the file with index `file` (0 is the a-file).
#[inline]
fn file_mask(file: usize) -> Bitboard {
    Bitboard(0x0101_0101_0101_0101 << file)
}

/// The squares of the rank with index `rank` (0 is the first rank).
#[inline]
fn rank_mask(rank: usize) -> Bitboard {
    Bitboard(0xff << (8 * rank))
}

/// How many ranks apart two squares are.
#[inline]
fn distance_in_ranks(a: Square, b: Square) -> usize {
    a.rank().index().abs_diff(b.rank().index())
}

/// The larger of the file and rank distances between two squares (king steps).
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file().index() as i32 - b.file().index() as i32).abs();
    let ranks = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    files.max(ranks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_and_distances() {
        let e4 = Bitboard::from_square(Square::E4);
        assert_eq!(fill_forward(Color::White, e4).count(), 5);
        assert_eq!(fill_forward(Color::Black, e4).count(), 4);
        assert_eq!(files_of(e4), Bitboard::file(Square::E4.file()));
        assert_eq!(distance(Square::A1, Square::H8), 7);
        assert_eq!(distance(Square::E4, Square::F6), 2);
        assert_eq!(
            pawn_attacks(Color::White, Bitboard::from_square(Square::A2)),
            Bitboard::from_square(Square::B3)
        );
    }
}
