//! Move ordering: transposition-table move, captures by MVV-LVA and SEE, promotions, killers,
//! counter-moves, the history heuristic (kept apart by whether the opponent attacks the
//! move's squares) and continuation histories (how good a quiet move was after the move one
//! or two plies before it). Moves are picked by integer keys (selection of
//! the largest remaining key), never with a comparator.
//!
//! One [`MovePicker`] orders every node's moves. It generates in stages (the hash move
//! before any generation, then captures, killers and the counter-move, then quiets), so that
//! a node that cuts off early generates little: the main search's nodes use all its stages,
//! the quiescence search's its captures-only mode ([`MovePicker::captures`]: the hash move
//! and the good captures). A node whose moves are a list it made first (the root's legal
//! moves, the evasions of a quiescence node in check) has the same order over that list
//! ([`MovePicker::from_list`]). Where pruning skips every quiet move that gives no check,
//! [`CheckFilter`] lets [`MovePicker`] leave most of them out unscored.

mod checks;
mod staged;

pub use checks::CheckFilter;
pub use staged::MovePicker;

use crate::params::SearchParams;
use crate::score::Depth;
use crate::see::SEE_VALUES;
use arrayvec::ArrayVec;
use outpost_board::{Bitboard, Board, Color, Move, Piece, PieceKind, Square};
use outpost_movegen::MAX_MOVES;

/// The search's memory of which quiet moves were good: a counter-move per previous move,
/// history scores per side, from/to squares and whether the opponent attacks each, and
/// continuation histories per earlier move of the line and the quiet move's piece and target
/// square. (The killers are the ply's: the search keeps them in its frame of the ply, and
/// [`update_killers`] updates them.)
#[derive(Clone)]
pub struct Heuristics {
    counter_moves: [[Move; 64]; Piece::COUNT],
    /// By side, then by [`history_index`] (the move's squares and whether the opponent
    /// attacks each).
    history: Vec<[i32; HISTORY_ENTRIES]>,
    /// By [`continuation_index`]: how good a quiet move was after a given move one or two
    /// plies before it (one table for both distances).
    continuation: Vec<i16>,
    /// The history bonus per ply of depth (`history_bonus_per_depth`).
    bonus_per_depth: i32,
    /// The largest history bonus (`history_bonus_max`).
    bonus_max: i32,
    /// The history bound (`history_max`).
    history_max: i32,
}

impl Heuristics {
    /// Empty heuristics using the history numbers of `params`.
    pub fn new(params: &SearchParams) -> Heuristics {
        Heuristics {
            counter_moves: [[Move::NULL; 64]; Piece::COUNT],
            history: vec![[0; HISTORY_ENTRIES]; 2],
            continuation: vec![0; CONTINUATION_ENTRIES],
            bonus_per_depth: params.history_bonus_per_depth,
            bonus_max: params.history_bonus_max,
            history_max: params.history_max,
        }
    }
}

/// Identifies the previous move for counter-move look-ups: the piece that moved and its
/// target square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreviousMove {
    /// The piece that moved.
    pub piece: Piece,
    /// The square it moved to.
    pub to: Square,
}

/// What a node's quiet moves' histories are kept by: the moves of the line just before the
/// node, for continuation histories (the move that led to the node and the one before it,
/// `None` where there is none: at the root, after a null move), and the squares the
/// opponent attacks, for the history (a move away from an attacked square, or onto one,
/// has a history of its own).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecentMoves {
    /// The move that led to the node (the opponent's).
    pub last: Option<PreviousMove>,
    /// The move before it (the side to move's own).
    pub before_last: Option<PreviousMove>,
    /// The squares the opponent of the side to move attacks: a quiet move's history is
    /// kept apart by whether it leaves an attacked square and whether it goes to one.
    pub threats: Bitboard,
}

impl RecentMoves {
    fn each(&self) -> impl Iterator<Item = PreviousMove> {
        [self.last, self.before_last].into_iter().flatten()
    }
}

/// The squares the opponent of the side to move attacks.
#[inline]
pub(crate) fn opponent_attacks(board: &Board) -> Bitboard {
    outpost_movegen::attacked_squares(board, board.side_to_move().opponent())
}

/// The number of entries of the continuation history: an earlier move's piece and square by
/// the quiet move's piece and square.
const CONTINUATION_ENTRIES: usize = (Piece::COUNT * 64) * (Piece::COUNT * 64);

/// The continuation history entry of the quiet move `mv` of `piece` after `earlier`.
#[inline]
fn continuation_index(earlier: PreviousMove, piece: Piece, mv: Move) -> usize {
    (earlier.piece.index() * 64 + earlier.to.index()) * (Piece::COUNT * 64)
        + piece.index() * 64
        + mv.to().index()
}

impl Heuristics {
    /// The counter-move to `previous`, if any.
    pub fn counter_move(&self, previous: Option<PreviousMove>) -> Move {
        previous.map_or(Move::NULL, |p| {
            self.counter_moves[p.piece.index()][p.to.index()]
        })
    }

    /// The history score of a quiet move by `side` (by its squares and whether the
    /// opponent attacks them, `threats`).
    pub fn history(&self, side: Color, mv: Move, threats: Bitboard) -> i32 {
        self.history[side.index()][history_index(mv, threats)]
    }

    /// How good the quiet move `mv` of `board` has been: its history score plus its
    /// continuation histories after the `recent` moves.
    #[inline]
    pub fn quiet_score(&self, board: &Board, mv: Move, recent: &RecentMoves) -> i32 {
        let mut score = self.history(board.side_to_move(), mv, recent.threats);
        if let Some(piece) = board.piece_at(mv.from()) {
            for earlier in recent.each() {
                score += i32::from(self.continuation[continuation_index(earlier, piece, mv)]);
            }
        }
        score
    }

    /// Records that the quiet move `best` of `board`, played after the `recent` moves, caused
    /// a beta cut-off with `depth`, after the quiet moves `tried` (which did not) were
    /// searched.
    pub fn reward_quiet(
        &mut self,
        board: &Board,
        depth: Depth,
        best: Move,
        tried: &[Move],
        recent: &RecentMoves,
    ) {
        if let Some(p) = recent.last {
            self.counter_moves[p.piece.index()][p.to.index()] = best;
        }
        let bonus = (self.bonus_per_depth * depth - self.bonus_per_depth / 2).min(self.bonus_max);
        self.update_quiet(board, best, bonus, recent);
        for &mv in tried {
            if mv != best {
                self.update_quiet(board, mv, -bonus, recent);
            }
        }
    }

    /// Adds `bonus` to the history and the continuation histories of the quiet move `mv`.
    fn update_quiet(&mut self, board: &Board, mv: Move, bonus: i32, recent: &RecentMoves) {
        let bound = self.history_max;
        let side = board.side_to_move();
        update_history(
            &mut self.history[side.index()][history_index(mv, recent.threats)],
            bonus,
            bound,
        );
        if let Some(piece) = board.piece_at(mv.from()) {
            for earlier in recent.each() {
                let entry = &mut self.continuation[continuation_index(earlier, piece, mv)];
                let mut value = i32::from(*entry);
                update_history(&mut value, bonus, bound);
                // Gravity keeps it within the bound, which fits an i16.
                *entry = value as i16;
            }
        }
    }
}

/// Makes `best`, a quiet move that caused a beta cut-off, the first of a ply's two
/// `killers` (the first before it becomes the second).
pub fn update_killers(killers: &mut [Move; 2], best: Move) {
    if killers[0] != best {
        killers[1] = killers[0];
        killers[0] = best;
    }
}

/// The number of history entries of a side: from- and to-square, each attacked or not.
const HISTORY_ENTRIES: usize = 4 * 64 * 64;

/// The history entry of a move: its from- and to-squares, which are the low 12 bits of the
/// move (masked, the index needs no range check; measured faster than the squares), and
/// whether each is among the opponent's `threats`.
#[inline]
fn history_index(mv: Move, threats: Bitboard) -> usize {
    let squares = usize::from(mv.to_bits() & 0xfff);
    debug_assert_eq!(squares, mv.from().index() | mv.to().index() << 6);
    let from_attacked = usize::from(threats.contains(mv.from()));
    let to_attacked = usize::from(threats.contains(mv.to()));
    squares | (from_attacked << 12) | (to_attacked << 13)
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

/// Moves with ordering keys, handed out largest key first. Each entry packs the key above
/// the move's 16 bits (inverted) into one integer, so that one comparison orders two entries;
/// equal keys go by the move's bits, lowest first, which is close to the generator's order
/// (by origin square), so that sorting a list of equal keys costs little.
#[derive(Default)]
struct KeyedMoves {
    entries: ArrayVec<i64, MAX_MOVES>,
    next: usize,
}

impl KeyedMoves {
    /// Empties the list (in place: the list is too large to replace by a new one).
    fn clear(&mut self) {
        self.entries.clear();
        self.next = 0;
    }

    /// Keeps, of the moves not handed out yet, those for which `keep` is `true`, in order.
    fn retain_remaining(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = self.next;
        for index in self.next..self.entries.len() {
            let entry = self.entries[index];
            if keep(unpack(entry)) {
                self.entries[kept] = entry;
                kept += 1;
            }
        }
        self.entries.truncate(kept);
    }

    /// Adds a move with its key.
    fn push(&mut self, mv: Move, key: i32) {
        self.entries.push(pack(mv, key));
    }

    /// Sorts the remaining moves, largest key first, so that [`KeyedMoves::take`] hands them
    /// out in order: cheaper than [`KeyedMoves::pick`] when most of them will be used.
    fn sort(&mut self) {
        self.entries[self.next..].sort_unstable_by(|a, b| b.cmp(a));
    }

    /// The next move in the list's order, if any.
    #[inline]
    fn take(&mut self) -> Option<Move> {
        let entry = *self.entries.get(self.next)?;
        self.next += 1;
        Some(unpack(entry))
    }

    /// The remaining move with the largest key, if any (a selection: most nodes use only the
    /// first few moves, so sorting them all would be wasted).
    #[inline]
    fn pick(&mut self) -> Option<Move> {
        let remaining = &mut self.entries[self.next..];
        let (best, _) = remaining
            .iter()
            .enumerate()
            .max_by_key(|&(_, &entry)| entry)?;
        remaining.swap(0, best);
        self.take()
    }
}

/// One entry of [`KeyedMoves`]: the key above the move's bits, inverted.
#[inline]
fn pack(mv: Move, key: i32) -> i64 {
    i64::from(key) << 16 | i64::from(!mv.to_bits())
}

/// The move of an entry made by [`pack`].
#[inline]
fn unpack(entry: i64) -> Move {
    Move::from_bits(!(entry as u16))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position after 1. e4 e5, with the moves that led to it.
    fn after_e4_e5() -> (Board, RecentMoves) {
        let board: Board = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
            .parse()
            .unwrap();
        let pawn = |color| Piece::new(color, PieceKind::Pawn);
        let recent = RecentMoves {
            last: Some(PreviousMove {
                piece: pawn(Color::Black),
                to: "e5".parse().unwrap(),
            }),
            before_last: Some(PreviousMove {
                piece: pawn(Color::White),
                to: "e4".parse().unwrap(),
            }),
            threats: Bitboard::EMPTY,
        };
        (board, recent)
    }

    fn uci(board: &Board, text: &str) -> Move {
        outpost_movegen::uci::parse_uci_move(board, text).unwrap()
    }

    /// A cut-off raises the move's score after the same moves more than after others, and
    /// lowers the moves tried before it; a move's history is shared by every line.
    #[test]
    fn a_cut_off_is_remembered_by_the_moves_before_it() {
        let (board, recent) = after_e4_e5();
        let (knight, bishop) = (uci(&board, "g1f3"), uci(&board, "f1c4"));
        let mut heuristics = Heuristics::new(&SearchParams::default());
        heuristics.reward_quiet(&board, 6, knight, &[bishop], &recent);
        let elsewhere = RecentMoves {
            last: Some(PreviousMove {
                piece: Piece::new(Color::Black, PieceKind::Knight),
                to: "c6".parse().unwrap(),
            }),
            before_last: None,
            threats: Bitboard::EMPTY,
        };
        let after_these = heuristics.quiet_score(&board, knight, &recent);
        let after_others = heuristics.quiet_score(&board, knight, &elsewhere);
        let no_line = heuristics.quiet_score(&board, knight, &RecentMoves::default());
        assert!(after_these > after_others, "{after_these} {after_others}");
        assert!(
            after_others == no_line && no_line > 0,
            "{after_others} {no_line}"
        );
        assert_eq!(
            no_line,
            heuristics.history(Color::White, knight, Bitboard::EMPTY)
        );
        assert!(heuristics.quiet_score(&board, bishop, &recent) < 0);
        assert_eq!(heuristics.counter_move(recent.last), knight);
    }

    /// A move's history is kept apart by whether the opponent attacks the square it leaves
    /// and the one it goes to: a cut-off with the knight attacked teaches nothing of the
    /// same move where it is not.
    #[test]
    fn a_cut_off_is_remembered_by_the_threats_too() {
        let (board, recent) = after_e4_e5();
        let knight = uci(&board, "g1f3");
        let attacked = |squares: &[&str]| RecentMoves {
            threats: squares.iter().fold(Bitboard::EMPTY, |set, square| {
                set | Bitboard::from_square(square.parse().unwrap())
            }),
            ..recent
        };
        let mut heuristics = Heuristics::new(&SearchParams::default());
        heuristics.reward_quiet(&board, 6, knight, &[], &attacked(&["g1"]));
        let side = Color::White;
        assert!(heuristics.history(side, knight, attacked(&["g1"]).threats) > 0);
        for other in [&[][..], &["f3"], &["g1", "f3"]] {
            assert_eq!(heuristics.history(side, knight, attacked(other).threats), 0);
        }
    }

    /// Gravity keeps every history within its bound however often a move is rewarded.
    #[test]
    fn histories_stay_within_the_bound() {
        let (board, recent) = after_e4_e5();
        let knight = uci(&board, "g1f3");
        let params = SearchParams::default();
        let mut heuristics = Heuristics::new(&params);
        for _ in 0..1000 {
            heuristics.reward_quiet(&board, 40, knight, &[], &recent);
        }
        let bound = params.history_max;
        assert!(heuristics.history(Color::White, knight, Bitboard::EMPTY) <= bound);
        assert!(heuristics.quiet_score(&board, knight, &recent) <= 3 * bound);
        assert!(heuristics.quiet_score(&board, knight, &recent) > 2 * bound);
    }
}
