//! The messages between the page and the server: JSON objects with a `type` field, one per
//! WebSocket text message.
//!
//! The page sends [`ClientMessage`]s; the server answers with [`ServerMessage`]s. Every square
//! and move is written as in UCI (`e4`, `e2e4`, `e7e8q`; `a4a5c` promotes to the Right of
//! Chess Fragments), every score from white's side.

use outpost_game::GameKind;
use serde::{Deserialize, Serialize};

/// A message from the page.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// A new game from the standard position, from `fen`, from the Chess Fragments start
    /// (with `kind` `fragments`), or (with `kind` `chess960`) from Chess960 start position
    /// `number`, or a random one when `number` is absent.
    NewGame {
        /// The position to start from (the kind's start when absent). Without a `kind` it may
        /// be a position of either rule set (8×8 or 5×5); with one, it must be of that kind's
        /// rules.
        #[serde(default)]
        fen: Option<String>,
        /// The kind of game: `standard`, `chess960` or `fragments` (absent: standard chess,
        /// or the rule set of `fen`).
        #[serde(default)]
        kind: Option<GameKind>,
        /// The Chess960 start position's number, 0 to 959 (random when absent).
        #[serde(default)]
        number: Option<i64>,
    },
    /// A game read from PGN text (its first game).
    LoadPgn {
        /// The PGN text.
        pgn: String,
    },
    /// A game given by its start and its moves (the page resuming a game it kept).
    SetGame {
        /// The start position (the standard one when absent).
        #[serde(default)]
        start_fen: Option<String>,
        /// The moves in UCI notation, as [`ServerMessage::State`] wrote them.
        #[serde(default)]
        moves: Vec<String>,
        /// The Chess960 number of the start position, for a Chess960 game (kept only when
        /// `start_fen` is that position).
        #[serde(default)]
        chess960: Option<u16>,
    },
    /// The player's move: the squares where a piece was picked up and put down, and the
    /// promotion piece (`e2e4`, `e7e8q`). Castling is the king put down on its own rook
    /// (`e1h1`), or on its target square (`e1g1`) where that is no other king move.
    Move {
        /// The move (`e2e4`, `e7e8q`, `e1h1`).
        uci: String,
    },
    /// The engine thinks `think_ms` milliseconds and plays its move, at the rating `level`
    /// (full strength when absent).
    Go {
        /// Time to think, 1 to [`crate::session::MAX_THINK_MS`].
        think_ms: u64,
        /// The rating to play at, from [`outpost_game::Level::MIN_ELO`] to
        /// [`outpost_game::Level::MAX_ELO`] (the page offers
        /// [`outpost_game::levels::LEVEL_CHOICES`]).
        #[serde(default)]
        level: Option<i64>,
    },
    /// Stops the engine's thinking: it plays the best move found so far.
    Stop,
    /// Takes back `plies` half-moves (1 when absent); stops the engine's thinking first.
    TakeBack {
        /// Half-moves to take back.
        #[serde(default)]
        plies: Option<usize>,
    },
    /// Analysis mode on or off: the engine thinks about the position without playing.
    Analyse {
        /// On or off.
        on: bool,
    },
    /// Count (perft) the standard positions against their published counts.
    Count {
        /// One position (its index in [`ServerMessage::Hello`]'s list), or all of them.
        #[serde(default)]
        position: Option<usize>,
        /// Count no deeper than this.
        #[serde(default)]
        max_depth: Option<u32>,
    },
    /// Stops the count.
    StopCount,
    /// The evaluation's piece-square tables, of chess or (with `rules` `fragments`) of
    /// Chess Fragments.
    Tables {
        /// The rule set, `chess` or `fragments`, as [`ServerMessage::State`]'s `variant`
        /// names it (absent: chess).
        #[serde(default)]
        rules: Option<String>,
    },
}

/// A score from white's side: centipawns, or mate in `mate` moves (negative: black mates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WhiteScore {
    /// Centipawns, for a score that is not a mate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Full moves to mate: positive when white mates, negative when black does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
}

/// How the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameEnd {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// Why: `checkmate, white wins`, `draw by stalemate`, …
    pub reason: String,
}

/// One standard position that Count knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CountPosition {
    /// Its name (`Start`, `Kiwipete`, …).
    pub name: String,
    /// Its FEN.
    pub fen: String,
}

/// The middlegame and endgame tables of one piece, for a white piece, in centipawns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceTables {
    /// The piece's name.
    pub piece: &'static str,
    /// Value plus square bonus in the middlegame, indexed by rank × size + file (a1 = 0 …
    /// h8 = 63 in chess, a1 = 0 … e5 = 24 in Chess Fragments).
    pub middlegame: Vec<i32>,
    /// The same in the endgame.
    pub endgame: Vec<i32>,
}

/// Which search an [`ServerMessage::Info`] comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchKind {
    /// The engine thinking about its move.
    Play,
    /// Analysis mode.
    Analysis,
}

/// A message to the page.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The first message of a session.
    Hello {
        /// The engine's name and version.
        engine: String,
        /// Search threads per session.
        threads: usize,
        /// Hash table per session, MiB.
        hash_mib: usize,
        /// The longest think time accepted.
        max_think_ms: u64,
        /// The positions Count knows, in order.
        count_positions: Vec<CountPosition>,
    },
    /// The game: sent after every change.
    State {
        /// The start position.
        start_fen: String,
        /// The current position.
        fen: String,
        /// The Chess960 number of the start position, for a Chess960 game.
        chess960: Option<u16>,
        /// The rules: `chess` (Chess960 too) or `fragments` (Chess Fragments, on 5×5).
        variant: &'static str,
        /// Files and ranks of the board: 8, or 5 for Chess Fragments.
        size: usize,
        /// The moves played, in UCI notation (castling as king takes rook, `e1h1`, when the
        /// game has Chess960 castling).
        moves: Vec<String>,
        /// The same moves in SAN.
        san: Vec<String>,
        /// The legal moves of the current position, in the notation of `moves`.
        legal: Vec<String>,
        /// What the player may enter on the board: the squares of every legal move, from and
        /// to (and the promotion piece), castling as the king onto its rook and, where that is
        /// no other king move, onto its target square. A [`ClientMessage::Move`] takes these.
        picks: Vec<String>,
        /// `w` or `b`.
        side_to_move: &'static str,
        /// The square of the king in check, if any.
        check: Option<String>,
        /// The end of the game, if it has ended.
        end: Option<GameEnd>,
        /// The game in PGN.
        pgn: String,
        /// The static evaluation from white's side, in centipawns.
        eval_cp: i32,
        /// The evaluation explained, as UCI `eval` shows it.
        eval_text: String,
        /// The engine is thinking about its move.
        thinking: bool,
        /// Analysis mode is on.
        analysing: bool,
    },
    /// What the search weighs: one line per iteration (and per line in analysis).
    Info {
        /// Which search.
        search: SearchKind,
        /// Nominal depth.
        depth: i32,
        /// Selective depth.
        seldepth: i32,
        /// 1 for the best line.
        multipv: usize,
        /// The score from white's side.
        score: WhiteScore,
        /// `exact`, `lower` or `upper`.
        bound: &'static str,
        /// Positions searched.
        nodes: u64,
        /// Positions per second.
        nps: u64,
        /// Milliseconds since the search started.
        time_ms: u64,
        /// The expected line in SAN.
        pv_san: Vec<String>,
        /// The expected line in UCI notation.
        pv: Vec<String>,
    },
    /// The engine's move (a [`ServerMessage::State`] with it played follows).
    BestMove {
        /// The move in UCI notation.
        uci: String,
        /// The move in SAN.
        san: String,
        /// Its score from white's side.
        score: WhiteScore,
        /// The depth reached.
        depth: i32,
        /// Positions searched.
        nodes: u64,
        /// Milliseconds used.
        time_ms: u64,
    },
    /// One depth of one position counted.
    CountRow {
        /// The position's name.
        position: String,
        /// The depth.
        depth: u32,
        /// The count.
        nodes: u64,
        /// The published count.
        expected: u64,
        /// `nodes == expected`.
        same: bool,
        /// Milliseconds.
        time_ms: u64,
        /// Positions per second.
        nps: u64,
    },
    /// Count has ended.
    CountDone {
        /// `finished` or `stopped`.
        reason: &'static str,
    },
    /// The piece-square tables.
    Tables {
        /// The rules they are for: `chess` or `fragments`.
        variant: &'static str,
        /// Files and ranks of the board: 8 or 5.
        size: usize,
        /// Pawn, knight, bishop, rook, queen, king (in Chess Fragments the Right in the
        /// rook's place).
        pieces: Vec<PieceTables>,
    },
    /// Something the page sent could not be done; the session goes on.
    Error {
        /// What was wrong.
        message: String,
    },
}

impl ServerMessage {
    /// An [`ServerMessage::Error`].
    pub fn error(message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            message: message.into(),
        }
    }

    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        // Serialising these plain structures cannot fail; an empty object would be ignored.
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }
}
