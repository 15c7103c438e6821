//! Properties of the evaluation: symmetry between the colours, the phase, material
//! balance, and agreement between `evaluate` and `explain`.

use outpost_board::{read_epd, Board};
use outpost_eval::{
    evaluate, evaluate_cached, explain, phase, PawnCache, PieceSquareSums, MAX_PHASE, TEMPO,
};
use outpost_movegen::legal_moves;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const PERFT_SUITE: &str = include_str!("../../../data/perft-suite.epd");

/// The FENs of the perft suite, as written in the file.
fn perft_fens() -> Vec<String> {
    read_epd(PERFT_SUITE)
        .unwrap_or_else(|e| panic!("data/perft-suite.epd {e}"))
        .into_iter()
        .map(|record| record.epd.fen().to_string())
        .collect()
}

/// The FEN of the same position with the colours exchanged: ranks flipped (rank 8 becomes
/// rank 1), piece letters and castling letters swapped in case, the other side to move, and
/// the en passant square mirrored (e3 ↔ e6). Clocks stay as they are.
fn flip_colors(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    assert!(fields.len() >= 4, "FEN with too few fields: {fen}");
    let swap_case = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let placement: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| rank.chars().map(swap_case).collect())
        .collect();
    let side = match fields[1] {
        "w" => "b",
        "b" => "w",
        other => panic!("bad side to move {other} in {fen}"),
    };
    let castling = if fields[2] == "-" {
        "-".to_string()
    } else {
        let swapped: String = fields[2].chars().map(swap_case).collect();
        // Keep the conventional order K, Q, k, q.
        "KQkq".chars().filter(|c| swapped.contains(*c)).collect()
    };
    let en_passant = if fields[3] == "-" {
        "-".to_string()
    } else {
        let mut chars = fields[3].chars();
        let file = chars.next().expect("en passant file");
        let rank = chars
            .next()
            .and_then(|r| r.to_digit(10))
            .expect("en passant rank");
        format!("{file}{}", 9 - rank)
    };
    let mut flipped = vec![placement.join("/"), side.to_string(), castling, en_passant];
    flipped.extend(fields[4..].iter().map(std::string::ToString::to_string));
    flipped.join(" ")
}

#[test]
fn flip_helper_mirrors_a_known_position() {
    assert_eq!(
        flip_colors("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w Kq e6 0 2"),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b Qk e3 0 2"
    );
    for fen in &perft_fens() {
        assert_eq!(
            flip_colors(&flip_colors(fen)),
            *fen,
            "flipping twice: {fen}"
        );
    }
}

#[test]
fn start_position_scores_only_the_tempo_bonus() {
    assert_eq!(evaluate(&Board::startpos()), TEMPO.middlegame);
    let black_to_move =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(evaluate(&black_to_move), TEMPO.middlegame);
}

#[test]
fn colour_flipped_perft_positions_score_the_same() {
    let fens = perft_fens();
    assert!(
        fens.len() > 100,
        "the perft suite has {} positions",
        fens.len()
    );
    for fen in &fens {
        let board = Board::from_fen(fen).unwrap();
        let flipped_fen = flip_colors(fen);
        let flipped = Board::from_fen(&flipped_fen)
            .unwrap_or_else(|e| panic!("flipped FEN {flipped_fen} of {fen}: {e}"));
        assert_eq!(
            evaluate(&board),
            evaluate(&flipped),
            "{fen} and its mirror {flipped_fen}"
        );
        assert_eq!(phase(&board), phase(&flipped), "{fen}");
    }
}

#[test]
fn phase_runs_from_opening_to_kings_only() {
    assert_eq!(phase(&Board::startpos()), MAX_PHASE);
    assert_eq!(MAX_PHASE, 24);
    let kings = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(phase(&kings), 0);
    let kings_and_pawns = Board::from_fen("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1").unwrap();
    assert_eq!(phase(&kings_and_pawns), 0);
    let rook_and_knight = Board::from_fen("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1").unwrap();
    assert_eq!(phase(&rook_and_knight), 3);
    // Promoted queens add material beyond the start position: the phase stays at 24.
    let promoted = Board::from_fen("qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1").unwrap();
    assert_eq!(phase(&promoted), MAX_PHASE);
    // With kings and pawns only, the score is the endgame score (plus tempo).
    let explanation = explain(&kings_and_pawns);
    assert_eq!(explanation.blended(), explanation.balance().endgame);
}

#[test]
fn a_queen_up_is_worth_more_than_800_centipawns() {
    let positions = [
        // Start position without black's queen.
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        // Queen and king against king.
        "4k3/8/8/8/8/8/8/3QK3",
        // A rook endgame with an extra queen.
        "r3k3/pp3ppp/8/8/8/8/PP3PPP/R2QK3",
    ];
    for placement in positions {
        let white_to_move = Board::from_fen(&format!("{placement} w - - 0 1")).unwrap();
        let black_to_move = Board::from_fen(&format!("{placement} b - - 0 1")).unwrap();
        let white_score = evaluate(&white_to_move);
        let black_score = evaluate(&black_to_move);
        assert!(white_score > 800, "{placement}: {white_score}");
        assert!(black_score < -800, "{placement}: {black_score}");
        // The same position, only the tempo bonus changes sides (three blends, each rounded:
        // within two centipawns).
        let tempo = TEMPO.blend(phase(&white_to_move));
        let difference = white_score - tempo + (black_score - tempo);
        assert!(difference.abs() <= 2, "{placement}: {difference}");
        // And the colour-flipped position gives black the same edge.
        let mirrored = Board::from_fen(&flip_colors(&format!("{placement} w - - 0 1"))).unwrap();
        assert_eq!(evaluate(&mirrored), white_score, "{placement}");
    }
}

#[test]
fn explain_agrees_with_evaluate_on_the_perft_suite() {
    for fen in &perft_fens() {
        let board = Board::from_fen(fen).unwrap();
        let explanation = explain(&board);
        assert_eq!(explanation.side_to_move_score, evaluate(&board), "{fen}");
        assert_eq!(explanation.phase, phase(&board), "{fen}");
        let white_view = match board.side_to_move() {
            outpost_board::Color::White => evaluate(&board),
            outpost_board::Color::Black => -evaluate(&board),
        };
        assert_eq!(explanation.white_score, white_view, "{fen}");
    }
}

#[test]
fn symmetry_and_explain_hold_over_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut positions = 0;
    for _ in 0..20 {
        let mut board = Board::startpos();
        for _ in 0..200 {
            let fen = board.to_fen();
            let score = evaluate(&board);
            let flipped = Board::from_fen(&flip_colors(&fen)).unwrap();
            assert_eq!(score, evaluate(&flipped), "{fen}");
            assert_eq!(explain(&board).side_to_move_score, score, "{fen}");
            positions += 1;
            let moves = legal_moves(&board);
            if moves.is_empty() || board.halfmove_clock() >= 100 {
                break;
            }
            let mv = moves[rng.next_u32() as usize % moves.len()];
            board.make(mv);
        }
    }
    assert!(positions > 1_000, "only {positions} positions");
}

/// Chess Fragments (5×5): every term is counted on the small board, so `explain` agrees
/// with `evaluate` and the colours mirror there too (positions without an en passant square,
/// which the flip helper mirrors for 8 ranks).
#[test]
fn fragments_positions_are_explained_and_mirror() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut positions = 0;
    for _ in 0..40 {
        let mut board = Board::from_fen(outpost_board::Variant::Fragments.start_fen()).unwrap();
        for _ in 0..120 {
            let fen = board.to_fen();
            let score = evaluate(&board);
            assert_eq!(explain(&board).side_to_move_score, score, "{fen}");
            if board.en_passant().is_none() {
                let flipped = Board::from_fen(&flip_colors(&fen)).unwrap();
                assert_eq!(evaluate(&flipped), score, "{fen}");
            }
            positions += 1;
            let moves = legal_moves(&board);
            if moves.is_empty() || board.halfmove_clock() >= 100 {
                break;
            }
            board.make(moves[rng.next_u32() as usize % moves.len()]);
        }
    }
    assert!(positions > 1_000, "only {positions} positions");
}

/// The terms see what they should: a passed pawn gains as it advances, an isolated pawn
/// costs, the bishop pair and a rook on an open file count, mobility grows with room.
#[test]
fn terms_reward_what_they_name() {
    use outpost_eval::params::Term;
    let term = |fen: &str, term: Term| explain(&Board::from_fen(fen).unwrap()).term_balance(term);
    // White's passed e-pawn on e7 against e4, its king two squares from the square in
    // front, black's four.
    let far = term("k7/4P3/3K4/8/8/8/8/8 w - - 0 1", Term::PassedPawns);
    let near = term("k7/8/8/8/4P3/3K4/8/8 w - - 0 1", Term::PassedPawns);
    assert!(far.endgame > near.endgame, "{far:?} {near:?}");
    assert!(near.endgame > 0, "{near:?}");
    // No passed pawn when an enemy pawn stands ahead on a neighbouring file (either way).
    assert_eq!(
        term("k7/3p4/8/8/4P3/8/8/7K w - - 0 1", Term::PassedPawns),
        outpost_eval::Tapered::ZERO
    );
    // Bishop pair.
    let pair = term("k7/8/8/8/8/8/8/2B1KB2 w - - 0 1", Term::Imbalance);
    assert!(pair.middlegame > 0 && pair.endgame > 0, "{pair:?}");
    // Rook on an open file against one behind its own pawn, all else the same.
    let open = term("1k6/8/8/8/8/8/1P6/R6K w - - 0 1", Term::Placement);
    let closed = term("1k6/8/8/8/8/8/1P6/1R5K w - - 0 1", Term::Placement);
    assert!(open.middlegame > closed.middlegame, "{open:?} {closed:?}");
    // A knight in the centre has more safe squares than one in the corner.
    let centre = term("k7/8/8/8/3N4/8/8/7K w - - 0 1", Term::Mobility);
    let corner = term("k7/8/8/8/8/8/8/N6K w - - 0 1", Term::Mobility);
    assert!(
        centre.middlegame > corner.middlegame,
        "{centre:?} {corner:?}"
    );
    // A pawn attacking a knight is a threat for the pawn's side.
    let threat = term("k7/8/8/3n4/4P3/8/8/7K w - - 0 1", Term::Threats);
    assert!(threat.middlegame > 0, "{threat:?}");
}

/// The pawn cache a search evaluates with gives the numbers of counting afresh: over random
/// games of both rule sets sharing one cache, and for the same pawns on the two board sizes
/// (where a passed pawn's rank counts differently).
#[test]
fn the_pawn_cache_changes_no_score() {
    let mut cache = PawnCache::new();
    let cached = |board: &Board, cache: &mut PawnCache| {
        evaluate_cached(board, &PieceSquareSums::of(board), cache)
    };
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut positions = 0;
    for game in 0..30 {
        let mut board = if game % 3 == 2 {
            Board::from_fen(outpost_board::Variant::Fragments.start_fen()).unwrap()
        } else {
            Board::startpos()
        };
        for _ in 0..150 {
            // Twice: the second is a hit.
            for _ in 0..2 {
                assert_eq!(cached(&board, &mut cache), evaluate(&board), "{board:?}");
            }
            positions += 1;
            let moves = legal_moves(&board);
            if moves.is_empty() || board.halfmove_clock() >= 100 {
                break;
            }
            board.make(moves[rng.next_u32() as usize % moves.len()]);
        }
    }
    assert!(positions > 1_000, "only {positions} positions");

    let standard = Board::from_fen("7k/8/8/8/3p4/8/1P6/K7 w - - 0 1").unwrap();
    let fragments = Board::from_fen("4k/3p1/5/1P3/K4 w - - 0 1").unwrap();
    assert_eq!(
        standard.pieces(outpost_board::PieceKind::Pawn),
        fragments.pieces(outpost_board::PieceKind::Pawn)
    );
    for board in [&standard, &fragments, &standard] {
        assert_eq!(cached(board, &mut cache), evaluate(board), "{board:?}");
    }
}
