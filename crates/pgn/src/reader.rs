//! Reading games from PGN text, one game at a time.

use crate::builder::GameBuilder;
use crate::error::{PgnError, PgnErrorKind};
use crate::game::PgnGame;
use crate::lexer::{Lexer, Located, Token};
use crate::words::{classify, Word};
use std::io::BufRead;

/// Reads the games of PGN text from any [`BufRead`] (a file, standard input, a byte slice),
/// one game at a time: an [`Iterator`] of `Result<PgnGame, PgnError>`, an item for each game.
///
/// Only the game being read and the current line of text are held in memory, so a file of
/// any size can be read. Bytes that are not UTF-8 are read as `U+FFFD` (and so make the move
/// or tag they are in unreadable, or are kept in comments).
///
/// A game ends at its result token (`1-0`, `0-1`, `1/2-1/2`, `*`), or, without one, where the
/// tags of the next game begin or at the end of the text (taking the result from the `Result`
/// tag).
///
/// A game that cannot be read is an error that says which game (counting every game of the
/// text from 1, the broken ones too), which line and what was wrong; the reader then skips
/// the rest of that game and goes on with the next: after the broken game's result token, or
/// at the next tag section (a line starting with `[` after a blank line, or after the broken
/// game's movetext). So one broken game does not end the reading of a database: stop at the
/// first error with `?` or [`read_pgn`], or go on past it. Only a failure of the source
/// itself ([`PgnErrorKind::Io`]) ends the iterator.
///
/// ```
/// use outpost_pgn::PgnReader;
///
/// let text = "[White \"A\"]\n\n1. e4 e5 1-0\n\n[White \"B\"]\n\n1. e4 e5 2. Ke3 *\n\n\
///             [White \"C\"]\n\n1. d4 *\n";
/// let mut white = Vec::new();
/// let mut errors = Vec::new();
/// for game in PgnReader::new(text.as_bytes()) {
///     match game {
///         Ok(game) => white.push(game.tag("White").unwrap_or("?").to_string()),
///         Err(error) => errors.push((error.game, error.line, error.to_string())),
///     }
/// }
/// assert_eq!(white, ["A", "C"]);
/// assert_eq!(errors, [(2, 7, "illegal move \"Ke3\" for white at move 2 of game 2 (line 7)".into())]);
/// ```
pub struct PgnReader<R> {
    lexer: Lexer<R>,
    /// The game being read.
    game: GameBuilder,
    /// How many games have been returned.
    games_read: usize,
    /// How many games were errors.
    errors: usize,
    /// Whether the text is over or the source failed.
    finished: bool,
}

impl<R> std::fmt::Debug for PgnReader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgnReader")
            .field("games_read", &self.games_read)
            .field("errors", &self.errors)
            .field("finished", &self.finished)
            .finish_non_exhaustive()
    }
}

/// Why reading a game stopped: the error, and whether the rest of the game must be skipped
/// (it need not when the error was found where the game ended).
type Failure = (Located, bool);

impl<R: BufRead> PgnReader<R> {
    /// A reader of the games in `reader`'s text. Nothing is read before the first call of
    /// [`next`](Iterator::next).
    pub fn new(reader: R) -> PgnReader<R> {
        PgnReader {
            lexer: Lexer::new(reader),
            game: GameBuilder::default(),
            games_read: 0,
            errors: 0,
            finished: false,
        }
    }

    /// How many games have been read so far (not counting those that were errors).
    pub fn games_read(&self) -> usize {
        self.games_read
    }

    /// How many games could not be read so far (each was an error of the iterator).
    pub fn errors(&self) -> usize {
        self.errors
    }

    /// Reads tokens until a game is complete; `None` when the text holds no more games.
    fn next_game(&mut self) -> Result<Option<PgnGame>, Failure> {
        let game = &mut self.game;
        let skip = |error: Located| (error, true);
        while let Some((token, line)) = self.lexer.next_token().map_err(skip)? {
            match token {
                Token::Tag(name, value) => {
                    if game.in_movetext() {
                        // The game before had no result token: it ends here, and the tag is
                        // the first of the next game.
                        let done = std::mem::take(game).finish(line);
                        game.tag(name, value);
                        return done.map(Some).map_err(|error| (error, false));
                    }
                    game.tag(name, value);
                }
                Token::Comment(text) => game.comment(&text),
                Token::Nag(nag) => game.nag(nag),
                Token::Open => game.open(line).map_err(skip)?,
                Token::Close => game.close(line).map_err(skip)?,
                Token::Word(word) => match classify(&word) {
                    Word::Skip => game.start_movetext(line).map_err(skip)?,
                    Word::Glyph(nag) => {
                        game.start_movetext(line).map_err(skip)?;
                        game.nag(nag);
                    }
                    Word::Move(san) => game.play(san, line).map_err(skip)?,
                    // A result in a variation ends nothing.
                    Word::Result(_) if game.in_variation() => {}
                    Word::Result(result) => {
                        game.result = Some(result);
                        let done = std::mem::take(game).finish(line);
                        return done.map(Some).map_err(|error| (error, false));
                    }
                },
            }
        }
        self.finished = true;
        if game.has_content {
            let line = self.lexer.line();
            let done = std::mem::take(game).finish(line);
            return done.map(Some).map_err(|error| (error, false));
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
            Err(((kind, line), skip)) => {
                let error = PgnError {
                    game: self.games_read + self.errors + 1,
                    line,
                    kind,
                };
                self.errors += 1;
                let movetext = self.game.in_movetext();
                self.game = GameBuilder::default();
                if matches!(error.kind, PgnErrorKind::Io { .. }) {
                    self.finished = true;
                } else if skip {
                    let skipped = match error.kind {
                        // The rest of a broken tag pair's line is not movetext.
                        PgnErrorKind::Tag(_) => self.lexer.skip_line(),
                        _ => Ok(()),
                    }
                    .and_then(|()| self.lexer.skip_game(movetext));
                    if skipped.is_err() {
                        self.finished = true;
                    }
                }
                Some(Err(error))
            }
        }
    }
}

impl<R: BufRead> std::iter::FusedIterator for PgnReader<R> {}

/// Reads every game of `text` (which may hold none, one or many) with a [`PgnReader`].
///
/// Fails on the first game that cannot be read, saying which game, move and line it is in;
/// never panics. To read the other games too, use [`read_pgn_lenient`] or a [`PgnReader`].
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    PgnReader::new(text.as_bytes()).collect()
}

/// Reads every game of `text` that can be read, and says what is wrong with each that cannot:
/// the games in order, and the errors in order (each with its game's number and line).
///
/// ```
/// use outpost_pgn::read_pgn_lenient;
///
/// let (games, errors) = read_pgn_lenient("1. e4 e5 *\n\n1. e4 e4 *\n\n1. d4 d5 *\n");
/// assert_eq!(games.len(), 2);
/// assert_eq!((errors[0].game, errors[0].line), (2, 3));
/// ```
pub fn read_pgn_lenient(text: &str) -> (Vec<PgnGame>, Vec<PgnError>) {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for read in PgnReader::new(text.as_bytes()) {
        match read {
            Ok(game) => games.push(game),
            Err(error) => errors.push(error),
        }
    }
    (games, errors)
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
    fn the_iterator_goes_on_after_an_error() {
        let mut reader = PgnReader::new(&b"1. e4 *\n1. e5 *\n1. d4 *\n"[..]);
        assert!(reader.next().unwrap().is_ok());
        let error = reader.next().unwrap().unwrap_err();
        assert_eq!((error.game, error.line), (2, 2));
        let third = reader.next().unwrap().unwrap();
        assert_eq!(third.moves.len(), 1);
        assert!(reader.next().is_none());
        assert_eq!((reader.games_read(), reader.errors()), (2, 1));
    }
}
