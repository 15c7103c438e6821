//! Move generation speed: legal moves by try-and-take-back (on a copy and in place), pseudo-legal generation, and one
//! make/unmake pair. Run with
//! `cargo bench -p benches --features criterion --bench movegen`.

use benches::POSITIONS;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use outpost_board::Board;
use outpost_movegen::{legal_moves, legal_moves_in_place, pseudo_legal_moves, MoveList};

fn generation(c: &mut Criterion) {
    for (name, fen) in POSITIONS {
        let mut board = Board::from_fen(fen).unwrap();
        c.bench_function(&format!("legal_moves/{name}"), |b| {
            b.iter(|| legal_moves(black_box(&board)).len());
        });
        c.bench_function(&format!("legal_moves_in_place/{name}"), |b| {
            b.iter(|| legal_moves_in_place(black_box(&mut board)).len());
        });
        c.bench_function(&format!("pseudo_legal_moves/{name}"), |b| {
            b.iter(|| {
                let mut moves = MoveList::new();
                pseudo_legal_moves(black_box(&board), &mut moves);
                moves.len()
            });
        });
    }
}

fn make_unmake(c: &mut Criterion) {
    let mut board = Board::from_fen(POSITIONS[1].1).unwrap();
    let moves = legal_moves(&board);
    c.bench_function("make_unmake/kiwipete_all_moves", |b| {
        b.iter(|| {
            for &mv in &moves {
                let undo = board.make(black_box(mv));
                board.unmake(mv, &undo);
            }
        });
    });
}

criterion_group!(benches, generation, make_unmake);
criterion_main!(benches);
