//! Outpost's development tasks, run as `cargo xtask <task>` (an alias in
//! `.cargo/config.toml`).
//!
//! * `perft`: the published perft counts of an EPD file, compared with ours;
//! * `hash`: every make and unmake checked against a board computed from scratch;
//! * `divide`: another engine's perft divides compared with ours, move by move;
//! * `match`: a match between two engines (UCI or xboard), refereed by our rules, with Elo and an SPRT;
//! * `fuzz`: the cargo-fuzz targets of `fuzz/`, each for N runs;
//! * `datagen`: positions for the tuner from Outpost's self-play games;
//! * `tune`: the evaluation's parameters fitted to them (Texel's method), written as Rust;
//! * `spsa`: an engine's spin options (the search's parameters) tuned by SPSA in self-play;
//! * `turns`: where an engine's lost games of a match turned, read from the match's PGN;
//! * `pgn-positions`: positions for the tuner from an engine's games in a match's PGN;
//! * `compare`: two matches of the same openings compared opening by opening;
//! * `site`: the page as a static site, the engine compiled to WebAssembly for a Web Worker;
//! * `tables`: the generated Zobrist keys and magic numbers the crates compile in;
//! * `wasm-check`: the WebAssembly build compared with the native one.
//!
//! `cargo xtask --help` lists them, `cargo xtask TASK --help` explains one (the text is the
//! doc comments of `args.rs`).
//!
//! Exit codes: 0 all good, 1 a count, check or fuzz target failed, 2 bad arguments or input
//! (or a toolchain, cargo-fuzz or build that fuzzing needs is missing).

mod args;
mod compare;
mod datagen;
mod divide_check;
mod epd;
mod fuzz;
mod hash_check;
mod match_runner;
mod perft_suite;
mod pgn_positions;
mod progress;
mod site;
mod spsa;
mod tables;
mod tune;
mod turns;
mod wasm_build;
mod wasm_check;

use args::Command;
use std::process::ExitCode;

/// How a task that ran to its end came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every count matched, every check passed.
    Passed,
    /// Something did not match (exit code 1).
    Failed,
}

/// `n` and `word` in the number it needs: `1 position`, `2 positions`.
fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn main() -> ExitCode {
    // Help (exit code 0) and bad arguments (exit code 2) end here, printed by clap.
    let command = args::parse(std::env::args_os()).unwrap_or_else(|error| error.exit());
    let outcome = match command {
        Command::Perft(options) => perft_suite::run(&options),
        Command::Hash(options) => hash_check::run(&options),
        Command::Fuzz(options) => fuzz::run(&options),
        Command::Divide(file) => divide_check::run(&epd::resolve(&file)),
        Command::Match(options) => match_runner::run(&options),
        Command::Datagen(options) => datagen::run(&options),
        Command::Tune(options) => tune::run(&options),
        Command::Spsa(options) => spsa::run(&options),
        Command::Turns(options) => turns::run(&options),
        Command::PgnPositions(options) => pgn_positions::run(&options),
        Command::Compare(options) => compare::run(&options),
        Command::Site(options) => site::run(&options),
        Command::WasmCheck(options) => wasm_check::run(&options),
        Command::Tables { check } => tables::run(&epd::workspace_root(), check),
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
