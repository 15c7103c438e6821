//! A Polyglot book looked up where its bytes are stored: the entries stay in the file (or any
//! other seekable source) and each position is found by binary search over the sorted 16-byte
//! entries, so a book of any size costs no memory and opens at once.

use crate::error::BookError;
use crate::polyglot::{key, moves_of, PolyglotEntry};
use crate::Book;
use outpost_board::{Board, Move};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A Polyglot `.bin` book read from any seekable source of its bytes ([`Read`] + [`Seek`]: a
/// file, or a [`std::io::Cursor`] over bytes in memory), one entry at a time, on demand.
///
/// [`PolyglotFile`] is this reader over a file; the reader is what it does, for sources that
/// are not files. The entries must be sorted by key, as Polyglot writes them; unsorted
/// entries give wrong look-ups but never a panic. A read error during a look-up counts as "no
/// book move".
///
/// ```
/// use outpost_board::Board;
/// use outpost_book::{Book, PolyglotBook, PolyglotEntry, PolyglotReader};
/// use std::io::Cursor;
///
/// let board = Board::startpos();
/// let e4 = outpost_movegen::uci::parse_uci_move(&board, "e2e4").unwrap();
/// let bytes = PolyglotBook::from_entries([PolyglotEntry::new(&board, e4, 5)]).to_bytes();
/// let book = PolyglotReader::new(Cursor::new(bytes)).unwrap();
/// assert_eq!(book.len(), 1);
/// assert_eq!(book.moves(&board), vec![(e4, 5)]);
/// ```
pub struct PolyglotReader<R> {
    source: Mutex<R>,
    entries: u64,
}

impl<R> std::fmt::Debug for PolyglotReader<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PolyglotReader")
            .field("entries", &self.entries)
            .finish_non_exhaustive()
    }
}

impl<R: Read + Seek> PolyglotReader<R> {
    /// A book over `source`, checking that it is a non-empty sequence of whole 16-byte
    /// entries (measured by seeking to its end) with a valid first entry. Entries are read
    /// from the source's start.
    pub fn new(mut source: R) -> Result<PolyglotReader<R>, BookError> {
        let read_error = |source| BookError::Read { source };
        let length = source.seek(SeekFrom::End(0)).map_err(read_error)?;
        if length == 0 {
            return Err(BookError::Empty);
        }
        if length % PolyglotEntry::SIZE as u64 != 0 {
            return Err(BookError::Truncated {
                length: usize::try_from(length).unwrap_or(usize::MAX),
            });
        }
        let book = PolyglotReader {
            source: Mutex::new(source),
            entries: length / PolyglotEntry::SIZE as u64,
        };
        let first = book.entry(0).map_err(read_error)?;
        if first.raw_move >> 12 & 7 > 4 {
            return Err(BookError::BadMove {
                entry: 0,
                raw_move: first.raw_move,
            });
        }
        Ok(book)
    }

    /// The number of entries.
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// `true` when the book has no entries (never, for a book that was opened).
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// Entry number `index`, read from the source.
    fn entry(&self, index: u64) -> io::Result<PolyglotEntry> {
        let mut source = self
            .source
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        source.seek(SeekFrom::Start(index * PolyglotEntry::SIZE as u64))?;
        let mut raw = [0; PolyglotEntry::SIZE];
        source.read_exact(&mut raw)?;
        Ok(PolyglotEntry::from_bytes(raw))
    }

    /// The index of the first entry whose key is at least `key` (binary search).
    fn first_at_least(&self, key: u64) -> io::Result<u64> {
        let (mut low, mut high) = (0, self.entries);
        while low < high {
            let middle = low + (high - low) / 2;
            if self.entry(middle)?.key < key {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        Ok(low)
    }

    /// The entries with Polyglot key `key`, in stored order.
    pub fn entries_for(&self, key: u64) -> io::Result<Vec<PolyglotEntry>> {
        let mut found = Vec::new();
        let mut index = self.first_at_least(key)?;
        while index < self.entries {
            let entry = self.entry(index)?;
            if entry.key != key {
                break;
            }
            found.push(entry);
            index += 1;
        }
        Ok(found)
    }
}

impl<R: Read + Seek> Book for PolyglotReader<R> {
    fn moves(&self, board: &Board) -> Vec<(Move, u16)> {
        moves_of(board, &self.entries_for(key(board)).unwrap_or_default())
    }
}

/// A Polyglot `.bin` book read from its file on demand (a [`PolyglotReader`] over the file).
///
/// Only regular files are accepted (not a directory, a device such as `/dev/zero`, or a FIFO
/// that could block forever). The entries must be sorted by key, as Polyglot writes them;
/// an unsorted file gives wrong look-ups but never a panic. A read error during a look-up
/// counts as "no book move".
#[derive(Debug)]
pub struct PolyglotFile {
    path: PathBuf,
    reader: PolyglotReader<File>,
}

impl PolyglotFile {
    /// Opens the book at `path`, checking that it is a regular, non-empty file of whole
    /// 16-byte entries with a valid first entry.
    pub fn open(path: impl AsRef<Path>) -> Result<PolyglotFile, BookError> {
        let path = path.as_ref().to_path_buf();
        let io_error = |source: io::Error| BookError::Io {
            path: path.clone(),
            source,
        };
        // The type is checked before opening: opening a FIFO for reading blocks.
        let metadata = std::fs::metadata(&path).map_err(io_error)?;
        if !metadata.is_file() {
            return Err(BookError::NotAFile { path });
        }
        let file = File::open(&path).map_err(io_error)?;
        let reader = PolyglotReader::new(file).map_err(|error| match error {
            BookError::Read { source } => io_error(source),
            other => other,
        })?;
        Ok(PolyglotFile { path, reader })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The number of entries.
    pub fn len(&self) -> u64 {
        self.reader.len()
    }

    /// `true` when the book has no entries (never, for an opened book).
    pub fn is_empty(&self) -> bool {
        self.reader.is_empty()
    }

    /// The entries with Polyglot key `key`, in file order.
    pub fn entries_for(&self, key: u64) -> io::Result<Vec<PolyglotEntry>> {
        self.reader.entries_for(key)
    }
}

impl Book for PolyglotFile {
    fn moves(&self, board: &Board) -> Vec<(Move, u16)> {
        self.reader.moves(board)
    }
}
