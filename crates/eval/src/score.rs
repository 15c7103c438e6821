//! Scores in centipawns and the encoding of mate scores.

/// A score larger than any evaluation: the bound of the search window.
pub const INFINITY: i32 = 32_000;
/// The score of delivering mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// The score of a draw.
pub const DRAW: i32 = 0;

/// The score of giving mate `ply` plies from the root.
pub const fn mate_in(ply: u32) -> i32 {
    MATE - ply as i32
}

/// The score of being mated `ply` plies from the root.
pub const fn mated_in(ply: u32) -> i32 {
    -MATE + ply as i32
}

/// `true` for a mate score (either side).
pub const fn is_mate(score: i32) -> bool {
    score.abs() > MATE_BOUND
}

/// Full moves to mate for a mate score, as UCI's `score mate N`: positive when the side to
/// move mates, negative when it is mated. `None` for other scores.
pub const fn mate_moves(score: i32) -> Option<i32> {
    if !is_mate(score) {
        None
    } else if score > 0 {
        Some((MATE - score + 1) / 2)
    } else {
        Some(-(MATE + score) / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert_to_moves() {
        assert_eq!(mate_moves(mate_in(1)), Some(1));
        assert_eq!(mate_moves(mate_in(3)), Some(2));
        assert_eq!(mate_moves(mated_in(2)), Some(-1));
        assert_eq!(mate_moves(mated_in(0)), Some(0));
        assert_eq!(mate_moves(150), None);
        assert!(is_mate(mate_in(100)) && !is_mate(2_000));
    }
}
