//! [`Searcher`]: a search run on the calling thread, with helper threads from the pool.

use super::context::{RootMove, SearchContext};
use super::gate::CpuGate;
use super::pool::HelperPool;
use super::time::{TimeBudget, TimeManager};
use crate::info::{nodes_per_second, Info, Progress, SearchResult};
use crate::level::{Level, LevelRandom};
use crate::limits::{Limits, SearchSignals};
use crate::ordering::{Heuristics, MovePicker};
use crate::params::{SearchConfig, SearchParams};
use crate::score::Score;
use crate::tt::{Bound, TableAllocError, TranspositionTable};
use crate::worker::{MainThread, ThreadMemory, Worker};
use outpost_board::{Board, Color, Move};
use outpost_movegen::{in_check, legal_moves, MoveList};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use web_time::Instant;

/// The transposition table size of a new searcher, in MiB.
pub const DEFAULT_HASH_MIB: usize = 16;
/// The move overhead of a new searcher.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// The search engine: a transposition table, the search threads and the options of the
/// search (threads, MultiPV, move overhead, parameters). One [`Searcher::search`] call
/// searches one position on the calling thread (and the helper threads), and returns when
/// the search ends. [`crate::SearchHandle`] runs it on a thread of its own.
#[derive(Debug)]
pub struct Searcher {
    tt: Arc<TranspositionTable>,
    config: Arc<SearchConfig>,
    pool: HelperPool,
    threads: usize,
    multipv: usize,
    move_overhead: Duration,
    gate: Option<Arc<CpuGate>>,
    /// A strength limited to a rating (`None`: full strength).
    level: Option<Level>,
    level_random: LevelRandom,
    /// The number of the game searched: a new game ([`Searcher::clear`]) or new parameters
    /// count up, and the threads then forget what they learnt.
    game: u64,
    /// What the main thread learnt in its last search (`None` before the first).
    memory: Option<Box<ThreadMemory>>,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(DEFAULT_HASH_MIB)
    }
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mib` MiB, one thread, one PV and the
    /// default move overhead.
    ///
    /// # Panics
    ///
    /// When the table cannot be allocated; [`Searcher::set_hash`] reports it instead.
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher {
            tt: Arc::new(TranspositionTable::new(hash_mib)),
            config: Arc::default(),
            pool: HelperPool::default(),
            threads: 1,
            multipv: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            gate: None,
            level: None,
            level_random: LevelRandom::from_clock(),
            game: 0,
            memory: None,
        }
    }

    /// Replaces the transposition table by an empty one of `mib` MiB. When that much memory
    /// cannot be had the old table is kept and the error says so.
    pub fn set_hash(&mut self, mib: usize) -> Result<(), TableAllocError> {
        self.tt = Arc::new(TranspositionTable::try_new(mib)?);
        Ok(())
    }

    /// Empties the transposition table (a new game): a fresh zeroed table of the same size,
    /// which costs no pass over the memory, or when that cannot be had the old one cleared.
    /// The search threads forget what they learnt of the game before (move-ordering
    /// history, correction history).
    pub fn clear(&mut self) {
        self.game += 1;
        match TranspositionTable::try_new(self.tt.mib()) {
            Ok(table) => self.tt = Arc::new(table),
            Err(_) => self.tt.clear(),
        }
    }

    /// Maps all of the transposition table's memory now (see
    /// [`TranspositionTable::touch_pages`]).
    pub fn touch_table_pages(&self) {
        self.tt.touch_pages();
    }

    /// Sets the number of search threads (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        self.pool.resize(self.threads - 1);
    }

    /// Sets the number of principal variations reported (at least 1).
    pub fn set_multipv(&mut self, multipv: usize) {
        self.multipv = multipv.max(1);
    }

    /// Makes the search threads take turns at `gate` with those of other searchers (a server
    /// with more searches than cores), or just run (`None`, the default).
    pub fn set_cpu_gate(&mut self, gate: Option<Arc<CpuGate>>) {
        self.gate = gate;
    }

    /// Sets the time kept in reserve for communication delays.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.move_overhead = overhead;
    }

    /// How long a search within `limits` with `side` to move would think, keeping `overhead`
    /// in reserve, by this searcher's parameters (`None` when the limits set no time): for a
    /// caller that searches in steps and keeps the clock of the whole search itself.
    pub fn time_budget(
        &self,
        limits: &Limits,
        side: Color,
        overhead: Duration,
    ) -> Option<TimeBudget> {
        TimeBudget::new(limits, side, overhead, &self.config.params)
    }

    /// Limits the strength to `level` (`None`: full strength, the default). A search at a
    /// level searches at most the level's nodes and plays one of its best few moves chosen
    /// at random as the level says; a search until stopped (analysis) stays at full
    /// strength.
    pub fn set_level(&mut self, level: Option<Level>) {
        self.level = level;
    }

    /// Seeds the random choices of the level (they are seeded from the clock otherwise), so
    /// that the same searches play the same moves.
    pub fn seed_level(&mut self, seed: u64) {
        self.level_random = LevelRandom::new(seed);
    }

    /// Replaces the search parameters (for tuning).
    pub fn set_params(&mut self, params: SearchParams) {
        self.config = Arc::new(SearchConfig::new(params));
        // The histories' bounds come from the parameters.
        self.game += 1;
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
        let Some((level, limits)) = self
            .level
            .and_then(|level| Some((level, level.limit(limits)?)))
        else {
            return self.search_lines(board, history, limits, self.multipv, signals, callback);
        };
        // The level's candidates are searched as more lines; only those asked for are
        // reported, and the lines of the last whole iteration kept to choose from (a whole
        // iteration reports its exact lines together, best first).
        let shown = self.multipv;
        let lines = self.multipv.max(level.anchor().candidates);
        let mut last_whole: Vec<Info> = Vec::new();
        let mut result = self.search_lines(board, history, &limits, lines, signals, |progress| {
            if let Progress::Iteration(info) = progress {
                if info.bound == Bound::Exact {
                    if info.multipv == 1 {
                        last_whole.clear();
                    }
                    last_whole.push(info.clone());
                }
                if info.multipv > shown {
                    return;
                }
            }
            callback(progress);
        });
        // Where the level chooses the best line, the search's own result stands: it may
        // come from a better move found in the iteration the budget cut short.
        if let Some(chosen) = (!last_whole.is_empty())
            .then(|| level.choose(&last_whole, &mut self.level_random))
            .filter(|chosen| chosen.pv.first() != last_whole[0].pv.first())
        {
            result.best_move = chosen.pv.first().copied().or(result.best_move);
            result.ponder_move = chosen.pv.get(1).copied();
            result.score = chosen.score;
            result.pv.clone_from(&chosen.pv);
        }
        result
    }

    /// Searches `board` for `lines` principal variations (see [`Searcher::search`]).
    fn search_lines<F: FnMut(&Progress)>(
        &mut self,
        board: &Board,
        history: &[u64],
        limits: &Limits,
        lines: usize,
        signals: &SearchSignals,
        mut callback: F,
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let root_moves = self.root_moves(board, limits);
        if root_moves.is_empty() {
            let score = if in_check(board) {
                Score::mated_in(0)
            } else {
                Score::DRAW
            };
            return SearchResult {
                hashfull: self.tt.hashfull(),
                time: start.elapsed(),
                ..SearchResult::unsearched(None, score)
            };
        }
        let ctx = Arc::new(SearchContext {
            board: board.clone(),
            history: history.to_vec(),
            multipv: lines.min(root_moves.len()),
            root_moves,
            limits: limits.clone(),
            signals: signals.clone(),
            tt: Arc::clone(&self.tt),
            config: Arc::clone(&self.config),
            threads: self.threads,
            start,
            abort: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            deepest: Mutex::new(None),
            gate: self.gate.clone(),
            game: self.game,
        });
        let time = TimeManager::new(
            limits,
            board.side_to_move(),
            self.move_overhead,
            &self.config.params,
        );
        let main = MainThread {
            time,
            pondering: signals.is_pondering(),
            report: &mut callback,
        };
        let memory = ThreadMemory::for_game(self.memory.take(), self.game, &self.config.params);
        let mut worker = Worker::new(&ctx, 0, Some(main), memory);
        let helpers = HelperRun::start(&ctx, &mut self.pool);
        worker.iterate();
        worker.flush_nodes();
        drop(helpers);
        let result = result(&ctx, &worker);
        self.memory = Some(worker.into_memory());
        result
    }

    /// The root moves (those of `limits.search_moves` that are legal, or all legal moves),
    /// ordered by the table's move and then as any node's moves.
    fn root_moves(&self, board: &Board, limits: &Limits) -> Vec<RootMove> {
        let legal = legal_moves(board);
        let mut candidates: MoveList = legal
            .iter()
            .copied()
            .filter(|mv| limits.search_moves.is_empty() || limits.search_moves.contains(mv))
            .collect();
        if candidates.is_empty() {
            candidates = legal;
        }
        let tt_move = self
            .tt
            .probe(board.hash(), 0)
            .map_or(Move::NULL, |entry| entry.best_move);
        let heuristics = Heuristics::new(&self.config.params);
        let mut picker = MovePicker::from_list(&candidates, tt_move, [Move::NULL; 2], Move::NULL);
        std::iter::from_fn(|| picker.next(board, &heuristics))
            .map(RootMove::new)
            .collect()
    }
}

/// The helper threads' part of a search: started with the main thread's, ended when it ends
/// however it ends (also when the main thread unwinds from a panic, so that no helper is
/// left searching).
struct HelperRun<'a> {
    ctx: &'a SearchContext,
    pool: &'a mut HelperPool,
}

impl<'a> HelperRun<'a> {
    fn start(ctx: &'a Arc<SearchContext>, pool: &'a mut HelperPool) -> HelperRun<'a> {
        pool.start(ctx);
        HelperRun { ctx, pool }
    }
}

impl Drop for HelperRun<'_> {
    fn drop(&mut self) {
        self.ctx.abort.store(true, Ordering::SeqCst);
        self.pool.wait();
    }
}

/// The result of the deepest completed iteration of any thread (the main thread's on a
/// tie). With MultiPV the main thread's lines are kept together. A search stopped before
/// its first iteration ended gives the best root move found so far (or the first in
/// order), scored by the static evaluation.
fn result(ctx: &SearchContext, main: &Worker<'_, '_>) -> SearchResult {
    let mut depth = main.completed_depth();
    let mut best = &main.root_moves[0];
    let deepest = ctx.deepest();
    if let Some((helper_depth, helper_best)) = &deepest {
        if *helper_depth > depth && ctx.multipv == 1 {
            depth = *helper_depth;
            best = helper_best;
        }
    }
    let pv = if best.pv.first() == Some(&best.mv) {
        best.pv.clone()
    } else {
        vec![best.mv]
    };
    let score = if best.score == -Score::INFINITY {
        Score::from_eval(outpost_eval::evaluate(&ctx.board))
    } else {
        best.score
    };
    let nodes = ctx.nodes.load(Ordering::SeqCst);
    let time = ctx.start.elapsed();
    SearchResult {
        best_move: Some(best.mv),
        ponder_move: pv.get(1).copied(),
        score,
        depth,
        seldepth: best.seldepth as i32,
        nodes,
        nps: nodes_per_second(nodes, time),
        hashfull: ctx.tt.hashfull(),
        time,
        pv,
    }
}
