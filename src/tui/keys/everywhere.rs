//! The keys that work on every screen and dialog (suspending, turning the board), with the
//! other key tables, so that a screen's help can list them without reaching up into the app.

use super::{Binding, Key, KeyTable};
use crate::tui::layout::Orientation;

/// What the keys that work everywhere ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GlobalIntent {
    /// Stop for now, giving the terminal back; `fg` in the shell brings the game back.
    Suspend,
    /// Test builds of the binary only: panic, to prove the terminal is restored.
    TestPanic,
    /// Draw the board another way round (the notation stays the same).
    View(ViewChange),
}

/// A change to which way round the board is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ViewChange {
    /// Turn it half round: the other player's side at the bottom.
    TurnHalf,
    /// Turn it a quarter clockwise: the ranks across, the files up and down.
    TurnQuarter,
    /// Mirror it left to right.
    Flip,
}

impl ViewChange {
    /// The view `view` changed so.
    #[must_use]
    pub const fn apply(self, view: Orientation) -> Orientation {
        match self {
            ViewChange::TurnHalf => view.turned_half(),
            ViewChange::TurnQuarter => view.turned_quarter(),
            ViewChange::Flip => view.flipped(),
        }
    }
}

/// The help page's section of the keys of every screen: without those that turn the board
/// where the board is drawn one way only (Kaen's diamond, Locke's board).
#[must_use]
pub fn everywhere_help(board_turns: bool) -> super::HelpSection {
    let mut section = super::HelpSection::keys(&GLOBAL);
    if !board_turns {
        let turning: Vec<&str> = GLOBAL
            .bindings
            .iter()
            .filter(|b| matches!(b.does, super::Does::Intent(GlobalIntent::View(_))))
            .map(|b| b.label)
            .collect();
        section
            .rows
            .retain(|(key, _)| !turning.contains(&key.as_str()));
    }
    section
}

/// Keys that work on every screen and dialog.
pub const GLOBAL: KeyTable<GlobalIntent> = KeyTable {
    title: "Everywhere",
    bindings: &[
        Binding::new(
            &[Key::Ctrl('z')],
            GlobalIntent::Suspend,
            "Ctrl+Z",
            "suspend tak (the shell's fg brings it back)",
        ),
        // Ctrl and a letter, since these work while typing too. Not Ctrl+R (redo), S or Q (flow
        // control in some terminals), H, I, J or M (Backspace, Tab, Enter), B or A (the
        // prefixes of tmux and screen).
        Binding::new(
            &[Key::Ctrl('t')],
            GlobalIntent::View(ViewChange::TurnHalf),
            "Ctrl+T",
            "turn the board half round (the notation stays the same)",
        ),
        Binding::new(
            &[Key::Ctrl('o')],
            GlobalIntent::View(ViewChange::TurnQuarter),
            "Ctrl+O",
            "turn the board a quarter clockwise",
        ),
        Binding::new(
            &[Key::Ctrl('f')],
            GlobalIntent::View(ViewChange::Flip),
            "Ctrl+F",
            "mirror the board left to right",
        ),
        Binding::new(&[Key::F(12)], GlobalIntent::TestPanic, "F12", ""),
    ],
};
