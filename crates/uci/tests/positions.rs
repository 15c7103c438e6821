//! Positions through the real `uci` binary's stdin: impossible FENs are refused with `info
//! string` and the engine goes on, castling keeps the fifty-move clock, and the move number
//! does not wrap.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A position with 24 white queens, which cannot arise in a game and once overflowed the
/// move list.
const QUEENS: &str = "1QQQQQbk/Q5pp/Q5QQ/Q2Q3Q/Q6Q/Q6Q/1Q5Q/KQQQQQQ1 w - - 0 1";

/// Feeds `input` to the binary, closes its stdin and returns its output once it has ended
/// (with success: a panic would end it with code 101). Fails after 30 seconds.
fn run(input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_outpost"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the uci binary starts");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).map(|_| text)
    });
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(input).expect("the engine reads its input");
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().expect("the engine can be waited for") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the engine did not end within 30 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let text = reader.join().unwrap().expect("stdout is text");
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = pipe.read_to_string(&mut stderr);
    }
    assert!(
        status.success(),
        "{status}\nstdout:\n{text}\nstderr:\n{stderr}"
    );
    text
}

#[test]
fn an_impossible_position_is_refused_and_the_engine_goes_on() {
    for follow_up in ["go depth 1", "go perft 1", "go movetime 50"] {
        let input = format!("position fen {QUEENS}\n{follow_up}\nisready\n");
        let output = run(input.as_bytes());
        assert!(
            output.contains(&format!(
                "info string invalid FEN '{QUEENS}': white has 25 pieces; a side has at most \
                 16, king and pawns included; the position is unchanged"
            )),
            "{follow_up}: {output}"
        );
        assert!(output.contains("readyok"), "{follow_up}: {output}");
    }
    // The search goes on from the position before (here the start position).
    let output = run(format!("position fen {QUEENS}\ngo depth 1\nisready\n").as_bytes());
    let bestmove = output.lines().find(|line| line.starts_with("bestmove"));
    assert!(bestmove.is_some(), "{output}");
    // A position command without a start position is refused the same way.
    let output = run(b"position startpos moves e2e4\nposition e2e4\nd\n");
    assert!(
        output.contains(
            "info string position needs 'startpos' or 'fen <fen>', got 'e2e4'; the position is \
             unchanged"
        ),
        "{output}"
    );
    assert!(
        output.contains("FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        "{output}"
    );
    // Moves after the refused FEN are not played either.
    let output = run(format!("position fen {QUEENS} moves a1a2\nd\n").as_bytes());
    assert!(output.contains("invalid FEN"), "{output}");
    assert!(
        output.contains("FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{output}"
    );
}

#[test]
fn impossible_checks_and_material_are_refused_with_their_reason() {
    for (fen, reason) in [
        ("4k3/8/8/8/8/3n4/5p2/r3K3 w - - 0 1", "attacked by 3 pieces"),
        (
            "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
            "neither checker is a bishop, rook or queen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBQKBNR w KQkq - 0 1",
            "white has 1 pieces beyond",
        ),
        ("4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1", "white has 9 pawns"),
    ] {
        let output = run(format!("position fen {fen}\nisready\n").as_bytes());
        assert!(
            output.contains("info string invalid FEN"),
            "{fen}: {output}"
        );
        assert!(output.contains(reason), "{fen}: {output}");
    }
}

#[test]
fn castling_does_not_reset_the_fifty_move_clock() {
    let output = run(b"position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\nd\n");
    assert!(
        output.contains("FEN: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"),
        "{output}"
    );
}

#[test]
fn the_move_number_does_not_wrap() {
    let output = run(b"position fen 4k3/8/8/8/8/8/8/4K3 b - - 10 65535 moves e8e7 e1e2\nd\n");
    assert!(
        output.contains("FEN: 8/4k3/8/8/8/8/4K3/8 b - - 12 65535"),
        "{output}"
    );
    let output = run(b"position fen 4k3/8/8/8/8/8/8/4K3 w - - 65535 10 moves e1e2\nd\n");
    assert!(
        output.contains("FEN: 4k3/8/8/8/8/8/4K3/8 b - - 65535 10"),
        "{output}"
    );
}

/// Both sides may castle both ways.
const CASTLES: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

#[test]
fn castling_is_king_to_target_by_default_and_king_takes_rook_with_uci_chess960() {
    let standard = run(format!("position fen {CASTLES}\ngo depth 2 searchmoves e1g1\n").as_bytes());
    assert!(standard.contains("bestmove e1g1"), "{standard}");
    let chess960 = run(format!(
        "setoption name UCI_Chess960 value true\nposition fen {CASTLES} moves e1a1\n\
         go depth 2 searchmoves e8h8\n"
    )
    .as_bytes());
    assert!(!chess960.contains("info string"), "{chess960}");
    assert!(chess960.contains("bestmove e8h8"), "{chess960}");
    // In UCI_Chess960 mode e1c1 is not castling (the king cannot go two squares otherwise).
    let refused = run(format!(
        "setoption name UCI_Chess960 value true\nposition fen {CASTLES} moves e1c1\n"
    )
    .as_bytes());
    assert!(
        refused.contains("info string 'e1c1' is not a legal move"),
        "{refused}"
    );
    // Standard castling with UCI_Chess960 on: refused, with how to write it.
    let hinted = run(b"setoption name UCI_Chess960 value true
position startpos moves e2e4 e7e5 \
        g1f3 b8c6 f1c4 g8f6 e1g1
");
    assert!(
        hinted.contains(
            "info string 'e1g1' is not a legal move here: castling is written as the king \
             taking its own rook (e1h1) while UCI_Chess960 is on"
        ),
        "{hinted}"
    );
}

#[test]
fn a_rook_promotion_in_chess_fragments_is_refused_with_the_right_named() {
    let text = run(b"setoption name UCI_Variant value fragments
\
        position fen 4k/P4/5/5/4K w - - 0 1 moves a4a5r
");
    assert!(
        text.contains(
            "info string 'a4a5r' is not a legal move here: Chess Fragments has no rooks; a pawn \
             promotes to the Right with c (a4a5c)"
        ),
        "{text}"
    );
}

#[test]
fn chess960_positions_take_castling_as_king_takes_rook() {
    // Chess960 position 0 (BBQNNRKR): king g1, rooks f1 (queen-side) and h1. Once the
    // knights are out and the f1 rook has gone to e1, king-side castling (g1h1) keeps the
    // king on g1 and brings the h1 rook to f1.
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
    let text = run(format!(
        "setoption name UCI_Chess960 value true\n\
         position fen {fen} moves e2e4 e7e5 d1e3 d8e6 e1d3 e8d6 f1e1 f8e8 g1h1 g8h8\n\
         d\ngo perft 1\n"
    )
    .as_bytes());
    assert!(!text.contains("info string"), "a move was refused:\n{text}");
    assert!(
        text.contains("FEN: bbq1rrk1/pppp1ppp/3nn3/4p3/4P3/3NN3/PPPP1PPP/BBQ1RRK1 w - - 8 6"),
        "{text}"
    );
    assert!(text.contains("g1h1: 1"), "the king steps to h1:\n{text}");
    assert!(text.contains("Nodes searched: 25"), "{text}");
}

#[test]
fn chess960_castling_rights_without_their_rook_are_refused() {
    let text = run(b"position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w Ckq - 0 1\nd\n");
    assert!(text.contains("castling right 'C' is impossible"), "{text}");
}

#[test]
fn chess_fragments_through_uci_variant() {
    let text = run(b"setoption name UCI_Variant value fragments\n\
        position startpos moves b1c3 b5c3 a2a3\n\
        d\ngo depth 4\n");
    assert!(!text.contains("info string"), "{text}");
    assert!(
        text.contains("FEN: c1bqk/ppppp/P1n2/1PPPP/C1BQK b - - 0 2"),
        "{text}"
    );
    let best = text
        .lines()
        .rfind(|line| line.starts_with("bestmove "))
        .expect("a bestmove");
    let mv = best.split_whitespace().nth(1).unwrap();
    let board = outpost_board::Board::from_fen("c1bqk/ppppp/P1n2/1PPPP/C1BQK b - - 0 2").unwrap();
    assert!(
        outpost_movegen::uci::parse_uci_move(&board, mv).is_ok(),
        "{best}"
    );
    // A 5x5 FEN under UCI_Variant chess, an unknown variant, a rook in Fragments: refused.
    let text = run(b"position fen cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1\n\
        setoption name UCI_Variant value atomic\n\
        setoption name UCI_Variant value fragments\n\
        position fen rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\n\
        position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
        position startpos moves a2a3c\nd\n");
    for needle in [
        "info string the FEN is a position of fragments but UCI_Variant is chess",
        "UCI_Variant takes one of chess, fragments, not 'atomic'",
        "Chess Fragments, which has no rooks",
        "info string the FEN is a position of chess but UCI_Variant is fragments",
        "'a2a3c' is not a legal move",
        "FEN: cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1",
    ] {
        assert!(text.contains(needle), "{needle}:\n{text}");
    }
}

/// The last `info depth` line of a search that ends with its iteration is not sent twice
/// (once as the iteration's, once as the final line, differing only in time and speed).
#[test]
fn the_last_info_line_is_not_repeated() {
    let text = run(b"position startpos\ngo depth 6\n");
    // The line without `nps N`, `time N` and `hashfull N`.
    let without_time = |line: &str| {
        let mut kept = Vec::new();
        let mut words = line.split(' ');
        while let Some(word) = words.next() {
            if matches!(word, "nps" | "time" | "hashfull") {
                words.next();
            } else {
                kept.push(word);
            }
        }
        kept.join(" ")
    };
    let infos: Vec<String> = text
        .lines()
        .filter(|line| line.starts_with("info depth") && line.contains(" pv "))
        .map(without_time)
        .collect();
    assert!(
        infos
            .last()
            .is_some_and(|line| line.starts_with("info depth 6 ")),
        "{text}"
    );
    for pair in infos.windows(2) {
        assert_ne!(pair[0], pair[1], "{text}");
    }
    assert!(text.contains("bestmove "), "{text}");
}
