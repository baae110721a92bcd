//! Keys and clicks to actions: the only code that looks at terminal events.
//!
//! Only key presses (and repeats) count: terminals that also report releases would otherwise
//! act twice. Every chord has a plain-key alternative, since many terminals swallow chords.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

use super::action::Action;
use super::app::{App, Focus, Overlay};
use crate::rules::{Direction, Role};

/// The action an event asks for, if any.
#[must_use]
pub fn action_for(event: &Event, app: &App) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => key_action(*key, app),
        Event::Mouse(mouse) if app.options().mouse => match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Action::Click(mouse.column, mouse.row)),
            _ => None,
        },
        Event::Resize(columns, rows) => Some(Action::Resize(*columns, *rows)),
        _ => None,
    }
}

fn key_action(key: KeyEvent, app: &App) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl {
        return match key.code {
            KeyCode::Char('c') if matches!(app.overlay(), Some(Overlay::ConfirmQuit)) => {
                Some(Action::Yes)
            }
            KeyCode::Char('c') => Some(Action::Quit),
            KeyCode::Char('s') => Some(Action::Save),
            KeyCode::Char('r') => Some(Action::Redo),
            KeyCode::Char('z') => Some(Action::Undo),
            _ => None,
        };
    }
    if key.code == KeyCode::F(12) {
        return Some(Action::TestPanic);
    }
    match app.overlay() {
        Some(overlay) => overlay_key(key.code, overlay),
        None if app.replay_state().is_some() => Some(replay_key(key.code)),
        None => match app.focus() {
            Focus::Board => board_key(key.code),
            Focus::Input => input_key(key.code),
        },
    }
}

fn arrow(code: KeyCode) -> Option<Direction> {
    match code {
        KeyCode::Up | KeyCode::Char('k') => Some(Direction::Up),
        KeyCode::Down | KeyCode::Char('j') => Some(Direction::Down),
        KeyCode::Left | KeyCode::Char('h') => Some(Direction::Left),
        KeyCode::Right | KeyCode::Char('l') => Some(Direction::Right),
        _ => None,
    }
}

fn board_key(code: KeyCode) -> Option<Action> {
    if let Some(direction) = arrow(code) {
        return Some(Action::Arrow(direction));
    }
    Some(match code {
        KeyCode::Char('f' | 'F') => Action::Place(Role::Flat),
        KeyCode::Char('s' | 'S') => Action::Place(Role::Wall),
        KeyCode::Char('c' | 'C') => Action::Place(Role::Cap),
        KeyCode::Enter | KeyCode::Char(' ') => Action::Confirm,
        KeyCode::Char(c @ '1'..='8') => Action::Digit(c as u8 - b'0'),
        KeyCode::Backspace => Action::Back,
        KeyCode::Esc => Action::Cancel,
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('U') => Action::Redo,
        KeyCode::Char(':') | KeyCode::Tab => Action::FocusInput,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('r') => Action::Rules,
        KeyCode::Char('q') => Action::Quit,
        KeyCode::Char('n') => Action::NewGame,
        KeyCode::Char('w') => Action::Save,
        KeyCode::Char('t') => Action::ShowThreats,
        KeyCode::Char('m') => Action::ShowMoves,
        KeyCode::Char('L') => Action::ToggleLearn,
        _ => return None,
    })
}

fn replay_key(code: KeyCode) -> Action {
    match code {
        KeyCode::Right | KeyCode::Char('l') => Action::NextPly,
        KeyCode::Left | KeyCode::Char('h') => Action::PreviousPly,
        KeyCode::Down | KeyCode::Char(']' | 'j') => Action::NextMove,
        KeyCode::Up | KeyCode::Char('[' | 'k') => Action::PreviousMove,
        KeyCode::Home => Action::First,
        KeyCode::End => Action::Last,
        KeyCode::Char('g') => Action::Goto,
        KeyCode::Char(' ') => Action::Autoplay,
        KeyCode::Char('+' | '=') => Action::Faster,
        KeyCode::Char('-') => Action::Slower,
        KeyCode::Char('p') => Action::PlayFromHere,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        // Any other key stops autoplay.
        _ => Action::Cancel,
    }
}

fn input_key(code: KeyCode) -> Option<Action> {
    Some(match code {
        KeyCode::Char(c) => Action::Type(c),
        KeyCode::Backspace => Action::Backspace,
        KeyCode::Delete => Action::Delete,
        KeyCode::Left => Action::Left,
        KeyCode::Right => Action::Right,
        KeyCode::Home => Action::Home,
        KeyCode::End => Action::End,
        KeyCode::Enter => Action::Submit,
        KeyCode::Up => Action::HistoryPrevious,
        KeyCode::Down => Action::HistoryNext,
        KeyCode::Esc | KeyCode::Tab | KeyCode::BackTab => Action::FocusBoard,
        _ => return None,
    })
}

fn overlay_key(code: KeyCode, overlay: &Overlay) -> Option<Action> {
    match overlay {
        Overlay::Help => match code {
            KeyCode::Char('?' | 'q') | KeyCode::Esc | KeyCode::Enter => Some(Action::Help),
            _ => None,
        },
        Overlay::Rules(_) => match code {
            KeyCode::Left | KeyCode::Char('h') | KeyCode::PageUp => {
                Some(Action::Arrow(Direction::Left))
            }
            KeyCode::Right | KeyCode::Char('l' | ' ') | KeyCode::PageDown => {
                Some(Action::Arrow(Direction::Right))
            }
            KeyCode::Esc | KeyCode::Char('r' | 'q') | KeyCode::Enter => Some(Action::Cancel),
            _ => None,
        },
        Overlay::MatchGameOver => match code {
            KeyCode::Enter | KeyCode::Char(' ' | 'n') => Some(Action::Confirm),
            KeyCode::Char('u') => Some(Action::Undo),
            KeyCode::Char('q') => Some(Action::Quit),
            _ => None,
        },
        Overlay::MatchSummary => match code {
            KeyCode::Enter | KeyCode::Esc | KeyCode::Char('q') => Some(Action::Quit),
            _ => None,
        },
        Overlay::ConfirmQuit => match code {
            KeyCode::Char('y' | 'q') => Some(Action::Yes),
            KeyCode::Char('n') => Some(Action::No),
            KeyCode::Char('s' | 'w') => Some(Action::Save),
            KeyCode::Esc => Some(Action::Cancel),
            _ => None,
        },
        Overlay::SaveAs(_) | Overlay::Goto(_) => match code {
            KeyCode::Enter => Some(Action::Submit),
            KeyCode::Esc => Some(Action::Cancel),
            other => input_key(other).filter(|a| !matches!(a, Action::Submit | Action::FocusBoard)),
        },
        Overlay::NewGame(_) => match code {
            KeyCode::Enter => Some(Action::Confirm),
            KeyCode::Esc | KeyCode::Char('q') => Some(Action::Cancel),
            KeyCode::Char(c @ '3'..='8') => Some(Action::Digit(c as u8 - b'0')),
            other => arrow(other).map(Action::Arrow),
        },
        Overlay::GameList(_) => match code {
            KeyCode::Up | KeyCode::Char('k') => Some(Action::PreviousMove),
            KeyCode::Down | KeyCode::Char('j') => Some(Action::NextMove),
            KeyCode::Enter => Some(Action::Confirm),
            KeyCode::Esc | KeyCode::Char('q') => Some(Action::Cancel),
            _ => None,
        },
        // Only y resumes: Enter, typed blindly, must not pick for the player.
        Overlay::Resume(_) => match code {
            KeyCode::Char('y') => Some(Action::Yes),
            KeyCode::Char('n') | KeyCode::Esc => Some(Action::No),
            _ => None,
        },
    }
}
