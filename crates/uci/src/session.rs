//! The engine's side of a UCI conversation: the game so far, the options, the book and the
//! search, driven one typed command at a time.

use crate::bench::{bench_to_depth, BENCH_DEPTH};
use crate::book::EngineBook;
use crate::command::{GoCommand, PositionCommand, StartPosition, UciCommand, HELP};
use crate::go::limits_for;
use crate::input::{InputLine, LineReader, MAX_LINE_BYTES};
use crate::options::{self, OptionChange, DEFAULT_HASH_MIB, DEFAULT_MOVE_OVERHEAD_MS};
use crate::output::Output;
use crate::report::{final_lines, progress_line};
use crate::NAME;
use outpost_board::Board;
use outpost_movegen::Game;
use outpost_search::{SearchSignals, Searcher};
use std::io::{BufRead, Write};
use std::thread::JoinHandle;
use std::time::Duration;

struct RunningSearch {
    handle: JoinHandle<Searcher>,
    signals: SearchSignals,
    /// `go infinite` or `go ponder`: the search ends only with `stop` (or `ponderhit`).
    waits_for_stop: bool,
}

/// A UCI session: reads commands ([`Engine::handle_line`], [`Engine::run`]) and writes its
/// answers to the output it was created with. A search runs beside the protocol, so `stop`,
/// `isready` and `quit` are answered while it runs.
pub struct Engine {
    output: Output,
    /// The game from the last `position`: its start, its moves and the current position.
    game: Game,
    /// `OwnBook`: answer `go` from the opening book when the position is in it.
    own_book: bool,
    book: EngineBook,
    searcher: Option<Searcher>,
    running: Option<RunningSearch>,
}

impl Engine {
    /// An engine writing to `output`, at the start position, with every option at its
    /// default.
    pub fn new<W: Write + Send + 'static>(output: W) -> Engine {
        let mut searcher = Searcher::new(DEFAULT_HASH_MIB);
        searcher.set_move_overhead(Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS));
        Engine {
            output: Output::new(output),
            game: Game::startpos(),
            own_book: false,
            book: EngineBook::new(),
            searcher: Some(searcher),
            running: None,
        }
    }

    /// Seeds the random choice among book moves (`OwnBook`), so that book play can be
    /// repeated. Without it the seed comes from the clock, and games differ.
    pub fn seed_book(&mut self, seed: u64) {
        self.book.seed(seed);
    }

    /// Reads commands until `quit` or the end of the input. At the end of the input a timed
    /// or limited search is finished (its `bestmove` printed); an infinite one is stopped.
    /// Input that is not valid UTF-8, or a line longer than [`MAX_LINE_BYTES`], is reported
    /// with `info string` and reading goes on.
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

    /// Handles one line of input; a line that is no command is reported with `info string`.
    /// Returns `false` after `quit`.
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
                self.game = Game::startpos();
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
                let board = self.game.board();
                self.say(&format!("{board}Hash: {:016x}", board.hash()));
            }
            UciCommand::Eval => {
                let board = self.game.board();
                let text = format!(
                    "{}\nEvaluation: {} (side to move)",
                    outpost_eval::explain(board),
                    outpost_eval::evaluate(board)
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

    fn say(&self, text: &str) {
        self.output.say(text);
    }

    /// `id` lines, the option table, `uciok`.
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
            OptionChange::Hash(mib) => {
                if let Err(error) = searcher.set_hash(mib) {
                    self.output
                        .say(&format!("info string {error}; the table is unchanged"));
                }
            }
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

    /// Sets up the game; on a move that cannot be played it is kept up to the move before.
    fn position(&mut self, position: PositionCommand) {
        let start = match position.start {
            StartPosition::StartPos => Board::startpos(),
            StartPosition::Fen(board) => *board,
        };
        let mut game = Game::new(start);
        for text in &position.moves {
            if let Err(error) = game.play_uci(text) {
                self.say(&format!(
                    "info string {error}; position kept up to the move before it"
                ));
                break;
            }
        }
        self.game = game;
    }

    /// Answers from the book when it can, otherwise starts a search.
    fn go(&mut self, go: &GoCommand) {
        let board = self.game.board();
        let (limits, warnings) = limits_for(go, board);
        for message in &warnings {
            self.say(&format!("info string {message}"));
        }
        if self.own_book && !go.infinite && !go.ponder {
            self.load_book();
            if let Some(found) = self.book.choose(self.game.board(), &limits.search_moves) {
                self.say(&format!(
                    "info string book move {} weight {} of {}\nbestmove {}",
                    found.mv, found.weight, found.total, found.mv
                ));
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
        let output = self.output.clone();
        let board = self.game.board().clone();
        let history = history_of(&self.game);
        let thread_signals = signals.clone();
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&board, &history, &limits, &thread_signals, |progress| {
                if let Some(line) = progress_line(progress) {
                    output.say(&line);
                }
            });
            // In infinite and ponder mode, `bestmove` waits for `stop` (or `ponderhit`).
            while wait_for_stop
                && !thread_signals.is_stopped()
                && (limits.infinite || thread_signals.is_pondering())
            {
                std::thread::sleep(Duration::from_millis(1));
            }
            output.say(&final_lines(&result));
            searcher
        });
        self.running = Some(RunningSearch {
            handle,
            signals,
            waits_for_stop: wait_for_stop,
        });
    }

    /// `go perft`: the leaf count below each legal move, then the total.
    fn perft(&mut self, depth: u32) {
        let mut board = self.game.board().clone();
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

/// The hashes of the game's positions before the current one, oldest first.
fn history_of(game: &Game) -> Vec<u64> {
    let mut board = game.start().clone();
    let mut history = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        history.push(board.hash());
        board.make(mv);
    }
    history
}
