//! A new game: its board size and komi, with the piece counts and the ways a game ends.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{Effect, Reply, popup};
use crate::rules::{BoardSize, GameConfig, Komi, Reserves};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;

/// What the new-game dialog's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NewGameIntent {
    /// To the other field.
    OtherField,
    /// Change the field by this step.
    Change(i16),
    /// This board size.
    Size(u8),
    /// Start the game.
    Start,
    /// Close without starting.
    Cancel,
}

/// The new-game dialog's keys.
pub const NEW_GAME: KeyTable<NewGameIntent> = KeyTable {
    title: "New game",
    bindings: &[
        Binding::new(
            &[Key::Up, Key::Down, Key::Char('k'), Key::Char('j'), Key::Tab],
            NewGameIntent::OtherField,
            "Up/Down",
            "the other field",
        )
        .bar("field"),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            NewGameIntent::Change(-1),
            "Left/Right",
            "change it",
        )
        .bar("change"),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            NewGameIntent::Change(1),
            "Left/Right",
            "change it",
        ),
        Binding::with_char(
            &[Key::Range('3', '8')],
            |c| NewGameIntent::Size(c as u8 - b'0'),
            "3-8",
            "board size",
        ),
        Binding::new(&[Key::Enter], NewGameIntent::Start, "Enter", "start").bar("start"),
        Binding::new(
            &[Key::Esc, Key::Char('q')],
            NewGameIntent::Cancel,
            "Esc",
            "cancel",
        )
        .bar("cancel"),
    ],
};

/// The new-game dialog's fields.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NewGameDialog {
    size: BoardSize,
    komi: Komi,
    /// Which field the arrows change: `false` size, `true` komi.
    on_komi: bool,
    /// What becomes of the game being replaced.
    replaced: Replaced,
}

/// What becomes of the game a new one replaces, said in the dialog.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Replaced {
    /// It is saved (or has no moves): nothing to say.
    Saved,
    /// It is unfinished and not saved: kept to resume.
    Kept,
    /// It is over and not saved: lost unless saved first.
    Lost,
}

impl NewGameDialog {
    /// Starting from `config`'s size and komi, saying what becomes of the game now played.
    #[must_use]
    pub fn new(config: &GameConfig, replaced: Replaced) -> NewGameDialog {
        NewGameDialog {
            size: config.size(),
            komi: config.komi(),
            on_komi: false,
            replaced,
        }
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Reply {
        match NEW_GAME.intent(key) {
            Some(NewGameIntent::OtherField) => self.on_komi = !self.on_komi,
            Some(NewGameIntent::Change(step)) if self.on_komi => {
                let max = 2 * Komi::MAX_ABS;
                let halves = (self.komi.halves() + step).clamp(-max, max);
                self.komi = Komi::from_halves(halves).unwrap_or(self.komi);
            }
            Some(NewGameIntent::Change(step)) => {
                let n = self.size.get().saturating_add_signed(step as i8);
                self.size = BoardSize::new(n).unwrap_or(self.size);
            }
            Some(NewGameIntent::Size(n)) => self.size = BoardSize::new(n).unwrap_or(self.size),
            Some(NewGameIntent::Start) => {
                return Reply::Then(Effect::NewGame(
                    GameConfig::new(self.size).with_komi(self.komi),
                ));
            }
            Some(NewGameIntent::Cancel) => return Reply::Close,
            None => {}
        }
        Reply::Stay
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let pick = |on: bool| if on { theme.cursor() } else { Style::new() };
        let reserves = Reserves::standard(self.size);
        let mut lines = vec![
            Line::from(vec![
                Span::raw("Board size  "),
                Span::styled(
                    format!(" < {0}x{0} > ", self.size.get()),
                    pick(!self.on_komi),
                ),
            ]),
            Line::from(vec![
                Span::raw("Komi        "),
                Span::styled(format!(" < {} > ", self.komi), pick(self.on_komi)),
                Span::raw("  flats added to Black's count"),
            ]),
            Line::from(format!(
                "Each player: {} stones{}",
                reserves.stones,
                match reserves.caps {
                    0 => String::new(),
                    1 => " and 1 capstone".to_owned(),
                    n => format!(" and {n} capstones"),
                }
            )),
            Line::from("The game ends with a road joining two opposite edges, or"),
            Line::from("when the board fills or a player has placed every piece:"),
            Line::from("then the most flats on top wins."),
        ];
        match self.replaced {
            Replaced::Saved => {}
            Replaced::Kept => lines.push(Line::styled(
                "The game now played is kept to resume later (Esc, then w saves it).",
                theme.warning(),
            )),
            Replaced::Lost => lines.push(Line::styled(
                "The game now played is over and not saved: it will be lost (Esc, then w saves it).",
                theme.warning(),
            )),
        }
        lines.push(Line::default());
        lines.push(popup::keys_line(&NEW_GAME, theme));
        popup::draw(frame, area, " New game ", lines, 66, theme);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::NEW_GAME).unwrap();
    }
}
