//! `xtask perft`: run the published perft counts of an EPD file and compare.
//!
//! Every `(position, depth)` whose published count is at most `--max-nodes` is counted with a
//! fresh [`outpost_perft::Perft`] (threads sharing the root moves, a hash table of subtree counts sized
//! to the count and at most `--hash` MiB, bulk counting at the last ply), and one aligned line
//! per count is printed on stdout:
//!
//! ```text
//! ok  Kiwipete  depth 4  4085603  published 4085603  0.12 s
//! ```
//!
//! then a total line and whether every count matched.

use crate::args::PerftOptions;
use crate::epd::{self, Position};
use crate::progress::with_progress;
use crate::Verdict;
use outpost_movegen::legal_moves;
use outpost_perft::Perft;
use std::time::Instant;

/// One count to run: a position of the suite and a depth with a published count.
struct Job<'a> {
    position: &'a Position,
    depth: u32,
    published: u64,
}

/// Widths of the columns of the result lines, so that they line up. (The status is left
/// unpadded, as in `ok  Kiwipete ...`, so a `FAIL` line sticks out by two characters.)
struct Widths {
    name: usize,
    depth: usize,
    count: usize,
}

/// Runs the counts; `Err` is a problem with the input (exit 2), `Verdict::Failed` a mismatch.
pub fn run(options: &PerftOptions) -> Result<Verdict, String> {
    let path = match &options.suite {
        Some(argument) => epd::resolve_suite(argument)?,
        None => epd::data_file("perft-standard.epd"),
    };
    let suite = epd::load(&path)?;
    let all_counts: usize = suite.positions.iter().map(|p| p.counts.len()).sum();
    let jobs: Vec<Job<'_>> = suite
        .positions
        .iter()
        .flat_map(|position| {
            position
                .counts
                .iter()
                .filter(|&&(_, published)| published <= options.max_nodes)
                .map(move |&(depth, published)| Job {
                    position,
                    depth,
                    published,
                })
        })
        .collect();
    if jobs.is_empty() {
        return Err(format!(
            "no published count in {} is at most {} positions (--max-nodes)",
            suite.path.display(),
            options.max_nodes
        ));
    }
    let planned: u64 = jobs.iter().map(|job| job.published).sum();
    println!(
        "{}: {} of {} published counts (those of at most {} positions), {} positions in all",
        suite.path.display(),
        jobs.len(),
        all_counts,
        options.max_nodes,
        planned
    );
    println!(
        "{} thread{}, {}, bulk counting at the last ply",
        options.threads,
        if options.threads == 1 { "" } else { "s" },
        match options.hash_mb {
            0 => "no hash table".to_string(),
            mb => format!(
                "a fresh hash table for each count (1 MiB per million positions, at most {mb} MiB)"
            ),
        }
    );
    let widths = Widths {
        name: jobs
            .iter()
            .map(|job| job.position.name.len())
            .max()
            .unwrap_or(0),
        depth: jobs
            .iter()
            .map(|job| digits(job.depth.into()))
            .max()
            .unwrap_or(1),
        count: jobs
            .iter()
            .map(|job| digits(job.published))
            .max()
            .unwrap_or(1),
    };

    let start = Instant::now();
    let mut positions = 0;
    let mut mismatches = 0;
    for job in &jobs {
        let nodes = count(job, options)?;
        positions += nodes.nodes;
        let matched = nodes.nodes == job.published;
        if !matched {
            mismatches += 1;
        }
        println!(
            "{}  {:<name$}  depth {:<depth$}  {:>count$}  published {:>count$}  {:.2} s",
            if matched { "ok" } else { "FAIL" },
            job.position.name,
            job.depth,
            nodes.nodes,
            job.published,
            nodes.seconds,
            name = widths.name,
            depth = widths.depth,
            count = widths.count,
        );
        if !matched {
            eprintln!(
                "      line {} of {}: {}\n      to find the move: cargo run --release -p outpost-perft -- --fen \"{}\" --depth {} --divide",
                job.position.line,
                suite.path.display(),
                job.position.fen,
                job.position.fen,
                job.depth
            );
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "total  {} counts  {} positions  {:.2} s  {:.1} Mnps",
        jobs.len(),
        positions,
        seconds,
        positions as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(match mismatches {
        0 => {
            println!("all counts match");
            Verdict::Passed
        }
        1 => {
            println!("1 mismatch");
            Verdict::Failed
        }
        n => {
            println!("{n} mismatches");
            Verdict::Failed
        }
    })
}

/// The result of one count.
struct Counted {
    nodes: u64,
    seconds: f64,
}

/// Counts one job with a fresh [`Perft`] (so no count is answered from another's table),
/// showing progress on a terminal. The time excludes setting up the table.
fn count(job: &Job<'_>, options: &PerftOptions) -> Result<Counted, String> {
    let perft = Perft::new(
        options.threads,
        table_mb(job.published, options.hash_mb),
        true,
    )
    .map_err(|error| format!("{error}: try a smaller --hash"))?;
    let mut board = job.position.board.clone();
    let root_moves = legal_moves(&board).len();
    let label = format!("{} depth {}", job.position.name, job.depth);
    let start = Instant::now();
    let nodes = with_progress(&label, root_moves, |progress| {
        perft
            .divide(&mut board, job.depth, progress)
            .iter()
            .map(|&(_, nodes)| nodes)
            .sum()
    });
    Ok(Counted {
        nodes,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The size of the table for a count of `published` positions: about 1 MiB per million
/// positions (a power of two), at most `max_mb`. A fresh 64 MiB table costs more in page
/// faults than a small count takes to run.
fn table_mb(published: u64, max_mb: usize) -> usize {
    let wanted = usize::try_from(published / 1_000_000 + 1).unwrap_or(usize::MAX);
    wanted
        .checked_next_power_of_two()
        .unwrap_or(usize::MAX)
        .min(max_mb)
}

/// The number of decimal digits of `n`.
fn digits(n: u64) -> usize {
    n.to_string().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_grow_with_the_count_up_to_the_limit() {
        assert_eq!(table_mb(20, 64), 1);
        assert_eq!(table_mb(4_865_609, 64), 8);
        assert_eq!(table_mb(193_690_690, 64), 64);
        assert_eq!(table_mb(u64::MAX, 64), 64);
        assert_eq!(table_mb(193_690_690, 0), 0);
    }
}
