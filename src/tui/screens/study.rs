//! Puzzles and lessons at the board: the play screen, the player's side only, each move judged
//! as it is made. In a puzzle the solver answers with the strongest defence; in a lesson the
//! rules check the task. A wrong move is taken back with the reason; hints on request;
//! solved puzzles, the streak and lessons done are kept in the data folder.

mod judge;
mod list;
mod opening;
mod tries;

pub use list::{PUZZLE_LIST, PuzzleListScreen};
pub use opening::open;

use std::path::PathBuf;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;

use super::{BOARD, Focus, Outcome, PlayIntent, PlayScreen, Screen};
use crate::game::Session;
use crate::game::study::Progress;
use crate::lessons::Lesson;
use crate::puzzles::Puzzle;
use crate::record::GameRecord;
use crate::rules::{Color, Move};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, HelpDialog, NewGameDialog, Replaced};
use crate::tui::keys::{Binding, Does, HelpSection, Key, KeyTable};
use crate::tui::layout::GameLayout;
use judge::{Judge, Judged, Judging};

/// Positions the solver may visit to answer a move: a second or two at most.
const BUDGET: u64 = 3_000_000;
/// How often the screen looks for the judge's answer.
const JUDGE_POLL: std::time::Duration = std::time::Duration::from_millis(30);

/// What the study keys ask for (the board's keys work as in a game).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StudyIntent {
    /// A hint.
    Hint,
    /// The next puzzle or lesson.
    Next,
    /// The one before.
    Previous,
    /// From the start again.
    Again,
    /// Back to the list of puzzles.
    List,
    /// The puzzle's solution and what answered each wrong try (giving up one not solved).
    Solution,
    /// The lesson's text again (the puzzle's task).
    Text,
}

use StudyIntent as S;

/// The study keys, tried before the board's.
pub const STUDY: KeyTable<StudyIntent> = KeyTable {
    title: "Puzzles and lessons",
    bindings: &[
        Binding::new(&[Key::Char('H')], S::Hint, "H", "a hint").bar("hint"),
        Binding::new(
            &[Key::Char(']')],
            S::Next,
            "] [",
            "the next / the one before",
        )
        .bar("next"),
        Binding::new(
            &[Key::Char('[')],
            S::Previous,
            "] [",
            "the next / the one before",
        ),
        Binding::new(
            &[Key::Char('R')],
            S::Again,
            "R",
            "start again from the position",
        ),
        Binding::new(
            &[Key::Char('G')],
            S::Solution,
            "G",
            "the solution and what answered your tries (gives up a puzzle not yet solved)",
        ),
        Binding::new(
            &[Key::Char('i')],
            S::Text,
            "i",
            "the lesson's text again (the puzzle's task)",
        ),
        Binding::new(
            &[Key::Esc],
            S::List,
            "Esc",
            "the list of puzzles (when no move is being made)",
        )
        .bar("list"),
    ],
};

/// What is studied: a puzzle of a collection, or a lesson of the course.
#[derive(Clone, Debug)]
pub enum Task {
    /// Puzzle `index` of `puzzles`.
    Puzzle {
        /// The collection.
        puzzles: Vec<Puzzle>,
        /// The one shown.
        index: usize,
        /// The ones the list showed (by its size and difficulty), in order: ] and [ go
        /// through these.
        shown: Vec<usize>,
        /// The list's size and difficulty, to go back to it as it was.
        filter: (Option<u8>, Option<u8>),
    },
    /// Lesson `index` of `lessons`.
    Lesson {
        /// The course.
        lessons: Vec<Lesson>,
        /// The one shown.
        index: usize,
    },
}

/// A puzzle or a lesson at the board.
#[derive(Debug)]
pub struct StudyScreen {
    play: PlayScreen,
    task: Task,
    progress: Progress,
    /// Where the progress is kept (`None`: not kept).
    progress_path: Option<PathBuf>,
    /// No wrong move and no hint so far in this puzzle.
    clean: bool,
    /// Solved (or the lesson done): further moves are not judged.
    solved: bool,
    /// The puzzle shown was solved before it was opened.
    solved_before: bool,
    /// Hints given in the position shown (its ply count, and how many): each says more; a
    /// move answered or taken back starts them again.
    hints: (usize, u8),
    /// The player's last move being judged, away from the screen.
    judge: Judge,
    /// Where typed letters went before the move being judged (a wrong one taken back leaves
    /// the player where they were).
    focus_before: Focus,
    /// The wrong tries at the puzzle shown, each with what answered it: shown once it is
    /// solved or given up.
    tries: Vec<tries::Try>,
}

impl StudyScreen {
    /// Time has passed: the judge's answer and the board's background answers (`T`: is this
    /// tinue?) are heard.
    pub fn tick(&mut self, ctx: &mut Context, dialog: bool) -> Outcome {
        self.hear_judge(ctx);
        self.play.tick(ctx, dialog)
    }

    /// How long from `now` until the screen has something new to show.
    #[must_use]
    pub fn wake_after(&self, now: std::time::Instant, dialog: bool) -> Option<std::time::Duration> {
        let board = self.play.wake_after(now, dialog);
        if self.judge.0.is_some() {
            return Some(board.map_or(JUDGE_POLL, |wake| wake.min(JUDGE_POLL)));
        }
        board
    }

    /// Whether the player's last move is being judged (the board waits for the answer).
    #[must_use]
    pub const fn is_judging(&self) -> bool {
        self.judge.0.is_some()
    }

    /// The side the player solves the puzzle shown as; `None` in a lesson (lessons are
    /// written as White sees the board).
    #[must_use]
    pub fn solver(&self) -> Option<Color> {
        match &self.task {
            Task::Puzzle { puzzles, index, .. } => Some(puzzles[*index].solver()),
            Task::Lesson { .. } => None,
        }
    }

    /// Studying `task`, the progress kept at `progress_path`.
    #[must_use]
    pub fn new(task: Task, progress: Progress, progress_path: Option<PathBuf>) -> StudyScreen {
        let mut screen = StudyScreen {
            play: board_for(&task),
            task,
            progress,
            progress_path,
            clean: true,
            solved: false,
            solved_before: false,
            hints: (0, 0),
            judge: Judge::default(),
            focus_before: Focus::Board,
            tries: Vec::new(),
        };
        screen.set_up();
        screen
    }

    /// The board's screen.
    #[must_use]
    pub const fn play(&self) -> &PlayScreen {
        &self.play
    }

    /// What is studied.
    #[must_use]
    pub const fn task(&self) -> &Task {
        &self.task
    }

    /// The progress as kept.
    #[must_use]
    pub const fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Whether the puzzle is solved (or the lesson done).
    #[must_use]
    pub const fn is_solved(&self) -> bool {
        self.solved
    }

    /// The board set to the puzzle's or lesson's position.
    fn set_up(&mut self) {
        self.judge = Judge::default();
        self.play = board_for(&self.task);
        self.clean = true;
        self.solved = false;
        self.hints = (0, 0);
        self.tries.clear();
        self.solved_before = match &self.task {
            Task::Puzzle { puzzles, index, .. } => {
                self.progress.solved.contains(&puzzles[*index].id)
            }
            Task::Lesson { .. } => false,
        };
    }

    /// The explanation page of the lesson shown, or the puzzle's task.
    fn introduction(&self) -> Outcome {
        match &self.task {
            Task::Lesson { lessons, index } => {
                let lesson = &lessons[*index];
                // One sentence a line in the file: one paragraph here.
                let explain = lesson
                    .explain
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                let rows = vec![
                    (String::new(), explain),
                    (String::new(), String::new()),
                    ("Task".to_owned(), lesson.task.clone()),
                    ("H".to_owned(), "a hint, when stuck".to_owned()),
                    ("i".to_owned(), "this text again".to_owned()),
                ];
                Outcome::Open(Dialog::Help(HelpDialog::new(
                    format!(
                        " Lesson {} of {}: {} ",
                        index + 1,
                        lessons.len(),
                        lesson.title
                    ),
                    vec![HelpSection {
                        title: String::new(),
                        rows,
                    }],
                )))
            }
            Task::Puzzle { .. } => Outcome::Stay,
        }
    }

    /// The line above the board: what to do, and where in the collection.
    fn heading(&self) -> String {
        match &self.task {
            Task::Puzzle { puzzles, index, .. } => {
                let puzzle = &puzzles[*index];
                let mark = if self.solved_before {
                    " (solved before)"
                } else {
                    ""
                };
                format!(
                    "Puzzle {} of {}{mark}: {}",
                    index + 1,
                    puzzles.len(),
                    puzzle.task()
                )
            }
            Task::Lesson { lessons, index } => {
                let lesson = &lessons[*index];
                format!(
                    "Lesson {} of {}: {}. {}",
                    index + 1,
                    lessons.len(),
                    lesson.title,
                    lesson.task
                )
            }
        }
    }

    /// The first screen of `tak learn`: the explanation over the board.
    #[must_use]
    pub fn opening(&self) -> Option<Dialog> {
        match self.introduction() {
            Outcome::Open(dialog) => Some(dialog),
            _ => None,
        }
    }

    /// Text pasted: into the input line (Enter plays it, judged as any move).
    pub fn paste(&mut self, text: &str) {
        self.play.paste(text);
    }

    /// Handles a key: the study keys first, then the board's.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        if let Some(intent) = STUDY.intent(key)
            && (intent != S::List || self.can_leave())
        {
            return self.study(intent, ctx);
        }
        let Some(intent) = self.play.intent(key) else {
            return Outcome::Stay;
        };
        match intent {
            // Only the player's side moves: undo takes back the defence with the move.
            PlayIntent::Undo => {
                self.take_back(ctx);
                Outcome::Stay
            }
            PlayIntent::Hint => self.study(S::Hint, ctx),
            PlayIntent::Analyse | PlayIntent::PlaySuggestion => {
                ctx.info(if matches!(self.task, Task::Lesson { .. }) {
                    "no engine here: H gives a hint"
                } else {
                    "no engine here: H gives a hint (and ends the streak)"
                });
                Outcome::Stay
            }
            // Asking the solver is a hint too.
            PlayIntent::Tinue => {
                self.clean = false;
                self.progress.broken();
                let outcome = self.play.update(PlayIntent::Tinue, ctx);
                self.save_progress(ctx);
                outcome
            }
            // Not games to keep: quitting asks nothing, and there is no new game here.
            PlayIntent::Quit => Outcome::Quit,
            // Leaves for a game (or Kaen, Locke, the puzzles): nothing here is to keep.
            PlayIntent::NewGame => Outcome::Open(Dialog::NewGame(NewGameDialog::new(
                self.play.position().config(),
                Replaced::Saved,
            ))),
            PlayIntent::Save | PlayIntent::SaveAs => {
                ctx.info("R starts again, ] goes to the next one");
                Outcome::Stay
            }
            PlayIntent::OfferDraw => {
                ctx.info("no draws here: R starts again, ] goes to the next one");
                Outcome::Stay
            }
            PlayIntent::Help => Outcome::Open(Dialog::Help(self.help())),
            other => {
                let before = self.plies();
                self.focus_before = self.play.focus();
                let outcome = self.play.update(other, ctx);
                self.after_move(before, ctx);
                outcome
            }
        }
    }

    /// Handles a click on the board (a move made by mouse is judged like one typed).
    pub fn click(&mut self, column: u16, row: u16, ctx: &mut Context) -> Outcome {
        let before = self.plies();
        let outcome = self.play.click(column, row, ctx);
        self.after_move(before, ctx);
        outcome
    }

    /// Whether Esc is the study's (the list, or in a lesson how lessons go): not while a move
    /// is typed or built on the board, which Esc puts away first.
    fn can_leave(&self) -> bool {
        self.play.focus() == Focus::Board && self.play.builder().is_none()
    }

    fn plies(&self) -> usize {
        self.play.session().record().plies().len()
    }

    fn moves(&self) -> Vec<Move> {
        let plies = self.play.session().record().plies();
        plies.iter().map(|p| p.mv).collect()
    }

    /// The next hint in the position shown: each says more (a puzzle's words before the
    /// first move, the square, then the move itself, marked on the board); `None` when the
    /// solver finds no way on from here.
    fn hint(&mut self) -> Option<String> {
        let plies = self.plies();
        if self.hints.0 != plies {
            self.hints = (plies, 0);
        }
        let level = usize::from(self.hints.1);
        let puzzle = match &self.task {
            Task::Puzzle { puzzles, index, .. } => &puzzles[*index],
            Task::Lesson { lessons, index } => return Some(lessons[*index].hint.clone()),
        };
        let words = puzzle.hint.clone().filter(|_| plies == 0);
        let hint = match (level, words) {
            (0, Some(words)) => words,
            (level, words) => {
                let mv = puzzle.next_move(&self.moves(), BUDGET)?;
                if level == usize::from(words.is_some()) {
                    format!("look at {} (H again: the move)", mv.square)
                } else {
                    self.play.mark_hint(mv);
                    format!("play {mv}, marked on the board")
                }
            }
        };
        self.hints.1 = self.hints.1.saturating_add(1);
        Some(hint)
    }

    fn study(&mut self, intent: StudyIntent, ctx: &mut Context) -> Outcome {
        ctx.status = None;
        match intent {
            S::Hint => {
                let Some(hint) = self.hint() else {
                    ctx.info("no hint from here: R starts again");
                    return Outcome::Stay;
                };
                self.clean = false;
                self.progress.broken();
                ctx.info(format!("hint: {hint}"));
                self.save_progress(ctx);
                Outcome::Stay
            }
            S::Next | S::Previous => self.go_on(intent == S::Next, ctx),
            S::Solution => self.solution(ctx),
            S::Text => match &self.task {
                Task::Lesson { .. } => self.introduction(),
                Task::Puzzle { .. } => {
                    ctx.info(self.heading());
                    Outcome::Stay
                }
            },
            S::Again => {
                self.set_up();
                ctx.info("from the start again");
                Outcome::Stay
            }
            S::List => match &self.task {
                Task::Puzzle {
                    puzzles,
                    index,
                    filter,
                    ..
                } => {
                    let list = PuzzleListScreen::new(
                        puzzles.clone(),
                        *index,
                        self.progress.clone(),
                        self.progress_path.clone(),
                    )
                    .filtered(filter.0, filter.1)
                    .choosing(*index);
                    Outcome::Switch(Box::new(Screen::PuzzleList(list)))
                }
                Task::Lesson { .. } => {
                    ctx.info("lessons go in order: ] and [ go to the next and the one before");
                    Outcome::Stay
                }
            },
        }
    }

    /// To the next puzzle or lesson (`forward`), or the one before: round the end to the
    /// other end, saying so.
    fn go_on(&mut self, forward: bool, ctx: &mut Context) -> Outcome {
        let step = |at: usize, len: usize| {
            if forward {
                (at + 1) % len
            } else {
                (at + len - 1) % len
            }
        };
        // Where it was and went, among how many.
        let (at, to, len) = match &mut self.task {
            Task::Puzzle { index, shown, .. } if !shown.is_empty() => {
                let at = shown.iter().position(|i| i == index).unwrap_or(0);
                let to = step(at, shown.len());
                *index = shown[to];
                (at, to, shown.len())
            }
            Task::Puzzle { puzzles, index, .. } => {
                let (at, len) = (*index, puzzles.len());
                *index = step(at, len);
                (at, *index, len)
            }
            Task::Lesson { lessons, index } => {
                let (at, len) = (*index, lessons.len());
                *index = step(at, len);
                (at, *index, len)
            }
        };
        self.set_up();
        let what = match self.task {
            Task::Puzzle { .. } => "puzzle",
            Task::Lesson { .. } => "lesson",
        };
        if len > 1 && forward && to < at {
            ctx.info(format!("that was the last {what}: back to the first"));
        } else if len > 1 && !forward && to > at {
            ctx.info(format!("that was the first {what}: on to the last"));
        }
        self.introduction()
    }

    /// Takes back the player's last move (and the defence after it).
    fn take_back(&mut self, ctx: &mut Context) {
        // A move being judged is taken back alone, and its judgement dropped.
        self.judge = Judge::default();
        let mover = self.play.session().record().start().to_move();
        self.play.take_back_for_good(ctx);
        if self.play.position().to_move() != mover {
            self.play.take_back_for_good(ctx);
        }
        self.solved = false;
        self.hints = (self.plies(), 0);
    }

    /// After the board's update: a new move by the player is sent to be judged (the answer
    /// comes to [`StudyScreen::tick`]); while one is, the board takes no other.
    fn after_move(&mut self, before: usize, ctx: &mut Context) {
        let player = self.play.session().record().start().to_move();
        if self.plies() <= before || self.solved {
            return;
        }
        if self.judge.0.is_some() {
            while self.plies() > before {
                self.play.take_back_for_good(ctx);
            }
            ctx.info("a moment: your last move is being judged");
            return;
        }
        if self.plies() > before + 1 {
            // Typed several: the defence is the solver's, one move at a time.
            while self.plies() > before + 1 {
                self.play.take_back_for_good(ctx);
            }
            ctx.info("one move at a time here: the solver answers each");
        }
        if self.play.position().to_move() == player {
            return;
        }
        let moves = self.moves();
        self.judge.0 = Some(match &self.task {
            Task::Puzzle { puzzles, index, .. } => Judging::puzzle(&puzzles[*index], moves, BUDGET),
            Task::Lesson { lessons, index } => Judging::lesson(&lessons[*index], moves, BUDGET),
        });
    }

    /// The judge's answer, once it has come, about the moves still on the board: the defence
    /// played, the puzzle solved, or the move taken back with the reason.
    fn hear_judge(&mut self, ctx: &mut Context) {
        let Some(judging) = &self.judge.0 else {
            return;
        };
        let Some(judged) = judging.answer() else {
            return;
        };
        let about_this = judging.line() == self.moves().as_slice();
        self.judge = Judge::default();
        if !about_this {
            return;
        }
        match judged {
            Judged::Right(Some(defence)) => {
                if self.play.play_given(defence, ctx) {
                    self.hints = (self.plies(), 0);
                    ctx.info(format!("right so far: the defence plays {defence}"));
                }
            }
            Judged::Right(None) => self.done(ctx),
            Judged::Wrong(why, answer) => {
                let last = self
                    .moves()
                    .last()
                    .map_or_else(String::new, ToString::to_string);
                self.play.take_back_for_good(ctx);
                // A move that ended the game sent the focus to the board: the player goes on
                // where they were (typing, say).
                self.play.return_focus(self.focus_before);
                self.clean = false;
                self.progress.broken();
                // The defence that holds says nothing of the answer; the better move would.
                let said = match (&self.task, &answer) {
                    (Task::Puzzle { puzzles, index, .. }, Some(answer))
                        if puzzles[*index].kind != crate::puzzles::PuzzleKind::Best =>
                    {
                        answer.clone()
                    }
                    _ => why.clone(),
                };
                ctx.error(format!("{last}: {said}. Try again (H for a hint)"));
                if matches!(self.task, Task::Puzzle { .. }) {
                    self.tries.push(tries::Try {
                        mv: last,
                        answer: answer.unwrap_or(why),
                    });
                }
                self.save_progress(ctx);
            }
            Judged::Unsure => {
                self.play.take_back_for_good(ctx);
                ctx.info("the solver cannot tell in time whether that works: try another move");
            }
        }
    }

    fn done(&mut self, ctx: &mut Context) {
        self.solved = true;
        // Marked done in memory first, then kept: what is said depends on whether it was.
        let first_time = match &self.task {
            Task::Puzzle { puzzles, index, .. } => {
                // A puzzle solved before does not lengthen the streak again.
                let id = &puzzles[*index].id;
                let first_time = !self.progress.solved.contains(id);
                if first_time {
                    self.progress.solved(id, self.clean);
                }
                first_time
            }
            Task::Lesson { lessons, index } => {
                self.progress.lessons.insert(lessons[*index].id.clone());
                true
            }
        };
        let kept = self.keep_progress();
        let message = match (&self.task, &kept) {
            (Task::Puzzle { .. }, Err(problem)) => {
                format!("solved, but {problem}! ] for the next puzzle")
            }
            (Task::Puzzle { .. }, Ok(())) => {
                // What became of the streak, and why when it did not grow.
                let (count, why) = if !first_time {
                    (
                        String::new(),
                        " (solved before: the streak stays as it was)",
                    )
                } else if self.clean {
                    (format!(", streak {}", self.progress.streak), "")
                } else {
                    (
                        String::new(),
                        " (after a hint or a wrong move: the streak starts again)",
                    )
                };
                let tried = if self.tries.is_empty() {
                    ""
                } else {
                    " (G: what answered your tries)"
                };
                format!("solved{count}!{why} ] for the next puzzle{tried}")
            }
            (Task::Lesson { lessons, index }, _) => {
                let lesson = &lessons[*index];
                let unkept = kept
                    .as_ref()
                    .err()
                    .map_or_else(String::new, |problem| format!(" (but {problem})"));
                if *index + 1 == lessons.len() {
                    format!(
                        "{}{unkept} That was the last lesson: tak puzzles next?",
                        lesson.done
                    )
                } else {
                    format!("{}{unkept} ] for the next lesson", lesson.done)
                }
            }
        };
        self.clean &= first_time;
        match kept {
            Ok(()) => ctx.info(message),
            Err(_) => ctx.error(message),
        }
    }

    /// Keeps the progress, merged with what another session (`tak puzzles` in another
    /// terminal) kept meanwhile, so that neither undoes the other; or says, as words to follow
    /// "but", why it is not kept.
    fn keep_progress(&mut self) -> Result<(), String> {
        let Some(path) = &self.progress_path else {
            return Err("your progress is not kept this session".to_owned());
        };
        self.progress
            .save_merged(path)
            .map_err(|error| format!("your progress cannot be kept: {error}"))
    }

    /// Keeps the progress after a hint or a wrong move (the streak ended), adding to the
    /// message shown when that fails. Without a file, the first message said so already.
    fn save_progress(&mut self, ctx: &mut Context) {
        if self.progress_path.is_some()
            && let Err(problem) = self.keep_progress()
        {
            ctx.also(&problem);
        }
    }

    /// The help page: the study keys, then the board's.
    fn help(&self) -> HelpDialog {
        let mut help = self.play.help();
        let mut sections = vec![HelpSection::keys(&STUDY)];
        if let Task::Lesson { .. } = self.task {
            // Lessons have no list to go back to.
            sections[0].rows.retain(|(keys, _)| keys != "Esc");
        }
        // The board's keys the study keys take over (R starts again here, not resign), and
        // those of games only (save, draw), are left out of the board's section.
        let mut taken: Vec<String> = sections[0]
            .rows
            .iter()
            .map(|(keys, _)| keys.clone())
            .collect();
        taken.extend(["w", "W", "D"].map(str::to_owned));
        sections.extend(help.sections().iter().cloned().map(|mut section| {
            if section.title == BOARD.title {
                section.rows.retain(|(keys, _)| !taken.contains(keys));
            }
            section
        }));
        help = HelpDialog::new(" Help: ? or Esc to close ", sections);
        help
    }

    /// Draws the board, the panel and the task above the moves.
    pub fn render(&self, frame: &mut Frame<'_>, game: &GameLayout, ctx: &Context) {
        self.play.render(frame, game, ctx, Some(&self.heading()));
    }
}

/// A board at the position of the puzzle or lesson shown.
fn board_for(task: &Task) -> PlayScreen {
    let start = match task {
        Task::Puzzle { puzzles, index, .. } => puzzles[*index].start().clone(),
        Task::Lesson { lessons, index } => lessons[*index].start().clone(),
    };
    PlayScreen::new(Session::new(GameRecord::from_position(start), None))
        .quietly()
        .unkept()
        // Lessons have no list to go back to.
        .with_keys(STUDY.bar(|binding| {
            matches!(task, Task::Puzzle { .. }) || !matches!(binding.does, Does::Intent(S::List))
        }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::STUDY).unwrap();
    }
}
