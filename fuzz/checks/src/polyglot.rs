//! The `polyglot` target: the bytes of a Polyglot `.bin` opening book.

use outpost_board::{Board, Move};
use outpost_book::polyglot::{decode_move, encode_move, key};
use outpost_book::{choose_weighted, Book, BookError, PolyglotBook, PolyglotEntry, PolyglotReader};
use outpost_movegen::legal_moves;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Cursor;

/// Positions every book is asked about: the start, en passant with and without a pawn that
/// could take, castling both ways for both sides, promotions with and without capture, and
/// Kiwipete. The seeds hold entries for them, so that mutated entries are found.
pub const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/1p6/4K3 b - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
];

/// The longest walk through a book, in plies, from the start position.
pub const MAX_WALK: usize = 12;

/// The most entries whose moves are decoded in every position of [`POSITIONS`].
pub const MAX_ENTRIES_DECODED: usize = 8;

/// Reads the input as a book held in memory ([`PolyglotBook::from_bytes`]) and as a book
/// looked up where it is stored ([`PolyglotReader`] over the bytes, the code behind
/// `PolyglotFile` and the engine's `BookFile`). Neither panics, and:
///
/// - the two agree on empty and cut-short input; a book read into memory writes back the
///   same bytes, and both give the same moves in every position asked;
/// - in each position of [`POSITIONS`] and along a walk that plays the book's first move
///   from the start (at most [`MAX_WALK`] plies): every move a book gives is legal, given
///   once, ordered by weight, with the (saturating) sum of the weights of the entries of the
///   position that stand for it, and every legal move of an entry of the position is given;
///   a weighted choice is one of them with a positive weight, and
///   none only when all weigh 0;
/// - each entry's move, decoded in each position, is legal, and encodes to a move that
///   decodes the same.
pub fn polyglot(data: &[u8]) {
    let memory = PolyglotBook::from_bytes(data);
    let stored = PolyglotReader::new(Cursor::new(data));
    match (&memory, &stored) {
        (Ok(book), Ok(reader)) => {
            assert_eq!(
                book.to_bytes(),
                data,
                "a book read does not write back its bytes"
            );
            assert_eq!(reader.len(), book.len() as u64);
        }
        (Ok(_), Err(error)) => panic!("read into memory, but not looked up in place: {error}"),
        (Err(BookError::Empty), stored) => assert!(matches!(stored, Err(BookError::Empty))),
        (Err(BookError::Truncated { length }), stored) => assert!(
            matches!(stored, Err(BookError::Truncated { length: l }) if l == length),
            "{stored:?}"
        ),
        // Unsorted entries and bad moves past the first are only found by reading it all.
        (Err(_), _) => {}
    }
    let mut boards: Vec<Board> = POSITIONS
        .iter()
        .map(|fen| Board::from_fen(fen).expect("a valid position"))
        .collect();
    boards.extend(walk(memory.as_ref().ok(), stored.as_ref().ok()));
    for board in &boards {
        if let Ok(book) = &memory {
            let moves = check_moves(board, book, book.entries_for(key(board)));
            if let Ok(reader) = &stored {
                assert_eq!(reader.moves(board), moves, "in memory and in place differ");
            }
        }
        if let Ok(reader) = &stored {
            let entries = reader.entries_for(key(board)).unwrap_or_default();
            check_moves(board, reader, &entries);
        }
    }
    for chunk in data
        .chunks_exact(PolyglotEntry::SIZE)
        .take(MAX_ENTRIES_DECODED)
    {
        let mut raw = [0; PolyglotEntry::SIZE];
        raw.copy_from_slice(chunk);
        let entry = PolyglotEntry::from_bytes(raw);
        assert_eq!(entry.to_bytes(), raw);
        for board in &boards[..POSITIONS.len()] {
            if let Some(mv) = decode_move(board, entry.raw_move) {
                let fen = board.to_fen();
                assert!(
                    legal_moves(board).contains(&mv),
                    "{mv} decoded illegally in {fen}"
                );
                assert_eq!(
                    decode_move(board, encode_move(mv)),
                    Some(mv),
                    "{mv} re-encoded"
                );
            }
        }
    }
}

/// The positions of a walk from the start position, playing the first book move each time.
fn walk(
    memory: Option<&PolyglotBook>,
    stored: Option<&PolyglotReader<Cursor<&[u8]>>>,
) -> Vec<Board> {
    let book: &dyn Book = match (memory, stored) {
        (Some(book), _) => book,
        (None, Some(reader)) => reader,
        (None, None) => return Vec::new(),
    };
    let mut board = Board::startpos();
    let mut boards = Vec::new();
    for _ in 0..MAX_WALK {
        let Some(&(mv, _)) = book.moves(&board).first() else {
            break;
        };
        board.make(mv);
        boards.push(board.clone());
    }
    boards
}

/// The invariants of the moves `book` gives in `board`, whose entries are `entries`; returns
/// the moves.
fn check_moves(board: &Board, book: &dyn Book, entries: &[PolyglotEntry]) -> Vec<(Move, u16)> {
    let fen = board.to_fen();
    let before = board.clone();
    let moves = book.moves(board);
    assert_eq!(board, &before, "a book look-up changed the board");
    let legal = legal_moves(board);
    let decoded: Vec<(Option<Move>, u16)> = entries
        .iter()
        .map(|entry| (decode_move(board, entry.raw_move), entry.weight))
        .collect();
    for &(mv, _) in &decoded {
        if let Some(mv) = mv {
            assert!(
                moves.iter().any(|&(given, _)| given == mv),
                "{mv} of the book not given in {fen}"
            );
        }
    }
    for (index, &(mv, weight)) in moves.iter().enumerate() {
        assert!(legal.contains(&mv), "book move {mv} is illegal in {fen}");
        assert!(
            moves[..index].iter().all(|&(other, _)| other != mv),
            "{mv} given twice in {fen}"
        );
        let expected = decoded
            .iter()
            .filter(|&&(decoded, _)| decoded == Some(mv))
            .fold(0u16, |sum, &(_, weight)| sum.saturating_add(weight));
        assert_eq!(weight, expected, "weight of {mv} in {fen}");
    }
    assert!(
        moves.windows(2).all(|pair| pair[0].1 >= pair[1].1),
        "moves not ordered by weight in {fen}: {moves:?}"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(entries.len() as u64);
    match choose_weighted(&moves, &mut rng) {
        Some(choice) => assert!(
            moves.iter().any(|&(mv, weight)| mv == choice && weight > 0),
            "chose {choice} in {fen} from {moves:?}"
        ),
        None => assert!(
            moves.iter().all(|&(_, weight)| weight == 0),
            "no choice from {moves:?}"
        ),
    }
    moves
}

/// The seed books of the target (`fuzz/seeds/polyglot/`), by file name: `start.bin`, three
/// moves of the start position; `positions.bin`, entries for each position of [`POSITIONS`]
/// (castling written as king-takes-rook, promotions, a move listed twice, a weight of 0) and
/// a line from the start for the walk. The corpus test checks that the files are these.
pub fn seed_books() -> Vec<(&'static str, Vec<u8>)> {
    let start = Board::startpos();
    let entry = |board: &Board, text: &str, weight: u16| {
        let mv = outpost_movegen::uci::parse_uci_move(board, text).expect("a legal seed move");
        PolyglotEntry::new(board, mv, weight)
    };
    let small = PolyglotBook::from_entries([
        entry(&start, "e2e4", 10),
        entry(&start, "d2d4", 8),
        entry(&start, "g1f3", 0),
    ]);
    let mut entries = Vec::new();
    let mut line = start.clone();
    for (text, weight) in [
        ("e2e4", 5),
        ("e7e5", 4),
        ("g1f3", 3),
        ("b8c6", 2),
        ("f1b5", 1),
    ] {
        entries.push(entry(&line, text, weight));
        let mv = outpost_movegen::uci::parse_uci_move(&line, text).expect("a legal seed move");
        line.make(mv);
    }
    let chosen: [&[(&str, u16)]; 8] = [
        &[("d2d4", 7), ("c2c4", 2), ("c2c4", 1)],
        &[("c7c5", 6), ("e7e6", 0)],
        &[("e5f6", 9), ("d1h5", 1)],
        &[("e1g1", 5), ("e1c1", 4), ("a1a8", 1)],
        &[("e8g8", 5), ("e8c8", 4)],
        &[("e7d8q", 9), ("e7e8n", 2), ("e7d8n", 1)],
        &[("b2b1q", 3), ("b2b1r", 2)],
        &[("e5f7", 3), ("e1g1", 2), ("e1c1", 1)],
    ];
    for (fen, moves) in POSITIONS.iter().zip(chosen) {
        let board = Board::from_fen(fen).expect("a valid position");
        for &(text, weight) in moves {
            entries.push(entry(&board, text, weight));
        }
    }
    vec![
        ("start.bin", small.to_bytes()),
        (
            "positions.bin",
            PolyglotBook::from_entries(entries).to_bytes(),
        ),
    ]
}
