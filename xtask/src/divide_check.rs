//! `xtask divide`: another engine's perft divides, compared with ours move by move.
//!
//! The file holds blocks like those `scripts/fragments-reference.py` writes from
//! Fairy-Stockfish:
//!
//! ```text
//! # comment
//! position <FEN> ;depth 2 ;total 400
//! a2a3 20
//! ...
//! ```
//!
//! For each block we divide the position to the same depth and report, per block, `ok` or
//! every move that one side has and the other lacks and every count that differs. A
//! position we cannot read fails its block; the run goes on with the next.

use crate::Verdict;
use outpost_board::Board;
use outpost_movegen::uci::UciNotation;
use std::collections::BTreeMap;
use std::path::Path;

/// One position's divide from the reference engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Line number of the `position` line.
    pub line: usize,
    /// The FEN as written.
    pub fen: String,
    /// Plies counted.
    pub depth: u32,
    /// The count below each root move, by its UCI text.
    pub moves: BTreeMap<String, u64>,
}

/// Reads a divide file; `Err` names the line that is not in the format.
pub fn parse(text: &str) -> Result<Vec<Block>, String> {
    let mut blocks: Vec<Block> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("position ") {
            let mut fields = rest.split(" ;");
            let fen = fields.next().unwrap_or_default().trim().to_string();
            let depth = fields
                .find_map(|field| field.trim().strip_prefix("depth "))
                .and_then(|depth| depth.trim().parse().ok())
                .ok_or_else(|| format!("line {number}: a position line needs ';depth N'"))?;
            blocks.push(Block {
                line: number,
                fen,
                depth,
                moves: BTreeMap::new(),
            });
            continue;
        }
        let (Some(block), Some((mv, count))) = (blocks.last_mut(), line.split_once(' ')) else {
            return Err(format!(
                "line {number}: expected 'position FEN ;depth N' or 'MOVE COUNT', found '{line}'"
            ));
        };
        let count = count
            .trim()
            .parse()
            .map_err(|_| format!("line {number}: '{count}' is not a count"))?;
        block.moves.insert(mv.to_string(), count);
    }
    Ok(blocks)
}

/// What differs between the reference divide and ours; empty when they agree.
pub fn differences(reference: &BTreeMap<String, u64>, ours: &BTreeMap<String, u64>) -> Vec<String> {
    let mut found = Vec::new();
    for (mv, &count) in reference {
        match ours.get(mv) {
            None => found.push(format!("{mv}: missing here (reference {count})")),
            Some(&mine) if mine != count => {
                found.push(format!("{mv}: {mine} here, reference {count}"));
            }
            Some(_) => {}
        }
    }
    for (mv, count) in ours {
        if !reference.contains_key(mv) {
            found.push(format!("{mv}: {count} here, not a move of the reference"));
        }
    }
    found
}

/// Our divide of `board`, by UCI text (castling as king takes rook in Chess960 positions,
/// as the reference engines write it).
fn our_divide(board: &mut Board, depth: u32) -> BTreeMap<String, u64> {
    let notation = UciNotation::for_board(board, board.has_chess960_castling());
    outpost_perft::divide(board, depth)
        .into_iter()
        .map(|(mv, count)| (notation.write(mv), count))
        .collect()
}

/// Compares every block of `path`; prints one line per block and the differences.
pub fn run(path: &Path) -> Result<Verdict, String> {
    let shown = crate::epd::display_path(path);
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read {}: {error}", shown.display()))?;
    let blocks = parse(&text).map_err(|error| format!("{} {error}", shown.display()))?;
    if blocks.is_empty() {
        return Err(format!("{} holds no divides", shown.display()));
    }
    let mut failed = 0;
    for block in &blocks {
        let label = format!("line {:>5}  depth {}", block.line, block.depth);
        let mut board = match Board::from_fen(&block.fen) {
            Ok(board) => board,
            Err(error) => {
                println!("FAIL  {label}  {}: {error}", block.fen);
                failed += 1;
                continue;
            }
        };
        let found = differences(&block.moves, &our_divide(&mut board, block.depth));
        if found.is_empty() {
            let total: u64 = block.moves.values().sum();
            println!("ok    {label}  {} moves  {total}", block.moves.len());
        } else {
            println!("FAIL  {label}  {}", block.fen);
            for difference in found {
                println!("        {difference}");
            }
            failed += 1;
        }
    }
    println!(
        "{} of {} divides agree move by move",
        blocks.len() - failed,
        blocks.len()
    );
    Ok(if failed == 0 {
        Verdict::Passed
    } else {
        Verdict::Failed
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn reads_blocks_and_refuses_other_lines() {
        let text = format!("# made by hand\nposition {START} ;depth 1 ;total 20\ne2e4 1\n\n");
        let blocks = parse(&text).unwrap();
        assert_eq!(blocks.len(), 1);
        assert_eq!((blocks[0].line, blocks[0].depth), (2, 1));
        assert_eq!(blocks[0].moves["e2e4"], 1);
        assert!(parse("e2e4 1\n").unwrap_err().starts_with("line 1:"));
        assert!(parse(&format!("position {START}\n")).is_err());
        assert!(parse(&format!("position {START} ;depth 1\ne2e4 x\n")).is_err());
    }

    #[test]
    fn agrees_with_stockfish_and_finds_what_differs() {
        // Stockfish 15.1's divide of the start position at depth 2: 20 replies to each move.
        let mut board = Board::startpos();
        let ours = our_divide(&mut board, 2);
        let reference: BTreeMap<String, u64> = ours.keys().map(|mv| (mv.clone(), 20)).collect();
        assert_eq!(ours.len(), 20);
        assert!(differences(&reference, &ours).is_empty());
        let mut wrong = reference.clone();
        wrong.insert("e2e4".into(), 21);
        wrong.remove("a2a3");
        wrong.insert("e1g1".into(), 1);
        let found = differences(&wrong, &ours);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found
            .iter()
            .any(|line| line.starts_with("e2e4: 20 here, reference 21")));
        assert!(found
            .iter()
            .any(|line| line.starts_with("a2a3: 20 here, not a move")));
        assert!(found
            .iter()
            .any(|line| line.starts_with("e1g1: missing here")));
    }

    #[test]
    fn chess960_castling_is_compared_as_king_takes_rook() {
        // Stockfish 15.1 with UCI_Chess960: `position fen 1r2k1r1/8/8/8/8/8/8/1R2K1R1 w
        // GBgb - 0 1`, `go perft 1` lists e1b1 (queen-side castling) among 25 moves.
        let mut board = Board::from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1").unwrap();
        let ours = our_divide(&mut board, 1);
        assert!(ours.contains_key("e1b1"));
        assert_eq!(ours.len(), 25);
    }
}
