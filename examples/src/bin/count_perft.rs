//! Counts the move paths (perft) of a position to a depth with the perft crate, and shows the
//! count of each root move.
//!
//! ```sh
//! cargo run --release -p examples --bin count_perft -- 4 "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
//! ```

use outpost_board::Board;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let depth = match args.next().map(|text| text.parse::<u32>()) {
        None => 3,
        Some(Ok(depth)) if depth <= 8 => depth,
        Some(_) => {
            eprintln!("count_perft: the first argument is a depth from 0 to 8");
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
    // `divide` gives the count below each legal root move; their sum is the perft number.
    let counts = perft::divide(&mut board, depth);
    for (mv, nodes) in &counts {
        println!("{mv}: {nodes}");
    }
    // The plain count, which needs no per-move bookkeeping.
    println!("perft({depth}) = {}", perft::perft(&mut board, depth));
    ExitCode::SUCCESS
}
