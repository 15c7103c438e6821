//! One browser tab's session: the page's messages turned into calls of its
//! [`GameSession`] (the game, the engine's searches through a [`SearchHandle`]) and its count,
//! and the session's updates turned into messages.
//!
//! The session knows nothing of sockets: [`Session::handle_text`] takes a message's text and
//! returns the answers, [`Session::on_event`] turns an event from the search or count thread
//! (delivered through the [`Notify`] it was made with) into messages.

use crate::count::{Counter, ThreadCounter};
use crate::protocol::{
    ClientMessage, CountPosition, GameEnd, PieceTables, SearchKind, ServerMessage, WhiteScore,
};
use outpost_board::{Board, Color, Piece, PieceKind, Square, Variant};
use outpost_game::count::standard_positions;
use outpost_game::levels::tag_engine_rating;
use outpost_game::{
    notation_for, start_position, Engine, EngineEvent, EngineMove, GameSession, Level, Purpose,
    Refusal, Update,
};
use outpost_movegen::picks::{parse_picked, picks, Pick};
use outpost_movegen::san::{line_to_san_moves, to_san, MoveNumbers};
use outpost_movegen::uci::UciNotation;
use outpost_movegen::{in_check, legal_moves, Game};
use outpost_pgn::{read_pgn, write_pgn, PgnGame, PgnResult};
use outpost_search::{Bound, CpuGate, Info, Limits, Score, SearchHandle};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// The longest think time the page may ask for.
pub const MAX_THINK_MS: u64 = 60_000;

/// The longest message the page may send, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// Lines shown in analysis mode.
pub const ANALYSIS_LINES: usize = 3;

/// The most moves a game given by the page may have.
const MAX_GAME_MOVES: usize = 2_000;

/// How a session's search is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionConfig {
    /// Search threads.
    pub threads: usize,
    /// Hash table, MiB.
    pub hash_mib: usize,
}

impl Default for SessionConfig {
    fn default() -> SessionConfig {
        SessionConfig {
            threads: 1,
            hash_mib: outpost_search::DEFAULT_HASH_MIB,
        }
    }
}

/// An event from a session's search or count thread.
#[derive(Debug)]
pub enum SessionEvent {
    /// From the game's search.
    Search(EngineEvent),
    /// A message of the count, to pass on (boxed: a message is far larger than a search
    /// event).
    Count(Box<ServerMessage>),
}

/// Where a session's threads deliver their events (to be given back to
/// [`Session::on_event`]).
pub type Notify = Arc<dyn Fn(SessionEvent) + Send + Sync>;

/// One tab's game, search and count.
pub struct Session {
    config: SessionConfig,
    game: GameSession,
    /// When the session started: the game's clock runs from here.
    origin: Instant,
    counter: Box<dyn Counter>,
    notify: Notify,
    /// Told to the page with the greeting: the table could not have the size asked for.
    table_warning: Option<String>,
    /// The side the engine last moved for (the page chooses by sending `go`), for the PGN's
    /// rating of a game at a level.
    engine_side: Option<Color>,
}

impl Session {
    /// A session at the start position searching natively: a [`SearchHandle`] of its own and
    /// the count on a thread; its threads report to `notify`.
    pub fn new(config: SessionConfig, notify: Notify) -> Session {
        Session::sharing(config, notify, None)
    }

    /// A session like [`Session::new`] whose search threads take turns at `gate` with those
    /// of the server's other sessions (none: they just run).
    pub fn sharing(config: SessionConfig, notify: Notify, gate: Option<Arc<CpuGate>>) -> Session {
        // A 1 MiB table first, then the size asked for: a table that cannot be had is
        // reported to the page instead of ending the session.
        let mut search = SearchHandle::new(1);
        let table_warning = search
            .set_hash(config.hash_mib.max(1))
            .err()
            .map(|error| format!("{error}: this session searches with a 1 MiB hash table"));
        search.set_threads(config.threads.max(1));
        search.set_cpu_gate(gate);
        let counter = Box::new(ThreadCounter::default());
        Session::with_backend(config, Box::new(search), counter, notify, table_warning)
    }

    /// A session at the start position whose engine searches with `engine` and whose count
    /// runs on `counter`, both reporting to `notify`; `table_warning` is told to the page with
    /// the greeting (the table could not have the size asked for).
    pub fn with_backend(
        config: SessionConfig,
        engine: Box<dyn Engine>,
        counter: Box<dyn Counter>,
        notify: Notify,
        table_warning: Option<String>,
    ) -> Session {
        let search_notify = Arc::clone(&notify);
        let mut game = GameSession::new(
            Game::startpos(),
            None,
            engine,
            Arc::new(move |event| search_notify(SessionEvent::Search(event))),
        );
        // The page says when the engine plays (`go`): no side is the engine's of itself.
        game.set_players(outpost_game::Mode::new(
            outpost_game::Player::Human,
            outpost_game::Player::Human,
        ));
        Session {
            config,
            game,
            origin: Instant::now(),
            counter,
            notify,
            table_warning,
            engine_side: None,
        }
    }

    /// The first messages of a session: hello and the game.
    pub fn greeting(&self) -> Vec<ServerMessage> {
        let mut messages = vec![
            ServerMessage::Hello {
                engine: format!("Outpost {}", env!("CARGO_PKG_VERSION")),
                threads: self.config.threads,
                hash_mib: self.config.hash_mib,
                max_think_ms: MAX_THINK_MS,
                count_positions: count_positions(),
            },
            self.state(),
        ];
        messages.extend(self.table_warning.clone().map(ServerMessage::error));
        messages
    }

    /// Answers one message from the page (its text). Bad input gets an error message.
    pub fn handle_text(&mut self, text: &str) -> Vec<ServerMessage> {
        if text.len() > MAX_MESSAGE_BYTES {
            return vec![ServerMessage::error(format!(
                "message of {} bytes refused: at most {MAX_MESSAGE_BYTES} bytes",
                text.len()
            ))];
        }
        match serde_json::from_str::<ClientMessage>(text) {
            Ok(message) => self.handle(message),
            Err(error) => vec![ServerMessage::error(describe_json_error(text, &error))],
        }
    }

    /// Answers a text that did not read as a PGN: it may be a FEN (a page that sent it as a PGN),
    /// and is then played from; if it is neither, the error says which one the text looks like,
    /// or both reasons when it looks like neither.
    fn not_a_pgn(&mut self, text: &str, pgn_error: &str) -> Vec<ServerMessage> {
        let text = text.trim();
        let fen_error = match Board::from_fen(text) {
            Ok(board) => return self.replace_game(Game::new(board), None),
            Err(error) => error.to_string(),
        };
        let has_move_numbers = text
            .split_whitespace()
            .any(|word| word.starts_with(|c: char| c.is_ascii_digit()) && word.contains('.'));
        let message = if text.contains('[') || has_move_numbers {
            format!("PGN: {pgn_error}")
        } else if text.contains('/') {
            format!("FEN: {fen_error}")
        } else {
            format!("Neither a FEN nor a PGN game. FEN: {fen_error}. PGN: {pgn_error}")
        };
        vec![ServerMessage::error(message)]
    }

    /// Answers one message from the page.
    pub fn handle(&mut self, message: ClientMessage) -> Vec<ServerMessage> {
        match message {
            ClientMessage::NewGame { fen, kind, number } => {
                match start_position(kind, fen.as_deref(), number) {
                    Ok((board, chess960)) => self.replace_game(Game::new(board), chess960),
                    Err(error) => vec![ServerMessage::error(error.to_string())],
                }
            }
            ClientMessage::LoadPgn { pgn } => match read_pgn(&pgn) {
                Ok(games) => match games.first().and_then(PgnGame::to_game) {
                    Some(game) => self.replace_game(game, None),
                    None => vec![ServerMessage::error("PGN: no game found in the text")],
                },
                Err(error) => self.not_a_pgn(&pgn, &error.to_string()),
            },
            ClientMessage::SetGame {
                start_fen,
                moves,
                chess960,
            } => self.set_game(start_fen, &moves, chess960),
            ClientMessage::Move { uci } => self.play_move(&uci),
            ClientMessage::Go { think_ms, level } => self.go(think_ms, level),
            ClientMessage::Stop => {
                if self.game.thinking_about(Purpose::Move) {
                    // The search ends and its result plays the best move found.
                    self.game.stop_thinking();
                }
                Vec::new()
            }
            ClientMessage::TakeBack { plies } => {
                let plies = plies.unwrap_or(1);
                match self.game.take_back(plies, self.now()) {
                    Ok(_) => vec![self.state()],
                    Err(Refusal::NothingToTakeBack(played)) => vec![ServerMessage::error(format!(
                        "cannot take back {plies} half-moves: {played} played"
                    ))],
                    Err(refusal) => vec![ServerMessage::error(refusal.to_string())],
                }
            }
            ClientMessage::Analyse { on } => {
                self.stop_count();
                self.game.set_analysis(on.then_some(ANALYSIS_LINES));
                vec![self.state()]
            }
            ClientMessage::Count {
                position,
                max_depth,
            } => self.count(position, max_depth),
            ClientMessage::StopCount => {
                self.counter.stop();
                Vec::new()
            }
            ClientMessage::Tables { rules } => match rules.as_deref().map(Variant::from_name) {
                None => vec![tables(Variant::Chess)],
                Some(Some(rules)) => vec![tables(rules)],
                Some(None) => vec![ServerMessage::error(
                    "tables: the rules are chess or fragments",
                )],
            },
        }
    }

    /// Turns an event of the search or the count into messages for the page.
    pub fn on_event(&mut self, event: SessionEvent) -> Vec<ServerMessage> {
        let event = match event {
            SessionEvent::Count(message) => return vec![*message],
            SessionEvent::Search(event) => event,
        };
        let updates = self.game.on_engine_event(event, self.now());
        let mut messages = Vec::new();
        for update in updates {
            match update {
                Update::Progress(info) => messages.extend(self.info(&info)),
                Update::EngineMoved(played) => {
                    messages.push(self.best_move(&played));
                    messages.push(self.state());
                }
                Update::NoMove => messages.push(self.state()),
                // A state follows the move that ended the game; hints are not asked for here.
                Update::Ended(_) | Update::Hint { .. } => {}
            }
        }
        messages
    }

    /// `true` while the engine thinks about its move.
    pub fn is_thinking(&self) -> bool {
        self.game.thinking_about(Purpose::Move)
    }

    /// The game as the page shows it.
    pub fn state(&self) -> ServerMessage {
        let game = self.game.game();
        let board = game.board();
        let start = game.start();
        let over = self.game.ending().is_some();
        let explanation = self.game.explanation();
        let check = in_check(board).then(|| board.king_square(board.side_to_move()).to_string());
        let end = self.game.ending().map(|ending| GameEnd {
            result: match ending.result() {
                PgnResult::WhiteWins => "1-0",
                PgnResult::BlackWins => "0-1",
                PgnResult::Draw | PgnResult::Unknown => "1/2-1/2",
            },
            reason: match ending {
                outpost_game::Ending::Rules(status) => status.to_string(),
                other => other.mid_sentence(),
            },
        });
        let notation = self.notation();
        let write = |mv: &_| notation.write(*mv);
        ServerMessage::State {
            start_fen: start.to_fen(),
            fen: board.to_fen(),
            chess960: self.game.chess960(),
            variant: board.variant().name(),
            size: board.variant().size(),
            moves: game.moves().iter().map(write).collect(),
            san: line_to_san_moves(start, game.moves(), MoveNumbers::Hidden),
            legal: if over {
                Vec::new()
            } else {
                legal_moves(board).iter().map(write).collect()
            },
            picks: if over {
                Vec::new()
            } else {
                picks(board).iter().map(Pick::text).collect()
            },
            side_to_move: match board.side_to_move() {
                Color::White => "w",
                Color::Black => "b",
            },
            check,
            end,
            pgn: write_pgn(&self.pgn()),
            eval_cp: explanation.white_score,
            eval_text: format!(
                "{explanation}\nEvaluation: {} (side to move)",
                explanation.side_to_move_score
            ),
            thinking: self.is_thinking(),
            analysing: self.game.analysis().is_some(),
        }
    }

    /// The game as PGN, with the engine's rating (`WhiteElo` or `BlackElo`) when it played
    /// at a level.
    fn pgn(&self) -> PgnGame {
        let mut pgn = self.game.pgn(&[
            ("Event", "Outpost in the browser"),
            ("Site", "Outpost web page"),
        ]);
        if let Some(side) = self.engine_side {
            tag_engine_rating(&mut pgn, self.game.level(), side);
        }
        pgn
    }

    /// The time of the session's game: since the session started.
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }

    /// How the game's moves are written (see [`notation_for`]).
    fn notation(&self) -> UciNotation {
        notation_for(self.game.game().start())
    }

    /// The page's line of an iteration of the running search.
    fn info(&self, info: &Info) -> Option<ServerMessage> {
        let thinking = self.game.thinking()?;
        let notation = self.notation();
        Some(ServerMessage::Info {
            search: match thinking.purpose {
                Purpose::Analysis => SearchKind::Analysis,
                Purpose::Move | Purpose::Hint => SearchKind::Play,
            },
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: white_score(info.score, thinking.board.side_to_move()),
            bound: match info.bound {
                Bound::Exact => "exact",
                Bound::Lower => "lower",
                Bound::Upper => "upper",
            },
            nodes: info.nodes,
            nps: info.nps,
            time_ms: millis(info.time),
            pv: info.pv.iter().map(|&mv| notation.write(mv)).collect(),
            pv_san: line_to_san_moves(&thinking.board, &info.pv, MoveNumbers::Hidden),
        })
    }

    /// The page's message of the engine's move.
    fn best_move(&self, played: &EngineMove) -> ServerMessage {
        let side = played.board.side_to_move();
        let result = played.result.as_ref();
        ServerMessage::BestMove {
            uci: self.notation().write(played.mv),
            san: to_san(&played.board, played.mv),
            score: white_score(result.map_or(Score::DRAW, |result| result.score), side),
            depth: result.map_or(0, |result| result.depth),
            nodes: result.map_or(0, |result| result.nodes),
            time_ms: result.map_or(0, |result| millis(result.time)),
        }
    }

    /// The game is replaced (by a Chess960 game when `chess960` has its number): searches
    /// stop, analysis restarts.
    fn replace_game(&mut self, game: Game, chess960: Option<u16>) -> Vec<ServerMessage> {
        self.game.new_game(game, chess960, self.now());
        self.engine_side = None;
        vec![self.state()]
    }

    fn set_game(
        &mut self,
        start_fen: Option<String>,
        moves: &[String],
        chess960: Option<u16>,
    ) -> Vec<ServerMessage> {
        if moves.len() > MAX_GAME_MOVES {
            return vec![ServerMessage::error(format!(
                "a game of {} moves refused: at most {MAX_GAME_MOVES}",
                moves.len()
            ))];
        }
        let start = match start_fen.as_deref().map(str::trim) {
            None | Some("") => Board::startpos(),
            Some(fen) => match Board::from_fen(fen) {
                Ok(board) => board,
                Err(error) => return vec![ServerMessage::error(format!("FEN: {error}"))],
            },
        };
        // The number is the page's word for it: kept only when it names this start.
        let chess960 = chess960.filter(|&number| Board::chess960(number).as_ref() == Some(&start));
        let mut game = Game::new(start);
        let notation = notation_for(game.start());
        for (index, text) in moves.iter().enumerate() {
            if game.status_claiming_draws().is_over() {
                return vec![ServerMessage::error(format!(
                    "move {} ({text}) comes after the end of the game",
                    index + 1
                ))];
            }
            if let Err(error) = game.play_uci_in(notation, text) {
                return vec![ServerMessage::error(format!(
                    "move {} of the game: {error}",
                    index + 1
                ))];
            }
        }
        self.replace_game(game, chess960)
    }

    fn play_move(&mut self, text: &str) -> Vec<ServerMessage> {
        if let Some(refusal) = self.refusal_to_move() {
            return vec![ServerMessage::error(refusal.to_string())];
        }
        let result = parse_picked(self.game.board(), text.trim())
            .map_err(|error| error.to_string())
            .and_then(|mv| {
                let now = self.now();
                self.game
                    .play(mv, now)
                    .map_err(|refusal| refusal.to_string())
            });
        match result {
            Ok(_) => vec![self.state()],
            Err(message) => vec![ServerMessage::error(message)],
        }
    }

    /// Why no move can be played now, checked before the move's text is read.
    fn refusal_to_move(&self) -> Option<Refusal> {
        if self.is_thinking() {
            return Some(Refusal::EngineThinking);
        }
        self.game.ending().map(Refusal::GameOver)
    }

    fn go(&mut self, think_ms: u64, level: Option<i64>) -> Vec<ServerMessage> {
        if think_ms == 0 || think_ms > MAX_THINK_MS {
            return vec![ServerMessage::error(format!(
                "a think time of {think_ms} ms refused: from 1 to {MAX_THINK_MS} ms"
            ))];
        }
        let level = match level.map(Level::from_elo).transpose() {
            Ok(level) => level,
            Err(error) => return vec![ServerMessage::error(error.to_string())],
        };
        if self.game.analysis().is_some() {
            return vec![ServerMessage::error(
                "analysis mode is on: the engine does not play",
            )];
        }
        if self.is_thinking() {
            return vec![ServerMessage::error("the engine is already thinking")];
        }
        if let Some(ending) = self.game.ending() {
            return vec![ServerMessage::error(Refusal::GameOver(ending).to_string())];
        }
        self.stop_count();
        let limits = Limits {
            movetime: Some(Duration::from_millis(think_ms)),
            ..Limits::default()
        };
        self.game.set_level(level);
        self.engine_side = Some(self.game.board().side_to_move());
        self.game.think(Purpose::Move, limits);
        vec![self.state()]
    }

    fn stop_count(&mut self) {
        self.counter.cancel();
    }

    fn count(&mut self, position: Option<usize>, max_depth: Option<u32>) -> Vec<ServerMessage> {
        let mut positions = standard_positions();
        if let Some(index) = position {
            if index >= positions.len() {
                return vec![ServerMessage::error(format!(
                    "no count position {index}: there are {}",
                    positions.len()
                ))];
            }
            positions = vec![positions.swap_remove(index)];
        }
        // One thing at a time: a count stops the search (analysis mode ends).
        self.game.abandon_search();
        let mut messages = Vec::new();
        if self.game.analysis().is_some() {
            self.game.set_analysis(None);
            messages.push(self.state());
        }
        self.stop_count();
        let notify = Arc::clone(&self.notify);
        self.counter.start(
            positions,
            max_depth.unwrap_or(u32::MAX),
            self.config.threads.max(1),
            Box::new(move |message| notify(SessionEvent::Count(Box::new(message)))),
        );
        messages
    }
}

/// The positions Count knows, as the page lists them.
pub fn count_positions() -> Vec<CountPosition> {
    standard_positions()
        .into_iter()
        .map(|position| CountPosition {
            fen: position.board.to_fen(),
            name: position.name,
        })
        .collect()
}

/// `score` (for `side`, the side to move) from white's side, as the page reads it. A mate's
/// moves are counted for the side to move and then given white's sign (negating the score
/// first would count a mate against the side to move one move short).
pub fn white_score(score: Score, side: Color) -> WhiteScore {
    let sign = match side {
        Color::White => 1,
        Color::Black => -1,
    };
    WhiteScore {
        cp: score.as_centipawns().map(|cp| sign * cp),
        mate: score.mate_moves().map(|moves| sign * moves),
    }
}

fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

/// The piece-square tables of the six white pieces of `rules` (the Right in the rook's
/// place in Chess Fragments), over its squares.
fn tables(rules: Variant) -> ServerMessage {
    let size = rules.size();
    let pieces = PieceKind::STANDARD
        .iter()
        .map(|&kind| match kind {
            PieceKind::Rook if !rules.has_kind(kind) => PieceKind::Right,
            kind => kind,
        })
        .map(|kind| {
            let piece = Piece::new(Color::White, kind);
            let values: Vec<_> = (0..size * size)
                .map(|index| {
                    let square = Square::from_index(index / size * 8 + index % size);
                    outpost_eval::piece_square_value(rules, piece, square)
                })
                .collect();
            PieceTables {
                piece: piece_name(kind),
                middlegame: values.iter().map(|value| value.middlegame).collect(),
                endgame: values.iter().map(|value| value.endgame).collect(),
            }
        })
        .collect();
    ServerMessage::Tables {
        variant: rules.name(),
        size,
        pieces,
    }
}

/// A kind's name on the page.
fn piece_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "pawn",
        PieceKind::Knight => "knight",
        PieceKind::Bishop => "bishop",
        PieceKind::Rook => "rook",
        PieceKind::Queen => "queen",
        PieceKind::King => "king",
        PieceKind::Right => "right",
        // A kind added later.
        _ => "piece",
    }
}

/// Says what was wrong with a message that is no [`ClientMessage`].
fn describe_json_error(text: &str, error: &serde_json::Error) -> String {
    match serde_json::from_str::<serde_json::Value>(text) {
        Err(_) => format!("not JSON: {error}"),
        Ok(value) => match value.get("type").and_then(serde_json::Value::as_str) {
            // The type itself unknown, not some field's value (like `variant`).
            Some(kind)
                if error
                    .to_string()
                    .starts_with(&format!("unknown variant `{kind}`")) =>
            {
                let kind: String = kind.chars().take(40).collect();
                format!("unknown message type {kind:?}")
            }
            Some(_) => format!("bad message: {error}"),
            None => "a message needs a \"type\"".to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::{channel, Receiver};
    use std::sync::Mutex;

    fn session() -> (Session, Receiver<SessionEvent>) {
        let (sender, receiver) = channel();
        let sender = Mutex::new(sender);
        let notify: Notify = Arc::new(move |event| {
            if let Ok(sender) = sender.lock() {
                let _ = sender.send(event);
            }
        });
        (Session::new(SessionConfig::default(), notify), receiver)
    }

    fn error_of(messages: &[ServerMessage]) -> &str {
        match messages {
            [ServerMessage::Error { message }] => message,
            other => panic!("expected one error, got {other:?}"),
        }
    }

    fn moves_of(message: &ServerMessage) -> Vec<String> {
        match message {
            ServerMessage::State { moves, .. } => moves.clone(),
            other => panic!("expected a state, got {other:?}"),
        }
    }

    /// Feeds the session's events back until a message matches.
    fn until(
        session: &mut Session,
        events: &Receiver<SessionEvent>,
        done: impl Fn(&ServerMessage) -> bool,
    ) -> Vec<ServerMessage> {
        let mut seen = Vec::new();
        loop {
            let event = events
                .recv_timeout(Duration::from_secs(30))
                .expect("an event in time");
            let messages = session.on_event(event);
            let found = messages.iter().any(&done);
            seen.extend(messages);
            if found {
                return seen;
            }
        }
    }

    /// The page's explanation shows every term of the evaluation, and its score.
    #[test]
    fn the_state_explains_every_term() {
        let (session, _events) = session();
        let ServerMessage::State {
            eval_text, eval_cp, ..
        } = session.state()
        else {
            panic!("expected a state");
        };
        for term in outpost_eval::params::Term::ALL {
            assert!(eval_text.contains(term.name()), "{term:?}: {eval_text}");
        }
        assert!(eval_text.contains(&format!("Evaluation: {eval_cp} (side to move)")));
    }

    #[test]
    fn a_move_and_the_engine_reply() {
        let (mut session, events) = session();
        let answer = session.handle_text(r#"{"type":"move","uci":"e2e4"}"#);
        assert_eq!(moves_of(&answer[0]), ["e2e4"]);
        let answer = session.handle_text(r#"{"type":"go","think_ms":100}"#);
        assert!(matches!(
            answer[0],
            ServerMessage::State { thinking: true, .. }
        ));
        let seen = until(&mut session, &events, |m| {
            matches!(
                m,
                ServerMessage::State {
                    thinking: false,
                    ..
                }
            )
        });
        assert!(seen.iter().any(|m| matches!(
            m,
            ServerMessage::Info {
                search: SearchKind::Play,
                ..
            }
        )));
        assert!(seen
            .iter()
            .any(|m| matches!(m, ServerMessage::BestMove { .. })));
        assert_eq!(moves_of(seen.last().unwrap()).len(), 2);
    }

    /// At a level the engine's reply is a legal move and the PGN gives its rating.
    #[test]
    fn a_reply_at_a_level_and_its_rating_in_the_pgn() {
        let (mut session, events) = session();
        session.handle_text(r#"{"type":"move","uci":"e2e4"}"#);
        session.handle_text(r#"{"type":"go","think_ms":100,"level":1400}"#);
        let seen = until(&mut session, &events, |m| {
            matches!(
                m,
                ServerMessage::State {
                    thinking: false,
                    ..
                }
            )
        });
        let Some(ServerMessage::State { moves, pgn, .. }) = seen.last() else {
            panic!("{seen:?}");
        };
        assert_eq!(moves.len(), 2);
        assert!(pgn.contains("[BlackElo \"1400\"]"), "{pgn}");
        assert!(!pgn.contains("WhiteElo"), "{pgn}");
    }

    #[test]
    fn a_table_too_large_is_reported_and_the_session_goes_on() {
        let notify: Notify = Arc::new(|_| {});
        let config = SessionConfig {
            threads: 1,
            hash_mib: 1 << 40,
        };
        let mut session = Session::new(config, notify);
        let greeting = session.greeting();
        assert!(
            matches!(&greeting[2], ServerMessage::Error { message } if message.contains("1 MiB"))
        );
        let answer = session.handle_text(r#"{"type":"move","uci":"e2e4"}"#);
        assert_eq!(moves_of(&answer[0]), ["e2e4"]);
    }

    #[test]
    fn bad_input_is_answered_with_errors() {
        let (mut session, _events) = session();
        assert!(error_of(&session.handle_text("{not json")).starts_with("not JSON"));
        assert_eq!(
            error_of(&session.handle_text(r#"{"type":"dance"}"#)),
            "unknown message type \"dance\""
        );
        assert_eq!(
            error_of(&session.handle_text(r#"{"uci":"e2e4"}"#)),
            "a message needs a \"type\""
        );
        assert!(error_of(&session.handle_text(r#"{"type":"move"}"#)).starts_with("bad message"));
        assert!(error_of(&session.handle_text(r#"{"type":"move","uci":"e2e5"}"#)).contains("e2e5"));
        assert!(
            error_of(&session.handle_text(r#"{"type":"new_game","fen":"8/8/8 w - - 0 1"}"#))
                .starts_with("FEN: ")
        );
        assert!(
            error_of(&session.handle_text(r#"{"type":"go","think_ms":60001}"#)).contains("refused")
        );
        assert!(
            error_of(&session.handle_text(r#"{"type":"go","think_ms":0}"#)).contains("refused")
        );
        for level in ["99999999999999999999", "3000", "-1", "\"x\"", "1.5"] {
            let text = format!(r#"{{"type":"go","think_ms":100,"level":{level}}}"#);
            let answer = session.handle_text(&text);
            let error = error_of(&answer);
            assert!(
                error.contains("levels go from 1350 to 2200") || error.starts_with("bad message"),
                "{level}: {error}"
            );
        }
        assert!(error_of(&session.handle_text(r#"{"type":"take_back"}"#)).contains("0 played"));
        assert!(
            error_of(&session.handle_text(r#"{"type":"load_pgn","pgn":"1. e4 e5 2. Ke3"}"#))
                .starts_with("PGN: ")
        );
        // A bad paste is reported as what it looks like: a FEN, a PGN, or neither.
        assert!(error_of(
            &session
                .handle_text(r#"{"type":"load_pgn","pgn":"rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"}"#)
        )
        .starts_with("FEN: "));
        assert!(
            error_of(&session.handle_text(r#"{"type":"load_pgn","pgn":"not a game"}"#))
                .starts_with("Neither a FEN nor a PGN game. FEN: ")
        );
        assert!(error_of(
            &session.handle_text(r#"{"type":"load_pgn","pgn":"[Event \"x\"]\n\n1. e4 e5 2. Ke3"}"#)
        )
        .starts_with("PGN: "));
        assert!(
            error_of(&session.handle_text(r#"{"type":"count","position":9}"#))
                .contains("no count position")
        );
        let big = format!(r#"{{"type":"load_pgn","pgn":"{}"}}"#, "x".repeat(70_000));
        assert!(error_of(&session.handle_text(&big)).contains("at most 65536 bytes"));
        // The session goes on.
        let answer = session.handle_text(r#"{"type":"move","uci":"e2e4"}"#);
        assert_eq!(moves_of(&answer[0]), ["e2e4"]);
    }

    #[test]
    fn a_chess960_game_castles_with_the_king_onto_its_rook() {
        let (mut session, _events) = session();
        // Chess960 #3 is BQNNRKRB: O-O swaps king f1 and rook g1.
        let answer = session.handle_text(r#"{"type":"new_game","kind":"chess960","number":3}"#);
        match &answer[0] {
            ServerMessage::State {
                chess960,
                start_fen,
                picks,
                ..
            } => {
                assert_eq!(*chess960, Some(3));
                assert_eq!(
                    start_fen,
                    "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1"
                );
                assert!(picks.contains(&"f1g1".to_string()), "{picks:?}");
            }
            other => panic!("{other:?}"),
        }
        session.handle_text(r#"{"type":"move","uci":"f1g1"}"#);
        let answer = session.handle_text(r#"{"type":"move","uci":"f8g8"}"#);
        let ServerMessage::State {
            moves,
            san,
            fen,
            pgn,
            ..
        } = &answer[0]
        else {
            panic!("{answer:?}");
        };
        assert_eq!(san, &["O-O", "O-O"]);
        // King takes rook: the game's castling cannot be read as another move.
        assert_eq!(moves, &["f1g1", "f8g8"]);
        assert!(
            fen.starts_with("bqnnrrkb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRRKB w - -"),
            "{fen}"
        );
        for tag in [
            "[Variant \"Chess960\"]",
            "[SetUp \"1\"]",
            "[FEN \"bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1\"]",
            "1. O-O O-O",
        ] {
            assert!(pgn.contains(tag), "{tag} in {pgn}");
        }
        // The day the game started, not `????.??.??`.
        let date = format!("[Date \"{}\"]", outpost_pgn::pgn_today());
        assert!(pgn.contains(&date), "{date} in {pgn}");
        // The page resumes the game it kept, number and all.
        let kept = r#"{"type":"set_game","chess960":3,"moves":["f1g1","f8g8"],
            "start_fen":"bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1"}"#;
        let answer = session.handle_text(kept);
        assert!(matches!(
            &answer[0],
            ServerMessage::State { chess960: Some(3), san, .. } if san == &["O-O", "O-O"]
        ));
        // A number that does not name the start is dropped.
        let answer = session.handle_text(&kept.replace("\"chess960\":3", "\"chess960\":4"));
        assert!(matches!(
            &answer[0],
            ServerMessage::State { chess960: None, .. }
        ));
        // A random start has its number too; a standard game has none.
        let answer = session.handle_text(r#"{"type":"new_game","kind":"chess960"}"#);
        let ServerMessage::State {
            chess960: Some(number),
            start_fen,
            ..
        } = &answer[0]
        else {
            panic!("{answer:?}");
        };
        assert_eq!(start_fen, &Board::chess960(*number).unwrap().to_fen());
        let answer = session.handle_text(r#"{"type":"new_game","kind":"standard"}"#);
        assert!(matches!(
            &answer[0],
            ServerMessage::State { chess960: None, .. }
        ));
    }

    #[test]
    fn a_chess_fragments_game_plays_promotes_to_the_right_and_reads_back() {
        let (mut session, _events) = session();
        let answer = session.handle_text(r#"{"type":"new_game","kind":"fragments"}"#);
        let ServerMessage::State {
            variant,
            size,
            fen,
            legal,
            ..
        } = &answer[0]
        else {
            panic!("{answer:?}");
        };
        assert_eq!((*variant, *size), ("fragments", 5));
        assert_eq!(fen, "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1");
        assert!(legal.contains(&"b2b3".to_string()), "{legal:?}");
        // A 5×5 FEN where a5 promotes: to the Right, written c.
        let fen = "4k/P4/5/5/4K w - - 0 1";
        let answer = session.handle_text(&format!(
            r#"{{"type":"new_game","kind":"fragments","fen":"{fen}"}}"#
        ));
        let ServerMessage::State { picks, .. } = &answer[0] else {
            panic!("{answer:?}");
        };
        for piece in ["q", "c", "b", "n"] {
            assert!(picks.contains(&format!("a4a5{piece}")), "{picks:?}");
        }
        assert!(!picks.contains(&"a4a5r".to_string()));
        let answer = session.handle_text(r#"{"type":"move","uci":"a4a5c"}"#);
        let ServerMessage::State { san, pgn, .. } = &answer[0] else {
            panic!("{answer:?}");
        };
        assert_eq!(san, &["a5=C+"]);
        assert!(pgn.contains("[Variant \"fragments\"]"), "{pgn}");
        assert!(pgn.contains("[FEN \"4k/P4/5/5/4K w - - 0 1\"]"), "{pgn}");
        // The page resumes the game it kept; the PGN reads back too.
        let kept = format!(r#"{{"type":"set_game","start_fen":"{fen}","moves":["a4a5c"]}}"#);
        let answer = session.handle_text(&kept);
        assert!(
            matches!(&answer[0], ServerMessage::State { variant: "fragments", san, .. }
            if san == &["a5=C+"])
        );
        let load = serde_json::json!({"type": "load_pgn", "pgn": pgn}).to_string();
        let answer = session.handle_text(&load);
        assert!(
            matches!(&answer[0], ServerMessage::State { variant: "fragments", san, .. }
            if san == &["a5=C+"])
        );
        // A pasted 5×5 FEN (no variant named) is a Fragments game; so is one sent as a PGN.
        let answer = session.handle_text(&format!(r#"{{"type":"new_game","fen":"{fen}"}}"#));
        assert!(matches!(&answer[0], ServerMessage::State { size: 5, .. }));
        let answer = session.handle_text(&format!(r#"{{"type":"load_pgn","pgn":"{fen}"}}"#));
        assert!(matches!(&answer[0], ServerMessage::State { size: 5, .. }));
        // Back to chess.
        let answer = session.handle_text(r#"{"type":"new_game","kind":"standard"}"#);
        assert!(matches!(
            &answer[0],
            ServerMessage::State {
                variant: "chess",
                size: 8,
                ..
            }
        ));
    }

    #[test]
    fn a_fen_of_the_other_rules_is_refused_with_the_boards_error() {
        let (mut session, _events) = session();
        let standard = Board::STARTPOS_FEN;
        let fragments = outpost_board::Variant::Fragments.start_fen();
        let answer = session.handle_text(&format!(
            r#"{{"type":"new_game","kind":"fragments","fen":"{standard}"}}"#
        ));
        assert_eq!(
            error_of(&answer),
            "FEN: the FEN is a position of standard chess (8x8), not of Chess Fragments (5x5)"
        );
        let answer = session.handle_text(&format!(
            r#"{{"type":"new_game","kind":"standard","fen":"{fragments}"}}"#
        ));
        assert!(error_of(&answer).contains("not of standard chess"));
        let answer =
            session.handle_text(r#"{"type":"new_game","kind":"fragments","fen":"5/5/5/5/5 w"}"#);
        assert!(error_of(&answer).starts_with("FEN: FEN has 2 fields"));
        let answer = session.handle_text(r#"{"type":"new_game","kind":"fragments","number":3}"#);
        assert!(error_of(&answer).contains("Chess960 games only"));
        // The session goes on, in chess.
        let answer = session.handle_text(r#"{"type":"move","uci":"e2e4"}"#);
        assert_eq!(moves_of(&answer[0]), ["e2e4"]);
    }

    #[test]
    fn fragments_tables_cover_its_25_squares_with_the_right() {
        let (mut session, _events) = session();
        let answer = session.handle_text(r#"{"type":"tables","rules":"fragments"}"#);
        let ServerMessage::Tables {
            variant,
            size,
            pieces,
        } = &answer[0]
        else {
            panic!("{answer:?}");
        };
        assert_eq!((*variant, *size), ("fragments", 5));
        let names: Vec<_> = pieces.iter().map(|piece| piece.piece).collect();
        assert_eq!(
            names,
            ["pawn", "knight", "bishop", "right", "queen", "king"]
        );
        assert!(pieces.iter().all(|piece| piece.endgame.len() == 25));
    }

    #[test]
    fn the_king_castles_onto_its_target_square_when_no_other_move_goes_there() {
        let (mut session, _events) = session();
        // Chess960 #518 is the standard array: e1g1 castles as in chess.
        session.handle_text(r#"{"type":"new_game","kind":"chess960","number":518}"#);
        for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
            session.handle_text(&format!(r#"{{"type":"move","uci":"{uci}"}}"#));
        }
        let answer = session.handle_text(r#"{"type":"move","uci":"e1g1"}"#);
        let ServerMessage::State { san, moves, .. } = &answer[0] else {
            panic!("{answer:?}");
        };
        assert_eq!(san.last().unwrap(), "O-O");
        assert_eq!(moves.last().unwrap(), "e1g1");
        // King f1 and rook h1: f1g1 is a king step, the king onto h1 castles.
        let fen = "r3k2r/8/8/8/8/8/8/1R3K1R w KQkq - 0 1";
        session.handle_text(&format!(r#"{{"type":"new_game","fen":"{fen}"}}"#));
        let answer = session.handle_text(r#"{"type":"move","uci":"f1g1"}"#);
        assert!(matches!(&answer[0], ServerMessage::State { san, .. } if san == &["Kg1"]));
        session.handle_text(r#"{"type":"take_back"}"#);
        let answer = session.handle_text(r#"{"type":"move","uci":"f1h1"}"#);
        assert!(matches!(&answer[0], ServerMessage::State { san, moves, .. }
            if san == &["O-O"] && moves == &["f1h1"]));
    }

    #[test]
    fn bad_chess960_numbers_are_refused_and_the_session_goes_on() {
        let (mut session, _events) = session();
        for (text, expected) in [
            (r#"{"number":960}"#, "numbered 0 to 959, not 960"),
            (r#"{"number":-1}"#, "numbered 0 to 959, not -1"),
            (r#"{"number":"x"}"#, "bad message"),
            (r#"{"number":1.5}"#, "bad message"),
            (r#"{"fen":"8/8/8/8/8/8/8/K6k w - - 0 1"}"#, "not from a FEN"),
        ] {
            let message = text.replace('{', r#"{"type":"new_game","kind":"chess960","#);
            let answer = session.handle_text(&message);
            assert!(
                error_of(&answer).contains(expected),
                "{message}: {answer:?}"
            );
        }
        let answer = session.handle_text(r#"{"type":"new_game","number":3}"#);
        assert!(error_of(&answer).contains("Chess960 games only"));
        let answer = session.handle_text(r#"{"type":"new_game","kind":"shogi"}"#);
        assert!(error_of(&answer).contains("bad message"), "{answer:?}");
        let answer = session.handle_text(r#"{"type":"move","uci":"e2e4"}"#);
        assert_eq!(moves_of(&answer[0]), ["e2e4"]);
    }

    #[test]
    fn games_from_fen_pgn_and_a_move_list() {
        let (mut session, _events) = session();
        let answer = session
            .handle_text(r#"{"type":"new_game","fen":"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}"#);
        match &answer[0] {
            ServerMessage::State { legal, .. } => assert!(legal.contains(&"a1a8".to_string())),
            other => panic!("{other:?}"),
        }
        let answer = session.handle_text(r#"{"type":"move","uci":"a1a8"}"#);
        match &answer[0] {
            ServerMessage::State {
                end, check, san, ..
            } => {
                assert_eq!(end.as_ref().unwrap().reason, "checkmate, white wins");
                assert_eq!(check.as_deref(), Some("g8"));
                assert_eq!(san, &["Ra8#"]);
            }
            other => panic!("{other:?}"),
        }
        assert!(error_of(&session.handle_text(r#"{"type":"go","think_ms":100}"#)).contains("over"));
        let answer = session.handle_text(r#"{"type":"load_pgn","pgn":"1. f3 e5 2. g4 Qh4# 0-1"}"#);
        match &answer[0] {
            ServerMessage::State { end, pgn, .. } => {
                assert_eq!(end.as_ref().unwrap().result, "0-1");
                assert!(pgn.contains("2. g4 Qh4#"));
            }
            other => panic!("{other:?}"),
        }
        let answer = session.handle_text(r#"{"type":"set_game","moves":["e2e4","e7e5","g1f3"]}"#);
        assert_eq!(moves_of(&answer[0]).len(), 3);
        assert!(
            error_of(&session.handle_text(r#"{"type":"set_game","moves":["e2e4","e2e4"]}"#))
                .starts_with("move 2 of the game")
        );
        let answer = session.handle_text(r#"{"type":"take_back","plies":2}"#);
        assert_eq!(moves_of(&answer[0]), ["e2e4"]);
    }

    #[test]
    fn analysis_shows_three_lines_and_restarts_on_a_move() {
        let (mut session, events) = session();
        let answer = session.handle_text(r#"{"type":"analyse","on":true}"#);
        assert!(matches!(
            answer[0],
            ServerMessage::State {
                analysing: true,
                ..
            }
        ));
        until(&mut session, &events, |m| {
            matches!(
                m,
                ServerMessage::Info {
                    multipv: 3,
                    search: SearchKind::Analysis,
                    ..
                }
            )
        });
        assert!(
            error_of(&session.handle_text(r#"{"type":"go","think_ms":100}"#)).contains("analysis")
        );
        session.handle_text(r#"{"type":"move","uci":"d2d4"}"#);
        // The new analysis searches the position after d4: black's moves.
        let seen = until(&mut session, &events, |m| {
            matches!(m, ServerMessage::Info { depth: 2, .. })
        });
        let Some(ServerMessage::Info { pv, .. }) = seen.last() else {
            panic!()
        };
        assert!(pv[0].ends_with('6') || pv[0].ends_with('5'), "{pv:?}");
        let answer = session.handle_text(r#"{"type":"analyse","on":false}"#);
        assert!(matches!(
            answer[0],
            ServerMessage::State {
                analysing: false,
                ..
            }
        ));
    }

    #[test]
    fn a_take_back_while_thinking_drops_the_search() {
        let (mut session, events) = session();
        session.handle_text(r#"{"type":"move","uci":"e2e4"}"#);
        session.handle_text(r#"{"type":"go","think_ms":60000}"#);
        assert!(session.is_thinking());
        let answer = session.handle_text(r#"{"type":"take_back"}"#);
        assert!(matches!(
            answer[0],
            ServerMessage::State {
                thinking: false,
                ..
            }
        ));
        assert!(moves_of(&answer[0]).is_empty());
        // Whatever the stopped search still says changes nothing.
        while let Ok(event) = events.recv_timeout(Duration::from_millis(200)) {
            assert!(session.on_event(event).is_empty());
        }
    }

    #[test]
    fn stop_plays_the_best_move_so_far() {
        let (mut session, events) = session();
        session.handle_text(r#"{"type":"go","think_ms":60000}"#);
        std::thread::sleep(Duration::from_millis(100));
        session.handle_text(r#"{"type":"stop"}"#);
        let seen = until(&mut session, &events, |m| {
            matches!(
                m,
                ServerMessage::State {
                    thinking: false,
                    ..
                }
            )
        });
        assert_eq!(moves_of(seen.last().unwrap()).len(), 1);
    }

    #[test]
    fn tables_and_scores_from_whites_side() {
        let (mut session, _events) = session();
        let answer = session.handle_text(r#"{"type":"tables"}"#);
        let ServerMessage::Tables { pieces, size, .. } = &answer[0] else {
            panic!()
        };
        assert_eq!(*size, 8);
        assert_eq!(pieces.len(), 6);
        assert_eq!(pieces[1].piece, "knight");
        assert_eq!(pieces[1].middlegame.len(), 64);
        assert!(pieces[1].middlegame[27] > pieces[1].middlegame[0]); // d4 over a1
        assert_eq!(
            white_score(Score::centipawns(30), Color::Black),
            WhiteScore {
                cp: Some(-30),
                mate: None
            }
        );
        assert_eq!(
            white_score(Score::mate_in(3), Color::Black),
            WhiteScore {
                cp: None,
                mate: Some(-2)
            }
        );
    }

    #[test]
    fn count_reports_rows_and_stops() {
        let (mut session, events) = session();
        assert!(session
            .handle_text(r#"{"type":"count","position":0,"max_depth":3}"#)
            .is_empty());
        let seen = until(&mut session, &events, |m| {
            matches!(m, ServerMessage::CountDone { .. })
        });
        let rows = seen
            .iter()
            .filter(|m| matches!(m, ServerMessage::CountRow { same: true, .. }))
            .count();
        assert_eq!(rows, 3);
        session.handle_text(r#"{"type":"count"}"#);
        session.handle_text(r#"{"type":"stop_count"}"#);
        let seen = until(&mut session, &events, |m| {
            matches!(m, ServerMessage::CountDone { .. })
        });
        assert_eq!(
            seen.last(),
            Some(&ServerMessage::CountDone { reason: "stopped" })
        );
    }
}
