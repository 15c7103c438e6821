//! Standard Algebraic Notation (SAN): `e4`, `Nf3`, `exd5`, `Nbd2`, `e8=Q+`, `O-O`, `Qh4#`.
//!
//! [`to_san`] writes a legal move the way PGN and chess books do: the piece letter (none for
//! pawns), just enough of the origin square to tell it apart from other pieces of the same kind
//! that could reach the target (file first, then rank, then both), `x` for captures, `=Q` for
//! promotions, and `+` or `#` when the move checks or mates.
//!
//! [`parse_san`] reads such text back to the legal move it names. It is lenient about what
//! people and programs actually write: castling with zeros (`0-0`), promotions without `=` or
//! with a lowercase letter (`e8Q`, `e8q`), a missing or superfluous `+`/`#`, trailing
//! annotations (`!`, `?`, `!?`, `??`), a missing `x`, and a fuller origin square than needed
//! (`Ng1f3`). Piece letters must be uppercase, because `b` is the b-file.
//!
//! ```
//! use outpost_board::Board;
//! use outpost_movegen::san::{parse_san, to_san};
//!
//! let board = Board::startpos();
//! let mv = parse_san(&board, "Nf3").unwrap();
//! assert_eq!(mv.to_string(), "g1f3");
//! assert_eq!(to_san(&board, mv), "Nf3");
//! ```

use crate::attacks::in_check;
use crate::legal::{has_legal_move, legal_moves, legal_moves_in_place};
use outpost_board::{is_king_side_target, Board, Color, File, Move, PieceKind, Rank, Square};
use std::fmt;

/// Why SAN text could not be read as a move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SanError {
    /// The text (given here) is not written like a SAN move at all.
    Malformed(String),
    /// The text (given here) is well formed but names no legal move in the position.
    Illegal(String),
    /// The text names more than one legal move. The string holds the text and, in SAN, every
    /// legal move it could mean, for example `'Nd2' could be Nbd2 or Nfd2`.
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Malformed(text) => write!(
                f,
                "'{text}' is not a move in SAN (like e4, Nf3, exd5, O-O or e8=Q; \
                 piece letters are uppercase)"
            ),
            SanError::Illegal(text) => write!(f, "'{text}' is not a legal move here"),
            SanError::Ambiguous(detail) => write!(f, "ambiguous move: {detail}"),
        }
    }
}

impl std::error::Error for SanError {}

/// The uppercase SAN letter of a piece kind (`P` for a pawn, which SAN leaves out).
fn san_letter(kind: PieceKind) -> char {
    kind.letter().to_ascii_uppercase()
}

/// Writes `mv`, which must be legal in `board`, in SAN, with `+` for check and `#` for
/// checkmate.
///
/// The move is played on a copy of the board to see whether it checks or mates. A move that is
/// not legal in the position is written in UCI notation instead (`e2e5`), so that this never
/// panics.
///
/// ```
/// use outpost_board::Board;
/// use outpost_movegen::{san::to_san, uci::parse_uci_move};
///
/// let board = Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3")
///     .unwrap();
/// let mate = parse_uci_move(&board, "f3f7").unwrap();
/// assert_eq!(to_san(&board, mate), "Qxf7#");
/// let castle = parse_uci_move(&Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap(), "e1g1");
/// assert!(castle.unwrap().is_castle());
/// ```
pub fn to_san(board: &Board, mv: Move) -> String {
    let mut scratch = board.clone();
    let legal = legal_moves_in_place(&mut scratch);
    san_among(&mut scratch, mv, &legal)
}

/// [`to_san`] with the legal moves of the position already known; the move is played on
/// `board` and taken back.
fn san_among(board: &mut Board, mv: Move, legal: &[Move]) -> String {
    let Some(piece) = board.piece_at(mv.from()) else {
        return mv.to_string();
    };
    if !legal.contains(&mv) {
        return mv.to_string();
    }
    let from = mv.from();
    let to = mv.to();
    let mut san = String::with_capacity(8);
    if mv.is_castle() {
        san.push_str(if is_king_side_target(to) {
            "O-O"
        } else {
            "O-O-O"
        });
    } else if piece.kind() == PieceKind::Pawn {
        if mv.is_capture() {
            san.push(from.file().letter());
            san.push('x');
        }
        san.push_str(&to.to_string());
        if let Some(promoted) = mv.promotion_piece() {
            san.push('=');
            san.push(san_letter(promoted));
        }
    } else {
        san.push(san_letter(piece.kind()));
        let rivals: Vec<Square> = legal
            .iter()
            .filter(|other| other.to() == to && other.from() != from && !other.is_castle())
            .filter(|other| {
                board.piece_at(other.from()).map(outpost_board::Piece::kind) == Some(piece.kind())
            })
            .map(|other| other.from())
            .collect();
        if !rivals.is_empty() {
            if rivals.iter().all(|sq| sq.file() != from.file()) {
                san.push(from.file().letter());
            } else if rivals.iter().all(|sq| sq.rank() != from.rank()) {
                san.push(from.rank().digit());
            } else {
                san.push_str(&from.to_string());
            }
        }
        if mv.is_capture() {
            san.push('x');
        }
        san.push_str(&to.to_string());
    }
    let undo = board.make(mv);
    if in_check(board) {
        san.push(if has_legal_move(board) { '+' } else { '#' });
    }
    board.unmake(mv, &undo);
    san
}

/// Whether [`line_to_san`] writes move numbers in front of the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveNumbers {
    /// The moves alone: `e4 e5 Nf3`.
    Hidden,
    /// Each white move, and a first move by black, with its number in front, as PGN writes
    /// them: `1. e4 e5 2. Nf3`, or `12... Nf6 13. Bg5` when black moves first.
    Shown,
}

/// Writes a sequence of moves played one after the other from `board`, in SAN, separated by
/// single spaces, with or without move numbers: `e4 e5 Nf3 Nc6` (for example a principal
/// variation) or `1. e4 e5 2. Nf3 Nc6`.
///
/// The board is cloned, so it is not touched. The line ends early, before the first move that
/// is not legal in the position it would be played from.
///
/// ```
/// use outpost_board::Board;
/// use outpost_movegen::san::{line_to_san, parse_san, MoveNumbers};
///
/// let start = Board::startpos();
/// let e4 = parse_san(&start, "e4").unwrap();
/// assert_eq!(line_to_san(&start, &[e4], MoveNumbers::Shown), "1. e4");
/// assert_eq!(line_to_san(&start, &[e4], MoveNumbers::Hidden), "e4");
/// ```
pub fn line_to_san(board: &Board, moves: &[Move], numbers: MoveNumbers) -> String {
    line_to_san_moves(board, moves, numbers).join(" ")
}

/// The moves of [`line_to_san`] one by one: an entry for each move that is legal in turn
/// (`"1. e4"`, `"e5"`, `"2. Nf3"` with [`MoveNumbers::Shown`]), so that a caller can wrap the
/// line between moves and can tell from the length where an illegal move stopped it.
pub fn line_to_san_moves(board: &Board, moves: &[Move], numbers: MoveNumbers) -> Vec<String> {
    let mut board = board.clone();
    let mut entries = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        let legal = legal_moves_in_place(&mut board);
        if !legal.contains(&mv) {
            break;
        }
        let san = san_among(&mut board, mv, &legal);
        let number = board.fullmove_number();
        entries.push(match (numbers, board.side_to_move()) {
            (MoveNumbers::Shown, Color::White) => format!("{number}. {san}"),
            (MoveNumbers::Shown, Color::Black) if index == 0 => format!("{number}... {san}"),
            _ => san,
        });
        board.make(mv);
    }
    entries
}

/// Which castling a SAN text names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Castling {
    KingSide,
    QueenSide,
}

/// The parts of a non-castling SAN move.
struct Parsed {
    kind: PieceKind,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    capture: bool,
    to: Square,
    promotion: Option<PieceKind>,
}

/// Removes trailing check and mate signs and annotation glyphs (`+ # ! ?`), an en passant
/// note (`e.p.`, `ep`) and surrounding white space: the part of a SAN text that names the
/// move, as [`parse_san`] reads it.
pub fn strip_suffixes(text: &str) -> &str {
    let mut body = text.trim();
    loop {
        let before = body.len();
        body = body.trim_end_matches(['+', '#', '!', '?']).trim_end();
        for note in ["e.p.", "ep"] {
            // Only after a square (`exd6 e.p.`), never eating the file `e` of a move like `ep`.
            if let Some(rest) = body.strip_suffix(note) {
                if rest.ends_with(|c: char| c.is_ascii_digit() || c.is_whitespace()) {
                    body = rest.trim_end();
                }
            }
        }
        if body.len() == before {
            return body;
        }
    }
}

/// Reads the castling notations `O-O`, `0-0`, `o-o` and their queen-side forms.
fn parse_castling(body: &str) -> Option<Castling> {
    let normalised: String = body
        .chars()
        .map(|c| if matches!(c, '0' | 'o') { 'O' } else { c })
        .collect();
    match normalised.as_str() {
        "O-O" => Some(Castling::KingSide),
        "O-O-O" => Some(Castling::QueenSide),
        _ => None,
    }
}

/// Splits a non-castling SAN move (without suffixes) into its parts; `None` if malformed.
fn parse_parts(body: &[char]) -> Option<Parsed> {
    let (kind, mut start) = match body.first()? {
        'N' => (PieceKind::Knight, 1),
        'B' => (PieceKind::Bishop, 1),
        'R' => (PieceKind::Rook, 1),
        'Q' => (PieceKind::Queen, 1),
        'K' => (PieceKind::King, 1),
        'C' => (PieceKind::Right, 1),
        'P' => (PieceKind::Pawn, 1),
        _ => (PieceKind::Pawn, 0),
    };
    let mut end = body.len();

    // Promotion: `=Q`, `Q` or `q` after the target square.
    let mut promotion = None;
    if kind == PieceKind::Pawn && end > start {
        let last = body[end - 1];
        if last.is_ascii_alphabetic() {
            let promoted = match last.to_ascii_uppercase() {
                'N' => PieceKind::Knight,
                'B' => PieceKind::Bishop,
                'R' => PieceKind::Rook,
                'Q' => PieceKind::Queen,
                'C' => PieceKind::Right,
                _ => return None,
            };
            promotion = Some(promoted);
            end -= 1;
            if end > start && body[end - 1] == '=' {
                end -= 1;
            }
        }
    }

    // Target square.
    if end < start + 2 {
        return None;
    }
    let to_file = File::from_letter(body[end - 2])?;
    let to_rank = Rank::from_digit(body[end - 1])?;
    let to = Square::from_coords(to_file, to_rank);
    end -= 2;

    // Capture mark.
    let mut capture = false;
    if end > start && matches!(body[end - 1], 'x' | ':') {
        capture = true;
        end -= 1;
    }

    // Origin: nothing, a file, a rank, or a whole square.
    let mut from_file = None;
    let mut from_rank = None;
    if start < end {
        if let Some(file) = File::from_letter(body[start]) {
            from_file = Some(file);
            start += 1;
        }
    }
    if start < end {
        if let Some(rank) = Rank::from_digit(body[start]) {
            from_rank = Some(rank);
            start += 1;
        }
    }
    if start != end {
        return None;
    }
    Some(Parsed {
        kind,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}

/// `true` when the legal `mv` of `board` fits the parts read from the text.
fn matches_parts(board: &Board, mv: Move, parts: &Parsed) -> bool {
    if mv.is_castle() || mv.to() != parts.to {
        return false;
    }
    let from = mv.from();
    if board.piece_at(from).map(outpost_board::Piece::kind) != Some(parts.kind) {
        return false;
    }
    if parts.from_file.is_some_and(|file| file != from.file())
        || parts.from_rank.is_some_and(|rank| rank != from.rank())
    {
        return false;
    }
    // A pawn named without its file moves straight ahead: `d5` is never `exd5`.
    if parts.kind == PieceKind::Pawn && parts.from_file.is_none() && from.file() != mv.to().file() {
        return false;
    }
    if parts.capture && !mv.is_capture() {
        return false;
    }
    match parts.promotion {
        Some(piece) => mv.promotion_piece() == Some(piece),
        // Left open: `e8` alone fits every promotion and is reported as ambiguous.
        None => true,
    }
}

/// Finds the legal move that `text` names in SAN.
///
/// Accepts the lenient forms described in the [module documentation](self). Fails with
/// [`SanError::Malformed`] when the text is not SAN, [`SanError::Illegal`] when no legal move
/// fits, and [`SanError::Ambiguous`] when several do (such as `Nd2` where both knights can go,
/// or `e8` without the promotion piece). Never panics.
///
/// ```
/// use outpost_board::{Board, Square};
/// use outpost_movegen::san::{parse_san, SanError};
///
/// let board = Board::startpos();
/// let e4 = parse_san(&board, "e4").unwrap();
/// assert!(e4.is_double_push() && e4.to() == Square::E4);
/// assert_eq!(parse_san(&board, "Ng1f3"), parse_san(&board, "Nf3"));
/// assert!(matches!(parse_san(&board, "Nf6"), Err(SanError::Illegal(_))));
///
/// // Two knights can reach d2: the text must say which.
/// let board = Board::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
/// let error = parse_san(&board, "Nd2").unwrap_err();
/// assert_eq!(error.to_string(), "ambiguous move: 'Nd2' could be Nbd2 or Nfd2");
/// assert!(parse_san(&board, "Nbd2").is_ok());
/// ```
pub fn parse_san(board: &Board, text: &str) -> Result<Move, SanError> {
    let malformed = || SanError::Malformed(text.to_string());
    let body = strip_suffixes(text);
    if body.is_empty() || !body.is_ascii() {
        return Err(malformed());
    }
    let legal = legal_moves(board);

    if let Some(side) = parse_castling(body) {
        return legal
            .iter()
            .copied()
            .find(|mv| {
                mv.is_castle() && is_king_side_target(mv.to()) == (side == Castling::KingSide)
            })
            .ok_or_else(|| SanError::Illegal(text.to_string()));
    }

    let chars: Vec<char> = body.chars().collect();
    let parts = parse_parts(&chars).ok_or_else(malformed)?;
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| matches_parts(board, mv, &parts))
        .collect();
    match candidates.as_slice() {
        [] => Err(SanError::Illegal(text.to_string())),
        [mv] => Ok(*mv),
        several => {
            let mut scratch = board.clone();
            let names: Vec<String> = several
                .iter()
                .map(|&mv| san_among(&mut scratch, mv, &legal))
                .collect();
            let (last, rest) = names.split_last().expect("at least two candidates");
            Err(SanError::Ambiguous(format!(
                "'{text}' could be {} or {last}",
                rest.join(", ")
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::parse_uci_move;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    /// The SAN of the UCI move `uci`, checking that the board is left as it was.
    fn san(fen: &str, uci: &str) -> String {
        let b = board(fen);
        let before = b.clone();
        let mv = parse_uci_move(&b, uci).unwrap();
        let text = to_san(&b, mv);
        assert_eq!(b, before, "to_san changed the board");
        text
    }

    fn parse(fen: &str, text: &str) -> Result<String, SanError> {
        let b = board(fen);
        let before = b.clone();
        let result = parse_san(&b, text).map(|mv| mv.to_string());
        assert_eq!(b, before, "parse_san changed the board");
        result
    }

    const TWO_KNIGHTS: &str = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
    const TWO_ROOKS: &str = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    const THREE_QUEENS: &str = "2k5/8/8/8/4Q2Q/8/K7/7Q w - - 0 1";
    const PROMOTION: &str = "8/4P3/8/8/k7/8/8/4K3 w - - 0 1";
    const CASTLING: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    const FOOLS_MATE: &str = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2";

    #[test]
    fn plain_moves() {
        assert_eq!(san(Board::STARTPOS_FEN, "e2e4"), "e4");
        assert_eq!(san(Board::STARTPOS_FEN, "g1f3"), "Nf3");
        let after_e4_d5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(san(after_e4_d5, "e4d5"), "exd5");
        assert_eq!(san(after_e4_d5, "f1b5"), "Bb5+");
    }

    #[test]
    fn disambiguation_by_file_rank_and_both() {
        assert_eq!(san(TWO_KNIGHTS, "b1d2"), "Nbd2");
        assert_eq!(san(TWO_KNIGHTS, "f3d2"), "Nfd2");
        assert_eq!(san(TWO_KNIGHTS, "c1d2"), "Bd2");
        assert_eq!(san(TWO_ROOKS, "a1a3"), "R1a3");
        assert_eq!(san(TWO_ROOKS, "a5a3"), "R5a3");
        assert_eq!(san(TWO_ROOKS, "a1b1"), "Rb1");
        assert_eq!(san(THREE_QUEENS, "h4e1"), "Qh4e1");
        assert_eq!(san(THREE_QUEENS, "h1e1"), "Q1e1");
        assert_eq!(san(THREE_QUEENS, "e4e1"), "Qee1");
    }

    #[test]
    fn promotions_checks_and_mate() {
        assert_eq!(san(PROMOTION, "e7e8q"), "e8=Q+");
        assert_eq!(san(PROMOTION, "e7e8b"), "e8=B+");
        assert_eq!(san(PROMOTION, "e7e8r"), "e8=R");
        assert_eq!(san(PROMOTION, "e7e8n"), "e8=N");
        assert_eq!(san(FOOLS_MATE, "d8h4"), "Qh4#");
        assert_eq!(san("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8"), "Ra8+");
        assert_eq!(san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
        let capture_promotion = "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san(capture_promotion, "e7d8q"), "exd8=Q+");
        assert_eq!(san(capture_promotion, "e7d8n"), "exd8=N");
    }

    #[test]
    fn castling_and_en_passant() {
        assert_eq!(san(CASTLING, "e1g1"), "O-O");
        assert_eq!(san(CASTLING, "e1c1"), "O-O-O");
        assert_eq!(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
        assert_eq!(san(EN_PASSANT, "e5d6"), "exd6");
        let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
        assert_eq!(san(black, "e8c8"), "O-O-O");
    }

    #[test]
    fn illegal_move_is_written_in_uci() {
        let b = Board::startpos();
        assert_eq!(to_san(&b, Move::quiet(Square::E2, Square::E5)), "e2e5");
        assert_eq!(to_san(&b, Move::quiet(Square::E4, Square::E5)), "e4e5");
    }

    #[test]
    fn parses_standard_and_lenient_forms() {
        assert_eq!(parse(Board::STARTPOS_FEN, "e4").unwrap(), "e2e4");
        assert_eq!(parse(Board::STARTPOS_FEN, "Nf3").unwrap(), "g1f3");
        assert_eq!(parse(Board::STARTPOS_FEN, "Ng1f3").unwrap(), "g1f3");
        assert_eq!(parse(Board::STARTPOS_FEN, "e2e4").unwrap(), "e2e4");
        assert_eq!(parse(Board::STARTPOS_FEN, "  Nf3!? ").unwrap(), "g1f3");
        assert_eq!(parse(Board::STARTPOS_FEN, "e4!!").unwrap(), "e2e4");
        assert_eq!(parse(Board::STARTPOS_FEN, "Pe4").unwrap(), "e2e4");
        assert_eq!(parse(Board::STARTPOS_FEN, "Nf3+").unwrap(), "g1f3");
        for text in ["O-O", "0-0", "o-o", "O-O+", "0-0!"] {
            assert_eq!(parse(CASTLING, text).unwrap(), "e1g1", "{text}");
        }
        for text in ["O-O-O", "0-0-0", "O-O-O?!"] {
            assert_eq!(parse(CASTLING, text).unwrap(), "e1c1", "{text}");
        }
        for text in ["e8=Q", "e8Q", "e8q", "e8=q", "e8=Q+", "e8Q#", "Pe8=Q"] {
            assert_eq!(parse(PROMOTION, text).unwrap(), "e7e8q", "{text}");
        }
        assert_eq!(parse(PROMOTION, "e8=N").unwrap(), "e7e8n");
        assert_eq!(parse(PROMOTION, "e8b").unwrap(), "e7e8b");
        assert_eq!(parse(FOOLS_MATE, "Qh4#").unwrap(), "d8h4");
        assert_eq!(parse(FOOLS_MATE, "Qh4").unwrap(), "d8h4");
        assert_eq!(parse(FOOLS_MATE, "Qh4+").unwrap(), "d8h4");
        assert!(matches!(
            parse(FOOLS_MATE, "Qxh4"),
            Err(SanError::Illegal(_))
        ));
        assert_eq!(parse(EN_PASSANT, "exd6").unwrap(), "e5d6");
        assert_eq!(parse(EN_PASSANT, "ed6").unwrap(), "e5d6");
        assert_eq!(parse(EN_PASSANT, "exd6 e.p.").unwrap(), "e5d6");
        assert_eq!(parse(EN_PASSANT, "exd6ep").unwrap(), "e5d6");
        assert_eq!(parse(EN_PASSANT, "e6").unwrap(), "e5e6");
        // A capture written without `x`.
        let knight_takes = "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1";
        assert_eq!(parse(knight_takes, "Nd5").unwrap(), "e3d5");
        assert_eq!(parse(knight_takes, "Nxd5").unwrap(), "e3d5");
        assert_eq!(parse(THREE_QUEENS, "Qh4e1").unwrap(), "h4e1");
        assert_eq!(parse(TWO_ROOKS, "R1a3").unwrap(), "a1a3");
        assert_eq!(parse(TWO_KNIGHTS, "Nbd2").unwrap(), "b1d2");
    }

    #[test]
    fn lowercase_b_is_a_pawn_and_uppercase_b_a_bishop() {
        let fen = "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1";
        assert_eq!(parse(fen, "bxc3").unwrap(), "b2c3");
        assert_eq!(parse(fen, "Bxc3").unwrap(), "d2c3");
        assert_eq!(parse(fen, "b3").unwrap(), "b2b3");
        assert!(matches!(parse(fen, "nf3"), Err(SanError::Malformed(_))));
    }

    #[test]
    fn reports_illegal_and_ambiguous_moves() {
        assert_eq!(
            parse(Board::STARTPOS_FEN, "e5"),
            Err(SanError::Illegal("e5".into()))
        );
        assert!(matches!(
            parse(Board::STARTPOS_FEN, "Nf6"),
            Err(SanError::Illegal(_))
        ));
        assert!(matches!(
            parse(Board::STARTPOS_FEN, "O-O"),
            Err(SanError::Illegal(_))
        ));
        // `x` on a move that captures nothing.
        assert!(matches!(
            parse(Board::STARTPOS_FEN, "Nxf3"),
            Err(SanError::Illegal(_))
        ));
        // Castling must be written as castling.
        assert!(matches!(parse(CASTLING, "Kg1"), Err(SanError::Illegal(_))));
        let Err(SanError::Ambiguous(detail)) = parse(TWO_KNIGHTS, "Nd2") else {
            panic!("Nd2 should be ambiguous");
        };
        assert!(
            detail.contains("Nbd2") && detail.contains("Nfd2"),
            "{detail}"
        );
        let Err(error @ SanError::Ambiguous(_)) = parse(PROMOTION, "e8") else {
            panic!("e8 should be ambiguous");
        };
        let message = error.to_string();
        for piece in ["e8=Q+", "e8=R", "e8=B+", "e8=N"] {
            assert!(message.contains(piece), "{message}");
        }
        assert!(matches!(
            parse(THREE_QUEENS, "Qe1"),
            Err(SanError::Ambiguous(_))
        ));
        assert!(matches!(
            parse(THREE_QUEENS, "Qhe1"),
            Err(SanError::Ambiguous(_))
        ));
        assert!(matches!(
            parse(THREE_QUEENS, "Q4e1"),
            Err(SanError::Ambiguous(_))
        ));
    }

    #[test]
    fn garbage_is_malformed_and_never_panics() {
        for text in [
            "", " ", "Z", "Qxx9", "é", "O-O-O-O", "O-", "0", "x", "=Q", "++", "!?", "e9", "i4",
            "Nz3", "e4e4e4", "P", "K", "Kxe", "e8=K", "e8=P", "e8=", "Ne8=Q", "\u{0}", "e", "4",
            "nf3", "qd1", "exd", "ée4", "e4é", "Nf3Nf3", "O-O-", "-O-O", "0-O-0-", "xx", "::",
        ] {
            match parse(PROMOTION, text) {
                Err(SanError::Malformed(t)) => assert_eq!(t, text),
                other => panic!("{text:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn errors_have_clear_messages() {
        let malformed = SanError::Malformed("Qxx9".into()).to_string();
        assert!(malformed.contains("'Qxx9'") && malformed.contains("SAN"));
        let illegal = SanError::Illegal("e5".into()).to_string();
        assert_eq!(illegal, "'e5' is not a legal move here");
        let boxed: Box<dyn std::error::Error> = Box::new(SanError::Illegal("e5".into()));
        assert!(!boxed.to_string().is_empty());
    }

    #[test]
    fn lines_are_written_move_after_move() {
        let start = Board::startpos();
        let mut b = start.clone();
        let mut moves = Vec::new();
        for text in ["f3", "e5", "g4", "Qh4#"] {
            let mv = parse_san(&b, text).unwrap();
            b.make(mv);
            moves.push(mv);
        }
        assert_eq!(
            line_to_san(&start, &moves, MoveNumbers::Hidden),
            "f3 e5 g4 Qh4#"
        );
        assert_eq!(
            line_to_san(&start, &moves, MoveNumbers::Shown),
            "1. f3 e5 2. g4 Qh4#"
        );
        assert_eq!(line_to_san(&start, &[], MoveNumbers::Shown), "");
        // The line stops before a move that is not legal.
        let mut broken = moves[..2].to_vec();
        broken.push(Move::quiet(Square::A1, Square::A5));
        broken.push(moves[2]);
        assert_eq!(line_to_san(&start, &broken, MoveNumbers::Hidden), "f3 e5");
        assert_eq!(
            line_to_san_moves(&start, &broken, MoveNumbers::Shown).len(),
            2
        );
        // Black moving first gets its number with three dots.
        let after_e4 =
            Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 12")
                .unwrap();
        let mut scratch = after_e4.clone();
        let c5 = parse_san(&scratch, "c5").unwrap();
        scratch.make(c5);
        let nf3 = parse_san(&scratch, "Nf3").unwrap();
        assert_eq!(
            line_to_san_moves(&after_e4, &[c5, nf3], MoveNumbers::Shown),
            ["12... c5", "13. Nf3"]
        );
    }
}
