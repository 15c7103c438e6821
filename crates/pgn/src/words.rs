//! What each word of movetext is: a move, a result, or something to skip.

use crate::game::PgnResult;

/// What a word of movetext is.
pub(crate) enum Word<'a> {
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

/// What `word` of movetext is.
pub(crate) fn classify(word: &str) -> Word<'_> {
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
