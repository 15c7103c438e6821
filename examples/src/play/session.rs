//! The game in the terminal: a [`Session`] reads [`Event`]s from an [`Inbox`] (lines typed,
//! reports from the engine's thread) and writes everything it shows to any [`Write`], so that
//! tests can drive it with scripted lines and read what it printed.

mod commands;
pub mod files;

use super::book::{NoBook, OpeningBook};
use super::chess960::{self, Chess960};
use super::command::{self, Command};
use super::engine::{post_to, Strength};
use super::input::{Event, Inbox};
use super::mode::{Mode, Player};
use super::render;
use super::variant;
use crate::tui::clock::TimeControl;
use crate::tui::theme::{PieceSet, Theme};
use outpost_board::{Board, Color, Move, Variant};
use outpost_movegen::san::{line_to_san, MoveNumbers};
use outpost_movegen::{legal_moves, Game};
use outpost_search::{Limits, SearchHandle, SearchPosition, SearchResult, DEFAULT_HASH_MIB};
use std::collections::VecDeque;
use std::io::{self, IsTerminal, Write};
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
    /// The pause after each move when the engine plays itself, so that people can watch.
    pub pause: Duration,
    /// The position the game starts from (unless `chess960` is set); its variant, chess or
    /// Chess Fragments (`--variant`), is that of every new game.
    pub start: Board,
    /// Chess960 (`--chess960 [N]`): every game starts from a Chess960 position.
    pub chess960: Option<Chess960>,
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

/// A game in progress with everything around it: players, engine, board orientation, and
/// the lines typed while the engine was thinking.
pub struct Session<W: Write> {
    out: W,
    settings: Settings,
    game: Game,
    /// The Chess960 number of the game's start position, for a Chess960 game.
    chess960: Option<u16>,
    flipped: bool,
    /// The engine's search, kept between moves; started the first time the engine thinks.
    search: Option<SearchHandle>,
    book: Box<dyn OpeningBook>,
    /// Lines typed while the engine was thinking, read once it has moved.
    pending: VecDeque<String>,
    end_of_input: bool,
    quit: bool,
    /// When the engine plays itself: no engine move before this time.
    pause_until: Option<Instant>,
    /// The width of the live search line on screen, to blank it out without escape codes.
    live_width: usize,
}

impl<W: Write> Session<W> {
    /// A session that writes to `out`.
    pub fn new(settings: Settings, out: W) -> Session<W> {
        let (game, chess960) = settings.first_game();
        Session {
            out,
            game,
            chess960,
            flipped: settings.flipped,
            settings,
            search: None,
            book: Box::new(NoBook),
            pending: VecDeque::new(),
            end_of_input: false,
            quit: false,
            pause_until: None,
            live_width: 0,
        }
    }

    /// The same session with an opening book for the engine.
    pub fn with_book(mut self, book: Box<dyn OpeningBook>) -> Session<W> {
        self.book = book;
        self
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Who plays which colour now.
    pub fn mode(&self) -> Mode {
        self.settings.mode
    }

    /// The engine's strength now.
    pub fn strength(&self) -> Strength {
        self.settings.strength
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

    /// Plays until `quit`, or until input is needed after the input has ended. Fails only
    /// when the output cannot be written.
    pub fn run(&mut self, inbox: &Inbox) -> io::Result<()> {
        self.intro()?;
        while !self.quit {
            // A script's lines are read when a human is to move, as if read one by one; lines
            // typed while the engine played itself are read before its next move.
            let engine = self.engine_to_move();
            if engine && (self.settings.scripted || self.pending.is_empty()) {
                match self.pause_until.filter(|&until| Instant::now() < until) {
                    Some(until) => match inbox.next_before(until) {
                        Some(Event::Line(line)) if self.settings.scripted => {
                            self.pending.push_back(line);
                        }
                        Some(event) => self.idle_event(event, inbox)?,
                        None => self.pause_until = None,
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
        self.out.flush()
    }

    /// The greeting and the board.
    fn intro(&mut self) -> io::Result<()> {
        writeln!(
            self.out,
            "Outpost: chess in the terminal. White: {}, Black: {}. Engine: {}.",
            self.settings.mode.name(Color::White),
            self.settings.mode.name(Color::Black),
            self.settings.strength
        )?;
        writeln!(self.out, "Type help for the commands.")?;
        self.announce_chess960()?;
        if let Some(control) = self.settings.time_control {
            writeln!(
                self.out,
                "The clocks of --tc {control} run only in the full-screen app (in a terminal, \
                 without --plain); here the engine plays at {}.",
                self.settings.strength
            )?;
        }
        self.show_board()?;
        self.announce_end()
    }

    /// The Chess960 start position's number, and how to castle, for a Chess960 game; the
    /// rules' name and the Right for a Chess Fragments game.
    fn announce_chess960(&mut self) -> io::Result<()> {
        if self.game.board().variant() == Variant::Fragments {
            writeln!(
                self.out,
                "{}: 5x5, the Right (C) moves as a rook or a knight; promote to it with a5=C \
                 or a4a5c.",
                variant::title(Variant::Fragments)
            )?;
        }
        match self.chess960 {
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
            // Reports of a search that is over: nothing to do.
            Event::Progress(_) | Event::Finished(_) => Ok(()),
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
        if self.game.status().is_over() {
            write!(self.out, "Game over> ")?;
        } else {
            let board = self.game.board();
            let side = render::title(board.side_to_move());
            write!(self.out, "{side} (move {})> ", board.fullmove_number())?;
        }
        self.out.flush()
    }

    /// `true` when the engine should move now.
    fn engine_to_move(&mut self) -> bool {
        let side = self.game.board().side_to_move();
        self.settings.mode.player(side) == Player::Engine && !self.game.status().is_over()
    }

    /// The engine plays a move: from the book if it has one, else after a search.
    fn engine_move(&mut self, inbox: &Inbox) -> io::Result<()> {
        let booked = self
            .book
            .probe(&self.game)
            .filter(|mv| legal_moves(self.game.board()).contains(mv));
        let mv = match booked {
            Some(mv) => Some(mv),
            None => {
                let limits = self.settings.strength.limits();
                match self.think(limits, inbox)? {
                    Some(result) => result.best_move,
                    None => return Ok(()), // quit while thinking
                }
            }
        };
        let legal = mv.filter(|mv| legal_moves(self.game.board()).contains(mv));
        let Some(mv) = legal else {
            // Cannot happen while the game goes on; never loop on it anyway.
            self.settings.mode = Mode::new(Player::Human, Player::Human);
            return writeln!(
                self.out,
                "The engine found no move: you play both sides now."
            );
        };
        let note = if booked.is_some() { " (book)" } else { "" };
        self.play(mv, note)?;
        let engines = Mode::new(Player::Engine, Player::Engine);
        if self.settings.mode == engines && !self.settings.pause.is_zero() {
            self.pause_until = Some(Instant::now() + self.settings.pause);
        }
        Ok(())
    }

    /// Plays `mv` (legal), says so, and shows the board and the end of the game if it ended.
    fn play(&mut self, mv: Move, note: &str) -> io::Result<()> {
        let board = self.game.board();
        let side = render::title(board.side_to_move());
        let text = line_to_san(board, &[mv], MoveNumbers::Shown);
        self.game.play(mv);
        writeln!(self.out, "{side} plays {text}{note}")?;
        self.show_board()?;
        self.announce_end()
    }

    /// Searches the current position on the engine's thread within `limits`, showing its
    /// progress, while still reading input: `stop` makes it move now and `quit` ends the game
    /// (unless the input is scripted); other lines wait until it is done. `None` when the
    /// user quit.
    fn think(&mut self, limits: Limits, inbox: &Inbox) -> io::Result<Option<SearchResult>> {
        let board = self.game.board().clone();
        let search = self
            .search
            .get_or_insert_with(|| SearchHandle::new(DEFAULT_HASH_MIB));
        search.start(
            SearchPosition::from_game(&self.game),
            limits,
            post_to(inbox.sender()),
        );
        let mut last_line = None;
        let result = loop {
            match inbox.next() {
                Event::Progress(info) => {
                    let line = render::search_line(&board, &info);
                    if self.settings.live {
                        self.show_live(&line)?;
                    }
                    last_line = Some(line);
                }
                Event::Finished(result) => break result,
                Event::Line(line) if self.settings.scripted => self.pending.push_back(line),
                Event::Line(line) => {
                    // The typed line ended with Enter: the search line starts afresh below.
                    self.live_width = 0;
                    match command::parse(&line) {
                        Ok(Some(Command::Stop)) => self.stop_thinking(),
                        Ok(Some(Command::Quit)) => {
                            self.stop_thinking();
                            self.quit = true;
                        }
                        _ => self.pending.push_back(line),
                    }
                }
                Event::EndOfInput => self.end_of_input = true,
            }
        };
        // The result has come; this only lets the handle know it was taken.
        if let Some(search) = &mut self.search {
            search.wait();
        }
        if self.settings.live {
            if self.live_width > 0 {
                writeln!(self.out)?;
                self.live_width = 0;
            }
        } else if let Some(line) = last_line {
            writeln!(self.out, "{line}")?;
        }
        Ok((!self.quit).then_some(result))
    }

    /// Asks the engine's search to end now; it still reports its result.
    fn stop_thinking(&self) {
        if let Some(search) = &self.search {
            search.stop();
        }
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
            &self.game,
            self.settings.mode,
            self.flipped,
            self.settings.color,
        );
        write!(self.out, "\n{screen}\n")
    }

    /// Says how the game ended, if it did.
    fn announce_end(&mut self) -> io::Result<()> {
        let status = self.game.status();
        if status.is_over() {
            writeln!(
                self.out,
                "Game over: {status}. Type new for another game, undo to take back, or pgn \
                 FILE to save it."
            )?;
        }
        Ok(())
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
