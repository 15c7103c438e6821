//! The game core's moves, clocks and engine as the app shows them: what happens after every
//! event, and the messages that say so.

use super::App;
use crate::line::render::capitalised;
use outpost_board::{Color, Move};
use outpost_game::{color_title, score_text, Ending, EngineEvent, Purpose, Refusal, Update};
use outpost_movegen::san::{line_to_san, MoveNumbers};
use outpost_movegen::Game;

impl App {
    /// After every event: a flag may have fallen, the engine may have to move.
    pub(super) fn advance(&mut self) {
        let updates = self.session.advance(self.clock_time());
        self.show(updates);
    }

    /// A report of the engine.
    pub(super) fn engine_report(&mut self, report: EngineEvent) {
        let updates = self.session.on_engine_event(report, self.clock_time());
        self.show(updates);
    }

    /// Says what the game core's updates changed.
    fn show(&mut self, updates: Vec<outpost_game::Update>) {
        for update in updates {
            match update {
                Update::Progress(_) => {}
                Update::EngineMoved(played) => {
                    let book = if played.from_book() { " (book)" } else { "" };
                    self.book_move = played.from_book().then(|| played.numbered_san());
                    let side = played.board.side_to_move();
                    self.after_move();
                    self.say(format!(
                        "{} plays {}{book}.",
                        color_title(side),
                        played.numbered_san()
                    ));
                }
                Update::Hint { mv, board, score } => {
                    let score = score_text(score, board.side_to_move());
                    self.say(format!(
                        "Hint: {} ({score}).",
                        line_to_san(&board, &[mv], MoveNumbers::Shown)
                    ));
                    self.cursor = mv.from();
                    self.selected = Some(mv.from());
                }
                Update::NoMove => self.say("The engine found no move."),
                Update::Ended(ending) => self.game_over(ending),
            }
        }
    }

    /// After a move: the game is not saved, the selection and the picker are gone.
    fn after_move(&mut self) {
        self.saved = false;
        self.selected = None;
        self.promotion = None;
        self.move_list_scroll = None;
    }

    /// A human plays `mv` (legal in the game's position) if it is a human's turn.
    pub(super) fn human_move(&mut self, mv: Move) {
        if let Some(problem) = self.why_no_move() {
            self.say(problem);
            return;
        }
        match self.session.play(mv, self.clock_time()) {
            Ok(text) => {
                self.after_move();
                match self.ending() {
                    Some(ending) => self.game_over(ending),
                    None => self.say(format!(
                        "You played {}.",
                        text.rsplit(' ').next().unwrap_or(&text)
                    )),
                }
            }
            Err(refusal) => self.say(format!("{}.", capitalised(&refusal.to_string()))),
        }
    }

    /// Why a human cannot move now, if not.
    pub(super) fn why_no_move(&self) -> Option<String> {
        if let Some(ending) = self.ending() {
            return Some(format!(
                "The game is over: {}. Type new, undo, fen or load to go on.",
                ending.mid_sentence()
            ));
        }
        if self.view.is_some() {
            return Some("You are looking at an earlier position: press End to return.".into());
        }
        if !self.human_to_move() {
            return Some("The engine is to move: wait, or type stop to make it move now.".into());
        }
        None
    }

    /// The game ended: the message says why.
    fn game_over(&mut self, ending: Ending) {
        self.selected = None;
        self.promotion = None;
        self.say(format!(
            "Game over: {}. Type new, undo, or pgn FILE to save.",
            ending.mid_sentence()
        ));
    }

    /// Starts a new game from `game` (a Chess960 game when it has a `chess960` number): the
    /// engine forgets, the clocks are reset.
    pub(super) fn new_game(&mut self, game: Game, chess960: Option<u16>) {
        self.session.new_game(game, chess960, self.clock_time());
        // A game of other rules (a 5×5 one after an 8×8 one) may not have the cursor's square.
        let variant = self.session.variant();
        if !variant.squares().contains(self.cursor) {
            let side = self.game().board().side_to_move();
            self.cursor = super::initial_cursor(self.mode(), side, variant);
        }
        self.forget_the_position();
        self.saved = true;
        if let Some(ending) = self.ending() {
            self.game_over(ending);
        }
    }

    /// Drops what belonged to the position on the board before the game changed under it:
    /// the browsed position, a selection, the promotion picker and the move list's scroll.
    fn forget_the_position(&mut self) {
        self.view = None;
        self.selected = None;
        self.promotion = None;
        self.move_list_scroll = None;
    }

    /// Takes back one move, or against the engine the moves back to the human's last turn.
    pub(super) fn undo(&mut self) {
        match self.session.take_back_turn(self.clock_time()) {
            Ok(taken) => {
                self.forget_the_position();
                self.saved = false;
                let text = line_to_san(self.game().board(), &taken, MoveNumbers::Shown);
                self.say(format!("Took back {text}."));
            }
            Err(Refusal::NothingToTakeBack(_)) => self.say("There is no move to take back."),
            Err(refusal) => self.say(format!("{}.", capitalised(&refusal.to_string()))),
        }
    }

    /// The side to move resigns (in a game against the engine, the human).
    pub(super) fn resign(&mut self) {
        let loser = self
            .mode()
            .lone_human()
            .unwrap_or(self.game().board().side_to_move());
        match self.session.resign(loser, self.clock_time()) {
            Ok(ending) => self.game_over(ending),
            Err(_) => self.say("The game is already over."),
        }
    }

    /// The human offers a draw: between humans it is agreed; the engine accepts when its
    /// latest score says it is not better.
    pub(super) fn offer_draw(&mut self) {
        if self.ending().is_some() {
            return self.say("The game is already over.");
        }
        let now = self.clock_time();
        let Some(human) = self.mode().lone_human() else {
            if self.mode().white == outpost_game::Player::Human {
                if let Ok(ending) = self.session.agree_draw(now) {
                    self.game_over(ending);
                }
                return;
            }
            return self.say("The engine plays both sides: there is nobody to offer a draw to.");
        };
        match self.session.offer_draw(!human, now) {
            Ok(Some(ending)) => self.game_over(ending),
            Ok(None) => {
                let score = score_text(self.session.engine_view(), Color::White);
                self.say(format!(
                    "The engine declines the draw: it thinks it stands better ({score} from white's side)."
                ));
            }
            Err(_) => self.say("The game is already over."),
        }
    }

    /// The engine suggests a move for the human.
    pub(super) fn hint(&mut self) {
        if let Some(problem) = self.why_no_move() {
            return self.say(problem);
        }
        match self.session.hint() {
            Ok(_) => self.say("The engine looks for a hint…"),
            Err(refusal) => self.say(format!("{}.", capitalised(&refusal.to_string()))),
        }
    }

    /// `stop`: the engine moves now (or gives its hint now).
    pub(super) fn stop_engine(&mut self) -> bool {
        let thinking = self.session.thinking_about(Purpose::Move)
            || self.session.thinking_about(Purpose::Hint);
        if thinking {
            self.session.stop_thinking();
        }
        thinking
    }

    /// Shows the position `count` moves into the game (clamped); the game's own at the end.
    pub(super) fn browse_to(&mut self, count: usize) {
        let played = self.game().moves().len();
        if count >= played {
            self.view = None;
            self.say("The game's position.");
        } else {
            self.view = Some(count);
            self.selected = None;
            self.say(format!(
                "Move {count} of {played}: < and > to browse, End to return."
            ));
        }
        self.move_list_scroll = None;
    }
}
