//! `cargo xtask match`: two engines (UCI or xboard) play a match refereed by Outpost's own
//! rules, with the statistics the engine-testing community uses (Elo from games and from game pairs, a
//! pentanomial SPRT), so that every Elo figure of the project comes with a command line that
//! reproduces it from a clone.
//!
//! Each opening is played twice, colours swapped (a pair); every game starts fresh engine
//! processes; up to `--concurrency` games run at once. One line per finished game shows the
//! result and the match so far; at the end a summary is printed and, with `--json`, written
//! (and while it runs, after each pair: a match stopped before its end goes on from there).

mod adjudication;
mod checkpoint;
mod earlier;
mod engine;
mod openings;
mod options;
mod play;
mod spec;
mod stats;
mod xboard;

pub use engine::read_lines;
pub use engine::Score;
pub use openings::{generator, Opening};
pub use options::{GameArgs, MatchArgs, MatchOptions};
pub use play::{comment_score, Record};
pub use spec::{spec_tokens, EngineSpec, SpecTokens};
pub use stats::{elo_of_score, Z95};

use crate::Verdict;

use checkpoint::Checkpoint;
use earlier::{Earlier, Experiment};
use options::Limit;
use play::{Context, Fault, Job};
use stats::{Decision, Estimate, Sprt, Tally};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// What the workers report.
enum Message {
    /// A finished game.
    Game(Box<Record>),
    /// The match cannot go on.
    Fatal(String),
}

/// The state of the match as games come in.
#[derive(Clone, Debug, Default)]
struct Standing {
    tally: Tally,
    /// The first engine's points in the first finished game of each unfinished pair.
    open_pairs: HashMap<usize, f64>,
    /// Endings by kind.
    endings: BTreeMap<String, u64>,
    /// Faults per engine.
    faults: [BTreeMap<&'static str, u64>; 2],
    /// The LLR after the last pair, with an SPRT.
    llr: f64,
    decision: Option<Decision>,
}

impl Standing {
    /// The pairs its games were played in (a pair of one game counts): the pairs of a
    /// continuation follow them.
    fn pairs_started(&self) -> usize {
        self.tally.games().div_ceil(2) as usize
    }

    /// Counts a finished game (and its pair when its partner is in), the LLR with `sprt`.
    fn add(&mut self, record: &Record, sprt: Option<&Sprt>) {
        let points = record.points();
        self.tally.add_game(points);
        if let Some(first) = self.open_pairs.remove(&record.pair) {
            self.tally.add_pair(first, points);
            if let Some(sprt) = sprt {
                self.llr = sprt.llr(&self.tally.pairs);
                self.decision = sprt.decision(self.llr);
            }
        } else {
            self.open_pairs.insert(record.pair, points);
        }
        *self.endings.entry(record.kind.clone()).or_default() += 1;
        if let Some((engine, fault)) = record.fault {
            *self.faults[engine].entry(fault.key()).or_default() += 1;
        }
    }
}

/// `+12.3 ± 45.6`, or why there is none.
fn elo_text(estimate: Option<Estimate>) -> String {
    match estimate {
        None => "none (no games)".to_string(),
        Some(Estimate {
            elo: None, score, ..
        }) => format!("undefined (a score of {:.0}%)", 100.0 * score),
        Some(Estimate {
            elo: Some(elo),
            margin,
            ..
        }) => {
            // `{:+.1}` writes a small negative number as "-0.0".
            let elo = if elo.abs() < 0.05 { 0.0 } else { elo };
            match margin {
                Some(margin) if margin > 0.0 => format!("{elo:+.1} ± {margin:.1}"),
                Some(_) => format!("{elo:+.1} (no spread yet)"),
                None => format!("{elo:+.1} ± inf"),
            }
        }
    }
}

/// A word of the command line as a POSIX shell reads it back.
fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=+.,/:@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The command line that ran this match (as `cargo xtask match ...`).
fn command_line() -> String {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .map(|word| shell_quote(&word))
        .collect();
    format!("cargo xtask {}", words.join(" "))
}

/// The openings of the match, in the order they are played, one per pair, from pair `skip` of
/// the sequence on (a continued match goes on where the earlier one stopped).
fn openings(options: &MatchOptions, skip: usize) -> Result<(Vec<Opening>, usize, String), String> {
    match &options.openings {
        Some(path) => {
            let mut book = openings::load(path, options.variant)?;
            if let Some(plies) = options.book_plies {
                openings::truncate(&mut book, plies);
            }
            let count = book.len();
            let order = openings::order(count, options.order, options.seed);
            let pairs = options.games.map_or(count, |games| games / 2);
            let chosen = (skip..skip + pairs)
                .map(|pair| book[order[pair % count]].clone())
                .collect();
            let order_text = match options.order {
                openings::Order::Sequential => "in order".to_string(),
                openings::Order::Random => format!("in random order, seed {}", options.seed),
            };
            Ok((
                chosen,
                pairs,
                format!("{} ({count} openings, {order_text})", path.display()),
            ))
        }
        None => {
            let pairs = options.games.unwrap_or(100) / 2;
            let mut chosen = openings::random(
                skip + pairs,
                options.variant,
                options.random_plies,
                options.seed,
            );
            chosen.drain(..skip);
            let what = match (options.variant, options.random_plies) {
                (openings::MatchVariant::Chess960, plies) => {
                    format!(
                        "random Chess960 start positions and {plies} random plies, seed {}",
                        options.seed
                    )
                }
                (_, 0) => "the start position".to_string(),
                (_, plies) => format!("{plies} random plies from the start, seed {}", options.seed),
            };
            Ok((chosen, pairs, what))
        }
    }
}

/// The openings a match of `options` plays, one per pair in the order played, and what they
/// are in words (for tuners, which play the pairs themselves: [`play_pair`]).
pub fn pair_openings(options: &MatchOptions) -> Result<(Vec<Opening>, String), String> {
    let (openings, _, text) = openings(options, 0)?;
    Ok((openings, text))
}

/// Plays the two games of `opening` between the engines of `options`, colours swapped (the
/// first engine has white in the first), as pair number `pair` (from 0): at once on two
/// threads when `parallel`. An engine that cannot be started is an error.
pub fn play_pair(
    options: &MatchOptions,
    opening: &Opening,
    pair: usize,
    parallel: bool,
) -> Result<[Record; 2], String> {
    let stop = AtomicBool::new(false);
    let started = [AtomicBool::new(false), AtomicBool::new(false)];
    let log = options
        .log
        .as_deref()
        .map(engine::Log::create)
        .transpose()?;
    let context = Context {
        options,
        stop: &stop,
        started: &started,
        log,
    };
    let job = |first_is_white: bool| Job {
        number: 2 * pair + usize::from(!first_is_white) + 1,
        pair,
        opening,
        first_is_white,
    };
    let [white_first, black_first] = if parallel {
        std::thread::scope(|scope| {
            let games = [true, false].map(|first_is_white| {
                let (context, job) = (&context, job(first_is_white));
                scope.spawn(move || play::play(context, job))
            });
            games.map(|game| game.join().expect("a game's thread does not panic"))
        })
    } else {
        [true, false].map(|first_is_white| play::play(&context, job(first_is_white)))
    };
    let stopped = || "the games were stopped".to_string();
    Ok([
        white_first?.ok_or_else(stopped)?,
        black_first?.ok_or_else(stopped)?,
    ])
}

/// Runs the match.
pub fn run(options: &MatchOptions) -> Result<Verdict, String> {
    let names = [
        options.engines[0].name.as_str(),
        options.engines[1].name.as_str(),
    ];
    let experiment = Experiment::of(options);
    let earlier = options
        .continue_from
        .as_deref()
        .map(|path| Earlier::load(path, &experiment, options.sprt.as_ref()))
        .transpose()?;
    let skip = earlier.as_ref().map_or(0, Earlier::pairs_played);
    let (openings, pairs, openings_text) = openings(options, skip)?;
    if let Some(earlier) = &earlier {
        earlier.check_openings(&openings_text)?;
    }
    // A continuation numbers its games and pairs on from the earlier ones.
    let jobs: Vec<Job<'_>> = openings
        .iter()
        .zip(skip..)
        .flat_map(|(opening, pair)| {
            [true, false].into_iter().map(move |first_is_white| Job {
                number: 2 * pair + usize::from(!first_is_white) + 1,
                pair,
                opening,
                first_is_white,
            })
        })
        .collect();
    let total_games = 2 * skip + jobs.len();
    let pgn_files = pgn_files(options.pgn.as_deref(), earlier.as_ref())?;
    let mut pgn = match &options.pgn {
        Some(path) => {
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent)
                    .map_err(|error| format!("{}: {error}", parent.display()))?;
            }
            Some(
                std::fs::File::create(path)
                    .map_err(|error| format!("{}: {error}", path.display()))?,
            )
        }
        None => None,
    };
    let log = options
        .log
        .as_deref()
        .map(engine::Log::create)
        .transpose()?;
    let command = command_line();
    println!("{command}");
    println!(
        "Match: {} vs {}, {}, {} games ({pairs} pair{}), {}, openings: {openings_text}, concurrency {}",
        names[0],
        names[1],
        limit_text(&options.limit),
        jobs.len(),
        if pairs == 1 { "" } else { "s" },
        options.variant.name(),
        options.concurrency
    );
    if let Some(sprt) = &options.sprt {
        println!(
            "SPRT: elo0 {} elo1 {} alpha {} beta {} (logistic Elo, game pairs), bounds {:.2} {:.2}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.lower_bound(),
            sprt.upper_bound()
        );
    }

    let mut standing = earlier
        .as_ref()
        .map_or_else(Standing::default, Earlier::standing);
    if let Some(earlier) = &earlier {
        println!("{}", earlier.header());
    }
    let mut checkpoint = Checkpoint::new(standing.clone());
    let continues = earlier.as_ref().map(Earlier::commands).unwrap_or_default();
    let earlier_seconds = earlier.as_ref().map_or(0.0, Earlier::seconds);
    let began = Instant::now();
    let run_so_far = |ended: bool| Run {
        command: &command,
        continues: &continues,
        pgn_files: &pgn_files,
        seconds: began.elapsed().as_secs_f64() + earlier_seconds,
        openings: &openings_text,
        ended,
    };
    let stop = AtomicBool::new(false);
    let started = [AtomicBool::new(false), AtomicBool::new(false)];
    let next = AtomicUsize::new(0);
    let context = Context {
        options,
        stop: &stop,
        started: &started,
        log,
    };
    let mut fatal = None;
    let mut pgn_error = None;
    let mut warned = false;
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..options.concurrency.min(jobs.len()) {
            let sender = sender.clone();
            let (context, jobs, next, stop) = (&context, &jobs, &next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    let Some(&job) = jobs.get(next.fetch_add(1, Ordering::SeqCst)) else {
                        break;
                    };
                    let message = match play::play(context, job) {
                        Ok(Some(record)) => Message::Game(Box::new(record)),
                        Ok(None) => break,
                        Err(error) => Message::Fatal(error),
                    };
                    let fatal = matches!(message, Message::Fatal(_));
                    if sender.send(message).is_err() || fatal {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for message in receiver {
            match message {
                Message::Fatal(error) => {
                    stop.store(true, Ordering::SeqCst);
                    fatal.get_or_insert(error);
                }
                Message::Game(record) => {
                    if stop.load(Ordering::SeqCst) {
                        // Finished after the match was decided or failed: not counted.
                        continue;
                    }
                    let sprt = options.sprt.as_ref();
                    standing.add(&record, sprt);
                    if let Some(file) = &mut pgn {
                        let written = writeln!(file, "{}", record.pgn).and_then(|()| file.flush());
                        if let Err(error) = written {
                            pgn_error.get_or_insert(error.to_string());
                        }
                    }
                    println!(
                        "{}",
                        progress_line(&record, &standing, options, total_games)
                    );
                    // A decided checkpoint is not written: the match ends, and its summary
                    // follows at once.
                    let grew = checkpoint.add(*record, sprt);
                    let undecided = checkpoint.standing().decision.is_none();
                    if let Some(path) = options.json.as_ref().filter(|_| grew && undecided) {
                        let json =
                            json_summary(options, checkpoint.standing(), names, &run_so_far(false));
                        if let Err(error) = write_json(path, &json) {
                            if !warned {
                                eprintln!("warning: the summary is not written as the match goes: {error}");
                                warned = true;
                            }
                        }
                    }
                    if standing.decision.is_some() || checkpoint.standing().decision.is_some() {
                        stop.store(true, Ordering::SeqCst);
                    }
                }
            }
        }
    });
    if let Some(error) = fatal {
        return Err(error);
    }
    // The SPRT may decide on the pairs in the order of their openings before it does on all
    // the pairs finished (the LLR goes up and down): the match is then the ordered pairs'.
    let standing = if standing.decision.is_none() && checkpoint.standing().decision.is_some() {
        checkpoint.into_standing()
    } else {
        standing
    };
    let run = run_so_far(true);
    let summary = summary(options, &standing, names, run.seconds);
    println!("{summary}");
    if let (Some(path), Some(error)) = (&options.pgn, pgn_error) {
        return Err(format!("{}: {error}", path.display()));
    }
    if let Some(path) = &options.pgn {
        println!("Games in {}", path.display());
    }
    if let Some(path) = &options.json {
        write_json(path, &json_summary(options, &standing, names, &run))?;
        println!("Summary in {}", path.display());
    }
    Ok(Verdict::Passed)
}

/// The PGN files of the match, its own (`pgn`, made absolute) after those of the matches it
/// continues: a continuation that would replace an earlier one's games is refused.
fn pgn_files(
    pgn: Option<&std::path::Path>,
    earlier: Option<&Earlier>,
) -> Result<Vec<String>, String> {
    let mut files = earlier
        .map(|earlier| earlier.pgn_files().to_vec())
        .unwrap_or_default();
    if let Some(path) = pgn {
        let absolute = std::path::absolute(path)
            .map_err(|error| format!("--pgn {}: {error}", path.display()))?;
        let absolute = absolute.display().to_string();
        if files.contains(&absolute) {
            return Err(format!(
                "--pgn {}: the match this one continues wrote its games there, and the file \
                 would be replaced; give the continuation a PGN file of its own",
                path.display()
            ));
        }
        files.push(absolute);
    }
    Ok(files)
}

/// Writes a summary to `path` whole or not at all (a new file renamed over the old one), so
/// that a match killed while writing leaves the summary before.
fn write_json(path: &std::path::Path, json: &serde_json::Value) -> Result<(), String> {
    let fail = |error: std::io::Error| format!("{}: {error}", path.display());
    let text = serde_json::to_string_pretty(json).map_err(|error| error.to_string())?;
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let mut file = std::fs::File::create(&partial).map_err(fail)?;
    // On the disk before the rename: a machine that goes down keeps one summary or the other.
    (file.write_all(text.as_bytes()))
        .and_then(|()| file.write_all(b"\n"))
        .and_then(|()| file.sync_all())
        .map_err(fail)?;
    std::fs::rename(&partial, path).map_err(fail)
}

/// The limit as the header writes it.
fn limit_text(limit: &Limit) -> String {
    match limit {
        Limit::Clock { .. } => format!("tc {}", limit.text()),
        Limit::Nodes(nodes) => format!("{nodes} nodes a move"),
        Limit::MoveTime(time) => format!("{} s a move", time.as_secs_f64()),
        Limit::Depth(depth) => format!("depth {depth}"),
    }
}

/// `game 3/20: new-old 1-0 checkmate | 3 games, W-D-L 2-1-0, 83.3%, Elo +280.0 ± inf, pairs
/// 1, LLR 0.12 (-2.94, 2.94)`.
fn progress_line(
    record: &Record,
    standing: &Standing,
    options: &MatchOptions,
    total: usize,
) -> String {
    let names = [&options.engines[0].name, &options.engines[1].name];
    let (white, black) = if record.first_is_white {
        (names[0], names[1])
    } else {
        (names[1], names[0])
    };
    let tally = &standing.tally;
    let score = 100.0 * tally.points() / tally.games() as f64;
    let mut line = format!(
        "game {}/{total}: {white} vs {black} {} {} | {} game{}, W-D-L {}-{}-{}, {score:.1}%, Elo {}",
        record.number,
        record.result,
        record.reason,
        tally.games(),
        if tally.games() == 1 { "" } else { "s" },
        tally.wins,
        tally.draws,
        tally.losses,
        elo_text(tally.by_games()),
    );
    if let Some(sprt) = &options.sprt {
        line.push_str(&format!(
            ", pairs {}, LLR {:.2} ({:.2}, {:.2})",
            tally.pair_count(),
            standing.llr,
            sprt.lower_bound(),
            sprt.upper_bound()
        ));
    }
    line
}

/// The faults of one engine in words: `none` or `1 time loss, 2 crashes`.
fn faults_text(faults: &BTreeMap<&'static str, u64>) -> String {
    let parts: Vec<String> = Fault::ALL
        .iter()
        .filter_map(|fault| {
            let count = faults.get(fault.key()).copied().unwrap_or(0);
            (count > 0).then(|| {
                let name = if count == 1 {
                    fault.one()
                } else {
                    fault.name()
                };
                format!("{count} {name}")
            })
        })
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// The summary printed at the end.
fn summary(options: &MatchOptions, standing: &Standing, names: [&str; 2], seconds: f64) -> String {
    let tally = &standing.tally;
    let mut lines = Vec::new();
    let score = if tally.games() > 0 {
        format!("{:.1}%", 100.0 * tally.points() / tally.games() as f64)
    } else {
        "-".to_string()
    };
    lines.push(format!(
        "\n{} vs {}: {} games in {seconds:.0} s, W-D-L {}-{}-{}, score {score}",
        names[0],
        names[1],
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses
    ));
    let los = |estimate: Option<Estimate>| {
        estimate
            .and_then(|e| e.los)
            .map_or(String::new(), |los| format!(", LOS {:.1}%", 100.0 * los))
    };
    lines.push(format!(
        "Elo (games, trinomial): {} (95%){}",
        elo_text(tally.by_games()),
        los(tally.by_games())
    ));
    lines.push(format!(
        "Elo (pairs, pentanomial): {} (95%){}",
        elo_text(tally.by_pairs()),
        los(tally.by_pairs())
    ));
    let p = tally.pairs;
    lines.push(format!(
        "Pairs: {}, by points 0, 1/2, 1, 3/2, 2: [{}, {}, {}, {}, {}] ({} of the 1-point pairs a win and a loss)",
        tally.pair_count(),
        p[0],
        p[1],
        p[2],
        p[3],
        p[4],
        tally.split_pairs
    ));
    if let Some(sprt) = &options.sprt {
        let decision = match standing.decision {
            Some(Decision::H0) => "H0 accepted",
            Some(Decision::H1) => "H1 accepted",
            None => "no decision",
        };
        lines.push(format!(
            "SPRT [{}, {}] alpha {} beta {}: LLR {:.2} (bounds {:.2}, {:.2}): {decision}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            standing.llr,
            sprt.lower_bound(),
            sprt.upper_bound()
        ));
    }
    let endings: Vec<String> = standing
        .endings
        .iter()
        .map(|(kind, count)| format!("{kind} {count}"))
        .collect();
    lines.push(format!("Endings: {}", endings.join(", ")));
    for (index, name) in names.iter().enumerate() {
        lines.push(format!(
            "Time losses, crashes, hangs, illegal moves of {name}: {}",
            faults_text(&standing.faults[index])
        ));
    }
    lines.join("\n")
}

/// An estimate as JSON.
fn estimate_json(estimate: Option<Estimate>) -> serde_json::Value {
    match estimate {
        None => serde_json::Value::Null,
        Some(e) => serde_json::json!({
            "score": e.score,
            "elo": e.elo,
            "error95": e.margin,
            "los": e.los,
        }),
    }
}

/// How the games of a summary were played.
struct Run<'a> {
    /// The command line of this match.
    command: &'a str,
    /// The command lines of the earlier matches it continues, oldest first.
    continues: &'a [String],
    /// The PGN files of the earlier matches and of this one, oldest first.
    pgn_files: &'a [String],
    /// Seconds of all of them.
    seconds: f64,
    /// The openings of this match in words.
    openings: &'a str,
    /// Whether the match has ended: `false` in the summary written after each pair.
    ended: bool,
}

/// The JSON summary.
fn json_summary(
    options: &MatchOptions,
    standing: &Standing,
    names: [&str; 2],
    run: &Run<'_>,
) -> serde_json::Value {
    let tally = &standing.tally;
    let experiment = Experiment::of(options);
    let faults: serde_json::Map<String, serde_json::Value> = names
        .iter()
        .enumerate()
        .map(|(index, name)| {
            let counts: serde_json::Map<String, serde_json::Value> = Fault::ALL
                .iter()
                .map(|fault| {
                    let count = standing.faults[index]
                        .get(fault.key())
                        .copied()
                        .unwrap_or(0);
                    (fault.key().to_string(), count.into())
                })
                .collect();
            ((*name).to_string(), counts.into())
        })
        .collect();
    let sprt = options.sprt.map(|sprt| {
        serde_json::json!({
            "elo0": sprt.elo0,
            "elo1": sprt.elo1,
            "alpha": sprt.alpha,
            "beta": sprt.beta,
            "model": "logistic, pentanomial",
            "llr": standing.llr,
            "lower_bound": sprt.lower_bound(),
            "upper_bound": sprt.upper_bound(),
            "result": match standing.decision {
                Some(Decision::H0) => "H0",
                Some(Decision::H1) => "H1",
                None => "none",
            },
        })
    });
    serde_json::json!({
        "command": run.command,
        "continues": run.continues,
        "pgn_files": run.pgn_files,
        "engines": names,
        "engine_commands": [options.engines[0].command.join(" "), options.engines[1].command.join(" ")],
        "setups": experiment.setups,
        "rules": experiment.rules,
        "variant": options.variant.name(),
        "limit": options.limit.text(),
        "openings": run.openings,
        "seconds": run.seconds,
        "ended": run.ended,
        "games": tally.games(),
        "wins": tally.wins,
        "draws": tally.draws,
        "losses": tally.losses,
        "points": tally.points(),
        "pentanomial": tally.pairs,
        "win_loss_pairs": tally.split_pairs,
        "elo_games": estimate_json(tally.by_games()),
        "elo_pairs": estimate_json(tally.by_pairs()),
        "sprt": sprt,
        "endings": standing.endings,
        "faults": faults,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_in_words() {
        assert_eq!(elo_text(None), "none (no games)");
        let mut tally = Tally::default();
        tally.add_game(1.0);
        assert_eq!(elo_text(tally.by_games()), "undefined (a score of 100%)");
        tally.add_game(0.0);
        assert!(
            elo_text(tally.by_games()).starts_with("+0.0 ± "),
            "{}",
            elo_text(tally.by_games())
        );
        tally.add_game(0.5);
        tally.add_game(0.5);
        tally.add_game(1.0);
        assert!(
            elo_text(tally.by_games()).starts_with("+70.4 ± "),
            "{}",
            elo_text(tally.by_games())
        );
    }

    #[test]
    fn words_are_quoted_for_the_shell() {
        assert_eq!(shell_quote("--engine"), "--engine");
        assert_eq!(
            shell_quote("cmd=target/release/outpost,option.Hash=16"),
            "cmd=target/release/outpost,option.Hash=16"
        );
        assert_eq!(
            shell_quote("option.Move Overhead=50"),
            "'option.Move Overhead=50'"
        );
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn faults_in_words() {
        let mut faults = BTreeMap::new();
        assert_eq!(faults_text(&faults), "none");
        faults.insert("crash", 2);
        faults.insert("time", 1);
        assert_eq!(faults_text(&faults), "1 time loss, 2 crashes");
    }
}
