//! Splitting PGN text into tokens: tag pairs, comments, parentheses and words.

use crate::chars::LineChars;
use crate::error::PgnErrorKind;
use std::io::BufRead;

/// A piece of PGN text.
#[derive(Debug)]
pub(crate) enum Token {
    /// `[Name "value"]`, with escapes resolved.
    Tag(String, String),
    /// A run of text: a move, a move number, a result or an annotation glyph.
    Word(String),
    /// The text of a `{...}` comment.
    Comment(String),
    /// A numeric annotation glyph: `$n`.
    Nag(u8),
    /// `(`.
    Open,
    /// `)`.
    Close,
}

/// An error and the line where the faulty construct starts.
pub(crate) type Located = (PgnErrorKind, usize);

/// Splits PGN text into tokens, skipping white space, `;` comments, `%` escape lines and
/// `<...>` reserved text, and counting lines. Reads its source as it goes.
pub(crate) struct Lexer<R> {
    chars: LineChars<R>,
}

impl<R: BufRead> Lexer<R> {
    pub(crate) fn new(reader: R) -> Lexer<R> {
        Lexer {
            chars: LineChars::new(reader),
        }
    }

    /// The line of the next character.
    pub(crate) fn line(&self) -> usize {
        self.chars.line()
    }

    fn peek(&mut self) -> Result<Option<char>, Located> {
        let line = self.line();
        self.chars
            .peek()
            .map_err(|error| (PgnErrorKind::io(&error), line))
    }

    fn bump(&mut self) -> Result<Option<char>, Located> {
        let line = self.line();
        self.chars
            .bump()
            .map_err(|error| (PgnErrorKind::io(&error), line))
    }

    /// Moves on while `keep` holds for the next character.
    fn skip_while(&mut self, keep: impl Fn(char) -> bool) -> Result<(), Located> {
        while self.peek()?.is_some_and(&keep) {
            self.bump()?;
        }
        Ok(())
    }

    /// The characters up to (not including) the first for which `keep` fails.
    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> Result<String, Located> {
        let mut taken = String::new();
        while let Some(c) = self.peek()?.filter(|&c| keep(c)) {
            taken.push(c);
            self.bump()?;
        }
        Ok(taken)
    }

    /// The next token and the line it starts on; `None` at the end of the text. Errors
    /// carry the line where the faulty construct starts.
    pub(crate) fn next_token(&mut self) -> Result<Option<(Token, usize)>, Located> {
        loop {
            let Some(c) = self.peek()? else {
                return Ok(None);
            };
            let line = self.line();
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump()?;
            } else if (c == '%' && self.chars.at_line_start()) || c == ';' {
                self.skip_while(|c| c != '\n')?;
            } else if c == '$' {
                self.bump()?;
                let digits = self.take_while(|c| c.is_ascii_digit())?;
                // A glyph beyond 255 (or `$` alone) names nothing: it is left out.
                if let Ok(nag) = digits.parse::<u8>() {
                    return Ok(Some((Token::Nag(nag), line)));
                }
            } else if c == '<' {
                self.skip_while(|c| c != '>')?;
                self.bump()?;
            } else if c == '{' {
                self.bump()?;
                let mut comment = String::new();
                loop {
                    match self.peek()? {
                        None => return Err((PgnErrorKind::UnterminatedComment, line)),
                        Some('}') => break,
                        // The tags of the next game: this comment was never closed. The
                        // reader goes on from them.
                        Some('[') if self.at_tag_section() => {
                            return Err((PgnErrorKind::UnterminatedComment, line))
                        }
                        Some(c) => {
                            comment.push(c);
                            self.bump()?;
                        }
                    }
                }
                self.bump()?;
                return Ok(Some((Token::Comment(comment), line)));
            } else if c == '[' {
                self.bump()?;
                return match self.tag()? {
                    Ok(token) => Ok(Some((token, line))),
                    Err(what) => Err((PgnErrorKind::Tag(what), line)),
                };
            } else if c == '(' {
                self.bump()?;
                return Ok(Some((Token::Open, line)));
            } else if c == ')' {
                self.bump()?;
                return Ok(Some((Token::Close, line)));
            } else if matches!(c, ']' | '}' | '>') {
                return Err((PgnErrorKind::UnexpectedCharacter(c), line));
            } else {
                let word = self.take_while(|c| !c.is_whitespace() && !is_delimiter(c))?;
                return Ok(Some((Token::Word(word), line)));
            }
        }
    }

    /// Whether the next character (already peeked, a `[`) opens the tag section of a game:
    /// it starts a line after a blank line and a tag name follows it.
    fn at_tag_section(&self) -> bool {
        self.chars.at_line_start()
            && self.chars.prev_line_blank()
            && self
                .chars
                .peek_second()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
    }

    /// Skips the rest of a game after an error, up to where the next game starts: after a
    /// result token, or before a `[` that starts a line after a blank line, or after
    /// `movetext` (text that is not tags) has been passed. Comments, `;` comments and escape
    /// lines are skipped whole, so that a result token or a `[` in them is not taken for one.
    pub(crate) fn skip_game(&mut self, mut movetext: bool) -> Result<(), Located> {
        while let Some(c) = self.peek()? {
            let line_start = self.chars.at_line_start();
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump()?;
            } else if c == '[' && line_start {
                if movetext || self.at_tag_section() {
                    return Ok(());
                }
                // A tag of the broken game.
                self.skip_while(|c| c != '\n')?;
            } else if (c == '%' && line_start) || c == ';' {
                self.skip_while(|c| c != '\n')?;
            } else if c == '{' {
                self.bump()?;
                while let Some(c) = self.peek()? {
                    if c == '}' {
                        self.bump()?;
                        break;
                    }
                    if c == '[' && self.at_tag_section() {
                        return Ok(());
                    }
                    self.bump()?;
                }
            } else if is_delimiter(c) {
                movetext = true;
                self.bump()?;
            } else {
                let word = self.take_while(|c| !c.is_whitespace() && !is_delimiter(c))?;
                if crate::game::PgnResult::from_token(&word).is_some() {
                    return Ok(());
                }
                movetext = true;
            }
        }
        Ok(())
    }

    /// Skips to the end of the line, unless the line of the next character has just begun.
    pub(crate) fn skip_line(&mut self) -> Result<(), Located> {
        if self.peek()?.is_some() && !self.chars.at_line_start() {
            self.skip_while(|c| c != '\n')?;
        }
        Ok(())
    }

    /// The rest of a tag pair after its `[`; the inner error says what is wrong with it. A
    /// tag pair is on one line.
    fn tag(&mut self) -> Result<Result<Token, String>, Located> {
        let blank = |c: char| c.is_whitespace() && c != '\n';
        self.skip_while(blank)?;
        let name = self.take_while(|c| !c.is_whitespace() && !matches!(c, '"' | ']' | '['))?;
        if name.is_empty() {
            return Ok(Err("a tag has no name".to_string()));
        }
        self.skip_while(blank)?;
        if self.bump()? != Some('"') {
            return Ok(Err(format!("tag {name} has no value in double quotes")));
        }
        let never_closed = || Err(format!("the value of tag {name} is never closed with '\"'"));
        let mut value = String::new();
        loop {
            // The end of the line ends the value too, so that the next line is read afresh.
            if self.peek()? == Some('\n') {
                return Ok(never_closed());
            }
            match self.bump()? {
                None => return Ok(never_closed()),
                Some('"') => break,
                Some('\\') => match self.peek()? {
                    Some('\n') | None => return Ok(never_closed()),
                    Some(c) => {
                        value.push(c);
                        self.bump()?;
                    }
                },
                Some(c) => value.push(c),
            }
        }
        self.skip_while(blank)?;
        if self.bump()? != Some(']') {
            return Ok(Err(format!(
                "tag {name} is not closed with ']' after its value"
            )));
        }
        Ok(Ok(Token::Tag(name, value)))
    }
}

/// Whether `c` ends a word of movetext.
fn is_delimiter(c: char) -> bool {
    matches!(c, '[' | ']' | '{' | '}' | '(' | ')' | ';' | '$' | '<' | '>')
}
