//! Lists the legal moves of a position in SAN and UCI notation, using only the board and
//! move-generation crates.
//!
//! ```sh
//! cargo run -p examples --bin legal_moves -- "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//! ```

use outpost_board::Board;
use outpost_movegen::{legal_moves, san};
use std::io::{self, Write};
use std::process::ExitCode;

const USAGE: &str = "\
Lists the legal moves of a chess position in SAN and UCI notation.

Usage: legal_moves [FEN]

The FEN may be one argument in quotes or several words; none means the start position.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if matches!(args.first().map(String::as_str), Some("-h" | "--help")) {
        // `--help | head -2` must not panic: a failed write is let go.
        let _ = writeln!(io::stdout(), "{USAGE}");
        return ExitCode::SUCCESS;
    }
    // The FEN may come as one argument or as several (unquoted); none means the start position.
    let fen = if args.is_empty() {
        Board::STARTPOS_FEN.to_string()
    } else {
        args.join(" ")
    };
    // Parsing checks the whole position and says what is wrong with a bad one.
    let board = match Board::from_fen(&fen) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("legal_moves: {error}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match list_moves(&mut io::stdout().lock(), &board) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`legal_moves | head -4`): nothing is wrong.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("legal_moves: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the board and its legal moves; `println!` would panic on a closed pipe, `writeln!`
/// returns the error.
fn list_moves(out: &mut impl Write, board: &Board) -> io::Result<()> {
    write!(out, "{board}")?;
    // Legal moves are found by playing each pseudo-legal move and taking it back.
    let moves = legal_moves(board);
    writeln!(out, "{} legal moves:", moves.len())?;
    for mv in moves {
        // SAN needs the board: disambiguation, check and mate depend on the position.
        writeln!(out, "  {:<8} {mv}", san::to_san(board, mv))?;
    }
    out.flush()
}
