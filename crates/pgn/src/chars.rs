//! The characters of a byte stream, one line in memory at a time.

use std::io::BufRead;

/// Characters read from a [`BufRead`] line by line, decoded as UTF-8 (bytes that are not
/// UTF-8 become `U+FFFD`, so no input makes decoding fail), with the number of the line
/// being read.
///
/// Only the current line is held in memory, so a file of any size can be read.
pub(crate) struct LineChars<R> {
    reader: R,
    /// The bytes of the line being decoded, kept to reuse their allocation.
    bytes: Vec<u8>,
    /// The current line, with its `\n` if it has one.
    chars: Vec<char>,
    /// The next character of `chars`.
    pos: usize,
    /// The line of the next character, counted from 1: one more than the `\n` passed.
    line: usize,
    /// Whether the reader is exhausted.
    done: bool,
    /// Whether the line before the current one holds only white space (true on the first).
    prev_blank: bool,
}

impl<R: BufRead> LineChars<R> {
    pub(crate) fn new(reader: R) -> LineChars<R> {
        LineChars {
            reader,
            bytes: Vec::new(),
            chars: Vec::new(),
            pos: 0,
            line: 1,
            done: false,
            prev_blank: true,
        }
    }

    /// The line of the next character (after the last `\n` at the end of the text: one past
    /// the last line).
    pub(crate) fn line(&self) -> usize {
        self.line
    }

    /// Whether the next character is the first of its line.
    pub(crate) fn at_line_start(&self) -> bool {
        self.pos == 0
    }

    /// Whether the line before the one of the next character holds only white space (true
    /// on the first line). Meaningful after [`peek`](Self::peek).
    pub(crate) fn prev_line_blank(&self) -> bool {
        self.prev_blank
    }

    /// The character after the next one on the same line, if there is one. Meaningful after
    /// [`peek`](Self::peek).
    pub(crate) fn peek_second(&self) -> Option<char> {
        self.chars.get(self.pos + 1).copied()
    }

    /// The next character, without moving past it; `None` at the end of the text.
    pub(crate) fn peek(&mut self) -> std::io::Result<Option<char>> {
        while self.pos == self.chars.len() {
            if !self.next_line()? {
                return Ok(None);
            }
        }
        Ok(Some(self.chars[self.pos]))
    }

    /// Moves past the next character and returns it, counting lines.
    pub(crate) fn bump(&mut self) -> std::io::Result<Option<char>> {
        let next = self.peek()?;
        if let Some(c) = next {
            self.pos += 1;
            if c == '\n' {
                self.line += 1;
            }
        }
        Ok(next)
    }

    /// Reads the next line into `chars`; `false` at the end of the text.
    fn next_line(&mut self) -> std::io::Result<bool> {
        if self.done {
            return Ok(false);
        }
        self.prev_blank = self.chars.iter().all(|c| c.is_whitespace());
        self.bytes.clear();
        self.chars.clear();
        self.pos = 0;
        if self.reader.read_until(b'\n', &mut self.bytes)? == 0 {
            self.done = true;
            return Ok(false);
        }
        // A `\n` byte is never part of a longer UTF-8 sequence, so decoding line by line
        // decodes the same characters as decoding the whole text at once.
        self.chars
            .extend(String::from_utf8_lossy(&self.bytes).chars());
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &[u8]) -> (String, usize) {
        let mut chars = LineChars::new(text);
        let mut read = String::new();
        while let Some(c) = chars.bump().unwrap() {
            read.push(c);
        }
        (read, chars.line())
    }

    #[test]
    fn reads_every_character_and_counts_lines() {
        assert_eq!(all(b""), (String::new(), 1));
        assert_eq!(all(b"ab\ncd"), ("ab\ncd".to_string(), 2));
        assert_eq!(all(b"ab\n\n"), ("ab\n\n".to_string(), 3));
        assert_eq!(
            all("é♞\n".as_bytes()),
            ("é♞\n".to_string(), 2),
            "multi-byte characters"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_become_replacement_characters() {
        assert_eq!(
            all(b"a\xffb\n\xc3"),
            ("a\u{fffd}b\n\u{fffd}".to_string(), 2)
        );
    }

    #[test]
    fn knows_where_lines_start() {
        let mut chars = LineChars::new(&b"a\nb"[..]);
        assert_eq!(chars.peek().unwrap(), Some('a'));
        assert!(chars.at_line_start());
        chars.bump().unwrap();
        assert!(!chars.at_line_start());
        chars.bump().unwrap();
        assert_eq!(chars.peek().unwrap(), Some('b'));
        assert!(chars.at_line_start());
    }
}
