//! What the game shows: the board with a side panel, scores in pawns from white's side, and
//! the engine's search line.
//!
//! With `color` on, squares get ANSI background colours (the last move and a king in check
//! stand out) and pieces are drawn as solid symbols in white or black; with it off the text
//! holds no escape codes at all and the two sides have their own symbols (`♔` and `♚`).

use super::variant;
use outpost_board::{Board, Color, File, Piece, PieceKind, Rank, Square, Variant};
use outpost_game::players::Mode;
use outpost_movegen::san::{line_to_san, MoveNumbers};
use outpost_movegen::{in_check, Game, GameStatus};
use outpost_search::{Bound, Info, Score};
use std::fmt::Write as _;

/// Background of light squares.
const LIGHT: &str = "\x1b[48;5;180m";
/// Background of dark squares.
const DARK: &str = "\x1b[48;5;137m";
/// Background of a light square the last move left or reached.
const LIGHT_MOVED: &str = "\x1b[48;5;187m";
/// Background of a dark square the last move left or reached.
const DARK_MOVED: &str = "\x1b[48;5;143m";
/// Background of the square of a king in check.
const CHECKED: &str = "\x1b[48;5;167m";
/// Foreground of white pieces.
const WHITE_PIECE: &str = "\x1b[1;38;5;231m";
/// Foreground of black pieces.
const BLACK_PIECE: &str = "\x1b[1;38;5;16m";
/// Back to the terminal's own colours.
const RESET: &str = "\x1b[0m";
/// At most this many moves of the expected line are shown.
const MAX_LINE_MOVES: usize = 10;

/// The board as seen from white (`flipped` false) or from black, with coordinates, and the
/// side panel next to it: side to move, move number, castling rights, en passant square,
/// fifty-move counter, material balance, static evaluation (the result once the game is
/// over) and the last move. Ends with a
/// line break.
pub fn board_screen(game: &Game, mode: Mode, flipped: bool, color: bool) -> String {
    let panel = panel(game, mode);
    let board = game.board();
    let highlighted = highlighted_squares(game);
    // The board's own files and ranks: a–h and 1–8, or a–e and 1–5 for Chess Fragments.
    let size = board.variant().size();
    let mut ranks: Vec<Rank> = Rank::all().take(size).collect();
    let mut files: Vec<File> = File::all().take(size).collect();
    if flipped {
        files.reverse();
    } else {
        ranks.reverse();
    }
    let file_labels: String = files
        .iter()
        .map(|file| format!(" {} ", file.letter()))
        .collect();
    let mut panel = panel.into_iter();
    let mut screen = String::new();
    let _ = writeln!(screen, "   {file_labels}");
    for &rank in &ranks {
        let _ = write!(screen, " {} ", rank.digit());
        for &file in &files {
            let square = Square::from_coords(file, rank);
            screen.push_str(&square_text(board, square, &highlighted, color));
        }
        if color {
            screen.push_str(RESET);
        }
        let line = panel.next().unwrap_or_default();
        let _ = writeln!(screen, " {}   {line}", rank.digit());
    }
    let line = panel.next().unwrap_or_default();
    let _ = writeln!(screen, "   {file_labels}     {line}");
    // A board smaller than the panel: the panel's last lines below, in line with the rest.
    let indent = " ".repeat(3 + file_labels.chars().count() + 5);
    for line in panel {
        let _ = writeln!(screen, "{indent}{line}");
    }
    // No trailing blanks where the panel has nothing to say.
    screen
        .lines()
        .map(|line| format!("{}\n", line.trim_end()))
        .collect()
}

/// The squares drawn in another colour: those of the last move, and a king in check.
struct Highlighted {
    moved: [Option<Square>; 2],
    checked: Option<Square>,
}

fn highlighted_squares(game: &Game) -> Highlighted {
    let board = game.board();
    let moved = match game.moves().last() {
        Some(mv) => [Some(mv.from()), Some(mv.to())],
        None => [None, None],
    };
    let checked = in_check(board).then(|| board.king_square(board.side_to_move()));
    Highlighted { moved, checked }
}

/// One square, three characters wide, with its colours when `color` is on.
fn square_text(board: &Board, square: Square, highlighted: &Highlighted, color: bool) -> String {
    let piece = board.piece_at(square);
    if !color {
        return format!(" {} ", piece.map_or('·', Piece::unicode));
    }
    let background = if highlighted.checked == Some(square) {
        CHECKED
    } else {
        match (highlighted.moved.contains(&Some(square)), square.is_light()) {
            (false, true) => LIGHT,
            (false, false) => DARK,
            (true, true) => LIGHT_MOVED,
            (true, false) => DARK_MOVED,
        }
    };
    match piece {
        None => format!("{background}   "),
        Some(piece) => {
            let foreground = match piece.color() {
                Color::White => WHITE_PIECE,
                Color::Black => BLACK_PIECE,
            };
            // The solid symbol for both sides: the colour tells them apart.
            let symbol = Piece::new(Color::Black, piece.kind()).unicode();
            format!("{background}{foreground} {symbol} ")
        }
    }
}

/// The nine lines of the side panel: one per rank, then one beside the file letters.
fn panel(game: &Game, mode: Mode) -> [String; 9] {
    let board = game.board();
    let side = board.side_to_move();
    let status = game.status_claiming_draws();
    let to_move = match status {
        GameStatus::Ongoing if in_check(board) => format!("{} to move, in check", title(side)),
        GameStatus::Ongoing => format!("{} to move", title(side)),
        over => format!("Game over: {over}"),
    };
    let material = board.material();
    // The square only when a pawn can capture there (as FEN writers since 2021 mostly do).
    let en_passant = board
        .en_passant()
        .filter(|_| board.en_passant_capturable())
        .map_or_else(|| "-".to_string(), |square| square.to_string());
    let last_move = last_move(game).unwrap_or_else(|| "-".to_string());
    [
        to_move,
        format!("Move        {}", board.fullmove_number()),
        match board.variant() {
            Variant::Chess => format!("Castling    {}", board.castling_rights()),
            // No castling in Chess Fragments: the line names the rules instead.
            other => format!("Variant     {}", variant::title(other)),
        },
        format!("En passant  {en_passant}"),
        format!("Fifty-move  {}/100 half-moves", board.halfmove_clock()),
        format!(
            "Material    {:+} ({} v {})",
            material.balance(),
            material.pawns(Color::White),
            material.pawns(Color::Black)
        ),
        match status {
            // After the end a static evaluation would mislead (+1.35 after a mate).
            GameStatus::Ongoing => {
                format!("Static eval {} (white's view)", pawns(static_eval(board)))
            }
            over => format!("Result      {}", outpost_pgn::PgnResult::from_status(over)),
        },
        format!("Last move   {last_move}"),
        format!(
            "White: {}   Black: {}",
            mode.name(Color::White),
            mode.name(Color::Black)
        ),
    ]
}

pub use outpost_game::color_title as title;
pub use outpost_game::{pawns, score_text};

/// `text` with its first letter in capitals, to start a sentence.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The static evaluation in centipawns from white's side.
pub fn static_eval(board: &Board) -> i32 {
    outpost_game::white_view(
        Score::centipawns(outpost_eval::evaluate(board)),
        board.side_to_move(),
    )
    .raw()
}

/// The last move with its number, like `2... Qh4#`.
fn last_move(game: &Game) -> Option<String> {
    let mut before = game.clone();
    let mv = before.undo()?;
    Some(line_to_san(before.board(), &[mv], MoveNumbers::Shown))
}

/// One line about a search iteration on `board`: depth, score in pawns from white's side
/// (`≥`/`≤` when only a bound), nodes, nodes per second and the expected line in SAN.
pub fn search_line(board: &Board, info: &Info) -> String {
    let side = board.side_to_move();
    let bound = match (info.bound, side) {
        (Bound::Exact, _) => "",
        (Bound::Lower, Color::White) | (Bound::Upper, Color::Black) => "≥",
        (Bound::Lower, Color::Black) | (Bound::Upper, Color::White) => "≤",
    };
    let expected = &info.pv[..info.pv.len().min(MAX_LINE_MOVES)];
    format!(
        "depth {:>2}  {bound}{}  {} nodes  {} nps  {}",
        info.depth,
        score_text(info.score, side),
        info.nodes,
        info.nps,
        line_to_san(board, expected, MoveNumbers::Shown)
    )
}

/// The legal moves of `board` in SAN, sorted by piece (pawns first) and then by name.
pub fn legal_moves_text(board: &Board) -> String {
    let moves = outpost_movegen::legal_moves(board);
    let mut named: Vec<(usize, String)> = moves
        .iter()
        .map(|&mv| {
            let kind = board
                .piece_at(mv.from())
                .map_or(PieceKind::Pawn, Piece::kind);
            (kind.index(), outpost_movegen::san::to_san(board, mv))
        })
        .collect();
    named.sort();
    let names: Vec<String> = named.into_iter().map(|(_, name)| name).collect();
    names.join(" ")
}

/// `1 half-move`, `12 half-moves`: a count of plies for a sentence.
pub fn half_moves(count: usize) -> String {
    if count == 1 {
        "1 half-move".to_string()
    } else {
        format!("{count} half-moves")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_shown_from_whites_side() {
        assert_eq!(score_text(Score::centipawns(35), Color::White), "+0.35");
        assert_eq!(score_text(Score::centipawns(35), Color::Black), "-0.35");
        assert_eq!(score_text(Score::mate_in(5), Color::White), "+M3");
        assert_eq!(score_text(Score::mate_in(5), Color::Black), "-M3");
        assert_eq!(score_text(Score::mated_in(4), Color::White), "-M2");
        assert_eq!(score_text(Score::mated_in(4), Color::Black), "+M2");
        assert_eq!(pawns(-120), "-1.20");
    }

    #[test]
    fn colour_only_when_asked() {
        let game = Game::startpos();
        let plain = board_screen(&game, Mode::default(), false, false);
        assert!(!plain.contains('\x1b'));
        assert!(plain.contains("♔") && plain.contains("♚"));
        let coloured = board_screen(&game, Mode::default(), false, true);
        assert!(coloured.contains(LIGHT) && coloured.contains(DARK) && coloured.contains(RESET));
    }

    #[test]
    fn flipping_turns_the_board_around() {
        let game = Game::startpos();
        let white = board_screen(&game, Mode::default(), false, false);
        let black = board_screen(&game, Mode::default(), true, false);
        assert!(white.starts_with("    a  b  c"));
        assert!(black.starts_with("    h  g  f"));
        assert!(white.lines().nth(1).unwrap().starts_with(" 8  ♜"));
        assert!(black.lines().nth(1).unwrap().starts_with(" 1  ♖"));
    }

    #[test]
    fn a_fragments_board_is_5_by_5_with_the_whole_panel() {
        let game = Game::new(variant::start_board(Variant::Fragments));
        let white = board_screen(&game, Mode::default(), false, false);
        let black = board_screen(&game, Mode::default(), true, false);
        assert!(white.starts_with("    a  b  c  d  e\n"));
        assert!(black.starts_with("    e  d  c  b  a\n"));
        assert!(white
            .lines()
            .nth(1)
            .unwrap()
            .starts_with(" 5  ⓒ  ♞  ♝  ♛  ♚  5"));
        assert!(white.contains("Variant     Chess Fragments"));
        assert!(white.contains("White: You"), "{white}");
        assert_eq!(white.lines().count(), 10);
    }
}
