//! Perft speed: depth 4 of the start position and of Kiwipete, one thread, no table (the raw
//! speed of try-and-take-back move generation). Run with
//! `cargo bench -p benches --features criterion --bench perft`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use outpost_board::Board;

fn perft_depth_4(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft4");
    group.sample_size(10);
    for (name, fen) in [
        ("start", Board::STARTPOS_FEN),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
    ] {
        let mut board = Board::from_fen(fen).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| outpost_perft::perft(black_box(&mut board), 4));
        });
    }
    group.finish();
}

criterion_group!(benches, perft_depth_4);
criterion_main!(benches);
