//! The Polyglot opening-book format: keys, moves, entries and [`PolyglotBook`].
//!
//! A Polyglot `.bin` book is a sequence of 16-byte entries, all numbers big-endian:
//!
//! | bytes | field | meaning |
//! |---|---|---|
//! | 0–7 | key | Polyglot Zobrist key of the position ([`key`]) |
//! | 8–9 | move | the move ([`encode_move`], [`decode_move`]) |
//! | 10–11 | weight | how often to play it, relative to the position's other moves |
//! | 12–15 | learn | learning data, unused by Outpost (kept as read) |
//!
//! Entries are sorted by key, so that all the moves of a position stand together and are found
//! by binary search.
//!
//! ```
//! use outpost_board::Board;
//! use outpost_book::polyglot;
//!
//! assert_eq!(polyglot::key(&Board::startpos()), 0x463b96181691fc9c);
//! ```

use crate::error::BookError;
use crate::polyglot_keys::RANDOM64;
use crate::{merge_and_sort, Book};
use outpost_board::{Board, CastleSide, Color, Move, PieceKind, Square, Variant, CASTLE_SIDES};
use outpost_movegen::legal_moves;
use std::path::Path;

/// Index of the first castling key in the Random64 array (white short; then white long, black
/// short, black long).
const CASTLING_OFFSET: usize = 768;
/// Index of the en passant key of file a (files b to h follow).
const EN_PASSANT_OFFSET: usize = 772;
/// Index of the key XORed in when white is to move.
const TURN_OFFSET: usize = 780;

/// Polyglot's piece number: black pawn 0, white pawn 1, black knight 2, … white king 11.
fn piece_number(color: Color, kind: PieceKind) -> usize {
    // Outpost's kinds are numbered as Polyglot's: pawn, knight, bishop, rook, queen, king.
    kind.index() * 2 + usize::from(color == Color::White)
}

/// The Polyglot key of a position, as the format defines it (not Outpost's search hash):
/// the XOR of
///
/// - `Random64[64 * piece + square]` for each piece, with pieces numbered black pawn 0, white
///   pawn 1, black knight 2, … white king 11 and squares a1 = 0 … h8 = 63;
/// - `Random64[768..772]` for each castling right held: white short, white long, black short,
///   black long;
/// - `Random64[772 + file]` for the en passant file, only when a pawn of the side to move
///   stands beside the pawn that has just made a double push, ready to capture it (whether
///   the capture would be legal does not matter);
/// - `Random64[780]` when white is to move.
///
/// Polyglot books hold standard chess only: a Chess Fragments position has key 0, which no
/// book position has (a key of 0 would need the XOR of its keys to vanish).
pub fn key(board: &Board) -> u64 {
    if board.variant() != Variant::Chess {
        return 0;
    }
    let mut key = 0;
    for square in board.occupied() {
        if let Some(piece) = board.piece_at(square) {
            key ^= RANDOM64[64 * piece_number(piece.color(), piece.kind()) + square.index()];
        }
    }
    let rights = board.castling_rights();
    for (index, side) in CASTLE_SIDES.iter().enumerate() {
        if rights.contains(side.right) {
            key ^= RANDOM64[CASTLING_OFFSET + index];
        }
    }
    if let Some(square) = board.en_passant() {
        if pawn_beside(board, square) {
            key ^= RANDOM64[EN_PASSANT_OFFSET + square.file().index()];
        }
    }
    if board.side_to_move() == Color::White {
        key ^= RANDOM64[TURN_OFFSET];
    }
    key
}

/// `true` when a pawn of the side to move stands beside the pawn that skipped `target`: on the
/// pawn's rank, on an adjacent file.
fn pawn_beside(board: &Board, target: Square) -> bool {
    let us = board.side_to_move();
    // The pawn that made the double push stands one rank past `target`, seen from its side.
    let Some(pushed) = target.offset(-us.forward()) else {
        return false;
    };
    let pawns = board.pieces_of(us, PieceKind::Pawn);
    let file = pushed.file().index();
    [file.checked_sub(1), (file < 7).then_some(file + 1)]
        .into_iter()
        .flatten()
        .any(|beside| pawns.contains(Square::from_index(pushed.index() - file + beside)))
}

/// Polyglot's promotion codes: none 0, knight 1, bishop 2, rook 3, queen 4.
fn promotion_code(kind: Option<PieceKind>) -> u16 {
    match kind {
        Some(PieceKind::Knight) => 1,
        Some(PieceKind::Bishop) => 2,
        Some(PieceKind::Rook) => 3,
        Some(PieceKind::Queen) => 4,
        // No promotion, or to a piece Polyglot has no code for (the Right).
        _ => 0,
    }
}

fn promotion_kind(code: u16) -> Option<PieceKind> {
    match code {
        1 => Some(PieceKind::Knight),
        2 => Some(PieceKind::Bishop),
        3 => Some(PieceKind::Rook),
        4 => Some(PieceKind::Queen),
        _ => None,
    }
}

/// `mv` in Polyglot's encoding: to-file in bits 0–2, to-rank 3–5, from-file 6–8, from-rank
/// 9–11, promotion 12–14 (none 0, knight 1, bishop 2, rook 3, queen 4). Castling is written as
/// the king taking its own rook: `e1h1`, `e1a1`, `e8h8`, `e8a8`.
pub fn encode_move(mv: Move) -> u16 {
    let to = match (mv.is_castle(), CastleSide::by_king_target(mv.to())) {
        (true, Some(side)) => side.rook_from,
        _ => mv.to(),
    };
    to.index() as u16 | (mv.from().index() as u16) << 6 | promotion_code(mv.promotion_piece()) << 12
}

/// The legal move of `board` that the Polyglot move `raw` stands for, or `None` if it stands
/// for none (a corrupt entry, or a key collision with another position).
///
/// Castling written as king-takes-rook (`e1h1`) becomes Outpost's king move (`e1g1`); the
/// king move itself is accepted too. The board is unchanged afterwards.
pub fn decode_move(board: &Board, raw: u16) -> Option<Move> {
    let legal = legal_moves(board);
    decode_among(board, raw, &legal)
}

/// [`decode_move`] with the legal moves already known.
fn decode_among(board: &Board, raw: u16, legal: &[Move]) -> Option<Move> {
    let from = Square::from_index(usize::from(raw >> 6 & 63));
    let mut to = Square::from_index(usize::from(raw & 63));
    let code = raw >> 12 & 7;
    if code > 4 {
        return None;
    }
    let promotion = promotion_kind(code);
    let king_moves = board
        .piece_at(from)
        .is_some_and(|piece| piece.kind() == PieceKind::King);
    if king_moves {
        if let Some(side) = CASTLE_SIDES
            .iter()
            .find(|side| side.king_from == from && side.rook_from == to)
        {
            to = side.king_to;
        }
    }
    legal
        .iter()
        .copied()
        .find(|mv| mv.from() == from && mv.to() == to && mv.promotion_piece() == promotion)
}

/// One 16-byte entry of a Polyglot book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PolyglotEntry {
    /// The Polyglot key of the position ([`key`]).
    pub key: u64,
    /// The move in Polyglot's encoding ([`encode_move`]).
    pub raw_move: u16,
    /// How often to play the move, relative to the position's other moves.
    pub weight: u16,
    /// Learning data; Outpost keeps it as read and does not use it.
    pub learn: u32,
}

impl PolyglotEntry {
    /// The size of an entry in a book file, in bytes.
    pub const SIZE: usize = 16;

    /// The entry for playing `mv` in `board` with `weight` (and learn value 0).
    pub fn new(board: &Board, mv: Move, weight: u16) -> PolyglotEntry {
        PolyglotEntry {
            key: key(board),
            raw_move: encode_move(mv),
            weight,
            learn: 0,
        }
    }

    /// The entry stored in `bytes` (big-endian, as in a book file).
    pub fn from_bytes(bytes: [u8; 16]) -> PolyglotEntry {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = bytes;
        PolyglotEntry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    /// The entry as stored in a book file (big-endian).
    pub fn to_bytes(self) -> [u8; 16] {
        let mut bytes = [0; 16];
        bytes[0..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..16].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }
}

/// A Polyglot opening book held in memory, its entries sorted by key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolyglotBook {
    entries: Vec<PolyglotEntry>,
}

impl PolyglotBook {
    /// Reads the book file at `path` whole.
    pub fn open(path: impl AsRef<Path>) -> Result<PolyglotBook, BookError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| BookError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        PolyglotBook::from_bytes(&bytes)
    }

    /// Reads a book from the bytes of a `.bin` file. The bytes must be a non-empty sequence of
    /// whole 16-byte entries, sorted by key, with valid promotion codes.
    pub fn from_bytes(bytes: &[u8]) -> Result<PolyglotBook, BookError> {
        if bytes.is_empty() {
            return Err(BookError::Empty);
        }
        if !bytes.len().is_multiple_of(PolyglotEntry::SIZE) {
            return Err(BookError::Truncated {
                length: bytes.len(),
            });
        }
        let mut entries = Vec::with_capacity(bytes.len() / PolyglotEntry::SIZE);
        for (index, chunk) in bytes.chunks_exact(PolyglotEntry::SIZE).enumerate() {
            let mut raw = [0; 16];
            raw.copy_from_slice(chunk);
            let entry = PolyglotEntry::from_bytes(raw);
            if entries
                .last()
                .is_some_and(|previous: &PolyglotEntry| previous.key > entry.key)
            {
                return Err(BookError::Unsorted { entry: index });
            }
            if entry.raw_move >> 12 & 7 > 4 {
                return Err(BookError::BadMove {
                    entry: index,
                    raw_move: entry.raw_move,
                });
            }
            entries.push(entry);
        }
        Ok(PolyglotBook { entries })
    }

    /// A book of `entries`, sorted by key (entries of the same key keep their order).
    pub fn from_entries(entries: impl IntoIterator<Item = PolyglotEntry>) -> PolyglotBook {
        let mut entries: Vec<PolyglotEntry> = entries.into_iter().collect();
        entries.sort_by_key(|entry| entry.key);
        PolyglotBook { entries }
    }

    /// The book as the bytes of a `.bin` file.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.entries
            .iter()
            .flat_map(|entry| entry.to_bytes())
            .collect()
    }

    /// All entries, sorted by key.
    pub fn entries(&self) -> &[PolyglotEntry] {
        &self.entries
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// `true` when the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries with Polyglot key `key`, in file order (found by binary search).
    pub fn entries_for(&self, key: u64) -> &[PolyglotEntry] {
        let start = self.entries.partition_point(|entry| entry.key < key);
        let end = start + self.entries[start..].partition_point(|entry| entry.key == key);
        &self.entries[start..end]
    }
}

impl Book for PolyglotBook {
    fn moves(&self, board: &Board) -> Vec<(Move, u16)> {
        moves_of(board, self.entries_for(key(board)))
    }
}

/// The legal moves of `board` among its book `entries`, merged and ordered by weight.
pub(crate) fn moves_of(board: &Board, entries: &[PolyglotEntry]) -> Vec<(Move, u16)> {
    if entries.is_empty() {
        return Vec::new();
    }
    let legal = legal_moves(board);
    merge_and_sort(entries.iter().filter_map(|entry| {
        decode_among(board, entry.raw_move, &legal).map(|mv| (mv, entry.weight))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::CastlingRights;

    #[test]
    fn castling_order_matches_outpost_sides() {
        // `key` walks CASTLE_SIDES in order: it must be Polyglot's (K, Q, k, q).
        let polyglot_order = [
            CastlingRights::WHITE_KING_SIDE,
            CastlingRights::WHITE_QUEEN_SIDE,
            CastlingRights::BLACK_KING_SIDE,
            CastlingRights::BLACK_QUEEN_SIDE,
        ];
        for (side, right) in CASTLE_SIDES.iter().zip(polyglot_order) {
            assert_eq!(side.right, right);
        }
    }

    #[test]
    fn random64_checksum() {
        // XOR and wrapping sum of all 781 constants, computed with python-chess.
        let xor = RANDOM64.iter().fold(0, |a, &b| a ^ b);
        let sum = RANDOM64.iter().fold(0u64, |a, &b| a.wrapping_add(b));
        assert_eq!(xor, 0xeaa4dc0dd06542b6);
        assert_eq!(sum, 0xb87537615dbe2812);
        assert_eq!(RANDOM64[0], 0x9D39247E33776D41);
        assert_eq!(RANDOM64[780], 0xF8D626AAAF278509);
    }

    #[test]
    fn pawn_beside_follows_polyglot() {
        // After 1.e4 no black pawn stands beside e4.
        let board: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
            .parse()
            .unwrap();
        assert!(!pawn_beside(&board, Square::E3));
        // A black pawn on d4 beside a white pawn that went c2c4 (even if pinned).
        let board: Board = "4k3/8/8/8/2Pp4/8/8/4K3 b - c3 0 1".parse().unwrap();
        assert!(pawn_beside(&board, Square::C3));
        // White pawns on g5 beside h5 (edge file), and not a5 beside h5.
        let board: Board = "4k3/8/8/6Pp/8/8/8/4K3 w - h6 0 1".parse().unwrap();
        assert!(pawn_beside(&board, Square::H6));
        let board: Board = "4k3/8/8/P6p/8/8/8/4K3 w - h6 0 1".parse().unwrap();
        assert!(!pawn_beside(&board, Square::H6));
    }
}
