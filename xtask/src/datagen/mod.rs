//! `cargo xtask datagen`: positions for the tuner from Outpost's own self-play games.
//!
//! Games are numbered from 0 (or `--first-game`); game `i` depends only on `--seed` and `i`
//! (its opening and a fresh search), and the file is written in game order whatever the
//! number of threads, so one seed always gives the same file, and shards of the games made
//! apart (`--first-game 0 --games 1000`, `--first-game 1000 --games 1000`) joined in order
//! give the positions of one run. The first line is a `#` comment with the command
//! that makes the file; then each line is `FEN;result;score`: the result of the game from
//! white's view (`1.0`, `0.5`, `0.0`) and the search's score of the position in centipawns
//! from white's view.

mod game;

use crate::args::DatagenOptions;
use crate::Verdict;
use game::{game_seed, play, Played};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How often the progress line is printed.
const REPORT_EVERY: Duration = Duration::from_secs(5);

/// Plays the games of `options` and writes their quiet positions to `options.out`.
pub fn run(options: &DatagenOptions) -> Result<Verdict, String> {
    if let Some(parent) = options.out.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    let file = File::create(&options.out)
        .map_err(|e| format!("cannot create {}: {e}", options.out.display()))?;
    let mut out = BufWriter::new(file);
    // The command that remakes the file, which the tuner copies into its header.
    let shard = if options.first_game == 0 {
        String::new()
    } else {
        format!(" --first-game {}", options.first_game)
    };
    writeln!(
        out,
        "# cargo xtask datagen --games {} --nodes {} --seed {}{shard}",
        options.games, options.nodes, options.seed
    )
    .map_err(|e| format!("cannot write {}: {e}", options.out.display()))?;
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let (send, receive) = mpsc::channel::<(u64, Played)>();
    let written = std::thread::scope(|scope| {
        for _ in 0..options.threads {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= options.games {
                    break;
                }
                let game = options.first_game + index;
                let played = play(game_seed(options.seed, game), options.nodes);
                if send.send((index, played)).is_err() {
                    break;
                }
            });
        }
        drop(send);
        write_in_order(&receive, &mut out, options, start)
    })?;
    out.flush()
        .map_err(|e| format!("cannot write {}: {e}", options.out.display()))?;
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "datagen: {} games, {} positions in {seconds:.1} s ({:.0} positions/s) to {}",
        options.games,
        written.positions,
        written.positions as f64 / seconds.max(1e-9),
        options.out.display()
    );
    eprintln!(
        "datagen: results white-draw-black {}-{}-{}",
        written.results[2], written.results[1], written.results[0]
    );
    Ok(Verdict::Passed)
}

/// What has been written so far.
#[derive(Default)]
struct Written {
    games: u64,
    positions: u64,
    /// Games lost, drawn and won by white.
    results: [u64; 3],
}

/// Writes the games as they arrive, in game order (a game that finishes early waits for
/// the ones before it), with a progress line on stderr.
fn write_in_order(
    receive: &mpsc::Receiver<(u64, Played)>,
    out: &mut impl Write,
    options: &DatagenOptions,
    start: Instant,
) -> Result<Written, String> {
    let mut waiting = BTreeMap::new();
    let mut written = Written::default();
    let mut reported = Instant::now();
    for (index, played) in receive {
        waiting.insert(index, played);
        while let Some(played) = waiting.remove(&written.games) {
            for sample in &played.samples {
                writeln!(out, "{};{:.1};{}", sample.fen, played.result, sample.score)
                    .map_err(|e| format!("cannot write {}: {e}", options.out.display()))?;
            }
            written.games += 1;
            written.positions += played.samples.len() as u64;
            written.results[(played.result * 2.0) as usize] += 1;
        }
        if reported.elapsed() >= REPORT_EVERY {
            reported = Instant::now();
            let seconds = start.elapsed().as_secs_f64();
            eprintln!(
                "  {}/{} games, {} positions, {:.2} games/s, {:.0} positions/s",
                written.games,
                options.games,
                written.positions,
                written.games as f64 / seconds,
                written.positions as f64 / seconds
            );
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same seed gives the same file, with one thread or two.
    #[test]
    fn the_same_seed_gives_the_same_file() {
        let dir = std::env::temp_dir().join(format!("outpost-datagen-{}", std::process::id()));
        let make = |games: u64, first_game: u64, threads: usize, name: &str| {
            let options = DatagenOptions {
                games,
                nodes: 300,
                seed: 9,
                first_game,
                out: dir.join(name),
                threads,
            };
            assert_eq!(run(&options), Ok(Verdict::Passed));
            std::fs::read_to_string(&options.out).unwrap()
        };
        let first = make(3, 0, 1, "a.txt");
        assert_eq!(first, make(3, 0, 1, "b.txt"));
        assert_eq!(first, make(3, 0, 2, "c.txt"));
        assert!(first.starts_with("# cargo xtask datagen --games 3 --nodes 300 --seed 9\n"));
        assert!(first.lines().count() > 10);
        // Two shards joined (without the second's header) are the one run's positions.
        let head = make(1, 0, 1, "d.txt");
        let tail = make(2, 1, 2, "e.txt");
        assert!(tail
            .starts_with("# cargo xtask datagen --games 2 --nodes 300 --seed 9 --first-game 1\n"));
        let positions = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| !l.starts_with('#'))
                .map(str::to_string)
                .collect()
        };
        let mut joined = positions(&head);
        joined.extend(positions(&tail));
        assert_eq!(joined, positions(&first));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
