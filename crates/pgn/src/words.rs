//! What each word of movetext is: a move, a result, or something to skip.

use crate::game::PgnResult;

/// What a word of movetext is.
pub(crate) enum Word<'a> {
    /// A result token, which ends the game.
    Result(PgnResult),
    /// A move number or an en passant note: nothing to do.
    Skip,
    /// An annotation glyph written as text (`!`, `+-`, …), as its numeric value.
    Glyph(u8),
    /// A move in SAN (perhaps malformed).
    Move(&'a str),
}

/// Annotation glyphs written as text rather than `$n`, with their numbers.
const GLYPHS: [(&str, u8); 20] = [
    ("!", 1),
    ("?", 2),
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("□", 7),
    ("=", 10),
    ("~", 13),
    ("∞", 13),
    ("+=", 14),
    ("=+", 15),
    ("+/-", 16),
    ("±", 16),
    ("-/+", 17),
    ("∓", 17),
    ("+-", 18),
    ("-+", 19),
    ("=/∞", 44),
    ("N", 146),
];

/// The glyph written as a suffix of a move (`e4!`, `Nf6??`), if it has one.
pub(crate) fn suffix_glyph(san: &str) -> Option<u8> {
    let body = san.trim_end_matches(['!', '?']);
    match &san[body.len()..] {
        "" => None,
        suffix => glyph(suffix),
    }
}

/// The number of a glyph written as text.
fn glyph(word: &str) -> Option<u8> {
    GLYPHS
        .iter()
        .find(|(text, _)| *text == word)
        .map(|&(_, nag)| nag)
}

/// What `word` of movetext is.
pub(crate) fn classify(word: &str) -> Word<'_> {
    if let Some(result) = PgnResult::from_token(word) {
        return Word::Result(result);
    }
    if let Some(nag) = glyph(word) {
        return Word::Glyph(nag);
    }
    if matches!(word, "e.p." | "ep") {
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
