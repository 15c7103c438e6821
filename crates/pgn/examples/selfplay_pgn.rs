//! A PGN database of Outpost's own self-play games, with broken games mixed in: the test
//! data of the reader (`tests/data/selfplay.pgn`) and of its speed measure
//! (`scripts/pgn-speed.py`).
//!
//! Game `i` depends only on `--seed` and `i`: a few random legal plies, then Outpost's
//! search (one thread, a fresh table, `--nodes` nodes per move) for both sides, until the
//! game ends by the rules or after `--max-plies` plies. Every `--annotate-every`th game has
//! a comment after each move with the search's score and a clock as Lichess writes them
//! (`{[%eval 0.25] [%clk 0:02:59.8]}`, the clock counting down from three minutes by a
//! millisecond per node, so it is the same on every machine), a glyph on a few
//! moves and a variation with another move every tenth ply. Every `--broken-every`th game is
//! broken in one of five ways in turn (a move that is not SAN, an illegal move, a comment
//! never closed, a tag pair without quotes, a game cut off in the middle of a move), and the
//! broken game's `Event` tag says how.
//!
//! ```sh
//! cargo run --release -p outpost-pgn --example selfplay_pgn -- --games 3000 > games.pgn
//! ```

use outpost_board::Color;
use outpost_movegen::{legal_moves, Game};
use outpost_pgn::{read_pgn_lenient, write_pgn, PgnGame, Variation};
use outpost_search::{Limits, SearchSignals, Searcher};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Write;

/// The options, with their defaults.
struct Options {
    games: u64,
    nodes: u64,
    seed: u64,
    max_plies: usize,
    broken_every: u64,
    annotate_every: u64,
    threads: u64,
}

const USAGE: &str = "usage: selfplay_pgn [--games N] [--nodes N] [--seed N] [--max-plies N] \
                     [--broken-every N] [--annotate-every N] [--threads N]";

fn options() -> Result<Options, String> {
    let mut options = Options {
        games: 3000,
        nodes: 400,
        seed: 1,
        max_plies: 160,
        broken_every: 50,
        annotate_every: 1,
        threads: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(name) = args.next() {
        let value = args.next().ok_or_else(|| format!("{name} needs a value"))?;
        let number: u64 = value
            .parse()
            .map_err(|_| format!("{name} takes a number, not {value:?}"))?;
        match name.as_str() {
            "--games" => options.games = number,
            "--nodes" => options.nodes = number.max(1),
            "--seed" => options.seed = number,
            "--max-plies" => options.max_plies = number as usize,
            "--broken-every" => options.broken_every = number,
            "--annotate-every" => options.annotate_every = number,
            "--threads" => options.threads = number.max(1),
            _ => return Err(format!("unknown option {name}")),
        }
    }
    Ok(options)
}

/// Random legal plies before the search takes over.
const OPENING_PLIES: usize = 6;
/// The clock at the start, in milliseconds.
const START_CLOCK_MS: u64 = 180_000;

/// Plays game `index` and returns it as PGN text (broken if its number says so).
fn game_text(options: &Options, index: u64) -> String {
    let seed = options.seed ^ (index + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let number = index + 1;
    let annotate = options.annotate_every > 0 && number.is_multiple_of(options.annotate_every);
    let mut game = Game::startpos();
    for _ in 0..OPENING_PLIES {
        let moves = legal_moves(game.board());
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.next_u32() as usize % moves.len()]);
    }
    let mut searcher = Searcher::new(4);
    let limits = Limits {
        nodes: Some(options.nodes),
        ..Limits::default()
    };
    let signals = SearchSignals::new();
    let mut history = Vec::new();
    let mut comments = Vec::new();
    let mut clocks = [START_CLOCK_MS; 2];
    while !game.status_claiming_draws().is_over() && game.moves().len() < options.max_plies {
        let board = game.board().clone();
        let found = searcher.search(&board, &history, &limits, &signals, |_| {});
        let Some(best) = found.best_move else { break };
        let white = if board.side_to_move() == Color::White {
            1
        } else {
            -1
        };
        let eval = match (found.score.mate_moves(), found.score.as_centipawns()) {
            (Some(moves), _) => format!("#{}", white * moves),
            (_, Some(cp)) => format!("{:.2}", f64::from(white * cp) / 100.0),
            _ => "0.00".to_string(),
        };
        let clock = &mut clocks[board.side_to_move().index()];
        *clock = clock.saturating_sub(found.nodes);
        let (ms, seconds) = (*clock % 1000, *clock / 1000);
        comments.push(format!(
            "[%eval {eval}] [%clk {}:{:02}:{:02}.{}]",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60,
            ms / 100
        ));
        history.push(board.hash());
        game.play(best);
    }
    let event = format!("Outpost self-play, {} nodes per move", options.nodes);
    let round = number.to_string();
    let tags = [
        ("Event", event.as_str()),
        ("Site", "crates/pgn/examples/selfplay_pgn.rs"),
        ("Round", round.as_str()),
        ("White", "Outpost"),
        ("Black", "Outpost"),
    ];
    let mut pgn = PgnGame::from_game(&game, &tags);
    if pgn.termination.is_none() {
        pgn.termination = Some(format!("Stopped after {} plies", options.max_plies));
    }
    if annotate {
        let mut board = pgn.start.clone();
        // The comments are those of the searched moves, after the random ones.
        let first = pgn.moves.len() - comments.len();
        for (ply, comment) in comments.into_iter().enumerate() {
            let notes = pgn.move_notes_mut(first + ply);
            notes.comments.push(comment);
            if rng.next_u32().is_multiple_of(16) {
                notes.nags.push([1, 2, 5, 6][rng.next_u32() as usize % 4]);
            }
        }
        // A variation with another move every tenth ply.
        for (index, &mv) in game.moves().iter().enumerate() {
            if index % 10 == 9 {
                let others: Vec<_> = legal_moves(&board)
                    .into_iter()
                    .filter(|&other| other != mv)
                    .collect();
                if let Some(&other) = others.get(rng.next_u32() as usize % others.len().max(1)) {
                    pgn.move_notes_mut(index).variations.push(Variation {
                        moves: vec![other],
                        ..Variation::default()
                    });
                }
            }
            board.make(mv);
        }
    }
    let text = write_pgn(&pgn);
    if options.broken_every > 0 && number.is_multiple_of(options.broken_every) {
        let kind = (number / options.broken_every - 1) % 5;
        if let Some(broken) = break_game(&text, kind) {
            return broken;
        }
    }
    text
}

/// `text` broken in the way `kind` names, with an `Event` tag that says how; `None` if this
/// game cannot be broken that way (too short) or the result still reads.
fn break_game(text: &str, kind: u64) -> Option<String> {
    let (tags, movetext) = text.split_once("\n\n")?;
    let words: Vec<&str> = movetext.split(' ').collect();
    // The SAN words of the main line: not move numbers, glyphs, comments or variations.
    let mut sans = Vec::new();
    let (mut in_comment, mut depth) = (false, 0usize);
    for (index, word) in words.iter().enumerate() {
        if in_comment {
            in_comment = !word.contains('}');
            continue;
        }
        if word.starts_with('{') {
            in_comment = !word.contains('}');
            continue;
        }
        depth += word.matches('(').count();
        if depth == 0 && word.starts_with(|c: char| c.is_ascii_alphabetic()) {
            sans.push(index);
        }
        depth = depth.saturating_sub(word.matches(')').count());
    }
    let middle = *sans.get(sans.len() / 2)?;
    let (how, tags, movetext) = match kind {
        0 => {
            let mut words = words.clone();
            words[middle] = "Xz9";
            ("a move that is not SAN", tags.to_string(), words.join(" "))
        }
        1 => {
            // Hardly ever legal in the middle of a game (and checked below).
            let mut words = words.clone();
            words[middle] = "Kxa8";
            ("an illegal move", tags.to_string(), words.join(" "))
        }
        2 => {
            // The last comment (the reason the game ended) loses its `}`; without comments,
            // one is opened.
            let movetext = match movetext.rfind('}') {
                Some(at) => format!("{}{}", &movetext[..at], &movetext[at + 1..]),
                None => {
                    let mut words = words.clone();
                    words.insert(middle, "{never closed");
                    words.join(" ")
                }
            };
            ("a comment never closed", tags.to_string(), movetext)
        }
        3 => (
            "a tag pair without quotes",
            tags.replace("[White \"Outpost\"]", "[White Outpost]"),
            movetext.to_string(),
        ),
        _ => {
            let cut = words[..middle].join(" ") + " " + &words[middle][..1];
            (
                "a game cut off in the middle of a move",
                tags.to_string(),
                cut,
            )
        }
    };
    let tags = tags.replacen("[Event \"", &format!("[Event \"Broken: {how}; "), 1);
    let broken = format!("{tags}\n\n{}\n", movetext.trim_end());
    // The broken game must be an error, and the game after it must read.
    let next = "\n[Event \"Next\"]\n\n1. e4 e5 *\n";
    let (games, errors) = read_pgn_lenient(&(broken.clone() + next));
    (games.len() == 1 && errors.len() == 1).then_some(broken)
}

fn main() -> std::io::Result<()> {
    let options = match options() {
        Ok(options) => options,
        Err(error) => {
            eprintln!("selfplay_pgn: {error}\n{USAGE}");
            std::process::exit(2);
        }
    };
    let next = std::sync::atomic::AtomicU64::new(0);
    let (send, receive) = std::sync::mpsc::channel();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // An escape line (which readers skip) with the command that makes the file.
    let args: Vec<String> = std::env::args().skip(1).collect();
    writeln!(
        out,
        "% Outpost self-play for the PGN reader: cargo run --release -p outpost-pgn \
         --example selfplay_pgn -- {}\n",
        args.join(" ")
    )?;
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..options.threads {
            let send = send.clone();
            let (next, options) = (&next, &options);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if index >= options.games || send.send((index, game_text(options, index))).is_err()
                {
                    break;
                }
            });
        }
        drop(send);
        // Written in game order whatever the threads.
        let mut waiting = std::collections::BTreeMap::new();
        let mut written = 0;
        for (index, text) in receive {
            waiting.insert(index, text);
            while let Some(text) = waiting.remove(&written) {
                if written > 0 {
                    writeln!(out)?;
                }
                out.write_all(text.as_bytes())?;
                written += 1;
                if written % 500 == 0 {
                    eprintln!("selfplay_pgn: {written} games");
                }
            }
        }
        out.flush()
    })
}
