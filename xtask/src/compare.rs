//! `cargo xtask compare`: two matches of the same openings, compared opening by opening.
//!
//! Two builds played against the same opponent with the same `--openings`, `--order random`
//! and `--seed` meet the same openings in the same rounds, each with both colours (`Round
//! "12.1"` and `"12.2"`). The difference of an engine's points over the two games of each
//! opening, one match against the other, leaves out what makes an opening hard for the
//! engine, which is there in both matches: its interval is a little narrower than that of two
//! matches on different openings. Its mean, with a 95% interval from the spread of the
//! differences, is the change from one build to the other, in points and in Elo (the second
//! match's Elo less the first's; the interval the points' interval at the second match's
//! score).
//!
//! An opening counts when each file holds both its games (the engine once with white, once
//! with black), finished. A round that plays another opening in one file than in the other
//! (the `Opening` tags differ) is an error: the matches were not played from the same
//! openings in the same order; so is a round with two games of the engine with one colour
//! (two matches in one file).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use outpost_board::Color;
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
    /// The engine whose points are compared, as the first file's `White` and `Black` tags
    /// name it.
    pub engine: String,
    /// Its name in the second file.
    pub second_engine: String,
}

/// One opening of a match: the engine's points over its finished games, how many it played
/// with each colour, and the opening's name (the `Opening` tag).
#[derive(Clone, Debug, Default, PartialEq)]
struct Opening {
    points: f64,
    /// Finished games with white and with black.
    games: [usize; 2],
    name: Option<String>,
}

impl Opening {
    /// Whether both games are there and finished.
    fn complete(&self) -> bool {
        self.games == [1, 1]
    }
}

/// The openings of one match's PGN by round number.
type Openings = BTreeMap<u64, Opening>;

/// One match's PGN as `compare` reads it.
#[derive(Clone, Debug, Default, PartialEq)]
struct MatchGames {
    openings: Openings,
    /// Games of the file that could not be read.
    unreadable: usize,
    /// The engine's games without a round number (`Round` tag).
    without_round: usize,
    /// The engine's unfinished games (result `*`).
    unfinished: usize,
    /// Whether any of its games has an `Opening` tag.
    named: bool,
}

impl MatchGames {
    /// What was left out, in words; `None` for nothing.
    fn left_out(&self) -> Option<String> {
        let parts: Vec<String> = [
            (self.unreadable, "unreadable game"),
            (self.without_round, "game without a round number"),
            (self.unfinished, "unfinished game"),
        ]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, what)| plural(n, what))
        .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

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
    /// Half the width of its 95% interval; `None` for a single opening.
    pub pair_margin: Option<f64>,
}

/// Whether a score has a finite Elo.
fn bounded(score: f64) -> bool {
    score > 0.0 && score < 1.0
}

impl Comparison {
    /// The Elo of the second match less that of the first; `None` where a score is 0 or 1.
    pub fn elo_difference(&self) -> Option<f64> {
        (bounded(self.base_score) && bounded(self.new_score))
            // `+ 0.0` turns a difference of −0.0 into 0.0.
            .then(|| elo_of_score(self.new_score) - elo_of_score(self.base_score) + 0.0)
    }

    /// Half the width of the Elo difference's 95% interval: the margin of the difference a
    /// game times the slope of Elo at the second match's score (`None` without a margin or
    /// at a score of 0 or 1).
    pub fn elo_margin(&self) -> Option<f64> {
        let score = self.new_score;
        let slope = 400.0 / (std::f64::consts::LN_10 * score * (1.0 - score));
        (bounded(self.base_score) && bounded(score)).then_some(self.pair_margin? / 2.0 * slope)
    }
}

/// Reads both PGNs and prints the comparison.
pub fn run(options: &CompareOptions) -> Result<Verdict, String> {
    let base = match_games(&options.base, &options.engine)?;
    let new = match_games(&options.new, &options.second_engine)?;
    let comparison = compare(&base.openings, &new.openings)?;
    let mut text = String::new();
    let complete = |games: &MatchGames| games.openings.values().filter(|o| o.complete()).count();
    let _ = writeln!(
        text,
        "{}: {} played in full in both files ({} in the first, {} in the second)",
        options.engine,
        plural(comparison.openings, "opening"),
        complete(&base),
        complete(&new)
    );
    for (games, path) in [(&base, &options.base), (&new, &options.new)] {
        if let Some(left_out) = games.left_out() {
            let _ = writeln!(text, "left out of {}: {left_out}", path.display());
        }
        if !games.named {
            let _ = writeln!(
                text,
                "{} has no Opening tags: the openings could not be checked to be the same",
                path.display()
            );
        }
    }
    let elo = |score: f64| {
        if bounded(score) {
            format!("{:+.1} Elo", elo_of_score(score) + 0.0)
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
    let _ = writeln!(text, "second less first: {}", difference_text(&comparison));
    // A reader that stops early (`| head`) is not an error.
    let _ = std::io::stdout().write_all(text.as_bytes());
    Ok(Verdict::Passed)
}

/// The difference in Elo and in points, each with its interval where there is one.
fn difference_text(comparison: &Comparison) -> String {
    let points = comparison.pair_difference + 0.0;
    let Some(margin) = comparison.pair_margin else {
        return format!(
            "{} (no interval from one opening), points over its two games {points:+.3}",
            comparison
                .elo_difference()
                .map_or("Elo unbounded".to_string(), |d| format!("{d:+.1} Elo"))
        );
    };
    let elo = match (comparison.elo_difference(), comparison.elo_margin()) {
        (Some(d), Some(m)) => format!("{d:+.1} ± {m:.1} Elo (95%)"),
        _ => "Elo unbounded (a score of 0% or 100%)".to_string(),
    };
    format!("{elo}, points over an opening's two games {points:+.3} ± {margin:.3}")
}

/// The openings of the PGN `path` that `engine` played, by round number, and what was left
/// out. An error for a round with two openings or two games of one colour.
fn match_games(path: &Path, engine: &str) -> Result<MatchGames, String> {
    let EngineGames { played, unreadable } = read_engine_games(path, engine)?;
    let mut games = MatchGames {
        unreadable,
        ..MatchGames::default()
    };
    for game in &played {
        let Some(round) = round_number(game) else {
            games.without_round += 1;
            continue;
        };
        let opening = games.openings.entry(round).or_default();
        if let Some(name) = game.tag("Opening") {
            games.named = true;
            match &opening.name {
                None => opening.name = Some(name.to_string()),
                Some(earlier) if earlier != name => {
                    return Err(format!(
                        "round {round} of {} plays two openings, {earlier} and {name}",
                        path.display()
                    ))
                }
                Some(_) => {}
            }
        }
        // Every game read is one of the engine's: it has a colour.
        let Some(color) = engine_color(game, engine) else {
            continue;
        };
        let Some(points) = engine_points(game, color) else {
            games.unfinished += 1;
            continue;
        };
        opening.points += points;
        opening.games[color.index()] += 1;
        if opening.games[color.index()] > 1 {
            return Err(format!(
                "round {round} of {} has two finished games of '{engine}' with {}: two \
                 matches in one file? compare reads one match's PGN from each file",
                path.display(),
                color
            ));
        }
    }
    if games.openings.is_empty() {
        return Err(format!(
            "no game of '{engine}' in {} has a Round tag such as \"12.1\"",
            path.display()
        ));
    }
    Ok(games)
}

/// The points (1, ½ or 0) of the side that played `color` in `game`; `None` for an
/// unfinished game.
fn engine_points(game: &PgnGame, color: Color) -> Option<f64> {
    let white = white_result(game.result)?;
    match color {
        Color::White => Some(white),
        Color::Black => Some(1.0 - white),
    }
}

/// Compares the openings both matches played in full (two finished games each, one with
/// each colour).
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
        if first.complete() && second.complete() {
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

    /// An opening with `points` over both its games (`complete`) or over one.
    fn opening(points: f64, complete: bool, name: &str) -> Opening {
        Opening {
            points,
            games: if complete { [1, 1] } else { [1, 0] },
            name: Some(name.to_string()),
        }
    }

    #[test]
    fn compares_the_openings_played_in_full_in_both() {
        let base = Openings::from([
            (1, opening(1.0, true, "a")),
            (2, opening(0.5, true, "b")),
            (3, opening(2.0, true, "c")),
            // Only one game in the second match: left out.
            (4, opening(0.0, true, "d")),
        ]);
        let new = Openings::from([
            (1, opening(2.0, true, "a")),
            (2, opening(1.0, true, "b")),
            (3, opening(1.5, true, "c")),
            (4, opening(1.0, false, "d")),
            // Not in the first match: left out.
            (5, opening(2.0, true, "e")),
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
        // The points' margin a game times the slope of Elo at 0.75.
        let slope = 400.0 / (std::f64::consts::LN_10 * 0.75 * 0.25);
        assert!((comparison.elo_margin().unwrap() - margin / 2.0 * slope).abs() < 1e-9);
    }

    #[test]
    fn no_difference_is_plus_zero_with_its_interval() {
        // Ten openings: the first match 1 point each, the second 1.5 and 0.5 by turns.
        let base: Openings = (0..10).map(|r| (r, opening(1.0, true, "x"))).collect();
        let new: Openings = (0..10)
            .map(|r| (r, opening(if r % 2 == 0 { 1.5 } else { 0.5 }, true, "x")))
            .collect();
        let comparison = compare(&base, &new).unwrap();
        assert_eq!(comparison.pair_difference, 0.0);
        assert_eq!(comparison.elo_difference(), Some(0.0));
        let text = difference_text(&comparison);
        assert!(text.starts_with("+0.0 ± "), "{text}");
    }

    #[test]
    fn a_score_of_nothing_or_everything_has_no_elo() {
        let base = Openings::from([(1, opening(0.0, true, "a")), (2, opening(0.0, true, "b"))]);
        let new = Openings::from([(1, opening(1.0, true, "a")), (2, opening(0.0, true, "b"))]);
        let comparison = compare(&base, &new).unwrap();
        assert_eq!(comparison.elo_difference(), None);
        assert_eq!(comparison.elo_margin(), None);
        assert!(difference_text(&comparison).starts_with("Elo unbounded"));
        let one = compare(&base, &Openings::from([(1, opening(1.0, true, "a"))])).unwrap();
        assert!(difference_text(&one).contains("no interval from one opening"));
    }

    #[test]
    fn different_openings_in_a_round_are_an_error() {
        let base = Openings::from([(1, opening(1.0, true, "book.epd:7"))]);
        let new = Openings::from([(1, opening(1.0, true, "book.epd:8"))]);
        let error = compare(&base, &new).unwrap_err();
        assert!(error.contains("round 1 plays book.epd:7"), "{error}");
    }

    #[test]
    fn nothing_in_common_is_an_error() {
        let base = Openings::from([(1, opening(1.0, true, "a"))]);
        let new = Openings::from([(2, opening(1.0, true, "b"))]);
        assert!(compare(&base, &new).is_err());
    }

    /// A game of round `round` between `white` and `black` from opening `name`.
    fn game(round: &str, white: &str, black: &str, name: &str, result: &str) -> String {
        format!(
            "[White \"{white}\"]\n[Black \"{black}\"]\n[Round \"{round}\"]\n\
             [Opening \"{name}\"]\n[Result \"{result}\"]\n\n1. e4 e5 {result}\n\n"
        )
    }

    /// `compare`'s reading of a PGN file holding `games`.
    fn read(games: &str) -> Result<MatchGames, String> {
        let dir = std::env::temp_dir().join(format!(
            "outpost-compare-{}-{:x}",
            std::process::id(),
            games.len()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pgn");
        std::fs::write(&path, games).unwrap();
        let read = match_games(&path, "outpost");
        std::fs::remove_dir_all(&dir).unwrap();
        read
    }

    #[test]
    fn reads_the_engines_points_by_round_and_counts_what_it_leaves_out() {
        let games = game("3.1", "outpost", "other", "book.epd:5", "1-0")
            + &game("3.2", "other", "outpost", "book.epd:5", "1/2-1/2")
            + &game("4.1", "other", "outpost", "book.epd:6", "*")
            + &game("?", "other", "outpost", "book.epd:7", "1-0");
        let read = read(&games).unwrap();
        assert_eq!(read.openings.len(), 2);
        assert_eq!(read.openings[&3], opening(1.5, true, "book.epd:5"));
        assert!(!read.openings[&4].complete());
        assert_eq!((read.unfinished, read.without_round), (1, 1));
        assert!(read.named);
        assert_eq!(
            read.left_out().unwrap(),
            "1 game without a round number, 1 unfinished game"
        );
    }

    #[test]
    fn two_games_of_one_colour_or_two_openings_in_a_round_are_errors() {
        let twice = game("3.1", "outpost", "other", "book.epd:5", "1-0")
            + &game("3.1", "outpost", "other", "book.epd:5", "0-1");
        let error = read(&twice).unwrap_err();
        assert!(
            error.contains("two finished games of 'outpost' with white"),
            "{error}"
        );
        let mixed = game("3.1", "outpost", "other", "book.epd:5", "1-0")
            + &game("3.2", "other", "outpost", "book.epd:6", "*");
        let error = read(&mixed).unwrap_err();
        assert!(
            error.contains("plays two openings, book.epd:5 and book.epd:6"),
            "{error}"
        );
    }
}
