//! The model: everything the screen shows and every key acts on.

use std::path::PathBuf;

use super::builder::MoveBuilder;
use super::match_play::Match;
use super::replay::Replay;
use super::session::Session;
use super::text_field::{History, TextField};
use super::theme::Theme;
use crate::record::{GameRecord, ReadGame};
use crate::rules::{BoardSize, Color, GameConfig, Komi, Move, Position, Square};

/// Where typed letters go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Focus {
    /// Letters are commands (f, s, c, u, ...), arrows move the cursor.
    Board,
    /// Letters are notation: moves are typed in PTN.
    Input,
}

/// A dialog or page shown over the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Overlay {
    /// Every key, and a PTN cheat sheet.
    Help,
    /// The rules, at this page.
    Rules(usize),
    /// Quit with unsaved moves?
    ConfirmQuit,
    /// The file name to save to.
    SaveAs(TextField),
    /// A new game's size and komi.
    NewGame(NewGameForm),
    /// Resume the game found in the recovery file?
    Resume(Box<GameRecord>),
    /// Which game of a file with several to replay; the one highlighted.
    GameList(usize),
    /// Go to a move number in a replay (`12`, `12b`).
    Goto(TextField),
    /// A match's game has ended: on to the next (or take the last ply back).
    MatchGameOver,
    /// The match is over: the table of games and scores.
    MatchSummary,
}

/// The new-game dialog's fields.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NewGameForm {
    /// Board size, 3 to 8.
    pub size: u8,
    /// Komi in half points.
    pub komi: i16,
    /// Which field the arrows change: `false` size, `true` komi.
    pub on_komi: bool,
}

/// How a status message should look.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StatusKind {
    /// News: saved, undone, the game ended.
    Info,
    /// A refused move or a failed save: what is wrong.
    Error,
}

/// A one-line message under the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Status {
    /// How it looks.
    pub kind: StatusKind,
    /// What it says.
    pub text: String,
}

/// Display and input settings chosen on the command line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// Characters and colours.
    pub theme: Theme,
    /// Whether mouse clicks are read.
    pub mouse: bool,
    /// Test builds of the binary only: a key that panics, to prove the terminal is restored.
    pub test_panic: bool,
}

/// The whole state of the terminal game.
#[derive(Clone, Debug)]
pub struct App {
    pub(super) session: Session,
    pub(super) cursor: Square,
    pub(super) focus: Focus,
    pub(super) input: TextField,
    pub(super) history: History,
    pub(super) builder: Option<MoveBuilder>,
    pub(super) status: Option<Status>,
    pub(super) overlay: Option<Overlay>,
    pub(super) options: Options,
    /// The terminal's size (columns, rows), for laying out the screen and reading clicks.
    pub(super) area: (u16, u16),
    pub(super) recovery: Option<PathBuf>,
    pub(super) last_click: Option<Square>,
    pub(super) quit: bool,
    /// Replaying a record: where the viewer is. `None` while playing.
    pub(super) replay: Option<Replay>,
    /// Every game of the file being replayed (for the game list).
    pub(super) library: Vec<ReadGame>,
    /// The file being replayed.
    pub(super) file: Option<PathBuf>,
    /// Whether the recovery file is this app's to write: one left by another session is moved
    /// aside (never overwritten) before this one first writes.
    pub(super) recovery_claimed: bool,
    /// A file the player was warned exists and may be replaced by saving again.
    pub(super) replace_ok: Option<PathBuf>,
    /// The square whose legal moves are marked on the board (after `m`), until the next key.
    pub(super) hint: Option<Square>,
    /// The match being played, if this is one.
    pub(super) matchup: Option<Match>,
    /// Learning mode: the legal moves from the cursor marked, threats named, and refusals
    /// followed by what would be legal instead, all without asking.
    pub(super) learn: bool,
    /// The road-winning moves each player would have now ("Tak"), worked out once per change
    /// rather than on every frame: White's, then Black's.
    threats: [Vec<Move>; 2],
}

impl App {
    /// An app playing `session`, keeping its recovery file at `recovery` (if any).
    #[must_use]
    pub fn new(session: Session, options: Options, recovery: Option<PathBuf>) -> App {
        App {
            session,
            cursor: Square::new(0, 0),
            focus: Focus::Board,
            input: TextField::default(),
            history: History::default(),
            builder: None,
            status: None,
            overlay: None,
            options,
            area: (80, 24),
            recovery,
            last_click: None,
            quit: false,
            replay: None,
            library: Vec::new(),
            file: None,
            recovery_claimed: false,
            replace_ok: None,
            threats: [Vec::new(), Vec::new()],
            hint: None,
            learn: false,
            matchup: None,
        }
        .with_view_reset()
    }

    fn with_view_reset(mut self) -> App {
        self.reset_view();
        self.refresh_threats();
        self
    }

    /// Works out again which moves would win by road at once, for each player.
    pub(super) fn refresh_threats(&mut self) {
        let position = self.position();
        let threats = if position.is_opening() {
            [Vec::new(), Vec::new()]
        } else {
            Color::ALL.map(|color| position.threats(color))
        };
        self.threats = threats;
    }

    /// Plays `matchup`: its first game starts now.
    pub fn start_match(&mut self, matchup: Match) {
        self.session = Session::new(matchup.next_record(), None);
        self.matchup = Some(matchup);
        self.reset_view();
        self.refresh_threats();
    }

    /// The match being played, if any.
    #[must_use]
    pub const fn matchup(&self) -> Option<&Match> {
        self.matchup.as_ref()
    }

    /// Turns learning mode on or off.
    pub fn set_learning(&mut self, on: bool) {
        self.learn = on;
    }

    /// Whether learning mode is on.
    #[must_use]
    pub const fn learning(&self) -> bool {
        self.learn
    }

    /// The square whose legal moves are shown: after `m`, or the cursor's in learning mode.
    #[must_use]
    pub fn shown_moves_from(&self) -> Option<Square> {
        let learning = self.learn && self.builder.is_none() && self.focus == Focus::Board;
        self.hint
            .or((learning && self.replay.is_none()).then_some(self.cursor))
    }

    /// The square whose legal moves are shown (after `m`), if any.
    #[must_use]
    pub const fn hint(&self) -> Option<Square> {
        self.hint
    }

    /// The moves `color` could make now that would win by road at once ("Tak").
    #[must_use]
    pub fn threats(&self, color: Color) -> &[Move] {
        &self.threats[color.index()]
    }

    /// Puts the cursor in the middle of the board and drops any move being built: for a new,
    /// resumed or opened game, whose board may be of another size.
    pub(super) fn reset_view(&mut self) {
        let middle = (self.position().size().get() - 1) / 2;
        self.cursor = Square::new(middle, middle);
        self.builder = None;
        self.last_click = None;
    }

    /// A viewer for the games read from `file`: the game list first when there are several
    /// and `game` (0-based) does not pick one, then that game at ply `ply` (default: the start).
    ///
    /// # Panics
    ///
    /// Never: 5 is a board size.
    #[must_use]
    pub fn replay(
        games: Vec<ReadGame>,
        file: PathBuf,
        game: Option<usize>,
        ply: Option<usize>,
        options: Options,
        recovery: Option<PathBuf>,
    ) -> App {
        let placeholder = GameRecord::for_config(GameConfig::new(
            BoardSize::new(5).expect("5 is a board size"),
        ));
        let mut app = App::new(Session::new(placeholder, None), options, recovery);
        app.file = Some(file);
        app.library = games;
        match game {
            None if app.library.len() > 1 => app.overlay = Some(Overlay::GameList(0)),
            _ => app.open_game(game.unwrap_or(0), ply.unwrap_or(0)),
        }
        app.refresh_threats();
        app
    }

    /// Shows game `index` of the library at ply `ply`.
    pub(super) fn open_game(&mut self, index: usize, ply: usize) {
        let index = index.min(self.library.len().saturating_sub(1));
        let Some(game) = self.library.get(index) else {
            self.error("the file holds no game");
            return;
        };
        let error = game.error.as_ref().map(ToString::to_string);
        let record = game.record.clone().unwrap_or_else(|| {
            GameRecord::for_config(GameConfig::new(BoardSize::new(5).expect("a board size")))
        });
        let mut replay = Replay::new(&record, ply, error);
        replay.warnings = game.warnings.iter().map(ToString::to_string).collect();
        self.session = Session::new(record, None);
        self.replay = Some(replay);
        self.reset_view();
        self.follow_last_move();
    }

    /// Offers to resume `record`, found in the recovery file, before anything else.
    pub fn offer_resume(&mut self, record: GameRecord) {
        self.overlay = Some(Overlay::Resume(Box::new(record)));
    }

    /// The game being played.
    #[must_use]
    pub const fn session(&self) -> &Session {
        &self.session
    }

    /// The position shown: the game's now, or the replayed ply's.
    #[must_use]
    pub fn position(&self) -> &Position {
        match &self.replay {
            Some(replay) => replay.position(),
            None => self.session.record().position(),
        }
    }

    /// How many plies of the record are shown: all of them while playing.
    #[must_use]
    pub fn shown_ply(&self) -> usize {
        self.replay
            .as_ref()
            .map_or(self.session.record().plies().len(), Replay::ply)
    }

    /// The replay state, when replaying a record.
    #[must_use]
    pub const fn replay_state(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }

    /// The games of the file being replayed.
    #[must_use]
    pub fn library(&self) -> &[ReadGame] {
        &self.library
    }

    /// The file being replayed, if any.
    #[must_use]
    pub fn file(&self) -> Option<&std::path::Path> {
        self.file.as_deref()
    }

    /// The board cursor.
    #[must_use]
    pub const fn cursor(&self) -> Square {
        self.cursor
    }

    /// Where typed letters go.
    #[must_use]
    pub const fn focus(&self) -> Focus {
        self.focus
    }

    /// The input line.
    #[must_use]
    pub const fn input(&self) -> &TextField {
        &self.input
    }

    /// The move being built with keys, if any.
    #[must_use]
    pub const fn builder(&self) -> Option<&MoveBuilder> {
        self.builder.as_ref()
    }

    /// The message under the board, if any.
    #[must_use]
    pub const fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    /// The dialog or page shown over the game, if any.
    #[must_use]
    pub const fn overlay(&self) -> Option<&Overlay> {
        self.overlay.as_ref()
    }

    /// Display and input settings.
    #[must_use]
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The terminal size the app lays itself out for.
    #[must_use]
    pub const fn area(&self) -> (u16, u16) {
        self.area
    }

    /// Whether the app has finished.
    #[must_use]
    pub const fn should_quit(&self) -> bool {
        self.quit
    }

    /// The move the input line's text would play, if it reads as one.
    #[must_use]
    pub fn typed_move(&self) -> Option<Move> {
        let text = self.input.text().trim();
        if text.is_empty() {
            return None;
        }
        crate::notation::parse_move(text, self.position().size()).ok()
    }

    /// The move of the last ply shown, for marking it on the board.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        let shown = self.shown_ply();
        shown
            .checked_sub(1)
            .and_then(|i| self.session.record().plies().get(i))
            .map(|ply| ply.mv)
    }

    pub(super) fn info(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            kind: StatusKind::Info,
            text: text.into(),
        });
    }

    pub(super) fn error(&mut self, text: impl Into<String>) {
        self.status = Some(Status {
            kind: StatusKind::Error,
            text: text.into(),
        });
    }

    /// The settings for a new game from the dialog's fields.
    pub(super) fn config_for(form: NewGameForm) -> Option<GameConfig> {
        let size = BoardSize::new(form.size).ok()?;
        let komi = Komi::from_halves(form.komi).ok()?;
        Some(GameConfig::new(size).with_komi(komi))
    }
}
