//! The commands typed in the input line: those of the line mode (read by
//! [`crate::line::command::parse`]) and those of the full-screen app alone.

use super::{App, Overlay};
use crate::line::chess960;
use crate::line::command::{self, Command};
use crate::line::render::half_moves;
use crate::line::session::files::read_first_game;
use crate::line::variant;
use crate::tui::theme::{PieceSet, Theme};
use outpost_board::{Board, Color, Variant};
use outpost_game::levels::level_title;
use outpost_game::players::MODE_NAMES;
use outpost_movegen::Game;
use outpost_pgn::write_pgn;

/// The commands only the full-screen app has, for the help overlay.
pub const APP_COMMANDS: &str = "  resign          give up the game
  draw            offer a draw (taken unless the engine stands better)
  theme NAME      board colours: brown, blue, green, basic, plain
  pieces KIND     unicode or ascii";

impl App {
    /// Carries out a line typed in the input line: `false` when it was not understood or
    /// could not be carried out (a bad move, an unknown command, a bad FEN or file).
    pub(super) fn run_line(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["resign"] => self.resign(),
            ["draw"] | ["offer", "draw"] => self.offer_draw(),
            ["theme", name] => match Theme::named(name) {
                Ok(theme) => {
                    self.theme = theme;
                    self.say(format!("Theme: {}.", theme.name));
                }
                Err(message) => {
                    self.say(message);
                    return false;
                }
            },
            ["pieces", "unicode"] => self.pieces = PieceSet::Unicode,
            ["pieces", "ascii"] => self.pieces = PieceSet::Ascii,
            _ => match command::parse(line) {
                Ok(None) => {}
                Ok(Some(command)) => return self.execute(command),
                Err(message) => {
                    self.say(message);
                    return false;
                }
            },
        }
        true
    }

    /// Carries out one command of the line mode (`false`: it could not).
    fn execute(&mut self, command: Command) -> bool {
        match command {
            Command::Move(text) => {
                if let Some(problem) = self.why_no_move() {
                    self.say(problem);
                    return false;
                }
                match command::parse_move(self.game().board(), &text) {
                    Ok(mv) => self.human_move(mv),
                    Err(message) => {
                        self.say(format!("{message}. The board is unchanged."));
                        return false;
                    }
                }
            }
            Command::Help => self.overlay = Some(Overlay::Help),
            Command::Quit => self.request_quit(),
            Command::New => {
                let variant = self.game().board().variant();
                let (game, number) = variant::new_game(variant, self.chess960);
                self.new_game(game, number);
                match number {
                    Some(number) => self.say(format!("New game: {}.", chess960::title(number))),
                    None if variant == Variant::Fragments => {
                        self.say(format!("New game: {}.", variant::title(variant)));
                    }
                    None => self.say("New game."),
                }
            }
            Command::Undo => self.undo(),
            Command::Flip => self.flipped = !self.flipped,
            Command::Board => self.say("The board is always shown."),
            Command::Moves => {
                let moves = crate::line::render::legal_moves_text(self.game().board());
                if moves.is_empty() {
                    self.say("No legal moves.");
                } else {
                    self.say(format!("Legal moves: {moves}"));
                }
            }
            Command::Eval => self.overlay = Some(Overlay::Eval),
            Command::Hint => self.hint(),
            Command::Stop => {
                if self.stop_engine() {
                    self.say("The engine stops and moves.");
                } else {
                    self.say("The engine is not thinking.");
                }
            }
            Command::Mode(None) => self.say(format!(
                "Mode: {}. Change it with mode followed by {MODE_NAMES}.",
                self.mode()
            )),
            Command::Mode(Some(mode)) => {
                self.session.set_players(mode);
                if let Some(human) = mode.lone_human() {
                    self.flipped = human == Color::Black;
                }
                self.say(format!("Mode: {mode}."));
            }
            Command::Fen(None) => {
                let fen = self.shown_board().to_fen();
                self.say(fen);
            }
            Command::Fen(Some(fen)) => match Board::from_fen(&fen) {
                Ok(board) => {
                    let note = variant::rules_change(self.game().board(), &board);
                    self.new_game(Game::new(board), None);
                    self.say(format!("Position set up.{note}"));
                }
                Err(error) => {
                    self.say(format!("Bad FEN: {error}. The board is unchanged."));
                    return false;
                }
            },
            Command::Strength(None) => self.say(format!("Engine: {}.", self.strength())),
            Command::Strength(Some(strength)) => {
                self.session.set_strength(strength);
                self.say(format!("Engine: {strength}."));
            }
            Command::Level(None) => self.say(format!("Engine: {}.", level_title(self.level()))),
            Command::Level(Some(level)) => {
                self.session.set_level(level);
                self.say(format!("Engine: {}.", level_title(level)));
            }
            Command::SavePgn(path) => return self.save_pgn(&path),
            Command::LoadPgn(path) => match read_first_game(&path) {
                Ok(loaded) => {
                    let note = variant::rules_change(self.game().board(), loaded.game.start());
                    self.new_game(loaded.game, None);
                    self.say(format!("{}{note}", loaded.summary));
                }
                Err(message) => {
                    self.say(message);
                    return false;
                }
            },
        }
        true
    }

    /// Writes the game as PGN to `path` (with its ending: a resignation or a flag too) and
    /// says so; `false` when it could not.
    pub(super) fn save_pgn(&mut self, path: &str) -> bool {
        let players = self.session.player_tags();
        let pgn = self
            .session
            .pgn(&[("Event", "Outpost terminal game"), players[0], players[1]]);
        match std::fs::write(path, write_pgn(&pgn)) {
            Ok(()) => {
                self.saved = true;
                self.say(format!(
                    "Saved the game ({}, result {}) to {path}.",
                    half_moves(pgn.moves.len()),
                    pgn.result
                ));
                true
            }
            Err(error) => {
                self.say(format!("Could not save the game to {path}: {error}."));
                false
            }
        }
    }
}
