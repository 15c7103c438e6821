//! The `fen` target: FEN and EPD text.

use crate::{shown, text};
use outpost_board::{read_epd, Board, Epd};
use outpost_movegen::san::{parse_san, to_san};
use outpost_movegen::uci::parse_uci_move;
use outpost_movegen::{
    count_legal_moves, has_legal_move, in_check, is_legal, legal_moves, pseudo_legal_moves, Game,
    GameStatus, MoveList, MAX_MOVES,
};

/// Reads the input as a FEN, as an EPD record and as an EPD file. None of them panics, and:
///
/// - a FEN that parses is a consistent board (bitboards and mailbox agree, the incremental
///   hash is the hash computed from scratch); its [`Board::to_fen`] parses to an equal board
///   with the same hash and writes the same FEN again;
/// - in that position (see [`check_position`]): the legal moves are the pseudo-legal moves
///   that [`is_legal`] accepts, at most [`MAX_MOVES`]; each is read back from its UCI and
///   its SAN text, `+` and `#` are written exactly for checks and mates; making it gives a
///   consistent board whose FEN parses again (every position reached by a legal move passes
///   the FEN validation), and unmaking it gives back the board exactly; the game status and
///   the evaluation do not panic;
/// - an EPD record that parses has a position that is checked as above and that its
///   [`Epd::fen`] gives back; every record of an EPD file that parses does too.
pub fn fen(data: &[u8]) {
    let text = text(data);
    if let Ok(board) = Board::from_fen(&text) {
        check_position(&board);
    }
    if let Ok(epd) = Epd::parse(&text) {
        check_epd(&epd);
    }
    if let Ok(records) = read_epd(&text) {
        for record in records.iter().take(8) {
            check_epd(&record.epd);
        }
    }
}

fn check_epd(epd: &Epd) {
    let board = epd.board();
    check_position(board);
    assert_eq!(
        Board::from_fen(epd.fen()).as_ref(),
        Ok(board),
        "EPD position fields {} do not give back the record's board",
        shown(epd.fen())
    );
    for operation in epd.operations() {
        assert!(
            !operation.opcode.is_empty(),
            "an EPD operation without opcode in {}",
            shown(epd.fen())
        );
    }
    let _ = epd.perft_counts();
    let _ = epd.id();
}

/// The invariants of a position that [`Board::from_fen`] accepted (see [`fen()`]).
pub fn check_position(board: &Board) {
    let fen = board.to_fen();
    check_board(board, &fen);
    let again = Board::from_fen(&fen).unwrap_or_else(|error| {
        panic!(
            "to_fen wrote {}, which does not parse: {error}",
            shown(&fen)
        )
    });
    assert_eq!(&again, board, "{} parses to another board", shown(&fen));
    assert_eq!(
        again.hash(),
        board.hash(),
        "{} parses with another hash",
        shown(&fen)
    );
    assert_eq!(again.to_fen(), fen, "FEN written twice differs");

    let legal = legal_moves(board);
    let mut pseudo = MoveList::new();
    pseudo_legal_moves(board, &mut pseudo);
    for &mv in &pseudo {
        assert_eq!(
            is_legal(board, mv),
            legal.contains(&mv),
            "{mv} in {fen}: is_legal disagrees with legal_moves"
        );
    }
    assert!(
        legal.iter().all(|mv| pseudo.contains(mv)),
        "a legal move not pseudo-legal in {fen}"
    );
    assert!(legal.len() <= MAX_MOVES);
    assert_eq!(
        count_legal_moves(&mut board.clone()),
        legal.len(),
        "count_legal_moves in {fen}"
    );
    assert_eq!(
        has_legal_move(board),
        !legal.is_empty(),
        "has_legal_move in {fen}"
    );

    for &mv in &legal {
        let uci = mv.to_string();
        assert_eq!(parse_uci_move(board, &uci), Ok(mv), "UCI {uci} in {fen}");
        let san = to_san(board, mv);
        assert_eq!(parse_san(board, &san), Ok(mv), "SAN {san} ({uci}) in {fen}");

        let mut after = board.clone();
        let undo = after.make(mv);
        let after_fen = after.to_fen();
        check_board(&after, &after_fen);
        let reread = Board::from_fen(&after_fen).unwrap_or_else(|error| {
            panic!("{uci} in {fen} gives {after_fen}, which does not parse: {error}")
        });
        assert_eq!(
            reread, after,
            "{uci} in {fen}: {after_fen} parses to another board"
        );
        let mark = match (in_check(&after), has_legal_move(&after)) {
            (false, _) => None,
            (true, true) => Some('+'),
            (true, false) => Some('#'),
        };
        assert_eq!(
            san.chars().last().filter(|c| matches!(c, '+' | '#')),
            mark,
            "SAN {san} ({uci}) in {fen}: wrong check sign"
        );
        after.unmake(mv, &undo);
        assert_eq!(
            &after, board,
            "{uci} made and unmade in {fen} changes the board"
        );
    }

    let status = Game::new(board.clone()).status();
    let mated = legal.is_empty() && in_check(board);
    assert_eq!(
        matches!(status, GameStatus::Checkmate { .. }),
        mated,
        "status {status:?} of {fen}"
    );
    assert_eq!(
        status == GameStatus::Stalemate,
        legal.is_empty() && !in_check(board),
        "status {status:?} of {fen}"
    );
    let _ = outpost_eval::evaluate(board);
}

/// A board's own bookkeeping: bitboards, mailbox and hash agree.
fn check_board(board: &Board, fen: &str) {
    if let Err(problem) = board.check_consistency() {
        panic!("inconsistent board {fen}: {problem}");
    }
    assert_eq!(
        board.hash(),
        board.compute_hash(),
        "incremental hash of {fen}"
    );
}
