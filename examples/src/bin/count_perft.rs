//! Counts the move paths (perft) of a position to a depth with the perft crate, and shows the
//! count of each root move.
//!
//! ```sh
//! cargo run --release -p examples --bin count_perft -- 4 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
//! ```

use outpost_board::Board;
use std::io::{self, Write};
use std::process::ExitCode;

const USAGE: &str = "\
Counts the move paths (perft) of a chess position, with the count below each root move.

Usage: count_perft [DEPTH] [FEN]

DEPTH is from 0 to 8 (default 3); the FEN may be one argument in quotes or several words,
none means the start position.";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).peekable();
    if matches!(args.peek().map(String::as_str), Some("-h" | "--help")) {
        // `--help | head -2` must not panic: a failed write is let go.
        let _ = writeln!(io::stdout(), "{USAGE}");
        return ExitCode::SUCCESS;
    }
    let depth = match args.next().map(|text| text.parse::<u32>()) {
        None => 3,
        Some(Ok(depth)) if depth <= 8 => depth,
        Some(_) => {
            eprintln!("count_perft: the first argument is a depth from 0 to 8\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let fen: Vec<String> = args.collect();
    let fen = if fen.is_empty() {
        Board::STARTPOS_FEN.to_string()
    } else {
        fen.join(" ")
    };
    let mut board = match Board::from_fen(&fen) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("count_perft: {error}");
            return ExitCode::from(2);
        }
    };
    match count(&mut io::stdout().lock(), &mut board, depth) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`count_perft 5 | head -3`): nothing is wrong.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("count_perft: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Writes one `e2e4: 9771` line per root move, then the total.
fn count(out: &mut impl Write, board: &mut Board, depth: u32) -> io::Result<()> {
    // `divide` gives the count below each legal root move; their sum is the perft number.
    let counts = outpost_perft::divide(board, depth);
    for (mv, nodes) in &counts {
        writeln!(out, "{mv}: {nodes}")?;
    }
    // The plain count, which needs no per-move bookkeeping.
    writeln!(
        out,
        "perft({depth}) = {}",
        outpost_perft::perft(board, depth)
    )?;
    out.flush()
}
