//! Outpost's micro-benchmarks are the bench targets of this package (`benches/movegen.rs`,
//! `benches/perft.rs`); the library is empty. criterion is an optional dependency, so that
//! `cargo test --workspace` does not compile it: run the benchmarks with
//! `cargo bench -p benches --features criterion`, or one of them with
//! `cargo bench -p benches --features criterion --bench movegen`.
