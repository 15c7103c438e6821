//! `--continue`: a match that goes on from an earlier one's JSON summary, so that an SPRT
//! stopped by its game limit (or a session's end) continues instead of starting again. The
//! earlier games count first; the two must be the same experiment (engines, commands, rules,
//! limit, SPRT bounds) on other openings (another `--seed`).

use super::play::Fault;
use super::stats::Sprt;
use super::Standing;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// What a match's JSON summary (`--json`) holds that a continuation needs.
#[derive(Debug, Deserialize)]
pub struct Earlier {
    command: String,
    /// The commands of the matches it continued, oldest first.
    #[serde(default)]
    continues: Vec<String>,
    engines: [String; 2],
    engine_commands: [String; 2],
    variant: String,
    limit: String,
    openings: String,
    seconds: f64,
    wins: u64,
    draws: u64,
    losses: u64,
    pentanomial: [u64; 5],
    win_loss_pairs: u64,
    sprt: Option<EarlierSprt>,
    endings: BTreeMap<String, u64>,
    faults: BTreeMap<String, BTreeMap<String, u64>>,
}

/// The SPRT of an earlier match.
#[derive(Debug, Deserialize)]
struct EarlierSprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    result: String,
}

/// What this match is, to be compared with the earlier one.
pub struct Experiment<'a> {
    /// The engines' names.
    pub names: [&'a str; 2],
    /// The engines' commands as the summary writes them.
    pub commands: [String; 2],
    /// The rules' name.
    pub variant: &'a str,
    /// The limit in words.
    pub limit: String,
    /// The openings in words (file, order and seed).
    pub openings: &'a str,
    /// The SPRT, if the match is one.
    pub sprt: Option<Sprt>,
}

impl Earlier {
    /// Reads the summary at `path` and checks that this match can continue it.
    pub fn load(path: &Path, this: &Experiment<'_>) -> Result<Earlier, String> {
        let shown = path.display();
        let text = std::fs::read_to_string(path).map_err(|error| format!("{shown}: {error}"))?;
        let earlier: Earlier = serde_json::from_str(&text).map_err(|error| {
            format!("{shown}: not the JSON summary of a match (--json): {error}")
        })?;
        earlier
            .check(this)
            .map_err(|error| format!("--continue {shown}: {error}"))?;
        Ok(earlier)
    }

    /// Why this match cannot continue the earlier one, if it cannot.
    fn check(&self, this: &Experiment<'_>) -> Result<(), String> {
        let differs = |what: &str, earlier: &str, now: &str| -> Result<(), String> {
            if earlier == now {
                Ok(())
            } else {
                Err(format!(
                    "it was another experiment: {what} {earlier:?}, now {now:?}"
                ))
            }
        };
        for index in 0..2 {
            differs("engine", &self.engines[index], this.names[index])?;
            differs(
                "engine command",
                &self.engine_commands[index],
                &this.commands[index],
            )?;
        }
        differs("rules", &self.variant, this.variant)?;
        differs("limit", &self.limit, &this.limit)?;
        match (&self.sprt, this.sprt) {
            (None, None) => {}
            (Some(earlier), Some(now)) => {
                let bounds = |s: [f64; 4]| {
                    format!("elo0={} elo1={} alpha={} beta={}", s[0], s[1], s[2], s[3])
                };
                differs(
                    "SPRT",
                    &bounds([earlier.elo0, earlier.elo1, earlier.alpha, earlier.beta]),
                    &bounds([now.elo0, now.elo1, now.alpha, now.beta]),
                )?;
                if earlier.result != "none" {
                    return Err(format!(
                        "its SPRT has decided ({}): there is nothing to continue",
                        earlier.result
                    ));
                }
            }
            (Some(_), None) => return Err("it was an SPRT: give the same --sprt".to_string()),
            (None, Some(_)) => return Err("it was not an SPRT".to_string()),
        }
        if self.openings == this.openings {
            return Err(format!(
                "it played the same openings ({}): give another --seed",
                self.openings
            ));
        }
        Ok(())
    }

    /// The games of the earlier match as the standing this match starts from (their LLR
    /// recomputed with `sprt`).
    pub fn standing(&self, sprt: Option<&Sprt>) -> Standing {
        let mut standing = Standing::default();
        let tally = &mut standing.tally;
        (tally.wins, tally.draws, tally.losses) = (self.wins, self.draws, self.losses);
        tally.pairs = self.pentanomial;
        tally.split_pairs = self.win_loss_pairs;
        standing.endings = self.endings.clone();
        for (index, name) in self.engines.iter().enumerate() {
            let Some(counts) = self.faults.get(name) else {
                continue;
            };
            for fault in Fault::ALL {
                if let Some(&count) = counts.get(fault.key()).filter(|&&count| count > 0) {
                    standing.faults[index].insert(fault.key(), count);
                }
            }
        }
        if let Some(sprt) = sprt {
            standing.llr = sprt.llr(&standing.tally.pairs);
        }
        standing
    }

    /// The commands of the earlier matches, its own last: this match's JSON keeps them.
    pub fn commands(&self) -> Vec<String> {
        let mut commands = self.continues.clone();
        commands.push(self.command.clone());
        commands
    }

    /// Seconds the earlier matches took.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// Its games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The line that says what the match goes on from (read from `path`; `standing` is
    /// [`Earlier::standing`]'s): `Continuing FILE: 1600 games, W-D-L 513-631-456, pairs 800,
    /// LLR 1.65`.
    pub fn header(&self, path: &Path, standing: &Standing, sprt: bool) -> String {
        let tally = &standing.tally;
        let mut line = format!(
            "Continuing {}: {} games, W-D-L {}-{}-{}",
            path.display(),
            self.games(),
            tally.wins,
            tally.draws,
            tally.losses
        );
        if sprt {
            line.push_str(&format!(
                ", pairs {}, LLR {:.2}",
                tally.pair_count(),
                standing.llr
            ));
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The summary of an undecided SPRT of `a` against `b` at 100 nodes on seed 1's openings.
    fn summary(result: &str) -> Earlier {
        let text = format!(
            r#"{{"command": "cargo xtask match --seed 1", "engines": ["a", "b"],
            "engine_commands": ["fake-a", "fake-b"], "variant": "standard",
            "limit": "100 nodes", "openings": "book.epd (52 openings, in random order, seed 1)",
            "seconds": 12.5, "wins": 5, "draws": 2, "losses": 3,
            "pentanomial": [0, 1, 2, 1, 1], "win_loss_pairs": 1,
            "sprt": {{"elo0": 0.0, "elo1": 10.0, "alpha": 0.05, "beta": 0.05, "result": "{result}"}},
            "endings": {{"Checkmate": 8, "Stalemate": 2}},
            "faults": {{"a": {{"time": 0, "crash": 0, "hang": 0, "illegal": 0}},
                        "b": {{"time": 1, "crash": 0, "hang": 0, "illegal": 0}}}}}}"#
        );
        serde_json::from_str(&text).unwrap()
    }

    fn sprt() -> Sprt {
        Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap()
    }

    fn experiment(openings: &str) -> Experiment<'_> {
        Experiment {
            names: ["a", "b"],
            commands: ["fake-a".to_string(), "fake-b".to_string()],
            variant: "standard",
            limit: "100 nodes".to_string(),
            openings,
            sprt: Some(sprt()),
        }
    }

    const SEED_2: &str = "book.epd (52 openings, in random order, seed 2)";

    #[test]
    fn the_earlier_games_count_first() {
        let earlier = summary("none");
        earlier.check(&experiment(SEED_2)).unwrap();
        let standing = earlier.standing(Some(&sprt()));
        let tally = &standing.tally;
        assert_eq!((tally.wins, tally.draws, tally.losses), (5, 2, 3));
        assert_eq!(tally.pairs, [0, 1, 2, 1, 1]);
        assert_eq!(tally.split_pairs, 1);
        assert_eq!(standing.llr, sprt().llr(&[0, 1, 2, 1, 1]));
        assert_eq!(standing.endings["Stalemate"], 2);
        assert_eq!(standing.faults[1]["time"], 1);
        assert!(standing.faults[0].is_empty());
        assert_eq!(earlier.commands(), ["cargo xtask match --seed 1"]);
        assert_eq!(earlier.games(), 10);
        assert_eq!(
            earlier.header(Path::new("a.json"), &standing, true),
            format!(
                "Continuing a.json: 10 games, W-D-L 5-2-3, pairs 5, LLR {:.2}",
                standing.llr
            )
        );
    }

    #[test]
    fn only_the_same_experiment_on_other_openings_continues() {
        let earlier = summary("none");
        let refused = |this: &Experiment<'_>| earlier.check(this).unwrap_err();
        assert!(refused(&experiment(&earlier.openings)).contains("another --seed"));
        let mut other = experiment(SEED_2);
        other.names = ["a", "c"];
        assert!(refused(&other).contains(r#"engine "b", now "c""#));
        let mut other = experiment(SEED_2);
        other.commands[0] = "fake-a --fast".to_string();
        assert!(refused(&other).contains("engine command"));
        let mut other = experiment(SEED_2);
        other.limit = "10+0.1".to_string();
        assert!(refused(&other).contains("limit"));
        let mut other = experiment(SEED_2);
        other.sprt = Some(Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap());
        assert!(refused(&other).contains("SPRT"));
        other.sprt = None;
        assert!(refused(&other).contains("it was an SPRT"));
        let decided = summary("H1");
        assert!(decided
            .check(&experiment(SEED_2))
            .unwrap_err()
            .contains("decided (H1)"));
    }
}
