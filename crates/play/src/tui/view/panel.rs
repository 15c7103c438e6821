//! The side panel: the game (players, clocks, side to move, castling, en passant, fifty-move
//! counter, material, captured pieces), the moves in SAN, and the engine's thinking.

use crate::line::chess960;
use crate::line::render::{score_text, title};
use crate::line::variant;
use crate::tui::app::App;
use crate::tui::layout::{panel_parts, MOVE_COLUMNS, MOVE_NUMBER_COLUMNS};
use outpost_board::{Board, Color, Piece, PieceKind, Variant};
use outpost_game::clock::clock_text;
use outpost_game::Purpose;
use outpost_movegen::in_check;
use outpost_movegen::san::{line_to_san_moves, MoveNumbers};
use outpost_search::Bound;
use ratatui::layout::Rect;
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

/// At most this many moves of the engine's expected line are shown.
const MAX_LINE_MOVES: usize = 12;

/// Draws the panel of `app` in `area`.
pub fn draw_panel(frame: &mut Frame<'_>, app: &App, area: Rect) {
    let parts = panel_parts(area);
    draw_game(frame, app, parts[0]);
    draw_moves(frame, app, parts[1]);
    draw_engine(frame, app, parts[2]);
}

/// The players with their clocks, then the position's state.
fn draw_game(frame: &mut Frame<'_>, app: &App, area: Rect) {
    let board = app.shown_board();
    let mut lines: Vec<Line<'_>> = Color::ALL
        .into_iter()
        .map(|color| player_line(app, color))
        .collect();
    lines.push(status_line(app, &board));
    let en_passant = match board.en_passant() {
        Some(square) if board.en_passant_capturable() => square.to_string(),
        _ => "-".to_string(),
    };
    lines.push(Line::from(match board.variant() {
        Variant::Chess => format!(
            "Castling {}   En passant {en_passant}",
            board.castling_rights()
        ),
        // No castling in Chess Fragments.
        _ => format!("En passant {en_passant}"),
    }));
    lines.push(Line::from(format!(
        "Move {}   Fifty-move {}/100",
        board.fullmove_number(),
        board.halfmove_clock()
    )));
    let material = board.material();
    lines.push(Line::from(format!(
        "Material {:+} ({} v {})",
        material.balance(),
        material.pawns(Color::White),
        material.pawns(Color::Black)
    )));
    lines.push(Line::from(format!("Taken {}", taken_text(app))));
    let heading = match app.view() {
        Some(count) => format!(
            " Game · position after {count} of {} ",
            app.game().moves().len()
        ),
        None => match (app.chess960_number(), board.variant()) {
            (Some(number), _) => format!(" Game · {} ", chess960::title(number)),
            (None, Variant::Chess) => " Game ".to_string(),
            (None, other) => format!(" Game · {} ", variant::title(other)),
        },
    };
    let block = Block::default().borders(Borders::ALL).title(heading);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// `▶ White  You       4:59`: the side to move marked, its clock when there are clocks.
fn player_line(app: &App, color: Color) -> Line<'static> {
    let to_move = app.ending().is_none() && app.game().board().side_to_move() == color;
    let marker = if to_move { "▶ " } else { "  " };
    let name = app.mode().name(color);
    let mut spans = vec![Span::raw(format!("{marker}{:<6}{name:<9}", title(color)))];
    if let Some(clocks) = app.clocks() {
        let left = clocks.left(color, app.clock_time());
        let mut style = Style::default().add_modifier(Modifier::BOLD);
        if left.is_zero() {
            style = style.fg(Tint::Red);
        } else if clocks.running() == Some(color) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        spans.push(Span::styled(format!(" {:>7} ", clock_text(left)), style));
    }
    Line::from(spans)
}

/// Who is to move, in check, or how the game ended.
fn status_line(app: &App, board: &Board) -> Line<'static> {
    if app.view().is_none() {
        if let Some(ending) = app.ending() {
            return Line::styled(
                ending.to_string(),
                Style::default()
                    .fg(Tint::LightRed)
                    .add_modifier(Modifier::BOLD),
            );
        }
    }
    let side = title(board.side_to_move());
    if in_check(board) {
        Line::styled(
            format!("{side} to move, in check"),
            Style::default().fg(Tint::LightRed),
        )
    } else {
        Line::from(format!("{side} to move"))
    }
}

/// The pieces each side has taken up to the position shown: `♟♟♞ / ♙` (white's captures
/// first). Read from the moves, not from the material: a promoted pawn was not taken.
fn taken_text(app: &App) -> String {
    let game = app.game();
    let shown = app.view().unwrap_or(game.moves().len());
    let mut board = game.start().clone();
    let mut taken = Vec::new();
    for &mv in &game.moves()[..shown] {
        let victim = if mv.is_en_passant() {
            Some(Piece::new(!board.side_to_move(), PieceKind::Pawn))
        } else if mv.is_capture() {
            board.piece_at(mv.to())
        } else {
            None
        };
        taken.extend(victim);
        board.make(mv);
    }
    let mut parts = Vec::new();
    for captured in [Color::Black, Color::White] {
        let mut text = String::new();
        for kind in [
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Right,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Pawn,
        ] {
            let piece = Piece::new(captured, kind);
            for _ in taken.iter().filter(|&&victim| victim == piece) {
                text.push(app.pieces().symbol(piece, false));
            }
        }
        parts.push(if text.is_empty() {
            "-".to_string()
        } else {
            text
        });
    }
    parts.join(" / ")
}

/// The moves in SAN, two a row with their numbers; the move of the position shown stands
/// out, and the list follows it unless scrolled by hand.
fn draw_moves(frame: &mut Frame<'_>, app: &App, area: Rect) {
    let game = app.game();
    let start = game.start();
    let sans = line_to_san_moves(start, game.moves(), MoveNumbers::Hidden);
    let black_first = start.side_to_move() == Color::Black;
    let shown = app.view().unwrap_or(game.moves().len());
    let mut rows: Vec<Line<'_>> = Vec::new();
    let offset = usize::from(black_first);
    let first_number = start.fullmove_number() as usize;
    let number_width = usize::from(MOVE_NUMBER_COLUMNS) - 2;
    let move_width = usize::from(MOVE_COLUMNS) - 1;
    for row in 0..app.move_rows() {
        let mut spans = vec![Span::styled(
            format!("{:>number_width$}. ", first_number + row),
            Style::default().fg(Tint::DarkGray),
        )];
        for column in 0..2 {
            let slot = row * 2 + column;
            let text = match slot.checked_sub(offset) {
                Some(index) => sans.get(index).cloned().unwrap_or_default(),
                None => "...".to_string(),
            };
            let ply = slot.checked_sub(offset).map(|index| index + 1);
            let mut style = Style::default();
            if ply == Some(shown) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            spans.push(Span::styled(format!("{text:<move_width$}"), style));
            spans.push(Span::raw(" "));
        }
        rows.push(Line::from(spans));
    }
    let visible = area.height.saturating_sub(2) as usize;
    let top = app.move_list_top(visible);
    let title = if rows.is_empty() {
        " Moves ".to_string()
    } else {
        format!(" Moves ({}) ", game.moves().len())
    };
    let block = Block::default().borders(Borders::ALL).title(title);
    let shown_rows: Vec<Line<'_>> = rows.into_iter().skip(top).take(visible).collect();
    frame.render_widget(Paragraph::new(shown_rows).block(block), area);
}

/// The engine's search: depth, score from white's side, nodes, speed and expected line.
fn draw_engine(frame: &mut Frame<'_>, app: &App, area: Rect) {
    let limit = match app.clocks() {
        Some(clocks) => format!("by the clock {}", clocks.control()),
        None => app.strength().to_string(),
    };
    let heading = match app.level() {
        Some(level) => format!(" Engine · level {} · {limit} ", level.elo()),
        None => format!(" Engine · {limit} "),
    };
    let mut lines = Vec::new();
    // The engine's last move came from the book, and it has not searched since.
    let book_move = app
        .book_move()
        .filter(|_| app.thinking().is_none_or(|thinking| !thinking.running));
    match (app.thinking(), book_move) {
        (_, Some(played)) => {
            lines.push(Line::from(format!("{played} from the book, not searched.")));
        }
        (None, None) => lines.push(Line::from("No search yet.")),
        (Some(thinking), None) => {
            let what = match (thinking.running, thinking.purpose) {
                (true, Purpose::Move) => "Thinking…",
                (true, Purpose::Hint) => "Looking for a hint…",
                (true, Purpose::Analysis) => "Analysing…",
                (false, _) => "Last search:",
            };
            match &thinking.info {
                None if !thinking.running => {
                    lines.push(Line::from("Last search: stopped before its first depth."));
                }
                None => lines.push(Line::from(what)),
                Some(info) => {
                    let side = thinking.board.side_to_move();
                    let bound = match (info.bound, side) {
                        (Bound::Exact, _) => "",
                        (Bound::Lower, Color::White) | (Bound::Upper, Color::Black) => "≥",
                        (Bound::Lower, Color::Black) | (Bound::Upper, Color::White) => "≤",
                    };
                    let score = score_text(info.score, side);
                    lines.push(Line::from(vec![
                        Span::raw(format!("{what} depth {}  ", info.depth)),
                        Span::styled(
                            format!("{bound}{score}"),
                            Style::default().add_modifier(Modifier::BOLD),
                        ),
                    ]));
                    lines.push(Line::from(format!(
                        "{} nodes  {}",
                        grouped(info.nodes),
                        speed(info.nps)
                    )));
                    let expected = &info.pv[..info.pv.len().min(MAX_LINE_MOVES)];
                    let moves = line_to_san_moves(&thinking.board, expected, MoveNumbers::Shown);
                    let width = area.width.saturating_sub(2) as usize;
                    lines.extend(wrap_moves(&moves, width).into_iter().map(Line::from));
                }
            }
        }
    }
    let block = Block::default().borders(Borders::ALL).title(heading);
    frame.render_widget(
        Paragraph::new(lines).block(block).wrap(Wrap { trim: true }),
        area,
    );
}

/// The moves in rows of at most `width` characters, broken between moves only (a move
/// number stays with its move).
fn wrap_moves(moves: &[String], width: usize) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for entry in moves {
        if !row.is_empty() && row.chars().count() + 1 + entry.chars().count() > width {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push(' ');
        }
        row.push_str(entry);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

/// `1234567` as `1,234,567`.
pub fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// Nodes per second, short: `850 kn/s`, `1.25 Mn/s`.
pub fn speed(nps: u64) -> String {
    if nps >= 1_000_000 {
        format!("{:.2} Mn/s", nps as f64 / 1e6)
    } else {
        format!("{} kn/s", nps / 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_easily() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(100), "100");
        assert_eq!(speed(1_250_000), "1.25 Mn/s");
        assert_eq!(speed(850_400), "850 kn/s");
        let moves: Vec<String> = ["5. Nd5", "Nxd5", "6. Bxd5"].map(String::from).to_vec();
        assert_eq!(wrap_moves(&moves, 12), ["5. Nd5 Nxd5", "6. Bxd5"]);
        assert_eq!(wrap_moves(&moves, 3), ["5. Nd5", "Nxd5", "6. Bxd5"]);
    }
}
