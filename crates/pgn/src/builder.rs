//! A game being read: its tags, its running position, its moves and their notes.

use crate::error::PgnErrorKind;
use crate::game::{PgnGame, PgnResult, FIELD_TAGS};
use crate::lexer::Located;
use crate::notes::{trim_notes, MoveNotes, Variation};
use crate::words::suffix_glyph;
use outpost_board::{Board, Move};
use outpost_movegen::san::parse_san;

/// A line being read: the main line or a variation.
struct Frame {
    /// The position after the moves so far.
    board: Board,
    /// The position before the last move, where a variation of it starts.
    before: Option<Board>,
    moves: Vec<Move>,
    notes: Vec<MoveNotes>,
    /// Comments before the first move.
    comments: Vec<String>,
    /// The line where the variation opened.
    line: usize,
}

impl Frame {
    fn new(board: Board, line: usize) -> Frame {
        Frame {
            board,
            before: None,
            moves: Vec::new(),
            notes: Vec::new(),
            comments: Vec::new(),
            line,
        }
    }

    /// The notes of the last move; `None` before the first.
    fn last_notes(&mut self) -> Option<&mut MoveNotes> {
        let index = self.moves.len().checked_sub(1)?;
        if self.notes.len() <= index {
            self.notes.resize_with(index + 1, MoveNotes::default);
        }
        Some(&mut self.notes[index])
    }

    /// Where a comment read now goes: the notes of the last move, or the comments before the
    /// first.
    fn comments(&mut self) -> &mut Vec<String> {
        if self.moves.is_empty() {
            &mut self.comments
        } else {
            // There is a last move.
            &mut self.last_notes().expect("a move").comments
        }
    }
}

/// A game being read.
#[derive(Default)]
pub(crate) struct GameBuilder {
    pub(crate) tags: Vec<(String, String)>,
    /// The main line and the variations open inside it, innermost last; empty until the
    /// movetext starts.
    frames: Vec<Frame>,
    start: Option<Board>,
    pub(crate) result: Option<PgnResult>,
    /// Comments read before the movetext started.
    comments: Vec<String>,
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

    /// Whether the movetext has started.
    pub(crate) fn in_movetext(&self) -> bool {
        !self.frames.is_empty()
    }

    /// Adds a tag pair; comments before it are dropped.
    pub(crate) fn tag(&mut self, name: String, value: String) {
        self.tags.push((name, value));
        self.comments.clear();
        self.has_content = true;
    }

    /// Starts the movetext if it has not started: sets up the position from the `FEN` tag
    /// (or the standard start).
    pub(crate) fn start_movetext(&mut self, line: usize) -> Result<(), Located> {
        if self.frames.is_empty() {
            let start = match self.tag_value("FEN") {
                None => Board::startpos(),
                Some(fen) => Board::from_fen(fen.trim()).map_err(|error| {
                    let fen = fen.to_string();
                    (PgnErrorKind::Fen { fen, error }, line)
                })?,
            };
            let mut main = Frame::new(start.clone(), line);
            main.comments = std::mem::take(&mut self.comments);
            self.frames.push(main);
            self.start = Some(start);
        }
        self.has_content = true;
        Ok(())
    }

    /// The line being read.
    fn frame(&mut self, line: usize) -> Result<&mut Frame, Located> {
        self.start_movetext(line)?;
        // Started just above.
        Ok(self.frames.last_mut().expect("a frame"))
    }

    /// Adds a comment where it was read.
    pub(crate) fn comment(&mut self, text: &str) {
        let text = words(text);
        match self.frames.last_mut() {
            None => self.comments.push(text),
            Some(frame) => frame.comments().push(text),
        }
    }

    /// Adds a glyph to the last move; one before the first move of a line is left out.
    pub(crate) fn nag(&mut self, nag: u8) {
        if let Some(notes) = self.frames.last_mut().and_then(Frame::last_notes) {
            notes.nags.push(nag);
        }
    }

    /// Opens a variation of the last move.
    pub(crate) fn open(&mut self, line: usize) -> Result<(), Located> {
        let frame = self.frame(line)?;
        let Some(before) = frame.before.clone() else {
            return Err((PgnErrorKind::VariationWithoutMove, line));
        };
        self.frames.push(Frame::new(before, line));
        Ok(())
    }

    /// Closes the innermost variation.
    pub(crate) fn close(&mut self, line: usize) -> Result<(), Located> {
        if self.frames.len() < 2 {
            return Err((PgnErrorKind::UnmatchedParenthesis, line));
        }
        // Two frames at least.
        let mut inner = self.frames.pop().expect("a variation");
        trim_notes(&mut inner.notes);
        let variation = Variation {
            comments: inner.comments,
            moves: inner.moves,
            notes: inner.notes,
        };
        let outer = self.frames.last_mut().expect("a line");
        // The variation opened after a move of this line.
        outer
            .last_notes()
            .expect("a move")
            .variations
            .push(variation);
        Ok(())
    }

    /// Whether a variation is open.
    pub(crate) fn in_variation(&self) -> bool {
        self.frames.len() > 1
    }

    /// Plays the SAN move `text` in the line being read.
    pub(crate) fn play(&mut self, text: &str, line: usize) -> Result<(), Located> {
        let frame = self.frame(line)?;
        match parse_san(&frame.board, text) {
            Ok(mv) => {
                match &mut frame.before {
                    Some(before) => before.clone_from(&frame.board),
                    None => frame.before = Some(frame.board.clone()),
                }
                frame.board.make(mv);
                frame.moves.push(mv);
                if let Some(nag) = suffix_glyph(text) {
                    frame.last_notes().expect("a move").nags.push(nag);
                }
                Ok(())
            }
            Err(error) => {
                let kind = PgnErrorKind::Move {
                    number: u32::from(frame.board.fullmove_number()),
                    side: frame.board.side_to_move(),
                    text: text.to_string(),
                    error,
                };
                Err((kind, line))
            }
        }
    }

    /// The finished game.
    pub(crate) fn finish(mut self, line: usize) -> Result<PgnGame, Located> {
        if let Some(variation) = self.frames.get(1) {
            return Err((PgnErrorKind::UnclosedVariation, variation.line));
        }
        self.start_movetext(line)?;
        let result = self
            .result
            .or_else(|| {
                self.tag_value("Result")
                    .and_then(|r| PgnResult::from_token(r.trim()))
            })
            .unwrap_or_default();
        let tagged = self
            .tag_value("Termination")
            .map(words)
            .filter(|text| !text.is_empty());
        // Started just above.
        let mut main = self.frames.pop().expect("the main line");
        // The comment after the last move: the reason the game ended, unless the tag gives
        // it or it carries data such as a clock.
        let last = main.comments().last().cloned();
        let termination = match tagged {
            Some(tagged) => {
                // The writer's comment of it: a `}` cannot be written in one.
                let as_comment = words(&tagged.replace('}', " "));
                if last.as_ref() == Some(&tagged) || last.as_ref() == Some(&as_comment) {
                    main.comments().pop();
                }
                Some(tagged)
            }
            None => match last {
                Some(text) if !text.is_empty() && !text.contains("[%") => {
                    main.comments().pop();
                    Some(text)
                }
                _ => None,
            },
        };
        trim_notes(&mut main.notes);
        let tags = self
            .tags
            .into_iter()
            .filter(|(name, _)| !FIELD_TAGS.contains(&name.as_str()))
            .collect();
        Ok(PgnGame {
            tags,
            start: self.start.unwrap_or_else(Board::startpos),
            moves: main.moves,
            result,
            termination,
            comments: main.comments,
            notes: main.notes,
        })
    }
}

/// The words of `text` separated by single spaces. Control characters separate words like
/// white space does, since the writer turns them into spaces: so a comment read, written and
/// read again is the same.
pub(crate) fn words(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
