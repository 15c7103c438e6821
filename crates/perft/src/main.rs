//! `perft`: count move paths from a position, optionally per root move (divide).
//!
//! Output follows Stockfish's `go perft` so that tools can compare the two: with `--divide`
//! one `e2e4: 9771` line per root move and a blank line, then always `Nodes searched: N`.
//! Timing and the counting mode go to stderr.

use outpost_board::Board;
use outpost_movegen::uci::UciNotation;
use perft::{check_hash, Perft};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
Count the move paths (perft) of a chess position.

Usage: perft [--fen FEN] [--depth N] [--divide] [--check-hash] [--no-bulk]
             [--threads N] [--hash MB]

Options:
  --fen FEN       position to count from, in FEN, X-FEN or Shredder-FEN (Chess960;
                  castling then written as king takes rook) (default: the start position)
  --depth N       number of plies, 0 to 12 (default: 5)
  --divide        print the count of each root move, as `e2e4: 9771`
  --check-hash    after every make and unmake compare the incremental hash and the whole
                  position with ones recomputed from scratch; stop at the first difference
                  (single thread, no table, no bulk counting)
  --no-bulk       play and take back the moves of the last ply instead of counting them
  --threads N     threads sharing out the root moves (default: all cores)
  --hash MB       size of the table of subtree counts in MiB, 0 for none (default: 64)
  -h, --help      show this help

Exit codes: 0 counted, 1 hash check failed, 2 bad arguments or no memory for the table.";

/// The largest depth accepted: deeper counts take days.
const MAX_DEPTH: u32 = 12;

struct Options {
    fen: String,
    depth: u32,
    divide: bool,
    check_hash: bool,
    bulk: bool,
    threads: usize,
    hash_mb: usize,
}

fn parse_args(args: &[String]) -> Result<Option<Options>, String> {
    let mut options = Options {
        fen: Board::STARTPOS_FEN.to_string(),
        depth: 5,
        divide: false,
        check_hash: false,
        bulk: true,
        threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        hash_mb: 64,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--fen" => options.fen = value("--fen")?,
            "--depth" => {
                let text = value("--depth")?;
                options.depth = text
                    .parse()
                    .ok()
                    .filter(|&depth| depth <= MAX_DEPTH)
                    .ok_or_else(|| {
                        format!("--depth '{text}' is not a whole number from 0 to {MAX_DEPTH}")
                    })?;
            }
            "--threads" => {
                let text = value("--threads")?;
                options.threads = text
                    .parse()
                    .ok()
                    .filter(|&threads| (1..=1024).contains(&threads))
                    .ok_or_else(|| format!("--threads '{text}' is not a number from 1 to 1024"))?;
            }
            "--hash" => {
                let text = value("--hash")?;
                options.hash_mb =
                    text.parse()
                        .ok()
                        .filter(|&mb| mb <= 65_536)
                        .ok_or_else(|| {
                            format!("--hash '{text}' is not a number of MiB from 0 to 65536")
                        })?;
            }
            "--divide" => options.divide = true,
            "--check-hash" => options.check_hash = true,
            "--no-bulk" => options.bulk = false,
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(Some(options))
}

/// Writes to stdout; an error (such as a closed pipe) is returned instead of panicking.
fn print(text: &str) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            // `perft --help | head -2` must not panic: a failed write is let go.
            let _ = print(&format!("{USAGE}\n"));
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("perft: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut board = match Board::from_fen(&options.fen) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("perft: bad FEN '{}': {error}", options.fen);
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    // With --check-hash: what was verified, told once the count is printed.
    let mut checked = None;
    let nodes = if options.check_hash {
        eprintln!("mode: hash check after every make and unmake (1 thread, no table, no bulk)");
        match check_hash(&mut board, options.depth) {
            Ok(check) => {
                checked = Some(check);
                check.nodes
            }
            Err(error) => {
                eprintln!("perft: hash check failed {error}");
                return ExitCode::from(1);
            }
        }
    } else {
        let perft = match Perft::new(options.threads, options.hash_mb, options.bulk) {
            Ok(perft) => perft,
            Err(error) => {
                eprintln!("perft: {error}: try a smaller --hash");
                return ExitCode::from(2);
            }
        };
        eprintln!("mode: {}", perft.describe());
        if options.divide {
            // Chess960 castling is written as king takes rook, as Stockfish does with
            // UCI_Chess960, so that the two can be compared move by move.
            let notation = UciNotation::for_board(&board, board.has_chess960_castling());
            let counts = perft.divide(&mut board, options.depth, &|_, _| {});
            let lines: String = counts
                .iter()
                .map(|(mv, n)| format!("{}: {n}\n", notation.write(*mv)))
                .collect();
            if print(&format!("{lines}\n")).is_err() {
                return ExitCode::SUCCESS;
            }
            counts.iter().map(|(_, nodes)| nodes).sum()
        } else {
            perft.count(&mut board, options.depth)
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    if print(&format!("Nodes searched: {nodes}\n")).is_err() {
        return ExitCode::SUCCESS;
    }
    if let Some(check) = checked {
        eprintln!("{check}");
    }
    eprintln!(
        "time {seconds:.3} s, {:.1} million nodes per second",
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}
