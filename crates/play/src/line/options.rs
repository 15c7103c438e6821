//! The command line of `play`.

use super::session::Settings;
use super::variant;
use crate::tui::theme::{PieceSet, Theme};
use outpost_board::{Board, Color, Variant};
use outpost_game::clock::TimeControl;
use outpost_game::players::{Mode, Player, MODE_NAMES};
use outpost_game::Chess960Start;
use outpost_game::Strength;
use std::time::Duration;

/// The text `--help` prints.
pub const USAGE: &str = "\
Play chess against the Outpost engine in the terminal.

Usage: outpost-play [OPTIONS]

Options:
  --white human|engine  who plays white (default: human)
  --black human|engine  who plays black (default: engine)
  --mode MODE           white (you play white, the default), black (you play black),
                        humans (two people), engines (watch the engine play itself)
  --time SECONDS        the engine thinks this long per move (default: 1)
  --depth N             the engine searches N plies per move instead
  --nodes N             the engine searches N nodes per move instead
  --pause MS            the pause between moves when the engine plays itself
                        (default: 300)
  --fen FEN             start from this position (quote it; a 5x5 one is Chess
                        Fragments)
  --chess960 [N]        play Chess960 from start position N (0 to 959, 518 is the
                        standard one), or without N from a random one, a new one
                        each new game; castle with O-O, O-O-O or the king onto
                        its rook (g1h1)
  --variant NAME        the rules: chess (the default) or fragments, Chess
                        Fragments on 5x5 (files a-e, ranks 1-5) with the Right
                        (C, a rook or a knight move) in place of the rooks;
                        promote to it with a5=C or a4a5c
  --flip                show the board the other way round
  --tc MINUTES+SECONDS  a time control with clocks, like 5+3 (full-screen app;
                        the engine then plays by its clock)
  --theme NAME          board colours: brown (default), blue, green, basic, plain
  --ascii               pieces as letters (K, q) instead of chess symbols
  --plain               the line mode even in a terminal
  --no-book             the engine searches from the first move (no opening book)
  -h, --help            print this help

In a terminal the game is a full-screen app (press ? in it for the keys); when the
input or output is not a terminal, or with --plain, it reads one line at a time
(type help for its commands). Colours are off when NO_COLOR is set.";

/// What the command line asks for.
#[derive(Debug)]
pub enum Request {
    /// Print [`USAGE`].
    Help,
    /// Play with these settings (colour and terminal handling still to be detected).
    Play(Box<Settings>),
}

/// Reads the arguments (without the program name). The error is a one-line explanation.
pub fn parse<I: IntoIterator<Item = String>>(arguments: I) -> Result<Request, String> {
    let mut settings = Settings::default();
    let mut flip = false;
    let mut arguments = arguments.into_iter().peekable();
    let mut fen_given = false;
    let mut variant_given = None;
    while let Some(argument) = arguments.next() {
        let (name, inline) = match argument.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name.to_string(), Some(value)),
            _ => (argument.clone(), None),
        };
        let mut value = || {
            inline
                .map(str::to_string)
                .or_else(|| arguments.next())
                .ok_or_else(|| format!("{name} needs a value (see --help)"))
        };
        match name.as_str() {
            "-h" | "--help" => return Ok(Request::Help),
            "--white" | "--black" => {
                let text = value()?;
                let player = Player::parse(&text)
                    .ok_or_else(|| format!("{name} takes human or engine, not '{text}'"))?;
                if name == "--white" {
                    settings.mode.white = player;
                } else {
                    settings.mode.black = player;
                }
            }
            "--mode" => {
                let text = value()?;
                settings.mode = Mode::parse(&[text.as_str()])
                    .ok_or_else(|| format!("unknown mode '{text}'; modes: {MODE_NAMES}"))?;
            }
            "--time" | "--depth" | "--nodes" => {
                let text = value()?;
                settings.strength = Strength::parse(&name[2..], &text)?;
            }
            "--pause" => {
                let text = value()?;
                let millis = text
                    .parse::<u64>()
                    .ok()
                    .filter(|&millis| millis <= 60_000)
                    .ok_or_else(|| {
                        format!("--pause takes milliseconds from 0 to 60000, not '{text}'")
                    })?;
                settings.pause = Duration::from_millis(millis);
            }
            "--fen" => {
                let text = value()?;
                settings.start =
                    Board::from_fen(&text).map_err(|error| format!("--fen: {error}"))?;
                fen_given = true;
            }
            "--chess960" => {
                // The number may be left out: an argument that is no option is taken as it.
                let number = match inline {
                    Some(text) => Some(text.to_string()),
                    None => arguments.next_if(|next| !next.starts_with("--")),
                };
                settings.chess960 = Some(match number {
                    Some(text) => super::chess960::parse_number(&text)?,
                    None => Chess960Start::Random,
                });
            }
            "--variant" => variant_given = Some(variant::parse(&value()?)?),
            "--flip" => flip = true,
            "--tc" => {
                let text = value()?;
                settings.time_control =
                    Some(TimeControl::parse(&text).map_err(|error| format!("--tc: {error}"))?);
            }
            "--theme" => settings.theme = Theme::named(&value()?)?,
            "--ascii" => settings.pieces = PieceSet::Ascii,
            "--plain" => settings.plain = true,
            "--no-book" => settings.book = false,
            _ => return Err(format!("unknown argument '{argument}' (see --help)")),
        }
    }
    if fen_given && settings.chess960.is_some() {
        return Err("--fen and --chess960 cannot go together: choose one start".to_string());
    }
    if let Some(rules) = variant_given {
        if settings.chess960.is_some() && rules != Variant::Chess {
            return Err(format!(
                "--variant {rules} and --chess960 cannot go together: Chess960 is chess"
            ));
        }
        if !fen_given {
            settings.start = variant::start_board(rules);
        } else if settings.start.variant() != rules {
            return Err(format!(
                "--fen gives a {} position, not one of --variant {rules}",
                variant::title(settings.start.variant())
            ));
        }
    }
    settings.flipped = (settings.mode.lone_human() == Some(Color::Black)) != flip;
    Ok(Request::Play(Box::new(settings)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(arguments: &[&str]) -> Result<Settings, String> {
        match parse(arguments.iter().map(std::string::ToString::to_string))? {
            Request::Play(settings) => Ok(*settings),
            Request::Help => Err("help".to_string()),
        }
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
        assert_eq!(
            settings(&["--variant", "atomic"]).unwrap_err(),
            "--variant takes chess or fragments, not 'atomic'"
        );
        assert!(settings(&["--variant"])
            .unwrap_err()
            .contains("needs a value"));
        assert!(settings(&["--variant", "fragments", "--chess960"])
            .unwrap_err()
            .contains("cannot go together"));
        assert!(
            settings(&["--fen", "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1", "--chess960"])
                .unwrap_err()
                .contains("cannot go together")
        );
        assert_eq!(
            settings(&[
                "--variant",
                "fragments",
                "--fen",
                "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
            ])
            .unwrap_err(),
            "--fen gives a Chess position, not one of --variant fragments"
        );
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
            .contains("needs a value"));
        assert!(settings(&["--white", "cat"])
            .unwrap_err()
            .contains("human or engine"));
        assert!(settings(&["--mode", "x"])
            .unwrap_err()
            .contains("unknown mode"));
        assert!(settings(&["--time", "0"]).is_err());
        assert!(settings(&["--fen", "8/8"])
            .unwrap_err()
            .starts_with("--fen:"));
        assert!(settings(&["--tc", "fast"])
            .unwrap_err()
            .starts_with("--tc:"));
        assert!(settings(&["--theme", "pink"])
            .unwrap_err()
            .contains("unknown theme"));
        assert!(settings(&["--chess960", "960"])
            .unwrap_err()
            .contains("from 0 to 959, not '960'"));
        assert!(settings(&["--chess960=x"])
            .unwrap_err()
            .contains("from 0 to 959"));
        assert!(
            settings(&["--chess960", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1"])
                .unwrap_err()
                .contains("cannot go together")
        );
        assert!(settings(&["--colour"])
            .unwrap_err()
            .contains("unknown argument"));
    }
}
