//! A breakdown of the evaluation, term by term, for people to read.

use std::fmt;

use outpost_board::{Board, Color, PieceKind, Variant};

use crate::params::{Group, Sink, Term, PARAMS};
use crate::scale::{endgame_scale, scaled, SCALE_NORMAL};
use crate::tables::piece_square;
use crate::{phase, Tapered, MAX_PHASE};

/// The parts that make up the evaluation of one position, as returned by [`explain`].
///
/// Its [`Display`](fmt::Display) is a table with one row per piece kind and one per other
/// term ([`Term`]) with the middlegame and endgame sums of each colour, followed by the
/// phase, the endgame scale, the blend and the final score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Value plus piece-square bonus of all pieces of one kind and colour, indexed
    /// `[kind.index()][color.index()]`, each from **that colour's own view** (good for that
    /// colour is positive, so black's pieces count positive here too).
    pub pieces: [[Tapered; 2]; PieceKind::COUNT],
    /// Each other term of each colour, indexed `[term.index()][color.index()]`, from that
    /// colour's own view like `pieces` (the tempo counts for the side to move alone).
    pub terms: [[Tapered; 2]; Term::COUNT],
    /// The game phase, 0 (kings and pawns) to [`MAX_PHASE`] (all pieces on the board).
    pub phase: i32,
    /// How much of the endgame half counts, in 128ths ([`crate::scale`]).
    pub scale: i32,
    /// The rule set, whose tables were used (and whose kinds the table shows).
    pub variant: Variant,
    /// The side to move, which gets the [`TEMPO`](crate::TEMPO) bonus.
    pub side_to_move: Color,
    /// The final score from white's view.
    pub white_score: i32,
    /// The final score from the side to move's view: what [`evaluate`](crate::evaluate)
    /// returns.
    pub side_to_move_score: i32,
}

impl Explanation {
    /// Value plus piece-square bonus of `color`'s pieces of `kind`, from `color`'s view.
    pub fn part(&self, color: Color, kind: PieceKind) -> Tapered {
        self.pieces[kind.index()][color.index()]
    }

    /// `color`'s part of `term`, from `color`'s view.
    pub fn term(&self, color: Color, term: Term) -> Tapered {
        self.terms[term.index()][color.index()]
    }

    /// White's part minus black's part of `term`.
    pub fn term_balance(&self, term: Term) -> Tapered {
        self.term(Color::White, term) - self.term(Color::Black, term)
    }

    /// The sum over all piece kinds and terms for `color`, from `color`'s view.
    pub fn color_total(&self, color: Color) -> Tapered {
        self.pieces
            .iter()
            .chain(&self.terms)
            .fold(Tapered::ZERO, |sum, row| sum + row[color.index()])
    }

    /// White's part minus black's part for `kind`.
    pub fn kind_balance(&self, kind: PieceKind) -> Tapered {
        self.part(Color::White, kind) - self.part(Color::Black, kind)
    }

    /// White's total minus black's total: the pair that is blended by the phase.
    pub fn balance(&self) -> Tapered {
        self.color_total(Color::White) - self.color_total(Color::Black)
    }

    /// The balance with its endgame half scaled by [`Explanation::scale`].
    pub fn scaled_balance(&self) -> Tapered {
        scaled(self.balance(), self.scale)
    }

    /// The blended, scaled balance from white's view (the final score from white's view).
    pub fn blended(&self) -> i32 {
        self.scaled_balance().blend(self.phase)
    }
}

/// Every term of the evaluation of `board`; its
/// [`side_to_move_score`](Explanation::side_to_move_score) equals
/// [`evaluate`](crate::evaluate)`(board)`.
///
/// Slower than `evaluate` (it keeps the parts apart); meant for the UCI `eval` command,
/// the page, the terminal game and tests. The terms come from the same trace the engine
/// weighs (`crate::terms`), sorted into rows by their parameter's [`Group`].
pub fn explain(board: &Board) -> Explanation {
    let mut pieces = [[Tapered::ZERO; 2]; PieceKind::COUNT];
    for kind in PieceKind::ALL {
        for color in Color::ALL {
            let piece = outpost_board::Piece::new(color, kind);
            pieces[kind.index()][color.index()] = board
                .pieces_of(color, kind)
                .fold(Tapered::ZERO, |sum, square| {
                    sum + piece_square(board.variant(), piece, square)
                });
        }
    }
    let mut terms = ByTerm([[Tapered::ZERO; 2]; Term::COUNT]);
    crate::terms::trace(board, &mut terms);
    let terms = terms.0;
    let phase = phase(board);
    let side_to_move = board.side_to_move();
    let balance = pieces.iter().chain(&terms).fold(Tapered::ZERO, |sum, row| {
        sum + row[Color::White.index()] - row[Color::Black.index()]
    });
    let scale = endgame_scale(board, balance.endgame);
    let blended = scaled(balance, scale).blend(phase);
    let side_to_move_score = match side_to_move {
        Color::White => blended,
        Color::Black => -blended,
    };
    let white_score = match side_to_move {
        Color::White => side_to_move_score,
        Color::Black => -side_to_move_score,
    };
    Explanation {
        pieces,
        terms,
        phase,
        scale,
        variant: board.variant(),
        side_to_move,
        white_score,
        side_to_move_score,
    }
}

/// Sums each colour's counts by the [`Term`] of their parameter's [`Group`].
struct ByTerm([[Tapered; 2]; Term::COUNT]);

impl Sink for ByTerm {
    fn add(&mut self, color: Color, param: usize, count: i32) {
        if let Some(group) = Group::of(param) {
            let value = PARAMS[param];
            self.0[group.term().index()][color.index()] +=
                Tapered::new(value.middlegame * count, value.endgame * count);
        }
    }
}

const KIND_NAMES: [&str; PieceKind::COUNT] =
    ["Pawn", "Knight", "Bishop", "Rook", "Queen", "King", "Right"];

fn write_row(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    white: Tapered,
    black: Tapered,
    balance: Tapered,
) -> fmt::Result {
    writeln!(
        f,
        "{name:<12}{:>7}{:>7}  {:>7}{:>7}  {:>7}{:>7}",
        white.middlegame,
        white.endgame,
        black.middlegame,
        black.endgame,
        balance.middlegame,
        balance.endgame,
    )
}

impl fmt::Display for Explanation {
    /// A table in centipawns: one row per piece kind (value plus piece-square bonus, each
    /// colour from its own view), one per other term, the totals, then the phase, the
    /// endgame scale, the blend and the final score from white's view and from the side to
    /// move's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<12}{:>14}  {:>14}  {:>14}",
            "", "White", "Black", "White - Black"
        )?;
        writeln!(
            f,
            "{:<12}{:>7}{:>7}  {:>7}{:>7}  {:>7}{:>7}",
            "", "mg", "eg", "mg", "eg", "mg", "eg"
        )?;
        for kind in PieceKind::ALL
            .into_iter()
            .filter(|&kind| self.variant.has_kind(kind))
        {
            write_row(
                f,
                KIND_NAMES[kind.index()],
                self.part(Color::White, kind),
                self.part(Color::Black, kind),
                self.kind_balance(kind),
            )?;
        }
        for term in Term::ALL {
            write_row(
                f,
                term.name(),
                self.term(Color::White, term),
                self.term(Color::Black, term),
                self.term_balance(term),
            )?;
        }
        write_row(
            f,
            "Total",
            self.color_total(Color::White),
            self.color_total(Color::Black),
            self.balance(),
        )?;
        let balance = self.scaled_balance();
        writeln!(
            f,
            "Phase   {} of {MAX_PHASE} ({MAX_PHASE} = opening, 0 = kings and pawns)",
            self.phase
        )?;
        writeln!(
            f,
            "Scale   endgame {} * {} / {SCALE_NORMAL} = {} ({SCALE_NORMAL} = in full)",
            self.balance().endgame,
            self.scale,
            balance.endgame
        )?;
        writeln!(
            f,
            "Blend   ({} * {} + {} * {}) / {MAX_PHASE} = {:+}",
            balance.middlegame,
            self.phase,
            balance.endgame,
            MAX_PHASE - self.phase,
            self.blended()
        )?;
        write!(
            f,
            "Score   {:+} cp for white, {:+} cp for the side to move ({})",
            self.white_score, self.side_to_move_score, self.side_to_move
        )
    }
}
