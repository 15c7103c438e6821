//! Outpost's micro-benchmarks are the bench targets of this package (`benches/movegen.rs`,
//! `benches/perft.rs`, `benches/search.rs`); the library holds what they share. criterion is
//! an optional dependency, so that `cargo test --workspace` does not compile it: run the
//! benchmarks with `cargo bench -p benches --features criterion`, or one of them with
//! `cargo bench -p benches --features criterion --bench movegen`.

/// The positions the benchmarks measure, by name: the start, Kiwipete (castling, pins,
/// many captures) and the CPW position 3 endgame.
pub const POSITIONS: [(&str, &str); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
];
