//! Why a Polyglot book could not be read.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why a Polyglot book could not be read. Reading a book never panics: a file that is missing,
/// empty, cut short, unsorted or holds an impossible move gives one of these.
#[derive(Debug)]
#[non_exhaustive]
pub enum BookError {
    /// The file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        source: io::Error,
    },
    /// The book's bytes could not be read from their source: a
    /// [`PolyglotReader`](crate::PolyglotReader) that is not over a file (a file's errors are
    /// [`BookError::Io`], with its path).
    Read {
        /// What the source said.
        source: io::Error,
    },
    /// The path is not a regular file (a directory, a device, a FIFO, …).
    NotAFile {
        /// The path.
        path: PathBuf,
    },
    /// The book has no entries at all.
    Empty,
    /// The length is not a multiple of the 16-byte entry size: the file is cut short or is not
    /// a Polyglot book.
    Truncated {
        /// The length in bytes.
        length: usize,
    },
    /// An entry's key is smaller than the key before it; Polyglot books are sorted by key so
    /// that positions can be found by binary search.
    Unsorted {
        /// The entry's number, counting from 0.
        entry: usize,
    },
    /// An entry's move has a promotion code outside 0 (none) to 4 (queen).
    BadMove {
        /// The entry's number, counting from 0.
        entry: usize,
        /// The move as stored.
        raw_move: u16,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io { path, source } => {
                write!(f, "cannot read book file '{}': {source}", path.display())
            }
            BookError::Read { source } => write!(f, "cannot read the book: {source}"),
            BookError::NotAFile { path } => {
                write!(f, "{} is not a regular file", path.display())
            }
            BookError::Empty => {
                f.write_str("the book is empty (a Polyglot book has 16-byte entries)")
            }
            BookError::Truncated { length } => write!(
                f,
                "the book is {length} bytes long, not a multiple of the 16-byte Polyglot entry \
                 (the last entry, at byte {}, is cut short; is this a Polyglot .bin book?)",
                length - length % 16
            ),
            BookError::Unsorted { entry } => write!(
                f,
                "entry {entry} (at byte {}) has a smaller key than the entry before it; \
                 a Polyglot book must be sorted by key",
                entry * 16
            ),
            BookError::BadMove { entry, raw_move } => write!(
                f,
                "entry {entry} (at byte {}) holds move {raw_move:#06x} with promotion code {}, \
                 outside 0 (none) to 4 (queen)",
                entry * 16,
                raw_move >> 12 & 7
            ),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Io { source, .. } | BookError::Read { source } => Some(source),
            _ => None,
        }
    }
}
