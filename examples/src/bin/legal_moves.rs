//! Lists the legal moves of a position in SAN and UCI notation, using only the board and
//! move-generation crates.
//!
//! ```sh
//! cargo run -p examples --bin legal_moves -- "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
//! ```

use outpost_board::Board;
use outpost_movegen::{legal_moves, san};
use std::process::ExitCode;

fn main() -> ExitCode {
    // The FEN may come as one argument or as several (unquoted); none means the start position.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fen = if args.is_empty() {
        Board::STARTPOS_FEN.to_string()
    } else {
        args.join(" ")
    };
    // Parsing checks the whole position and says what is wrong with a bad one.
    let board = match Board::from_fen(&fen) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("legal_moves: {error}");
            return ExitCode::from(2);
        }
    };
    print!("{board}");
    // Legal moves are found by playing each pseudo-legal move and taking it back.
    let moves = legal_moves(&board);
    println!("{} legal moves:", moves.len());
    for mv in moves {
        // SAN needs the board: disambiguation, check and mate depend on the position.
        println!("  {:<8} {mv}", san::to_san(&board, mv));
    }
    ExitCode::SUCCESS
}
