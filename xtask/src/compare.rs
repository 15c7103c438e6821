//! `cargo xtask compare`: two matches of the same openings, compared opening by opening.
//!
//! Two builds played against the same opponent with the same `--openings`, `--order random`
//! and `--seed` meet the same openings in the same rounds, each with both colours (`Round
//! "12.1"` and `"12.2"`). The difference of an engine's points over the two games of each
//! opening, one match against the other, varies much less than either match's score: what
//! makes one opening hard for the engine is there in both matches, and the difference leaves
//! it out. Its mean, with a 95% interval from the spread of the differences, is the change
//! from one build to the other, in points a game and in Elo (the second match's Elo less the
//! first's, the interval that of the second match's score moved by the difference's).
//!
//! An opening counts when each file holds both its games, finished; a round that plays
//! another opening in one file than in the other (the `Opening` tags differ) is an error: the
//! matches were not played from the same openings in the same order.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use outpost_pgn::PgnGame;

use crate::match_runner::{elo_of_score, Z95};
use crate::pgn_positions::{round_number, white_result};
use crate::turns::{engine_color, read_engine_games, EngineGames};
use crate::{plural, Verdict};

/// What `cargo xtask compare` reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareOptions {
    /// The first match's games: the build before.
    pub base: PathBuf,
    /// The second match's games: the build after.
    pub new: PathBuf,
    /// The engine whose points are compared, as the `White` and `Black` tags name it.
    pub engine: String,
}

/// One opening of a match: the engine's points over its finished games, how many there are,
/// and the opening's name (the `Opening` tag).
#[derive(Clone, Debug, Default, PartialEq)]
struct Opening {
    points: f64,
    games: usize,
    name: Option<String>,
}

/// The openings of one match's PGN by round number.
type Openings = BTreeMap<u64, Opening>;

/// The comparison of two matches over the openings both played in full.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The openings compared (each two games in each match).
    pub openings: usize,
    /// The engine's mean score a game in the first match, over those openings.
    pub base_score: f64,
    /// The same in the second match.
    pub new_score: f64,
    /// The mean difference of the points over an opening's two games, second less first.
    pub pair_difference: f64,
    /// Half the width of its 95% interval; `None` for fewer than two openings.
    pub pair_margin: Option<f64>,
}

impl Comparison {
    /// The Elo of the second match less that of the first; `None` where a score is 0 or 1.
    pub fn elo_difference(&self) -> Option<f64> {
        let inside = |score: f64| score > 0.0 && score < 1.0;
        (inside(self.base_score) && inside(self.new_score))
            .then(|| elo_of_score(self.new_score) - elo_of_score(self.base_score))
    }

    /// Half the width of the Elo difference's 95% interval: the second match's score moved
    /// by the margin of the difference a game; `None` where a bound leaves (0, 1).
    pub fn elo_margin(&self) -> Option<f64> {
        let margin = self.pair_margin? / 2.0;
        let (low, high) = (self.new_score - margin, self.new_score + margin);
        (low > 0.0 && high < 1.0).then(|| (elo_of_score(high) - elo_of_score(low)) / 2.0)
    }
}

/// Reads both PGNs and prints the comparison.
pub fn run(options: &CompareOptions) -> Result<Verdict, String> {
    let base = openings_of(&options.base, &options.engine)?;
    let new = openings_of(&options.new, &options.engine)?;
    let comparison = compare(&base, &new)?;
    let mut text = String::new();
    let complete = |openings: &Openings| openings.values().filter(|o| o.games == 2).count();
    let _ = writeln!(
        text,
        "{}: {} played in full in both files ({} in the first, {} in the second)",
        options.engine,
        plural(comparison.openings, "opening"),
        complete(&base),
        complete(&new)
    );
    let elo = |score: f64| {
        if score > 0.0 && score < 1.0 {
            format!("{:+.1} Elo", elo_of_score(score))
        } else {
            "Elo unbounded".to_string()
        }
    };
    let _ = writeln!(
        text,
        "first  {:.1}% ({})\nsecond {:.1}% ({})",
        100.0 * comparison.base_score,
        elo(comparison.base_score),
        100.0 * comparison.new_score,
        elo(comparison.new_score)
    );
    let margin = |value: Option<f64>, digits: usize| {
        value.map_or("± inf".to_string(), |m| format!("± {m:.digits$}"))
    };
    let elo_difference = comparison
        .elo_difference()
        .map_or("unbounded".to_string(), |d| format!("{d:+.1}"));
    let _ = writeln!(
        text,
        "second less first: {elo_difference} {} Elo (95%), points over an opening's two games \
         {:+.3} {}",
        margin(comparison.elo_margin(), 1),
        comparison.pair_difference,
        margin(comparison.pair_margin, 3)
    );
    // A reader that stops early (`| head`) is not an error.
    let _ = std::io::stdout().write_all(text.as_bytes());
    Ok(Verdict::Passed)
}

/// The openings of the PGN `path` that `engine` played, by round number.
fn openings_of(path: &Path, engine: &str) -> Result<Openings, String> {
    let EngineGames { played, .. } = read_engine_games(path, engine)?;
    let mut openings = Openings::new();
    for game in &played {
        let Some(round) = round_number(game) else {
            continue;
        };
        let Some(points) = engine_points(game, engine) else {
            continue;
        };
        let opening = openings.entry(round).or_default();
        opening.points += points;
        opening.games += 1;
        if opening.name.is_none() {
            opening.name = game.tag("Opening").map(str::to_string);
        }
    }
    if openings.is_empty() {
        return Err(format!(
            "no finished game of '{engine}' in {} has a Round tag such as \"12.1\"",
            path.display()
        ));
    }
    Ok(openings)
}

/// `engine`'s points in `game` (1, ½ or 0); `None` for an unfinished game.
fn engine_points(game: &PgnGame, engine: &str) -> Option<f64> {
    let white = white_result(game.result)?;
    match engine_color(game, engine)? {
        outpost_board::Color::White => Some(white),
        outpost_board::Color::Black => Some(1.0 - white),
    }
}

/// Compares the openings both matches played in full (two finished games each).
fn compare(base: &Openings, new: &Openings) -> Result<Comparison, String> {
    let mut differences = Vec::new();
    let (mut base_points, mut new_points) = (0.0, 0.0);
    for (round, first) in base {
        let Some(second) = new.get(round) else {
            continue;
        };
        if let (Some(a), Some(b)) = (&first.name, &second.name) {
            if a != b {
                return Err(format!(
                    "round {round} plays {a} in the first file and {b} in the second: the \
                     matches were not played from the same openings in the same order (the \
                     same --openings, --order and --seed)"
                ));
            }
        }
        if first.games == 2 && second.games == 2 {
            differences.push(second.points - first.points);
            base_points += first.points;
            new_points += second.points;
        }
    }
    let n = differences.len();
    if n == 0 {
        return Err(
            "no opening was played in full (both games finished) in both files".to_string(),
        );
    }
    let mean = differences.iter().sum::<f64>() / n as f64;
    let pair_margin = (n > 1).then(|| {
        let variance = differences
            .iter()
            .map(|d| (d - mean) * (d - mean))
            .sum::<f64>()
            / (n - 1) as f64;
        Z95 * (variance / n as f64).sqrt()
    });
    Ok(Comparison {
        openings: n,
        base_score: base_points / (2 * n) as f64,
        new_score: new_points / (2 * n) as f64,
        pair_difference: mean,
        pair_margin,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening(points: f64, games: usize, name: &str) -> Opening {
        Opening {
            points,
            games,
            name: Some(name.to_string()),
        }
    }

    #[test]
    fn compares_the_openings_played_in_full_in_both() {
        let base = Openings::from([
            (1, opening(1.0, 2, "a")),
            (2, opening(0.5, 2, "b")),
            (3, opening(2.0, 2, "c")),
            // Only one game in the second match: left out.
            (4, opening(0.0, 2, "d")),
        ]);
        let new = Openings::from([
            (1, opening(2.0, 2, "a")),
            (2, opening(1.0, 2, "b")),
            (3, opening(1.5, 2, "c")),
            (4, opening(1.0, 1, "d")),
            // Not in the first match: left out.
            (5, opening(2.0, 2, "e")),
        ]);
        let comparison = compare(&base, &new).unwrap();
        assert_eq!(comparison.openings, 3);
        assert_eq!(comparison.base_score, 3.5 / 6.0);
        assert_eq!(comparison.new_score, 4.5 / 6.0);
        // Differences 1, 0.5, -0.5: mean 1/3, sample variance 7/12.
        assert!((comparison.pair_difference - 1.0 / 3.0).abs() < 1e-12);
        let margin = Z95 * (7.0_f64 / 12.0 / 3.0).sqrt();
        assert!((comparison.pair_margin.unwrap() - margin).abs() < 1e-12);
        let elo = elo_of_score(4.5 / 6.0) - elo_of_score(3.5 / 6.0);
        assert!((comparison.elo_difference().unwrap() - elo).abs() < 1e-9);
        // The second score's interval, 0.75 ± 0.43, leaves (0, 1): no Elo margin.
        assert_eq!(comparison.elo_margin(), None);
    }

    #[test]
    fn the_elo_margin_is_that_of_the_second_score_moved_by_the_differences() {
        // Ten openings: the first match 1 point each, the second 1.5 and 0.5 by turns.
        let base: Openings = (0..10).map(|r| (r, opening(1.0, 2, "x"))).collect();
        let new: Openings = (0..10)
            .map(|r| (r, opening(if r % 2 == 0 { 1.5 } else { 0.5 }, 2, "x")))
            .collect();
        let comparison = compare(&base, &new).unwrap();
        assert_eq!(comparison.pair_difference, 0.0);
        assert_eq!(comparison.elo_difference(), Some(0.0));
        // Differences ±0.5: sample variance 0.25 · 10/9; a game's margin is half the pair's.
        let margin = Z95 * (0.25_f64 * 10.0 / 9.0 / 10.0).sqrt() / 2.0;
        let elo = (elo_of_score(0.5 + margin) - elo_of_score(0.5 - margin)) / 2.0;
        assert!((comparison.elo_margin().unwrap() - elo).abs() < 1e-9);
    }

    #[test]
    fn different_openings_in_a_round_are_an_error() {
        let base = Openings::from([(1, opening(1.0, 2, "book.epd:7"))]);
        let new = Openings::from([(1, opening(1.0, 2, "book.epd:8"))]);
        let error = compare(&base, &new).unwrap_err();
        assert!(error.contains("round 1 plays book.epd:7"), "{error}");
    }

    #[test]
    fn nothing_in_common_is_an_error() {
        let base = Openings::from([(1, opening(1.0, 2, "a"))]);
        let new = Openings::from([(2, opening(1.0, 2, "b"))]);
        assert!(compare(&base, &new).is_err());
    }

    #[test]
    fn reads_the_engines_points_by_round() {
        let dir = std::env::temp_dir().join(format!("outpost-compare-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pgn");
        let games = r#"[White "outpost"]
[Black "other"]
[Round "3.1"]
[Opening "book.epd:5"]
[Result "1-0"]

1. e4 e5 1-0

[White "other"]
[Black "outpost"]
[Round "3.2"]
[Opening "book.epd:5"]
[Result "1/2-1/2"]

1. e4 e5 1/2-1/2

[White "other"]
[Black "outpost"]
[Round "4.1"]
[Result "*"]

1. d4 *
"#;
        std::fs::write(&path, games).unwrap();
        let openings = openings_of(&path, "outpost").unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(openings.len(), 1);
        assert_eq!(openings[&3], opening(1.5, 2, "book.epd:5"));
    }
}
