//! King safety: how many enemy pieces attack the king's zone (the squares each attacks there
//! are counted in `pieces.rs`), the squares from which they could check it safely, and the
//! pawn shield in front of the king.
//!
//! On the 5×5 board of Chess Fragments the zone is masked to the board, the shield squares
//! off the board hold no pawns, and the Right's checks are not counted.

use outpost_board::{Board, Color, PieceKind};
use outpost_movegen::magic::SliderTables;
use outpost_movegen::{king_attacks, knight_attacks};

use super::pieces::Attacks;
use super::{add_count, forward, Context};
use crate::params::{Group, Sink};

const KING_ATTACKERS: usize = Group::KingAttackers.start();
const PAWN_SHIELD: usize = Group::PawnShield.start();
const SAFE_CHECK: usize = Group::SafeCheck.start();

/// Counts both kings' attackers, safe checks and pawn shields.
#[inline]
pub(super) fn trace<S: Sink>(board: &Board, context: &Context, attacks: &Attacks, sink: &mut S) {
    for color in [Color::White, Color::Black] {
        let attackers = attacks.king_attackers[color.index()];
        if attackers != 0 {
            let entry = (attackers as usize).min(Group::KingAttackers.size()) - 1;
            sink.add(color, KING_ATTACKERS + entry, 1);
        }
        let king = board.pieces_of(color, PieceKind::King);
        let beside = king | king.east() | king.west();
        let near = forward(color, beside);
        let far = forward(color, near);
        let pawns = context.pawns[color.index()];
        add_count(sink, color, PAWN_SHIELD, near & pawns);
        add_count(sink, color, PAWN_SHIELD + 1, far & pawns);
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
