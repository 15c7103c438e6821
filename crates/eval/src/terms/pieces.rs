//! Mobility (safe squares per piece kind), attacks on the enemy king's zone, rooks on open
//! and half-open files, rooks and queens on the seventh rank, rooks shut in by their king,
//! knights and bishops on outposts and behind own pawns, space, the king's distance in files
//! to the nearest pawn, the bishop pair and each knight and rook by the number of own pawns;
//! and the attack sets the king and threat terms read.
//!
//! On the 5×5 board of Chess Fragments attack sets are masked to the board, and the Right
//! (rook and knight) has its own mobility table. Fragments has no rooks, so the rook terms
//! are zero there; outposts and space are counted on the standard board only.

use outpost_board::{Bitboard, Board, Color, PieceKind, Square};
use outpost_movegen::knight_attacks;
use outpost_movegen::magic::SliderTables;

use super::{add_count, files_of, fill_forward, forward, pawn_attacks, rank_mask, Context};
use crate::params::{Group, Sink};

const MOBILITY_KNIGHT: usize = Group::MobilityKnight.start();
const MOBILITY_BISHOP: usize = Group::MobilityBishop.start();
const MOBILITY_ROOK: usize = Group::MobilityRook.start();
const MOBILITY_QUEEN: usize = Group::MobilityQueen.start();
const MOBILITY_RIGHT: usize = Group::MobilityRight.start();
const KING_ZONE_ATTACKS: usize = Group::KingZoneAttacks.start();
const ROOK_FILE: usize = Group::RookFile.start();
const BISHOP_PAIR: usize = Group::BishopPair.start();
const OUTPOST: usize = Group::Outpost.start();
const SEVENTH_RANK: usize = Group::SeventhRank.start();
const TRAPPED_ROOK: usize = Group::TrappedRook.start();
const SPACE: usize = Group::Space.start();
const MINOR_BEHIND_PAWN: usize = Group::MinorBehindPawn.start();
const KING_PAWN_FILE: usize = Group::KingPawnFile.start();
const KNIGHT_BY_PAWNS: usize = Group::KnightByPawns.start();
const ROOK_BY_PAWNS: usize = Group::RookByPawns.start();

/// At most this many safe squares, a rook beyond its own king from the centre is shut in.
const TRAPPED_ROOK_MOBILITY: u32 = 3;

/// The second to fourth ranks from each colour's side, on the centre files: where space is
/// counted.
const SPACE_ZONE: [Bitboard; 2] = [
    Bitboard(0x0000_0000_3c3c_3c00),
    Bitboard(0x003c_3c3c_0000_0000),
];

/// The fourth to sixth ranks, from each colour's side: where a knight or bishop can hold an
/// outpost.
const OUTPOST_RANKS: [Bitboard; 2] = [
    Bitboard(0x0000_ffff_ff00_0000),
    Bitboard(0x0000_00ff_ffff_0000),
];

/// The attack sets of each colour's pieces, by kind, and how many pieces attack the other
/// king's zone.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Attacks {
    /// Squares each colour's knights attack.
    pub knight: [Bitboard; 2],
    /// Squares each colour's bishops attack.
    pub bishop: [Bitboard; 2],
    /// Squares each colour's rooks attack.
    pub rook: [Bitboard; 2],
    /// Squares each colour's queens attack.
    pub queen: [Bitboard; 2],
    /// Squares each colour's Rights attack (Chess Fragments).
    pub right: [Bitboard; 2],
    /// How many of the other colour's pieces attack each colour's king zone.
    pub king_attackers: [i32; 2],
}

impl Attacks {
    /// Squares the knights and bishops of the colour of index `us` attack.
    #[inline]
    pub fn minor(&self, us: usize) -> Bitboard {
        self.knight[us] | self.bishop[us]
    }

    /// Squares the pieces (not pawns or king) of the colour of index `us` attack.
    #[inline]
    pub fn pieces(&self, us: usize) -> Bitboard {
        self.minor(us) | self.rook[us] | self.queen[us] | self.right[us]
    }
}

/// Counts mobility, king-zone attacks, the rook terms, outposts, minors behind pawns, space
/// and the bishop pair of both colours, and returns the attack sets.
#[inline]
pub(super) fn trace<S: Sink>(board: &Board, context: &Context, sink: &mut S) -> Attacks {
    let mut attacks = Attacks::default();
    let occupied = context.occupied;
    let pawn_file_bits = file_bits(context.pawns[0] | context.pawns[1]);
    // Looked up once: each `rook_attacks` call would ask whether the tables are built yet.
    let sliders = SliderTables::get();
    // The files each colour has pawns on, for the rook-file term (worked out once for both).
    let pawn_files = if board.pieces(PieceKind::Rook).is_nonempty() {
        context.pawns.map(files_of)
    } else {
        [Bitboard::EMPTY; 2]
    };
    for color in [Color::White, Color::Black] {
        let us = color.index();
        let them = color.opponent();
        let safe = context.squares & !board.color(color) & !context.pawn_attacks[them.index()];
        let zone = context.king_zone[them.index()];
        let mut piece = |attacked: Bitboard, mobility: usize, zone_slot: usize| {
            let attacked = attacked & context.squares;
            sink.add(color, mobility + (attacked & safe).count() as usize, 1);
            let in_zone = attacked & zone;
            if in_zone.is_nonempty() {
                sink.add(them, KING_ZONE_ATTACKS + zone_slot, in_zone.count() as i32);
                attacks.king_attackers[them.index()] += 1;
            }
            attacked
        };
        let king = board.king_square(color);
        for square in board.pieces_of(color, PieceKind::Knight) {
            attacks.knight[us] |= piece(knight_attacks(square), MOBILITY_KNIGHT, 0);
        }
        for square in board.pieces_of(color, PieceKind::Bishop) {
            attacks.bishop[us] |= piece(sliders.bishop(square, occupied), MOBILITY_BISHOP, 1);
        }
        let king_file = king.file().index();
        let mut trapped_rooks = 0;
        for square in board.pieces_of(color, PieceKind::Rook) {
            let attacked = piece(sliders.rook(square, occupied), MOBILITY_ROOK, 2);
            attacks.rook[us] |= attacked;
            if (attacked & safe).count() <= TRAPPED_ROOK_MOBILITY
                && shut_in_by_king(king_file, square.file().index(), context.last_rank)
            {
                trapped_rooks += 1;
            }
        }
        for square in board.pieces_of(color, PieceKind::Queen) {
            attacks.queen[us] |= piece(sliders.queen(square, occupied), MOBILITY_QUEEN, 3);
        }
        for square in board.pieces_of(color, PieceKind::Right) {
            let moves = sliders.rook(square, occupied) | knight_attacks(square);
            attacks.right[us] |= piece(moves, MOBILITY_RIGHT, 4);
        }
        if let Some(files) = king_pawn_files(king, pawn_file_bits) {
            sink.add(color, KING_PAWN_FILE + files, 1);
        }
        minors_behind_pawns(board, context, color, sink);
        if trapped_rooks != 0 {
            sink.add(color, TRAPPED_ROOK, trapped_rooks);
        }
        rook_files(board, color, pawn_files, sink);
        seventh_rank(board, context, color, sink);
        outposts(board, context, color, sink);
        space(context, color, sink);
        if board.pieces_of(color, PieceKind::Bishop).has_several() {
            sink.add(color, BISHOP_PAIR, 1);
        }
        let own_pawns = (context.pawns[us].count() as usize).min(8);
        add_count(
            sink,
            color,
            KNIGHT_BY_PAWNS + own_pawns,
            board.pieces_of(color, PieceKind::Knight),
        );
        add_count(
            sink,
            color,
            ROOK_BY_PAWNS + own_pawns,
            board.pieces_of(color, PieceKind::Rook),
        );
    }
    attacks
}

/// One bit per file (bit 0 the a-file) that holds a square of `set`.
#[inline]
fn file_bits(set: Bitboard) -> u8 {
    let mut bits = set.0;
    bits |= bits >> 32;
    bits |= bits >> 16;
    bits |= bits >> 8;
    bits as u8
}

/// By how many files a king on `king` is from the nearest of the files of `pawn_files`
/// ([`file_bits`]); none without pawns.
#[inline]
fn king_pawn_files(king: Square, pawn_files: u8) -> Option<usize> {
    if pawn_files == 0 {
        return None;
    }
    let file = king.file().index();
    let right = (pawn_files >> file).trailing_zeros() as usize;
    let left = (pawn_files << (7 - file)).leading_zeros() as usize;
    Some(right.min(left))
}

/// `color`'s rooks on files without pawns (open) or without own pawns (half-open), given the
/// files each colour has pawns on.
#[inline]
fn rook_files<S: Sink>(board: &Board, color: Color, pawn_files: [Bitboard; 2], sink: &mut S) {
    let rooks = board.pieces_of(color, PieceKind::Rook);
    if rooks.is_empty() {
        return;
    }
    let own_files = pawn_files[color.index()];
    let enemy_files = pawn_files[color.opponent().index()];
    add_count(sink, color, ROOK_FILE, rooks & !own_files & !enemy_files);
    add_count(sink, color, ROOK_FILE + 1, rooks & !own_files & enemy_files);
}

/// `color`'s knights and bishops on outposts: on its fourth to sixth rank, protected by an own
/// pawn, where no enemy pawn attacks or can advance to attack (standard board only).
#[inline]
fn outposts<S: Sink>(board: &Board, context: &Context, color: Color, sink: &mut S) {
    let minors =
        board.pieces_of(color, PieceKind::Knight) | board.pieces_of(color, PieceKind::Bishop);
    let them = color.opponent();
    let candidates = minors & OUTPOST_RANKS[color.index()] & context.pawn_attacks[color.index()];
    if candidates.is_empty() || context.rank_shift != 0 {
        return;
    }
    // Every square an enemy pawn attacks now or after advancing.
    let enemy_reach = fill_forward(them, pawn_attacks(them, context.pawns[them.index()]));
    let held = candidates & !enemy_reach;
    add_count(
        sink,
        color,
        OUTPOST,
        held & board.pieces_of(color, PieceKind::Knight),
    );
    add_count(
        sink,
        color,
        OUTPOST + 1,
        held & board.pieces_of(color, PieceKind::Bishop),
    );
}

/// Whether a rook on file `rook_file` stands beyond its king on `king_file` as seen from the
/// centre, on a board whose last file has index `last_file`: the king is in its way out.
#[inline]
fn shut_in_by_king(king_file: usize, rook_file: usize, last_file: usize) -> bool {
    if 2 * king_file > last_file {
        rook_file > king_file
    } else {
        rook_file < king_file
    }
}

/// `color`'s rooks and queens on its seventh rank, when the enemy king is on its back rank or
/// enemy pawns stand on that seventh rank.
#[inline]
fn seventh_rank<S: Sink>(board: &Board, context: &Context, color: Color, sink: &mut S) {
    let rooks = board.pieces_of(color, PieceKind::Rook);
    let queens = board.pieces_of(color, PieceKind::Queen);
    let them = color.opponent();
    let (seventh, back) = match color {
        Color::White => (context.last_rank - 1, context.last_rank),
        Color::Black => (1, 0),
    };
    let seventh = rank_mask(seventh);
    if ((rooks | queens) & seventh).is_empty() {
        return;
    }
    let king_on_back = (board.pieces_of(them, PieceKind::King) & rank_mask(back)).is_nonempty();
    let pawns_on_seventh = (context.pawns[them.index()] & seventh).is_nonempty();
    if king_on_back || pawns_on_seventh {
        add_count(sink, color, SEVENTH_RANK, rooks & seventh);
        add_count(sink, color, SEVENTH_RANK + 1, queens & seventh);
    }
}

/// `color`'s space: the squares of its centre files, second to fourth rank, that hold no own
/// pawn and no enemy pawn attacks, those behind an own pawn twice (standard board only).
#[inline]
fn space<S: Sink>(context: &Context, color: Color, sink: &mut S) {
    if context.rank_shift != 0 {
        return;
    }
    let us = color.index();
    let own = context.pawns[us];
    let safe = SPACE_ZONE[us] & !own & !context.pawn_attacks[color.opponent().index()];
    let behind = fill_forward(color.opponent(), own);
    let count = safe.count() + (safe & behind).count();
    if count != 0 {
        sink.add(color, SPACE, count as i32);
    }
}

/// `color`'s knights and bishops with an own pawn right in front of them.
#[inline]
fn minors_behind_pawns<S: Sink>(board: &Board, context: &Context, color: Color, sink: &mut S) {
    let own_pawns = context.pawns[color.index()];
    let minors =
        board.pieces_of(color, PieceKind::Knight) | board.pieces_of(color, PieceKind::Bishop);
    add_count(
        sink,
        color,
        MINOR_BEHIND_PAWN,
        forward(color, minors) & own_pawns,
    );
}
