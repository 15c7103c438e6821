//! FEN parsing and printing: round trips and every error.

use outpost_board::{
    chess960_back_rank, read_epd, Board, Color, Epd, EpdError, FenError, PieceKind, Square, Variant,
};

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

/// `data/perft-chess960.epd` is not the 960 start positions but one position reached from
/// each, eight moves a side in (white to move at move 9): line N from start position
/// N mod 960 (Scharnagl's numbers; line 518 from the standard array, line 960 from 0). Every
/// castling right names a file where that start position has a rook, as README says.
#[test]
fn chess960_line_n_comes_from_start_position_n() {
    let text = include_str!("../../../data/perft-chess960.epd");
    for record in read_epd(text).unwrap_or_else(|e| panic!("perft-chess960.epd {e}")) {
        let fen = record.epd.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        assert_eq!(
            (fields[1], fields[5]),
            ("w", "9"),
            "line {}: {fen}",
            record.line
        );
        let number = u16::try_from(record.line % 960).unwrap();
        let rank = chess960_back_rank(number).unwrap();
        for letter in fields[2].chars().filter(|&c| c != '-') {
            let file = usize::from(letter.to_ascii_lowercase() as u8 - b'a');
            assert_eq!(rank[file], PieceKind::Rook, "line {}: {fen}", record.line);
        }
    }
}

/// The 960 Chess960 positions are written in Shredder-FEN: reading and writing them back
/// gives the same text, and X-FEN (`KQkq` where the outermost rook castles) reads back to the
/// same board.
#[test]
fn every_chess960_position_round_trips_in_both_castling_notations() {
    let text = include_str!("../../../data/perft-chess960.epd");
    let records = read_epd(text).unwrap_or_else(|e| panic!("perft-chess960.epd {e}"));
    assert_eq!(records.len(), 960, "lines of data/perft-chess960.epd");
    let mut letters_kept = 0;
    for record in records {
        let fen = record.epd.fen();
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.to_shredder_fen(), fen);
        let x_fen = board.to_fen();
        assert_eq!(Board::from_fen(&x_fen).unwrap(), board, "{x_fen}");
        board.check_consistency().unwrap();
        // X-FEN keeps a file letter only where an inner rook castles: none of these.
        let rights = x_fen.split(' ').nth(2).unwrap();
        letters_kept += usize::from(rights.chars().any(|c| !"KQkq-".contains(c)));
    }
    assert_eq!(letters_kept, 0);
    // Here the inner queen-side rook (c1) castles, the outer one (a1) does not.
    let inner = "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1";
    let board = Board::from_fen(inner).unwrap();
    assert_eq!(board.to_fen(), inner);
    assert!(board.has_chess960_castling());
    assert_eq!(
        Board::from_fen("4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1")
            .unwrap()
            .to_shredder_fen(),
        "4k3/8/8/8/8/8/8/R1R1K3 w A - 0 1"
    );
}

/// Every position the repository's suites use passes validation (data/perft-suite.epd is read
/// by the test above).
#[test]
fn every_repository_position_is_accepted() {
    let standard = include_str!("../../../data/perft-standard.epd");
    let records = read_epd(standard).unwrap_or_else(|e| panic!("perft-standard.epd {e}"));
    assert_eq!(records.len(), 7, "lines of data/perft-standard.epd");
    for (name, text, count) in [
        ("mate1.fen", include_str!("../../../data/mate1.fen"), 8),
        ("mate2.fen", include_str!("../../../data/mate2.fen"), 212),
        ("mate3.fen", include_str!("../../../data/mate3.fen"), 14),
    ] {
        let fens: Vec<&str> = text
            .lines()
            .filter(|line| !line.trim().is_empty())
            .collect();
        assert_eq!(fens.len(), count, "lines of data/{name}");
        for fen in fens {
            Board::from_fen(fen).unwrap_or_else(|e| panic!("data/{name}: {fen}: {e}"));
        }
    }
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
            character: 'x',
            variant: Variant::Chess,
        }
    );
    assert_eq!(
        error("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::RankLength {
            rank: '7',
            squares: 7,
            variant: Variant::Chess,
        }
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::UnknownPiece {
            rank: '6',
            character: '9',
            variant: Variant::Chess,
        }
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1"),
        FenError::RankLength {
            rank: '1',
            squares: 9,
            variant: Variant::Chess,
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
    // Any order is read (X-FEN and Shredder-FEN writers differ); it is written back as KQ.
    assert_eq!(
        Board::from_fen(&format!("{START} w QK - 0 1"))
            .unwrap()
            .to_fen(),
        format!("{START} w KQ - 0 1")
    );
    assert_eq!(
        error(&format!("{START} w KQkqK - 0 1")),
        FenError::Castling("KQkqK".into())
    );
    // Chess960 rook files: a right naming a file without a rook of that colour, or the
    // king's own file.
    assert!(matches!(
        error(&format!("{START} w G - 0 1")),
        FenError::ImpossibleCastling { right: 'G', .. }
    ));
    assert!(matches!(
        error(&format!("{START} w E - 0 1")),
        FenError::ImpossibleCastling { right: 'E', .. }
    ));
    assert!(matches!(
        error(&format!("{START} w Hh - 0 1").replace("RNBQKBNR w", "RNBQKBNr w")),
        FenError::ImpossibleCastling { right: 'H', .. }
    ));
    assert_eq!(
        error(&format!("{START} w HA1 - 0 1")),
        FenError::Castling("HA1".into())
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
fn impossible_material_is_refused() {
    // 24 white queens cannot arise in a game, and once overflowed the move list.
    assert_eq!(
        error("1QQQQQbk/Q5pp/Q5QQ/Q2Q3Q/Q6Q/Q6Q/1Q5Q/KQQQQQQ1 w - - 0 1"),
        FenError::TooManyPieces {
            color: Color::White,
            found: 25,
            variant: Variant::Chess,
        }
    );
    assert_eq!(
        error("4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1"),
        FenError::TooManyPawns {
            color: Color::White,
            found: 9,
            variant: Variant::Chess,
        }
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::TooManyPieces {
            color: Color::White,
            found: 17,
            variant: Variant::Chess,
        }
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBQKBNR w KQkq - 0 1"),
        FenError::TooManyPromotedPieces {
            color: Color::White,
            promoted: 1,
            missing_pawns: 0,
            variant: Variant::Chess,
        }
    );
    // Three extra black pieces (two rooks and a bishop) with two pawns lost.
    assert_eq!(
        error("rrrrkbbb/pppppp2/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::TooManyPromotedPieces {
            color: Color::Black,
            promoted: 3,
            missing_pawns: 2,
            variant: Variant::Chess,
        }
    );
    // Missing pieces of one kind do not pay for extra ones of another.
    assert!(matches!(
        error("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1"),
        FenError::TooManyPromotedPieces { promoted: 1, .. }
    ));
}

#[test]
fn epd_refuses_impossible_positions_too() {
    let line = "1QQQQQbk/Q5pp/Q5QQ/Q2Q3Q/Q6Q/Q6Q/1Q5Q/KQQQQQQ1 w - - ;D1 0";
    assert_eq!(
        Epd::parse(line).unwrap_err(),
        EpdError::Fen(FenError::TooManyPieces {
            color: Color::White,
            found: 25,
            variant: Variant::Chess,
        })
    );
    let file = format!("{}\n{line}\n", Board::STARTPOS_FEN);
    let error = read_epd(&file).unwrap_err();
    assert_eq!(error.line, 2);
    assert!(error.to_string().contains("25 pieces"), "{error}");
}

#[test]
fn possible_material_is_accepted() {
    for fen in [
        // Nine queens, two rooks, two bishops, two knights: every pawn has promoted.
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
        // Seven pawns and one extra knight.
        "4k3/8/8/8/8/8/PPPPPPP1/NNN1K3 w - - 0 1",
        // A side with 16 pieces.
        "rnbqkbnr/pppppppp/8/8/8/8/8/4K3 b kq - 0 1",
    ] {
        Board::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
    }
}

#[test]
fn impossible_checks_are_refused() {
    // Rook on a1, knight on d3 and pawn on f2 all attack the white king on e1.
    assert_eq!(
        error("4k3/8/8/8/8/3n4/5p2/r3K3 w - - 0 1"),
        FenError::TooManyCheckers {
            king: Square::E1,
            found: 3,
        }
    );
    for (fen, checkers) in [
        // A pawn and a knight.
        (
            "4k3/8/8/8/8/3n4/5p2/4K3 w - - 0 1",
            [Square::F2, Square::D3],
        ),
        // Two knights.
        (
            "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
            [Square::D3, Square::F3],
        ),
        // Two pawns.
        (
            "4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1",
            [Square::D2, Square::F2],
        ),
    ] {
        match error(fen) {
            FenError::ImpossibleCheck {
                king: Square::E1,
                checkers: found,
                reason,
            } => {
                assert_eq!(found, checkers, "{fen}");
                assert!(reason.contains("bishop, rook or queen"), "{fen}: {reason}");
            }
            other => panic!("{fen}: {other:?}"),
        }
    }
}

#[test]
fn possible_checks_are_accepted() {
    for fen in [
        // A rook and a knight: the knight moved and discovered the rook.
        "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1",
        // A rook on the rank and a bishop on a diagonal (a promotion with capture can do it).
        "4k3/8/8/8/8/8/5b2/r3K3 w - - 0 1",
        // A pawn and a bishop behind it on another diagonal.
        "4k3/8/8/8/1b6/8/3p4/4K3 w - - 0 1",
        // Two bishops on one diagonal, either side of the king: no move gives both checks,
        // but data/perft-suite.epd has this position, so the rule is not applied.
        "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
        // A single check by a knight.
        "4k3/8/8/8/8/3n4/8/4K3 w - - 0 1",
    ] {
        Board::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
    }
}

#[test]
fn en_passant_needs_the_squares_the_pawn_passed_to_be_empty() {
    match error("rnbqkbnr/ppp1pppp/3N4/3pP3/8/8/PPPP1PPP/R1BQKBNR w KQkq d6 0 3") {
        FenError::ImpossibleEnPassant {
            square: Square::D6,
            reason,
        } => assert!(reason.contains("not empty"), "{reason}"),
        other => panic!("{other:?}"),
    }
    // The bishop on d7 stands where the pawn started.
    match error("rn1qkbnr/pppbpppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3") {
        FenError::ImpossibleEnPassant {
            square: Square::D6,
            reason,
        } => assert!(reason.contains("not empty"), "{reason}"),
        other => panic!("{other:?}"),
    }
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

#[test]
fn a_fen_of_the_other_rule_set_is_refused_when_one_is_asked_for() {
    let fragments = Variant::Fragments.start_fen();
    let board = Board::from_fen_in(fragments, Variant::Fragments).unwrap();
    assert_eq!(board.variant(), Variant::Fragments);
    let error = Board::from_fen_in(Board::STARTPOS_FEN, Variant::Fragments).unwrap_err();
    assert_eq!(
        error,
        FenError::OtherVariant {
            found: Variant::Chess,
            expected: Variant::Fragments
        }
    );
    assert_eq!(
        error.to_string(),
        "the FEN is a position of standard chess (8x8), not of Chess Fragments (5x5)"
    );
    assert!(Board::from_fen_in(fragments, Variant::Chess)
        .unwrap_err()
        .to_string()
        .contains("of Chess Fragments (5x5), not of standard chess"));
    // Errors of the FEN itself come first.
    assert!(matches!(
        Board::from_fen_in("5/5 w - - 0 1", Variant::Fragments),
        Err(FenError::RankCount { found: 2 })
    ));
}
