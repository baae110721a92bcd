//! The screens: one variant a mode, each owning its state, its key tables, its update and its
//! view (as ratatui's demo apps keep the mode a value, never flags to guess it from).
//!
//! A screen's update returns an [`Outcome`]: stay, open a dialog, switch to another screen
//! (a game list opens a replay, a replay goes back to the list or on to play), or quit.

mod board_picker;
mod computer_seats;
mod game_list;
mod helper;
mod kaen;
pub mod lobby;
mod locke;
mod match_play;
pub mod online;
mod play;
mod record_file;
mod replay;
pub mod stepping;
mod study;

pub use game_list::{GAME_LIST, GameListScreen, ListIntent};
pub use kaen::{DiamondView, KAEN, KaenIntent, KaenScreen};
pub use lobby::{LOBBY, LOBBY_CHAT, LobbyIntent, LobbyScreen};
pub use locke::{Carried, GridView, LOCKE, LOCKE_TYPING, LockeIntent, LockeScreen};
pub use match_play::MatchScreen;
pub use online::{ONLINE_GAME, ONLINE_WATCH, OnlineBoard, OnlineIntent};
pub use play::{
    BOARD, BuildError, CLOCKS_STOPPED, Focus, MOVING, MoveBuilder, PlayIntent, PlayScreen, Step,
    TYPING,
};
pub use replay::{REPLAY, ReplayIntent, ReplayScreen};
pub use study::{
    PUZZLE_LIST, PuzzleListScreen, STUDY, StudyIntent, StudyScreen, Task, open as open_study,
};

use crate::game::store::KeptRecord;

use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;

use super::context::Context;
use super::dialogs::{Dialog, Effect};
use super::layout::{Layout, layout};
use crate::game::{Library, OpenGameError};
use crate::rules::{Color, Position};

/// The screen shown.
// One screen exists at a time, and screens are switched rarely: boxing them would only add
// indirection to every key.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Screen {
    /// A game at the board.
    Play(PlayScreen),
    /// A match: games one after another, scored.
    Match(MatchScreen),
    /// A game of a file, replayed.
    Replay(ReplayScreen),
    /// The games of a file, to choose one.
    GameList(GameListScreen),
    /// A series of Kaen.
    Kaen(KaenScreen),
    /// A game of Locke.
    Locke(LockeScreen),
    /// A puzzle or a lesson at the board.
    Study(Box<StudyScreen>),
    /// The puzzles, to choose one.
    PuzzleList(PuzzleListScreen),
    /// The lobby of a PlayTak server.
    Lobby(Box<LobbyScreen>),
}

/// What quitting does to what a screen holds ([`Screen::quit_fate`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum QuitFate {
    /// Lost: what is not saved, in words.
    Lost(&'static str),
    /// Kept to resume.
    Kept,
    /// Nothing to lose.
    Nothing,
}

/// What a screen's update leads to.
#[derive(Debug)]
pub enum Outcome {
    /// Nothing more.
    Stay,
    /// Open this dialog.
    Open(Dialog),
    /// Show this screen instead.
    Switch(Box<Screen>),
    /// Show this screen instead, with this dialog over it (a lesson's introduction).
    SwitchAndOpen(Box<Screen>, Box<Dialog>),
    /// End the app.
    Quit,
    /// A dialog's effect could not be carried out (the reason is shown): the dialog stays.
    Refused,
}

/// Why a screen cannot be drawn: the terminal is smaller than (columns, rows).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TooSmall(pub u16, pub u16);

impl Screen {
    /// The screen for a file's games: the list when there are several and `game` (0-based)
    /// picks none, else that game (the first by default) at ply `ply`. `Err` says why the
    /// game cannot be replayed.
    pub fn for_file(
        library: Library,
        game: Option<usize>,
        ply: usize,
    ) -> Result<Screen, OpenGameError> {
        if game.is_none() && library.len() > 1 {
            return Ok(Screen::GameList(GameListScreen::new(library, 0)));
        }
        let opened = library.open_game(game.unwrap_or(0), ply)?;
        Ok(Screen::Replay(ReplayScreen::new(library, opened)))
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        let outcome = match self {
            Screen::Play(screen) => screen.handle_key(key, ctx),
            Screen::Match(screen) => screen.handle_key(key, ctx),
            Screen::Replay(screen) => screen.handle_key(key, ctx),
            Screen::GameList(screen) => screen.handle_key(key, ctx),
            Screen::Kaen(screen) => screen.handle_key(key, ctx),
            Screen::Locke(screen) => screen.handle_key(key, ctx),
            Screen::Study(screen) => screen.handle_key(key, ctx),
            Screen::PuzzleList(screen) => screen.handle_key(key, ctx),
            Screen::Lobby(screen) => screen.handle_key(key, ctx),
        };
        self.kept_unless_left(outcome, ctx)
    }

    /// After a key or an effect: the Kaen or Locke game kept in step, unless the screen is
    /// being left (another kept game resumed is no longer this one: keeping this one would
    /// clear the file just taken over).
    fn kept_unless_left(&self, outcome: Outcome, ctx: &mut Context) -> Outcome {
        if !matches!(outcome, Outcome::Switch(_) | Outcome::SwitchAndOpen(..)) {
            self.keep_rulebook_game(ctx);
        }
        outcome
    }

    /// Text pasted in one piece (the terminal brackets it): moves go to the input line of a
    /// screen that has one, never read as a string of key presses; elsewhere it is ignored.
    pub fn paste(&mut self, text: &str, ctx: &mut Context) {
        match self {
            Screen::Play(screen) => screen.paste(text),
            Screen::Match(screen) => screen.paste(text),
            Screen::Study(screen) => screen.paste(text),
            Screen::Locke(screen) => screen.paste(text),
            Screen::Lobby(screen) => screen.paste(text, ctx),
            Screen::Replay(_) | Screen::GameList(_) | Screen::Kaen(_) | Screen::PuzzleList(_) => {
                ctx.info("nothing here takes pasted text");
            }
        }
    }

    /// What quitting now does to what the screen holds, as its quit dialog would say: for
    /// a terminal too small to show that dialog.
    #[must_use]
    pub fn quit_fate(&self, ctx: &Context) -> QuitFate {
        let kept_or_lost = |what| {
            if ctx.keeper.behind().is_some() {
                QuitFate::Lost("its last moves are not kept")
            } else if ctx.keeper.path().is_some() {
                QuitFate::Kept
            } else {
                QuitFate::Lost(what)
            }
        };
        let session = match self {
            Screen::Play(screen) => Some(screen.session()),
            Screen::Match(screen) => Some(screen.play().session()),
            _ => None,
        };
        match self {
            _ if session.is_some_and(|s| s.has_unsaved_game() && s.is_over()) => {
                QuitFate::Lost("the finished game is not saved")
            }
            _ if session.is_some_and(crate::game::Session::has_unsaved_game) => {
                kept_or_lost("the game is not saved")
            }
            Screen::Replay(screen) if screen.game().replay.changed() => {
                QuitFate::Lost("the changes to its variations are not saved")
            }
            Screen::Kaen(screen) if screen.session().is_dirty() => {
                kept_or_lost("the series is not saved")
            }
            Screen::Locke(screen)
                if screen.session().is_dirty() && screen.position().ending().is_some() =>
            {
                QuitFate::Lost("the finished game is not saved")
            }
            Screen::Locke(screen) if screen.session().is_dirty() => {
                kept_or_lost("the game is not saved")
            }
            _ => QuitFate::Nothing,
        }
    }

    /// Kaen and Locke games are kept in the store as Tak games are: written at every change
    /// until saved or over, so that none is lost.
    fn keep_rulebook_game(&self, ctx: &mut Context) {
        let (dirty, saved_in, mut game) = match self {
            // A record stepped through is the file's, not a game played here.
            Screen::Kaen(screen) if screen.is_stepping() => return,
            Screen::Locke(screen) if screen.is_stepping() => return,
            Screen::Kaen(screen) => (
                screen.session().is_dirty(),
                screen.session().path(),
                KeptRecord::Kaen(Box::new(screen.session().record().clone())),
            ),
            Screen::Locke(screen) => {
                // Once a game is over, the next of its series: the series goes on.
                let (dirty, saved_in, record) = screen.kept();
                (dirty, saved_in, KeptRecord::Locke(Box::new(record)))
            }
            _ => return,
        };
        // Where it was saved, for resuming it so.
        crate::game::store::note(game.tags_mut(), None, saved_in);
        if !dirty {
            // Saved: the file is the game's keeper now.
            ctx.keeper.clear();
        } else if let Err(error) = ctx.keeper.keep_any(&game) {
            ctx.error(error.to_string());
        }
    }

    /// Handles a mouse click at a terminal cell.
    pub fn click(&mut self, column: u16, row: u16, ctx: &mut Context) -> Outcome {
        match self {
            Screen::Play(screen) => screen.click(column, row, ctx),
            Screen::Match(screen) => screen.click(column, row, ctx),
            Screen::Replay(screen) => screen.click(column, row, ctx),
            Screen::Study(screen) => screen.click(column, row, ctx),
            Screen::Lobby(screen) => screen.click(column, row, ctx),
            Screen::GameList(_) | Screen::Kaen(_) | Screen::Locke(_) | Screen::PuzzleList(_) => {
                Outcome::Stay
            }
        }
    }

    /// Carries out what a dialog asked for.
    pub fn apply(&mut self, effect: Effect, ctx: &mut Context) -> Outcome {
        match self {
            Screen::Play(screen) => screen.apply(effect, ctx),
            Screen::Match(screen) => screen.apply(effect, ctx),
            Screen::Replay(screen) => screen.apply(&effect, ctx),
            Screen::Kaen(screen) => {
                let outcome = screen.apply(&effect, ctx);
                self.kept_unless_left(outcome, ctx)
            }
            Screen::Locke(screen) => {
                let outcome = screen.apply(&effect, ctx);
                self.kept_unless_left(outcome, ctx)
            }
            // From a lesson or a puzzle, the new-game dialog's choice: a fresh board carries it
            // out (a game, Kaen or Locke, the lessons or the puzzles), as the play screen would.
            Screen::Study(_) => match effect {
                Effect::Quit => Outcome::Quit,
                Effect::NewGame(..) | Effect::NewRulebookGame(..) | Effect::Study(_) => {
                    record_file::on_a_fresh_board(effect, false, ctx)
                }
                _ => Outcome::Stay,
            },
            Screen::Lobby(screen) => screen.apply(effect, ctx),
            Screen::GameList(_) | Screen::PuzzleList(_) => match effect {
                Effect::Quit => Outcome::Quit,
                _ => Outcome::Stay,
            },
        }
    }

    /// How long from `now` until the screen next wants a [`Screen::tick`], if it does:
    /// autoplay's next ply (not while a dialog is over it), a clock's next second.
    #[must_use]
    pub fn wake_after(&self, now: Instant, dialog: bool) -> Option<Duration> {
        match self {
            Screen::Replay(screen) if !dialog => screen.wake_after(now),
            Screen::Play(screen) => screen.wake_after(now, dialog),
            Screen::Match(screen) => screen.play().wake_after(now, dialog),
            Screen::Kaen(screen) => screen.wake_after(now),
            Screen::Locke(screen) => screen.wake_after(),
            Screen::Study(screen) => screen.wake_after(now, dialog),
            Screen::Lobby(screen) => screen.wake_after(now),
            Screen::Replay(_) | Screen::GameList(_) | Screen::PuzzleList(_) => None,
        }
    }

    /// Time has passed: autoplay steps, a clock that ran out ends its game.
    pub fn tick(&mut self, ctx: &mut Context, dialog: bool) -> Outcome {
        match self {
            Screen::Replay(screen) if !dialog => {
                screen.tick(ctx);
                Outcome::Stay
            }
            Screen::Play(screen) => screen.tick(ctx, dialog),
            Screen::Kaen(screen) => {
                screen.tick(ctx);
                Outcome::Stay
            }
            Screen::Match(screen) => screen.tick(ctx, dialog),
            Screen::Study(screen) => screen.tick(ctx, dialog),
            Screen::Locke(screen) => screen.tick(ctx),
            Screen::Lobby(screen) => {
                screen.tick(ctx);
                Outcome::Stay
            }
            Screen::Replay(_) | Screen::GameList(_) | Screen::PuzzleList(_) => Outcome::Stay,
        }
    }

    /// Who sits at the board alone: the side of the one person playing against a program
    /// (or solving a puzzle); `Some(None)` for a game of two people, two programs or a
    /// lesson; `None` on screens where no one is seated (lists, replays, Kaen and Locke).
    #[must_use]
    pub fn alone(&self) -> Option<Option<Color>> {
        match self {
            Screen::Play(_) | Screen::Match(_) => Some(self.playing()?.person_alone()),
            Screen::Study(study) => Some(study.solver()),
            // Our game online: our side at the bottom, as against a program.
            Screen::Lobby(lobby) => lobby.board().map(OnlineBoard::us),
            Screen::Replay(_)
            | Screen::GameList(_)
            | Screen::Kaen(_)
            | Screen::Locke(_)
            | Screen::PuzzleList(_) => None,
        }
    }

    /// The game being played, on the play and match screens.
    #[must_use]
    pub const fn playing(&self) -> Option<&PlayScreen> {
        match self {
            Screen::Play(screen) => Some(screen),
            Screen::Match(screen) => Some(screen.play()),
            Screen::Replay(_)
            | Screen::GameList(_)
            | Screen::Kaen(_)
            | Screen::Locke(_)
            | Screen::Study(_)
            | Screen::PuzzleList(_)
            | Screen::Lobby(_) => None,
        }
    }

    /// The game being played, to change, on the play and match screens.
    pub fn playing_mut(&mut self) -> Option<&mut PlayScreen> {
        match self {
            Screen::Play(screen) => Some(screen),
            Screen::Match(screen) => Some(screen.play_mut()),
            Screen::Replay(_)
            | Screen::GameList(_)
            | Screen::Kaen(_)
            | Screen::Locke(_)
            | Screen::Study(_)
            | Screen::PuzzleList(_)
            | Screen::Lobby(_) => None,
        }
    }

    /// The position shown, on screens that show a board.
    #[must_use]
    pub fn position(&self) -> Option<&Position> {
        match self {
            Screen::Play(screen) => Some(screen.position()),
            Screen::Match(screen) => Some(screen.play().position()),
            Screen::Replay(screen) => Some(screen.position()),
            Screen::Study(screen) => Some(screen.play().position()),
            Screen::Lobby(screen) => match (screen.board(), screen.replay()) {
                (Some(board), _) => Some(board.game().position()),
                (None, Some(replay)) => Some(replay.position()),
                (None, None) => None,
            },
            Screen::GameList(_) | Screen::Kaen(_) | Screen::Locke(_) | Screen::PuzzleList(_) => {
                None
            }
        }
    }

    /// Whether the screen fits a terminal of `(columns, rows)`.
    pub fn fits(&self, (columns, rows): (u16, u16)) -> Result<(), TooSmall> {
        if let Some(position) = self.position() {
            return match layout(columns, rows, position.size()) {
                Layout::Game(_) => Ok(()),
                Layout::TooSmall(w, h) => Err(TooSmall(w, h)),
            };
        }
        let (w, h) = match self {
            Screen::Kaen(_) => kaen::MIN_SIZE,
            Screen::Locke(_) => locke::MIN_SIZE,
            Screen::Lobby(_) => lobby::MIN_SIZE,
            _ => game_list::MIN_SIZE,
        };
        if columns >= w && rows >= h {
            Ok(())
        } else {
            Err(TooSmall(w, h))
        }
    }

    /// Draws the screen over `area` (which it fits).
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, ctx: &Context) {
        let game = self
            .position()
            .map(|p| layout(area.width, area.height, p.size()).turned(ctx.turned));
        match (self, game) {
            (Screen::Play(screen), Some(Layout::Game(game))) => {
                screen.render(frame, &game, ctx, None);
            }
            (Screen::Match(screen), Some(Layout::Game(game))) => screen.render(frame, &game, ctx),
            (Screen::Replay(screen), Some(Layout::Game(game))) => {
                screen.render(frame, &game, ctx);
            }
            (Screen::Study(screen), Some(Layout::Game(game))) => screen.render(frame, &game, ctx),
            (Screen::Lobby(screen), Some(Layout::Game(game))) => {
                if let Some(board) = screen.board() {
                    board.render(frame, &game, ctx);
                } else if let Some(replay) = screen.replay() {
                    replay.render(frame, &game, ctx);
                }
            }
            (Screen::GameList(screen), _) => screen.render(frame, area, ctx),
            (Screen::PuzzleList(screen), _) => screen.render(frame, area, ctx),
            (Screen::Kaen(screen), _) => screen.render(frame, area, ctx),
            (Screen::Locke(screen), _) => screen.render(frame, area, ctx),
            (Screen::Lobby(screen), _) => screen.render(frame, area, ctx),
            _ => {}
        }
    }
}
