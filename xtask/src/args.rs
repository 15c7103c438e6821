//! Command-line parsing, by hand: `xtask <task> [options]`, options as `--name value` or
//! `--name=value`.

/// The default budget of `perft`: every published count of at most this many positions.
pub const DEFAULT_MAX_NODES: u64 = 200_000_000;
/// The default budget of `perft --quick`, small enough for CI.
pub const QUICK_MAX_NODES: u64 = 2_000_000;
/// The default depth of `hash`.
pub const DEFAULT_HASH_DEPTH: u32 = 3;
/// The deepest `hash --depth`: the check copies the board at every node, so depth 6 already
/// takes minutes.
pub const MAX_HASH_DEPTH: u32 = 8;

/// The default size of the perft table in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// The default number of runs of each fuzz target: the bar the project holds them to.
pub const DEFAULT_FUZZ_RUNS: u64 = 1_000_000;

/// The default number of self-play games of `datagen`.
pub const DEFAULT_DATAGEN_GAMES: u64 = 1000;
/// The default nodes per move of `datagen`'s games.
pub const DEFAULT_DATAGEN_NODES: u64 = 5000;
/// The default data file of `datagen` and `tune`, under `target/` (never in git).
pub const DEFAULT_DATA: &str = "target/tuning/positions.txt";
/// The generated file `tune` writes by default: the engine's compiled-in parameters.
pub const DEFAULT_TUNED: &str = "crates/eval/src/tuned.rs";
/// The default epochs of `tune`.
pub const DEFAULT_EPOCHS: usize = 200;
/// The default learning rate (Adam's step, in centipawns) of `tune`.
pub const DEFAULT_LEARNING_RATE: f64 = 1.0;
/// The default weight of `tune`'s L2 penalty on the distance from the starting values.
pub const DEFAULT_L2: f64 = 2e-8;

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Print the usage text.
    Help,
    /// Run published perft counts.
    Perft(PerftOptions),
    /// Check the incremental hash on every position.
    Hash(HashOptions),
    /// Run the cargo-fuzz targets.
    Fuzz(FuzzOptions),
    /// Compare the divides of a file with ours.
    Divide(String),
    /// Play Chess Fragments against another engine.
    FragmentsMatch(MatchOptions),
    /// Make positions for the tuner from self-play games.
    Datagen(DatagenOptions),
    /// Fit the evaluation's parameters to those positions.
    Tune(TuneOptions),
}

/// Options of `xtask datagen`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatagenOptions {
    /// Games to play.
    pub games: u64,
    /// Nodes searched per move.
    pub nodes: u64,
    /// Seed of the openings (game `i` is seeded from it and `i`).
    pub seed: u64,
    /// The file the positions are written to.
    pub out: std::path::PathBuf,
    /// Games played at once.
    pub threads: usize,
}

/// Options of `xtask tune`.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneOptions {
    /// The positions, as `datagen` writes them.
    pub data: std::path::PathBuf,
    /// The generated Rust file written at the end.
    pub out: std::path::PathBuf,
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub learning_rate: f64,
    /// How much of each position's target is the search's score (turned into a win
    /// probability) rather than the game result: 0 (default) results only.
    pub score_weight: f64,
    /// The weight of the L2 penalty on each parameter's distance from its starting value
    /// (squared, in centipawns), added to the mean squared error.
    pub l2: f64,
    /// Write today's compiled-in values unchanged, reading no data.
    pub rewrite: bool,
}

/// Options of `xtask perft`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftOptions {
    /// The EPD file as given with `--suite` (`None`: the standard positions).
    pub suite: Option<String>,
    /// Only counts of at most this many positions are run.
    pub max_nodes: u64,
    /// Threads sharing out the root moves.
    pub threads: usize,
    /// Size of the table of subtree counts in MiB (0 for none).
    pub hash_mb: usize,
}

/// Options of `xtask hash`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashOptions {
    /// The EPD files given with `--suite` (empty: the suite, then the standard positions).
    pub suites: Vec<String>,
    /// Plies walked from each position.
    pub depth: u32,
}

/// Options of `xtask fragments-match`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOptions {
    /// The command that starts Outpost (the first engine, whose results are reported).
    pub engine: String,
    /// The command that starts the opponent.
    pub opponent: String,
    /// `setoption` name and value pairs for the opponent, in order.
    pub opponent_options: Vec<(String, String)>,
    /// Games to play (each opening twice, colours swapped).
    pub games: usize,
    /// Each side's time at the start.
    pub base: std::time::Duration,
    /// Time added after each move.
    pub increment: std::time::Duration,
    /// Random plies of each opening.
    pub plies: usize,
    /// Seed of the openings.
    pub seed: u64,
    /// Where the games are written as PGN.
    pub pgn: String,
}

/// Options of `xtask fuzz`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuzzOptions {
    /// Runs (inputs tried) of each target.
    pub runs: u64,
    /// The targets given with `--target`, in order (empty: every target).
    pub targets: Vec<String>,
    /// The sanitizer the targets are built with (`none` or one that cargo-fuzz knows).
    pub sanitizer: String,
}

/// Parses the arguments after the program name. `Err` is a message for the user (exit 2).
pub fn parse(args: &[String]) -> Result<Command, String> {
    let Some((task, rest)) = args.split_first() else {
        return Err("no task given".to_string());
    };
    match task.as_str() {
        "help" | "-h" | "--help" => Ok(Command::Help),
        "perft" => parse_perft(rest),
        "hash" => parse_hash(rest),
        "fuzz" => parse_fuzz(rest),
        "fragments-match" => parse_match(rest),
        "datagen" => parse_datagen(rest),
        "tune" => parse_tune(rest),
        "divide" => match rest {
            [flag] if flag == "-h" || flag == "--help" => Ok(Command::Help),
            [file] if !file.starts_with('-') => Ok(Command::Divide(file.clone())),
            _ => Err("divide takes one argument, the file of divides".to_string()),
        },
        other if other.starts_with('-') => Err(format!("unknown option '{other}' before the task")),
        other => Err(format!("unknown task '{other}'")),
    }
}

fn parse_perft(args: &[String]) -> Result<Command, String> {
    let mut suite = None;
    let mut max_nodes = None;
    let mut quick = false;
    let mut threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let mut hash_mb = DEFAULT_HASH_MB;
    let mut args = Flags::new(args);
    while let Some((name, inline)) = args.next_flag()? {
        match name {
            "-h" | "--help" => return Ok(Command::Help),
            "--suite" => suite = Some(args.value(name, inline)?.to_string()),
            "--max-nodes" => {
                max_nodes = Some(number(name, args.value(name, inline)?, 1, u64::MAX)?);
            }
            "--threads" => threads = number(name, args.value(name, inline)?, 1, 1024)? as usize,
            "--hash" => hash_mb = number(name, args.value(name, inline)?, 0, 65_536)? as usize,
            "--quick" => {
                args.no_value(name, inline)?;
                quick = true;
            }
            other => return Err(format!("unknown option '{other}' for perft")),
        }
    }
    let default = if quick {
        QUICK_MAX_NODES
    } else {
        DEFAULT_MAX_NODES
    };
    Ok(Command::Perft(PerftOptions {
        suite,
        max_nodes: max_nodes.unwrap_or(default),
        threads,
        hash_mb,
    }))
}

fn parse_hash(args: &[String]) -> Result<Command, String> {
    let mut suites = Vec::new();
    let mut depth = DEFAULT_HASH_DEPTH;
    let mut args = Flags::new(args);
    while let Some((name, inline)) = args.next_flag()? {
        match name {
            "-h" | "--help" => return Ok(Command::Help),
            "--suite" => suites.push(args.value(name, inline)?.to_string()),
            "--depth" => {
                depth = number(
                    name,
                    args.value(name, inline)?,
                    0,
                    u64::from(MAX_HASH_DEPTH),
                )? as u32;
            }
            other => return Err(format!("unknown option '{other}' for hash")),
        }
    }
    Ok(Command::Hash(HashOptions { suites, depth }))
}

fn parse_match(args: &[String]) -> Result<Command, String> {
    let root = crate::epd::workspace_root();
    let ini = root.join("data").join("fragments-fairy-stockfish.ini");
    let mut options = MatchOptions {
        engine: root.join("target/release/outpost").display().to_string(),
        opponent: "/usr/games/fairy-stockfish".to_string(),
        opponent_options: Vec::new(),
        games: 100,
        base: std::time::Duration::from_secs(10),
        increment: std::time::Duration::from_millis(100),
        plies: 4,
        seed: 1,
        pgn: root
            .join("target/fragments-match.pgn")
            .display()
            .to_string(),
    };
    let mut given_options = Vec::new();
    let mut args = Flags::new(args);
    while let Some((name, inline)) = args.next_flag()? {
        match name {
            "-h" | "--help" => return Ok(Command::Help),
            "--engine" => options.engine = args.value(name, inline)?.to_string(),
            "--opponent" => options.opponent = args.value(name, inline)?.to_string(),
            "--opponent-option" => {
                let text = args.value(name, inline)?;
                let (key, value) = text
                    .split_once('=')
                    .ok_or_else(|| format!("{name} '{text}' is not NAME=VALUE"))?;
                given_options.push((key.to_string(), value.to_string()));
            }
            "--games" => {
                options.games = number(name, args.value(name, inline)?, 1, 100_000)? as usize;
            }
            "--plies" => options.plies = number(name, args.value(name, inline)?, 0, 20)? as usize,
            "--seed" => options.seed = number(name, args.value(name, inline)?, 0, u64::MAX)?,
            "--pgn" => options.pgn = args.value(name, inline)?.to_string(),
            "--tc" => {
                let text = args.value(name, inline)?;
                (options.base, options.increment) = time_control(text).ok_or_else(|| {
                    format!("{name} '{text}' is not BASE+INCREMENT in seconds, like 10+0.1")
                })?;
            }
            other => return Err(format!("unknown option '{other}' for fragments-match")),
        }
    }
    options.opponent_options = if given_options.is_empty() {
        // Fairy-Stockfish, taught the variant by the repository's .ini.
        vec![
            ("VariantPath".to_string(), ini.display().to_string()),
            ("UCI_Variant".to_string(), "fragments".to_string()),
            ("Threads".to_string(), "1".to_string()),
            ("Hash".to_string(), "16".to_string()),
        ]
    } else {
        given_options
    };
    Ok(Command::FragmentsMatch(options))
}

/// `10+0.1`: base and increment in seconds.
fn time_control(text: &str) -> Option<(std::time::Duration, std::time::Duration)> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |part: &str| {
        part.parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && (0.0..=86_400.0).contains(s))
            .map(std::time::Duration::from_secs_f64)
    };
    Some((seconds(base).filter(|b| !b.is_zero())?, seconds(increment)?))
}

fn parse_datagen(args: &[String]) -> Result<Command, String> {
    let root = crate::epd::workspace_root();
    let mut options = DatagenOptions {
        games: DEFAULT_DATAGEN_GAMES,
        nodes: DEFAULT_DATAGEN_NODES,
        seed: 1,
        out: root.join(DEFAULT_DATA),
        threads: 1,
    };
    let mut args = Flags::new(args);
    while let Some((name, inline)) = args.next_flag()? {
        match name {
            "-h" | "--help" => return Ok(Command::Help),
            "--games" => options.games = number(name, args.value(name, inline)?, 1, 10_000_000)?,
            "--nodes" => options.nodes = number(name, args.value(name, inline)?, 1, u64::MAX)?,
            "--seed" => options.seed = number(name, args.value(name, inline)?, 0, u64::MAX)?,
            "--out" => options.out = args.value(name, inline)?.into(),
            "--threads" => {
                options.threads = number(name, args.value(name, inline)?, 1, 1024)? as usize;
            }
            other => return Err(format!("unknown option '{other}' for datagen")),
        }
    }
    Ok(Command::Datagen(options))
}

fn parse_tune(args: &[String]) -> Result<Command, String> {
    let root = crate::epd::workspace_root();
    let mut options = TuneOptions {
        data: root.join(DEFAULT_DATA),
        out: root.join(DEFAULT_TUNED),
        epochs: DEFAULT_EPOCHS,
        learning_rate: DEFAULT_LEARNING_RATE,
        score_weight: 0.0,
        l2: DEFAULT_L2,
        rewrite: false,
    };
    let mut args = Flags::new(args);
    while let Some((name, inline)) = args.next_flag()? {
        match name {
            "-h" | "--help" => return Ok(Command::Help),
            "--data" => options.data = args.value(name, inline)?.into(),
            "--out" => options.out = args.value(name, inline)?.into(),
            "--epochs" => {
                options.epochs = number(name, args.value(name, inline)?, 0, 1_000_000)? as usize;
            }
            "--learning-rate" => {
                options.learning_rate = real(name, args.value(name, inline)?, 1e-6, 1e6)?;
            }
            "--score-weight" => {
                options.score_weight = real(name, args.value(name, inline)?, 0.0, 1.0)?;
            }
            "--l2" => options.l2 = real(name, args.value(name, inline)?, 0.0, 1.0)?,
            "--rewrite" => {
                args.no_value(name, inline)?;
                options.rewrite = true;
            }
            other => return Err(format!("unknown option '{other}' for tune")),
        }
    }
    Ok(Command::Tune(options))
}

/// A number from `low` to `high`, such as `0.5`.
fn real(name: &str, text: &str, low: f64, high: f64) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|x| (low..=high).contains(x))
        .ok_or_else(|| format!("{name} '{text}' is not a number from {low} to {high}"))
}

fn parse_fuzz(args: &[String]) -> Result<Command, String> {
    let mut options = FuzzOptions {
        runs: DEFAULT_FUZZ_RUNS,
        targets: Vec::new(),
        sanitizer: "none".to_string(),
    };
    let mut args = Flags::new(args);
    while let Some((name, inline)) = args.next_flag()? {
        match name {
            "-h" | "--help" => return Ok(Command::Help),
            "--runs" => options.runs = number(name, args.value(name, inline)?, 1, u64::MAX)?,
            "--target" => options.targets.push(args.value(name, inline)?.to_string()),
            "--sanitizer" => {
                let sanitizer = args.value(name, inline)?;
                if !matches!(sanitizer, "none" | "address" | "leak" | "memory" | "thread") {
                    return Err(format!(
                        "--sanitizer '{sanitizer}' is not one of none, address, leak, memory, thread"
                    ));
                }
                options.sanitizer = sanitizer.to_string();
            }
            other => return Err(format!("unknown option '{other}' for fuzz")),
        }
    }
    Ok(Command::Fuzz(options))
}

/// Walks options, splitting `--name=value`.
struct Flags<'a> {
    rest: std::slice::Iter<'a, String>,
}

impl<'a> Flags<'a> {
    fn new(args: &'a [String]) -> Self {
        Flags { rest: args.iter() }
    }

    /// The next option's name and its `=value`, if written that way.
    fn next_flag(&mut self) -> Result<Option<(&'a str, Option<&'a str>)>, String> {
        let Some(arg) = self.rest.next() else {
            return Ok(None);
        };
        if !arg.starts_with('-') {
            return Err(format!(
                "unexpected argument '{arg}' (options start with --)"
            ));
        }
        Ok(Some(match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value)),
            _ => (arg.as_str(), None),
        }))
    }

    /// The value of option `name`: the `=value` or the next argument.
    fn value(&mut self, name: &str, inline: Option<&'a str>) -> Result<&'a str, String> {
        inline
            .or_else(|| self.rest.next().map(String::as_str))
            .ok_or_else(|| format!("{name} needs a value"))
    }

    /// Rejects `--flag=value` for an option that takes none.
    fn no_value(&self, name: &str, inline: Option<&str>) -> Result<(), String> {
        match inline {
            Some(value) => Err(format!("{name} takes no value (got '{value}')")),
            None => Ok(()),
        }
    }
}

/// A whole number from `low` to `high`; `_` may separate digits (`2_000_000`).
fn number(name: &str, text: &str, low: u64, high: u64) -> Result<u64, String> {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    let valid =
        !digits.is_empty() && !text.starts_with('_') && digits.bytes().all(|b| b.is_ascii_digit());
    valid
        .then(|| digits.parse::<u64>().ok())
        .flatten()
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| {
            if high == u64::MAX {
                format!("{name} '{text}' is not a whole number of at least {low}")
            } else {
                format!("{name} '{text}' is not a whole number from {low} to {high}")
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(line: &str) -> Result<Command, String> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        parse(&args)
    }

    fn perft_options(line: &str) -> PerftOptions {
        match parse_words(line) {
            Ok(Command::Perft(options)) => options,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn perft_budgets() {
        assert_eq!(perft_options("perft").max_nodes, DEFAULT_MAX_NODES);
        assert_eq!(perft_options("perft --quick").max_nodes, QUICK_MAX_NODES);
        assert_eq!(
            perft_options("perft --quick --max-nodes 5_000").max_nodes,
            5_000
        );
        let options = perft_options("perft --suite=x.epd --threads 3 --hash=0");
        assert_eq!(options.suite.as_deref(), Some("x.epd"));
        assert_eq!((options.threads, options.hash_mb), (3, 0));
    }

    #[test]
    fn hash_options() {
        assert_eq!(
            parse_words("hash --suite a --suite b --depth 2"),
            Ok(Command::Hash(HashOptions {
                suites: vec!["a".into(), "b".into()],
                depth: 2
            }))
        );
    }

    #[test]
    fn fuzz_options() {
        assert_eq!(
            parse_words("fuzz"),
            Ok(Command::Fuzz(FuzzOptions {
                runs: DEFAULT_FUZZ_RUNS,
                targets: vec![],
                sanitizer: "none".into()
            }))
        );
        assert_eq!(
            parse_words("fuzz --runs 2_000 --target fen --target=pgn --sanitizer address"),
            Ok(Command::Fuzz(FuzzOptions {
                runs: 2000,
                targets: vec!["fen".into(), "pgn".into()],
                sanitizer: "address".into()
            }))
        );
    }

    #[test]
    fn datagen_and_tune_options() {
        match parse_words("datagen --games 20 --nodes=800 --seed 5 --out x.txt --threads 2") {
            Ok(Command::Datagen(options)) => {
                assert_eq!(
                    (options.games, options.nodes, options.seed, options.threads),
                    (20, 800, 5, 2)
                );
                assert_eq!(options.out, std::path::PathBuf::from("x.txt"));
            }
            other => panic!("{other:?}"),
        }
        match parse_words("tune --data d --out o.rs --epochs 3 --learning-rate 0.5 --rewrite") {
            Ok(Command::Tune(options)) => {
                assert_eq!((options.epochs, options.learning_rate), (3, 0.5));
                assert_eq!(options.l2, DEFAULT_L2);
                assert!(options.rewrite);
                assert_eq!(options.out, std::path::PathBuf::from("o.rs"));
            }
            other => panic!("{other:?}"),
        }
        assert!(parse_words("tune --learning-rate -1").is_err());
        assert!(parse_words("tune --score-weight 2").is_err());
        assert!(parse_words("tune --l2 -1").is_err());
        match parse_words("tune --l2 0") {
            Ok(Command::Tune(options)) => assert_eq!(options.l2, 0.0),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn mistakes_are_messages() {
        for (line, expected) in [
            ("", "no task"),
            ("bench", "unknown task"),
            ("perft --max-nodes", "needs a value"),
            ("perft --max-nodes lots", "not a whole number"),
            ("perft --max-nodes 0", "not a whole number"),
            ("perft --threads 0", "from 1 to 1024"),
            ("perft --quick=yes", "takes no value"),
            ("perft --depth 3", "unknown option"),
            ("perft extra", "unexpected argument"),
            ("hash --depth 99", "from 0 to 8"),
            ("hash --depth _3", "not a whole number"),
            ("fuzz --runs 0", "not a whole number of at least 1"),
            ("fuzz --target", "needs a value"),
            ("fuzz --sanitizer asan", "not one of"),
            ("fuzz --jobs 2", "unknown option"),
        ] {
            let error = parse_words(line).expect_err(line);
            assert!(error.contains(expected), "{line}: {error}");
        }
        assert_eq!(parse_words("perft --help"), Ok(Command::Help));
        assert_eq!(parse_words("help"), Ok(Command::Help));
    }
}
