//! Reads a PGN file (or standard input) with `PgnReader`, game by game, going on past broken
//! games, and says how many games it read, which ones it could not read and how fast it went.
//! With `--write`, prints each game read as `write_pgn` writes it.
//!
//! ```sh
//! cargo run --release -p outpost-pgn --example pgn_read -- games.pgn
//! ```

use outpost_pgn::{write_pgn, PgnReader};
use std::io::{BufRead, BufReader, Write};
use std::time::Instant;

fn main() -> std::io::Result<()> {
    let mut write = false;
    let mut path = None;
    for argument in std::env::args().skip(1) {
        match argument.as_str() {
            "--write" => write = true,
            _ => path = Some(argument),
        }
    }
    let source: Box<dyn BufRead> = match &path {
        Some(path) => Box::new(BufReader::with_capacity(
            1 << 16,
            std::fs::File::open(path)?,
        )),
        None => Box::new(std::io::stdin().lock()),
    };
    let mut out = std::io::stdout().lock();
    let started = Instant::now();
    let (mut games, mut moves, mut errors) = (0usize, 0usize, 0usize);
    for read in PgnReader::new(source) {
        match read {
            Ok(game) => {
                games += 1;
                moves += game.moves.len();
                if write {
                    writeln!(out, "{}", write_pgn(&game))?;
                }
            }
            Err(error) => {
                errors += 1;
                eprintln!("{error}");
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{games} games ({moves} moves) and {errors} errors in {seconds:.3} s: {:.0} games per second",
        (games + errors) as f64 / seconds
    );
    Ok(())
}
