//! The arithmetic of SPSA (simultaneous perturbation stochastic approximation) as Fishtest
//! runs it for engine parameters: every iteration moves all parameters at once, each by
//! `±c_k` chosen at random, plays the engine with `θ + c_k·Δ` against itself with
//! `θ − c_k·Δ`, and steps `θ` towards the side that scored more, by `a_k / c_k` per point of
//! result. The gains shrink over the run, `c_k = c / k^γ` and `a_k = a / (A + k)^α`, with
//! `c` and `a` chosen so that the last iteration's are `c_end` and `r_end · c_end²`.

use rand_chacha::rand_core::RngCore;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The decay of the step, `α` (Spall's recommended value, as in Fishtest).
const ALPHA: f64 = 0.602;
/// The decay of the perturbation, `γ` (Spall's recommended value, as in Fishtest).
const GAMMA: f64 = 0.101;
/// The stability constant `A` as a share of the iterations (Fishtest's 10%).
const STABILITY_SHARE: f64 = 0.1;

/// One tuned parameter: a spin option of the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Param {
    /// The option's name.
    pub name: String,
    /// Its current value (a real number; the engine gets it rounded).
    pub value: f64,
    /// Its smallest value.
    pub min: f64,
    /// Its largest value.
    pub max: f64,
    /// The perturbation of the last iteration.
    pub c_end: f64,
    /// The learning rate of the last iteration: its step per point of result is
    /// `r_end · c_end`.
    pub r_end: f64,
}

/// A run of SPSA: the parameters and how far it has come.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spsa {
    /// The parameters.
    pub params: Vec<Param>,
    /// The iterations of the whole run (the gains reach their end values at the last).
    pub iterations: u64,
    /// The iterations done.
    pub done: u64,
    /// What the games are (limit, rules, openings): a resumed run plays the same.
    pub games: String,
}

/// One iteration's two sides: the values each engine gets, and the signs they came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration (from 0).
    pub iteration: u64,
    /// `+1` or `−1` for each parameter: the `plus` side has `θ + c_k·sign`.
    pub signs: Vec<f64>,
    /// The values of the `plus` side, rounded and within range.
    pub plus: Vec<i64>,
    /// The values of the `minus` side, rounded and within range.
    pub minus: Vec<i64>,
}

impl Spsa {
    /// A run of `iterations` iterations of `games` from the parameters' current values.
    pub fn new(params: Vec<Param>, iterations: u64, games: String) -> Spsa {
        Spsa {
            params,
            iterations: iterations.max(1),
            done: 0,
            games,
        }
    }

    /// Checks what a state file may hold wrong: a parameter whose range is empty, whose
    /// value is outside it, or whose gains are not numbers above 0; no iterations, or more
    /// done than planned.
    pub fn check(&self) -> Result<(), String> {
        if self.iterations == 0 || self.done > self.iterations {
            return Err(format!(
                "{} of {} iterations done",
                self.done, self.iterations
            ));
        }
        for param in &self.params {
            let positive = |x: f64| x.is_finite() && x > 0.0;
            if !(param.min <= param.max && (param.min..=param.max).contains(&param.value)) {
                return Err(format!(
                    "{} is {} in {}..={}",
                    param.name, param.value, param.min, param.max
                ));
            }
            if !positive(param.c_end) || !positive(param.r_end) {
                return Err(format!(
                    "{} has c_end {} and r_end {} (both must be above 0)",
                    param.name, param.c_end, param.r_end
                ));
            }
        }
        Ok(())
    }

    /// The perturbation of `param` at iteration `k` (from 0): `c_end` at the last.
    fn c(&self, param: &Param, k: u64) -> f64 {
        let n = self.iterations as f64;
        param.c_end * (n / (k + 1) as f64).powf(GAMMA)
    }

    /// The step of `param` at iteration `k` (from 0): `r_end · c_end²` at the last.
    fn a(&self, param: &Param, k: u64) -> f64 {
        let n = self.iterations as f64;
        let stability = STABILITY_SHARE * n;
        let a_end = param.r_end * param.c_end * param.c_end;
        a_end * ((stability + n) / (stability + (k + 1) as f64)).powf(ALPHA)
    }

    /// The two sides of iteration `k` (from 0) from the current values, the signs drawn
    /// from `rng`.
    pub fn perturb(&self, k: u64, rng: &mut ChaCha8Rng) -> Perturbation {
        let signs: Vec<f64> = self
            .params
            .iter()
            .map(|_| if rng.next_u32() & 1 == 0 { 1.0 } else { -1.0 })
            .collect();
        let side = |direction: f64| -> Vec<i64> {
            self.params
                .iter()
                .zip(&signs)
                .map(|(param, sign)| {
                    let value = param.value + direction * sign * self.c(param, k);
                    value.round().clamp(param.min, param.max) as i64
                })
                .collect()
        };
        Perturbation {
            iteration: k,
            signs: signs.clone(),
            plus: side(1.0),
            minus: side(-1.0),
        }
    }

    /// Takes in the `result` of `perturbation`'s games: the `plus` side's points minus the
    /// `minus` side's (−2 to 2 for a pair of games). Each parameter steps by
    /// `a_k / c_k · result · sign` and stays within its range.
    pub fn update(&mut self, perturbation: &Perturbation, result: f64) {
        let k = perturbation.iteration;
        let steps: Vec<f64> = self
            .params
            .iter()
            .zip(&perturbation.signs)
            .map(|(param, sign)| self.a(param, k) / self.c(param, k) * result * sign)
            .collect();
        for (param, step) in self.params.iter_mut().zip(steps) {
            param.value = (param.value + step).clamp(param.min, param.max);
        }
        self.done = self.done.max(k + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;

    fn param(name: &str, value: f64, c_end: f64, r_end: f64) -> Param {
        Param {
            name: name.to_string(),
            value,
            min: -100.0,
            max: 100.0,
            c_end,
            r_end,
        }
    }

    /// The gains start large and reach `c_end` and `r_end · c_end²` at the last iteration.
    #[test]
    fn the_gains_end_at_their_end_values() {
        let spsa = Spsa::new(vec![param("x", 0.0, 4.0, 0.002)], 1000, String::new());
        let p = &spsa.params[0];
        assert!((spsa.c(p, 999) - 4.0).abs() < 1e-9);
        assert!((spsa.a(p, 999) - 0.002 * 16.0).abs() < 1e-9);
        assert!(spsa.c(p, 0) > 8.0 && spsa.a(p, 0) > 4.0 * 0.032);
    }

    /// The two sides lie on either side of the value, each parameter its own way, rounded
    /// and within range.
    #[test]
    fn the_sides_are_mirrored_and_within_range() {
        let mut spsa = Spsa::new(vec![param("x", 10.0, 3.0, 0.002); 8], 100, String::new());
        spsa.params[7].value = 99.0;
        let perturbation = spsa.perturb(0, &mut ChaCha8Rng::seed_from_u64(1));
        for i in 0..7 {
            let (plus, minus) = (perturbation.plus[i], perturbation.minus[i]);
            assert_eq!(plus + minus, 20, "{perturbation:?}");
            assert_eq!((plus - 10).signum() as f64, perturbation.signs[i]);
        }
        assert_eq!(perturbation.plus[7].max(perturbation.minus[7]), 100);
        let signs = &perturbation.signs;
        assert!(signs.contains(&1.0) && signs.contains(&-1.0), "{signs:?}");
    }

    /// A state with an empty range, a value outside it or a gain of 0 is refused.
    #[test]
    fn a_broken_state_is_refused() {
        let good = Spsa::new(vec![param("x", 0.0, 3.0, 0.002)], 10, String::new());
        assert_eq!(good.check(), Ok(()));
        let broken = |change: fn(&mut Spsa)| {
            let mut spsa = good.clone();
            change(&mut spsa);
            spsa.check().unwrap_err()
        };
        assert!(broken(|s| s.params[0].min = 200.0).contains("x is 0 in 200..=100"));
        assert!(broken(|s| s.params[0].value = f64::NAN).contains("x is NaN"));
        assert!(broken(|s| s.params[0].c_end = 0.0).contains("c_end 0"));
        assert!(broken(|s| s.done = 11).contains("11 of 10"));
    }

    /// A win of the plus side moves each parameter its sign's way, a draw not at all.
    #[test]
    fn results_move_the_values_towards_the_winner() {
        let mut spsa = Spsa::new(
            vec![param("x", 0.0, 3.0, 0.002), param("y", 0.0, 3.0, 0.002)],
            10,
            String::new(),
        );
        let perturbation = spsa.perturb(0, &mut ChaCha8Rng::seed_from_u64(2));
        spsa.update(&perturbation, 0.0);
        assert!(spsa.params.iter().all(|p| p.value == 0.0));
        spsa.update(&perturbation, 2.0);
        for (param, sign) in spsa.params.iter().zip(&perturbation.signs) {
            assert_eq!(param.value.signum(), *sign);
        }
        assert_eq!(spsa.done, 1);
    }

    /// On simulated games where the side nearer the best values wins more often (logistic
    /// in the difference of a quadratic strength), the run walks towards the best values.
    #[test]
    fn a_run_finds_the_best_values_of_simulated_games() {
        let best = [40.0, -25.0];
        let strength = |values: &[i64]| -> f64 {
            -values
                .iter()
                .zip(best)
                .map(|(&v, b)| ((v as f64 - b) / 20.0).powi(2))
                .sum::<f64>()
        };
        let iterations = 3000;
        let mut spsa = Spsa::new(
            vec![param("x", 0.0, 5.0, 0.01), param("y", 0.0, 5.0, 0.01)],
            iterations,
            String::new(),
        );
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for k in 0..iterations {
            let perturbation = spsa.perturb(k, &mut rng);
            let edge = strength(&perturbation.plus) - strength(&perturbation.minus);
            let plus_wins = 1.0 / (1.0 + (-edge).exp());
            let mut result = 0.0;
            for _ in 0..2 {
                let draw = rng.next_u32() as f64 / u32::MAX as f64;
                result += if draw < plus_wins { 1.0 } else { -1.0 };
            }
            spsa.update(&perturbation, result);
        }
        for (param, best) in spsa.params.iter().zip(best) {
            assert!(
                (param.value - best).abs() < best.abs() / 3.0,
                "{} ended at {:.1}, the best is {best}",
                param.name,
                param.value
            );
        }
    }
}
