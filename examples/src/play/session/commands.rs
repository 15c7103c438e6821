//! What each command does to a session.

use super::Session;
use crate::play::command::{self, Command, HELP};
use crate::play::input::Inbox;
use crate::play::mode::{Player, MODE_NAMES};
use crate::play::{render, variant};
use outpost_board::{Board, Color, Move};
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
                (self.game, self.chess960) = self.settings.new_game(self.game.board().variant());
                self.pause_until = None;
                if let Some(search) = &mut self.search {
                    search.clear_hash();
                }
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
            Command::Eval => writeln!(self.out, "{}", outpost_eval::explain(self.game.board())),
            Command::Hint => self.hint(inbox),
            Command::Stop => writeln!(self.out, "The engine is not thinking."),
            Command::Mode(None) => writeln!(
                self.out,
                "Mode: {}. Change it with mode followed by {MODE_NAMES}.",
                self.settings.mode
            ),
            Command::Mode(Some(mode)) => {
                self.settings.mode = mode;
                self.pause_until = None;
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
                    self.game = outpost_movegen::Game::new(board);
                    self.chess960 = None;
                    self.pause_until = None;
                    self.show_board()?;
                    if !note.is_empty() {
                        writeln!(self.out, "{}", note.trim_start())?;
                    }
                    self.announce_end()
                }
                Err(error) => writeln!(self.out, "Bad FEN: {error}. The board is unchanged."),
            },
            Command::Strength(None) => {
                writeln!(self.out, "Engine: {}.", self.settings.strength)
            }
            Command::Strength(Some(strength)) => {
                self.settings.strength = strength;
                writeln!(self.out, "Engine: {strength}.")
            }
            Command::SavePgn(path) => self.save_pgn(&path),
            Command::LoadPgn(path) => self.load_pgn(&path),
        }
    }

    /// A move typed by a human: UCI if it looks like UCI, else SAN.
    fn human_move(&mut self, text: &str) -> io::Result<()> {
        let status = self.game.status();
        if status.is_over() {
            return writeln!(
                self.out,
                "The game is over ({status}): type new, undo, fen or load to go on."
            );
        }
        let side = self.game.board().side_to_move();
        if self.settings.mode.player(side) == Player::Engine {
            return writeln!(
                self.out,
                "It is the engine's turn to move for {side}; type mode to change who plays."
            );
        }
        match command::parse_move(self.game.board(), text) {
            Ok(mv) => self.play(mv, ""),
            Err(message) => writeln!(self.out, "{message}. The board is unchanged."),
        }
    }

    /// Takes back one move, or against the engine the moves back to the human's last turn.
    fn undo(&mut self) -> io::Result<()> {
        let played = self.game.moves().len();
        let count = match self.settings.mode.lone_human() {
            Some(human) if self.game.board().side_to_move() == human => 2,
            _ => 1,
        };
        if played == 0 {
            return writeln!(self.out, "There is no move to take back.");
        }
        if count > played {
            return writeln!(self.out, "There is no move of yours to take back.");
        }
        let mut taken: Vec<Move> = (0..count).filter_map(|_| self.game.undo()).collect();
        taken.reverse();
        self.pause_until = None;
        let text = line_to_san(self.game.board(), &taken, MoveNumbers::Shown);
        writeln!(self.out, "Took back {text}")?;
        self.show_board()
    }

    /// The engine suggests a move for the human to play.
    fn hint(&mut self, inbox: &Inbox) -> io::Result<()> {
        let status = self.game.status();
        if status.is_over() {
            return writeln!(self.out, "The game is over ({status}): no hint.");
        }
        let board = self.game.board().clone();
        if self.settings.mode.player(board.side_to_move()) == Player::Engine {
            return writeln!(self.out, "Hints are for the human's turn.");
        }
        let limits = self.settings.strength.hint_limits();
        let Some(result) = self.think(limits, inbox)? else {
            return Ok(());
        };
        match result.best_move {
            Some(mv) => writeln!(
                self.out,
                "Hint: {} ({})",
                line_to_san(&board, &[mv], MoveNumbers::Shown),
                render::score_text(result.score, board.side_to_move())
            ),
            None => writeln!(self.out, "No hint: there is no legal move."),
        }
    }
}
