//! Chess Fragments (5×5) move generation against Fairy-Stockfish's counts: the small depths
//! of every position of data/perft-fragments.epd, each root move of every divide of
//! data/perft-fragments-divide.txt up to depth 2, and the rules one by one. (`cargo xtask
//! divide data/perft-fragments-divide.txt` and `cargo xtask perft --suite fragments` run
//! every depth.)

use outpost_board::{Board, Color, Move, PieceKind, Square, Variant};
use outpost_movegen::uci::UciNotation;
use outpost_movegen::{legal_moves, try_move};
use std::collections::BTreeMap;

const COUNTS: &str = include_str!("../../../data/perft-fragments.epd");
const DIVIDES: &str = include_str!("../../../data/perft-fragments-divide.txt");
const START: &str = "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1";

fn perft(board: &mut Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in legal_moves(board) {
        let undo = board.make(mv);
        nodes += perft(board, depth - 1);
        board.unmake(mv, &undo);
    }
    nodes
}

#[test]
fn counts_of_every_reference_position_up_to_depth_3() {
    let mut checked = 0;
    for line in COUNTS.lines().filter(|line| !line.starts_with('#')) {
        let mut fields = line.split(" ;");
        let fen = fields.next().unwrap();
        let mut board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.variant(), Variant::Fragments);
        assert_eq!(board.to_fen(), fen, "FEN written back as read");
        for field in fields {
            let (depth, count) = field
                .trim()
                .trim_start_matches('D')
                .split_once(' ')
                .unwrap();
            let depth: u32 = depth.parse().unwrap();
            if depth <= 3 {
                assert_eq!(
                    perft(&mut board, depth),
                    count.parse::<u64>().unwrap(),
                    "{fen} depth {depth}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 61 * 3);
}

#[test]
fn every_root_move_matches_fairy_stockfish_to_depth_2() {
    let mut blocks = 0;
    let mut lines = DIVIDES
        .lines()
        .filter(|line| !line.starts_with('#'))
        .peekable();
    while let Some(header) = lines.next() {
        let header = header.strip_prefix("position ").expect("a position line");
        let fen = header.split(" ;").next().unwrap();
        let depth: u32 = header
            .split(";depth ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let mut reference = BTreeMap::new();
        while let Some(line) = lines.next_if(|line| !line.starts_with("position ")) {
            let (mv, count) = line.split_once(' ').unwrap();
            reference.insert(mv.to_string(), count.parse::<u64>().unwrap());
        }
        if depth > 2 {
            continue;
        }
        let mut board = Board::from_fen(fen).unwrap();
        let notation = UciNotation::STANDARD;
        let mut ours = BTreeMap::new();
        for mv in legal_moves(&board) {
            let undo = board.make(mv);
            ours.insert(notation.write(mv), perft(&mut board, depth - 1));
            board.unmake(mv, &undo);
        }
        assert_eq!(ours, reference, "{fen} depth {depth}");
        blocks += 1;
    }
    assert_eq!(blocks, 61 * 2);
}

#[test]
fn the_start_has_eight_moves_and_the_right_leaps_and_slides() {
    let board = Board::from_fen(START).unwrap();
    assert_eq!(
        Board::from_fen(Variant::Fragments.start_fen()).unwrap(),
        board
    );
    let moves: Vec<String> = legal_moves(&board).iter().map(Move::to_string).collect();
    assert_eq!(moves.len(), 8, "{moves:?}");
    assert!(
        moves.contains(&"a1b3".to_string()),
        "the Right leaps as a knight"
    );
    // Alone with the kings, a Right on c3 reaches 8 squares as a rook and 8 as a knight.
    let board = Board::from_fen("4k/5/2C2/5/K4 w - - 0 1").unwrap();
    let right_moves = legal_moves(&board)
        .iter()
        .filter(|mv| mv.from() == Square::C3)
        .count();
    assert_eq!(right_moves, 16);
}

#[test]
fn pawns_step_twice_from_their_first_rank_and_promote_to_four_pieces() {
    // White double-steps from rank 2, black from rank 4; en passant on rank 3.
    let mut board = Board::from_fen("4k/p4/5/1P3/4K w - - 0 1").unwrap();
    let double = legal_moves(&board)
        .into_iter()
        .find(|mv| mv.is_double_push())
        .expect("b2b4");
    assert_eq!(double.to_string(), "b2b4");
    try_move(&mut board, double).unwrap();
    // The pawn passed b3 and stands beside black's a4 pawn, which may take it en passant.
    assert_eq!(board.to_fen(), "4k/pP3/5/5/4K b - b3 0 1");
    let en_passant = legal_moves(&board)
        .into_iter()
        .find(|mv| mv.is_en_passant())
        .expect("a4b3");
    assert_eq!(en_passant.to_string(), "a4b3");
    // A white pawn on rank 4 promotes on rank 5: to queen, Right, bishop or knight.
    let board = Board::from_fen("3k1/P4/5/5/4K w - - 0 1").unwrap();
    let promotions: Vec<PieceKind> = legal_moves(&board)
        .iter()
        .filter_map(|mv| mv.promotion_piece())
        .collect();
    assert_eq!(
        promotions,
        [
            PieceKind::Queen,
            PieceKind::Right,
            PieceKind::Bishop,
            PieceKind::Knight
        ]
    );
    let right = legal_moves(&board)
        .into_iter()
        .find(|mv| mv.promotion_piece() == Some(PieceKind::Right))
        .unwrap();
    assert_eq!(right.to_string(), "a4a5c");
    assert_eq!(UciNotation::STANDARD.parse(&board, "a4a5c"), Ok(right));
    assert!(
        UciNotation::STANDARD.parse(&board, "a4a5r").is_err(),
        "no rooks here"
    );
}

#[test]
fn fragments_positions_refuse_what_the_game_does_not_have() {
    for (fen, needle) in [
        ("rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", "no rooks"),
        ("cnbqk/ppppp/5/PPPPP/CNBQK w KQ - 0 1", "no castling"),
        ("cnbqk/ppppp/3/PPPPP/CNBQK w - - 0 1", "instead of 5"),
        ("cnbqk/ppppp/6/PPPPP/CNBQK w - - 0 1", "digit 1-5"),
        ("cnbqk/ppppp/P4/PPPPP/CNBQK w - - 0 1", "at most 5"),
        ("Pnbqk/ppppp/5/1PPPP/CNBQK w - - 0 1", "first or last rank"),
    ] {
        let error = Board::from_fen(fen).unwrap_err().to_string();
        assert!(error.contains(needle), "{fen}: {error}");
    }
    // A Right in standard chess is refused too.
    let error = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/CNBQKBNR w - - 0 1")
        .unwrap_err()
        .to_string();
    assert!(error.contains("standard chess"), "{error}");
    assert_eq!(Board::from_fen(START).unwrap().side_to_move(), Color::White);
}

#[test]
fn fragments_games_end_by_the_rules() {
    use outpost_movegen::{status::insufficient_material, Game, GameStatus};
    for (fen, insufficient) in [
        ("4k/5/5/5/K4 w - - 0 1", true),
        ("4k/5/5/5/KN3 w - - 0 1", true),
        ("4k/5/5/5/KB3 w - - 0 1", true),
        // Two bishops on squares of one colour: a draw in chess, not by these rules.
        ("4k/5/5/5/KB1B1 w - - 0 1", false),
        ("4k/5/5/5/KC3 w - - 0 1", false),
        ("4k/5/5/5/KQ3 w - - 0 1", false),
        ("4k/5/5/P4/K4 w - - 0 1", false),
    ] {
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(insufficient_material(&board), insufficient, "{fen}");
    }
    // Checkmate by the Right's knight leap with the king boxed in by its own pawns.
    let game = Game::new(Board::from_fen("3nk/2Cpp/5/5/K4 b - - 0 1").unwrap());
    assert!(
        matches!(game.status(), GameStatus::Checkmate { .. }),
        "{:?}",
        game.status()
    );
    // Stalemate: black to move has no move and is not in check.
    let game = Game::new(Board::from_fen("k4/2Q2/1K3/5/5 b - - 0 1").unwrap());
    assert_eq!(game.status(), GameStatus::Stalemate);
}

#[test]
fn the_right_is_c_in_san() {
    use outpost_movegen::san::{parse_san, to_san};
    let board = Board::from_fen("3k1/P4/5/5/C3K w - - 0 1").unwrap();
    for (text, uci) in [("a5=C", "a4a5c"), ("Cb3", "a1b3"), ("Ca3", "a1a3")] {
        let mv = parse_san(&board, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(mv.to_string(), uci);
        assert_eq!(to_san(&board, mv).trim_end_matches(['+', '#']), text);
    }
}
