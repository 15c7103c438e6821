//! The search's parts, each alone: the staged move picker (the first move only, as at a node
//! that cuts off, and every move), the transposition table (probe hit and miss, store, and a
//! chain of probes each waiting for memory) and the evaluation. Run with
//! `cargo bench -p benches --features criterion --bench search`.

use benches::POSITIONS;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use outpost_board::{Board, Move};
use outpost_eval::{PawnCache, PieceSquareSums};
use outpost_movegen::legal_moves;
use outpost_search::ordering::{Heuristics, MovePicker};
use outpost_search::{Bound, Entry, Score, SearchParams, TranspositionTable};

fn move_picker(c: &mut Criterion) {
    let heuristics = Heuristics::new(&SearchParams::default());
    for (name, fen) in POSITIONS {
        let board = Board::from_fen(fen).unwrap();
        let tt_move = legal_moves(&board)[0];
        c.bench_function(&format!("move_picker/first_move/{name}"), |b| {
            b.iter(|| {
                let mut picker = MovePicker::new(black_box(tt_move), [Move::NULL; 2], Move::NULL);
                picker.next(&board, &heuristics)
            });
        });
        c.bench_function(&format!("move_picker/every_move/{name}"), |b| {
            b.iter(|| {
                let mut picker =
                    MovePicker::new(black_box(Move::NULL), [Move::NULL; 2], Move::NULL);
                let mut count = 0;
                while picker.next(&board, &heuristics).is_some() {
                    count += 1;
                }
                count
            });
        });
    }
}

/// The hash of the `index`th position stored: spread over the whole table, as a search's are.
fn spread_hash(index: u64) -> u64 {
    (index + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// An exact entry of `depth` without a move, as the table benchmarks store it.
fn stored_entry(depth: i32) -> Entry {
    Entry {
        best_move: Move::NULL,
        score: Score::centipawns(12),
        static_eval: None,
        depth,
        bound: Bound::Exact,
    }
}

fn transposition_table(c: &mut Criterion) {
    let table = TranspositionTable::new(64);
    table.new_search();
    let hashes: Vec<u64> = (0..4096).map(spread_hash).collect();
    for &hash in &hashes {
        table.store(hash, 0, stored_entry(5));
    }
    let mut next = 0;
    c.bench_function("tt/probe_hit", |b| {
        b.iter(|| {
            next = (next + 1) % hashes.len();
            table.probe(black_box(hashes[next]), 0)
        });
    });
    c.bench_function("tt/probe_miss", |b| {
        b.iter(|| {
            next = (next + 1) % hashes.len();
            table.probe(black_box(hashes[next] ^ 1), 0)
        });
    });
    c.bench_function("tt/store", |b| {
        b.iter(|| {
            next = (next + 1) % hashes.len();
            table.store(
                black_box(hashes[next]),
                0,
                Entry {
                    best_move: Move::NULL,
                    score: Score::centipawns(7),
                    static_eval: None,
                    depth: 6,
                    bound: Bound::Lower,
                },
            );
        });
    });
}

/// Probes of a 64 MiB table where each probe's bucket is chosen by the one before: none can
/// start before the last has answered, and the buckets are spread over far more memory than
/// the caches hold, so each costs what a search's probe costs when its prefetch has not had
/// time to arrive, the memory's latency (165 ns on the development machine, against the
/// 10 ns of `tt/probe_hit`, whose buckets stay in the cache).
fn transposition_table_latency(c: &mut Criterion) {
    const CHAIN: u64 = 1 << 20; // positions stored: about one for each of the table's buckets
                                // Stored with a depth of 1 or 2, which a probe has to read before the next can start.
    let depth_of = |hash: u64| ((hash >> 40) & 1) as i32 + 1;
    let table = TranspositionTable::new(64);
    table.new_search();
    table.touch_pages();
    for index in 0..CHAIN {
        let hash = spread_hash(index);
        let depth = depth_of(hash);
        table.store(hash, 0, stored_entry(depth));
    }
    let mut next = 0;
    c.bench_function("tt/probe_chain", |b| {
        b.iter(|| {
            let depth = table
                .probe(spread_hash(next), 0)
                .map_or(1, |entry| entry.depth);
            next = (next + depth as u64) % CHAIN;
            depth
        });
    });
}

fn evaluation(c: &mut Criterion) {
    for (name, fen) in POSITIONS {
        let board = Board::from_fen(fen).unwrap();
        c.bench_function(&format!("evaluate/{name}"), |b| {
            b.iter(|| outpost_eval::evaluate(black_box(&board)));
        });
        // As the search evaluates: sums kept move by move, pawn terms from the cache.
        let sums = PieceSquareSums::of(&board);
        let mut pawn_cache = PawnCache::new();
        c.bench_function(&format!("evaluate_cached/{name}"), |b| {
            b.iter(|| outpost_eval::evaluate_cached(black_box(&board), &sums, &mut pawn_cache));
        });
    }
}

criterion_group!(
    benches,
    move_picker,
    transposition_table,
    transposition_table_latency,
    evaluation
);
criterion_main!(benches);
