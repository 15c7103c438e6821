//! [`MovePicker`]: the search's moves in stages, generated as they are needed or taken
//! from a list the node made.

use super::{mvv_lva, opponent_attacks, CheckFilter, Heuristics, KeyedMoves, RecentMoves};
use crate::see::see_at_least;
use arrayvec::ArrayVec;
use outpost_board::{Bitboard, Board, Move, PieceKind};
use outpost_movegen::{is_pseudo_legal, pseudo_legal_captures, pseudo_legal_quiets, MoveList};

/// The most promotions to a rook, bishop or knight in one position: three pieces on each of
/// three squares for each of eight pawns.
const MAX_UNDERPROMOTIONS: usize = 8 * 3 * 3;

/// Up to this many quiet moves expected to be searched before late-move pruning applies,
/// quiets are selected one by one instead of sorted all at once (measured).
const SELECTED_QUIETS: usize = 7;

/// Where the picker is: each stage hands out its moves, then moves on to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    /// The hash move, if it is a move of this position; nothing is generated yet.
    TtMove,
    GenerateCaptures,
    /// Captures and queen promotions by MVV-LVA; those that lose material by SEE are put
    /// aside as they come up.
    GoodCaptures,
    FirstKiller,
    SecondKiller,
    CounterMove,
    GenerateQuiets,
    /// Quiet moves by history and continuation history.
    Quiets,
    BadCaptures,
    /// Promotions to a rook, bishop or knight, as generated.
    Underpromotions,
    Done,
}

/// The moves of a node, best first: the hash move, good captures, the two killers, the
/// counter-move, quiets by history (continuation histories included), bad captures,
/// underpromotions.
/// Each stage is generated only when the one before is used up, so a node that cuts off on
/// the hash move generates nothing. Every move handed out is pseudo-legal (a hash or killer
/// move from another position is checked with [`is_pseudo_legal`]), and none twice.
///
/// A node that has its moves already (the root's legal moves, the evasions of a quiescence
/// node in check) hands them to [`MovePicker::from_list`]: the same stages and order, over
/// that list only.
pub struct MovePicker<'list> {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    /// The moves before the node and the opponent's threats, for the quiet moves' histories.
    recent: RecentMoves,
    /// `recent.threats` are the node's: found at the first need ([`MovePicker::recent`]),
    /// as many nodes cut off before any quiet move is scored.
    threats_known: bool,
    /// The captures, then the quiets.
    current: KeyedMoves,
    /// Captures that lose material by SEE, in the order met (so by MVV-LVA).
    bad_captures: MoveList,
    underpromotions: ArrayVec<Move, MAX_UNDERPROMOTIONS>,
    /// The next move of `bad_captures` or `underpromotions`.
    next: usize,
    /// Which quiet moves cannot give check: built once, at the node's first need of it
    /// ([`MovePicker::may_give_check`], [`MovePicker::skip_quiets_without_check`]).
    check_filter: Option<CheckFilter>,
    /// Quiet moves that cannot give check are left out
    /// ([`MovePicker::skip_quiets_without_check`]).
    skipping_quiets: bool,
    /// The moves handed out so far.
    handed_out: usize,
    /// After how many moves late-move pruning is expected to apply
    /// ([`MovePicker::expect_late_move_pruning`]).
    late_move_limit: usize,
    /// The quiet moves are sorted (else each is selected as the largest remaining one).
    quiets_sorted: bool,
    /// Only the hash move (if a capture or promotion) and the good captures are handed out:
    /// the quiescence search's moves ([`MovePicker::captures`]).
    captures_only: bool,
    /// The moves to hand out, when the node made them ([`MovePicker::from_list`]); else
    /// they are generated.
    list: Option<&'list [Move]>,
}

impl MovePicker<'static> {
    /// The picker of a node with the hash move `tt_move` (or [`Move::NULL`]), the two
    /// `killers` of its ply and the `counter` move to the move that led to it.
    pub fn new(tt_move: Move, killers: [Move; 2], counter: Move) -> MovePicker<'static> {
        MovePicker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            counter,
            recent: RecentMoves::default(),
            threats_known: false,
            current: KeyedMoves::default(),
            bad_captures: MoveList::new(),
            underpromotions: ArrayVec::new(),
            next: 0,
            check_filter: None,
            skipping_quiets: false,
            handed_out: 0,
            late_move_limit: usize::MAX,
            quiets_sorted: false,
            captures_only: false,
            list: None,
        }
    }

    /// The picker of a quiescence node with the hash move `tt_move` (or [`Move::NULL`]), in
    /// captures-only mode: the hash move if it is a capture or a promotion, then the captures
    /// and queen promotions that SEE finds not to lose material, by MVV-LVA. The losing ones
    /// and underpromotions, which the quiescence search would skip, are left out.
    pub fn captures(tt_move: Move) -> MovePicker<'static> {
        let tt_move = if tt_move.is_capture() || tt_move.is_promotion() {
            tt_move
        } else {
            Move::NULL
        };
        MovePicker {
            captures_only: true,
            ..MovePicker::new(tt_move, [Move::NULL; 2], Move::NULL)
        }
    }
}

impl<'list> MovePicker<'list> {
    /// The picker of a node that has its `moves` already, with the hash move `tt_move`, the
    /// two `killers` of its ply and the `counter` move: [`MovePicker::new`]'s order, but
    /// only moves of the list are handed out, each once.
    pub fn from_list(
        moves: &'list [Move],
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
    ) -> MovePicker<'list> {
        MovePicker {
            list: Some(moves),
            ..MovePicker::new(tt_move, killers, counter)
        }
    }

    /// Orders the quiet moves by their continuation histories after the `recent` moves too,
    /// not by their history alone. The threats of `recent` are replaced by those of the
    /// node's position when first needed ([`MovePicker::recent`]).
    pub fn after(self, recent: RecentMoves) -> MovePicker<'list> {
        MovePicker {
            recent,
            threats_known: false,
            ..self
        }
    }

    /// The moves before the node, with the squares the opponent attacks in `board` (the
    /// node's position), found at the first call.
    #[inline]
    pub fn recent(&mut self, board: &Board) -> &RecentMoves {
        if !self.threats_known {
            self.recent.threats = opponent_attacks(board);
            self.threats_known = true;
        }
        &self.recent
    }

    /// Tells the picker that after about `moves` moves the node will skip the quiet moves
    /// that do not give check ([`MovePicker::skip_quiets_without_check`]): if that leaves
    /// few quiet moves to search in full, they are selected one by one rather than all
    /// sorted. The order of the moves stays the same.
    pub fn expect_late_move_pruning(&mut self, moves: usize) {
        self.late_move_limit = moves;
    }

    /// From now on, leaves out the quiet moves of `board` (the node's position) that cannot
    /// give check: for a node whose pruning skips every further quiet move unless it gives
    /// check, which it still asks about each move handed out. The order of the others stays.
    pub fn skip_quiets_without_check(&mut self, board: &Board) {
        if self.skipping_quiets || self.stage > Stage::Quiets {
            return;
        }
        let filter = self.check_filter(board);
        if self.stage == Stage::Quiets {
            self.current
                .retain_remaining(|mv| filter.may_give_check(board, mv));
            self.sort_quiets();
        }
        self.skipping_quiets = true;
    }

    /// `false` when the pseudo-legal move `mv` of `board` (the node's position) certainly
    /// does not give check if it is legal, by [`CheckFilter::may_give_check`]; a capture is
    /// judged by where it lands. It misses the check of a promoted piece and one uncovered
    /// by the pawn an en passant capture takes.
    #[inline]
    pub fn may_give_check(&mut self, board: &Board, mv: Move) -> bool {
        self.check_filter(board).may_give_check(board, mv)
    }

    /// The node's [`CheckFilter`], built at the first call.
    #[inline]
    fn check_filter(&mut self, board: &Board) -> CheckFilter {
        *self
            .check_filter
            .get_or_insert_with(|| CheckFilter::new(board))
    }

    /// The next move to search in `board` (the node's position), or `None` when all are
    /// handed out.
    #[inline]
    pub fn next(&mut self, board: &Board, heuristics: &Heuristics) -> Option<Move> {
        let mv = self.next_move(board, heuristics)?;
        self.handed_out += 1;
        Some(mv)
    }

    /// [`MovePicker::next`] but the count of moves handed out.
    #[inline]
    fn next_move(&mut self, board: &Board, heuristics: &Heuristics) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateCaptures;
                    if !self.tt_move.is_null() && self.is_move_of(board, self.tt_move) {
                        return Some(self.tt_move);
                    }
                }
                Stage::GenerateCaptures => {
                    self.generate_captures(board);
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    while let Some(mv) = self.current.pick() {
                        if see_at_least(board, mv, 0) {
                            return Some(mv);
                        }
                        if !self.captures_only {
                            self.bad_captures.push(mv);
                        }
                    }
                    self.stage = if self.captures_only {
                        Stage::Done
                    } else {
                        Stage::FirstKiller
                    };
                }
                Stage::FirstKiller => {
                    self.stage = Stage::SecondKiller;
                    if self.is_fresh_quiet(board, self.killers[0], &[])
                        && self.keeps_quiet(board, self.killers[0])
                    {
                        return Some(self.killers[0]);
                    }
                }
                Stage::SecondKiller => {
                    self.stage = Stage::CounterMove;
                    if self.is_fresh_quiet(board, self.killers[1], &self.killers[..1])
                        && self.keeps_quiet(board, self.killers[1])
                    {
                        return Some(self.killers[1]);
                    }
                }
                Stage::CounterMove => {
                    self.stage = Stage::GenerateQuiets;
                    if self.is_fresh_quiet(board, self.counter, &self.killers)
                        && self.keeps_quiet(board, self.counter)
                    {
                        return Some(self.counter);
                    }
                }
                Stage::GenerateQuiets => {
                    self.generate_quiets(board, heuristics);
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if let Some(mv) = self.next_quiet() {
                        return Some(mv);
                    }
                    self.stage = Stage::BadCaptures;
                }
                Stage::BadCaptures => {
                    if let Some(&mv) = self.bad_captures.get(self.next) {
                        self.next += 1;
                        return Some(mv);
                    }
                    self.next = 0;
                    self.stage = Stage::Underpromotions;
                }
                Stage::Underpromotions => {
                    if let Some(&mv) = self.underpromotions.get(self.next) {
                        self.next += 1;
                        return Some(mv);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// `true` when the move last handed out is a capture or promotion that SEE found not to
    /// lose material (the hash move is not counted as one).
    #[inline]
    pub fn last_is_good_capture(&self) -> bool {
        self.stage == Stage::GoodCaptures
    }

    /// The captures and promotions but the hash move, keyed by MVV-LVA; underpromotions put
    /// aside for last.
    #[inline(never)] // inlined, its set-up ran at every call of `next` (measured)
    fn generate_captures(&mut self, board: &Board) {
        let mut generated = MoveList::new();
        let moves = list_or(self.list, board, &mut generated, pseudo_legal_captures);
        // A list has quiet moves too; generated captures are all captures or promotions.
        let from_list = self.list.is_some();
        for &mv in moves {
            if mv == self.tt_move || from_list && !is_capture_or_promotion(mv) {
                continue;
            }
            if mv
                .promotion_piece()
                .is_some_and(|kind| kind != PieceKind::Queen)
            {
                self.underpromotions.push(mv);
            } else {
                self.current.push(mv, mvv_lva(board, mv));
            }
        }
    }

    /// The next quiet move by history: selected while late-move pruning is expected soon,
    /// from the sorted rest after that.
    #[inline]
    fn next_quiet(&mut self) -> Option<Move> {
        if !self.quiets_sorted {
            if self.handed_out < self.late_move_limit {
                return self.current.pick();
            }
            self.sort_quiets();
        }
        self.current.take()
    }

    /// Sorts the quiet moves not handed out yet.
    fn sort_quiets(&mut self) {
        if !self.quiets_sorted {
            self.current.sort();
            self.quiets_sorted = true;
        }
    }

    /// The quiet moves not handed out already (nor left out by the filter), keyed by
    /// history and sorted unless late-move pruning is expected to leave few of them to
    /// search in full: a node that gets this far otherwise usually searches many of them.
    #[inline(never)] // as `generate_captures`
    fn generate_quiets(&mut self, board: &Board, heuristics: &Heuristics) {
        let mut generated = MoveList::new();
        let moves = list_or(self.list, board, &mut generated, pseudo_legal_quiets);
        let skip_filter = self.check_filter.filter(|_| self.skipping_quiets);
        match (self.list.is_some(), skip_filter) {
            (false, None) => self.key_quiets(moves, board, heuristics, |_| true),
            (false, Some(filter)) => self.key_quiets(moves, board, heuristics, |mv| {
                filter.may_give_check(board, mv)
            }),
            // A list has the captures too.
            (true, None) => {
                self.key_quiets(moves, board, heuristics, |mv| !is_capture_or_promotion(mv));
            }
            (true, Some(filter)) => self.key_quiets(moves, board, heuristics, |mv| {
                !is_capture_or_promotion(mv) && filter.may_give_check(board, mv)
            }),
        }
        let expected = self.late_move_limit.saturating_sub(self.handed_out);
        if self.skipping_quiets || expected > SELECTED_QUIETS {
            self.sort_quiets();
        }
    }

    /// Replaces the list by the quiet `moves` of `board` that were not handed out already and
    /// that `keep` accepts, keyed by history and continuation history.
    #[inline(always)] // one loop for each `keep`
    fn key_quiets(
        &mut self,
        moves: &[Move],
        board: &Board,
        heuristics: &Heuristics,
        keep: impl Fn(Move) -> bool,
    ) {
        let done = [self.tt_move, self.killers[0], self.killers[1], self.counter];
        // A move can be one of them only if it starts where one of them starts.
        let done_from = done
            .iter()
            .fold(Bitboard::EMPTY, |set, mv| set.with(mv.from()));
        let recent = *self.recent(board);
        self.current.clear();
        for &mv in moves {
            if !(done_from.contains(mv.from()) && done.contains(&mv)) && keep(mv) {
                self.current
                    .push(mv, heuristics.quiet_score(board, mv, &recent));
            }
        }
    }

    /// `false` when quiet moves that cannot give check are left out and the quiet `mv` is one.
    #[inline]
    fn keeps_quiet(&self, board: &Board, mv: Move) -> bool {
        !self.skipping_quiets
            || self
                .check_filter
                .is_none_or(|filter| filter.may_give_check(board, mv))
    }

    /// `true` when the killer or counter-move `mv` is a quiet move of `board` not handed out
    /// before (as the hash move or one of `earlier`).
    fn is_fresh_quiet(&self, board: &Board, mv: Move, earlier: &[Move]) -> bool {
        !mv.is_null()
            && mv != self.tt_move
            && !earlier.contains(&mv)
            && !is_capture_or_promotion(mv)
            && self.is_move_of(board, mv)
    }

    /// `true` when `mv` is one of the node's moves: of its list, or else pseudo-legal.
    #[inline]
    fn is_move_of(&self, board: &Board, mv: Move) -> bool {
        match self.list {
            Some(list) => list.contains(&mv),
            None => is_pseudo_legal(board, mv),
        }
    }
}

/// The node's `list` if it has one, else the moves `generate` gives on `board`, written into
/// `generated`.
#[inline(always)]
fn list_or<'a>(
    list: Option<&'a [Move]>,
    board: &Board,
    generated: &'a mut MoveList,
    generate: fn(&Board, &mut MoveList),
) -> &'a [Move] {
    match list {
        Some(list) => list,
        None => {
            generate(board, generated);
            generated
        }
    }
}

/// `true` for the moves of the captures' stages.
#[inline]
fn is_capture_or_promotion(mv: Move) -> bool {
    mv.is_capture() || mv.is_promotion()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::SearchParams;
    use outpost_movegen::{legal_moves, pseudo_legal_moves};
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Recent moves for continuation histories: `mv` (a move of `board` or of another
    /// position) as the move before the node.
    fn recent_moves(board: &Board, mv: Move) -> RecentMoves {
        RecentMoves {
            last: board
                .piece_at(mv.from())
                .map(|piece| super::super::PreviousMove { piece, to: mv.to() }),
            before_last: None,
            threats: outpost_board::Bitboard::EMPTY,
        }
    }

    /// Positions of random games, with the move played from each.
    fn positions() -> Vec<(Board, Move)> {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut positions = Vec::new();
        for _ in 0..30 {
            let mut board: Board =
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
                    .parse()
                    .unwrap();
            for _ in 0..120 {
                let moves = legal_moves(&board);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.next_u32() as usize % moves.len()];
                positions.push((board.clone(), mv));
                board.make(mv);
            }
        }
        positions
    }

    #[test]
    fn hands_out_every_pseudo_legal_move_once_hash_move_first() {
        let all_positions = positions();
        let mut heuristics = Heuristics::new(&SearchParams::default());
        for (index, (board, played)) in all_positions.iter().enumerate() {
            // Killers and hash moves from this and from other positions (often not moves here).
            let other = all_positions[(index * 7 + 3) % all_positions.len()].1;
            let tt_move = [*played, other, Move::NULL][index % 3];
            let recent = recent_moves(board, other);
            heuristics.reward_quiet(board, 3, other, &[*played], &recent);
            heuristics.reward_quiet(board, 3, *played, &[other], &recent);
            let mut picker = MovePicker::new(tt_move, [*played, other], Move::NULL).after(recent);
            let mut handed = Vec::new();
            while let Some(mv) = picker.next(board, &heuristics) {
                handed.push(mv);
            }
            let mut expected = MoveList::new();
            pseudo_legal_moves(board, &mut expected);
            let mut sorted_handed: Vec<u16> = handed.iter().map(|mv| mv.to_bits()).collect();
            let mut sorted_expected: Vec<u16> = expected.iter().map(|mv| mv.to_bits()).collect();
            sorted_handed.sort_unstable();
            sorted_expected.sort_unstable();
            assert_eq!(sorted_handed, sorted_expected, "{}", board.to_fen());
            if expected.contains(&tt_move) {
                assert_eq!(handed[0], tt_move);
            }
            // Quiet moves come after every capture that SEE does not call losing (but the
            // underpromotions, which come last).
            let first_quiet = handed
                .iter()
                .position(|mv| !mv.is_capture() && !mv.is_promotion() && *mv != tt_move);
            if let Some(first_quiet) = first_quiet {
                let underpromotion =
                    |mv: Move| mv.promotion_piece().is_some_and(|k| k != PieceKind::Queen);
                assert!(
                    handed[first_quiet..].iter().all(|&mv| {
                        !(mv.is_capture() || mv.is_promotion())
                            || underpromotion(mv)
                            || crate::see::see(board, mv) < 0
                    }),
                    "{} {tt_move} {handed:?}",
                    board.to_fen()
                );
            }
        }
    }

    /// A picker over a list the node made hands out that list's moves, each once, in the
    /// order the generating picker gives them.
    #[test]
    fn a_list_is_handed_out_in_the_generated_order() {
        let all_positions = positions();
        let mut heuristics = Heuristics::new(&SearchParams::default());
        for (index, (board, played)) in all_positions.iter().enumerate() {
            let other = all_positions[(index * 11 + 5) % all_positions.len()].1;
            let recent = recent_moves(board, other);
            heuristics.reward_quiet(board, 2, *played, &[other], &recent);
            let tt_move = [other, *played, Move::NULL][index % 3];
            let killers = [*played, other];
            let counter = all_positions[(index * 13 + 1) % all_positions.len()].1;
            let mut picker = MovePicker::new(tt_move, killers, counter).after(recent);
            let generated: Vec<Move> =
                std::iter::from_fn(|| picker.next(board, &heuristics)).collect();
            // The legal moves, or every other pseudo-legal move: lists with moves left out.
            let mut list = legal_moves(board);
            if index % 2 == 1 {
                list.clear();
                pseudo_legal_moves(board, &mut list);
                let mut keep = false;
                list.retain(|_| {
                    keep = !keep;
                    keep
                });
            }
            let mut picker = MovePicker::from_list(&list, tt_move, killers, counter).after(recent);
            let handed: Vec<Move> =
                std::iter::from_fn(|| picker.next(board, &heuristics)).collect();
            let expected: Vec<Move> = generated
                .iter()
                .copied()
                .filter(|mv| list.contains(mv))
                .collect();
            assert_eq!(handed, expected, "{}", board.to_fen());
            assert_eq!(handed.len(), list.len());
        }
    }

    /// `true` when `part` is `whole` with some moves left out, in the same order.
    fn is_subsequence(part: &[Move], whole: &[Move]) -> bool {
        let mut rest = whole.iter();
        part.iter().all(|mv| rest.any(|other| other == mv))
    }

    /// Told after some moves to leave out the quiet moves that cannot give check, the picker
    /// hands out the rest of its order with some quiet moves left out, but no legal quiet
    /// move that gives check.
    #[test]
    fn leaving_out_quiets_keeps_the_order_and_the_checks() {
        let all_positions = positions();
        let mut heuristics = Heuristics::new(&SearchParams::default());
        for (index, (board, played)) in all_positions.iter().enumerate() {
            let other = all_positions[(index * 5 + 1) % all_positions.len()].1;
            heuristics.reward_quiet(board, 3, other, &[*played], &RecentMoves::default());
            let killers = [other, Move::NULL];
            let mut picker = MovePicker::new(*played, killers, Move::NULL);
            let all: Vec<Move> = std::iter::from_fn(|| picker.next(board, &heuristics)).collect();
            let before = index % (all.len() + 1);
            let mut picker = MovePicker::new(*played, killers, Move::NULL);
            picker.expect_late_move_pruning(index % 12);
            let mut handed: Vec<Move> = (0..before)
                .map_while(|_| picker.next(board, &heuristics))
                .collect();
            picker.skip_quiets_without_check(board);
            handed.extend(std::iter::from_fn(|| picker.next(board, &heuristics)));
            assert_eq!(handed[..before], all[..before]);
            let mut scratch = board.clone();
            let searched: Vec<Move> = all[before..]
                .iter()
                .copied()
                .filter(|&mv| {
                    let kings = outpost_movegen::kings_after(&mut scratch, mv);
                    kings.legal && (mv.is_capture() || mv.is_promotion() || kings.gives_check)
                })
                .collect();
            assert!(
                is_subsequence(&searched, &handed[before..]),
                "{}",
                board.to_fen()
            );
            assert!(is_subsequence(&handed[before..], &all[before..]));
        }
    }

    /// In captures-only mode the picker hands out the hash move if it is a capture or
    /// promotion of the position, then every other capture or queen promotion that SEE does
    /// not call losing, by MVV-LVA (no quiet move, no underpromotion).
    #[test]
    fn captures_only_hands_out_the_good_captures() {
        let heuristics = Heuristics::new(&SearchParams::default());
        let all_positions = positions();
        for (index, (board, played)) in all_positions.iter().enumerate() {
            let other = all_positions[(index * 3 + 2) % all_positions.len()].1;
            let tt_move = [*played, other][index % 2];
            let mut picker = MovePicker::captures(tt_move);
            let handed: Vec<Move> =
                std::iter::from_fn(|| picker.next(board, &heuristics)).collect();
            let mut captures = MoveList::new();
            outpost_movegen::pseudo_legal_captures(board, &mut captures);
            let tt_first = captures.contains(&tt_move);
            assert_eq!(
                tt_first,
                handed.first() == Some(&tt_move),
                "{}",
                board.to_fen()
            );
            let rest = &handed[usize::from(tt_first)..];
            let expected: Vec<Move> = captures
                .iter()
                .copied()
                .filter(|&mv| {
                    mv != tt_move
                        && mv.promotion_piece().is_none_or(|k| k == PieceKind::Queen)
                        && crate::see::see(board, mv) >= 0
                })
                .collect();
            assert_eq!(rest.len(), expected.len(), "{}", board.to_fen());
            assert!(rest.iter().all(|mv| expected.contains(mv)));
            let keys: Vec<i32> = rest.iter().map(|&mv| mvv_lva(board, mv)).collect();
            assert!(keys.windows(2).all(|pair| pair[0] >= pair[1]));
        }
    }

    /// Expecting late-move pruning (quiet moves then selected one by one, not sorted)
    /// changes nothing in the order.
    #[test]
    fn expecting_late_move_pruning_keeps_the_order() {
        let heuristics = {
            let mut heuristics = Heuristics::new(&SearchParams::default());
            for (board, played) in positions().iter().step_by(3) {
                heuristics.reward_quiet(board, 4, *played, &[], &RecentMoves::default());
            }
            heuristics
        };
        for (index, (board, played)) in positions().iter().enumerate() {
            let mut picker = MovePicker::new(*played, [Move::NULL; 2], Move::NULL);
            let sorted: Vec<Move> =
                std::iter::from_fn(|| picker.next(board, &heuristics)).collect();
            let mut picker = MovePicker::new(*played, [Move::NULL; 2], Move::NULL);
            picker.expect_late_move_pruning(index % 16);
            let selected: Vec<Move> =
                std::iter::from_fn(|| picker.next(board, &heuristics)).collect();
            assert_eq!(selected, sorted, "{}", board.to_fen());
        }
    }
}
