//! `cargo xtask spsa`: tunes spin options of a UCI engine (Outpost's search parameters, in
//! the build with the cargo feature `tune`) by SPSA over games of the engine against itself,
//! the two sides' parameters moved apart in random directions each pair of games
//! ([`schedule`]). The games are `cargo xtask match`'s, with its limits, openings,
//! adjudication and checks; the state is written after every pair, so that a run can be
//! stopped and resumed.

mod schedule;
mod spin;

use crate::match_runner::{self, EngineSpec, MatchOptions, Record};
use crate::Verdict;
use schedule::{Param, Perturbation, Spsa};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A parameter asked for on the command line.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamRequest {
    /// The spin option's name.
    pub name: String,
    /// Its perturbation at the end of the run, if given.
    pub c_end: Option<f64>,
}

/// Everything `cargo xtask spsa` was asked.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaOptions {
    /// The games: the engine as both sides, the limit, the openings, concurrency, the PGN.
    pub games: MatchOptions,
    /// The parameters to tune (from the state when resuming).
    pub params: Vec<ParamRequest>,
    /// Game pairs, one iteration each, if given ([`DEFAULT_PAIRS`] for a new run; the
    /// state's when resuming).
    pub pairs: Option<u64>,
    /// The learning rate at the end of the run, if given ([`DEFAULT_R_END`] for a new run;
    /// the state's when resuming).
    pub r_end: Option<f64>,
    /// The state file, written after every pair.
    pub state: PathBuf,
    /// Go on from the state file.
    pub resume: bool,
}

/// Game pairs of a run unless `--pairs` says otherwise.
pub const DEFAULT_PAIRS: u64 = 1000;
/// The learning rate at the last pair unless `--r-end` says otherwise (Fishtest's).
pub const DEFAULT_R_END: f64 = 0.002;
/// At most this many different openings are prepared; a longer run plays them again.
const MAX_OPENINGS: usize = 10_000;

/// The perturbation at the end of a run of a parameter whose range is `min..=max`, unless
/// the command line gives one: a twentieth of the range, at least 1 (less moves no integer).
fn default_c_end(min: f64, max: f64) -> f64 {
    ((max - min) / 20.0).max(1.0)
}

/// What the games of a run are, as the state keeps it: resuming with other games would mix
/// two experiments.
fn games_text(games: &MatchOptions, openings_text: &str) -> String {
    format!(
        "{}, {}, openings: {openings_text}",
        games.limit.text(),
        games.variant.name()
    )
}

/// The run to continue: the state file's when resuming (checked against the command line
/// and the engine), else a new one from the engine's spin options (each starting at the
/// value the engine spec sets, or its default).
fn start(options: &SpsaOptions, games: &str) -> Result<Spsa, String> {
    let state = options.state.display();
    let engine = &options.games.engines[0];
    let offered = spin::spin_options(engine, options.games.init_timeout)?;
    let find = |name: &str| -> Result<&spin::SpinOption, String> {
        offered
            .iter()
            .find(|spin| spin.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let names: Vec<&str> = offered.iter().map(|spin| spin.name.as_str()).collect();
                format!(
                    "{} has no spin option '{name}' (it has: {}; Outpost's search parameters \
                     are options only in the build with --features tune)",
                    engine.name,
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                )
            })
    };
    if options.resume {
        let text = std::fs::read_to_string(&options.state)
            .map_err(|error| format!("{state}: {error} (a new run starts without --resume)"))?;
        let spsa: Spsa = serde_json::from_str(&text)
            .map_err(|error| format!("{state}: not an SPSA state: {error}"))?;
        spsa.check().map_err(|error| format!("{state}: {error}"))?;
        if spsa.games != games {
            return Err(format!(
                "{state} was played with {}, not {games}: resume with the same game options",
                spsa.games
            ));
        }
        for request in &options.params {
            let saved = spsa
                .params
                .iter()
                .find(|param| param.name.eq_ignore_ascii_case(&request.name))
                .ok_or_else(|| format!("{state} does not tune {}", request.name))?;
            if request.c_end.is_some_and(|c_end| c_end != saved.c_end) {
                return Err(format!(
                    "{state} tunes {} with c_end {}",
                    saved.name, saved.c_end
                ));
            }
        }
        if options.pairs.is_some_and(|pairs| pairs != spsa.iterations) {
            return Err(format!("{state} is a run of {} pairs", spsa.iterations));
        }
        if options
            .r_end
            .is_some_and(|r_end| spsa.params.iter().any(|p| p.r_end != r_end))
        {
            return Err(format!("{state} was started with another --r-end"));
        }
        for param in &spsa.params {
            find(&param.name)?;
        }
        return Ok(spsa);
    }
    if options.state.exists() {
        return Err(format!(
            "{state} exists: --resume goes on from it; to start again, remove it or name \
             another --state"
        ));
    }
    if options.params.is_empty() {
        return Err("name the parameters to tune with --param".to_string());
    }
    let mut params: Vec<Param> = Vec::new();
    for request in &options.params {
        let spin = find(&request.name)?;
        if params.iter().any(|param| param.name == spin.name) {
            return Err(format!("--param {} is given twice", spin.name));
        }
        let (min, max) = (spin.min as f64, spin.max as f64);
        let start = match engine.option(&spin.name) {
            Some(text) => text
                .trim()
                .parse::<f64>()
                .map_err(|_| format!("option.{}={text} is not a number", spin.name))?,
            None => spin.default as f64,
        };
        if !(min..=max).contains(&start) {
            return Err(format!(
                "{} starts at {start}, outside its range {}..={}",
                spin.name, spin.min, spin.max
            ));
        }
        params.push(Param {
            name: spin.name.clone(),
            value: start,
            min,
            max,
            c_end: request.c_end.unwrap_or_else(|| default_c_end(min, max)),
            r_end: options.r_end.unwrap_or(DEFAULT_R_END),
        });
    }
    let spsa = Spsa::new(
        params,
        options.pairs.unwrap_or(DEFAULT_PAIRS),
        games.to_string(),
    );
    spsa.check()?;
    Ok(spsa)
}

/// The games of one pair: the engine with the `plus` values against itself with the `minus`
/// values.
fn pair_games(options: &SpsaOptions, spsa: &Spsa, perturbation: &Perturbation) -> MatchOptions {
    let side = |name: &str, values: &[i64]| -> EngineSpec {
        let mut engine = options.games.engines[0].clone();
        engine.name = name.to_string();
        for (param, value) in spsa.params.iter().zip(values) {
            engine
                .options
                .retain(|(option, _)| !option.eq_ignore_ascii_case(&param.name));
            engine.options.push((param.name.clone(), value.to_string()));
        }
        engine
    };
    MatchOptions {
        engines: [
            side("plus", &perturbation.plus),
            side("minus", &perturbation.minus),
        ],
        ..options.games.clone()
    }
}

/// The `plus` side's points minus the `minus` side's over the games of a pair.
fn pair_result(records: &[Record; 2]) -> f64 {
    records
        .iter()
        .map(|record| 2.0 * record.points() - 1.0)
        .sum()
}

/// The values as engine spec tokens: `option.a=1,option.b=2`.
fn option_tokens(spsa: &Spsa) -> String {
    spsa.params
        .iter()
        .map(|param| format!("option.{}={}", param.name, param.value.round() as i64))
        .collect::<Vec<_>>()
        .join(",")
}

/// Makes the folder of the file `path` if it is missing.
fn make_folder_of(path: &Path) -> Result<(), String> {
    match path
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
    {
        Some(parent) => std::fs::create_dir_all(parent)
            .map_err(|error| format!("{}: {error}", parent.display())),
        None => Ok(()),
    }
}

/// The file at `path` opened to append to (made, with its folder, if missing).
fn append_to(path: &Path) -> Result<std::fs::File, String> {
    make_folder_of(path)?;
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|error| format!("{}: {error}", path.display()))
}

/// Writes the state (to a temporary file first, so that a stop leaves a whole one).
fn save(spsa: &Spsa, path: &Path) -> Result<(), String> {
    make_folder_of(path)?;
    let text = serde_json::to_string_pretty(spsa).map_err(|error| error.to_string())?;
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".part");
    std::fs::write(&temporary, text + "\n")
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|error| format!("{}: {error}", path.display()))
}

/// Runs (or resumes) the tuning.
pub fn run(options: &SpsaOptions) -> Result<Verdict, String> {
    let mut games = options.games.clone();
    if games.openings.is_none() && games.random_plies == 0 {
        return Err(
            "SPSA needs varied openings: --openings FILE, or --random-plies N from the start"
                .to_string(),
        );
    }
    // The openings of pair k are the same whatever the run's length: one list, cycled.
    games.games = Some(2 * MAX_OPENINGS);
    let (openings, openings_text) = match_runner::pair_openings(&games)?;
    let mut spsa = start(options, &games_text(&games, &openings_text))?;
    // The state is written once before the games, so that an unusable --state stops the run
    // before any game is played.
    save(&spsa, &options.state)?;
    println!(
        "SPSA of {} over {} pairs ({} done), {}, concurrency {}",
        options.games.engines[0].name, spsa.iterations, spsa.done, spsa.games, games.concurrency
    );
    for param in &spsa.params {
        println!(
            "  {}: {:.1} in {}..={}, c_end {}, r_end {}",
            param.name, param.value, param.min, param.max, param.c_end, param.r_end
        );
    }
    let mut pgn = games.pgn.as_deref().map(append_to).transpose()?;
    let parallel = games.concurrency >= 2;
    let batch = (games.concurrency / 2).max(1) as u64;
    let began = Instant::now();
    let first = spsa.done;
    let mut faults = 0;
    while spsa.done < spsa.iterations {
        let iterations = spsa.done..(spsa.done + batch).min(spsa.iterations);
        let perturbations: Vec<Perturbation> = iterations
            .map(|k| spsa.perturb(k, &mut match_runner::generator(games.seed, 1 << 32 | k)))
            .collect();
        let played: Vec<Result<[Record; 2], String>> = std::thread::scope(|scope| {
            let threads: Vec<_> = perturbations
                .iter()
                .map(|perturbation| {
                    let pair_options = pair_games(options, &spsa, perturbation);
                    let k = perturbation.iteration as usize;
                    let opening = &openings[k % openings.len()];
                    scope
                        .spawn(move || match_runner::play_pair(&pair_options, opening, k, parallel))
                })
                .collect();
            threads
                .into_iter()
                .map(|thread| thread.join().expect("a pair's thread does not panic"))
                .collect()
        });
        for (perturbation, records) in perturbations.iter().zip(played) {
            let records = records?;
            let result = pair_result(&records);
            let plus = |points: f64| records.iter().filter(|r| r.points() == points).count();
            spsa.update(perturbation, result);
            faults += records
                .iter()
                .filter(|record| record.fault.is_some())
                .count();
            if let Some(file) = &mut pgn {
                for record in &records {
                    writeln!(file, "{}", record.pgn)
                        .and_then(|()| file.flush())
                        .map_err(|error| error.to_string())?;
                }
            }
            let values: Vec<String> = spsa
                .params
                .iter()
                .map(|param| format!("{} {:.1}", param.name, param.value))
                .collect();
            println!(
                "pair {}/{}: plus W-D-L {}-{}-{} | {}{}",
                perturbation.iteration + 1,
                spsa.iterations,
                plus(1.0),
                plus(0.5),
                plus(0.0),
                values.join(", "),
                if faults > 0 {
                    format!(" | {faults} games lost to a failure")
                } else {
                    String::new()
                }
            );
        }
        save(&spsa, &options.state)?;
    }
    let seconds = began.elapsed().as_secs_f64();
    let played = spsa.done - first;
    println!(
        "\n{played} pair{} in {seconds:.0} s; state in {}",
        if played == 1 { "" } else { "s" },
        options.state.display()
    );
    println!("Tuned values: {}", option_tokens(&spsa));
    Ok(Verdict::Passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_perturbations_move_an_integer() {
        assert_eq!(default_c_end(-100.0, 300.0), 20.0);
        assert_eq!(default_c_end(0.0, 3.0), 1.0);
    }
}
