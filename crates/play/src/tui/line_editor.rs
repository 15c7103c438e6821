//! The input line: text with a cursor, the usual editing keys, and a history of the lines
//! entered, recalled with the up and down arrows.

/// At most this many lines are kept in the history.
const HISTORY_LENGTH: usize = 100;
/// A line holds at most this many characters.
const MAX_CHARS: usize = 200;

/// An editable line of text with a history.
#[derive(Clone, Debug, Default)]
pub struct LineEditor {
    text: Vec<char>,
    /// The cursor stands before `text[cursor]` (at the end when equal to the length).
    cursor: usize,
    history: Vec<String>,
    /// The history entry shown, while browsing the history.
    recalled: Option<usize>,
    /// The line being typed before the history was browsed, given back after the newest entry.
    draft: String,
    /// The whole text is selected (a refused line kept): a character typed replaces it,
    /// Backspace or Delete clear it, a cursor key starts editing it.
    selected: bool,
}

impl LineEditor {
    /// An empty line with no history.
    pub fn new() -> LineEditor {
        LineEditor::default()
    }

    /// The text of the line.
    pub fn text(&self) -> String {
        self.text.iter().collect()
    }

    /// Where the cursor stands, in characters from the start.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// `true` while the whole text is selected: a refused line, which the next character
    /// typed replaces.
    pub fn is_selected(&self) -> bool {
        self.selected && !self.text.is_empty()
    }

    /// `true` when the line holds nothing.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Inserts `c` at the cursor (control characters and characters beyond the limit are
    /// ignored).
    pub fn insert(&mut self, c: char) {
        if c.is_control() {
            return;
        }
        if std::mem::take(&mut self.selected) {
            self.set("");
        }
        if self.text.len() >= MAX_CHARS {
            return;
        }
        self.text.insert(self.cursor, c);
        self.cursor += 1;
    }

    /// Deletes the character before the cursor.
    pub fn backspace(&mut self) {
        if std::mem::take(&mut self.selected) {
            self.set("");
        } else if self.cursor > 0 {
            self.cursor -= 1;
            self.text.remove(self.cursor);
        }
    }

    /// Deletes the character under the cursor.
    pub fn delete(&mut self) {
        if std::mem::take(&mut self.selected) {
            self.set("");
        } else if self.cursor < self.text.len() {
            self.text.remove(self.cursor);
        }
    }

    /// Moves the cursor one character left.
    pub fn left(&mut self) {
        self.selected = false;
        self.cursor = self.cursor.saturating_sub(1);
    }

    /// Moves the cursor one character right.
    pub fn right(&mut self) {
        self.selected = false;
        self.cursor = (self.cursor + 1).min(self.text.len());
    }

    /// Moves the cursor to the start of the line.
    pub fn home(&mut self) {
        self.selected = false;
        self.cursor = 0;
    }

    /// Moves the cursor to the end of the line.
    pub fn end(&mut self) {
        self.selected = false;
        self.cursor = self.text.len();
    }

    /// Deletes everything before the cursor (Ctrl-U).
    pub fn delete_to_start(&mut self) {
        self.selected = false;
        self.text.drain(..self.cursor);
        self.cursor = 0;
    }

    /// Deletes everything from the cursor on (Ctrl-K).
    pub fn delete_to_end(&mut self) {
        self.selected = false;
        self.text.truncate(self.cursor);
    }

    /// Shows the previous line of the history (up arrow).
    pub fn older(&mut self) {
        let index = match self.recalled {
            None if self.history.is_empty() => return,
            None => {
                self.draft = self.text();
                self.history.len() - 1
            }
            Some(index) => index.saturating_sub(1),
        };
        self.recalled = Some(index);
        let line = self.history[index].clone();
        self.set(&line);
    }

    /// Shows the next line of the history, or the line being typed after the newest (down
    /// arrow).
    pub fn newer(&mut self) {
        let Some(index) = self.recalled else {
            return;
        };
        if index + 1 < self.history.len() {
            self.recalled = Some(index + 1);
            let line = self.history[index + 1].clone();
            self.set(&line);
        } else {
            self.recalled = None;
            let draft = std::mem::take(&mut self.draft);
            self.set(&draft);
        }
    }

    /// Takes the line (Enter): returns its text, trimmed, empties the line and keeps the
    /// text in the history (unless blank or the same as the newest entry).
    pub fn submit(&mut self) -> String {
        let line = self.text().trim().to_string();
        self.set("");
        self.recalled = None;
        self.draft.clear();
        if !line.is_empty() && self.history.last() != Some(&line) {
            if self.history.len() == HISTORY_LENGTH {
                self.history.remove(0);
            }
            self.history.push(line.clone());
        }
        line
    }

    /// Puts `text` back in the line, selected, the cursor at its end: a line taken by
    /// [`LineEditor::submit`] and refused (it stays in the history too), to be fixed with
    /// the cursor keys or replaced by typing.
    pub fn keep(&mut self, text: &str) {
        self.set(text);
        self.selected = true;
    }

    /// Replaces the text, the cursor at its end, nothing selected.
    fn set(&mut self, text: &str) {
        self.selected = false;
        self.text = text.chars().take(MAX_CHARS).collect();
        self.cursor = self.text.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(text: &str) -> LineEditor {
        let mut line = LineEditor::new();
        text.chars().for_each(|c| line.insert(c));
        line
    }

    #[test]
    fn editing_keys_work_at_the_cursor() {
        let mut line = typed("Nf3");
        line.left();
        line.left();
        line.insert('b');
        assert_eq!(line.text(), "Nbf3");
        line.home();
        line.delete();
        line.end();
        line.backspace();
        assert_eq!(line.text(), "bf");
        line.left();
        line.delete_to_start();
        assert_eq!((line.text().as_str(), line.cursor()), ("f", 0));
        line.delete_to_end();
        assert!(line.is_empty());
        line.backspace();
        line.delete();
        line.left();
        assert_eq!(line.cursor(), 0);
        line.insert('\u{7}');
        assert!(line.is_empty());
    }

    #[test]
    fn the_history_is_browsed_and_the_draft_comes_back() {
        let mut line = typed("e4");
        assert_eq!(line.submit(), "e4");
        "Nf3".chars().for_each(|c| line.insert(c));
        line.submit();
        line.insert('x');
        line.older();
        assert_eq!(line.text(), "Nf3");
        line.older();
        line.older();
        assert_eq!(line.text(), "e4");
        line.newer();
        assert_eq!(line.text(), "Nf3");
        line.newer();
        assert_eq!(line.text(), "x");
        line.newer();
        assert_eq!(line.text(), "x");
        line.submit();
        line.submit();
        line.older();
        assert_eq!(line.text(), "x", "blank lines are not kept");
    }

    /// A refused line is kept selected: typing replaces it, the cursor keys edit it.
    #[test]
    fn a_kept_line_is_replaced_by_typing_or_edited() {
        let mut line = typed("e5");
        let refused = line.submit();
        line.keep(&refused);
        assert!(line.is_selected());
        line.insert('d');
        line.insert('4');
        assert_eq!(line.text(), "d4");
        assert!(!line.is_selected());

        line.keep("Nf9");
        line.backspace();
        assert!(line.is_empty());

        line.keep("Nf9");
        line.left();
        assert!(!line.is_selected());
        line.delete();
        line.insert('3');
        assert_eq!(line.text(), "Nf3");

        line.keep("Nf9");
        line.end();
        line.backspace();
        line.insert('3');
        assert_eq!(line.text(), "Nf3");
    }
}
