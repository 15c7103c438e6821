//! SAN round trips over the perft positions, SAN parsing of arbitrary text, and whole games
//! through the public API.

use outpost_board::{read_epd, Board, Color};
use outpost_movegen::san::{line_to_san, parse_san, to_san, MoveNumbers, SanError};
use outpost_movegen::status::insufficient_material;
use outpost_movegen::{legal_moves, Game, GameStatus};
use std::collections::HashSet;

const SUITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/perft-suite.epd");
const STANDARD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/perft-standard.epd");

/// The position of every record of an EPD file.
fn positions(path: &str) -> Vec<Board> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    read_epd(&text)
        .unwrap_or_else(|e| panic!("{path} {e}"))
        .into_iter()
        .map(|record| record.epd.board().clone())
        .collect()
}

/// Checks that every legal move's SAN is unique in the position and parses back to the move.
/// Returns the number of moves checked.
fn check_round_trip(board: &mut Board) -> usize {
    let before = board.clone();
    let moves = legal_moves(board);
    let mut seen = HashSet::new();
    for &mv in &moves {
        let san = to_san(board, mv);
        assert_eq!(*board, before, "to_san({mv}) changed {}", before.to_fen());
        assert!(
            seen.insert(san.clone()),
            "SAN {san} appears twice in {}",
            before.to_fen()
        );
        let parsed = parse_san(board, &san);
        assert_eq!(
            parsed,
            Ok(mv),
            "SAN {san} of {mv} in {} reads back wrongly",
            before.to_fen()
        );
        assert_eq!(
            *board,
            before,
            "parse_san({san}) changed {}",
            before.to_fen()
        );
    }
    moves.len()
}

#[test]
fn san_round_trips_two_plies_deep_on_the_perft_positions() {
    let mut boards = positions(SUITE);
    let suite_len = boards.len();
    boards.extend(positions(STANDARD));
    assert!(
        suite_len >= 100,
        "perft suite has only {suite_len} positions"
    );
    assert_eq!(
        boards.len() - suite_len,
        7,
        "perft-standard.epd should hold 7 positions"
    );
    let mut checked = 0;
    for mut board in boards {
        checked += check_round_trip(&mut board);
        for mv in legal_moves(&board) {
            let undo = board.make(mv);
            checked += check_round_trip(&mut board);
            board.unmake(mv, &undo);
        }
    }
    assert!(checked > 20_000, "only {checked} moves checked");
}

#[test]
fn san_checks_and_mates_agree_with_the_position_after_the_move() {
    for mut board in positions(STANDARD) {
        for mv in legal_moves(&board) {
            let san = to_san(&board, mv);
            let undo = board.make(mv);
            let check = outpost_movegen::in_check(&board);
            let mate = check && legal_moves(&board).is_empty();
            board.unmake(mv, &undo);
            assert_eq!(san.ends_with('+'), check && !mate, "{san}");
            assert_eq!(san.ends_with('#'), mate, "{san}");
        }
    }
}

/// A small deterministic generator (xorshift), so that the fuzz test needs no crate.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn parse_san_never_panics_on_arbitrary_text() {
    let alphabet: Vec<char> = "abcdefghNBRQKPnbrqkpxX0123456789O-o=+#!?:. éZ\u{0}"
        .chars()
        .collect();
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut boards = positions(STANDARD);
    for board in &mut boards {
        let before = board.clone();
        for _ in 0..3000 {
            let len = rng.below(9);
            let text: String = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            match parse_san(board, &text) {
                Ok(mv) => assert!(legal_moves(board).contains(&mv), "{text:?} gave {mv}"),
                Err(e) => assert!(!e.to_string().is_empty()),
            }
            assert_eq!(*board, before);
        }
        // Every SAN with one character dropped, doubled or swapped for another.
        for mv in legal_moves(board) {
            let san: Vec<char> = to_san(board, mv).chars().collect();
            for i in 0..san.len() {
                let mut dropped = san.clone();
                dropped.remove(i);
                let mut doubled = san.clone();
                doubled.insert(i, san[i]);
                let mut swapped = san.clone();
                swapped[i] = alphabet[rng.below(alphabet.len())];
                for variant in [dropped, doubled, swapped] {
                    let text: String = variant.into_iter().collect();
                    if let Ok(parsed) = parse_san(board, &text) {
                        assert!(legal_moves(board).contains(&parsed));
                    }
                }
            }
        }
        assert_eq!(*board, before);
    }
}

#[test]
fn named_garbage_is_rejected_as_malformed() {
    let board = Board::startpos();
    for text in ["", "Z", "Qxx9", "é", "O-O-O-O", "nf3", "e4e", "=", "\u{0}"] {
        assert_eq!(
            parse_san(&board, text),
            Err(SanError::Malformed(text.to_string())),
            "{text:?}"
        );
    }
}

#[test]
fn a_whole_game_by_san_and_back() {
    // The Opera Game, Paris 1858.
    let line = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 \
                cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
    let mut game = Game::startpos();
    for san in line.split_whitespace() {
        assert_eq!(game.status(), GameStatus::Ongoing, "before {san}");
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    assert_eq!(game.san_moves(), line);
    assert_eq!(
        line_to_san(game.start(), game.moves(), MoveNumbers::Hidden),
        line
    );
    assert_eq!(
        game.status(),
        GameStatus::Checkmate {
            winner: Color::White
        }
    );
    assert!(!insufficient_material(game.board()));
    while game.undo().is_some() {}
    assert_eq!(game.board(), &Board::startpos());
    assert_eq!(game.board().hash(), Board::startpos().hash());
}
