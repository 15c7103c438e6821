//! Outpost's micro-benchmarks are the bench targets of this package (`benches/movegen.rs`,
//! `benches/perft.rs`); the library is empty. Run them with `cargo bench -p benches`, or one of
//! them with `cargo bench -p benches --bench movegen`.
