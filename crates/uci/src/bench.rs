//! `bench`: the search crate's fixed search over a fixed set of positions
//! ([`outpost_search::bench`]), for a node-count signature and a speed measurement, written as
//! UCI `info string` lines.

use outpost_search::bench::{run, BENCH_POSITIONS};
use outpost_search::Depth;
use std::io::Write;
use std::time::Instant;

pub use outpost_search::bench::BENCH_DEPTH;

/// Searches every bench position to [`BENCH_DEPTH`] with one thread and a cleared table of
/// the default size, writing one line per position and, last, `<nodes> nodes <nps> nps`.
pub fn bench<W: Write>(out: &mut W) {
    bench_to_depth(out, BENCH_DEPTH);
}

/// [`bench()`] to another depth than [`BENCH_DEPTH`].
pub fn bench_to_depth<W: Write>(out: &mut W, depth: Depth) {
    let start = Instant::now();
    let total = run(depth, |index, result| {
        let best = result
            .best_move
            .map_or_else(|| "0000".to_string(), |mv| mv.to_string());
        let _ = writeln!(
            out,
            "info string bench position {}/{}: {} nodes, best move {}",
            index + 1,
            BENCH_POSITIONS.len(),
            result.nodes,
            best
        );
    });
    let millis = start.elapsed().as_millis().max(1) as u64;
    let _ = writeln!(out, "{} nodes {} nps", total, total * 1000 / millis);
}
