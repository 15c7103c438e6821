//! Move ordering: transposition-table move, captures by MVV-LVA and SEE, promotions, killers,
//! counter-moves and the history heuristic. Moves are picked by integer keys (selection of
//! the largest remaining key), never with a comparator.

use crate::params::SearchParams;
use crate::score::Depth;
use crate::see::{see, SEE_VALUES};
use arrayvec::ArrayVec;
use outpost_board::{Board, Color, Move, Piece, PieceKind, Square};
use outpost_movegen::{MoveList, MAX_MOVES};

/// The deepest ply the search reaches.
pub(crate) const MAX_PLY: usize = 128;

const TT_MOVE_KEY: i32 = 2_000_000;
const GOOD_CAPTURE_KEY: i32 = 1_000_000;
const KILLER_KEYS: [i32; 2] = [900_000, 890_000];
const COUNTER_KEY: i32 = 880_000;
const BAD_CAPTURE_KEY: i32 = -1_000_000;
const UNDERPROMOTION_KEY: i32 = -2_000_000;

/// The search's memory of which quiet moves were good: killers per ply, a counter-move per
/// previous move, and history scores per side and from/to squares.
#[derive(Clone)]
pub(crate) struct Heuristics {
    killers: [[Move; 2]; MAX_PLY + 2],
    counter_moves: [[Move; 64]; 12],
    history: [[[i32; 64]; 64]; 2],
    /// The largest history bonus (`history_bonus_max`).
    bonus_max: i32,
    /// The history bound (`history_max`).
    history_max: i32,
}

impl Heuristics {
    /// Empty heuristics using the history numbers of `params`.
    pub fn new(params: &SearchParams) -> Heuristics {
        Heuristics {
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
            counter_moves: [[Move::NULL; 64]; 12],
            history: [[[0; 64]; 64]; 2],
            bonus_max: params.history_bonus_max,
            history_max: params.history_max,
        }
    }
}

/// Identifies the previous move for counter-move look-ups: the piece that moved and its
/// target square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PreviousMove {
    /// The piece that moved.
    pub piece: Piece,
    /// The square it moved to.
    pub to: Square,
}

impl Heuristics {
    /// The two killer moves of `ply`.
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply.min(MAX_PLY + 1)]
    }

    /// The counter-move to `previous`, if any.
    pub fn counter_move(&self, previous: Option<PreviousMove>) -> Move {
        previous.map_or(Move::NULL, |p| {
            self.counter_moves[p.piece.index()][p.to.index()]
        })
    }

    /// The history score of a quiet move by `side`.
    pub fn history(&self, side: Color, mv: Move) -> i32 {
        self.history[side.index()][mv.from().index()][mv.to().index()]
    }

    /// Records that the quiet move `best` caused a beta cut-off at `ply` with `depth`, after
    /// the quiet moves `tried` (which did not) were searched.
    pub fn reward_quiet(
        &mut self,
        side: Color,
        ply: usize,
        depth: Depth,
        best: Move,
        tried: &[Move],
        previous: Option<PreviousMove>,
    ) {
        let killers = &mut self.killers[ply.min(MAX_PLY + 1)];
        if killers[0] != best {
            killers[1] = killers[0];
            killers[0] = best;
        }
        if let Some(p) = previous {
            self.counter_moves[p.piece.index()][p.to.index()] = best;
        }
        let bonus = (depth * depth).min(self.bonus_max);
        let bound = self.history_max;
        let table = &mut self.history[side.index()];
        update_history(
            &mut table[best.from().index()][best.to().index()],
            bonus,
            bound,
        );
        for &mv in tried {
            if mv != best {
                update_history(
                    &mut table[mv.from().index()][mv.to().index()],
                    -bonus,
                    bound,
                );
            }
        }
    }
}

/// Adds `bonus` to a history entry; gravity keeps the value within ± `bound`.
fn update_history(entry: &mut i32, bonus: i32, bound: i32) {
    *entry += bonus - *entry * bonus.abs() / bound;
}

/// The value of the piece `mv` captures (a pawn for en passant, 0 for a quiet move).
pub(crate) fn victim_value(board: &Board, mv: Move) -> i32 {
    if mv.is_en_passant() {
        SEE_VALUES[PieceKind::Pawn.index()]
    } else {
        board
            .piece_at(mv.to())
            .map_or(0, |piece| SEE_VALUES[piece.kind().index()])
    }
}

/// MVV-LVA key of a capture: most valuable victim first, least valuable attacker next.
pub(crate) fn mvv_lva(board: &Board, mv: Move) -> i32 {
    let attacker = board
        .piece_at(mv.from())
        .map_or(0, |p| p.kind().index() as i32);
    let promotion = mv
        .promotion_piece()
        .map_or(0, |kind| SEE_VALUES[kind.index()]);
    (victim_value(board, mv) + promotion) * 8 - attacker
}

/// The ordering keys of a move list, one per move (not zeroed first: only as many as there
/// are moves are written).
type Keys = ArrayVec<i32, MAX_MOVES>;

/// A list of moves with ordering keys, handing out the best remaining move each time.
pub(crate) struct MovePicker {
    moves: MoveList,
    keys: Keys,
    next: usize,
}

impl MovePicker {
    /// Orders `moves` for a main-search node.
    pub fn new(
        board: &Board,
        moves: MoveList,
        tt_move: Move,
        heuristics: &Heuristics,
        ply: usize,
        previous: Option<PreviousMove>,
    ) -> MovePicker {
        let side = board.side_to_move();
        let killers = heuristics.killers(ply);
        let counter = heuristics.counter_move(previous);
        let key = |mv: Move| {
            if mv == tt_move {
                TT_MOVE_KEY
            } else if let Some(kind) = mv.promotion_piece().filter(|&k| k != PieceKind::Queen) {
                UNDERPROMOTION_KEY + SEE_VALUES[kind.index()]
            } else if mv.is_capture() || mv.is_promotion() {
                let order = mvv_lva(board, mv);
                if see(board, mv) >= 0 {
                    GOOD_CAPTURE_KEY + order
                } else {
                    BAD_CAPTURE_KEY + order
                }
            } else if mv == killers[0] {
                KILLER_KEYS[0]
            } else if mv == killers[1] {
                KILLER_KEYS[1]
            } else if mv == counter {
                COUNTER_KEY
            } else {
                heuristics.history(side, mv)
            }
        };
        MovePicker {
            keys: moves.iter().map(|&mv| key(mv)).collect(),
            moves,
            next: 0,
        }
    }

    /// Orders captures (and promotions) for the quiescence search by MVV-LVA.
    pub fn captures(board: &Board, moves: MoveList, tt_move: Move) -> MovePicker {
        let key = |mv: Move| {
            if mv == tt_move {
                TT_MOVE_KEY
            } else {
                mvv_lva(board, mv)
            }
        };
        MovePicker {
            keys: moves.iter().map(|&mv| key(mv)).collect(),
            moves,
            next: 0,
        }
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let count = self.moves.len();
        if self.next >= count {
            return None;
        }
        let mut best = self.next;
        for index in self.next + 1..count {
            if self.keys[index] > self.keys[best] {
                best = index;
            }
        }
        self.moves.swap(self.next, best);
        self.keys.swap(self.next, best);
        let mv = self.moves[self.next];
        self.next += 1;
        Some(mv)
    }
}
