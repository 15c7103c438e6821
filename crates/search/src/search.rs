//! The searcher: iterative deepening over a principal variation search with a quiescence
//! search at the leaves, run on one or more threads sharing one transposition table.

use crate::info::{Info, Progress, Score, SearchResult};
use crate::limits::{Limits, SearchSignals};
use crate::ordering::{Heuristics, MovePicker, PreviousMove, MAX_PLY};
use crate::see::{see, SEE_VALUES};
use crate::time::TimeManager;
use crate::tt::{Bound, TranspositionTable};
use outpost_board::{Board, Color, Move, PieceKind, Undo};
use outpost_eval::score::{is_mate, mate_in, mate_moves, mated_in, DRAW, INFINITY, MATE_BOUND};
use outpost_movegen::{
    has_legal_move, in_check, is_attacked, legal_moves_in_place, pseudo_legal_captures,
    pseudo_legal_moves, status::insufficient_material, MoveList,
};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often (in nodes) the stop flag and the clock are looked at.
const CHECK_INTERVAL: u64 = 1024;

/// The search engine: a transposition table plus the options of the search (threads,
/// MultiPV, move overhead). One [`Searcher::search`] call searches one position.
#[derive(Debug)]
pub struct Searcher {
    tt: TranspositionTable,
    threads: usize,
    multipv: usize,
    move_overhead: Duration,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(16)
    }
}

struct Shared<'a> {
    tt: &'a TranspositionTable,
    signals: &'a SearchSignals,
    limits: &'a Limits,
    /// Set when the main thread is done: helpers stop.
    abort: AtomicBool,
    /// Nodes counted so far by all threads (each thread adds its count in batches).
    nodes: AtomicU64,
    threads: usize,
    multipv: usize,
    start: Instant,
    /// The deepest iteration any thread has completed, with its best root move: with Lazy
    /// SMP a helper thread often finishes a depth before the main thread does.
    deepest: Mutex<Option<(u32, RootMove)>>,
}

impl Shared<'_> {
    /// Records that a thread completed `depth` with `best` as its best root move.
    fn record_completed(&self, depth: u32, best: &RootMove) {
        let mut deepest = self
            .deepest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if deepest
            .as_ref()
            .map_or(true, |(recorded, _)| depth > *recorded)
        {
            *deepest = Some((depth, best.clone()));
        }
    }
}

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    pv: Vec<Move>,
    seldepth: usize,
}

type Callback<'c> = &'c mut dyn FnMut(&Progress);

struct Worker<'a, 'c> {
    shared: &'a Shared<'a>,
    id: usize,
    board: Board,
    hashes: Vec<u64>,
    heuristics: Box<Heuristics>,
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    previous: [Option<PreviousMove>; MAX_PLY + 2],
    nodes: u64,
    flushed: u64,
    seldepth: usize,
    stopped: bool,
    root_depth: i32,
    completed_depth: u32,
    root_moves: Vec<RootMove>,
    pv_index: usize,
    time: Option<TimeManager>,
    pondering: bool,
    callback: Option<Callback<'c>>,
    reductions: Box<[[i32; 64]; 64]>,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mib` MiB, one thread, one PV and a
    /// move overhead of 30 ms.
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(hash_mib),
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(30),
        }
    }

    /// Resizes (and empties) the transposition table.
    pub fn set_hash(&mut self, mib: usize) {
        self.tt.resize(mib);
    }

    /// Empties the transposition table (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Sets the number of search threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Sets the number of principal variations reported (at least 1).
    pub fn set_multipv(&mut self, multipv: usize) {
        self.multipv = multipv.max(1);
    }

    /// Sets the time kept in reserve for communication delays.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.move_overhead = overhead;
    }

    /// The transposition table.
    pub fn table(&self) -> &TranspositionTable {
        &self.tt
    }

    /// Searches `board` within `limits` and returns the best move.
    ///
    /// `history` lists the hashes of the positions of the game before `board` (oldest first),
    /// for repetition detection. `signals` stop the search or end pondering; `callback`
    /// receives progress reports (from the calling thread only).
    pub fn search<F: FnMut(&Progress)>(
        &mut self,
        board: &Board,
        history: &[u64],
        limits: &Limits,
        signals: &SearchSignals,
        mut callback: F,
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let mut root_board = board.clone();
        let legal = legal_moves_in_place(&mut root_board);
        let mut candidates: MoveList = legal
            .iter()
            .copied()
            .filter(|mv| limits.search_moves.is_empty() || limits.search_moves.contains(mv))
            .collect();
        if candidates.is_empty() {
            candidates = legal;
        }
        if candidates.is_empty() {
            let score = if in_check(board) { mated_in(0) } else { DRAW };
            return SearchResult {
                best_move: None,
                ponder_move: None,
                score,
                depth: 0,
                seldepth: 0,
                nodes: 0,
                time: start.elapsed(),
                pv: Vec::new(),
            };
        }
        let tt_move = self
            .tt
            .probe(board.hash(), 0)
            .map_or(Move::NULL, |entry| entry.best_move);
        let heuristics = Heuristics::default();
        let root_moves: Vec<RootMove> =
            MovePicker::new(board, candidates, tt_move, &heuristics, 0, None)
                .map(|mv| RootMove {
                    mv,
                    score: -INFINITY,
                    pv: vec![mv],
                    seldepth: 0,
                })
                .collect();

        let shared = Shared {
            tt: &self.tt,
            signals,
            limits,
            abort: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            threads: self.threads,
            multipv: self.multipv.min(root_moves.len()),
            start,
            deepest: Mutex::new(None),
        };
        let time = TimeManager::new(limits, board.side_to_move(), self.move_overhead);
        let callback: &mut dyn FnMut(&Progress) = &mut callback;
        let mut main = Worker::new(&shared, 0, board, history, root_moves.clone());
        main.time = Some(time);
        main.pondering = signals.is_pondering();
        main.callback = Some(callback);

        std::thread::scope(|scope| {
            for id in 1..self.threads {
                let shared = &shared;
                let root_moves = root_moves.clone();
                scope.spawn(move || {
                    let mut helper = Worker::new(shared, id, board, history, root_moves);
                    helper.iterate();
                    helper.flush_nodes();
                });
            }
            main.iterate();
            main.flush_nodes();
            shared.abort.store(true, Ordering::SeqCst);
        });

        // The result of the deepest completed iteration of any thread (the main thread's on a
        // tie). With MultiPV the main thread's lines are kept together.
        let mut depth = main.completed_depth;
        let mut best = &main.root_moves[0];
        let deepest = shared
            .deepest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        if let Some((helper_depth, helper_best)) = &deepest {
            if *helper_depth > depth && shared.multipv == 1 {
                depth = *helper_depth;
                best = helper_best;
            }
        }
        let pv = if best.pv.first() == Some(&best.mv) {
            best.pv.clone()
        } else {
            vec![best.mv]
        };
        SearchResult {
            best_move: Some(best.mv),
            ponder_move: pv.get(1).copied(),
            score: best.score,
            depth: depth.max(1),
            seldepth: best.seldepth as u32,
            nodes: shared.nodes.load(Ordering::SeqCst),
            time: start.elapsed(),
            pv,
        }
    }
}

fn clamp_eval(score: i32) -> i32 {
    score.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

fn evaluate(board: &Board) -> i32 {
    clamp_eval(outpost_eval::evaluate(board))
}

fn has_non_pawn_material(board: &Board, color: Color) -> bool {
    (board.color(color) & !board.pieces(PieceKind::Pawn) & !board.pieces(PieceKind::King))
        .is_nonempty()
}

impl<'a, 'c> Worker<'a, 'c> {
    fn new(
        shared: &'a Shared<'a>,
        id: usize,
        board: &Board,
        history: &[u64],
        root_moves: Vec<RootMove>,
    ) -> Worker<'a, 'c> {
        let mut hashes = Vec::with_capacity(history.len() + MAX_PLY + 2);
        hashes.extend_from_slice(history);
        hashes.push(board.hash());
        let mut reductions = Box::new([[0; 64]; 64]);
        for (depth, row) in reductions.iter_mut().enumerate().skip(1) {
            for (count, value) in row.iter_mut().enumerate().skip(1) {
                *value = (0.5 + (depth as f64).ln() * (count as f64).ln() / 2.25) as i32;
            }
        }
        Worker {
            shared,
            id,
            board: board.clone(),
            hashes,
            heuristics: Box::default(),
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            previous: [None; MAX_PLY + 2],
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            completed_depth: 0,
            root_moves,
            pv_index: 0,
            time: None,
            pondering: false,
            callback: None,
            reductions,
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    fn flush_nodes(&mut self) {
        let delta = self.nodes - self.flushed;
        self.shared.nodes.fetch_add(delta, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed)
    }

    fn elapsed(&self) -> Duration {
        self.shared.start.elapsed()
    }

    /// Counts a node and decides whether the search must stop.
    fn enter_node(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.completed_depth == 0 {
            // Depth 1 always completes, so there is always a searched best move.
            return false;
        }
        if let Some(limit) = self.shared.limits.nodes {
            if self.shared.threads == 1 && self.nodes >= limit {
                self.stopped = true;
                return true;
            }
        }
        if self.nodes % CHECK_INTERVAL == 0 {
            self.flush_nodes();
            if self.shared.abort.load(Ordering::Relaxed) || self.shared.signals.is_stopped() {
                self.stopped = true;
            }
            if let Some(limit) = self.shared.limits.nodes {
                if self.shared.nodes.load(Ordering::Relaxed) >= limit {
                    self.stopped = true;
                }
            }
            if self.is_main() && self.time_is_up(false) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Looks at the clock (main thread): hard limit, or soft limit between iterations.
    fn time_is_up(&mut self, between_iterations: bool) -> bool {
        if self.pondering {
            if self.shared.signals.is_pondering() {
                return false;
            }
            self.pondering = false;
            if let Some(time) = &mut self.time {
                time.restart();
            }
        }
        match &self.time {
            Some(time) if between_iterations => time.soft_expired() || time.hard_expired(),
            Some(time) => time.hard_expired(),
            None => false,
        }
    }

    fn report(&mut self, progress: &Progress) {
        if let Some(callback) = self.callback.as_mut() {
            callback(progress);
        }
    }

    fn report_line(&mut self, index: usize, depth: u32, bound: Bound) {
        if self.callback.is_none() {
            return;
        }
        let root = &self.root_moves[index];
        let nodes = self.total_nodes();
        let time = self.elapsed();
        let millis = time.as_millis().max(1) as u64;
        let info = Info {
            depth,
            seldepth: root.seldepth.max(1) as u32,
            multipv: index as u32 + 1,
            score: Score::from_internal(root.score),
            raw_score: root.score,
            bound,
            nodes,
            nps: nodes.saturating_mul(1000) / millis,
            hashfull: self.shared.tt.hashfull(),
            time,
            pv: root.pv.clone(),
        };
        self.report(&Progress::Iteration(info));
    }

    fn iterate(&mut self) {
        let limits = self.shared.limits;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let mut previous_best = Move::NULL;
        let mut previous_score = 0;
        let mut instability = 0.0;
        let mut depth = 1 + (self.id % 2) as u32 * u32::from(self.id > 0);
        while depth <= max_depth {
            self.root_depth = depth as i32;
            for pv_index in 0..self.shared.multipv {
                self.pv_index = pv_index;
                self.seldepth = 0;
                self.search_with_aspiration(depth);
                if self.stopped {
                    break;
                }
                self.root_moves[..=pv_index].sort_by_key(|root| std::cmp::Reverse(root.score));
                if self.is_main() && (pv_index + 1 == self.shared.multipv) {
                    for index in 0..=pv_index {
                        self.report_line(index, depth, Bound::Exact);
                    }
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            self.shared.record_completed(depth, &self.root_moves[0]);
            if self.shared.signals.is_stopped() || self.shared.abort.load(Ordering::Relaxed) {
                break;
            }
            if !self.is_main() {
                depth += 1;
                continue;
            }
            let best = self.root_moves[0].mv;
            let score = self.root_moves[0].score;
            if let (Some(mate), Some(moves)) = (limits.mate, mate_moves(score)) {
                if moves > 0 && moves as u32 <= mate {
                    break;
                }
            }
            instability *= 0.5;
            if depth > 1 && best != previous_best {
                instability += 1.0;
            }
            let drop = (previous_score - score).clamp(0, 100) as f64 / 100.0;
            if let Some(time) = &mut self.time {
                time.set_scale(1.0 + 0.6 * instability + 0.5 * drop);
            }
            previous_best = best;
            previous_score = score;
            if self.time_is_up(true) {
                break;
            }
            if self.root_moves.len() == 1
                && !self.pondering
                && self.time.as_ref().is_some_and(TimeManager::is_timed)
            {
                break;
            }
            depth += 1;
        }
    }

    fn search_with_aspiration(&mut self, depth: u32) {
        let previous = self.root_moves[self.pv_index].score;
        let mut delta = 25;
        let (mut alpha, mut beta) = if depth >= 4 && !is_mate(previous) && previous > -INFINITY {
            (
                (previous - delta).max(-INFINITY),
                (previous + delta).min(INFINITY),
            )
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.search_root(depth as i32, alpha, beta);
            if self.stopped {
                return;
            }
            if score <= alpha {
                if self.is_main() && self.pv_index == 0 && self.elapsed().as_millis() > 1000 {
                    self.report_line(self.pv_index, depth, Bound::Upper);
                }
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                if self.is_main() && self.pv_index == 0 && self.elapsed().as_millis() > 1000 {
                    self.report_line(self.pv_index, depth, Bound::Lower);
                }
                beta = (score + delta).min(INFINITY);
            } else {
                return;
            }
            delta += delta;
            if delta > 800 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn search_root(&mut self, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let mut best_score = -INFINITY;
        let mut best_index = None;
        self.pv_len[0] = 0;
        let us = self.board.side_to_move();
        for index in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[index].mv;
            if self.is_main() {
                let progress = Progress::CurrentMove {
                    depth: depth as u32,
                    mv,
                    number: (index + 1) as u32,
                    time: self.elapsed(),
                };
                self.report(&progress);
            }
            let piece = self.board.piece_at(mv.from());
            let undo = self.board.make(mv);
            self.hashes.push(self.board.hash());
            self.previous[1] = piece.map(|piece| PreviousMove {
                piece: piece.index(),
                to: mv.to().index(),
            });
            let gives_check = in_check(&self.board);
            let new_depth = depth - 1 + i32::from(gives_check);
            self.seldepth = self.seldepth.max(1);
            let mut score;
            if index == self.pv_index {
                score = -self.search(new_depth, -beta, -alpha, 1, true, true);
            } else {
                score = -self.search(new_depth, -alpha - 1, -alpha, 1, false, true);
                if score > alpha && !self.stopped {
                    score = -self.search(new_depth, -beta, -alpha, 1, true, true);
                }
            }
            self.hashes.pop();
            self.board.unmake(mv, &undo);
            debug_assert_eq!(self.board.side_to_move(), us);
            if self.stopped {
                break;
            }
            let root = &mut self.root_moves[index];
            root.score = if score > alpha || index == self.pv_index {
                score
            } else {
                -INFINITY
            };
            if score > best_score {
                best_score = score;
            }
            if score > alpha {
                best_index = Some(index);
                let mut pv = vec![mv];
                pv.extend_from_slice(&self.pv[1][1..self.pv_len[1].max(1)]);
                root.pv = pv;
                root.seldepth = self.seldepth;
                if score >= beta {
                    break;
                }
                alpha = score;
            }
        }
        if self.stopped {
            if let Some(index) = best_index.filter(|&index| index != self.pv_index) {
                let root = self.root_moves.remove(index);
                self.root_moves.insert(self.pv_index, root);
            }
        } else {
            self.root_moves[self.pv_index..].sort_by_key(|root| std::cmp::Reverse(root.score));
        }
        best_score
    }

    fn is_repetition(&self) -> bool {
        let count = self.hashes.len();
        let current = self.hashes[count - 1];
        let limit = (self.board.halfmove_clock() as usize).min(count - 1);
        let mut distance = 4;
        while distance <= limit {
            if self.hashes[count - 1 - distance] == current {
                return true;
            }
            distance += 2;
        }
        false
    }

    /// Draw by repetition, fifty-move rule (unless mated) or insufficient material.
    fn is_draw(&mut self) -> bool {
        if self.board.halfmove_clock() >= 100 {
            return !in_check(&self.board) || has_legal_move(&self.board);
        }
        self.is_repetition() || insufficient_material(&self.board)
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    fn search(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        allow_null: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        if let Some(score) = self.open_node(ply) {
            return score;
        }
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(mated_in(ply as u32));
        beta = beta.min(mate_in(ply as u32 + 1));
        if alpha >= beta {
            return alpha;
        }
        let original_alpha = alpha;
        let hash = self.board.hash();
        let us = self.board.side_to_move();
        let checked = in_check(&self.board);
        let entry = self.shared.tt.probe(hash, ply);
        let tt_move = entry.map_or(Move::NULL, |entry| entry.best_move);
        if let Some(entry) = entry {
            if !pv_node && entry.depth >= depth {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.score >= beta,
                    Bound::Upper => entry.score <= alpha,
                };
                if cut {
                    return entry.score;
                }
            }
        }
        let static_eval = if checked {
            -INFINITY
        } else {
            evaluate(&self.board)
        };
        if !pv_node && !checked && beta.abs() < MATE_BOUND {
            // Reverse futility pruning.
            if depth <= 6 && static_eval - 90 * depth >= beta {
                return static_eval;
            }
            // Null-move pruning.
            if allow_null
                && depth >= 3
                && static_eval >= beta
                && has_non_pawn_material(&self.board, us)
            {
                let reduction = 3 + depth / 4 + ((static_eval - beta) / 200).min(3);
                let undo = self.board.make_null();
                self.hashes.push(self.board.hash());
                self.previous[ply + 1] = None;
                let score = -self.search(
                    depth - 1 - reduction,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                    false,
                );
                self.hashes.pop();
                self.board.unmake_null(&undo);
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }
        // Internal iterative reduction: without a hash move the ordering is poor.
        if tt_move.is_null() && depth >= 4 && !checked {
            depth -= 1;
        }

        let mut moves = MoveList::new();
        pseudo_legal_moves(&self.board, &mut moves);
        let picker = MovePicker::new(
            &self.board,
            moves,
            tt_move,
            &self.heuristics,
            ply,
            self.previous[ply],
        );
        let killers = self.heuristics.killers(ply);
        let mut best_score = -INFINITY;
        let mut best_move = Move::NULL;
        let mut move_count = 0;
        let mut quiets_tried: arrayvec_lite::Quiets = arrayvec_lite::Quiets::default();
        // Captures skipped by SEE before their legality was tried: if nothing else was
        // searched, the node is neither mate nor stalemate as far as we know.
        let mut pruned_captures = false;
        for mv in picker {
            let quiet = !mv.is_capture() && !mv.is_promotion();
            if !pv_node
                && !checked
                && mv.is_capture()
                && depth <= 4
                && best_score > -MATE_BOUND
                && mv != tt_move
                && see(&self.board, mv) < -100 * depth
            {
                pruned_captures = true;
                continue;
            }
            let piece = self.board.piece_at(mv.from());
            let undo = self.board.make(mv);
            if is_attacked(&self.board, self.board.king_square(us), !us) {
                self.board.unmake(mv, &undo);
                continue;
            }
            move_count += 1;
            let gives_check = in_check(&self.board);
            if quiet && !checked && !gives_check && best_score > -MATE_BOUND && !is_mate(alpha) {
                // Late move pruning.
                if !pv_node && depth <= 8 && move_count > 3 + depth * depth {
                    self.board.unmake(mv, &undo);
                    continue;
                }
                // Futility pruning.
                if !pv_node && depth <= 6 && static_eval + 100 + 120 * depth <= alpha {
                    self.board.unmake(mv, &undo);
                    continue;
                }
            }
            self.hashes.push(self.board.hash());
            self.previous[ply + 1] = piece.map(|piece| PreviousMove {
                piece: piece.index(),
                to: mv.to().index(),
            });
            let extension = i32::from(gives_check && ply < 2 * self.root_depth as usize);
            let new_depth = depth - 1 + extension;
            let mut score;
            if move_count == 1 {
                score = -self.search(new_depth, -beta, -alpha, ply + 1, pv_node, true);
            } else {
                let mut reduction = 0;
                if depth >= 3 && quiet && !checked && !gives_check {
                    reduction =
                        self.reductions[depth.min(63) as usize][move_count.min(63) as usize];
                    if pv_node {
                        reduction -= 1;
                    }
                    if mv == killers[0] || mv == killers[1] {
                        reduction -= 1;
                    }
                    reduction -= self.heuristics.history(us.index(), mv) / 8192;
                    reduction = reduction.clamp(0, (new_depth - 1).max(0));
                }
                score = -self.search(
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                    true,
                );
                if score > alpha && reduction > 0 && !self.stopped {
                    score = -self.search(new_depth, -alpha - 1, -alpha, ply + 1, false, true);
                }
                if score > alpha && score < beta && pv_node && !self.stopped {
                    score = -self.search(new_depth, -beta, -alpha, ply + 1, true, true);
                }
            }
            self.hashes.pop();
            self.board.unmake(mv, &undo);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        if quiet {
                            self.heuristics.reward_quiet(
                                us.index(),
                                ply,
                                depth,
                                mv,
                                quiets_tried.as_slice(),
                                self.previous[ply],
                            );
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        if move_count == 0 {
            return if pruned_captures {
                alpha
            } else if checked {
                mated_in(ply as u32)
            } else {
                DRAW
            };
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared
            .tt
            .store(hash, ply, best_move, best_score, depth, bound);
        best_score
    }

    /// What every node does first: counts itself, checks the stop conditions, draws and the
    /// ply limit. `Some(score)` ends the node at once with that score.
    fn open_node(&mut self, ply: usize) -> Option<i32> {
        self.pv_len[ply] = ply;
        if self.enter_node() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_draw() {
            return Some(DRAW);
        }
        if ply >= MAX_PLY - 1 {
            return Some(evaluate(&self.board));
        }
        None
    }

    /// The quiescence score, for the side that played it, of `mv` (already made with `undo`);
    /// takes the move back.
    fn qsearch_child(&mut self, mv: Move, undo: &Undo, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.hashes.push(self.board.hash());
        self.previous[ply + 1] = None;
        let score = -self.qsearch(-beta, -alpha, ply + 1);
        self.hashes.pop();
        self.board.unmake(mv, undo);
        score
    }

    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(score) = self.open_node(ply) {
            return score;
        }
        let hash = self.board.hash();
        let entry = self.shared.tt.probe(hash, ply);
        let pv_node = beta - alpha > 1;
        if let Some(entry) = entry {
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if cut && !pv_node {
                return entry.score;
            }
        }
        let tt_move = entry.map_or(Move::NULL, |entry| entry.best_move);
        let original_alpha = alpha;
        let us = self.board.side_to_move();
        if in_check(&self.board) {
            let moves = legal_moves_in_place(&mut self.board);
            if moves.is_empty() {
                return mated_in(ply as u32);
            }
            let picker = MovePicker::new(
                &self.board,
                moves,
                tt_move,
                &self.heuristics,
                ply,
                self.previous[ply],
            );
            let mut best = Best::new(-INFINITY);
            for mv in picker {
                let undo = self.board.make(mv);
                let score = self.qsearch_child(mv, &undo, alpha, beta, ply);
                if self.stopped {
                    return 0;
                }
                if self.take_score(mv, score, &mut best, &mut alpha, beta, ply) {
                    break;
                }
            }
            return best.score;
        }
        let stand_pat = evaluate(&self.board);
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = Best::new(stand_pat);
        let mut moves = MoveList::new();
        pseudo_legal_captures(&self.board, &mut moves);
        for mv in MovePicker::captures(&self.board, moves, tt_move) {
            if let Some(kind) = mv.promotion_piece() {
                if kind != PieceKind::Queen {
                    continue;
                }
            } else {
                // Delta pruning: even winning the captured piece cannot raise alpha.
                let victim = if mv.is_en_passant() {
                    SEE_VALUES[0]
                } else {
                    self.board
                        .piece_at(mv.to())
                        .map_or(0, |piece| SEE_VALUES[piece.kind().index()])
                };
                if stand_pat + victim + 200 <= alpha {
                    continue;
                }
            }
            if see(&self.board, mv) < 0 {
                continue;
            }
            let undo = self.board.make(mv);
            if is_attacked(&self.board, self.board.king_square(us), !us) {
                self.board.unmake(mv, &undo);
                continue;
            }
            let score = self.qsearch_child(mv, &undo, alpha, beta, ply);
            if self.stopped {
                return 0;
            }
            if self.take_score(mv, score, &mut best, &mut alpha, beta, ply) {
                break;
            }
        }
        let bound = if best.score >= beta {
            Bound::Lower
        } else if best.score > original_alpha && !best.mv.is_null() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared
            .tt
            .store(hash, ply, best.mv, best.score, 0, bound);
        best.score
    }

    /// Takes the `score` of `mv` into a quiescence node's best and its alpha, extending the
    /// PV when alpha rises. `true` on a beta cut-off.
    fn take_score(
        &mut self,
        mv: Move,
        score: i32,
        best: &mut Best,
        alpha: &mut i32,
        beta: i32,
        ply: usize,
    ) -> bool {
        if score <= best.score {
            return false;
        }
        best.score = score;
        if score <= *alpha {
            return false;
        }
        best.mv = mv;
        *alpha = score;
        self.update_pv(ply, mv);
        score >= beta
    }
}

/// The best score found at a node so far and the move that raised alpha to it.
struct Best {
    score: i32,
    mv: Move,
}

impl Best {
    fn new(score: i32) -> Best {
        Best {
            score,
            mv: Move::NULL,
        }
    }
}

/// A small fixed-capacity list of quiet moves tried at a node (for history maluses).
mod arrayvec_lite {
    use outpost_board::Move;

    const CAPACITY: usize = 64;

    pub struct Quiets {
        moves: [Move; CAPACITY],
        len: usize,
    }

    impl Default for Quiets {
        fn default() -> Quiets {
            Quiets {
                moves: [Move::NULL; CAPACITY],
                len: 0,
            }
        }
    }

    impl Quiets {
        pub fn push(&mut self, mv: Move) {
            if self.len < CAPACITY {
                self.moves[self.len] = mv;
                self.len += 1;
            }
        }

        pub fn as_slice(&self) -> &[Move] {
            &self.moves[..self.len]
        }
    }
}
