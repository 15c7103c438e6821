//! EPD (Extended Position Description): a position followed by operations, one record a line.
//!
//! A record is the first four FEN fields (placement, side to move, castling, en passant),
//! optionally the two clocks, then operations, each an opcode and its operands ended by `;`:
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;id "Start"
//! 4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id "pawn";
//! ```
//!
//! Both the standard form (`bm e4; id "x";`) and the form of perft files (each operation after
//! a `;`, the last one unterminated) are read. Operands are words, or strings in double quotes
//! that may hold spaces and `;` (the quotes are removed). An opcode is a letter followed by
//! letters, digits and `_`, and appears at most once in a record.
//!
//! ```
//! use outpost_board::{Board, Epd};
//!
//! let epd: Epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;id \"Start\""
//!     .parse()
//!     .unwrap();
//! assert_eq!(epd.board(), &Board::startpos());
//! assert_eq!(epd.id(), Some("Start"));
//! assert_eq!(epd.operation("D2"), Some(&["400".to_string()][..]));
//! assert_eq!(epd.perft_counts().unwrap(), [(1, 20), (2, 400)]);
//! ```

use crate::board::Board;
use crate::fen::FenError;
use std::fmt;
use std::str::FromStr;

/// The deepest perft count (`D<depth>`) that [`Epd::perft_counts`] accepts.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// One operation of an EPD record: `bm Nf3 e4;` has the opcode `bm` and two operands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdOperation {
    /// The opcode, such as `id`, `bm` or `D1`.
    pub opcode: String,
    /// The operands in order, strings without their double quotes.
    pub operands: Vec<String>,
}

/// One EPD record: a position and its operations in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Epd {
    board: Board,
    fen: String,
    operations: Vec<EpdOperation>,
}

/// Why an EPD record could not be read. Columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EpdError {
    /// The position fields are not a valid FEN (fewer than four fields, or a bad field).
    Fen(FenError),
    /// An opcode that is not a letter followed by letters, digits and `_`.
    Opcode {
        /// Where it starts.
        column: usize,
        /// The text found.
        text: String,
    },
    /// A string operand whose opening `"` is never closed.
    UnterminatedString {
        /// Where the string starts.
        column: usize,
    },
    /// An opcode that appears twice in the record.
    DuplicateOpcode {
        /// Where the second one starts.
        column: usize,
        /// The opcode.
        opcode: String,
    },
    /// The record has no perft count (`D<depth> <count>`).
    NoPerftCounts,
    /// A `D<depth>` opcode whose depth is not a number from 1 to [`MAX_PERFT_DEPTH`].
    PerftDepth {
        /// The opcode.
        opcode: String,
    },
    /// A `D<depth>` operation without a single whole-number operand.
    PerftCount {
        /// The opcode.
        opcode: String,
        /// Its operands, joined by spaces.
        operands: String,
    },
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::Fen(error) => write!(f, "bad position: {error}"),
            EpdError::Opcode { column, text } => write!(
                f,
                "column {column}: '{text}' is not an opcode (a letter followed by letters, \
                 digits and '_')"
            ),
            EpdError::UnterminatedString { column } => {
                write!(
                    f,
                    "column {column}: a string opened with '\"' is never closed"
                )
            }
            EpdError::DuplicateOpcode { column, opcode } => {
                write!(f, "column {column}: the opcode '{opcode}' appears twice")
            }
            EpdError::NoPerftCounts => write!(
                f,
                "no perft counts (expected operations like ';D1 20 ;D2 400' after the position)"
            ),
            EpdError::PerftDepth { opcode } => write!(
                f,
                "'{opcode}' is not a perft depth 'D1' to 'D{MAX_PERFT_DEPTH}'"
            ),
            EpdError::PerftCount { opcode, operands } => write!(
                f,
                "'{opcode} {operands}': a perft count is one whole number"
            ),
        }
    }
}

impl std::error::Error for EpdError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EpdError::Fen(error) => Some(error),
            _ => None,
        }
    }
}

impl From<FenError> for EpdError {
    fn from(error: FenError) -> EpdError {
        EpdError::Fen(error)
    }
}

impl Epd {
    /// Reads one EPD record (the whole line; surrounding white space is ignored).
    pub fn parse(line: &str) -> Result<Epd, EpdError> {
        let mut scanner = Scanner::new(line);
        let fen = scanner.position_fields();
        let board = Board::from_fen(&fen)?;
        let mut operations: Vec<EpdOperation> = Vec::new();
        while let Some((column, operation)) = scanner.operation()? {
            if operations.iter().any(|op| op.opcode == operation.opcode) {
                return Err(EpdError::DuplicateOpcode {
                    column,
                    opcode: operation.opcode,
                });
            }
            operations.push(operation);
        }
        Ok(Epd {
            board,
            fen,
            operations,
        })
    }

    /// The position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position fields as written (four or six), separated by single spaces.
    pub fn fen(&self) -> &str {
        &self.fen
    }

    /// Every operation, in the order written.
    pub fn operations(&self) -> &[EpdOperation] {
        &self.operations
    }

    /// The operands of the operation `opcode` (case-sensitive), if the record has it.
    pub fn operation(&self, opcode: &str) -> Option<&[String]> {
        self.operations
            .iter()
            .find(|op| op.opcode == opcode)
            .map(|op| op.operands.as_slice())
    }

    /// The first operand of the `id` operation: the name of the position.
    pub fn id(&self) -> Option<&str> {
        self.operation("id")?.first().map(String::as_str)
    }

    /// The perft counts of the `D<depth> <count>` operations as `(depth, count)`, by
    /// increasing depth. Fails if there are none, or if one is not a depth from 1 to
    /// [`MAX_PERFT_DEPTH`] with a single whole-number count.
    pub fn perft_counts(&self) -> Result<Vec<(u32, u64)>, EpdError> {
        let mut counts = Vec::new();
        for op in &self.operations {
            let Some(digits) = op.opcode.strip_prefix('D') else {
                continue;
            };
            let depth = parse_digits::<u32>(digits)
                .filter(|depth| (1..=MAX_PERFT_DEPTH).contains(depth))
                .ok_or_else(|| EpdError::PerftDepth {
                    opcode: op.opcode.clone(),
                })?;
            let count = match op.operands.as_slice() {
                [count] => parse_digits::<u64>(count),
                _ => None,
            }
            .ok_or_else(|| EpdError::PerftCount {
                opcode: op.opcode.clone(),
                operands: op.operands.join(" "),
            })?;
            counts.push((depth, count));
        }
        if counts.is_empty() {
            return Err(EpdError::NoPerftCounts);
        }
        counts.sort_unstable();
        Ok(counts)
    }
}

impl FromStr for Epd {
    type Err = EpdError;

    fn from_str(line: &str) -> Result<Epd, EpdError> {
        Epd::parse(line)
    }
}

/// `text` as a number if it is made of ASCII digits only (no sign, no spaces).
fn parse_digits<T: FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A record of an EPD file and the line it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdLine {
    /// The line, counted from 1.
    pub line: usize,
    /// The record.
    pub epd: Epd,
}

/// An EPD record that could not be read, and the line it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdFileError {
    /// The line, counted from 1.
    pub line: usize,
    /// What was wrong with it.
    pub error: EpdError,
}

impl fmt::Display for EpdFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for EpdFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Reads every record of the text of an EPD file, one a line. Blank lines and lines starting
/// with `#` are skipped (and a byte order mark at the start); any other line that is not a
/// valid record is an error naming the line, never skipped.
///
/// ```
/// use outpost_board::read_epd;
///
/// let good = "# perft\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15\n\n";
/// let records = read_epd(good).unwrap();
/// assert_eq!(records[0].line, 2);
/// assert_eq!(records[0].epd.perft_counts().unwrap(), [(1, 15)]);
///
/// let error = read_epd(&format!("{good}nonsense ;D1 20\n")).unwrap_err();
/// assert_eq!(error.line, 4);
/// assert!(error.to_string().starts_with("line 4: bad position"));
/// ```
pub fn read_epd(text: &str) -> Result<Vec<EpdLine>, EpdFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let line = index + 1;
        let epd = Epd::parse(trimmed).map_err(|error| EpdFileError { line, error })?;
        records.push(EpdLine { line, epd });
    }
    Ok(records)
}

/// Walks through a record: the position fields, then the operations.
struct Scanner<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    line: &'a str,
}

impl<'a> Scanner<'a> {
    fn new(line: &'a str) -> Scanner<'a> {
        Scanner {
            chars: line.char_indices().peekable(),
            line,
        }
    }

    /// The column (from 1) of the next character.
    fn column(&mut self) -> usize {
        let offset = self.chars.peek().map_or(self.line.len(), |&(at, _)| at);
        self.line[..offset].chars().count() + 1
    }

    fn skip_while(&mut self, skip: impl Fn(char) -> bool) {
        while self.chars.next_if(|&(_, c)| skip(c)).is_some() {}
    }

    /// The next run of characters that are neither white space nor `;`.
    fn word(&mut self) -> &'a str {
        self.skip_while(char::is_whitespace);
        let start = self.chars.peek().map_or(self.line.len(), |&(at, _)| at);
        self.skip_while(|c| !c.is_whitespace() && c != ';');
        let end = self.chars.peek().map_or(self.line.len(), |&(at, _)| at);
        &self.line[start..end]
    }

    /// The word after the white space ahead, without moving past it.
    fn peek_word(&self) -> &'a str {
        let rest = match self.chars.clone().next() {
            Some((at, _)) => &self.line[at..],
            None => "",
        };
        let rest = rest.trim_start();
        let end = rest
            .find(|c: char| c.is_whitespace() || c == ';')
            .unwrap_or(rest.len());
        &rest[..end]
    }

    /// The four position fields, and the two clocks when the next word is a number, as one
    /// FEN (which may be incomplete: the FEN parser then says what is missing).
    fn position_fields(&mut self) -> String {
        let mut fields = Vec::with_capacity(6);
        for _ in 0..4 {
            let word = self.word();
            if word.is_empty() {
                break;
            }
            fields.push(word);
        }
        if fields.len() == 4 && parse_digits::<u64>(self.peek_word()).is_some() {
            fields.push(self.word());
            fields.push(self.word());
        }
        fields.retain(|field| !field.is_empty());
        fields.join(" ")
    }

    /// The next operation and the column where it starts; `None` at the end of the line.
    fn operation(&mut self) -> Result<Option<(usize, EpdOperation)>, EpdError> {
        self.skip_while(|c| c.is_whitespace() || c == ';');
        if self.chars.peek().is_none() {
            return Ok(None);
        }
        let column = self.column();
        let opcode = self.word();
        let mut letters = opcode.chars();
        let valid = letters.next().is_some_and(|c| c.is_ascii_alphabetic())
            && letters.all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            // A word that is not an opcode, or a string where an opcode should be.
            let text = if opcode.is_empty() {
                self.peek_word()
            } else {
                opcode
            };
            return Err(EpdError::Opcode {
                column,
                text: text.to_string(),
            });
        }
        let mut operands = Vec::new();
        loop {
            self.skip_while(char::is_whitespace);
            match self.chars.peek() {
                None => break,
                Some(&(_, ';')) => {
                    self.chars.next();
                    break;
                }
                Some(&(_, '"')) => operands.push(self.string()?),
                Some(_) => operands.push(self.word().to_string()),
            }
        }
        Ok(Some((
            column,
            EpdOperation {
                opcode: opcode.to_string(),
                operands,
            },
        )))
    }

    /// A string operand, the next character being its opening `"`; returned without quotes.
    fn string(&mut self) -> Result<String, EpdError> {
        let column = self.column();
        self.chars.next();
        let mut text = String::new();
        loop {
            match self.chars.next() {
                None => return Err(EpdError::UnterminatedString { column }),
                Some((_, '"')) => return Ok(text),
                Some((_, c)) => text.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

    fn op(opcode: &str, operands: &[&str]) -> EpdOperation {
        EpdOperation {
            opcode: opcode.to_string(),
            operands: operands
                .iter()
                .map(std::string::ToString::to_string)
                .collect(),
        }
    }

    fn error(line: &str) -> EpdError {
        Epd::parse(line).expect_err(line)
    }

    #[test]
    fn reads_the_perft_file_form() {
        let epd = Epd::parse(&format!(
            "{START} 0 1 ;D1 20 ;D2 400 ;D3 8902 ;id \"Start\""
        ))
        .unwrap();
        assert_eq!(epd.board(), &Board::startpos());
        assert_eq!(epd.fen(), Board::STARTPOS_FEN);
        assert_eq!(
            epd.operations(),
            [
                op("D1", &["20"]),
                op("D2", &["400"]),
                op("D3", &["8902"]),
                op("id", &["Start"])
            ]
        );
        assert_eq!(epd.id(), Some("Start"));
        assert_eq!(epd.perft_counts().unwrap(), [(1, 20), (2, 400), (3, 8902)]);
    }

    #[test]
    fn reads_the_standard_form_with_four_fields() {
        let epd: Epd = "4k3/8/8/8/8/8/4P3/4K3 w - - bm e4 e3; id \"two; moves\"; c0 ;"
            .parse()
            .unwrap();
        assert_eq!(epd.fen(), "4k3/8/8/8/8/8/4P3/4K3 w - -");
        assert_eq!(epd.board().to_fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert_eq!(
            epd.operations(),
            [
                op("bm", &["e4", "e3"]),
                op("id", &["two; moves"]),
                op("c0", &[])
            ]
        );
        assert_eq!(epd.operation("bm"), Some(&["e4".into(), "e3".into()][..]));
        assert_eq!(epd.operation("am"), None);
        assert_eq!(epd.perft_counts(), Err(EpdError::NoPerftCounts));
    }

    #[test]
    fn reads_a_bare_fen_and_sorts_perft_depths() {
        let epd = Epd::parse(&format!("  {START} 3 20  ")).unwrap();
        assert_eq!(epd.board().halfmove_clock(), 3);
        assert!(epd.operations().is_empty());
        let epd = Epd::parse(&format!("{START};D2 400;D1 20")).unwrap();
        assert_eq!(epd.perft_counts().unwrap(), [(1, 20), (2, 400)]);
    }

    #[test]
    fn every_error_says_what_and_where() {
        assert_eq!(error(""), EpdError::Fen(FenError::FieldCount { found: 0 }));
        assert_eq!(
            error(";D1 20"),
            EpdError::Fen(FenError::FieldCount { found: 0 })
        );
        assert_eq!(
            error("8/8/8/8/8/8/8/8 w ;D1 20"),
            EpdError::Fen(FenError::FieldCount { found: 2 })
        );
        assert!(matches!(error("nonsense w - - ;D1 20"), EpdError::Fen(_)));
        assert_eq!(
            error(&format!("{START} 0 ;D1 20")),
            EpdError::Fen(FenError::FieldCount { found: 5 })
        );
        assert_eq!(
            error(&format!("{START} ;D1 20 ;1x 3")),
            EpdError::Opcode {
                column: START.len() + 10,
                text: "1x".into()
            }
        );
        assert_eq!(
            error(&format!("{START} ;\"id\" x")),
            EpdError::Opcode {
                column: START.len() + 3,
                text: "\"id\"".into()
            }
        );
        assert_eq!(
            error(&format!("{START} ;id \"Start")),
            EpdError::UnterminatedString {
                column: START.len() + 6
            }
        );
        assert_eq!(
            error(&format!("{START} ;D1 20 ;D1 20")),
            EpdError::DuplicateOpcode {
                column: START.len() + 10,
                opcode: "D1".into()
            }
        );
        assert!(matches!(
            error(&format!("{START} ;D-1 1")),
            EpdError::Opcode { .. }
        ));
        let counts = |ops: &str| {
            Epd::parse(&format!("{START} {ops}"))
                .unwrap()
                .perft_counts()
                .unwrap_err()
        };
        assert_eq!(counts("id \"x\""), EpdError::NoPerftCounts);
        for bad in ["D0 1", "D21 1", "Dx 1", "D 1", "D1x 1"] {
            assert!(matches!(counts(bad), EpdError::PerftDepth { .. }), "{bad}");
        }
        for bad in [
            "D1",
            "D1 twenty",
            "D1 -20",
            "D1 1 2",
            "D1 99999999999999999999999",
        ] {
            assert!(matches!(counts(bad), EpdError::PerftCount { .. }), "{bad}");
        }
    }

    #[test]
    fn errors_display_and_chain() {
        let fen = error("8/8 w - -");
        assert!(fen.to_string().starts_with("bad position: "), "{fen}");
        assert!(std::error::Error::source(&fen).is_some());
        let file = read_epd(&format!("{START} ;D1 20\n\n{START} ;id \"x")).unwrap_err();
        assert_eq!(file.line, 3);
        assert_eq!(
            file.to_string(),
            format!(
                "line 3: column {}: a string opened with '\"' is never closed",
                START.len() + 6
            )
        );
        assert!(std::error::Error::source(&file).is_some());
        for error in [
            EpdError::NoPerftCounts,
            EpdError::PerftDepth {
                opcode: "D0".into(),
            },
            EpdError::PerftCount {
                opcode: "D1".into(),
                operands: "x".into(),
            },
            EpdError::DuplicateOpcode {
                column: 3,
                opcode: "id".into(),
            },
        ] {
            assert!(!error.to_string().is_empty());
            assert!(std::error::Error::source(&error).is_none());
        }
    }

    #[test]
    fn files_skip_blank_and_comment_lines_only() {
        let text = format!("\u{feff}# counts\n\n{START} ;D1 20\r\n  # more\n{START} 5 9\n");
        let records = read_epd(&text).unwrap();
        let lines: Vec<usize> = records.iter().map(|record| record.line).collect();
        assert_eq!(lines, [3, 5]);
        assert_eq!(records[1].epd.board().fullmove_number(), 9);
        assert_eq!(read_epd("").unwrap(), []);
        let error = read_epd(&format!("{START}\nnot epd\n")).unwrap_err();
        assert_eq!(error.line, 2);
    }

    #[test]
    fn garbage_is_an_error_with_a_message() {
        // Broken positions: each is refused as a bad FEN, and says so.
        for line in [
            "\"",
            ";",
            ";;;",
            "\u{e9}",
            "a b c d \"",
            "a b c d ;\u{e9}",
            "8/8 w - - 1",
            "x x x x 1 2 3 ;",
        ] {
            let error = Epd::parse(line).expect_err(line);
            assert!(matches!(error, EpdError::Fen(_)), "{line:?}: {error:?}");
            assert!(
                error.to_string().starts_with("bad position: "),
                "{line:?}: {error}"
            );
        }
        // Broken operations after a good position: each error points into the line.
        for operations in [
            ";\"",
            ";\u{e9}",
            ";1x",
            "; id \"a",
            ";id a;id b",
            ";bm Nf3 \"e4",
        ] {
            let line = format!("{START} {operations}");
            let error = Epd::parse(&line).expect_err(&line);
            let column = match &error {
                EpdError::Opcode { column, .. }
                | EpdError::UnterminatedString { column }
                | EpdError::DuplicateOpcode { column, .. } => *column,
                other => panic!("{line:?}: {other:?}"),
            };
            assert!(
                column > START.len() && column <= line.chars().count(),
                "{line:?}: {error}"
            );
            assert!(
                error.to_string().starts_with(&format!("column {column}: ")),
                "{error}"
            );
        }
    }
}
