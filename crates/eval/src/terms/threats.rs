//! Threats: enemy pieces attacked by pawns, and by pieces of lesser value (a knight or bishop
//! on a rook, queen or Right; a rook on a queen; a rook or queen on a Right), enemy pieces
//! attacked and not guarded (hanging), enemy pawns attacked by pieces and not guarded by
//! pawns (weak), enemy pieces a pawn would attack after a safe step and safe squares from
//! which a knight could attack the enemy queen, counted for the attacking side.
//!
//! On the 5×5 board of Chess Fragments there are no rooks, so the rook's threats are zero
//! there; the Right (worth more than a queen there) counts as the most valuable target.

use outpost_board::{Bitboard, Board, Color, PieceKind};
use outpost_movegen::knight_attacks;

use super::pieces::Attacks;
use super::{add_count, forward, rank_mask, Context};
use crate::params::{Group, Sink};

const THREAT_BY_PAWN: usize = Group::ThreatByPawn.start();
const THREAT_BY_MINOR: usize = Group::ThreatByMinor.start();
const THREAT_BY_MAJOR: usize = Group::ThreatByMajor.start();
const HANGING: usize = Group::Hanging.start();
const WEAK_PAWN: usize = Group::WeakPawn.start();
const PAWN_PUSH_THREAT: usize = Group::PawnPushThreat.start();
const KNIGHT_ON_QUEEN: usize = Group::KnightOnQueen.start();

/// The targets of pawn threats, one parameter each.
const PAWN_TARGETS: [PieceKind; 5] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
    PieceKind::Right,
];

/// The targets of threats by knights and bishops.
const MINOR_TARGETS: [PieceKind; 3] = [PieceKind::Rook, PieceKind::Queen, PieceKind::Right];

/// Counts both colours' threats, given what each colour's pieces and king attack
/// (`by_pieces`) and what it attacks in all (`all_attacks`, pawns too).
#[inline]
pub(super) fn trace<S: Sink>(
    board: &Board,
    context: &Context,
    attacks: &Attacks,
    by_pieces: &[Bitboard; 2],
    all_attacks: &[Bitboard; 2],
    sink: &mut S,
) {
    for color in [Color::White, Color::Black] {
        let us = color.index();
        let them = color.opponent();
        let pawn_attacks = context.pawn_attacks[us];
        // Most positions have no threat at all: one test for all targets first.
        let targets = board.color(them) & !context.pawns[them.index()];
        if (pawn_attacks & targets).is_nonempty() {
            for (slot, kind) in PAWN_TARGETS.into_iter().enumerate() {
                let set = pawn_attacks & board.pieces_of(them, kind);
                add_count(sink, color, THREAT_BY_PAWN + slot, set);
            }
        }
        let minor = attacks.minor(us);
        if (minor & targets).is_nonempty() {
            for (slot, kind) in MINOR_TARGETS.into_iter().enumerate() {
                let set = minor & board.pieces_of(them, kind);
                add_count(sink, color, THREAT_BY_MINOR + slot, set);
            }
        }
        let on_queen = attacks.rook[us] & board.pieces_of(them, PieceKind::Queen);
        add_count(sink, color, THREAT_BY_MAJOR, on_queen);
        let majors = attacks.rook[us] | attacks.queen[us];
        let on_right = majors & board.pieces_of(them, PieceKind::Right);
        add_count(sink, color, THREAT_BY_MAJOR + 1, on_right);
        let unguarded = !all_attacks[them.index()];
        let pieces = targets & !board.pieces(PieceKind::King);
        add_count(sink, color, HANGING, pieces & all_attacks[us] & unguarded);
        let weak_pawns =
            context.pawns[them.index()] & by_pieces[us] & !context.pawn_attacks[them.index()];
        add_count(sink, color, WEAK_PAWN, weak_pawns);
        // A step forward (two from the second rank) onto a square no enemy pawn attacks.
        let empty = !context.occupied & context.squares;
        let step = forward(color, context.pawns[us]) & empty;
        let second_step = forward(color, step & rank_mask(third_rank(color, context))) & empty;
        let safe_steps = (step | second_step) & !context.pawn_attacks[them.index()];
        add_count(
            sink,
            color,
            PAWN_PUSH_THREAT,
            super::pawn_attacks(color, safe_steps) & pieces,
        );
        let enemy_queens = board.pieces_of(them, PieceKind::Queen);
        if enemy_queens.is_nonempty() && attacks.knight[us].is_nonempty() {
            let safe = context.squares & !board.color(color) & !all_attacks[them.index()];
            for queen in enemy_queens {
                add_count(
                    sink,
                    color,
                    KNIGHT_ON_QUEEN,
                    knight_attacks(queen) & attacks.knight[us] & safe,
                );
            }
        }
    }
}

/// The rank a pawn of `color` reaches after one step from its second rank (from whose
/// squares it may step again).
#[inline]
fn third_rank(color: Color, context: &Context) -> usize {
    match color {
        Color::White => 2,
        Color::Black => context.last_rank - 2,
    }
}
