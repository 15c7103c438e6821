//! The engine's opening book: the `OwnBook` and `BookFile` options.

use outpost_board::{Board, Move};
use outpost_book::{choose_weighted, Book, BuiltinBook, PolyglotFile};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{SystemTime, UNIX_EPOCH};

/// What `BookFile` names: a Polyglot book, or the built-in book when empty.
enum Loaded {
    /// Not read yet (`OwnBook` is off, or `BookFile` just changed).
    NotYet,
    /// Read and ready.
    Ready(Box<dyn Book + Send + Sync>),
    /// The file could not be read; the engine plays without a book until `BookFile` changes.
    Unavailable,
}

/// The opening book the engine plays from when `OwnBook` is on.
pub(crate) struct EngineBook {
    /// `BookFile`: a path to a Polyglot book; empty for the built-in book.
    file: String,
    loaded: Loaded,
    rng: ChaCha8Rng,
}

/// A book move chosen for `go`.
pub(crate) struct BookMove {
    pub(crate) mv: Move,
    pub(crate) weight: u16,
    pub(crate) total: u32,
}

impl EngineBook {
    /// The built-in book, not read yet, with a random generator seeded from the clock and the
    /// process, so that games differ.
    pub(crate) fn new() -> EngineBook {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos() as u64);
        let seed = nanos ^ u64::from(std::process::id()).rotate_left(32);
        EngineBook {
            file: String::new(),
            loaded: Loaded::NotYet,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Restarts the random generator from `seed`.
    pub(crate) fn seed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    /// Sets `BookFile` (empty for the built-in book). The book is read by the next
    /// [`EngineBook::load`].
    pub(crate) fn set_file(&mut self, file: String) {
        if file != self.file || matches!(self.loaded, Loaded::Unavailable) {
            self.file = file;
            self.loaded = Loaded::NotYet;
        }
    }

    /// Reads the book if it has not been read yet. Returns a message for `info string`: how
    /// many entries a Polyglot book has, or why it could not be read.
    pub(crate) fn load(&mut self) -> Option<String> {
        if !matches!(self.loaded, Loaded::NotYet) {
            return None;
        }
        if self.file.is_empty() {
            self.loaded = Loaded::Ready(Box::new(BuiltinBook));
            return None;
        }
        match PolyglotFile::open(&self.file) {
            Ok(book) => {
                let message = format!("BookFile {}: {} entries", self.file, book.len());
                self.loaded = Loaded::Ready(Box::new(book));
                Some(message)
            }
            Err(error) => {
                self.loaded = Loaded::Unavailable;
                Some(format!(
                    "BookFile {}: {error}; playing without a book",
                    self.file
                ))
            }
        }
    }

    /// A book move for `board`, chosen by weight; only one of `search_moves` unless that is
    /// empty. `None` when the book is not loaded or has no move here.
    pub(crate) fn choose(&mut self, board: &Board, search_moves: &[Move]) -> Option<BookMove> {
        let Loaded::Ready(book) = &self.loaded else {
            return None;
        };
        let mut moves = book.moves(board);
        if !search_moves.is_empty() {
            moves.retain(|(mv, _)| search_moves.contains(mv));
        }
        let mv = choose_weighted(&moves, &mut self.rng)?;
        let weight = moves
            .iter()
            .find(|&&(known, _)| known == mv)
            .map_or(0, |&(_, weight)| weight);
        let total = moves.iter().map(|&(_, weight)| u32::from(weight)).sum();
        Some(BookMove { mv, weight, total })
    }
}
