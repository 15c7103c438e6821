//! A breakdown of the evaluation, term by term, for people to read.

use std::fmt;

use outpost_board::{Board, Color, PieceKind, Variant};

use crate::tables::piece_square;
use crate::{phase, Tapered, MAX_PHASE, TEMPO};

/// The parts that make up the evaluation of one position, as returned by [`explain`].
///
/// Its [`Display`](fmt::Display) is a table with one row per piece kind and the middlegame
/// and endgame sums of each colour, followed by the phase, the blend and the final score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Value plus piece-square bonus of all pieces of one kind and colour, indexed
    /// `[kind.index()][color.index()]`, each from **that colour's own view** (good for that
    /// colour is positive, so black's pieces count positive here too).
    pub pieces: [[Tapered; 2]; PieceKind::COUNT],
    /// The game phase, 0 (kings and pawns) to [`MAX_PHASE`] (all pieces on the board).
    pub phase: i32,
    /// The rule set, whose tables were used (and whose kinds the table shows).
    pub variant: Variant,
    /// The side to move, which gets the [`TEMPO`] bonus.
    pub side_to_move: Color,
    /// The final score from white's view, tempo included.
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

    /// The sum over all piece kinds for `color`, from `color`'s view.
    pub fn color_total(&self, color: Color) -> Tapered {
        self.pieces
            .iter()
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

    /// The blended balance from white's view, before the tempo bonus.
    pub fn blended(&self) -> i32 {
        self.balance().blend(self.phase)
    }
}

/// Every term of the evaluation of `board`; its
/// [`side_to_move_score`](Explanation::side_to_move_score) equals
/// [`evaluate`](crate::evaluate)`(board)`.
///
/// Slower than `evaluate` (it keeps the parts apart); meant for the UCI `eval` command,
/// the terminal game and tests.
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
    let phase = phase(board);
    let side_to_move = board.side_to_move();
    let balance = pieces.iter().fold(Tapered::ZERO, |sum, row| {
        sum + row[Color::White.index()] - row[Color::Black.index()]
    });
    let blended = balance.blend(phase);
    let side_to_move_score = match side_to_move {
        Color::White => blended,
        Color::Black => -blended,
    } + TEMPO;
    let white_score = match side_to_move {
        Color::White => side_to_move_score,
        Color::Black => -side_to_move_score,
    };
    Explanation {
        pieces,
        phase,
        variant: board.variant(),
        side_to_move,
        white_score,
        side_to_move_score,
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
        "{name:<8}{:>7}{:>7}  {:>7}{:>7}  {:>7}{:>7}",
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
    /// colour from its own view), the totals, then the phase, the blend, the tempo and the
    /// final score from white's view and from the side to move's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<8}{:>14}  {:>14}  {:>14}",
            "", "White", "Black", "White - Black"
        )?;
        writeln!(
            f,
            "{:<8}{:>7}{:>7}  {:>7}{:>7}  {:>7}{:>7}",
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
        write_row(
            f,
            "Total",
            self.color_total(Color::White),
            self.color_total(Color::Black),
            self.balance(),
        )?;
        let balance = self.balance();
        writeln!(
            f,
            "Phase   {} of {MAX_PHASE} ({MAX_PHASE} = opening, 0 = kings and pawns)",
            self.phase
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
        writeln!(f, "Tempo   {TEMPO:+} for {} (to move)", self.side_to_move)?;
        write!(
            f,
            "Score   {:+} cp for white, {:+} cp for the side to move ({})",
            self.white_score, self.side_to_move_score, self.side_to_move
        )
    }
}
