//! The same engine, proven: what the engine computes that the native build and the
//! WebAssembly build must agree on — `bench`'s node count, perft counts, and the evaluation of
//! positions from random games. Each is plain Rust, built natively and for wasm32 alike;
//! `cargo xtask wasm-check` runs both and compares them line by line.

use outpost_board::{read_epd, Board};
use outpost_movegen::legal_moves;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;

/// The plies of each random game at most.
pub const RANDOM_GAME_PLIES: usize = 120;

/// `bench`'s nodes at `depth` (its signature at the default depth).
pub fn bench_nodes(depth: i32) -> u64 {
    outpost_search::bench::run(depth, |_, _| {})
}

/// One line per published perft count of the EPD `text` of at most `max_nodes` positions:
/// `id depth count expected`, the count computed on one thread without a table; a line that
/// is no position is skipped, an error is a line starting `error`.
pub fn perft_lines(text: &str, max_nodes: u64) -> String {
    let mut out = String::new();
    let lines = match read_epd(text) {
        Ok(lines) => lines,
        Err(error) => return format!("error {error}\n"),
    };
    for line in lines {
        let name = line.epd.id().unwrap_or("?").to_string();
        let Ok(counts) = line.epd.perft_counts() else {
            continue;
        };
        for (depth, expected) in counts.into_iter().filter(|&(_, count)| count <= max_nodes) {
            let mut board: Board = line.epd.board().clone();
            let count = outpost_perft::perft(&mut board, depth);
            let _ = writeln!(out, "{name} {depth} {count} {expected}");
        }
    }
    out
}

/// `positions` positions from random games (seeded by `seed`; each game from the standard
/// start or, every third, the Chess Fragments start, up to [`RANDOM_GAME_PLIES`] plies), one
/// line each: the FEN and the static evaluation for the side to move.
pub fn evaluations(seed: u64, positions: usize) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = String::new();
    let mut written = 0;
    let mut game = 0u64;
    while written < positions {
        let start = if game % 3 == 2 {
            outpost_board::Variant::Fragments.start_fen()
        } else {
            outpost_board::Variant::Chess.start_fen()
        };
        game += 1;
        let Ok(mut board) = Board::from_fen(start) else {
            return out;
        };
        for _ in 0..RANDOM_GAME_PLIES {
            if written == positions {
                break;
            }
            let _ = writeln!(out, "{} {}", board.to_fen(), outpost_eval::evaluate(&board));
            written += 1;
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next_u32() as usize) % moves.len()];
            board.make(mv);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proofs_compute_what_they_say() {
        assert_eq!(bench_nodes(2), bench_nodes(2));
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902 ;id \"Start\"";
        assert_eq!(perft_lines(start, 1000), "Start 1 20 20\nStart 2 400 400\n");
        let evaluations = evaluations(1, 300);
        assert_eq!(evaluations.lines().count(), 300);
        assert!(evaluations.lines().any(|line| line.starts_with("cnbqk/")));
        assert_eq!(evaluations, super::evaluations(1, 300));
    }
}
