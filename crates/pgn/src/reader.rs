//! Reading games from PGN text, one game at a time.

use crate::builder::GameBuilder;
use crate::error::{PgnError, PgnErrorKind};
use crate::game::PgnGame;
use crate::lexer::{Lexer, Located, Token};
use crate::words::{classify, Word};
use std::io::BufRead;

/// Reads the games of PGN text from any [`BufRead`] (a file, standard input, a byte slice),
/// one game at a time: an [`Iterator`] of `Result<PgnGame, PgnError>`.
///
/// Only the game being read and the current line of text are held in memory, so a file of
/// any size can be read. Bytes that are not UTF-8 are read as `U+FFFD` (and so make the move
/// or tag they are in unreadable, or are ignored in comments). After the first error the
/// iterator ends: the error says which game, which move and which line it is in.
///
/// A game ends at its result token (`1-0`, `0-1`, `1/2-1/2`, `*`), or, without one, where the
/// tags of the next game begin or at the end of the text (taking the result from the `Result`
/// tag).
///
/// ```
/// use outpost_pgn::PgnReader;
///
/// let text = "[White \"A\"]\n\n1. e4 e5 1-0\n\n[White \"B\"]\n\n1. d4 *\n";
/// let mut white = Vec::new();
/// for game in PgnReader::new(text.as_bytes()) {
///     let game = game?;
///     white.push(game.tag("White").unwrap_or("?").to_string());
/// }
/// assert_eq!(white, ["A", "B"]);
/// # Ok::<(), outpost_pgn::PgnError>(())
/// ```
pub struct PgnReader<R> {
    lexer: Lexer<R>,
    /// The game being read.
    game: GameBuilder,
    /// How many games have been returned.
    games_read: usize,
    /// Whether the text is over or an error was returned.
    finished: bool,
}

impl<R> std::fmt::Debug for PgnReader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgnReader")
            .field("games_read", &self.games_read)
            .field("finished", &self.finished)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> PgnReader<R> {
    /// A reader of the games in `reader`'s text. Nothing is read before the first call of
    /// [`next`](Iterator::next).
    pub fn new(reader: R) -> PgnReader<R> {
        PgnReader {
            lexer: Lexer::new(reader),
            game: GameBuilder::default(),
            games_read: 0,
            finished: false,
        }
    }

    /// How many games have been read so far.
    pub fn games_read(&self) -> usize {
        self.games_read
    }

    /// Reads tokens until a game is complete; `None` when the text holds no more games.
    fn next_game(&mut self) -> Result<Option<PgnGame>, Located> {
        let game = &mut self.game;
        while let Some((token, line)) = self.lexer.next_token()? {
            match token {
                Token::Tag(name, value) => {
                    let after_movetext = game.board.is_some() && game.depth == 0;
                    let done = if after_movetext {
                        // The game before had no result token: it ends here.
                        Some(std::mem::take(game).finish(line)?)
                    } else {
                        None
                    };
                    game.tags.push((name, value));
                    game.last_comment = None;
                    game.has_content = true;
                    if done.is_some() {
                        return Ok(done);
                    }
                }
                Token::Comment(text) => {
                    if game.depth == 0 {
                        game.last_comment = Some(text);
                    }
                }
                Token::Open => {
                    game.board(line)?;
                    if game.depth == 0 {
                        game.variation_line = line;
                    }
                    game.depth += 1;
                    game.has_content = true;
                }
                Token::Close => {
                    if game.depth == 0 {
                        return Err((PgnErrorKind::UnmatchedParenthesis, line));
                    }
                    game.depth -= 1;
                }
                Token::Word(word) => {
                    if game.depth > 0 {
                        continue;
                    }
                    game.has_content = true;
                    match classify(&word) {
                        Word::Skip => {
                            game.board(line)?;
                        }
                        Word::Move(san) => game.play(san, line)?,
                        Word::Result(result) => {
                            game.result = Some(result);
                            return std::mem::take(game).finish(line).map(Some);
                        }
                    }
                }
            }
        }
        self.finished = true;
        if game.has_content {
            let line = self.lexer.line();
            return std::mem::take(game).finish(line).map(Some);
        }
        Ok(None)
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        match self.next_game() {
            Ok(Some(game)) => {
                self.games_read += 1;
                Some(Ok(game))
            }
            Ok(None) => None,
            Err((kind, line)) => {
                self.finished = true;
                Some(Err(PgnError {
                    game: self.games_read + 1,
                    line,
                    kind,
                }))
            }
        }
    }
}

impl<R: BufRead> std::iter::FusedIterator for PgnReader<R> {}

/// Reads every game of `text` (which may hold none, one or many) with a [`PgnReader`].
///
/// Fails on the first problem, saying which game, move and line it is in; never panics.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    PgnReader::new(text.as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexer_never_runs_past_the_end() {
        // Text cut off in the middle of a token: whatever is read is either an error that
        // points at a line of the text and says what was wrong, or games that write and
        // read back with the same start, moves and result (the writer adds the seven
        // standard tags), and are then written again the same.
        for text in [
            "[", "[A", "[A \"", "[A \"\\", "[A \"x\"", "{", "<", "$", "1.", "(", ")", "]",
        ] {
            match read_pgn(text) {
                Err(error) => {
                    assert_eq!((error.game, error.line), (1, 1), "{text:?}: {error}");
                    assert!(!error.to_string().is_empty(), "{text:?}");
                }
                Ok(games) => {
                    for game in &games {
                        let written = game.to_string();
                        let again = read_pgn(&written).unwrap_or_else(|error| {
                            panic!("{text:?} wrote {written:?}, which reads as {error}")
                        });
                        let [again] = &again[..] else {
                            panic!("{text:?} wrote {written:?}, which reads as {again:?}")
                        };
                        assert_eq!(
                            (&again.start, &again.moves, again.result),
                            (&game.start, &game.moves, game.result),
                            "{text:?}"
                        );
                        assert_eq!(again.to_string(), written, "{text:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_iterator_ends_after_an_error() {
        let mut reader = PgnReader::new(&b"1. e4 *\n1. e5 *\n1. d4 *\n"[..]);
        assert!(reader.next().unwrap().is_ok());
        let error = reader.next().unwrap().unwrap_err();
        assert_eq!((error.game, error.line), (2, 2));
        assert!(reader.next().is_none());
        assert_eq!(reader.games_read(), 1);
    }
}
