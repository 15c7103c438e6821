//! Playing strength limited to a rating: a [`Level`] weakens the search the way a player of
//! that rating is weaker — it sees less (a node budget that shrinks as the rating falls) and
//! it misjudges (among the best few moves it chooses at random, a worse one the more likely
//! the lower the rating) — while it still never plays an illegal move, keeps its clock, and
//! takes a mate short enough for the rating to see.
//!
//! The numbers behind each rating are in [`LEVEL_ANCHORS`], one row a rating, interpolated
//! between rows; they are calibrated in games (`scripts/calibrate-levels.py`).

use crate::info::Info;
use crate::limits::Limits;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// What a level does at one rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelAnchor {
    /// The rating.
    pub elo: u32,
    /// The nodes a move may search at most.
    pub nodes: u64,
    /// How many of the best moves it chooses among: the search looks at that many lines
    /// (each line costs depth; 1 is a plain search within the node budget).
    pub candidates: usize,
    /// How far a worse move's score may fall behind the best one's and still be chosen
    /// often: the temperature of the choice, in centipawns (a move `temperature` worse is
    /// chosen `e` times less often than the best).
    pub temperature: f64,
    /// The longest mate, in moves, the level always plays when it finds it.
    pub mate_moves: u32,
}

/// The levels' numbers at ratings from the weakest to the strongest; a rating between two
/// rows takes numbers between theirs (the nodes and the temperature on a log scale, the
/// candidates and the mates of the nearer row). The ratings are those of Stockfish 15.1's
/// `UCI_Elo` (calibrated to CCRL blitz), on which Outpost at full strength measures about
/// 2300 at 5+0.05: the strongest level stays below it. Each offered level (1400 to 2200 by
/// 200) measured within 100 of its rating in 100 games against Stockfish at 5+0.05
/// (`scripts/calibrate-levels.py`, the README's table); the rows between are interpolated.
pub const LEVEL_ANCHORS: [LevelAnchor; 6] = [
    LevelAnchor {
        elo: 1350,
        nodes: 450,
        candidates: 4,
        temperature: 45.0,
        mate_moves: 1,
    },
    LevelAnchor {
        elo: 1400,
        nodes: 900,
        candidates: 4,
        temperature: 35.0,
        mate_moves: 1,
    },
    LevelAnchor {
        elo: 1600,
        nodes: 2_250,
        candidates: 4,
        temperature: 12.0,
        mate_moves: 2,
    },
    LevelAnchor {
        elo: 1800,
        nodes: 5_400,
        candidates: 4,
        temperature: 10.0,
        mate_moves: 2,
    },
    LevelAnchor {
        elo: 2000,
        nodes: 67_500,
        candidates: 4,
        temperature: 2.0,
        mate_moves: 3,
    },
    LevelAnchor {
        elo: 2200,
        nodes: 180_000,
        candidates: 1,
        temperature: 1.0,
        mate_moves: 4,
    },
];

/// A playing strength limited to a rating between [`Level::MIN_ELO`] and
/// [`Level::MAX_ELO`].
///
/// ```
/// use outpost_search::Level;
///
/// let level = Level::from_elo(1700).unwrap();
/// assert_eq!(level.elo(), 1700);
/// assert!(Level::from_elo(3500).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    elo: u32,
}

/// A rating outside the range of the levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelRangeError {
    /// The rating asked for.
    pub elo: i64,
}

impl fmt::Display for LevelRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a level of {} Elo is out of range: levels go from {} to {}",
            self.elo,
            Level::MIN_ELO,
            Level::MAX_ELO
        )
    }
}

impl std::error::Error for LevelRangeError {}

impl Level {
    /// The weakest level.
    pub const MIN_ELO: u32 = LEVEL_ANCHORS[0].elo;
    /// The strongest level (full strength is no level).
    pub const MAX_ELO: u32 = LEVEL_ANCHORS[LEVEL_ANCHORS.len() - 1].elo;

    /// The level of `elo`, when it is in range.
    pub fn from_elo(elo: i64) -> Result<Level, LevelRangeError> {
        match u32::try_from(elo) {
            Ok(rating) if (Level::MIN_ELO..=Level::MAX_ELO).contains(&rating) => {
                Ok(Level { elo: rating })
            }
            _ => Err(LevelRangeError { elo }),
        }
    }

    /// Its rating.
    pub fn elo(self) -> u32 {
        self.elo
    }

    /// Its numbers: those of its anchors, or between the two around it.
    pub fn anchor(self) -> LevelAnchor {
        let above = LEVEL_ANCHORS
            .iter()
            .position(|anchor| anchor.elo >= self.elo)
            .unwrap_or(LEVEL_ANCHORS.len() - 1);
        let high = LEVEL_ANCHORS[above];
        if above == 0 || high.elo == self.elo {
            return high;
        }
        let low = LEVEL_ANCHORS[above - 1];
        let t = f64::from(self.elo - low.elo) / f64::from(high.elo - low.elo);
        let between = |a: f64, b: f64| (a.ln() + t * (b.ln() - a.ln())).exp();
        LevelAnchor {
            elo: self.elo,
            nodes: between(low.nodes as f64, high.nodes as f64).round() as u64,
            temperature: between(low.temperature, high.temperature),
            candidates: if t < 0.5 {
                low.candidates
            } else {
                high.candidates
            },
            mate_moves: if t < 0.5 {
                low.mate_moves
            } else {
                high.mate_moves
            },
        }
    }

    /// `limits` with the level's node budget; `None` when the level does not apply: a
    /// search until stopped (analysis) is at full strength.
    pub fn limit(self, limits: &Limits) -> Option<Limits> {
        if limits.infinite {
            return None;
        }
        let budget = self.anchor().nodes;
        Some(Limits {
            nodes: Some(limits.nodes.map_or(budget, |nodes| nodes.min(budget))),
            ..limits.clone()
        })
    }

    /// The line the level plays among `lines`, the best lines of its last whole iteration
    /// (best first): the best when it mates soon enough, otherwise one drawn with weights
    /// `exp(-(best - score) / temperature)`.
    pub(crate) fn choose<'a>(self, lines: &'a [Info], random: &mut LevelRandom) -> &'a Info {
        let best = &lines[0];
        let anchor = self.anchor();
        let mates_soon = best
            .score
            .mate_moves()
            .is_some_and(|moves| moves > 0 && moves as u32 <= anchor.mate_moves);
        if mates_soon {
            return best;
        }
        let weights: Vec<f64> = lines
            .iter()
            .take(anchor.candidates)
            .map(|line| {
                let behind = f64::from((best.score.raw() - line.score.raw()).max(0));
                (-behind / anchor.temperature).exp()
            })
            .collect();
        let total: f64 = weights.iter().sum();
        let mut draw = random.unit() * total;
        for (line, weight) in lines.iter().zip(&weights) {
            if draw < *weight {
                return line;
            }
            draw -= weight;
        }
        best
    }
}

/// The random numbers of a level's choices: seeded, so that a game can be played again.
#[derive(Clone, Debug)]
pub struct LevelRandom {
    rng: ChaCha8Rng,
}

impl LevelRandom {
    /// Numbers from `seed`.
    pub fn new(seed: u64) -> LevelRandom {
        LevelRandom {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Numbers seeded from the clock: other choices each game.
    pub fn from_clock() -> LevelRandom {
        let nanos = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64);
        LevelRandom::new(nanos)
    }

    /// A number in `0..1`.
    fn unit(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Score;
    use crate::tt::Bound;
    use std::time::Duration;

    fn line(multipv: usize, score: Score) -> Info {
        Info {
            depth: 5,
            seldepth: 5,
            multipv,
            score,
            bound: Bound::Exact,
            nodes: 1,
            nps: 1,
            hashfull: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        }
    }

    #[test]
    fn the_range_is_that_of_the_anchors() {
        assert!(Level::from_elo(1349).is_err());
        assert!(Level::from_elo(-5).is_err());
        assert!(Level::from_elo(i64::MAX).is_err());
        assert_eq!(Level::from_elo(1350).map(Level::elo), Ok(1350));
        assert_eq!(Level::from_elo(2200).map(Level::elo), Ok(2200));
        assert!(Level::from_elo(2201).is_err());
        assert_eq!(
            Level::from_elo(3000).unwrap_err().to_string(),
            "a level of 3000 Elo is out of range: levels go from 1350 to 2200"
        );
    }

    #[test]
    fn between_anchors_the_numbers_are_between_theirs() {
        for pair in LEVEL_ANCHORS.windows(2) {
            assert!(pair[0].elo < pair[1].elo);
            assert!(pair[0].nodes < pair[1].nodes);
            assert!(pair[0].temperature > pair[1].temperature);
            let middle = Level::from_elo(i64::from((pair[0].elo + pair[1].elo) / 2))
                .unwrap()
                .anchor();
            assert!(pair[0].nodes < middle.nodes && middle.nodes < pair[1].nodes);
            assert!(
                pair[0].temperature > middle.temperature
                    && middle.temperature > pair[1].temperature
            );
        }
        assert_eq!(Level::from_elo(1600).unwrap().anchor(), LEVEL_ANCHORS[2]);
    }

    #[test]
    fn analysis_is_at_full_strength_and_a_smaller_node_limit_stands() {
        let level = Level::from_elo(1350).unwrap();
        let infinite = Limits {
            infinite: true,
            ..Limits::default()
        };
        assert_eq!(level.limit(&infinite), None);
        assert_eq!(
            level.limit(&Limits::default()).unwrap().nodes,
            Some(LEVEL_ANCHORS[0].nodes)
        );
        let fewer = Limits {
            nodes: Some(100),
            ..Limits::default()
        };
        assert_eq!(level.limit(&fewer).unwrap().nodes, Some(100));
    }

    #[test]
    fn a_weak_level_often_plays_a_worse_move_a_strong_one_rarely() {
        let lines = [
            line(1, Score::centipawns(50)),
            line(2, Score::centipawns(20)),
            line(3, Score::centipawns(-40)),
            line(4, Score::centipawns(-300)),
        ];
        let worse_moves = |elo: i64| {
            let level = Level::from_elo(elo).unwrap();
            let mut random = LevelRandom::new(7);
            (0..2_000)
                .filter(|_| level.choose(&lines, &mut random).multipv != 1)
                .count()
        };
        let weak = worse_moves(1350);
        let strong = worse_moves(2200);
        assert!(weak > 600, "{weak} of 2000");
        assert!(strong < 20, "{strong} of 2000");
        // Even the weakest level chooses a move 3.5 pawns worse seldom: ten times less often
        // than the best.
        let level = Level::from_elo(1350).unwrap();
        let mut random = LevelRandom::new(7);
        let chosen: Vec<usize> = (0..2_000)
            .map(|_| level.choose(&lines, &mut random).multipv)
            .collect();
        let count = |multipv| chosen.iter().filter(|&&chosen| chosen == multipv).count();
        assert!(count(4) * 10 < count(1), "{} and {}", count(4), count(1));
    }

    #[test]
    fn a_short_mate_is_always_played() {
        let lines = [line(1, Score::mate_in(1)), line(2, Score::centipawns(900))];
        let level = Level::from_elo(1350).unwrap();
        let mut random = LevelRandom::new(3);
        for _ in 0..200 {
            assert_eq!(level.choose(&lines, &mut random).multipv, 1);
        }
    }
}
