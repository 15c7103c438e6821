//! How the board looks: colour themes and the pieces as Unicode symbols or ASCII letters.
//!
//! The board paints its own background, so it looks the same on dark and light terminals.
//! In the 24-bit themes every square colour (light, dark, the last move, the selected piece,
//! a target, the cursor, a king in check) has a contrast ratio of at least 3:1 (the WCAG
//! figure for large text) with both the white and the black pieces, which are pure white and
//! pure black: a test measures it. The `basic` theme uses the 16 colours a terminal defines
//! itself, so its contrast depends on the terminal.

use outpost_board::{Color as Side, Piece};
use ratatui::style::Color;

/// The colours of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The name given to `--theme`.
    pub name: &'static str,
    /// Light squares.
    pub light: Color,
    /// Dark squares.
    pub dark: Color,
    /// The squares the last move left and reached.
    pub last_move: Color,
    /// The selected piece's square.
    pub selected: Color,
    /// A square the selected piece can move to.
    pub target: Color,
    /// The square under the keyboard cursor.
    pub cursor: Color,
    /// The square of a king in check.
    pub check: Color,
    /// White pieces.
    pub white_piece: Color,
    /// Black pieces.
    pub black_piece: Color,
    /// Coordinates beside the board.
    pub labels: Color,
    /// `false` for the theme without colours: pieces of both sides then keep their own
    /// symbols and the cursor is drawn with brackets only.
    pub colored: bool,
}

/// Mid-tone browns (the default).
pub const BROWN: Theme = Theme {
    name: "brown",
    light: Color::Rgb(172, 140, 102),
    dark: Color::Rgb(128, 92, 60),
    last_move: Color::Rgb(150, 140, 50),
    selected: Color::Rgb(88, 140, 80),
    target: Color::Rgb(100, 145, 90),
    cursor: Color::Rgb(70, 110, 180),
    check: Color::Rgb(200, 60, 50),
    white_piece: Color::Rgb(255, 255, 255),
    black_piece: Color::Rgb(0, 0, 0),
    labels: Color::Gray,
    colored: true,
};

/// Slate blues.
pub const BLUE: Theme = Theme {
    name: "blue",
    light: Color::Rgb(128, 148, 176),
    dark: Color::Rgb(84, 106, 140),
    last_move: Color::Rgb(150, 140, 50),
    selected: Color::Rgb(88, 140, 80),
    target: Color::Rgb(100, 145, 90),
    cursor: Color::Rgb(170, 90, 40),
    check: Color::Rgb(200, 60, 50),
    white_piece: Color::Rgb(255, 255, 255),
    black_piece: Color::Rgb(0, 0, 0),
    labels: Color::Gray,
    colored: true,
};

/// Greens, as on many chess sites, darker so that white pieces stand out.
pub const GREEN: Theme = Theme {
    name: "green",
    light: Color::Rgb(136, 150, 96),
    dark: Color::Rgb(90, 116, 64),
    last_move: Color::Rgb(150, 140, 50),
    selected: Color::Rgb(70, 110, 170),
    target: Color::Rgb(80, 120, 160),
    cursor: Color::Rgb(170, 90, 40),
    check: Color::Rgb(200, 60, 50),
    white_piece: Color::Rgb(255, 255, 255),
    black_piece: Color::Rgb(0, 0, 0),
    labels: Color::Gray,
    colored: true,
};

/// The 16 basic terminal colours, for terminals without 24-bit colour.
pub const BASIC: Theme = Theme {
    name: "basic",
    light: Color::DarkGray,
    dark: Color::Red,
    last_move: Color::Magenta,
    selected: Color::Blue,
    target: Color::Blue,
    cursor: Color::Blue,
    check: Color::LightRed,
    white_piece: Color::White,
    black_piece: Color::Black,
    labels: Color::Gray,
    colored: true,
};

/// No colours at all (also chosen when `NO_COLOR` is set).
pub const PLAIN: Theme = Theme {
    name: "plain",
    light: Color::Reset,
    dark: Color::Reset,
    last_move: Color::Reset,
    selected: Color::Reset,
    target: Color::Reset,
    cursor: Color::Reset,
    check: Color::Reset,
    white_piece: Color::Reset,
    black_piece: Color::Reset,
    labels: Color::Reset,
    colored: false,
};

/// Every theme, the default first.
pub const THEMES: [Theme; 5] = [BROWN, BLUE, GREEN, BASIC, PLAIN];

impl Default for Theme {
    fn default() -> Theme {
        BROWN
    }
}

impl Theme {
    /// The theme called `name`; the error lists the names.
    pub fn named(name: &str) -> Result<Theme, String> {
        THEMES
            .into_iter()
            .find(|theme| theme.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown theme '{name}'; themes: {}", theme_names()))
    }

    /// The background of `square`'s colour (`light` true for a light square).
    pub fn square(&self, light: bool) -> Color {
        if light {
            self.light
        } else {
            self.dark
        }
    }

    /// The colour a piece of `side` is drawn in.
    pub fn piece(&self, side: Side) -> Color {
        match side {
            Side::White => self.white_piece,
            Side::Black => self.black_piece,
        }
    }
}

/// The names of the themes, for help and errors: `brown, blue, green, basic, plain`.
pub fn theme_names() -> String {
    THEMES.map(|theme| theme.name).join(", ")
}

/// How pieces are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PieceSet {
    /// Chess symbols (`♞`).
    #[default]
    Unicode,
    /// Letters, upper case for white (`N`, `n`), for terminals without chess symbols.
    Ascii,
}

impl PieceSet {
    /// The character for `piece`. With colours, Unicode pieces of both sides use the solid
    /// symbol (their colour tells them apart, and solid shapes read best); without, each side
    /// keeps its own symbol.
    pub fn symbol(self, piece: Piece, colored: bool) -> char {
        match self {
            PieceSet::Ascii => piece.fen_char(),
            PieceSet::Unicode if colored => Piece::new(Side::Black, piece.kind()).unicode(),
            PieceSet::Unicode => piece.unicode(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The relative luminance of an sRGB colour (WCAG 2).
    fn luminance(color: Color) -> f64 {
        let Color::Rgb(red, green, blue) = color else {
            panic!("{color:?} is not a 24-bit colour");
        };
        let linear = |channel: u8| {
            let c = f64::from(channel) / 255.0;
            if c <= 0.03928 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    fn contrast(a: Color, b: Color) -> f64 {
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    #[test]
    fn both_sides_pieces_stand_out_on_every_square_colour() {
        for theme in [BROWN, BLUE, GREEN] {
            let squares = [
                ("light", theme.light),
                ("dark", theme.dark),
                ("last move", theme.last_move),
                ("selected", theme.selected),
                ("target", theme.target),
                ("cursor", theme.cursor),
                ("check", theme.check),
            ];
            for (role, square) in squares {
                for piece in [theme.white_piece, theme.black_piece] {
                    let ratio = contrast(square, piece);
                    assert!(
                        ratio >= 3.0,
                        "{}: {piece:?} on the {role} squares: {ratio:.2}",
                        theme.name
                    );
                }
            }
        }
    }

    #[test]
    fn themes_are_found_by_name() {
        assert_eq!(Theme::named("Blue"), Ok(BLUE));
        assert!(Theme::named("pink").unwrap_err().contains("brown, blue"));
        assert_eq!(
            PieceSet::Ascii.symbol(
                Piece::new(Side::White, outpost_board::PieceKind::Knight),
                true
            ),
            'N'
        );
        assert_eq!(
            PieceSet::Unicode.symbol(
                Piece::new(Side::White, outpost_board::PieceKind::Knight),
                false
            ),
            '♘'
        );
        assert_eq!(
            PieceSet::Unicode.symbol(
                Piece::new(Side::White, outpost_board::PieceKind::Knight),
                true
            ),
            '♞'
        );
    }
}
