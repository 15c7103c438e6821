//! A game being read: its tags, its running position and its moves.

use crate::error::PgnErrorKind;
use crate::game::{PgnGame, PgnResult, FIELD_TAGS};
use crate::lexer::Located;
use outpost_board::{Board, Move};
use outpost_movegen::san::parse_san;

/// A game being read.
#[derive(Default)]
pub(crate) struct GameBuilder {
    pub(crate) tags: Vec<(String, String)>,
    /// The running position, set up from the tags when the movetext starts.
    pub(crate) board: Option<Board>,
    pub(crate) start: Option<Board>,
    pub(crate) moves: Vec<Move>,
    pub(crate) result: Option<PgnResult>,
    /// The last comment outside variations since the last move.
    pub(crate) last_comment: Option<String>,
    /// How deep in nested variations the reader is, and where the outermost one opened.
    pub(crate) depth: usize,
    pub(crate) variation_line: usize,
    /// Whether anything but comments has been seen.
    pub(crate) has_content: bool,
}

impl GameBuilder {
    fn tag_value(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The running position, set up from the `FEN` tag (or the standard start) the first
    /// time it is needed.
    pub(crate) fn board(&mut self, line: usize) -> Result<&mut Board, Located> {
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
    pub(crate) fn play(&mut self, text: &str, line: usize) -> Result<(), Located> {
        let board = self.board(line)?;
        match parse_san(board, text) {
            Ok(mv) => {
                board.make(mv);
                self.moves.push(mv);
                self.last_comment = None;
                Ok(())
            }
            Err(error) => {
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
    pub(crate) fn finish(mut self, line: usize) -> Result<PgnGame, Located> {
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
            .map(|text| words(&text))
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

/// The words of `text` separated by single spaces. Control characters separate words like
/// white space does, since the writer turns them into spaces: so a termination read, written
/// and read again is the same.
fn words(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
