//! The command line of `cargo xtask match` (its doc comments are the `--help` text) and the
//! options the runner takes.

use super::adjudication::{DrawRule, ResignRule};
use super::openings::{MatchVariant, Order};
use super::spec::{spec_tokens, EngineSpec, Protocol, SpecTokens};
use super::stats::Sprt;
use super::xboard;
use std::path::PathBuf;
use std::time::Duration;

/// How long the engines think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// A clock per side: base time and increment per move.
    Clock {
        /// Each side's time at the start.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// `go nodes N`.
    Nodes(u64),
    /// `go movetime MS`.
    MoveTime(Duration),
    /// `go depth N`.
    Depth(u32),
}

impl Limit {
    /// As the summary and the PGN's `TimeControl` tag write it.
    pub fn text(&self) -> String {
        match *self {
            Limit::Clock { base, increment } => {
                format!("{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
            Limit::Nodes(nodes) => format!("nodes={nodes}"),
            Limit::MoveTime(time) => format!("movetime={}", time.as_secs_f64()),
            Limit::Depth(depth) => format!("depth={depth}"),
        }
    }
}

/// Everything `cargo xtask match` was asked.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchOptions {
    /// The two engines; results are the first one's.
    pub engines: [EngineSpec; 2],
    /// How long they think.
    pub limit: Limit,
    /// The rules.
    pub variant: MatchVariant,
    /// The openings file, if any.
    pub openings: Option<PathBuf>,
    /// Its order.
    pub order: Order,
    /// The seed of the order and of random openings.
    pub seed: u64,
    /// At most this many plies of each opening of the file.
    pub book_plies: Option<usize>,
    /// Random plies of each opening made without a file.
    pub random_plies: usize,
    /// Games (an even number: each opening with both colours); `None`: two per opening of
    /// the file.
    pub games: Option<usize>,
    /// Games played at once.
    pub concurrency: usize,
    /// Resign adjudication.
    pub resign: Option<ResignRule>,
    /// Draw adjudication.
    pub draw: Option<DrawRule>,
    /// A draw after this many moves of each engine (after the opening).
    pub max_moves: Option<u32>,
    /// The PGN file written.
    pub pgn: Option<PathBuf>,
    /// The JSON summary written.
    pub json: Option<PathBuf>,
    /// The SPRT, when the match is one.
    pub sprt: Option<Sprt>,
    /// The JSON summary of an earlier match of the same experiment that this one continues.
    pub continue_from: Option<PathBuf>,
    /// How far beyond its clock (or movetime) an engine may go before it loses on time.
    pub time_margin: Duration,
    /// How long an engine may take for a move at a fixed node count or depth.
    pub move_timeout: Duration,
    /// How long an engine may take to answer `uci` and `isready`.
    pub init_timeout: Duration,
    /// The PGN's `Event`.
    pub event: String,
    /// Where the engines' input and output are logged.
    pub log: Option<PathBuf>,
}

/// `cargo xtask match`'s command line.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// An engine, twice (results are the first one's): `cmd=COMMAND,name=NAME,option.NAME=VALUE`,
    /// and `arg=ARG` (an argument with spaces), `dir=DIR`, `stderr=FILE`, `proto=xboard` (an
    /// xboard engine: standard chess, no --nodes); `\,` is a comma in a value. The command is
    /// split at spaces.
    #[arg(long = "engine", value_name = "SPEC", value_parser = spec_tokens, required = true)]
    engines: Vec<SpecTokens>,
    /// Tokens for both engines, before their own (e.g. option.Hash=16,option.Threads=1)
    #[arg(long, value_name = "SPEC", value_parser = spec_tokens)]
    each: Option<SpecTokens>,
    #[command(flatten)]
    games: GameArgs,
    /// Games, rounded up to even: each opening is played twice, colours swapped [default:
    /// two per opening of --openings, else 100]
    #[arg(long = "games", value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    game_count: Option<u64>,
    /// The games as PGN, written as they finish; a file of that name is replaced (a continuation
    /// needs its own: the earlier runs' files are refused) [default: target/match.pgn]
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// A JSON summary: the command, the engines, the results, Elo, SPRT, failures; rewritten as
    /// pairs finish (in the order of their openings), so that a match stopped before its end
    /// can be continued (--continue)
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// An SPRT on game pairs (pentanomial, logistic Elo); the match stops when it decides:
    /// elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]
    #[arg(long, num_args = 1..=4, value_name = "K=V")]
    sprt: Option<Vec<String>>,
    /// Go on from an earlier match's JSON summary (its --json): its games count first and the
    /// openings go on where it stopped, so that an SPRT stopped by --games, or a match stopped
    /// before its end, continues. The same engines, options, limit, openings, seed and SPRT as
    /// the earlier match; --games counts the new games only
    #[arg(long = "continue", value_name = "JSON")]
    continue_from: Option<PathBuf>,
}

/// How the games of a match are played, whoever plays them: the limit, the rules, the
/// openings, concurrency, adjudication and patience (`cargo xtask match` and `cargo xtask
/// spsa` share them).
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("limit").multiple(false))]
pub struct GameArgs {
    /// A clock per side: BASE seconds and INC seconds a move [default: 10+0.1 unless
    /// --nodes, --movetime or --depth]
    #[arg(long, value_name = "BASE+INC", group = "limit", value_parser = clock)]
    tc: Option<(Duration, Duration)>,
    /// A fixed number of nodes a move (`go nodes N`): the same work whatever the load
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// A fixed time a move in seconds (`go movetime`)
    #[arg(long, value_name = "SECONDS", group = "limit", value_parser = seconds)]
    movetime: Option<Duration>,
    /// A fixed depth a move (`go depth N`)
    #[arg(long, value_name = "N", group = "limit", value_parser = clap::value_parser!(u32).range(1..=200))]
    depth: Option<u32>,
    /// The rules: chess960 sets UCI_Chess960=true, fragments UCI_Variant=fragments
    #[arg(long, value_enum, default_value = "standard")]
    variant: MatchVariant,
    /// Openings: a .pgn file of games whose moves are replayed, or lines of EPD or FEN
    /// (an EPD's c0 of SAN moves from the start is replayed when it leads to the position)
    /// or of SAN moves. Without it: the start position (Chess960: a random start position
    /// each) and --random-plies random moves
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// The order of the openings
    #[arg(long, value_enum, default_value = "sequential")]
    order: Order,
    /// The seed of --order random and of random openings
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Play at most N plies of each opening of the file
    #[arg(long, value_name = "N")]
    book_plies: Option<usize>,
    /// Random legal plies of each opening made without --openings [default: 4 for
    /// fragments, else 0]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=40))]
    random_plies: Option<u64>,
    /// Games played at once (each engine has one thread unless its options say otherwise)
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// Resign adjudication: a side whose score was at most -CP for MOVES moves while the
    /// opponent's was at least CP for as many loses
    #[arg(long, num_args = 2, value_names = ["MOVES", "CP"], value_parser = clap::value_parser!(u32).range(1..))]
    resign: Option<Vec<u32>>,
    /// Draw adjudication: from full move MOVENUMBER, both scores within CP of 0 for MOVES
    /// moves each (counted again after a capture or pawn move)
    #[arg(long, num_args = 3, value_names = ["MOVENUMBER", "MOVES", "CP"],
        value_parser = clap::value_parser!(u32))]
    draw: Option<Vec<u32>>,
    /// A draw after N moves of each engine (after the opening)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_moves: Option<u32>,
    /// Milliseconds an engine may go beyond its clock or movetime before it loses on time
    #[arg(long, value_name = "MS", default_value_t = 100)]
    time_margin: u64,
    /// Seconds an engine may think on a move at --nodes or --depth before it counts as hung
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = seconds)]
    move_timeout: Duration,
    /// Seconds an engine may take to answer uci and isready
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = seconds)]
    init_timeout: Duration,
    /// The PGN's Event tag
    #[arg(long, value_name = "NAME", default_value = "Outpost match")]
    event: String,
    /// Log every line to and from the engines to FILE
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
}

impl MatchArgs {
    /// The options, or what is wrong with the command line.
    pub fn into_options(self, root: &std::path::Path) -> Result<MatchOptions, String> {
        let each = self.each.map(|tokens| tokens.0).unwrap_or_default();
        let [first, second] = self.engines.as_slice() else {
            return Err(format!(
                "--engine must be given twice (got {})",
                self.engines.len()
            ));
        };
        let mut engines = [
            EngineSpec::from_tokens(&each, &first.0)?,
            EngineSpec::from_tokens(&each, &second.0)?,
        ];
        if engines[0].name == engines[1].name {
            let name = engines[0].name.clone();
            engines[0].name = format!("{name}-1");
            engines[1].name = format!("{name}-2");
        }
        let sprt = self.sprt.as_deref().map(sprt).transpose()?;
        let mut options = self.games.into_options(engines)?;
        options.games = self.game_count.map(|games| games.div_ceil(2) as usize * 2);
        options.pgn = Some(self.pgn.unwrap_or_else(|| root.join("target/match.pgn")));
        options.json = self.json;
        options.sprt = sprt;
        options.continue_from = self.continue_from;
        Ok(options)
    }
}

impl GameArgs {
    /// The options of a match between `engines` with these games: no game count (two per
    /// opening), PGN, JSON or SPRT yet.
    pub fn into_options(self, engines: [EngineSpec; 2]) -> Result<MatchOptions, String> {
        let limit = if let Some(nodes) = self.nodes {
            Limit::Nodes(nodes)
        } else if let Some(time) = self.movetime {
            Limit::MoveTime(time)
        } else if let Some(depth) = self.depth {
            Limit::Depth(depth)
        } else {
            let (base, increment) = self
                .tc
                .unwrap_or((Duration::from_secs(10), Duration::from_millis(100)));
            Limit::Clock { base, increment }
        };
        let resign = self.resign.map(|values| ResignRule {
            moves: values[0],
            score: values[1] as i32,
        });
        let draw = match self.draw.as_deref() {
            Some(&[move_number, moves, score]) if moves > 0 => Some(DrawRule {
                move_number,
                moves,
                score: score as i32,
            }),
            Some(_) => return Err("--draw: MOVES must be at least 1".to_string()),
            None => None,
        };
        let random_plies = self.random_plies.map_or(
            if self.variant == MatchVariant::Fragments {
                4
            } else {
                0
            },
            |plies| plies as usize,
        );
        if self.openings.is_some() && self.random_plies.is_some() {
            return Err("--random-plies is for openings made without --openings".to_string());
        }
        for engine in engines.iter().filter(|e| e.protocol == Protocol::Xboard) {
            let why = if self.variant != MatchVariant::Standard {
                Some("the runner plays standard chess only with xboard engines".to_string())
            } else {
                xboard::unsupported_limit(&limit)
            };
            if let Some(why) = why {
                return Err(format!("{} (proto=xboard): {why}", engine.name));
            }
        }
        Ok(MatchOptions {
            engines,
            limit,
            variant: self.variant,
            openings: self.openings,
            order: self.order,
            seed: self.seed,
            book_plies: self.book_plies,
            random_plies,
            games: None,
            concurrency: self.concurrency as usize,
            resign,
            draw,
            max_moves: self.max_moves,
            pgn: None,
            json: None,
            sprt: None,
            continue_from: None,
            time_margin: Duration::from_millis(self.time_margin),
            move_timeout: self.move_timeout,
            init_timeout: self.init_timeout,
            event: self.event,
            log: self.log,
        })
    }
}

/// `10+0.1`: base and increment in seconds (the increment may be left out).
fn clock(text: &str) -> Result<(Duration, Duration), String> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let base = seconds(base).ok().filter(|base| !base.is_zero());
    base.zip(seconds(increment).ok())
        .ok_or_else(|| "not BASE+INC in seconds, like 10+0.1".to_string())
}

/// Seconds, such as `0.5`, from 0 to a day.
fn seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && (0.0..=86_400.0).contains(s))
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("'{text}' is not a number of seconds"))
}

/// `elo0=0 elo1=10 alpha=0.05 beta=0.05` (also comma-separated; alpha and beta default to
/// 0.05).
fn sprt(words: &[String]) -> Result<Sprt, String> {
    let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
    for word in words.iter().flat_map(|word| word.split(',')) {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("--sprt: '{word}' is not KEY=VALUE"))?;
        let number: f64 = value
            .parse()
            .map_err(|_| format!("--sprt: '{value}' is not a number"))?;
        match key {
            "elo0" => elo0 = Some(number),
            "elo1" => elo1 = Some(number),
            "alpha" => alpha = number,
            "beta" => beta = number,
            _ => return Err(format!("--sprt: unknown '{key}' (elo0, elo1, alpha, beta)")),
        }
    }
    let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
        return Err("--sprt needs elo0=E0 and elo1=E1".to_string());
    };
    Sprt::new(elo0, elo1, alpha, beta).map_err(|error| format!("--sprt: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: MatchArgs,
    }

    fn options(line: &str) -> Result<MatchOptions, String> {
        let words = shell_words(line);
        let wrapper = Wrapper::try_parse_from(std::iter::once("match".to_string()).chain(words))
            .map_err(|error| error.to_string())?;
        wrapper.args.into_options(std::path::Path::new("/root"))
    }

    /// Words split at spaces outside double quotes.
    fn shell_words(line: &str) -> Vec<String> {
        let mut words = Vec::new();
        let (mut word, mut quoted) = (String::new(), false);
        for c in line.chars() {
            match c {
                '"' => quoted = !quoted,
                ' ' if !quoted => {
                    if !word.is_empty() {
                        words.push(std::mem::take(&mut word));
                    }
                }
                _ => word.push(c),
            }
        }
        if !word.is_empty() {
            words.push(word);
        }
        words
    }

    const TWO: &str = "--engine cmd=a,option.Hash=16 --engine cmd=b";

    #[test]
    fn defaults() {
        let options = options(TWO).unwrap();
        assert_eq!(options.engines[0].name, "a");
        assert_eq!(options.engines[1].command, ["b"]);
        assert_eq!(
            options.limit,
            Limit::Clock {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            }
        );
        assert_eq!(options.limit.text(), "10+0.1");
        assert_eq!(
            (options.variant, options.order, options.seed),
            (MatchVariant::Standard, Order::Sequential, 1)
        );
        assert_eq!(
            (options.games, options.concurrency, options.random_plies),
            (None, 1, 0)
        );
        assert_eq!(options.pgn, Some(PathBuf::from("/root/target/match.pgn")));
        assert_eq!(
            (options.resign, options.draw, options.sprt),
            (None, None, None)
        );
        assert_eq!(options.time_margin, Duration::from_millis(100));
    }

    #[test]
    fn a_full_command_line() {
        let line = format!(
            "{TWO} --each option.Threads=1 --nodes 50000 --openings data/openings-1024.epd --order random \
             --seed 7 --games 9 --concurrency 2 --resign 4 1000 --draw 40 8 10 --max-moves 150 \
             --pgn g.pgn --json g.json --sprt elo0=0 elo1=10 alpha=0.05 beta=0.1 --variant chess960"
        );
        let options = options(&line).unwrap();
        assert_eq!(options.limit, Limit::Nodes(50000));
        assert_eq!(options.engines[0].options.len(), 2);
        assert_eq!(options.engines[1].options, [("Threads".into(), "1".into())]);
        assert_eq!(options.games, Some(10));
        assert_eq!(
            options.resign,
            Some(ResignRule {
                moves: 4,
                score: 1000
            })
        );
        assert_eq!(
            options.draw,
            Some(DrawRule {
                move_number: 40,
                moves: 8,
                score: 10
            })
        );
        let sprt = options.sprt.unwrap();
        assert_eq!(
            (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
            (0.0, 10.0, 0.05, 0.1)
        );
        assert_eq!(options.variant, MatchVariant::Chess960);
        assert_eq!(options.max_moves, Some(150));
        // Same names get numbers; the other limits; comma-separated SPRT with defaults.
        let same = self::options(
            "--engine cmd=x/e --engine cmd=y/e --movetime 0.25 --sprt elo0=-3,elo1=1",
        )
        .unwrap();
        assert_eq!(
            (same.engines[0].name.as_str(), same.engines[1].name.as_str()),
            ("e-1", "e-2")
        );
        assert_eq!(same.limit, Limit::MoveTime(Duration::from_millis(250)));
        assert_eq!(same.sprt.unwrap().alpha, 0.05);
        let both = self::options(&format!("{TWO} --depth 6 --tc 5")).unwrap_err();
        assert!(both.contains("cannot be used with"), "{both}");
        let fragments = self::options(&format!("{TWO} --depth 6 --variant fragments")).unwrap();
        assert_eq!(
            (fragments.limit, fragments.random_plies),
            (Limit::Depth(6), 4)
        );
        assert_eq!(
            self::options(&format!("{TWO} --tc 3"))
                .unwrap()
                .limit
                .text(),
            "3+0"
        );
    }

    #[test]
    fn mistakes() {
        for (line, expected) in [
            ("--engine cmd=a", "given twice"),
            (
                "--engine cmd=a --engine cmd=b --engine cmd=c",
                "given twice",
            ),
            ("--engine name=a --engine cmd=b", "cmd="),
            ("--engine cmd=a,hash=1 --engine cmd=b", "unknown key 'hash'"),
            (&format!("{TWO} --tc 0+1"), "not BASE+INC"),
            (&format!("{TWO} --nodes 0")[..], "0 is not in 1.."),
            (&format!("{TWO} --resign 4"), "2 values required"),
            (&format!("{TWO} --draw 40 0 10"), "MOVES must be at least 1"),
            (&format!("{TWO} --sprt elo0=5 elo1=1"), "must be below elo1"),
            (&format!("{TWO} --sprt elo1=1"), "needs elo0"),
            (
                &format!("{TWO} --sprt elo0=0 elo1=5 gamma=1"),
                "unknown 'gamma'",
            ),
            (
                &format!("{TWO} --openings x.epd --random-plies 3"),
                "without --openings",
            ),
            (&format!("{TWO} --variant crazyhouse"), "possible values"),
        ] {
            let error = options(line).expect_err(line);
            assert!(error.contains(expected), "{line}: {error}");
        }
    }
}
