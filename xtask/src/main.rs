//! Outpost's development tasks, run as `cargo xtask <task>` (an alias in
//! `.cargo/config.toml`).
//!
//! * `perft`: the published perft counts of an EPD file, compared with ours;
//! * `hash`: every make and unmake checked against a board computed from scratch;
//! * `divide`: another engine's perft divides compared with ours, move by move;
//! * `fragments-match`: Chess Fragments games against another engine, refereed by our rules;
//! * `fuzz`: the cargo-fuzz targets of `fuzz/`, each for N runs;
//! * `datagen`: positions for the tuner from Outpost's self-play games;
//! * `tune`: the evaluation's parameters fitted to them (Texel's method), written as Rust.
//!
//! Exit codes: 0 all good, 1 a count, check or fuzz target failed, 2 bad arguments or input
//! (or a toolchain, cargo-fuzz or build that fuzzing needs is missing).

mod args;
mod datagen;
mod divide_check;
mod epd;
mod fuzz;
mod hash_check;
mod perft_suite;
mod progress;
mod tune;
mod variant_match;

use args::Command;
use std::process::ExitCode;

const USAGE: &str = "\
Outpost's development tasks.

Usage: cargo xtask <task> [options]

Tasks:
  perft [--suite FILE] [--max-nodes N] [--quick] [--threads N] [--hash MB]
      Run every published perft count of an EPD file that is at most N positions and
      compare it with ours; one line per count, then a total.
        --suite FILE     EPD file of `FEN ;D1 20 ;D2 400 ... ;id \"name\"` lines, or NAME
                         for data/perft-NAME.epd (SUITES)
                         (default: data/perft-standard.epd of the workspace)
        --max-nodes N    largest published count to run (default: 200000000)
        --quick          a budget for CI: --max-nodes 2000000 unless given
        --threads N      threads sharing out the root moves (default: all cores)
        --hash MB        largest table of subtree counts in MiB, 0 for none (default: 64);
                         each count gets a fresh table of 1 MiB per million positions

  hash [--suite FILE]... [--depth N]
      Walk N plies from every position, comparing the incremental hash and the board
      with ones computed from scratch after every make and unmake, and the count with the
      published one; stop at the first failure.
        --suite FILE     EPD file or suite NAME (as for perft) to check, may be repeated
                         (default: data/perft-suite.epd and data/perft-standard.epd)
        --depth N        plies, 0 to 8 (default: 3)

  divide FILE
      Compare another engine's perft divides with ours, move by move: FILE holds blocks
      of a `position FEN ;depth N` line and `MOVE COUNT` lines (as
      scripts/fragments-reference.py writes from Fairy-Stockfish); one line per block,
      then every move one side lacks and every count that differs.

  fragments-match [--games N] [--tc BASE+INC] [--plies N] [--seed S] [--pgn FILE]
                  [--engine CMD] [--opponent CMD] [--opponent-option NAME=VALUE]...
      Play Chess Fragments against another UCI engine, every move checked by Outpost's
      rules: openings of N random plies (default 4) from seed S, each played with both
      colours; one line per game, then W-D-L, score and Elo difference; games as PGN.
        --games N        games (default 100)
        --tc BASE+INC    seconds per side and per move (default 10+0.1)
        --engine CMD     Outpost (default target/release/outpost: build it first)
        --opponent CMD   default /usr/games/fairy-stockfish, with the options VariantPath
                         (data/fragments-fairy-stockfish.ini), UCI_Variant fragments,
                         Threads 1, Hash 16 unless --opponent-option is given
        --pgn FILE       default target/fragments-match.pgn

  fuzz [--runs N] [--target NAME]... [--sanitizer NAME]
      Run the cargo-fuzz targets of fuzz/ one after the other, each for N inputs, and
      print a table of runs, seconds and result. Needs the nightly toolchain; installs
      cargo-fuzz (cargo install cargo-fuzz --locked) when it is missing. New inputs go to
      target/fuzz/corpus/, libFuzzer's output to target/fuzz/logs/; a failing input is
      copied to fuzz/regressions/NAME/ (replayed by cargo test from then on) and the
      command that reproduces it is printed.
        --runs N         inputs per target (default: 1000000)
        --target NAME    only this target, may be repeated (fen, san, uci_move, pgn,
                         uci_session, polyglot; default: all)
        --sanitizer NAME none (default), address, leak, memory or thread

  datagen [--games N] [--nodes N] [--seed S] [--out FILE] [--threads N]
      Self-play games for the tuner by Outpost's search (as a library, one thread per
      game, a fresh 8 MiB table each): openings of 8 random plies from seed S, N nodes a
      move, refereed by the rules (mate, stalemate, fifty moves, repetition, material),
      adjudicated at 1000 cp for 6 plies (win) or within 10 cp for 12 plies after ply 80
      (draw). Keeps the positions where the side to move is not in check and the best
      move is neither a capture nor a promotion, as `FEN;result;score` lines (result 1.0,
      0.5 or 0.0 and score in centipawns, both from white's view). The same seed gives
      the same file with any number of threads.
        --games N        games (default 1000)
        --nodes N        nodes per move (default 5000)
        --seed S         seed of the openings (default 1)
        --out FILE       default target/tuning/positions.txt
        --threads N      games played at once (default 1)

  tune [--data FILE] [--out FILE] [--epochs N] [--learning-rate X] [--score-weight W]
       [--l2 L] [--rewrite]
      Texel's method: fit K of sigmoid(K * eval) to the results first, then every
      evaluation parameter at once by Adam on batches of 4096 positions, printing the
      mean squared error after each epoch; writes the rounded values as Rust. The means
      of the piece-square and mobility tables stay where they started (they would trade
      places with the piece values).
        --data FILE      positions from datagen (default target/tuning/positions.txt)
        --out FILE       default crates/eval/src/tuned.rs (what the engine compiles in)
        --epochs N       passes over the data (default 200)
        --learning-rate X  Adam's step in centipawns (default 1)
        --score-weight W   part of each target taken from the search's score, 0 to 1
                         (default 0: game results only)
        --l2 L           weight of the penalty on each parameter's squared distance
                         from its starting value (default 2e-8; 0 for none)
        --rewrite        write today's values unchanged, reading no data

  help
      Show this text (also -h, --help).

A relative --suite FILE not found from the current directory is looked up from the
workspace root. Options may also be written --name=value.

Exit codes: 0 all good, 1 a count, check or fuzz target failed, 2 bad arguments or
input, or the nightly toolchain, cargo-fuzz or a build that fuzzing needs is missing.";

/// The usage text, with the suites of `data/` filled in.
fn usage() -> String {
    let suites = epd::suite_names();
    let listed = if suites.is_empty() {
        "none found in data/".to_string()
    } else {
        suites.join(", ")
    };
    USAGE.replace("SUITES", &listed)
}

/// How a task that ran to its end came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every count matched, every check passed.
    Passed,
    /// Something did not match (exit code 1).
    Failed,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match args::parse(&args) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("xtask: {message}\n\n{}", usage());
            return ExitCode::from(2);
        }
    };
    let outcome = match command {
        Command::Help => {
            println!("{}", usage());
            return ExitCode::SUCCESS;
        }
        Command::Perft(options) => perft_suite::run(&options),
        Command::Hash(options) => hash_check::run(&options),
        Command::Fuzz(options) => fuzz::run(&options),
        Command::Divide(file) => divide_check::run(&epd::resolve(&file)),
        Command::FragmentsMatch(options) => variant_match::run(&options),
        Command::Datagen(options) => datagen::run(&options),
        Command::Tune(options) => tune::run(&options),
    };
    match outcome {
        Ok(Verdict::Passed) => ExitCode::SUCCESS,
        Ok(Verdict::Failed) => ExitCode::from(1),
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::from(2)
        }
    }
}
