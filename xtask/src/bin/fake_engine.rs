//! A UCI (or xboard) engine for the tests of `cargo xtask match`: it plays a legal move chosen
//! from the position's hash (the same game for the same moves), and can be told to fail.
//!
//! ```text
//! fake_engine [--crash-at N] [--hang-at N] [--illegal-at N] [--flag-at N] [--no-uciok]
//!             [--score CP] [--seed S] [--xboard] [--no-setboard] [--san] [--resign-at N]
//! ```
//!
//! `--X-at N` acts at the engine's N-th `go` since it started: `crash` exits with code 3,
//! `hang` stops answering, `illegal` answers `a1a1`, `flag` sleeps 300 ms past its clock or
//! movetime before its move. `--no-uciok` never finishes the handshake. `--score CP` reports
//! `info depth 1 score cp CP` before every move. It knows `UCI_Chess960` and `UCI_Variant`.
//!
//! `--xboard` speaks xboard (protocol 2, with `usermove` and `ping`) instead, as a real engine
//! does: out of force mode it answers a move with its own at once. `--no-setboard` leaves
//! out the setboard feature, `--san` asks for and writes SAN moves, `--resign-at N` resigns
//! at the N-th `go`, `--claim-at N` claims a draw there before its move, `--false-claim-at N`
//! claims a draw instead of moving. It refuses a `go` without `time` and `otim` after a
//! `level` not followed by `sd` (`Error (no time): go`) and writes what it heard in its thinking line
//! (`1 0 0 1 time 250 otim 400`).

use outpost_board::{Board, Color, Variant};
use outpost_movegen::legal_moves;
use outpost_movegen::san::{parse_san, to_san};
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
    xboard: bool,
    no_setboard: bool,
    san: bool,
    resign_at: Option<u64>,
    claim_at: Option<u64>,
    false_claim_at: Option<u64>,
}

fn plan() -> Plan {
    let mut plan = Plan::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let switch = match flag.as_str() {
            "--no-uciok" => Some(&mut plan.no_uciok),
            "--xboard" => Some(&mut plan.xboard),
            "--no-setboard" => Some(&mut plan.no_setboard),
            "--san" => Some(&mut plan.san),
            _ => None,
        };
        if let Some(switch) = switch {
            *switch = true;
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
            "--resign-at" => plan.resign_at = at,
            "--claim-at" => plan.claim_at = at,
            "--false-claim-at" => plan.false_claim_at = at,
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

/// What the engine does at a `go`.
enum Action {
    /// Plays this move (or `a1a1`, or `0000` when it has none).
    Move(String),
    /// Resigns (xboard only).
    Resign,
}

/// The `go_number`-th search of the engine on `board` with `own_time` milliseconds: exits,
/// hangs or sleeps as the plan says, else its move.
fn search(plan: &Plan, go_number: u64, board: &Board, own_time: u64, chess960: bool) -> Action {
    if plan.crash_at == Some(go_number) {
        std::process::exit(3);
    }
    if plan.hang_at == Some(go_number) {
        hang();
    }
    if plan.flag_at == Some(go_number) {
        std::thread::sleep(Duration::from_millis(own_time + 300));
    }
    if plan.resign_at == Some(go_number) {
        return Action::Resign;
    }
    let moves = legal_moves(board);
    if plan.illegal_at == Some(go_number) {
        return Action::Move("a1a1".to_string());
    }
    let Some(pick) = (!moves.is_empty()).then(|| {
        let pick = (board.hash() ^ plan.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 33;
        moves[pick as usize % moves.len()]
    }) else {
        return Action::Move("0000".to_string());
    };
    Action::Move(if plan.san {
        to_san(board, pick)
    } else {
        UciNotation::for_board(board, chess960).write(pick)
    })
}

/// Writes a line and flushes it; the engine ends when nobody reads it any more.
fn say(line: &str) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "{line}")
        .and_then(|()| out.flush())
        .unwrap_or_else(|_| std::process::exit(0));
}

fn main() {
    let plan = plan();
    if plan.xboard {
        xboard(&plan);
    } else {
        uci(&plan);
    }
}

fn uci(plan: &Plan) {
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
                // A number for `spsa` to tune; the moves do not depend on it.
                say("option name Skill type spin default 50 min 0 max 100");
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
                let own = if board.side_to_move() == Color::White {
                    "wtime"
                } else {
                    "btime"
                };
                let time = millis(&words, own)
                    .or_else(|| millis(&words, "movetime"))
                    .unwrap_or(0);
                if let Some(cp) = plan.score {
                    say(&format!("info depth 1 score cp {cp} nodes 1 pv"));
                }
                match search(plan, goes, &board, time, chess960) {
                    Action::Move(text) => say(&format!("bestmove {text}")),
                    Action::Resign => say("bestmove 0000"),
                }
            }
            Some("quit") => break,
            _ => {}
        }
    }
}

/// A move in the notation the plan says (SAN or coordinates), if legal.
fn xboard_move(plan: &Plan, board: &Board, text: &str) -> Option<outpost_board::Move> {
    if plan.san {
        parse_san(board, text).ok()
    } else {
        UciNotation::STANDARD.parse(board, text).ok()
    }
}

/// The xboard engine's move at its `go_number`-th search, played on its board: `move X`,
/// `resign` or a claim, as the plan says.
fn xboard_turn(plan: &Plan, go_number: u64, board: &mut Board, own_time: u64, heard: &str) {
    if let Some(cp) = plan.score {
        say(&format!("1 {cp} 0 1 {heard}"));
    } else {
        say(&format!("1 0 0 1 {heard}"));
    }
    if plan.false_claim_at == Some(go_number) {
        say("1/2-1/2 {a draw, says the fake}");
        return;
    }
    if plan.claim_at == Some(go_number) {
        say("1/2-1/2 {a draw after this move, says the fake}");
    }
    match search(plan, go_number, board, own_time, false) {
        Action::Move(text) => {
            say(&format!("move {text}"));
            if let Some(mv) = xboard_move(plan, board, &text) {
                board.make(mv);
            }
        }
        Action::Resign => say("resign"),
    }
}

fn xboard(plan: &Plan) {
    let mut board = Board::startpos();
    let (mut goes, mut own_time, mut force, mut clock) = (0u64, 0u64, true, false);
    // The `time` and `otim` heard since the last `go`.
    let mut heard: Vec<String> = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("protover") => {
                if plan.no_uciok {
                    hang();
                }
                say("feature done=0");
                say(&format!(
                    "feature myname=\"Fake xboard\" setboard={} ping=1 usermove=1 san={}",
                    u8::from(!plan.no_setboard),
                    u8::from(plan.san)
                ));
                say("feature done=1");
            }
            Some("new") => {
                board = Board::startpos();
                // It plays black now, out of force mode.
                force = false;
            }
            Some("force") => force = true,
            Some("level") => clock = true,
            // A fixed depth: the clock does not matter.
            Some("sd") => clock = false,
            Some("setboard") => {
                board = Board::from_fen(&words[1..].join(" ")).expect("a valid FEN");
            }
            Some("usermove") => {
                let text = words.get(1).copied().unwrap_or("");
                let Some(mv) = xboard_move(plan, &board, text) else {
                    say(&format!("Illegal move: {text}"));
                    continue;
                };
                board.make(mv);
                if !force {
                    // Out of force mode, a move is answered at once.
                    goes += 1;
                    xboard_turn(plan, goes, &mut board, own_time, "unasked");
                }
            }
            Some("time") | Some("otim") => {
                if words[0] == "time" {
                    own_time = millis(&words, "time").unwrap_or(0) * 10;
                }
                heard.push(line.clone());
            }
            Some("ping") => say(&format!("pong {}", words.get(1).unwrap_or(&""))),
            Some("go") => {
                if clock && heard.len() != 2 {
                    say("Error (no time): go");
                    continue;
                }
                force = false;
                goes += 1;
                let text = heard.join(" ");
                heard.clear();
                xboard_turn(plan, goes, &mut board, own_time, &text);
            }
            Some("quit") => break,
            _ => {}
        }
    }
}
