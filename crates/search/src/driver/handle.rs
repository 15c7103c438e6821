//! [`SearchHandle`]: the search on a long-lived thread of its own, started and stopped from
//! a front-end that never waits for it (a UCI loop, a terminal app, a web server).

use super::gate::CpuGate;
use super::searcher::{Searcher, DEFAULT_HASH_MIB};
use crate::info::{Progress, SearchResult};
use crate::level::Level;
use crate::limits::{Limits, SearchSignals};
use crate::params::SearchParams;
use crate::tt::TableAllocError;
use outpost_board::Board;
use outpost_movegen::Game;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The position to search and the game that led to it (for repetitions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchPosition {
    /// The position.
    pub board: Board,
    /// Hashes of the game's positions before `board`, oldest first.
    pub history: Vec<u64>,
}

impl SearchPosition {
    /// A position with no game before it.
    pub fn new(board: Board) -> SearchPosition {
        SearchPosition {
            board,
            history: Vec::new(),
        }
    }

    /// The current position of `game`, with its earlier positions as history.
    pub fn from_game(game: &Game) -> SearchPosition {
        let mut board = game.start().clone();
        let mut history = Vec::with_capacity(game.moves().len());
        for &mv in game.moves() {
            history.push(board.hash());
            board.make(mv);
        }
        SearchPosition { board, history }
    }
}

/// What a running search tells its listener.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchEvent {
    /// Progress: an iteration, or the move being searched at the root.
    Progress(Progress),
    /// The search has ended with this result (sent once per search, last).
    Finished(SearchResult),
}

type Listener = Box<dyn FnMut(SearchEvent) + Send>;

/// A search for the search thread.
struct SearchJob {
    position: SearchPosition,
    limits: Limits,
    signals: SearchSignals,
    listener: Listener,
}

/// What the handle asks of its search thread.
enum Command {
    Search(Box<SearchJob>),
    SetHash(usize, Sender<Result<(), TableAllocError>>),
    SetThreads(usize),
    SetMultiPv(usize),
    SetLevel(Option<Level>),
    SeedLevel(u64),
    SetMoveOverhead(Duration),
    SetCpuGate(Option<Arc<CpuGate>>),
    SetParams(SearchParams),
    ClearHash,
    TouchTablePages(Sender<()>),
}

/// A search that runs on a thread of its own: [`SearchHandle::start`] returns at once,
/// progress and the result go to a listener, [`SearchHandle::stop`] and
/// [`SearchHandle::ponderhit`] steer it, [`SearchHandle::wait`] blocks until it ends.
///
/// The thread (and the Lazy SMP helper threads) live as long as the handle and sleep on a
/// channel between searches.
///
/// ```
/// use outpost_board::Board;
/// use outpost_search::{Limits, SearchEvent, SearchHandle, SearchPosition};
///
/// let mut handle = SearchHandle::new(16);
/// let limits = Limits { depth: Some(4), ..Limits::default() };
/// handle.start(SearchPosition::new(Board::startpos()), limits, |event| {
///     if let SearchEvent::Finished(result) = event {
///         println!("bestmove {}", result.best_move.unwrap());
///     }
/// });
/// let result = handle.wait().expect("a search was running");
/// assert_eq!(result.depth, 4);
/// ```
#[derive(Debug)]
pub struct SearchHandle {
    commands: Option<Sender<Command>>,
    results: Receiver<SearchResult>,
    /// A search was started and its result not yet taken by [`SearchHandle::wait`].
    outstanding: bool,
    /// The signals of the latest search.
    signals: SearchSignals,
    /// The latest search is `go infinite`.
    infinite: bool,
    searching: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Default for SearchHandle {
    fn default() -> SearchHandle {
        SearchHandle::new(DEFAULT_HASH_MIB)
    }
}

impl SearchHandle {
    /// A handle with a transposition table of `hash_mib` MiB and one thread.
    ///
    /// # Panics
    ///
    /// When the table cannot be allocated; [`SearchHandle::set_hash`] reports it instead.
    pub fn new(hash_mib: usize) -> SearchHandle {
        let searcher = Searcher::new(hash_mib);
        let (commands, command_receiver) = channel();
        let (result_sender, results) = channel();
        let searching = Arc::new(AtomicBool::new(false));
        let thread = {
            let searching = Arc::clone(&searching);
            std::thread::Builder::new()
                .name("outpost-search".to_string())
                .spawn(move || {
                    serve(searcher, &command_receiver, &result_sender, &searching);
                })
                .expect("the search thread starts")
        };
        SearchHandle {
            commands: Some(commands),
            results,
            outstanding: false,
            signals: SearchSignals::new(),
            infinite: false,
            searching,
            thread: Some(thread),
        }
    }

    fn send(&self, command: Command) {
        if let Some(commands) = &self.commands {
            // An error means the search thread is gone; `wait` then reports no result.
            let _ = commands.send(command);
        }
    }

    /// Stops a running search and waits until it has ended (its listener has the result).
    fn finish(&mut self) {
        if self.outstanding {
            self.stop();
            self.wait();
        }
    }

    /// Replaces the table by an empty one of `mib` MiB (stopping a running search first).
    /// When the memory cannot be had the old table is kept.
    pub fn set_hash(&mut self, mib: usize) -> Result<(), TableAllocError> {
        self.finish();
        let (reply, answer) = channel();
        self.send(Command::SetHash(mib, reply));
        answer.recv().unwrap_or(Err(TableAllocError { mib }))
    }

    /// Sets the number of search threads (stopping a running search first).
    pub fn set_threads(&mut self, threads: usize) {
        self.finish();
        self.send(Command::SetThreads(threads));
    }

    /// Sets the number of principal variations (stopping a running search first).
    pub fn set_multipv(&mut self, lines: usize) {
        self.finish();
        self.send(Command::SetMultiPv(lines));
    }

    /// Limits the strength to `level`, or full strength with `None` (stopping a running
    /// search first); see [`Searcher::set_level`].
    pub fn set_level(&mut self, level: Option<Level>) {
        self.finish();
        self.send(Command::SetLevel(level));
    }

    /// Seeds the random choices of the level (see [`Searcher::seed_level`]).
    pub fn seed_level(&mut self, seed: u64) {
        self.finish();
        self.send(Command::SeedLevel(seed));
    }

    /// Sets the time kept in reserve for communication delays (stopping a running search
    /// first).
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.finish();
        self.send(Command::SetMoveOverhead(overhead));
    }

    /// Makes the search threads take turns at `gate` with those of other handles, so that no
    /// more run at once than it has places (stopping a running search first); `None`, the
    /// default, lets them just run.
    pub fn set_cpu_gate(&mut self, gate: Option<Arc<CpuGate>>) {
        self.finish();
        self.send(Command::SetCpuGate(gate));
    }

    /// Replaces the search parameters (for tuning).
    pub fn set_params(&mut self, params: SearchParams) {
        self.finish();
        self.send(Command::SetParams(params));
    }

    /// Empties the transposition table and the search threads' memory of the game (a new
    /// game; stopping a running search first).
    pub fn clear_hash(&mut self) {
        self.finish();
        self.send(Command::ClearHash);
    }

    /// Gets ready for the next search while the front-end waits anyway (UCI's `isready`):
    /// maps all of the transposition table's memory, which the operating system otherwise
    /// does at the first probe of each page, in the search's time. Returns at once while a
    /// search runs (its table is mapping itself).
    pub fn prepare(&mut self) {
        if self.is_searching() {
            return;
        }
        let (done, finished) = channel();
        self.send(Command::TouchTablePages(done));
        let _ = finished.recv();
    }

    /// Starts searching `position` within `limits` and returns at once. The listener gets
    /// the progress and, last, [`SearchEvent::Finished`]; with `limits.infinite` or
    /// `limits.ponder` that comes only after [`SearchHandle::stop`] (or the ponderhit).
    /// A search still running is stopped first.
    pub fn start(
        &mut self,
        position: SearchPosition,
        limits: Limits,
        listener: impl FnMut(SearchEvent) + Send + 'static,
    ) {
        self.finish();
        self.signals = SearchSignals::new();
        self.signals.set_pondering(limits.ponder);
        self.infinite = limits.infinite;
        self.searching.store(true, Ordering::SeqCst);
        self.outstanding = true;
        self.send(Command::Search(Box::new(SearchJob {
            position,
            limits,
            signals: self.signals.clone(),
            listener: Box::new(listener),
        })));
    }

    /// Asks the running search to end now; it then sends its result.
    pub fn stop(&self) {
        self.signals.stop();
    }

    /// The expected move was played: a pondering search becomes a timed one.
    pub fn ponderhit(&self) {
        self.signals.ponderhit();
    }

    /// Blocks until the running search has ended (it is not stopped) and returns its
    /// result; `None` when no search was started since the last `wait`.
    pub fn wait(&mut self) -> Option<SearchResult> {
        if !std::mem::take(&mut self.outstanding) {
            return None;
        }
        self.results.recv().ok()
    }

    /// `true` while the running search will not end by itself: `go infinite`, or `go ponder`
    /// before its ponderhit, not yet stopped.
    pub fn waits_for_stop(&self) -> bool {
        self.is_searching()
            && !self.signals.is_stopped()
            && (self.infinite || self.signals.is_pondering())
    }

    /// `true` from [`SearchHandle::start`] until the search has sent its result.
    pub fn is_searching(&self) -> bool {
        self.searching.load(Ordering::SeqCst)
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        self.finish();
        self.commands = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The search thread: carries out commands until the handle is dropped.
fn serve(
    mut searcher: Searcher,
    commands: &Receiver<Command>,
    results: &Sender<SearchResult>,
    searching: &AtomicBool,
) {
    for command in commands {
        match command {
            Command::Search(job) => {
                let SearchJob {
                    position,
                    limits,
                    signals,
                    mut listener,
                } = *job;
                let searched = catch_unwind(AssertUnwindSafe(|| {
                    searcher.search(
                        &position.board,
                        &position.history,
                        &limits,
                        &signals,
                        |progress| listener(SearchEvent::Progress(progress.clone())),
                    )
                }));
                let result = match searched {
                    Ok(result) => {
                        // `go infinite` and `go ponder` give their result only when released.
                        signals.wait_for_release(&limits);
                        result
                    }
                    // A panic in the search or the listener: the game goes on with a legal
                    // move (the panic message went to stderr).
                    Err(_) => fallback_result(&position.board),
                };
                let _ = catch_unwind(AssertUnwindSafe(|| {
                    listener(SearchEvent::Finished(result.clone()));
                }));
                searching.store(false, Ordering::SeqCst);
                let _ = results.send(result);
            }
            Command::SetHash(mib, reply) => {
                let _ = reply.send(searcher.set_hash(mib));
            }
            Command::SetThreads(threads) => searcher.set_threads(threads),
            Command::SetMultiPv(lines) => searcher.set_multipv(lines),
            Command::SetLevel(level) => searcher.set_level(level),
            Command::SeedLevel(seed) => searcher.seed_level(seed),
            Command::SetMoveOverhead(overhead) => searcher.set_move_overhead(overhead),
            Command::SetCpuGate(gate) => searcher.set_cpu_gate(gate),
            Command::SetParams(params) => searcher.set_params(params),
            Command::ClearHash => searcher.clear(),
            Command::TouchTablePages(done) => {
                searcher.touch_table_pages();
                let _ = done.send(());
            }
        }
    }
}

/// The result given when a search failed: the first legal move, unsearched.
fn fallback_result(board: &Board) -> SearchResult {
    let first = outpost_movegen::legal_moves(board).first().copied();
    SearchResult::unsearched(first, crate::score::Score::DRAW)
}
