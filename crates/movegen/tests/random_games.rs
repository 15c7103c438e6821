//! Random games (ChaCha8, fixed seed): after every make the incremental hash and bitboards
//! agree with ones computed from scratch, and unmaking the whole game restores every earlier
//! position, hash and FEN exactly.

use outpost_board::{Board, Move, Undo};
use outpost_movegen::legal_moves;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES: usize = 200;
const MAX_PLIES: usize = 300;

/// The start position and positions rich in checks, castling, en passant and promotions.
const RICH_STARTS: [&str; 5] = [
    Board::STARTPOS_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

/// Plays `games` random games from each of the FENs `starts`, each until it ends or has
/// `plies` plies, the moves drawn among the legal ones by ChaCha8 seeded with `seed`; `check`
/// is shown every position reached, before its move is drawn, and must leave it as it found
/// it (which is asserted).
fn for_each_position_of_random_games(
    starts: &[&str],
    seed: u64,
    games: usize,
    plies: usize,
    mut check: impl FnMut(&mut Board),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for fen in starts {
        for _ in 0..games {
            let mut board = Board::from_fen(fen).unwrap();
            for _ in 0..plies {
                let before = board.clone();
                check(&mut board);
                assert_eq!(board, before, "the check changed the position");
                let legal = legal_moves(&board);
                if legal.is_empty() {
                    break;
                }
                board.make(legal[rng.next_u32() as usize % legal.len()]);
            }
        }
    }
}

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

/// Over random games from positions rich in checks, castling, en passant and promotions,
/// [`kings_after`] (the move played on the bitboards alone) says of every pseudo-legal move
/// what try-and-take-back with a full make says: legal or not, check or not.
#[test]
fn kings_after_agrees_with_make_and_in_check() {
    use outpost_movegen::{in_check, kings_after, pseudo_legal_moves, try_move, MoveList};
    let (mut checks, mut illegal) = (0, 0);
    for_each_position_of_random_games(&RICH_STARTS, 17, 20, 100, |board| {
        let before = board.clone();
        let mut moves = MoveList::new();
        pseudo_legal_moves(board, &mut moves);
        for &mv in &moves {
            let kings = kings_after(board, mv);
            assert_eq!(*board, before, "{mv}");
            let expected = match try_move(board, mv) {
                Some(undo) => {
                    let gives_check = in_check(board);
                    board.unmake(mv, &undo);
                    Some(gives_check)
                }
                None => None,
            };
            assert_eq!(kings.legal, expected.is_some(), "{} {mv}", board.to_fen());
            if let Some(gives_check) = expected {
                assert_eq!(kings.gives_check, gives_check, "{} {mv}", board.to_fen());
                checks += usize::from(gives_check);
            } else {
                illegal += 1;
            }
        }
    });
    assert!(
        checks > 500 && illegal > 500,
        "{checks} checks, {illegal} illegal moves"
    );
}

/// [`count_legal_moves`], which skips the king test where it cannot fail (and counts those
/// moves by population counts), counts what plain try-and-take-back with a full make does,
/// over random games from positions rich in pins, checks, castling, en passant and
/// promotions, of standard chess, Chess960 and Chess Fragments (whose Right pins as a rook
/// and checks as a knight too); in check and out of it.
#[test]
fn count_legal_moves_agrees_with_try_and_take_back() {
    use outpost_movegen::{count_legal_moves, in_check, pseudo_legal_moves, try_move, MoveList};
    // Besides the rich starts: pins, Chess960 and Chess Fragments.
    let more = [
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "qbb1rnkr/ppp3pp/4n3/3ppp2/1P3PP1/8/P1PPPN1P/QBB1RNKR w HEhe - 0 9",
        "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1",
        "cnbqk/pppp1/2P1p/PP1PP/CNBQK w - - 0 2",
    ];
    let starts = [RICH_STARTS.as_slice(), &more].concat();
    let (mut positions, mut checks) = (0, 0);
    for_each_position_of_random_games(&starts, 960, 40, 150, |board| {
        let mut moves = MoveList::new();
        pseudo_legal_moves(board, &mut moves);
        let mut legal = 0;
        for &mv in &moves {
            if let Some(undo) = try_move(board, mv) {
                board.unmake(mv, &undo);
                legal += 1;
            }
        }
        assert_eq!(count_legal_moves(board), legal, "{}", board.to_fen());
        positions += 1;
        checks += usize::from(in_check(board));
    });
    assert!(
        positions > 20_000 && checks > 1_000,
        "{positions} positions, {checks} in check"
    );
}

/// [`Board::key_after`] (the hash a move leads to, for prefetching) is the hash `make` gives
/// for every quiet move and plain capture that changes neither the castling rights nor the
/// en passant square, over random games; and close for the rest (it differs from the true
/// hash only by castling and en passant keys, which this test does not pin down).
#[test]
fn key_after_is_the_hash_after_plain_moves() {
    let mut exact = 0;
    for_each_position_of_random_games(&[Board::STARTPOS_FEN], 77, 100, 200, |board| {
        for mv in legal_moves(board) {
            let plain = !mv.is_castle() && !mv.is_promotion() && !mv.is_en_passant();
            let predicted = board.key_after(mv);
            let mut after = board.clone();
            after.make(mv);
            if plain
                && after.castling_rights() == board.castling_rights()
                && after.en_passant().is_none()
                && board.en_passant().is_none()
            {
                assert_eq!(predicted, after.hash(), "{mv} in {}", board.to_fen());
                exact += 1;
            }
        }
    });
    assert!(exact > 100_000, "only {exact} moves compared");
}
