//! Moves, the clocks and the engine: what happens after every event.

use super::super::clock::Clocks;
use super::super::engine::{EngineReport, Report};
use super::ending::Ending;
use super::{App, Purpose, Thinking};
use crate::play::engine::Strength;
use crate::play::mode::Player;
use outpost_board::{Color, Move};
use outpost_movegen::san::{line_to_san, to_san, MoveNumbers};
use outpost_movegen::{legal_moves, Game};
use outpost_search::{Limits, Score, SearchPosition};

impl App {
    /// After every event: a flag may have fallen, the engine may have to move.
    pub(super) fn advance(&mut self) {
        if self.ending().is_some() {
            self.stop_clocks();
            return;
        }
        if let Some(loser) = self
            .clocks
            .as_ref()
            .and_then(|clocks| clocks.flagged(self.now))
        {
            self.finish(Ending::flag(self.game.board(), loser));
            return;
        }
        let side = self.game.board().side_to_move();
        if self.mode.player(side) != Player::Engine || self.is_thinking() {
            return;
        }
        if self.engine_not_before.is_some_and(|until| self.now < until) {
            return;
        }
        self.engine_not_before = None;
        let booked = self
            .book
            .probe(&self.game)
            .filter(|mv| legal_moves(self.game.board()).contains(mv));
        if let Some(mv) = booked {
            let text = self.play_move(mv);
            self.say(format!("{} plays {text} (book).", title(side)));
            self.advance();
            return;
        }
        let limits = self.engine_limits();
        self.think(Purpose::Move, limits);
    }

    /// The engine's limits for a move: by the clocks when the game has them (a depth or node
    /// limit still applies), else the strength per move.
    fn engine_limits(&self) -> Limits {
        let Some(clocks) = &self.clocks else {
            return self.strength.limits();
        };
        let mut limits = Limits {
            white_time: Some(clocks.left(Color::White, self.now)),
            black_time: Some(clocks.left(Color::Black, self.now)),
            white_increment: Some(clocks.control().increment),
            black_increment: Some(clocks.control().increment),
            ..Limits::default()
        };
        match self.strength {
            Strength::Depth(depth) => limits.depth = Some(depth),
            Strength::Nodes(nodes) => limits.nodes = Some(nodes),
            Strength::Time(_) => {}
        }
        limits
    }

    /// Starts a search of the game's position.
    pub(super) fn think(&mut self, purpose: Purpose, limits: Limits) {
        let search = self
            .engine
            .start(SearchPosition::from_game(&self.game), limits);
        self.thinking = Some(Thinking {
            search,
            purpose,
            board: self.game.board().clone(),
            info: None,
            running: true,
        });
    }

    /// Gives up the running search: its result will not be used.
    pub(super) fn abandon_search(&mut self) {
        if self.is_thinking() {
            self.engine.abandon();
        }
        if let Some(thinking) = &mut self.thinking {
            thinking.running = false;
        }
    }

    /// A report of the engine.
    pub(super) fn engine_report(&mut self, report: EngineReport) {
        let Some(thinking) = &mut self.thinking else {
            return;
        };
        if thinking.search != report.search || !thinking.running {
            return; // a search given up
        }
        match report.report {
            Report::Progress(info) => thinking.info = Some(info),
            Report::Finished(result) => {
                thinking.running = false;
                let (purpose, board) = (thinking.purpose, thinking.board.clone());
                self.engine.finished();
                let side = board.side_to_move();
                self.engine_score = Some(white_view(result.score, side));
                let legal = result
                    .best_move
                    .filter(|mv| legal_moves(self.game.board()).contains(mv));
                match (purpose, legal) {
                    (_, None) => self.say("The engine found no move."),
                    (Purpose::Hint, Some(mv)) => {
                        let score = crate::play::render::score_text(result.score, side);
                        self.say(format!(
                            "Hint: {} ({score}).",
                            line_to_san(&board, &[mv], MoveNumbers::Shown)
                        ));
                        self.cursor = mv.from();
                        self.selected = Some(mv.from());
                    }
                    (Purpose::Move, Some(mv)) => {
                        let text = self.play_move(mv);
                        self.say(format!("{} plays {text}.", title(side)));
                        if self.mode.lone_human().is_none()
                            && self.mode.player(!side) == Player::Engine
                            && !self.pause.is_zero()
                        {
                            self.engine_not_before = Some(self.now + self.pause);
                        }
                    }
                }
            }
        }
    }

    /// Plays `mv` (legal) and returns it in SAN with its number (`12... Nf6`). The clocks
    /// move on; the end of the game is announced.
    pub(super) fn play_move(&mut self, mv: Move) -> String {
        // A hint for the position left behind is no longer wanted.
        if self
            .thinking
            .as_ref()
            .is_some_and(|thinking| thinking.purpose == Purpose::Hint)
        {
            self.abandon_search();
        }
        let board = self.game.board();
        let side = board.side_to_move();
        let text = line_to_san(board, &[mv], MoveNumbers::Shown);
        self.game.play(mv);
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(side, self.now);
        }
        self.saved = false;
        self.selected = None;
        self.promotion = None;
        self.move_list_scroll = None;
        if let Some(ending) = self.ending() {
            self.finish(ending);
        }
        text
    }

    /// A human plays `mv` (legal in the game's position) if it is a human's turn.
    pub(super) fn human_move(&mut self, mv: Move) {
        if let Some(problem) = self.why_no_move() {
            self.say(problem);
            return;
        }
        let san = to_san(self.game.board(), mv);
        self.play_move(mv);
        if self.ending().is_none() {
            self.say(format!("You played {san}."));
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

    /// The game ended: the clocks stop, the engine stops, the message says why.
    pub(super) fn finish(&mut self, ending: Ending) {
        if !matches!(ending, Ending::Rules(_)) {
            self.ended = Some(ending);
        }
        self.abandon_search();
        self.stop_clocks();
        self.selected = None;
        self.promotion = None;
        self.say(format!(
            "Game over: {}. Type new, undo, or pgn FILE to save.",
            ending.mid_sentence()
        ));
    }

    fn stop_clocks(&mut self) {
        if let Some(clocks) = &mut self.clocks {
            clocks.pause(self.now);
        }
    }

    /// Starts a new game from `game` (a Chess960 game when it has a `chess960` number): the
    /// engine forgets, the clocks are reset.
    pub(super) fn new_game(&mut self, game: Game, chess960: Option<u16>) {
        self.abandon_search();
        self.engine.clear_hash();
        self.thinking = None;
        self.game = game;
        self.chess960_number = chess960;
        // A game of other rules (a 5×5 one after an 8×8 one) may not have the cursor's square.
        let variant = self.game.board().variant();
        if !variant.squares().contains(self.cursor) {
            self.cursor =
                super::initial_cursor(self.mode, self.game.board().side_to_move(), variant);
        }
        self.forget_the_position();
        self.engine_score = None;
        self.saved = true;
        let side = self.game.board().side_to_move();
        if let Some(clocks) = &mut self.clocks {
            let mut fresh = Clocks::new(clocks.control());
            fresh.start(side, self.now);
            *clocks = fresh;
        }
        if let Some(ending) = self.ending() {
            self.finish(ending);
        }
    }

    /// Drops what belonged to the position on the board before the game changed under it:
    /// the ending, the browsed position, a selection, the promotion picker, the move list's
    /// scroll and the engine's pause.
    fn forget_the_position(&mut self) {
        self.ended = None;
        self.view = None;
        self.selected = None;
        self.promotion = None;
        self.move_list_scroll = None;
        self.engine_not_before = None;
    }

    /// Takes back one move, or against the engine the moves back to the human's last turn.
    pub(super) fn undo(&mut self) {
        let played = self.game.moves().len();
        let count = match self.mode.lone_human() {
            Some(human) if self.game.board().side_to_move() == human => 2,
            _ => 1,
        };
        if played == 0 {
            return self.say("There is no move to take back.");
        }
        if count > played {
            return self.say("There is no move of yours to take back.");
        }
        // The last search stays in the engine's pane (it names the position it searched).
        self.abandon_search();
        let mut taken: Vec<Move> = (0..count).filter_map(|_| self.game.undo()).collect();
        taken.reverse();
        self.forget_the_position();
        self.saved = false;
        let side = self.game.board().side_to_move();
        if let Some(clocks) = &mut self.clocks {
            if !clocks.left(side, self.now).is_zero() {
                clocks.start(side, self.now);
            }
        }
        let text = line_to_san(self.game.board(), &taken, MoveNumbers::Shown);
        self.say(format!("Took back {text}."));
    }

    /// The side to move resigns (in a game against the engine, the human).
    pub(super) fn resign(&mut self) {
        if self.ending().is_some() {
            return self.say("The game is already over.");
        }
        let loser = self
            .mode
            .lone_human()
            .unwrap_or(self.game.board().side_to_move());
        self.finish(Ending::Resigned { loser });
    }

    /// The human offers a draw: between humans it is agreed; the engine accepts when its
    /// latest score says it is not better.
    pub(super) fn offer_draw(&mut self) {
        if self.ending().is_some() {
            return self.say("The game is already over.");
        }
        let Some(human) = self.mode.lone_human() else {
            if self.mode.white == Player::Human {
                return self.finish(Ending::DrawAgreed);
            }
            return self.say("The engine plays both sides: there is nobody to offer a draw to.");
        };
        let engine = !human;
        // The engine's view: its latest score, or the static evaluation before it searched.
        let white_score = self.engine_score.unwrap_or_else(|| {
            Score::centipawns(crate::play::render::static_eval(self.game.board()))
        });
        let own = match engine {
            Color::White => white_score,
            Color::Black => -white_score,
        };
        if own <= Score::centipawns(DRAW_ACCEPT_CENTIPAWNS) {
            self.finish(Ending::DrawAgreed);
        } else {
            let score = crate::play::render::score_text(white_score, Color::White);
            self.say(format!(
                "The engine declines the draw: it thinks it stands better ({score} from white's side)."
            ));
        }
    }

    /// Shows the position `count` moves into the game (clamped); the game's own at the end.
    pub(super) fn browse_to(&mut self, count: usize) {
        let played = self.game.moves().len();
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

/// The engine accepts a draw when its score for itself is at most this.
const DRAW_ACCEPT_CENTIPAWNS: i32 = 0;

/// `score`, given for `side_to_move`, from white's side.
fn white_view(score: Score, side_to_move: Color) -> Score {
    match side_to_move {
        Color::White => score,
        Color::Black => -score,
    }
}

/// "White" or "Black".
fn title(color: Color) -> &'static str {
    crate::play::render::title(color)
}
