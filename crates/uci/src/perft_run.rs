//! `go perft N` on a thread of its own, so that the protocol loop keeps answering and `stop`
//! ends it.

use crate::output::Output;
use outpost_board::Board;
use outpost_movegen::uci::UciNotation;
use outpost_perft::Perft;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// The deepest `go perft` accepted. Deeper counts would take years and recurse deeply.
pub const MAX_PERFT_DEPTH: u32 = 15;

/// The table of subtree counts a `go perft` uses, in MiB.
const PERFT_HASH_MIB: usize = 64;

/// A `go perft` in progress.
pub(crate) struct PerftRun {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl PerftRun {
    /// Starts counting `depth` plies from `board` on all cores, writing Stockfish's divide
    /// format (`e2e4: 9771` lines, a blank line, `Nodes searched: N`) to `output` when done,
    /// or `info string perft stopped` when stopped.
    /// Moves are written in `notation`.
    pub fn start(board: Board, depth: u32, notation: UciNotation, output: Output) -> PerftRun {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let stop = Arc::clone(&stop);
            std::thread::Builder::new()
                .name("outpost-perft".to_string())
                .spawn(move || output.say(&count(board, depth, notation, &stop)))
                .ok()
        };
        PerftRun { stop, thread }
    }

    /// Stops the count (if still running) and waits until its thread has ended.
    pub fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    /// Waits until the count has ended and its answer is written.
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The text `go perft` answers with.
fn count(mut board: Board, depth: u32, notation: UciNotation, stop: &AtomicBool) -> String {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    // Without the memory for a table, count without one.
    let perft = Perft::new(threads, PERFT_HASH_MIB, true)
        .unwrap_or_else(|_| Perft::without_table(threads, true));
    let Some(results) = perft.divide_until(&mut board, depth, &|_, _| {}, stop) else {
        return "info string perft stopped".to_string();
    };
    let mut text = String::new();
    for (mv, nodes) in &results {
        let _ = writeln!(text, "{}: {nodes}", notation.write(*mv));
    }
    let total: u64 = if depth == 0 {
        1
    } else {
        results.iter().map(|(_, nodes)| nodes).sum()
    };
    let _ = write!(text, "\nNodes searched: {total}");
    text
}
