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
use outpost_search::{Bound, Depth, Info, Limits, Progress, Score, SearchSignals, Searcher};
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "\
Analyses a chess position with Outpost's search and prints the best line and its score.

Usage: analyse [SECONDS] [FEN]

SECONDS is the thinking time (default 2, fractions allowed); the FEN may be one argument in
quotes or several words, none means the start position. The search ends earlier once it has
seen a forced mate to its end.";

/// A score for the side to move, in pawns (`+0.35`) or as a mate (`mate in 3`, `mated in 2`).
fn describe(score: Score) -> String {
    match score.mate_moves() {
        None => score.to_string(),
        Some(moves) if moves > 0 => format!("mate in {moves}"),
        Some(moves) => format!("mated in {}", -moves),
    }
}

/// `true` when an iteration has searched a forced mate to its end: deeper iterations would
/// only repeat it (each one is cheap once the mate is known, so without this a mate in 1
/// would be searched on to the greatest depth within milliseconds).
fn mate_seen_to_the_end(info: &Info) -> bool {
    let plies = match info.score.mate_moves() {
        Some(moves) if moves > 0 => 2 * moves - 1,
        Some(moves) => -2 * moves,
        None => return false,
    };
    info.bound == Bound::Exact && info.depth >= Depth::from(plies)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).peekable();
    if matches!(args.peek().map(String::as_str), Some("-h" | "--help")) {
        // `--help | head -2` must not panic: a failed write is let go.
        let _ = writeln!(io::stdout(), "{USAGE}");
        return ExitCode::SUCCESS;
    }
    let seconds = match args.next().map(|text| text.parse::<f64>()) {
        None => 2.0,
        Some(Ok(seconds)) if seconds > 0.0 && seconds <= 86_400.0 => seconds,
        Some(_) => {
            eprintln!(
                "analyse: the first argument is a number of seconds, such as 2 or 0.5\n\n{USAGE}"
            );
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
    match analyse(&mut io::stdout().lock(), &board, seconds) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`analyse 5 | head -3`): nothing is wrong.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("analyse: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Searches `board` for `seconds` and writes what the search found to `out`.
fn analyse(out: &mut impl Write, board: &Board, seconds: f64) -> io::Result<()> {
    write!(out, "{board}")?;
    let side = board.side_to_move();
    writeln!(out, "Scores are for {side}, the side to move.")?;

    // A searcher owns its transposition table (64 MiB here) and can be reused between searches.
    let mut searcher = Searcher::new(64);
    let limits = Limits {
        movetime: Some(Duration::from_secs_f64(seconds)),
        ..Limits::default()
    };
    // The signals stop the search from outside: here from the callback, at a proven mate or
    // when the output is gone.
    let signals = SearchSignals::new();
    // The search prints nothing itself: each finished iteration comes to this callback. No
    // game history is given (`&[]`), so repetitions before this position are not known.
    let mut shown = None;
    let mut written = Ok(());
    let result = searcher.search(board, &[], &limits, &signals, |progress| {
        let Progress::Iteration(info) = progress else {
            return;
        };
        // Iterations that failed high or low only bound the score: show the exact ones,
        // and only when the score or the line changed.
        let key = Some((info.score, info.pv.clone()));
        if info.bound == Bound::Exact && key != shown && written.is_ok() {
            shown = key;
            let pv = &info.pv[..info.pv.len().min(8)];
            written = writeln!(
                out,
                "depth {:>2}  {:>10}  {:>10} nodes  {:>6} ms  {}",
                info.depth,
                describe(info.score),
                info.nodes,
                info.time.as_millis(),
                line_to_san(board, pv, MoveNumbers::Shown)
            )
            .and_then(|()| out.flush());
        }
        if mate_seen_to_the_end(info) || written.is_err() {
            signals.stop();
        }
    });
    written?;

    match result.best_move {
        // No legal move: the position is checkmate or stalemate.
        None if in_check(board) => writeln!(out, "No legal move: checkmate.")?,
        None => writeln!(out, "No legal move: stalemate.")?,
        Some(_) => {
            writeln!(
                out,
                "Best line (depth {}, {} nodes, {} ms): {}",
                result.depth,
                result.nodes,
                result.time.as_millis(),
                line_to_san(board, &result.pv, MoveNumbers::Shown)
            )?;
            writeln!(out, "Score: {}", describe(result.score))?;
        }
    }
    out.flush()
}
