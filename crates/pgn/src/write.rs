//! Writing games in PGN export format.

use crate::game::{unknown_value, PgnGame, FIELD_TAGS, SEVEN_TAG_ROSTER};
use crate::notes::MoveNotes;
use outpost_board::{Board, Color, Move, Variant};
use outpost_movegen::san::{line_to_san_moves, MoveNumbers};

/// The longest line of movetext that [`write_pgn`] writes.
pub const LINE_WIDTH: usize = 80;

/// Writes `game` in PGN export format: tags, an empty line, the movetext wrapped at 80
/// characters ending with the reason (as a comment) and the result, and a final newline.
///
/// The movetext holds the comments, glyphs (as `$n`) and variations of the game's
/// [`notes`](PgnGame::notes), so that a game read, written and read again is the same.
///
/// Several games go one after the other separated by an empty line. The moves must be legal
/// in turn; should one not be, the movetext stops before it with a comment saying so.
pub fn write_pgn(game: &PgnGame) -> String {
    let mut text = String::new();
    for name in SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => game.result.as_str(),
            _ => game.tag(name).unwrap_or(unknown_value(name)),
        };
        push_tag(&mut text, name, value);
    }
    let fen = game.start.to_fen();
    // Readers must know the rules (Chess960's castling, Chess Fragments' board) before they
    // read the FEN.
    if let Some(variant) = game.tag("Variant").or(variant_of(&game.start)) {
        push_tag(&mut text, "Variant", variant);
    }
    if fen != Board::STARTPOS_FEN {
        push_tag(&mut text, "SetUp", "1");
        push_tag(&mut text, "FEN", &fen);
    }
    if let Some(termination) = &game.termination {
        push_tag(&mut text, "Termination", termination);
    }
    for (name, value) in &game.tags {
        let managed = SEVEN_TAG_ROSTER.contains(&name.as_str())
            || FIELD_TAGS.contains(&name.as_str())
            || name == "Variant";
        if !managed {
            push_tag(&mut text, name, value);
        }
    }
    text.push('\n');

    let mut units = Vec::new();
    let written = push_line(
        &mut units,
        &game.start,
        &game.moves,
        &game.notes,
        &game.comments,
    );
    if written < game.moves.len() {
        let note = format!(
            "Stopped before move {} ({}): not legal",
            written + 1,
            game.moves[written]
        );
        push_comment(&mut units, &note);
    }
    if let Some(termination) = &game.termination {
        // Written unless nothing of it would be left in a comment.
        if termination
            .split(|c: char| c == '}' || c.is_whitespace() || c.is_control())
            .any(|word| !word.is_empty())
        {
            push_comment(&mut units, termination);
        }
    }
    units.push(game.result.as_str().to_string());

    let mut line = String::new();
    for unit in units {
        if line.is_empty() {
            line = unit;
        } else if line.len() + 1 + unit.len() <= LINE_WIDTH {
            line.push(' ');
            line.push_str(&unit);
        } else {
            text.push_str(&line);
            text.push('\n');
            line = unit;
        }
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// Appends the units of a line of moves played from `board` with their notes, after the
/// comments before its first move: move numbers, SAN, glyphs as `$n`, comments in braces and
/// variations in parentheses. Returns how many moves were written: the line stops before a
/// move that is not legal.
fn push_line(
    units: &mut Vec<String>,
    board: &Board,
    moves: &[Move],
    notes: &[MoveNotes],
    comments: &[String],
) -> usize {
    for comment in comments {
        push_comment(units, comment);
    }
    let sans = line_to_san_moves(board, moves, MoveNumbers::Hidden);
    let mut board = board.clone();
    // A black move needs its number at the start and after a comment or a variation.
    let mut numbered = false;
    for (index, san) in sans.iter().enumerate() {
        let number = board.fullmove_number();
        units.push(match board.side_to_move() {
            Color::White => format!("{number}. {san}"),
            Color::Black if !numbered => format!("{number}... {san}"),
            Color::Black => san.clone(),
        });
        numbered = true;
        let mv = moves[index];
        if let Some(notes) = notes.get(index) {
            units.extend(notes.nags.iter().map(|nag| format!("${nag}")));
            for comment in &notes.comments {
                push_comment(units, comment);
                numbered = false;
            }
            for variation in &notes.variations {
                let mut inner = Vec::new();
                push_line(
                    &mut inner,
                    &board,
                    &variation.moves,
                    &variation.notes,
                    &variation.comments,
                );
                match inner.len() {
                    0 => inner.push("()".to_string()),
                    n => {
                        inner[0].insert(0, '(');
                        inner[n - 1].push(')');
                    }
                }
                units.append(&mut inner);
                numbered = false;
            }
        }
        board.make(mv);
    }
    sans.len()
}

/// Appends `{comment}`, its words as units. A comment cannot hold `}`, and line breaks would
/// break the wrapping: both become spaces.
fn push_comment(units: &mut Vec<String>, comment: &str) {
    let clean: String = comment
        .chars()
        .map(|c| if c == '}' || c.is_control() { ' ' } else { c })
        .collect();
    let start = units.len();
    units.extend(clean.split_whitespace().map(str::to_string));
    if units.len() == start {
        units.push("{}".to_string());
    } else {
        units[start].insert(0, '{');
        units.last_mut().expect("a word").push('}');
    }
}

/// Appends the tag line `[name "value"]`, escaping `\` and `"` in the value and turning line
/// breaks into spaces. A name that is not made of letters, digits and `_` is left out.
fn push_tag(text: &mut String, name: &str, value: &str) {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return;
    }
    text.push('[');
    text.push_str(name);
    text.push_str(" \"");
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                text.push('\\');
                text.push(c);
            }
            c if c.is_control() => text.push(' '),
            c => text.push(c),
        }
    }
    text.push_str("\"]\n");
}

/// The `Variant` tag the rules of a game from `start` need: none for standard chess.
pub(crate) fn variant_of(start: &Board) -> Option<&'static str> {
    if start.variant() != Variant::Chess {
        Some(start.variant().name())
    } else {
        start.has_chess960_castling().then_some("Chess960")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_pgn;
    use outpost_movegen::Game;

    #[test]
    fn tag_values_are_escaped_and_unescaped() {
        let mut game = PgnGame::default();
        game.set_tag("Event", r#"The "Big" \ one"#);
        let text = write_pgn(&game);
        assert!(text.contains(r#"[Event "The \"Big\" \\ one"]"#), "{text}");
        let back = read_pgn(&text).unwrap();
        assert_eq!(back[0].tag("Event"), Some(r#"The "Big" \ one"#));
    }

    #[test]
    fn a_chess960_game_carries_its_variant_and_start() {
        // Chess960 #3 is BQNNRKRB: O-O swaps king f1 and rook g1.
        let mut game = Game::new(outpost_board::Board::chess960(3).unwrap());
        for san in ["O-O", "O-O"] {
            game.play_san(san).unwrap();
        }
        let text = write_pgn(&PgnGame::from_game(&game, &[]));
        let tags = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
                    [FEN \"bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1\"]\n";
        assert!(text.contains(tags), "{text}");
        assert!(text.contains("1. O-O O-O"), "{text}");
        let back = read_pgn(&text).unwrap()[0].to_game().unwrap();
        assert_eq!(back.board(), game.board());
        // A Variant tag given is written once, in the same place.
        let mut pgn = PgnGame::from_game(&game, &[]);
        pgn.set_tag("Variant", "Chess960");
        assert_eq!(write_pgn(&pgn), text);
        assert!(!write_pgn(&PgnGame::default()).contains("Variant"));
    }

    #[test]
    fn a_chess_fragments_game_carries_its_variant_and_start() {
        let start = Board::from_fen(Variant::Fragments.start_fen()).unwrap();
        let mut game = Game::new(start);
        game.play_san("c3").unwrap();
        let text = write_pgn(&PgnGame::from_game(&game, &[]));
        let tags = "[Variant \"fragments\"]\n[SetUp \"1\"]\n[FEN \"cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1\"]\n";
        assert!(text.contains(tags), "{text}");
        let back = read_pgn(&text).unwrap()[0].to_game().unwrap();
        assert_eq!(back.board(), game.board());
    }

    #[test]
    fn long_movetext_is_wrapped() {
        let mut game = Game::startpos();
        for _ in 0..10 {
            for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                // Repetition does not stop `play_san`; only `status` reports it.
                game.play_san(san).unwrap();
            }
        }
        let text = write_pgn(&PgnGame::from_game(&game, &[]));
        assert!(text.lines().all(|line| line.len() <= LINE_WIDTH), "{text}");
        assert!(text.lines().filter(|line| !line.starts_with('[')).count() > 3);
    }

    #[test]
    fn an_illegal_move_stops_the_movetext_with_a_note() {
        let e2e5 = outpost_board::Move::quiet(outpost_board::Square::E2, outpost_board::Square::E5);
        let game = PgnGame {
            moves: vec![e2e5],
            ..PgnGame::default()
        };
        let text = write_pgn(&game);
        assert!(
            text.ends_with("\n{Stopped before move 1 (e2e5): not legal} *\n"),
            "{text}"
        );
    }
}
