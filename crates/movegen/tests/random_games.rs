//! Random games (ChaCha8, fixed seed): after every make the incremental hash and bitboards
//! agree with ones computed from scratch, and unmaking the whole game restores every earlier
//! position, hash and FEN exactly.

use outpost_board::{Board, Move, Undo};
use outpost_movegen::legal_moves;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES: usize = 200;
const MAX_PLIES: usize = 300;

#[test]
fn make_and_unmake_restore_everything_over_random_games() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut total_plies = 0;
    for _ in 0..GAMES {
        let mut board = Board::startpos();
        let mut history: Vec<(Board, String, Move, Undo)> = Vec::new();
        for _ in 0..MAX_PLIES {
            let moves = legal_moves(&board);
            if moves.is_empty() || board.halfmove_clock() >= 100 {
                break;
            }
            let mv = moves[rng.next_u32() as usize % moves.len()];
            let before = board.clone();
            let fen = board.to_fen();
            let undo = board.make(mv);
            board
                .check_consistency()
                .unwrap_or_else(|e| panic!("after {mv} from {fen}: {e}"));
            // The FEN of the new position parses back to the same board, hash included.
            assert_eq!(
                Board::from_fen(&board.to_fen()).unwrap(),
                board,
                "after {mv} from {fen}"
            );
            // Null moves pass and come back too.
            let null = board.make_null();
            board.check_consistency().unwrap();
            board.unmake_null(&null);
            history.push((before, fen, mv, undo));
            total_plies += 1;
        }
        while let Some((before, fen, mv, undo)) = history.pop() {
            board.unmake(mv, &undo);
            assert_eq!(board, before, "unmake of {mv}");
            assert_eq!(board.to_fen(), fen);
            assert_eq!(board.hash(), board.compute_hash());
        }
        assert_eq!(board, Board::startpos());
    }
    assert!(total_plies > 20_000, "only {total_plies} plies were played");
}
