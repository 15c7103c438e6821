//! Keys and the mouse.
//!
//! Keys go to the board or to the input line (the [`Focus`]). On the board the arrows move
//! the cursor, Enter and Space pick a piece up and put it down, `<` `>` Home End browse the
//! game, `?` opens the help, and any other character starts typing in the input line, so that
//! every move and command (`e4`, `Nf3`, `h3`, `hint`) can be typed at once: letters never
//! move the cursor. In the input line the usual editing keys work; Esc or Tab go back to the
//! board, and so does Enter once the move or command is accepted (a refused line stays,
//! selected: typing replaces it, the cursor keys edit it). Ctrl-C quits (asking first about an unsaved game; a second Ctrl-C quits without
//! saving) and F1 shows the help from anywhere. The help and the quit question pause the game.

use super::{App, Focus, Overlay, Promotion};
use crate::tui::layout::{inside, panel_parts, MOVE_COLUMNS, MOVE_NUMBER_COLUMNS};
use crate::tui::view::promotion_picker_area;
use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use outpost_board::{Move, Square};
use ratatui::layout::Rect;

impl App {
    /// A key press (releases and repeats of key-release terminals are ignored).
    pub(super) fn key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        if control && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q')) {
            return self.request_quit();
        }
        if let Some(overlay) = self.overlay {
            return self.overlay_key(overlay, key.code);
        }
        if key.code == KeyCode::F(1) {
            self.overlay = Some(Overlay::Help);
            return;
        }
        if let Some(promotion) = self.promotion {
            return self.promotion_key(promotion, key.code);
        }
        match self.focus {
            Focus::Board => self.board_key(key.code, control),
            Focus::Input => self.input_key(key.code, control),
        }
    }

    fn overlay_key(&mut self, overlay: Overlay, code: KeyCode) {
        match overlay {
            Overlay::Help | Overlay::Eval => self.overlay = None,
            Overlay::ConfirmQuit => match code {
                KeyCode::Char('y' | 'Y') => self.quit = true,
                KeyCode::Char('s' | 'S') => {
                    let path = self.quit_path.clone();
                    if self.save_pgn(&path) {
                        self.farewell = Some(self.message().to_string());
                        self.quit = true;
                    } else {
                        self.overlay = None;
                    }
                }
                KeyCode::Char('n' | 'N') | KeyCode::Esc => {
                    self.overlay = None;
                    self.say("The game goes on.");
                }
                _ => {}
            },
        }
    }

    fn promotion_key(&mut self, promotion: Promotion, code: KeyCode) {
        let promotions = self.promotions();
        let count = promotions.len();
        let choice = match code {
            KeyCode::Esc => {
                self.promotion = None;
                self.selected = None;
                return self.say("Promotion cancelled.");
            }
            KeyCode::Left | KeyCode::Up | KeyCode::Char('h' | 'k') => {
                (promotion.choice + count - 1) % count
            }
            KeyCode::Right | KeyCode::Down | KeyCode::Char('l' | 'j') => {
                (promotion.choice + 1) % count
            }
            KeyCode::Enter | KeyCode::Char(' ') => return self.promote(promotion.choice),
            KeyCode::Char(c) => match promotions
                .iter()
                .position(|kind| kind.letter().eq_ignore_ascii_case(&c))
            {
                Some(choice) => return self.promote(choice),
                None => promotion.choice,
            },
            _ => promotion.choice,
        };
        self.promotion = Some(Promotion {
            choice,
            ..promotion
        });
    }

    /// Plays the promotion waiting in the picker, to `self.promotions()[choice]`.
    fn promote(&mut self, choice: usize) {
        let Some(promotion) = self.promotion.take() else {
            return;
        };
        let promotions = self.promotions();
        let Some(&kind) = promotions.get(choice.min(promotions.len().saturating_sub(1))) else {
            return;
        };
        let found = self.targets().into_iter().find(|pick| {
            pick.from == promotion.from
                && pick.to == promotion.to
                && pick.mv.promotion_piece() == Some(kind)
        });
        match found {
            Some(pick) => self.human_move(pick.mv),
            None => self.say("That promotion is no longer possible."),
        }
    }

    fn board_key(&mut self, code: KeyCode, control: bool) {
        match code {
            // Arrows only: letters start the input line (`h3` and `hint` are typed, not
            // cursor steps).
            KeyCode::Left => self.move_cursor(-1, 0),
            KeyCode::Right => self.move_cursor(1, 0),
            KeyCode::Up => self.move_cursor(0, 1),
            KeyCode::Down => self.move_cursor(0, -1),
            KeyCode::Enter | KeyCode::Char(' ') => self.activate(self.cursor),
            KeyCode::Esc => {
                self.selected = None;
            }
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
            KeyCode::Char('<') | KeyCode::PageUp => {
                let at = self.view.unwrap_or(self.game().moves().len());
                self.browse_to(at.saturating_sub(1));
            }
            KeyCode::Char('>') | KeyCode::PageDown => {
                if let Some(at) = self.view {
                    self.browse_to(at + 1);
                }
            }
            KeyCode::Home => self.browse_to(0),
            KeyCode::End => self.browse_to(usize::MAX),
            KeyCode::Tab | KeyCode::Char(':') => self.focus = Focus::Input,
            KeyCode::Char(c) if !control => {
                self.focus = Focus::Input;
                self.line.insert(c);
            }
            _ => {}
        }
    }

    fn input_key(&mut self, code: KeyCode, control: bool) {
        match code {
            KeyCode::Char('u') if control => self.line.delete_to_start(),
            KeyCode::Char('k') if control => self.line.delete_to_end(),
            KeyCode::Char('a') if control => self.line.home(),
            KeyCode::Char('e') if control => self.line.end(),
            // `?` on an empty line is the help, as on the board.
            KeyCode::Char('?') if self.line.is_empty() => self.overlay = Some(Overlay::Help),
            KeyCode::Char(c) if !control => self.line.insert(c),
            KeyCode::Backspace => self.line.backspace(),
            KeyCode::Delete => self.line.delete(),
            KeyCode::Left => self.line.left(),
            KeyCode::Right => self.line.right(),
            KeyCode::Home => self.line.home(),
            KeyCode::End => self.line.end(),
            KeyCode::Up => self.line.older(),
            KeyCode::Down => self.line.newer(),
            KeyCode::Esc | KeyCode::Tab => self.focus = Focus::Board,
            KeyCode::Enter => {
                let line = self.line.submit();
                // Accepted: the arrows move the board's cursor again (typing still starts
                // the line); refused: the line keeps the focus and its text, to be fixed,
                // with the reason in the message.
                if self.run_line(&line) {
                    self.focus = Focus::Board;
                } else {
                    self.line.keep(&line);
                }
            }
            _ => {}
        }
    }

    /// Moves the cursor by files and ranks as seen on the screen.
    fn move_cursor(&mut self, right: i8, up: i8) {
        let (right, up) = if self.flipped {
            (-right, -up)
        } else {
            (right, up)
        };
        // The board's files and ranks: 0..8, or 0..5 for Chess Fragments.
        let size = self.board_size() as i8;
        let file = self.cursor.file().index() as i8 + right;
        let rank = self.cursor.rank().index() as i8 + up;
        // A step right from the last file must not wrap to the next rank.
        if (0..size).contains(&file) && (0..size).contains(&rank) {
            if let Some(square) = self.cursor.offset(up * 8 + right) {
                self.cursor = square;
            }
        }
    }

    /// Enter, Space or a click on `square`: pick up a piece of the side to move, put the
    /// picked-up piece down there, or let it go.
    pub(super) fn activate(&mut self, square: Square) {
        self.cursor = square;
        if let Some(problem) = self.why_no_move() {
            self.selected = None;
            return self.say(problem);
        }
        let board = self.game().board().clone();
        let side = board.side_to_move();
        if let Some(from) = self.selected {
            if from == square {
                self.selected = None;
                return;
            }
            let moves: Vec<Move> = self
                .targets()
                .into_iter()
                .filter(|pick| pick.to == square)
                .map(|pick| pick.mv)
                .collect();
            match moves.as_slice() {
                [mv] => return self.human_move(*mv),
                [first, ..] if first.is_promotion() => {
                    self.promotion = Some(Promotion {
                        from,
                        to: square,
                        choice: 0,
                    });
                    let letters: Vec<String> = self
                        .promotions()
                        .iter()
                        .map(|kind| kind.letter().to_string())
                        .collect();
                    return self.say(format!(
                        "Promote to: {} (or the arrows and Enter).",
                        letters.join(" ")
                    ));
                }
                _ => {}
            }
        }
        let own = board
            .piece_at(square)
            .is_some_and(|piece| piece.color() == side);
        let can_move = outpost_movegen::legal_moves(&board)
            .iter()
            .any(|mv| mv.from() == square);
        if own && can_move {
            self.selected = Some(square);
            self.say(format!("{square} picked up: choose where it goes."));
        } else if own {
            self.selected = None;
            self.say(format!("The piece on {square} has no legal move."));
        } else if self.selected.is_some() {
            self.selected = None;
            self.say(format!("No legal move to {square}."));
        } else {
            self.say(format!("Pick one of your pieces, not {square}."));
        }
    }

    /// A mouse click or wheel turn.
    pub(super) fn mouse(&mut self, mouse: MouseEvent) {
        let (x, y) = (mouse.column, mouse.row);
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {}
            MouseEventKind::ScrollUp => return self.scroll_move_list(-3),
            MouseEventKind::ScrollDown => return self.scroll_move_list(3),
            _ => return,
        }
        if matches!(self.overlay, Some(Overlay::Help | Overlay::Eval)) {
            self.overlay = None;
            return;
        }
        if self.overlay.is_some() {
            return;
        }
        let layout = self.layout(Rect::new(0, 0, self.size.0, self.size.1));
        let Some(board) = layout.board else {
            return;
        };
        if let Some(promotion) = self.promotion {
            let picker = promotion_picker_area(&board, self.promotions().len());
            if let Some(choice) = picker.choice_at(x, y) {
                self.promotion = Some(Promotion {
                    choice,
                    ..promotion
                });
                return self.promote(choice);
            }
            return;
        }
        if let Some(square) = board.square_at(x, y) {
            self.focus = Focus::Board;
            self.activate(square);
        } else if layout.input.contains((x, y).into()) {
            self.focus = Focus::Input;
        } else if let Some(panel) = layout.panel {
            let moves = inside(panel_parts(panel)[1]);
            if let Some(ply) = self.move_list_ply_at(moves, x, y) {
                self.browse_to(ply);
            }
        }
    }

    /// The number of moves up to and including the move at (`x`, `y`) in the move list
    /// drawn inside `moves`.
    fn move_list_ply_at(&self, moves: Rect, x: u16, y: u16) -> Option<usize> {
        if !moves.contains((x, y).into()) || x < moves.x + MOVE_NUMBER_COLUMNS {
            return None;
        }
        let row = self.move_list_top(moves.height as usize) + usize::from(y - moves.y);
        let column = usize::from((x - moves.x - MOVE_NUMBER_COLUMNS) / MOVE_COLUMNS);
        if column > 1 {
            return None;
        }
        let ply = (row * 2 + column + 1).checked_sub(self.black_first_offset())?;
        (1..=self.game().moves().len())
            .contains(&ply)
            .then_some(ply)
    }

    /// 1 when the game's record starts with a black move (the list's first slot is empty).
    fn black_first_offset(&self) -> usize {
        usize::from(self.game().start().side_to_move() == outpost_board::Color::Black)
    }

    /// The first row of the move list when `visible` rows fit: where it was scrolled to, or
    /// else so that the move of the position shown is in sight.
    pub fn move_list_top(&self, visible: usize) -> usize {
        let rows = self.move_rows();
        match self.move_list_scroll {
            Some(row) => row.min(rows.saturating_sub(visible)),
            None => {
                let shown = self.view.unwrap_or(self.game().moves().len());
                let row = (shown + self.black_first_offset()).saturating_sub(1) / 2;
                (row + 1).saturating_sub(visible)
            }
        }
    }

    /// Scrolls the move list by `rows` (up when negative).
    fn scroll_move_list(&mut self, rows: isize) {
        let layout = self.layout(Rect::new(0, 0, self.size.0, self.size.1));
        let Some(panel) = layout.panel else {
            return;
        };
        let visible = inside(panel_parts(panel)[1]).height as usize;
        let last_top = self.move_rows().saturating_sub(visible);
        let top = self.move_list_top(visible);
        self.move_list_scroll = Some(top.saturating_add_signed(rows).min(last_top));
    }

    /// The number of rows of the move list (one per move pair).
    pub fn move_rows(&self) -> usize {
        (self.game().moves().len() + self.black_first_offset()).div_ceil(2)
    }

    /// `quit`, Ctrl-C: leave, or ask first when the game is not saved. Asked already (a
    /// second Ctrl-C), it leaves without saving, as terminal programs do.
    pub(super) fn request_quit(&mut self) {
        if self.saved
            || self.game().moves().is_empty()
            || self.overlay == Some(Overlay::ConfirmQuit)
        {
            self.quit = true;
        } else {
            self.quit_path = unsaved_game_path();
            self.overlay = Some(Overlay::ConfirmQuit);
        }
    }
}

/// The file an unsaved game is saved to on quitting: `outpost-game-<seconds>.pgn` in the
/// current directory.
pub fn unsaved_game_path() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    format!("outpost-game-{seconds}.pgn")
}
