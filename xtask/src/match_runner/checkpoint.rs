//! The match as a continuation sees it: the pairs finished so far, in the order of their
//! openings, up to the first pair still playing. With `--json` the runner writes this
//! standing after each pair it grows by, so that a match stopped before its end (killed, the
//! machine restarted, an engine that can no longer be started) goes on with `--continue`
//! from there: the games after the gap are played again.

use super::play::Record;
use super::stats::Sprt;
use super::Standing;
use std::collections::BTreeMap;

/// The pairs of a match counted in the order of their openings.
#[derive(Debug)]
pub struct Checkpoint {
    standing: Standing,
    /// The first pair not counted yet.
    next: usize,
    /// The finished games of the pairs not counted yet, by pair.
    waiting: BTreeMap<usize, Vec<Record>>,
}

impl Checkpoint {
    /// Counting from `standing` (the earlier games of a continued match), with the pair
    /// after theirs next.
    pub fn new(standing: Standing) -> Checkpoint {
        Checkpoint {
            next: standing.pairs_started(),
            standing,
            waiting: BTreeMap::new(),
        }
    }

    /// Takes a finished game; `true` when it completed the next pair (and perhaps pairs
    /// finished before, which waited for it).
    pub fn add(&mut self, record: Record, sprt: Option<&Sprt>) -> bool {
        self.waiting.entry(record.pair).or_default().push(record);
        let mut grew = false;
        while self
            .waiting
            .get(&self.next)
            .is_some_and(|games| games.len() == 2)
        {
            for game in self.waiting.remove(&self.next).unwrap_or_default() {
                self.standing.add(&game, sprt);
            }
            self.next += 1;
            grew = true;
        }
        grew
    }

    /// The games of the counted pairs.
    pub fn standing(&self) -> &Standing {
        &self.standing
    }

    /// The games of the counted pairs, to keep.
    pub fn into_standing(self) -> Standing {
        self.standing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_pgn::PgnResult;

    fn sprt() -> Option<Sprt> {
        Some(Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap())
    }

    /// Game `number` (from 1; pair `(number - 1) / 2`), won by the first engine.
    fn win(number: usize) -> Record {
        Record {
            number,
            pair: (number - 1) / 2,
            first_is_white: number % 2 == 1,
            result: if number % 2 == 1 {
                PgnResult::WhiteWins
            } else {
                PgnResult::BlackWins
            },
            reason: "checkmate".to_string(),
            kind: "checkmate".to_string(),
            fault: None,
            pgn: String::new(),
        }
    }

    #[test]
    fn pairs_count_in_the_order_of_their_openings() {
        let sprt = sprt();
        let mut checkpoint = Checkpoint::new(Standing::default());
        // Pair 1 finishes first: it waits for pair 0.
        assert!(!checkpoint.add(win(3), sprt.as_ref()));
        assert!(!checkpoint.add(win(4), sprt.as_ref()));
        assert!(!checkpoint.add(win(1), sprt.as_ref()));
        assert_eq!(checkpoint.standing().tally.games(), 0);
        assert!(checkpoint.add(win(2), sprt.as_ref()));
        assert_eq!(checkpoint.standing().tally.games(), 4);
        assert_eq!(checkpoint.standing().tally.pairs, [0, 0, 0, 0, 2]);
        assert!(checkpoint.standing().llr > 0.0);
        // A pair with one game finished is not counted.
        assert!(!checkpoint.add(win(5), sprt.as_ref()));
        assert_eq!(checkpoint.standing().tally.games(), 4);
    }

    #[test]
    fn a_continued_match_counts_on_from_the_earlier_games() {
        let sprt = sprt();
        let mut earlier = Standing::default();
        earlier.add(&win(1), sprt.as_ref());
        earlier.add(&win(2), sprt.as_ref());
        // Its games are numbered on: 3 and 4, pair 1.
        let mut checkpoint = Checkpoint::new(earlier);
        assert!(!checkpoint.add(win(3), sprt.as_ref()));
        assert!(checkpoint.add(win(4), sprt.as_ref()));
        assert_eq!(checkpoint.standing().tally.games(), 4);
        assert_eq!(checkpoint.standing().tally.pairs, [0, 0, 0, 0, 2]);
    }
}
