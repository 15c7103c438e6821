//! The split generators and the one-move test agree with the full pseudo-legal generator:
//! captures plus quiets are exactly the pseudo-legal moves, and `is_pseudo_legal` says yes to
//! exactly those among all 65,536 move codes, over the perft suite's positions (castling, en
//! passant, promotions) and positions from random games (fixed seed).

use outpost_board::{Board, Color, Move, PieceKind};
use outpost_movegen::{
    is_pseudo_legal, legal_moves, pseudo_legal_captures, pseudo_legal_moves, pseudo_legal_quiets,
    MoveList,
};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SUITE: &str = include_str!("../../../data/perft-suite.epd");

fn positions() -> Vec<Board> {
    let mut boards: Vec<Board> = SUITE
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.split(';').next().unwrap().trim().parse().unwrap())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    for _ in 0..20 {
        let mut board = Board::startpos();
        for _ in 0..200 {
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            board.make(moves[rng.next_u32() as usize % moves.len()]);
            boards.push(board.clone());
        }
    }
    boards
}

fn sorted(moves: &MoveList) -> Vec<u16> {
    let mut bits: Vec<u16> = moves.iter().map(|mv| mv.to_bits()).collect();
    bits.sort_unstable();
    bits
}

#[test]
fn captures_and_quiets_split_the_pseudo_legal_moves() {
    for board in positions() {
        let (mut all, mut captures, mut quiets) =
            (MoveList::new(), MoveList::new(), MoveList::new());
        pseudo_legal_moves(&board, &mut all);
        pseudo_legal_captures(&board, &mut captures);
        pseudo_legal_quiets(&board, &mut quiets);
        assert!(quiets
            .iter()
            .all(|mv| !mv.is_capture() && !mv.is_promotion()));
        assert!(captures
            .iter()
            .all(|mv| mv.is_capture() || mv.is_promotion()));
        let mut both = captures.clone();
        both.extend(quiets.iter().copied());
        assert_eq!(sorted(&both), sorted(&all), "{}", board.to_fen());
    }
}

#[test]
fn is_pseudo_legal_accepts_exactly_the_generated_moves() {
    let boards = positions();
    assert!(boards.len() > 3000);
    let mut generated = vec![false; 1 << 16];
    for board in boards {
        let mut all = MoveList::new();
        pseudo_legal_moves(&board, &mut all);
        generated.fill(false);
        for mv in &all {
            generated[usize::from(mv.to_bits())] = true;
        }
        for bits in 0..=u16::MAX {
            let mv = Move::from_bits(bits);
            assert_eq!(
                is_pseudo_legal(&board, mv),
                generated[usize::from(bits)],
                "{mv} ({bits:#06x}) in {}",
                board.to_fen()
            );
        }
    }
}

/// The bitboards a board shows: each colour's pieces of each kind.
fn bitboards(board: &Board) -> Vec<u64> {
    let mut all = Vec::new();
    for color in [Color::White, Color::Black] {
        all.push(board.color(color).0);
        for kind in PieceKind::ALL {
            all.push(board.pieces_of(color, kind).0);
        }
    }
    all
}

#[test]
fn a_move_played_on_the_bitboards_alone_gives_the_bitboards_of_make_and_is_taken_back() {
    for mut board in positions() {
        let before = board.clone();
        let mut all = MoveList::new();
        pseudo_legal_moves(&board, &mut all);
        for &mv in &all {
            let inside = board.with_pieces_moved(mv, bitboards);
            assert_eq!(board, before, "{mv} in {}", before.to_fen());
            let undo = board.make(mv);
            assert_eq!(inside, bitboards(&board), "{mv} in {}", before.to_fen());
            board.unmake(mv, &undo);
        }
    }
}
