//! Where a game starts: the kind of game a player chooses (standard chess, Chess960 by number
//! or at random, Chess Fragments) and the position that gives, or any FEN.

use outpost_board::{random_chess960_number, Board, Variant, CHESS960_POSITIONS};
use outpost_movegen::uci::UciNotation;
use std::fmt;

/// The kind of game a player chooses. Not the board's rule set ([`Variant`]): Chess960 is
/// played by the rules of chess, from another start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum GameKind {
    /// Standard chess from the standard start.
    #[default]
    Standard,
    /// Chess960 (Fischer Random): the back ranks shuffled, castling to the usual squares.
    Chess960,
    /// Chess Fragments: 5×5, with the Right (rook or knight moves) and no castling.
    Fragments,
}

impl GameKind {
    /// Every kind, in the order a menu lists them.
    pub const ALL: [GameKind; 3] = [GameKind::Standard, GameKind::Chess960, GameKind::Fragments];

    /// The rules the board is played by (Chess960 is chess with other castling).
    pub const fn rules(self) -> Variant {
        match self {
            GameKind::Standard | GameKind::Chess960 => Variant::Chess,
            GameKind::Fragments => Variant::Fragments,
        }
    }

    /// The kind's name in messages and options: `standard`, `chess960`, `fragments`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Standard => "standard",
            GameKind::Chess960 => "chess960",
            GameKind::Fragments => "fragments",
        }
    }
}

/// How the Chess960 games of a session choose their start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chess960Start {
    /// Every game starts from the position with this number (0–959).
    Numbered(u16),
    /// Every game starts from a position drawn at random.
    Random,
}

impl Chess960Start {
    /// The start numbered `number` (as a player typed it, any integer), or a random one for
    /// `None`. The error names the numbers there are.
    ///
    /// ```
    /// use outpost_game::Chess960Start;
    ///
    /// assert_eq!(Chess960Start::from_number(Some(518)), Ok(Chess960Start::Numbered(518)));
    /// assert!(Chess960Start::from_number(Some(960)).unwrap_err().to_string().contains("0 to 959"));
    /// ```
    pub fn from_number(number: Option<i64>) -> Result<Chess960Start, StartError> {
        match number {
            None => Ok(Chess960Start::Random),
            Some(number) => u16::try_from(number)
                .ok()
                .filter(|&number| number < CHESS960_POSITIONS)
                .map(Chess960Start::Numbered)
                .ok_or(StartError::Chess960Number(number.to_string())),
        }
    }

    /// Reads a start position's number from text, `0` to `959`.
    pub fn parse(text: &str) -> Result<Chess960Start, StartError> {
        match text.trim().parse::<i64>() {
            Ok(number) => Chess960Start::from_number(Some(number)),
            Err(_) => Err(StartError::Chess960Number(text.to_string())),
        }
    }

    /// The next game's start position and its number (a new one each time for
    /// [`Chess960Start::Random`]).
    pub fn next(self) -> (Board, u16) {
        let number = match self {
            Chess960Start::Numbered(number) => number,
            Chess960Start::Random => random_chess960_number(),
        };
        // Every number below 960 has its position; the standard one is a harmless fallback.
        (
            Board::chess960(number).unwrap_or_else(Board::startpos),
            number,
        )
    }
}

/// A start a player asked for that cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// Not a Chess960 start position's number (the text given).
    Chess960Number(String),
    /// A Chess960 game starts from its numbered position, not from a FEN.
    Chess960WithFen,
    /// A number was given for a game that is not Chess960.
    NumberWithoutChess960,
    /// The FEN was refused (the reason).
    Fen(String),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Chess960Number(text) => write!(
                f,
                "Chess960 start positions are numbered 0 to {}, not {text}",
                CHESS960_POSITIONS - 1
            ),
            StartError::Chess960WithFen => {
                f.write_str("a Chess960 game starts from its numbered position, not from a FEN")
            }
            StartError::NumberWithoutChess960 => {
                f.write_str("a start position's number is for Chess960 games only")
            }
            StartError::Fen(reason) => write!(f, "FEN: {reason}"),
        }
    }
}

impl std::error::Error for StartError {}

/// The start of a new game of `kind` (any rule set when `None`): its start position, or `fen`
/// (which must then be of that kind's rules), or for Chess960 the position numbered `number`
/// or a random one. Returns the board and, for a Chess960 game, its number.
///
/// ```
/// use outpost_game::{start_position, GameKind};
///
/// let (board, number) = start_position(Some(GameKind::Chess960), None, Some(3)).unwrap();
/// assert_eq!(number, Some(3));
/// assert!(board.to_fen().starts_with("bqnnrkrb/"));
/// let fragments = outpost_board::Variant::Fragments.start_fen();
/// let (board, _) = start_position(None, Some(fragments), None).unwrap();
/// assert_eq!(board.variant().size(), 5);
/// ```
pub fn start_position(
    kind: Option<GameKind>,
    fen: Option<&str>,
    number: Option<i64>,
) -> Result<(Board, Option<u16>), StartError> {
    let fen = fen.map(str::trim).filter(|fen| !fen.is_empty());
    if kind == Some(GameKind::Chess960) {
        if fen.is_some() {
            return Err(StartError::Chess960WithFen);
        }
        let (board, number) = Chess960Start::from_number(number)?.next();
        return Ok((board, Some(number)));
    }
    if number.is_some() {
        return Err(StartError::NumberWithoutChess960);
    }
    let board = match (fen, kind) {
        (None, None | Some(GameKind::Standard)) => Ok(Board::startpos()),
        (None, Some(kind)) => Board::from_fen(kind.rules().start_fen()),
        (Some(fen), None) => Board::from_fen(fen),
        (Some(fen), Some(kind)) => Board::from_fen_in(fen, kind.rules()),
    };
    board
        .map(|board| (board, None))
        .map_err(|error| StartError::Fen(error.to_string()))
}

/// The start position of `variant`'s rules.
pub fn variant_start(variant: Variant) -> Board {
    // Both start FENs are valid; the standard start is a harmless fallback.
    Board::from_fen(variant.start_fen()).unwrap_or_else(|_| Board::startpos())
}

/// How the moves of a game from `start` are written: castling as king takes rook when the
/// start has Chess960 castling (where `f1g1` could be a plain king move), as in standard UCI
/// otherwise. It depends on the start alone, so that a game kept as its moves reads back.
pub fn notation_for(start: &Board) -> UciNotation {
    UciNotation::for_board(start, start.has_chess960_castling())
}

/// How a game is named on screen: `Chess`, `Chess960 #123`, `Chess Fragments`.
pub fn game_title(variant: Variant, chess960: Option<u16>) -> String {
    match (variant, chess960) {
        (Variant::Fragments, _) => "Chess Fragments".to_string(),
        (_, Some(number)) => format!("Chess960 #{number}"),
        (Variant::Chess, None) => "Chess".to_string(),
        // A rule set added later: its name.
        (other, None) => other.name().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_name_their_positions_and_others_are_refused() {
        let (board, number) = start_position(Some(GameKind::Chess960), None, Some(518)).unwrap();
        assert_eq!((board, number), (Board::startpos(), Some(518)));
        let (board, number) = start_position(Some(GameKind::Chess960), None, None).unwrap();
        assert_eq!(Board::chess960(number.unwrap()), Some(board));
        for bad in [960, -1, i64::MAX] {
            let error = start_position(Some(GameKind::Chess960), None, Some(bad)).unwrap_err();
            assert!(error.to_string().contains("0 to 959"), "{error}");
        }
        for bad in ["960", "-1", "x", ""] {
            assert!(Chess960Start::parse(bad)
                .unwrap_err()
                .to_string()
                .contains("0 to 959"));
        }
        assert_eq!(Chess960Start::parse(" 7 "), Ok(Chess960Start::Numbered(7)));
        assert_eq!(
            start_position(Some(GameKind::Standard), None, Some(3)),
            Err(StartError::NumberWithoutChess960)
        );
        assert_eq!(
            start_position(Some(GameKind::Chess960), Some("8/8 w - - 0 1"), None),
            Err(StartError::Chess960WithFen)
        );
    }

    #[test]
    fn a_fen_must_be_of_the_kind_asked_for() {
        let fragments = GameKind::Fragments.rules().start_fen();
        let (board, _) = start_position(Some(GameKind::Fragments), None, None).unwrap();
        assert_eq!(board.to_fen(), fragments);
        assert!(start_position(Some(GameKind::Standard), Some(fragments), None).is_err());
        assert!(start_position(None, Some(fragments), None).is_ok());
        let error = start_position(None, Some("8/8/8 w - - 0 1"), None).unwrap_err();
        assert!(error.to_string().starts_with("FEN: "), "{error}");
    }

    #[test]
    fn games_are_named_and_written_by_their_start() {
        assert_eq!(game_title(Variant::Chess, Some(123)), "Chess960 #123");
        assert_eq!(game_title(Variant::Fragments, None), "Chess Fragments");
        assert!(!notation_for(&Board::startpos()).is_chess960());
        assert!(notation_for(&Board::chess960(3).unwrap()).is_chess960());
        assert_eq!(
            variant_start(Variant::Fragments).variant(),
            Variant::Fragments
        );
    }
}
