//! `perft`: count move paths from a position, optionally per root move (divide).
//!
//! Output follows Stockfish's `go perft` so that tools can compare the two: with `--divide`
//! one `e2e4: 9771` line per root move and a blank line, then always `Nodes searched: N`.
//! Timing and the counting mode go to stderr.

use clap::Parser;
use outpost_board::Board;
use outpost_movegen::uci::UciNotation;
use outpost_perft::{check_hash, Perft};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// The largest depth accepted: deeper counts take days.
const MAX_DEPTH: u32 = 12;

/// Count the move paths (perft) of a chess position.
///
/// Output follows Stockfish's `go perft`: with --divide one `e2e4: 9771` line per root move
/// and a blank line, then always `Nodes searched: N`. Timing and the counting mode go to
/// stderr.
#[derive(Debug, Parser)]
#[command(
    name = "perft",
    version,
    after_help = "Exit codes: 0 counted, 1 hash check failed, 2 bad arguments or no memory for the table."
)]
struct Options {
    /// Position to count from, in FEN, X-FEN or Shredder-FEN (Chess960; castling then written
    /// as king takes rook) [default: the start position]
    #[arg(long, value_name = "FEN", value_parser = parse_fen)]
    fen: Option<Board>,
    /// Number of plies, 0 to 12
    #[arg(long, value_name = "N", default_value_t = 5,
        value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// Print the count of each root move, as `e2e4: 9771`
    #[arg(long)]
    divide: bool,
    /// After every make and unmake compare the incremental hash and the whole position with
    /// ones recomputed from scratch; stop at the first difference (single thread, no table,
    /// no bulk counting)
    #[arg(long)]
    check_hash: bool,
    /// Play and take back the moves of the last ply instead of counting them
    #[arg(long)]
    no_bulk: bool,
    /// Threads sharing out the root moves, 1 to 1024 [default: all cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Size of the table of subtree counts in MiB, 0 for none
    #[arg(long = "hash", value_name = "MB", default_value_t = 64,
        value_parser = clap::value_parser!(u64).range(0..=65_536))]
    hash_mb: u64,
}

/// `--fen`: a position that can arise in a game, or the reason it cannot.
fn parse_fen(text: &str) -> Result<Board, String> {
    Board::from_fen(text).map_err(|error| format!("bad FEN: {error}"))
}

/// Writes to stdout; an error (such as a closed pipe) is returned instead of panicking.
fn print(text: &str) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()
}

fn main() -> ExitCode {
    // Help and bad arguments end here (exit code 0 and 2); `perft --help | head -2` does not
    // panic, as clap lets a failed write go.
    let options = Options::parse();
    let mut board = options.fen.clone().unwrap_or_else(Board::startpos);
    let threads = options.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |threads| threads as usize,
    );
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
        let perft = match Perft::new(threads, options.hash_mb as usize, !options.no_bulk) {
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
