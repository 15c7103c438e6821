//! Drawing the app: [`render`] draws an [`App`] into a ratatui frame of any size, from the
//! [`Layout`] of that size. It only reads the app.

mod board;
mod panel;

use super::app::APP_COMMANDS;
use super::app::{App, Focus, Overlay};
use super::layout::{min_size, BoardArea, Layout};
use crate::line::render::title;
use crate::line::variant;
use outpost_board::{Color, Piece, Variant};
use outpost_game::clock::clock_text;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

pub use panel::{grouped, speed};

/// Draws the whole screen.
pub fn render(frame: &mut Frame<'_>, app: &App) {
    let layout = app.layout(frame.area());
    let Some(board) = layout.board else {
        return too_small(frame, app, layout.screen);
    };
    draw_title(frame, app, &layout);
    board::draw_board(app, &board, frame.buffer_mut());
    if let Some(panel) = layout.panel {
        panel::draw_panel(frame, app, panel);
    }
    draw_message(frame, app, layout.message);
    draw_input(frame, app, layout.input);
    if let Some(promotion) = app.promotion() {
        draw_promotion_picker(frame, app, &board, promotion.choice);
    }
    match app.overlay() {
        Some(Overlay::Help) => draw_help(frame, app, layout.screen),
        Some(Overlay::Eval) => draw_eval(frame, app, layout.screen),
        Some(Overlay::ConfirmQuit) => draw_confirm_quit(frame, app, layout.screen),
        None => {}
    }
}

/// The screen is smaller than the smallest layout for the game's board: say so, in as much
/// as fits.
fn too_small(frame: &mut Frame<'_>, app: &App, screen: Rect) {
    let (width, height) = min_size(app.board_size());
    let text = format!(
        "The terminal is too small ({}×{}). Outpost needs at least {width}×{height}: \
         enlarge the window (Ctrl-C quits).",
        screen.width, screen.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), screen);
}

/// The players and the engine's strength; in the compact layout (no panel) also who is to
/// move, the clocks and the end of the game.
fn draw_title(frame: &mut Frame<'_>, app: &App, layout: &Layout) {
    let mode = app.mode();
    let mut text = if layout.panel.is_some() {
        format!(
            " Outpost   White: {}   Black: {}",
            mode.name(Color::White),
            mode.name(Color::Black)
        )
    } else {
        let state = match app.ending() {
            Some(ending) => ending.to_string(),
            None => format!("{} to move", title(app.game().board().side_to_move())),
        };
        format!(" {state}")
    };
    let variant = app.variant();
    if variant == Variant::Fragments {
        text = format!("{text}   {}", variant::title(variant));
    }
    if layout.panel.is_none() {
        if let Some(clocks) = app.clocks() {
            let white = clock_text(clocks.left(Color::White, app.clock_time()));
            let black = clock_text(clocks.left(Color::Black, app.clock_time()));
            text = format!(" W {white}  B {black} ·{text}");
        }
    }
    let style = Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED);
    frame.render_widget(
        Paragraph::new(format!(
            "{text:<width$}",
            width = layout.title.width as usize
        ))
        .style(style),
        layout.title,
    );
}

fn draw_message(frame: &mut Frame<'_>, app: &App, area: Rect) {
    frame.render_widget(
        Paragraph::new(fit_words(app.message(), usize::from(area.width)))
            .style(Style::default().fg(Tint::Yellow)),
        area,
    );
}

/// `text` as it fits in `width` columns: whole, or cut after its last word that fits with
/// `…` (a word longer than the line is cut where the line ends).
pub fn fit_words(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let room = width.saturating_sub(1);
    let head: String = text.chars().take(room).collect();
    // The cut falls inside a word unless the next character is a blank.
    let next_is_blank = text.chars().nth(room).is_some_and(char::is_whitespace);
    let kept = if next_is_blank {
        head.as_str()
    } else {
        head.rfind(char::is_whitespace)
            .map_or(head.as_str(), |blank| &head[..blank])
    };
    format!("{}…", kept.trim_end())
}

/// The input line; the terminal's cursor stands in it when it has the focus.
fn draw_input(frame: &mut Frame<'_>, app: &App, area: Rect) {
    let line = app.line();
    let (prompt, hint) = match app.focus() {
        Focus::Input => ("move> ", ""),
        Focus::Board => (
            "move> ",
            if line.is_empty() {
                "type a move or command, or use the arrows and Enter; ? for help"
            } else {
                ""
            },
        ),
    };
    let text: String = line.text();
    let prompt_style = match app.focus() {
        Focus::Input => Style::default().add_modifier(Modifier::BOLD),
        Focus::Board => Style::default().fg(Tint::DarkGray),
    };
    // A refused line kept, selected: the next character typed replaces it.
    let text_style = if line.is_selected() {
        Style::default().add_modifier(Modifier::REVERSED)
    } else {
        Style::default()
    };
    let spans = vec![
        Span::styled(prompt, prompt_style),
        Span::styled(text, text_style),
        Span::styled(hint, Style::default().fg(Tint::DarkGray)),
    ];
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
    if app.focus() == Focus::Input {
        let x = area.x + prompt.len() as u16 + line.cursor() as u16;
        frame.set_cursor_position((x.min(area.right().saturating_sub(1)), area.y));
    }
}

/// Where the promotion picker is drawn over the board: a box with one cell per piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PickerArea {
    /// The box, borders included.
    pub rect: Rect,
    /// How many pieces it offers.
    pub choices: usize,
}

/// Columns per piece in the promotion picker.
const PICKER_CELL: u16 = 5;

impl PickerArea {
    /// The piece (an index into the variant's promotions, [`App::promotions`]) at screen
    /// cell (`x`, `y`), if any.
    pub fn choice_at(&self, x: u16, y: u16) -> Option<usize> {
        let inner_x = self.rect.x + 1;
        if y != self.rect.y + 1 || x < inner_x {
            return None;
        }
        let choice = ((x - inner_x) / PICKER_CELL) as usize;
        (choice < self.choices).then_some(choice)
    }
}

/// The place of the promotion picker offering `choices` pieces: centred on the board.
pub fn promotion_picker_area(board: &BoardArea, choices: usize) -> PickerArea {
    let width = PICKER_CELL * choices as u16 + 2;
    let area = board.squares;
    let x = area.x + area.width.saturating_sub(width) / 2;
    let y = area.y + area.height.saturating_sub(3) / 2;
    PickerArea {
        rect: Rect::new(x, y, width.min(area.width), 3),
        choices,
    }
}

fn draw_promotion_picker(frame: &mut Frame<'_>, app: &App, board: &BoardArea, choice: usize) {
    let promotions = app.promotions();
    let picker = promotion_picker_area(board, promotions.len());
    let side = app.game().board().side_to_move();
    let spans: Vec<Span<'_>> = promotions
        .iter()
        .enumerate()
        .map(|(index, &kind)| {
            let symbol = app.pieces().symbol(Piece::new(side, kind), false);
            let style = if index == choice {
                Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
            } else {
                Style::default()
            };
            Span::styled(
                format!(" {symbol} {} ", kind.letter().to_ascii_uppercase()),
                style,
            )
        })
        .collect();
    let block = Block::default().borders(Borders::ALL).title(" Promote to ");
    frame.render_widget(Clear, picker.rect);
    frame.render_widget(Paragraph::new(Line::from(spans)).block(block), picker.rect);
}

/// The keys and commands.
const HELP_TEXT: &str = "\
On the board: the arrows move the cursor, Enter or Space picks a piece
up and puts it down (or click with the mouse; a king put on its rook
castles), Esc lets it go. Letters never move the cursor: a move (e4, h3,
Nf3, O-O, e8=Q, g1f3) or command (hint, help) typed goes to the input
line, and back to the board once accepted (or with Esc or Tab); there
the arrows, Home, End, Ctrl-U and Ctrl-K edit, Up and Down recall lines.
< > PageUp PageDown: browse the game; Home: its start; End: now.
Click a move to see its position; the wheel scrolls the moves.
Ctrl-C: quit (twice: without saving). ? or F1: this help.
Commands:
  undo  flip  new  hint  stop  moves  fen [FEN]  load FILE  pgn FILE
  mode white|black|humans|engines   time S | depth N | nodes N
  eval            the static evaluation, term by term
";

/// What the help says first in a game of Chess Fragments: its rules.
const FRAGMENTS_HELP: &str = "\
Chess Fragments: a 5×5 board, no castling. C is the Right, which moves
as a rook or as a knight; a pawn promotes to it with =C (a5=C) or c (a4a5c).

";

fn draw_help(frame: &mut Frame<'_>, app: &App, screen: Rect) {
    let rules = if app.variant() == Variant::Fragments {
        FRAGMENTS_HELP
    } else {
        ""
    };
    // Chess Fragments' 5×5 board has no e4 and no castling: examples of its own.
    let help = if app.variant() == Variant::Fragments {
        HELP_TEXT.replace(
            "(e4, h3,\nNf3, O-O, e8=Q, g1f3)",
            "(e3, b3,\nNc3, a5=C, b1c3)",
        )
    } else {
        HELP_TEXT.to_string()
    };
    let text = format!("{rules}{help}{APP_COMMANDS}\n  quit\nAny key closes this help.");
    let rect = centered(screen, 76, wrapped_rows(&text, 74) + 2);
    let block = Block::default().borders(Borders::ALL).title(" Help ");
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(text).block(block).wrap(Wrap { trim: false }),
        rect,
    );
}

/// The static evaluation of the position shown (the browsed one, or the game's), term by
/// term, as UCI `eval` shows it.
fn draw_eval(frame: &mut Frame<'_>, app: &App, screen: Rect) {
    let text = format!(
        "{}\nAny key closes this table.",
        outpost_eval::explain(&app.shown_board())
    );
    let rect = centered(screen, 66, wrapped_rows(&text, 64) + 2);
    let block = Block::default().borders(Borders::ALL).title(" Evaluation ");
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(text).block(block).wrap(Wrap { trim: false }),
        rect,
    );
}

fn draw_confirm_quit(frame: &mut Frame<'_>, app: &App, screen: Rect) {
    let text = format!(
        "The game is not saved.\n y or Ctrl-C: quit without saving\n s: save it to {} and quit\n n or Esc: go on playing",
        app.quit_path()
    );
    let rect = centered(screen, 60, 6);
    let block = Block::default().borders(Borders::ALL).title(" Quit? ");
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(text).block(block).wrap(Wrap { trim: false }),
        rect,
    );
}

/// The rows `text` takes when wrapped at `width` columns (roughly: by characters).
fn wrapped_rows(text: &str, width: usize) -> u16 {
    let rows: usize = text
        .lines()
        .map(|line| line.chars().count().div_ceil(width.max(1)).max(1))
        .sum();
    rows.min(usize::from(u16::MAX - 2)) as u16
}

/// A rectangle of at most `width`×`height` in the middle of `screen`.
fn centered(screen: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(screen.width);
    let height = height.min(screen.height);
    Rect::new(
        screen.x + (screen.width - width) / 2,
        screen.y + (screen.height - height) / 2,
        width,
        height,
    )
}
