//! King safety: how many enemy pieces attack the king's zone (the squares each attacks there
//! are counted in `pieces.rs`), and the pawn shield in front of the king.
//!
//! On the 5×5 board of Chess Fragments the zone is masked to the board, and the shield
//! squares off the board hold no pawns.

use outpost_board::{Board, Color, PieceKind};

use super::pieces::Attacks;
use super::{add_count, forward, Context};
use crate::params::{Group, Sink};

const KING_ATTACKERS: usize = Group::KingAttackers.start();
const PAWN_SHIELD: usize = Group::PawnShield.start();

/// Counts both kings' attackers and pawn shields.
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
    }
}
