//! The play screen: a game at the board, moves picked with keys or typed in PTN.
//!
//! Three key tables, one for each moment (in `keys`): on the board ([`BOARD`]), while a stack
//! is being moved ([`MOVING`], which falls back to the board's keys) and while typing in the
//! input line ([`TYPING`]). The screen's other parts each have a file: the board's keys, its
//! moves built with the board picker shared with online games (`moving`), the input line (`typing`), the hints of learning mode (`hints`), saving
//! and keeping the game (`saving`), resigning and draws (`endings`) and drawing (`view`).
//!
//! The rules of the game in progress (whose turn, the programs' moves, the clocks, draw offers,
//! takebacks, a failing program) are the game driver's ([`crate::game::driver`]): the screen
//! asks it, and shows and says what it decided (`seats`, `history`, `timing`); the helper
//! engine for hints and analysis is the screen's own (`opponent`).

mod branches;
mod builder;
mod effects;
mod endings;
mod hints;
mod history;
mod keys;
mod moving;
mod opponent;
mod saving;
mod seats;
mod timing;
mod typing;
mod view;

pub use builder::{BuildError, MoveBuilder, Step};
pub use effects::CLOCKS_STOPPED;
pub use keys::{BOARD, MOVING, PlayIntent, TYPING};

use keys::P;

use ratatui::crossterm::event::KeyEvent;

use super::Outcome;
use super::board_picker::BoardPicker;
use crate::game::Session;
use crate::game::driver::Driver;
use crate::rules::{ByColor, Color, Move, Position, Square};
use crate::tui::context::Context;
use crate::tui::dialogs::{
    Dialog, GameOverDialog, HelpDialog, NewGameDialog, QuitDialog, Replaced, RulesDialog, Seat,
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
#[derive(Debug)]
pub struct PlayScreen {
    /// The game in progress, its clocks and the programs at its seats: every rule of a game
    /// being played is the driver's.
    driver: Driver,
    /// The board cursor and the move being built with keys or clicks.
    picker: BoardPicker,
    focus: Focus,
    input: TextField,
    history: History,
    /// The square whose legal moves are marked (after `m`), until the next key.
    marked: Option<Square>,
    /// Learning mode: legal moves marked, threats named, refusals explained, unasked.
    learn: bool,
    /// The moves that would win by road at once for each player ("Tak"), worked out once per
    /// change rather than on every frame.
    threats: ByColor<Vec<Move>>,
    /// Whether the end of a game opens the game-over dialog.
    announce: bool,
    /// Whether the game is kept in the store of unfinished games (not a puzzle's or a
    /// lesson's board: tries there are not games to resume).
    kept: bool,
    /// Keys of a screen around this one (puzzles, lessons), shown first in the key bar.
    extra_keys: Vec<(&'static str, &'static str)>,
    /// The match file, when this game is one of a match's.
    match_file: Option<std::path::PathBuf>,
    /// The command that takes the match up again, when this game is one of a match's.
    match_command: Option<String>,
    /// Who plays each side: a person or a program (the driver's seats follow).
    players: ByColor<crate::game::Player>,
    /// Varies the computer's weak levels from game to game.
    seed: u64,
    /// The helper engine (hints, analysis), and what the panel says of the programs.
    opponent: opponent::Opponent,
    /// When the running clocks were last kept with the game (besides after each ply), so
    /// that a game resumed after a crash has lost at most a few seconds of anyone's time.
    clock_kept: Option<std::time::Instant>,
    /// The plies ahead and the branches there were before the driver was last polled: a
    /// program's move played then says the variation it made, as a person's does.
    before_poll: (usize, usize),
}

impl PlayScreen {
    /// Playing `session`, the cursor in the middle of the board (or the nearest square the
    /// player to move can use).
    #[must_use]
    pub fn new(session: Session) -> PlayScreen {
        let mut screen = PlayScreen {
            driver: Driver::new(
                session,
                ByColor::new(
                    crate::game::seat::Seat::Keyboard,
                    crate::game::seat::Seat::Keyboard,
                ),
            ),
            picker: BoardPicker::new(Square::new(0, 0)),
            focus: Focus::Board,
            input: TextField::default(),
            history: History::default(),
            marked: None,
            learn: false,
            threats: ByColor::default(),
            announce: true,
            kept: true,
            extra_keys: Vec::new(),
            match_file: None,
            match_command: None,
            players: ByColor::both(crate::game::Player::Person(String::new())),
            seed: 0,
            opponent: opponent::Opponent::default(),
            clock_kept: None,
            before_poll: (0, 0),
        };
        screen.reset_view();
        screen.refresh_threats();
        screen
    }

    /// With the computer's low levels pausing a moment before each move, as a person playing
    /// it at the board needs to see it think (never on its clock).
    #[must_use]
    pub const fn with_natural_pause(mut self) -> PlayScreen {
        self.driver.set_natural_pause(true);
        self
    }

    /// Without the game-over dialog: a puzzle or a lesson says its own end.
    #[must_use]
    pub const fn quietly(mut self) -> PlayScreen {
        self.announce = false;
        self
    }

    /// Never kept in the store of unfinished games: a puzzle's or a lesson's board.
    #[must_use]
    pub const fn unkept(mut self) -> PlayScreen {
        self.kept = false;
        self
    }

    /// With these keys of the screen around it first in the key bar.
    #[must_use]
    pub fn with_keys(mut self, keys: Vec<(&'static str, &'static str)>) -> PlayScreen {
        self.extra_keys = keys;
        self
    }

    /// Takes back the last ply for good: it is not kept to redo, nor as a variation.
    pub fn take_back_for_good(&mut self, ctx: &mut Context) {
        self.undo(ctx);
        self.driver.session_mut().forget_redo();
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
        self.driver.session()
    }

    /// The position now.
    #[must_use]
    pub const fn position(&self) -> &Position {
        self.driver.position()
    }

    /// The board cursor.
    #[must_use]
    pub const fn cursor(&self) -> Square {
        self.picker.cursor()
    }

    /// Where typed letters go.
    #[must_use]
    pub const fn focus(&self) -> Focus {
        self.focus
    }

    /// Gives the focus back to `focus` (a study's wrong move taken back leaves the player
    /// typing where they were).
    pub(crate) fn return_focus(&mut self, focus: Focus) {
        self.focus = focus;
    }

    /// The input line.
    #[must_use]
    pub const fn input(&self) -> &TextField {
        &self.input
    }

    /// The move being built with keys, if any.
    #[must_use]
    pub const fn builder(&self) -> Option<&MoveBuilder> {
        self.picker.builder()
    }

    /// Whether learning mode is on.
    #[must_use]
    pub const fn is_learning(&self) -> bool {
        self.learn
    }

    /// The square whose legal moves are marked after `m`, if any.
    #[must_use]
    pub const fn marked_square(&self) -> Option<Square> {
        self.marked
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
        match (self.focus, self.picker.builder()) {
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
        self.marked = None;
        // While a program weighs a draw offered to it, what would change the game or stop its
        // search waits (moves wait in `play`): the offer is answered first.
        let waits = matches!(
            intent,
            P::Redo | P::Hint | P::Analyse | P::Pause | P::Branches | P::OfferDraw
        );
        if waits && let Some(program) = self.weighing_draw() {
            ctx.error(format!(
                "{} is weighing your draw offer: a moment",
                self.driver.session().player(program)
            ));
            return Outcome::Stay;
        }
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
                    self.driver.session().record(),
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
        // In a match, as at a tournament, a program that fails loses.
        self.driver
            .set_on_failure(crate::game::driver::OnFailure::Forfeit);
        self.match_file = Some(file);
        self
    }

    /// In a match, `command` is said on quitting as what takes the match up again.
    pub fn set_match_command(&mut self, command: String) {
        self.match_command = Some(command);
    }

    /// Intents that mean the same whatever has the focus.
    pub(super) fn common_intent(&mut self, intent: PlayIntent, ctx: &mut Context) -> Outcome {
        match intent {
            P::Undo => self.undo(ctx),
            P::Redo => self.redo(ctx),
            P::Save => return self.save(ctx),
            P::SaveAs => return self.save_as(),
            P::NewGame => {
                let replaced = if !self.driver.session().has_unsaved_game() {
                    Replaced::Saved
                } else if self.driver.session().is_over() || self.match_file.is_some() {
                    Replaced::Lost
                } else {
                    Replaced::Kept
                };
                let seats = ByColor::from_fn(|color| Seat::from(&self.players[color]));
                // The names the people play under, as the record has them (a game opened from
                // a file names its players there).
                let tags = self.driver.session().record().tags();
                let names = ByColor::from_fn(|color| match &self.players[color] {
                    crate::game::Player::Person(_) => tags.player(color).unwrap_or("").to_owned(),
                    _ => String::new(),
                });
                return Outcome::Open(Dialog::NewGame(
                    NewGameDialog::new(self.position().config(), replaced)
                        .with_engines(&ctx.engines)
                        .with_players(&seats)
                        .with_names(&names)
                        .with_clock(
                            self.driver
                                .clock()
                                .map(crate::game::clock::GameClock::control),
                        ),
                ));
            }
            P::Quit => return self.quit(ctx),
            P::Resign => return self.ask_resign(ctx),
            P::OfferDraw => return self.offer_draw(ctx),
            P::Help => return Outcome::Open(Dialog::Help(self.help())),
            P::Rules => return Outcome::Open(Dialog::Rules(RulesDialog::default())),
            _ => {}
        }
        Outcome::Stay
    }

    /// Quits, or asks first when the game has unsaved moves (saying whether the store keeps
    /// them: it may not have been written, a folder that cannot be made, say).
    #[must_use]
    pub fn quit(&self, ctx: &Context) -> Outcome {
        if self.driver.session().has_unsaved_game() {
            let dialog = match &self.match_file {
                Some(file) => QuitDialog::ends_match(
                    file,
                    &self.match_command.clone().unwrap_or_else(|| {
                        format!("tak match … --continue --out {}", file.display())
                    }),
                ),
                None if self.driver.session().is_over() => QuitDialog::finished(),
                None if ctx.keeper.path().is_none() => QuitDialog::not_kept(),
                None if ctx.keeper.behind().is_some() => {
                    QuitDialog::kept_behind(ctx.keeper.behind().unwrap_or_default())
                }
                None => QuitDialog::kept(),
            };
            // Saved before, or read from a file: that file has the game up to its last moves.
            let session = self.driver.session();
            let dialog = match session.path().or_else(|| session.origin()) {
                Some(file) => dialog.saved_before_in(file),
                None => dialog,
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
                crate::tui::keys::everywhere_help(true),
                HelpSection::text(
                    "PTN, the notation",
                    &[
                        ("c3  Sc3  Cc3", "place a flat, a wall, a capstone on c3"),
                        (
                            "c3+ c3- c3< c3>",
                            "move the piece on c3 to c4, c2, b3, d3 (+ towards the higher ranks)",
                        ),
                        ("3c3>12", "carry 3 from c3 rightwards: drop 1, then 2"),
                    ],
                ),
                HelpSection::text(
                    "The board",
                    &[
                        ("F S C  f s c", "White's flat, wall, capstone; Black's"),
                        (
                            "lines under",
                            "the owners, 1 White, 2 Black, as the stack stands (its bottom \
                             lowest); 5… when five more lie below",
                        ),
                        (
                            "marks",
                            "• the last move; + where a stack can go; » the move suggested; \
                             ! where a threatened road would be completed; # the road",
                        ),
                        (
                            "^21",
                            "pieces in hand while a stack moves, owners bottom to top",
                        ),
                        (
                            "Hunter, Lady ...",
                            "names of stacks: r, the page \"The language of Tak\"",
                        ),
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
        // Over on the board or off it (time, resignation, an agreed draw).
        let over = self.driver.session().is_over();
        let undo = self.undo_refused().is_none();
        let mut bar = self.extra_keys.clone();
        bar.extend(table.bar(|binding| match binding.does {
            // A puzzle or a lesson (keys of its own) has no new game and nothing to save.
            Does::Intent(intent) if over => {
                (undo && intent == P::Undo)
                    || matches!(intent, P::Help | P::Quit)
                    || (self.extra_keys.is_empty() && matches!(intent, P::NewGame | P::Save))
            }
            Does::Intent(intent) => !matches!(intent, P::NewGame | P::Save),
            Does::WithChar(_) => !over,
        }));
        // Only on a stack the player to move may lift does Enter pick up (elsewhere it places
        // a flat, as f does, or does nothing).
        let position = self.position();
        let liftable = !position.is_opening()
            && position
                .board()
                .stack(self.picker.cursor())
                .top()
                .is_some_and(|piece| piece.color == position.to_move());
        if !liftable {
            bar.retain(|entry| entry.1 != keys::CONFIRM_BAR);
        }
        bar
    }

    /// How long from `now` until the screen next wants a tick: the clock's next second, the
    /// computer's news while it thinks, at once when its turn has come. While a dialog is
    /// open (`dialog`) only the clock counts: the computer waits for the dialog to close.
    #[must_use]
    pub fn wake_after(&self, now: std::time::Instant, dialog: bool) -> Option<std::time::Duration> {
        let clock = self.clock_wake(now);
        if dialog || self.paused() {
            return clock;
        }
        if self.computer_turn() && !self.is_thinking() {
            return Some(std::time::Duration::ZERO);
        }
        match (clock, self.opponent_wake()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Time has passed: a flag may fall; with no dialog open, the programs may have news or a
    /// move, or a program's turn may have come.
    pub fn tick(&mut self, ctx: &mut Context, dialog: bool) -> Outcome {
        self.keep_clock(ctx);
        let held = dialog || self.paused();
        // What a program's move would leave as a variation (plies taken back ahead of it).
        let session = self.driver.session();
        self.before_poll = (session.redo_len(), session.record().tree().branch_count());
        let events = if held {
            // The programs wait for the dialog to close.
            self.driver.poll_clock(ctx.now)
        } else {
            self.driver.poll(ctx.now)
        };
        let outcome = self.react(events, ctx);
        if !matches!(outcome, Outcome::Stay) || held {
            return outcome;
        }
        self.hear_tinue(ctx);
        self.hear_helper(ctx);
        outcome
    }

    /// Works out again which moves would win by road at once, for each player.
    pub(super) fn refresh_threats(&mut self) {
        let position = self.driver.session().record().position();
        self.threats = if position.is_opening() {
            ByColor::default()
        } else {
            ByColor::from_fn(|color| position.threats(color))
        };
    }

    /// Puts the cursor where it starts (`first_square`) and drops any move being
    /// built: for a new, resumed or opened game, whose board may be of another size.
    pub(super) fn reset_view(&mut self) {
        self.picker.reset(self.first_square());
        self.marked = None;
    }
}

impl PlayScreen {
    /// Where the cursor starts: the middle of the board, or, when it cannot be used (a
    /// lesson's or a puzzle's position), the nearest square the player to move can use, so
    /// that Enter there does something.
    fn first_square(&self) -> Square {
        let position = self.position();
        let size = position.size();
        let middle = (size.get() - 1) / 2;
        // An empty square, or a stack the player may move (none in the first two plies).
        let usable = |square: Square| {
            position
                .board()
                .stack(square)
                .top()
                .is_none_or(|piece| piece.color == position.to_move() && !position.is_opening())
        };
        let distance =
            |square: Square| square.file().abs_diff(middle) + square.rank().abs_diff(middle);
        size.squares()
            .filter(|&square| usable(square))
            .min_by_key(|&square| (distance(square), square.rank(), square.file()))
            .unwrap_or(Square::new(middle, middle))
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
