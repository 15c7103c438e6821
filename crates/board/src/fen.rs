//! FEN: reading and writing positions as text.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::castling::{
    back_rank, file_letter, CastleSide, CastlingRights, CastlingSetup, CASTLE_SIDES,
};
use crate::types::{Color, File, Piece, PieceKind, Rank, Square};
use crate::validate::{validate, validate_king_counts};
use crate::variant::Variant;
use std::fmt;

/// Why a FEN string was rejected. Each variant names the field and what was wrong with it.
///
/// ```
/// use outpost_board::{Board, Color, FenError};
///
/// // A side without its king.
/// let error = Board::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
/// assert_eq!(error, FenError::KingCount { color: Color::Black, found: 0 });
/// println!("{error}"); // says what was wrong, for a person
///
/// // A field that is not what FEN puts there.
/// let error = Board::from_fen("4k3/8/8/8/8/8/8/4K3 x - - 0 1").unwrap_err();
/// assert!(matches!(error, FenError::SideToMove(field) if field == "x"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// A FEN has 6 space-separated fields (4 are accepted, the counters then default to 0 1).
    FieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// A character in the piece placement that is neither a piece letter, a digit 1-8 nor `/`.
    UnknownPiece {
        /// The rank (counted from 8, as written) where it stood.
        rank: char,
        /// The character.
        character: char,
        /// The rule set of the placement (by its number of ranks).
        variant: Variant,
    },
    /// A piece letter of the other rule set: the Right (`C`) in standard chess, a rook in
    /// Chess Fragments.
    PieceNotInVariant {
        /// The letter.
        character: char,
        /// The rule set of the placement (by its number of ranks).
        variant: Variant,
    },
    /// A rank of the piece placement that does not describe exactly 8 squares (5 in Chess
    /// Fragments).
    RankLength {
        /// The rank, as written (`8` first).
        rank: char,
        /// How many squares it described.
        squares: usize,
        /// The rule set of the placement (by its number of ranks).
        variant: Variant,
    },
    /// A position of the other rule set than the one asked for (see [`Board::from_fen_in`]).
    OtherVariant {
        /// The rule set of the placement (by its number of ranks).
        found: Variant,
        /// The rule set asked for.
        expected: Variant,
    },
    /// The piece placement does not have 8 ranks (standard chess) or 5 (Chess Fragments).
    RankCount {
        /// How many ranks there were.
        found: usize,
    },
    /// The side-to-move field is not `w` or `b`.
    SideToMove(String),
    /// The castling field is not `-` or letters `KQkq` (X-FEN) and rook files `A`-`H`,
    /// `a`-`h` (Shredder-FEN), with at most one right per side of each king.
    Castling(String),
    /// A castling right without its king on the back rank or without a rook where the right
    /// names one (on that side of the king, or on the file given).
    ImpossibleCastling {
        /// The right (`K`, `Q`, `k` or `q`).
        right: char,
        /// What is missing.
        reason: &'static str,
    },
    /// The en passant field is not `-` or a square name.
    EnPassant(String),
    /// An en passant square that no double push of the last move could have produced.
    ImpossibleEnPassant {
        /// The square.
        square: Square,
        /// Why it cannot be.
        reason: &'static str,
    },
    /// The halfmove clock is not a number (0 to 65535).
    HalfmoveClock(String),
    /// The fullmove number is not a number (0 to 65535).
    FullmoveNumber(String),
    /// A side does not have exactly one king.
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        found: u32,
    },
    /// A pawn on the first or last rank.
    PawnOnBackRank {
        /// Where.
        square: Square,
    },
    /// The side that is not to move is in check: the side to move could capture the king.
    OpponentInCheck,
    /// A side has more than 8 pawns (5 in Chess Fragments).
    TooManyPawns {
        /// The side.
        color: Color,
        /// How many pawns it has.
        found: u32,
        /// The rule set of the placement (by its number of ranks).
        variant: Variant,
    },
    /// A side has more than 16 pieces, king and pawns included (10 in Chess Fragments).
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many pieces it has.
        found: u32,
        /// The rule set of the placement (by its number of ranks).
        variant: Variant,
    },
    /// A side has more promoted pieces than pawns it has lost: the queens, rooks, bishops and
    /// knights beyond the initial 1, 2, 2 and 2 number more than 8 minus its pawns.
    TooManyPromotedPieces {
        /// The side.
        color: Color,
        /// How many pieces it has beyond the initial set.
        promoted: u32,
        /// How many pawns it lacks (8 minus its pawns): the most it could have promoted.
        missing_pawns: u32,
        /// The rule set of the placement (by its number of ranks).
        variant: Variant,
    },
    /// The side to move is attacked by more than two pieces: no move gives a triple check.
    TooManyCheckers {
        /// The king of the side to move.
        king: Square,
        /// How many pieces attack it.
        found: u32,
    },
    /// The side to move is in a double check that no single move can give.
    ImpossibleCheck {
        /// The king of the side to move.
        king: Square,
        /// The squares of the two checkers.
        checkers: [Square; 2],
        /// Why no move gives these two checks at once.
        reason: &'static str,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount { found: 1 } => write!(
                f,
                "FEN has 1 field; expected 6 (placement, side, castling, en passant, \
                 halfmove clock, fullmove number) or the first 4"
            ),
            FenError::FieldCount { found } => write!(
                f,
                "FEN has {found} fields; expected 6 (placement, side, castling, en passant, \
                 halfmove clock, fullmove number) or the first 4"
            ),
            FenError::UnknownPiece {
                rank,
                character,
                variant,
            } => match variant {
                Variant::Chess => write!(
                    f,
                    "piece placement: '{character}' on rank {rank} is not a piece letter \
                     (PNBRQK or pnbrqk) or a digit 1-8"
                ),
                Variant::Fragments => write!(
                    f,
                    "piece placement: '{character}' on rank {rank} is not a piece letter of \
                     Chess Fragments (PNBCQK or pnbcqk) or a digit 1-5"
                ),
            },
            FenError::PieceNotInVariant { character, variant } => write!(
                f,
                "piece placement: '{character}' is not a piece of {}",
                match variant {
                    Variant::Chess =>
                        "standard chess (the Right, C, is a piece of Chess Fragments)",
                    Variant::Fragments => "Chess Fragments, which has no rooks",
                }
            ),
            FenError::RankLength {
                rank,
                squares,
                variant,
            } => write!(
                f,
                "piece placement: rank {rank} describes {squares} squares instead of {}",
                variant.size()
            ),
            FenError::OtherVariant { found, expected } => write!(
                f,
                "the FEN is a position of {}, not of {}",
                variant_title(*found),
                variant_title(*expected)
            ),
            FenError::RankCount { found } => {
                write!(
                    f,
                    "piece placement has {found} ranks instead of 8 (5 for Chess Fragments)"
                )
            }
            FenError::SideToMove(text) => {
                write!(f, "side to move is '{text}'; expected 'w' or 'b'")
            }
            FenError::Castling(text) => write!(
                f,
                "castling rights '{text}' are not '-' or letters from KQkq (or rook files \
                 A-H, a-h for Chess960), each side of each king at most once"
            ),
            FenError::ImpossibleCastling { right, reason } => {
                write!(f, "castling right '{right}' is impossible: {reason}")
            }
            FenError::EnPassant(text) => {
                write!(
                    f,
                    "en passant field '{text}' is not '-' or a square like e3"
                )
            }
            FenError::ImpossibleEnPassant { square, reason } => {
                write!(f, "en passant square {square} is impossible: {reason}")
            }
            FenError::HalfmoveClock(text) => {
                write!(f, "halfmove clock '{text}' is not a number from 0 to 65535")
            }
            FenError::FullmoveNumber(text) => {
                write!(
                    f,
                    "fullmove number '{text}' is not a number from 0 to 65535"
                )
            }
            FenError::KingCount { color, found } => {
                write!(f, "{color} has {found} kings; each side needs exactly one")
            }
            FenError::PawnOnBackRank { square } => {
                write!(f, "a pawn stands on {square}, on the first or last rank")
            }
            FenError::OpponentInCheck => {
                write!(
                    f,
                    "the side not to move is in check (its king could be captured)"
                )
            }
            FenError::TooManyPawns {
                color,
                found,
                variant,
            } => {
                write!(
                    f,
                    "{color} has {found} pawns; a side has at most {}",
                    variant.pawns()
                )
            }
            FenError::TooManyPieces {
                color,
                found,
                variant,
            } => write!(
                f,
                "{color} has {found} pieces; a side has at most {}, king and pawns included",
                2 * variant.pawns()
            ),
            FenError::TooManyPromotedPieces {
                color,
                promoted,
                missing_pawns,
                variant,
            } => write!(
                f,
                "{color} has {promoted} pieces beyond {}, but only {missing_pawns} pawns \
                 missing that could have promoted",
                match variant {
                    Variant::Chess => "1 queen, 2 rooks, 2 bishops and 2 knights",
                    Variant::Fragments => "1 queen, 1 Right, 1 bishop and 1 knight",
                }
            ),
            FenError::TooManyCheckers { king, found } => write!(
                f,
                "the king on {king} is attacked by {found} pieces; no move gives more than \
                 a double check"
            ),
            FenError::ImpossibleCheck {
                king,
                checkers: [first, second],
                reason,
            } => write!(
                f,
                "the king on {king} is checked from {first} and {second}, which is \
                 impossible: {reason}"
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// How an error names a rule set.
fn variant_title(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "standard chess (8x8)",
        Variant::Fragments => "Chess Fragments (5x5)",
    }
}

impl std::str::FromStr for Board {
    type Err = FenError;
    fn from_str(fen: &str) -> Result<Board, FenError> {
        Board::from_fen(fen)
    }
}

impl Board {
    /// Parses a FEN string. The two counters may be left out, as GUIs sometimes do; they then
    /// default to `0 1`. The position is checked for legality (see [`FenError`]).
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 4 {
            return Err(FenError::FieldCount {
                found: fields.len(),
            });
        }
        let mut board = Board::empty();
        parse_placement(&mut board, fields[0])?;
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        // The castling letters name rooks, so the kings must be known first.
        validate_king_counts(&board)?;
        let castling = parse_castling(&board, fields[2])?;
        let en_passant = match fields[3] {
            "-" => None,
            text => Some(
                text.parse::<Square>()
                    .map_err(|_| FenError::EnPassant(text.to_string()))?,
            ),
        };
        let (halfmove, fullmove) = if fields.len() == 6 {
            (
                fields[4]
                    .parse::<u16>()
                    .map_err(|_| FenError::HalfmoveClock(fields[4].to_string()))?,
                fields[5]
                    .parse::<u16>()
                    .map_err(|_| FenError::FullmoveNumber(fields[5].to_string()))?,
            )
        } else {
            (0, 1)
        };
        board.set_state(side, castling, en_passant, halfmove, fullmove);
        validate(&board)?;
        Ok(board)
    }

    /// Parses a FEN string of the rule set `variant`: as [`Board::from_fen`], but a position
    /// of the other rule set is [`FenError::OtherVariant`].
    pub fn from_fen_in(fen: &str, variant: Variant) -> Result<Board, FenError> {
        let board = Board::from_fen(fen)?;
        if board.variant() != variant {
            return Err(FenError::OtherVariant {
                found: board.variant(),
                expected: variant,
            });
        }
        Ok(board)
    }

    /// The position as a FEN string; parsing it gives back an equal board. Castling rights
    /// are written as X-FEN: `KQkq` for the outermost rook on each side of the king (all of
    /// standard chess), the rook's file otherwise (Chess960 only).
    pub fn to_fen(&self) -> String {
        self.fen_with(CastlingStyle::XFen)
    }

    /// The position as Shredder-FEN: as [`Board::to_fen`], but every castling right written
    /// as its rook's file (`HAha` for the standard start).
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(CastlingStyle::Shredder)
    }

    fn fen_with(&self, style: CastlingStyle) -> String {
        let mut fen = String::with_capacity(90);
        let size = self.variant().size();
        for rank in Rank::all().take(size).collect::<Vec<_>>().into_iter().rev() {
            let mut empty = 0;
            for file in File::all().take(size) {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(piece.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank.index() > 0 {
                fen.push('/');
            }
        }
        let side = match self.side_to_move() {
            Color::White => 'w',
            Color::Black => 'b',
        };
        let en_passant = self
            .en_passant()
            .map_or_else(|| "-".to_string(), |square| square.to_string());
        format!(
            "{fen} {side} {} {en_passant} {} {}",
            self.castling_field(style),
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }
}

fn parse_placement(board: &mut Board, placement: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    let variant = Variant::ALL
        .into_iter()
        .find(|variant| variant.size() == ranks.len())
        .ok_or(FenError::RankCount { found: ranks.len() })?;
    board.set_variant(variant);
    let size = variant.size();
    for (row, text) in ranks.iter().enumerate() {
        let rank_index = size - 1 - row;
        let rank_label = char::from(b'1' + rank_index as u8);
        let mut file_index = 0usize;
        for character in text.chars() {
            if let Some(skip) = character
                .to_digit(10)
                .filter(|&d| (1..=size as u32).contains(&d))
            {
                file_index += skip as usize;
            } else if let Some(piece) = Piece::from_fen_char(character) {
                if !variant.has_kind(piece.kind()) {
                    return Err(FenError::PieceNotInVariant { character, variant });
                }
                if file_index < size {
                    let square = Square::from_index(rank_index * 8 + file_index);
                    board.put_piece(piece, square);
                }
                file_index += 1;
            } else {
                return Err(FenError::UnknownPiece {
                    rank: rank_label,
                    character,
                    variant,
                });
            }
        }
        if file_index != size {
            return Err(FenError::RankLength {
                rank: rank_label,
                squares: file_index,
                variant,
            });
        }
    }
    Ok(())
}

/// How a FEN writes castling rights.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CastlingStyle {
    /// `KQkq` where the outermost rook castles, the rook's file otherwise.
    XFen,
    /// Always the rook's file.
    Shredder,
}

impl Board {
    /// The castling field of a FEN in `style`.
    fn castling_field(&self, style: CastlingStyle) -> String {
        let rights = self.castling_rights();
        if rights.is_empty() {
            return "-".to_string();
        }
        let mut field = String::with_capacity(4);
        for (standard, letter) in CASTLE_SIDES.iter().zip(['K', 'Q', 'k', 'q']) {
            if !rights.contains(standard.right) {
                continue;
            }
            let side = self.castling_setup().side(standard.right);
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let outermost = outermost_rook(self, color, side.king_from, side.is_king_side());
            if style == CastlingStyle::XFen && outermost == Some(side.rook_from) {
                field.push(letter);
            } else {
                field.push(file_letter(color, side.rook_from.file()));
            }
        }
        field
    }
}

/// The rook of `color` furthest from its king on the king's back rank, towards the h-file
/// (`king_side`) or the a-file: the rook `K` or `Q` names in X-FEN.
fn outermost_rook(board: &Board, color: Color, king: Square, king_side: bool) -> Option<Square> {
    let rooks = board.pieces_of(color, PieceKind::Rook) & Bitboard::rank(back_rank(color));
    let mut beyond = rooks.filter(|rook| (rook.file() > king.file()) == king_side);
    if king_side {
        beyond.last()
    } else {
        beyond.next()
    }
}

/// Reads the castling field: `-`, or letters in any order, each naming one right: `K`/`k`
/// and `Q`/`q` the outermost rook on the h-file or a-file side of the king (X-FEN), a file
/// letter `A`-`H`/`a`-`h` the rook on that file (Shredder-FEN, and X-FEN in Chess960).
fn parse_castling(board: &Board, text: &str) -> Result<(CastlingRights, CastlingSetup), FenError> {
    let mut rights = CastlingRights::empty();
    let mut sides = CASTLE_SIDES;
    if text == "-" {
        return Ok((rights, CastlingSetup::standard()));
    }
    if text.is_empty() || text.chars().count() > 4 {
        return Err(FenError::Castling(text.to_string()));
    }
    if board.variant() == Variant::Fragments {
        return Err(FenError::ImpossibleCastling {
            right: text.chars().next().unwrap_or('-'),
            reason: "Chess Fragments has no castling",
        });
    }
    for letter in text.chars() {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let impossible = |reason| FenError::ImpossibleCastling {
            right: letter,
            reason,
        };
        let rook = match letter.to_ascii_lowercase() {
            'k' | 'q' => None,
            other => {
                Some(File::from_letter(other).ok_or_else(|| FenError::Castling(text.to_string()))?)
            }
        };
        let king = board.king_square(color);
        if king.rank() != back_rank(color) {
            return Err(impossible("the king is not on its first rank"));
        }
        let (rook_square, king_side) = match rook {
            None => {
                let king_side = letter.eq_ignore_ascii_case(&'k');
                let rook = outermost_rook(board, color, king, king_side).ok_or_else(|| {
                    impossible(if king_side {
                        "no rook of its colour between the king and the h-file corner"
                    } else {
                        "no rook of its colour between the king and the a-file corner"
                    })
                })?;
                (rook, king_side)
            }
            Some(file) => {
                let square = Square::from_coords(file, back_rank(color));
                if board.piece_at(square) != Some(Piece::new(color, PieceKind::Rook)) {
                    return Err(impossible(
                        "no rook of its colour stands on that file of the first rank",
                    ));
                }
                if file == king.file() {
                    return Err(impossible("the king stands on that file"));
                }
                (square, file > king.file())
            }
        };
        let side = CastleSide::new(
            color,
            king_side,
            king.file().index() as u8,
            rook_square.file().index() as u8,
        );
        if rights.contains(side.right) {
            return Err(FenError::Castling(text.to_string()));
        }
        rights |= side.right;
        sides[color.index() * 2 + usize::from(!king_side)] = side;
    }
    Ok((rights, CastlingSetup::from_sides(sides, rights)))
}
