//! UCI transcripts driven through the protocol loop.

use outpost_board::Board;
use outpost_movegen::legal_moves;
use outpost_movegen::uci::parse_uci_move;
use outpost_uci::{Engine, SharedOutput};
use std::time::{Duration, Instant};

fn engine() -> (Engine, SharedOutput) {
    let output = SharedOutput::default();
    (Engine::new(output.clone()), output)
}

fn transcript(lines: &[&str]) -> String {
    let (mut engine, output) = engine();
    for line in lines {
        engine.handle_line(line);
    }
    engine.wait_for_search();
    output.text()
}

fn wait_for(output: &SharedOutput, needle: &str) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        if output.text().contains(needle) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

fn best_move(text: &str) -> String {
    let line = text
        .lines()
        .rfind(|line| line.starts_with("bestmove "))
        .expect("a bestmove line");
    line.split_whitespace().nth(1).unwrap().to_string()
}

fn assert_legal_in(fen: &str, moves: &[&str], text: &str) {
    let mut board = Board::from_fen(fen).unwrap();
    for mv in moves {
        let mv = parse_uci_move(&board, mv).unwrap();
        board.make(mv);
    }
    let best = best_move(text);
    assert!(
        legal_moves(&board).iter().any(|mv| mv.to_string() == best),
        "illegal bestmove {best}"
    );
}

#[test]
fn handshake() {
    insta::assert_snapshot!(transcript(&["uci", "isready"]));
}

#[test]
fn display_position() {
    insta::assert_snapshot!(transcript(&["position startpos moves e2e4 c7c5 g1f3", "d"]));
}

#[test]
fn perft_divide() {
    insta::assert_snapshot!(transcript(&["position startpos moves e2e4", "go perft 2"]));
}

#[test]
fn errors_are_reported_and_the_position_kept() {
    insta::assert_snapshot!(transcript(&[
        "position startpos moves e2e4 e7e5 e1e3 d2d4",
        "d",
        "position fen not/a/fen w - - 0 1",
        "d",
        "position fen 8/8/8/8 w",
        "position",
        "position startpos moves e2e4 zz",
        "setoption name Hash value lots",
        "setoption name Threads value 0",
        "setoption name Colour value red",
        "setoption name ponder value maybe",
        "setoption name move overhead value 100",
        "setoption name CLEAR HASH",
        "setoption",
        "go perft",
        "frobnicate now",
    ]));
}

#[test]
fn go_depth_gives_an_info_line_and_a_legal_bestmove() {
    let text = transcript(&["ucinewgame", "position startpos moves e2e4", "go depth 5"]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.last().unwrap().starts_with("bestmove "));
    let final_info = lines[lines.len() - 2];
    assert!(final_info.starts_with("info depth 5 "), "{final_info}");
    assert!(final_info.contains(" multipv 1 score cp "), "{final_info}");
    assert!(text.contains("info depth 3 seldepth"));
    assert_legal_in(Board::STARTPOS_FEN, &["e2e4"], &text);
}

#[test]
fn go_before_position_uses_the_start_position() {
    let text = transcript(&["go nodes 2000"]);
    assert_legal_in(Board::STARTPOS_FEN, &[], &text);
}

#[test]
fn no_legal_move_gives_bestmove_0000() {
    let text = transcript(&["position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go depth 3"]);
    assert!(text.ends_with("bestmove 0000\n"), "{text}");
}

#[test]
fn stop_during_go_infinite_gives_a_legal_bestmove() {
    let (mut engine, output) = engine();
    engine.handle_line("position startpos moves d2d4");
    engine.handle_line("go infinite");
    assert!(wait_for(&output, "info depth 3"));
    assert!(!output.text().contains("bestmove"));
    // `stop` does not wait for the search: its `bestmove` follows from the search thread.
    engine.handle_line("stop");
    assert!(wait_for(&output, "bestmove"));
    assert_legal_in(Board::STARTPOS_FEN, &["d2d4"], &output.text());
    engine.wait_for_search();
    assert_eq!(output.text().matches("bestmove").count(), 1);
}

#[test]
fn infinite_search_waits_for_stop_even_after_a_mate() {
    let (mut engine, output) = engine();
    engine.handle_line("position fen 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    engine.handle_line("go infinite depth 4");
    assert!(wait_for(&output, "score mate"));
    std::thread::sleep(Duration::from_millis(50));
    assert!(!output.text().contains("bestmove"));
    engine.handle_line("stop");
    assert!(wait_for(&output, "bestmove"));
}

#[test]
fn isready_is_answered_during_a_search() {
    let (mut engine, output) = engine();
    engine.handle_line("go infinite");
    engine.handle_line("isready");
    let text = output.text();
    assert!(text.contains("readyok") && !text.contains("bestmove"));
    engine.handle_line("stop");
    engine.wait_for_search();
    let text = output.text();
    assert!(text.find("readyok").unwrap() < text.find("bestmove").unwrap());
}

#[test]
fn go_during_a_search_ends_that_search_first() {
    let (mut engine, output) = engine();
    engine.handle_line("go infinite");
    assert!(wait_for(&output, "info depth 2"));
    engine.handle_line("position startpos moves e2e4");
    engine.handle_line("go depth 3");
    engine.wait_for_search();
    let text = output.text();
    assert_eq!(text.matches("bestmove").count(), 2, "{text}");
    assert_legal_in(Board::STARTPOS_FEN, &["e2e4"], &text);
}

#[test]
fn ponder_then_ponderhit_turns_into_a_timed_search() {
    let (mut engine, output) = engine();
    engine.handle_line("position startpos");
    engine.handle_line("go ponder wtime 2000 btime 2000");
    assert!(wait_for(&output, "info depth 2"));
    assert!(!output.text().contains("bestmove"));
    engine.handle_line("ponderhit");
    assert!(wait_for(&output, "bestmove"));
    engine.wait_for_search();
    assert_legal_in(Board::STARTPOS_FEN, &[], &output.text());
}

#[test]
fn quit_ends_the_loop() {
    let (mut engine, _) = engine();
    engine.handle_line("go infinite");
    assert!(!engine.handle_line("quit"));
    assert!(!engine.is_searching());
}

#[test]
fn run_reads_until_the_end_of_input() {
    let output = SharedOutput::default();
    let mut engine = Engine::new(output.clone());
    engine.run("uci\nposition startpos\ngo depth 3\n".as_bytes());
    assert!(output.text().contains("uciok"));
    assert!(output.text().contains("bestmove"));
}

#[test]
fn garbage_never_panics() {
    let (mut engine, output) = engine();
    let lines = [
        "",
        "   ",
        "position fen",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves",
        "position startpos moves",
        "position startpos moves e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8",
        "go wtime -5 btime -1000000000000000000000000 winc x movestogo 0",
        "stop",
        "go movetime 999999999999999999999999999 nodes 3000",
        "stop",
        "go depth 99999999999 nodes 1000",
        "stop",
        "go mate 0 nodes 500",
        "go searchmoves e2e4 zzz a1a1 depth 2",
        "go searchmoves",
        "setoption name",
        "setoption name Hash value 1",
        "setoption name MultiPV value 3",
        "go depth 3",
        "go perft 0",
        "go perft -1",
        "ponderhit",
        "\u{0}\u{7f}\u{ff}é ♞",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen k7/8/8/8/8/8/8/K7 w - - 150 1",
        "go nodes 100",
        "eval",
        "d",
        "stop",
    ];
    for line in lines {
        engine.handle_line(line);
    }
    engine.wait_for_search();
    engine.handle_line("isready");
    let text = output.text();
    assert!(text.ends_with("readyok\n"));
    assert_eq!(text.matches("readyok").count(), 1, "{text}");
}

#[test]
fn each_bad_line_is_answered_with_an_info_string() {
    for line in [
        "position fen",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position startpos moves e2e5",
        "position sideways",
        "go wtime 1000 winc x",
        "go searchmoves e2e4 zzz depth 1",
        "go perft -1",
        "go perft",
        "setoption name",
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name NoSuchOption value 1",
        "\u{0}\u{7f}\u{ff}é ♞",
        "bench x",
    ] {
        let text = transcript(&[line, "isready"]);
        let answers: Vec<&str> = text.lines().collect();
        assert!(
            answers
                .first()
                .is_some_and(|answer| answer.starts_with("info string ")),
            "'{line}' got {text:?}"
        );
        assert!(answers.contains(&"readyok"), "'{line}' got {text:?}");
    }
}

#[test]
fn bench_has_a_fixed_node_count() {
    let mut first = Vec::new();
    let mut second = Vec::new();
    outpost_uci::bench(&mut first);
    outpost_uci::bench(&mut second);
    let nodes = |out: &[u8]| {
        let text = String::from_utf8_lossy(out).into_owned();
        let last = text.lines().last().unwrap().to_string();
        assert!(last.ends_with(" nps"));
        last.split_whitespace()
            .next()
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    assert_eq!(nodes(&first), nodes(&second));
    // The search's signature, as the README (Figures) and CHANGELOG.md give it: it changes only when
    // the searched tree does, and then this number, the README and the changelog change too.
    assert_eq!(nodes(&first), 1_223_521);
}

/// `eval` shows every term of the evaluation, each colour's middlegame and endgame parts,
/// in standard chess and in Chess Fragments.
#[test]
fn eval_shows_every_term() {
    for setup in [
        &["position startpos moves e2e4 d7d5 e4d5", "eval"][..],
        &[
            "setoption name UCI_Variant value fragments",
            "position startpos moves b2b3",
            "eval",
        ],
    ] {
        let text = transcript(setup);
        for row in [
            "Pawn",
            "Passed pawns",
            "Pawn struct.",
            "Mobility",
            "King safety",
            "Imbalance",
            "Placement",
            "Space",
            "Threats",
            "Tempo",
            "Total",
        ] {
            assert!(text.contains(&format!("\n{row} ")), "{row}: {text}");
        }
        assert!(text.contains("Evaluation: "), "{text}");
    }
}

#[test]
fn help_lists_the_commands() {
    let text = transcript(&["help"]);
    for command in [
        "uci",
        "isready",
        "ucinewgame",
        "setoption",
        "position",
        "go",
        "stop",
        "ponderhit",
        "quit",
        "d ",
        "eval",
        "go perft",
        "bench",
        "help",
    ] {
        assert!(
            text.contains(&format!("\n  {command}")),
            "{command}: {text}"
        );
    }
}

#[test]
fn bench_takes_a_depth() {
    let text = transcript(&["bench 2", "bench 0"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 12, "{text}");
    assert!(lines[10].ends_with(" nps"), "{text}");
    assert_eq!(
        lines[11],
        "info string bench depth must be a whole number from 1 to 64, not '0'"
    );
}

/// `UCI_LimitStrength` and `UCI_Elo`: off by default; on, a move within the level's node
/// budget and no more lines than asked for; a rating out of range is refused with the range
/// and the level kept.
#[test]
fn uci_limit_strength_plays_at_the_rating_of_uci_elo() {
    let nodes = |text: &str| -> u64 {
        let line = text
            .lines()
            .rfind(|line| line.starts_with("info depth"))
            .expect("an info line");
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&word| word == "nodes").unwrap();
        words[at + 1].parse().unwrap()
    };
    // A node count, not a time: the same work however loaded the machine is.
    let full = transcript(&["position startpos", "go nodes 20000"]);
    let limited = transcript(&[
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1350",
        "position startpos",
        "go nodes 20000",
    ]);
    assert_legal_in(Board::STARTPOS_FEN, &[], &limited);
    let level_budget = outpost_search::LEVEL_ANCHORS[0].nodes;
    assert!(nodes(&limited) <= level_budget + 2_048, "{limited}");
    assert!(nodes(&full) > 10 * level_budget, "{full}");
    assert!(!limited.contains("multipv 2"), "{limited}");

    let refused = transcript(&[
        "setoption name UCI_Elo value 3000",
        "setoption name UCI_Elo value 99999999999999999999999",
        "setoption name UCI_Elo value abc",
    ]);
    let lines: Vec<&str> = refused.lines().collect();
    assert_eq!(
        lines,
        [
            "info string 3000 is out of range 1350..2200 for option UCI_Elo; UCI_Elo is unchanged",
            "info string 99999999999999999999999 is out of range 1350..2200 for option UCI_Elo; \
             UCI_Elo is unchanged",
            "info string 'abc' is not a number for option UCI_Elo: a whole number from 1350 to \
             2200; UCI_Elo is unchanged",
        ]
    );
}
