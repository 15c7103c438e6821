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
    /// `(`.
    Open,
    /// `)`.
    Close,
}

/// An error and the line where the faulty construct starts.
pub(crate) type Located = (PgnErrorKind, usize);

/// Splits PGN text into tokens, skipping white space, `;` comments, `%` escape lines,
/// `$n` glyphs and `<...>` reserved text, and counting lines. Reads its source as it goes.
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
                self.skip_while(|c| c.is_ascii_digit())?;
            } else if c == '<' {
                self.skip_while(|c| c != '>')?;
                self.bump()?;
            } else if c == '{' {
                self.bump()?;
                let comment = self.take_while(|c| c != '}')?;
                if self.bump()?.is_none() {
                    return Err((PgnErrorKind::UnterminatedComment, line));
                }
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
                let word = self.take_while(|c| !c.is_whitespace() && !"[]{}();$<>".contains(c))?;
                return Ok(Some((Token::Word(word), line)));
            }
        }
    }

    /// The rest of a tag pair after its `[`; the inner error says what is wrong with it.
    fn tag(&mut self) -> Result<Result<Token, String>, Located> {
        self.skip_while(char::is_whitespace)?;
        let name = self.take_while(|c| !c.is_whitespace() && !matches!(c, '"' | ']' | '['))?;
        if name.is_empty() {
            return Ok(Err("a tag has no name".to_string()));
        }
        self.skip_while(char::is_whitespace)?;
        if self.bump()? != Some('"') {
            return Ok(Err(format!("tag {name} has no value in double quotes")));
        }
        let never_closed = || Err(format!("the value of tag {name} is never closed with '\"'"));
        let mut value = String::new();
        loop {
            match self.bump()? {
                None => return Ok(never_closed()),
                Some('"') => break,
                Some('\\') => match self.bump()? {
                    Some(c) => value.push(c),
                    None => return Ok(never_closed()),
                },
                Some(c) => value.push(c),
            }
        }
        self.skip_while(char::is_whitespace)?;
        if self.bump()? != Some(']') {
            return Ok(Err(format!(
                "tag {name} is not closed with ']' after its value"
            )));
        }
        Ok(Ok(Token::Tag(name, value)))
    }
}
