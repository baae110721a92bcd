//! A one-line text field with a cursor, and a history of what was entered.

/// The most characters a paste puts in a field: a whole game's moves, and far less than a
/// file pasted by mistake.
pub const MAX_PASTE: usize = 20_000;

/// Editable text with a cursor (a character index).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct TextField {
    text: String,
    /// Cursor position in characters.
    cursor: usize,
    /// The text is selected: typing replaces it (after a refused entry, so the next try does
    /// not pile onto it), while editing keys keep it for correcting.
    selected: bool,
}

impl TextField {
    /// A field holding `text`, the cursor at its end.
    #[must_use]
    pub fn with_text(text: &str) -> TextField {
        TextField {
            text: text.to_owned(),
            cursor: text.chars().count(),
            selected: false,
        }
    }

    /// The text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cursor position in characters.
    #[must_use]
    pub const fn cursor(&self) -> usize {
        self.cursor
    }

    fn byte_at(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i)
    }

    /// Selects the whole text: the next character typed replaces it.
    pub fn select_all(&mut self) {
        self.selected = !self.text.is_empty();
    }

    /// Whether the whole text is selected.
    #[must_use]
    pub const fn is_selected(&self) -> bool {
        self.selected
    }

    /// Inserts a character at the cursor (replacing the text if it is selected).
    pub fn insert(&mut self, c: char) {
        if std::mem::take(&mut self.selected) {
            self.clear();
        }
        let at = self.byte_at(self.cursor);
        self.text.insert(at, c);
        self.cursor += 1;
    }

    /// Inserts pasted text at the cursor: line breaks and tabs become spaces, other control
    /// characters are dropped, and a paste longer than `MAX_PASTE` characters is cut there.
    pub fn paste(&mut self, text: &str) {
        for c in text.chars().take(MAX_PASTE) {
            match c {
                '\n' | '\r' | '\t' => self.insert(' '),
                c if c.is_control() => {}
                c => self.insert(c),
            }
        }
    }

    /// Deletes the character before the cursor.
    pub fn backspace(&mut self) {
        self.selected = false;
        if self.cursor > 0 {
            self.cursor -= 1;
            let at = self.byte_at(self.cursor);
            self.text.remove(at);
        }
    }

    /// Deletes the character under the cursor.
    pub fn delete(&mut self) {
        self.selected = false;
        if self.cursor < self.text.chars().count() {
            let at = self.byte_at(self.cursor);
            self.text.remove(at);
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
        self.cursor = (self.cursor + 1).min(self.text.chars().count());
    }

    /// Moves the cursor to the start.
    pub fn home(&mut self) {
        self.selected = false;
        self.cursor = 0;
    }

    /// Moves the cursor to the end.
    pub fn end(&mut self) {
        self.selected = false;
        self.cursor = self.text.chars().count();
    }

    /// Empties the field.
    pub fn clear(&mut self) {
        self.text.clear();
        self.cursor = 0;
        self.selected = false;
    }
}

/// One editing step in a text field.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Edit {
    /// Type a character at the cursor.
    Insert(char),
    /// Delete the character before the cursor.
    Backspace,
    /// Delete the character under the cursor.
    Delete,
    /// Cursor one character left.
    Left,
    /// Cursor one character right.
    Right,
    /// Cursor to the start.
    Home,
    /// Cursor to the end.
    End,
    /// Delete everything before the cursor (Ctrl+U, as in shells).
    ClearBefore,
    /// Delete the word before the cursor (Ctrl+W).
    WordBefore,
    /// Delete everything from the cursor on (Ctrl+K).
    ClearAfter,
}

impl TextField {
    /// Carries out one editing step.
    pub fn edit(&mut self, edit: Edit) {
        match edit {
            Edit::Insert(c) => self.insert(c),
            Edit::Backspace => self.backspace(),
            Edit::Delete => self.delete(),
            Edit::Left => self.left(),
            Edit::Right => self.right(),
            Edit::Home => self.home(),
            Edit::End => self.end(),
            Edit::ClearBefore => {
                let at = self.byte_at(self.cursor);
                self.text.replace_range(..at, "");
                self.cursor = 0;
                self.selected = false;
            }
            Edit::WordBefore => {
                let chars: Vec<char> = self.text.chars().collect();
                let mut start = self.cursor;
                while start > 0 && chars[start - 1].is_whitespace() {
                    start -= 1;
                }
                while start > 0 && !chars[start - 1].is_whitespace() {
                    start -= 1;
                }
                let (from, to) = (self.byte_at(start), self.byte_at(self.cursor));
                self.text.replace_range(from..to, "");
                self.cursor = start;
                self.selected = false;
            }
            Edit::ClearAfter => {
                let at = self.byte_at(self.cursor);
                self.text.truncate(at);
                self.selected = false;
            }
        }
    }
}

/// A key table's rows for editing a text field, after the table's own rows (which win, being
/// first): `editing_table!(Intent::Edit; rows...)` makes the slice of bindings.
macro_rules! editing_table {
    ($edit:path; $($row:expr),* $(,)?) => {
        &[
            $($row,)*
            Binding::new(&[Key::Backspace], $edit(Edit::Backspace), "Backspace Del", "delete before / under the cursor"),
            Binding::new(&[Key::Delete], $edit(Edit::Delete), "Backspace Del", "delete before / under the cursor"),
            Binding::new(&[Key::Left], $edit(Edit::Left), "Left Right", "move the text cursor"),
            Binding::new(&[Key::Right], $edit(Edit::Right), "Left Right", "move the text cursor"),
            Binding::new(&[Key::Home], $edit(Edit::Home), "Home End", "to the start / end of the text"),
            Binding::new(&[Key::End], $edit(Edit::End), "Home End", "to the start / end of the text"),
            Binding::new(&[Key::Ctrl('u')], $edit(Edit::ClearBefore), "Ctrl+U Ctrl+K", "delete before / from the cursor"),
            Binding::new(&[Key::Ctrl('k')], $edit(Edit::ClearAfter), "Ctrl+U Ctrl+K", "delete before / from the cursor"),
            Binding::new(&[Key::Ctrl('w')], $edit(Edit::WordBefore), "Ctrl+W", "delete the word before the cursor"),
            Binding::with_char(&[Key::AnyChar], |c| $edit(Edit::Insert(c)), "letters", ""),
        ]
    };
}
pub(crate) use editing_table;

/// Earlier entries, recalled with Up and Down.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct History {
    entries: Vec<String>,
    /// Which entry is shown while browsing (`None`: not browsing).
    at: Option<usize>,
    /// What was being typed before browsing began.
    draft: String,
}

impl History {
    /// Remembers an entry (not twice in a row) and stops browsing.
    pub fn push(&mut self, entry: &str) {
        if !entry.is_empty() && self.entries.last().is_none_or(|last| last != entry) {
            self.entries.push(entry.to_owned());
        }
        self.at = None;
    }

    /// The entry before the one shown (or the last, when not browsing yet).
    pub fn preceding(&mut self, current: &str) -> Option<&str> {
        let at = match self.at {
            None if self.entries.is_empty() => return None,
            None => {
                current.clone_into(&mut self.draft);
                self.entries.len() - 1
            }
            Some(0) => 0,
            Some(at) => at - 1,
        };
        self.at = Some(at);
        Some(&self.entries[at])
    }

    /// The entry after the one shown, or the draft once past the last.
    pub fn following(&mut self) -> Option<&str> {
        let at = self.at?;
        if at + 1 < self.entries.len() {
            self.at = Some(at + 1);
            Some(&self.entries[at + 1])
        } else {
            self.at = None;
            Some(&self.draft)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paste_is_one_line_without_control_characters_and_bounded() {
        let mut field = TextField::default();
        field.paste("1. a1 e5\r\n2.\tc3\u{7}");
        assert_eq!(field.text(), "1. a1 e5  2. c3");
        let mut field = TextField::default();
        field.paste(&"x".repeat(MAX_PASTE + 10));
        assert_eq!(field.text().chars().count(), MAX_PASTE);
    }

    #[test]
    fn editing_moves_the_cursor_by_characters() {
        let mut field = TextField::with_text("a→");
        field.insert('+');
        assert_eq!((field.text(), field.cursor()), ("a→+", 3));
        field.left();
        field.left();
        field.backspace();
        assert_eq!((field.text(), field.cursor()), ("→+", 0));
        field.delete();
        field.end();
        field.insert('x');
        assert_eq!(field.text(), "+x");
    }

    #[test]
    fn shell_keys_delete_before_after_and_by_word() {
        let mut field = TextField::with_text("~/games/x.ptn");
        field.edit(Edit::WordBefore);
        assert_eq!(field.text(), "");
        let mut field = TextField::with_text("save as.ptn");
        field.edit(Edit::WordBefore);
        assert_eq!((field.text(), field.cursor()), ("save ", 5));
        field.edit(Edit::Left);
        field.edit(Edit::ClearAfter);
        assert_eq!(field.text(), "save");
        field.edit(Edit::Left);
        field.edit(Edit::ClearBefore);
        assert_eq!((field.text(), field.cursor()), ("e", 0));
    }

    #[test]
    fn history_browses_back_and_returns_to_the_draft() {
        let mut history = History::default();
        history.push("a1");
        history.push("b2");
        history.push("b2");
        assert_eq!(history.preceding("c3"), Some("b2"));
        assert_eq!(history.preceding("b2"), Some("a1"));
        assert_eq!(history.preceding("a1"), Some("a1"));
        assert_eq!(history.following(), Some("b2"));
        assert_eq!(history.following(), Some("c3"));
        assert_eq!(history.following(), None);
    }
}
