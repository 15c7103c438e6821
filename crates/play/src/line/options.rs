//! The command line of `outpost-play`, read by clap: `--help`, errors (exit code 2) and
//! defaults as every Outpost program has them.

use super::session::Settings;
use super::variant;
use crate::tui::theme::{PieceSet, Theme};
use clap::error::ErrorKind;
use clap::{ArgGroup, CommandFactory, Parser};
use outpost_board::{Board, Color, Variant};
use outpost_game::clock::TimeControl;
use outpost_game::levels::parse_level;
use outpost_game::players::{Mode, Player, MODE_NAMES};
use outpost_game::Chess960Start;
use outpost_game::{Level, Strength};
use std::time::Duration;

/// Play chess against the Outpost engine in the terminal.
///
/// In a terminal the game is a full-screen app (press ? in it for the keys); when the input or
/// output is not a terminal, or with --plain, it reads one line at a time (type help for its
/// commands). Colours are off when NO_COLOR is set.
#[derive(Debug, Parser)]
#[command(name = "outpost-play", version, group(ArgGroup::new("strength").args(["time", "depth", "nodes"])))]
pub struct Options {
    /// Who plays white; overrides --mode [default: human]
    #[arg(long, value_name = "human|engine", value_parser = parse_player)]
    white: Option<Player>,
    /// Who plays black; overrides --mode [default: engine]
    #[arg(long, value_name = "human|engine", value_parser = parse_player)]
    black: Option<Player>,
    /// white (you play white, the default), black (you play black), humans (two people),
    /// engines (watch the engine play itself)
    #[arg(long, value_name = "MODE", value_parser = parse_mode)]
    mode: Option<Mode>,
    /// The engine thinks this long per move [default: 1]
    #[arg(long, value_name = "SECONDS", value_parser = |text: &str| Strength::parse("time", text))]
    time: Option<Strength>,
    /// The engine searches N plies per move instead
    #[arg(long, value_name = "N", value_parser = |text: &str| Strength::parse("depth", text))]
    depth: Option<Strength>,
    /// The engine searches N nodes per move instead
    #[arg(long, value_name = "N", value_parser = |text: &str| Strength::parse("nodes", text))]
    nodes: Option<Strength>,
    /// The engine plays at a rating: 1400, 1600, 1800, 2000 or 2200 (calibrated against
    /// Stockfish's UCI_Elo; any from 1350 to 2200), or full (full strength, the default)
    #[arg(long, value_name = "LEVEL", value_parser = |text: &str| parse_level(text).map(LevelArg))]
    level: Option<LevelArg>,
    /// The pause between moves when the engine plays itself, in milliseconds
    #[arg(long, value_name = "MS", default_value_t = 300,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pause: u64,
    /// Start from this position (quote it; a 5x5 one is Chess Fragments)
    #[arg(long, value_name = "FEN", value_parser = parse_fen, conflicts_with = "chess960")]
    fen: Option<Board>,
    /// Play Chess960 from start position N (0 to 959, 518 is the standard one), or without N
    /// from a random one, a new one each new game; castle with O-O, O-O-O or the king onto
    /// its rook (g1h1)
    #[arg(long, value_name = "N", num_args = 0..=1, allow_negative_numbers = true,
          value_parser = super::chess960::parse_number)]
    chess960: Option<Option<Chess960Start>>,
    /// The rules: chess (the default) or fragments, Chess Fragments on 5x5 (files a-e, ranks
    /// 1-5) with the Right (C, a rook or a knight move) in place of the rooks; promote to it
    /// with a5=C or a4a5c
    #[arg(long, value_name = "NAME", value_parser = variant::parse)]
    variant: Option<Variant>,
    /// Show the board the other way round
    #[arg(long)]
    flip: bool,
    /// A time control with clocks, like 5+3 (full-screen app; the engine then plays by its
    /// clock)
    #[arg(long, value_name = "MINUTES+SECONDS", value_parser = TimeControl::parse)]
    tc: Option<TimeControl>,
    /// Board colours: brown (default), blue, green, basic, plain (no colours; --ascii for
    /// pieces as letters)
    #[arg(long, value_name = "NAME", value_parser = Theme::named)]
    theme: Option<Theme>,
    /// Pieces as letters (K, q) instead of chess symbols
    #[arg(long)]
    ascii: bool,
    /// The line mode even in a terminal
    #[arg(long)]
    plain: bool,
    /// The engine searches from the first move (no opening book)
    #[arg(long)]
    no_book: bool,
}

/// A level read from the command line (`full` is `None`).
#[derive(Clone, Copy, Debug)]
struct LevelArg(Option<Level>);

fn parse_player(text: &str) -> Result<Player, String> {
    Player::parse(text).ok_or_else(|| format!("human or engine, not '{text}'"))
}

fn parse_mode(text: &str) -> Result<Mode, String> {
    Mode::parse(&[text]).ok_or_else(|| format!("unknown mode '{text}'; modes: {MODE_NAMES}"))
}

fn parse_fen(text: &str) -> Result<Board, String> {
    Board::from_fen(text).map_err(|error| error.to_string())
}

impl Options {
    /// The settings the options ask for (colour and terminal handling still to be detected),
    /// or why they do not go together.
    pub fn settings(self) -> Result<Settings, clap::Error> {
        let conflict =
            |message: String| Options::command().error(ErrorKind::ArgumentConflict, message);
        let defaults = Settings::default();
        let mut mode = self.mode.unwrap_or(defaults.mode);
        if let Some(white) = self.white {
            mode.white = white;
        }
        if let Some(black) = self.black {
            mode.black = black;
        }
        let chess960 = self
            .chess960
            .map(|number| number.unwrap_or(Chess960Start::Random));
        let mut start = self.fen.clone().unwrap_or(defaults.start);
        if let Some(rules) = self.variant {
            if chess960.is_some() && rules != Variant::Chess {
                return Err(conflict(format!(
                    "--variant {rules} and --chess960 cannot go together: Chess960 is chess"
                )));
            }
            match &self.fen {
                None => start = variant::start_board(rules),
                Some(fen) if fen.variant() != rules => {
                    return Err(conflict(format!(
                        "--fen gives a {} position, not one of --variant {rules}",
                        variant::title(fen.variant())
                    )))
                }
                Some(_) => {}
            }
        }
        Ok(Settings {
            mode,
            strength: self
                .time
                .or(self.depth)
                .or(self.nodes)
                .unwrap_or(defaults.strength),
            level: self.level.map_or(defaults.level, |level| level.0),
            pause: Duration::from_millis(self.pause),
            start,
            chess960,
            flipped: (mode.lone_human() == Some(Color::Black)) != self.flip,
            time_control: self.tc,
            theme: self.theme.unwrap_or(defaults.theme),
            pieces: if self.ascii {
                PieceSet::Ascii
            } else {
                defaults.pieces
            },
            plain: self.plain,
            book: !self.no_book,
            ..defaults
        })
    }
}

/// Reads the arguments (with the program's name first) into settings; the error is clap's,
/// `--help` and `--version` among them.
pub fn parse<I, T>(arguments: I) -> Result<Settings, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    Options::try_parse_from(arguments)?.settings()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(arguments: &[&str]) -> Result<Settings, String> {
        parse(std::iter::once("outpost-play").chain(arguments.iter().copied())).map_err(|error| {
            match error.kind() {
                ErrorKind::DisplayHelp => "help".to_string(),
                _ => error.to_string(),
            }
        })
    }

    #[test]
    fn defaults_are_human_against_engine() {
        let settings = settings(&[]).unwrap();
        assert_eq!(settings.mode, Mode::default());
        assert_eq!(settings.strength, Strength::default());
        assert!(!settings.flipped);
    }

    #[test]
    fn players_strength_and_position_are_read() {
        let settings = settings(&[
            "--white",
            "engine",
            "--black=human",
            "--depth",
            "5",
            "--pause",
            "0",
            "--fen",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        ])
        .unwrap();
        assert_eq!(settings.mode, Mode::new(Player::Engine, Player::Human));
        assert!(settings.flipped, "black's view for a human playing black");
        assert_eq!(settings.strength, Strength::Depth(5));
        assert_eq!(settings.pause, Duration::ZERO);
        assert_eq!(settings.start.to_fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let engines = self::settings(&["--mode", "engines", "--flip"]).unwrap();
        assert_eq!(engines.mode, Mode::new(Player::Engine, Player::Engine));
        assert!(engines.flipped);
        let app = self::settings(&[
            "--tc",
            "5+3",
            "--theme",
            "blue",
            "--ascii",
            "--plain",
            "--no-book",
        ])
        .unwrap();
        assert_eq!(app.time_control, Some(TimeControl::parse("5+3").unwrap()));
        assert_eq!(app.theme.name, "blue");
        assert_eq!(app.pieces, PieceSet::Ascii);
        assert!(app.plain);
        assert!(!app.book);
    }

    #[test]
    fn chess960_takes_a_number_or_none() {
        assert_eq!(
            settings(&["--chess960", "123", "--plain"])
                .unwrap()
                .chess960,
            Some(Chess960Start::Numbered(123))
        );
        assert_eq!(
            settings(&["--chess960=7"]).unwrap().chess960,
            Some(Chess960Start::Numbered(7))
        );
        assert_eq!(
            settings(&["--chess960", "--plain"]).unwrap().chess960,
            Some(Chess960Start::Random)
        );
        assert_eq!(
            settings(&["--chess960"]).unwrap().chess960,
            Some(Chess960Start::Random)
        );
        assert_eq!(settings(&[]).unwrap().chess960, None);
    }

    #[test]
    fn the_variant_chooses_the_start() {
        let fragments = settings(&["--variant", "fragments"]).unwrap();
        assert_eq!(fragments.start.variant(), Variant::Fragments);
        assert_eq!(fragments.start.to_fen(), Variant::Fragments.start_fen());
        let chess = settings(&["--variant=chess"]).unwrap();
        assert_eq!(chess.start, Board::startpos());
        let fen = "cnbqk/ppppp/5/PPPPP/CNBQK b - - 0 1";
        let both = settings(&["--fen", fen, "--variant", "FRAGMENTS"]).unwrap();
        assert_eq!(both.start.to_fen(), fen);
        assert_eq!(
            settings(&["--fen", fen]).unwrap().start.variant(),
            Variant::Fragments
        );
        assert!(settings(&["--variant", "chess", "--chess960", "5"]).is_ok());
    }

    #[test]
    fn mistakes_are_explained() {
        assert!(settings(&["--variant", "atomic"])
            .unwrap_err()
            .contains("the rules are chess or fragments, not 'atomic'"));
        assert!(settings(&["--variant"])
            .unwrap_err()
            .contains("a value is required"));
        assert!(settings(&["--variant", "fragments", "--chess960"])
            .unwrap_err()
            .contains("cannot go together"));
        assert!(
            settings(&["--fen", "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1", "--chess960"])
                .unwrap_err()
                .contains("cannot be used with")
        );
        assert!(settings(&[
            "--variant",
            "fragments",
            "--fen",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
        ])
        .unwrap_err()
        .contains("--fen gives a Chess position, not one of --variant fragments"));
        assert!(settings(&[
            "--variant",
            "chess",
            "--fen",
            "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1"
        ])
        .unwrap_err()
        .contains("a Chess Fragments position, not one of --variant chess"));
        assert_eq!(settings(&["--help"]).unwrap_err(), "help");
        assert!(settings(&["--white"])
            .unwrap_err()
            .contains("a value is required"));
        assert!(settings(&["--white", "cat"])
            .unwrap_err()
            .contains("human or engine"));
        assert!(settings(&["--mode", "x"])
            .unwrap_err()
            .contains("unknown mode"));
        assert!(settings(&["--time", "0"]).is_err());
        assert!(settings(&["--fen", "8/8"])
            .unwrap_err()
            .contains("for '--fen <FEN>'"));
        assert!(settings(&["--tc", "fast"])
            .unwrap_err()
            .contains("for '--tc <MINUTES+SECONDS>'"));
        assert!(settings(&["--theme", "pink"])
            .unwrap_err()
            .contains("unknown theme"));
        assert!(settings(&["--chess960", "960"])
            .unwrap_err()
            .contains("from 0 to 959 is needed, not '960'"));
        assert!(settings(&["--chess960=x"])
            .unwrap_err()
            .contains("from 0 to 959"));
        assert!(
            settings(&["--chess960", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1"])
                .unwrap_err()
                .contains("cannot be used with")
        );
        assert!(settings(&["--colour"])
            .unwrap_err()
            .contains("unexpected argument '--colour'"));
        assert!(settings(&["--time", "2", "--depth", "3"])
            .unwrap_err()
            .contains("cannot be used with"));
    }
}
