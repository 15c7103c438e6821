//! [`Score`]: the value of a position for the side to move, in centipawns or as a mate
//! distance, and the [`Depth`] of a search.

use outpost_eval::score::{mate_in, mate_moves, mated_in, DRAW, INFINITY, MATE_BOUND};
use std::fmt;
use std::ops::{Add, Neg, Sub};

/// A search depth in plies. Negative values occur inside the search (after reductions) and
/// mean "no further full-width search".
pub type Depth = i32;

/// The value of a position for the side to move: centipawns, or a mate found `n` plies away.
///
/// Mate scores are encoded as in `outpost_eval::score`: mate in `n` plies is
/// `MATE - n`, being mated in `n` plies is `-MATE + n`; [`Score::mate_moves`] and
/// [`Score::uci`] turn them into full moves as UCI shows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

impl Score {
    /// A draw.
    pub const DRAW: Score = Score(DRAW);
    /// Larger than any score: the bound of a full search window.
    pub const INFINITY: Score = Score(INFINITY);
    /// Scores beyond this, either way, are mate scores; evaluations stay inside it.
    pub const MATE_BOUND: Score = Score(MATE_BOUND);

    /// A score of `centipawns` for the side to move.
    pub const fn centipawns(centipawns: i32) -> Score {
        Score(centipawns)
    }

    /// An evaluation, kept strictly inside the mate bounds.
    pub fn from_eval(centipawns: i32) -> Score {
        Score(centipawns.clamp(-MATE_BOUND + 1, MATE_BOUND - 1))
    }

    /// The score of giving mate `ply` plies from the root.
    pub const fn mate_in(ply: usize) -> Score {
        Score(mate_in(ply as u32))
    }

    /// The score of being mated `ply` plies from the root.
    pub const fn mated_in(ply: usize) -> Score {
        Score(mated_in(ply as u32))
    }

    /// The internal integer value (centipawns, or the mate encoding).
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// A score from its internal integer value (see [`Score::raw`]).
    pub const fn from_raw(raw: i32) -> Score {
        Score(raw)
    }

    /// `true` for a mate score, either way.
    pub const fn is_mate(self) -> bool {
        self.0.abs() > MATE_BOUND
    }

    /// Full moves to mate: positive when the side to move mates, negative when it is mated,
    /// `None` for other scores.
    pub const fn mate_moves(self) -> Option<i32> {
        mate_moves(self.0)
    }

    /// The centipawn value, `None` for a mate score.
    pub const fn as_centipawns(self) -> Option<i32> {
        if self.is_mate() {
            None
        } else {
            Some(self.0)
        }
    }

    /// The score as stored in the transposition table: mate scores counted from the node
    /// `ply` plies from the root instead of from the root.
    pub(crate) const fn to_table(self, ply: usize) -> i32 {
        if self.0 > MATE_BOUND {
            self.0 + ply as i32
        } else if self.0 < -MATE_BOUND {
            self.0 - ply as i32
        } else {
            self.0
        }
    }

    /// The inverse of [`Score::to_table`] for a node `ply` plies from the root.
    pub(crate) const fn from_table(stored: i32, ply: usize) -> Score {
        Score(if stored > MATE_BOUND {
            stored - ply as i32
        } else if stored < -MATE_BOUND {
            stored + ply as i32
        } else {
            stored
        })
    }

    /// The score as UCI writes it: `cp 35`, `mate 3`, `mate -2`.
    pub fn uci(self) -> impl fmt::Display {
        UciScore(self)
    }
}

struct UciScore(Score);

impl fmt::Display for UciScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.mate_moves() {
            Some(moves) => write!(f, "mate {moves}"),
            None => write!(f, "cp {}", self.0 .0),
        }
    }
}

impl fmt::Display for Score {
    /// Pawns with two decimals (`+0.35`, `-1.20`), or `#3` / `#-2` for mates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(moves) => write!(f, "#{moves}"),
            None => write!(f, "{:+.2}", f64::from(self.0) / 100.0),
        }
    }
}

impl Neg for Score {
    type Output = Score;

    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add<i32> for Score {
    type Output = Score;

    fn add(self, centipawns: i32) -> Score {
        Score(self.0 + centipawns)
    }
}

impl Sub<i32> for Score {
    type Output = Score;

    fn sub(self, centipawns: i32) -> Score {
        Score(self.0 - centipawns)
    }
}

impl Sub for Score {
    /// The difference in centipawns.
    type Output = i32;

    fn sub(self, other: Score) -> i32 {
        self.0 - other.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert_to_moves_and_uci() {
        assert_eq!(Score::mate_in(1).mate_moves(), Some(1));
        assert_eq!(Score::mate_in(3).mate_moves(), Some(2));
        assert_eq!(Score::mated_in(2).mate_moves(), Some(-1));
        assert_eq!(Score::mate_in(3).uci().to_string(), "mate 2");
        assert_eq!(Score::mated_in(4).uci().to_string(), "mate -2");
        assert_eq!(Score::centipawns(-35).uci().to_string(), "cp -35");
        assert_eq!(Score::centipawns(135).to_string(), "+1.35");
        assert_eq!(Score::mate_in(5).to_string(), "#3");
        assert_eq!(Score::centipawns(150).as_centipawns(), Some(150));
        assert_eq!(Score::mate_in(5).as_centipawns(), None);
    }

    #[test]
    fn table_conversion_counts_mates_from_the_node() {
        let at_root = Score::mate_in(7);
        let stored = at_root.to_table(3);
        assert_eq!(Score::from_table(stored, 5), Score::mate_in(9));
        assert_eq!(
            Score::from_table(Score::mated_in(6).to_table(2), 2),
            Score::mated_in(6)
        );
        assert_eq!(
            Score::from_table(Score::centipawns(-150).to_table(9), 1),
            Score::centipawns(-150)
        );
        assert_eq!(Score::from_eval(1_000_000), Score::MATE_BOUND - 1);
    }
}
