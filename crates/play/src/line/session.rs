//! The game in the terminal: a [`Session`] reads [`Event`]s from an [`Inbox`] (lines typed,
//! reports from the engine's thread) and writes everything it shows to any [`Write`], so that
//! tests can drive it with scripted lines and read what it printed.

mod commands;
pub mod files;

use super::chess960;
use super::command::{self, Command};
use super::input::{Event, Inbox};
use super::render;
use super::variant;
use crate::tui::theme::{PieceSet, Theme};
use outpost_board::{Board, Color, Variant};
use outpost_game::book::OpeningBook;
use outpost_game::clock::TimeControl;
use outpost_game::players::{Mode, Player};
use outpost_game::{
    score_text, Chess960Start, Ending, EngineEvent, GameSession, Level, Purpose, Strength, Update,
};
use outpost_movegen::san::{line_to_san, MoveNumbers};
use outpost_movegen::Game;
use outpost_search::{SearchHandle, DEFAULT_HASH_MIB};
use std::collections::VecDeque;
use std::io::{self, IsTerminal, Write};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The search line in a terminal is cut to this many characters, so that it never wraps.
const LIVE_WIDTH: usize = 79;

/// How a session starts, and how it shows things.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Who plays which colour.
    pub mode: Mode,
    /// How much the engine searches per move.
    pub strength: Strength,
    /// The rating the engine plays at (`--level`; `None`: full strength).
    pub level: Option<Level>,
    /// The pause after each move when the engine plays itself, so that people can watch.
    pub pause: Duration,
    /// The position the game starts from (unless `chess960` is set); its variant, chess or
    /// Chess Fragments (`--variant`), is that of every new game.
    pub start: Board,
    /// Chess960 (`--chess960 [N]`): every game starts from a Chess960 position.
    pub chess960: Option<Chess960Start>,
    /// Show the board from black's side.
    pub flipped: bool,
    /// ANSI colours and escape codes.
    pub color: bool,
    /// Rewrite the engine's search line in place while it thinks (in a terminal); otherwise
    /// only its final line is shown.
    pub live: bool,
    /// The input is a script (a file or a pipe, not a terminal): each line is written after
    /// the prompt, since no terminal echoes it, and `stop` and `quit` wait their turn like
    /// every other line instead of interrupting the engine.
    pub scripted: bool,
    /// The full-screen app only: a time control for the game (the human's clock runs, the
    /// engine plays by its clock, a flag falls); `None` for no clocks.
    pub time_control: Option<TimeControl>,
    /// The full-screen app only: the board's colours.
    pub theme: Theme,
    /// The full-screen app only: chess symbols or letters.
    pub pieces: PieceSet,
    /// Play in the line mode even in a terminal (`--plain`).
    pub plain: bool,
    /// The `play` program gives the engine its built-in opening book (off with `--no-book`,
    /// so that a game against a node count is the same every time).
    pub book: bool,
}

impl Default for Settings {
    /// A human (white) against the engine at one second per move, from the starting position,
    /// plain text, a 300 ms pause between engine moves.
    fn default() -> Settings {
        Settings {
            mode: Mode::default(),
            strength: Strength::default(),
            level: None,
            pause: Duration::from_millis(300),
            start: Board::startpos(),
            chess960: None,
            flipped: false,
            color: false,
            live: false,
            scripted: false,
            time_control: None,
            theme: Theme::default(),
            pieces: PieceSet::default(),
            plain: false,
            book: true,
        }
    }
}

impl Settings {
    /// Sets `color`, `live` and `scripted` for the real standard input and output: colours and
    /// the live line only when the output is a terminal (and, for colours, `NO_COLOR` is not
    /// set); `scripted` when the input is not a terminal.
    pub fn detect_terminal(mut self) -> Settings {
        let terminal = io::stdout().is_terminal();
        self.color = terminal && std::env::var_os("NO_COLOR").is_none();
        self.live = terminal;
        self.scripted = !io::stdin().is_terminal();
        self
    }

    /// The first game, with its Chess960 number: from a Chess960 position with `chess960`,
    /// else from `start`.
    pub fn first_game(&self) -> (Game, Option<u16>) {
        if self.chess960.is_some() {
            chess960::new_game(self.chess960)
        } else {
            (Game::new(self.start.clone()), None)
        }
    }

    /// The game `new` starts after a game of `variant`, with its Chess960 number: the
    /// Chess Fragments start for a Fragments game; for chess the standard start, or with
    /// `chess960` the Chess960 position again (a new random one unless numbered).
    pub fn new_game(&self, variant: Variant) -> (Game, Option<u16>) {
        variant::new_game(variant, self.chess960)
    }
}

/// A game in progress with everything around it: the game core (the game, players, engine,
/// book), board orientation, and the lines typed while the engine was thinking.
pub struct Session<W: Write> {
    out: W,
    settings: Settings,
    game: GameSession,
    /// Where the engine's reports go: the inbox of the running [`Session::run`].
    reports: ReportSlot,
    /// The moment the session's time counts from.
    origin: Instant,
    flipped: bool,
    /// Lines typed while the engine was thinking, read once it has moved.
    pending: VecDeque<String>,
    end_of_input: bool,
    quit: bool,
    /// The width of the live search line on screen, to blank it out without escape codes.
    live_width: usize,
    /// The engine's last search line, shown once it has moved when the line is not live.
    last_line: Option<String>,
}

/// The inbox the engine's reports are posted to, set when [`Session::run`] starts.
type ReportSlot = Arc<Mutex<Option<Sender<Event>>>>;

impl<W: Write> Session<W> {
    /// A session that writes to `out`.
    pub fn new(settings: Settings, out: W) -> Session<W> {
        let (game, chess960) = settings.first_game();
        let reports: ReportSlot = Arc::new(Mutex::new(None));
        let notify = {
            let reports = Arc::clone(&reports);
            Arc::new(move |event: EngineEvent| {
                if let Some(sender) = reports.lock().ok().and_then(|slot| slot.clone()) {
                    // The game may have ended and dropped its inbox: nobody left to tell.
                    let _ = sender.send(Event::Engine(event));
                }
            })
        };
        let engine = Box::new(SearchHandle::new(DEFAULT_HASH_MIB));
        let mut core = GameSession::new(game, chess960, engine, notify);
        core.set_players(settings.mode);
        core.set_strength(settings.strength);
        core.set_level(settings.level);
        core.set_pause(settings.pause);
        Session {
            out,
            game: core,
            reports,
            origin: Instant::now(),
            flipped: settings.flipped,
            settings,
            pending: VecDeque::new(),
            end_of_input: false,
            quit: false,
            live_width: 0,
            last_line: None,
        }
    }

    /// The same session with an opening book for the engine.
    pub fn with_book(mut self, book: Box<dyn OpeningBook>) -> Session<W> {
        self.game = self.game.with_book(book);
        self
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        self.game.game()
    }

    /// Who plays which colour now.
    pub fn mode(&self) -> Mode {
        self.game.players()
    }

    /// The engine's strength now.
    pub fn strength(&self) -> Strength {
        self.game.strength()
    }

    /// `true` when the board is shown from black's side.
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// What was written so far.
    pub fn output(&self) -> &W {
        &self.out
    }

    /// Gives back the writer.
    pub fn into_output(self) -> W {
        self.out
    }

    /// The session's time now.
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }

    /// Plays until `quit`, or until input is needed after the input has ended. Fails only
    /// when the output cannot be written.
    pub fn run(&mut self, inbox: &Inbox) -> io::Result<()> {
        if let Ok(mut slot) = self.reports.lock() {
            *slot = Some(inbox.sender());
        }
        self.intro()?;
        while !self.quit {
            // A script's lines are read when a human is to move, as if read one by one; lines
            // typed while the engine played itself are read before its next move.
            let engine = self.game.engine_to_move();
            if engine && (self.settings.scripted || self.pending.is_empty()) {
                let pause = self
                    .game
                    .engine_waits_until()
                    .filter(|&until| self.now() < until);
                match pause {
                    Some(until) => match inbox.next_before(self.origin + until) {
                        Some(Event::Line(line)) if self.settings.scripted => {
                            self.pending.push_back(line);
                        }
                        Some(event) => self.idle_event(event, inbox)?,
                        None => {}
                    },
                    None => self.engine_move(inbox)?,
                }
            } else if let Some(line) = self.pending.pop_front() {
                // Typed while the engine thought: show it where it is read.
                self.prompt()?;
                writeln!(self.out, "{line}")?;
                self.handle_line(&line, inbox)?;
            } else if self.end_of_input {
                break;
            } else {
                self.prompt()?;
                let event = inbox.next();
                self.idle_event(event, inbox)?;
            }
        }
        self.game.abandon_search();
        self.out.flush()
    }

    /// The greeting and the board.
    fn intro(&mut self) -> io::Result<()> {
        let mode = self.game.players();
        writeln!(
            self.out,
            "Outpost: chess in the terminal. White: {}, Black: {}. Engine: {}{}.",
            mode.name(Color::White),
            mode.name(Color::Black),
            self.game.strength(),
            self.game
                .level()
                .map_or(String::new(), |level| format!(", level {}", level.elo()))
        )?;
        writeln!(self.out, "Type help for the commands.")?;
        self.announce_chess960()?;
        if let Some(control) = self.settings.time_control {
            writeln!(
                self.out,
                "The clocks of --tc {control} run only in the full-screen app (in a terminal, \
                 without --plain); here the engine plays at {}.",
                self.game.strength()
            )?;
        }
        self.show_board()?;
        self.announce_end()
    }

    /// The Chess960 start position's number, and how to castle, for a Chess960 game; the
    /// rules' name and the Right for a Chess Fragments game.
    fn announce_chess960(&mut self) -> io::Result<()> {
        if self.game.variant() == Variant::Fragments {
            writeln!(
                self.out,
                "{}: 5x5, the Right (C) moves as a rook or a knight; promote to it with a5=C \
                 or a4a5c.",
                variant::title(Variant::Fragments)
            )?;
        }
        match self.game.chess960() {
            Some(number) => writeln!(
                self.out,
                "{}: castle with O-O or O-O-O, or move the king onto its rook (like g1h1).",
                chess960::title(number)
            ),
            None => Ok(()),
        }
    }

    /// An event while nobody is thinking.
    fn idle_event(&mut self, event: Event, inbox: &Inbox) -> io::Result<()> {
        match event {
            Event::Line(line) => {
                if self.settings.scripted {
                    writeln!(self.out, "{line}")?;
                }
                self.handle_line(&line, inbox)
            }
            Event::EndOfInput => {
                self.end_of_input = true;
                // End the prompt's line.
                writeln!(self.out)
            }
            // Reports of a search that is over: the core drops them.
            Event::Engine(event) => {
                let now = self.now();
                self.game.on_engine_event(event, now);
                Ok(())
            }
        }
    }

    /// Reads one line as a command or a move and carries it out.
    fn handle_line(&mut self, line: &str, inbox: &Inbox) -> io::Result<()> {
        match command::parse(line) {
            Ok(None) => Ok(()),
            Ok(Some(command)) => self.execute(command, inbox),
            Err(message) => writeln!(self.out, "{message}"),
        }
    }

    /// The prompt for a human's move or, once the game is over, for a command.
    fn prompt(&mut self) -> io::Result<()> {
        if self.game.ending().is_some() {
            write!(self.out, "Game over> ")?;
        } else {
            let board = self.game.board();
            let side = render::title(board.side_to_move());
            write!(self.out, "{side} (move {})> ", board.fullmove_number())?;
        }
        self.out.flush()
    }

    /// The engine plays a move: from the book if it has one, else after a search.
    fn engine_move(&mut self, inbox: &Inbox) -> io::Result<()> {
        let now = self.now();
        let updates = self.game.advance(now);
        self.show_updates(updates)?;
        if self.game.thinking_about(Purpose::Move) {
            let updates = self.wait_for_engine(inbox)?;
            self.show_updates(updates)?;
        }
        Ok(())
    }

    /// Shows what the engine did.
    fn show_updates(&mut self, updates: Vec<Update>) -> io::Result<()> {
        for update in updates {
            match update {
                Update::EngineMoved(played) => {
                    let note = if played.from_book() { " (book)" } else { "" };
                    let side = render::title(played.board.side_to_move());
                    writeln!(self.out, "{side} plays {}{note}", played.numbered_san())?;
                    self.show_board()?;
                    self.announce_end()?;
                }
                Update::Hint { mv, board, score } => writeln!(
                    self.out,
                    "Hint: {} ({})",
                    line_to_san(&board, &[mv], MoveNumbers::Shown),
                    score_text(score, board.side_to_move())
                )?,
                Update::NoMove => {
                    // Cannot happen while the game goes on; never loop on it anyway.
                    self.game
                        .set_players(Mode::new(Player::Human, Player::Human));
                    writeln!(
                        self.out,
                        "The engine found no move: you play both sides now."
                    )?;
                }
                Update::Progress(_) | Update::Ended(_) => {}
            }
        }
        Ok(())
    }

    /// Waits for the engine's running search, showing its progress, while still reading
    /// input: `stop` makes it move now and `quit` ends the game (unless the input is
    /// scripted); other lines wait until it is done. Returns what its end changed.
    fn wait_for_engine(&mut self, inbox: &Inbox) -> io::Result<Vec<Update>> {
        self.last_line = None;
        let updates = loop {
            if !self.game.is_thinking() {
                break Vec::new();
            }
            match inbox.next() {
                Event::Engine(event) => {
                    let now = self.now();
                    let updates = self.game.on_engine_event(event, now);
                    if let [Update::Progress(info)] = updates.as_slice() {
                        if let Some(thinking) = self.game.thinking() {
                            let line = render::search_line(&thinking.board, info);
                            if self.settings.live {
                                self.show_live(&line)?;
                            }
                            self.last_line = Some(line);
                        }
                    } else if !updates.is_empty() {
                        break updates;
                    }
                }
                Event::Line(line) if self.settings.scripted => self.pending.push_back(line),
                Event::Line(line) => {
                    // The typed line ended with Enter: the search line starts afresh below.
                    self.live_width = 0;
                    match command::parse(&line) {
                        Ok(Some(Command::Stop)) => self.game.stop_thinking(),
                        Ok(Some(Command::Quit)) => {
                            self.game.abandon_search();
                            self.quit = true;
                        }
                        _ => self.pending.push_back(line),
                    }
                }
                Event::EndOfInput => self.end_of_input = true,
            }
        };
        if self.settings.live {
            if self.live_width > 0 {
                writeln!(self.out)?;
                self.live_width = 0;
            }
        } else if let Some(line) = self.last_line.take() {
            writeln!(self.out, "{line}")?;
        }
        Ok(updates)
    }

    /// Rewrites the search line in place: `\r`, then clear the line (with an escape code, or
    /// with blanks when escape codes are off).
    fn show_live(&mut self, line: &str) -> io::Result<()> {
        let line = cut_to_width(line, LIVE_WIDTH);
        let width = line.chars().count();
        if self.settings.color {
            write!(self.out, "\r\x1b[2K{line}")?;
        } else {
            let blanks = self.live_width.saturating_sub(width);
            write!(self.out, "\r{line}{:blanks$}", "")?;
        }
        self.live_width = width;
        self.out.flush()
    }

    /// The board, after an empty line.
    fn show_board(&mut self) -> io::Result<()> {
        let screen = render::board_screen(
            self.game.game(),
            self.game.players(),
            self.flipped,
            self.settings.color,
        );
        write!(self.out, "\n{screen}\n")
    }

    /// Says how the game ended, if it did.
    fn announce_end(&mut self) -> io::Result<()> {
        if let Some(ending) = self.game.ending() {
            writeln!(
                self.out,
                "Game over: {}. Type new for another game, undo to take back, or pgn \
                 FILE to save it.",
                ending_text(ending)
            )?;
        }
        Ok(())
    }
}

/// How the line mode names an ending: the rules' own words (`checkmate, white wins`), or the
/// sentence of an ending by the players.
fn ending_text(ending: Ending) -> String {
    match ending {
        Ending::Rules(status) => status.to_string(),
        other => other.mid_sentence(),
    }
}

/// `line` cut after its last whole word that fits in `width` characters, leaving out a move
/// number whose move no longer fits.
fn cut_to_width(line: &str, width: usize) -> &str {
    let Some((end, _)) = line.char_indices().nth(width) else {
        return line;
    };
    let mut cut = &line[..end];
    if !line[end..].starts_with(' ') {
        // Drop the word cut in two (unless it is the only one).
        cut = cut.rfind(' ').map_or(cut, |space| cut[..space].trim_end());
    }
    while cut.ends_with('.') {
        cut = cut.rfind(' ').map_or("", |space| cut[..space].trim_end());
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::cut_to_width;

    #[test]
    fn long_lines_are_cut_between_words() {
        assert_eq!(cut_to_width("1. e4 e5 2. Nf3", 80), "1. e4 e5 2. Nf3");
        assert_eq!(cut_to_width("1. e4 e5 2. Nf3", 10), "1. e4 e5");
        assert_eq!(cut_to_width("1. e4 e5 2. Nf3", 9), "1. e4 e5");
        assert_eq!(cut_to_width("1. e4 e5 2. Nf3", 8), "1. e4 e5");
        assert_eq!(cut_to_width("1. e4 e5 2. Nf3", 7), "1. e4");
        assert_eq!(cut_to_width("1. e4 e5 2. Nf3", 13), "1. e4 e5");
        assert_eq!(cut_to_width("≥≥≥≥", 2), "≥≥");
    }
}
