//! A database with broken games mixed among good ones: every good game is read, and every
//! broken one is reported with its number and line, whatever is wrong with it.

use outpost_movegen::san::SanError;
use outpost_pgn::{read_pgn, read_pgn_lenient, PgnError, PgnErrorKind, PgnReader};
use std::io::BufReader;

/// A good game numbered `round`, with a comment, a glyph, a variation and a clock.
fn good(round: usize) -> String {
    format!(
        "[Event \"Mixed\"]\n[Round \"{round}\"]\n[Result \"1-0\"]\n\n\
         1. e4 {{ [%clk 0:03:00] }} e5 $1 2. Nf3 (2. f4 exf4) 2... Nc6\n\
         3. Bb5 {{The Spanish}} a6 1-0\n\n"
    )
}

/// A broken game: its text, what the error must be, and the line of the game's text (from 1)
/// that it must point at.
type Broken = (&'static str, fn(&PgnErrorKind) -> bool, usize);

/// Broken games of every kind.
fn broken() -> Vec<Broken> {
    vec![
        (
            "[Event \"Bad move\"]\n\n1. e4 e5 2. Nf3 Xq9 3. Bb5 1-0\n\n",
            |kind| matches!(kind, PgnErrorKind::Move { error: SanError::Malformed(_), text, .. } if text == "Xq9"),
            3,
        ),
        (
            "[Event \"Illegal move\"]\n[Result \"0-1\"]\n\n1. e4 e5\n2. Ke3 Nc6 0-1\n\n",
            |kind| {
                matches!(
                    kind,
                    PgnErrorKind::Move {
                        error: SanError::Illegal(_),
                        number: 2,
                        ..
                    }
                )
            },
            5,
        ),
        (
            // The comment swallows the result token: the game ends at the next tags.
            "[Event \"Unterminated comment\"]\n\n1. e4 {never closed\ne5 2. Nf3 1-0\n\n",
            |kind| *kind == PgnErrorKind::UnterminatedComment,
            3,
        ),
        (
            "[Event \"Garbage tag\"]\n[White Alice]\n[Black \"Bob\"]\n\n1. d4 d5 1/2-1/2\n\n",
            |kind| matches!(kind, PgnErrorKind::Tag(_)),
            2,
        ),
        (
            "[Event \"Unclosed value\n[Black \"Bob\"]\n\n1. d4 d5 1/2-1/2\n\n",
            |kind| matches!(kind, PgnErrorKind::Tag(_)),
            1,
        ),
        (
            // Cut off in the middle of a move, without a result, right before the next game.
            "[Event \"Truncated\"]\n\n1. e4 e5 2. Nf3 Nc6 3. B",
            |kind| {
                matches!(
                    kind,
                    PgnErrorKind::Move {
                        error: SanError::Malformed(_),
                        ..
                    }
                )
            },
            3,
        ),
        (
            // The result token in the variation ends nothing: the game ends at the next tags.
            "[Event \"Variation never closed\"]\n\n1. e4 e5 (1... c5 2. Nf3 Nc6\n3. d4 *\n\n",
            |kind| *kind == PgnErrorKind::UnclosedVariation,
            3,
        ),
        (
            "[Event \"Stray brace\"]\n\n1. e4 } e5 *\n\n",
            |kind| *kind == PgnErrorKind::UnexpectedCharacter('}'),
            3,
        ),
        (
            "[Event \"Bad FEN\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n",
            |kind| matches!(kind, PgnErrorKind::Fen { .. }),
            4,
        ),
        (
            "[Event \"Illegal move in a variation\"]\n\n1. e4 (1. Ke2) e5 *\n\n",
            |kind| {
                matches!(
                    kind,
                    PgnErrorKind::Move {
                        error: SanError::Illegal(_),
                        ..
                    }
                )
            },
            3,
        ),
        (
            "[Event \"Variation before a move\"]\n\n(1. d4) 1. e4 *\n\n",
            |kind| *kind == PgnErrorKind::VariationWithoutMove,
            3,
        ),
    ]
}

#[test]
fn broken_games_are_reported_and_skipped() {
    // good, broken, good, broken, ...: game 2k + 1 is good, game 2k + 2 is broken.
    let broken = broken();
    let mut text = String::new();
    let mut expected = Vec::new();
    for (index, (bad, _, line)) in broken.iter().enumerate() {
        text.push_str(&good(2 * index + 1));
        let first_line = text.lines().count() + 1;
        text.push_str(bad);
        if !bad.ends_with('\n') {
            text.push_str("\n\n");
        }
        expected.push((2 * index + 2, first_line + line - 1));
    }
    text.push_str(&good(2 * broken.len() + 1));

    let (games, errors) = read_pgn_lenient(&text);
    let rounds: Vec<String> = games
        .iter()
        .map(|game| game.tag("Round").unwrap().to_string())
        .collect();
    let good_rounds: Vec<String> = (0..=broken.len())
        .map(|index| (2 * index + 1).to_string())
        .collect();
    assert_eq!(rounds, good_rounds, "{errors:#?}");
    for game in &games {
        assert_eq!(game.moves.len(), 6);
        assert_eq!(game.variations(2).len(), 1);
        assert_eq!(game.clocks()[0], Some(std::time::Duration::from_secs(180)));
    }
    let found: Vec<(usize, usize)> = errors.iter().map(|e| (e.game, e.line)).collect();
    assert_eq!(found, expected, "{errors:#?}");
    for (error, (bad, is_kind, _)) in errors.iter().zip(&broken) {
        assert!(is_kind(&error.kind), "{bad:?} gave {error}");
        let message = error.to_string();
        assert!(
            message.contains(&format!("game {} (line {})", error.game, error.line)),
            "{message}"
        );
    }

    // The same from a streaming reader with a small buffer, which counts both.
    let mut reader = PgnReader::new(BufReader::with_capacity(16, text.as_bytes()));
    let mut items = 0;
    for _ in reader.by_ref() {
        items += 1;
    }
    assert_eq!(items, 2 * broken.len() + 1);
    assert_eq!(
        (reader.games_read(), reader.errors()),
        (broken.len() + 1, broken.len())
    );

    // `read_pgn` stops at the first.
    let first: PgnError = read_pgn(&text).unwrap_err();
    assert_eq!(first, errors[0]);
}

#[test]
fn games_without_tags_recover_at_the_result() {
    let text =
        "1. e4 e5 *\n1. e4 Ke7 2. d4 *\n1. d4 d5 *\n1. c4 {oops *\n\n[Event \"Last\"]\n1. Nf3 *\n";
    let (games, errors) = read_pgn_lenient(text);
    assert_eq!(games.len(), 3, "{errors:?}");
    assert_eq!(games[2].tag("Event"), Some("Last"));
    let found: Vec<(usize, usize)> = errors.iter().map(|e| (e.game, e.line)).collect();
    assert_eq!(found, [(2, 2), (4, 4)]);
}

#[test]
fn a_broken_last_game_ends_the_reading() {
    for tail in [
        "1. e4 e5 2. Qxf7",
        "[Event \"x",
        "1. e4 {",
        "1. e4 (1. d4",
        "1. e4 )",
    ] {
        let text = format!("1. d4 d5 *\n\n{tail}");
        let (games, errors) = read_pgn_lenient(&text);
        assert_eq!((games.len(), errors.len()), (1, 1), "{tail:?}: {errors:?}");
        assert_eq!((errors[0].game, errors[0].line), (2, 3), "{tail:?}");
    }
}

#[test]
fn a_mangled_database_is_read_to_the_end() {
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let text: String = (1..=30).map(good).collect();
    let chars: Vec<char> = text.chars().collect();
    let alphabet: Vec<char> = "[]{}()\"%;$*1-0 \nKe3x".chars().collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for _ in 0..300 {
        let mut mangled = chars.clone();
        for _ in 0..1 + rng.next_u32() % 8 {
            let at = rng.next_u32() as usize % mangled.len();
            let c = alphabet[rng.next_u32() as usize % alphabet.len()];
            match rng.next_u32() % 3 {
                0 => mangled[at] = c,
                1 => {
                    mangled.remove(at);
                }
                _ => mangled.insert(at, c),
            }
        }
        let mangled: String = mangled.into_iter().collect();
        let mut reader = PgnReader::new(mangled.as_bytes());
        let mut items = 0;
        let mut last = (0, 0);
        for read in reader.by_ref() {
            items += 1;
            if let Err(error) = read {
                assert_eq!(error.game, items, "{error}");
                assert!((error.game, error.line) > last, "{error} after {last:?}");
                last = (error.game, error.line);
            }
        }
        assert_eq!(reader.games_read() + reader.errors(), items);
        // A few characters break a few games at most: most are still read.
        assert!(
            reader.games_read() >= 15,
            "{} of 30 read",
            reader.games_read()
        );
    }
}
