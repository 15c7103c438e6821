//! The app's state and how it changes: [`App::handle_event`] takes one [`AppEvent`] (a key, a
//! mouse click, a new screen size, the clock's tick, a report of the engine) at a given
//! [`Instant`], and nothing here touches the terminal, so that tests drive the app with
//! scripted events and draw it on ratatui's `TestBackend`.
//!
//! The game itself (moves, players, the engine's searches, the book, the clocks, how it
//! ended) is the game core's [`GameSession`]; the app keeps what is about the screen. The
//! parts, each with one job: `input` (keys and the mouse), `commands` (the typed commands),
//! `play` (the game core's updates turned into messages).

mod commands;
pub use commands::APP_COMMANDS;
mod input;
mod play;

use super::layout::Layout;
use super::line_editor::LineEditor;
use super::theme::{PieceSet, Theme};
use crate::line::Settings;
use crossterm::event::{KeyEvent, MouseEvent};
use outpost_board::{Board, Color, Move, PieceKind, Square, Variant};
use outpost_game::book::OpeningBook;
use outpost_game::clock::Clocks;
use outpost_game::players::{Mode, Player};
use outpost_game::{Chess960Start, Ending, EngineEvent, GameSession, Strength, Thinking};
use outpost_movegen::picks::{picks, Pick};
use outpost_movegen::Game;
use outpost_search::{SearchHandle, DEFAULT_HASH_MIB};
use ratatui::layout::Rect;
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Something the app reacts to.
#[derive(Clone, Debug)]
pub enum AppEvent {
    /// A key was pressed.
    Key(KeyEvent),
    /// The mouse was clicked or its wheel turned.
    Mouse(MouseEvent),
    /// The screen has this many columns and rows now.
    Resize(u16, u16),
    /// Time went by: the clocks and the pause between engine moves are checked.
    Tick,
    /// The engine reports.
    Engine(EngineEvent),
}

/// Where typed keys go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The board: the arrows move the cursor, Enter and Space pick up and put down, letters
    /// start typing in the input line.
    Board,
    /// The input line: keys type a move or a command.
    Input,
}

/// A window over the board. The help and the quit question pause the game (its clocks and
/// the engine's next move) while they are open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The keys and commands.
    Help,
    /// The static evaluation of the position shown, term by term (the `eval` command).
    Eval,
    /// Quit although the game is not saved?
    ConfirmQuit,
}

/// A pawn reaching the last rank waits for the piece it becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The pawn's square.
    pub from: Square,
    /// The square it reaches.
    pub to: Square,
    /// The piece highlighted in the picker (an index into [`App::promotions`]).
    pub choice: usize,
}

/// The whole state of the full-screen game.
pub struct App {
    /// The game, its players, engine, book and clocks.
    session: GameSession,
    /// The engine's reports, handed to the session as they come.
    engine_reports: Receiver<EngineEvent>,
    /// `--chess960`: how new games choose their Chess960 start.
    chess960: Option<Chess960Start>,
    flipped: bool,
    theme: Theme,
    pieces: PieceSet,
    /// The moment the game's clocks count from.
    origin: Instant,
    now: Instant,
    size: (u16, u16),
    cursor: Square,
    selected: Option<Square>,
    promotion: Option<Promotion>,
    focus: Focus,
    line: LineEditor,
    message: String,
    overlay: Option<Overlay>,
    /// Browsing: the number of moves of the position shown (`None`: the game's position).
    view: Option<usize>,
    /// The first row of the move list shown, when scrolled by hand.
    move_list_scroll: Option<usize>,
    /// The game has not changed since it was saved.
    saved: bool,
    /// Where `s` in the quit question saves the game.
    quit_path: String,
    quit: bool,
    /// What to print once the app has left the screen (where the game was saved).
    farewell: Option<String>,
    /// The engine's last move, in SAN with its number, when it came from the book.
    book_move: Option<String>,
}

impl App {
    /// An app playing with `settings` on a screen of `size` (columns, rows), its time starting
    /// at `now`. The engine plays without a book until [`App::with_book`].
    pub fn new(settings: &Settings, size: (u16, u16), now: Instant) -> App {
        let (game, chess960_number) = settings.first_game();
        let side = game.board().side_to_move();
        let variant = game.board().variant();
        let examples = move_examples(game.board());
        let (sender, engine_reports) = channel();
        let engine = Box::new(SearchHandle::new(DEFAULT_HASH_MIB));
        let mut session = GameSession::new(
            game,
            chess960_number,
            engine,
            outpost_game::notify_channel(sender),
        );
        session.set_players(settings.mode);
        session.set_strength(settings.strength);
        session.set_level(settings.level);
        session.set_pause(settings.pause);
        session.set_time_control(settings.time_control, Duration::ZERO);
        let mut app = App {
            cursor: initial_cursor(settings.mode, side, variant),
            session,
            engine_reports,
            chess960: settings.chess960,
            flipped: settings.flipped,
            theme: settings.theme,
            pieces: settings.pieces,
            origin: now,
            now,
            size,
            selected: None,
            promotion: None,
            focus: Focus::Board,
            line: LineEditor::new(),
            message: format!(
                "Type a move ({examples}) or pick a piece with the arrows or the mouse. ? for help."
            ),
            overlay: None,
            view: None,
            move_list_scroll: None,
            saved: true,
            quit_path: String::new(),
            quit: false,
            farewell: None,
            book_move: None,
        };
        app.advance();
        app
    }

    /// The same app with an opening book for the engine.
    pub fn with_book(mut self, book: Box<dyn OpeningBook>) -> App {
        // A search started before the book was there gives way to it.
        self.session = self.session.with_book(book);
        self.advance();
        self
    }

    /// Reacts to `event`, which happened at `now`.
    pub fn handle_event(&mut self, event: AppEvent, now: Instant) {
        self.now = self.now.max(now);
        match event {
            AppEvent::Key(key) => self.key(key),
            AppEvent::Mouse(mouse) => self.mouse(mouse),
            AppEvent::Resize(columns, rows) => self.size = (columns, rows),
            AppEvent::Tick => {}
            AppEvent::Engine(report) => self.engine_report(report),
        }
        self.pause_for_overlay();
        self.advance();
    }

    /// The game is paused while the help or the quit question is open: the person reads or
    /// answers, and no clock runs meanwhile.
    fn pause_for_overlay(&mut self) {
        let pause = matches!(self.overlay, Some(Overlay::Help | Overlay::ConfirmQuit));
        if pause != self.session.is_paused() {
            let now = self.clock_time();
            if pause {
                self.session.pause_game(now);
            } else {
                self.session.resume_game(now);
            }
        }
    }

    /// Handles the engine's reports that have arrived, at `now`, without waiting.
    pub fn poll_engine(&mut self, now: Instant) {
        while let Ok(report) = self.engine_reports.try_recv() {
            self.handle_event(AppEvent::Engine(report), now);
        }
    }

    /// Waits until the engine has finished its search, if it is searching, handling its
    /// reports as they come (for tests and scripts; time is taken to stand still at `now`).
    pub fn wait_for_engine(&mut self, now: Instant) {
        while self.is_thinking() {
            match self.engine_reports.recv() {
                Ok(report) => self.handle_event(AppEvent::Engine(report), now),
                Err(_) => break,
            }
        }
    }

    /// `true` once the user has quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The line to print after quitting, when there is one: where the game was saved on the
    /// way out (the screen that said so is gone by then).
    pub fn farewell(&self) -> Option<&str> {
        self.farewell.as_deref()
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    /// The game with everything around it.
    pub fn session(&self) -> &GameSession {
        &self.session
    }

    /// Who plays which colour.
    pub fn mode(&self) -> Mode {
        self.session.players()
    }

    /// The engine's strength per move.
    pub fn strength(&self) -> Strength {
        self.session.strength()
    }

    /// The rating the engine plays at (`None`: full strength).
    pub fn level(&self) -> Option<outpost_game::Level> {
        self.session.level()
    }

    /// How the game ended, if it did.
    pub fn ending(&self) -> Option<Ending> {
        self.session.ending()
    }

    /// The clocks, when the game has a time control; they read [`App::clock_time`].
    pub fn clocks(&self) -> Option<&Clocks> {
        self.session.clocks()
    }

    /// The time the app has reached.
    pub fn now(&self) -> Instant {
        self.now
    }

    /// The time the app has reached, as the clocks count it: since the app started.
    pub fn clock_time(&self) -> Duration {
        self.now.saturating_duration_since(self.origin)
    }

    /// The screen size the app draws for (columns, rows).
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    /// `true` when the board is seen from black's side.
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// The Chess960 number of the game's start position, for a Chess960 game.
    pub fn chess960_number(&self) -> Option<u16> {
        self.session.chess960()
    }

    /// The board's colours.
    pub fn theme(&self) -> Theme {
        self.theme
    }

    /// How pieces are written.
    pub fn pieces(&self) -> PieceSet {
        self.pieces
    }

    /// The square under the keyboard cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The square of the piece picked up.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The promotion waiting for its piece.
    pub fn promotion(&self) -> Option<Promotion> {
        self.promotion
    }

    /// Where keys go.
    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// The input line.
    pub fn line(&self) -> &LineEditor {
        &self.line
    }

    /// The message for the user.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The window shown over the board.
    pub fn overlay(&self) -> Option<Overlay> {
        self.overlay
    }

    /// The number of moves of the position shown, while browsing.
    pub fn view(&self) -> Option<usize> {
        self.view
    }

    /// The first row of the move list, when scrolled by hand.
    pub fn move_list_scroll(&self) -> Option<usize> {
        self.move_list_scroll
    }

    /// The engine's search, running or last done.
    pub fn thinking(&self) -> Option<&Thinking> {
        self.session.thinking()
    }

    /// The engine's last move (`1. e4`) when it was played from the book, not searched.
    pub fn book_move(&self) -> Option<&str> {
        self.book_move.as_deref()
    }

    /// `true` while the engine searches.
    pub fn is_thinking(&self) -> bool {
        self.session.is_thinking()
    }

    /// The file the quit question offers to save the game to.
    pub fn quit_path(&self) -> &str {
        &self.quit_path
    }

    /// The game has changed since it was last saved.
    pub fn is_unsaved(&self) -> bool {
        !self.saved
    }

    /// The pieces of the promotion picker, in its order: those of the game's rules (the
    /// Right in place of the rook in Chess Fragments).
    pub fn promotions(&self) -> &'static [PieceKind] {
        self.game().board().variant().promotions()
    }

    /// The rule set of the game.
    pub fn variant(&self) -> Variant {
        self.session.variant()
    }

    /// Files and ranks of the game's board: 8, or 5 for Chess Fragments.
    pub fn board_size(&self) -> u8 {
        self.variant().size() as u8
    }

    /// Where everything goes on a screen of `screen`'s size, for the game's board.
    pub fn layout(&self, screen: Rect) -> Layout {
        Layout::for_board(screen, self.flipped, self.board_size())
    }

    /// The position shown: the game's, or an earlier one while browsing.
    pub fn shown_board(&self) -> Board {
        match self.view {
            None => self.game().board().clone(),
            Some(count) => {
                let mut game = self.game().clone();
                while game.moves().len() > count {
                    game.undo();
                }
                game.board().clone()
            }
        }
    }

    /// The move that led to the position shown.
    pub fn shown_last_move(&self) -> Option<Move> {
        let count = self.view.unwrap_or(self.game().moves().len());
        count.checked_sub(1).map(|index| self.game().moves()[index])
    }

    /// Where the selected piece may be put down, with the moves that makes (none while
    /// browsing or after the game). The king castles when put down on its own rook.
    pub fn targets(&self) -> Vec<Pick> {
        match self.selected {
            Some(from) if self.view.is_none() => picks(self.game().board())
                .into_iter()
                .filter(|pick| pick.from == from)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// `true` when a human is to move in a game that goes on.
    fn human_to_move(&self) -> bool {
        self.ending().is_none()
            && self.mode().player(self.game().board().side_to_move()) == Player::Human
    }

    /// Shows `text` in the message line.
    fn say(&mut self, text: impl Into<String>) {
        self.message = text.into();
    }
}

/// Two moves to give as examples of what to type, legal in `board`, in SAN: the king's
/// pawn's longest step and the knight's move nearest the centre (`e4, Nf3` at the start of
/// chess, `e3, Nc3` on Chess Fragments' 5×5 board, `f4, Ne3` in Chess960 #3).
pub fn move_examples(board: &Board) -> String {
    let moves = outpost_movegen::legal_moves(board);
    let kind = |mv: &Move| board.piece_at(mv.from()).map(outpost_board::Piece::kind);
    let file = |square: Square| square.file().index() as i32;
    let rank = |square: Square| square.rank().index() as i32;
    let king_file = file(board.king_square(board.side_to_move()));
    let pawn = moves
        .iter()
        .filter(|mv| kind(mv) == Some(PieceKind::Pawn) && !mv.is_capture() && !mv.is_promotion())
        .min_by_key(|mv| {
            let step = (rank(mv.to()) - rank(mv.from())).abs();
            ((file(mv.from()) - king_file).abs(), -step)
        });
    // Twice the distance from the centre, on the board of the game's size.
    let edge = board.variant().size() as i32 - 1;
    let off_centre =
        |square: Square| (2 * file(square) - edge).abs() + (2 * rank(square) - edge).abs();
    let knight = moves
        .iter()
        .filter(|mv| kind(mv) == Some(PieceKind::Knight))
        .filter(|mv| pawn.is_none_or(|pawn| pawn.to() != mv.to()))
        .min_by_key(|mv| (off_centre(mv.to()), -file(mv.to())));
    let examples: Vec<Move> = pawn.into_iter().chain(knight).copied().collect();
    let examples = if examples.is_empty() {
        moves.iter().take(2).copied().collect()
    } else {
        examples
    };
    examples
        .iter()
        .map(|&mv| outpost_movegen::san::to_san(board, mv))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cursor starts on the king's pawn of the human (white's when there is none).
fn initial_cursor(mode: Mode, side: Color, variant: Variant) -> Square {
    // The king's pawn of the human (e2, or e7 in chess and e4 in Chess Fragments for black).
    let color = mode.lone_human().unwrap_or(side);
    Square::from_coords(Square::E1.file(), variant.pawn_rank(color))
}
