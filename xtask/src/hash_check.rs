//! `xtask hash`: walk every position of the EPD files with [`outpost_perft::check_hash`], which
//! compares the incrementally updated board (Zobrist hash, bitboards) with one computed from
//! scratch after every make and unmake.
//!
//! One line per position on stdout (`ok  suite line 12  depth 3  9467 positions checked`); the
//! first failure, a board that went wrong or a count that differs from the published one,
//! stops the run with exit code 1.

use crate::args::HashOptions;
use crate::epd::{self, Suite};
use crate::{plural, Verdict};
use outpost_perft::check_hash;
use std::time::Instant;

/// The files checked when no `--suite` is given.
const DEFAULT_FILES: [&str; 2] = ["perft-suite.epd", "perft-standard.epd"];

/// Runs the check; `Err` is a problem with the input (exit 2), `Verdict::Failed` a failure.
pub fn run(options: &HashOptions) -> Result<Verdict, String> {
    // Read every file first, so that a bad file is reported before any work is done.
    let suites = if options.suites.is_empty() {
        DEFAULT_FILES
            .iter()
            .map(|name| epd::load(&epd::data_file(name)))
            .collect::<Result<Vec<Suite>, String>>()?
    } else {
        options
            .suites
            .iter()
            .map(|argument| epd::load(&epd::resolve_suite(argument)?))
            .collect::<Result<Vec<Suite>, String>>()?
    };
    let positions = suites.iter().flat_map(|suite| &suite.positions);
    let name_width = positions.clone().map(|p| p.name.len()).max().unwrap_or(0);
    let count_width = positions
        .clone()
        .filter_map(|p| p.published(options.depth))
        .map(|count| count.to_string().len())
        .max()
        .unwrap_or(1);
    let depth = options.depth;

    let start = Instant::now();
    let (mut checked, mut total) = (0, 0);
    let (mut makes, mut unmakes) = (0, 0);
    for suite in &suites {
        println!(
            "{}: {}, depth {depth}",
            suite.path.display(),
            plural(suite.positions.len(), "position")
        );
        for position in &suite.positions {
            let mut board = position.board.clone();
            let name = &position.name;
            let nodes = match check_hash(&mut board, depth) {
                Ok(check) => {
                    makes += check.makes;
                    unmakes += check.unmakes;
                    check.nodes
                }
                Err(error) => {
                    println!("FAIL  {name:<name_width$}  depth {depth}");
                    eprintln!(
                        "xtask: hash check failed on line {} of {} {error}",
                        position.line,
                        suite.path.display()
                    );
                    return Ok(Verdict::Failed);
                }
            };
            checked += 1;
            total += nodes;
            match position.published(depth) {
                Some(published) if published != nodes => {
                    println!(
                        "FAIL  {name:<name_width$}  depth {depth}  {nodes:>count_width$} positions checked, published {published}"
                    );
                    eprintln!(
                        "xtask: the board stayed consistent but the count differs: line {} of {}: {}",
                        position.line,
                        suite.path.display(),
                        position.fen
                    );
                    return Ok(Verdict::Failed);
                }
                Some(_) => println!(
                    "ok  {name:<name_width$}  depth {depth}  {nodes:>count_width$} positions checked"
                ),
                None => println!(
                    "ok  {name:<name_width$}  depth {depth}  {nodes:>count_width$} positions checked (no published count)"
                ),
            }
        }
    }
    println!(
        "total  {}  depth {depth}  {total} positions checked  {:.2} s",
        plural(checked, "position"),
        start.elapsed().as_secs_f64()
    );
    println!(
        "hash and board verified after every make and unmake: {makes} makes, {unmakes} unmakes"
    );
    Ok(Verdict::Passed)
}
