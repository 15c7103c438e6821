//! Resign and draw adjudication from the scores the engines report.
//!
//! Resign (`--resign MOVES CP`, two-sided): a side loses when, for its last MOVES moves, its
//! own score was at most −CP and the opponent's score was at least +CP in each of the
//! opponent's last MOVES moves: both engines agree who is lost. Draw (`--draw MOVENUMBER
//! MOVES CP`): from full move MOVENUMBER on, when both engines' scores stayed within ±CP for
//! MOVES moves each (2 × MOVES plies in a row), counted again after every capture or pawn
//! move. A mate score is never a draw; a move without a score breaks every run.

use super::engine::Score;
use outpost_board::Color;

/// `--resign MOVES CP`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Moves of each side in a row.
    pub moves: u32,
    /// Centipawns.
    pub score: i32,
}

/// `--draw MOVENUMBER MOVES CP`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The first full move at which a draw may be adjudicated.
    pub move_number: u32,
    /// Moves of each side in a row.
    pub moves: u32,
    /// Centipawns either way.
    pub score: i32,
}

/// What the adjudicator decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This side is lost.
    Resign(Color),
    /// A draw.
    Draw,
}

/// The runs of scores of one game.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    /// Per side: own moves in a row with a score of at most −CP.
    losing: [u32; 2],
    /// Per side: own moves in a row with a score of at least +CP.
    winning: [u32; 2],
    /// Plies in a row with both scores within ±CP.
    quiet: u32,
}

impl Adjudicator {
    /// An adjudicator of these rules (neither: never adjudicates).
    pub fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> Adjudicator {
        Adjudicator {
            resign,
            draw,
            ..Adjudicator::default()
        }
    }

    /// Counts the move `mover` just played with `score` (its own view), in a game now at full
    /// move `move_number` whose half-move clock is `halfmove_clock`.
    pub fn update(
        &mut self,
        mover: Color,
        score: Option<Score>,
        move_number: u32,
        halfmove_clock: u32,
    ) -> Option<Verdict> {
        let side = mover.index();
        let cp = score.map(Score::centipawns);
        if let Some(rule) = self.resign {
            let bump = |run: &mut u32, holds: bool| *run = if holds { *run + 1 } else { 0 };
            bump(
                &mut self.losing[side],
                cp.is_some_and(|cp| cp <= -rule.score),
            );
            bump(
                &mut self.winning[side],
                cp.is_some_and(|cp| cp >= rule.score),
            );
            for loser in [Color::White, Color::Black] {
                if self.losing[loser.index()] >= rule.moves
                    && self.winning[(!loser).index()] >= rule.moves
                {
                    return Some(Verdict::Resign(loser));
                }
            }
        }
        if let Some(rule) = self.draw {
            if halfmove_clock == 0 {
                self.quiet = 0;
            }
            let level = matches!(score, Some(Score::Cp(cp)) if cp.abs() <= rule.score);
            self.quiet = if level { self.quiet + 1 } else { 0 };
            if move_number >= rule.move_number && self.quiet >= 2 * rule.moves {
                return Some(Verdict::Draw);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn both_sides_must_agree_to_resign() {
        let rule = ResignRule {
            moves: 2,
            score: 500,
        };
        let mut judge = Adjudicator::new(Some(rule), None);
        // White thinks it is lost, black agrees: after two moves each, white resigns.
        assert_eq!(judge.update(White, Some(Score::Cp(-600)), 1, 1), None);
        assert_eq!(judge.update(Black, Some(Score::Cp(700)), 2, 1), None);
        assert_eq!(judge.update(White, Some(Score::Mate(-5)), 2, 1), None);
        assert_eq!(
            judge.update(Black, Some(Score::Cp(500)), 3, 1),
            Some(Verdict::Resign(White))
        );

        // One side alone is not enough.
        let mut judge = Adjudicator::new(Some(rule), None);
        for n in 1..10 {
            assert_eq!(judge.update(White, Some(Score::Cp(-900)), n, 1), None);
            assert_eq!(judge.update(Black, Some(Score::Cp(100)), n + 1, 1), None);
        }
        // A move without a score breaks the run.
        let mut judge = Adjudicator::new(Some(rule), None);
        judge.update(Black, Some(Score::Cp(-900)), 1, 1);
        judge.update(White, Some(Score::Cp(900)), 2, 1);
        judge.update(Black, None, 2, 1);
        assert_eq!(judge.update(White, Some(Score::Cp(900)), 3, 1), None);
        assert_eq!(judge.update(Black, Some(Score::Cp(-900)), 3, 1), None);
        assert_eq!(judge.update(White, Some(Score::Cp(900)), 4, 1), None);
        assert_eq!(
            judge.update(Black, Some(Score::Cp(-900)), 4, 1),
            Some(Verdict::Resign(Black))
        );
    }

    #[test]
    fn draws_wait_for_the_move_number_and_restart_after_captures() {
        let rule = DrawRule {
            move_number: 10,
            moves: 2,
            score: 10,
        };
        let mut judge = Adjudicator::new(None, Some(rule));
        // Four level plies, but before move 10.
        for (mover, n) in [(White, 6), (Black, 7), (White, 7), (Black, 8)] {
            assert_eq!(judge.update(mover, Some(Score::Cp(5)), n, 3), None);
        }
        assert_eq!(judge.update(White, Some(Score::Cp(-10)), 9, 4), None);
        assert_eq!(
            judge.update(Black, Some(Score::Cp(0)), 10, 5),
            Some(Verdict::Draw)
        );

        // A capture (half-move clock 0) starts the count again; a mate score is never level.
        let mut judge = Adjudicator::new(None, Some(rule));
        judge.update(White, Some(Score::Cp(0)), 20, 3);
        judge.update(Black, Some(Score::Cp(0)), 21, 4);
        judge.update(White, Some(Score::Cp(0)), 21, 0);
        assert_eq!(judge.update(Black, Some(Score::Cp(0)), 22, 1), None);
        assert_eq!(judge.update(White, Some(Score::Mate(9)), 22, 2), None);
        assert_eq!(judge.update(Black, Some(Score::Cp(11)), 23, 3), None);
        // Without rules nothing is adjudicated.
        let mut none = Adjudicator::new(None, None);
        assert_eq!(none.update(White, Some(Score::Cp(-5000)), 90, 0), None);
    }
}
