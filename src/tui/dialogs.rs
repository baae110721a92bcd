//! Dialogs and pages shown over a screen, at most one at a time. Each owns its fields, its key
//! table, its update and its view (one file each, as chess-tui gives each popup its handler).
//! A dialog's update returns a [`Reply`]: stay open, close, or close and have the screen below
//! carry out an [`Effect`]; the screen may refuse the effect, and the dialog then stays open.

mod branches;
mod draw;
mod field;
mod game_over;
mod help;
mod holding;
mod leave_game;
mod match_over;
mod new_game;
mod notation;
mod pages;
mod popup;
mod quit;
mod resign;
mod rules;
mod seek;
mod unfinished;

pub use branches::{BRANCHES, BranchesDialog};
pub use draw::{ANSWER_DRAW, DrawDialog};
pub use field::{FieldIntent, GoToDialog, SaveAsDialog};
pub use game_over::GameOverDialog;
pub use help::HelpDialog;
pub use leave_game::{LEAVE_GAME, LeaveGameDialog};
pub use match_over::{MatchEnd, MatchOverDialog};
pub use new_game::{NEW_GAME_TYPING, NewGameDialog, Replaced};
pub use notation::{NOTATION, NotationDialog, NotationIntent, NotationPart};
pub use pages::{PagesDialog, TextPage};
pub use quit::{CONFIRM_QUIT, QuitDialog};
pub use resign::{CONFIRM_RESIGN, ResignDialog};
pub use rules::RulesDialog;
pub use seek::{SEEK, SEEK_OPPONENT, SeekDialog, SeekIntent};
pub use unfinished::UnfinishedDialog;

use std::path::PathBuf;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;

use super::context::Context;
use crate::rules::{ByColor, GameConfig};

/// A dialog or page over the screen.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// Every key of the screen below, and notes.
    Help(HelpDialog),
    /// The rules, a page at a time.
    Rules(RulesDialog),
    /// Quit with unsaved moves? Says what becomes of the game.
    ConfirmQuit(QuitDialog),
    /// The file name to save to.
    SaveAs(SaveAsDialog),
    /// A new game's size and komi.
    NewGame(NewGameDialog),
    /// The unfinished games: resume one, discard one, or start anew.
    Unfinished(UnfinishedDialog),
    /// Go to a move number in a replay.
    GoTo(GoToDialog),
    /// A match's game has ended, or the whole match.
    MatchOver(MatchOverDialog),
    /// The game has ended.
    GameOver(GameOverDialog),
    /// Pages of text: the rules of Kaen or Locke.
    Pages(PagesDialog),
    /// The moves tried at a ply of a replay: show one's line, delete a variation.
    Branches(BranchesDialog),
    /// The position as TPS and the game as PTN, to copy.
    Notation(NotationDialog),
    /// Resign the game? Asked first.
    Resign(ResignDialog),
    /// A draw offered to the other person at the keyboard.
    Draw(DrawDialog),
    /// A seek to post on the server.
    Seek(SeekDialog),
    /// Leave a game on the server: resign it, or leave it to the server's clock.
    LeaveGame(LeaveGameDialog),
}

/// What a dialog's update leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The dialog stays open.
    Stay,
    /// The dialog closes.
    Close,
    /// The screen below is asked to do this; the dialog closes unless the screen refuses.
    Then(Effect),
}

/// What can be studied: opened from the new-game dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyKind {
    /// The lessons, from the first not yet done.
    Lessons,
    /// The list of puzzles.
    Puzzles,
}

/// Who a new game seats on a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person.
    Person,
    /// taktui's computer at this level.
    Computer(crate::engine::Level),
    /// An external engine (configured, or the one playing the side now).
    Engine(Box<crate::game::engines::EngineEntry>),
}

impl From<&crate::game::Player> for Seat {
    /// The seat of who plays a side now.
    fn from(player: &crate::game::Player) -> Seat {
        match player {
            crate::game::Player::Person(_) => Seat::Person,
            crate::game::Player::Computer(level) => Seat::Computer(*level),
            crate::game::Player::Engine(entry) => Seat::Engine(Box::new(entry.clone())),
        }
    }
}

/// What a dialog asks of the screen below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Quit the app.
    Quit,
    /// Save the game (asking for a name if it has none), then quit.
    SaveAndQuit,
    /// Save the game to this file, then quit if asked.
    SaveTo {
        /// The file.
        path: PathBuf,
        /// Whether to quit once saved.
        then_quit: bool,
    },
    /// Start a new game with these settings, these seats and these clocks (none: no clocks),
    /// and the names typed for the sides people play (`None` where the name is unchanged).
    NewGame(
        GameConfig,
        ByColor<Seat>,
        Option<crate::game::clock::TimeControl>,
        ByColor<Option<String>>,
    ),
    /// Start a game of Kaen or Locke, at its own screen, with its usual settings; the
    /// computer's level for each side it plays (White or Player 1 first).
    NewRulebookGame(crate::record::GameKind, [Option<crate::engine::Level>; 2]),
    /// Open the lessons or the puzzles.
    Study(StudyKind),
    /// Play on with the unfinished game kept in this file.
    Resume(PathBuf),
    /// Show this many plies of the replay.
    GoToPly(usize),
    /// On to the next game of the match, or its summary.
    NextMatchGame,
    /// Take back the last ply of the match's game that just ended.
    TakeBackMatchPly,
    /// Take back the last ply.
    Undo,
    /// Open the new-game dialog.
    AskNewGame,
    /// Save the game (asking for a name if it has none).
    Save,
    /// Save the game under a name asked for.
    SaveAs,
    /// Quit, asking first if the game is not saved.
    AskQuit,
    /// Show the line that plays this move after the ply shown.
    ShowBranch(crate::rules::Move),
    /// Delete the variation that plays this move after the ply shown.
    DeleteBranch(crate::rules::Move),
    /// This player resigns the game.
    Resign(crate::rules::Color),
    /// The players agree to a draw.
    AgreeDraw,
    /// The draw offered is declined: play goes on.
    DeclineDraw,
    /// Post this seek on the server.
    PostSeek(crate::online::protocol::SeekRequest),
    /// Leave the online game for the lobby, resigning it first or not.
    LeaveGame {
        /// Whether to resign first.
        resign: bool,
    },
}

impl Dialog {
    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Reply {
        match self {
            Dialog::Help(dialog) => dialog.handle_key(key),
            Dialog::Rules(dialog) => dialog.handle_key(key),
            Dialog::ConfirmQuit(_) => quit::handle_key(key),
            Dialog::SaveAs(dialog) => dialog.handle_key(key, ctx),
            Dialog::NewGame(dialog) => dialog.handle_key(key),
            Dialog::Unfinished(dialog) => dialog.handle_key(key, ctx),
            Dialog::GoTo(dialog) => dialog.handle_key(key, ctx),
            Dialog::MatchOver(dialog) => dialog.handle_key(key),
            Dialog::GameOver(dialog) => dialog.handle_key(key),
            Dialog::Pages(dialog) => dialog.handle_key(key),
            Dialog::Branches(dialog) => dialog.handle_key(key),
            Dialog::Notation(dialog) => dialog.handle_key(key, ctx),
            Dialog::Resign(dialog) => dialog.handle_key(key),
            Dialog::Draw(dialog) => dialog.handle_key(key),
            Dialog::Seek(dialog) => dialog.handle_key(key),
            Dialog::LeaveGame(dialog) => dialog.handle_key(key),
        }
    }

    /// Text pasted (in one piece, as the terminal brackets it): into a dialog's text field;
    /// any other dialog ignores it, so that pasted letters never press its keys.
    pub fn paste(&mut self, text: &str) {
        match self {
            Dialog::SaveAs(dialog) => dialog.paste(text),
            Dialog::GoTo(dialog) => dialog.paste(text),
            Dialog::Seek(dialog) => dialog.paste(text),
            _ => {}
        }
    }

    /// Draws the dialog over `area`.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, ctx: &Context) {
        let theme = ctx.theme();
        match self {
            Dialog::Help(dialog) => dialog.render(frame, area, theme),
            Dialog::Rules(dialog) => dialog.render(frame, area, theme),
            Dialog::ConfirmQuit(dialog) => dialog.render(frame, area, theme),
            Dialog::SaveAs(dialog) => dialog.render(frame, area, theme),
            Dialog::NewGame(dialog) => dialog.render(frame, area, theme),
            Dialog::Unfinished(dialog) => dialog.render(frame, area, theme),
            Dialog::GoTo(dialog) => dialog.render(frame, area, theme),
            Dialog::MatchOver(dialog) => dialog.render(frame, area, theme),
            Dialog::GameOver(dialog) => dialog.render(frame, area, theme),
            Dialog::Pages(dialog) => dialog.render(frame, area, theme),
            Dialog::Branches(dialog) => dialog.render(frame, area, theme),
            Dialog::Notation(dialog) => dialog.render(frame, area, ctx),
            Dialog::Resign(dialog) => dialog.render(frame, area, theme),
            Dialog::Draw(dialog) => dialog.render(frame, area, theme),
            Dialog::Seek(dialog) => dialog.render(frame, area, theme),
            Dialog::LeaveGame(dialog) => dialog.render(frame, area, theme),
        }
    }
}
