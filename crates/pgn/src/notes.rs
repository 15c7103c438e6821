//! What PGN says about a move besides the move: glyphs, comments and variations; and the
//! commands that some comments carry, such as clocks (`[%clk 0:03:00]`).

use outpost_board::Move;
use std::time::Duration;

/// The annotations of one move: its numeric annotation glyphs, the comments that follow it
/// and the variations that are alternatives to it.
///
/// In `1. e4 $1 {The best} (1. d4 d5) 1... e5`, the notes of `e4` are the glyph 1, the
/// comment `The best` and the variation `1. d4 d5`, which starts from the position before
/// `e4`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveNotes {
    /// Numeric annotation glyphs, in the order read: `$1` (or `!`) is 1, `$2` (`?`) is 2,
    /// `!!` 3, `??` 4, `!?` 5, `?!` 6. Written as `$n`.
    pub nags: Vec<u8>,
    /// The comments after the move, in order, without their braces; white space in them is
    /// read as single spaces.
    pub comments: Vec<String>,
    /// Alternatives to the move, each played from the position before it.
    pub variations: Vec<Variation>,
}

impl MoveNotes {
    /// Whether there is nothing in these notes.
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty() && self.variations.is_empty()
    }

    /// The clock after the move: the first `[%clk ...]` command in its comments (see
    /// [`clock`]).
    pub fn clock(&self) -> Option<Duration> {
        self.comments.iter().find_map(|comment| clock(comment))
    }

    /// The evaluation after the move: the first `[%eval ...]` command in its comments (see
    /// [`eval`]).
    pub fn eval(&self) -> Option<Eval> {
        self.comments.iter().find_map(|comment| eval(comment))
    }
}

/// A variation: a line of moves played instead of a move, with its own notes (and so its
/// own variations).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variation {
    /// Comments before the first move of the variation.
    pub comments: Vec<String>,
    /// The moves, from the position before the move the variation is an alternative to.
    pub moves: Vec<Move>,
    /// The notes of the moves: `notes[i]` belongs to `moves[i]`. It may be shorter than
    /// `moves` (a move without an entry has no notes); the reader leaves out empty notes at
    /// the end.
    pub notes: Vec<MoveNotes>,
}

/// Leaves out the empty notes at the end of `notes`, as the reader does.
pub(crate) fn trim_notes(notes: &mut Vec<MoveNotes>) {
    while notes.last().is_some_and(MoveNotes::is_empty) {
        notes.pop();
    }
}

/// The argument of the first `[%name ...]` command in `comment`, trimmed: such commands
/// carry data in comments, such as clocks (`[%clk 0:03:00]`), evaluations (`[%eval 0.25]`)
/// or time spent (`[%emt 0:00:05]`).
///
/// ```
/// use outpost_pgn::comment_command;
///
/// assert_eq!(comment_command("Fast! [%emt 0:00:05] [%clk 0:02:55]", "emt"), Some("0:00:05"));
/// assert_eq!(comment_command("[%clk 0:02:55]", "cl"), None);
/// ```
pub fn comment_command<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = comment;
    while let Some(at) = rest.find("[%") {
        let after = &rest[at + 2..];
        let end = after.find(']')?;
        let body = after[..end].trim();
        if let Some(argument) = body.strip_prefix(name) {
            if argument.is_empty() || argument.starts_with(char::is_whitespace) {
                return Some(argument.trim());
            }
        }
        rest = &after[end..];
    }
    None
}

/// The time on the clock in a `[%clk H:MM:SS]` command of `comment` (as Lichess, Chess.com
/// and many GUIs write after each move), with fractions of a second too (`[%clk
/// 0:00:09.5]`); `None` when the comment has no such command or it is malformed.
///
/// ```
/// use outpost_pgn::clock;
/// use std::time::Duration;
///
/// assert_eq!(clock("[%clk 0:03:00]"), Some(Duration::from_secs(180)));
/// assert_eq!(clock("Good move [%clk 1:02:03.5]"), Some(Duration::from_millis(3_723_500)));
/// assert_eq!(clock("[%eval 0.25] no clock"), None);
/// ```
pub fn clock(comment: &str) -> Option<Duration> {
    parse_hms(comment_command(comment, "clk")?)
}

/// `H:MM:SS`, `MM:SS` or `SS`, with a fraction of a second after the seconds.
fn parse_hms(text: &str) -> Option<Duration> {
    let mut parts = text.rsplit(':');
    let seconds = parts.next()?;
    let (whole, fraction) = match seconds.split_once('.') {
        Some((whole, fraction)) => (whole, fraction),
        None => (seconds, ""),
    };
    let number = |part: &str| -> Option<u64> {
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        part.parse().ok()
    };
    let mut total = number(whole)?;
    for scale in [60, 3600] {
        if let Some(part) = parts.next() {
            total = total.checked_add(number(part)?.checked_mul(scale)?)?;
        }
    }
    if parts.next().is_some() {
        return None;
    }
    let mut nanos = 0u32;
    if !fraction.is_empty() {
        if !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // Nanoseconds from the first nine digits.
        let digits: String = fraction
            .chars()
            .chain("000000000".chars())
            .take(9)
            .collect();
        nanos = digits.parse().ok()?;
    }
    Some(Duration::new(total, nanos))
}

/// An evaluation written in a `[%eval ...]` command, from white's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// An advantage in hundredths of a pawn (`[%eval 0.17]` is 17, `[%eval -1.5]` is -150).
    Centipawns(i32),
    /// Mate in so many moves: positive when white mates (`[%eval #3]`), negative when black
    /// does (`[%eval #-2]`).
    Mate(i32),
}

/// The evaluation in a `[%eval ...]` command of `comment` (as Lichess writes): pawns such as
/// `0.17` or `-1.5`, or a mate such as `#3` or `#-2`, perhaps followed by `,depth`.
///
/// ```
/// use outpost_pgn::{eval, Eval};
///
/// assert_eq!(eval("[%eval 0.17]"), Some(Eval::Centipawns(17)));
/// assert_eq!(eval("[%eval -1.5,23] [%clk 0:01:00]"), Some(Eval::Centipawns(-150)));
/// assert_eq!(eval("[%eval #-2]"), Some(Eval::Mate(-2)));
/// ```
pub fn eval(comment: &str) -> Option<Eval> {
    let text = comment_command(comment, "eval")?;
    let value = text.split(',').next()?.trim();
    if let Some(mate) = value.strip_prefix('#') {
        return mate.parse().ok().map(Eval::Mate);
    }
    let pawns: f64 = value.parse().ok()?;
    if !pawns.is_finite() || pawns.abs() > 1e6 {
        return None;
    }
    // In range: checked just above.
    Some(Eval::Centipawns((pawns * 100.0).round() as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_read() {
        assert_eq!(clock("[%clk 0:03:00]"), Some(Duration::from_secs(180)));
        assert_eq!(
            clock("[%clk 0:03:00.5]"),
            Some(Duration::from_millis(180_500))
        );
        assert_eq!(clock("[%clk 10:00]"), Some(Duration::from_secs(600)));
        assert_eq!(clock("[%clk 7]"), Some(Duration::from_secs(7)));
        assert_eq!(
            clock("[%eval 0.2] [%clk 1:00:00.123456789123]"),
            Some(Duration::new(3600, 123_456_789))
        );
        for bad in [
            "",
            "[%clk]",
            "[%clk x]",
            "[%clk 1:2:3:4]",
            "[%clk -1]",
            "[%clk 1:]",
            "[%clk 0:00:01.x]",
            "[%clock 0:01:00]",
            "[%clk 0:01:00",
        ] {
            assert_eq!(clock(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn evals_are_read() {
        assert_eq!(eval("[%eval 0]"), Some(Eval::Centipawns(0)));
        assert_eq!(eval("[%eval 12.345]"), Some(Eval::Centipawns(1235)));
        assert_eq!(eval("[%eval #0]"), Some(Eval::Mate(0)));
        assert_eq!(eval("[%eval nan]"), None);
        assert_eq!(eval("[%eval 1e300]"), None);
        assert_eq!(eval("[%clk 0:01:00]"), None);
    }
}
