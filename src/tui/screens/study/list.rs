//! The puzzles to choose from: each with its board size, difficulty, kind and title, the
//! solved ones ticked; filtered by size and difficulty.

use std::path::PathBuf;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{StudyScreen, Task};
use crate::game::study::Progress;
use crate::puzzles::Puzzle;
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, HelpDialog};
use crate::tui::keys::{Binding, HelpSection, Key, KeyTable};
use crate::tui::screens::{Outcome, Screen};
use crate::tui::widgets::bottom;
use crate::tui::widgets::choice_list::{chosen_lines, fit};

/// What the list's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PuzzleListIntent {
    /// The puzzle above.
    Up,
    /// The puzzle below.
    Down,
    /// Solve the chosen puzzle.
    Open,
    /// Only puzzles of the next board size (then all again).
    Size,
    /// Only puzzles of the next difficulty (then all again).
    Difficulty,
    /// Every key.
    Help,
    /// Quit.
    Quit,
}

use PuzzleListIntent as L;

/// The list's keys.
pub const PUZZLE_LIST: KeyTable<PuzzleListIntent> = KeyTable {
    title: "Puzzles",
    bindings: &[
        Binding::new(&[Key::Up, Key::Char('k')], L::Up, "Up/Down", "choose").bar("choose"),
        Binding::new(&[Key::Down, Key::Char('j')], L::Down, "Up/Down", "choose"),
        Binding::new(&[Key::Enter], L::Open, "Enter", "solve it").bar("solve"),
        Binding::new(
            &[Key::Char('s')],
            L::Size,
            "s",
            "board size: one at a time, then all",
        )
        .bar("size"),
        Binding::new(
            &[Key::Char('d')],
            L::Difficulty,
            "d",
            "difficulty: one at a time, then all",
        )
        .bar("difficulty"),
        Binding::new(&[Key::Char('?'), Key::F(1)], L::Help, "?/F1", "this help")
            .bar_as("?", "help"),
        Binding::new(&[Key::Char('q'), Key::Ctrl('c')], L::Quit, "q", "quit").bar("quit"),
    ],
};

/// The puzzles, a filter, and the one chosen.
#[derive(Clone, Debug)]
pub struct PuzzleListScreen {
    puzzles: Vec<Puzzle>,
    /// The puzzle chosen, as an index into `puzzles`.
    chosen: usize,
    size: Option<u8>,
    difficulty: Option<u8>,
    progress: Progress,
    progress_path: Option<PathBuf>,
}

impl PuzzleListScreen {
    /// The list of `puzzles`, `chosen` chosen.
    #[must_use]
    pub fn new(
        puzzles: Vec<Puzzle>,
        chosen: usize,
        progress: Progress,
        progress_path: Option<PathBuf>,
    ) -> PuzzleListScreen {
        PuzzleListScreen {
            chosen: chosen.min(puzzles.len().saturating_sub(1)),
            puzzles,
            size: None,
            difficulty: None,
            progress,
            progress_path,
        }
    }

    /// Only puzzles of this size and difficulty, when given.
    #[must_use]
    pub fn filtered(mut self, size: Option<u8>, difficulty: Option<u8>) -> PuzzleListScreen {
        self.size = size;
        self.difficulty = difficulty;
        self.chosen = self.shown().first().copied().unwrap_or(0);
        self
    }

    /// With puzzle `index` chosen, when shown.
    #[must_use]
    pub fn choosing(mut self, index: usize) -> PuzzleListScreen {
        if self.shown().contains(&index) {
            self.chosen = index;
        }
        self
    }

    /// The puzzles shown, as indices, in order.
    #[must_use]
    pub fn shown(&self) -> Vec<usize> {
        (0..self.puzzles.len())
            .filter(|&i| {
                let p = &self.puzzles[i];
                self.size.is_none_or(|s| p.size() == s)
                    && self.difficulty.is_none_or(|d| p.difficulty == d)
            })
            .collect()
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        let Some(intent) = PUZZLE_LIST.intent(key) else {
            return Outcome::Stay;
        };
        ctx.status = None;
        let shown = self.shown();
        let at = shown.iter().position(|&i| i == self.chosen);
        match intent {
            L::Up => {
                if let Some(i) = at.and_then(|a| a.checked_sub(1)) {
                    self.chosen = shown[i];
                }
            }
            L::Down => {
                if let Some(&next) = at.and_then(|a| shown.get(a + 1)) {
                    self.chosen = next;
                }
            }
            L::Open if at.is_some() => {
                let task = Task::Puzzle {
                    puzzles: self.puzzles.clone(),
                    index: self.chosen,
                    shown,
                    filter: (self.size, self.difficulty),
                };
                let screen =
                    StudyScreen::new(task, self.progress.clone(), self.progress_path.clone());
                return Outcome::Switch(Box::new(Screen::Study(Box::new(screen))));
            }
            L::Open => ctx.info("no puzzle is shown: s and d change the filter"),
            L::Size => {
                let mut sizes: Vec<u8> = self.puzzles.iter().map(Puzzle::size).collect();
                sizes.sort_unstable();
                sizes.dedup();
                self.size = next_of(&sizes, self.size);
                self.chosen = self.shown().first().copied().unwrap_or(self.chosen);
            }
            L::Difficulty => {
                let mut levels: Vec<u8> = self.puzzles.iter().map(|p| p.difficulty).collect();
                levels.sort_unstable();
                levels.dedup();
                self.difficulty = next_of(&levels, self.difficulty);
                self.chosen = self.shown().first().copied().unwrap_or(self.chosen);
            }
            L::Help => {
                return Outcome::Open(Dialog::Help(HelpDialog::new(
                    " Help: ? or Esc to close ",
                    vec![
                        HelpSection::keys(&PUZZLE_LIST),
                        HelpSection::keys(&super::STUDY),
                    ],
                )));
            }
            L::Quit => return Outcome::Quit,
        }
        Outcome::Stay
    }

    fn line(&self, index: usize) -> String {
        let puzzle = &self.puzzles[index];
        let tick = if self.progress.solved.contains(&puzzle.id) {
            "✓"
        } else {
            " "
        };
        let stars: String = (1..=5)
            .map(|n| if n <= puzzle.difficulty { '*' } else { '.' })
            .collect();
        let n = puzzle.size();
        format!(
            "{tick} {n}x{n}  {stars}  {:<9}  {}",
            puzzle.kind.label(),
            puzzle.title
        )
    }

    /// Draws the list over the whole screen, the chosen puzzle in view.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, ctx: &Context) {
        let theme = ctx.theme();
        let shown = self.shown();
        let filter = match (self.size, self.difficulty) {
            (None, None) => String::new(),
            (size, level) => format!(
                " · {}{}",
                size.map_or_else(String::new, |n| format!("{n}x{n} ")),
                level.map_or_else(String::new, |d| format!("difficulty {d}"))
            ),
        };
        let solved = self
            .puzzles
            .iter()
            .filter(|p| self.progress.solved.contains(&p.id))
            .count();
        let heading = format!(
            " Puzzles: {} of {} shown{filter} · {solved} solved · streak {} (best {}) ",
            shown.len(),
            self.puzzles.len(),
            self.progress.streak,
            self.progress.best_streak
        );
        let room = usize::from(area.height.saturating_sub(4));
        let at = shown.iter().position(|&i| i == self.chosen).unwrap_or(0);
        let heading = fit(heading, area.width, theme);
        let mut lines = vec![Line::styled(heading, theme.heading()), Line::default()];
        lines.extend(chosen_lines(
            shown.len(),
            at,
            room,
            |i| fit(self.line(shown[i]), area.width, theme),
            theme,
        ));
        if shown.is_empty() {
            lines.push(Line::styled(
                "  no puzzle of this size and difficulty: s and d change the filter",
                theme.dim(),
            ));
        }
        let list = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(2));
        frame.render_widget(ratatui::widgets::Paragraph::new(lines), list);
        let status = Rect::new(area.x, area.bottom().saturating_sub(2), area.width, 1);
        bottom::status(frame, status, ctx.status.as_ref(), Line::default(), theme);
        let keys = Rect::new(area.x, area.bottom().saturating_sub(1), area.width, 1);
        bottom::screen_key_bar(frame, keys, &PUZZLE_LIST.bar(|_| true), ctx);
    }
}

/// The value after `current` in `values`, then `None` (all) after the last.
fn next_of(values: &[u8], current: Option<u8>) -> Option<u8> {
    match current {
        None => values.first().copied(),
        Some(v) => values.iter().copied().find(|&x| x > v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&PUZZLE_LIST).unwrap();
    }

    #[test]
    fn filters_cycle_through_the_values_then_all() {
        assert_eq!(next_of(&[4, 5, 6], None), Some(4));
        assert_eq!(next_of(&[4, 5, 6], Some(5)), Some(6));
        assert_eq!(next_of(&[4, 5, 6], Some(6)), None);
    }
}
