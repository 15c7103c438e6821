//! The game core alone: a scripted engine stands in for the search, so that each test says
//! exactly which result arrives when, and time is handed in by the test.

use outpost_board::{Board, Color, Move};
use outpost_game::{
    notify_channel, Ending, Engine, EngineEvent, GameSession, Mode, Player, Purpose, Refusal,
    TimeControl, Update,
};
use outpost_movegen::uci::parse_uci_move;
use outpost_movegen::Game;
use outpost_search::{
    Bound, Info, Limits, Progress, Score, SearchEvent, SearchPosition, SearchResult,
};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the scripted engine was asked, and the listener of its latest search.
#[derive(Default)]
struct Script {
    started: Vec<(Board, Limits)>,
    listener: Option<Box<dyn FnMut(SearchEvent) + Send>>,
    stops: usize,
    cleared: usize,
    /// The levels the engine was given, in order.
    levels: Vec<Option<outpost_search::Level>>,
}

/// An engine that searches nothing: the test finishes its searches by hand.
struct ScriptedEngine(Arc<Mutex<Script>>);

impl Engine for ScriptedEngine {
    fn start(
        &mut self,
        position: SearchPosition,
        limits: Limits,
        listener: Box<dyn FnMut(SearchEvent) + Send>,
    ) {
        let mut script = self.0.lock().unwrap();
        script.started.push((position.board, limits));
        script.listener = Some(listener);
    }

    fn stop(&self) {
        self.0.lock().unwrap().stops += 1;
    }

    fn wait(&mut self) {}

    fn clear_hash(&mut self) {
        self.0.lock().unwrap().cleared += 1;
    }

    fn set_multipv(&mut self, _lines: usize) {}

    fn set_move_overhead(&mut self, _overhead: std::time::Duration) {}

    fn set_level(&mut self, level: Option<outpost_search::Level>) {
        self.0.lock().unwrap().levels.push(level);
    }
}

struct Harness {
    session: GameSession,
    script: Arc<Mutex<Script>>,
    events: Receiver<EngineEvent>,
}

impl Harness {
    fn new(game: Game, players: Mode) -> Harness {
        let script = Arc::new(Mutex::new(Script::default()));
        let (sender, events) = channel();
        let engine = Box::new(ScriptedEngine(Arc::clone(&script)));
        let mut session = GameSession::new(game, None, engine, notify_channel(sender));
        session.set_players(players);
        Harness {
            session,
            script,
            events,
        }
    }

    /// The position of the latest search.
    fn searched_board(&self) -> Board {
        self.script
            .lock()
            .unwrap()
            .started
            .last()
            .unwrap()
            .0
            .clone()
    }

    /// The latest search reports `mv` as its result (for the side to move, `score`).
    fn finish(&mut self, mv: &str, score: i32) {
        let board = self.searched_board();
        let best_move = Some(parse_uci_move(&board, mv).unwrap());
        let result = SearchResult::unsearched(best_move, Score::centipawns(score));
        let mut listener = self.script.lock().unwrap().listener.take().unwrap();
        listener(SearchEvent::Finished(result));
    }

    /// The latest search reports an iteration whose best line is `line` (UCI moves).
    fn report(&mut self, line: &[&str], score: i32) {
        let board = self.searched_board();
        let info = Info {
            depth: 6,
            seldepth: 8,
            multipv: 1,
            score: Score::centipawns(score),
            bound: Bound::Exact,
            nodes: 1000,
            nps: 100_000,
            hashfull: 0,
            time: Duration::from_millis(10),
            pv: moves_of(&board, line),
        };
        let mut script = self.script.lock().unwrap();
        let listener = script.listener.as_mut().unwrap();
        listener(SearchEvent::Progress(Progress::Iteration(info)));
    }

    /// Hands every report that has arrived to the session at `now`.
    fn deliver(&mut self, now: Duration) -> Vec<Update> {
        let mut updates = Vec::new();
        while let Ok(event) = self.events.try_recv() {
            updates.extend(self.session.on_engine_event(event, now));
        }
        updates
    }

    fn play(&mut self, text: &str, now: Duration) -> Result<String, Refusal> {
        let mv: Move = parse_uci_move(self.session.board(), text).unwrap();
        self.session.play(mv, now)
    }

    fn searches(&self) -> usize {
        self.script.lock().unwrap().started.len()
    }
}

/// `line` (UCI moves) played from `board`, as moves.
fn moves_of(board: &Board, line: &[&str]) -> Vec<Move> {
    let mut board = board.clone();
    line.iter()
        .map(|text| {
            let mv = parse_uci_move(&board, text).unwrap();
            board.make(mv);
            mv
        })
        .collect()
}

fn against_engine() -> Mode {
    Mode::new(Player::Human, Player::Engine)
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn the_engine_answers_and_a_stale_result_is_never_played() {
    let mut harness = Harness::new(Game::startpos(), against_engine());
    assert_eq!(
        harness.play("e2e4", Duration::ZERO),
        Ok("1. e4".to_string())
    );
    assert!(harness.session.advance(Duration::ZERO).is_empty());
    assert!(harness.session.thinking_about(Purpose::Move));
    // The person takes the move back before the engine answers: its search is given up.
    harness.session.take_back(1, Duration::ZERO).unwrap();
    harness.finish("e7e5", 0);
    assert!(
        harness.deliver(Duration::ZERO).is_empty(),
        "a stale result is dropped"
    );
    assert!(harness.session.game().moves().is_empty());
    // Played again, the new search's result is played.
    harness.play("d2d4", Duration::ZERO).unwrap();
    harness.session.advance(Duration::ZERO);
    assert_eq!(harness.searches(), 2);
    harness.finish("d7d5", 25);
    let updates = harness.deliver(Duration::ZERO);
    let Some(Update::EngineMoved(reply)) = updates.first() else {
        panic!("{updates:?}");
    };
    assert_eq!(reply.numbered_san(), "1... d5");
    assert_eq!(harness.session.game().moves().len(), 2);
    // Its score, for black to move, is kept from white's side.
    assert_eq!(harness.session.engine_score(), Some(Score::centipawns(-25)));
}

#[test]
fn moves_are_refused_with_their_reason() {
    let mut harness = Harness::new(Game::startpos(), against_engine());
    let illegal = parse_uci_move(&Board::startpos(), "e2e4").unwrap();
    harness.play("e2e4", Duration::ZERO).unwrap();
    // Black's move is the engine's.
    let e7e5 = parse_uci_move(harness.session.board(), "e7e5").unwrap();
    assert_eq!(
        harness.session.play(e7e5, Duration::ZERO),
        Err(Refusal::EngineToMove)
    );
    harness
        .session
        .set_players(Mode::new(Player::Human, Player::Human));
    assert_eq!(
        harness.session.play(illegal, Duration::ZERO),
        Err(Refusal::Illegal)
    );
    harness.session.think(Purpose::Move, Limits::default());
    assert_eq!(
        harness.session.play(e7e5, Duration::ZERO),
        Err(Refusal::EngineThinking)
    );
    harness.session.abandon_search();
    assert_eq!(
        harness.session.take_back(5, Duration::ZERO),
        Err(Refusal::NothingToTakeBack(1))
    );
    harness
        .session
        .resign(Color::White, Duration::ZERO)
        .unwrap();
    assert!(matches!(
        harness.session.play(e7e5, Duration::ZERO),
        Err(Refusal::GameOver(Ending::Resigned { .. }))
    ));
    let pgn = harness.session.pgn(&[]);
    assert_eq!(pgn.termination.as_deref(), Some("White resigned"));
}

#[test]
fn a_take_back_against_the_engine_gives_the_clocks_back() {
    let mut harness = Harness::new(Game::startpos(), against_engine());
    let control = TimeControl::parse("1+2").unwrap();
    harness
        .session
        .set_time_control(Some(control), Duration::ZERO);
    // White thinks 10 s, the engine 5 s, white 20 s more.
    harness.play("e2e4", 10 * SECOND).unwrap();
    harness.session.advance(10 * SECOND);
    harness.finish("e7e5", 0);
    harness.deliver(15 * SECOND);
    let clocks = harness.session.clocks().unwrap();
    assert_eq!(clocks.left(Color::White, 15 * SECOND), 52 * SECOND);
    assert_eq!(clocks.left(Color::Black, 15 * SECOND), 57 * SECOND);
    // Taking back at 35 s: the engine's reply and the person's move, with their time.
    let taken = harness.session.take_back_turn(35 * SECOND).unwrap();
    assert_eq!(taken.len(), 2);
    let clocks = harness.session.clocks().unwrap();
    assert_eq!(clocks.running(), Some(Color::White));
    assert_eq!(clocks.left(Color::White, 35 * SECOND), 60 * SECOND);
    assert_eq!(clocks.left(Color::Black, 35 * SECOND), 60 * SECOND);
    assert_eq!(clocks.left(Color::White, 36 * SECOND), 59 * SECOND);
}

#[test]
fn a_paused_game_stops_the_clocks_and_the_engine() {
    let mut harness = Harness::new(Game::startpos(), against_engine());
    let control = TimeControl::parse("1+2").unwrap();
    harness
        .session
        .set_time_control(Some(control), Duration::ZERO);
    // White reads the help from 10 s to 40 s: its clock stops meanwhile.
    harness.session.pause_game(10 * SECOND);
    assert!(harness.session.is_paused());
    let clocks = harness.session.clocks().unwrap();
    assert_eq!(clocks.running(), None);
    assert_eq!(clocks.left(Color::White, 40 * SECOND), 50 * SECOND);
    // No flag falls while paused, however long.
    assert!(harness.session.advance(1000 * SECOND).is_empty());
    harness.session.resume_game(40 * SECOND);
    assert!(!harness.session.is_paused());
    let clocks = harness.session.clocks().unwrap();
    assert_eq!(clocks.running(), Some(Color::White));
    assert_eq!(clocks.left(Color::White, 45 * SECOND), 45 * SECOND);
    // White moves at 45 s; paused before the engine starts, it does not start.
    harness.play("e2e4", 45 * SECOND).unwrap();
    harness.session.pause_game(45 * SECOND);
    assert!(harness.session.advance(50 * SECOND).is_empty());
    assert_eq!(harness.searches(), 0, "no search starts while paused");
    let clocks = harness.session.clocks().unwrap();
    assert_eq!(clocks.left(Color::Black, 50 * SECOND), 60 * SECOND);
    // Resumed at 50 s, the engine searches and its clock runs.
    harness.session.resume_game(50 * SECOND);
    harness.session.advance(50 * SECOND);
    assert_eq!(harness.searches(), 1);
    // Paused again while it searches: its move is played at 60 s, charged up to the pause
    // (53 s), and white's clock waits for the end of the pause.
    harness.session.pause_game(53 * SECOND);
    harness.finish("e7e5", 0);
    harness.deliver(60 * SECOND);
    assert_eq!(harness.session.game().moves().len(), 2);
    let clocks = harness.session.clocks().unwrap();
    assert_eq!(clocks.running(), None);
    assert_eq!(clocks.left(Color::Black, 70 * SECOND), 59 * SECOND);
    assert_eq!(clocks.left(Color::White, 70 * SECOND), 47 * SECOND);
    // A take-back while paused keeps the clocks stopped.
    harness.session.take_back_turn(70 * SECOND).unwrap();
    assert_eq!(harness.session.clocks().unwrap().running(), None);
    harness.session.resume_game(80 * SECOND);
    assert_eq!(
        harness.session.clocks().unwrap().running(),
        Some(Color::White)
    );
}

#[test]
fn the_pgn_of_a_game_with_clocks_has_its_time_control() {
    let mut harness = Harness::new(Game::startpos(), against_engine());
    assert_eq!(harness.session.pgn(&[]).tag("TimeControl"), None);
    let control = TimeControl::parse("5+2").unwrap();
    harness
        .session
        .set_time_control(Some(control), Duration::ZERO);
    let pgn = harness.session.pgn(&[]);
    assert_eq!(pgn.tag("TimeControl"), Some("300+2"));
    assert!(outpost_pgn::write_pgn(&pgn).contains("[TimeControl \"300+2\"]"));
}

#[test]
fn a_flag_is_a_draw_only_when_the_other_side_cannot_mate() {
    // White has a bare king, black a rook: black's flag falls but white cannot mate.
    let board = Board::from_fen("r6k/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    let mut harness = Harness::new(Game::new(board), Mode::new(Player::Human, Player::Human));
    let control = TimeControl::parse("0.1").unwrap();
    harness
        .session
        .set_time_control(Some(control), Duration::ZERO);
    assert!(harness.session.advance(5 * SECOND).is_empty());
    let updates = harness.session.advance(7 * SECOND);
    let draw = Ending::Flag {
        loser: Color::Black,
        draw: true,
    };
    assert!(matches!(updates.as_slice(), [Update::Ended(ending)] if *ending == draw));
    assert_eq!(harness.session.ending(), Some(draw));
    // With a pawn white might mate: the same flag loses.
    let board = Board::from_fen("r6k/8/8/8/8/8/4P3/4K3 b - - 0 1").unwrap();
    let mut harness = Harness::new(Game::new(board), Mode::new(Player::Human, Player::Human));
    harness
        .session
        .set_time_control(Some(control), Duration::ZERO);
    harness.session.advance(7 * SECOND);
    assert_eq!(
        harness.session.ending(),
        Some(Ending::Flag {
            loser: Color::Black,
            draw: false
        })
    );
}

#[test]
fn a_new_game_forgets_the_old_one() {
    let mut harness = Harness::new(Game::startpos(), against_engine());
    harness.play("e2e4", Duration::ZERO).unwrap();
    harness.session.advance(Duration::ZERO);
    let chess960 = Board::chess960(3).unwrap();
    harness
        .session
        .new_game(Game::new(chess960), Some(3), Duration::ZERO);
    assert!(!harness.session.is_thinking());
    assert_eq!(harness.script.lock().unwrap().cleared, 1);
    harness.finish("e7e5", 0);
    assert!(harness.deliver(Duration::ZERO).is_empty());
    let pgn = harness.session.pgn(&[("Event", "test")]);
    assert_eq!(pgn.tag("Variant"), Some("Chess960"));
    assert_eq!(pgn.tag("Event"), Some("test"));
    assert_eq!(harness.session.chess960(), Some(3));
}

#[test]
fn a_draw_that_can_be_claimed_ends_the_game_as_if_claimed() {
    use outpost_movegen::GameStatus;
    // The session claims every draw at once (the game's status alone would go on).
    let humans = Mode::new(Player::Human, Player::Human);
    let mut harness = Harness::new(Game::startpos(), humans);
    for text in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        assert_eq!(harness.session.ending(), None);
        harness.play(text, Duration::ZERO).unwrap();
    }
    assert_eq!(harness.session.game().status(), GameStatus::Ongoing);
    let threefold = Ending::Rules(GameStatus::ThreefoldRepetition);
    assert_eq!(harness.session.ending(), Some(threefold));
    let e2e4 = parse_uci_move(harness.session.board(), "e2e4").unwrap();
    assert_eq!(
        harness.session.play(e2e4, Duration::ZERO),
        Err(Refusal::GameOver(threefold))
    );
    let pgn = harness.session.pgn(&[]);
    assert_eq!(pgn.termination.as_deref(), Some("Threefold repetition"));

    let start = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    let mut harness = Harness::new(Game::new(start), humans);
    harness.play("a1a2", Duration::ZERO).unwrap();
    assert_eq!(
        harness.session.ending(),
        Some(Ending::Rules(GameStatus::FiftyMoveRule))
    );
}

/// A level is the engine's for its moves only: hints and analysis search at full strength,
/// a search for a move when the level changes starts again, and the PGN gives the engine's
/// rating.
#[test]
fn the_level_is_for_the_engines_moves_and_in_the_pgn() {
    let level = outpost_game::Level::from_elo(1700).unwrap();
    let mut harness = Harness::new(Game::startpos(), against_engine());
    harness.session.set_level(Some(level));
    assert_eq!(harness.session.level(), Some(level));
    harness.play("e2e4", Duration::ZERO).unwrap();
    harness.session.advance(Duration::ZERO);
    assert_eq!(harness.script.lock().unwrap().levels, [Some(level)]);
    // Another level while it searches: that search is given up and the next one has it.
    let stronger = outpost_game::Level::from_elo(2200).unwrap();
    harness.session.set_level(Some(stronger));
    assert!(!harness.session.is_thinking());
    harness.session.advance(Duration::ZERO);
    assert_eq!(harness.searches(), 2);
    harness.finish("e7e5", 0);
    harness.deliver(Duration::ZERO);
    // A hint is at full strength.
    harness.session.hint().unwrap();
    assert_eq!(
        harness.script.lock().unwrap().levels,
        [Some(level), Some(stronger), None]
    );
    let pgn = harness
        .session
        .pgn(&harness.session.player_tags())
        .to_string();
    assert!(pgn.contains("[BlackElo \"2200\"]"), "{pgn}");
    assert!(!pgn.contains("WhiteElo"), "{pgn}");
}

/// At a level the engine may play another move than its best line's: the thinking panel then
/// shows the line of the move played (reported before the move), not the best line.
#[test]
fn the_panel_shows_the_line_of_the_move_played() {
    let mut harness = Harness::new(Game::startpos(), against_engine());
    harness.play("e2e4", Duration::ZERO).unwrap();
    harness.session.advance(Duration::ZERO);
    harness.report(&["e7e5", "g1f3"], 30);
    assert_eq!(harness.deliver(Duration::ZERO).len(), 1);
    let board = harness.session.board().clone();
    let result = SearchResult {
        depth: 6,
        pv: moves_of(&board, &["c7c5", "g1f3"]),
        ..SearchResult::unsearched(parse_uci_move(&board, "c7c5").ok(), Score::centipawns(-12))
    };
    let mut listener = harness.script.lock().unwrap().listener.take().unwrap();
    listener(SearchEvent::Finished(result));
    let updates = harness.deliver(Duration::ZERO);
    let [Update::Progress(line), Update::EngineMoved(played), ..] = updates.as_slice() else {
        panic!("{updates:?}");
    };
    assert_eq!(played.numbered_san(), "1... c5");
    assert_eq!(line.pv, moves_of(&board, &["c7c5", "g1f3"]));
    assert_eq!(line.score, Score::centipawns(-12));
    let shown = harness.session.thinking().unwrap().info.clone().unwrap();
    assert_eq!(shown.pv, line.pv);

    // The best line's move played: nothing more to show than what was reported.
    harness.play("g1f3", Duration::ZERO).unwrap();
    harness.session.advance(Duration::ZERO);
    harness.report(&["b8c6"], 20);
    harness.deliver(Duration::ZERO);
    harness.finish("b8c6", 20);
    let updates = harness.deliver(Duration::ZERO);
    assert!(
        matches!(updates.first(), Some(Update::EngineMoved(_))),
        "{updates:?}"
    );
}
