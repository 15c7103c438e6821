//! Perft against the published counts: the standard positions and the 128-position suite,
//! each to the depths that keep the whole test run short.

use outpost_board::{read_epd, Board};
use outpost_perft::{divide, perft, Perft};

const STANDARD: &str = include_str!("../../../data/perft-standard.epd");
const SUITE: &str = include_str!("../../../data/perft-suite.epd");

/// (FEN, [(depth, count)]) of each record of an EPD file; a malformed record fails the test.
fn parse(epd: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    read_epd(epd)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|record| {
            let counts = record
                .epd
                .perft_counts()
                .unwrap_or_else(|e| panic!("line {}: {e}", record.line));
            (record.epd.board().to_fen(), counts)
        })
        .collect()
}

fn check(epd: &str, max_nodes: u64) -> usize {
    let engine = Perft::new(2, 16, true).unwrap();
    let mut checked = 0;
    for (fen, counts) in parse(epd) {
        let mut board = Board::from_fen(&fen).unwrap();
        for (depth, expected) in counts.into_iter().filter(|&(_, n)| n <= max_nodes) {
            assert_eq!(
                engine.count(&mut board, depth),
                expected,
                "{fen} depth {depth}"
            );
            checked += 1;
        }
        assert_eq!(
            board.to_fen(),
            fen,
            "perft must leave the board as it found it"
        );
    }
    checked
}

#[test]
fn standard_positions_match_published_counts() {
    assert_eq!(check(STANDARD, 5_000_000), 30);
}

#[test]
fn suite_positions_match_published_counts() {
    assert!(check(SUITE, 1_000_000) > 500);
}

#[test]
fn raw_and_bulk_counting_agree() {
    for (fen, counts) in parse(STANDARD) {
        let mut board = Board::from_fen(&fen).unwrap();
        let (depth, expected) = counts[2];
        assert_eq!(perft(&mut board, depth), expected, "{fen}");
        assert_eq!(
            outpost_perft::perft_without_bulk(&mut board, depth),
            expected,
            "{fen}"
        );
        assert_eq!(
            outpost_perft::check_hash(&mut board, depth).unwrap().nodes,
            expected,
            "{fen}"
        );
    }
}

#[test]
fn divide_of_kiwipete() {
    let mut board =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let lines: Vec<String> = divide(&mut board, 2)
        .iter()
        .map(|(mv, nodes)| format!("{mv}: {nodes}"))
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
}
