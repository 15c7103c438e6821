//! Texel's method: the win probability `sigmoid(K * eval)` fitted to the targets, first the
//! scaling constant `K` alone (golden-section search), then every parameter at once by
//! gradient descent (Adam on mini-batches), all in floating point.
//!
//! Two things keep the fit plausible on little data. Some parameters are redundant: every
//! piece counts its value, one entry of its piece-square table and (knight to queen) one
//! entry of its mobility table, so a value and the mean of those tables could trade places
//! freely; after each step each such table's mean is pinned to its mean at the start
//! ([`pinned_tables`]). And an L2 penalty, `l2` times the squared distance of each weight
//! from its starting value, pulls weights the data say little about back to the start.

use super::data::{Dataset, Entry};
use outpost_eval::params::{square_param, Group, KINDS, PARAM_COUNT};
use std::ops::Range;

/// The range searched for `K` (per centipawn): from "1000 cp is a coin toss" to "10 cp is
/// a win".
const K_RANGE: (f64, f64) = (1e-4, 0.1);
/// Golden-section steps for `K` (each narrows the range by 0.618).
const K_STEPS: usize = 60;
/// Positions per gradient step.
pub const BATCH_SIZE: usize = 4096;
/// Adam's decay of the mean gradient.
const BETA1: f64 = 0.9;
/// Adam's decay of the mean squared gradient.
const BETA2: f64 = 0.999;
/// Adam's guard against dividing by zero.
const EPSILON: f64 = 1e-8;

/// The parameters as the tuner holds them: middlegame and endgame halves in floating point.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Middlegame halves, by parameter index.
    pub middlegame: Vec<f64>,
    /// Endgame halves, by parameter index.
    pub endgame: Vec<f64>,
}

impl Weights {
    /// The weights of the engine's integer parameters.
    pub fn from_params(params: &outpost_eval::params::Params) -> Weights {
        Weights {
            middlegame: params.iter().map(|p| f64::from(p.middlegame)).collect(),
            endgame: params.iter().map(|p| f64::from(p.endgame)).collect(),
        }
    }

    /// The weights rounded to the engine's integer parameters.
    pub fn to_params(&self) -> outpost_eval::params::Params {
        let mut params = [outpost_eval::Tapered::ZERO; PARAM_COUNT];
        for (i, param) in params.iter_mut().enumerate() {
            *param = outpost_eval::Tapered::new(
                self.middlegame[i].round() as i32,
                self.endgame[i].round() as i32,
            );
        }
        params
    }

    /// The evaluation of `entry` in centipawns from white's view, as the engine computes
    /// it (without its integer rounding).
    pub fn evaluate(&self, data: &Dataset, entry: &Entry) -> f64 {
        let (mut middlegame, mut endgame) = (0.0, 0.0);
        for (param, count) in data.coefficients(entry) {
            middlegame += count * self.middlegame[param];
            endgame += count * self.endgame[param];
        }
        entry.middlegame * middlegame + entry.endgame * endgame
    }
}

/// The logistic function with scaling constant `k`: centipawns to a win probability.
pub fn sigmoid(k: f64, centipawns: f64) -> f64 {
    1.0 / (1.0 + (-k * centipawns).exp())
}

/// What a position's win probability is fitted to: its result, blended with the search's
/// score turned into a probability by `score_weight` (0: the result alone).
pub fn target(entry: &Entry, k: f64, score_weight: f64) -> f64 {
    (1.0 - score_weight) * entry.result + score_weight * sigmoid(k, entry.score)
}

/// The mean squared error of the win probabilities of `weights` against the targets.
pub fn mean_error(data: &Dataset, weights: &Weights, k: f64, score_weight: f64) -> f64 {
    let sum: f64 = data
        .entries
        .iter()
        .map(|entry| {
            let error = sigmoid(k, weights.evaluate(data, entry)) - target(entry, k, score_weight);
            error * error
        })
        .sum();
    sum / data.entries.len() as f64
}

/// The `K` that minimises [`mean_error`] for `weights`, by golden-section search.
pub fn fit_k(data: &Dataset, weights: &Weights, score_weight: f64) -> f64 {
    let error = |k: f64| mean_error(data, weights, k, score_weight);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = K_RANGE;
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut error_a, mut error_b) = (error(a), error(b));
    for _ in 0..K_STEPS {
        if error_a < error_b {
            high = b;
            (b, error_b) = (a, error_a);
            a = high - ratio * (high - low);
            error_a = error(a);
        } else {
            low = a;
            (a, error_a) = (b, error_b);
            b = low + ratio * (high - low);
            error_b = error(b);
        }
    }
    (low + high) / 2.0
}

/// The gradient of the mean squared error over `entries` with respect to every weight.
pub fn gradient(
    data: &Dataset,
    entries: &[Entry],
    weights: &Weights,
    k: f64,
    score_weight: f64,
) -> Weights {
    let mut gradient = Weights {
        middlegame: vec![0.0; PARAM_COUNT],
        endgame: vec![0.0; PARAM_COUNT],
    };
    let scale = 2.0 / entries.len() as f64;
    for entry in entries {
        let probability = sigmoid(k, weights.evaluate(data, entry));
        // d/d(eval) of (p - t)^2 is 2 (p - t) p (1 - p) k.
        let slope = scale
            * (probability - target(entry, k, score_weight))
            * probability
            * (1.0 - probability)
            * k;
        for (param, count) in data.coefficients(entry) {
            gradient.middlegame[param] += slope * count * entry.middlegame;
            gradient.endgame[param] += slope * count * entry.endgame;
        }
    }
    gradient
}

/// The parameter runs whose mean is pinned during the fit: the piece-square tables (the
/// pawn's without its first and last rank, where no pawn stands) and the mobility tables of
/// knight, bishop, rook and queen, each of which every such piece counts exactly once.
pub fn pinned_tables() -> Vec<Range<usize>> {
    let mut runs = Vec::new();
    runs.push(square_param(0, 8)..square_param(0, 56));
    for kind in 1..KINDS {
        runs.push(square_param(kind, 0)..square_param(kind, 64));
    }
    for group in [
        Group::MobilityKnight,
        Group::MobilityBishop,
        Group::MobilityRook,
        Group::MobilityQueen,
    ] {
        runs.push(group.start()..group.start() + group.size());
    }
    runs
}

/// Moves every weight of each of `runs` by the same amount so that the run's mean is the
/// mean of the same weights in `anchor`.
pub fn pin_means(weights: &mut Weights, anchor: &Weights, runs: &[Range<usize>]) {
    for run in runs {
        for (values, anchors) in [
            (&mut weights.middlegame, &anchor.middlegame),
            (&mut weights.endgame, &anchor.endgame),
        ] {
            let len = run.len() as f64;
            let shift = (values[run.clone()].iter().sum::<f64>()
                - anchors[run.clone()].iter().sum::<f64>())
                / len;
            for value in &mut values[run.clone()] {
                *value -= shift;
            }
        }
    }
}

/// The L2 penalty of `weights`: `l2` times the sum of squared distances from `anchor`.
pub fn penalty(weights: &Weights, anchor: &Weights, l2: f64) -> f64 {
    let squares = |values: &[f64], anchors: &[f64]| -> f64 {
        values
            .iter()
            .zip(anchors)
            .map(|(w, a)| (w - a) * (w - a))
            .sum()
    };
    l2 * (squares(&weights.middlegame, &anchor.middlegame)
        + squares(&weights.endgame, &anchor.endgame))
}

/// Adam's running means, one per weight, with the regularisation it applies.
pub struct Adam {
    learning_rate: f64,
    mean: Weights,
    square: Weights,
    steps: i32,
    /// The starting weights: the L2 penalty's centre and the pinned means.
    anchor: Weights,
    /// The weight of the L2 penalty.
    l2: f64,
    /// The runs whose means are pinned.
    pinned: Vec<Range<usize>>,
    /// Which parameters are fitted (the others keep their starting values).
    fitted: Vec<bool>,
}

impl Adam {
    /// A fresh optimiser taking steps of about `learning_rate` centipawns, pulling the
    /// weights towards `anchor` by the L2 penalty `l2` and pinning the means of the
    /// [`pinned_tables`] to theirs in `anchor`.
    pub fn new(learning_rate: f64, anchor: Weights, l2: f64) -> Adam {
        let zeros = || Weights {
            middlegame: vec![0.0; PARAM_COUNT],
            endgame: vec![0.0; PARAM_COUNT],
        };
        Adam {
            learning_rate,
            mean: zeros(),
            square: zeros(),
            steps: 0,
            anchor,
            l2,
            pinned: pinned_tables(),
            fitted: vec![true; PARAM_COUNT],
        }
    }

    /// Fits only the parameters for which `fitted` is `true` (one entry per parameter).
    pub fn fit_only(mut self, fitted: Vec<bool>) -> Adam {
        assert_eq!(fitted.len(), PARAM_COUNT);
        self.fitted = fitted;
        self
    }

    /// One pass over `data` in batches of [`BATCH_SIZE`], a step after each.
    pub fn epoch(&mut self, data: &Dataset, weights: &mut Weights, k: f64, score_weight: f64) {
        for batch in data.entries.chunks(BATCH_SIZE) {
            let mut gradient = gradient(data, batch, weights, k, score_weight);
            if self.l2 > 0.0 {
                for (g, (w, a)) in [
                    (
                        &mut gradient.middlegame,
                        (&weights.middlegame, &self.anchor.middlegame),
                    ),
                    (
                        &mut gradient.endgame,
                        (&weights.endgame, &self.anchor.endgame),
                    ),
                ] {
                    for i in 0..PARAM_COUNT {
                        g[i] += 2.0 * self.l2 * (w[i] - a[i]);
                    }
                }
            }
            for (i, &fitted) in self.fitted.iter().enumerate() {
                if !fitted {
                    gradient.middlegame[i] = 0.0;
                    gradient.endgame[i] = 0.0;
                }
            }
            self.step(weights, &gradient);
            pin_means(weights, &self.anchor, &self.pinned);
        }
    }

    fn step(&mut self, weights: &mut Weights, gradient: &Weights) {
        self.steps += 1;
        let correct_mean = 1.0 - BETA1.powi(self.steps);
        let correct_square = 1.0 - BETA2.powi(self.steps);
        let halves = [
            (
                &mut weights.middlegame,
                &gradient.middlegame,
                &mut self.mean.middlegame,
                &mut self.square.middlegame,
            ),
            (
                &mut weights.endgame,
                &gradient.endgame,
                &mut self.mean.endgame,
                &mut self.square.endgame,
            ),
        ];
        for (weights, gradient, mean, square) in halves {
            for i in 0..PARAM_COUNT {
                mean[i] = BETA1 * mean[i] + (1.0 - BETA1) * gradient[i];
                square[i] = BETA2 * square[i] + (1.0 - BETA2) * gradient[i] * gradient[i];
                let step =
                    (mean[i] / correct_mean) / ((square[i] / correct_square).sqrt() + EPSILON);
                weights[i] -= self.learning_rate * step;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Board;
    use outpost_eval::params::{square_param, value_param, PARAMS};
    use outpost_movegen::legal_moves;
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Positions of random games (with material off the board, so values matter).
    fn random_positions(seed: u64, games: usize) -> Vec<Board> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut boards = Vec::new();
        for _ in 0..games {
            let mut board = Board::startpos();
            for ply in 0..100 {
                let moves = legal_moves(&board);
                if moves.is_empty() {
                    break;
                }
                board.make(moves[rng.next_u32() as usize % moves.len()]);
                if ply % 3 == 0 {
                    boards.push(board.clone());
                }
            }
        }
        boards
    }

    /// A known parameter set, a little off the compiled-in one.
    fn truth() -> Weights {
        let mut truth = Weights::from_params(&PARAMS);
        truth.middlegame[value_param(1)] += 80.0; // knights worth more
        truth.endgame[value_param(3)] -= 60.0; // rooks less in the endgame
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for kind in 0..6 {
            for entry in 8..56 {
                let jitter = (rng.next_u32() % 41) as f64 - 20.0;
                truth.middlegame[square_param(kind, entry)] += jitter;
            }
        }
        // The tables' means as they were (the tuner pins them).
        let anchor = Weights::from_params(&PARAMS);
        pin_means(&mut truth, &anchor, &pinned_tables());
        truth
    }

    /// Pinning moves a table to its old mean and leaves the rest alone; the penalty is zero
    /// at the anchor and grows with the square of the distance.
    #[test]
    fn means_are_pinned_and_the_penalty_is_quadratic() {
        let anchor = Weights::from_params(&PARAMS);
        let mut weights = anchor.clone();
        let knight = square_param(1, 0)..square_param(1, 64);
        for value in &mut weights.middlegame[knight.clone()] {
            *value += 7.0;
        }
        weights.middlegame[square_param(1, 5)] += 64.0;
        weights.endgame[value_param(2)] += 3.0;
        assert_eq!(penalty(&anchor, &anchor, 0.5), 0.0);
        pin_means(&mut weights, &anchor, &pinned_tables());
        let mean = |w: &Weights| w.middlegame[knight.clone()].iter().sum::<f64>() / 64.0;
        assert!((mean(&weights) - mean(&anchor)).abs() < 1e-9);
        assert!(
            (weights.middlegame[square_param(1, 5)] - anchor.middlegame[square_param(1, 5)] - 63.0)
                .abs()
                < 1e-9
        );
        assert_eq!(
            weights.endgame[value_param(2)],
            anchor.endgame[value_param(2)] + 3.0
        );
        let mut one = anchor.clone();
        one.middlegame[0] += 2.0;
        assert!((penalty(&one, &anchor, 0.5) - 2.0).abs() < 1e-12);
    }

    /// Labels made from `truth`'s win probabilities.
    fn labelled(boards: &[Board], truth: &Weights, k: f64) -> Dataset {
        let mut data = Dataset::default();
        for board in boards {
            data.push(board, 0.5, 0.0);
            let last = data.entries.len() - 1;
            let entry = data.entries[last];
            data.entries[last].result = sigmoid(k, truth.evaluate(&data, &entry));
        }
        data
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let truth = truth();
        let data = labelled(&random_positions(1, 20), &truth, 0.01);
        let weights = Weights::from_params(&PARAMS);
        let analytic = gradient(&data, &data.entries, &weights, 0.01, 0.0);
        let step = 1e-3;
        for param in [
            value_param(1),
            value_param(3),
            square_param(0, 20),
            square_param(1, 42),
        ] {
            for half in 0..2 {
                let nudged = |delta: f64| {
                    let mut w = weights.clone();
                    let values = if half == 0 {
                        &mut w.middlegame
                    } else {
                        &mut w.endgame
                    };
                    values[param] += delta;
                    mean_error(&data, &w, 0.01, 0.0)
                };
                let numeric = (nudged(step) - nudged(-step)) / (2.0 * step);
                let exact = if half == 0 {
                    analytic.middlegame[param]
                } else {
                    analytic.endgame[param]
                };
                assert!(
                    (numeric - exact).abs() <= 1e-6 * numeric.abs().max(1e-6),
                    "param {param} half {half}: numeric {numeric}, analytic {exact}"
                );
            }
        }
    }

    /// A fit of some parameters only leaves every other one as it was.
    #[test]
    fn a_fit_of_some_parameters_moves_only_those() {
        let k = 0.008;
        let train = labelled(&random_positions(5, 100), &truth(), k);
        let start = Weights::from_params(&PARAMS);
        let knight = value_param(1);
        let mut fitted = vec![false; PARAM_COUNT];
        fitted[knight] = true;
        let mut adam = Adam::new(2.0, start.clone(), 0.0).fit_only(fitted);
        let mut weights = start.clone();
        for _ in 0..5 {
            adam.epoch(&train, &mut weights, k, 0.0);
        }
        for param in 0..PARAM_COUNT {
            let moved = weights.middlegame[param] != start.middlegame[param]
                || weights.endgame[param] != start.endgame[param];
            assert_eq!(moved, param == knight, "parameter {param}");
        }
    }

    #[test]
    fn k_is_found_again() {
        let data = labelled(&random_positions(2, 30), &truth(), 0.0065);
        let k = fit_k(&data, &truth(), 0.0);
        assert!((k - 0.0065).abs() < 1e-5, "{k}");
    }

    /// Labels made by a known parameter set: tuning from the compiled-in values brings the
    /// evaluations of positions it never saw most of the way to the known ones.
    #[test]
    fn tuning_recovers_a_known_evaluation() {
        let k = 0.008;
        let truth = truth();
        let train = labelled(&random_positions(3, 400), &truth, k);
        let held_out = labelled(&random_positions(4, 40), &truth, k);
        let distance = |weights: &Weights| {
            held_out
                .entries
                .iter()
                .map(|entry| {
                    (weights.evaluate(&held_out, entry) - truth.evaluate(&held_out, entry)).abs()
                })
                .sum::<f64>()
                / held_out.entries.len() as f64
        };
        let mut weights = Weights::from_params(&PARAMS);
        let before = (distance(&weights), mean_error(&train, &weights, k, 0.0));
        let mut adam = Adam::new(2.0, weights.clone(), 0.0);
        for _ in 0..150 {
            adam.epoch(&train, &mut weights, k, 0.0);
        }
        let after = (distance(&weights), mean_error(&train, &weights, k, 0.0));
        assert!(
            after.1 < before.1 * 0.1,
            "training error {before:?} -> {after:?}"
        );
        assert!(
            after.0 < before.0 * 0.5,
            "held-out distance {before:?} -> {after:?}"
        );
        let knight = weights.middlegame[value_param(1)] - PARAMS[value_param(1)].middlegame as f64;
        assert!(knight > 40.0, "the knight's extra worth found: {knight}");
    }
}
