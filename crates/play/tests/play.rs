//! The terminal game driven by scripted input, without a terminal: colours off, the engine at
//! a fixed number of nodes per move so that it always plays the same moves.

use outpost_board::{Board, Color, Variant};
use outpost_game::players::{Mode, Player};
use outpost_game::Chess960Start;
use outpost_game::Strength;
use outpost_movegen::{legal_moves, GameStatus};
use outpost_pgn::{read_pgn, PgnResult};
use outpost_play::line::input::{Event, Inbox};
use outpost_play::line::variant;
use outpost_play::line::{Session, Settings};
use std::path::PathBuf;
use std::time::Duration;

/// Plain text, no pause, a deterministic engine, input read as a script.
fn settings(mode: Mode) -> Settings {
    Settings {
        mode,
        strength: Strength::Nodes(2_000),
        pause: Duration::ZERO,
        scripted: true,
        ..Settings::default()
    }
}

fn humans() -> Mode {
    Mode::new(Player::Human, Player::Human)
}

/// Runs a session on `lines` (then the end of input) and returns it with what it printed.
fn play(settings: Settings, lines: &[&str]) -> (Session<Vec<u8>>, String) {
    let mut session = Session::new(settings, Vec::new());
    session.run(&Inbox::scripted(lines)).unwrap();
    let text = String::from_utf8(session.output().clone()).unwrap();
    (session, text)
}

/// The speed of the search differs from run to run: `123456 nps` becomes `… nps`.
fn without_speed(text: &str) -> String {
    text.lines()
        .map(|line| match line.find(" nps") {
            Some(end) => {
                let start = line[..end].rfind(' ').map_or(0, |space| space + 1);
                format!("{}…{}\n", &line[..start], &line[end..])
            }
            None => format!("{line}\n"),
        })
        .collect()
}

/// A file in the temporary directory, unique to this test run.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("outpost-play-{}-{name}", std::process::id()))
}

#[test]
fn chess_fragments_is_played_on_5_by_5_with_the_right() {
    let settings = Settings {
        start: variant::start_board(Variant::Fragments),
        ..settings(humans())
    };
    // Coordinates and SAN; the Right (a1) takes on a4 up the opened a-file; the engine gives
    // a hint, the legal moves are listed; `new` starts Fragments again.
    let (session, text) = play(
        settings,
        &[
            "b2b3", "cxb3", "axb3", "d3", "Cxa4", "hint", "moves", "new", "b3",
        ],
    );
    insta::assert_snapshot!("chess_fragments", without_speed(&text));
    assert!(
        text.contains(
            "Type help for the commands.\n\
         Chess Fragments: 5x5, the Right (C) moves as a rook or a knight; promote to it with \
         a5=C or a4a5c.\n"
        ),
        "{text}"
    );
    assert!(text.contains("New game.\nChess Fragments"), "{text}");
    assert!(text.contains("Variant     Chess Fragments"), "{text}");
    assert_eq!(
        session.game().start(),
        &variant::start_board(Variant::Fragments)
    );
    assert_eq!(session.game().san_moves(), "b3");
}

#[test]
fn chess_fragments_promotes_to_the_right() {
    let settings = Settings {
        start: Board::from_fen("k4/2P2/5/5/1C2K w - - 0 1").unwrap(),
        ..settings(humans())
    };
    let (session, _) = play(settings.clone(), &["c4c5c"]);
    assert_eq!(session.game().san_moves(), "c5=C#");
    let (session, _) = play(settings, &["c5=C"]);
    assert_eq!(session.game().san_moves(), "c5=C#");
}

#[test]
fn chess960_castles_by_san_or_the_king_onto_its_rook() {
    // Chess960 #3 is BQNNRKRB: O-O swaps king f1 and rook g1.
    let settings = Settings {
        chess960: Some(Chess960Start::Numbered(3)),
        ..settings(humans())
    };
    let (session, text) = play(settings, &["f1g1", "O-O", "new", "d1e3"]);
    insta::assert_snapshot!("chess960_castling", text);
    assert!(
        text.contains(
            "Type help for the commands.\n\
         Chess960 #3: castle with O-O or O-O-O, or move the king onto its rook (like g1h1).\n"
        ),
        "{text}"
    );
    assert!(text.contains("New game.\nChess960 #3"), "{text}");
    assert_eq!(session.game().start(), &Board::chess960(3).unwrap());
    assert_eq!(session.game().san_moves(), "Ne3");
}

#[test]
fn fools_mate_between_humans_is_announced() {
    let (session, text) = play(settings(humans()), &["f3", "e5", "g4", "Qh4#"]);
    assert!(text.contains("Game over: checkmate, black wins."), "{text}");
    assert_eq!(
        session.game().status(),
        GameStatus::Checkmate {
            winner: Color::Black
        }
    );
    assert!(!text.contains('\x1b'), "no escape codes without colour");
    insta::assert_snapshot!("fools_mate", text);
}

#[test]
fn undo_takes_back_one_move_between_humans_and_flip_turns_the_board() {
    let (session, text) = play(settings(humans()), &["e4", "e5", "undo", "flip"]);
    assert_eq!(session.game().san_moves(), "e4");
    assert!(session.flipped());
    assert!(text.contains("Took back 1... e5"), "{text}");
    // The last screen is the flipped board: files h to a, rank 1 on top.
    let flipped = &text[text.rfind("> flip").expect("the flip command")..];
    insta::assert_snapshot!("flipped_after_undo", flipped);
}

#[test]
fn bad_input_is_explained_and_changes_nothing() {
    let two_knights = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
    let mut start = settings(humans());
    start.start = Board::from_fen(two_knights).unwrap();
    let lines = [
        "e5",
        "Nd2",
        "e2e5",
        "Kz9",
        "dance",
        "e4 e5",
        "fen 8/8/8 w - - 0 1",
        "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "time soon",
        "load",
        "undo",
        "\u{1F600}",
    ];
    let (session, text) = play(start, &lines);
    assert_eq!(session.game().board().to_fen(), two_knights);
    assert!(session.game().moves().is_empty());
    let answers: Vec<&str> = text
        .lines()
        .filter(|line| !line.is_empty() && !line.contains("> "))
        .skip_while(|line| !line.contains("Last move"))
        .skip(2)
        .collect();
    assert_eq!(
        answers.len(),
        lines.len(),
        "one line per bad input:\n{text}"
    );
    insta::assert_snapshot!("bad_input", answers.join("\n"));
}

#[test]
fn the_engine_replies_with_a_legal_move() {
    let (session, text) = play(settings(Mode::default()), &["e4", "hint"]);
    let game = session.game();
    assert_eq!(game.moves().len(), 2, "{text}");
    let mut after_e4 = Board::startpos();
    let e4 = game.moves()[0];
    after_e4.make(e4);
    assert!(legal_moves(&after_e4).contains(&game.moves()[1]));
    assert!(text.contains("Hint: 2. "), "{text}");
    insta::assert_snapshot!("human_against_engine", without_speed(&text));
}

#[test]
fn undo_against_the_engine_takes_back_a_move_pair() {
    let (session, text) = play(settings(Mode::default()), &["d4", "undo"]);
    assert!(session.game().moves().is_empty(), "{text}");
    assert!(text.contains("Took back 1. d4 "), "{text}");
}

#[test]
fn the_engine_moves_first_when_the_human_plays_black() {
    let mut black = settings(Mode::new(Player::Engine, Player::Human));
    black.flipped = true;
    let (session, text) = play(black, &[]);
    assert_eq!(session.game().moves().len(), 1, "{text}");
    assert!(text.contains("White plays 1. "), "{text}");
}

#[test]
fn the_engine_plays_itself_to_mate() {
    let mut engines = settings(Mode::new(Player::Engine, Player::Engine));
    engines.start = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let (session, text) = play(engines, &["moves"]);
    assert_eq!(session.game().san_moves(), "Ra8#");
    assert!(text.contains("White plays 1. Ra8#"), "{text}");
    assert!(text.contains("Game over: checkmate, white wins."), "{text}");
    // The script is read once nobody is left to move.
    assert!(text.contains("Game over> moves\nNo legal moves."), "{text}");
}

/// `eval` prints the static evaluation term by term, as UCI `eval` shows it.
#[test]
fn eval_explains_the_position() {
    let (_session, text) = play(settings(humans()), &["e4", "eval"]);
    for row in [
        "Passed pawns",
        "Mobility",
        "King safety",
        "Threats",
        "Tempo",
        "Score",
    ] {
        assert!(text.contains(row), "{row}: {text}");
    }
}

#[test]
fn every_end_of_game_is_announced_with_its_reason() {
    let cases: [(&[&str], &str); 5] = [
        (&["fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"], "draw by stalemate"),
        (
            &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
            "draw by threefold repetition",
        ),
        (
            &["fen 4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "Ra2"],
            "draw by the fifty-move rule",
        ),
        (
            &["fen 4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "Kxd2"],
            "draw by insufficient material",
        ),
        (&["f3", "e5", "g4", "Qh4#"], "checkmate, black wins"),
    ];
    for (lines, reason) in cases {
        let (_, text) = play(settings(humans()), lines);
        assert!(
            text.contains(&format!("Game over: {reason}.")),
            "{lines:?}:\n{text}"
        );
        // The panel says it too, beside the board.
        assert!(
            text.contains(&format!("   Game over: {reason}\n")),
            "{text}"
        );
    }
}

#[test]
fn moves_after_the_end_are_refused() {
    let (session, text) = play(settings(humans()), &["f3", "e5", "g4", "Qh4#", "e4"]);
    assert_eq!(session.game().moves().len(), 4);
    assert!(
        text.contains("The game is over (checkmate, black wins)"),
        "{text}"
    );
}

#[test]
fn a_game_saved_as_pgn_reads_back_and_loads() {
    let path = temp_file("fools-mate.pgn");
    let save = format!("pgn {}", path.display());
    let (_, text) = play(settings(humans()), &["f3", "e5", "g4", "Qh4#", &save]);
    assert!(
        text.contains("Saved the game (4 half-moves, result 0-1)"),
        "{text}"
    );

    let written = std::fs::read_to_string(&path).unwrap();
    let games = read_pgn(&written).unwrap();
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(game.result, PgnResult::BlackWins);
    assert_eq!(game.tag("White"), Some("Human"));
    assert_eq!(game.tag("Event"), Some("Outpost terminal game"));
    assert_eq!(game.to_game().unwrap().san_moves(), "f3 e5 g4 Qh4#");
    assert!(written.contains("1. f3 e5 2. g4 Qh4# {Checkmate} 0-1"));

    let load = format!("load {}", path.display());
    let (session, text) = play(settings(humans()), &[&load]);
    assert_eq!(session.game().san_moves(), "f3 e5 g4 Qh4#");
    assert!(
        text.contains("Loaded Human v Human, 4 half-moves."),
        "{text}"
    );
    assert!(text.contains("Game over: checkmate, black wins."), "{text}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn unreadable_pgn_files_are_reported() {
    let path = temp_file("broken.pgn");
    std::fs::write(&path, "1. e4 e5 2. Ke3 *").unwrap();
    let missing = temp_file("missing.pgn");
    let directory = std::env::temp_dir();
    let lines = [
        format!("load {}", path.display()),
        format!("load {}", missing.display()),
        format!("load {}", directory.display()),
        "load /dev/zero".to_string(),
    ];
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let (session, text) = play(settings(humans()), &lines);
    assert!(session.game().moves().is_empty());
    assert!(text.contains("illegal move \"Ke3\""), "{text}");
    assert!(text.contains(&format!("Could not read {}", missing.display())));
    assert!(text.contains(&format!(
        "Could not read {}: not a regular file",
        directory.display()
    )));
    #[cfg(unix)]
    assert!(
        text.contains("Could not read /dev/zero: not a regular file"),
        "{text}"
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn fen_sets_up_a_position_and_new_starts_again() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let (session, text) = play(settings(humans()), &[&format!("fen {fen}"), "fen", "e4"]);
    assert!(text.contains(&format!("> fen\n{fen}\n")), "{text}");
    assert_eq!(session.game().start().to_fen(), fen);
    assert_eq!(session.game().san_moves(), "e4");

    let (session, _) = play(settings(humans()), &[&format!("fen {fen}"), "new"]);
    assert_eq!(session.game().board(), &Board::startpos());
}

#[test]
fn mode_and_strength_can_be_changed() {
    let (session, text) = play(
        settings(humans()),
        &["mode black", "depth 2", "mode", "time"],
    );
    assert_eq!(session.mode(), Mode::new(Player::Engine, Player::Human));
    assert_eq!(session.strength(), Strength::Depth(2));
    assert!(
        session.flipped(),
        "a human playing black sees the board from black"
    );
    assert_eq!(
        session.game().moves().len(),
        1,
        "the engine played white's move"
    );
    assert!(text.contains("Engine: depth 2 per move."), "{text}");
}

#[test]
fn uci_and_lenient_san_are_accepted() {
    let (session, _) = play(
        settings(humans()),
        &["e2e4", "e7e5", "Ng1f3", "0-0", "Nc6", "Bc4", "Nf6", "O-O"],
    );
    assert_eq!(session.game().san_moves(), "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O");
}

#[test]
fn stop_makes_the_engine_move_now() {
    // Typed at a terminal (not a script): `stop` interrupts a long search at once.
    let mut interactive = settings(Mode::new(Player::Engine, Player::Human));
    interactive.scripted = false;
    interactive.strength = Strength::Time(Duration::from_secs(60));
    let (session, text) = play(interactive, &["stop"]);
    assert_eq!(session.game().moves().len(), 1, "{text}");
}

#[test]
fn quit_while_the_engine_thinks_leaves_at_once() {
    let mut interactive = settings(Mode::new(Player::Engine, Player::Engine));
    interactive.scripted = false;
    interactive.strength = Strength::Time(Duration::from_secs(60));
    let (session, _) = play(interactive, &["quit"]);
    assert!(session.game().moves().is_empty());
}

#[test]
fn lines_typed_while_the_engine_plays_itself_are_read_between_its_moves() {
    let mut interactive = settings(Mode::new(Player::Engine, Player::Engine));
    interactive.scripted = false;
    let inbox = Inbox::new();
    inbox.send(Event::Line("mode humans".to_string()));
    inbox.send(Event::EndOfInput);
    let mut session = Session::new(interactive, Vec::new());
    session.run(&inbox).unwrap();
    assert_eq!(session.mode(), humans());
    assert_eq!(session.game().moves().len(), 1);
}

#[test]
fn the_start_screen_shows_the_board_and_its_panel() {
    let (_, text) = play(settings(Mode::default()), &[]);
    insta::assert_snapshot!("start_screen", text);
}
