//! The play screen: a game at the board, moves picked with keys or typed in PTN.
//!
//! Three key tables, one for each moment (in `keys`): on the board ([`BOARD`]), while a stack
//! is being moved ([`MOVING`], which falls back to the board's keys) and while typing in the
//! input line ([`TYPING`]). The screen's other parts each have a file: building moves on the
//! board (`moving`), the input line (`typing`), the hints of learning mode (`hints`), saving
//! and keeping the game (`saving`) and drawing (`view`).

mod builder;
mod hints;
mod keys;
mod moving;
mod opponent;
mod saving;
mod timing;
mod typing;
mod view;

pub use builder::{BuildError, MoveBuilder, Step};
pub use keys::{BOARD, MOVING, PlayIntent, TYPING};

use keys::P;

use ratatui::crossterm::event::KeyEvent;

use super::Outcome;
use crate::game::{Player, Session};
use crate::rules::{ByColor, Color, GameConfig, Move, Position, Square};
use crate::tui::context::Context;
use crate::tui::dialogs::{
    Dialog, Effect, GameOverDialog, HelpDialog, NewGameDialog, QuitDialog, Replaced, RulesDialog,
};
use crate::tui::keys::{Does, HelpSection, KeyTable};
use crate::tui::text_field::{History, TextField};
use crate::tui::widgets::ending;

/// Where typed letters go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Focus {
    /// Letters are commands (f, s, c, u, ...), arrows move the cursor.
    Board,
    /// Letters are notation: moves are typed in PTN.
    Input,
}

/// A game being played at the board.
#[derive(Clone, Debug)]
pub struct PlayScreen {
    session: Session,
    cursor: Square,
    focus: Focus,
    input: TextField,
    history: History,
    builder: Option<MoveBuilder>,
    /// The square clicked last: a second click there acts as Enter.
    last_click: Option<Square>,
    /// The square whose legal moves are marked (after `m`), until the next key.
    hint: Option<Square>,
    /// Learning mode: legal moves marked, threats named, refusals explained, unasked.
    learn: bool,
    /// The moves that would win by road at once for each player ("Tak"), worked out once per
    /// change rather than on every frame.
    threats: ByColor<Vec<Move>>,
    /// Whether the end of a game opens the game-over dialog.
    announce: bool,
    /// The game's clocks, if it is played with them.
    clock: Option<crate::game::clock::GameClock>,
    /// The match file, when this game is one of a match's.
    match_file: Option<std::path::PathBuf>,
    /// Who plays each side: a person or the computer.
    players: ByColor<crate::game::Player>,
    /// Varies the computer's weak levels from game to game.
    seed: u64,
    /// The computer, when it plays a side or gives a hint.
    opponent: opponent::Opponent,
}

impl PlayScreen {
    /// Playing `session`, the cursor in the middle of the board.
    #[must_use]
    pub fn new(session: Session) -> PlayScreen {
        let mut screen = PlayScreen {
            session,
            cursor: Square::new(0, 0),
            focus: Focus::Board,
            input: TextField::default(),
            history: History::default(),
            builder: None,
            last_click: None,
            hint: None,
            learn: false,
            threats: ByColor::default(),
            announce: true,
            clock: None,
            match_file: None,
            players: ByColor::both(crate::game::Player::Person(String::new())),
            seed: 0,
            opponent: opponent::Opponent::default(),
        };
        screen.reset_view();
        screen.refresh_threats();
        screen
    }

    /// With learning mode on or off.
    #[must_use]
    pub const fn learning(mut self, on: bool) -> PlayScreen {
        self.learn = on;
        self
    }

    /// The game.
    #[must_use]
    pub const fn session(&self) -> &Session {
        &self.session
    }

    /// The position now.
    #[must_use]
    pub const fn position(&self) -> &Position {
        self.session.record().position()
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

    /// Whether learning mode is on.
    #[must_use]
    pub const fn is_learning(&self) -> bool {
        self.learn
    }

    /// The square whose legal moves are marked after `m`, if any.
    #[must_use]
    pub const fn hint(&self) -> Option<Square> {
        self.hint
    }

    /// The moves `color` could make now that would win by road at once ("Tak").
    #[must_use]
    pub fn threats(&self, color: Color) -> &[Move] {
        &self.threats[color]
    }

    /// The key table for this moment, and the table it falls back to.
    fn tables(
        &self,
    ) -> (
        &'static KeyTable<PlayIntent>,
        Option<&'static KeyTable<PlayIntent>>,
    ) {
        match (self.focus, &self.builder) {
            (Focus::Input, _) => (&TYPING, None),
            (Focus::Board, Some(_)) => (&MOVING, Some(&BOARD)),
            (Focus::Board, None) => (&BOARD, None),
        }
    }

    /// The intent a key asks for now.
    #[must_use]
    pub fn intent(&self, key: &KeyEvent) -> Option<PlayIntent> {
        let (table, fallback) = self.tables();
        table
            .intent(key)
            .or_else(|| fallback.and_then(|t| t.intent(key)))
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        match self.intent(key) {
            Some(intent) => self.update(intent, ctx),
            None => Outcome::Stay,
        }
    }

    /// Carries out an intent.
    pub fn update(&mut self, intent: PlayIntent, ctx: &mut Context) -> Outcome {
        ctx.status = None;
        self.hint = None;
        let was_over = self.position().is_over();
        let outcome = match self.focus {
            Focus::Board => self.board_intent(intent, ctx),
            Focus::Input => self.typing_intent(intent, ctx),
        };
        self.refresh_threats();
        self.announce_end(was_over, outcome, ctx)
    }

    /// When the game has just ended, says so in a dialog hard to miss (a match says it its
    /// own way).
    pub(super) fn announce_end(
        &self,
        was_over: bool,
        outcome: Outcome,
        ctx: &mut Context,
    ) -> Outcome {
        if !self.announce || was_over || !self.position().is_over() {
            return outcome;
        }
        match outcome {
            Outcome::Stay => {
                // The dialog says it all; once closed, the line under the board says what next.
                ctx.status = None;
                Outcome::Open(Dialog::GameOver(GameOverDialog::new(ending::lines(
                    self.session.record(),
                    self.position(),
                    ctx.theme(),
                ))))
            }
            other => other,
        }
    }

    /// A game of a match saved to `file`: without the game-over dialog (a match shows its own
    /// table at the end of each game), and quitting says it ends the match.
    #[must_use]
    pub fn in_match(mut self, file: std::path::PathBuf) -> PlayScreen {
        self.announce = false;
        self.match_file = Some(file);
        self
    }

    /// Intents that mean the same whatever has the focus.
    fn common_intent(&mut self, intent: PlayIntent, ctx: &mut Context) -> Outcome {
        match intent {
            P::Undo => self.undo(ctx),
            P::Redo => self.redo(ctx),
            P::Save => return self.save(ctx),
            P::SaveAs => return self.save_as(),
            P::NewGame => {
                let replaced = if !self.session.has_unsaved_game() {
                    Replaced::Saved
                } else if self.session.is_over() || self.match_file.is_some() {
                    Replaced::Lost
                } else {
                    Replaced::Kept
                };
                let sides = ByColor::from_fn(|color| self.players[color].level());
                return Outcome::Open(Dialog::NewGame(
                    NewGameDialog::new(self.position().config(), replaced).with_players(sides),
                ));
            }
            P::Quit => return self.quit(),
            P::Help => return Outcome::Open(Dialog::Help(self.help())),
            P::Rules => return Outcome::Open(Dialog::Rules(RulesDialog::default())),
            _ => {}
        }
        Outcome::Stay
    }

    /// Quits, or asks first when the game has unsaved moves.
    #[must_use]
    pub fn quit(&self) -> Outcome {
        if self.session.has_unsaved_game() {
            let dialog = match &self.match_file {
                Some(file) => QuitDialog::ends_match(file),
                None if self.session.is_over() => QuitDialog::finished(),
                None => QuitDialog::kept(),
            };
            Outcome::Open(Dialog::ConfirmQuit(dialog))
        } else {
            Outcome::Quit
        }
    }

    /// The help page: every key of the three tables, and the notation.
    #[must_use]
    pub fn help(&self) -> HelpDialog {
        HelpDialog::new(
            " Help: ? or Esc to close ",
            vec![
                HelpSection::keys(&BOARD),
                HelpSection::keys(&MOVING),
                HelpSection::keys(&TYPING),
                HelpSection::keys(&crate::tui::app::GLOBAL),
                HelpSection::text(
                    "PTN, the notation",
                    &[
                        ("c3  Sc3  Cc3", "place a flat, a wall, a capstone on c3"),
                        (
                            "c3+ c3- c3< c3>",
                            "move the piece on c3 up, down, left, right",
                        ),
                        ("3c3>12", "carry 3 from c3 rightwards: drop 1, then 2"),
                    ],
                ),
                HelpSection::text(
                    "The board",
                    &[
                        ("F S C  f s c", "White's flat, wall, capstone; Black's"),
                        ("2nd line", "owners bottom to top, 1 White, 2 Black"),
                        ("marks", "the last move; + where a stack can go; # the road"),
                    ],
                ),
            ],
        )
    }

    /// The key bar's entries for this moment.
    #[must_use]
    pub fn key_bar(&self) -> Vec<(&'static str, &'static str)> {
        let (table, _) = self.tables();
        if !std::ptr::eq(table, &BOARD) {
            return table.bar(|_| true);
        }
        // On the board: the keys for playing, or once the game is over, those for what next.
        let over = self.position().is_over();
        table.bar(|binding| match binding.does {
            Does::Intent(intent) if over => {
                matches!(intent, P::Undo | P::NewGame | P::Save | P::Help | P::Quit)
            }
            Does::Intent(intent) => !matches!(intent, P::NewGame | P::Save),
            Does::WithChar(_) => !over,
        })
    }

    /// Carries out what a dialog asked for.
    pub fn apply(&mut self, effect: Effect, ctx: &mut Context) -> Outcome {
        match effect {
            Effect::Quit => Outcome::Quit,
            Effect::SaveAndQuit => self.save_then(true, ctx),
            Effect::SaveTo { path, then_quit } => match (self.save_to(path, ctx), then_quit) {
                (true, true) => Outcome::Quit,
                (true, false) => Outcome::Stay,
                (false, _) => Outcome::Refused,
            },
            Effect::NewGame(config, sides) => {
                self.new_game(config, ctx);
                // A person keeps the name they played under; the computer its new level.
                let players = ByColor::from_fn(|color| match sides[color] {
                    Some(level) => Player::Computer(level),
                    None => match &self.players[color] {
                        person @ Player::Person(_) => person.clone(),
                        Player::Computer(_) => Player::Person(String::new()),
                    },
                });
                for (color, player) in players.iter() {
                    if let (Player::Person(_), Player::Computer(_)) = (player, &self.players[color])
                    {
                        self.session
                            .record_mut()
                            .tags_mut()
                            .remove(crate::record::player_tag(color));
                    }
                }
                let seed = self.seed.wrapping_add(1);
                self.set_players(players, seed);
                Outcome::Stay
            }
            Effect::Resume(path) => self.resume(&path, ctx),
            Effect::Undo => {
                self.undo(ctx);
                Outcome::Stay
            }
            Effect::AskNewGame => self.common_intent(PlayIntent::NewGame, ctx),
            Effect::Save => self.save(ctx),
            Effect::AskQuit => self.quit(),
            Effect::GoToPly(_) | Effect::NextMatchGame | Effect::TakeBackMatchPly => Outcome::Stay,
        }
    }

    /// Plays on with the unfinished game kept at `path`, unless another `tak` plays it.
    fn resume(&mut self, path: &std::path::Path, ctx: &mut Context) -> Outcome {
        let Some(store) = ctx.keeper.store() else {
            return Outcome::Refused;
        };
        match store.claim(path) {
            Ok((kept, record)) => {
                // This game goes on in its own file; a game begun here before is kept too.
                ctx.keeper.release();
                ctx.keeper.adopt(kept);
                let mut session = Session::new(record, None);
                session.mark_dirty();
                self.replace_session(session);
                ctx.info("resumed the unfinished game");
                Outcome::Stay
            }
            Err(message) => {
                ctx.error(message);
                Outcome::Refused
            }
        }
    }

    /// How long from `now` until the screen next wants a tick: the clock's next second, the
    /// computer's news while it thinks, at once when its turn has come.
    #[must_use]
    pub fn wake_after(&self, now: std::time::Instant) -> Option<std::time::Duration> {
        if self.computer_turn() && !self.is_thinking() {
            return Some(std::time::Duration::ZERO);
        }
        match (self.clock_wake(now), self.opponent_wake()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Time has passed: a flag may fall, the computer may have news or a move, or its turn
    /// may have come.
    pub fn tick(&mut self, ctx: &mut Context) -> Outcome {
        let outcome = self.clock_tick(ctx);
        if !matches!(outcome, Outcome::Stay) {
            return outcome;
        }
        if self.computer_turn() && !self.is_thinking() {
            self.wake_opponent(ctx.now);
        }
        self.hear_opponent(ctx)
    }

    /// Starts a new game with `config`, keeping the players' names.
    pub fn new_game(&mut self, config: GameConfig, ctx: &mut Context) {
        let mut record = crate::record::GameRecord::for_config(config);
        record.tags_mut().set_stamp(crate::record::Stamp::now());
        for color in Color::ALL {
            if let Some(name) = self.session.record().tags().player(color) {
                record.tags_mut().set_player(color, name.to_owned());
            }
        }
        // The game being replaced stays in the store, to be offered at the next start.
        let kept = ctx.keeper.release();
        self.replace_session(Session::new(record, None));
        let size = config.size().get();
        match kept {
            Some(_) => ctx.info(format!(
                "new {size}x{size} game; the last one is kept: the next `tak` offers it"
            )),
            None => ctx.info(format!("new {size}x{size} game")),
        }
    }

    /// Plays another game on this screen (a new, resumed or next match game).
    pub fn replace_session(&mut self, session: Session) {
        let control = self
            .clock
            .as_ref()
            .map(crate::game::clock::GameClock::control);
        self.session = session;
        self.reset_clock();
        if let Some(control) = control {
            self.session
                .record_mut()
                .tags_mut()
                .set("Clock", control.tag());
        }
        self.reset_view();
        self.refresh_threats();
        self.stop_opponent();
        self.opponent.hint = None;
    }

    /// Works out again which moves would win by road at once, for each player.
    fn refresh_threats(&mut self) {
        let position = self.session.record().position();
        self.threats = if position.is_opening() {
            ByColor::default()
        } else {
            ByColor::from_fn(|color| position.threats(color))
        };
    }

    /// Puts the cursor in the middle of the board and drops any move being built: for a new,
    /// resumed or opened game, whose board may be of another size.
    fn reset_view(&mut self) {
        let middle = (self.position().size().get() - 1) / 2;
        self.cursor = Square::new(middle, middle);
        self.builder = None;
        self.last_click = None;
        self.hint = None;
    }

    /// Plays a person's move, explaining a refusal; `true` when played. While the computer is
    /// to move, a person's moves wait.
    fn play(&mut self, mv: Move, ctx: &mut Context) -> bool {
        if self.computer_turn() {
            ctx.error("the computer is to move: wait for it (u takes your last move back)");
            return false;
        }
        self.play_move(mv, ctx)
    }

    /// Plays a move, whoever makes it, explaining a refusal; `true` when played.
    fn play_move(&mut self, mv: Move, ctx: &mut Context) -> bool {
        let mover = self.position().to_move();
        match self.session.play(mv) {
            Ok(()) => {
                self.clock_after_ply(mover, ctx.now);
                self.last_click = None;
                // Whatever was being typed no longer fits the position.
                self.input.clear();
                self.keep(ctx);
                if let Some(token) = self.position().result().ptn() {
                    ctx.info(format!("{}: {token}", self.position().result()));
                    // Nothing more to type: the keys for what comes next are on the board.
                    self.focus = Focus::Board;
                }
                self.wake_opponent(ctx.now);
                true
            }
            Err(error) => {
                ctx.error(format!("{mv}: {error}{}", self.alternatives(mv.square)));
                false
            }
        }
    }

    /// Takes back the last ply.
    ///
    /// Against the computer, back to the person's last move: the computer's reply (or its
    /// thinking) goes too, so the person plays again.
    pub fn undo(&mut self, ctx: &mut Context) {
        self.builder = None;
        self.stop_opponent();
        let person_plays = self.players.iter().any(|(_, p)| p.level().is_none());
        let mut taken = 0;
        while self.session.undo() {
            taken += 1;
            self.clock_after_undo(self.position().to_move(), ctx.now);
            if !(person_plays && self.computer_turn()) {
                break;
            }
        }
        if taken == 0 {
            ctx.error("nothing to undo");
        } else {
            self.keep(ctx);
            if ctx.status.is_none() {
                let plies = if taken == 1 { "a ply" } else { "2 plies" };
                ctx.info(format!(
                    "took back {plies} ({} to redo: U)",
                    self.session.redo_len()
                ));
            }
        }
        self.refresh_threats();
        self.wake_opponent(ctx.now);
    }

    fn redo(&mut self, ctx: &mut Context) {
        self.builder = None;
        let mover = self.position().to_move();
        if self.session.redo() {
            self.clock_after_ply(mover, ctx.now);
            self.keep(ctx);
            if ctx.status.is_none() {
                ctx.info("played the ply again");
            }
        } else {
            ctx.error("nothing to redo");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keys::check_table;

    #[test]
    fn every_key_of_every_table_asks_for_its_own_binding() {
        for table in [&BOARD, &MOVING, &TYPING] {
            check_table(table).unwrap();
        }
    }
}
