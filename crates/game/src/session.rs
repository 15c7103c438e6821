//! One playing session: the game, who plays which side, the engine's searches, the book, the
//! clocks and how the game ended. Every front-end (the web page, the terminal app, the line
//! mode) holds one [`GameSession`] and turns its input into calls and its [`Update`]s into
//! what it shows.
//!
//! The session does no I/O and starts no thread: the engine searches through the [`Engine`]
//! it was given and reports through the [`Notify`], tagged with a search number, and the
//! front-end hands each report back to [`GameSession::on_engine_event`] on its own thread. A
//! report of a search the session gave up on is dropped there, so that a stale result is
//! never played. Time is a [`Duration`] since a moment of the front-end's choosing, handed in
//! with the calls that need it.

use crate::book::{NoBook, OpeningBook};
use crate::clock::{Clocks, TimeControl};
use crate::ending::Ending;
use crate::engine::{Engine, EngineEvent, Notify, SearchId};
use crate::levels::tag_engine_rating;
use crate::players::{Mode, Player};
use crate::score::white_view;
use crate::strength::Strength;
use outpost_board::{Board, Color, Move, Variant};
use outpost_movegen::san::{line_to_san, MoveNumbers};
use outpost_movegen::{legal_moves, Game};
use outpost_pgn::PgnGame;
use outpost_search::{
    Info, Level, Limits, Progress, Score, SearchEvent, SearchPosition, SearchResult,
};
use std::fmt;
use std::time::Duration;

/// Why the engine searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To play its move.
    Move,
    /// To suggest a move to the player.
    Hint,
    /// To analyse the position without playing (until stopped).
    Analysis,
}

/// A search of the engine, running or done.
#[derive(Clone, Debug)]
pub struct Thinking {
    /// Its number.
    pub search: SearchId,
    /// Why it searches.
    pub purpose: Purpose,
    /// The position searched.
    pub board: Board,
    /// The last iteration it reported (of the best line).
    pub info: Option<Info>,
    /// `false` once the search has ended or was given up.
    pub running: bool,
}

/// A move the engine played.
#[derive(Clone, Debug)]
pub struct EngineMove {
    /// The move.
    pub mv: Move,
    /// The position it was played in.
    pub board: Board,
    /// The search's result; `None` for a book move.
    pub result: Option<SearchResult>,
}

impl EngineMove {
    /// The move in SAN with its number: `12... Nf6`.
    pub fn numbered_san(&self) -> String {
        line_to_san(&self.board, &[self.mv], MoveNumbers::Shown)
    }

    /// `true` when the move came from the book.
    pub fn from_book(&self) -> bool {
        self.result.is_none()
    }
}

/// What changed after an event, for the front-end to show.
#[derive(Clone, Debug)]
pub enum Update {
    /// The running search reported an iteration (also kept in [`GameSession::thinking`]).
    Progress(Info),
    /// The engine played a move.
    EngineMoved(EngineMove),
    /// The engine's suggestion for the player: `mv` in `board`, worth `score` for the side to
    /// move there.
    Hint {
        /// The move suggested.
        mv: Move,
        /// The position it is for.
        board: Board,
        /// Its score, for the side to move.
        score: Score,
    },
    /// The engine's search ended without a legal move (it cannot happen in a game that goes
    /// on; the front-end says so instead of waiting).
    NoMove,
    /// The game ended (also by a move reported in another update).
    Ended(Ending),
}

/// Why a move or a take-back was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver(Ending),
    /// The engine is thinking about its move.
    EngineThinking,
    /// It is the engine's turn.
    EngineToMove,
    /// The move is not legal in the position.
    Illegal,
    /// No move, or not that many, to take back (how many were played).
    NothingToTakeBack(usize),
    /// Against the engine, no move of the player's to take back yet.
    NoMoveOfYours,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver(ending) => write!(f, "the game is over ({})", ending.mid_sentence()),
            Refusal::EngineThinking => {
                f.write_str("the engine is thinking: wait for its move, or take back")
            }
            Refusal::EngineToMove => f.write_str("it is the engine's turn"),
            Refusal::Illegal => f.write_str("that move is not legal here"),
            Refusal::NothingToTakeBack(played) => {
                write!(f, "nothing to take back: {played} half-moves played")
            }
            Refusal::NoMoveOfYours => f.write_str("there is no move of yours to take back"),
        }
    }
}

impl std::error::Error for Refusal {}

/// The engine accepts a draw when its score for itself is at most this.
const DRAW_ACCEPT_CENTIPAWNS: i32 = 0;

/// One game with everything around it. See the [module](self) documentation.
pub struct GameSession {
    game: Game,
    /// The Chess960 number of the game's start position, for a Chess960 game.
    chess960: Option<u16>,
    /// The day the game started (`YYYY.MM.DD`), its PGN `Date`.
    date: String,
    players: Mode,
    strength: Strength,
    /// The rating the engine plays its moves at (`None`: full strength).
    level: Option<Level>,
    /// The level the engine was last given: a move's searches have the game's level, hints
    /// and analysis full strength.
    engine_level: Option<Level>,
    engine: Box<dyn Engine>,
    notify: Notify,
    latest: SearchId,
    thinking: Option<Thinking>,
    book: Box<dyn OpeningBook>,
    /// An end the rules do not see: resignation, agreed draw, flag.
    ended: Option<Ending>,
    clocks: Option<Clocks>,
    /// The time both sides had when each position since the clocks were set arose: what a
    /// take-back to that position gives back.
    clock_history: Vec<[Duration; 2]>,
    /// The number of moves the game had when the clocks were set (the position of the first
    /// entry of `clock_history`).
    clock_base: usize,
    /// The engine's latest score from white's side, for draw offers.
    engine_score: Option<Score>,
    /// The pause after an engine move when the engine plays itself.
    pause: Duration,
    /// No engine move before this time.
    engine_not_before: Option<Duration>,
    /// Lines of the analysis, when analysis is on.
    analysis: Option<usize>,
    /// The game is paused ([`GameSession::pause_game`]): no clock runs, the engine starts no
    /// move.
    paused: bool,
}

impl GameSession {
    /// A session playing `game` (a Chess960 game when `chess960` has its number), a human
    /// against the engine, which searches with `engine` and reports to `notify`. It has no
    /// book and no clocks until given them.
    pub fn new(
        game: Game,
        chess960: Option<u16>,
        mut engine: Box<dyn Engine>,
        notify: Notify,
    ) -> GameSession {
        engine.set_move_overhead(crate::engine::MOVE_OVERHEAD);
        GameSession {
            game,
            chess960,
            date: today(),
            players: Mode::default(),
            strength: Strength::default(),
            level: None,
            engine_level: None,
            engine,
            notify,
            latest: 0,
            thinking: None,
            book: Box::new(NoBook),
            ended: None,
            clocks: None,
            clock_history: Vec::new(),
            clock_base: 0,
            engine_score: None,
            pause: Duration::ZERO,
            engine_not_before: None,
            analysis: None,
            paused: false,
        }
    }

    /// The same session with an opening book for the engine (a search already started gives
    /// way to it at the next [`GameSession::advance`]).
    pub fn with_book(mut self, book: Box<dyn OpeningBook>) -> GameSession {
        self.book = book;
        if self.thinking_about(Purpose::Move) {
            self.abandon_search();
        }
        self
    }

    // ----- what the session holds -----

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position now.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The rule set of the game.
    pub fn variant(&self) -> Variant {
        self.game.board().variant()
    }

    /// The Chess960 number of the game's start, for a Chess960 game.
    pub fn chess960(&self) -> Option<u16> {
        self.chess960
    }

    /// Who plays which side.
    pub fn players(&self) -> Mode {
        self.players
    }

    /// How much the engine searches per move.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// The rating the engine plays at (`None`: full strength).
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// The clocks, when the game has a time control.
    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    /// `true` while the game is paused ([`GameSession::pause_game`]).
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The engine's search, running or last done.
    pub fn thinking(&self) -> Option<&Thinking> {
        self.thinking.as_ref()
    }

    /// `true` while the engine searches (for any purpose).
    pub fn is_thinking(&self) -> bool {
        self.thinking
            .as_ref()
            .is_some_and(|thinking| thinking.running)
    }

    /// `true` while the engine searches for `purpose`.
    pub fn thinking_about(&self, purpose: Purpose) -> bool {
        self.thinking
            .as_ref()
            .is_some_and(|thinking| thinking.running && thinking.purpose == purpose)
    }

    /// The lines analysed, while analysis is on.
    pub fn analysis(&self) -> Option<usize> {
        self.analysis
    }

    /// The engine's latest score from white's side (of a search for its move or a hint).
    pub fn engine_score(&self) -> Option<Score> {
        self.engine_score
    }

    /// How the game ended, if it did: by the players or the clock, or by the rules.
    pub fn ending(&self) -> Option<Ending> {
        self.ended.or_else(|| {
            // A draw that can be claimed ends the game at once, as in most GUIs.
            let status = self.game.status_claiming_draws();
            status.is_over().then_some(Ending::Rules(status))
        })
    }

    /// The time before which the engine does not move (the pause after its move when it plays
    /// both sides), while it waits.
    pub fn engine_waits_until(&self) -> Option<Duration> {
        self.engine_not_before
    }

    /// `true` when it is the engine's turn in a game that goes on.
    pub fn engine_to_move(&self) -> bool {
        self.ending().is_none()
            && self.players.player(self.game.board().side_to_move()) == Player::Engine
    }

    /// `score`, given for the side to move in the current position, from white's side.
    pub fn white_score(&self, score: Score) -> Score {
        white_view(score, self.game.board().side_to_move())
    }

    /// The static evaluation of the position now, term by term.
    pub fn explanation(&self) -> outpost_eval::Explanation {
        outpost_eval::explain(self.game.board())
    }

    /// The game as PGN: `tags` first (`Event`, `Site`, the players' names, …), then the day
    /// the game started, the `Variant` of a Chess960 game (even from the standard array,
    /// which the writer cannot tell from chess; a Chess Fragments game gets its tag from the
    /// writer), the `TimeControl` of a game with clocks (`300+2`: seconds and increment),
    /// the engine's `WhiteElo` or `BlackElo` when it plays at a level, and the result and
    /// termination of its ending.
    pub fn pgn(&self, tags: &[(&str, &str)]) -> PgnGame {
        let mut pgn = PgnGame::from_game(&self.game, tags);
        pgn.set_tag("Date", &self.date);
        if self.chess960.is_some() {
            pgn.set_tag("Variant", "Chess960");
        }
        if let Some(clocks) = &self.clocks {
            pgn.set_tag("TimeControl", &clocks.control().pgn_tag());
        }
        for color in [Color::White, Color::Black] {
            if self.players.player(color) == Player::Engine {
                tag_engine_rating(&mut pgn, self.level, color);
            }
        }
        if let Some(ending) = self.ended {
            pgn.result = ending.result();
            pgn.termination = Some(ending.termination());
        }
        pgn
    }

    /// The players' names as PGN tags: `Outpost` for the engine, `You` for a person against
    /// it, `Human` between two people.
    pub fn player_tags(&self) -> [(&'static str, &'static str); 2] {
        [
            ("White", self.players.name(Color::White)),
            ("Black", self.players.name(Color::Black)),
        ]
    }

    // ----- settings -----

    /// Sets who plays which side. A search for a move of a side now played by a person is
    /// given up.
    pub fn set_players(&mut self, players: Mode) {
        self.players = players;
        if self.thinking_about(Purpose::Move) && !self.engine_to_move() {
            self.abandon_search();
        }
    }

    /// Sets how much the engine searches per move (from its next search on).
    pub fn set_strength(&mut self, strength: Strength) {
        self.strength = strength;
    }

    /// Sets the rating the engine plays its moves at, or full strength with `None` (from its
    /// next move on; a search for a move now is started again at the new level). Hints and
    /// analysis stay at full strength.
    pub fn set_level(&mut self, level: Option<Level>) {
        if level == self.level {
            return;
        }
        self.level = level;
        if self.thinking_about(Purpose::Move) {
            self.abandon_search();
        }
    }

    /// Sets the pause after each engine move when the engine plays both sides, so that people
    /// can watch.
    pub fn set_pause(&mut self, pause: Duration) {
        self.pause = pause;
    }

    /// Gives the game clocks of `control` (or none), the side to move's running from `now`
    /// (from the end of the pause, while the game is paused).
    pub fn set_time_control(&mut self, control: Option<TimeControl>, now: Duration) {
        self.clocks = control.map(|control| {
            let mut clocks = Clocks::new(control);
            if !self.paused {
                clocks.start(self.game.board().side_to_move(), now);
            }
            clocks
        });
        self.clock_history = self
            .clocks
            .iter()
            .map(|clocks| clocks.snapshot(now))
            .collect();
        self.clock_base = self.game.moves().len();
    }

    /// Sets the day the game started (`YYYY.MM.DD`), for a front-end whose platform has no
    /// calendar of its own.
    pub fn set_date(&mut self, date: String) {
        self.date = date;
    }

    /// Pauses the game at `now`, while a person reads the help or answers a question, say:
    /// the running clock stops with its time kept, and until [`GameSession::resume_game`]
    /// no clock runs and the engine starts no search for its move. A search already under
    /// way still plays its move (the other side's clock waits for the end of the pause).
    pub fn pause_game(&mut self, now: Duration) {
        self.paused = true;
        self.pause_clocks(now);
    }

    /// Ends the pause at `now`: the side to move's clock runs again (unless the game is
    /// over or its time is up), and the engine moves if it is its turn (at the next
    /// [`GameSession::advance`]).
    pub fn resume_game(&mut self, now: Duration) {
        if !std::mem::take(&mut self.paused) || self.ending().is_some() {
            return;
        }
        let side = self.game.board().side_to_move();
        if let Some(clocks) = &mut self.clocks {
            if !clocks.left(side, now).is_zero() {
                clocks.start(side, now);
            }
        }
    }

    // ----- the game changes -----

    /// Starts a new game from `game` (a Chess960 game when `chess960` has its number): the
    /// engine stops and forgets, the clocks are reset, analysis goes on in the new position.
    pub fn new_game(&mut self, game: Game, chess960: Option<u16>, now: Duration) {
        self.abandon_search();
        self.engine.clear_hash();
        self.thinking = None;
        self.game = game;
        self.chess960 = chess960;
        self.date = today();
        self.ended = None;
        self.engine_score = None;
        self.engine_not_before = None;
        let control = self.clocks.as_ref().map(Clocks::control);
        self.set_time_control(control, now);
        self.position_changed();
    }

    /// A person plays `mv` at `now`, returned in SAN with its number (`12... Nf6`). Refused
    /// when the game is over, while the engine thinks about its move or when it is its turn,
    /// and when `mv` is not legal.
    pub fn play(&mut self, mv: Move, now: Duration) -> Result<String, Refusal> {
        if let Some(ending) = self.ending() {
            return Err(Refusal::GameOver(ending));
        }
        if self.thinking_about(Purpose::Move) {
            return Err(Refusal::EngineThinking);
        }
        if self.engine_to_move() {
            return Err(Refusal::EngineToMove);
        }
        if !legal_moves(self.game.board()).contains(&mv) {
            return Err(Refusal::Illegal);
        }
        Ok(self.make_move(mv, now))
    }

    /// Takes back `plies` half-moves at `now`: the engine's search stops, the clocks show the
    /// time they showed when the position arose, an ending by the players or the clock is
    /// forgotten.
    pub fn take_back(&mut self, plies: usize, now: Duration) -> Result<Vec<Move>, Refusal> {
        let played = self.game.moves().len();
        if plies == 0 || plies > played {
            return Err(Refusal::NothingToTakeBack(played));
        }
        self.abandon_search();
        let mut taken: Vec<Move> = (0..plies).filter_map(|_| self.game.undo()).collect();
        taken.reverse();
        self.ended = None;
        self.engine_not_before = None;
        let side = self.game.board().side_to_move();
        // The clocks show the time they showed when the position arose (if they ran then), as
        // a person taking back expects.
        let since_set = self.game.moves().len().checked_sub(self.clock_base);
        let then = since_set.and_then(|index| self.clock_history.get(index).copied());
        if let (Some(clocks), Some(left)) = (&mut self.clocks, then) {
            clocks.restore(left, side, now);
            self.clock_history.truncate(since_set.unwrap_or(0) + 1);
        } else if let Some(clocks) = &self.clocks {
            self.clock_history = vec![clocks.snapshot(now)];
            self.clock_base = self.game.moves().len();
        }
        if self.paused {
            self.pause_clocks(now);
        }
        self.position_changed();
        Ok(taken)
    }

    /// Takes back the player's last move: against the engine with the player to move, the
    /// engine's reply too, so that it is the player's turn again; otherwise one half-move.
    pub fn take_back_turn(&mut self, now: Duration) -> Result<Vec<Move>, Refusal> {
        let played = self.game.moves().len();
        let plies = match self.players.lone_human() {
            Some(human) if self.game.board().side_to_move() == human => 2,
            _ => 1,
        };
        if played == 0 {
            return Err(Refusal::NothingToTakeBack(0));
        }
        if plies > played {
            return Err(Refusal::NoMoveOfYours);
        }
        self.take_back(plies, now)
    }

    /// `loser` resigns at `now`.
    pub fn resign(&mut self, loser: Color, now: Duration) -> Result<Ending, Refusal> {
        self.finish(Ending::Resigned { loser }, now)
    }

    /// The players agree to a draw at `now`.
    pub fn agree_draw(&mut self, now: Duration) -> Result<Ending, Refusal> {
        self.finish(Ending::DrawAgreed, now)
    }

    /// A person offers the engine, playing `engine`, a draw at `now`: it accepts when its
    /// latest score (or the static evaluation before it searched) says it does not stand
    /// better. `Ok(None)` when it declines.
    pub fn offer_draw(&mut self, engine: Color, now: Duration) -> Result<Option<Ending>, Refusal> {
        if let Some(ending) = self.ending() {
            return Err(Refusal::GameOver(ending));
        }
        let own = white_view(self.engine_view(), engine);
        if own <= Score::centipawns(DRAW_ACCEPT_CENTIPAWNS) {
            self.agree_draw(now).map(Some)
        } else {
            Ok(None)
        }
    }

    /// The engine's view of the game from white's side: its latest score, or the static
    /// evaluation before it searched.
    pub fn engine_view(&self) -> Score {
        self.engine_score.unwrap_or_else(|| {
            let board = self.game.board();
            white_view(
                Score::centipawns(outpost_eval::evaluate(board)),
                board.side_to_move(),
            )
        })
    }

    // ----- the engine -----

    /// What happens next at `now`: a flag may have fallen (the game ends), and when it is the
    /// engine's turn it plays a book move or starts its search. Call it after every event.
    pub fn advance(&mut self, now: Duration) -> Vec<Update> {
        let mut updates = Vec::new();
        loop {
            if self.ending().is_some() {
                self.pause_clocks(now);
                return updates;
            }
            if self.paused {
                return updates;
            }
            let flagged = self.clocks.as_ref().and_then(|clocks| clocks.flagged(now));
            if let Some(loser) = flagged {
                let ending = Ending::flag(self.game.board(), loser);
                if self.finish(ending, now).is_ok() {
                    updates.push(Update::Ended(ending));
                }
                return updates;
            }
            if !self.engine_to_move() || self.thinking_about(Purpose::Move) {
                return updates;
            }
            if self.engine_not_before.is_some_and(|until| now < until) {
                return updates;
            }
            self.engine_not_before = None;
            let board = self.game.board().clone();
            let booked = self
                .book
                .probe(&self.game)
                .filter(|mv| legal_moves(&board).contains(mv));
            let Some(mv) = booked else {
                let limits = self.move_limits(now);
                self.think(Purpose::Move, limits);
                return updates;
            };
            self.make_move(mv, now);
            updates.push(Update::EngineMoved(EngineMove {
                mv,
                board,
                result: None,
            }));
            if let Some(ending) = self.ending() {
                updates.push(Update::Ended(ending));
            }
        }
    }

    /// Starts a search of the position now for `purpose` within `limits` (a running search
    /// is given up first) and returns its number.
    pub fn think(&mut self, purpose: Purpose, limits: Limits) -> SearchId {
        self.abandon_search();
        let level = if purpose == Purpose::Move {
            self.level
        } else {
            None
        };
        if level != self.engine_level {
            self.engine.set_level(level);
            self.engine_level = level;
        }
        self.latest += 1;
        let search = self.latest;
        let notify = std::sync::Arc::clone(&self.notify);
        self.engine.start(
            SearchPosition::from_game(&self.game),
            limits,
            Box::new(move |event| notify(EngineEvent { search, event })),
        );
        self.thinking = Some(Thinking {
            search,
            purpose,
            board: self.game.board().clone(),
            info: None,
            running: true,
        });
        search
    }

    /// Asks the engine for a hint: a short search whose move comes as [`Update::Hint`].
    pub fn hint(&mut self) -> Result<SearchId, Refusal> {
        if let Some(ending) = self.ending() {
            return Err(Refusal::GameOver(ending));
        }
        if self.thinking_about(Purpose::Move) {
            return Err(Refusal::EngineThinking);
        }
        Ok(self.think(Purpose::Hint, self.strength.hint_limits()))
    }

    /// Turns analysis on with `lines` best lines (or off with `None`): the engine searches
    /// each position of the game until it changes, without playing.
    pub fn set_analysis(&mut self, lines: Option<usize>) {
        if lines == self.analysis {
            return;
        }
        self.abandon_search();
        self.analysis = lines;
        self.engine.set_multipv(lines.unwrap_or(1).max(1));
        self.position_changed();
    }

    /// Asks the engine's search to end now: a search for a move still plays the best move
    /// found so far.
    pub fn stop_thinking(&self) {
        if self.is_thinking() {
            self.engine.stop();
        }
    }

    /// Gives up the running search: its result will not be used.
    pub fn abandon_search(&mut self) {
        if self.is_thinking() {
            self.engine.stop();
            self.engine.wait();
        }
        if let Some(thinking) = &mut self.thinking {
            thinking.running = false;
        }
    }

    /// A report of the engine, at `now`. Reports of a search given up are dropped.
    pub fn on_engine_event(&mut self, event: EngineEvent, now: Duration) -> Vec<Update> {
        let Some(thinking) = self
            .thinking
            .as_mut()
            .filter(|thinking| thinking.running && thinking.search == event.search)
        else {
            return Vec::new();
        };
        let result = match event.event {
            SearchEvent::Progress(Progress::Iteration(info)) => {
                if info.multipv <= 1 {
                    thinking.info = Some(info.clone());
                }
                return vec![Update::Progress(info)];
            }
            SearchEvent::Progress(Progress::CurrentMove { .. }) => return Vec::new(),
            SearchEvent::Finished(result) => result,
        };
        thinking.running = false;
        // At a level the move played may not be the best line's: the panel shows the line
        // of the move played, as the search reported it.
        let played_line = (thinking.purpose == Purpose::Move
            && thinking
                .info
                .as_ref()
                .is_some_and(|info| info.pv.first() != result.pv.first())
            && !result.pv.is_empty())
        .then(|| result.line());
        if let Some(line) = &played_line {
            thinking.info = Some(line.clone());
        }
        let (purpose, board) = (thinking.purpose, thinking.board.clone());
        // The search has ended: let the engine know its result was taken.
        self.engine.wait();
        if purpose == Purpose::Analysis {
            return Vec::new();
        }
        self.engine_score = Some(white_view(result.score, board.side_to_move()));
        let legal = result
            .best_move
            .filter(|mv| legal_moves(self.game.board()).contains(mv));
        let Some(mv) = legal else {
            return vec![Update::NoMove];
        };
        if purpose == Purpose::Hint {
            return vec![Update::Hint {
                mv,
                board,
                score: result.score,
            }];
        }
        self.make_move(mv, now);
        if self.players == Mode::new(Player::Engine, Player::Engine) && !self.pause.is_zero() {
            self.engine_not_before = Some(now + self.pause);
        }
        let mut updates: Vec<Update> = played_line.map(Update::Progress).into_iter().collect();
        updates.push(Update::EngineMoved(EngineMove {
            mv,
            board,
            result: Some(result),
        }));
        updates.extend(self.ending().map(Update::Ended));
        updates.extend(self.advance(now));
        updates
    }

    // ----- inside -----

    /// Plays `mv` (legal): the clocks move on, a hint for the position left behind is given
    /// up, analysis goes on in the new position. Returns the move in numbered SAN.
    fn make_move(&mut self, mv: Move, now: Duration) -> String {
        if self.thinking_about(Purpose::Hint) {
            self.abandon_search();
        }
        let board = self.game.board();
        let side = board.side_to_move();
        let text = line_to_san(board, &[mv], MoveNumbers::Shown);
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(side, now);
            if self.paused {
                clocks.pause(now);
            }
            self.clock_history.push(clocks.snapshot(now));
        }
        self.game.play(mv);
        if self.ending().is_some() {
            self.abandon_search();
            self.pause_clocks(now);
        } else {
            self.position_changed();
        }
        text
    }

    /// Ends the game at `now` with `ending` (not one of the rules'): the engine and the
    /// clocks stop.
    fn finish(&mut self, ending: Ending, now: Duration) -> Result<Ending, Refusal> {
        if let Some(ending) = self.ending() {
            return Err(Refusal::GameOver(ending));
        }
        if !matches!(ending, Ending::Rules(_)) {
            self.ended = Some(ending);
        }
        self.abandon_search();
        self.pause_clocks(now);
        Ok(ending)
    }

    fn pause_clocks(&mut self, now: Duration) {
        if let Some(clocks) = &mut self.clocks {
            clocks.pause(now);
        }
    }

    /// The engine's limits for a move at `now`: by the clocks when the game has them (a depth
    /// or node limit still applies), else the strength per move.
    fn move_limits(&self, now: Duration) -> Limits {
        let Some(clocks) = &self.clocks else {
            return self.strength.limits();
        };
        let mut limits = Limits {
            white_time: Some(clocks.left(Color::White, now)),
            black_time: Some(clocks.left(Color::Black, now)),
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

    /// After the position changed: analysis restarts on it (or stops at the end of the game).
    fn position_changed(&mut self) {
        if self.analysis.is_none() {
            return;
        }
        if self.ending().is_some() {
            self.abandon_search();
        } else {
            let limits = Limits {
                infinite: true,
                ..Limits::default()
            };
            self.think(Purpose::Analysis, limits);
        }
    }
}

/// Today's date as PGN writes it, where the platform has a calendar.
fn today() -> String {
    outpost_pgn::pgn_today()
}
