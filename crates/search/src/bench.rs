//! `bench`: a fixed search over a fixed set of positions. Its node count is the search's
//! signature (it changes only when the search does), and its speed a measurement; the UCI
//! engine, the engine in the browser and its check against the native build all run this one.

use crate::{Depth, Limits, SearchResult, SearchSignals, Searcher, DEFAULT_HASH_MIB};
use outpost_board::Board;

/// The depth every bench position is searched to.
pub const BENCH_DEPTH: Depth = 12;

/// The bench positions: openings, middlegames, endgames, tactics.
pub const BENCH_POSITIONS: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2Q1RK1 w - - 0 9",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/2R3K1 b - - 0 20",
];

/// Searches every bench position to `depth` with one thread and a table of the default size,
/// cleared before each, handing each position's index and result to `each`; returns the
/// nodes of all.
///
/// ```
/// let mut positions = 0;
/// let nodes = outpost_search::bench::run(3, |_, result| {
///     assert!(result.best_move.is_some());
///     positions += 1;
/// });
/// assert_eq!(positions, outpost_search::bench::BENCH_POSITIONS.len());
/// assert!(nodes > 0);
/// ```
pub fn run(depth: Depth, mut each: impl FnMut(usize, &SearchResult)) -> u64 {
    let mut searcher = Searcher::new(DEFAULT_HASH_MIB);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut total = 0;
    for (index, fen) in BENCH_POSITIONS.iter().enumerate() {
        // A constant of this file: a bad one is a bug, not input.
        let board = Board::from_fen(fen).expect("the bench positions are valid FENs");
        searcher.clear();
        let result = searcher.search(&board, &[], &limits, &SearchSignals::new(), |_| {});
        total += result.nodes;
        each(index, &result);
    }
    total
}
