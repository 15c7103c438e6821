//! FEN parsing and printing: round trips and every error.

use outpost_board::{read_epd, Board, Color, FenError, Square};

const ROUND_TRIP: &str = include_str!("../../../data/perft-suite.epd");

#[test]
fn every_suite_position_round_trips_exactly() {
    let mut count = 0;
    for record in read_epd(ROUND_TRIP).unwrap_or_else(|e| panic!("perft-suite.epd {e}")) {
        let fen = record.epd.fen();
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board, *record.epd.board());
        assert_eq!(board.to_fen(), fen);
        assert_eq!(Board::from_fen(&board.to_fen()).unwrap(), board);
        board.check_consistency().unwrap();
        count += 1;
    }
    assert_eq!(count, 128, "lines of data/perft-suite.epd");
}

#[test]
fn odd_but_valid_counters_round_trip() {
    for fen in [
        "8/1p3Qb1/p5pk/P1p1p1p1/1P2P1P1/2P1N2n/5P1P/4qB1K w - - 1 0",
        "4k3/8/8/8/8/8/8/4K3 b - - 99 300",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    ] {
        assert_eq!(Board::from_fen(fen).unwrap().to_fen(), fen);
    }
}

#[test]
fn counters_may_be_left_out() {
    let board = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(board, Board::startpos());
    let spaced = Board::from_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq - 0 1 ");
    assert_eq!(spaced.unwrap(), Board::startpos());
}

fn error(fen: &str) -> FenError {
    match Board::from_fen(fen) {
        Ok(board) => panic!("{fen} was accepted as {}", board.to_fen()),
        Err(error) => {
            // Every error explains itself in words.
            assert!(error.to_string().len() > 10);
            error
        }
    }
}

#[test]
fn every_error_variant_is_reported() {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(error(""), FenError::FieldCount { found: 0 });
    assert_eq!(
        error(&format!("{START} w KQkq - 0")),
        FenError::FieldCount { found: 5 }
    );
    assert_eq!(
        error(&format!("{START} w KQkq - 0 1 x")),
        FenError::FieldCount { found: 7 }
    );
    assert_eq!(
        error("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::UnknownPiece {
            rank: '7',
            character: 'x'
        }
    );
    assert_eq!(
        error("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::RankLength {
            rank: '7',
            squares: 7
        }
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::UnknownPiece {
            rank: '6',
            character: '9'
        }
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1"),
        FenError::RankLength {
            rank: '1',
            squares: 9
        }
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::RankCount { found: 7 }
    );
    assert_eq!(
        error(&format!("{START} x KQkq - 0 1")),
        FenError::SideToMove("x".into())
    );
    assert_eq!(
        error(&format!("{START} w KQkx - 0 1")),
        FenError::Castling("KQkx".into())
    );
    assert_eq!(
        error(&format!("{START} w QK - 0 1")),
        FenError::Castling("QK".into())
    );
    assert_eq!(
        error(&format!("{START} w KK - 0 1")),
        FenError::Castling("KK".into())
    );
    assert!(matches!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"),
        FenError::ImpossibleCastling { right: 'K', .. }
    ));
    assert!(Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w kq - 0 1").is_ok());
    assert!(matches!(
        error("rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::ImpossibleCastling { right: 'k', .. }
    ));
    assert_eq!(
        error(&format!("{START} w KQkq e9 0 1")),
        FenError::EnPassant("e9".into())
    );
    assert!(matches!(
        error(&format!("{START} w KQkq e3 0 1")),
        FenError::ImpossibleEnPassant {
            square: Square::E3,
            ..
        }
    ));
    assert!(matches!(
        error(&format!("{START} w KQkq e6 0 1")),
        FenError::ImpossibleEnPassant {
            square: Square::E6,
            ..
        }
    ));
    assert_eq!(
        error(&format!("{START} w KQkq - x 1")),
        FenError::HalfmoveClock("x".into())
    );
    assert_eq!(
        error(&format!("{START} w KQkq - -1 1")),
        FenError::HalfmoveClock("-1".into())
    );
    assert_eq!(
        error(&format!("{START} w KQkq - 0 1.5")),
        FenError::FullmoveNumber("1.5".into())
    );
    assert_eq!(
        error(&format!("{START} w KQkq - 0 99999999999")),
        FenError::FullmoveNumber("99999999999".into())
    );
    assert_eq!(
        error("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"),
        FenError::KingCount {
            color: Color::Black,
            found: 0
        }
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1"),
        FenError::KingCount {
            color: Color::White,
            found: 2
        }
    );
    assert_eq!(
        error("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1"),
        FenError::PawnOnBackRank { square: Square::H8 }
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/p3K3 w - - 0 1"),
        FenError::PawnOnBackRank { square: Square::A1 }
    );
    assert_eq!(
        error("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::OpponentInCheck
    );
}

#[test]
fn garbage_never_panics() {
    for text in [
        "/",
        "////////",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "🙂 w - - 0 1",
        "k w",
        "\u{0} \u{0} \u{0} \u{0}",
    ] {
        assert!(Board::from_fen(text).is_err(), "{text}");
    }
}
