//! The app: one screen, at most one dialog over it, and what they share. Events come in
//! through [`App::handle`] and time through [`App::tick`]; [`App::render`] draws from the model
//! alone, so the same state always draws the same screen (which the snapshot tests rely on).

use std::time::Duration;

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyEvent, KeyEventKind, MouseButton, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::context::{Context, Options, Status};
use super::dialogs::{Dialog, Reply};
use super::keys::{Binding, GLOBAL, GlobalIntent, Key, KeyTable};
use super::layout::Orientation;
use super::screens::{Outcome, PlayScreen, QuitFate, Screen, TooSmall};
use crate::game::store::Keeper;
use crate::rules::{Color, Position};

/// What the keys do while the terminal is too small: nothing can be seen, so only quitting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum SmallIntent {
    /// Quit (the game is kept to resume).
    Quit,
}

/// The keys while the terminal is too small.
const TOO_SMALL: KeyTable<SmallIntent> = KeyTable {
    title: "Terminal too small",
    bindings: &[Binding::new(
        &[Key::Char('q'), Key::Ctrl('c')],
        SmallIntent::Quit,
        "q",
        "quit",
    )],
};

/// The whole state of the terminal game.
#[derive(Debug)]
pub struct App {
    screen: Screen,
    dialog: Option<Dialog>,
    ctx: Context,
    quit: bool,
    /// Ctrl+Z was pressed: the terminal loop suspends the process.
    suspend: bool,
    /// The side of the one person playing against a program, if that is the game played.
    seated: Option<Color>,
    /// The board was turned for Black by [`App::seat`], not by hand.
    auto_turned: bool,
}

impl App {
    /// An app showing `screen`, the games it plays kept by `keeper`.
    #[must_use]
    pub fn new(screen: Screen, options: Options, keeper: Keeper) -> App {
        let mut app = App {
            screen,
            dialog: None,
            ctx: Context::new(options, keeper),
            quit: false,
            suspend: false,
            seated: None,
            auto_turned: false,
        };
        app.seat();
        app
    }

    /// Turns the board round for a person playing Black alone against a program (or solving
    /// a puzzle as Black), so their pieces start at the bottom as at a real board, and back
    /// when the next game seats them otherwise. Only when the seats change, only from the
    /// usual view, and a board turned by hand since is left as it is.
    fn seat(&mut self) {
        let Some(alone) = self.screen.alone() else {
            return;
        };
        if alone == self.seated {
            return;
        }
        self.seated = alone;
        // Only the usual view is turned: one chosen by hand (a quarter turn, a mirror) stays.
        if alone == Some(Color::Black) {
            if self.ctx.turned == Orientation::USUAL {
                self.ctx.turned = Orientation::USUAL.turned_half();
                self.auto_turned = true;
                self.ctx
                    .also("you play Black: the board is turned to your side (Ctrl+T turns it)");
            }
        } else if std::mem::take(&mut self.auto_turned) {
            self.ctx.turned = Orientation::USUAL;
        }
    }

    /// An app playing `play`, keeping nothing (for tests and benchmarks).
    #[must_use]
    pub fn playing(play: PlayScreen, options: Options) -> App {
        App::new(Screen::Play(play), options, Keeper::default())
    }

    /// Saves files named without a folder in `dir` rather than the current folder (tests and
    /// fuzzing use this to keep their files apart).
    #[must_use]
    pub fn saving_in(mut self, dir: std::path::PathBuf) -> App {
        self.ctx.save_dir = Some(dir);
        self
    }

    /// Analyses and gives hints with `engine` (an external engine) instead of taktui's own.
    #[must_use]
    pub fn analysing_with(mut self, engine: Option<crate::game::engines::EngineEntry>) -> App {
        self.ctx.analysis_engine = engine;
        self
    }

    /// Draws chance (Kaen's die, who starts Locke) from `seed`.
    #[must_use]
    pub const fn seeded(mut self, seed: u64) -> App {
        self.ctx.seed = seed;
        self
    }

    /// Offers `engines` (the configured ones) in the new-game dialog.
    #[must_use]
    pub fn offering(mut self, engines: Vec<crate::game::engines::EngineEntry>) -> App {
        self.ctx.engines = engines;
        self
    }

    /// Copies to the clipboard as `clipboard` allows (the terminal loop tells it what the
    /// environment says).
    #[must_use]
    pub const fn with_clipboard(mut self, clipboard: super::Clipboard) -> App {
        self.ctx.clipboard = clipboard;
        self
    }

    /// What the app asks to be written to the terminal after the next draw (an OSC 52 copy),
    /// left there: tests read it, the terminal loop takes it with [`App::take_output`].
    #[must_use]
    pub fn output(&self) -> &str {
        &self.ctx.output
    }

    /// What the connection to a server has to say (the terminal loop polls it): given to the
    /// screen that follows the server.
    pub fn heard(&mut self, event: &crate::online::connection::Event) {
        if let Screen::Lobby(lobby) = &mut self.screen {
            lobby.heard(event, &mut self.ctx);
            // The offer to go back to a kept game is answered once the game is on the board.
            if lobby.board().is_some() && matches!(self.dialog, Some(Dialog::Unfinished(_))) {
                self.dialog = None;
                self.ctx.dialog_open = false;
            }
        }
        // A game that starts seats us: the board turned for Black.
        self.seat();
    }

    /// The commands the app asks to send to the server, left there: tests read them, the
    /// terminal loop takes them with [`App::take_commands`].
    #[must_use]
    pub fn commands(&self) -> &[crate::online::protocol::Command] {
        &self.ctx.outbox
    }

    /// The commands the app asks to send to the server, taken: the terminal loop sends them.
    pub fn take_commands(&mut self) -> Vec<crate::online::protocol::Command> {
        std::mem::take(&mut self.ctx.outbox)
    }

    /// A command could not be sent (the connection was down): said on the message line.
    pub fn not_sent(&mut self, command: &crate::online::protocol::Command, why: &str) {
        let word = command.to_string();
        let word = word.split(' ').next().unwrap_or_default();
        self.ctx.error(format!("{word} not sent: {why}"));
    }

    /// What the app asks to be written to the terminal, taken: the terminal loop writes it.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.ctx.output)
    }

    /// Shows `text` in the message line (news from before the app started).
    pub fn say(&mut self, text: impl Into<String>) {
        self.ctx.info(text);
    }

    /// Adds `note` to the message shown (or shows it, when there is none).
    pub fn also(&mut self, note: &str) {
        self.ctx.also(note);
    }

    /// Opens `dialog` over the screen (at start: the offer to resume a game).
    pub fn open(&mut self, dialog: Dialog) {
        self.dialog = Some(dialog);
        self.ctx.dialog_open = true;
    }

    /// The screen shown.
    #[must_use]
    pub const fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The dialog shown over it, if any.
    #[must_use]
    pub const fn dialog(&self) -> Option<&Dialog> {
        self.dialog.as_ref()
    }

    /// The game being played, on the play and match screens.
    #[must_use]
    pub const fn play(&self) -> Option<&PlayScreen> {
        self.screen.playing()
    }

    /// The position shown, on screens with a board.
    #[must_use]
    pub fn position(&self) -> Option<&Position> {
        self.screen.position()
    }

    /// The message under the board, if any.
    #[must_use]
    pub const fn status(&self) -> Option<&Status> {
        self.ctx.status.as_ref()
    }

    /// Display and input settings.
    #[must_use]
    pub const fn options(&self) -> &Options {
        &self.ctx.options
    }

    /// Where the game being played is kept until it is saved or over.
    #[must_use]
    pub const fn keeper(&self) -> &Keeper {
        &self.ctx.keeper
    }

    /// Whether the app has finished.
    #[must_use]
    pub const fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether the player asked to suspend (Ctrl+Z), clearing the request: the terminal loop
    /// gives the terminal back and stops the process until it is continued.
    pub fn take_suspend(&mut self) -> bool {
        std::mem::take(&mut self.suspend)
    }

    /// Tells the app the time: clocks and autoplay count from it. The terminal loop calls it
    /// before each event and tick; tests call it with made-up instants.
    pub fn set_time(&mut self, now: std::time::Instant) {
        self.ctx.now = now;
    }

    /// The terminal is about to be given up for a while (Ctrl+Z): clocks stop, so nobody
    /// loses on time while away; `p` starts them again.
    pub fn suspending(&mut self) {
        let now = self.ctx.now;
        if let Some(play) = self.screen.playing_mut() {
            if play.clock().is_some_and(|c| c.running().is_some()) {
                self.ctx
                    .info("the clocks stopped while tak was suspended: p starts them again");
            }
            play.pause(now);
        }
    }

    /// How long from the time last set until the app next wants [`App::tick`], if it does
    /// (autoplay, a clock): the loop sleeps until a key or then, and never needs to know why.
    #[must_use]
    pub fn wake_after(&self) -> Option<Duration> {
        self.screen.wake_after(self.ctx.now, self.dialog.is_some())
    }

    /// The time asked for by [`App::wake_after`] has come (or any time: a tick too early
    /// does nothing).
    pub fn tick(&mut self) {
        let outcome = self.screen.tick(&mut self.ctx, self.dialog.is_some());
        self.follow(outcome);
        self.seat();
        self.ctx.dialog_open = self.dialog.is_some();
    }

    /// Handles a terminal event: a key press, a click, a resize, pasted text.
    ///
    /// # Panics
    ///
    /// On F12 when the test panic is enabled: that is its purpose.
    pub fn handle(&mut self, event: &Event) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
            Event::Mouse(mouse) if self.ctx.options.mouse => {
                if let MouseEventKind::Down(MouseButton::Left) = mouse.kind {
                    self.click(mouse.column, mouse.row);
                }
            }
            Event::Resize(columns, rows) => self.ctx.area = (*columns, *rows),
            Event::Paste(text) => match &mut self.dialog {
                Some(dialog) => dialog.paste(text),
                None => self.screen.paste(text, &mut self.ctx),
            },
            _ => {}
        }
        self.seat();
        self.ctx.dialog_open = self.dialog.is_some();
    }

    fn key(&mut self, key: &KeyEvent) {
        match GLOBAL.intent(key) {
            Some(GlobalIntent::Suspend) => {
                self.suspend = true;
                return;
            }
            Some(GlobalIntent::TestPanic) => {
                assert!(!self.ctx.options.test_panic, "test panic requested");
            }
            Some(GlobalIntent::View(_))
                if matches!(self.screen, Screen::Kaen(_) | Screen::Locke(_)) =>
            {
                self.ctx
                    .info("this board is drawn one way only: Ctrl+T, Ctrl+O and Ctrl+F turn Tak's");
                return;
            }
            Some(GlobalIntent::View(change)) => {
                self.ctx.turned = change.apply(self.ctx.turned);
                self.auto_turned = false;
                self.ctx
                    .info(format!("board {}", self.ctx.turned.describe()));
                return;
            }
            None => {}
        }
        // While the screen says "terminal too small", nothing can be seen: only quitting works.
        if self.screen.fits(self.ctx.area).is_err() {
            if TOO_SMALL.intent(key) == Some(SmallIntent::Quit) {
                self.quitting();
            }
            return;
        }
        let outcome = match &mut self.dialog {
            Some(dialog) => match dialog.handle_key(key, &mut self.ctx) {
                Reply::Stay => return,
                Reply::Close => {
                    self.dialog = None;
                    return;
                }
                Reply::Then(effect) => {
                    let outcome = self.screen.apply(effect, &mut self.ctx);
                    if !matches!(outcome, Outcome::Refused) {
                        self.dialog = None;
                    }
                    outcome
                }
            },
            None => self.screen.handle_key(key, &mut self.ctx),
        };
        self.follow(outcome);
    }

    fn click(&mut self, column: u16, row: u16) {
        if self.dialog.is_some() || self.screen.fits(self.ctx.area).is_err() {
            return;
        }
        let outcome = self.screen.click(column, row, &mut self.ctx);
        self.follow(outcome);
    }

    /// Does what a screen's outcome says.
    fn follow(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Stay | Outcome::Refused => {}
            Outcome::Open(dialog) => self.dialog = Some(dialog),
            Outcome::Switch(screen) => self.screen = *screen,
            Outcome::SwitchAndOpen(screen, dialog) => {
                self.screen = *screen;
                self.dialog = Some(*dialog);
            }
            Outcome::Quit => self.quitting(),
        }
    }

    /// Quits (as asked, or as a signal ends `tak`): a game with a running clock is kept with
    /// the time shown now.
    pub fn quitting(&mut self) {
        if let Some(play) = self.screen.playing_mut() {
            play.leaving(&mut self.ctx);
        }
        self.quit = true;
    }

    /// Draws the screen and the dialog over it.
    pub fn render(&self, frame: &mut Frame<'_>) {
        let area = frame.area();
        if let Err(TooSmall(width, height)) = self.screen.fits((area.width, area.height)) {
            too_small(
                frame,
                area,
                (width, height),
                self.screen.quit_fate(&self.ctx),
            );
        } else {
            self.screen.render(frame, area, &self.ctx);
            if let Some(dialog) = &self.dialog {
                dialog.render(frame, area, &self.ctx);
            }
        }
        if self.ctx.theme().ascii {
            crate::tui::theme::ascii::fold(frame.buffer_mut());
        }
    }
}

fn too_small(frame: &mut Frame<'_>, area: Rect, (width, height): (u16, u16), fate: QuitFate) {
    // q quits without a dialog (none could be seen): say what it does to the game.
    let quitting = match fate {
        QuitFate::Lost(what) => format!("q quits, and {what} (enlarge to save it)"),
        QuitFate::Kept => "q quits (the game is kept to resume)".to_owned(),
        QuitFate::Nothing => "q quits".to_owned(),
    };
    let text = vec![
        Line::from(format!("terminal too small: need {width}x{height}")),
        Line::from(format!(
            "(now {}x{}); enlarge it, or {quitting}",
            area.width, area.height
        )),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::GLOBAL).unwrap();
        crate::tui::keys::check_table(&super::TOO_SMALL).unwrap();
    }

    /// Whether any key of `table` is `event`.
    fn uses<I: Copy>(table: &KeyTable<I>, event: &KeyEvent) -> bool {
        table.intent(event).is_some()
    }

    #[test]
    fn the_keys_that_work_everywhere_take_no_key_from_a_screen_or_dialog() {
        use crate::tui::dialogs::{
            BRANCHES, CONFIRM_QUIT, LEAVE_GAME, NOTATION, SEEK, SEEK_OPPONENT,
        };
        use crate::tui::screens::stepping::STEPPING;
        use crate::tui::screens::{
            BOARD, GAME_LIST, KAEN, LOBBY, LOBBY_CHAT, LOCKE, LOCKE_TYPING, MOVING, ONLINE_GAME,
            ONLINE_WATCH, PUZZLE_LIST, REPLAY, STUDY, TYPING,
        };
        for binding in GLOBAL.bindings {
            for key in binding.keys {
                let event = key.example();
                let taken = [
                    uses(&BOARD, &event),
                    uses(&MOVING, &event),
                    uses(&TYPING, &event),
                    uses(&REPLAY, &event),
                    uses(&STUDY, &event),
                    uses(&PUZZLE_LIST, &event),
                    uses(&GAME_LIST, &event),
                    uses(&STEPPING, &event),
                    uses(&KAEN, &event),
                    uses(&LOCKE, &event),
                    uses(&LOCKE_TYPING, &event),
                    uses(&BRANCHES, &event),
                    uses(&NOTATION, &event),
                    uses(&CONFIRM_QUIT, &event),
                    uses(&LOBBY, &event),
                    uses(&LOBBY_CHAT, &event),
                    uses(&SEEK, &event),
                    uses(&SEEK_OPPONENT, &event),
                    uses(&ONLINE_GAME, &event),
                    uses(&ONLINE_WATCH, &event),
                    uses(&LEAVE_GAME, &event),
                ];
                assert!(
                    !taken.contains(&true),
                    "{} is taken: {taken:?}",
                    binding.label
                );
            }
        }
    }

    #[test]
    fn the_view_keys_say_which_way_round_the_board_is_now() {
        let mut app = super::App::playing(
            super::PlayScreen::new(crate::game::Session::new(
                crate::record::GameRecord::for_config(crate::rules::GameConfig::new(
                    crate::rules::BoardSize::new(5).unwrap(),
                )),
                None,
            )),
            super::Options {
                theme: crate::tui::Theme::plain(false),
                mouse: true,
                test_panic: false,
            },
        );
        let mut said = Vec::new();
        for key in ['o', 'o', 'f', 't', 'o', 'f', 'o'] {
            app.handle(&Event::Key(Key::Ctrl(key).example()));
            said.push(app.status().unwrap().text.clone());
        }
        assert_eq!(
            said,
            [
                "board turned a quarter clockwise: rank 1 on the left, the a-file at the top",
                "board turned, as Black sees it: rank 1 at the top, the a-file on the right",
                "board mirrored: rank 1 at the top, the a-file on the left",
                "board mirrored: rank 1 at the bottom, the a-file on the right",
                "board mirrored: rank 1 on the left, the a-file at the bottom",
                "board turned three quarters: rank 1 on the right, the a-file at the bottom",
                "board as White sees it: rank 1 at the bottom, the a-file on the left",
            ]
        );
    }
}
