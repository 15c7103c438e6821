//! Analyses a position for a few seconds with the search crate alone (no UCI) and prints the
//! best line in SAN with its score. Arguments: seconds (default 2), then a FEN (default the
//! start position).
//!
//! ```sh
//! cargo run --release -p examples --bin analyse -- 5 "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3"
//! ```

use outpost_board::Board;
use outpost_movegen::in_check;
use outpost_movegen::san::{line_to_san, MoveNumbers};
use outpost_search::{Bound, Limits, Progress, Score, SearchSignals, Searcher};
use std::process::ExitCode;
use std::time::Duration;

/// A score for the side to move, in pawns (`+0.35`) or as a mate (`mate in 3`, `mated in 2`).
fn describe(score: Score) -> String {
    match score.mate_moves() {
        None => score.to_string(),
        Some(moves) if moves > 0 => format!("mate in {moves}"),
        Some(moves) => format!("mated in {}", -moves),
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let seconds = match args.next().map(|text| text.parse::<f64>()) {
        None => 2.0,
        Some(Ok(seconds)) if seconds > 0.0 && seconds <= 86_400.0 => seconds,
        Some(_) => {
            eprintln!("analyse: the first argument is a number of seconds, such as 2 or 0.5");
            return ExitCode::from(2);
        }
    };
    // The FEN may come as one argument or as several (unquoted).
    let fen: Vec<String> = args.collect();
    let fen = if fen.is_empty() {
        Board::STARTPOS_FEN.to_string()
    } else {
        fen.join(" ")
    };
    let board = match Board::from_fen(&fen) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("analyse: {error}");
            return ExitCode::from(2);
        }
    };
    print!("{board}");
    let side = board.side_to_move();
    println!("Scores are for {side}, the side to move.");

    // A searcher owns its transposition table (64 MiB here) and can be reused between searches.
    let mut searcher = Searcher::new(64);
    let limits = Limits {
        movetime: Some(Duration::from_secs_f64(seconds)),
        ..Limits::default()
    };
    // The search prints nothing itself: each finished iteration comes to this callback. No
    // game history is given (`&[]`), so repetitions before this position are not known.
    let mut shown = None;
    let result = searcher.search(&board, &[], &limits, &SearchSignals::new(), |progress| {
        if let Progress::Iteration(info) = progress {
            // Iterations that failed high or low only bound the score: show the exact ones,
            // and only when the score or the line changed (a found mate repeats every depth).
            let key = Some((info.score, info.pv.clone()));
            if info.bound == Bound::Exact && key != shown {
                shown = key;
                let pv = &info.pv[..info.pv.len().min(8)];
                println!(
                    "depth {:>2}  {:>10}  {:>10} nodes  {:>6} ms  {}",
                    info.depth,
                    describe(info.score),
                    info.nodes,
                    info.time.as_millis(),
                    line_to_san(&board, pv, MoveNumbers::Shown)
                );
            }
        }
    });

    match result.best_move {
        // No legal move: the position is checkmate or stalemate.
        None if in_check(&board) => println!("No legal move: checkmate."),
        None => println!("No legal move: stalemate."),
        Some(_) => {
            println!(
                "Best line (depth {}, {} nodes): {}",
                result.depth,
                result.nodes,
                line_to_san(&board, &result.pv, MoveNumbers::Shown)
            );
            println!("Score: {}", describe(result.score));
        }
    }
    ExitCode::SUCCESS
}
