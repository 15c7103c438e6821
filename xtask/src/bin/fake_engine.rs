//! A UCI engine for the tests of `cargo xtask match`: it plays a legal move chosen from the
//! position's hash (the same game for the same moves), and can be told to fail.
//!
//! ```text
//! fake_engine [--crash-at N] [--hang-at N] [--illegal-at N] [--flag-at N] [--no-uciok]
//!             [--score CP] [--seed S]
//! ```
//!
//! `--X-at N` acts at the engine's N-th `go` since it started: `crash` exits with code 3,
//! `hang` stops answering, `illegal` answers `a1a1`, `flag` sleeps 300 ms past its clock or
//! movetime before its move. `--no-uciok` never finishes the handshake. `--score CP` reports
//! `info depth 1 score cp CP` before every move. It knows `UCI_Chess960` and `UCI_Variant`.

use outpost_board::{Board, Color, Variant};
use outpost_movegen::legal_moves;
use outpost_movegen::uci::UciNotation;
use std::io::{BufRead, Write};
use std::time::Duration;

#[derive(Default)]
struct Plan {
    crash_at: Option<u64>,
    hang_at: Option<u64>,
    illegal_at: Option<u64>,
    flag_at: Option<u64>,
    no_uciok: bool,
    score: Option<i64>,
    seed: u64,
}

fn plan() -> Plan {
    let mut plan = Plan::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--no-uciok" {
            plan.no_uciok = true;
            continue;
        }
        let value: i64 = args
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{flag} needs a number"));
        let at = Some(value as u64);
        match flag.as_str() {
            "--crash-at" => plan.crash_at = at,
            "--hang-at" => plan.hang_at = at,
            "--illegal-at" => plan.illegal_at = at,
            "--flag-at" => plan.flag_at = at,
            "--score" => plan.score = Some(value),
            "--seed" => plan.seed = value as u64,
            _ => panic!("unknown flag {flag}"),
        }
    }
    plan
}

fn hang() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(3600));
    }
}

/// The value after `key` among `words`, as milliseconds.
fn millis(words: &[&str], key: &str) -> Option<u64> {
    let at = words.iter().position(|w| *w == key)?;
    words.get(at + 1)?.parse().ok()
}

fn main() {
    let plan = plan();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut say = |line: &str| {
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .unwrap_or_else(|_| std::process::exit(0));
    };
    let (mut variant, mut chess960) = (Variant::Chess, false);
    let mut board = Board::startpos();
    let mut goes = 0u64;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                if plan.no_uciok {
                    hang();
                }
                say("id name Fake");
                say("option name UCI_Chess960 type check default false");
                say("option name UCI_Variant type combo default chess var chess var fragments");
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("setoption") => {
                let value = words
                    .iter()
                    .position(|w| *w == "value")
                    .and_then(|at| words.get(at + 1));
                match (words.get(2), value) {
                    (Some(&"UCI_Chess960"), Some(value)) => chess960 = *value == "true",
                    (Some(&"UCI_Variant"), Some(value)) => {
                        variant = Variant::from_name(value).unwrap_or(Variant::Chess);
                    }
                    _ => {}
                }
            }
            Some("position") => {
                let moves_at = words.iter().position(|w| *w == "moves");
                let setup = &words[1..moves_at.unwrap_or(words.len())];
                board = match setup {
                    ["startpos"] => Board::from_fen(variant.start_fen()).expect("start"),
                    ["fen", fields @ ..] => {
                        Board::from_fen(&fields.join(" ")).expect("a valid FEN")
                    }
                    _ => panic!("bad position: {line}"),
                };
                let notation = UciNotation::for_board(&board, chess960);
                for text in moves_at.map_or(&[][..], |at| &words[at + 1..]) {
                    let mv = notation.parse(&board, text).expect("a legal move");
                    board.make(mv);
                }
            }
            Some("go") => {
                goes += 1;
                if plan.crash_at == Some(goes) {
                    std::process::exit(3);
                }
                if plan.hang_at == Some(goes) {
                    hang();
                }
                if plan.flag_at == Some(goes) {
                    let own = if board.side_to_move() == Color::White {
                        "wtime"
                    } else {
                        "btime"
                    };
                    let time = millis(&words, own)
                        .or_else(|| millis(&words, "movetime"))
                        .unwrap_or(0);
                    std::thread::sleep(Duration::from_millis(time + 300));
                }
                if let Some(cp) = plan.score {
                    say(&format!("info depth 1 score cp {cp} nodes 1 pv"));
                }
                let moves = legal_moves(&board);
                let text = if plan.illegal_at == Some(goes) {
                    "a1a1".to_string()
                } else if moves.is_empty() {
                    "0000".to_string()
                } else {
                    let pick = (board.hash() ^ plan.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 33;
                    let mv = moves[pick as usize % moves.len()];
                    UciNotation::for_board(&board, chess960).write(mv)
                };
                say(&format!("bestmove {text}"));
            }
            Some("quit") => break,
            _ => {}
        }
    }
}
