//! King safety: how many enemy pieces attack the king's zone (the squares each attacks there
//! are counted in `pieces.rs`), the squares from which they could check it safely, and the
//! pawns on the three files around the king: the own ones sheltering it, the enemy's storming
//! it.
//!
//! On the 5×5 board of Chess Fragments the zone is masked to the board, the three files are
//! those of that board, and the Right's checks are not counted.

use outpost_board::{Bitboard, Board, Color};
use outpost_movegen::magic::SliderTables;
use outpost_movegen::{king_attacks, knight_attacks};

use super::pieces::Attacks;
use super::{add_count, distance_in_ranks, file_mask, fill_forward, forward, nearest, Context};
use crate::params::{Group, Sink};

const KING_ATTACKERS: usize = Group::KingAttackers.start();
const KING_SHELTER: usize = Group::KingShelter.start();
const KING_STORM: usize = Group::KingStorm.start();
const SAFE_CHECK: usize = Group::SafeCheck.start();

/// Counts both kings' attackers, safe checks, shelter and storm.
#[inline]
pub(super) fn trace<S: Sink>(board: &Board, context: &Context, attacks: &Attacks, sink: &mut S) {
    for color in [Color::White, Color::Black] {
        let attackers = attacks.king_attackers[color.index()];
        if attackers != 0 {
            let entry = (attackers as usize).min(Group::KingAttackers.size()) - 1;
            sink.add(color, KING_ATTACKERS + entry, 1);
        }
        shelter_and_storm(board, context, color, sink);
        safe_checks(board, context, attacks, color.opponent(), sink);
    }
}

/// Counts the squares from which `color`'s knights, bishops, rooks and queens could check the
/// enemy king where nothing of the enemy's attacks them.
#[inline]
fn safe_checks<S: Sink>(
    board: &Board,
    context: &Context,
    attacks: &Attacks,
    color: Color,
    sink: &mut S,
) {
    let us = color.index();
    let them = color.opponent().index();
    let reach = attacks.minor(us) | attacks.rook[us] | attacks.queen[us];
    if reach.is_empty() {
        return;
    }
    let king = board.king_square(color.opponent());
    let defended = context.pawn_attacks[them] | attacks.pieces(them) | king_attacks(king);
    let safe = context.squares & !board.color(color) & !defended;
    if (reach & safe).is_empty() {
        return;
    }
    let sliders = SliderTables::get();
    let diagonals = sliders.bishop(king, context.occupied);
    let lines = sliders.rook(king, context.occupied);
    // One entry each: knight, bishop, rook, queen.
    let checks = [
        knight_attacks(king) & attacks.knight[us],
        diagonals & attacks.bishop[us],
        lines & attacks.rook[us],
        (diagonals | lines) & attacks.queen[us],
    ];
    for (slot, set) in checks.into_iter().enumerate() {
        add_count(sink, color, SAFE_CHECK + slot, set & safe);
    }
}

/// Counts, for `color`'s king, the nearest own and enemy pawn on its rank or ahead of it on
/// each of the three files around it (the king's file moved in from the edge of the board).
#[inline]
fn shelter_and_storm<S: Sink>(board: &Board, context: &Context, color: Color, sink: &mut S) {
    let king = board.king_square(color);
    // The boards are square: the last file has the last rank's index.
    let last_file = context.last_rank;
    let centre = king.file().index().clamp(1, last_file - 1);
    let ahead = fill_forward(color, Bitboard::rank(king.rank()));
    let own = context.pawns[color.index()] & ahead;
    let enemy = context.pawns[color.opponent().index()] & ahead;
    for file in centre - 1..=centre + 1 {
        let column = file_mask(file);
        let edge = file.min(last_file - file).min(3);
        let shelter = own & column;
        let distance = if shelter.is_empty() {
            7
        } else {
            distance_in_ranks(king, nearest(color, shelter))
        };
        sink.add(color, KING_SHELTER + 8 * edge + distance, 1);
        let storm = enemy & column;
        if storm.is_nonempty() {
            let pawn = nearest(color, storm);
            // An own pawn right in front of it, from the storming side, stops it.
            let blocked = (forward(color.opponent(), Bitboard::from_square(pawn)) & own)
                .is_nonempty() as usize;
            sink.add(
                color,
                KING_STORM + 8 * blocked + distance_in_ranks(king, pawn),
                1,
            );
        }
    }
}
