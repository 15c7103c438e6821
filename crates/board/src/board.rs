//! The position: bitboards, a square-to-piece array, the game state, and make/unmake.

use crate::bitboard::Bitboard;
use crate::castling::{CastlingRights, CastlingSetup};
use crate::moves::{Move, CAPTURE, CASTLE, DOUBLE_PUSH, EN_PASSANT, QUIET};
use crate::types::{Color, Piece, PieceKind, Square};
use crate::variant::Variant;
use crate::zobrist::ZobristKeys;

/// A chess position with everything needed to continue the game from it.
///
/// Pieces are kept twice: as bitboards (one per kind, one per colour) for move generation and
/// as a square-to-piece array for quick look-ups. [`Board::make`] and [`Board::unmake`] keep
/// both, and the Zobrist hash, up to date.
///
/// Two boards are equal when they hold the same position: the same pieces, side to move,
/// rights (with the same castling rooks), en passant square and counters. `Hash` hashes the
/// Zobrist key, so boards can be keys of a `HashMap`.
///
/// The board knows how pieces move, not which moves are legal: legal moves, check and a
/// checked play are methods of `outpost_movegen::BoardExt` (`board.legal_moves()`,
/// `board.in_check()`, `board.checkers()`, `board.find_move(from, to, promotion)`,
/// `board.try_play(mv)`). [`Board::make`] is the engine's unchecked play.
///
/// ```
/// use outpost_board::{Board, Color, Move, Piece, PieceKind, Square};
/// use std::collections::HashSet;
///
/// let mut board: Board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
/// assert_eq!(board, Board::startpos());
/// assert_eq!(board.side_to_move(), Color::White);
/// assert_eq!(board.piece_at(Square::E1), Some(Piece::new(Color::White, PieceKind::King)));
/// assert_eq!(board.pieces_of(Color::Black, PieceKind::Pawn).count(), 8);
///
/// // A pawn's two-square move is a double push: the kind sets the en passant square.
/// let e4 = Move::double_push(Square::E2, Square::E4);
/// let undo = board.make(e4);
/// assert_eq!(board.en_passant(), Some(Square::E3));
/// assert_eq!(board.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
///
/// let seen: HashSet<Board> = [Board::startpos(), board.clone()].into_iter().collect();
/// board.unmake(e4, &undo);
/// assert!(seen.contains(&board) && seen.len() == 2);
/// # Ok::<(), outpost_board::FenError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    /// One bitboard per piece (colour and kind), indexed by [`Piece::index`].
    by_piece: [Bitboard; Piece::COUNT],
    by_color: [Bitboard; 2],
    mailbox: [Option<Piece>; 64],
    side_to_move: Color,
    /// The rule set: standard chess (Chess960 included) or Chess Fragments.
    variant: Variant,
    castling: CastlingRights,
    /// Where the king and rooks of each castling right start (standard or Chess960).
    castling_setup: CastlingSetup,
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
    hash: u64,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        // The setup's sides of rights no longer held do not matter.
        self.by_piece == other.by_piece
            && self.by_color == other.by_color
            && self.mailbox == other.mailbox
            && self.side_to_move == other.side_to_move
            && self.variant == other.variant
            && self.castling == other.castling
            && self
                .castling_setup
                .same_for(&other.castling_setup, self.castling)
            && self.en_passant == other.en_passant
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
            && self.hash == other.hash
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    /// Hashes the Zobrist key ([`Board::hash`]), which equal boards share (it is part of
    /// their equality), so that a `Board` can be a key of a `HashMap` or a member of a
    /// `HashSet`.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// What [`Board::make`] needs to remember so that [`Board::unmake`] can restore the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    castling: CastlingRights,
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
    hash: u64,
}

impl Undo {
    /// The piece the move captured, if any.
    pub fn captured(&self) -> Option<Piece> {
        self.captured
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::startpos()
    }
}

impl Board {
    /// FEN of the standard starting position.
    pub const STARTPOS_FEN: &'static str =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// The standard starting position.
    pub fn startpos() -> Board {
        Board::from_fen(Board::STARTPOS_FEN).expect("the start position FEN is valid")
    }

    /// A board with no pieces, white to move, no rights; filled by the FEN parser.
    pub(crate) fn empty() -> Board {
        Board {
            by_piece: [Bitboard::EMPTY; Piece::COUNT],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [None; 64],
            side_to_move: Color::White,
            variant: Variant::Chess,
            castling: CastlingRights::empty(),
            castling_setup: CastlingSetup::standard(),
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
        }
    }

    pub(crate) fn set_variant(&mut self, variant: Variant) {
        self.variant = variant;
    }

    pub(crate) fn set_state(
        &mut self,
        side_to_move: Color,
        (castling, castling_setup): (CastlingRights, CastlingSetup),
        en_passant: Option<Square>,
        halfmove_clock: u16,
        fullmove_number: u16,
    ) {
        self.side_to_move = side_to_move;
        self.castling = castling;
        self.castling_setup = castling_setup;
        self.en_passant = en_passant;
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number;
        self.hash = self.compute_hash();
    }

    // ---- queries -------------------------------------------------------------------------

    /// The side whose turn it is.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Castling rights still held.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// Where the king and rooks of each castling right start: standard chess or a Chess960
    /// array (see [`CastlingSetup`]).
    #[inline]
    pub fn castling_setup(&self) -> &CastlingSetup {
        &self.castling_setup
    }

    /// `true` when a castling right still held has its king or rook off the squares of
    /// standard chess (a Chess960 position; castling is then written as king takes rook).
    pub fn has_chess960_castling(&self) -> bool {
        !self.castling_setup.is_standard_for(self.castling)
    }

    /// The square a pawn skipped with a double push on the last move, as FEN records it
    /// (whether or not a capture there is possible).
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule). It stays at
    /// 65535, the largest a FEN may give, instead of wrapping.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increased after black's move. It stays at 65535, the
    /// largest a FEN may give, instead of wrapping to 0.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// The Zobrist hash, kept up to date incrementally (see [`crate::zobrist`]).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash the board will have after `mv`, found without making it: exact for a quiet
    /// move or a plain capture that changes neither the castling rights nor the en passant
    /// square, close otherwise. For hints (a prefetch of the table bucket the move leads to),
    /// never for lookups: [`Board::make`] computes the true hash.
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        let keys = ZobristKeys::get();
        let (from, to) = (mv.from(), mv.to());
        let mut key = self.hash ^ keys.black_to_move();
        if let Some(piece) = self.mailbox[from.index()] {
            key ^= keys.piece(piece, from) ^ keys.piece(piece, to);
        }
        if let Some(captured) = self.mailbox[to.index()] {
            key ^= keys.piece(captured, to);
        }
        key
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.mailbox[square.index()]
    }

    /// All pieces of `kind`, both colours.
    #[inline]
    pub fn pieces(&self, kind: PieceKind) -> Bitboard {
        self.by_piece[kind.index()] | self.by_piece[kind.index() + PieceKind::COUNT]
    }

    /// All pieces of `color`.
    #[inline]
    pub fn color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The pieces of `kind` and `color`.
    #[inline]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> Bitboard {
        // Same index as `Piece::new(color, kind).index()`, without the table look-up.
        self.by_piece[color.index() * PieceKind::COUNT + kind.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Bishops and queens of `color`: the pieces that attack along diagonals.
    #[inline]
    pub fn diagonal_sliders(&self, color: Color) -> Bitboard {
        self.pieces_of(color, PieceKind::Bishop) | self.pieces_of(color, PieceKind::Queen)
    }

    /// Rooks, queens and Rights of `color`: the pieces that attack along ranks and files.
    #[inline]
    pub fn straight_sliders(&self, color: Color) -> Bitboard {
        self.pieces_of(color, PieceKind::Rook)
            | self.pieces_of(color, PieceKind::Queen)
            | self.pieces_of(color, PieceKind::Right)
    }

    /// Knights and Rights of `color`: the pieces that attack as a knight does.
    #[inline]
    pub fn knight_leapers(&self, color: Color) -> Bitboard {
        self.pieces_of(color, PieceKind::Knight) | self.pieces_of(color, PieceKind::Right)
    }

    /// The rule set of the game.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The square of `color`'s king (a1 if the board has none, which FEN parsing rules out).
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces_of(color, PieceKind::King).first_unchecked()
    }

    /// `true` when a pawn of the side to move could capture on the en passant square. Only
    /// then does the square enter the hash.
    #[inline]
    pub fn en_passant_capturable(&self) -> bool {
        match self.en_passant {
            Some(square) => self.pawn_can_capture_en_passant(square, self.side_to_move),
            None => false,
        }
    }

    #[inline]
    fn pawn_can_capture_en_passant(&self, target: Square, capturer: Color) -> bool {
        // Capturing pawns stand where a pawn of the other colour on `target` would attack.
        let target = Bitboard::from_square(target);
        let forward = match capturer {
            Color::White => target.south(),
            Color::Black => target.north(),
        };
        let from = forward.east() | forward.west();
        (from & self.pieces_of(capturer, PieceKind::Pawn)).is_nonempty()
    }

    /// The hash computed from scratch; equal to [`Board::hash`] unless something is broken.
    pub fn compute_hash(&self) -> u64 {
        let keys = ZobristKeys::get();
        let mut hash = 0;
        for square in self.occupied() {
            if let Some(piece) = self.mailbox[square.index()] {
                hash ^= keys.piece(piece, square);
            }
        }
        if self.side_to_move == Color::Black {
            hash ^= keys.black_to_move();
        }
        // From the rooks' squares, not the setup's key table, so that the check is independent.
        for color in Color::ALL {
            for side in self.castling_setup.sides_of(color) {
                if self.castling.contains(side.right) {
                    hash ^= keys.castling_rook(color, side.rook_from.file());
                }
            }
        }
        if let (Some(square), true) = (self.en_passant, self.en_passant_capturable()) {
            hash ^= keys.en_passant(square.file());
        }
        hash
    }

    /// Checks that the bitboards, the square array and the hash agree; says what differs.
    pub fn check_consistency(&self) -> Result<(), String> {
        if (self.by_color[0] & self.by_color[1]).is_nonempty() {
            return Err("a square is occupied by both colours".into());
        }
        for square in Square::all() {
            let mut holders = Color::ALL.iter().flat_map(|&color| {
                PieceKind::ALL
                    .iter()
                    .map(move |&kind| Piece::new(color, kind))
                    .filter(|piece| self.by_piece[piece.index()].contains(square))
            });
            let from_bitboards = holders.next();
            if holders.next().is_some() {
                return Err(format!("square {square} is in two piece bitboards"));
            }
            if let Some(piece) = from_bitboards {
                if !self.by_color[piece.color().index()].contains(square) {
                    return Err(format!(
                        "square {square}: {piece:?} missing from its colour"
                    ));
                }
            }
            if from_bitboards != self.mailbox[square.index()] {
                return Err(format!(
                    "square {square}: bitboards say {from_bitboards:?}, square array says {:?}",
                    self.mailbox[square.index()]
                ));
            }
        }
        let kinds = self.by_piece.iter().fold(Bitboard::EMPTY, |a, &b| a | b);
        if kinds != self.occupied() {
            return Err("piece-kind and colour bitboards cover different squares".into());
        }
        let scratch = self.compute_hash();
        if scratch != self.hash {
            return Err(format!(
                "incremental hash {:016x} differs from the recomputed {scratch:016x}",
                self.hash
            ));
        }
        Ok(())
    }

    // ---- piece placement (no hashing) ----------------------------------------------------

    #[inline]
    pub(crate) fn put_piece(&mut self, piece: Piece, square: Square) {
        let bit = Bitboard::from_square(square);
        self.by_piece[piece.index()] |= bit;
        self.by_color[piece.color().index()] |= bit;
        self.mailbox[square.index()] = Some(piece);
    }

    /// Removes `piece`, of colour `color` (passed in because make/unmake know it already).
    #[inline]
    fn remove_piece(&mut self, color: Color, piece: Piece, square: Square) {
        let bit = Bitboard::from_square(square);
        self.by_piece[piece.index()] ^= bit;
        self.by_color[color.index()] ^= bit;
        self.mailbox[square.index()] = None;
    }

    /// Moves `piece`, of colour `color` (passed in because make/unmake know it already).
    #[inline]
    fn move_piece(&mut self, color: Color, piece: Piece, from: Square, to: Square) {
        let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_piece[piece.index()] ^= bits;
        self.by_color[color.index()] ^= bits;
        self.mailbox[from.index()] = None;
        self.mailbox[to.index()] = Some(piece);
    }

    /// Moves the king and rook of `color` for castling (or back, with the squares swapped).
    /// In Chess960 the king or rook may stay where it is, or land where the other stood, so
    /// both leave their squares before either arrives.
    #[inline]
    fn move_castling_pieces(
        &mut self,
        color: Color,
        (king_from, king_to): (Square, Square),
        (rook_from, rook_to): (Square, Square),
    ) {
        let king = Piece::new(color, PieceKind::King);
        let rook = Piece::new(color, PieceKind::Rook);
        // XOR: a piece that stays where it is changes nothing.
        let king_bits = Bitboard::from_square(king_from) ^ Bitboard::from_square(king_to);
        let rook_bits = Bitboard::from_square(rook_from) ^ Bitboard::from_square(rook_to);
        self.by_piece[king.index()] ^= king_bits;
        self.by_piece[rook.index()] ^= rook_bits;
        self.by_color[color.index()] ^= king_bits ^ rook_bits;
        self.mailbox[king_from.index()] = None;
        self.mailbox[rook_from.index()] = None;
        self.mailbox[king_to.index()] = Some(king);
        self.mailbox[rook_to.index()] = Some(rook);
    }

    // ---- make / unmake -------------------------------------------------------------------

    /// Plays `mv` **unchecked** and returns what [`Board::unmake`] needs to take it back: the
    /// fast form, for an engine that plays the moves its move generation gave.
    ///
    /// What it assumes:
    ///
    /// - `mv` is pseudo-legal in this position **with its kind**, exactly as move generation
    ///   gives it: a pawn's two-square move must be [`Move::double_push`], a capture
    ///   [`Move::capture`], castling [`Move::castle`]. The kind is not looked up from the
    ///   board: `make(Move::quiet(E2, E4))` moves the pawn but leaves no en passant square.
    /// - Whether the move leaves the mover's own king attacked is not tested: that is the
    ///   caller's job.
    ///
    /// A move that is not pseudo-legal leaves the board in an unspecified (but memory-safe)
    /// state. For moves from outside, `outpost_movegen::BoardExt` has the checked
    /// `try_play` and `find_move` (the legal move from two squares and a promotion), and
    /// `outpost_movegen::uci` and `outpost_movegen::san` read moves from text.
    #[inline(always)]
    pub fn make(&mut self, mv: Move) -> Undo {
        let keys = ZobristKeys::get();
        let us = self.side_to_move;
        let from = mv.from();
        let to = mv.to();
        let Some(piece) = self.mailbox[from.index()] else {
            debug_assert!(false, "make: no piece on {from} for {mv}");
            return self.make_null();
        };
        let mut undo = Undo {
            captured: None,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash: self.hash,
        };
        let mut hash =
            self.hash ^ keys.black_to_move() ^ keys.piece(piece, from) ^ keys.piece(piece, to);
        if let Some(square) = self.en_passant.take() {
            if self.pawn_can_capture_en_passant(square, us) {
                hash ^= keys.en_passant(square.file());
            }
        }
        // Only pawn moves (promotions, double pushes and en passant included) and captures
        // reset the clock: castling does not.
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if piece.kind() == PieceKind::Pawn {
            self.halfmove_clock = 0;
        }
        // Most moves are quiet or plain captures: test those first, with plain branches
        // (a `match` here compiles to a jump table that mispredicts often).
        let code = mv.code();
        if code == QUIET {
            self.move_piece(us, piece, from, to);
        } else if code == CAPTURE {
            if let Some(captured) = self.mailbox[to.index()] {
                self.remove_piece(!us, captured, to);
                hash ^= keys.piece(captured, to);
                undo.captured = Some(captured);
            }
            self.halfmove_clock = 0;
            self.move_piece(us, piece, from, to);
        } else {
            hash ^= self.make_special(mv, piece, &mut undo);
        }

        // XOR of equal keys cancels, so no branch on whether the rights changed.
        let castling = self.castling_setup.after_move(self.castling, from, to);
        hash ^= self.castling_setup.key(self.castling) ^ self.castling_setup.key(castling);
        self.castling = castling;
        // The move number goes up after black's move (Black is 1, White 0), and stays at
        // 65535 rather than wrap; `unmake` restores it from the undo record.
        self.fullmove_number = self.fullmove_number.saturating_add(us as u16);
        self.side_to_move = !us;
        self.hash = hash;
        undo
    }

    /// Plays `mv` (pseudo-legal here) on the piece and colour bitboards alone, lets `look`
    /// see the board so changed, and takes the move back: the cheapest try-and-take-back,
    /// for perft's last ply, where the only question is whether a king is attacked. Inside
    /// `look` the bitboards are those after the move, while the mailbox, side to move, hash,
    /// castling rights, en passant square and clocks are still those before it, so `look`
    /// may only ask about the bitboards (attacks, occupancy).
    #[inline(always)]
    pub fn with_pieces_moved<R>(&mut self, mv: Move, look: impl FnOnce(&Board) -> R) -> R {
        // Copying the bitboards back is cheaper than working out the move's squares again.
        let (by_piece, by_color) = (self.by_piece, self.by_color);
        self.toggle_pieces(mv);
        let result = look(self);
        (self.by_piece, self.by_color) = (by_piece, by_color);
        result
    }

    /// XORs every square `mv` changes into the piece and colour bitboards.
    #[inline(always)]
    fn toggle_pieces(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.mailbox[from.index()] else {
            debug_assert!(false, "toggle_pieces: no piece on {from} for {mv}");
            return;
        };
        let us = piece.color();
        // XOR, not OR: a Chess960 king may castle without leaving its square.
        let from_to = Bitboard::from_square(from) ^ Bitboard::from_square(to);
        self.by_color[us.index()] ^= from_to;
        let code = mv.code();
        if code == QUIET {
            self.by_piece[piece.index()] ^= from_to;
            return;
        }
        let captured_square = if code == EN_PASSANT {
            Square::from_index((to.index() as i8 - us.forward()) as usize)
        } else {
            to
        };
        if let Some(captured) = self.mailbox[captured_square.index()] {
            let bit = Bitboard::from_square(captured_square);
            self.by_piece[captured.index()] ^= bit;
            self.by_color[(!us).index()] ^= bit;
        }
        if let Some(kind) = mv.promotion_piece() {
            self.by_piece[piece.index()] ^= Bitboard::from_square(from);
            self.by_piece[Piece::new(us, kind).index()] ^= Bitboard::from_square(to);
            return;
        }
        self.by_piece[piece.index()] ^= from_to;
        if code == CASTLE {
            let side = self.castling_setup.by_king_target(us, to);
            let rook_squares =
                Bitboard::from_square(side.rook_from) ^ Bitboard::from_square(side.rook_to);
            self.by_piece[Piece::new(us, PieceKind::Rook).index()] ^= rook_squares;
            self.by_color[us.index()] ^= rook_squares;
        }
    }

    /// The rare kinds of move: double push, castling, en passant and promotions. Moves the
    /// pieces and returns the hash change beyond the moving piece's own from/to keys.
    #[inline(always)]
    fn make_special(&mut self, mv: Move, piece: Piece, undo: &mut Undo) -> u64 {
        let keys = ZobristKeys::get();
        let us = piece.color();
        let (from, to) = (mv.from(), mv.to());
        let mut hash = 0;
        match mv.code() {
            DOUBLE_PUSH => {
                self.move_piece(us, piece, from, to);
                let skipped = Square::from_index((from.index() + to.index()) / 2);
                self.en_passant = Some(skipped);
                if self.pawn_can_capture_en_passant(skipped, !us) {
                    hash ^= keys.en_passant(skipped.file());
                }
            }
            CASTLE => {
                let side = *self.castling_setup.by_king_target(us, to);
                self.move_castling_pieces(us, (from, to), (side.rook_from, side.rook_to));
                let rook = Piece::new(us, PieceKind::Rook);
                hash ^= keys.piece(rook, side.rook_from) ^ keys.piece(rook, side.rook_to);
            }
            EN_PASSANT => {
                let captured_square =
                    Square::from_index((to.index() as i8 - us.forward()) as usize);
                let captured = Piece::new(!us, PieceKind::Pawn);
                self.remove_piece(!us, captured, captured_square);
                hash ^= keys.piece(captured, captured_square);
                undo.captured = Some(captured);
                self.move_piece(us, piece, from, to);
            }
            _ => {
                // Promotions, with or without capture.
                if let Some(captured) = self.mailbox[to.index()] {
                    self.remove_piece(!us, captured, to);
                    hash ^= keys.piece(captured, to);
                    undo.captured = Some(captured);
                }
                let promoted = Piece::new(us, mv.promotion_piece().unwrap_or(PieceKind::Queen));
                self.remove_piece(us, piece, from);
                self.put_piece(promoted, to);
                hash ^= keys.piece(piece, to) ^ keys.piece(promoted, to);
            }
        }
        hash
    }

    /// Takes back `mv`, which must be the last move made, restoring every field exactly.
    #[inline(always)]
    pub fn unmake(&mut self, mv: Move, undo: &Undo) {
        let us = !self.side_to_move;
        self.side_to_move = us;
        let from = mv.from();
        let to = mv.to();
        if let Some(piece) = self.mailbox[to.index()] {
            let code = mv.code();
            if code == QUIET {
                self.move_piece(us, piece, to, from);
            } else if code == CAPTURE {
                self.move_piece(us, piece, to, from);
                if let Some(captured) = undo.captured {
                    self.put_piece(captured, to);
                }
            } else {
                self.unmake_special(mv, piece, undo);
            }
        }
        self.fullmove_number = undo.fullmove_number;
        self.castling = undo.castling;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.hash = undo.hash;
    }

    /// Takes back the rare kinds of move (see [`Board::make_special`]).
    #[inline(always)]
    fn unmake_special(&mut self, mv: Move, piece: Piece, undo: &Undo) {
        let us = piece.color();
        let (from, to) = (mv.from(), mv.to());
        match mv.code() {
            DOUBLE_PUSH => self.move_piece(us, piece, to, from),
            CASTLE => {
                let side = *self.castling_setup.by_king_target(us, to);
                self.move_castling_pieces(us, (to, from), (side.rook_to, side.rook_from));
            }
            EN_PASSANT => {
                self.move_piece(us, piece, to, from);
                let captured_square =
                    Square::from_index((to.index() as i8 - us.forward()) as usize);
                self.put_piece(Piece::new(!us, PieceKind::Pawn), captured_square);
            }
            _ => {
                self.remove_piece(us, piece, to);
                self.put_piece(Piece::new(us, PieceKind::Pawn), from);
                if let Some(captured) = undo.captured {
                    self.put_piece(captured, to);
                }
            }
        }
    }

    /// Passes the turn without moving (a null move, for null-move pruning). Clears the en
    /// passant square. Take it back with [`Board::unmake_null`].
    #[inline]
    pub fn make_null(&mut self) -> Undo {
        let keys = ZobristKeys::get();
        let undo = Undo {
            captured: None,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash: self.hash,
        };
        if let (Some(square), true) = (self.en_passant, self.en_passant_capturable()) {
            self.hash ^= keys.en_passant(square.file());
        }
        self.en_passant = None;
        self.hash ^= keys.black_to_move();
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if self.side_to_move == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side_to_move = !self.side_to_move;
        undo
    }

    /// Takes back a null move made with [`Board::make_null`].
    #[inline]
    pub fn unmake_null(&mut self, undo: &Undo) {
        self.side_to_move = !self.side_to_move;
        self.fullmove_number = undo.fullmove_number;
        self.en_passant = undo.en_passant;
        self.halfmove_clock = undo.halfmove_clock;
        self.hash = undo.hash;
    }
}
