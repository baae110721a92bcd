//! Stepping through a saved Kaen or Locke record, as the replay steps through a Tak game: one
//! key table for both screens, and the walk itself over the screen's own undo and redo (the
//! record is opened whole, then taken back to its start).

use ratatui::crossterm::event::KeyEvent;

use super::Outcome;
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, HelpDialog};
use crate::tui::keys::{Binding, HelpSection, Key, KeyTable};

/// What the keys ask for while a record is stepped through.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StepIntent {
    /// One action (or turn) forward.
    Next,
    /// One back.
    Previous,
    /// To the start.
    First,
    /// To the end.
    Last,
    /// Play on from the position shown (the file is left as it is).
    PlayOn,
    /// The keys.
    Help,
    /// Quit.
    Quit,
}

/// The keys while a record is stepped through.
pub const STEPPING: KeyTable<StepIntent> = KeyTable {
    title: "Replaying a record",
    bindings: &[
        Binding::new(
            &[Key::Right, Key::Char('l'), Key::Char(' ')],
            StepIntent::Next,
            "Right/Left",
            "one step forward / back",
        )
        .bar("step"),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            StepIntent::Previous,
            "Right/Left",
            "one step forward / back",
        ),
        Binding::new(
            &[Key::Home],
            StepIntent::First,
            "Home/End",
            "the start / the end",
        )
        .bar("start/end"),
        Binding::new(
            &[Key::End],
            StepIntent::Last,
            "Home/End",
            "the start / the end",
        ),
        Binding::new(
            &[Key::Char('p')],
            StepIntent::PlayOn,
            "p",
            "play on from here (the file is unchanged; w saves a new one)",
        )
        .bar("play on"),
        Binding::new(
            &[Key::Char('?'), Key::F(1)],
            StepIntent::Help,
            "?/F1",
            "these keys",
        )
        .bar_as("?", "help"),
        Binding::new(
            &[Key::Char('q'), Key::Ctrl('c')],
            StepIntent::Quit,
            "q",
            "quit",
        )
        .bar("quit"),
    ],
};

/// A screen whose record can be stepped through: its undo and redo, one action each.
pub trait Steps {
    /// Takes back one action; `false` at the start.
    fn back(&mut self) -> bool;
    /// Does one again; `false` at the end.
    fn forward(&mut self) -> bool;
    /// Where the record stands: actions shown, and in all.
    fn at(&self) -> (usize, usize);
    /// The record is no longer stepped through: play goes on from here.
    fn play_on(&mut self);
}

/// Takes `screen` back to the start of its record, to step through it.
pub fn rewind(screen: &mut impl Steps) {
    while screen.back() {}
}

/// Handles a key while `screen`'s record is stepped through.
pub fn handle_key(screen: &mut impl Steps, key: &KeyEvent, ctx: &mut Context) -> Outcome {
    let Some(intent) = STEPPING.intent(key) else {
        ctx.error("replaying: Right and Left step, p plays on from here");
        return Outcome::Stay;
    };
    match intent {
        StepIntent::Next => {
            if !screen.forward() {
                ctx.info("the end of the record (p plays on from here)");
                return Outcome::Stay;
            }
        }
        StepIntent::Previous => {
            if !screen.back() {
                ctx.info("the start of the record");
                return Outcome::Stay;
            }
        }
        StepIntent::First => rewind(screen),
        StepIntent::Last => while screen.forward() {},
        StepIntent::PlayOn => {
            screen.play_on();
            ctx.info("playing on from here: the file is unchanged (w saves a new one)");
            return Outcome::Stay;
        }
        StepIntent::Help => {
            return Outcome::Open(Dialog::Help(HelpDialog::new(
                " Help: ? or Esc to close ",
                vec![HelpSection::keys(&STEPPING)],
            )));
        }
        StepIntent::Quit => return Outcome::Quit,
    }
    let (shown, all) = screen.at();
    ctx.info(format!("step {shown} of {all}"));
    Outcome::Stay
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::STEPPING).unwrap();
    }
}
