//! Moves as a person enters them on a board: a piece picked up on one square and put down on
//! another (a click, a drag, or two squares typed, like `g1f3`).
//!
//! Every move is entered as its own two squares, except castling, which is entered as the king
//! put down on its own rook (the usual Chess960 convention, `e1h1`: never another move, and
//! the only way when the king already stands on its target square), and also as the king put
//! down on its target square (`e1g1`) when no other legal move of the king goes there. A
//! front-end asks [`picks`] what may be entered and [`parse_picked`] what was.

use crate::legal::legal_moves;
use crate::uci::UciMoveError;
use outpost_board::{Board, Move, PieceKind, Square};

/// One way to enter a legal move: the piece on `from` put down on `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    /// Where the piece is picked up.
    pub from: Square,
    /// Where it is put down.
    pub to: Square,
    /// The move this makes (one per promotion piece for a promotion).
    pub mv: Move,
}

impl Pick {
    /// The pick as text: its squares and, for a promotion, the piece's letter (`e7e8q`).
    pub fn text(&self) -> String {
        let mut text = format!("{}{}", self.from, self.to);
        text.extend(self.mv.promotion_piece().map(PieceKind::letter));
        text
    }
}

/// Every way to enter each legal move of `board` (see the module's documentation).
pub fn picks(board: &Board) -> Vec<Pick> {
    let legal = legal_moves(board);
    let side = board.side_to_move();
    let setup = board.castling_setup();
    let mut picks = Vec::with_capacity(legal.len() + 4);
    for &mv in &legal {
        let (from, to) = (mv.from(), mv.to());
        if !mv.is_castle() {
            picks.push(Pick { from, to, mv });
            continue;
        }
        let rook = setup.by_king_target(side, to).rook_from;
        picks.push(Pick { from, to: rook, mv });
        // The target square castles only when the king has no other way there (and is not
        // where it stands, nor the rook's square already picked).
        let other_move_there = legal
            .iter()
            .any(|other| !other.is_castle() && other.from() == from && other.to() == to);
        if from != to && to != rook && !other_move_there {
            picks.push(Pick { from, to, mv });
        }
    }
    picks
}

/// The legal moves entered by putting the piece on `from` down on `to`: none, one, or one per
/// promotion piece.
pub fn moves_picked(board: &Board, from: Square, to: Square) -> Vec<Move> {
    picks(board)
        .into_iter()
        .filter(|pick| pick.from == from && pick.to == to)
        .map(|pick| pick.mv)
        .collect()
}

/// Reads two squares and maybe a promotion letter (`g1f3`, `e7e8q`, castling as `e1h1` or,
/// when that is no other king move, `e1g1`) as a pick on `board`.
pub fn parse_picked(board: &Board, text: &str) -> Result<Move, UciMoveError> {
    let malformed = || UciMoveError::Malformed(text.to_string());
    let square = |range: std::ops::Range<usize>| {
        text.get(range)
            .and_then(|part| part.parse::<Square>().ok())
            .ok_or_else(malformed)
    };
    let (from, to) = (square(0..2)?, square(2..4)?);
    let promotion = match text.get(4..) {
        Some("") => None,
        Some("q") => Some(PieceKind::Queen),
        Some("r") => Some(PieceKind::Rook),
        Some("b") => Some(PieceKind::Bishop),
        Some("n") => Some(PieceKind::Knight),
        Some("c") => Some(PieceKind::Right),
        _ => return Err(malformed()),
    };
    moves_picked(board, from, to)
        .into_iter()
        .find(|mv| mv.promotion_piece() == promotion)
        .ok_or_else(|| UciMoveError::Illegal(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(board: &Board, from: &str) -> Vec<String> {
        let mut texts: Vec<String> = picks(board)
            .iter()
            .filter(|pick| pick.from.to_string() == from)
            .map(|pick| format!("{}={}", pick.text(), pick.mv))
            .collect();
        texts.sort();
        texts
    }

    #[test]
    fn promotion_to_the_right_is_picked_with_c() {
        let board: Board = "3k1/P4/5/5/4K w - - 0 1".parse().unwrap();
        let mv = parse_picked(&board, "a4a5c").unwrap();
        assert_eq!(mv.promotion_piece(), Some(PieceKind::Right));
        assert!(matches!(
            parse_picked(&board, "a4a5r"),
            Err(UciMoveError::Illegal(_))
        ));
    }

    #[test]
    fn standard_castling_is_the_king_on_its_target_or_on_its_rook() {
        let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        assert_eq!(parse_picked(&board, "e1g1").unwrap().to_string(), "e1g1");
        assert_eq!(parse_picked(&board, "e1h1").unwrap().to_string(), "e1g1");
        assert_eq!(parse_picked(&board, "e1a1").unwrap().to_string(), "e1c1");
        assert_eq!(parse_picked(&board, "e1f1").unwrap().to_string(), "e1f1");
        assert_eq!(parse_picked(&board, "a1a8").unwrap().to_string(), "a1a8");
    }

    #[test]
    fn a_chess960_target_that_is_another_king_move_is_that_move() {
        // King f1, rooks b1 and h1: f1g1 is a plain king move, castling is f1h1.
        let board: Board = "r3k2r/8/8/8/8/8/8/1R3K1R w KQkq - 0 1".parse().unwrap();
        assert!(!parse_picked(&board, "f1g1").unwrap().is_castle());
        assert!(parse_picked(&board, "f1h1").unwrap().is_castle());
        assert!(parse_picked(&board, "f1b1").unwrap().is_castle());
        assert!(parse_picked(&board, "f1c1").unwrap().is_castle());
        assert_eq!(
            texts(&board, "f1"),
            [
                "f1b1=f1c1",
                "f1c1=f1c1",
                "f1e1=f1e1",
                "f1e2=f1e2",
                "f1f2=f1f2",
                "f1g1=f1g1",
                "f1g2=f1g2",
                "f1h1=f1g1"
            ]
        );
    }

    #[test]
    fn a_king_on_its_target_castles_onto_its_rook() {
        let board: Board = "4k3/8/8/8/8/8/8/R5KR w HA - 0 1".parse().unwrap();
        let castle = parse_picked(&board, "g1h1").unwrap();
        assert!(castle.is_castle());
        assert_eq!(castle.from(), castle.to());
        assert!(matches!(
            parse_picked(&board, "g1g1"),
            Err(UciMoveError::Illegal(_))
        ));
    }

    #[test]
    fn a_king_next_to_its_rook_castles_by_taking_it_once() {
        // Chess960 #3 is BQNNRKRB: O-O swaps king f1 and rook g1.
        let board = Board::chess960(3).unwrap();
        assert_eq!(texts(&board, "f1"), ["f1g1=f1g1"]);
        assert!(parse_picked(&board, "f1g1").unwrap().is_castle());
    }

    #[test]
    fn bad_text_is_malformed() {
        let board = Board::startpos();
        for bad in ["", "e2", "e2e4qq", "z9e4", "e2e4k", "é2e4"] {
            assert!(matches!(
                parse_picked(&board, bad),
                Err(UciMoveError::Malformed(_))
            ));
        }
        assert!(matches!(
            parse_picked(&board, "e2e5"),
            Err(UciMoveError::Illegal(_))
        ));
    }
}
