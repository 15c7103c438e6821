//! The evaluation's numbers as one flat list of tapered parameters, and the one description
//! of which parameters a position counts (its *trace*), shared by the engine and the tuner.
//!
//! The engine adds up parameter values ([`PARAMS`], compiled in from the generated
//! `tuned.rs`); the tuner (`cargo xtask tune`) records how many times each parameter counts,
//! per position, and fits the values to game results. Both go through [`piece_features`]
//! (which parameters one piece on one square counts) and [`trace`] (every piece of a
//! position, given to a [`Sink`]), so what the engine scores and what the tuner fits cannot
//! drift apart: the engine's table of [`crate::PieceSquareSums`] is built from
//! `piece_features` at compile time, and a test holds [`trace`] with [`Weigh`] to the sums.
//!
//! Layout: the 6 piece values (pawn to king), then 6 piece-square tables of 64 entries each
//! (pawn to king), every table in diagram layout (entry 0 is a8, entry 63 is h1, from the
//! piece's own side: see `tables.rs`). Each parameter is a [`Tapered`] pair; the tuner fits
//! both halves.

use outpost_board::{Board, Color, PieceKind, Variant};

use crate::tapered::{Tapered, MAX_PHASE};
use crate::tuned;

/// The piece kinds of standard chess that have parameters: pawn to king.
pub const KINDS: usize = 6;

/// How many tapered parameters there are: 6 piece values and 6 tables of 64 squares.
pub const PARAM_COUNT: usize = KINDS + KINDS * 64;

/// All parameters, in the layout of the module docs.
pub type Params = [Tapered; PARAM_COUNT];

/// The index of the value of piece kind `kind` (0 pawn … 5 king).
#[inline]
pub const fn value_param(kind: usize) -> usize {
    kind
}

/// The index of the piece-square entry of kind `kind` at diagram-layout `entry` (0 is a8 from
/// the piece's own side).
#[inline]
pub const fn square_param(kind: usize, entry: usize) -> usize {
    KINDS + kind * 64 + entry
}

/// The parameters that a piece of `color` and `kind` (0 pawn … 5 king) on square index
/// `square` (a1 = 0) counts, once each, for its own side: its value and its table entry.
/// The one place that says how a piece is scored, for the engine and for the tuner.
#[inline]
pub const fn piece_features(color: Color, kind: usize, square: usize) -> [usize; 2] {
    // The tables are drawn from white's side with rank 8 on top: white flips the ranks,
    // black's mirroring cancels the flip (see `tables.rs`).
    let entry = match color {
        Color::White => square ^ 56,
        Color::Black => square,
    };
    [value_param(kind), square_param(kind, entry)]
}

/// The compiled-in parameters, read from the generated `tuned.rs`.
pub const PARAMS: Params = {
    let mut params = [Tapered::ZERO; PARAM_COUNT];
    let mut kind = 0;
    while kind < KINDS {
        params[value_param(kind)] =
            Tapered::new(tuned::MIDDLEGAME_VALUES[kind], tuned::ENDGAME_VALUES[kind]);
        let mut entry = 0;
        while entry < 64 {
            params[square_param(kind, entry)] = Tapered::new(
                tuned::MIDDLEGAME_TABLES[kind][entry],
                tuned::ENDGAME_TABLES[kind][entry],
            );
            entry += 1;
        }
        kind += 1;
    }
    params
};

/// A short name of parameter `index`, such as `value knight` or `square knight e4` (the
/// square as seen from white's side, for a white piece).
pub fn param_name(index: usize) -> String {
    const NAMES: [&str; KINDS] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    if index < KINDS {
        return format!("value {}", NAMES[index]);
    }
    let (kind, entry) = ((index - KINDS) / 64, (index - KINDS) % 64);
    let file = (b'a' + (entry % 8) as u8) as char;
    let rank = 8 - entry / 8;
    format!("square {} {file}{rank}", NAMES[kind])
}

/// Receives the parameters a position counts.
pub trait Sink {
    /// Parameter `param` counts `count` times more, from white's view (a black piece's
    /// parameters count -1).
    fn add(&mut self, param: usize, count: i32);
}

/// Gives `sink` every parameter count of `board`'s material and piece-square score, from
/// white's view, before blending by [`crate::phase`] (the same for both halves of each
/// pair). Standard chess only: Chess Fragments has its own, untuned tables (nothing is
/// given for its boards).
pub fn trace<S: Sink>(board: &Board, sink: &mut S) {
    if board.variant() != Variant::Chess {
        return;
    }
    for color in Color::ALL {
        let sign = match color {
            Color::White => 1,
            Color::Black => -1,
        };
        for (kind, &piece_kind) in PieceKind::ALL.iter().take(KINDS).enumerate() {
            for square in board.pieces_of(color, piece_kind) {
                for param in piece_features(color, kind, square.index()) {
                    sink.add(param, sign);
                }
            }
        }
    }
}

/// A [`Sink`] that weighs each count by a parameter set: after [`trace`], `total` is the
/// material and piece-square balance from white's view.
#[derive(Clone, Debug)]
pub struct Weigh<'a> {
    /// The values each parameter is weighed with.
    pub params: &'a Params,
    /// The sum so far.
    pub total: Tapered,
}

impl<'a> Weigh<'a> {
    /// A zero sum over `params`.
    pub fn new(params: &'a Params) -> Weigh<'a> {
        Weigh {
            params,
            total: Tapered::ZERO,
        }
    }
}

impl Sink for Weigh<'_> {
    #[inline]
    fn add(&mut self, param: usize, count: i32) {
        let value = self.params[param];
        self.total += Tapered::new(value.middlegame * count, value.endgame * count);
    }
}

/// The weight of the middlegame half at `phase` (clamped to `0..=24`): `phase / 24`; the
/// endgame half weighs the rest. The tuner's form of [`Tapered::blend`] (without its
/// integer rounding).
pub fn middlegame_weight(phase: i32) -> f64 {
    f64::from(phase.clamp(0, MAX_PHASE)) / f64::from(MAX_PHASE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PieceSquareSums;
    use outpost_movegen::legal_moves;
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The trace weighed by the compiled-in parameters is the engine's incremental sum,
    /// in positions of random games: the tuner fits what the engine scores.
    #[test]
    fn trace_weighed_by_params_is_the_engines_sum() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut positions = 0;
        for _ in 0..100 {
            let mut board = Board::startpos();
            for _ in 0..120 {
                let moves = legal_moves(&board);
                if moves.is_empty() {
                    break;
                }
                board.make(moves[rng.next_u32() as usize % moves.len()]);
                let mut weigh = Weigh::new(&PARAMS);
                trace(&board, &mut weigh);
                let phase = crate::phase(&board);
                assert_eq!(
                    weigh.total.blend(phase),
                    PieceSquareSums::of(&board).blended(),
                    "{}",
                    board.to_fen()
                );
                positions += 1;
            }
        }
        assert!(positions > 10_000);
    }

    #[test]
    fn names_say_which_parameter() {
        assert_eq!(param_name(value_param(1)), "value knight");
        assert_eq!(param_name(square_param(0, 12)), "square pawn e7");
        assert_eq!(param_name(square_param(5, 62)), "square king g1");
        assert_eq!(PARAM_COUNT, 390);
    }
}
