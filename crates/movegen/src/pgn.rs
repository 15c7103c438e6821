//! Portable Game Notation (PGN): whole games as text, for chess GUIs, databases and people.
//!
//! [`write_pgn`] (or the `Display` of [`PgnGame`]) writes the seven standard tags in their
//! order (`Event`, `Site`, `Date`, `Round`, `White`, `Black`, `Result`), then `SetUp` and
//! `FEN` when the game does not start from the standard position, `Termination` when the
//! reason the game ended is known, and any other tags; then the moves in SAN with move
//! numbers, wrapped at 80 characters, ending with the reason as a comment and the result:
//!
//! ```text
//! [Event "?"]
//! ...
//! [Result "0-1"]
//! [Termination "Checkmate"]
//!
//! 1. f3 e5 2. g4 Qh4# {Checkmate} 0-1
//! ```
//!
//! [`read_pgn`] reads one or many games back. It skips comments (`{...}` and `;` to the end of
//! the line), variations (`( ... )`, nested too), numeric annotation glyphs (`$1`), suffixes
//! such as `!?`, move numbers (`12.`, `12...`, `12.Nf3`) and `%` escape lines, honours the
//! `FEN` tag, and reads each move with [`parse_san`] on the position it is played from, so
//! the lenient forms described in [`crate::san`] are accepted. Errors say which game, which
//! move and which line; no input makes it panic.
//!
//! ```
//! use outpost_movegen::pgn::{read_pgn, write_pgn, PgnGame, PgnResult};
//! use outpost_movegen::Game;
//!
//! let mut game = Game::startpos();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_san(san).unwrap();
//! }
//! let pgn = PgnGame::from_game(&game, &[("White", "Fool"), ("Black", "Fate")]);
//! assert_eq!(pgn.result, PgnResult::BlackWins);
//! let text = write_pgn(&pgn);
//! assert!(text.ends_with("1. f3 e5 2. g4 Qh4# {Checkmate} 0-1\n"));
//!
//! let games = read_pgn(&text).unwrap();
//! assert_eq!(games, vec![pgn]);
//! assert_eq!(games[0].tag("White"), Some("Fool"));
//! ```

use crate::legal::legal_moves;
use crate::san::{parse_san, to_san, SanError};
use crate::status::{Game, GameStatus};
use outpost_board::{Board, Color, FenError, Move};
use std::fmt;

/// The seven tags every PGN game has, in the order they are written.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Tags that [`PgnGame`] keeps in fields of their own rather than in [`PgnGame::tags`].
const FIELD_TAGS: [&str; 4] = ["Result", "FEN", "SetUp", "Termination"];

/// The longest line of movetext that [`write_pgn`] writes.
const LINE_WIDTH: usize = 80;

/// The outcome of a game as PGN writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PgnResult {
    /// White won: `1-0`.
    WhiteWins,
    /// Black won: `0-1`.
    BlackWins,
    /// A draw: `1/2-1/2`.
    Draw,
    /// Unknown, or the game goes on: `*`.
    #[default]
    Unknown,
}

impl PgnResult {
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }

    /// Reads a result token (`1-0`, `0-1`, `1/2-1/2`, `*`); `None` for anything else.
    pub fn from_token(token: &str) -> Option<PgnResult> {
        match token {
            "1-0" => Some(PgnResult::WhiteWins),
            "0-1" => Some(PgnResult::BlackWins),
            "1/2-1/2" => Some(PgnResult::Draw),
            "*" => Some(PgnResult::Unknown),
            _ => None,
        }
    }

    /// The result of a game with this status ([`PgnResult::Unknown`] while it goes on).
    pub fn from_status(status: GameStatus) -> PgnResult {
        match status {
            GameStatus::Ongoing => PgnResult::Unknown,
            GameStatus::Checkmate {
                winner: Color::White,
            } => PgnResult::WhiteWins,
            GameStatus::Checkmate {
                winner: Color::Black,
            } => PgnResult::BlackWins,
            _ => PgnResult::Draw,
        }
    }
}

impl fmt::Display for PgnResult {
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The reason a game with this status ended, as written in the `Termination` tag and the
/// final comment: `Checkmate`, `Stalemate`, `Fifty-move rule`, `Threefold repetition` or
/// `Insufficient material`; `None` while the game goes on.
pub fn termination_reason(status: GameStatus) -> Option<&'static str> {
    match status {
        GameStatus::Ongoing => None,
        GameStatus::Checkmate { .. } => Some("Checkmate"),
        GameStatus::Stalemate => Some("Stalemate"),
        GameStatus::FiftyMoveRule => Some("Fifty-move rule"),
        GameStatus::ThreefoldRepetition => Some("Threefold repetition"),
        GameStatus::InsufficientMaterial => Some("Insufficient material"),
    }
}

/// One game of a PGN file: its tags, the position it starts from, its moves and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs (name, value) in the order read or set, except `Result`, `FEN`, `SetUp` and
    /// `Termination`, which live in [`result`](Self::result), [`start`](Self::start) and
    /// [`termination`](Self::termination). Missing standard tags are written as `?`.
    pub tags: Vec<(String, String)>,
    /// The position the game starts from (written as the `FEN` tag unless it is the standard
    /// starting position).
    pub start: Board,
    /// The moves played from `start`, each legal in the position it is played from.
    pub moves: Vec<Move>,
    /// The outcome.
    pub result: PgnResult,
    /// Why the game ended, in words (`Checkmate`, `Time forfeit`, …), if known. Written as the
    /// `Termination` tag and as a comment before the result; read from the `Termination` tag,
    /// or else from a comment that follows the last move.
    pub termination: Option<String>,
}

impl Default for PgnGame {
    /// An empty game from the standard starting position.
    fn default() -> PgnGame {
        PgnGame::new(Board::startpos())
    }
}

impl PgnGame {
    /// A game without moves starting from `start`, with an unknown result and the standard
    /// tags other than `Result` set to their "unknown" values (`?`, and `????.??.??` for the
    /// date), so that a game written and read back compares equal.
    pub fn new(start: Board) -> PgnGame {
        let tags = SEVEN_TAG_ROSTER
            .iter()
            .filter(|&&name| name != "Result")
            .map(|&name| (name.to_string(), unknown_value(name).to_string()))
            .collect();
        PgnGame {
            tags,
            start,
            moves: Vec::new(),
            result: PgnResult::Unknown,
            termination: None,
        }
    }

    /// The record of `game` with the given tags (such as `("White", "Outpost")`); the result
    /// and the termination come from [`Game::status`].
    pub fn from_game(game: &Game, tags: &[(&str, &str)]) -> PgnGame {
        // `status` needs `&mut` for its move generation; a clone keeps the caller's game as is.
        let status = game.clone().status();
        let mut pgn = PgnGame::new(game.start().clone());
        pgn.moves = game.moves().to_vec();
        pgn.result = PgnResult::from_status(status);
        pgn.termination = termination_reason(status).map(str::to_string);
        for (name, value) in tags {
            pgn.set_tag(name, value);
        }
        pgn
    }

    /// The value of the tag `name` (case-sensitive) among [`tags`](Self::tags).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// Sets the tag `name` to `value`, replacing an earlier value or adding it at the end.
    ///
    /// `Result`, `FEN`, `SetUp` and `Termination` are stored too, but the writer takes them
    /// from the fields [`result`](Self::result), [`start`](Self::start) and
    /// [`termination`](Self::termination) instead.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => *old = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The game replayed as a [`Game`] (to ask its status or continue it); `None` if a move
    /// is not legal where it is played.
    pub fn to_game(&self) -> Option<Game> {
        let mut game = Game::new(self.start.clone());
        for &mv in &self.moves {
            let mut board = game.board().clone();
            if !legal_moves(&mut board).contains(&mv) {
                return None;
            }
            game.play(mv);
        }
        Some(game)
    }
}

impl fmt::Display for PgnGame {
    /// The game in PGN, as [`write_pgn`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_pgn(self))
    }
}

/// Writes `game` in PGN export format: tags, an empty line, the movetext wrapped at 80
/// characters ending with the reason (as a comment) and the result, and a final newline.
///
/// Several games go one after the other separated by an empty line. The moves must be legal
/// in turn; should one not be, the movetext stops before it with a comment saying so.
pub fn write_pgn(game: &PgnGame) -> String {
    let mut text = String::new();
    for name in SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => game.result.as_str(),
            _ => game.tag(name).unwrap_or(unknown_value(name)),
        };
        push_tag(&mut text, name, value);
    }
    let fen = game.start.to_fen();
    if fen != Board::STARTPOS_FEN {
        push_tag(&mut text, "SetUp", "1");
        push_tag(&mut text, "FEN", &fen);
    }
    if let Some(termination) = &game.termination {
        push_tag(&mut text, "Termination", termination);
    }
    for (name, value) in &game.tags {
        let managed =
            SEVEN_TAG_ROSTER.contains(&name.as_str()) || FIELD_TAGS.contains(&name.as_str());
        if !managed {
            push_tag(&mut text, name, value);
        }
    }
    text.push('\n');

    let (mut units, illegal) = movetext_units(&game.start, &game.moves);
    if let Some(index) = illegal {
        let note = format!(
            "{{Stopped before move {} ({}): not legal}}",
            index + 1,
            game.moves[index]
        );
        units.extend(note.split(' ').map(str::to_string));
    }
    if let Some(termination) = &game.termination {
        // A comment cannot hold `}`; newlines would break the wrapping.
        let clean: String = termination
            .chars()
            .map(|c| if c == '}' || c.is_control() { ' ' } else { c })
            .collect();
        let words: Vec<&str> = clean.split_whitespace().collect();
        if !words.is_empty() {
            units.extend(
                format!("{{{}}}", words.join(" "))
                    .split(' ')
                    .map(str::to_string),
            );
        }
    }
    units.push(game.result.as_str().to_string());

    let mut line = String::new();
    for unit in units {
        if line.is_empty() {
            line = unit;
        } else if line.len() + 1 + unit.len() <= LINE_WIDTH {
            line.push(' ');
            line.push_str(&unit);
        } else {
            text.push_str(&line);
            text.push('\n');
            line = unit;
        }
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// Writes moves played from `board` in SAN with move numbers: `1. e4 e5 2. Nf3`, or
/// `12... Nf6 13. Bg5` when black moves first. The board is not changed. The line stops before
/// the first move that is not legal where it would be played.
pub fn numbered_san(board: &Board, moves: &[Move]) -> String {
    movetext_units(board, moves).0.join(" ")
}

/// The moves in SAN, each white move (and a first black move) with its move number in front,
/// and the index of the first move that is not legal, if any (the list stops before it).
fn movetext_units(start: &Board, moves: &[Move]) -> (Vec<String>, Option<usize>) {
    let mut board = start.clone();
    let mut units = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        if !legal_moves(&mut board).contains(&mv) {
            return (units, Some(index));
        }
        let san = to_san(&mut board, mv);
        let number = board.fullmove_number();
        units.push(match board.side_to_move() {
            Color::White => format!("{number}. {san}"),
            Color::Black if index == 0 => format!("{number}... {san}"),
            Color::Black => san,
        });
        board.make(mv);
    }
    (units, None)
}

/// The value a standard tag has when it is not known.
fn unknown_value(name: &str) -> &'static str {
    match name {
        "Date" => "????.??.??",
        "Result" => "*",
        _ => "?",
    }
}

/// Appends the tag line `[name "value"]`, escaping `\` and `"` in the value and turning line
/// breaks into spaces. A name that is not made of letters, digits and `_` is left out.
fn push_tag(text: &mut String, name: &str, value: &str) {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return;
    }
    text.push('[');
    text.push_str(name);
    text.push_str(" \"");
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                text.push('\\');
                text.push(c);
            }
            c if c.is_control() => text.push(' '),
            c => text.push(c),
        }
    }
    text.push_str("\"]\n");
}

/// Why PGN text could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game (1 for the first in the text).
    pub game: usize,
    /// The line of the text (1 for the first).
    pub line: usize,
    /// What was wrong.
    pub kind: PgnErrorKind,
}

/// What was wrong in PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A move could not be read or is not legal.
    Move {
        /// The move number (as in `12.`).
        number: u32,
        /// The side that was to play it.
        side: Color,
        /// The text of the move.
        text: String,
        /// Why it could not be read.
        error: SanError,
    },
    /// The `FEN` tag holds no valid position.
    Fen {
        /// The tag's value.
        fen: String,
        /// What is wrong with it.
        error: FenError,
    },
    /// A tag pair is not written `[Name "value"]`; the string says what is wrong.
    Tag(String),
    /// A `{` comment is never closed.
    UnterminatedComment,
    /// A `(` variation is never closed before the game ends.
    UnclosedVariation,
    /// A `)` closes no variation.
    UnmatchedParenthesis,
    /// A character that has no place here, such as a stray `]` or `}`.
    UnexpectedCharacter(char),
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let PgnError { game, line, kind } = self;
        let place = format!("game {game} (line {line})");
        match kind {
            PgnErrorKind::Move {
                number,
                side,
                text,
                error,
            } => {
                let what = match error {
                    SanError::Malformed(_) => "unreadable",
                    SanError::Illegal(_) => "illegal",
                    SanError::Ambiguous(_) => "ambiguous",
                };
                write!(
                    f,
                    "{what} move \"{text}\" for {side} at move {number} of {place}"
                )?;
                match error {
                    SanError::Illegal(_) => Ok(()),
                    _ => write!(f, ": {error}"),
                }
            }
            PgnErrorKind::Fen { fen, error } => {
                write!(f, "bad FEN tag \"{fen}\" in {place}: {error}")
            }
            PgnErrorKind::Tag(what) => write!(f, "bad tag pair in {place}: {what}"),
            PgnErrorKind::UnterminatedComment => {
                write!(f, "comment opened with '{{' is never closed, in {place}")
            }
            PgnErrorKind::UnclosedVariation => {
                write!(f, "variation opened with '(' is never closed, in {place}")
            }
            PgnErrorKind::UnmatchedParenthesis => {
                write!(f, "')' without a matching '(' in {place}")
            }
            PgnErrorKind::UnexpectedCharacter(c) => {
                write!(f, "unexpected character {c:?} in {place}")
            }
        }
    }
}

impl std::error::Error for PgnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            PgnErrorKind::Move { error, .. } => Some(error),
            PgnErrorKind::Fen { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// A piece of PGN text.
#[derive(Debug)]
enum Token {
    /// `[Name "value"]`, with escapes resolved.
    Tag(String, String),
    /// A run of text: a move, a move number, a result or an annotation glyph.
    Word(String),
    /// The text of a `{...}` comment.
    Comment(String),
    /// `(`.
    Open,
    /// `)`.
    Close,
}

/// Splits PGN text into tokens, skipping white space, `;` comments, `%` escape lines,
/// `$n` glyphs and `<...>` reserved text, and counting lines.
struct Lexer {
    chars: Vec<char>,
    pos: usize,
    line: usize,
}

impl Lexer {
    fn new(text: &str) -> Lexer {
        Lexer {
            chars: text.chars().collect(),
            pos: 0,
            line: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    /// Moves past the next character, counting lines.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Moves on while `keep` holds for the next character.
    fn skip_while(&mut self, keep: impl Fn(char) -> bool) {
        while self.peek().is_some_and(&keep) {
            self.bump();
        }
    }

    /// The next token and the line it starts on; `None` at the end of the text. Errors
    /// carry the line where the faulty construct starts.
    fn next_token(&mut self) -> Result<Option<(Token, usize)>, (PgnErrorKind, usize)> {
        loop {
            let Some(c) = self.peek() else {
                return Ok(None);
            };
            let line = self.line;
            let line_start = self.pos == 0 || self.chars.get(self.pos - 1) == Some(&'\n');
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else if c == '%' && line_start {
                self.skip_while(|c| c != '\n');
            } else if c == ';' {
                self.skip_while(|c| c != '\n');
            } else if c == '$' {
                self.bump();
                self.skip_while(|c| c.is_ascii_digit());
            } else if c == '<' {
                self.skip_while(|c| c != '>');
                self.bump();
            } else if c == '{' {
                self.bump();
                let mut comment = String::new();
                loop {
                    match self.bump() {
                        None => return Err((PgnErrorKind::UnterminatedComment, line)),
                        Some('}') => break,
                        Some(c) => comment.push(c),
                    }
                }
                return Ok(Some((Token::Comment(comment), line)));
            } else if c == '[' {
                self.bump();
                return self
                    .tag()
                    .map(|token| Some((token, line)))
                    .map_err(|what| (PgnErrorKind::Tag(what), line));
            } else if c == '(' {
                self.bump();
                return Ok(Some((Token::Open, line)));
            } else if c == ')' {
                self.bump();
                return Ok(Some((Token::Close, line)));
            } else if matches!(c, ']' | '}' | '>') {
                return Err((PgnErrorKind::UnexpectedCharacter(c), line));
            } else {
                let start = self.pos;
                self.skip_while(|c| !c.is_whitespace() && !"[]{}();$<>".contains(c));
                let word: String = self.chars[start..self.pos].iter().collect();
                return Ok(Some((Token::Word(word), line)));
            }
        }
    }

    /// The rest of a tag pair after its `[`; the error says what is wrong.
    fn tag(&mut self) -> Result<Token, String> {
        self.skip_while(char::is_whitespace);
        let start = self.pos;
        self.skip_while(|c| !c.is_whitespace() && !matches!(c, '"' | ']' | '['));
        let name: String = self.chars[start..self.pos].iter().collect();
        if name.is_empty() {
            return Err("a tag has no name".to_string());
        }
        self.skip_while(char::is_whitespace);
        if self.bump() != Some('"') {
            return Err(format!("tag {name} has no value in double quotes"));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                None => return Err(format!("the value of tag {name} is never closed with '\"'")),
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c) => value.push(c),
                    None => {
                        return Err(format!("the value of tag {name} is never closed with '\"'"))
                    }
                },
                Some(c) => value.push(c),
            }
        }
        self.skip_while(char::is_whitespace);
        if self.bump() != Some(']') {
            return Err(format!("tag {name} is not closed with ']' after its value"));
        }
        Ok(Token::Tag(name, value))
    }
}

/// What a word of movetext is.
enum Word<'a> {
    /// A result token, which ends the game.
    Result(PgnResult),
    /// A move number, an annotation glyph or an en passant note: nothing to do.
    Skip,
    /// A move in SAN (perhaps malformed).
    Move(&'a str),
}

/// Annotation glyphs written as text rather than `$n`.
const GLYPHS: [&str; 20] = [
    "!", "?", "!!", "??", "!?", "?!", "+-", "-+", "+/-", "-/+", "+=", "=+", "=", "~", "±", "∓",
    "∞", "=/∞", "□", "N",
];

fn classify(word: &str) -> Word<'_> {
    if let Some(result) = PgnResult::from_token(word) {
        return Word::Result(result);
    }
    if GLYPHS.contains(&word) || matches!(word, "e.p." | "ep") {
        return Word::Skip;
    }
    if word.starts_with(|c: char| c.is_ascii_digit()) {
        let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
        if rest.is_empty() {
            return Word::Skip;
        }
        if rest.starts_with('.') {
            // `12.` or `12...`, perhaps with the move stuck to it: `12.Nf3`.
            let after = rest.trim_start_matches('.');
            return if after.is_empty() {
                Word::Skip
            } else {
                Word::Move(after)
            };
        }
        // `0-0` castling, or a malformed move.
    }
    Word::Move(word)
}

/// A game being read.
#[derive(Default)]
struct GameReader {
    tags: Vec<(String, String)>,
    /// The running position, set up from the tags when the movetext starts.
    board: Option<Board>,
    start: Option<Board>,
    moves: Vec<Move>,
    result: Option<PgnResult>,
    /// The last comment outside variations since the last move.
    last_comment: Option<String>,
    /// How deep in nested variations the reader is, and where the outermost one opened.
    depth: usize,
    variation_line: usize,
    /// Whether anything but comments has been seen.
    has_content: bool,
}

impl GameReader {
    fn tag_value(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The running position, set up from the `FEN` tag (or the standard start) the first
    /// time it is needed.
    fn board(&mut self, line: usize) -> Result<&mut Board, (PgnErrorKind, usize)> {
        if self.board.is_none() {
            let start = match self.tag_value("FEN") {
                None => Board::startpos(),
                Some(fen) => Board::from_fen(fen.trim()).map_err(|error| {
                    let fen = fen.to_string();
                    (PgnErrorKind::Fen { fen, error }, line)
                })?,
            };
            self.start = Some(start.clone());
            self.board = Some(start);
        }
        // Set just above if it was not already.
        Ok(self.board.get_or_insert_with(Board::startpos))
    }

    /// Plays the SAN move `text`.
    fn play(&mut self, text: &str, line: usize) -> Result<(), (PgnErrorKind, usize)> {
        let board = self.board(line)?;
        let parsed = parse_san(board, text);
        if let Ok(mv) = parsed {
            board.make(mv);
        }
        match parsed {
            Ok(mv) => {
                self.moves.push(mv);
                self.last_comment = None;
                Ok(())
            }
            Err(error) => {
                let board = self.board(line)?;
                let kind = PgnErrorKind::Move {
                    number: u32::from(board.fullmove_number()),
                    side: board.side_to_move(),
                    text: text.to_string(),
                    error,
                };
                Err((kind, line))
            }
        }
    }

    /// The finished game.
    fn finish(mut self, line: usize) -> Result<PgnGame, (PgnErrorKind, usize)> {
        if self.depth > 0 {
            return Err((PgnErrorKind::UnclosedVariation, self.variation_line));
        }
        self.board(line)?;
        let result = self
            .result
            .or_else(|| {
                self.tag_value("Result")
                    .and_then(|r| PgnResult::from_token(r.trim()))
            })
            .unwrap_or_default();
        let termination = self
            .tag_value("Termination")
            .map(str::to_string)
            .or_else(|| self.last_comment.take())
            .map(|text| text.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|text| !text.is_empty());
        let tags = self
            .tags
            .into_iter()
            .filter(|(name, _)| !FIELD_TAGS.contains(&name.as_str()))
            .collect();
        Ok(PgnGame {
            tags,
            start: self.start.unwrap_or_else(Board::startpos),
            moves: self.moves,
            result,
            termination,
        })
    }
}

/// Reads every game of `text` (which may hold none, one or many).
///
/// A game ends at its result token (`1-0`, `0-1`, `1/2-1/2`, `*`), or, without one, where the
/// tags of the next game begin or at the end of the text (taking the result from the `Result`
/// tag). Fails on the first problem, saying which game, move and line it is in; never panics.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut lexer = Lexer::new(text);
    let mut game = GameReader::default();
    let error = |games: &Vec<PgnGame>, (kind, line): (PgnErrorKind, usize)| PgnError {
        game: games.len() + 1,
        line,
        kind,
    };
    loop {
        let next = lexer.next_token().map_err(|e| error(&games, e))?;
        let Some((token, line)) = next else { break };
        match token {
            Token::Tag(name, value) => {
                if game.board.is_some() && game.depth == 0 {
                    // Tags after movetext: the game before had no result token.
                    let done = std::mem::take(&mut game)
                        .finish(line)
                        .map_err(|e| error(&games, e))?;
                    games.push(done);
                }
                game.tags.push((name, value));
                game.last_comment = None;
                game.has_content = true;
            }
            Token::Comment(text) => {
                if game.depth == 0 {
                    game.last_comment = Some(text);
                }
            }
            Token::Open => {
                game.board(line).map_err(|e| error(&games, e))?;
                if game.depth == 0 {
                    game.variation_line = line;
                }
                game.depth += 1;
                game.has_content = true;
            }
            Token::Close => {
                if game.depth == 0 {
                    return Err(error(&games, (PgnErrorKind::UnmatchedParenthesis, line)));
                }
                game.depth -= 1;
            }
            Token::Word(word) => {
                if game.depth > 0 {
                    continue;
                }
                game.has_content = true;
                match classify(&word) {
                    Word::Skip => {
                        game.board(line).map_err(|e| error(&games, e))?;
                    }
                    Word::Move(san) => game.play(san, line).map_err(|e| error(&games, e))?,
                    Word::Result(result) => {
                        game.result = Some(result);
                        let done = std::mem::take(&mut game)
                            .finish(line)
                            .map_err(|e| error(&games, e))?;
                        games.push(done);
                    }
                }
            }
        }
    }
    if game.has_content {
        let line = lexer.line;
        let done = game.finish(line).map_err(|e| error(&games, e))?;
        games.push(done);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_and_write() {
        for result in [
            PgnResult::WhiteWins,
            PgnResult::BlackWins,
            PgnResult::Draw,
            PgnResult::Unknown,
        ] {
            assert_eq!(PgnResult::from_token(&result.to_string()), Some(result));
        }
        assert_eq!(PgnResult::from_token("1-1"), None);
        assert_eq!(
            PgnResult::from_status(GameStatus::Stalemate),
            PgnResult::Draw
        );
        assert_eq!(
            PgnResult::from_status(GameStatus::Ongoing),
            PgnResult::Unknown
        );
    }

    #[test]
    fn numbered_lines() {
        let board = Board::startpos();
        let mut scratch = board.clone();
        let moves: Vec<Move> = ["e4", "e5", "Nf3"]
            .iter()
            .map(|san| {
                let mv = parse_san(&mut scratch, san).unwrap();
                scratch.make(mv);
                mv
            })
            .collect();
        assert_eq!(numbered_san(&board, &moves), "1. e4 e5 2. Nf3");
        let after_e4 =
            Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 12")
                .unwrap();
        let mut scratch = after_e4.clone();
        let c5 = parse_san(&mut scratch, "c5").unwrap();
        scratch.make(c5);
        let nf3 = parse_san(&mut scratch, "Nf3").unwrap();
        assert_eq!(numbered_san(&after_e4, &[c5, nf3]), "12... c5 13. Nf3");
    }

    #[test]
    fn tag_values_are_escaped_and_unescaped() {
        let mut game = PgnGame::default();
        game.set_tag("Event", r#"The "Big" \ one"#);
        let text = write_pgn(&game);
        assert!(text.contains(r#"[Event "The \"Big\" \\ one"]"#), "{text}");
        let back = read_pgn(&text).unwrap();
        assert_eq!(back[0].tag("Event"), Some(r#"The "Big" \ one"#));
    }

    #[test]
    fn long_movetext_is_wrapped() {
        let mut game = Game::startpos();
        for _ in 0..10 {
            for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                // Repetition does not stop `play_san`; only `status` reports it.
                game.play_san(san).unwrap();
            }
        }
        let text = write_pgn(&PgnGame::from_game(&game, &[]));
        assert!(text.lines().all(|line| line.len() <= LINE_WIDTH), "{text}");
        assert!(text.lines().filter(|line| !line.starts_with('[')).count() > 3);
    }

    #[test]
    fn lexer_never_runs_past_the_end() {
        for text in [
            "[", "[A", "[A \"", "[A \"\\", "[A \"x\"", "{", "<", "$", "1.", "(", ")", "]",
        ] {
            let _ = read_pgn(text);
        }
    }
}
