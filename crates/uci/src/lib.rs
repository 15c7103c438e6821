//! The UCI protocol loop of the Outpost chess engine.
//!
//! [`Engine`] reads one command line at a time ([`Engine::handle_line`]) and writes its
//! answers to the output it was created with. A search runs on its own thread, so `stop`,
//! `isready` and `quit` are answered while it runs.
//!
//! ```
//! use outpost_uci::{Engine, SharedOutput};
//!
//! let output = SharedOutput::default();
//! let mut engine = Engine::new(output.clone());
//! engine.handle_line("position startpos moves e2e4");
//! engine.handle_line("go depth 3");
//! engine.wait_for_search();
//! assert!(output.text().lines().last().unwrap().starts_with("bestmove "));
//! ```

#![deny(missing_docs)]

mod bench;
mod book;
pub mod command;
mod go;
pub mod input;
pub mod options;
mod output;

pub use bench::{bench, bench_to_depth, BENCH_DEPTH};
pub use command::{UciCommand, UciError};
pub use options::{OptionChange, DEFAULT_HASH_MIB};
pub use output::SharedOutput;

use command::{GoCommand, PositionCommand, StartPosition};
use input::{InputLine, LineReader, MAX_LINE_BYTES};
use options::DEFAULT_MOVE_OVERHEAD_MS;

use outpost_board::{Board, Move};
use outpost_movegen::uci::parse_uci_move;
use outpost_search::{Bound, Info, Progress, Score, SearchResult, SearchSignals, Searcher};
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The commands the engine understands, for `help`.
pub const HELP: &str = "\
UCI commands:
  uci                          identify the engine and list its options
  isready                      answer readyok
  ucinewgame                   the next position belongs to a new game
  setoption name N [value V]   set an option (see the list printed by uci)
  position startpos|fen FEN [moves M...]
  go [searchmoves M...] [ponder] [wtime T] [btime T] [winc T] [binc T] [movestogo N]
     [depth N] [nodes N] [mate N] [movetime T] [infinite]
  stop                         end the search now; it prints bestmove
  ponderhit                    the expected move was played: pondering becomes timed
  quit                         leave
Developer commands:
  d                            show the position, its FEN and its hash
  eval                         explain the static evaluation of the position
  go perft N                   count the leaf nodes N plies below each move
  bench [N]                    search the bench positions (to depth N); nodes and speed
  help                         this list";

/// The engine's name as announced by `uci`.
pub const NAME: &str = concat!("Outpost ", env!("CARGO_PKG_VERSION"));

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// Writes one line (or several) to the shared output and flushes it.
fn say(output: &Output, text: &str) {
    let mut out = match output.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    };
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

struct RunningSearch {
    handle: JoinHandle<Searcher>,
    signals: SearchSignals,
    /// `go infinite` or `go ponder`: the search ends only with `stop` (or `ponderhit`).
    waits_for_stop: bool,
}

/// The UCI engine: the current position, the options, and the search thread.
pub struct Engine {
    output: Output,
    board: Board,
    history: Vec<u64>,
    /// `OwnBook`: answer `go` from the opening book when the position is in it.
    own_book: bool,
    searcher: Option<Searcher>,
    running: Option<RunningSearch>,
    book: book::EngineBook,
}

impl Engine {
    /// An engine writing to `output`, at the start position.
    pub fn new<W: Write + Send + 'static>(output: W) -> Engine {
        let mut searcher = Searcher::new(DEFAULT_HASH_MIB);
        searcher.set_move_overhead(Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS));
        Engine {
            output: Arc::new(Mutex::new(Box::new(output))),
            board: Board::startpos(),
            history: Vec::new(),
            own_book: false,
            searcher: Some(searcher),
            running: None,
            book: book::EngineBook::new(),
        }
    }

    /// Seeds the random choice among book moves (`OwnBook`), so that book play can be
    /// repeated. Without it the seed comes from the clock, and games differ.
    pub fn seed_book(&mut self, seed: u64) {
        self.book.seed(seed);
    }

    /// Reads commands until `quit` or the end of the input. At the end of the input a timed
    /// or limited search is finished (its `bestmove` printed); an infinite one is stopped.
    pub fn run<R: BufRead>(&mut self, input: R) {
        for line in LineReader::new(input) {
            let text = match line {
                InputLine::Text(text) => text,
                InputLine::InvalidUtf8(text) => {
                    self.say(&format!(
                        "info string input is not valid UTF-8, read as: {}",
                        text.trim()
                    ));
                    text
                }
                InputLine::TooLong => {
                    self.say(&format!(
                        "info string input line longer than {MAX_LINE_BYTES} bytes skipped"
                    ));
                    continue;
                }
            };
            if !self.handle_line(&text) {
                return;
            }
        }
        if self
            .running
            .as_ref()
            .is_some_and(|running| running.waits_for_stop)
        {
            self.stop_search();
        } else {
            self.wait_for_search();
        }
    }

    fn say(&self, text: &str) {
        say(&self.output, text);
    }

    /// Handles one command line. Returns `false` after `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        match UciCommand::parse(line) {
            Ok(command) => self.handle(command),
            Err(error) => {
                self.say(&format!("info string {error}"));
                true
            }
        }
    }

    /// Carries out one command. Returns `false` after `quit`.
    pub fn handle(&mut self, command: UciCommand) -> bool {
        match command {
            UciCommand::Empty => {}
            UciCommand::Uci => self.uci(),
            UciCommand::IsReady => self.say("readyok"),
            UciCommand::UciNewGame => {
                self.stop_search();
                if let Some(searcher) = self.searcher.as_mut() {
                    searcher.clear();
                }
                self.board = Board::startpos();
                self.history.clear();
            }
            UciCommand::SetOption(change) => {
                self.stop_search();
                self.set_option(change);
            }
            UciCommand::Position(position) => self.position(position),
            UciCommand::Go(go) => {
                self.stop_search();
                self.go(&go);
            }
            UciCommand::Perft { depth } => self.perft(depth),
            UciCommand::Stop => self.stop_search(),
            UciCommand::PonderHit => {
                if let Some(running) = &mut self.running {
                    running.signals.ponderhit();
                    running.waits_for_stop = false;
                }
            }
            UciCommand::Quit => {
                self.stop_search();
                return false;
            }
            UciCommand::Display => {
                let text = format!("{}Hash: {:016x}", self.board, self.board.hash());
                self.say(&text);
            }
            UciCommand::Eval => {
                let text = format!(
                    "{}\nEvaluation: {} (side to move)",
                    outpost_eval::explain(&self.board),
                    outpost_eval::evaluate(&self.board)
                );
                self.say(text.trim_start_matches('\n'));
            }
            UciCommand::Bench { depth } => {
                self.stop_search();
                let mut buffer = Vec::new();
                bench_to_depth(&mut buffer, depth.unwrap_or(BENCH_DEPTH));
                self.say(String::from_utf8_lossy(&buffer).trim_end());
            }
            UciCommand::Help => self.say(HELP),
        }
        true
    }

    fn uci(&self) {
        let mut text = format!("id name {NAME}\nid author The Outpost developers\n");
        for line in options::uci_lines() {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str("uciok");
        self.say(&text);
    }

    fn set_option(&mut self, change: OptionChange) {
        let searcher = self
            .searcher
            .get_or_insert_with(|| Searcher::new(DEFAULT_HASH_MIB));
        match change {
            OptionChange::Hash(mib) => searcher.set_hash(mib),
            OptionChange::Threads(threads) => searcher.set_threads(threads),
            OptionChange::MultiPv(lines) => searcher.set_multipv(lines),
            OptionChange::MoveOverhead(overhead) => searcher.set_move_overhead(overhead),
            OptionChange::ClearHash => searcher.clear(),
            OptionChange::Ponder(_) => {}
            OptionChange::OwnBook(on) => self.own_book = on,
            OptionChange::BookFile(file) => self.book.set_file(file),
        }
        self.load_book();
    }

    /// Reads the book (once) when `OwnBook` is on, reporting a `BookFile` that cannot be read.
    fn load_book(&mut self) {
        if self.own_book {
            if let Some(message) = self.book.load() {
                self.say(&format!("info string {message}"));
            }
        }
    }

    fn position(&mut self, position: PositionCommand) {
        let mut board = match position.start {
            StartPosition::StartPos => Board::startpos(),
            StartPosition::Fen(board) => *board,
        };
        let mut history = Vec::new();
        for text in &position.moves {
            match parse_uci_move(&mut board, text) {
                Ok(mv) => {
                    history.push(board.hash());
                    board.make(mv);
                }
                Err(error) => {
                    self.say(&format!(
                        "info string {error}; position kept up to the move before it"
                    ));
                    break;
                }
            }
        }
        self.board = board;
        self.history = history;
    }

    fn go(&mut self, go: &GoCommand) {
        let (limits, warnings) = go::limits_for(go, &self.board);
        for message in &warnings {
            self.say(&format!("info string {message}"));
        }
        if self.own_book && !go.infinite && !go.ponder {
            self.load_book();
            if let Some(found) = self.book.choose(&self.board, &limits.search_moves) {
                let text = format!(
                    "info string book move {} weight {} of {}\nbestmove {}",
                    found.mv, found.weight, found.total, found.mv
                );
                self.say(&text);
                return;
            }
        }
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(DEFAULT_HASH_MIB));
        let signals = SearchSignals::new();
        signals.set_pondering(go.ponder);
        let wait_for_stop = limits.infinite || go.ponder;
        let output = Arc::clone(&self.output);
        let board = self.board.clone();
        let history = self.history.clone();
        let thread_signals = signals.clone();
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&board, &history, &limits, &thread_signals, |progress| {
                report(&output, progress)
            });
            // In infinite and ponder mode, `bestmove` waits for `stop` (or `ponderhit`).
            while wait_for_stop
                && !thread_signals.is_stopped()
                && (limits.infinite || thread_signals.is_pondering())
            {
                std::thread::sleep(Duration::from_millis(1));
            }
            finish(&output, &result, searcher.table().hashfull());
            searcher
        });
        self.running = Some(RunningSearch {
            handle,
            signals,
            waits_for_stop: wait_for_stop,
        });
    }

    fn perft(&mut self, depth: u32) {
        let mut board = self.board.clone();
        let results = perft::divide(&mut board, depth);
        let mut text = String::new();
        let mut total = 0;
        for (mv, nodes) in &results {
            text.push_str(&format!("{mv}: {nodes}\n"));
            total += nodes;
        }
        if depth == 0 {
            total = 1;
        }
        text.push_str(&format!("\nNodes searched: {total}"));
        self.say(&text);
    }

    /// Stops a running search (which then prints its `bestmove`) and waits for it.
    pub fn stop_search(&mut self) {
        if let Some(running) = &self.running {
            running.signals.stop();
        }
        self.wait_for_search();
    }

    /// Waits until the running search (if any) has printed its `bestmove`. Does not stop
    /// it: do not call this during `go infinite`.
    pub fn wait_for_search(&mut self) {
        if let Some(running) = self.running.take() {
            match running.handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => self.searcher = Some(Searcher::new(DEFAULT_HASH_MIB)),
            }
        }
    }

    /// `true` while a search thread is running (or waiting for `stop`).
    pub fn is_searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|running| !running.handle.is_finished())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop_search();
    }
}

fn score_text(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    }
}

fn pv_text(pv: &[Move]) -> String {
    pv.iter().map(Move::to_string).collect::<Vec<_>>().join(" ")
}

/// The `info` line of one iteration.
pub fn info_line(info: &Info) -> String {
    let bound = match info.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score),
        bound,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis(),
        pv_text(&info.pv)
    )
}

fn report(output: &Output, progress: &Progress) {
    match progress {
        Progress::Iteration(info) => say(output, &info_line(info)),
        Progress::CurrentMove {
            depth,
            mv,
            number,
            time,
        } if *time >= Duration::from_secs(1) => say(
            output,
            &format!("info depth {depth} currmove {mv} currmovenumber {number}"),
        ),
        Progress::CurrentMove { .. } => {}
    }
}

fn finish(output: &Output, result: &SearchResult, hashfull: u32) {
    let millis = result.time.as_millis().max(1) as u64;
    let mut text = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} hashfull {} time {}",
        result.depth,
        result.seldepth.max(1),
        score_text(Score::from_internal(result.score)),
        result.nodes,
        result.nodes.saturating_mul(1000) / millis,
        hashfull,
        result.time.as_millis()
    );
    if !result.pv.is_empty() {
        text.push_str(&format!(" pv {}", pv_text(&result.pv)));
    }
    text.push('\n');
    match (result.best_move, result.ponder_move) {
        (Some(best), Some(ponder)) => text.push_str(&format!("bestmove {best} ponder {ponder}")),
        (Some(best), None) => text.push_str(&format!("bestmove {best}")),
        (None, _) => text.push_str("bestmove 0000"),
    }
    say(output, &text);
}
