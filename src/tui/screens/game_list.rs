//! The list of a file's games, to choose one to replay: players, date, size, result, plies,
//! and the reader's error for a game that has one.

use std::cell::Cell;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Outcome, ReplayScreen, Screen};
use crate::game::Library;
use crate::rules::Color;
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, HelpDialog};
use crate::tui::keys::{Binding, HelpSection, Key, KeyTable};
use crate::tui::widgets::bottom;
use crate::tui::widgets::choice_list::{chosen_lines, fit};

/// Games a page moves by before the list is first drawn.
const DEFAULT_PAGE: usize = 10;

/// Lines under the list for the chosen game's first comment.
const ABOUT_ROWS: u16 = 3;

/// What a player can ask for in the list.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ListIntent {
    /// The game above.
    Up,
    /// The game below.
    Down,
    /// A screenful up.
    PageUp,
    /// A screenful down.
    PageDown,
    /// The first game.
    First,
    /// The last game.
    Last,
    /// Replay the chosen game.
    Open,
    /// Every key.
    Help,
    /// Quit.
    Quit,
}

/// The list's keys.
pub const GAME_LIST: KeyTable<ListIntent> = KeyTable {
    title: "Games in this file",
    bindings: &[
        Binding::new(
            &[Key::Up, Key::Char('k')],
            ListIntent::Up,
            "Up/Down",
            "choose a game",
        )
        .bar("choose"),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            ListIntent::Down,
            "Up/Down",
            "choose a game",
        ),
        Binding::new(
            &[Key::PageUp],
            ListIntent::PageUp,
            "PgUp/PgDn",
            "a screenful up or down",
        ),
        Binding::new(
            &[Key::PageDown],
            ListIntent::PageDown,
            "PgUp/PgDn",
            "a screenful up or down",
        ),
        Binding::new(
            &[Key::Home, Key::Char('g')],
            ListIntent::First,
            "Home/End g/G",
            "the first or last game",
        ),
        Binding::new(
            &[Key::End, Key::Char('G')],
            ListIntent::Last,
            "Home/End g/G",
            "the first or last game",
        ),
        Binding::new(
            &[Key::Enter],
            ListIntent::Open,
            "Enter",
            "replay it (Esc there comes back here)",
        )
        .bar("replay"),
        Binding::new(
            &[Key::Char('?'), Key::F(1)],
            ListIntent::Help,
            "?/F1",
            "this help",
        )
        .bar_as("?", "help"),
        Binding::new(
            &[Key::Char('q'), Key::Esc, Key::Ctrl('c')],
            ListIntent::Quit,
            "q",
            "quit",
        )
        .bar("quit"),
    ],
};

/// The smallest terminal the list is drawn in.
pub const MIN_SIZE: (u16, u16) = (30, 6);

/// A file's games, one chosen.
#[derive(Clone, Debug)]
pub struct GameListScreen {
    library: Library,
    selected: usize,
    /// Games the last drawing had room for: a page for Page Up and Page Down.
    page: Cell<usize>,
}

impl GameListScreen {
    /// The games of `library`, game `selected` (0-based) chosen.
    #[must_use]
    pub fn new(library: Library, selected: usize) -> GameListScreen {
        let selected = selected.min(library.len().saturating_sub(1));
        GameListScreen {
            library,
            selected,
            page: Cell::new(DEFAULT_PAGE),
        }
    }

    /// The game chosen (0-based).
    #[must_use]
    pub const fn selected(&self) -> usize {
        self.selected
    }

    /// The games.
    #[must_use]
    pub const fn library(&self) -> &Library {
        &self.library
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        let Some(intent) = GAME_LIST.intent(key) else {
            return Outcome::Stay;
        };
        ctx.status = None;
        let last = self.library.len().saturating_sub(1);
        let page = self.page.get().max(1);
        match intent {
            ListIntent::Up => self.selected = self.selected.saturating_sub(1),
            ListIntent::Down => self.selected = (self.selected + 1).min(last),
            ListIntent::PageUp => self.selected = self.selected.saturating_sub(page),
            ListIntent::PageDown => self.selected = (self.selected + page).min(last),
            ListIntent::First => self.selected = 0,
            ListIntent::Last => self.selected = last,
            ListIntent::Open => match self.library.open_game(self.selected, 0) {
                Ok(game) => {
                    let replay = ReplayScreen::new(self.library.clone(), game);
                    return Outcome::Switch(Box::new(Screen::Replay(replay)));
                }
                Err(error) => ctx.error(error.to_string()),
            },
            ListIntent::Help => {
                return Outcome::Open(Dialog::Help(HelpDialog::new(
                    " Help: ? or Esc to close ",
                    vec![HelpSection::keys(&GAME_LIST)],
                )));
            }
            ListIntent::Quit => return Outcome::Quit,
        }
        Outcome::Stay
    }

    /// One line per game: players, date, size, result, plies.
    fn line(&self, index: usize) -> String {
        let game = &self.library.games()[index];
        match &game.record {
            Some(record) => {
                let tags = record.tags();
                let name = |color: Color| {
                    tags.player(color).unwrap_or(match color {
                        Color::White => "White",
                        Color::Black => "Black",
                    })
                };
                format!(
                    "{:>3}. {} vs {}  {}  {}  {}  {}{}",
                    index + 1,
                    name(Color::White),
                    name(Color::Black),
                    tags.date().as_deref().unwrap_or("-"),
                    record.position().size(),
                    record.recorded_result().unwrap_or("*"),
                    crate::words::count(record.plies().len(), "ply", "plies"),
                    if game.error.is_some() {
                        "  (error)"
                    } else {
                        ""
                    },
                )
            }
            None => format!(
                "{:>3}. unreadable: {}",
                index + 1,
                game.error
                    .as_ref()
                    .map_or_else(String::new, ToString::to_string)
            ),
        }
    }

    /// Draws the list over the whole screen, the chosen game in view.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, ctx: &Context) {
        let theme = ctx.theme();
        let heading = format!(
            " {}: {} games ",
            self.library.file().display(),
            self.library.len()
        );
        // The chosen game's first comment says what it is about (notable games, annotated
        // files): a few lines under the list, when the screen has room.
        let about = self
            .library
            .games()
            .get(self.selected)
            .and_then(|game| game.record.as_ref())
            .and_then(|record| record.comments().first())
            .filter(|_| area.height >= 12);
        let about_rows = if about.is_some() { ABOUT_ROWS } else { 0 };
        let room = usize::from(area.height.saturating_sub(4 + about_rows));
        self.page.set(room.saturating_sub(1).max(1));
        let mut lines = vec![Line::styled(heading, theme.heading()), Line::default()];
        let len = self.library.len();
        lines.extend(chosen_lines(
            len,
            self.selected,
            room,
            |i| fit(self.line(i), area.width, theme),
            theme,
        ));
        let list = Rect::new(
            area.x,
            area.y,
            area.width,
            area.height.saturating_sub(2 + about_rows),
        );
        frame.render_widget(ratatui::widgets::Paragraph::new(lines), list);
        if let Some(about) = about {
            let rows = Rect::new(
                area.x + 1,
                area.y + area.height.saturating_sub(2 + about_rows),
                area.width.saturating_sub(2),
                about_rows,
            );
            frame.render_widget(
                ratatui::widgets::Paragraph::new(about.trim())
                    .style(theme.dim())
                    .wrap(ratatui::widgets::Wrap { trim: true }),
                rows,
            );
        }
        let status = Rect::new(
            area.x,
            area.y + area.height.saturating_sub(2),
            area.width,
            1,
        );
        bottom::status(frame, status, ctx.status.as_ref(), Line::default(), theme);
        let keys = Rect::new(
            area.x,
            area.y + area.height.saturating_sub(1),
            area.width,
            1,
        );
        bottom::screen_key_bar(frame, keys, &GAME_LIST.bar(|_| true), ctx);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::GAME_LIST).unwrap();
    }
}
