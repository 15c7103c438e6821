//! The `OwnBook` and `BookFile` options.

use outpost_board::Board;
use outpost_book::polyglot;
use outpost_book::{PolyglotBook, PolyglotEntry};
use outpost_movegen::legal_moves;
use outpost_movegen::uci::parse_uci_move;
use outpost_uci::{Engine, SharedOutput};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn transcript(seed: u64, lines: &[&str]) -> String {
    let output = SharedOutput::default();
    let mut engine = Engine::new(output.clone());
    engine.seed_book(seed);
    for line in lines {
        engine.handle_line(line);
    }
    engine.wait_for_search();
    output.text()
}

fn best_move(text: &str) -> String {
    let line = text
        .lines()
        .rfind(|line| line.starts_with("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in:\n{text}"));
    line.split_whitespace().nth(1).unwrap().to_string()
}

fn is_legal(fen: &str, moves: &[&str], best: &str) -> bool {
    let mut board = Board::from_fen(fen).unwrap();
    for mv in moves {
        let mv = parse_uci_move(&board, mv).unwrap();
        board.make(mv);
    }
    legal_moves(&board).iter().any(|mv| mv.to_string() == best)
}

/// A Polyglot book file in the temporary directory, removed when dropped.
struct TempBook(PathBuf);

impl TempBook {
    fn new(name: &str, entries: &[(&str, &str, u16)]) -> TempBook {
        let entries = entries.iter().map(|&(fen, mv, weight)| {
            let board = Board::from_fen(fen).unwrap();
            let mv = parse_uci_move(&board, mv).unwrap();
            PolyglotEntry::new(&board, mv, weight)
        });
        let path =
            std::env::temp_dir().join(format!("outpost-uci-{name}-{}.bin", std::process::id()));
        std::fs::write(&path, PolyglotBook::from_entries(entries).to_bytes()).unwrap();
        TempBook(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempBook {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn own_book_is_off_by_default() {
    let text = transcript(1, &["position startpos", "go depth 2"]);
    assert!(!text.contains("book move"), "{text}");
    assert!(text.contains("info depth 2"), "{text}");
}

#[test]
fn own_book_answers_go_at_once_from_the_built_in_book() {
    let text = transcript(
        1,
        &[
            "setoption name OwnBook value true",
            "position startpos",
            "go wtime 60000 btime 60000",
        ],
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("info string book move "), "{text}");
    let best = best_move(&text);
    assert!(lines[0].contains(&best));
    assert!(
        ["e2e4", "d2d4", "c2c4", "g1f3"].contains(&best.as_str()),
        "{best}"
    );

    // Deeper in a line, and with `go depth`.
    let text = transcript(
        2,
        &[
            "setoption name ownbook value TRUE",
            "position startpos moves e2e4 c7c5 g1f3",
            "go depth 10",
        ],
    );
    assert!(text.starts_with("info string book move "), "{text}");
    assert!(
        ["d7d6", "b8c6", "e7e6"].contains(&best_move(&text).as_str()),
        "{text}"
    );
}

#[test]
fn out_of_book_the_engine_searches() {
    let text = transcript(
        1,
        &[
            "setoption name OwnBook value true",
            "position startpos moves a2a3 h7h6",
            "go depth 3",
        ],
    );
    assert!(!text.contains("book move"), "{text}");
    assert!(text.contains("info depth 3"), "{text}");
    assert!(is_legal(
        Board::STARTPOS_FEN,
        &["a2a3", "h7h6"],
        &best_move(&text)
    ));
}

#[test]
fn infinite_ponder_and_perft_ignore_the_book() {
    let output = SharedOutput::default();
    let mut engine = Engine::new(output.clone());
    engine.handle_line("setoption name OwnBook value true");
    engine.handle_line("position startpos");
    engine.handle_line("go infinite depth 2");
    engine.handle_line("stop");
    engine.handle_line("go ponder depth 2");
    engine.handle_line("stop");
    engine.handle_line("go perft 1");
    engine.wait_for_search();
    let text = output.text();
    assert!(!text.contains("book move"), "{text}");
    assert_eq!(text.matches("bestmove").count(), 2, "{text}");
    assert!(text.contains("Nodes searched: 20"), "{text}");
}

#[test]
fn searchmoves_limit_the_book_moves() {
    for seed in 0..5 {
        let text = transcript(
            seed,
            &[
                "setoption name OwnBook value true",
                "position startpos",
                "go depth 5 searchmoves c2c4 a2a3",
            ],
        );
        assert!(text.starts_with("info string book move c2c4"), "{text}");
        assert_eq!(best_move(&text), "c2c4");
    }
    // No book move among the search moves: search them.
    let text = transcript(
        0,
        &[
            "setoption name OwnBook value true",
            "go depth 2 searchmoves a2a3",
        ],
    );
    assert!(!text.contains("book move"), "{text}");
    assert_eq!(best_move(&text), "a2a3");
}

#[test]
fn book_moves_vary_with_the_seed() {
    let firsts: BTreeSet<String> = (0..30)
        .map(|seed| {
            best_move(&transcript(
                seed,
                &["setoption name OwnBook value true", "go movetime 1000"],
            ))
        })
        .collect();
    assert!(firsts.len() >= 3, "{firsts:?}");
    let again = |seed| {
        transcript(
            seed,
            &[
                "setoption name OwnBook value true",
                "position startpos",
                "go nodes 1",
                "position startpos moves d2d4",
                "go nodes 1",
            ],
        )
    };
    assert_eq!(again(11), again(11));
}

#[test]
fn book_file_is_a_polyglot_book() {
    let castling = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let book = TempBook::new(
        "book",
        &[
            (Board::STARTPOS_FEN, "b1c3", 1),
            (Board::STARTPOS_FEN, "g2g3", 0),
            (castling, "e1g1", 7),
        ],
    );
    let set_file = format!("setoption name BookFile value {}", book.path());
    let text = transcript(
        3,
        &[
            &set_file,
            "setoption name OwnBook value true",
            "position startpos",
            "go wtime 1000 btime 1000",
            &format!("position fen {castling}"),
            "go depth 4",
        ],
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            format!("info string BookFile {}: 3 entries", book.path()).as_str(),
            "info string book move b1c3 weight 1 of 1",
            "bestmove b1c3",
            "info string book move e1g1 weight 7 of 7",
            "bestmove e1g1",
        ],
        "{text}"
    );
    // Back to the built-in book with an empty value (`<empty>`, as some GUIs send it).
    let text = transcript(
        3,
        &[
            "setoption name OwnBook value true",
            &set_file,
            "setoption name BookFile value <empty>",
            "go wtime 1000 btime 1000",
        ],
    );
    assert!(text.contains("book move"), "{text}");
    assert_ne!(best_move(&text), "b1c3", "{text}");
}

#[test]
fn an_unreadable_book_file_is_reported_and_the_engine_goes_on() {
    let missing = std::env::temp_dir().join("outpost-uci-no-such-book.bin");
    let set_missing = format!("setoption name BookFile value {}", missing.display());
    let text = transcript(
        1,
        &[
            "setoption name OwnBook value true",
            &set_missing,
            "position startpos",
            "go depth 2",
            "isready",
        ],
    );
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("info string BookFile ")
            && first.contains("no-such-book.bin")
            && first.ends_with("; playing without a book"),
        "{text}"
    );
    assert_eq!(text.matches("BookFile").count(), 1, "reported once: {text}");
    assert!(!text.contains("book move"), "{text}");
    assert!(text.contains("info depth 2"), "{text}");
    assert!(is_legal(Board::STARTPOS_FEN, &[], &best_move(&text)));
    // `isready` may be answered while the search still runs, before its `bestmove`.
    assert!(text.contains("readyok"), "{text}");

    // A file that is not a Polyglot book (its length is not a multiple of 16).
    let not_a_book = TempBook(
        std::env::temp_dir().join(format!("outpost-uci-not-a-book-{}.bin", std::process::id())),
    );
    std::fs::write(&not_a_book.0, "not an opening book").unwrap();
    let text = transcript(
        1,
        &[
            &format!("setoption name BookFile value {}", not_a_book.path()),
            "setoption name OwnBook value true",
            "go depth 1",
        ],
    );
    assert!(text.starts_with("info string BookFile "), "{text}");
    assert!(text.contains("16-byte"), "{text}");
    assert!(!text.contains("book move"), "{text}");
    assert!(text.contains("bestmove"), "{text}");
}

#[test]
fn own_book_needs_true_or_false() {
    let text = transcript(1, &["setoption name OwnBook value yes", "go depth 1"]);
    assert!(
        text.starts_with("info string option OwnBook needs value true or false, not 'yes'"),
        "{text}"
    );
    assert!(!text.contains("book move"), "{text}");
}

#[test]
fn book_keys_are_polyglot_keys() {
    // The book file is looked up by Polyglot's key, not Outpost's search hash.
    let board = Board::startpos();
    assert_eq!(polyglot::key(&board), 0x463b96181691fc9c);
    assert_ne!(polyglot::key(&board), board.hash());
}
