//! The `pgn` target: PGN text.

use crate::shown;
use outpost_movegen::san::{line_to_san_moves, MoveNumbers};
use outpost_pgn::{read_pgn, write_pgn, PgnReader};

/// The most games read from one input.
pub const MAX_GAMES_READ: usize = 16;

/// Reads the input with [`PgnReader`] (from the bytes, as from a file). The reader does not
/// panic, goes on after an error with the next game, and counts lines and games (the broken
/// ones too) from 1; for each game read:
///
/// - every move is legal where it is played ([`outpost_pgn::PgnGame::to_game`] replays it),
///   and each has a SAN;
/// - [`write_pgn`] writes it as text that reads back as exactly one game with the same start
///   position, moves, result, comments, glyphs and variations, and that is written again the
///   same (the written form is a fixed point).
pub fn pgn(data: &[u8]) {
    let mut reader = PgnReader::new(data);
    let mut read = 0;
    let mut errors = 0;
    let mut last_line = 0;
    while read + errors < MAX_GAMES_READ {
        match reader.next() {
            None => break,
            Some(Err(error)) => {
                errors += 1;
                assert!(error.line >= 1 && error.game == read + errors, "{error:?}");
                assert!(error.line >= last_line, "{error:?} after line {last_line}");
                last_line = error.line;
                assert_eq!(reader.errors(), errors);
                assert!(!error.to_string().is_empty());
            }
            Some(Ok(game)) => {
                read += 1;
                assert_eq!(reader.games_read(), read);
                let replayed = game.to_game();
                assert!(
                    replayed.is_some(),
                    "a game read with an illegal move: {game:?}"
                );
                let sans = line_to_san_moves(&game.start, &game.moves, MoveNumbers::Hidden);
                assert_eq!(sans.len(), game.moves.len(), "a move without SAN: {game:?}");

                let text = write_pgn(&game);
                let again = match read_pgn(&text).as_deref() {
                    Ok([again]) => again.clone(),
                    other => panic!("written as {}, read back as {other:?}", shown(&text)),
                };
                assert_eq!(
                    again.start,
                    game.start,
                    "start position of {}",
                    shown(&text)
                );
                assert_eq!(again.moves, game.moves, "moves of {}", shown(&text));
                assert_eq!(again.result, game.result, "result of {}", shown(&text));
                assert_eq!(
                    (&again.comments, &again.notes),
                    (&game.comments, &game.notes),
                    "notes of {}",
                    shown(&text)
                );
                assert_eq!(write_pgn(&again), text, "written twice differs");
            }
        }
    }
}
