//! Where everything goes on a screen of a given size: one pure function, [`Layout::new`],
//! used both to draw and to find which square a mouse click hit.
//!
//! From the top: a title line, then the board beside the side panel (the board's squares as
//! large as the screen allows: 7×3, 5×2 or 3×1 characters), then a message line and the input
//! line. When the panel does not fit beside the smallest board, the board is shown alone with
//! the essentials in the title line (the compact layout); when even that does not fit, a
//! message asks for a larger terminal.

use outpost_board::{File, Rank, Square};
use ratatui::layout::Rect;

/// The side panel is at least this wide.
pub const PANEL_MIN_WIDTH: u16 = 30;
/// The square sizes tried, largest first: (columns, rows).
const SQUARE_SIZES: [(u16, u16); 3] = [(7, 3), (5, 2), (3, 1)];
/// Rows that are not the board or panel: title, message, input.
const CHROME_ROWS: u16 = 3;
/// Columns of the rank labels left of the board.
const LABEL_COLUMNS: u16 = 2;
/// The smallest screen with an 8×8 board: the 3×1 board, its labels, and the other rows.
pub const MIN_WIDTH: u16 = min_size(8).0;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = min_size(8).1;

/// The smallest screen (columns, rows) with a board of `board_size` files and ranks (8, or
/// 5 for Chess Fragments): its 3×1 squares, their labels, and the other rows.
pub const fn min_size(board_size: u8) -> (u16, u16) {
    let count = board_size as u16;
    let (width, height) = SQUARE_SIZES[SQUARE_SIZES.len() - 1];
    (
        LABEL_COLUMNS + count * width,
        count * height + 1 + CHROME_ROWS,
    )
}

/// The columns of a move number in the move list (`  12. `).
pub const MOVE_NUMBER_COLUMNS: u16 = 6;
/// The columns of a move in the move list (`Nxe4+` and blanks).
pub const MOVE_COLUMNS: u16 = 9;

/// The rows of the move list's box kept before the engine's box gets any: two moves and the
/// borders.
const MIN_MOVES_HEIGHT: u16 = 4;
/// The engine's box is left out when it would be smaller: a line and the borders.
const MIN_ENGINE_HEIGHT: u16 = 3;

/// The side panel's three boxes, top to bottom: the game, the moves, the engine. On a short
/// panel the engine's box shrinks first (down to nothing) so that the move list keeps
/// four rows (two moves and the borders).
pub fn panel_parts(panel: Rect) -> [Rect; 3] {
    let game = 9.min(panel.height);
    let rest = panel.height - game;
    let mut engine = 6.min(rest.saturating_sub(MIN_MOVES_HEIGHT));
    if engine < MIN_ENGINE_HEIGHT {
        engine = 0;
    }
    let moves = rest - engine;
    [
        Rect::new(panel.x, panel.y, panel.width, game),
        Rect::new(panel.x, panel.y + game, panel.width, moves),
        Rect::new(panel.x, panel.y + game + moves, panel.width, engine),
    ]
}

/// The inside of a box drawn with borders.
pub fn inside(area: Rect) -> Rect {
    Rect::new(
        area.x.saturating_add(1),
        area.y.saturating_add(1),
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    )
}

/// The board's place on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardArea {
    /// The squares (without the labels).
    pub squares: Rect,
    /// Columns per square.
    pub square_width: u16,
    /// Rows per square.
    pub square_height: u16,
    /// Seen from black's side.
    pub flipped: bool,
    /// Files and ranks: 8, or 5 for Chess Fragments (the a1–e5 corner).
    pub size: u8,
}

impl BoardArea {
    /// The square at screen cell (`x`, `y`), if any.
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        let area = self.squares;
        if x < area.x || y < area.y || x >= area.right() || y >= area.bottom() {
            return None;
        }
        let column = ((x - area.x) / self.square_width) as u8;
        let row = ((y - area.y) / self.square_height) as u8;
        let last = self.size.checked_sub(1)?;
        if column > last || row > last {
            return None;
        }
        let (file, rank) = if self.flipped {
            (last - column, row)
        } else {
            (column, last - row)
        };
        Some(Square::from_coords(File::new(file)?, Rank::new(rank)?))
    }

    /// The cells of `square` (a square of the board: one beyond a 5×5 board is put at its
    /// edge).
    pub fn square_rect(&self, square: Square) -> Rect {
        let last = u16::from(self.size.max(1) - 1);
        let file = (square.file().index() as u16).min(last);
        let rank = (square.rank().index() as u16).min(last);
        let (column, row) = if self.flipped {
            (last - file, rank)
        } else {
            (file, last - rank)
        };
        Rect::new(
            self.squares.x + column * self.square_width,
            self.squares.y + row * self.square_height,
            self.square_width,
            self.square_height,
        )
    }
}

/// The parts of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The whole screen.
    pub screen: Rect,
    /// The title line.
    pub title: Rect,
    /// The board, unless the screen is too small.
    pub board: Option<BoardArea>,
    /// The area of the board with its labels.
    pub board_frame: Rect,
    /// The side panel, unless the screen is too narrow (compact layout).
    pub panel: Option<Rect>,
    /// The message line.
    pub message: Rect,
    /// The input line.
    pub input: Rect,
}

impl Layout {
    /// The layout of a screen of `screen`'s size, the 8×8 board seen from black when
    /// `flipped`.
    pub fn new(screen: Rect, flipped: bool) -> Layout {
        Layout::for_board(screen, flipped, 8)
    }

    /// The layout of a screen of `screen`'s size for a board of `board_size` files and ranks (8, or
    /// 5 for Chess Fragments), seen from black when `flipped`. The smaller board gets
    /// larger squares where they fit.
    pub fn for_board(screen: Rect, flipped: bool, board_size: u8) -> Layout {
        let count = u16::from(board_size);
        let row = |y: u16| Rect::new(screen.x, y, screen.width, 1.min(screen.height));
        let title = row(screen.y);
        let main_height = screen.height.saturating_sub(CHROME_ROWS);
        let main = Rect::new(screen.x, screen.y + 1, screen.width, main_height);
        let bottom = screen.bottom().saturating_sub(2).max(screen.y);
        let message = row(bottom);
        let input = row(bottom + 1);
        let fits = |(width, height): (u16, u16), panel: u16| {
            LABEL_COLUMNS + count * width + panel <= screen.width && count * height < main_height
        };
        let with_panel = SQUARE_SIZES
            .into_iter()
            .find(|&size| fits(size, PANEL_MIN_WIDTH));
        let (size, panel) = match with_panel {
            Some(size) => (Some(size), true),
            None => (SQUARE_SIZES.into_iter().find(|&size| fits(size, 0)), false),
        };
        let Some((square_width, square_height)) = size else {
            return Layout {
                screen,
                title,
                board: None,
                board_frame: Rect::default(),
                panel: None,
                message,
                input,
            };
        };
        let board_frame = Rect::new(
            main.x,
            main.y,
            LABEL_COLUMNS + count * square_width,
            count * square_height + 1,
        );
        let squares = Rect::new(
            main.x + LABEL_COLUMNS,
            main.y,
            count * square_width,
            count * square_height,
        );
        let panel = panel.then(|| {
            let x = board_frame.right() + 1;
            Rect::new(x, main.y, screen.right().saturating_sub(x), main.height)
        });
        Layout {
            screen,
            title,
            board: Some(BoardArea {
                squares,
                square_width,
                square_height,
                flipped,
                size: board_size,
            }),
            board_frame,
            panel,
            message,
            input,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_grows_with_the_screen() {
        let size = |width, height| {
            Layout::new(Rect::new(0, 0, width, height), false)
                .board
                .map(|board| (board.square_width, board.square_height))
        };
        assert_eq!(size(120, 40), Some((7, 3)));
        assert_eq!(size(80, 24), Some((5, 2)));
        assert_eq!(size(60, 14), Some((3, 1)));
        assert_eq!(size(MIN_WIDTH, MIN_HEIGHT), Some((3, 1)));
        // The 5×5 board of Chess Fragments fits a smaller screen, and only just.
        let (width, height) = min_size(5);
        let fragments = |w, h| Layout::for_board(Rect::new(0, 0, w, h), false, 5).board;
        assert!(fragments(width, height).is_some());
        assert!(fragments(width - 1, 40).is_none());
        assert!(fragments(80, height - 1).is_none());
        assert_eq!(size(MIN_WIDTH - 1, 40), None);
        assert_eq!(size(80, MIN_HEIGHT - 1), None);
        assert!(Layout::new(Rect::new(0, 0, 40, 20), false).panel.is_none());
        assert!(Layout::new(Rect::new(0, 0, 80, 24), false).panel.is_some());
    }

    #[test]
    fn a_short_panel_keeps_two_rows_of_moves() {
        for height in 0..40 {
            let [game, moves, engine] = panel_parts(Rect::new(0, 0, 30, height));
            assert_eq!(game.height + moves.height + engine.height, height);
            if height >= 9 + MIN_MOVES_HEIGHT {
                assert!(moves.height >= MIN_MOVES_HEIGHT, "height {height}");
            }
            assert!(engine.height == 0 || engine.height >= MIN_ENGINE_HEIGHT);
        }
        // 60 x 20: a panel of 17 rows; 80 x 24 keeps its 6 rows of moves and of the engine.
        let [_, moves, engine] = panel_parts(Rect::new(0, 0, 30, 17));
        assert_eq!((moves.height, engine.height), (4, 4));
        let [_, moves, engine] = panel_parts(Rect::new(0, 0, 30, 21));
        assert_eq!((moves.height, engine.height), (6, 6));
    }

    #[test]
    fn clicks_find_their_square_from_either_side() {
        for flipped in [false, true] {
            let layout = Layout::new(Rect::new(0, 0, 80, 24), flipped);
            let board = layout.board.unwrap();
            for square in Square::all() {
                let rect = board.square_rect(square);
                assert_eq!(board.square_at(rect.x, rect.y), Some(square));
                assert_eq!(
                    board.square_at(rect.right() - 1, rect.bottom() - 1),
                    Some(square)
                );
            }
            assert_eq!(board.square_at(0, 1), None, "a rank label");
            assert_eq!(board.square_at(79, 1), None, "the panel");
        }
        let board = Layout::new(Rect::new(0, 0, 80, 24), false).board.unwrap();
        assert_eq!(board.square_at(2, 1), Some(Square::A8));
    }

    #[test]
    fn a_fragments_board_has_5_files_and_ranks() {
        for flipped in [false, true] {
            let board = Layout::for_board(Rect::new(0, 0, 80, 24), flipped, 5)
                .board
                .unwrap();
            assert_eq!(board.squares.width, 5 * board.square_width);
            for square in outpost_board::Variant::Fragments.squares() {
                let rect = board.square_rect(square);
                assert_eq!(board.square_at(rect.x, rect.y), Some(square));
            }
        }
        let board = Layout::for_board(Rect::new(0, 0, 80, 24), false, 5)
            .board
            .unwrap();
        assert_eq!(board.square_at(2, 1), Some(Square::A5));
        assert_eq!((board.square_width, board.square_height), (7, 3));
    }
}
