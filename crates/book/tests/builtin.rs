//! The built-in book: its lines are legal, it covers the main first moves, and it varies.

use outpost_board::{Board, Move};
use outpost_book::{Book, BuiltinBook, PolyglotBook};
use outpost_movegen::legal_moves;
use outpost_movegen::san::{parse_san, to_san};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

fn after(line: &str) -> Board {
    let mut board = Board::startpos();
    for text in line.split_whitespace() {
        let mv = parse_san(&board, text).unwrap();
        board.make(mv);
    }
    board
}

fn sans(board: &Board, moves: &[(Move, u16)]) -> Vec<String> {
    moves.iter().map(|&(mv, _)| to_san(board, mv)).collect()
}

#[test]
fn every_line_is_legal_and_every_move_is_in_the_book() {
    let lines: Vec<&str> = BuiltinBook::lines().collect();
    assert!(lines.len() >= 30, "{} lines", lines.len());
    for line in &lines {
        let mut board = Board::startpos();
        for text in line.split_whitespace() {
            let mv =
                parse_san(&board, text).unwrap_or_else(|error| panic!("line '{line}': {error}"));
            let book_moves = BuiltinBook.moves(&board);
            assert!(
                book_moves.iter().any(|&(known, _)| known == mv),
                "line '{line}': {text} is not in the book"
            );
            board.make(mv);
        }
    }
    assert!(BuiltinBook::positions() > 100);
}

#[test]
fn the_start_position_has_the_four_main_first_moves() {
    let board = Board::startpos();
    let moves = BuiltinBook.moves(&board);
    let names = sans(&board, &moves);
    for first in ["e4", "d4", "c4", "Nf3"] {
        assert!(names.iter().any(|name| name == first), "{names:?}");
    }
    // A move's weight is the number of lines that play it.
    for (name, &(_, weight)) in names.iter().zip(&moves) {
        let lines = BuiltinBook::lines()
            .filter(|line| line.split_whitespace().next() == Some(name.as_str()))
            .count();
        assert_eq!(usize::from(weight), lines, "{name}");
    }
    assert!(moves.windows(2).all(|pair| pair[0].1 >= pair[1].1));
}

#[test]
fn main_replies_are_known() {
    let cases = [
        ("e4", &["e5", "c5", "e6", "c6"][..]),
        ("d4", &["d5", "Nf6"][..]),
        ("c4", &["e5", "Nf6", "c5"][..]),
        ("Nf3", &["d5", "Nf6"][..]),
        ("e4 c5 Nf3", &["d6", "Nc6", "e6"][..]),
        ("e4 e5 Nf3 Nc6", &["Bb5", "Bc4", "d4"][..]),
    ];
    for (line, replies) in cases {
        let board = after(line);
        let moves = BuiltinBook.moves(&board);
        let names = sans(&board, &moves);
        for reply in replies {
            assert!(names.iter().any(|name| name == reply), "{line}: {names:?}");
        }
    }
}

#[test]
fn transpositions_are_found() {
    // The Queen's Gambit Declined reached from the English and from 1.d4.
    let english = after("c4 e6 Nc3 d5 d4 Nf6");
    let queens_gambit = after("d4 d5 c4 e6 Nc3 Nf6");
    let from_english = BuiltinBook.moves(&english);
    assert!(!from_english.is_empty());
    assert_eq!(from_english, BuiltinBook.moves(&queens_gambit));
}

#[test]
fn positions_outside_the_book_have_no_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for line in ["a3", "e4 e5 Ke2", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O"] {
        let board = after(line);
        assert!(BuiltinBook.moves(&board).is_empty(), "{line}");
        assert_eq!(BuiltinBook.choose(&board, &mut rng), None, "{line}");
    }
    // The same pieces with black to move is another position.
    let board =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert!(BuiltinBook.moves(&board).is_empty());
}

#[test]
fn different_seeds_give_different_first_moves() {
    let board = Board::startpos();
    let firsts: BTreeSet<String> = (0..40)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mv = BuiltinBook.choose(&board, &mut rng).unwrap();
            to_san(&board, mv)
        })
        .collect();
    assert!(firsts.len() >= 3, "{firsts:?}");
    // The same seed gives the same game.
    let game = |seed| {
        let mut board = Board::startpos();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut moves = Vec::new();
        while let Some(mv) = BuiltinBook.choose(&board, &mut rng) {
            assert!(legal_moves(&board).contains(&mv));
            moves.push(mv);
            board.make(mv);
        }
        moves
    };
    assert_eq!(game(9), game(9));
    assert!(game(9).len() >= 4);
}

#[test]
fn both_books_work_behind_one_trait_object() {
    let books: Vec<Box<dyn Book + Send + Sync>> =
        vec![Box::new(BuiltinBook), Box::new(PolyglotBook::default())];
    let board = Board::startpos();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!(books[0].choose(&board, &mut rng).is_some());
    assert_eq!(books[1].choose(&board, &mut rng), None);
    let shared = std::sync::Arc::new(BuiltinBook);
    assert_eq!(shared.moves(&board), BuiltinBook.moves(&board));
}

/// `data/openings.epd`, the openings of the engine matches in docs/strength.md: every line is legal
/// from the start position and reaches the position of its record.
#[test]
fn the_match_openings_are_legal_and_reach_their_positions() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/openings.epd");
    let text = std::fs::read_to_string(path).unwrap();
    let records = outpost_board::read_epd(&text).unwrap();
    assert_eq!(records.len(), 52);
    let mut names = BTreeSet::new();
    for record in &records {
        let epd = &record.epd;
        let line = &epd.operation("c0").expect("the moves in c0")[0];
        // `1. e4 e5 2. Nf3 ...` without the move numbers.
        let moves: Vec<&str> = line
            .split_whitespace()
            .filter(|word| !word.ends_with('.'))
            .collect();
        assert_eq!(moves.len(), 8, "line {}: {line}", record.line);
        let board = after(&moves.join(" "));
        assert_eq!(
            board.hash(),
            epd.board().hash(),
            "line {}: {line}",
            record.line
        );
        assert!(
            names.insert(epd.id().expect("a name")),
            "line {}",
            record.line
        );
    }
}
