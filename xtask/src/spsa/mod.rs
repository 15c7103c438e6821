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
    /// Game pairs, one iteration each.
    pub pairs: u64,
    /// The learning rate at the end of the run.
    pub r_end: f64,
    /// The state file, written after every pair.
    pub state: PathBuf,
    /// Go on from the state file.
    pub resume: bool,
}

/// The perturbation at the end of a run of a parameter whose range is `min..=max`, unless
/// the command line gives one: a twentieth of the range, at least 1 (less moves no integer).
fn default_c_end(min: f64, max: f64) -> f64 {
    ((max - min) / 20.0).max(1.0)
}

/// The run to continue: the state file's when resuming, else a new one from the engine's
/// spin options (each starting at the value the engine spec sets, or its default).
fn start(options: &SpsaOptions) -> Result<Spsa, String> {
    if options.resume {
        let text = std::fs::read_to_string(&options.state)
            .map_err(|error| format!("{}: {error}", options.state.display()))?;
        let spsa: Spsa = serde_json::from_str(&text)
            .map_err(|error| format!("{}: not an SPSA state: {error}", options.state.display()))?;
        let names = |params: &mut dyn Iterator<Item = &str>| params.collect::<Vec<_>>().join(", ");
        let requested = names(&mut options.params.iter().map(|p| p.name.as_str()));
        let saved = names(&mut spsa.params.iter().map(|p| p.name.as_str()));
        if !options.params.is_empty() && requested != saved {
            return Err(format!(
                "{} tunes {saved}, not {requested}",
                options.state.display()
            ));
        }
        return Ok(spsa);
    }
    if options.params.is_empty() {
        return Err("name the parameters to tune with --param".to_string());
    }
    let engine = &options.games.engines[0];
    let offered = spin::spin_options(engine, options.games.init_timeout)?;
    let mut params = Vec::new();
    for request in &options.params {
        let Some(spin) = offered.iter().find(|spin| spin.name == request.name) else {
            let names: Vec<&str> = offered.iter().map(|spin| spin.name.as_str()).collect();
            return Err(format!(
                "{} has no spin option '{}' (it has: {}; Outpost's search parameters need the \
                 build with --features tune)",
                engine.name,
                request.name,
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            ));
        };
        let (min, max) = (spin.min as f64, spin.max as f64);
        let start = match engine.option(&spin.name) {
            Some(text) => text
                .trim()
                .parse::<f64>()
                .map_err(|_| format!("option.{}={text} is not a number", spin.name))?,
            None => spin.default as f64,
        };
        params.push(Param {
            name: spin.name.clone(),
            value: start.clamp(min, max),
            min,
            max,
            c_end: request.c_end.unwrap_or_else(|| default_c_end(min, max)),
            r_end: options.r_end,
        });
    }
    Ok(Spsa::new(params, options.pairs))
}

/// The games of one pair: the engine with the `plus` values against itself with the `minus`
/// values.
fn pair_games(options: &SpsaOptions, spsa: &Spsa, perturbation: &Perturbation) -> MatchOptions {
    let side = |name: &str, values: &[i64]| -> EngineSpec {
        let mut engine = options.games.engines[0].clone();
        engine.name = name.to_string();
        for (param, value) in spsa.params.iter().zip(values) {
            engine.options.retain(|(option, _)| *option != param.name);
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
        .map(|param| format!("option.{}={}", param.name, param.value.round()))
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
    let temporary = path.with_extension("json.part");
    std::fs::write(&temporary, text + "\n")
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|error| format!("{}: {error}", path.display()))
}

/// Runs (or resumes) the tuning.
pub fn run(options: &SpsaOptions) -> Result<Verdict, String> {
    let mut spsa = start(options)?;
    let mut games = options.games.clone();
    games.games = Some(2 * spsa.iterations as usize);
    let (openings, openings_text) = match_runner::pair_openings(&games)?;
    println!(
        "SPSA of {} over {} pairs ({} done), {}, openings: {openings_text}, concurrency {}",
        options.games.engines[0].name,
        spsa.iterations,
        spsa.done,
        games.limit.text(),
        games.concurrency
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
                "pair {}/{}: plus {:+} | {}{}",
                perturbation.iteration + 1,
                spsa.iterations,
                result,
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
    println!(
        "\n{} pairs in {seconds:.0} s; state in {}",
        spsa.done - first,
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
