//! What each command does to a session.

use super::Session;
use crate::line::command::{self, Command, HELP};
use crate::line::input::Inbox;
use crate::line::{render, variant};
use outpost_board::{Board, Color};
use outpost_game::levels::level_title;
use outpost_game::players::{Player, MODE_NAMES};
use outpost_game::{Refusal, Update};
use outpost_movegen::san::{line_to_san, MoveNumbers};
use std::io::{self, Write};

impl<W: Write> Session<W> {
    /// Carries out one command.
    pub(super) fn execute(&mut self, command: Command, inbox: &Inbox) -> io::Result<()> {
        match command {
            Command::Move(text) => self.human_move(&text),
            Command::Help => writeln!(self.out, "{HELP}"),
            Command::Quit => {
                self.quit = true;
                Ok(())
            }
            Command::New => {
                let (game, chess960) = self.settings.new_game(self.game.variant());
                let now = self.now();
                self.game.new_game(game, chess960, now);
                writeln!(self.out, "New game.")?;
                self.announce_chess960()?;
                self.show_board()
            }
            Command::Undo => self.undo(),
            Command::Flip => {
                self.flipped = !self.flipped;
                self.show_board()
            }
            Command::Board => self.show_board(),
            Command::Moves => {
                let moves = render::legal_moves_text(self.game.board());
                if moves.is_empty() {
                    writeln!(self.out, "No legal moves.")
                } else {
                    writeln!(self.out, "Legal moves: {moves}")
                }
            }
            Command::Eval => writeln!(self.out, "{}", self.game.explanation()),
            Command::Hint => self.hint(inbox),
            Command::Stop => writeln!(self.out, "The engine is not thinking."),
            Command::Mode(None) => writeln!(
                self.out,
                "Mode: {}. Change it with mode followed by {MODE_NAMES}.",
                self.game.players()
            ),
            Command::Mode(Some(mode)) => {
                self.game.set_players(mode);
                writeln!(self.out, "Mode: {mode}.")?;
                if let Some(human) = mode.lone_human() {
                    let flipped = human == Color::Black;
                    if flipped != self.flipped {
                        self.flipped = flipped;
                        self.show_board()?;
                    }
                }
                Ok(())
            }
            Command::Fen(None) => writeln!(self.out, "{}", self.game.board().to_fen()),
            Command::Fen(Some(fen)) => match Board::from_fen(&fen) {
                Ok(board) => {
                    let note = variant::rules_change(self.game.board(), &board);
                    let now = self.now();
                    self.game
                        .new_game(outpost_movegen::Game::new(board), None, now);
                    self.show_board()?;
                    if !note.is_empty() {
                        writeln!(self.out, "{}", note.trim_start())?;
                    }
                    self.announce_end()
                }
                Err(error) => writeln!(self.out, "Bad FEN: {error}. The board is unchanged."),
            },
            Command::Strength(None) => {
                writeln!(self.out, "Engine: {}.", self.game.strength())
            }
            Command::Strength(Some(strength)) => {
                self.game.set_strength(strength);
                writeln!(self.out, "Engine: {strength}.")
            }
            Command::Level(None) => {
                writeln!(self.out, "Engine: {}.", level_title(self.game.level()))
            }
            Command::Level(Some(level)) => {
                self.game.set_level(level);
                writeln!(self.out, "Engine: {}.", level_title(level))
            }
            Command::SavePgn(path) => self.save_pgn(&path),
            Command::LoadPgn(path) => self.load_pgn(&path),
        }
    }

    /// A move typed by a human: UCI if it looks like UCI, else SAN.
    fn human_move(&mut self, text: &str) -> io::Result<()> {
        if let Some(ending) = self.game.ending() {
            return writeln!(
                self.out,
                "The game is over ({}): type new, undo, fen or load to go on.",
                super::ending_text(ending)
            );
        }
        let side = self.game.board().side_to_move();
        if self.game.players().player(side) == Player::Engine {
            return writeln!(
                self.out,
                "It is the engine's turn to move for {side}; type mode to change who plays."
            );
        }
        let mv = match command::parse_move(self.game.board(), text) {
            Ok(mv) => mv,
            Err(message) => return writeln!(self.out, "{message}. The board is unchanged."),
        };
        let now = self.now();
        match self.game.play(mv, now) {
            Ok(text) => {
                let side = render::title(side);
                writeln!(self.out, "{side} plays {text}")?;
                self.show_board()?;
                self.announce_end()
            }
            Err(refusal) => writeln!(self.out, "{refusal}. The board is unchanged."),
        }
    }

    /// Takes back one move, or against the engine the moves back to the human's last turn.
    fn undo(&mut self) -> io::Result<()> {
        let now = self.now();
        match self.game.take_back_turn(now) {
            Ok(taken) => {
                let text = line_to_san(self.game.board(), &taken, MoveNumbers::Shown);
                writeln!(self.out, "Took back {text}")?;
                self.show_board()
            }
            Err(Refusal::NothingToTakeBack(_)) => {
                writeln!(self.out, "There is no move to take back.")
            }
            Err(refusal) => writeln!(self.out, "{}.", render::capitalised(&refusal.to_string())),
        }
    }

    /// The engine suggests a move for the human to play.
    fn hint(&mut self, inbox: &Inbox) -> io::Result<()> {
        if let Some(ending) = self.game.ending() {
            return writeln!(
                self.out,
                "The game is over ({}): no hint.",
                super::ending_text(ending)
            );
        }
        let side = self.game.board().side_to_move();
        if self.game.players().player(side) == Player::Engine {
            return writeln!(self.out, "Hints are for the human's turn.");
        }
        if self.game.hint().is_err() {
            return writeln!(self.out, "No hint now.");
        }
        let updates = self.wait_for_engine(inbox)?;
        if updates
            .iter()
            .any(|update| matches!(update, Update::NoMove))
        {
            return writeln!(self.out, "No hint: there is no legal move.");
        }
        self.show_updates(updates)
    }
}
