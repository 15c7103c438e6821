//! Chess960 in the page's games: the start position a new game asks for, and how the moves of
//! a game are written so that castling reads back.

use outpost_board::{random_chess960_number, Board, CHESS960_POSITIONS};
use outpost_movegen::uci::UciNotation;

/// The Chess960 start position numbered `number`, or a random one when it is `None`, with its
/// number. The error says which numbers there are.
pub fn chess960_start(number: Option<i64>) -> Result<(u16, Board), String> {
    let number = match number {
        None => random_chess960_number(),
        Some(number) => u16::try_from(number)
            .ok()
            .filter(|&number| number < CHESS960_POSITIONS)
            .ok_or_else(|| {
                format!(
                    "Chess960 start positions are numbered 0 to {}, not {number}",
                    CHESS960_POSITIONS - 1
                )
            })?,
    };
    let board =
        Board::chess960(number).ok_or_else(|| format!("no Chess960 start position {number}"))?;
    Ok((number, board))
}

/// How the moves of a game from `start` are written: castling as king takes rook when the
/// start has Chess960 castling (where `f1g1` could be a plain king move), as in standard UCI
/// otherwise. It depends on the start alone, so that a game the page kept reads back.
pub fn notation_for(start: &Board) -> UciNotation {
    UciNotation::for_board(start, start.has_chess960_castling())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_name_their_positions_and_others_are_refused() {
        let (number, board) = chess960_start(Some(518)).unwrap();
        assert_eq!((number, board), (518, Board::startpos()));
        let (number, board) = chess960_start(None).unwrap();
        assert_eq!(Board::chess960(number), Some(board));
        for bad in [960, -1, i64::MAX] {
            assert!(chess960_start(Some(bad)).unwrap_err().contains("0 to 959"));
        }
        assert!(!notation_for(&Board::startpos()).is_chess960());
        assert!(notation_for(&Board::chess960(3).unwrap()).is_chess960());
    }
}
