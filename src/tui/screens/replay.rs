//! The replay screen: a game of a file, stepped through ply by ply, with autoplay, go-to, and
//! playing on from any position. From a file of several games, Esc goes back to their list.

mod analysis;
mod branching;
mod game_analysis;
mod keys;
mod tinue_marks;
mod view;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyEvent;

use super::{GameListScreen, Outcome, PlayScreen, Screen};
use crate::game::tinue_check::TinueCheck;
use crate::game::tinue_scan::Memo;
use crate::game::{Library, OpenedGame, PlayedOn, Session};
use crate::rules::{ByColor, Move, Position, Square};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, Effect, GoToDialog, HelpDialog, NotationDialog};
use crate::tui::keys::HelpSection;
use crate::tui::layout::{Layout, layout};

pub use keys::{REPLAY, ReplayIntent};

use ReplayIntent as R;
use keys::help;

/// A game of a file being replayed.
#[derive(Clone, Debug)]
pub struct ReplayScreen {
    library: Library,
    game: OpenedGame,
    /// The square the inspector shows: where the last move ended, or a clicked one.
    cursor: Square,
    /// The moves that would win by road at once in the position shown, for each player.
    threats: ByColor<Vec<Move>>,
    /// When autoplay last stepped (or started): its next ply is due a pace later.
    stepped_at: Option<Instant>,
    /// The engine's analysis of the position shown, while it is on.
    analysis: Option<analysis::Analysis>,
    /// The analysis of the whole game, once asked for.
    whole: Option<game_analysis::WholeGame>,
    /// "Is this tinue?" being answered about the position shown.
    tinue: Option<TinueCheck>,
    /// The forced roads of the line shown, being marked or marked (`M`).
    roads: Option<tinue_marks::RoadMarks>,
    /// What the solver said about the positions marked so far, on any line.
    road_memo: Arc<Mutex<Memo>>,
}

impl ReplayScreen {
    /// Replaying `game` of `library`.
    #[must_use]
    pub fn new(library: Library, game: OpenedGame) -> ReplayScreen {
        let whole = game_analysis::WholeGame::read(game.replay.record());
        let mut screen = ReplayScreen {
            library,
            game,
            cursor: Square::new(0, 0),
            threats: ByColor::default(),
            stepped_at: None,
            analysis: None,
            whole,
            tinue: None,
            roads: None,
            road_memo: Arc::default(),
        };
        let middle = (screen.position().size().get() - 1) / 2;
        screen.cursor = Square::new(middle, middle);
        screen.moved();
        screen
    }

    /// The library the game came from.
    #[must_use]
    pub const fn library(&self) -> &Library {
        &self.library
    }

    /// The game replayed, with the reader's error and warnings.
    #[must_use]
    pub const fn game(&self) -> &OpenedGame {
        &self.game
    }

    /// The position shown.
    #[must_use]
    pub const fn position(&self) -> &Position {
        self.game.replay.position()
    }

    /// Plies shown.
    #[must_use]
    pub const fn shown_ply(&self) -> usize {
        self.game.replay.ply()
    }

    /// The square the inspector shows.
    #[must_use]
    pub const fn cursor(&self) -> Square {
        self.cursor
    }

    /// How long from `now` until the screen wants a tick: autoplay's next ply, or the
    /// analysis's news.
    #[must_use]
    pub fn wake_after(&self, now: Instant) -> Option<Duration> {
        let tinue = self.tinue.as_ref().map(|_| Duration::from_millis(100));
        let analysis = [
            self.analysis_wake(),
            self.game_analysis_wake(),
            self.road_marks_wake(),
            tinue,
        ]
        .into_iter()
        .flatten()
        .min();
        match (self.next_autoplay(now), analysis) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// How long autoplay waits before its next ply, while it runs.
    #[must_use]
    pub const fn autoplay(&self) -> Option<Duration> {
        self.game.replay.autoplay()
    }

    /// How long from `now` until autoplay's next ply, while it runs.
    #[must_use]
    pub fn next_autoplay(&self, now: Instant) -> Option<Duration> {
        let every = self.autoplay()?;
        let since = self
            .stepped_at
            .map_or(Duration::ZERO, |at| now.saturating_duration_since(at));
        Some(every.saturating_sub(since))
    }

    /// Autoplay's next ply, if its time has come (at `ctx.now`); the analyses' news.
    pub fn tick(&mut self, ctx: &mut Context) {
        let now = ctx.now;
        self.hear_analysis();
        self.hear_game_analysis(ctx);
        // The analysed game may show another line than the one marked.
        self.follow_line_shown(ctx);
        self.hear_road_marks(ctx);
        if let Some(check) = &self.tinue {
            if let Some(answer) = check.answer() {
                self.tinue = None;
                ctx.info(answer);
            } else if ctx
                .status
                .as_ref()
                .is_none_or(|status| status.text.starts_with("looking for a forced road"))
            {
                // How far it has got, unless something else is being said.
                ctx.info(check.progress());
            }
        }
        if self.next_autoplay(now).is_some_and(|left| left.is_zero()) {
            self.game.replay.tick();
            self.stepped_at = Some(now);
            self.moved();
        }
    }

    /// Handles a key. While autoplay runs, any key but the speed keys only stops it.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        let intent = REPLAY.intent(key);
        if self.autoplay().is_some() && !matches!(intent, Some(R::Faster | R::Slower)) {
            self.game.replay.stop();
            return Outcome::Stay;
        }
        match intent {
            Some(intent) => self.update(intent, ctx),
            None => Outcome::Stay,
        }
    }

    /// Carries out an intent.
    pub fn update(&mut self, intent: ReplayIntent, ctx: &mut Context) -> Outcome {
        ctx.status = None;
        let replay = &mut self.game.replay;
        match intent {
            R::NextPly => replay.step(1),
            R::PreviousPly => replay.step(-1),
            // A full move: to the same player's next (or previous) ply.
            R::NextMove => replay.step(2),
            R::PreviousMove => replay.step(-2),
            R::First => replay.go(0),
            R::Last => replay.go_to_end(),
            R::Autoplay => {
                replay.toggle_autoplay();
                self.stepped_at = Some(ctx.now);
            }
            R::Faster => replay.faster(1),
            R::Slower => replay.faster(-1),
            R::GoTo => {
                let start = replay.record().start().clone();
                return Outcome::Open(Dialog::GoTo(GoToDialog::new(start)));
            }
            R::PlayFromHere => return self.play_from_here(ctx),
            R::Analyse => {
                self.toggle_analysis(ctx);
                return Outcome::Stay;
            }
            R::AnalyseGame => {
                self.toggle_game_analysis(ctx);
                return Outcome::Stay;
            }
            R::Tinue if self.game.replay.position().is_over() => {
                ctx.info("the game is over here: no road to force");
                return Outcome::Stay;
            }
            R::Tinue => {
                let check = TinueCheck::start(self.game.replay.position());
                ctx.info(check.progress());
                self.tinue = Some(check);
                return Outcome::Stay;
            }
            R::MarkRoads => {
                self.toggle_road_marks(ctx);
                return Outcome::Stay;
            }
            R::NextStack | R::PreviousStack => {
                self.inspect_next_stack(intent == R::NextStack, ctx);
                return Outcome::Stay;
            }
            R::Help => return Outcome::Open(Dialog::Help(help(ctx.theme()))),
            R::Tags => return Outcome::Open(Dialog::Help(self.tags_page())),
            // A search for a forced road running: Esc stops it first.
            R::Back if self.tinue.is_some() => {
                if let Some(check) = self.tinue.take() {
                    ctx.info(format!(
                        "the search for a forced road is stopped, after {}",
                        crate::words::count(
                            usize::try_from(check.searched()).unwrap_or(usize::MAX),
                            "position",
                            "positions"
                        )
                    ));
                }
                return Outcome::Stay;
            }
            R::Back if self.library.len() > 1 => {
                let list = GameListScreen::new(self.library.clone(), self.game.index);
                return Outcome::Switch(Box::new(Screen::GameList(list)));
            }
            R::Back => {}
            R::Branches => return self.branches(ctx),
            R::Promote => return self.promote(ctx),
            R::Notation => {
                // The record with its variations, as `w` would save it.
                let replay = &self.game.replay;
                let dialog = NotationDialog::new(replay.position(), replay.tree());
                return Outcome::Open(Dialog::Notation(dialog));
            }
            R::Save => return self.save_as(false),
            R::Quit => return self.quit(),
        }
        self.moved();
        Outcome::Stay
    }

    /// Carries out what a dialog asked for.
    pub fn apply(&mut self, effect: &Effect, ctx: &mut Context) -> Outcome {
        let outcome = self.apply_effect(effect, ctx);
        // Showing or deleting a variation may change the line shown.
        self.follow_line_shown(ctx);
        outcome
    }

    fn apply_effect(&mut self, effect: &Effect, ctx: &mut Context) -> Outcome {
        match effect {
            Effect::ShowBranch(mv) => self.show_branch(*mv, ctx),
            Effect::DeleteBranch(mv) => self.delete_branch(*mv, ctx),
            // With no edits to save, `s` in the quit dialog is about the running analysis.
            Effect::SaveAndQuit
                if !self.game.replay.changed() && self.game_analysis_running().is_some() =>
            {
                if self.write_analysis_so_far(ctx) {
                    Outcome::Quit
                } else {
                    Outcome::Refused
                }
            }
            Effect::SaveAndQuit => self.save_as(true),
            Effect::SaveTo { path, then_quit } => match (self.save_to(path, ctx), then_quit) {
                (true, true) => Outcome::Quit,
                (true, false) => Outcome::Stay,
                (false, _) => Outcome::Refused,
            },
            Effect::GoToPly(ply) => {
                let total = self.game.replay.record().plies().len();
                if *ply > total {
                    ctx.info(format!(
                        "the game has {}: this is its end",
                        crate::words::count(total, "ply", "plies")
                    ));
                }
                self.game.replay.go(*ply);
                self.moved();
                Outcome::Stay
            }
            Effect::Quit => Outcome::Quit,
            _ => Outcome::Stay,
        }
    }

    /// A click: on a square, the inspector shows it; on a move in the list, the replay goes
    /// there.
    pub fn click(&mut self, column: u16, row: u16, ctx: &mut Context) -> Outcome {
        let (width, height) = ctx.area;
        let Layout::Game(game) = layout(width, height, self.position().size()).turned(ctx.turned)
        else {
            return Outcome::Stay;
        };
        if let Some(square) = game.square_at(column, row) {
            self.cursor = square;
        } else if let Some(ply) = self
            .panel(ctx.theme(), game.panel.width)
            .ply_at(game.panel, column, row)
        {
            self.game.replay.go(ply);
            self.moved();
        }
        Outcome::Stay
    }

    /// The inspector on the next stack of two or more pieces after its square (before it,
    /// unless `forward`), in the squares' order (a1, b1, ... a2, ...), round the board: how a
    /// keyboard looks into stacks, as a click does.
    fn inspect_next_stack(&mut self, forward: bool, ctx: &mut Context) {
        let board = self.game.replay.position().board();
        let stacks: Vec<Square> = board
            .size()
            .squares()
            .filter(|&square| board.stack(square).height() >= 2)
            .collect();
        let index = |square: Square| {
            usize::from(square.rank()) * usize::from(board.size().get())
                + usize::from(square.file())
        };
        let here = index(self.cursor);
        let next = if forward {
            stacks.iter().find(|&&s| index(s) > here).or(stacks.first())
        } else {
            stacks
                .iter()
                .rev()
                .find(|&&s| index(s) < here)
                .or(stacks.last())
        };
        match next {
            Some(&square) => {
                self.cursor = square;
                let nth = stacks.iter().position(|&s| s == square).unwrap_or(0) + 1;
                ctx.info(format!(
                    "inspecting {square}: stack {nth} of {} (Tab, Shift+Tab)",
                    stacks.len()
                ));
            }
            None => ctx.info("no stack of two or more pieces here: a click inspects any square"),
        }
    }

    /// After the ply shown changed: the inspector follows the last move, threats are worked
    /// out again, the analysis starts afresh.
    fn moved(&mut self) {
        // An answer about another position is not wanted.
        if self
            .tinue
            .as_ref()
            .is_some_and(|check| check.position() != self.game.replay.position())
        {
            self.tinue = None;
        }
        self.analyse();
        let position = self.game.replay.position();
        let size = position.size();
        if let Some(square) = self.last_move().and_then(|mv| mv.targets(size).last()) {
            self.cursor = square;
        }
        self.threats = if position.is_opening() {
            ByColor::default()
        } else {
            ByColor::from_fn(|color| position.threats(color))
        };
    }

    /// The move of the last ply shown.
    fn last_move(&self) -> Option<Move> {
        let replay = &self.game.replay;
        replay
            .ply()
            .checked_sub(1)
            .and_then(|i| replay.record().plies().get(i))
            .map(|ply| ply.mv)
    }

    /// Turns the position shown into a game to play on: the plies after it can be redone, or
    /// kept as a variation by playing another move (the file is not changed).
    fn play_from_here(&self, ctx: &mut Context) -> Outcome {
        let ply = self.game.replay.ply();
        // The line shown is played on; saved, the record keeps its own main line.
        let replay = &self.game.replay;
        let from = PlayedOn::of(replay.tree(), Some(self.library.file()), ply);
        let mut session = Session::new(replay.record().clone(), None);
        session.take_over(ply, from);
        // Kept with the unfinished games from its first new ply: until then the file has it.
        let mut screen = PlayScreen::new(session);
        if let Some(mv) = self.suggestion() {
            // Analysing: play on with the engine's move.
            if screen.play_given(mv, ctx) {
                ctx.info(format!(
                    "playing on from ply {ply} with the engine's {mv}: w saves to a new file"
                ));
                return Outcome::Switch(Box::new(Screen::Play(screen)));
            }
        }
        if screen.position().is_over() {
            ctx.info("this position is already decided: undo (u) to play on from earlier");
        } else {
            // The players the record names are not seated: both sides are the keyboard's.
            ctx.info(format!(
                "playing on from ply {ply}, both sides yours: w saves to a new file, the \
                 original is unchanged"
            ));
        }
        Outcome::Switch(Box::new(Screen::Play(screen)))
    }
}

impl ReplayScreen {
    /// A page of every tag, in the record's order, as written.
    fn tags_page(&self) -> HelpDialog {
        let tags = self.game.replay.record().tags();
        let mut rows: Vec<(String, String)> = tags
            .iter()
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect();
        if rows.is_empty() {
            rows.push((String::new(), "the record has no tags".to_owned()));
        }
        HelpDialog::new(
            " Tags: Esc to close ",
            vec![HelpSection {
                title: format!("{} tags", tags.len()),
                rows,
            }],
        )
    }
}
