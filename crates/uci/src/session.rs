//! The engine's side of a UCI conversation: the game so far, the options, the book and the
//! search, driven one typed command at a time.

use crate::bench::{bench_to_depth, BENCH_DEPTH};
use crate::book::EngineBook;
use crate::command::{GoCommand, PositionCommand, StartPosition, UciCommand, UciError, HELP};
use crate::go::{ends_by_itself, limits_for};
use crate::input::{InputLine, LineReader, MAX_LINE_BYTES};
use crate::options::{self, OptionChange, DEFAULT_HASH_MIB};
use crate::output::Output;
use crate::perft_run::{PerftRun, MAX_PERFT_DEPTH};
use crate::report::{final_lines, progress_line};
use crate::NAME;
use outpost_board::{Board, Variant};
use outpost_movegen::uci::UciNotation;
use outpost_movegen::Game;
use outpost_search::{Level, Progress, SearchEvent, SearchHandle, SearchParams, SearchPosition};
use std::io::{BufRead, Write};

/// A UCI session: reads commands ([`Engine::handle_line`], [`Engine::run`]) and writes its
/// answers to the output it was created with.
///
/// The search runs on the [`SearchHandle`]'s thread and writes its `info` and `bestmove`
/// lines itself; the session never waits for it except where the protocol asks for it
/// (`quit`, a new `go`, options that change the search). So `isready`, `stop` and
/// `ponderhit` are answered at once while it runs.
pub struct Engine {
    output: Output,
    /// The game from the last `position`: its start, its moves and the current position.
    game: Game,
    /// `OwnBook`: answer `go` from the opening book when the position is in it.
    own_book: bool,
    book: EngineBook,
    search: SearchHandle,
    /// The search parameters (changed only through the `tune` feature's options).
    params: SearchParams,
    /// A `go perft` counting on its own thread.
    perft: Option<PerftRun>,
    /// `UCI_Chess960`: castling written and read as king takes rook.
    chess960: bool,
    /// `UCI_Variant`: the rule set of `position startpos`, and of the FENs accepted.
    variant: Variant,
    /// `UCI_LimitStrength`: play at `elo` instead of full strength.
    limit_strength: bool,
    /// `UCI_Elo`: the rating of the limited strength.
    elo: u32,
    /// The running search ends without `stop` (see [`ends_by_itself`]): the end of the input
    /// waits for it instead of stopping it.
    search_ends_by_itself: bool,
}

impl Engine {
    /// An engine writing to `output`, at the start position, with every option at its
    /// default.
    pub fn new<W: Write + Send + 'static>(output: W) -> Engine {
        Engine {
            output: Output::new(output),
            game: Game::startpos(),
            own_book: false,
            book: EngineBook::new(),
            search: SearchHandle::new(DEFAULT_HASH_MIB),
            params: SearchParams::default(),
            perft: None,
            chess960: false,
            variant: Variant::Chess,
            limit_strength: false,
            elo: options::DEFAULT_ELO,
            search_ends_by_itself: true,
        }
    }

    /// Seeds the random choice among book moves (`OwnBook`), so that book play can be
    /// repeated. Without it the seed comes from the clock, and games differ.
    pub fn seed_book(&mut self, seed: u64) {
        self.book.seed(seed);
    }

    /// Reads commands until `quit` or the end of the input. At the end of the input a search
    /// that ends by itself (a depth, nodes, a fixed time or its own clock) is finished (its
    /// `bestmove` printed); one that would not (`go infinite`, pondering, no limit, a mate
    /// alone) is stopped.
    /// Input that is not valid UTF-8, or a line longer than 1 MiB, is reported
    /// with `info string` and reading goes on.
    pub fn run<R: BufRead>(&mut self, input: R) {
        for line in LineReader::new(input) {
            let go_on = match line {
                InputLine::Text(text) => self.handle_line(&text),
                InputLine::InvalidUtf8(text) => {
                    let note = format!("input is not valid UTF-8, read as: {}", text.trim());
                    self.handle_line_noted(&text, Some(&note))
                }
                InputLine::TooLong => {
                    self.say(&format!(
                        "info string input line longer than {MAX_LINE_BYTES} bytes skipped"
                    ));
                    true
                }
            };
            if !go_on {
                return;
            }
        }
        if self.search.waits_for_stop() || !self.search_ends_by_itself {
            self.search.stop();
        }
        // A limited search and a `go perft` still counting are finished.
        self.wait_for_search();
    }

    /// Handles one line of input; a line that is no command is reported with `info string`.
    /// Returns `false` after `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        self.handle_line_noted(line, None)
    }

    /// [`Engine::handle_line`] with a `note` on how the line was read, said with the
    /// line's error in one `info string`, or alone before a command that parses.
    fn handle_line_noted(&mut self, line: &str, note: Option<&str>) -> bool {
        let prefix = note.map(|note| format!("{note}; ")).unwrap_or_default();
        match UciCommand::parse(line) {
            Ok(command) => {
                if let Some(note) = note {
                    self.say(&format!("info string {note}"));
                }
                self.handle(command)
            }
            Err(error) => {
                let kept = match &error {
                    UciError::Option(error) => error
                        .refused_option()
                        .map(|option| format!("; {option} is unchanged")),
                    UciError::InvalidFen { .. } | UciError::PositionNeedsStart(_) => {
                        Some("; the position is unchanged".to_string())
                    }
                    _ => None,
                };
                self.say(&format!(
                    "info string {prefix}{error}{}",
                    kept.unwrap_or_default()
                ));
                true
            }
        }
    }

    /// Carries out one command. Returns `false` after `quit`.
    pub fn handle(&mut self, command: UciCommand) -> bool {
        match command {
            UciCommand::Empty => {}
            UciCommand::Uci => self.uci(),
            UciCommand::IsReady => {
                self.search.prepare();
                self.say("readyok");
            }
            UciCommand::UciNewGame => {
                self.search.clear_hash();
                self.game = Game::startpos();
            }
            UciCommand::SetOption(change) => self.set_option(change),
            UciCommand::Position(position) => self.position(position),
            UciCommand::Go(go) => self.go(&go),
            UciCommand::Perft { depth } => self.perft(depth),
            UciCommand::Stop => {
                if let Some(perft) = self.perft.take() {
                    perft.stop();
                }
                self.search.stop();
            }
            UciCommand::PonderHit => self.search.ponderhit(),
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

    /// Applies an option; those of the search stop a running search first.
    fn set_option(&mut self, change: OptionChange) {
        match change {
            OptionChange::Hash(mib) => {
                if let Err(error) = self.search.set_hash(mib) {
                    self.say(&format!("info string {error}; the table is unchanged"));
                }
            }
            OptionChange::Threads(threads) => self.search.set_threads(threads),
            OptionChange::MultiPv(lines) => self.search.set_multipv(lines),
            OptionChange::MoveOverhead(overhead) => self.search.set_move_overhead(overhead),
            OptionChange::ClearHash => self.search.clear_hash(),
            OptionChange::Ponder(_) => {}
            OptionChange::OwnBook(on) => self.own_book = on,
            OptionChange::BookFile(file) => self.book.set_file(file),
            OptionChange::Chess960(on) => self.chess960 = on,
            OptionChange::Variant(variant) => {
                if variant != self.variant {
                    self.variant = variant;
                    // A game of the other rule set makes no sense to go on with.
                    self.game = Game::new(start_position(variant));
                }
            }
            OptionChange::LimitStrength(on) => {
                self.limit_strength = on;
                self.set_level();
            }
            OptionChange::Elo(elo) => {
                self.elo = elo;
                self.set_level();
            }
            OptionChange::SearchParam { name, value } => {
                // The table checked the range, so the parameter takes the value.
                if self.params.set(name, value).is_ok() {
                    self.search.set_params(self.params.clone());
                }
            }
        }
        self.load_book();
    }

    /// Gives the search the level of `UCI_LimitStrength` and `UCI_Elo` (the option table
    /// keeps `UCI_Elo` in the levels' range).
    fn set_level(&mut self) {
        let level = Level::from_elo(i64::from(self.elo)).ok();
        self.search.set_level(level.filter(|_| self.limit_strength));
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
            StartPosition::StartPos => start_position(self.variant),
            StartPosition::Fen(board) if board.variant() != self.variant => {
                self.say(&format!(
                    "info string the FEN is a position of {} but UCI_Variant is {}; set \
                     UCI_Variant first (the position is unchanged)",
                    board.variant(),
                    self.variant
                ));
                return;
            }
            StartPosition::Fen(board) => *board,
        };
        let notation = UciNotation::for_board(&start, self.chess960);
        let mut game = Game::new(start);
        for text in &position.moves {
            if let Err(error) = game.play_uci_in(notation, text) {
                self.say(&format!(
                    "info string {error}; position kept up to the move before it"
                ));
                break;
            }
        }
        self.game = game;
    }

    /// Answers from the book when it can, otherwise starts a search and returns at once: the
    /// search writes its own `info` lines and, at its end, `bestmove`.
    fn go(&mut self, go: &GoCommand) {
        if let Some(perft) = self.perft.take() {
            perft.stop();
        }
        let (limits, warnings) = limits_for(go, self.game.board(), self.notation());
        self.search_ends_by_itself = ends_by_itself(&limits, self.game.board().side_to_move());
        for message in &warnings {
            self.say(&format!("info string {message}"));
        }
        if self.own_book && !limits.waits_for_stop() {
            self.load_book();
            if let Some(found) = self.book.choose(self.game.board(), &limits.search_moves) {
                // A search still running gives its `bestmove` first.
                self.stop_search();
                self.say(&format!(
                    "info string book move {} weight {} of {}\nbestmove {}",
                    self.notation().write(found.mv),
                    found.weight,
                    found.total,
                    self.notation().write(found.mv)
                ));
                return;
            }
        }
        let output = self.output.clone();
        let position = SearchPosition::from_game(&self.game);
        let notation = self.notation();
        // The last iteration line of the best line, so that the final one is not a repeat.
        let mut last_best = None;
        self.search
            .start(position, limits, move |event| match event {
                SearchEvent::Progress(progress) => {
                    if let Some(line) = progress_line(&progress, notation) {
                        output.say(&line);
                    }
                    if let Progress::Iteration(info) = progress {
                        if info.multipv == 1 {
                            last_best = Some(info);
                        }
                    }
                }
                SearchEvent::Finished(result) => {
                    output.say(&final_lines(&result, last_best.as_ref(), notation));
                }
            });
    }

    /// How moves are written and read: castling as king takes rook with `UCI_Chess960`.
    fn notation(&self) -> UciNotation {
        UciNotation::for_board(self.game.board(), self.chess960)
    }

    /// `go perft`: the leaf count below each legal move, then the total, counted on a
    /// thread of its own (`stop` ends it).
    fn perft(&mut self, depth: u32) {
        self.stop_search();
        if depth > MAX_PERFT_DEPTH {
            self.say(&format!(
                "info string go perft goes at most {MAX_PERFT_DEPTH} plies deep, not {depth}"
            ));
            return;
        }
        let board = self.game.board().clone();
        self.perft = Some(PerftRun::start(
            board,
            depth,
            self.notation(),
            self.output.clone(),
        ));
    }

    /// Stops a running search (and a `go perft`) and waits until it has printed its
    /// `bestmove`.
    pub fn stop_search(&mut self) {
        if let Some(perft) = self.perft.take() {
            perft.stop();
        }
        self.search.stop();
        self.wait_for_search();
    }

    /// Waits until the running search (if any) has printed its `bestmove`, and a `go perft`
    /// its count. Does not stop them: during `go infinite` (or `go ponder` before
    /// `ponderhit`) it would wait for ever.
    pub fn wait_for_search(&mut self) {
        self.search.wait();
        if let Some(perft) = self.perft.take() {
            perft.wait();
        }
    }

    /// `true` from `go` until the search has printed its `bestmove`.
    pub fn is_searching(&self) -> bool {
        self.search.is_searching()
    }
}

/// The start position of `variant`.
fn start_position(variant: Variant) -> Board {
    Board::from_fen(variant.start_fen()).expect("the start positions are valid")
}
