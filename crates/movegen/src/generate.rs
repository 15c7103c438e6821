//! Pseudo-legal move generation: every move the pieces can make, ignoring whether it leaves
//! the mover's king attacked (that is settled by try-and-take-back in [`crate::legal`]).

use crate::attacks::{is_attacked, king_attacks, knight_attacks, pawn_attacks};
use crate::magic::SliderTables;
use arrayvec::ArrayVec;
use outpost_board::{Bitboard, Board, Color, Move, PieceKind, Square};

/// Room for every pseudo-legal move of any position [`Board::from_fen`] accepts, and of every
/// position reached from one by moves; a [`MoveList`] lives on the stack.
///
/// # Why 320 is enough
///
/// A move list holds the moves of one side. `Board::from_fen` gives that side one king, at most
/// 8 pawns and no more promoted pieces than missing pawns (queens, rooks, bishops and knights
/// beyond the initial 1, 2, 2 and 2 count against `8 - pawns`); moves keep this true, since a
/// capture only removes a piece and a promotion trades a pawn for one. A piece has at most as
/// many moves as the squares it attacks on an empty board (a blocker removes squares, a
/// capture replaces a quiet move), and so:
///
/// | piece | most moves | where |
/// |---|---|---|
/// | queen | 27, or 25 on the 12 squares around the centre, fewer elsewhere | d4, e4, d5, e5 |
/// | rook | 14 | anywhere |
/// | bishop | 13 | d4, e4, d5, e5 |
/// | knight | 8 | c3 to f6 |
/// | pawn | 12 (four promotions on each of three squares), 4 on its second rank, else 3 | seventh rank |
/// | king | 8 (castling starts on e1 or e8, where the king has 5 squares: 5 + 2) | |
///
/// A pawn (at most 12) or a promoted rook, bishop or knight (14, 13, 8) is worth less than a
/// queen on any of the nine best queen squares (at least 25), so the worst case is every pawn
/// promoted to a queen: 9 queens `4 × 27 + 5 × 25 = 233`, 2 rooks 28, 2 bishops 26, 2 knights
/// 16 and the king 8, **311** moves. The test `crates/movegen/tests/capacity.rs` recomputes
/// this from the attack tables over every material the validation allows. The most found in
/// a real position is 218 (`R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1`).
pub const MAX_MOVES: usize = 320;

/// A list of moves without heap allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kinds {
    All,
    CapturesAndPromotions,
    /// The rest: moves to empty squares that are not promotions, castling included.
    Quiets,
}

impl Kinds {
    fn captures(self) -> bool {
        self != Kinds::Quiets
    }

    fn quiets(self) -> bool {
        self != Kinds::CapturesAndPromotions
    }
}

/// Appends every pseudo-legal move of the side to move to `moves`.
pub fn pseudo_legal_moves(board: &Board, moves: &mut MoveList) {
    generate(board, moves, Kinds::All, Select::ALL);
}

/// Appends the pseudo-legal captures (en passant included) and promotions (all four pieces,
/// with or without capture): the moves a quiescence search looks at.
pub fn pseudo_legal_captures(board: &Board, moves: &mut MoveList) {
    generate(board, moves, Kinds::CapturesAndPromotions, Select::ALL);
}

/// Appends the pseudo-legal moves that [`pseudo_legal_captures`] leaves out: moves to empty
/// squares that are not promotions, castling included. The two lists together are
/// [`pseudo_legal_moves`].
pub fn pseudo_legal_quiets(board: &Board, moves: &mut MoveList) {
    generate(board, moves, Kinds::Quiets, Select::ALL);
}

/// Which of the pseudo-legal moves to generate, beyond [`Kinds`]: those of some pieces only,
/// to some squares only. [`Select::ALL`] gives every one; the legality questions of
/// [`crate::legal`] split them into the moves whose king test cannot fail and the rest.
#[derive(Clone, Copy)]
pub(crate) struct Select {
    /// The pieces whose moves are generated, en passant and the king's moves aside.
    pub movers: Bitboard,
    /// The squares the moves of `movers` may land on.
    pub targets: Bitboard,
    /// The king's moves (castling aside), to every square.
    pub king: bool,
    /// Every en passant capture, whichever pawn makes it.
    pub en_passant: bool,
    /// Castling.
    pub castling: bool,
}

impl Select {
    /// Every pseudo-legal move.
    pub const ALL: Select = Select {
        movers: Bitboard::FULL,
        targets: Bitboard::FULL,
        king: true,
        en_passant: true,
        castling: true,
    };
}

/// Where generated moves go: a [`MoveList`], or a [`Count`] that only counts them. The
/// generator hands them over in groups (a piece's targets, a set of pawn moves), so that a
/// count adds up population counts instead of writing moves.
pub(crate) trait Sink {
    /// The moves of the piece on `from` to each of `targets`: captures where `enemies`
    /// stand, quiet moves elsewhere.
    fn piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard);
    /// A pawn move of kind `make` to each of `targets`, from `step` indices behind it.
    fn pawn_moves(&mut self, targets: Bitboard, step: i8, make: fn(Square, Square) -> Move);
    /// A promotion to each of `promotions` on each of `targets`, from `step` indices behind.
    fn promotions(&mut self, targets: Bitboard, step: i8, promotions: &[PieceKind], capture: bool);
    /// One move (en passant, castling).
    fn push(&mut self, mv: Move);
}

impl Sink for MoveList {
    #[inline(always)]
    fn piece_moves(&mut self, from: Square, targets: Bitboard, enemies: Bitboard) {
        // `extend` keeps the length in a register; `push` would store it after every move.
        self.extend((targets & enemies).map(|to| Move::capture(from, to)));
        self.extend((targets & !enemies).map(|to| Move::quiet(from, to)));
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, step: i8, make: fn(Square, Square) -> Move) {
        self.extend(targets.map(|to| make(from_offset(to, step), to)));
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, step: i8, promotions: &[PieceKind], capture: bool) {
        for to in targets {
            let from = from_offset(to, step);
            for &piece in promotions {
                self.push(Move::promotion(from, to, piece, capture));
            }
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        ArrayVec::push(self, mv);
    }
}

/// A [`Sink`] that counts the moves without writing them.
#[derive(Default)]
pub(crate) struct Count(pub usize);

impl Sink for Count {
    #[inline(always)]
    fn piece_moves(&mut self, _from: Square, targets: Bitboard, _enemies: Bitboard) {
        self.0 += targets.count() as usize;
    }

    #[inline(always)]
    fn pawn_moves(&mut self, targets: Bitboard, _step: i8, _make: fn(Square, Square) -> Move) {
        self.0 += targets.count() as usize;
    }

    #[inline(always)]
    fn promotions(
        &mut self,
        targets: Bitboard,
        _step: i8,
        promotions: &[PieceKind],
        _capture: bool,
    ) {
        self.0 += targets.count() as usize * promotions.len();
    }

    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// `true` when `mv` is one of the pseudo-legal moves of `board` (exactly: the same squares
/// and the same flags as [`pseudo_legal_moves`] would give), without generating them. For a
/// move from another position, such as a transposition-table or killer move.
pub fn is_pseudo_legal(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    let from = mv.from();
    let Some(piece) = board.piece_at(from).filter(|piece| piece.color() == us) else {
        return false;
    };
    if mv.is_null() {
        return false;
    }
    if mv.is_castle() {
        let mut castles = MoveList::new();
        if piece.kind() == PieceKind::King {
            castling_moves(board, &mut castles, board.occupied());
        }
        return castles.contains(&mv);
    }
    let to = mv.to();
    let own = board.color(us);
    let enemies = board.color(!us);
    let occupied = own | enemies;
    let tables = SliderTables::get();
    let reach = match piece.kind() {
        PieceKind::Pawn => return pawn_move_is_pseudo_legal(board, mv),
        PieceKind::Knight => knight_attacks(from),
        PieceKind::Bishop => tables.bishop(from, occupied),
        PieceKind::Rook => tables.rook(from, occupied),
        PieceKind::Queen => tables.bishop(from, occupied) | tables.rook(from, occupied),
        PieceKind::King => king_attacks(from),
        PieceKind::Right => knight_attacks(from) | tables.rook(from, occupied),
        // `PieceKind` may grow; every kind of today is above.
        _ => return false,
    };
    if !(reach & !own & board.variant().squares()).contains(to) {
        return false;
    }
    let expected = if enemies.contains(to) {
        Move::capture(from, to)
    } else {
        Move::quiet(from, to)
    };
    mv == expected
}

/// [`is_pseudo_legal`] for a move from a square holding a pawn of the side to move.
fn pawn_move_is_pseudo_legal(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let empty = !board.occupied();
    let step = to.index() as i8 - from.index() as i8;
    let forward = us.forward();
    let diagonal = pawn_attacks(us, from).contains(to);
    let capture = diagonal && board.color(!us).contains(to);
    let push = step == forward && empty.contains(to);
    let variant = board.variant();
    if !variant.squares().contains(to) {
        return false;
    }
    let expected = if Bitboard::rank(variant.promotion_rank(us)).contains(to) {
        match mv.promotion_piece() {
            Some(piece) if (push || capture) && variant.promotions().contains(&piece) => {
                Move::promotion(from, to, piece, capture)
            }
            _ => return false,
        }
    } else if push {
        Move::quiet(from, to)
    } else if capture {
        Move::capture(from, to)
    } else if diagonal && board.en_passant() == Some(to) {
        Move::en_passant(from, to)
    } else if step == 2 * forward
        && Bitboard::rank(variant.double_step_rank(us)).contains(to)
        && empty.contains(to)
        && empty.contains(from_offset(to, forward))
    {
        Move::double_push(from, to)
    } else {
        return false;
    };
    mv == expected
}

/// Hands every pseudo-legal move of `kinds` and `select` to `sink`, in one fixed order: pawns
/// (promotions by push, pushes, double pushes, captures towards the east then the west, each
/// with its promotions first, en passant), knights, bishops and queens, rooks, Rights, the
/// king, castling.
#[inline(always)]
pub(crate) fn generate(board: &Board, sink: &mut impl Sink, kinds: Kinds, select: Select) {
    let us = board.side_to_move();
    let own = board.color(us);
    let enemies = board.color(!us);
    let occupied = own | enemies;
    // Off the board of Chess Fragments (the a1-e5 corner) no piece may go; enemies stand
    // on it, so captures need no mask.
    let squares = board.variant().squares();
    let targets = match kinds {
        Kinds::All => !own & squares,
        Kinds::CapturesAndPromotions => enemies,
        Kinds::Quiets => !occupied & squares,
    };
    let tables = SliderTables::get();

    pawn_moves(board, sink, kinds, select);
    let movers = own & select.movers;
    let piece_targets = targets & select.targets;
    for from in board.pieces_of(us, PieceKind::Knight) & movers {
        sink.piece_moves(from, knight_attacks(from) & piece_targets, enemies);
    }
    for from in board.diagonal_sliders(us) & movers {
        let reach = tables.bishop(from, occupied);
        let reach = if board.pieces(PieceKind::Queen).contains(from) {
            reach | tables.rook(from, occupied)
        } else {
            reach
        };
        sink.piece_moves(from, reach & piece_targets, enemies);
    }
    for from in board.pieces_of(us, PieceKind::Rook) & movers {
        sink.piece_moves(from, tables.rook(from, occupied) & piece_targets, enemies);
    }
    for from in board.pieces_of(us, PieceKind::Right) & movers {
        let reach = tables.rook(from, occupied) | knight_attacks(from);
        sink.piece_moves(from, reach & piece_targets, enemies);
    }
    if select.king {
        let king = board.king_square(us);
        sink.piece_moves(king, king_attacks(king) & targets, enemies);
    }
    if kinds.quiets() && select.castling {
        castling_moves(board, sink, occupied);
    }
}

#[inline(always)]
fn pawn_moves(board: &Board, sink: &mut impl Sink, kinds: Kinds, select: Select) {
    let us = board.side_to_move();
    let variant = board.variant();
    let all_pawns = board.pieces_of(us, PieceKind::Pawn);
    let pawns = all_pawns & select.movers;
    let enemies = board.color(!us);
    let empty = !board.occupied() & variant.squares();
    let last_rank = Bitboard::rank(variant.promotion_rank(us));
    let double_push_rank = Bitboard::rank(variant.double_step_rank(us));
    let promotions = variant.promotions();
    let forward = us.forward();
    let up = |set: Bitboard| match us {
        Color::White => set.north(),
        Color::Black => set.south(),
    };

    let single = up(pawns) & empty;
    if kinds.captures() {
        sink.promotions(
            single & last_rank & select.targets,
            forward,
            promotions,
            false,
        );
    }
    if kinds.quiets() {
        sink.pawn_moves(single & !last_rank & select.targets, forward, Move::quiet);
        sink.pawn_moves(
            up(single) & empty & double_push_rank & select.targets,
            2 * forward,
            Move::double_push,
        );
    }

    if !kinds.captures() {
        return;
    }
    // Captures towards the east (higher file) and west, seen from white's side of the board.
    let ahead = up(pawns);
    for (reach, step) in [
        (ahead.east() & enemies & select.targets, forward + 1),
        (ahead.west() & enemies & select.targets, forward - 1),
    ] {
        sink.promotions(reach & last_rank, step, promotions, true);
        sink.pawn_moves(reach & !last_rank, step, Move::capture);
    }

    if !select.en_passant {
        return;
    }
    if let Some(target) = board.en_passant() {
        for from in pawn_attacks(!us, target) & all_pawns {
            sink.push(Move::en_passant(from, target));
        }
    }
}

/// The square `step` indices behind `to` (the pawn's origin).
#[inline(always)]
fn from_offset(to: Square, step: i8) -> Square {
    Square::from_index((to.index() as i8 - step) as usize)
}

fn castling_moves(board: &Board, sink: &mut impl Sink, occupied: Bitboard) {
    let us = board.side_to_move();
    let rights = board.castling_rights();
    if !rights.intersects(outpost_board::CastlingRights::of(us)) {
        return;
    }
    for side in board.castling_setup().sides_of(us) {
        if !rights.contains(side.right) || (side.must_be_empty & occupied).is_nonempty() {
            continue;
        }
        // The king's start, every square it crosses and its target must be safe (the
        // target is tested again, with the pieces moved, by try-and-take-back).
        if side
            .king_path
            .into_iter()
            .any(|square| is_attacked(board, square, !us))
        {
            continue;
        }
        sink.push(Move::castle(side.king_from, side.king_to));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_twenty_pseudo_legal_moves_and_no_captures() {
        let board = Board::startpos();
        let mut moves = MoveList::new();
        pseudo_legal_moves(&board, &mut moves);
        assert_eq!(moves.len(), 20);
        moves.clear();
        pseudo_legal_captures(&board, &mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn captures_generator_includes_quiet_promotions_and_en_passant() {
        let board: Board = "4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
        let mut moves = MoveList::new();
        pseudo_legal_captures(&board, &mut moves);
        let texts: Vec<String> = moves.iter().map(std::string::ToString::to_string).collect();
        assert!(texts.contains(&"b7b8q".to_string()));
        assert!(texts.contains(&"b7b8n".to_string()));
        assert!(texts.contains(&"e5d6".to_string()));
        assert_eq!(moves.len(), 5);
    }
}
