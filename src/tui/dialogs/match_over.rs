//! The end of a match's game (the result, the table so far, on to the next), and the end of
//! the match (the table, then quit).

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Effect, Reply, popup};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;

/// What the keys at the end of a match's game ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MatchOverIntent {
    /// The next game, or the summary after the last.
    Next,
    /// Take the game's last ply back and play on.
    TakeBack,
    /// Quit.
    Quit,
}

use MatchOverIntent as M;

/// Taking the last ply back, at the end of any game.
const TAKE_BACK: Binding<MatchOverIntent> = Binding::new(
    &[Key::Char('u')],
    M::TakeBack,
    "u",
    "take back the last ply (or a resignation)",
)
.bar("take back");

/// Quitting, at the end of any game.
const QUIT: Binding<MatchOverIntent> =
    Binding::new(&[Key::Char('q'), Key::Ctrl('c')], M::Quit, "q", "quit").bar("quit");

/// The keys going on from a game.
const ON: [Key; 3] = [Key::Enter, Key::Char(' '), Key::Char('n')];

/// The keys after a game that is not the match's last.
pub const GAME_OVER: KeyTable<MatchOverIntent> = KeyTable {
    title: "Game over",
    bindings: &[
        Binding::new(&ON, M::Next, "Enter", "next game").bar("next game"),
        TAKE_BACK,
        QUIT,
    ],
};

/// The keys after the match's last game.
pub const LAST_GAME_OVER: KeyTable<MatchOverIntent> = KeyTable {
    title: "Game over",
    bindings: &[
        Binding::new(&ON, M::Next, "Enter", "the summary").bar("the summary"),
        TAKE_BACK,
        QUIT,
    ],
};

/// The keys of the summary.
pub const SUMMARY: KeyTable<MatchOverIntent> = KeyTable {
    title: "The match is over",
    bindings: &[Binding::new(
        &[Key::Enter, Key::Esc, Key::Char('q'), Key::Ctrl('c')],
        M::Quit,
        "q",
        "quit",
    )
    .bar("quit")],
};

/// Which end it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MatchEnd {
    /// A game has ended and more follow.
    Game,
    /// The last game has ended.
    LastGame,
    /// The match is over: the summary.
    Match,
}

/// The end of a game or of the match: what to show (made by the match screen) and which end.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchOverDialog {
    end: MatchEnd,
    lines: Vec<Line<'static>>,
}

impl MatchOverDialog {
    /// At `end`, showing `lines`.
    #[must_use]
    pub const fn new(end: MatchEnd, lines: Vec<Line<'static>>) -> MatchOverDialog {
        MatchOverDialog { end, lines }
    }

    /// Which end it is.
    #[must_use]
    pub const fn end(&self) -> MatchEnd {
        self.end
    }

    const fn table(&self) -> &'static KeyTable<MatchOverIntent> {
        match self.end {
            MatchEnd::Game => &GAME_OVER,
            MatchEnd::LastGame => &LAST_GAME_OVER,
            MatchEnd::Match => &SUMMARY,
        }
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Reply {
        match self.table().intent(key) {
            Some(M::Next) => Reply::Then(Effect::NextMatchGame),
            Some(M::TakeBack) => Reply::Then(Effect::TakeBackMatchPly),
            Some(M::Quit) => Reply::Then(Effect::Quit),
            None => Reply::Stay,
        }
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let title = match self.end {
            MatchEnd::Match => " The match is over ",
            MatchEnd::Game | MatchEnd::LastGame => " Game over ",
        };
        let mut lines = self.lines.clone();
        lines.push(Line::default());
        lines.push(popup::keys_line(self.table(), theme));
        // As wide as the table's rows, so long names do not break them (the terminal's
        // width still bounds it).
        let widest = lines.iter().map(Line::width).max().unwrap_or(0);
        let width = u16::try_from(widest + 2).unwrap_or(u16::MAX).max(66);
        popup::draw(frame, area, title, lines, width, theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_asks_for_its_own_binding() {
        for table in [&GAME_OVER, &LAST_GAME_OVER, &SUMMARY] {
            crate::tui::keys::check_table(table).unwrap();
        }
    }
}
