//! Polyglot keys, move encoding, and reading books (good and broken).

use outpost_board::{Board, Move};
use outpost_book::polyglot::{decode_move, encode_move, key};
use outpost_book::{Book, BookError, PolyglotBook, PolyglotEntry, PolyglotFile, PolyglotReader};
use outpost_movegen::legal_moves;
use outpost_movegen::uci::parse_uci_move;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{self, Cursor, Read, Seek, SeekFrom};

fn play(moves: &str) -> Board {
    let mut board = Board::startpos();
    for text in moves.split_whitespace() {
        let mv = parse_uci_move(&board, text).unwrap();
        board.make(mv);
    }
    board
}

fn uci(board: &Board, text: &str) -> Move {
    parse_uci_move(board, text).unwrap()
}

/// The key values published with the Polyglot format's documentation; each also checked with
/// python-chess (`chess.polyglot.zobrist_hash`).
const PUBLISHED: [(&str, u64); 9] = [
    ("", 0x463b96181691fc9c),
    ("e2e4", 0x823c9b50fd114196),
    ("e2e4 d7d5", 0x0756b94461c50fb0),
    ("e2e4 d7d5 e4e5", 0x662fafb965db29d4),
    ("e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78),
    ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1),
    ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9),
    ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637),
    ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560),
];

#[test]
fn published_keys() {
    for (moves, expected) in PUBLISHED {
        assert_eq!(key(&play(moves)), expected, "after '{moves}'");
    }
}

#[test]
fn keys_of_positions_from_fen_agree_with_python_chess() {
    // Values from python-chess 1.11.2: chess.polyglot.zobrist_hash(chess.Board(fen)).
    let cases = [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            0xc3ce103f01d15e1d,
        ),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", 0xa9b9ef726b8f1263),
        ("r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1", 0x2a55e47313293883),
        // The e4 pawn may not legally take en passant (the king would be exposed on the
        // rank), but Polyglot hashes the file all the same.
        ("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", 0xecba303cd610b817),
        // No black pawn beside d4: the en passant square is left out.
        ("8/8/8/8/k2P3Q/8/8/3K4 b - d3 0 1", 0x4488de1f8819b209),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            0x22a48b5a8e47ff78,
        ),
        (
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            0x0d928e3788b4ae4a,
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(key(&Board::from_fen(fen).unwrap()), expected, "{fen}");
    }
}

#[test]
fn move_encoding_round_trips_and_castles_as_king_takes_rook() {
    let fens = [
        Board::STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ];
    for fen in fens {
        let board = Board::from_fen(fen).unwrap();
        for mv in legal_moves(&board) {
            assert_eq!(decode_move(&board, encode_move(mv)), Some(mv), "{fen} {mv}");
        }
    }
    let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    // e1h1: to h1 (7), from e1 (4 << 6).
    assert_eq!(encode_move(uci(&board, "e1g1")), 7 | 4 << 6);
    assert_eq!(encode_move(uci(&board, "e1c1")), 4 << 6);
    // Promotion codes: knight 1 … queen 4, in bits 12-14.
    let board = Board::from_fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1").unwrap();
    let b7a8q = uci(&board, "b7a8q");
    assert_eq!(encode_move(b7a8q), 56 | 49 << 6 | 4 << 12);
    assert_eq!(encode_move(uci(&board, "b7b8n")), 57 | 49 << 6 | 1 << 12);
    // Promotion code 5..7 and moves that are not legal decode to nothing.
    assert_eq!(decode_move(&board, 56 | 49 << 6 | 5 << 12), None);
    assert_eq!(decode_move(&board, 57 | 49 << 6), None, "b7b8 must promote");
}

#[test]
fn entries_are_big_endian() {
    let entry = PolyglotEntry {
        key: 0x0102030405060708,
        raw_move: 0x090a,
        weight: 0x0b0c,
        learn: 0x0d0e0f10,
    };
    let bytes: Vec<u8> = (1..=16).collect();
    assert_eq!(entry.to_bytes().to_vec(), bytes);
    assert_eq!(PolyglotEntry::from_bytes(entry.to_bytes()), entry);
}

fn castling_board() -> Board {
    Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap()
}

/// A book built by hand: the start position, the castling position for both sides, and a
/// position whose castling is blocked.
fn sample_book() -> PolyglotBook {
    let start = Board::startpos();
    let start_key = key(&start);
    let raw = |from: &str, to: &str| -> u16 {
        let square = |text: &str| text.parse::<outpost_board::Square>().unwrap().index() as u16;
        square(to) | square(from) << 6
    };
    let entry = |key, raw_move, weight| PolyglotEntry {
        key,
        raw_move,
        weight,
        learn: 0,
    };
    let white_castles = key(&castling_board());
    let black_castles = key(&Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap());
    let blocked = key(&Board::from_fen("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1").unwrap());
    PolyglotBook::from_entries([
        entry(start_key, raw("e2", "e4"), 10),
        entry(start_key, raw("d2", "d4"), 5),
        entry(start_key, raw("g1", "f3"), 0),
        entry(start_key, raw("e2", "e5"), 50), // illegal: skipped
        entry(start_key, raw("e2", "e4"), 2),  // listed twice: weights add up
        entry(white_castles, raw("e1", "h1"), 3),
        entry(white_castles, raw("e1", "a1"), 1),
        entry(white_castles, raw("e1", "g1"), 2), // the king move form is accepted too
        entry(black_castles, raw("e8", "h8"), 4),
        entry(black_castles, raw("e8", "a8"), 6),
        entry(blocked, raw("e1", "h1"), 9), // the bishop on f1 blocks castling
        entry(blocked, raw("e1", "a1"), 1),
    ])
}

#[test]
fn probing_weights_and_castling() {
    let book = PolyglotBook::from_bytes(&sample_book().to_bytes()).unwrap();
    assert_eq!(book.len(), 12);
    let board = Board::startpos();
    let (e4, d4, nf3) = (
        uci(&board, "e2e4"),
        uci(&board, "d2d4"),
        uci(&board, "g1f3"),
    );
    assert_eq!(book.moves(&board), vec![(e4, 12), (d4, 5), (nf3, 0)]);
    assert_eq!(board, Board::startpos(), "the board is unchanged");
    assert_eq!(book.entries_for(key(&board)).len(), 5);

    let board = castling_board();
    let (short, long) = (uci(&board, "e1g1"), uci(&board, "e1c1"));
    assert!(short.is_castle() && long.is_castle());
    assert_eq!(book.moves(&board), vec![(short, 5), (long, 1)]);

    let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap();
    let (short, long) = (uci(&board, "e8g8"), uci(&board, "e8c8"));
    assert_eq!(book.moves(&board), vec![(long, 6), (short, 4)]);

    let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1").unwrap();
    assert_eq!(book.moves(&board), vec![(uci(&board, "e1c1"), 1)]);

    let board = play("e2e4 e7e5");
    assert!(book.moves(&board).is_empty());
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    assert_eq!(book.choose(&board, &mut rng), None);
}

#[test]
fn choice_follows_the_weights_and_the_seed() {
    let book = sample_book();
    let board = Board::startpos();
    let (e4, d4) = (uci(&board, "e2e4"), uci(&board, "d2d4"));
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let picks: Vec<Move> = (0..1700)
        .map(|_| book.choose(&board, &mut rng).unwrap())
        .collect();
    let e4s = picks.iter().filter(|&&mv| mv == e4).count();
    let d4s = picks.iter().filter(|&&mv| mv == d4).count();
    assert_eq!(
        e4s + d4s,
        picks.len(),
        "weight 0 and illegal moves are never chosen"
    );
    // Expected 12:5, that is 1200 and 500.
    assert!((1100..1300).contains(&e4s), "{e4s} e4, {d4s} d4");
    let again: Vec<Move> = {
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        (0..1700)
            .map(|_| book.choose(&board, &mut rng).unwrap())
            .collect()
    };
    assert_eq!(picks, again);
}

#[test]
fn a_book_file_is_read_from_disk() {
    let path = std::env::temp_dir().join(format!("outpost-book-test-{}.bin", std::process::id()));
    std::fs::write(&path, sample_book().to_bytes()).unwrap();
    let book = PolyglotBook::open(&path);
    let _ = std::fs::remove_file(&path);
    assert_eq!(book.unwrap(), sample_book());

    let missing = std::env::temp_dir().join("outpost-book-test-no-such-file.bin");
    let error = PolyglotBook::open(&missing).unwrap_err();
    assert!(matches!(error, BookError::Io { .. }));
    assert!(error.to_string().contains("no-such-file.bin"), "{error}");
    assert!(std::error::Error::source(&error).is_some());
}

#[test]
fn broken_books_give_clear_errors() {
    let good = sample_book().to_bytes();
    assert!(matches!(
        PolyglotBook::from_bytes(&[]),
        Err(BookError::Empty)
    ));

    let error = PolyglotBook::from_bytes(&good[..good.len() - 3]).unwrap_err();
    assert!(matches!(error, BookError::Truncated { length } if length == good.len() - 3));
    assert!(
        error.to_string().contains("not a multiple of the 16-byte"),
        "{error}"
    );
    assert!(PolyglotBook::from_bytes(&good[..7]).is_err());

    // Swap the first and the last entry: no longer sorted.
    let mut unsorted = good.clone();
    let last = unsorted.len() - 16;
    for i in 0..16 {
        unsorted.swap(i, last + i);
    }
    let error = PolyglotBook::from_bytes(&unsorted).unwrap_err();
    assert!(
        matches!(error, BookError::Unsorted { entry: 1 }),
        "{error:?}"
    );
    assert!(error.to_string().contains("sorted by key"), "{error}");

    // Promotion code 7 in the third entry's move.
    let mut bad_move = good.clone();
    bad_move[2 * 16 + 8] |= 0x70;
    let error = PolyglotBook::from_bytes(&bad_move).unwrap_err();
    assert!(
        matches!(error, BookError::BadMove { entry: 2, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("promotion code 7"), "{error}");

    // Not a book at all: text.
    let text = b"this is a README, not an opening book!!";
    assert!(PolyglotBook::from_bytes(text).is_err());
}

#[test]
fn random_bytes_and_random_moves_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    for length in 0..200 {
        let mut bytes = vec![0u8; length];
        rng.fill_bytes(&mut bytes);
        let _ = PolyglotBook::from_bytes(&bytes);
    }
    // Sorted books of real keys with random moves: only legal moves come back.
    let positions = [
        Board::startpos(),
        play("e2e4 d7d5 e4e5 f7f5"),
        castling_board(),
        Board::from_fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1").unwrap(),
    ];
    let entries: Vec<PolyglotEntry> = (0..20_000)
        .map(|i| {
            let board = positions[i % positions.len()].clone();
            let legal = legal_moves(&board);
            // One move in seven is a legal one, the others random bits.
            let raw_move = if i % 7 == 0 {
                encode_move(legal[rng.next_u32() as usize % legal.len()])
            } else {
                (rng.next_u32() & 0x7fff) as u16 % (5 << 12)
            };
            PolyglotEntry {
                key: key(&board),
                raw_move,
                weight: rng.next_u32() as u16,
                learn: rng.next_u32(),
            }
        })
        .collect();
    let book = PolyglotBook::from_bytes(&PolyglotBook::from_entries(entries).to_bytes()).unwrap();
    for position in positions {
        let board = position.clone();
        let legal = legal_moves(&board);
        let moves = book.moves(&board);
        assert!(!moves.is_empty());
        assert!(moves.iter().all(|(mv, _)| legal.contains(mv)));
        assert!(moves.windows(2).all(|pair| pair[0].1 >= pair[1].1));
        assert_eq!(board, position);
    }
}

#[test]
fn a_book_file_is_looked_up_on_disk_as_in_memory() {
    let book = sample_book();
    let path = std::env::temp_dir().join(format!("outpost-book-file-{}.bin", std::process::id()));
    std::fs::write(&path, book.to_bytes()).unwrap();
    let file = PolyglotFile::open(&path).unwrap();
    assert_eq!(file.len(), 12);
    let positions = [
        Board::startpos(),
        castling_board(),
        Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap(),
        Board::from_fen("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1").unwrap(),
        play("e2e4 e7e5"),
    ];
    for board in &positions {
        assert_eq!(file.moves(board), book.moves(board), "{}", board.to_fen());
    }
    assert!(file.moves(&play("e2e4 e7e5")).is_empty());
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_book_is_looked_up_in_any_seekable_source_as_in_memory() {
    let book = sample_book();
    let reader = PolyglotReader::new(Cursor::new(book.to_bytes())).unwrap();
    assert_eq!(reader.len(), book.len() as u64);
    for board in [Board::startpos(), castling_board(), play("e2e4 e7e5")] {
        assert_eq!(
            reader.moves(&board),
            book.moves(&board),
            "{}",
            board.to_fen()
        );
    }
    assert!(matches!(
        PolyglotReader::new(Cursor::new(Vec::new())),
        Err(BookError::Empty)
    ));
    assert!(matches!(
        PolyglotReader::new(Cursor::new([0u8; 33])),
        Err(BookError::Truncated { length: 33 })
    ));
}

/// A source of 32 bytes that cannot be read.
struct Unreadable;

impl Read for Unreadable {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::other("the disk is on fire"))
    }
}

impl Seek for Unreadable {
    fn seek(&mut self, position: SeekFrom) -> io::Result<u64> {
        Ok(match position {
            SeekFrom::End(_) => 32,
            _ => 0,
        })
    }
}

#[test]
fn a_source_that_cannot_be_read_is_an_error() {
    let error = PolyglotReader::new(Unreadable).unwrap_err();
    assert!(matches!(error, BookError::Read { .. }), "{error:?}");
    assert_eq!(
        error.to_string(),
        "cannot read the book: the disk is on fire"
    );
    assert!(std::error::Error::source(&error).is_some());
}

#[test]
fn only_regular_files_are_opened_as_books() {
    let directory = std::env::temp_dir();
    assert!(matches!(
        PolyglotFile::open(&directory),
        Err(BookError::NotAFile { .. })
    ));
    #[cfg(unix)]
    {
        // /dev/zero would be read for ever; a FIFO would block the opener.
        assert!(matches!(
            PolyglotFile::open("/dev/zero"),
            Err(BookError::NotAFile { .. })
        ));
        let fifo = directory.join(format!("outpost-book-fifo-{}", std::process::id()));
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|status| status.success()) {
            assert!(matches!(
                PolyglotFile::open(&fifo),
                Err(BookError::NotAFile { .. })
            ));
            std::fs::remove_file(&fifo).unwrap();
        }
    }
    let missing = directory.join("outpost-book-test-no-such-file.bin");
    assert!(matches!(
        PolyglotFile::open(missing),
        Err(BookError::Io { .. })
    ));
    let odd = directory.join(format!("outpost-book-odd-{}.bin", std::process::id()));
    std::fs::write(&odd, [0u8; 17]).unwrap();
    assert!(matches!(
        PolyglotFile::open(&odd),
        Err(BookError::Truncated { length: 17 })
    ));
    std::fs::write(&odd, []).unwrap();
    assert!(matches!(PolyglotFile::open(&odd), Err(BookError::Empty)));
    std::fs::remove_file(&odd).unwrap();
}
