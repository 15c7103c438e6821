//! `xtask fragments-match`: Outpost against another UCI engine at Chess Fragments, every move
//! refereed by Outpost's own perft-verified rules (`outpost_movegen::Game`).
//!
//! The general match runners (cutechess, fastchess, the project's Python runner) do not know
//! the variant, so this one does the little they would: openings of a few random plies (each
//! played twice, colours swapped), a clock of base plus increment per side, and the end of
//! each game by the rules (mate, stalemate, repetition, fifty moves, insufficient material),
//! by an illegal or missing move, or by a flag fall. It prints one line per game and a
//! table, and writes the games as PGN.

use crate::args::MatchOptions;
use crate::Verdict;
use outpost_board::{Board, Color, Variant};
use outpost_movegen::san::to_san;
use outpost_movegen::uci::UciNotation;
use outpost_movegen::{legal_moves, Game, GameStatus};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Time an engine may take beyond its clock before the runner gives up on it.
const GRACE: Duration = Duration::from_millis(1000);
/// Plies after which a game is called a draw.
const MAX_PLIES: usize = 400;

/// A UCI engine process, read line by line on a thread of its own so that every wait has a
/// deadline.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `command` (split on spaces), sends `uci`, the options and `isready`.
    fn start(command: &str, options: &[(String, String)]) -> Result<Engine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("an empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("cannot start '{command}': {error}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
        };
        engine.send("uci")?;
        engine.wait_for("uciok", Duration::from_secs(10))?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("isready")?;
        engine.wait_for("readyok", Duration::from_secs(10))?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|error| format!("engine input closed: {error}"))
    }

    /// The first line starting with `prefix`, within `patience`.
    fn wait_for(&mut self, prefix: &str, patience: Duration) -> Result<String, String> {
        let deadline = Instant::now() + patience;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(format!("no '{prefix}' in time")),
                Err(RecvTimeoutError::Disconnected) => return Err("the engine ended".into()),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How one game ended, from the first engine's side.
#[derive(Clone, Debug)]
struct Outcome {
    /// 1, ½ or 0 for the first engine.
    points: f64,
    /// Why, in words.
    reason: String,
    /// The PGN result tag.
    result: &'static str,
}

/// A tiny seeded generator (xorshift64*): openings must be the same for the same seed.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// `count` openings: a few random legal plies from the start, none ending the game.
fn openings(count: usize, plies: usize, seed: u64) -> Vec<Vec<outpost_board::Move>> {
    // A bijection of the seed (xor, then an odd multiplier): no two seeds share a start.
    let mut random = Random(
        (seed ^ 0x9e37_79b9_7f4a_7c15)
            .wrapping_mul(0xbf58_476d_1ce4_e5b9)
            .max(1),
    );
    let start = Board::from_fen(Variant::Fragments.start_fen()).unwrap_or_default();
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = Game::new(start.clone());
        let mut line = Vec::new();
        for _ in 0..plies {
            let moves = legal_moves(game.board());
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.below(moves.len())];
            game.play(mv);
            line.push(mv);
        }
        if game.status_claiming_draws() == GameStatus::Ongoing {
            found.push(line);
        }
    }
    found
}

/// Plays one game; `first_is_white` says which colour the first engine has.
fn play(
    options: &MatchOptions,
    opening: &[outpost_board::Move],
    first_is_white: bool,
) -> Result<(Outcome, String), String> {
    let outpost_options = vec![
        ("UCI_Variant".to_string(), "fragments".to_string()),
        ("Hash".to_string(), "16".to_string()),
    ];
    let mut first = Engine::start(&options.engine, &outpost_options)?;
    let mut second = Engine::start(&options.opponent, &options.opponent_options)?;
    let start = Board::from_fen(Variant::Fragments.start_fen()).map_err(|e| e.to_string())?;
    let mut game = Game::new(start.clone());
    for &mv in opening {
        game.play(mv);
    }
    let mut clocks = [options.base, options.base];
    let notation = UciNotation::STANDARD;
    let outcome = loop {
        let status = game.status_claiming_draws();
        if status != GameStatus::Ongoing {
            break by_rules(status, first_is_white);
        }
        if game.moves().len() >= MAX_PLIES {
            break draw(format!("{MAX_PLIES} plies"));
        }
        let mover = game.board().side_to_move();
        let first_to_move = (mover == Color::White) == first_is_white;
        let engine = if first_to_move {
            &mut first
        } else {
            &mut second
        };
        let moves = notation.write_all(game.moves());
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {moves}")
        };
        let millis = |time: Duration| time.as_millis();
        engine.send(&position)?;
        engine.send(&format!(
            "go wtime {} btime {} winc {} binc {}",
            millis(clocks[0]),
            millis(clocks[1]),
            millis(options.increment),
            millis(options.increment)
        ))?;
        let began = Instant::now();
        let answer = engine.wait_for("bestmove", clocks[mover.index()] + GRACE);
        let used = began.elapsed();
        let loser_is_first = first_to_move;
        let lose = |reason: String| Outcome {
            points: if loser_is_first { 0.0 } else { 1.0 },
            reason,
            result: if mover == Color::White { "0-1" } else { "1-0" },
        };
        let Ok(line) = answer else {
            break lose(format!("{mover} sent no move in time"));
        };
        if used > clocks[mover.index()] {
            break lose(format!("{mover} lost on time"));
        }
        clocks[mover.index()] = clocks[mover.index()] - used + options.increment;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        match game.play_uci_in(notation, text) {
            Ok(_) => {}
            Err(error) => break lose(format!("{mover} played an illegal move: {error}")),
        }
    };
    let pgn = pgn_text(
        &start,
        &game,
        opening.len(),
        first_is_white,
        options,
        &outcome,
    );
    Ok((outcome, pgn))
}

fn draw(reason: String) -> Outcome {
    Outcome {
        points: 0.5,
        reason,
        result: "1/2-1/2",
    }
}

/// The outcome of a game the rules ended.
fn by_rules(status: GameStatus, first_is_white: bool) -> Outcome {
    match status.winner() {
        Some(winner) => Outcome {
            points: if (winner == Color::White) == first_is_white {
                1.0
            } else {
                0.0
            },
            reason: status.to_string(),
            result: if winner == Color::White { "1-0" } else { "0-1" },
        },
        None => draw(status.to_string()),
    }
}

/// The game as PGN, with the variant, the start and the SAN moves.
fn pgn_text(
    start: &Board,
    game: &Game,
    opening_plies: usize,
    first_is_white: bool,
    options: &MatchOptions,
    outcome: &Outcome,
) -> String {
    let (white, black) = if first_is_white {
        (&options.engine, &options.opponent)
    } else {
        (&options.opponent, &options.engine)
    };
    let mut text = format!(
        "[Event \"Chess Fragments match\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
         [Result \"{}\"]\n[Variant \"fragments\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\
         [Termination \"{}\"]\n[Opening \"{} random plies\"]\n\n",
        outcome.result,
        start.to_fen(),
        outcome.reason,
        opening_plies
    );
    let mut board = start.clone();
    for (ply, &mv) in game.moves().iter().enumerate() {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(&to_san(&board, mv));
        text.push(' ');
        board.make(mv);
    }
    text.push_str(outcome.result);
    text.push_str("\n\n");
    text
}

/// Elo difference and its 95% margin from a score over `games` games.
fn elo(points: f64, games: usize, squares: f64) -> (f64, f64) {
    let n = games as f64;
    let mean = points / n;
    let variance = (squares / n - mean * mean).max(0.0);
    let to_elo = |score: f64| -400.0 * (1.0 / score.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    let margin = 1.96 * (variance / n).sqrt();
    let difference = to_elo(mean);
    (
        difference,
        (to_elo(mean + margin) - to_elo(mean - margin)) / 2.0,
    )
}

/// The Elo difference as the table shows it: none at a score of 0% or 100% (it would be
/// infinite), no margin when every game was drawn, and never `-0`.
fn elo_text(points: f64, games: usize, squares: f64) -> String {
    if games == 0 {
        return "none (no games)".to_string();
    }
    let score = points / games as f64;
    if score <= 0.0 || score >= 1.0 {
        return format!("undefined (a score of {:.0}%)", 100.0 * score);
    }
    let (difference, margin) = elo(points, games, squares);
    // `{:+.0}` writes a small negative number as "-0" (the pattern 0.0 matches -0.0 too).
    let difference = match difference.round() {
        0.0 => "0".to_string(),
        d => format!("{d:+.0}"),
    };
    if margin == 0.0 {
        format!("{difference} (every game drawn: no margin)")
    } else {
        format!("{difference} ± {margin:.0}")
    }
}

/// One game's result in words, for the first engine (`--engine`) against `--opponent`.
fn result_in_words(points: f64) -> &'static str {
    match points {
        p if p > 0.75 => "engine won (engine 1, opponent 0)",
        p if p < 0.25 => "opponent won (engine 0, opponent 1)",
        _ => "drawn (engine ½, opponent ½)",
    }
}

/// Runs the match and prints the games and the table.
pub fn run(options: &MatchOptions) -> Result<Verdict, String> {
    let openings = openings(options.games.div_ceil(2), options.plies, options.seed);
    let mut pgn = String::new();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let (mut points, mut squares) = (0.0, 0.0);
    let mut faults = 0;
    for game in 0..options.games {
        let opening = &openings[game / 2];
        let first_is_white = game % 2 == 0;
        let (outcome, text) = play(options, opening, first_is_white)?;
        pgn.push_str(&text);
        points += outcome.points;
        squares += outcome.points * outcome.points;
        match outcome.points {
            p if p > 0.75 => wins += 1,
            p if p < 0.25 => losses += 1,
            _ => draws += 1,
        }
        if outcome.reason.contains("illegal") || outcome.reason.contains("time") {
            faults += 1;
        }
        println!(
            "game {:>3}  engine {}  {:<7}  {}: {}; engine {} of {}",
            game + 1,
            if first_is_white { "white" } else { "black" },
            outcome.result,
            outcome.reason,
            result_in_words(outcome.points),
            points,
            game + 1
        );
    }
    std::fs::write(&options.pgn, pgn).map_err(|error| format!("{}: {error}", options.pgn))?;
    let elo = elo_text(points, options.games, squares);
    println!(
        "\n| engine | opponent | time control | games | W-D-L | score | Elo difference (95%) |\n\
         |---|---|---|---|---|---|---|\n\
         | {} | {} | {}+{} | {} | {wins}-{draws}-{losses} | {:.1}% | {elo} |",
        options.engine,
        options.opponent,
        options.base.as_secs_f64(),
        options.increment.as_secs_f64(),
        options.games,
        100.0 * points / options.games as f64
    );
    println!(
        "illegal moves and time losses: {faults}; games in {}",
        options.pgn
    );
    Ok(Verdict::Passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_reproducible_and_playable() {
        let first = openings(5, 3, 42);
        assert_eq!(first, openings(5, 3, 42));
        assert_ne!(first, openings(5, 3, 43));
        for line in &first {
            assert_eq!(line.len(), 3);
        }
    }

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let (even, margin) = elo(5.0, 10, 5.0);
        assert!(even.abs() < 1e-9 && margin > 0.0);
        let (ahead, _) = elo(7.5, 10, 7.5);
        assert!((ahead - 190.8).abs() < 1.0, "{ahead}");
    }

    #[test]
    fn elo_is_shown_only_where_it_is_defined() {
        assert_eq!(elo_text(2.0, 2, 2.0), "undefined (a score of 100%)");
        assert_eq!(elo_text(0.0, 2, 0.0), "undefined (a score of 0%)");
        assert_eq!(elo_text(1.0, 2, 0.5), "0 (every game drawn: no margin)");
        assert_eq!(elo_text(0.0, 0, 0.0), "none (no games)");
        // One win and one loss: even, with a (wide) margin, and no "-0".
        let even = elo_text(1.0, 2, 1.0);
        assert!(even.starts_with("0 ± "), "{even}");
        assert!(elo_text(7.5, 10, 7.5).starts_with("+191 ± "));
    }

    #[test]
    fn each_game_says_who_scored_what() {
        assert_eq!(result_in_words(1.0), "engine won (engine 1, opponent 0)");
        assert_eq!(result_in_words(0.5), "drawn (engine ½, opponent ½)");
        assert_eq!(result_in_words(0.0), "opponent won (engine 0, opponent 1)");
    }
}
