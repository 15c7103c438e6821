//! The board: squares with their colours, pieces, coordinates, the last move, the king in
//! check, the keyboard cursor, the piece picked up and where it can go.

use crate::tui::app::App;
use crate::tui::layout::BoardArea;
use outpost_board::{File, Rank, Square};
use outpost_game::players::Player;
use outpost_movegen::in_check;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

/// Draws the board of `app` into `area` of `buffer`.
pub fn draw_board(app: &App, area: &BoardArea, buffer: &mut Buffer) {
    let theme = app.theme();
    let board = app.shown_board();
    let last = app.shown_last_move();
    let checked = in_check(&board).then(|| board.king_square(board.side_to_move()));
    let targets = app.targets();
    // No cursor while the engine plays both sides.
    let mode = app.mode();
    let human_plays = mode.white == Player::Human || mode.black == Player::Human;
    // The board's own squares: all 64, or the a1–e5 corner of Chess Fragments.
    for square in board.variant().squares() {
        let rect = area.square_rect(square);
        let piece = board.piece_at(square);
        let is_target = targets.iter().any(|pick| pick.to == square);
        let mut background = theme.square(square.is_light());
        if last.is_some_and(|mv| mv.from() == square || mv.to() == square) {
            background = theme.last_move;
        }
        if checked == Some(square) {
            background = theme.check;
        }
        if is_target && piece.is_some() {
            background = theme.target;
        }
        let cursor_here = app.cursor() == square && app.view().is_none() && human_plays;
        if cursor_here {
            background = theme.cursor;
        }
        if app.selected() == Some(square) {
            background = theme.selected;
        }
        let mut style = Style::default().bg(background);
        if !theme.colored && (app.selected() == Some(square) || (is_target && piece.is_some())) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        fill(buffer, rect, style);
        let (x, y) = (rect.x + rect.width / 2, rect.y + rect.height / 2);
        if let Some(piece) = piece {
            let symbol = app.pieces().symbol(piece, theme.colored);
            let piece_style = style
                .fg(theme.piece(piece.color()))
                .add_modifier(Modifier::BOLD);
            put(buffer, x, y, symbol, piece_style);
        } else if is_target {
            let dot = if theme.colored {
                Color::Rgb(40, 60, 40)
            } else {
                Color::Reset
            };
            put(buffer, x, y, '•', style.fg(dot));
        }
        if app.cursor() == square && app.view().is_none() {
            let cursor = Style::default()
                .bg(background)
                .fg(if theme.colored {
                    Color::Yellow
                } else {
                    Color::Reset
                })
                .add_modifier(Modifier::BOLD);
            put(buffer, rect.x, y, '[', cursor);
            put(buffer, rect.right().saturating_sub(1), y, ']', cursor);
        }
    }
    draw_labels(area, buffer, theme.labels);
}

/// Rank digits left of the board, file letters below it.
fn draw_labels(area: &BoardArea, buffer: &mut Buffer, color: Color) {
    let style = Style::default().fg(color);
    for index in 0..area.size {
        let (Some(file), Some(rank)) = (File::new(index), Rank::new(index)) else {
            continue;
        };
        let rect = area.square_rect(Square::from_coords(file, rank));
        put(
            buffer,
            area.squares.x.saturating_sub(2),
            rect.y + rect.height / 2,
            rank.digit(),
            style,
        );
        put(
            buffer,
            rect.x + rect.width / 2,
            area.squares.bottom(),
            file.letter(),
            style,
        );
    }
}

/// Paints every cell of `rect` blank with `style`.
fn fill(buffer: &mut Buffer, rect: Rect, style: Style) {
    for y in rect.top()..rect.bottom() {
        for x in rect.left()..rect.right() {
            put(buffer, x, y, ' ', style);
        }
    }
}

/// Writes `symbol` at (`x`, `y`) if that cell is on the buffer.
fn put(buffer: &mut Buffer, x: u16, y: u16, symbol: char, style: Style) {
    if let Some(cell) = buffer.cell_mut((x, y)) {
        cell.set_char(symbol).set_style(style);
    }
}
