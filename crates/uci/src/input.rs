//! Lines of UCI input read from bytes: any byte sequence is accepted, none ends the loop.

use std::io::{BufRead, ErrorKind, Read};

/// The longest line read, in bytes, without its newline; longer lines are skipped.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    /// A line of valid UTF-8, without its line ending.
    Text(String),
    /// A line that is not valid UTF-8, decoded with U+FFFD for each bad sequence.
    InvalidUtf8(String),
    /// A line longer than [`MAX_LINE_BYTES`]; it was skipped.
    TooLong,
}

/// Reads [`InputLine`]s from a byte stream.
#[derive(Debug)]
pub struct LineReader<R> {
    input: R,
    buffer: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// Lines from `input`.
    pub fn new(input: R) -> LineReader<R> {
        LineReader {
            input,
            buffer: Vec::new(),
        }
    }

    /// The next line; `None` at the end of the input or when it can no longer be read.
    pub fn next_line(&mut self) -> Option<InputLine> {
        self.buffer.clear();
        // Room for the longest line and its `\r\n`.
        let limit = MAX_LINE_BYTES + 2;
        let read = read_until_newline((&mut self.input).take(limit as u64), &mut self.buffer)?;
        if read == 0 {
            return None;
        }
        let ended = self.buffer.last() == Some(&b'\n');
        if ended {
            self.buffer.pop();
        }
        if self.buffer.last() == Some(&b'\r') {
            self.buffer.pop();
        }
        if self.buffer.len() > MAX_LINE_BYTES {
            if !ended && read == limit {
                self.skip_rest_of_line();
            }
            return Some(InputLine::TooLong);
        }
        Some(match String::from_utf8(std::mem::take(&mut self.buffer)) {
            Ok(text) => InputLine::Text(text),
            Err(error) => {
                InputLine::InvalidUtf8(String::from_utf8_lossy(error.as_bytes()).into_owned())
            }
        })
    }

    /// Discards input up to and including the next newline, without keeping it.
    fn skip_rest_of_line(&mut self) {
        loop {
            let available = match self.input.fill_buf() {
                Ok([]) => return,
                Ok(available) => available,
                Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                Err(_) => return,
            };
            match available.iter().position(|&byte| byte == b'\n') {
                Some(at) => {
                    self.input.consume(at + 1);
                    return;
                }
                None => {
                    let length = available.len();
                    self.input.consume(length);
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = InputLine;

    fn next(&mut self) -> Option<InputLine> {
        self.next_line()
    }
}

/// `read_until(b'\n')`, retrying when interrupted; `None` when the input cannot be read.
fn read_until_newline(mut input: impl BufRead, buffer: &mut Vec<u8>) -> Option<usize> {
    loop {
        match input.read_until(b'\n', buffer) {
            Ok(read) => return Some(read),
            Err(error) if error.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    fn lines(bytes: &[u8]) -> Vec<InputLine> {
        LineReader::new(bytes).collect()
    }

    fn text(line: &str) -> InputLine {
        InputLine::Text(line.to_string())
    }

    #[test]
    fn lines_lose_their_endings() {
        assert_eq!(
            lines(b"uci\nisready\r\n\nquit"),
            [text("uci"), text("isready"), text(""), text("quit")]
        );
        assert_eq!(lines(b""), []);
    }

    #[test]
    fn invalid_utf8_is_decoded_lossily_and_reading_goes_on() {
        assert_eq!(
            lines(b"isready\n\xff\nd\xc3\n\xc3\xa9\nisready\n"),
            [
                text("isready"),
                InputLine::InvalidUtf8("\u{fffd}".to_string()),
                InputLine::InvalidUtf8("d\u{fffd}".to_string()),
                text("é"),
                text("isready"),
            ]
        );
    }

    #[test]
    fn over_long_lines_are_skipped() {
        let mut bytes = b"isready\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE_BYTES + 5));
        bytes.extend(b"\nquit\n");
        // A small buffer makes the skipping read in many pieces.
        let reader = LineReader::new(BufReader::with_capacity(1000, bytes.as_slice()));
        assert_eq!(
            reader.collect::<Vec<_>>(),
            [text("isready"), InputLine::TooLong, text("quit")]
        );
    }

    #[test]
    fn the_longest_line_is_kept() {
        let mut bytes = vec![b'y'; MAX_LINE_BYTES];
        bytes.extend(b"\r\nstop");
        let read = lines(&bytes);
        assert_eq!(read.len(), 2);
        assert!(matches!(&read[0], InputLine::Text(line) if line.len() == MAX_LINE_BYTES));
        assert_eq!(read[1], text("stop"));
        // One byte more is too long, with or without a line ending.
        for ending in [&b"\n"[..], b"\r\n"] {
            let mut bytes = vec![b'z'; MAX_LINE_BYTES + 1];
            bytes.extend(ending);
            bytes.extend(b"quit");
            assert_eq!(
                lines(&bytes),
                [InputLine::TooLong, text("quit")],
                "{ending:?}"
            );
        }
        assert_eq!(lines(&vec![b'z'; MAX_LINE_BYTES + 1]), [InputLine::TooLong]);
    }
}
