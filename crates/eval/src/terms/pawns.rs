//! Passed pawns (by rank, free path, a safe step, protection, king distances) and the pawn
//! structure (isolated, doubled, backward and connected pawns).
//!
//! The terms that depend on the pawns alone are counted apart from the rest
//! ([`trace_pawns_only`]), so that a search can cache them by pawn structure.
//!
//! On the 5×5 board of Chess Fragments a passed pawn's rank counts as the 8×8 rank as far
//! from promotion (see `Context::relative_rank`); the rest needs nothing of the board's size.

use outpost_board::{Bitboard, Board, Color, PieceKind, Square};

use super::{add_count, distance, files_of, fill_forward, forward, pawn_attacks, Context};
use crate::params::{Group, Sink};

const ISOLATED: usize = Group::Isolated.start();
const DOUBLED: usize = Group::Doubled.start();
const BACKWARD: usize = Group::Backward.start();
const CONNECTED: usize = Group::Connected.start();
const PASSED_RANK: usize = Group::PassedRank.start();
const PASSED_FREE: usize = Group::PassedFree.start();
const PASSED_PROTECTED: usize = Group::PassedProtected.start();
const PASSED_OWN_KING: usize = Group::PassedOwnKing.start();
const PASSED_ENEMY_KING: usize = Group::PassedEnemyKing.start();
const UNSTOPPABLE: usize = Group::Unstoppable.start();
const PASSED_SAFE: usize = Group::PassedSafe.start();

/// Counts both colours' pawn terms that depend on the pawns alone (the structure, and each
/// passed pawn's rank and protection), and returns each colour's passed pawns for
/// [`trace_passed_by_pieces`]. What it gives a sink is the same for every position with
/// these pawns (on a board of this size), so an engine can keep it in a [`PawnCache`].
///
/// [`PawnCache`]: crate::PawnCache
#[inline]
pub(super) fn trace_pawns_only<S: Sink>(context: &Context, sink: &mut S) -> [Bitboard; 2] {
    [Color::White, Color::Black].map(|color| {
        structure(color, context, sink);
        passed(color, context, sink)
    })
}

/// Counts the passed-pawn terms that depend on the other pieces: a free path to promotion,
/// a step forward to a square the enemy does not attack (`all_attacks`: what each colour
/// attacks, king included), the distances of both kings and a pawn the enemy king cannot
/// catch, for each colour's `passed` pawns.
#[inline]
pub(super) fn trace_passed_by_pieces<S: Sink>(
    board: &Board,
    context: &Context,
    passed: [Bitboard; 2],
    all_attacks: &[Bitboard; 2],
    sink: &mut S,
) {
    for color in [Color::White, Color::Black] {
        let passed = passed[color.index()];
        if passed.is_empty() {
            continue;
        }
        let them = color.opponent();
        let own_king = board.king_square(color);
        let enemy_king = board.king_square(them);
        // The rule of the square applies when the enemy has nothing to stop a pawn with but
        // its king (standard board only: the 5×5 board has no double step to allow for).
        let pawn_ending = context.rank_shift == 0
            && board.color(them)
                == board.pieces_of(them, PieceKind::King) | context.pawns[them.index()];
        let enemy_to_move = board.side_to_move() == them;
        for square in passed {
            let pawn = Bitboard::from_square(square);
            let rank = context.relative_rank(color, square);
            let ahead = fill_forward(color, forward(color, pawn));
            let free = (ahead & context.occupied).is_empty();
            if free {
                sink.add(color, PASSED_FREE + rank, 1);
                if pawn_ending && outside_the_square(color, square, enemy_king, enemy_to_move) {
                    sink.add(color, UNSTOPPABLE, 1);
                }
            }
            // The square in front is on the board: a pawn never stands on its promotion rank.
            let front = forward(color, pawn).first_unchecked();
            if !all_attacks[them.index()].contains(front) {
                sink.add(color, PASSED_SAFE + rank, 1);
            }
            let own_distance = distance(own_king, front);
            if own_distance != 0 {
                sink.add(color, PASSED_OWN_KING + rank, own_distance);
            }
            let enemy_distance = distance(enemy_king, front);
            if enemy_distance != 0 {
                sink.add(color, PASSED_ENEMY_KING + rank, enemy_distance);
            }
        }
    }
}

/// Whether the enemy king on `king` cannot catch `color`'s pawn on `square` (standard board)
/// running for promotion: the king is more moves from the promotion square than the pawn,
/// which from its second rank moves two squares at once.
#[inline]
fn outside_the_square(color: Color, square: Square, king: Square, king_to_move: bool) -> bool {
    let file = square.file().index();
    let (promotion, rank) = match color {
        Color::White => (Square::from_index(56 + file), square.rank().index()),
        Color::Black => (Square::from_index(file), 7 - square.rank().index()),
    };
    let pawn_moves = (7 - rank).min(5) as i32;
    let king_moves = distance(king, promotion) - i32::from(king_to_move);
    king_moves > pawn_moves
}

/// Isolated, doubled, backward and connected pawns of `color`.
#[inline]
fn structure<S: Sink>(color: Color, context: &Context, sink: &mut S) {
    let own = context.pawns[color.index()];
    let enemy_attacks = context.pawn_attacks[color.opponent().index()];
    let files = files_of(own);
    let isolated = own & !(files.east() | files.west());
    // A pawn behind another of its own on the file.
    let behind_own = fill_forward(color.opponent(), forward(color.opponent(), own));
    let doubled = own & behind_own;
    // Squares own pawns attack now or after advancing: where they can ever guard.
    let guarded_ever = fill_forward(color, pawn_attacks(color, own));
    let stops = forward(color, own) & enemy_attacks & !guarded_ever;
    let backward = forward(color.opponent(), stops) & own & !isolated;
    for (param, set) in [
        (ISOLATED, isolated),
        (DOUBLED, doubled),
        (BACKWARD, backward),
    ] {
        add_count(sink, color, param, set);
    }
    // Guarded by an own pawn, or side by side with one (a phalanx).
    let connected = own & (context.pawn_attacks[color.index()] | own.east() | own.west());
    for square in connected {
        sink.add(color, CONNECTED + context.relative_rank(color, square), 1);
    }
}

/// `color`'s passed pawns: no enemy pawn ahead on their file or a neighbouring one, and no
/// own pawn ahead on their file (the rear one of two is not counted). Found for all pawns
/// at once; only the (few) passed pawns are looked at one by one, for their rank and
/// protection. Returns them.
#[inline]
fn passed<S: Sink>(color: Color, context: &Context, sink: &mut S) -> Bitboard {
    let them = color.opponent();
    let own = context.pawns[color.index()];
    let enemy = context.pawns[them.index()];
    // Squares ahead of enemy pawns (from their side), on their files and beside them: an
    // own pawn there has an enemy pawn ahead of it. And squares behind own pawns.
    let enemy_front = fill_forward(them, forward(them, enemy));
    let blocked = enemy_front | enemy_front.east() | enemy_front.west();
    let behind_own = fill_forward(them, forward(them, own));
    let passed = own & !blocked & !behind_own;
    for square in passed {
        let rank = context.relative_rank(color, square);
        sink.add(color, PASSED_RANK + rank, 1);
        if (outpost_movegen::pawn_attacks(them, square) & own).is_nonempty() {
            sink.add(color, PASSED_PROTECTED + rank, 1);
        }
    }
    passed
}
