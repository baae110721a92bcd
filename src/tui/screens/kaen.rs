//! The Kaen screen: a series of Kaen at the diamond board.
//!
//! One key table ([`KAEN`]); the key bar shows, from it, only what the rules allow at this
//! moment, and the panel names each choice that cannot be paid for and why. After a game ends
//! the board stays on it (its bridge marked, the series table beside) until Enter begins the
//! next, and once the series is over `n` begins a new one. The die is the screen's: thrown
//! only when a roll is made, and undo stops at the last roll. The parts each have a file: the
//! keys (`keys`), the diamond (`diamond`), the panel fitted to its room (`panel`), the
//! screen's drawing (`view`), its words (`words`), a new series (`new_series`), and the rules
//! pages (`rules`).

mod computer;
mod diamond;
mod keys;
mod new_series;
mod panel;
mod rules;
mod view;
mod words;

pub use diamond::DiamondView;
pub use keys::{Arrow, KAEN, KaenIntent};

use std::fmt::Write as _;

use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyEvent;

use super::Outcome;
use super::record_file;
use super::stepping::{self, Steps};
use crate::game::kaen::{Die, KaenSession, RollRefused};
use crate::kaen::{Action, Face, Game, Phase, Player, Square};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, Effect, HelpDialog, PagesDialog};
use crate::tui::keys::HelpSection;
use new_series::NewSeries;

/// The smallest terminal the screen fits: (columns, rows).
pub const MIN_SIZE: (u16, u16) = (72, 22);

/// A series of Kaen being played.
#[derive(Clone, Debug)]
pub struct KaenScreen {
    session: KaenSession,
    /// The die: thrown only when a roll is made.
    die: Die,
    /// Whether `n` was pressed once over a finished series not saved (a second `n` drops it).
    new_series: NewSeries,
    /// The chosen square among the open ones of the rolled row.
    choice: usize,
    /// A game has just ended: its board is shown until Enter begins the next.
    review: bool,
    /// Learning hints.
    learn: bool,
    /// A saved record is being stepped through (`stepping`), not played.
    stepping: bool,
    /// The die is rolling: shown tumbling until its time is up, then what it rolled is said.
    rolling: Option<Rolling>,
    /// The players the computer is, and its deciding.
    seats: computer::Seats,
    /// Not before then: the computer's last action is still being shown.
    computer_rests_until: Option<Instant>,
}

/// The die in the air.
#[derive(Clone, Debug)]
struct Rolling {
    /// When it was thrown (the app's time).
    thrown: Instant,
    /// Frames shown so far: the face it shows tumbles with them.
    frame: usize,
    /// What is said once it lands.
    news: String,
}

/// How long the die tumbles.
const ROLLING: Duration = Duration::from_millis(600);
/// How often it shows another face meanwhile.
const FRAME: Duration = Duration::from_millis(75);

impl KaenScreen {
    /// Playing `session`, its rolls drawn from the system's randomness.
    #[must_use]
    pub fn new(session: KaenSession) -> KaenScreen {
        let review = session.record().series().game().is_over();
        KaenScreen {
            session,
            die: Die::random(),
            new_series: NewSeries::NotAsked,
            choice: 0,
            review,
            learn: false,
            stepping: false,
            rolling: None,
            seats: computer::Seats::default(),
            computer_rests_until: None,
        }
    }

    /// Rolling `die` instead (a seeded die for tests, `--seed`).
    #[must_use]
    pub fn with_die(mut self, die: Die) -> KaenScreen {
        self.die = die;
        self
    }

    /// The die.
    #[must_use]
    pub const fn die(&self) -> &Die {
        &self.die
    }

    /// The face the die shows while it tumbles, if it does.
    #[must_use]
    pub fn tumbling(&self) -> Option<Face> {
        let rolling = self.rolling.as_ref()?;
        Some(Face::ALL[rolling.frame % Face::ALL.len()])
    }

    /// How soon the screen should be drawn again: while the die tumbles.
    #[must_use]
    pub fn wake_after(&self, now: Instant) -> Option<Duration> {
        let Some(rolling) = self.rolling.as_ref() else {
            return self.computer_wake(now);
        };
        let left = ROLLING.saturating_sub(now.saturating_duration_since(rolling.thrown));
        Some(left.min(FRAME))
    }

    /// Time has passed: the die tumbles on, or lands and what it rolled is said.
    pub fn tick(&mut self, ctx: &mut Context) {
        let Some(rolling) = &mut self.rolling else {
            self.computer_tick(ctx);
            return;
        };
        if ctx.now.saturating_duration_since(rolling.thrown) >= ROLLING {
            self.land(ctx);
        } else {
            rolling.frame += 1;
        }
    }

    /// The die lands at once: what it rolled is said.
    fn land(&mut self, ctx: &mut Context) {
        if let Some(rolling) = self.rolling.take() {
            ctx.info(rolling.news);
        }
    }

    /// The series to step through from its start, as a replay does (p plays on).
    #[must_use]
    pub fn stepping(mut self) -> KaenScreen {
        self.stepping = true;
        stepping::rewind(&mut self);
        self
    }

    /// Whether a saved record is being stepped through.
    #[must_use]
    pub const fn is_stepping(&self) -> bool {
        self.stepping
    }

    /// Whether the last action ended a game (its board is then shown).
    fn ended_a_game(&self) -> bool {
        let record = self.session.record();
        let n = record.actions().len();
        n > 0 && record.series_at(n - 1).played().len() < record.series().played().len()
    }

    /// With learning hints on or off.
    #[must_use]
    pub const fn learning(mut self, on: bool) -> KaenScreen {
        self.learn = on;
        self
    }

    /// Whether learning hints are on.
    #[must_use]
    pub const fn is_learning(&self) -> bool {
        self.learn
    }

    /// The series.
    #[must_use]
    pub const fn session(&self) -> &KaenSession {
        &self.session
    }

    /// Whether the board shows the game just finished (Enter goes on).
    #[must_use]
    pub const fn reviewing(&self) -> bool {
        self.review
    }

    /// The game the board shows: the one in play, or the one just finished.
    #[must_use]
    pub fn shown_game(&self) -> &Game {
        let series = self.session.record().series();
        match series.played().last() {
            Some(last) if self.review => &last.game,
            _ => series.game(),
        }
    }

    /// `player`'s name: the record's, else `Player 1`.
    #[must_use]
    pub fn name(&self, player: Player) -> String {
        let tag = if player == Player::One {
            "Player1"
        } else {
            "Player2"
        };
        self.session
            .record()
            .tags()
            .get(tag)
            .filter(|n| !n.trim().is_empty())
            .map_or_else(|| player.to_string(), str::to_owned)
    }

    /// The open squares of the rolled row, when a stone is to be placed.
    #[must_use]
    pub fn open_squares(&self) -> Vec<Square> {
        let game = self.session.record().series().game();
        match game.phase() {
            Phase::Place(face) if !self.review => game.board().open_in_row(game.to_move(), face),
            _ => Vec::new(),
        }
    }

    /// The square chosen to place on, if a stone is to be placed.
    #[must_use]
    pub fn chosen(&self) -> Option<Square> {
        let open = self.open_squares();
        open.get(self.choice.min(open.len().saturating_sub(1)))
            .copied()
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        // A key while the die tumbles lands it first.
        self.land(ctx);
        if self.stepping {
            return stepping::handle_key(self, key, ctx);
        }
        if key.code == ratatui::crossterm::event::KeyCode::Esc && self.stop_hint(ctx) {
            return Outcome::Stay;
        }
        match KAEN.intent(key) {
            Some(intent) => self.update(intent, ctx),
            None => Outcome::Stay,
        }
    }

    /// Carries out an intent.
    pub fn update(&mut self, intent: KaenIntent, ctx: &mut Context) -> Outcome {
        use KaenIntent as K;
        ctx.status = None;
        let acts = match intent {
            K::Go => !self.review,
            K::Double
            | K::Accept
            | K::Surrender
            | K::Match
            | K::Forfeit
            | K::Choose(_)
            | K::PlaceAt(_) => true,
            _ => false,
        };
        if acts && self.refuse_on_computers_turn(ctx) {
            return Outcome::Stay;
        }
        match intent {
            K::Hint => self.hint(ctx),
            K::Go => return self.go(ctx),
            K::Double => self.act(Action::Double, ctx),
            K::Accept => self.act(Action::Accept, ctx),
            K::Surrender => self.act(Action::Surrender, ctx),
            K::Match => self.act(Action::Match, ctx),
            K::Forfeit => self.act(Action::Forfeit, ctx),
            K::Choose(step) => self.choose(step, ctx),
            K::PlaceAt(n) => self.place_at(n, ctx),
            K::Undo => match self.undo_to_person() {
                Ok(action) => {
                    self.review = false;
                    ctx.info(format!("took back {}", self.in_words(action)));
                }
                Err(why) => ctx.error(why.to_string()),
            },
            K::Redo => match self.session.redo() {
                Some(action) => {
                    self.review = self.ended_a_game();
                    ctx.info(format!("did {} again", self.in_words(action)));
                }
                None => ctx.error("nothing to redo"),
            },
            K::NewSeries => self.new_series(ctx),
            K::Save => return record_file::save(&mut self.session, "kaen", false, ctx),
            K::SaveAs => {
                let dialog = record_file::save_dialog(&self.session, "kaen", false);
                return Outcome::Open(Dialog::SaveAs(dialog));
            }
            K::ToggleLearn => {
                self.learn = !self.learn;
                ctx.info(if self.learn {
                    "learning hints on: open rows, odds and costs in the panel"
                } else {
                    "learning hints off"
                });
            }
            K::Rules => {
                return Outcome::Open(Dialog::Pages(PagesDialog::new(
                    "Kaen: the rules",
                    rules::PAGES,
                )));
            }
            K::Help => return Outcome::Open(Dialog::Help(help())),
            K::Quit => return record_file::quit(&self.session, ctx),
        }
        Outcome::Stay
    }

    /// Enter: go on after a game, roll, or place on the square chosen.
    fn go(&mut self, ctx: &mut Context) -> Outcome {
        let series = self.session.record().series();
        if self.review {
            if series.end().is_some() {
                ctx.error("the series is over: n starts a new one, w saves it, q quits");
            } else {
                self.review = false;
                let starter = series.game().starter();
                let why = match series.played().last().and_then(|last| last.ending.winner()) {
                    Some(_) => "the loser of the last starts",
                    None => "the last was split: who did not start it starts",
                };
                ctx.info(format!(
                    "game {}: {} starts ({why})",
                    series.game_number(),
                    self.name(starter)
                ));
            }
            return Outcome::Stay;
        }
        match series.game().phase() {
            Phase::BeforeRoll => self.roll(ctx),
            Phase::Place(_) => match self.chosen() {
                Some(square) => self.act(Action::Place(square), ctx),
                None => ctx.error("no square chosen"),
            },
            Phase::DoubleOffered => ctx.error(format!(
                "{} was offered a double: a accepts, f forfeits",
                self.name(series.game().actor())
            )),
            Phase::FullRow(_) => {
                ctx.error("the rolled row is full: m matches your bet, f forfeits");
            }
            Phase::Over(_) => {
                ctx.error("the series is over: n starts a new one, w saves it, q quits");
            }
        }
        Outcome::Stay
    }

    fn roll(&mut self, ctx: &mut Context) {
        let roller = self.session.record().series().game().to_move();
        match self.session.roll(&mut self.die) {
            Ok(face) => {
                self.choice = 0;
                let game = self.session.record().series().game();
                let then = match game.phase() {
                    Phase::FullRow(_) if self.can_match() => format!(
                        "the row is full: m matches (costs {}), f forfeits",
                        game.bet(roller)
                    ),
                    Phase::FullRow(_) => format!(
                        "the row is full, and a match would cost {}, more than they hold: \
                         f forfeits",
                        game.bet(roller)
                    ),
                    // The computer places by itself: no keys to tell it.
                    _ if self.computer(roller).is_some() => "its stone goes in that row".to_owned(),
                    _ => "choose a square with the arrows, Enter places".to_owned(),
                };
                let news = format!(
                    "{} rolled {} ({}): row {}; {then}",
                    self.name(roller),
                    face.name(),
                    face.number(),
                    face.number()
                );
                ctx.info(format!("{} rolls the die…", self.name(roller)));
                self.rolling = Some(Rolling {
                    thrown: ctx.now,
                    frame: usize::from(face.number()),
                    news,
                });
            }
            Err(RollRefused::Rules(error)) => ctx.error(self.explain(&error)),
            Err(error) => ctx.error(error.to_string()),
        }
    }

    /// Whether the player whose row is full can pay to match (the rules of the series say).
    fn can_match(&self) -> bool {
        self.session
            .record()
            .series()
            .legal_actions()
            .contains(&Action::Match)
    }

    /// Carries out `action`, saying what happened or why it was refused.
    fn act(&mut self, action: Action, ctx: &mut Context) {
        if self.review {
            // The game just ended is on screen: a stray key must not act in the next one,
            // which nobody has seen yet.
            ctx.error(if self.session.record().series().end().is_some() {
                "the series is over: n starts a new one, w saves it, q quits"
            } else {
                "this game is over: Enter starts the next game"
            });
            return;
        }
        let played = self.session.record().series().played().len();
        let reloads = self.session.record().series().reloads();
        if let Err(error) = self.session.act(action) {
            ctx.error(self.explain(&error));
            return;
        }
        self.choice = 0;
        let series = self.session.record().series();
        if series.played().len() > played {
            self.review = true;
            let last = &series.played()[played];
            let mut text = format!("game {} over: {}", played + 1, self.ending(last.ending));
            if series.reloads() > reloads {
                let _ = write!(
                    text,
                    "; reloaded: {} more chips each, the bet is now {}",
                    last.reload,
                    series.stake()
                );
            }
            if series.end().is_some() {
                text.push_str("; the series is over: n starts a new one");
            } else {
                text.push_str("; Enter starts the next game");
            }
            ctx.info(text);
        } else if action == Action::Double {
            let game = series.game();
            // Accepting is offered only when it can be paid for.
            let choice = if game.check(Action::Accept).is_ok() {
                "a accepts (bets double), f forfeits"
            } else {
                "they cannot cover a doubled bet: f forfeits"
            };
            ctx.info(format!(
                "{} offers to double: {}, {choice}",
                self.name(game.to_move()),
                self.name(game.actor())
            ));
        } else if action == Action::Match {
            ctx.info("matched: the bet doubles and the turn passes");
        }
    }

    /// Moves the choice along the rolled row (open squares from its Earth end) as the arrow
    /// points on the screen, stopping at the row's ends.
    fn choose(&mut self, arrow: Arrow, ctx: &mut Context) {
        let open = self.open_squares();
        if open.is_empty() {
            let game = self.session.record().series().game();
            ctx.error(match game.phase() {
                _ if self.review => "this game is over: Enter starts the next game",
                Phase::FullRow(_) => "the rolled row is full: m matches your bet, f forfeits",
                Phase::DoubleOffered => "a double was offered: a accepts, f forfeits",
                _ => "roll first: the arrows choose a square of the rolled row",
            });
            return;
        }
        let player = self.session.record().series().game().to_move();
        let before = self.choice;
        let to_sky = arrow.to_sky(player);
        self.choice = if to_sky {
            (self.choice + 1).min(open.len() - 1)
        } else {
            self.choice.saturating_sub(1)
        };
        // An arrow that cannot move the choice says why rather than nothing.
        if self.choice == before {
            ctx.info(if open.len() == 1 {
                "the rolled row has one open square, chosen: Enter places there".to_owned()
            } else {
                format!(
                    "no open square further towards {} on the rolled row: Enter places here",
                    if to_sky { "Sky" } else { "Earth" }
                )
            });
        }
    }

    fn place_at(&mut self, n: u8, ctx: &mut Context) {
        let game = self.session.record().series().game();
        match game.phase() {
            Phase::Place(face) if !self.review => {
                let square = face.row(game.to_move())[usize::from(n - 1)];
                self.act(Action::Place(square), ctx);
            }
            Phase::FullRow(_) => {
                ctx.error("the rolled row is full: m matches your bet, f forfeits");
            }
            Phase::DoubleOffered => ctx.error("a double was offered: a accepts, f forfeits"),
            _ => ctx.error("roll first: 1-4 place on a square of the rolled row"),
        }
    }

    /// Carries out what a dialog asked for.
    pub fn apply(&mut self, effect: &Effect, ctx: &mut Context) -> Outcome {
        if let Some(outcome) =
            record_file::apply(&mut self.session, "kaen", self.learn, effect, ctx)
        {
            return outcome;
        }
        match effect {
            Effect::Undo => self.update(KaenIntent::Undo, ctx),
            _ => Outcome::Stay,
        }
    }
}

impl Steps for KaenScreen {
    fn back(&mut self) -> bool {
        let done = self.session.undo().is_some();
        self.review = self.ended_a_game();
        done
    }

    fn forward(&mut self) -> bool {
        let done = self.session.redo().is_some();
        self.review = self.ended_a_game();
        done
    }

    fn at(&self) -> (usize, usize) {
        let shown = self.session.record().actions().len();
        (shown, shown + self.session.redo_len())
    }

    fn play_on(&mut self) {
        self.stepping = false;
        self.session.detach();
        // The record's rolls after this point are known now: play goes on with the die.
        self.session.forget_redo();
    }
}

/// The help page: every key, and the notation of records.
fn help() -> HelpDialog {
    HelpDialog::new(
        " Help: ? or Esc to close ",
        vec![
            HelpSection::keys(&KAEN),
            crate::tui::keys::everywhere_help(false),
            HelpSection::text(
                "The record's notation",
                &[
                    ("r1 .. r4", "the die showed Arex, Dog, Cat, Staff"),
                    ("a1 .. d4", "a stone placed there"),
                    ("D A S", "double, accept, surrender"),
                    ("M F", "match, forfeit"),
                ],
            ),
            HelpSection::text(
                "The board",
                &[
                    ("[1] [2]", "Player 1's and Player 2's stones"),
                    ("{ }", "the rolled row; >< the square chosen"),
                    ("# #", "a bridge"),
                ],
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::KAEN).unwrap();
    }
}
