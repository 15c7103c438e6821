//! `--continue`: a match that goes on from an earlier one's JSON summary, so that an SPRT
//! stopped by its game limit, or a match stopped before its end (its summary is written after
//! each pair, see [`super::checkpoint`]), continues instead of starting again. The earlier
//! games count first; the two must
//! be the same experiment (engines with their options, rules, limit, adjudication, openings,
//! SPRT bounds), and the new games take the openings that follow the earlier ones, so that the
//! runs together play what one longer run would have.

use super::options::MatchOptions;
use super::play::Fault;
use super::spec::{EngineSpec, Protocol};
use super::stats::Sprt;
use super::Standing;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What a match's JSON summary (`--json`) holds that a continuation needs.
#[derive(Debug, Deserialize)]
struct Summary {
    command: String,
    /// The commands of the matches it continued, oldest first.
    #[serde(default)]
    continues: Vec<String>,
    /// The PGN files of those matches and of its own (absent before summaries had them).
    #[serde(default)]
    pgn_files: Vec<String>,
    engines: [String; 2],
    setups: [String; 2],
    rules: String,
    openings: String,
    seconds: f64,
    /// `false` in a summary written after a pair, before the match ended (absent before
    /// summaries had it: they were written at the end).
    #[serde(default = "ended_by_default")]
    ended: bool,
    wins: u64,
    draws: u64,
    losses: u64,
    pentanomial: [u64; 5],
    win_loss_pairs: u64,
    sprt: Option<SummarySprt>,
    endings: BTreeMap<String, u64>,
    faults: BTreeMap<String, BTreeMap<String, u64>>,
}

/// What the header adds for a summary written before its match ended.
const STOPPED: &str =
    " (stopped before its end: its games after its first unfinished pair are played again)";

/// Summaries from before `ended` were written when their match ended.
fn ended_by_default() -> bool {
    true
}

/// The SPRT of an earlier match.
#[derive(Debug, Deserialize)]
struct SummarySprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

/// What a match is, as its summary keeps it and a continuation compares it.
pub struct Experiment {
    /// The engines' names.
    pub names: [String; 2],
    /// Each engine's command, options, directory and protocol.
    pub setups: [String; 2],
    /// The rules, the limit and the adjudication.
    pub rules: String,
}

impl Experiment {
    /// The experiment of a match of `options`.
    pub fn of(options: &MatchOptions) -> Experiment {
        let adjudication = |rule: Option<String>| rule.unwrap_or_else(|| "none".to_string());
        Experiment {
            names: options.engines.each_ref().map(|engine| engine.name.clone()),
            setups: options.engines.each_ref().map(setup),
            rules: format!(
                "{}, {}, resign {}, draw {}, max moves {}",
                options.variant.name(),
                options.limit.text(),
                adjudication(
                    options
                        .resign
                        .map(|r| format!("{} moves at {} cp", r.moves, r.score))
                ),
                adjudication(options.draw.map(|d| format!(
                    "from move {}, {} moves within {} cp",
                    d.move_number, d.moves, d.score
                ))),
                adjudication(options.max_moves.map(|moves| moves.to_string())),
            ),
        }
    }
}

/// An engine's command, options, working directory and protocol in one line.
fn setup(engine: &EngineSpec) -> String {
    let mut parts = vec![format!("cmd={}", engine.command.join(" "))];
    parts.extend(
        engine
            .options
            .iter()
            .map(|(name, value)| format!("option.{name}={value}")),
    );
    if let Some(dir) = &engine.dir {
        parts.push(format!("dir={}", dir.display()));
    }
    if engine.protocol == Protocol::Xboard {
        parts.push("proto=xboard".to_string());
    }
    parts.join(",")
}

/// An earlier match this one continues, checked.
#[derive(Debug)]
pub struct Earlier {
    path: PathBuf,
    summary: Summary,
    /// Its standing, the LLR recomputed.
    standing: Standing,
}

impl Earlier {
    /// Reads the summary at `path` and checks that a match of `this` with `sprt` can continue
    /// it (its openings are checked once this match knows its own: [`Earlier::check_openings`]).
    pub fn load(path: &Path, this: &Experiment, sprt: Option<&Sprt>) -> Result<Earlier, String> {
        let shown = path.display();
        let fail = |why: String| format!("--continue {shown}: {why}");
        let text = std::fs::read_to_string(path).map_err(|error| fail(error.to_string()))?;
        let summary: Summary = serde_json::from_str(&text)
            .map_err(|error| fail(format!("not the JSON summary of a match (--json): {error}")))?;
        summary.check(this, sprt).map_err(fail)?;
        let standing = summary.standing(sprt).map_err(fail)?;
        if standing.decision.is_some() {
            return Err(fail(
                "its SPRT has decided: there is nothing to continue".to_string(),
            ));
        }
        Ok(Earlier {
            path: path.to_path_buf(),
            summary,
            standing,
        })
    }

    /// Refuses openings other than the earlier match's (described as `openings`).
    pub fn check_openings(&self, openings: &str) -> Result<(), String> {
        if self.summary.openings == openings {
            Ok(())
        } else {
            Err(format!(
                "--continue {}: it played other openings ({}), now {openings}: give the same \
                 --openings, --order and --seed, and the new games take the openings that follow",
                self.path.display(),
                self.summary.openings
            ))
        }
    }

    /// The pairs it started: this match's openings follow theirs.
    pub fn pairs_played(&self) -> usize {
        self.standing.pairs_started()
    }

    /// The standing this match starts from: the earlier games.
    pub fn standing(&self) -> Standing {
        self.standing.clone()
    }

    /// The commands of the earlier matches, its own last: this match's JSON keeps them.
    pub fn commands(&self) -> Vec<String> {
        let mut commands = self.summary.continues.clone();
        commands.push(self.summary.command.clone());
        commands
    }

    /// The PGN files the earlier matches wrote, oldest first (absolute paths).
    pub fn pgn_files(&self) -> &[String] {
        &self.summary.pgn_files
    }

    /// Seconds the earlier matches took.
    pub fn seconds(&self) -> f64 {
        self.summary.seconds
    }

    /// The line that says what the match goes on from: `Continuing FILE: 1600 games, W-D-L
    /// 513-631-456, pairs 800, LLR 1.65` (the pairs and LLR with an SPRT; a note when that
    /// match was stopped before its end).
    pub fn header(&self) -> String {
        let tally = &self.standing.tally;
        let mut line = format!(
            "Continuing {}: {} games, W-D-L {}-{}-{}",
            self.path.display(),
            tally.games(),
            tally.wins,
            tally.draws,
            tally.losses
        );
        if self.summary.sprt.is_some() {
            line.push_str(&format!(
                ", pairs {}, LLR {:.2}",
                tally.pair_count(),
                self.standing.llr
            ));
        }
        if !self.summary.ended {
            line.push_str(STOPPED);
        }
        line
    }
}

impl Summary {
    /// Why a match of `this` with `sprt` cannot continue this one, if it cannot.
    fn check(&self, this: &Experiment, sprt: Option<&Sprt>) -> Result<(), String> {
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
            differs("engine", &self.engines[index], &this.names[index])?;
            differs("engine setup", &self.setups[index], &this.setups[index])?;
        }
        differs("rules", &self.rules, &this.rules)?;
        match (&self.sprt, sprt) {
            (None, None) => Ok(()),
            (Some(earlier), Some(now)) => {
                let bounds = |s: [f64; 4]| {
                    format!("elo0={} elo1={} alpha={} beta={}", s[0], s[1], s[2], s[3])
                };
                differs(
                    "SPRT",
                    &bounds([earlier.elo0, earlier.elo1, earlier.alpha, earlier.beta]),
                    &bounds([now.elo0, now.elo1, now.alpha, now.beta]),
                )
            }
            (Some(_), None) => Err("it was an SPRT: give the same --sprt".to_string()),
            (None, Some(_)) => Err("it was not an SPRT: leave out --sprt".to_string()),
        }
    }

    /// Its games as a standing (the LLR and decision recomputed with `sprt`), or why its
    /// counts do not add up.
    fn standing(&self, sprt: Option<&Sprt>) -> Result<Standing, String> {
        let total = |counts: &[u64]| -> Option<u64> {
            counts
                .iter()
                .try_fold(0u64, |sum, &count| sum.checked_add(count))
        };
        let games = total(&[self.wins, self.draws, self.losses]);
        let pairs = total(&self.pentanomial);
        let consistent = match (games, pairs) {
            (Some(games), Some(pairs)) => {
                pairs.checked_mul(2).is_some_and(|paired| paired <= games)
                    && self.win_loss_pairs <= self.pentanomial[2]
            }
            _ => false,
        };
        if !consistent {
            return Err(format!(
                "its counts do not add up (W-D-L {}-{}-{}, pairs {:?})",
                self.wins, self.draws, self.losses, self.pentanomial
            ));
        }
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
            standing.decision = sprt.decision(standing.llr);
        }
        Ok(standing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPENINGS: &str = "book.epd (52 openings, in random order, seed 1)";

    /// The summary of an undecided SPRT of `a` against `b` at 100 nodes (`changes` edits its
    /// JSON text first).
    fn summary(changes: &[(&str, &str)]) -> Result<Summary, serde_json::Error> {
        let mut text = format!(
            r#"{{"command": "cargo xtask match --seed 1", "engines": ["a", "b"],
            "setups": ["cmd=fake-a,option.Hash=16", "cmd=fake-b"],
            "rules": "standard, 100 nodes, resign none, draw none, max moves none",
            "openings": "{OPENINGS}",
            "seconds": 12.5, "wins": 5, "draws": 2, "losses": 3,
            "pentanomial": [0, 1, 2, 1, 1], "win_loss_pairs": 1,
            "sprt": {{"elo0": 0.0, "elo1": 10.0, "alpha": 0.05, "beta": 0.05, "result": "none"}},
            "endings": {{"checkmate": 8, "stalemate": 2}},
            "faults": {{"a": {{"time": 0, "crash": 0, "hang": 0, "illegal": 0}},
                        "b": {{"time": 1, "crash": 0, "hang": 0, "illegal": 0}}}}}}"#
        );
        for (from, to) in changes {
            assert!(text.contains(from), "{from}");
            text = text.replace(from, to);
        }
        serde_json::from_str(&text)
    }

    fn sprt() -> Sprt {
        Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap()
    }

    fn experiment() -> Experiment {
        Experiment {
            names: ["a".to_string(), "b".to_string()],
            setups: [
                "cmd=fake-a,option.Hash=16".to_string(),
                "cmd=fake-b".to_string(),
            ],
            rules: "standard, 100 nodes, resign none, draw none, max moves none".to_string(),
        }
    }

    #[test]
    fn the_earlier_games_count_first() {
        let earlier = summary(&[]).unwrap();
        earlier.check(&experiment(), Some(&sprt())).unwrap();
        let standing = earlier.standing(Some(&sprt())).unwrap();
        let tally = &standing.tally;
        assert_eq!((tally.wins, tally.draws, tally.losses), (5, 2, 3));
        assert_eq!(tally.pairs, [0, 1, 2, 1, 1]);
        assert_eq!(tally.split_pairs, 1);
        // The LLR of these five pairs as one run of them gives it (computed apart, by the
        // formula of docs/strength.md): 0.1142.
        assert!((standing.llr - 0.1142).abs() < 0.0001, "{}", standing.llr);
        assert_eq!(standing.decision, None);
        assert_eq!(standing.endings["stalemate"], 2);
        assert_eq!(standing.faults[1]["time"], 1);
        assert!(standing.faults[0].is_empty());
        let earlier = Earlier {
            path: PathBuf::from("a.json"),
            summary: earlier,
            standing,
        };
        assert_eq!(earlier.commands(), ["cargo xtask match --seed 1"]);
        assert_eq!(earlier.pairs_played(), 5);
        assert!(earlier
            .header()
            .starts_with("Continuing a.json: 10 games, W-D-L 5-2-3, pairs 5, LLR 0.11"));
        earlier.check_openings(OPENINGS).unwrap();
        let other = "book.epd (52 openings, in random order, seed 2)";
        assert!(earlier
            .check_openings(other)
            .unwrap_err()
            .contains("the same"));
    }

    #[test]
    fn a_match_stopped_before_its_end_says_so() {
        let earlier = |changes: &[(&str, &str)]| {
            let summary = summary(changes).unwrap();
            let standing = summary.standing(Some(&sprt())).unwrap();
            let path = PathBuf::from("a.json");
            Earlier {
                path,
                summary,
                standing,
            }
        };
        let stopped = earlier(&[(r#""seconds": 12.5"#, r#""seconds": 12.5, "ended": false"#)]);
        assert_eq!(stopped.pairs_played(), 5);
        let header = stopped.header();
        assert!(header.ends_with(&format!("LLR 0.11{STOPPED}")), "{header}");
        assert!(earlier(&[]).header().ends_with("LLR 0.11"));
    }

    #[test]
    fn only_the_same_experiment_continues() {
        let earlier = summary(&[]).unwrap();
        let refused =
            |this: &Experiment, sprt: Option<&Sprt>| earlier.check(this, sprt).unwrap_err();
        let mut other = experiment();
        other.names[1] = "c".to_string();
        assert!(refused(&other, Some(&sprt())).contains(r#"engine "b", now "c""#));
        let mut other = experiment();
        other.setups[0] = "cmd=fake-a,option.Hash=64".to_string();
        assert!(refused(&other, Some(&sprt())).contains("engine setup"));
        let mut other = experiment();
        other.rules = other.rules.replace("100 nodes", "10+0.1");
        assert!(refused(&other, Some(&sprt())).contains("rules"));
        let bounds = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        assert!(refused(&experiment(), Some(&bounds)).contains("SPRT"));
        assert!(refused(&experiment(), None).contains("it was an SPRT"));
    }

    #[test]
    fn a_decided_or_broken_summary_is_refused() {
        // Decided: its pairs are past the upper bound, whatever its "result" says.
        // [2, 10, 40, 60, 30]: LLR 3.71 (computed apart), past the upper bound 2.94.
        let decided = summary(&[
            ("[0, 1, 2, 1, 1]", "[2, 10, 40, 60, 30]"),
            (r#""wins": 5"#, r#""wins": 140"#),
            (r#""draws": 2"#, r#""draws": 4"#),
            (r#""losses": 3"#, r#""losses": 140"#),
        ])
        .unwrap();
        let standing = decided.standing(Some(&sprt())).unwrap();
        assert!(standing.decision.is_some());
        // Counts that do not add up, or overflow.
        let broken = summary(&[("[0, 1, 2, 1, 1]", "[0, 1, 2, 1, 9]")]).unwrap();
        assert!(broken
            .standing(Some(&sprt()))
            .unwrap_err()
            .contains("do not add up"));
        let huge = summary(&[(r#""wins": 5"#, r#""wins": 18446744073709551615"#)]).unwrap();
        assert!(huge.standing(None).unwrap_err().contains("do not add up"));
        // Not a summary at all.
        assert!(summary(&[(r#""rules""#, r#""rulez""#)]).is_err());
    }
}
