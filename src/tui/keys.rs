//! Key bindings as data: each screen and dialog has tables of (keys, intent, label, help), and
//! the key handling, the key bar and the help page are all made from them, so the three can
//! never disagree (the idea of gitui's key config, which feeds both its command bar and its
//! help). This is the only code that looks at crossterm's key types.
//!
//! Only key presses (and repeats) count: terminals that also report releases would otherwise
//! act twice. Every chord has a plain-key alternative, since many terminals swallow chords.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

mod everywhere;
pub use everywhere::{GLOBAL, GlobalIntent, ViewChange, everywhere_help};

/// A key as a binding names it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    /// A character, typed without Ctrl or Alt (Shift is part of the character: `U`, `?`).
    Char(char),
    /// Ctrl and a letter.
    Ctrl(char),
    /// Any character from the first to the second, inclusive (digits, say).
    Range(char, char),
    /// Any character typed without Ctrl or Alt (text fields).
    AnyChar,
    /// Enter.
    Enter,
    /// Esc.
    Esc,
    /// Tab.
    Tab,
    /// Shift+Tab.
    BackTab,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// The up arrow.
    Up,
    /// The down arrow.
    Down,
    /// The left arrow.
    Left,
    /// The right arrow.
    Right,
    /// Home.
    Home,
    /// End.
    End,
    /// Page Up.
    PageUp,
    /// Page Down.
    PageDown,
    /// A function key.
    F(u8),
}

impl Key {
    /// Whether `event` is this key; for a key that stands for several characters, the one typed.
    #[must_use]
    pub fn matches(self, event: &KeyEvent) -> Option<char> {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        let alt = event.modifiers.contains(KeyModifiers::ALT);
        let plain = !ctrl && !alt;
        let code = event.code;
        let hit = match self {
            Key::Char(c) => plain && code == KeyCode::Char(c),
            Key::Ctrl(c) => ctrl && matches!(code, KeyCode::Char(k) if k.eq_ignore_ascii_case(&c)),
            Key::Range(low, high) => {
                return match code {
                    KeyCode::Char(c) if plain && (low..=high).contains(&c) => Some(c),
                    _ => None,
                };
            }
            Key::AnyChar => {
                return match code {
                    KeyCode::Char(c) if plain => Some(c),
                    _ => None,
                };
            }
            Key::Enter => code == KeyCode::Enter,
            Key::Esc => code == KeyCode::Esc,
            Key::Tab => code == KeyCode::Tab,
            Key::BackTab => code == KeyCode::BackTab,
            Key::Backspace => code == KeyCode::Backspace,
            Key::Delete => code == KeyCode::Delete,
            Key::Up => code == KeyCode::Up,
            Key::Down => code == KeyCode::Down,
            Key::Left => code == KeyCode::Left,
            Key::Right => code == KeyCode::Right,
            Key::Home => code == KeyCode::Home,
            Key::End => code == KeyCode::End,
            Key::PageUp => code == KeyCode::PageUp,
            Key::PageDown => code == KeyCode::PageDown,
            Key::F(n) => code == KeyCode::F(n),
        };
        hit.then_some('\0')
    }

    /// A key event for this key (the first character of a range; `x` for any character), for
    /// tests and for checking the tables.
    #[must_use]
    pub fn example(self) -> KeyEvent {
        let plain = |code| KeyEvent::new(code, KeyModifiers::NONE);
        match self {
            Key::Char(c) => plain(KeyCode::Char(c)),
            Key::Ctrl(c) => KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL),
            Key::Range(low, _) => plain(KeyCode::Char(low)),
            Key::AnyChar => plain(KeyCode::Char('x')),
            Key::Enter => plain(KeyCode::Enter),
            Key::Esc => plain(KeyCode::Esc),
            Key::Tab => plain(KeyCode::Tab),
            Key::BackTab => KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
            Key::Backspace => plain(KeyCode::Backspace),
            Key::Delete => plain(KeyCode::Delete),
            Key::Up => plain(KeyCode::Up),
            Key::Down => plain(KeyCode::Down),
            Key::Left => plain(KeyCode::Left),
            Key::Right => plain(KeyCode::Right),
            Key::Home => plain(KeyCode::Home),
            Key::End => plain(KeyCode::End),
            Key::PageUp => plain(KeyCode::PageUp),
            Key::PageDown => plain(KeyCode::PageDown),
            Key::F(n) => plain(KeyCode::F(n)),
        }
    }
}

/// What a binding asks for: an intent, or one made from the character typed.
#[derive(Clone, Copy, Debug)]
pub enum Does<I> {
    /// This intent.
    Intent(I),
    /// The intent for the character typed (a digit, a letter of a text field).
    WithChar(fn(char) -> I),
}

/// One row of a key table.
#[derive(Clone, Copy, Debug)]
pub struct Binding<I: 'static> {
    /// The keys that ask for it.
    pub keys: &'static [Key],
    /// What they ask for.
    pub does: Does<I>,
    /// The keys as the key bar and the help show them: `arrows`, `Ctrl+S`, `1-8`.
    pub label: &'static str,
    /// What it does, for the help page. Rows with the same label and help are shown once.
    pub help: &'static str,
    /// The key bar's (keys, word) for it, if it is shown there.
    pub bar: Option<(&'static str, &'static str)>,
}

impl<I: Copy> Binding<I> {
    /// Keys asking for `intent`, labelled and explained.
    #[must_use]
    pub const fn new(
        keys: &'static [Key],
        intent: I,
        label: &'static str,
        help: &'static str,
    ) -> Binding<I> {
        Binding {
            keys,
            does: Does::Intent(intent),
            label,
            help,
            bar: None,
        }
    }

    /// Keys whose character makes the intent.
    #[must_use]
    pub const fn with_char(
        keys: &'static [Key],
        intent: fn(char) -> I,
        label: &'static str,
        help: &'static str,
    ) -> Binding<I> {
        Binding {
            keys,
            does: Does::WithChar(intent),
            label,
            help,
            bar: None,
        }
    }

    /// Shown in the key bar as `label word`.
    #[must_use]
    pub const fn bar(mut self, word: &'static str) -> Binding<I> {
        self.bar = Some((self.label, word));
        self
    }

    /// Shown in the key bar as `keys word`, the keys written shorter than on the help page.
    #[must_use]
    pub const fn bar_as(mut self, keys: &'static str, word: &'static str) -> Binding<I> {
        self.bar = Some((keys, word));
        self
    }

    /// The intent `event` asks for through this binding, if it is one of its keys.
    fn intent(&self, event: &KeyEvent) -> Option<I> {
        let typed = self.keys.iter().find_map(|key| key.matches(event))?;
        Some(match self.does {
            Does::Intent(intent) => intent,
            Does::WithChar(make) => make(typed),
        })
    }
}

/// A screen's or dialog's keys at one moment: the first binding that matches a key wins.
#[derive(Clone, Copy, Debug)]
pub struct KeyTable<I: 'static> {
    /// A heading for the help page.
    pub title: &'static str,
    /// The bindings, in the order the help page lists them.
    pub bindings: &'static [Binding<I>],
}

impl<I: Copy> KeyTable<I> {
    /// The intent a key event asks for, if any. Releases ask for nothing.
    #[must_use]
    pub fn intent(&self, event: &KeyEvent) -> Option<I> {
        if event.kind == KeyEventKind::Release {
            return None;
        }
        self.bindings.iter().find_map(|b| b.intent(event))
    }

    /// The key bar's entries (label, word), those for which `shown` holds.
    pub fn bar(&self, shown: impl Fn(&Binding<I>) -> bool) -> Vec<(&'static str, &'static str)> {
        self.bindings
            .iter()
            .filter(|b| shown(b))
            .filter_map(|b| b.bar)
            .collect()
    }

    /// The help page's rows (label, help), each once.
    #[must_use]
    pub fn help_rows(&self) -> Vec<(&'static str, &'static str)> {
        let mut rows: Vec<(&str, &str)> = Vec::new();
        for binding in self.bindings {
            let row = (binding.label, binding.help);
            if !binding.help.is_empty() && !rows.contains(&row) {
                rows.push(row);
            }
        }
        rows
    }
}

/// A section of a help page: a heading and rows of (keys, what they do), or plain lines.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HelpSection {
    /// The heading.
    pub title: String,
    /// (keys, what they do); keys empty for a line of plain text.
    pub rows: Vec<(String, String)>,
}

impl HelpSection {
    /// The section for a key table.
    #[must_use]
    pub fn keys<I: Copy>(table: &KeyTable<I>) -> HelpSection {
        HelpSection {
            title: table.title.to_owned(),
            rows: table
                .help_rows()
                .into_iter()
                .map(|(k, h)| (k.to_owned(), h.to_owned()))
                .collect(),
        }
    }

    /// A section of plain text rows (keys, text) written out.
    #[must_use]
    pub fn text(title: &str, rows: &[(&str, &str)]) -> HelpSection {
        HelpSection {
            title: title.to_owned(),
            rows: rows
                .iter()
                .map(|(k, h)| ((*k).to_owned(), (*h).to_owned()))
                .collect(),
        }
    }
}

/// Checks that a table holds together: every key of every binding asks for that binding (no
/// earlier binding shadows it), every binding has a label, and every key bar entry is on the
/// help page. The tests of each screen and dialog run it over their tables.
pub fn check_table<I: Copy + PartialEq + std::fmt::Debug>(
    table: &KeyTable<I>,
) -> Result<(), String> {
    for binding in table.bindings {
        if binding.label.is_empty() {
            return Err(format!("{}: a binding without a label", table.title));
        }
        if binding.bar.is_some() && binding.help.is_empty() {
            return Err(format!(
                "{}: {} is in the key bar but not on the help page",
                table.title, binding.label
            ));
        }
        for key in binding.keys {
            let event = key.example();
            let expected = binding.intent(&event);
            let got = table.intent(&event);
            if got != expected {
                return Err(format!(
                    "{}: {key:?} ({}) asks for {got:?}, not {expected:?}",
                    table.title, binding.label
                ));
            }
        }
    }
    Ok(())
}

/// A key pressed without modifiers, for the tests of screens and dialogs.
#[cfg(test)]
pub(crate) const fn plain(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Test {
        Quit,
        Digit(u8),
        Type(char),
    }

    const TABLE: KeyTable<Test> = KeyTable {
        title: "test",
        bindings: &[
            Binding::new(&[Key::Char('q'), Key::Ctrl('c')], Test::Quit, "q", "quit").bar("quit"),
            Binding::with_char(
                &[Key::Range('1', '8')],
                |c| Test::Digit(c as u8 - b'0'),
                "1-8",
                "count",
            ),
            Binding::with_char(&[Key::AnyChar], Test::Type, "letters", "type"),
        ],
    };

    fn press(code: KeyCode, modifiers: KeyModifiers) -> Option<Test> {
        TABLE.intent(&KeyEvent::new(code, modifiers))
    }

    #[test]
    fn the_first_matching_binding_wins_and_characters_are_passed_on() {
        assert_eq!(
            press(KeyCode::Char('q'), KeyModifiers::NONE),
            Some(Test::Quit)
        );
        assert_eq!(
            press(KeyCode::Char('C'), KeyModifiers::CONTROL),
            Some(Test::Quit)
        );
        assert_eq!(
            press(KeyCode::Char('7'), KeyModifiers::NONE),
            Some(Test::Digit(7))
        );
        assert_eq!(
            press(KeyCode::Char('9'), KeyModifiers::NONE),
            Some(Test::Type('9'))
        );
        assert_eq!(press(KeyCode::Char('x'), KeyModifiers::CONTROL), None);
        assert_eq!(press(KeyCode::Enter, KeyModifiers::NONE), None);
        let mut release = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(TABLE.intent(&release), None, "releases ask for nothing");
    }

    #[test]
    fn a_shadowed_key_is_caught() {
        const SHADOWED: KeyTable<Test> = KeyTable {
            title: "shadowed",
            bindings: &[
                Binding::with_char(&[Key::AnyChar], Test::Type, "letters", "type"),
                Binding::new(&[Key::Char('q')], Test::Quit, "q", "quit"),
            ],
        };
        assert!(check_table(&TABLE).is_ok());
        assert!(check_table(&SHADOWED).unwrap_err().contains("Char('q')"));
    }

    #[test]
    fn the_bar_and_help_come_from_the_same_rows() {
        assert_eq!(TABLE.bar(|_| true), [("q", "quit")]);
        assert_eq!(TABLE.help_rows()[0], ("q", "quit"));
        assert_eq!(TABLE.help_rows().len(), 3);
    }
}
