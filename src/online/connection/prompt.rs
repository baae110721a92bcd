//! Asking for a password at the terminal without showing it: raw mode while it is typed, and
//! the terminal as it was afterwards whatever happens.

use std::io::{self, IsTerminal, Write};

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::crossterm::terminal;

/// The raw mode a prompt sets, undone when dropped (an error or a panic included).
struct RawMode;

impl RawMode {
    fn on() -> io::Result<RawMode> {
        terminal::enable_raw_mode()?;
        Ok(RawMode)
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
    }
}

/// What one key does to a password being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Keep reading.
    More,
    /// The password is complete.
    Done,
    /// The person gave up (Esc, Ctrl+C, Ctrl+D on an empty line).
    Cancelled,
}

/// Applies one key to `password`: characters add, Backspace takes one off, Ctrl+U clears,
/// Enter ends, Esc, Ctrl+C and Ctrl+D (on nothing typed) cancel.
pub fn type_key(password: &mut String, code: KeyCode, modifiers: KeyModifiers) -> Typed {
    let control = modifiers.contains(KeyModifiers::CONTROL);
    match code {
        KeyCode::Enter => Typed::Done,
        KeyCode::Esc => Typed::Cancelled,
        KeyCode::Char('c') if control => Typed::Cancelled,
        KeyCode::Char('d') if control && password.is_empty() => Typed::Cancelled,
        KeyCode::Char('u') if control => {
            password.clear();
            Typed::More
        }
        KeyCode::Backspace => {
            password.pop();
            Typed::More
        }
        KeyCode::Char(c) if !control => {
            password.push(c);
            Typed::More
        }
        _ => Typed::More,
    }
}

/// Writes `prompt` to stderr and reads a password from the terminal without echoing it.
/// `Ok(None)` when the person cancels; an error when there is no terminal to ask at.
pub fn read_password(prompt: &str) -> io::Result<Option<String>> {
    if !io::stdin().is_terminal() {
        return Err(io::Error::other(
            "no terminal to ask for the password at: set TAKTUI_PLAYTAK_PASSWORD",
        ));
    }
    let mut stderr = io::stderr();
    write!(stderr, "{prompt}")?;
    stderr.flush()?;
    let mut password = String::new();
    let outcome = {
        let _raw = RawMode::on()?;
        loop {
            if let Event::Key(key) = event::read()?
                && key.kind != KeyEventKind::Release
            {
                match type_key(&mut password, key.code, key.modifiers) {
                    Typed::More => {}
                    done => break done,
                }
            }
        }
    };
    writeln!(stderr)?;
    Ok((outcome == Typed::Done).then_some(password))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(keys: &[(KeyCode, KeyModifiers)]) -> (String, Typed) {
        let mut password = String::new();
        let mut last = Typed::More;
        for &(code, modifiers) in keys {
            last = type_key(&mut password, code, modifiers);
            if last != Typed::More {
                break;
            }
        }
        (password, last)
    }

    const NONE: KeyModifiers = KeyModifiers::NONE;
    const CTRL: KeyModifiers = KeyModifiers::CONTROL;

    #[test]
    fn characters_and_backspace_make_the_password_enter_ends_it() {
        let keys = [
            (KeyCode::Char('p'), NONE),
            (KeyCode::Char('X'), KeyModifiers::SHIFT),
            (KeyCode::Char('y'), NONE),
            (KeyCode::Backspace, NONE),
            (KeyCode::Char('é'), NONE),
            (KeyCode::Left, NONE),
            (KeyCode::Enter, NONE),
            (KeyCode::Char('z'), NONE),
        ];
        assert_eq!(typed(&keys), ("pXé".to_owned(), Typed::Done));
    }

    #[test]
    fn ctrl_u_clears_and_esc_or_ctrl_c_cancel() {
        let cleared = [
            (KeyCode::Char('a'), NONE),
            (KeyCode::Char('u'), CTRL),
            (KeyCode::Char('b'), NONE),
            (KeyCode::Enter, NONE),
        ];
        assert_eq!(typed(&cleared), ("b".to_owned(), Typed::Done));
        assert_eq!(typed(&[(KeyCode::Esc, NONE)]).1, Typed::Cancelled);
        assert_eq!(
            typed(&[(KeyCode::Char('a'), NONE), (KeyCode::Char('c'), CTRL)]).1,
            Typed::Cancelled
        );
        assert_eq!(typed(&[(KeyCode::Char('d'), CTRL)]).1, Typed::Cancelled);
        assert_eq!(
            typed(&[(KeyCode::Char('a'), NONE), (KeyCode::Char('d'), CTRL)]),
            ("a".to_owned(), Typed::More),
            "Ctrl+D cancels only an empty line"
        );
    }
}
