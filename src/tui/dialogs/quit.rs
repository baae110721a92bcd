//! Quit with moves not saved? Save and quit, quit (the game is kept to resume), or
//! stay.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Effect, Reply, popup};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;

/// What the quit dialog's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum QuitIntent {
    /// Save, then quit.
    Save,
    /// Quit without saving.
    Quit,
    /// Keep playing.
    Stay,
}

/// The quit dialog's keys.
pub const CONFIRM_QUIT: KeyTable<QuitIntent> = KeyTable {
    title: "Quit?",
    bindings: &[
        Binding::new(
            &[Key::Char('s'), Key::Char('w')],
            QuitIntent::Save,
            "s",
            "save and quit",
        )
        .bar("save and quit"),
        // Not `q`: the `q` that opened the dialog, pressed twice, must not answer it (a
        // finished game not saved would be lost).
        Binding::new(
            &[Key::Char('y'), Key::Ctrl('c')],
            QuitIntent::Quit,
            "y",
            "quit",
        )
        .bar("quit"),
        Binding::new(
            &[Key::Char('n'), Key::Esc],
            QuitIntent::Stay,
            "n/Esc",
            "stay",
        )
        .bar("stay"),
    ],
};

/// Handles a key.
pub fn handle_key(key: &KeyEvent) -> Reply {
    match CONFIRM_QUIT.intent(key) {
        Some(QuitIntent::Save) => Reply::Then(Effect::SaveAndQuit),
        Some(QuitIntent::Quit) => Reply::Then(Effect::Quit),
        Some(QuitIntent::Stay) => Reply::Close,
        None => Reply::Stay,
    }
}

/// The usual heading: a game played on.
const MOVES_NOT_SAVED: &str = "This game is not saved in a file.";

/// What quitting does to the game, said before it is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuitDialog {
    /// What is not saved.
    heading: String,
    /// What becomes of the game.
    note: String,
    /// Whether it is lost unless saved (said as a warning).
    lost: bool,
}

impl QuitDialog {
    /// The game is kept to resume.
    #[must_use]
    pub fn kept() -> QuitDialog {
        QuitDialog {
            heading: MOVES_NOT_SAVED.to_owned(),
            note: "(Quitting keeps it: the next `tak` offers to resume it.)".to_owned(),
            lost: false,
        }
    }

    /// The game is kept, but not its last moves: writing them failed (`problem`: a full
    /// disk, say). Saving to a file (on another disk, if need be) keeps it whole.
    #[must_use]
    pub fn kept_behind(problem: &str) -> QuitDialog {
        QuitDialog {
            heading: MOVES_NOT_SAVED.to_owned(),
            note: format!(
                "(Its last moves could not be kept ({problem}): quitting keeps it only as it \
                 was before them. s saves it whole to a file you name.)"
            ),
            lost: true,
        }
    }

    /// The game is over, so not kept: lost unless saved.
    #[must_use]
    pub fn finished() -> QuitDialog {
        QuitDialog {
            heading: MOVES_NOT_SAVED.to_owned(),
            note: "(It is over, so it is not kept: s saves it.)".to_owned(),
            lost: true,
        }
    }

    /// A game of a series (Locke's) over and not saved: its moves are lost unless saved, its
    /// result is kept with the series, which the next `tak` offers to go on with.
    #[must_use]
    pub fn finished_in_series() -> QuitDialog {
        QuitDialog {
            heading: MOVES_NOT_SAVED.to_owned(),
            note: "(It is over, so its moves are not kept, only its result: the next `tak` \
                   offers to go on with the series. s saves the game.)"
                .to_owned(),
            lost: true,
        }
    }

    /// Variations promoted or deleted in a replay, not saved: the file is as it was.
    #[must_use]
    pub fn unsaved_edits() -> QuitDialog {
        QuitDialog {
            heading: "This record's variations were changed and not saved.".to_owned(),
            note: "(s saves them; quitting leaves the file as it was.)".to_owned(),
            lost: true,
        }
    }

    /// The whole game being analysed in a replay, `done` of `total` positions so far: lost
    /// unless written.
    #[must_use]
    pub fn analysis_running(done: usize, total: usize) -> QuitDialog {
        QuitDialog {
            heading: "The whole game is being analysed.".to_owned(),
            note: format!(
                "({done} of {total} positions so far: s writes them beside the file and quits, \
                 y quits without them.)"
            ),
            lost: true,
        }
    }

    /// Moves not saved and no store to keep them in: lost unless saved.
    #[must_use]
    pub fn not_kept() -> QuitDialog {
        QuitDialog {
            heading: MOVES_NOT_SAVED.to_owned(),
            note: "(It is not kept to resume: s saves it first.)".to_owned(),
            lost: true,
        }
    }

    /// Quitting stops a match: the games finished are in `file`, this one is kept, and
    /// `command` (the whole `tak match` command line with `--continue` and `--out`) takes the
    /// match up with it.
    #[must_use]
    pub fn ends_match(file: &std::path::Path, command: &str) -> QuitDialog {
        QuitDialog {
            heading: MOVES_NOT_SAVED.to_owned(),
            note: format!(
                "(Quitting stops the match: its finished games are in {}, and this game is \
                 kept. `{command}` takes it up here.)",
                file.display()
            ),
            lost: true,
        }
    }

    /// The game was saved to `file` before its last moves: the heading says so (the usual
    /// one says it is in no file).
    #[must_use]
    pub fn saved_before_in(mut self, file: &std::path::Path) -> QuitDialog {
        if self.heading == MOVES_NOT_SAVED {
            self.heading = format!("The last moves are not saved in {}.", file.display());
        }
        self
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let note = if self.lost {
            Line::styled(self.note.clone(), theme.warning())
        } else {
            Line::from(self.note.clone())
        };
        let lines = vec![
            Line::from(self.heading.clone()),
            note,
            Line::default(),
            popup::keys_line(&CONFIRM_QUIT, theme),
        ];
        popup::draw(frame, area, " Quit? ", lines, 66, theme);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::CONFIRM_QUIT).unwrap();
    }
}
