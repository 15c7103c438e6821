//! A search thread's own state and its node accounting. The search itself is in
//! [`iterate`] (iterative deepening and the root), [`negamax`] and [`quiescence`]; what it
//! keeps of each ply of the line is a [`stack::Frame`].

mod iterate;
mod memory;
mod negamax;
mod node;
mod quiescence;
mod stack;

use crate::driver::context::{RootMove, SearchContext};
use crate::driver::gate::Turn;
use crate::driver::time::TimeManager;
use crate::info::Progress;
use crate::ordering::{PreviousMove, RecentMoves};
use crate::params::SearchParams;
use crate::score::{Depth, Score};
use crate::tt::Entry;
pub(crate) use iterate::MAX_ITERATION_DEPTH;
pub(crate) use memory::ThreadMemory;
use outpost_board::{Bitboard, Board, Move, Undo};
use outpost_eval::PieceSquareSums;
use outpost_movegen::{has_legal_move, in_check, is_attacked, status::insufficient_material};
pub(crate) use stack::MAX_PLY;
use stack::{Frame, Stack};
use std::sync::atomic::Ordering;
use std::time::Duration;
use web_time::Instant;

/// How often (in nodes) the stop flag and the clock are looked at.
const CHECK_INTERVAL: u64 = 1024;

/// What only the main thread has: the clock and the listener of progress reports.
pub(crate) struct MainThread<'c> {
    pub time: TimeManager,
    /// `true` until the ponderhit of a pondering search.
    pub pondering: bool,
    pub report: &'c mut dyn FnMut(&Progress),
}

/// The principal variation found below each ply (a triangular table).
struct PvTable {
    moves: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    len: [usize; MAX_PLY + 1],
}

impl PvTable {
    fn new() -> PvTable {
        PvTable {
            moves: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            len: [0; MAX_PLY + 1],
        }
    }

    /// Starts the (empty) line of a node at `ply`.
    fn clear(&mut self, ply: usize) {
        self.len[ply] = ply;
    }

    /// The line at `ply` becomes `mv` followed by the child's line.
    fn update(&mut self, ply: usize, mv: Move) {
        self.moves[ply][ply] = mv;
        let child_len = self.len[ply + 1].max(ply + 1);
        let (head, tail) = self.moves.split_at_mut(ply + 1);
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.len[ply] = child_len;
    }

    /// The line found below the root's child (ply 1).
    fn child_line(&self) -> &[Move] {
        &self.moves[1][1..self.len[1].max(1)]
    }
}

/// One search thread: its copy of the position, its move-ordering memory, its node count.
pub(crate) struct Worker<'a, 'c> {
    ctx: &'a SearchContext,
    params: &'a SearchParams,
    /// 0 for the main thread.
    id: usize,
    board: Board,
    /// The line searched, a frame a ply: the root's at 0, the board's at `ply`.
    stack: Stack,
    /// The ply of the position on the board: how many moves of the line are made.
    ply: usize,
    /// The pawn cache, the correction history and the move-ordering heuristics, kept from
    /// the thread's searches before in the same game.
    memory: Box<ThreadMemory>,
    pv: PvTable,
    nodes: u64,
    /// The node count at which [`Worker::enter_node`] looks at the limits next.
    next_check: u64,
    /// Nodes already added to the shared count.
    flushed: u64,
    seldepth: usize,
    stopped: bool,
    root_depth: Depth,
    completed_depth: Depth,
    pub(crate) root_moves: Vec<RootMove>,
    /// The principal variation being searched (MultiPV).
    pv_index: usize,
    main: Option<MainThread<'c>>,
    /// This thread's place at the search's gate, while it searches.
    turn: Option<Turn>,
}

impl<'a, 'c> Worker<'a, 'c> {
    /// Thread `id` of the search `ctx`, with what it learnt in its searches before
    /// (`memory`); the main thread (id 0) comes with `main`.
    pub fn new(
        ctx: &'a SearchContext,
        id: usize,
        main: Option<MainThread<'c>>,
        memory: Box<ThreadMemory>,
    ) -> Self {
        let mut stack: Stack = Box::new([Frame::default(); MAX_PLY + 2]);
        stack[0].key = ctx.board.hash();
        stack[0].sums = PieceSquareSums::of(&ctx.board);
        Worker {
            ctx,
            params: &ctx.config.params,
            id,
            board: ctx.board.clone(),
            stack,
            ply: 0,
            memory,
            pv: PvTable::new(),
            nodes: 0,
            next_check: 1,
            flushed: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            completed_depth: 0,
            root_moves: ctx.root_moves.clone(),
            pv_index: 0,
            main,
            turn: None,
        }
    }

    /// What the thread learnt, for its next search.
    pub fn into_memory(self) -> Box<ThreadMemory> {
        self.memory
    }

    /// The depth of the last iteration this thread completed.
    pub fn completed_depth(&self) -> Depth {
        self.completed_depth
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Adds this thread's uncounted nodes to the shared count.
    pub fn flush_nodes(&mut self) {
        let delta = self.nodes - self.flushed;
        self.ctx.nodes.fetch_add(delta, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    fn total_nodes(&self) -> u64 {
        self.ctx.nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed)
    }

    /// Counts a node and decides whether the search must stop.
    #[inline]
    fn enter_node(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        // One comparison at most nodes: the limits are looked at only where one is due.
        if self.nodes < self.next_check {
            return false;
        }
        self.check_limits()
    }

    /// The stop conditions of [`Worker::enter_node`] at a node where one is due: the node
    /// limit of a single-threaded search, or the poll every [`CHECK_INTERVAL`] nodes.
    #[inline(never)]
    fn check_limits(&mut self) -> bool {
        let single_thread_limit = self.ctx.limits.nodes.filter(|_| self.ctx.threads == 1);
        let next_poll = (self.nodes - 1) / CHECK_INTERVAL * CHECK_INTERVAL + CHECK_INTERVAL + 1;
        self.next_check = single_thread_limit.map_or(next_poll, |limit| next_poll.min(limit));
        if let Some(limit) = self.ctx.limits.nodes {
            if self.ctx.threads == 1 && self.nodes >= limit {
                self.stopped = true;
                return true;
            }
        }
        // From the first node on, so that a search stopped before it starts ends at once
        // (after its first iteration, see `stop_is_due`).
        if self.nodes % CHECK_INTERVAL == 1 {
            self.flush_nodes();
            self.share_cpu();
            if self.ctx.should_stop() && self.stop_is_due() {
                self.stopped = true;
            }
            if let Some(limit) = self.ctx.limits.nodes {
                if self.ctx.nodes.load(Ordering::Relaxed) >= limit {
                    self.stopped = true;
                }
            }
            if self.time_is_up(false) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Looks at the clock (main thread only): the hard limit, or the soft limit between
    /// iterations. A pondering search has no limit until its ponderhit; then the time spent
    /// pondering counts (the clock is not restarted), so a long ponder ends at once.
    fn time_is_up(&mut self, between_iterations: bool) -> bool {
        let Some(main) = self.main.as_mut() else {
            return false;
        };
        if main.pondering {
            if self.ctx.signals.is_pondering() {
                return false;
            }
            main.pondering = false;
        }
        if between_iterations {
            main.time.soft_expired() || main.time.hard_expired()
        } else if self.completed_depth == 0 {
            // The first iteration is cut short only when it runs long, so that a move
            // is played unsearched only in positions where depth 1 alone takes too long.
            let floor = Duration::from_millis(self.params.time_first_iteration_floor_ms as u64);
            let node_floor = self.params.time_first_iteration_floor_nodes as u64;
            main.time.hard_expired() && main.time.elapsed() >= floor && self.nodes >= node_floor
        } else {
            main.time.hard_expired()
        }
    }

    /// `true` when a stop from outside ends this thread's search now. The main thread ends
    /// its first iteration first unless it runs long (as with the clock, see `time_is_up`):
    /// depth 1 costs a few hundred nodes and a search stopped at once still plays a searched
    /// move, not the first legal one.
    fn stop_is_due(&self) -> bool {
        !self.is_main()
            || self.completed_depth > 0
            || self.ctx.abort.load(Ordering::Relaxed)
            || self.nodes >= self.params.time_first_iteration_floor_nodes as u64
    }

    /// `true` when this thread's search must end now: stopped, or (main thread) out of time.
    fn must_end(&self) -> bool {
        self.ctx.should_stop()
            || self
                .main
                .as_ref()
                .is_some_and(|main| !self.ctx.signals.is_pondering() && main.time.hard_expired())
    }

    /// When the search no longer pondering runs out of time (main thread).
    fn deadline(&self) -> Option<Instant> {
        let main = self.main.as_ref()?;
        if self.ctx.signals.is_pondering() {
            return None;
        }
        main.time.deadline()
    }

    /// Takes a place at the search's gate, if it has one (waiting for it unless the search
    /// must end).
    pub(crate) fn enter_gate(&mut self) {
        if let Some(gate) = &self.ctx.gate {
            let deadline = self.deadline();
            self.turn = Some(gate.enter(deadline, &|| self.must_end()));
        }
    }

    /// Gives the place at the gate back.
    pub(crate) fn leave_gate(&mut self) {
        self.turn = None;
    }

    /// At a poll: steps aside at the gate when this thread has had its quantum and others wait.
    fn share_cpu(&mut self) {
        if let Some(mut turn) = self.turn.take() {
            let deadline = self.deadline();
            turn.share(deadline, &|| self.must_end());
            self.turn = Some(turn);
        }
    }

    fn report(&mut self, progress: &Progress) {
        if let Some(main) = self.main.as_mut() {
            (main.report)(progress);
        }
    }

    /// What every node does first: counts itself, checks the stop conditions, draws and the
    /// ply limit. `Some(score)` ends the node at once with that score.
    #[inline(always)]
    fn open_node(&mut self) -> Option<Score> {
        let ply = self.ply;
        self.pv.clear(ply);
        if self.enter_node() {
            return Some(Score::DRAW);
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_draw() {
            return Some(Score::DRAW);
        }
        if ply >= MAX_PLY - 1 {
            return Some(self.evaluate());
        }
        None
    }

    /// The static evaluation of the position on the board: the one the table's `entry` keeps
    /// of it, or else [`Worker::evaluate`]'s.
    #[inline(always)]
    fn static_eval(&mut self, entry: Option<Entry>) -> Score {
        match entry.and_then(|entry| entry.static_eval) {
            Some(eval) => {
                debug_assert_eq!(eval, self.evaluate(), "{}", self.board.to_fen());
                self.memory.correction.prefetch(&self.board);
                eval
            }
            None => self.evaluate(),
        }
    }

    /// The static evaluation of the position on the board, from the sums kept by ply and
    /// the pawn cache (checked against a count from scratch in debug builds).
    fn evaluate(&mut self) -> Score {
        // The correction of this evaluation is read next: its entry comes in meanwhile.
        self.memory.correction.prefetch(&self.board);
        let sums = &self.stack[self.ply].sums;
        debug_assert_eq!(
            *sums,
            PieceSquareSums::of(&self.board),
            "{}",
            self.board.to_fen()
        );
        let eval = outpost_eval::evaluate_cached(&self.board, sums, &mut self.memory.pawn_cache);
        debug_assert_eq!(
            eval,
            outpost_eval::evaluate(&self.board),
            "{}",
            self.board.to_fen()
        );
        Score::from_eval(eval)
    }

    /// The position on the board counts as a draw by repetition: with the same side to move
    /// and no irreversible move since, it was met before in the line searched (after the
    /// root), or twice before in all. A position met once in the game before the search (or
    /// at the root) is not a draw yet: the opponent need not repeat it a third time, and a
    /// search that took it for one would steer a lost game into a repetition the opponent
    /// simply avoids.
    fn is_repetition(&self) -> bool {
        let ply = self.ply;
        let game = &self.ctx.history;
        let current = self.stack[ply].key;
        let limit = (self.board.halfmove_clock() as usize).min(game.len() + ply);
        let mut met_before_search = false;
        for distance in (4..=limit).step_by(2) {
            let key = if distance <= ply {
                self.stack[ply - distance].key
            } else {
                game[game.len() + ply - distance]
            };
            if key == current {
                if distance < ply || met_before_search {
                    return true;
                }
                met_before_search = true;
            }
        }
        false
    }

    /// Draw by repetition, fifty-move rule (unless mated) or insufficient material.
    #[inline(always)]
    fn is_draw(&self) -> bool {
        if self.board.halfmove_clock() >= 100 {
            return self.is_fifty_move_draw();
        }
        self.is_repetition() || insufficient_material(&self.board)
    }

    /// The fifty-move rule draws unless the side to move is mated. Rare, and out of line:
    /// it copies the board.
    #[cold]
    #[inline(never)]
    fn is_fifty_move_draw(&self) -> bool {
        !in_check(&self.board) || has_legal_move(&self.board)
    }

    /// Records that the quiet `best` caused a beta cut-off at the node on the board, `depth`
    /// deep, after the quiet moves `tried` and the node's `recent` moves: a killer of the
    /// ply, the counter-move of the move that led here, history and continuation histories.
    fn reward_quiet(&mut self, depth: Depth, best: Move, tried: &[Move], recent: &RecentMoves) {
        crate::ordering::update_killers(&mut self.stack[self.ply].killers, best);
        self.memory
            .heuristics
            .reward_quiet(&self.board, depth, best, tried, recent);
    }

    /// The two moves of the line before the position on the board, for continuation
    /// histories; the opponent's threats are left for the move picker to find
    /// ([`MovePicker::recent`](crate::ordering::MovePicker::recent)).
    #[inline]
    fn recent_moves(&self) -> RecentMoves {
        RecentMoves {
            last: self.stack[self.ply].previous,
            before_last: self
                .ply
                .checked_sub(1)
                .and_then(|ply| self.stack[ply].previous),
            threats: Bitboard::EMPTY,
        }
    }

    /// Starts fetching the table bucket of the position `mv` leads to, as soon as the move is
    /// picked: the pruning tests, SEE and the move itself then run while memory answers
    /// (4% less CPU time than fetching it after the move was made). [`Board::key_after`] is
    /// exact for all but castling, en passant and rights-changing moves, whose child probes a
    /// bucket not fetched (measured: no loss from not fetching again after the move).
    #[inline(always)]
    fn prefetch_child(&self, mv: Move) {
        self.ctx.tt.prefetch(self.board.key_after(mv));
    }

    /// Try-and-take-back ([`outpost_movegen::try_move`]): plays the pseudo-legal `mv`; if it
    /// leaves the mover's king attacked, takes it back and returns `None`.
    #[inline(always)] // measured: a call here costs about 2% of the search's instructions
    fn try_move(&mut self, mv: Move) -> Option<Undo> {
        outpost_movegen::try_move(&mut self.board, mv)
    }

    /// Notes `mv`, just made with `undo`, in the child's frame: its hash for repetitions, the
    /// sums for the evaluation, and `previous` (the piece and square) for counter-moves,
    /// `None` in the quiescence search.
    #[inline(always)]
    fn enter_child(&mut self, previous: Option<PreviousMove>, mv: Move, undo: &Undo) {
        let sums = self.stack[self.ply].sums.after_move(&self.board, mv, undo);
        self.ply += 1;
        let child = &mut self.stack[self.ply];
        child.key = self.board.hash();
        child.sums = sums;
        child.previous = previous;
        child.after_null_move = false;
    }

    /// Takes back the move made with `undo` at the matching [`Worker::enter_child`].
    #[inline(always)]
    fn leave_child(&mut self, mv: Move, undo: &Undo) {
        self.ply -= 1;
        self.board.unmake(mv, undo);
    }

    /// Passes the move (a null move): the pieces stay, so do their sums.
    fn enter_null_child(&mut self) -> Undo {
        let undo = self.board.make_null();
        self.ctx.tt.prefetch(self.board.hash());
        let sums = self.stack[self.ply].sums;
        self.ply += 1;
        let child = &mut self.stack[self.ply];
        child.key = self.board.hash();
        child.sums = sums;
        child.previous = None;
        child.after_null_move = true;
        undo
    }

    /// Takes back the null move of [`Worker::enter_null_child`].
    fn leave_null_child(&mut self, undo: &Undo) {
        self.ply -= 1;
        self.board.unmake_null(undo);
    }
}

/// `true` when the side to move is in check: [`outpost_movegen::in_check`], inlined (a
/// call at every move made costs more than the test).
#[inline(always)]
fn side_to_move_in_check(board: &Board) -> bool {
    let us = board.side_to_move();
    is_attacked(board, board.king_square(us), !us)
}

/// The counter-move key of `mv` played by the piece on its from-square of `board`, looked up
/// before the move is made.
fn previous_move(board: &Board, mv: Move) -> Option<PreviousMove> {
    board
        .piece_at(mv.from())
        .map(|piece| PreviousMove { piece, to: mv.to() })
}
