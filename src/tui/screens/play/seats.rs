//! Who plays at the board, and the game driver that runs the game between them: a person at
//! the keyboard, or a program (the computer, an engine) that the driver asks for its moves.
//! The screen only shows and says what the driver decides: a program's move, a draw it
//! accepts or declines, a program that failed (in a match its side loses; else a person
//! takes its side over, the game kept).

use std::time::Instant;

use super::PlayScreen;
use crate::engine::Score;
use crate::game::Player;
use crate::game::driver::{DriverEvent, End, OnFailure};
use crate::game::seat::Seat;
use crate::rules::{ByColor, Color, Move};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, DrawDialog};
use crate::tui::screens::Outcome;
use crate::tui::widgets::{ending, thinking};

impl PlayScreen {
    /// With these players (a person, the computer or an engine each); `seed` varies the weak
    /// levels' play from game to game (the caller picks it, say from the clock).
    #[must_use]
    pub fn with_players(mut self, players: ByColor<Player>, seed: u64) -> PlayScreen {
        self.set_players(players, seed);
        self
    }

    /// Who plays each side from now on, named so in the record's tags. A program keeps its
    /// engine (and what it learnt) while it keeps its side, and takes it along when it
    /// changes sides (a match's next game): an engine's process is not started again.
    pub fn set_players(&mut self, players: ByColor<Player>, seed: u64) {
        self.stop_opponent();
        let mut before = ByColor::from_fn(|color| self.driver.take_seat(color));
        for (color, player) in players.iter() {
            // Only a name to write touches the record: `record_mut` marks the game unsaved,
            // and a game opened from a file and not played on has nothing to save.
            if let Some(name) = player.tag_name() {
                let tags = self.driver.session_mut().record_mut().tags_mut();
                tags.set_player(color, name);
            }
            // Which engine plays, so that a resumed game seats it again (a name alone never
            // makes a side an engine). Only a change touches the record (and makes it unsaved).
            let engine = match player {
                Player::Engine(entry) => Some(entry.name.as_str()),
                Player::Person(_) | Player::Computer(_) => None,
            };
            if self.driver.session().record().tags().engine(color) != engine {
                let engine = engine.map(str::to_owned);
                let tags = self.driver.session_mut().record_mut().tags_mut();
                tags.set_engine(color, engine);
            }
            let kept = [color, !color]
                .into_iter()
                .find(|&side| self.players[side] == *player && before[side].is_program());
            let seat = match kept {
                Some(side) => {
                    let mut seat = std::mem::replace(&mut before[side], Seat::Keyboard);
                    if side != color
                        && let Some(program) = seat.program_mut()
                    {
                        program.computer_mut().new_game();
                    }
                    seat
                }
                None => Seat::for_player(player),
            };
            self.driver.seat(color, seat);
            if kept != Some(color) {
                self.opponent.stopped[color] = None;
            }
        }
        self.players = players;
        self.seed = seed;
        self.driver.set_seed(seed);
    }

    /// Starts each external engine at the board and tells it of the game, before any clock
    /// runs (else the first move's clock pays for the engine's start): for the command line to
    /// call before the terminal is taken. Why not, for the first that cannot play the game;
    /// else what is wrong with their configured options, to say on the screen.
    pub fn prepare_programs(&mut self) -> Result<Vec<String>, String> {
        let config = *self.position().config();
        let mut problems = Vec::new();
        for color in Color::ALL {
            let name = self.driver.session().player(color);
            // Up to its handshake's ten seconds before the board shows: said while it
            // lasts, and on a terminal wiped once done (it is no news after the game).
            let said = matches!(self.players[color], Player::Engine(_));
            let Some(program) = self.driver.program_mut(color) else {
                continue;
            };
            let computer = program.computer_mut();
            let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
            if said {
                eprint!("starting {name} ({color})…");
                eprint!("{}", if terminal { "" } else { "\n" });
            }
            let prepared = computer
                .prepare(&config)
                .map_err(|why| format!("{name} ({color}) cannot play this game: {why}"));
            if said && terminal {
                eprint!("\r\x1b[2K");
            }
            prepared?;
            for problem in computer.take_problems() {
                problems.push(format!(
                    "{name} ({color}), as engines.toml sets it: {problem}"
                ));
            }
        }
        Ok(problems)
    }

    /// Who plays each side.
    #[must_use]
    pub const fn players(&self) -> &ByColor<Player> {
        &self.players
    }

    /// The side of the one person at the board when a program plays the other; `None` for
    /// two people or two programs.
    #[must_use]
    pub const fn person_alone(&self) -> Option<Color> {
        match (
            self.players.white.is_program(),
            self.players.black.is_program(),
        ) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    }

    /// Whether a program (the computer or an engine) is to move now: a person's moves wait.
    #[must_use]
    pub fn computer_turn(&self) -> bool {
        self.driver.program_to_move()
    }

    /// Whether a program is thinking (a move, a hint, analysis, or a draw offered to it).
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.driver.thinking().is_some() || self.opponent.thinking()
    }

    /// Marks `mv` on the board as a hint (one found elsewhere: a puzzle's solution), until
    /// the next move.
    pub fn mark_hint(&mut self, mv: Move) {
        self.opponent.help.hint = Some(mv);
    }

    /// The hint marked on the board, if any.
    #[must_use]
    pub const fn marked_hint(&self) -> Option<Move> {
        self.opponent.help.hint
    }

    /// The side of the program weighing a draw offered to it, while it does.
    pub(super) fn weighing_draw(&self) -> Option<Color> {
        self.driver.weighing_draw()
    }

    /// After any change to the game: the program to move starts thinking if its turn has
    /// come, a helper's search about a position no longer shown stops, and analysis goes on
    /// where a person is to move.
    pub(super) fn wake_opponent(&mut self, now: Instant) {
        self.opponent.help.hint = None;
        self.stop_stale_help();
        if self.paused() || self.driver.is_over() {
            return;
        }
        self.driver.wake(now);
        if self.driver.thinking().is_none() && !self.computer_turn() {
            self.resume_analysis();
        }
    }

    /// What the driver said happened, shown and kept; what the screen opens, if anything.
    pub(super) fn react(&mut self, events: Vec<DriverEvent>, ctx: &mut Context) -> Outcome {
        let mut outcome = Outcome::Stay;
        for event in events {
            match event {
                DriverEvent::Moved {
                    mv,
                    reasoning: Some(_),
                    ..
                } => {
                    let was_over = self.driver.session().is_over();
                    self.after_move(mv, self.before_poll, ctx);
                    self.refresh_threats();
                    // The end on the board is announced here; one off it below.
                    outcome = self.announce_end(was_over, outcome, ctx);
                    self.wake_opponent(ctx.now);
                }
                DriverEvent::Ended(End::Off(_)) => outcome = self.ended_off_the_board(ctx),
                DriverEvent::ProgramFailed { color, why, ruled } => {
                    self.program_failed(color, &why, ruled, ctx);
                }
                DriverEvent::DrawAnswered {
                    by,
                    accepted,
                    score: Some(own),
                } => {
                    self.draw_answered(by, accepted, own, ctx);
                    // Analysis, stopped for the offer, goes on.
                    self.wake_opponent(ctx.now);
                }
                DriverEvent::DrawOffered { by } => {
                    outcome = Outcome::Open(Dialog::Draw(DrawDialog::new(
                        ending::named(self.driver.session().record(), by),
                        ending::named(self.driver.session().record(), !by),
                    )));
                }
                _ => {}
            }
        }
        outcome
    }

    /// The program playing `program` has judged the draw offered to it (`own`: its score of
    /// the position, from its side): accepted, the game is drawn (the driver ends it).
    fn draw_answered(&self, program: Color, accepted: bool, own: Score, ctx: &mut Context) {
        let name = self.driver.session().player(program);
        if accepted {
            ctx.info(format!("{name} accepts the draw: 1/2-1/2"));
            return;
        }
        let judgement = match own {
            Score::WinIn(_) => "it sees a win",
            Score::Centiflats(value) if value > 0 => "it thinks it stands better",
            _ => "it is not far enough behind to give up",
        };
        let words = thinking::score_words(own.flip(), !program);
        ctx.info(format!("{name} declines the draw: {judgement} ({words})"));
    }

    /// The program playing `color` failed (`why`), and the driver `ruled`: in a match its
    /// side lost; at the board a person plays its side from here, the game kept, and the
    /// panel and the record say so.
    fn program_failed(&mut self, color: Color, why: &str, ruled: OnFailure, ctx: &mut Context) {
        let name = self.driver.session().player(color);
        let record = self.driver.session_mut().record_mut();
        match ruled {
            OnFailure::Forfeit => {
                record.add_comment_at_end(format!("{color} forfeits: {why}"));
                self.picker.cancel();
                ctx.error(format!("{why}: {color} loses the game"));
            }
            OnFailure::HandOver => {
                record.tags_mut().set_engine(color, None);
                record.add_comment_at_end(format!(
                    "{name} ({color}) stopped here: a person played {color} from here"
                ));
                self.players[color] = Player::Person(String::new());
                // What to do first: the reason, with the engine's last words, may run past
                // the lines the message has.
                let said =
                    format!("{name} stopped: you play {color} now (the game is kept). {why}");
                self.opponent.stopped[color] = Some(name);
                ctx.error(said);
            }
        }
        self.keep(ctx);
    }
}
