//! A game on the server at the board: ours to play, or one watched. The game itself is an
//! [`OnlineGame`] (the driver with a remote seat, the record, the server's clocks): this
//! screen only picks moves and asks, then shows and says what the game decided.
//!
//! The lobby holds the screen while the game is on it (what the server says goes on reaching
//! the lobby's lists), gives it what the connection hears ([`OnlineBoard::heard`]) and sends
//! what it asks (the context's outbox). Moves are picked as at the board (the play screen's
//! move builder and input line); the keys are `keys`' tables; what the game says becomes
//! words in `said`; `view` draws.

mod analysis;
mod keys;
mod said;
mod view;

pub use keys::{ONLINE_GAME, ONLINE_WATCH, OnlineIntent};

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyEvent;

use super::{Focus, MOVING, MoveBuilder, Outcome, PlayIntent as P, Step, TYPING};
use crate::notation::parse_move;
use crate::online::connection::Event;
use crate::online::game::{OnlineError, OnlineGame};
use crate::online::protocol::Command;
use crate::rules::{Color, Direction, Move, Position, Role, Square};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, Effect, HelpDialog, NotationDialog, ResignDialog};
use crate::tui::keys::HelpSection;
use crate::tui::text_field::{History, TextField};

/// Below this much time left, our clock is said to be running out.
pub const LOW_TIME: Duration = Duration::from_secs(30);

/// An online game at the board.
#[derive(Debug)]
pub struct OnlineBoard {
    game: OnlineGame,
    cursor: Square,
    focus: Focus,
    input: TextField,
    history: History,
    builder: Option<MoveBuilder>,
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
    /// The analysis engine, while it is on (only on a game looked on).
    analysis: Option<analysis::Analysis>,
}

impl OnlineBoard {
    /// `game` at the board (ours, or watched); a watched game is saved in `data`'s `online`
    /// folder when asked or when it ends.
    #[must_use]
    pub fn new(game: OnlineGame, data: Option<PathBuf>) -> OnlineBoard {
        let middle = (game.position().size().get() - 1) / 2;
        OnlineBoard {
            game,
            cursor: Square::new(middle, middle),
            focus: Focus::Board,
            input: TextField::default(),
            history: History::default(),
            builder: None,
            shown: None,
            dropped: None,
            low_time_said: false,
            data,
            saved: None,
            left: None,
            analysis: None,
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
    fn after(&mut self, ctx: &mut Context) {
        let events = self.game.take_events();
        let was_over = self.game.is_over();
        for event in &events {
            self.say(event, ctx);
        }
        if self.game.is_over() && self.us().is_none() && self.saved.is_none() {
            self.save(ctx, false);
        }
        if self.game.is_over() && !was_over {
            self.builder = None;
            self.focus = Focus::Board;
        }
        ctx.outbox.extend(self.game.take_outbox());
        self.warn_low_time(ctx);
        self.keep_analysing();
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
        } else if self.builder.is_some() {
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
            OnlineIntent::EngineHelp => {
                if self.read_only() {
                    self.toggle_analysis(ctx);
                } else {
                    ctx.error(
                        "engine help (analysis, hints, tinue) is off while you play a person: \
                         it would be cheating",
                    );
                }
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

    /// `D`: accept the draw offered, withdraw ours, or offer one.
    fn draw(&mut self, now: Instant) -> Result<(), OnlineError> {
        let us = self.us().ok_or(OnlineError::Watching)?;
        if self.game.driver().draw_offered() == Some(us) {
            self.game.withdraw_draw()
        } else {
            self.game.offer_draw(now)
        }
    }

    /// `u`: grant the takeback asked, withdraw ours, or ask for one.
    fn takeback(&mut self, now: Instant) -> Result<(), OnlineError> {
        let us = self.us().ok_or(OnlineError::Watching)?;
        match self.game.driver().takeback_asked() {
            Some((by, _)) if by == us => self.game.withdraw_takeback(),
            Some(_) => self.game.answer_takeback(true, now),
            None => self.game.ask_takeback(now),
        }
    }

    /// `x`: decline what the other player asks.
    fn decline(&mut self, now: Instant, ctx: &mut Context) -> Result<(), OnlineError> {
        let us = self.us().ok_or(OnlineError::Watching)?;
        if self.game.driver().draw_offered() == Some(!us) {
            return self.game.answer_draw(false, now);
        }
        if self
            .game
            .driver()
            .takeback_asked()
            .is_some_and(|(by, _)| by != us)
        {
            return self.game.answer_takeback(false, now);
        }
        ctx.info("nothing to decline: no draw offered, no takeback asked");
        Ok(())
    }

    /// After the game: asks the other player for a rematch (the same game, the colours the
    /// other way round), or accepts theirs.
    fn rematch(&mut self, ctx: &mut Context) {
        let Some(us) = self.us() else {
            ctx.info("a rematch is for a game of yours");
            return;
        };
        if self.game.rematch_asked() {
            ctx.info("rematch asked already: waiting for the other player");
            return;
        }
        match self.game.ask_rematch() {
            Ok(()) => ctx.info(format!(
                "rematch asked of {}: the same game, you play {}",
                self.game.name(!us),
                !us
            )),
            Err(why) => ctx.error(format!("no rematch: {why}")),
        }
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
            Err(why) => ctx.error(why),
        }
    }

    /// `q`: back to the lobby, asking first during our game.
    fn leave(&mut self, ctx: &mut Context) -> Outcome {
        if self.us().is_some() && !self.game.is_over() {
            return Outcome::Open(Dialog::LeaveGame(crate::tui::dialogs::LeaveGameDialog));
        }
        if self.us().is_none() && !self.game.is_over() {
            ctx.outbox.push(Command::Unobserve(self.game.id()));
        }
        Outcome::Quit
    }

    /// Carries out what a dialog asked: a resignation, leaving the game.
    pub fn apply(&mut self, effect: &Effect, ctx: &mut Context) -> Outcome {
        let outcome = match effect {
            Effect::Resign(_) => {
                if let Err(why) = self.game.resign(ctx.now) {
                    ctx.error(why.to_string());
                }
                Outcome::Stay
            }
            Effect::LeaveGame { resign } => {
                if *resign && let Err(why) = self.game.resign(ctx.now) {
                    ctx.error(why.to_string());
                    return Outcome::Refused;
                }
                Outcome::Quit
            }
            _ => Outcome::Stay,
        };
        self.after(ctx);
        outcome
    }

    /// An intent of the board's: the cursor, placing, moving a stack, typing.
    fn board_intent(&mut self, intent: P, ctx: &mut Context) -> Outcome {
        match intent {
            P::Cursor(direction) => self.arrow(ctx.turned.on_board(direction), ctx),
            P::Place(role) => {
                self.builder = None;
                self.play(Move::place(self.cursor, role), ctx);
            }
            P::Confirm => self.confirm(ctx),
            P::Count(n) => self.count(n, ctx),
            P::StepBack => {
                if let Some(builder) = &mut self.builder
                    && !builder.back()
                {
                    self.builder = None;
                }
            }
            P::CancelMove => self.builder = None,
            P::TypeMoves => {
                self.builder = None;
                self.focus = Focus::Input;
            }
            _ => {}
        }
        self.after(ctx);
        Outcome::Stay
    }

    /// Plays our move: the game checks it and sends it. Whether it was played.
    fn play(&mut self, mv: Move, ctx: &mut Context) -> bool {
        match self.game.play(mv, ctx.now) {
            Ok(()) => {
                self.shown = None;
                ctx.info(format!("{mv} sent"));
                true
            }
            Err(why) => {
                ctx.error(format!("{mv}: {why}"));
                false
            }
        }
    }

    fn arrow(&mut self, direction: Direction, ctx: &mut Context) {
        if let Some(builder) = self.builder.take() {
            self.build_step(builder, ctx, |b, position| {
                b.set_direction(position, direction)
            });
            return;
        }
        if let Some(next) = self.cursor.step(direction, self.game.position().size()) {
            self.cursor = next;
        }
    }

    fn confirm(&mut self, ctx: &mut Context) {
        if let Some(builder) = self.builder.take() {
            self.build_step(builder, ctx, MoveBuilder::drop_all);
            return;
        }
        let position = self.game.position();
        if position.board().stack(self.cursor).is_empty() {
            self.play(Move::place(self.cursor, Role::Flat), ctx);
        } else {
            let carry = position.carry_max(self.cursor);
            self.pick_up(carry, ctx);
        }
    }

    fn count(&mut self, n: u8, ctx: &mut Context) {
        match self.builder.take() {
            Some(builder) if builder.direction().is_none() => {
                self.cursor = builder.from();
                self.pick_up(n, ctx);
                if self.builder.is_none() {
                    self.builder = Some(builder);
                }
            }
            Some(builder) => self.build_step(builder, ctx, |b, position| b.drop(position, n)),
            None => self.pick_up(n, ctx),
        }
    }

    fn pick_up(&mut self, count: u8, ctx: &mut Context) {
        match MoveBuilder::pick_up(self.game.position(), self.cursor, count) {
            Ok(builder) => self.builder = Some(builder),
            Err(error) => ctx.error(error.to_string()),
        }
    }

    /// One step of the move being built: a finished move is played.
    fn build_step(
        &mut self,
        mut builder: MoveBuilder,
        ctx: &mut Context,
        step: impl FnOnce(&mut MoveBuilder, &Position) -> Result<Step, super::BuildError>,
    ) {
        let position = self.game.position().clone();
        match step(&mut builder, &position) {
            Ok(Step::Building) => self.builder = Some(builder),
            Ok(Step::Done(mv)) => {
                if self.play(mv, ctx)
                    && let Some(end) = mv.targets(position.size()).last()
                {
                    self.cursor = end;
                }
            }
            Err(error) => {
                ctx.error(error.to_string());
                self.builder = Some(builder);
            }
        }
    }

    /// A key while typing a move.
    fn typing(&mut self, intent: P, ctx: &mut Context) -> Outcome {
        match intent {
            P::Edit(edit) => self.input.edit(edit),
            P::ToBoard => self.focus = Focus::Board,
            P::RecallPrevious => {
                if let Some(text) = self.history.preceding(self.input.text()) {
                    self.input = TextField::with_text(text);
                }
            }
            P::RecallNext => {
                if let Some(text) = self.history.following() {
                    self.input = TextField::with_text(text);
                }
            }
            P::Submit => self.submit(ctx),
            P::Quit => return self.leave(ctx),
            _ => ctx.info("your game is kept as it is played and saved when it ends"),
        }
        self.after(ctx);
        Outcome::Stay
    }

    /// The typed move, played.
    fn submit(&mut self, ctx: &mut Context) {
        let text = self.input.text().trim().to_owned();
        if text.is_empty() {
            return;
        }
        match parse_move(&text, self.game.position().size()) {
            Ok(mv) => {
                if self.play(mv, ctx) {
                    self.history.push(&text);
                    self.input.clear();
                    if self.game.is_over() {
                        self.focus = Focus::Board;
                    }
                }
            }
            Err(error) => ctx.error(format!("{text}: {}", error.syntax())),
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
        sections.push(crate::tui::app::everywhere_help(true));
        HelpDialog::new(" Help: ? or Esc to close ", sections)
    }

    /// How long until the screen wants drawing again: a clock's next change, the countdown
    /// to connecting again.
    #[must_use]
    pub fn wake_after(&self, now: Instant) -> Option<Duration> {
        let clock = self.clock_wake(now);
        match (clock, self.analysis_wake()) {
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
        self.hear_analysis();
        self.after(ctx);
    }

    /// The server's result in words, with the reason: `Ann wins by road`.
    #[must_use]
    pub fn result_words(&self) -> Option<String> {
        let result = self.game.result()?;
        Some(said::result_words(&self.game, result, self.left.as_deref()))
    }
}
