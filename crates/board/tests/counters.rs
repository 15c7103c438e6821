//! The two counters of a position through `make`/`unmake`: the halfmove clock is reset only by
//! pawn moves and captures, and neither counter wraps (both stop at 65535).

use outpost_board::{Board, Move, PieceKind, Square};

/// Plays `moves` from `board`, checking after each that taking it back restores the board.
fn play(mut board: Board, moves: &[Move]) -> Board {
    for &mv in moves {
        let before = board.clone();
        let undo = board.make(mv);
        board.check_consistency().unwrap();
        let mut back = board.clone();
        back.unmake(mv, &undo);
        assert_eq!(back, before, "unmake {mv}");
    }
    board
}

#[test]
fn castling_does_not_reset_the_fifty_move_clock() {
    // Castling is not a pawn move or a capture: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O.
    let board = play(
        Board::startpos(),
        &[
            Move::double_push(Square::E2, Square::E4),
            Move::double_push(Square::E7, Square::E5),
            Move::quiet(Square::G1, Square::F3),
            Move::quiet(Square::B8, Square::C6),
            Move::quiet(Square::F1, Square::C4),
            Move::quiet(Square::G8, Square::F6),
            Move::castle(Square::E1, Square::G1),
        ],
    );
    assert_eq!(
        board.to_fen(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
    );
    // Queen-side castling does not either.
    let board = Board::from_fen("r3k3/8/8/8/8/8/8/4K3 b q - 7 30").unwrap();
    let board = play(board, &[Move::castle(Square::E8, Square::C8)]);
    assert_eq!(board.halfmove_clock(), 8);
}

#[test]
fn pawn_moves_and_captures_reset_the_clock_and_other_moves_count() {
    let start = "4k3/1P6/8/3pP3/8/8/n3P3/R3K2r w Q d6 9 40";
    for (mv, clock) in [
        (Move::quiet(Square::A1, Square::B1), 10),
        (Move::quiet(Square::E1, Square::D2), 10),
        (Move::castle(Square::E1, Square::C1), 10),
        (Move::capture(Square::A1, Square::A2), 0),
        (Move::quiet(Square::E2, Square::E3), 0),
        (Move::double_push(Square::E2, Square::E4), 0),
        (Move::en_passant(Square::E5, Square::D6), 0),
        (
            Move::promotion(Square::B7, Square::B8, PieceKind::Knight, false),
            0,
        ),
    ] {
        let after = play(Board::from_fen(start).unwrap(), &[mv]);
        assert_eq!(after.halfmove_clock(), clock, "{mv}");
        assert_eq!(after.fullmove_number(), 40, "{mv}");
    }
}

#[test]
fn the_fullmove_number_stops_at_65535() {
    // The move number once wrapped around to 0 here; it must stay at its maximum.
    let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 10 65535").unwrap();
    let after = play(board.clone(), &[Move::quiet(Square::E8, Square::E7)]);
    assert_eq!(after.to_fen(), "8/4k3/8/8/8/8/8/4K3 w - - 11 65535");
    let after = play(after, &[Move::quiet(Square::E1, Square::E2)]);
    assert_eq!(after.fullmove_number(), 65535);

    // The null move too, and taking it back gives back the same number.
    let mut null = board.clone();
    let undo = null.make_null();
    assert_eq!(null.fullmove_number(), 65535);
    null.unmake_null(&undo);
    assert_eq!(null, board);
}

#[test]
fn the_halfmove_clock_stops_at_65535() {
    let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 65535 9").unwrap();
    let after = play(board.clone(), &[Move::quiet(Square::E1, Square::E2)]);
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/8/4K3/8 b - - 65535 9");
    let mut null = board.clone();
    let undo = null.make_null();
    assert_eq!(null.halfmove_clock(), 65535);
    null.unmake_null(&undo);
    assert_eq!(null, board);
}
