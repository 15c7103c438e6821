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
mod go;
mod output;

pub use bench::{bench, BENCH_DEPTH};
pub use output::SharedOutput;

use outpost_board::{Board, Move};
use outpost_movegen::uci::parse_uci_move;
use outpost_search::{Bound, Info, Progress, Score, SearchResult, SearchSignals, Searcher};
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

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

/// The UCI options and their values.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Options {
    hash: usize,
    threads: usize,
    multipv: usize,
    move_overhead: u64,
    ponder: bool,
    /// `OwnBook`: answer `go` from the opening book when the position is in it.
    own_book: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash: 16,
            threads: 1,
            multipv: 1,
            move_overhead: 30,
            ponder: false,
            own_book: false,
        }
    }
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
    options: Options,
    searcher: Option<Searcher>,
    running: Option<RunningSearch>,
    book: book::EngineBook,
}

impl Engine {
    /// An engine writing to `output`, at the start position.
    pub fn new<W: Write + Send + 'static>(output: W) -> Engine {
        let options = Options::default();
        let mut searcher = Searcher::new(options.hash);
        searcher.set_move_overhead(Duration::from_millis(options.move_overhead));
        Engine {
            output: Arc::new(Mutex::new(Box::new(output))),
            board: Board::startpos(),
            history: Vec::new(),
            options,
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
        for line in input.lines() {
            let Ok(line) = line else {
                break;
            };
            if !self.handle_line(&line) {
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
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = tokens.first() else {
            return true;
        };
        let args = &tokens[1..];
        match command {
            "uci" => self.uci(),
            "isready" => self.say("readyok"),
            "ucinewgame" => {
                self.stop_search();
                if let Some(searcher) = self.searcher.as_mut() {
                    searcher.clear();
                }
                self.board = Board::startpos();
                self.history.clear();
            }
            "setoption" => {
                self.stop_search();
                self.set_option(args);
            }
            "position" => self.position(args),
            "go" => {
                self.stop_search();
                self.go(args);
            }
            "stop" => self.stop_search(),
            "ponderhit" => {
                if let Some(running) = &mut self.running {
                    running.signals.ponderhit();
                    running.waits_for_stop = false;
                }
            }
            "quit" => {
                self.stop_search();
                return false;
            }
            "d" => {
                let text = format!("{}Hash: {:016x}", self.board, self.board.hash());
                self.say(&text);
            }
            "eval" => {
                let text = format!(
                    "{}\nEvaluation: {} (side to move)",
                    outpost_eval::explain(&self.board),
                    outpost_eval::evaluate(&self.board)
                );
                self.say(text.trim_start_matches('\n'));
            }
            "bench" => {
                self.stop_search();
                let mut buffer = Vec::new();
                bench(&mut buffer);
                self.say(String::from_utf8_lossy(&buffer).trim_end());
            }
            _ => self.say(&format!("info string unknown command: {}", line.trim())),
        }
        true
    }

    fn uci(&self) {
        let defaults = Options::default();
        let text = format!(
            "id name {NAME}\n\
             id author The Outpost developers\n\
             option name Hash type spin default {} min 1 max 65536\n\
             option name Threads type spin default {} min 1 max 256\n\
             option name MultiPV type spin default {} min 1 max 256\n\
             option name Move Overhead type spin default {} min 0 max 5000\n\
             option name Clear Hash type button\n\
             option name Ponder type check default false\n\
             option name OwnBook type check default false\n\
             option name BookFile type string default <empty>\n\
             uciok",
            defaults.hash, defaults.threads, defaults.multipv, defaults.move_overhead
        );
        self.say(&text);
    }

    fn set_option(&mut self, args: &[&str]) {
        let (name, value) = go::split_option(args);
        let Some(name) = name else {
            self.say("info string setoption needs: setoption name <name> [value <value>]");
            return;
        };
        let searcher = self.searcher.get_or_insert_with(|| Searcher::new(16));
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            let text = value.as_deref().unwrap_or("");
            let number: i128 = text
                .parse()
                .map_err(|_| format!("'{text}' is not a number for option {name}"))?;
            if number < i128::from(min) || number > i128::from(max) {
                return Err(format!(
                    "{number} is out of range {min}..{max} for option {name}"
                ));
            }
            Ok(number as u64)
        };
        let check = |option: &str| match value.as_deref().map(str::to_ascii_lowercase).as_deref() {
            Some("true") => Ok(true),
            Some("false") => Ok(false),
            _ => Err(format!(
                "option {option} needs value true or false, not '{}'",
                value.as_deref().unwrap_or("")
            )),
        };
        let outcome = match name.to_ascii_lowercase().as_str() {
            "hash" => spin(1, 65_536).map(|mib| {
                self.options.hash = mib as usize;
                searcher.set_hash(mib as usize);
            }),
            "threads" => spin(1, 256).map(|threads| {
                self.options.threads = threads as usize;
                searcher.set_threads(threads as usize);
            }),
            "multipv" => spin(1, 256).map(|lines| {
                self.options.multipv = lines as usize;
                searcher.set_multipv(lines as usize);
            }),
            "move overhead" => spin(0, 5_000).map(|millis| {
                self.options.move_overhead = millis;
                searcher.set_move_overhead(Duration::from_millis(millis));
            }),
            "clear hash" => {
                searcher.clear();
                Ok(())
            }
            "ponder" => check("Ponder").map(|on| self.options.ponder = on),
            "ownbook" => check("OwnBook").map(|on| self.options.own_book = on),
            "bookfile" => {
                self.book.set_file(value.as_deref().unwrap_or(""));
                Ok(())
            }
            _ => Err(format!("unknown option: {name}")),
        };
        if let Err(message) = outcome {
            self.say(&format!("info string {message}"));
        }
        self.load_book();
    }

    /// Reads the book (once) when `OwnBook` is on, reporting a `BookFile` that cannot be read.
    fn load_book(&mut self) {
        if self.options.own_book {
            if let Some(message) = self.book.load() {
                self.say(&format!("info string {message}"));
            }
        }
    }

    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&token| token == "moves");
        let (setup, moves) = match moves_at {
            Some(index) => (&args[..index], &args[index + 1..]),
            None => (args, &[][..]),
        };
        let board = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => Board::startpos(),
            Some(&"fen") if setup.len() > 1 => {
                let fen = setup[1..].join(" ");
                match Board::from_fen(&fen) {
                    Ok(board) => board,
                    Err(error) => {
                        self.say(&format!("info string invalid FEN '{fen}': {error}"));
                        return;
                    }
                }
            }
            _ => {
                let got = if setup.is_empty() {
                    "nothing".to_string()
                } else {
                    format!("'{}'", setup.join(" "))
                };
                self.say(&format!(
                    "info string position needs 'startpos' or 'fen <fen>', got {got}"
                ));
                return;
            }
        };
        let mut board = board;
        let mut history = Vec::new();
        for text in moves {
            match parse_uci_move(&board, text) {
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

    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            self.perft(args.get(1).copied());
            return;
        }
        let parsed = go::parse_go(&mut self.board.clone(), args);
        for message in &parsed.warnings {
            self.say(&format!("info string {message}"));
        }
        if self.options.own_book && !parsed.limits.infinite && !parsed.ponder {
            self.load_book();
            if let Some(found) = self.book.choose(&self.board, &parsed.limits.search_moves) {
                let text = format!(
                    "info string book move {} weight {} of {}\nbestmove {}",
                    found.mv, found.weight, found.total, found.mv
                );
                self.say(&text);
                return;
            }
        }
        let mut searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(16));
        let signals = SearchSignals::new();
        signals.set_pondering(parsed.ponder);
        let wait_for_stop = parsed.limits.infinite || parsed.ponder;
        let output = Arc::clone(&self.output);
        let board = self.board.clone();
        let history = self.history.clone();
        let limits = parsed.limits;
        let thread_signals = signals.clone();
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&board, &history, &limits, &thread_signals, |progress| {
                report(&output, progress);
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

    fn perft(&mut self, depth: Option<&str>) {
        let Some(depth) = depth.and_then(|text| text.parse::<u32>().ok()) else {
            self.say("info string go perft needs a depth: go perft <depth>");
            return;
        };
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
                Err(_) => {
                    let mut searcher = Searcher::new(self.options.hash);
                    searcher.set_threads(self.options.threads);
                    searcher.set_multipv(self.options.multipv);
                    searcher.set_move_overhead(Duration::from_millis(self.options.move_overhead));
                    self.searcher = Some(searcher);
                }
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
