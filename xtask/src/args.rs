//! Command-line parsing with clap: `xtask <task> [options]`, options as `--name value` or
//! `--name=value`. The clap structs below are the command line as the user writes it
//! (their doc comments are the `--help` text); [`parse`] turns them into the options the
//! tasks take.

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;

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
    /// Run published perft counts.
    Perft(PerftOptions),
    /// Check the incremental hash on every position.
    Hash(HashOptions),
    /// Run the cargo-fuzz targets.
    Fuzz(FuzzOptions),
    /// Compare the divides of a file with ours.
    Divide(String),
    /// Play a match between two engines (UCI or xboard).
    Match(Box<crate::match_runner::MatchOptions>),
    /// Make positions for the tuner from self-play games.
    Datagen(DatagenOptions),
    /// Fit the evaluation's parameters to those positions.
    Tune(TuneOptions),
    /// Tune an engine's spin options by SPSA over games against itself.
    Spsa(Box<crate::spsa::SpsaOptions>),
    /// Where an engine's lost games turned.
    Turns(crate::turns::TurnsOptions),
    /// Positions for the tuner from an engine's games in a match's PGN.
    PgnPositions(crate::pgn_positions::PgnPositionsOptions),
    /// `cargo xtask compare`.
    Compare(crate::compare::CompareOptions),
    /// Build the page as a static site with the engine in WebAssembly.
    Site(SiteOptions),
    /// Compare the WebAssembly build with the native one.
    WasmCheck(WasmCheckOptions),
    /// Write (or, when true, only check) the generated tables of the crates.
    Tables {
        /// Compare the committed files with the generators' output instead of writing them.
        check: bool,
    },
}

/// Options of `xtask wasm-check`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WasmCheckOptions {
    /// Perft counts of at most this many positions are compared.
    pub max_nodes: u64,
    /// The seed of the random games.
    pub seed: u64,
    /// Positions evaluated.
    pub positions: usize,
}

/// Options of `xtask site`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteOptions {
    /// The folder written (emptied first).
    pub out: PathBuf,
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
    /// The number of the first game: a shard of a larger set (games `first_game` to
    /// `first_game + games - 1`), so that shards made apart and joined in order are the file
    /// one run would write.
    pub first_game: u64,
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
    /// Held-out positions: the error against their game results, before and after the fit,
    /// is printed, to compare fits (score weights, penalties, terms) on data they did not see.
    pub validate: Option<std::path::PathBuf>,
    /// Write today's compiled-in values unchanged, reading no data.
    pub rewrite: bool,
    /// Fit only these groups of parameters (their `tuned.rs` constant names, such as
    /// `CONNECTED`), the others kept as they are; empty: every parameter.
    pub only: Vec<String>,
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

/// Options of `xtask fuzz`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuzzOptions {
    /// Runs (inputs tried) of each target.
    pub runs: u64,
    /// The targets given with `--target`, in order (empty: every target).
    pub targets: Vec<String>,
    /// The sanitizer the targets are built with (`none` or one that cargo-fuzz knows).
    pub sanitizer: String,
    /// libFuzzer's seed (`None`: its own, new each run), so that a run can be repeated.
    pub seed: Option<u32>,
}

/// Outpost's development tasks.
#[derive(Debug, Parser)]
#[command(
    name = "xtask",
    bin_name = "cargo xtask",
    version,
    subcommand_required = true,
    arg_required_else_help = true,
    after_help = "A relative --suite FILE not found from the current directory is looked up \
from the workspace root. Options may also be written --name=value.

Exit codes: 0 all good, 1 a count, check or fuzz target failed, 2 bad arguments or input, \
or the nightly toolchain, cargo-fuzz or a build that fuzzing needs is missing."
)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// Run every published perft count of an EPD file that is at most N positions and
    /// compare it with ours; one line per count, then a total.
    Perft(PerftArgs),
    /// Walk N plies from every position, comparing the incremental hash and the board with
    /// ones computed from scratch after every make and unmake, and the count with the
    /// published one; stop at the first failure.
    Hash(HashArgs),
    /// Compare another engine's perft divides with ours, move by move: FILE holds blocks of
    /// a `position FEN ;depth N` line and `MOVE COUNT` lines (as
    /// scripts/fragments-reference.py writes from Fairy-Stockfish); one line per block, then
    /// every move one side lacks and every count that differs.
    Divide {
        /// The file of divides
        #[arg(value_name = "FILE")]
        file: String,
    },
    /// Play a match between two engines (UCI or xboard), every move checked by Outpost's rules; Elo
    /// from games and from game pairs, and an SPRT that stops the match when it decides.
    ///
    /// A clock with increment, or fixed nodes, movetime or depth; openings from EPD, FEN or
    /// PGN (or random plies), each played with both colours; concurrency; resign and draw
    /// adjudication; standard chess, Chess960 and Chess Fragments; time losses, crashes,
    /// hangs and illegal moves counted; the games as PGN, a JSON summary.
    ///
    /// One line per finished game: the result, W-D-L, score, Elo ± 95% and, with --sprt, the
    /// LLR and its bounds. Each game starts fresh engine processes; an engine that fails
    /// loses that game and the match goes on. Exit code 2 when an engine cannot be started.
    Match(Box<crate::match_runner::MatchArgs>),
    /// Run the cargo-fuzz targets of fuzz/ one after the other, each for N inputs, and print
    /// a table of runs, seconds and result.
    ///
    /// Needs the nightly toolchain; installs cargo-fuzz (cargo install cargo-fuzz --locked)
    /// when it is missing. New inputs go to target/fuzz/corpus/, libFuzzer's output to
    /// target/fuzz/logs/; a failing input is copied to fuzz/regressions/NAME/ (replayed by
    /// cargo test from then on) and the command that reproduces it is printed.
    Fuzz(FuzzArgs),
    /// Self-play games for the tuner by Outpost's search, as `FEN;result;score` lines.
    ///
    /// Outpost's search as a library, one thread per game, a fresh 8 MiB table each:
    /// openings of 8 random plies from seed S, N nodes a move, refereed by the rules (mate,
    /// stalemate, fifty moves, repetition, material), adjudicated at 1000 cp for 6 plies
    /// (win) or within 10 cp for 12 plies after ply 80 (draw). Keeps the positions where the
    /// side to move is not in check and the best move is neither a capture nor a promotion,
    /// as `FEN;result;score` lines (result 1.0, 0.5 or 0.0 and score in centipawns, both from
    /// white's view). The same seed gives the same file with any number of threads.
    Datagen(DatagenArgs),
    /// Texel's method: fit the evaluation's parameters to datagen's positions, written as
    /// Rust.
    ///
    /// Fits K of sigmoid(K * eval) to the results first, then every evaluation parameter at
    /// once by Adam on batches of 4096 positions, printing the mean squared error after each
    /// epoch; writes the rounded values as Rust. The means of the piece-square and mobility
    /// tables stay where they started (they would trade places with the piece values).
    Tune(TuneArgs),
    /// SPSA: tune spin options of a UCI engine (Outpost's search parameters, in the build
    /// with `--features tune`) by games of the engine against itself.
    ///
    /// Each pair of games (one opening, both colours) is one iteration: every parameter is
    /// moved up or down at random by its perturbation, one side plays with the values moved
    /// one way (plus), the other the other way (minus), and each value steps towards the side
    /// that scored more. Perturbations and steps shrink over the run as in Fishtest (alpha
    /// 0.602, gamma 0.101, A a tenth of the pairs) to C_END and R_END * C_END^2 at the last
    /// pair. The games are `match`'s (the same limits, openings, adjudication and checks);
    /// --concurrency 2N plays N pairs at once. One line per pair: its result and the values so
    /// far; the state (values, pairs done, what the games are) is written to --state after
    /// each, and --resume goes on from it with the same game options (a new run refuses to
    /// overwrite a state). The openings must vary: --openings FILE or --random-plies N. At the end the values are printed as engine spec tokens, ready for
    /// `match --engine`.
    Spsa(Box<SpsaArgs>),
    /// Where an engine's lost games turned: in each game of a match's PGN it lost, the first
    /// move its opponent scored --opponent or more (the opponent's view) right after a move
    /// the engine scored --own or more (its view), counted by what was on the board; the
    /// scores are those `match` writes after each move.
    Turns {
        /// The match's games (`match --pgn`)
        #[arg(value_name = "PGN")]
        pgn: PathBuf,
        /// The engine, as the White and Black tags name it
        #[arg(long, value_name = "NAME", default_value = "outpost")]
        engine: String,
        /// The engine's score, in centipawns (-30 is -0.30), at or above which it did not see its loss
        #[arg(long, value_name = "CP", default_value_t = -30, allow_hyphen_values = true)]
        own: i32,
        /// The opponent's score, in centipawns (150 is +1.50), from which it saw its win
        #[arg(
            long,
            value_name = "CP",
            default_value_t = 150,
            allow_hyphen_values = true
        )]
        opponent: i32,
        /// Print each turn: round, ply, both scores, its kind and the position
        #[arg(long)]
        list: bool,
    },
    /// Positions for the tuner from an engine's games in a match's PGN, as `datagen`'s
    /// `FEN;result;score` lines.
    ///
    /// Keeps, as datagen does, the positions where the side to move is not in check and the
    /// move played is neither a capture nor a promotion, each with the game's result and the
    /// engine's score (the comments `match` writes): its score of its move where it was to
    /// move, of its move before where its opponent was. With --heldout, the games of every
    /// --heldout-every-th round (both colours of an opening) go to that file instead, for
    /// `tune --validate`.
    PgnPositions {
        /// The match's games (`match --pgn`)
        #[arg(value_name = "PGN")]
        pgn: PathBuf,
        /// The engine, as the White and Black tags name it
        #[arg(long, value_name = "NAME", default_value = "outpost")]
        engine: String,
        /// The file the positions are written to
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// The file the held-out rounds' positions are written to [default: none held out]
        #[arg(long, value_name = "FILE")]
        heldout: Option<PathBuf>,
        /// With --heldout: the rounds whose number this divides are held out
        #[arg(long, value_name = "N", default_value_t = 5, value_parser = at_least_one, requires = "heldout")]
        heldout_every: u64,
    },
    /// Compare two matches of the same openings, opening by opening: an engine's points over
    /// each opening's two games in the second match less those in the first, their mean with
    /// its 95% interval, and the Elo difference.
    ///
    /// For two builds of an engine played against the same opponent with the same
    /// --openings, --order and --seed of `match`, which give each round the same opening
    /// (Round tags "12.1" and "12.2" for both colours of opening 12): the difference leaves
    /// out what makes an opening hard for the engine, so its interval is a little narrower
    /// than that of two matches on different openings. An opening counts when both files hold
    /// both its games, finished; the games left out are counted. A round that plays another
    /// opening in one file (their Opening tags differ), or holds two games of the engine with
    /// one colour, is an error.
    Compare {
        /// The first match's games (`match --pgn`): the build before
        #[arg(value_name = "FIRST_PGN")]
        base: PathBuf,
        /// The second match's games: the build after
        #[arg(value_name = "SECOND_PGN")]
        new: PathBuf,
        /// The engine, as the White and Black tags of the first file name it
        #[arg(long, value_name = "NAME", default_value = "outpost")]
        engine: String,
        /// Its name in the second file [default: the same as --engine]
        #[arg(long, value_name = "NAME")]
        second_engine: Option<String>,
    },
    /// Build Outpost's page as static files any web server serves, at any path: the page,
    /// its script and style, cm-chessboard, and the engine compiled to WebAssembly for a Web
    /// Worker, with its JavaScript glue.
    ///
    /// Installs what it needs when missing (scripts/install-wasm-tools.sh: Rust's
    /// wasm32-unknown-unknown target, wasm-bindgen-cli of the version in Cargo.lock).
    Site {
        /// The folder to write (emptied first; relative to the workspace root)
        #[arg(long, value_name = "DIR", default_value = "target/site")]
        out: PathBuf,
    },
    /// Check that the engine compiled to WebAssembly is the native one: build it for wasm32,
    /// run it under Node.js, and compare bench's node count, perft counts (the six standard
    /// positions, 40 Chess960 and 20 Chess Fragments positions) and the evaluation of
    /// positions from random games with the native build's, line by line.
    ///
    /// Installs what it needs when missing (scripts/install-wasm-tools.sh); needs Node.js.
    WasmCheck {
        /// Compare perft counts of at most N positions
        #[arg(long, value_name = "N", default_value_t = 1_000_000)]
        max_nodes: u64,
        /// The seed of the random games
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Positions to evaluate
        #[arg(long, value_name = "N", default_value_t = 10_000)]
        positions: usize,
    },
    /// Write the generated tables the crates compile in: the Zobrist keys
    /// (crates/board/src/zobrist_keys.rs, ChaCha8 with a fixed seed) and the rook and bishop
    /// magic numbers (crates/movegen/src/magics.rs, a search seeded the same way).
    ///
    /// The files are committed so that a crate depending on outpost-board or outpost-movegen
    /// runs no build script; the same seeds always give the same files.
    Tables {
        /// Write nothing: fail (exit code 1) when a committed file differs from what would
        /// be written
        #[arg(long)]
        check: bool,
    },
}

#[derive(Debug, Args)]
struct SpsaArgs {
    /// The engine, once (it plays itself): `cmd=COMMAND,option.NAME=VALUE`, as `match
    /// --engine`; an option it sets is where that parameter starts
    #[arg(long, value_name = "SPEC", value_parser = crate::match_runner::spec_tokens)]
    engine: crate::match_runner::SpecTokens,
    /// A spin option to tune, with its perturbation at the last pair: NAME or NAME=C_END
    /// [default C_END: a twentieth of its range, at least 1]; once per option (not needed
    /// with --resume)
    #[arg(long = "param", value_name = "NAME[=C_END]", value_parser = param_request)]
    params: Vec<crate::spsa::ParamRequest>,
    /// Game pairs to play, one iteration each [default: 1000; with --resume the state's]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pairs: Option<u64>,
    /// The learning rate at the last pair: a value moves by R_END * C_END per point of
    /// result there [default: 0.002; with --resume the state's]
    #[arg(long, value_name = "R", value_parser = positive_number)]
    r_end: Option<f64>,
    /// The state file, written after each pair; a new run needs it not to exist [default:
    /// target/spsa.json]
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// Go on from --state instead of starting from the engine's values
    #[arg(long)]
    resume: bool,
    /// The games as PGN, appended as they finish
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    #[command(flatten)]
    games: crate::match_runner::GameArgs,
}

/// `NAME` or `NAME=C_END` of `spsa --param`.
fn param_request(text: &str) -> Result<crate::spsa::ParamRequest, String> {
    let (name, c_end) = match text.split_once('=') {
        Some((name, c_end)) => (name, Some(positive_number(c_end)?)),
        None => (text, None),
    };
    let name = name.trim();
    if name.is_empty() {
        return Err("a parameter needs a name".to_string());
    }
    Ok(crate::spsa::ParamRequest {
        name: name.to_string(),
        c_end,
    })
}

/// A finite number above 0.
fn positive_number(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|number| number.is_finite() && *number > 0.0)
        .ok_or_else(|| format!("'{text}' is not a number above 0"))
}

#[derive(Debug, Args)]
struct PerftArgs {
    /// EPD file of `FEN ;D1 20 ;D2 400 ... ;id "name"` lines, or NAME for
    /// data/perft-NAME.epd [default: data/perft-standard.epd of the workspace]
    #[arg(long, value_name = "FILE")]
    suite: Option<String>,
    /// Largest published count to run [default: 200000000]
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    max_nodes: Option<u64>,
    /// A budget for CI: --max-nodes 2000000 unless given
    #[arg(long)]
    quick: bool,
    /// Threads sharing out the root moves, 1 to 1024 [default: all cores]
    #[arg(long, value_name = "N", value_parser = threads)]
    threads: Option<usize>,
    /// Largest table of subtree counts in MiB, 0 for none; each count gets a fresh table of
    /// 1 MiB per million positions
    #[arg(long = "hash", value_name = "MB", default_value_t = DEFAULT_HASH_MB,
        value_parser = hash_mib)]
    hash_mb: usize,
}

#[derive(Debug, Args)]
struct HashArgs {
    /// EPD file or suite NAME (as for perft) to check, may be repeated [default:
    /// data/perft-suite.epd and data/perft-standard.epd]
    #[arg(long = "suite", value_name = "FILE")]
    suites: Vec<String>,
    /// Plies, 0 to 8
    #[arg(long, value_name = "N", default_value_t = DEFAULT_HASH_DEPTH, value_parser = hash_depth)]
    depth: u32,
}

#[derive(Debug, Args)]
struct FuzzArgs {
    /// Inputs per target
    #[arg(long, value_name = "N", default_value_t = DEFAULT_FUZZ_RUNS, value_parser = at_least_one)]
    runs: u64,
    /// Only this target, may be repeated (fen, san, uci_move, pgn, uci_session, polyglot)
    /// [default: all]
    #[arg(long = "target", value_name = "NAME")]
    targets: Vec<String>,
    /// The sanitizer the targets are built with
    #[arg(long, value_name = "NAME", default_value = "none",
        value_parser = ["none", "address", "leak", "memory", "thread"])]
    sanitizer: String,
    /// libFuzzer's random seed, 1 to 4294967295, so that a run can be repeated (as CI's is)
    /// [default: a new one each run]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    seed: Option<u32>,
}

#[derive(Debug, Args)]
struct DatagenArgs {
    /// Games
    #[arg(long, value_name = "N", default_value_t = DEFAULT_DATAGEN_GAMES, value_parser = datagen_games)]
    games: u64,
    /// Nodes per move
    #[arg(long, value_name = "N", default_value_t = DEFAULT_DATAGEN_NODES, value_parser = at_least_one)]
    nodes: u64,
    /// Seed of the openings (game i is seeded from it and i)
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = any_number)]
    seed: u64,
    /// The number of the first game, for a shard of a larger set: shards joined in order
    /// are what one run of all the games writes
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = any_number)]
    first_game: u64,
    /// The file the positions are written to [default: target/tuning/positions.txt]
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Games played at once, 1 to 1024
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = threads)]
    threads: usize,
}

#[derive(Debug, Args)]
struct TuneArgs {
    /// Positions from datagen [default: target/tuning/positions.txt]
    #[arg(long, value_name = "FILE")]
    data: Option<PathBuf>,
    /// The Rust file written [default: crates/eval/src/tuned.rs, what the engine compiles in]
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Passes over the data
    #[arg(long, value_name = "N", default_value_t = DEFAULT_EPOCHS, value_parser = epochs)]
    epochs: usize,
    /// Adam's step in centipawns, 1e-6 to 1e6
    #[arg(long, value_name = "X", default_value_t = DEFAULT_LEARNING_RATE, value_parser = learning_rate)]
    learning_rate: f64,
    /// Part of each target taken from the search's score, 0 to 1 (0: game results only)
    #[arg(long, value_name = "W", default_value_t = 0.0, value_parser = fraction)]
    score_weight: f64,
    /// Weight of the penalty on each parameter's squared distance from its starting value,
    /// 0 to 1 (0 for none)
    #[arg(long, value_name = "L", default_value_t = DEFAULT_L2, value_parser = fraction)]
    l2: f64,
    /// Held-out positions from datagen (another seed or shard): prints the error against
    /// their game results before and after the fit, each with K fitted to them
    #[arg(long, value_name = "FILE")]
    validate: Option<PathBuf>,
    /// Write today's values unchanged, reading no data
    #[arg(long)]
    rewrite: bool,
    /// Fit only these groups, comma-separated, by their constants in tuned.rs in any case
    /// (such as CONNECTED,HANGING); every other parameter stays as it is, so that new terms
    /// can be fitted on less data than a fit of everything needs
    #[arg(long, value_name = "GROUPS", value_delimiter = ',')]
    only: Vec<String>,
}

/// The command line's parser, with the perft suites of `data/` named in `--suite`'s help.
fn command() -> clap::Command {
    let suites = crate::epd::suite_names();
    let listed = if suites.is_empty() {
        "none found in data/".to_string()
    } else {
        suites.join(", ")
    };
    Cli::command().mut_subcommand("perft", |perft| {
        perft.mut_arg("suite", |suite| {
            let help = format!(
                "EPD file of `FEN ;D1 20 ;D2 400 ... ;id \"name\"` lines, or NAME for \
                 data/perft-NAME.epd ({listed}) [default: data/perft-standard.epd of the workspace]"
            );
            suite.help(help)
        })
    })
}

/// Parses the command line, program name first. `Err` is clap's message (exit code 2), or
/// its help or version text (exit code 0): `error.exit()` prints either.
pub fn parse<I, T>(args: I) -> Result<Command, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut command = command();
    let matches = command.try_get_matches_from_mut(args)?;
    let cli = Cli::from_arg_matches(&matches).map_err(|error| error.format(&mut command))?;
    let root = crate::epd::workspace_root();
    Ok(match cli.task {
        Task::Perft(args) => {
            let default = if args.quick {
                QUICK_MAX_NODES
            } else {
                DEFAULT_MAX_NODES
            };
            Command::Perft(PerftOptions {
                suite: args.suite,
                max_nodes: args.max_nodes.unwrap_or(default),
                threads: args.threads.unwrap_or_else(all_cores),
                hash_mb: args.hash_mb,
            })
        }
        Task::Hash(args) => Command::Hash(HashOptions {
            suites: args.suites,
            depth: args.depth,
        }),
        Task::Divide { file } => Command::Divide(file),
        Task::Site { out } => Command::Site(SiteOptions { out }),
        Task::Tables { check } => Command::Tables { check },
        Task::Turns {
            pgn,
            engine,
            own,
            opponent,
            list,
        } => Command::Turns(crate::turns::TurnsOptions {
            pgn,
            engine,
            own,
            opponent,
            list,
        }),
        Task::PgnPositions {
            pgn,
            engine,
            out,
            heldout,
            heldout_every,
        } => Command::PgnPositions(crate::pgn_positions::PgnPositionsOptions {
            pgn,
            engine,
            out,
            heldout,
            heldout_every,
        }),
        Task::Compare {
            base,
            new,
            engine,
            second_engine,
        } => Command::Compare(crate::compare::CompareOptions {
            base,
            new,
            second_engine: second_engine.unwrap_or_else(|| engine.clone()),
            engine,
        }),
        Task::WasmCheck {
            max_nodes,
            seed,
            positions,
        } => Command::WasmCheck(WasmCheckOptions {
            max_nodes,
            seed,
            positions,
        }),
        Task::Match(args) => {
            Command::Match(Box::new((*args).into_options(&root).map_err(
                |message| command.error(clap::error::ErrorKind::ValueValidation, message),
            )?))
        }
        Task::Fuzz(args) => Command::Fuzz(FuzzOptions {
            runs: args.runs,
            targets: args.targets,
            sanitizer: args.sanitizer,
            seed: args.seed,
        }),
        Task::Datagen(args) => Command::Datagen(DatagenOptions {
            games: args.games,
            nodes: args.nodes,
            seed: args.seed,
            first_game: args.first_game,
            out: args.out.unwrap_or_else(|| root.join(DEFAULT_DATA)),
            threads: args.threads,
        }),
        Task::Spsa(args) => {
            let args = *args;
            let games = crate::match_runner::EngineSpec::from_tokens(&[], &args.engine.0)
                .and_then(|engine| args.games.into_options([engine.clone(), engine]));
            let mut games = games.map_err(|message| {
                command.error(clap::error::ErrorKind::ValueValidation, message)
            })?;
            games.pgn = args.pgn;
            Command::Spsa(Box::new(crate::spsa::SpsaOptions {
                games,
                params: args.params,
                pairs: args.pairs,
                r_end: args.r_end,
                state: args.state.unwrap_or_else(|| root.join("target/spsa.json")),
                resume: args.resume,
            }))
        }
        Task::Tune(args) => Command::Tune(TuneOptions {
            data: args.data.unwrap_or_else(|| root.join(DEFAULT_DATA)),
            out: args.out.unwrap_or_else(|| root.join(DEFAULT_TUNED)),
            epochs: args.epochs,
            learning_rate: args.learning_rate,
            score_weight: args.score_weight,
            l2: args.l2,
            validate: args.validate,
            rewrite: args.rewrite,
            only: args.only,
        }),
    })
}

fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// A number from `low` to `high`, such as `0.5`.
fn real(text: &str, low: f64, high: f64) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|x| (low..=high).contains(x))
        .ok_or_else(|| format!("not a number from {low} to {high}"))
}

fn learning_rate(text: &str) -> Result<f64, String> {
    real(text, 1e-6, 1e6)
}

fn fraction(text: &str) -> Result<f64, String> {
    real(text, 0.0, 1.0)
}

/// A whole number from `low` to `high`; `_` may separate digits (`2_000_000`).
fn number(text: &str, low: u64, high: u64) -> Result<u64, String> {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    let valid =
        !digits.is_empty() && !text.starts_with('_') && digits.bytes().all(|b| b.is_ascii_digit());
    valid
        .then(|| digits.parse::<u64>().ok())
        .flatten()
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| {
            if high == u64::MAX {
                format!("not a whole number of at least {low}")
            } else {
                format!("not a whole number from {low} to {high}")
            }
        })
}

fn any_number(text: &str) -> Result<u64, String> {
    number(text, 0, u64::MAX)
}

fn at_least_one(text: &str) -> Result<u64, String> {
    number(text, 1, u64::MAX)
}

fn threads(text: &str) -> Result<usize, String> {
    number(text, 1, 1024).map(|n| n as usize)
}

fn hash_mib(text: &str) -> Result<usize, String> {
    number(text, 0, 65_536).map(|n| n as usize)
}

fn hash_depth(text: &str) -> Result<u32, String> {
    number(text, 0, u64::from(MAX_HASH_DEPTH)).map(|n| n as u32)
}

fn datagen_games(text: &str) -> Result<u64, String> {
    number(text, 1, 10_000_000)
}

fn epochs(text: &str) -> Result<usize, String> {
    number(text, 0, 1_000_000).map(|n| n as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(line: &str) -> Result<Command, String> {
        parse(std::iter::once("xtask").chain(line.split_whitespace()))
            .map_err(|error| error.to_string())
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
                sanitizer: "none".into(),
                seed: None,
            }))
        );
        assert_eq!(
            parse_words("fuzz --runs 2_000 --target fen --target=pgn --sanitizer address --seed 7"),
            Ok(Command::Fuzz(FuzzOptions {
                runs: 2000,
                targets: vec!["fen".into(), "pgn".into()],
                sanitizer: "address".into(),
                seed: Some(7),
            }))
        );
        assert!(parse_words("fuzz --seed 0").is_err());
    }

    #[test]
    fn datagen_and_tune_options() {
        match parse_words(
            "datagen --games 20 --nodes=800 --seed 5 --out x.txt --threads 2 --first-game 40",
        ) {
            Ok(Command::Datagen(options)) => {
                assert_eq!(
                    (options.games, options.nodes, options.seed, options.threads),
                    (20, 800, 5, 2)
                );
                assert_eq!(options.first_game, 40);
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
                assert!(options.only.is_empty());
            }
            other => panic!("{other:?}"),
        }
        match parse_words("tune --only connected,HANGING") {
            Ok(Command::Tune(options)) => assert_eq!(options.only, ["connected", "HANGING"]),
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
    fn the_spsa_command() {
        let line = "spsa --engine cmd=e,option.Hash=16 --param lmr_base=10 --param delta_margin \
                    --pairs 50 --r-end 0.01 --nodes 5000 --concurrency 4 --pgn p.pgn";
        match parse_words(line) {
            Ok(Command::Spsa(options)) => {
                let names: Vec<(&str, Option<f64>)> = options
                    .params
                    .iter()
                    .map(|param| (param.name.as_str(), param.c_end))
                    .collect();
                assert_eq!(names, [("lmr_base", Some(10.0)), ("delta_margin", None)]);
                assert_eq!((options.pairs, options.r_end), (Some(50), Some(0.01)));
                assert!(!options.resume);
                assert!(options.state.ends_with("target/spsa.json"));
                let games = &options.games;
                assert_eq!(games.engines[0], games.engines[1]);
                assert_eq!(games.engines[0].options, [("Hash".into(), "16".into())]);
                assert_eq!(games.limit.text(), "nodes=5000");
                assert_eq!(games.concurrency, 4);
                assert_eq!(games.pgn, Some(std::path::PathBuf::from("p.pgn")));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn mistakes_are_messages_with_exit_code_2() {
        for (line, expected) in [
            ("", "Usage: cargo xtask <COMMAND>"),
            ("bench", "unrecognized subcommand 'bench'"),
            (
                "perft --max-nodes",
                "a value is required for '--max-nodes <N>'",
            ),
            ("perft --max-nodes lots", "not a whole number"),
            ("perft --max-nodes 0", "not a whole number of at least 1"),
            ("perft --threads 0", "from 1 to 1024"),
            ("perft --quick=yes", "unexpected value 'yes' for '--quick'"),
            ("perft --depth 3", "unexpected argument '--depth'"),
            ("perft extra", "unexpected argument 'extra'"),
            ("hash --depth 99", "from 0 to 8"),
            ("hash --depth _3", "not a whole number"),
            ("fuzz --runs 0", "not a whole number of at least 1"),
            ("fuzz --target", "a value is required for '--target <NAME>'"),
            ("fuzz --sanitizer asan", "possible values: none, address"),
            ("fuzz --jobs 2", "unexpected argument '--jobs'"),
            (
                "match --engine cmd=a --engine cmd=b --tc 0+1",
                "not BASE+INC",
            ),
            (
                "match --engine cmd=a --engine cmd=b --nodes 5 --depth 3",
                "cannot be used with",
            ),
            ("match --engine cmd=a", "--engine must be given twice"),
            ("spsa --param x", "--engine <SPEC>"),
            ("spsa --engine cmd=a --param x=0", "not a number above 0"),
            ("spsa --engine cmd=a --param =3", "needs a name"),
            ("spsa --engine cmd=a --r-end=-1", "not a number above 0"),
            ("spsa --engine name=a --param x", "needs cmd=COMMAND"),
            ("spsa --engine cmd=a --param x --pairs 0", "0 is not in 1.."),
            ("match --engine cmd=a --engine name=b", "needs cmd=COMMAND"),
            ("divide", "<FILE>"),
        ] {
            let error =
                parse(std::iter::once("xtask").chain(line.split_whitespace())).expect_err(line);
            assert_eq!(error.exit_code(), 2, "{line}: {error}");
            assert!(error.to_string().contains(expected), "{line}: {error}");
        }
    }

    #[test]
    fn help_is_printed_with_exit_code_0() {
        for line in [
            "--help",
            "help",
            "perft --help",
            "help tune",
            "tune -h",
            "divide --help",
        ] {
            let error =
                parse(std::iter::once("xtask").chain(line.split_whitespace())).expect_err(line);
            assert_eq!(error.kind(), clap::error::ErrorKind::DisplayHelp, "{line}");
            assert_eq!(error.exit_code(), 0, "{line}");
        }
        let help = command().render_long_help().to_string();
        for task in [
            "perft", "hash", "divide", "match", "fuzz", "datagen", "tune",
        ] {
            assert!(help.contains(task), "{task}: {help}");
        }
    }

    #[test]
    fn the_match_command() {
        match parse_words("match --engine cmd=a,name=x --engine cmd=b --nodes=2000 --games 3") {
            Ok(Command::Match(options)) => {
                assert_eq!(options.engines[0].name, "x");
                assert_eq!(options.games, Some(4));
                assert!(options.pgn.unwrap().ends_with("target/match.pgn"));
            }
            other => panic!("{other:?}"),
        }
    }
}
