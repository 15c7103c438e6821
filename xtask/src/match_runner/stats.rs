//! The statistics of a match: the Elo difference with its 95% interval from the games
//! (trinomial: win, draw, loss) and from the game pairs (pentanomial: 0, ½, 1, 1½ or 2 points
//! over the two games of an opening), the likelihood of superiority, and the SPRT.
//!
//! The SPRT is the one the engine-testing community runs today (fastchess, OpenBench,
//! fishtest): a generalised SPRT on the pentanomial distribution of the pairs, with `elo0`
//! and `elo1` in logistic Elo. Each hypothesis `Hj` says the expected score of a game is
//! `sj = 1 / (1 + 10^(-eloj / 400))`. The log-likelihood ratio is that of the two maximum
//! likelihood distributions of the pair outcomes under the constraint "mean score = sj",
//! each found from the observed frequencies `p̂ᵢ` by M. Van den Bergh's closed form
//! `pᵢ = p̂ᵢ / (1 + θ (aᵢ − sj))`, with θ the root of `Σ p̂ᵢ (aᵢ − sj) / (1 + θ (aᵢ − sj)) = 0`
//! ("Comparing the approximations for the generalized log likelihood ratio of a multinomial
//! distribution", Proposition 1.1):
//!
//! ```text
//! LLR = N · Σᵢ p̂ᵢ · ln(p1ᵢ / p0ᵢ)      (N pairs, aᵢ = 0, ¼, ½, ¾, 1: the pair's points / 2)
//! ```
//!
//! which for small Elo differences is the familiar approximation
//! `N (s1 − s0)(2x̄ − s0 − s1) / (2σ²)` (x̄ and σ² the mean and variance of a pair's score).
//! A count of zero is taken as 0.001 so that no logarithm is of zero. The test stops when
//! the LLR leaves `(ln(β / (1 − α)), ln((1 − β) / α))`: below, H0 (the change is worth at
//! most `elo0`) is accepted; above, H1 (at least `elo1`).

/// The two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The pair scores (points over two games, halved) of the pentanomial cells.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// The game scores of the trinomial cells (loss, draw, win).
#[cfg(test)]
const GAME_SCORES: [f64; 3] = [0.0, 0.5, 1.0];
/// The stand-in for a count of zero in the SPRT.
const EMPTY_CELL: f64 = 1e-3;

/// The logistic Elo difference of an expected score (strictly between 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a logistic Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function, by Abramowitz and Stegun's approximation
/// 7.1.26 of erfc (error below 1.5e-7: enough for a percentage).
pub fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erfc = poly * (-z * z).exp();
    if x >= 0.0 {
        1.0 - erfc / 2.0
    } else {
        erfc / 2.0
    }
}

/// An Elo difference measured from a sample: games or pairs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean score, from 0 to 1.
    pub score: f64,
    /// The Elo difference; `None` at a score of 0 or 1 (it would be infinite).
    pub elo: Option<f64>,
    /// Half the width of the 95% interval in Elo; `None` when a bound would be infinite.
    pub margin: Option<f64>,
    /// The likelihood of superiority (that the true score is above ½); `None` without
    /// variance.
    pub los: Option<f64>,
}

/// The number of outcomes `scores[i]` seen `counts[i]` times, their mean and variance;
/// `None` without any.
fn moments(scores: &[f64], counts: &[u64]) -> Option<(f64, f64, f64)> {
    let n = counts.iter().sum::<u64>() as f64;
    if n == 0.0 {
        return None;
    }
    let mean = scores
        .iter()
        .zip(counts)
        .map(|(&x, &c)| x * c as f64)
        .sum::<f64>()
        / n;
    let variance = scores
        .iter()
        .zip(counts)
        .map(|(&x, &c)| c as f64 * (x - mean) * (x - mean))
        .sum::<f64>()
        / n;
    Some((n, mean, variance))
}

/// The estimate from outcomes `scores[i]` (0 to 1) seen `counts[i]` times; `None` without any.
pub fn estimate(scores: &[f64], counts: &[u64]) -> Option<Estimate> {
    let (n, mean, variance) = moments(scores, counts)?;
    let error = (variance / n).sqrt();
    let inside = |x: f64| x > 0.0 && x < 1.0;
    let elo = inside(mean).then(|| elo_of_score(mean));
    let (low, high) = (mean - Z95 * error, mean + Z95 * error);
    let margin = (inside(low) && inside(high) && elo.is_some())
        .then(|| (elo_of_score(high) - elo_of_score(low)) / 2.0);
    let los = (error > 0.0).then(|| normal_cdf((mean - 0.5) / error));
    Some(Estimate {
        score: mean,
        elo,
        margin,
        los,
    })
}

/// The results of a match from the first engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won, drawn and lost.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Finished pairs by the first engine's points over the two games: `pairs[k]` holds the
    /// pairs of `k / 2` points (0, ½, 1, 1½, 2).
    pub pairs: [u64; 5],
    /// Of the pairs of 1 point, those of a win and a loss (the rest are two draws).
    pub split_pairs: u64,
}

impl Tally {
    /// Counts a game of `points` (1, ½ or 0) for the first engine.
    pub fn add_game(&mut self, points: f64) {
        match points {
            p if p > 0.75 => self.wins += 1,
            p if p < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// Counts a finished pair whose games gave the first engine `first` and `second` points.
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let halves = ((first + second) * 2.0).round() as usize;
        self.pairs[halves.min(4)] += 1;
        if halves == 2 && (first - second).abs() > 0.75 {
            self.split_pairs += 1;
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Pairs counted.
    pub fn pair_count(&self) -> u64 {
        self.pairs.iter().sum()
    }

    /// The first engine's points.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The estimate from the games (trinomial).
    pub fn by_games(&self) -> Option<Estimate> {
        estimate(&[0.0, 0.5, 1.0], &[self.losses, self.draws, self.wins])
    }

    /// The estimate from the pairs (pentanomial).
    pub fn by_pairs(&self) -> Option<Estimate> {
        estimate(&PAIR_SCORES, &self.pairs)
    }
}

/// The SPRT's parameters: the two hypotheses in logistic Elo and the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// H0: the difference is at most this.
    pub elo0: f64,
    /// H1: the difference is at least this.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT has decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The LLR fell to the lower bound: the change is worth at most `elo0`.
    H0,
    /// The LLR rose to the upper bound: the change is worth at least `elo1`.
    H1,
}

impl Sprt {
    /// Checks the parameters: `elo0 < elo1`, `alpha` and `beta` in (0, 1), `alpha + beta < 1`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        let rate = |x: f64| x > 0.0 && x < 1.0;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(format!("elo0 ({elo0}) must be below elo1 ({elo1})"));
        }
        if !rate(alpha) || !rate(beta) || alpha + beta >= 1.0 {
            return Err(format!(
                "alpha ({alpha}) and beta ({beta}) must be between 0 and 1, their sum below 1"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR at or below which H0 is accepted: `ln(β / (1 − α))`.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The LLR at or above which H1 is accepted: `ln((1 − β) / α)`.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of the pairs counted in `pairs` (see the module's text).
    pub fn llr(&self, pairs: &[u64; 5]) -> f64 {
        llr_logistic(
            &PAIR_SCORES,
            pairs,
            score_of_elo(self.elo0),
            score_of_elo(self.elo1),
        )
    }

    /// The decision at this LLR, if any.
    pub fn decision(&self, llr: f64) -> Option<Decision> {
        if llr >= self.upper_bound() {
            Some(Decision::H1)
        } else if llr <= self.lower_bound() {
            Some(Decision::H0)
        } else {
            None
        }
    }
}

/// The generalised log-likelihood ratio of H1 (mean score `s1`) against H0 (mean `s0`) for
/// outcomes `scores` (ascending, 0 to 1) seen `counts` times.
fn llr_logistic(scores: &[f64], counts: &[u64], s0: f64, s1: f64) -> f64 {
    if counts.iter().all(|&c| c == 0) {
        return 0.0;
    }
    let cells: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { EMPTY_CELL } else { c as f64 })
        .collect();
    let total: f64 = cells.iter().sum();
    let observed: Vec<f64> = cells.iter().map(|c| c / total).collect();
    let p0 = constrained_mle(scores, &observed, s0);
    let p1 = constrained_mle(scores, &observed, s1);
    total
        * observed
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(&p, (&q0, &q1))| p * (q1 / q0).ln())
            .sum::<f64>()
}

/// The distribution nearest (by likelihood) to `observed` whose mean is `mean`:
/// `observed[i] / (1 + θ (scores[i] − mean))`, θ found by bisection. `mean` must lie strictly
/// between the lowest and the highest score.
fn constrained_mle(scores: &[f64], observed: &[f64], mean: f64) -> Vec<f64> {
    let gap = |i: usize| scores[i] - mean;
    // The sum below falls from +∞ to −∞ as θ crosses the interval where every denominator
    // stays positive.
    let sum = |theta: f64| -> f64 {
        (0..scores.len())
            .map(|i| observed[i] * gap(i) / (1.0 + theta * gap(i)))
            .sum()
    };
    let (mut low, mut high) = (-1.0 / gap(scores.len() - 1), -1.0 / gap(0));
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if middle <= low || middle >= high {
            break;
        }
        if sum(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let theta = (low + high) / 2.0;
    (0..scores.len())
        .map(|i| observed[i] / (1.0 + theta * gap(i)))
        .collect()
}

/// The approximation of the LLR that is exact in the limit of small Elo differences:
/// `N (s1 − s0)(2x̄ − s0 − s1) / (2σ²)`.
#[cfg(test)]
fn llr_approximation(scores: &[f64], counts: &[u64], s0: f64, s1: f64) -> f64 {
    let (n, mean, variance) = moments(scores, counts).expect("outcomes");
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert!(close(score_of_elo(0.0), 0.5, 1e-12));
        // 400 Elo is odds of 10 to 1.
        assert!(close(score_of_elo(400.0), 10.0 / 11.0, 1e-12));
        for elo in [-700.0, -35.5, 0.0, 12.0, 240.0] {
            assert!(close(elo_of_score(score_of_elo(elo)), elo, 1e-9));
        }
        assert!(close(normal_cdf(0.0), 0.5, 1e-7));
        assert!(close(normal_cdf(Z95), 0.975, 1e-6));
        assert!(close(normal_cdf(-1.0), 0.158_655_25, 1e-6));
    }

    #[test]
    fn bounds_are_wald_s() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert!(close(sprt.lower_bound(), (0.05f64 / 0.95).ln(), 1e-12));
        assert!(close(sprt.upper_bound(), (0.95f64 / 0.05).ln(), 1e-12));
        assert!(close(sprt.upper_bound(), 2.944_438_979, 1e-9));
        let uneven = Sprt::new(-5.0, 0.0, 0.1, 0.02).unwrap();
        assert!(close(uneven.lower_bound(), (0.02f64 / 0.9).ln(), 1e-12));
        assert!(close(uneven.upper_bound(), (0.98f64 / 0.1).ln(), 1e-12));
        assert_eq!(sprt.decision(3.0), Some(Decision::H1));
        assert_eq!(sprt.decision(-3.0), Some(Decision::H0));
        assert_eq!(sprt.decision(0.0), None);
        assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 10.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 10.0, 0.6, 0.5).is_err());
    }

    #[test]
    fn a_hand_computed_match() {
        // 10 games: 5 wins, 3 draws, 2 losses. Mean 0.65; variance
        // (5·0.35² + 3·0.15² + 2·0.65²) / 10 = 0.1525; error sqrt(0.01525).
        let mut tally = Tally::default();
        for points in [1.0, 1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.0, 0.0] {
            tally.add_game(points);
        }
        let games = tally.by_games().unwrap();
        assert!(close(games.score, 0.65, 1e-12));
        assert!(close(
            games.elo.unwrap(),
            -400.0 * (1.0f64 / 0.65 - 1.0).log10(),
            1e-9
        ));
        assert!(close(games.elo.unwrap(), 107.54, 0.01));
        let error = 0.01525f64.sqrt();
        let expected = (elo_of_score(0.65 + Z95 * error) - elo_of_score(0.65 - Z95 * error)) / 2.0;
        assert!(close(games.margin.unwrap(), expected, 1e-9));
        assert!(close(games.los.unwrap(), normal_cdf(0.15 / error), 1e-12));

        // The same games as five pairs: (1, 1) (1, 1) (1, ½) (½, ½) (0, 0) → 2, 2, 1½, 1, 0
        // points: pair scores 1, 1, ¾, ½, 0, mean 0.65, variance
        // (2·0.35² + 0.1² + 0.15² + 0.65²) / 5 = 0.14.
        let mut pairs = Tally::default();
        for (a, b) in [(1.0, 1.0), (1.0, 1.0), (1.0, 0.5), (0.5, 0.5), (0.0, 0.0)] {
            pairs.add_pair(a, b);
        }
        assert_eq!(pairs.pairs, [1, 0, 1, 1, 2]);
        assert_eq!(pairs.split_pairs, 0);
        let by_pairs = pairs.by_pairs().unwrap();
        assert!(close(by_pairs.score, 0.65, 1e-12));
        let error = (0.14f64 / 5.0).sqrt();
        let expected = (elo_of_score(0.65 + Z95 * error) - elo_of_score(0.65 - Z95 * error)) / 2.0;
        assert!(close(by_pairs.margin.unwrap(), expected, 1e-9));
        // A win and a loss make a pair of one point, counted apart.
        pairs.add_pair(1.0, 0.0);
        assert_eq!((pairs.pairs[2], pairs.split_pairs), (2, 1));
    }

    #[test]
    fn no_elo_at_a_perfect_score() {
        let mut tally = Tally::default();
        tally.add_game(1.0);
        tally.add_game(1.0);
        let games = tally.by_games().unwrap();
        assert_eq!((games.elo, games.margin, games.los), (None, None, None));
        assert_eq!(Tally::default().by_games(), None);
        tally.add_game(0.5);
        assert!(tally.by_games().unwrap().elo.is_some());
    }

    /// Reference values of fastchess's test suite (app/tests/sprt_test.cpp), two decimals.
    #[test]
    fn llr_matches_fastchess() {
        // Pentanomial, fastchess's cells (LL, LD, WL, DD, WD, WW) with WL and DD together.
        let cases: [([u64; 5], f64, f64, f64); 2] = [
            ([223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5, -3.07),
            ([871, 26175, 55003 + 980, 26678, 821], 0.0, 2.0, -4.98),
        ];
        for (pairs, elo0, elo1, expected) in cases {
            let llr = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap().llr(&pairs);
            assert!(close(llr, expected, 0.006), "{pairs:?}: {llr}");
        }
        // Trinomial (wins, losses, draws).
        for ((wins, losses, draws), elo0, elo1, expected) in [
            ((21404, 21184, 40708), 0.5, 2.5, -1.57),
            ((57433, 57030, 106593), 0.0, 2.0, -2.59),
        ] {
            let llr = llr_logistic(
                &GAME_SCORES,
                &[losses, draws, wins],
                score_of_elo(elo0),
                score_of_elo(elo1),
            );
            assert!(close(llr, expected, 0.006), "{llr}");
        }
    }

    #[test]
    fn llr_agrees_with_the_small_difference_approximation() {
        let pairs = [30, 210, 500, 240, 40];
        let (s0, s1) = (score_of_elo(0.0), score_of_elo(5.0));
        let exact = llr_logistic(&PAIR_SCORES, &pairs, s0, s1);
        let approximate = llr_approximation(&PAIR_SCORES, &pairs, s0, s1);
        assert!(
            close(exact, approximate, 0.01 * approximate.abs()),
            "{exact} {approximate}"
        );
        assert!(exact > 0.0);
        // An even match leans to H0 when H1 asks for more.
        let even = [50, 200, 500, 200, 50];
        assert!(Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap().llr(&even) < 0.0);
        assert_eq!(Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap().llr(&[0; 5]), 0.0);
    }

    #[test]
    fn the_constrained_distribution_has_the_asked_mean() {
        let observed = [0.1, 0.2, 0.4, 0.2, 0.1];
        for mean in [0.3, 0.5, 0.62] {
            let p = constrained_mle(&PAIR_SCORES, &observed, mean);
            let total: f64 = p.iter().sum();
            let got: f64 = p.iter().zip(PAIR_SCORES).map(|(p, a)| p * a).sum();
            assert!(close(total, 1.0, 1e-9) && close(got, mean, 1e-9), "{p:?}");
        }
    }

    #[test]
    fn a_one_sided_match_decides_quickly() {
        // Every pair won twice: H1 of a wide test is accepted within a few pairs.
        let sprt = Sprt::new(0.0, 200.0, 0.1, 0.1).unwrap();
        let pairs = (1..=20)
            .find(|&n| sprt.decision(sprt.llr(&[0, 0, 0, 0, n])) == Some(Decision::H1))
            .unwrap();
        assert!(pairs <= 10, "{pairs}");
    }
}
