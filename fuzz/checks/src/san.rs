//! The `san` target: moves in Standard Algebraic Notation.

use crate::{position_and_lines, shown, text};
use outpost_board::{Board, Move};
use outpost_movegen::legal_moves;
use outpost_movegen::san::{parse_san, strip_suffixes, to_san, SanError};

/// The most move lines read from one input.
pub const MAX_MOVES_READ: usize = 32;

/// Reads the first line as a FEN (the start position when it is not one) and each further
/// line as a move in SAN, played when it is legal, so that a run can walk a game. For each
/// line [`parse_san`] does not panic, and:
///
/// - text that [`to_san`] writes for a legal move (the canonical form) names that move;
/// - a move that is read is legal, its canonical SAN names it again, and it fits the text:
///   castling is read only from castling text (`O-O`, `0-0`, `o-o` and the long forms) on
///   the side it names, any other move only from text that holds its target square, with a
///   piece letter (`NBRQK`) at the start naming the piece that moves, and a promotion only
///   to the piece named by the last letter;
/// - a text reported ambiguous names at least two moves in its message.
pub fn san(data: &[u8]) {
    let text = text(data);
    let (mut board, lines) = position_and_lines(&text, MAX_MOVES_READ);
    for line in lines {
        check_line(&board, line);
        if let Ok(mv) = parse_san(&board, line) {
            board.make(mv);
        }
    }
}

fn check_line(board: &Board, line: &str) {
    let fen = board.to_fen();
    let result = parse_san(board, line);
    let legal = legal_moves(board);
    // Only moves whose target square the text names (or castling) can be written as it.
    let written_as_line = |mv: Move| {
        (mv.is_castle() || line.contains(&mv.to().to_string())) && to_san(board, mv) == line
    };
    if let Some(&named) = legal.iter().find(|&&mv| written_as_line(mv)) {
        assert_eq!(
            result,
            Ok(named),
            "canonical SAN {} not read as {named} in {fen}",
            shown(line)
        );
    }
    match result {
        Ok(mv) => {
            assert!(
                legal.contains(&mv),
                "{} read as illegal {mv} in {fen}",
                shown(line)
            );
            let canonical = to_san(board, mv);
            assert_eq!(parse_san(board, &canonical), Ok(mv), "{canonical} in {fen}");
            assert_fits(board, mv, line);
        }
        Err(SanError::Ambiguous(detail)) => {
            assert!(
                detail.contains(" or "),
                "ambiguous without choices: {detail}"
            );
        }
        Err(SanError::Illegal(_) | SanError::Malformed(_)) => {}
        // A reason added later must be looked at here first.
        Err(other) => panic!("a SanError this check does not know: {other:?}"),
    }
}

/// The move read from `line` is the one the text describes (see [`san()`]).
fn assert_fits(board: &Board, mv: Move, line: &str) {
    let fen = board.to_fen();
    let body = strip_suffixes(line);
    let castling: String = body
        .chars()
        .map(|c| if matches!(c, '0' | 'o') { 'O' } else { c })
        .collect();
    let castling_side = match castling.as_str() {
        "O-O" => Some(true),
        "O-O-O" => Some(false),
        _ => None,
    };
    if mv.is_castle() {
        // By the king's target, not its direction: a Chess960 king may castle in place.
        let king_side = outpost_board::is_king_side_target(mv.to());
        assert_eq!(
            castling_side,
            Some(king_side),
            "castling {mv} read from {} in {fen}",
            shown(line)
        );
        return;
    }
    assert!(
        castling_side.is_none(),
        "{} read as {mv} in {fen}",
        shown(line)
    );
    assert!(
        body.contains(&mv.to().to_string()),
        "{} read as {mv}, whose target square it does not name, in {fen}",
        shown(line)
    );
    let moving = board
        .piece_at(mv.from())
        .map(|piece| piece.kind().letter().to_ascii_uppercase());
    if let Some(letter) = body.chars().next().filter(|c| "NBRQK".contains(*c)) {
        assert_eq!(
            moving,
            Some(letter),
            "{} read as {mv} in {fen}",
            shown(line)
        );
    }
    if let Some(promoted) = mv.promotion_piece() {
        let last = body.chars().rev().find(char::is_ascii_alphabetic);
        assert_eq!(
            last.map(|c| c.to_ascii_uppercase()),
            Some(promoted.letter().to_ascii_uppercase()),
            "{} read as promotion {mv} in {fen}",
            shown(line)
        );
    }
}
