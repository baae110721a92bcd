//! A game on the server at the board: ours to play, or one watched. The game itself is an
//! [`OnlineGame`] (the driver with a remote seat, the record, the server's clocks): this
//! screen only picks moves and asks, then shows and says what the game decided.
//!
//! The lobby holds the screen while the game is on it (what the server says goes on reaching
//! the lobby's lists), gives it what the connection hears ([`OnlineBoard::heard`]) and sends
//! what it asks (the context's outbox). Moves are picked as at the board (the play screen's
//! move builder and input line); the keys are `keys`' tables; what the game says becomes
//! words in `said`; `view` draws.

mod help;
mod keys;
mod moving;
mod offers;
mod said;
mod view;

pub use keys::{ONLINE_GAME, ONLINE_WATCH, OnlineIntent};

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyEvent;

use super::board_picker::BoardPicker;
use super::helper::Helper;
use super::{Focus, MOVING, Outcome, TYPING};
use crate::online::connection::Event;
use crate::online::game::OnlineGame;
use crate::rules::{Color, Position, Square};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, HelpDialog, NotationDialog, ResignDialog};
use crate::tui::keys::HelpSection;
use crate::tui::text_field::{History, TextField};

/// Below this much time left, our clock is said to be running out.
pub const LOW_TIME: Duration = Duration::from_secs(30);

/// An online game at the board.
#[derive(Debug)]
pub struct OnlineBoard {
    game: OnlineGame,
    /// The board cursor and the move being built with keys or clicks.
    picker: BoardPicker,
    focus: Focus,
    input: TextField,
    history: History,
    /// Plies shown while stepping back through the moves; `None`: the latest, live.
    shown: Option<usize>,
    /// The connection is down: why, and when it is tried again.
    dropped: Option<(String, Instant)>,
    /// Whether running out of time has been said (once a game).
    low_time_said: bool,
    /// The data folder: where a watched game is saved.
    data: Option<PathBuf>,
    /// Where the game was saved, once it was.
    saved: Option<PathBuf>,
    /// Who left the game, if someone did (the server's `Abandoned`).
    left: Option<String>,
    /// Engine help (analysis, hints, tinue), the board's own; only on a game looked on.
    help: Helper,
    /// The position the helper last followed: a change starts it afresh.
    helped: Option<Position>,
}

impl OnlineBoard {
    /// `game` at the board (ours, or watched); a watched game is saved in `data`'s `online`
    /// folder when asked or when it ends.
    #[must_use]
    pub fn new(game: OnlineGame, data: Option<PathBuf>) -> OnlineBoard {
        let middle = (game.position().size().get() - 1) / 2;
        OnlineBoard {
            game,
            picker: BoardPicker::new(Square::new(middle, middle)),
            focus: Focus::Board,
            input: TextField::default(),
            history: History::default(),
            shown: None,
            dropped: None,
            low_time_said: false,
            data,
            saved: None,
            left: None,
            help: Helper::default(),
            helped: None,
        }
    }

    /// The game.
    #[must_use]
    pub const fn game(&self) -> &OnlineGame {
        &self.game
    }

    /// Our side; `None` when watching.
    #[must_use]
    pub const fn us(&self) -> Option<Color> {
        self.game.color()
    }

    /// Whether the board is only watched or looked back over: no move is ours to make.
    #[must_use]
    pub fn read_only(&self) -> bool {
        self.us().is_none() || self.game.is_over()
    }

    /// The position shown: the live one, or the one stepped back to.
    #[must_use]
    pub fn position(&self) -> Position {
        match self.shown {
            Some(plies) => self.game.record().position_at(plies),
            None => self.game.position().clone(),
        }
    }

    /// Plies shown: all of them when live.
    #[must_use]
    pub fn shown(&self) -> usize {
        self.shown
            .unwrap_or_else(|| self.game.record().plies().len())
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

    /// Takes in what the connection heard: the game follows it, and what it says is said.
    /// Whether the event concerned the game.
    pub fn heard(&mut self, event: &Event, ctx: &mut Context) -> bool {
        let concerned = self.game.handle(event, ctx.now);
        match event {
            Event::Dropped { why, retry_in } => {
                self.dropped = Some((why.clone(), ctx.now + *retry_in));
            }
            Event::LoggedIn { .. } => self.dropped = None,
            _ => {}
        }
        self.after(ctx);
        concerned
    }

    /// Says what the game has to say before anything was heard (a game gone back to).
    pub fn heard_nothing(&mut self, ctx: &mut Context) {
        self.after(ctx);
    }

    /// After anything: what the game says is said, what it asks is sent, the view follows.
    pub(super) fn after(&mut self, ctx: &mut Context) {
        let events = self.game.take_events();
        for event in &events {
            self.say(event, ctx);
        }
        if self.game.is_over() && self.us().is_none() && self.saved.is_none() {
            self.save(ctx, false);
        }
        if self.game.is_over() {
            self.picker.cancel();
            self.focus = Focus::Board;
        }
        ctx.outbox.extend(self.game.take_outbox());
        self.warn_low_time(ctx);
        self.keep_helping();
    }

    /// Says once when our clock runs low.
    fn warn_low_time(&mut self, ctx: &mut Context) {
        let Some(us) = self.us() else { return };
        let Some(clock) = self.game.driver().clock() else {
            return;
        };
        let left = clock.left(us, ctx.now);
        if !self.low_time_said && !self.game.is_over() && left < LOW_TIME && !left.is_zero() {
            self.low_time_said = true;
            ctx.error(format!(
                "less than {} s left on your clock",
                LOW_TIME.as_secs()
            ));
        }
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        if self.focus == Focus::Input {
            return match TYPING.intent(key) {
                Some(intent) => self.typing(intent, ctx),
                None => Outcome::Stay,
            };
        }
        let intent = if self.read_only() {
            ONLINE_WATCH.intent(key)
        } else if self.picker.builder().is_some() {
            MOVING
                .intent(key)
                .map(OnlineIntent::Move)
                .or_else(|| ONLINE_GAME.intent(key))
        } else {
            ONLINE_GAME.intent(key)
        };
        let Some(intent) = intent else {
            return Outcome::Stay;
        };
        ctx.status = None;
        let outcome = self.intent(intent, ctx);
        self.after(ctx);
        outcome
    }

    /// Text pasted: moves, into the input line.
    pub fn paste(&mut self, text: &str, ctx: &mut Context) {
        if self.read_only() {
            ctx.info("nothing here takes pasted text");
            return;
        }
        self.focus = Focus::Input;
        self.input.paste(text);
    }

    fn intent(&mut self, intent: OnlineIntent, ctx: &mut Context) -> Outcome {
        let now = ctx.now;
        let done = match intent {
            OnlineIntent::Move(p) => return self.board_intent(p, ctx),
            OnlineIntent::Draw => self.draw(now),
            OnlineIntent::Takeback => self.takeback(now),
            OnlineIntent::Decline => self.decline(now, ctx),
            OnlineIntent::Resign => {
                let Some(us) = self.us() else {
                    return Outcome::Stay;
                };
                let named = |c: Color| format!("{} ({c})", self.game.name(c));
                return Outcome::Open(Dialog::Resign(
                    ResignDialog::new(us, named(us), named(!us)).online(),
                ));
            }
            OnlineIntent::Rematch => {
                self.rematch(ctx);
                Ok(())
            }
            OnlineIntent::Step(step) => {
                self.step(step, ctx);
                Ok(())
            }
            OnlineIntent::First => {
                self.shown = Some(0);
                ctx.info("the start of the game: End follows it live again");
                Ok(())
            }
            OnlineIntent::Live => {
                self.shown = None;
                ctx.info("the game as it stands, followed live");
                Ok(())
            }
            OnlineIntent::Save => {
                self.save(ctx, true);
                Ok(())
            }
            OnlineIntent::Notation => {
                let dialog = NotationDialog::new(&self.position(), self.game.record());
                return Outcome::Open(Dialog::Notation(dialog));
            }
            OnlineIntent::Analyse => {
                self.toggle_analysis(ctx);
                Ok(())
            }
            OnlineIntent::Hint => {
                self.ask_hint(ctx);
                Ok(())
            }
            OnlineIntent::Tinue => {
                self.ask_tinue(ctx);
                Ok(())
            }
            OnlineIntent::Help => return Outcome::Open(Dialog::Help(self.help())),
            OnlineIntent::Leave => return self.leave(ctx),
        };
        if let Err(why) = done {
            ctx.error(why.to_string());
        }
        Outcome::Stay
    }

    /// Steps through the moves shown.
    fn step(&mut self, step: i8, ctx: &mut Context) {
        let all = self.game.record().plies().len();
        let now = self.shown();
        let next = now.saturating_add_signed(isize::from(step)).min(all);
        self.shown = (next < all).then_some(next);
        if next == all {
            ctx.info("the last ply: the game is followed live");
        } else {
            ctx.info(format!("ply {next} of {all}: End follows the game live"));
        }
    }

    /// Saves the game in the `online` folder (a watched game, when asked or at its end; ours
    /// is saved by the game when it ends).
    fn save(&mut self, ctx: &mut Context, asked: bool) {
        if self.us().is_some() && !self.game.is_over() {
            ctx.info("your game is kept as it is played and saved when it ends");
            return;
        }
        if let Some(path) = &self.saved {
            if asked {
                ctx.info(format!("saved in {} (and kept up to date)", path.display()));
            }
            return;
        }
        let Some(data) = self.data.clone() else {
            ctx.error("no data folder to save the game in");
            return;
        };
        match self.game.save_in(&data) {
            Ok(path) => {
                let said = format!("saved in {}", path.display());
                if asked {
                    ctx.info(said);
                } else {
                    ctx.also(&said);
                }
                self.saved = Some(path);
            }
            Err(why) => ctx.error(why.to_string()),
        }
    }

    /// The help page.
    #[must_use]
    pub fn help(&self) -> HelpDialog {
        let mut sections = if self.read_only() {
            vec![HelpSection::keys(&ONLINE_WATCH)]
        } else {
            vec![
                HelpSection::keys(&ONLINE_GAME),
                HelpSection::keys(&MOVING),
                HelpSection::keys(&TYPING),
            ]
        };
        sections.push(crate::tui::keys::everywhere_help(true));
        HelpDialog::new(" Help: ? or Esc to close ", sections)
    }

    /// How long until the screen wants drawing again: a clock's next change, the countdown
    /// to connecting again.
    #[must_use]
    pub fn wake_after(&self, now: Instant) -> Option<Duration> {
        let clock = self.clock_wake(now);
        match (clock, self.help.wake()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// How long until the clocks or the countdown to connecting again show another second.
    fn clock_wake(&self, now: Instant) -> Option<Duration> {
        if let Some((_, at)) = &self.dropped {
            return Some(
                at.saturating_duration_since(now)
                    .clamp(Duration::from_millis(100), Duration::from_secs(1)),
            );
        }
        if self.game.is_over() {
            return None;
        }
        self.game.driver().clock()?.next_change(now)
    }

    /// Time has passed: the clocks shown move on.
    pub fn tick(&mut self, ctx: &mut Context) {
        self.game.poll(ctx.now);
        self.hear_help(ctx);
        self.after(ctx);
    }

    /// The server's result in words, with the reason: `Ann wins by road`.
    #[must_use]
    pub fn result_words(&self) -> Option<String> {
        let result = self.game.result()?;
        Some(said::result_words(&self.game, result, self.left.as_deref()))
    }
}
