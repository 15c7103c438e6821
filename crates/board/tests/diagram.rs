//! Snapshots of what people read: the diagrams and the material report.

use outpost_board::{Board, DiagramStyle};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn unicode_diagram() {
    let board = Board::from_fen(KIWIPETE).unwrap();
    insta::assert_snapshot!(board.to_string());
}

#[test]
fn ascii_diagram() {
    let board = Board::from_fen(KIWIPETE).unwrap();
    insta::assert_snapshot!(board.diagram(DiagramStyle::Ascii).to_string());
}

#[test]
fn material_report() {
    let board = Board::from_fen("4k3/pp6/8/8/8/8/PPP5/RN2K3 w - - 0 1").unwrap();
    let material = board.material();
    assert_eq!(material.balance(), 9);
    insta::assert_snapshot!(material.to_string());
    assert_eq!(Board::startpos().material().balance(), 0);
}
