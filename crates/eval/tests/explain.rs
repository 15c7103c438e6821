//! Snapshots of the evaluation breakdown people read (UCI `eval`, the terminal game).

use outpost_board::Board;
use outpost_eval::{evaluate, explain};

#[test]
fn start_position_explanation() {
    let board = Board::startpos();
    let explanation = explain(&board);
    assert_eq!(explanation.side_to_move_score, evaluate(&board));
    insta::assert_snapshot!(explanation.to_string());
}

#[test]
fn kiwipete_explanation() {
    let board =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let explanation = explain(&board);
    assert_eq!(explanation.side_to_move_score, evaluate(&board));
    insta::assert_snapshot!(explanation.to_string());
}

#[test]
fn endgame_explanation_black_to_move() {
    let board = Board::from_fen("8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50").unwrap();
    let explanation = explain(&board);
    assert_eq!(explanation.side_to_move_score, evaluate(&board));
    insta::assert_snapshot!(explanation.to_string());
}
