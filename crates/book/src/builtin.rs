//! A small built-in book of main lines, written in SAN.

use crate::{merge_and_sort, Book};
use once_cell::sync::Lazy;
use outpost_board::{Board, Move};
use outpost_movegen::legal_moves;
use outpost_movegen::san::parse_san;
use std::collections::HashMap;

/// The lines of the built-in book, one a line, in SAN from the start position. A move's weight
/// in a position is the number of lines that play it there (lines that transpose count
/// together), so the more lines start with a move, the more often it is chosen.
const LINES: &str = "\
e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7
e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O
e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6
e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6
e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7
e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6
e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5
e4 e5 Nf3 d6 d4 Nf6 Nc3 Nbd7
e4 e5 Nc3 Nf6 f4 d5
e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6
e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6
e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6
e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5
e4 c5 Nf3 Nc6 Bb5 g6 O-O Bg7
e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nc3 Qc7
e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6 Bd3 Nf6
e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7
e4 c5 c3 Nf6 e5 Nd5 d4 cxd4
e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7
e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+ bxc3
e4 e6 d4 d5 Nd2 Nf6 e5 Nfd7
e4 e6 d4 d5 e5 c5 c3 Nc6 Nf3 Qb6
e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6
e4 c6 d4 d5 e5 Bf5 Nf3 e6
e4 c6 d4 d5 exd5 cxd5 c4 Nf6 Nc3
e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6
e4 d6 d4 Nf6 Nc3 g6 f4 Bg7 Nf3
e4 g6 d4 Bg7 Nc3 d6
e4 Nf6 e5 Nd5 d4 d6 Nf3 g6
d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O
d4 d5 c4 e6 Nf3 Nf6 g3 Be7 Bg2 O-O
d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5
d4 d5 c4 c6 Nf3 Nf6 e3 Bf5
d4 d5 c4 dxc4 Nf3 Nf6 e3 e6 Bxc4 c5
d4 d5 Nf3 Nf6 c4 e6 Nc3 Be7
d4 d5 Bf4 Nf6 e3 c5
d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5
d4 Nf6 c4 e6 Nc3 Bb4 Qc2 O-O a3 Bxc3+ Qxc3
d4 Nf6 c4 e6 Nf3 d5 Nc3 Be7
d4 Nf6 c4 e6 Nf3 b6 g3 Ba6
d4 Nf6 c4 e6 g3 d5 Bg2 Be7
d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5
d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3 bxc3 Bg7
d4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6
d4 Nf6 c4 c5 d5 b5 cxb5 a6
d4 Nf6 Nf3 g6 g3 Bg7 Bg2 O-O O-O
d4 Nf6 Nf3 e6 c4 b6
d4 Nf6 Bg5 e6 e4 h6
d4 f5 g3 Nf6 Bg2 g6
c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5
c4 e5 Nc3 Nc6 g3 g6 Bg2 Bg7
c4 Nf6 Nc3 e6 e4 d5 e5 d4
c4 Nf6 Nc3 g6 e4 d6 d4 Bg7
c4 Nf6 Nf3 e6 g3 d5 Bg2
c4 c5 Nf3 Nf6 Nc3 Nc6 g3 g6
c4 e6 Nc3 d5 d4 Nf6
c4 c6 e4 d5 exd5 cxd5 d4 Nf6
Nf3 d5 g3 Nf6 Bg2 c6 O-O Bg4
Nf3 d5 d4 Nf6 c4 e6
Nf3 d5 c4 e6 g3 Nf6 Bg2 Be7
Nf3 Nf6 c4 g6 Nc3 Bg7 e4 d6
Nf3 Nf6 g3 g6 Bg2 Bg7 O-O O-O
Nf3 c5 c4 Nc6 Nc3 Nf6
Nf3 Nf6 d4 e6 c4 d5
";

/// Book moves by Outpost's Zobrist hash of the position, highest weight first.
type Table = HashMap<u64, Vec<(Move, u16)>>;

/// The table, built from [`LINES`] at first use. A line that does not parse (which the tests
/// rule out) contributes the moves before the bad one.
static TABLE: Lazy<Table> = Lazy::new(|| build(LINES).0);

/// Reads `lines` into a table; also returns a message for each line that did not parse.
fn build(lines: &str) -> (Table, Vec<String>) {
    let mut counts: HashMap<u64, Vec<(Move, u16)>> = HashMap::new();
    let mut errors = Vec::new();
    for line in lines.lines().filter(|line| !line.trim().is_empty()) {
        let mut board = Board::startpos();
        for (ply, text) in line.split_whitespace().enumerate() {
            match parse_san(&board, text) {
                Ok(mv) => {
                    counts.entry(board.hash()).or_default().push((mv, 1));
                    board.make(mv);
                }
                Err(error) => {
                    errors.push(format!("line '{line}', ply {}: {error}", ply + 1));
                    break;
                }
            }
        }
    }
    let table = counts
        .into_iter()
        .map(|(hash, moves)| (hash, merge_and_sort(moves)))
        .collect();
    (table, errors)
}

/// A small opening book of main lines after 1.e4, 1.d4, 1.c4 and 1.Nf3, built into the crate.
///
/// The lines are written in SAN in the source ([`BuiltinBook::lines`]) and read once, at first
/// use, into a table keyed by Outpost's own Zobrist hash ([`Board::hash`]), so transpositions
/// are found whatever the move order. A move's weight is the number of lines that play it in
/// the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuiltinBook;

impl BuiltinBook {
    /// The book's lines, each a sequence of moves in SAN from the start position, like
    /// `"e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"`.
    pub fn lines() -> impl Iterator<Item = &'static str> {
        LINES.lines().filter(|line| !line.trim().is_empty())
    }

    /// The number of positions the book has moves for.
    pub fn positions() -> usize {
        TABLE.len()
    }
}

impl Book for BuiltinBook {
    fn moves(&self, board: &Board) -> Vec<(Move, u16)> {
        let Some(moves) = TABLE.get(&board.hash()) else {
            return Vec::new();
        };
        // Guard against a hash collision with a position the book does not know.
        let legal = legal_moves(board);
        moves
            .iter()
            .copied()
            .filter(|(mv, _)| legal.contains(mv))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_parses() {
        let (table, errors) = build(LINES);
        assert!(errors.is_empty(), "{errors:#?}");
        assert_eq!(table.len(), BuiltinBook::positions());
    }

    #[test]
    fn bad_lines_are_reported_not_fatal() {
        let (table, errors) = build("e4 e5 Nf3\nd4 Ke7 c4\n\nNf3 zz\n");
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].contains("ply 2"), "{errors:?}");
        // Start position (e4, d4, Nf3), after e4, after e4 e5.
        assert_eq!(table.len(), 3);
        let start = &table[&Board::startpos().hash()];
        assert_eq!(start.len(), 3);
    }
}
