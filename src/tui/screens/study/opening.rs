//! Lessons and puzzles opened from inside `tak` (the new-game dialog), as `tak learn` and
//! `tak puzzles` open them: the first lesson not yet done, with its introduction, or the list
//! of puzzles; the progress read from (and kept in) the data folder.

use std::path::Path;

use super::{PuzzleListScreen, StudyScreen, Task};
use crate::game::study;
use crate::tui::context::Context;
use crate::tui::dialogs::StudyKind;
use crate::tui::screens::{Outcome, Screen};

/// The screen of `kind`, its progress kept in the data folder `data` (`None`: not kept).
/// Files there that do not read are skipped, and said so.
pub fn open(kind: StudyKind, data: Option<&Path>, ctx: &mut Context) -> Outcome {
    let (progress, path, unread) = study::load_progress(data);
    if let Some(said) = unread {
        ctx.error(said);
    }
    match kind {
        StudyKind::Lessons => {
            let (lessons, warnings) = study::lessons(data);
            say_skipped(&warnings, ctx);
            if lessons.is_empty() {
                ctx.error("no lessons found");
                return Outcome::Refused;
            }
            let index = study::first_to_do(&lessons, &progress);
            let screen = StudyScreen::new(Task::Lesson { lessons, index }, progress, path);
            match screen.opening() {
                Some(dialog) => Outcome::SwitchAndOpen(
                    Box::new(Screen::Study(Box::new(screen))),
                    Box::new(dialog),
                ),
                None => Outcome::Switch(Box::new(Screen::Study(Box::new(screen)))),
            }
        }
        StudyKind::Puzzles => {
            let (puzzles, warnings) = study::puzzles(data);
            say_skipped(&warnings, ctx);
            if puzzles.is_empty() {
                ctx.error("no puzzles found");
                return Outcome::Refused;
            }
            let list = PuzzleListScreen::new(puzzles, 0, progress, path);
            Outcome::Switch(Box::new(Screen::PuzzleList(list)))
        }
    }
}

fn say_skipped(warnings: &[String], ctx: &mut Context) {
    if let Some(first) = warnings.first() {
        ctx.error(format!("skipped {first}"));
    }
}
