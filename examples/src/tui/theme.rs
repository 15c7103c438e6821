//! How the board looks: colour themes (chosen so that both white and black pieces stand out
//! on both kinds of square, on dark and light terminals alike, since the board paints its
//! own background) and the pieces as Unicode symbols or ASCII letters.

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

/// Mid-tone browns: white pieces are white and black pieces black on both kinds of square.
pub const BROWN: Theme = Theme {
    name: "brown",
    light: Color::Rgb(196, 160, 118),
    dark: Color::Rgb(138, 98, 64),
    last_move: Color::Rgb(170, 162, 58),
    selected: Color::Rgb(88, 140, 80),
    target: Color::Rgb(120, 170, 110),
    cursor: Color::Rgb(70, 120, 190),
    check: Color::Rgb(200, 60, 50),
    white_piece: Color::Rgb(255, 255, 255),
    black_piece: Color::Rgb(0, 0, 0),
    labels: Color::Gray,
    colored: true,
};

/// Slate blues.
pub const BLUE: Theme = Theme {
    name: "blue",
    light: Color::Rgb(150, 170, 196),
    dark: Color::Rgb(90, 112, 146),
    last_move: Color::Rgb(170, 162, 58),
    selected: Color::Rgb(88, 140, 80),
    target: Color::Rgb(120, 170, 110),
    cursor: Color::Rgb(200, 120, 60),
    check: Color::Rgb(200, 60, 50),
    white_piece: Color::Rgb(255, 255, 255),
    black_piece: Color::Rgb(0, 0, 0),
    labels: Color::Gray,
    colored: true,
};

/// Greens, as on many chess sites, a little darker so that white pieces stand out.
pub const GREEN: Theme = Theme {
    name: "green",
    light: Color::Rgb(170, 180, 130),
    dark: Color::Rgb(100, 130, 70),
    last_move: Color::Rgb(190, 170, 60),
    selected: Color::Rgb(70, 120, 170),
    target: Color::Rgb(110, 160, 200),
    cursor: Color::Rgb(200, 110, 60),
    check: Color::Rgb(200, 60, 50),
    white_piece: Color::Rgb(255, 255, 255),
    black_piece: Color::Rgb(0, 0, 0),
    labels: Color::Gray,
    colored: true,
};

/// The 16 basic terminal colours, for terminals without 24-bit colour.
pub const BASIC: Theme = Theme {
    name: "basic",
    light: Color::Yellow,
    dark: Color::Red,
    last_move: Color::Cyan,
    selected: Color::Green,
    target: Color::LightGreen,
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
