//! A database of Outpost's own self-play games with broken games mixed in
//! (`tests/data/selfplay-200.pgn`, made by `examples/selfplay_pgn.rs` as its first line
//! says): every good game is read, each broken one is reported with its number and a line
//! inside it, and every good game reads back as the very text it was written as.

use outpost_movegen::san::SanError;
use outpost_pgn::{write_pgn, PgnErrorKind, PgnReader};

const DATABASE: &str = include_str!("data/selfplay-200.pgn");
const GAMES: usize = 200;
const BROKEN_EVERY: usize = 20;
const ANNOTATE_EVERY: usize = 10;

/// The text of each game of the database: from an `[Event` line after a blank line (or at
/// the start) to the next.
fn game_texts() -> Vec<(usize, &'static str)> {
    let mut starts = Vec::new();
    let mut offset = 0;
    let mut previous_blank = true;
    for (index, line) in DATABASE.split_inclusive('\n').enumerate() {
        if previous_blank && line.starts_with("[Event ") {
            starts.push((index + 1, offset));
        }
        previous_blank = line.trim().is_empty();
        offset += line.len();
    }
    starts
        .iter()
        .enumerate()
        .map(|(i, &(line, start))| {
            let end = starts.get(i + 1).map_or(DATABASE.len(), |&(_, end)| end);
            (line, DATABASE[start..end].trim_end())
        })
        .collect()
}

#[test]
fn the_self_play_database_is_read_past_its_broken_games() {
    let texts = game_texts();
    assert_eq!(texts.len(), GAMES);
    let mut read = 0;
    let mut errors = Vec::new();
    for item in PgnReader::new(DATABASE.as_bytes()) {
        match item {
            Ok(game) => {
                read += 1;
                let number: usize = game.tag("Round").unwrap().parse().unwrap();
                assert!(
                    !number.is_multiple_of(BROKEN_EVERY),
                    "broken game {number} was read"
                );
                assert!(game.to_game().is_some());
                // Written by `write_pgn`, read and written again: the same text.
                let (_, text) = texts[number - 1];
                assert_eq!(write_pgn(&game).trim_end(), text, "game {number}");
                let clocks = game.clocks();
                if number.is_multiple_of(ANNOTATE_EVERY) {
                    // Each side's clock runs down.
                    let searched: Vec<_> = clocks.iter().flatten().collect();
                    assert!(searched.len() + 6 >= game.moves.len(), "game {number}");
                    for pair in searched.windows(3) {
                        assert!(pair[2] <= pair[0], "game {number}: {pair:?}");
                    }
                    assert!(game.notes.iter().any(|notes| !notes.variations.is_empty()));
                } else {
                    assert!(clocks.iter().all(Option::is_none));
                    assert!(game.notes.is_empty());
                }
            }
            Err(error) => errors.push(error),
        }
    }
    let broken: Vec<usize> = (1..=GAMES)
        .filter(|n| n.is_multiple_of(BROKEN_EVERY))
        .collect();
    assert_eq!(read, GAMES - broken.len());
    let numbers: Vec<usize> = errors.iter().map(|error| error.game).collect();
    assert_eq!(numbers, broken);
    for error in &errors {
        let (first_line, text) = texts[error.game - 1];
        let last_line = first_line + text.lines().count() - 1;
        assert!(
            (first_line..=last_line).contains(&error.line),
            "{error}: game {} is on lines {first_line} to {last_line}",
            error.game
        );
        let how = text.lines().next().unwrap();
        let expected = match &error.kind {
            PgnErrorKind::Move {
                error: SanError::Malformed(_),
                ..
            } => how.contains("not SAN") || how.contains("cut off"),
            PgnErrorKind::Move {
                error: SanError::Illegal(_),
                ..
            } => how.contains("illegal move"),
            PgnErrorKind::UnterminatedComment => how.contains("comment never closed"),
            PgnErrorKind::Tag(_) => how.contains("tag pair without quotes"),
            _ => false,
        };
        assert!(expected, "{error} in {how}");
    }
}
