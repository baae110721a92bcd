//! What the players ask of each other: draws offered and answered, takebacks asked and
//! granted, and resignation. A program answers by itself (a draw by its judgement of the
//! position, a takeback as its [`Seat`] says); a keyboard or a remote seat answers through
//! the driver, told by the caller.

use std::time::Instant;

use super::{Driver, DriverEvent, Refused, Takeback};
use crate::game::clock::GameClock;
#[cfg(doc)]
use crate::game::seat::Seat;
use crate::game::session::{Ending, LossKind};
use crate::rules::Color;

impl Driver {
    /// `by` offers a draw: a program weighs it (its answer comes with a later poll: at once
    /// with its move when it is thinking of one), a keyboard or a remote seat is asked
    /// ([`DriverEvent::DrawOffered`], answered by [`Driver::answer_draw`]). One offer a side
    /// a move; an offer not answered lapses with the next move.
    ///
    /// # Errors
    /// Why no offer can be made now.
    pub fn offer_draw(&mut self, by: Color, now: Instant) -> Result<Vec<DriverEvent>, Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        if self.seats[by].is_program() {
            return Err(Refused::ProgramsSide(by));
        }
        if self.paused() {
            return Err(Refused::Paused);
        }
        if self.offered_at[by].as_ref() == Some(self.position()) {
            return Err(Refused::OfferedAlready);
        }
        if let Some(program) = self.weighing_draw() {
            return Err(Refused::WeighingDraw(program));
        }
        self.offered_at[by] = Some(self.position().clone());
        self.offer = Some(by);
        let other = !by;
        if self.seats[other].is_program() {
            // Thinking of its move, it judges the offer by that search; else it thinks a
            // moment about the position.
            if self.search.as_ref().is_none_or(|s| s.color != other) {
                self.stop_search();
                self.ask_draw_of(other, now);
            }
            return Ok(Vec::new());
        }
        Ok(vec![DriverEvent::DrawOffered { by }])
    }

    /// `by` withdraws the draw it offered, if it is still waiting for an answer from a
    /// keyboard or a remote seat.
    pub fn withdraw_draw(&mut self, by: Color) -> Vec<DriverEvent> {
        if self.offer != Some(by) || self.seats[!by].is_program() {
            return Vec::new();
        }
        self.offer = None;
        vec![DriverEvent::DrawWithdrawn { by }]
    }

    /// `by` answers the draw offered to it: accepted, the game ends drawn.
    ///
    /// # Errors
    /// No draw is offered to `by` (or a program answers for that side).
    pub fn answer_draw(
        &mut self,
        by: Color,
        accept: bool,
        now: Instant,
    ) -> Result<Vec<DriverEvent>, Refused> {
        if self.offer != Some(!by) || self.seats[by].is_program() {
            return Err(Refused::NoDrawOffered(by));
        }
        self.offer = None;
        let mut events = vec![DriverEvent::DrawAnswered {
            by,
            accepted: accept,
            score: None,
        }];
        if accept {
            self.session.agree_draw();
            self.ended(now, &mut events);
        }
        Ok(events)
    }

    /// `loser` resigns: the game ends lost for them.
    ///
    /// # Errors
    /// The game is over already.
    pub fn resign(&mut self, loser: Color, now: Instant) -> Result<Vec<DriverEvent>, Refused> {
        if self.is_over() {
            return Err(Refused::GameOver);
        }
        self.session.resign(loser);
        let mut events = Vec::new();
        self.ended(now, &mut events);
        Ok(events)
    }

    /// The game ended as someone else says (a server's `Game Over`): `ending` off the board,
    /// or `None` for an end on the board, which the position must then show. Nothing if the
    /// game is over already.
    ///
    /// # Errors
    /// An end on the board that the position does not show.
    pub fn ended_elsewhere(
        &mut self,
        ending: Option<Ending>,
        now: Instant,
    ) -> Result<Vec<DriverEvent>, Refused> {
        if self.is_over() {
            return Ok(Vec::new());
        }
        match ending {
            None => return Err(Refused::NotOverHere),
            Some(Ending::Lost(loss)) => match loss.how {
                LossKind::Time => self.session.lose_on_time(loss.loser),
                LossKind::Resignation => self.session.resign(loss.loser),
                LossKind::Forfeit(why) => self.session.lose_by_forfeit(loss.loser, why),
            },
            Some(Ending::AgreedDraw) => self.session.agree_draw(),
            Some(Ending::TooLong(plies)) => self.session.draw_for_length(plies),
        }
        let mut events = Vec::new();
        self.ended(now, &mut events);
        Ok(events)
    }

    /// `by` asks to take back moves (`how` much). The other side grants it at once when its
    /// seat does ([`Seat`]: a program for a person at the board, one keyboard for the
    /// other), or refuses; else it is asked ([`DriverEvent::TakebackAsked`], answered by
    /// [`Driver::answer_takeback`]). A resignation or an agreed draw is taken back alone.
    ///
    /// # Errors
    /// Nothing to take back, or a loss on time (its clock would stay at zero), or a
    /// takeback already waiting.
    pub fn ask_takeback(
        &mut self,
        by: Color,
        how: Takeback,
        now: Instant,
    ) -> Result<Vec<DriverEvent>, Refused> {
        if self.seats[by].is_program() {
            return Err(Refused::ProgramsSide(by));
        }
        if self.takeback.is_some() {
            return Err(Refused::TakebackWaiting);
        }
        self.takeback_refused(by, how)?;
        let other = !by;
        match self.seats[other].grants_takeback_to(&self.seats[by]) {
            Some(true) => Ok(self.take_back(by, how, now)),
            Some(false) => Ok(vec![DriverEvent::TakebackAnswered {
                by: other,
                accepted: false,
            }]),
            None => {
                self.takeback = Some((by, how));
                Ok(vec![DriverEvent::TakebackAsked { by, how }])
            }
        }
    }

    /// `by` withdraws the takeback it asked for, if it still waits for an answer.
    pub fn withdraw_takeback(&mut self, by: Color) -> Vec<DriverEvent> {
        if self.takeback.is_none_or(|(asker, _)| asker != by) {
            return Vec::new();
        }
        self.takeback = None;
        vec![DriverEvent::TakebackWithdrawn { by }]
    }

    /// `by` answers the takeback asked of it: agreed, the plies go.
    ///
    /// # Errors
    /// No takeback is asked of `by`.
    pub fn answer_takeback(
        &mut self,
        by: Color,
        accept: bool,
        now: Instant,
    ) -> Result<Vec<DriverEvent>, Refused> {
        let Some((asker, how)) = self.takeback.filter(|(asker, _)| *asker != by) else {
            return Err(Refused::NoTakebackAsked(by));
        };
        self.takeback = None;
        let mut events = vec![DriverEvent::TakebackAnswered {
            by,
            accepted: accept,
        }];
        if accept {
            // The game may have changed since it was asked (an ending): asked again then.
            if self.takeback_refused(asker, how).is_ok() {
                events.extend(self.take_back(asker, how, now));
            }
        }
        Ok(events)
    }

    /// Why a takeback of `how` much asked by `by` cannot be, if it cannot; else how many
    /// plies it takes back (0 for a resignation or an agreed draw alone).
    ///
    /// # Errors
    /// Nothing to take back, or a loss on time.
    pub fn takeback_refused(&self, by: Color, how: Takeback) -> Result<usize, Refused> {
        if self.session.chosen_ending().is_some() {
            return Ok(0);
        }
        let record = self.session.record();
        let len = record.plies().len();
        if let Some(loser) = self.session.lost_on_time()
            && len > 1
        {
            return Err(Refused::TimeRanOut(loser));
        }
        let target = match how {
            Takeback::LastPly => len.checked_sub(1),
            Takeback::ToMyMove => (0..len).rev().find(|&i| record.ply_number(i).1 == by),
        };
        target
            .map(|target| len - target)
            .ok_or(Refused::NothingToTakeBack)
    }

    /// The one who runs the board takes back the last `plies` plies (a resignation or an
    /// agreed draw first, alone when `plies` is 0), no one asked: a game watched between two
    /// programs, a variation taken in place of the line played. How many plies went.
    ///
    /// # Errors
    /// A loss on time (its clock would stay at zero).
    pub fn take_back_at_board(
        &mut self,
        plies: usize,
        now: Instant,
    ) -> Result<Vec<DriverEvent>, Refused> {
        let len = self.session.record().plies().len();
        if let Some(loser) = self.session.lost_on_time()
            && len > 1
        {
            return Err(Refused::TimeRanOut(loser));
        }
        let mut events = Vec::new();
        if self.session.chosen_ending().is_some() {
            events.extend(self.take_back(Color::White, Takeback::LastPly, now));
        }
        if plies > 0 {
            events.extend(self.undo_plies(plies.min(len), now));
        }
        Ok(events)
    }

    /// Takes back what `by` asked for, granted: the plies (each clock as it was before its
    /// ply, less the time spent since), or only a resignation or an agreed draw.
    fn take_back(&mut self, by: Color, how: Takeback, now: Instant) -> Vec<DriverEvent> {
        let Ok(plies) = self.takeback_refused(by, how) else {
            return Vec::new();
        };
        self.stop_search();
        self.offer = None;
        if plies == 0 {
            // Only the ending goes: the clocks stay stopped until unpaused.
            self.session.undo();
            return vec![DriverEvent::TookBack { plies: 0 }];
        }
        self.undo_plies(plies, now)
    }

    /// Takes back `plies` plies, each clock as it was before its ply.
    fn undo_plies(&mut self, plies: usize, now: Instant) -> Vec<DriverEvent> {
        self.stop_search();
        self.offer = None;
        self.takeback = None;
        let mut taken = 0;
        while taken < plies && self.session.undo() {
            taken += 1;
            let mover = self.position().to_move();
            let begun = !self.session.record().plies().is_empty();
            if let Some(clock) = &mut self.clock {
                if begun {
                    clock.took_back(mover, now);
                } else {
                    *clock = GameClock::new(clock.control());
                }
            }
        }
        vec![DriverEvent::TookBack { plies: taken }]
    }

    /// Takes back the last `plies` plies as told from elsewhere (a server that never
    /// received them, or holds other ones): no one is asked, the clocks go back as for a
    /// takeback, nothing is kept to redo. How many plies went.
    pub fn retract(&mut self, plies: usize, now: Instant) -> usize {
        self.stop_search();
        self.offer = None;
        self.takeback = None;
        let mut taken = 0;
        while taken < plies && self.session.undo() {
            taken += 1;
            let mover = self.position().to_move();
            let begun = !self.session.record().plies().is_empty();
            if let Some(clock) = &mut self.clock {
                if begun {
                    clock.took_back(mover, now);
                } else {
                    *clock = GameClock::new(clock.control());
                }
            }
        }
        self.session.forget_redo();
        taken
    }

    /// Plays again what was taken back, as at the board: one ply, and with a person against
    /// a program, the program's replies after it too (as the takeback took them). How many
    /// plies.
    pub fn redo(&mut self, now: Instant) -> usize {
        let person_plays = self.seats.iter().any(|(_, seat)| !seat.is_program());
        let mut redone = 0;
        loop {
            let mover = self.position().to_move();
            if !self.session.redo() {
                break;
            }
            redone += 1;
            if let Some(clock) = &mut self.clock {
                if self.session.is_over() {
                    clock.stop(now);
                } else {
                    clock.played(mover, now);
                }
            }
            let more = person_plays && self.program_to_move() && self.session.redo_len() > 0;
            if !more {
                break;
            }
        }
        if redone > 0 {
            // A search about the position before is of no use now.
            self.stop_search();
            self.offer = None;
            self.takeback = None;
        }
        redone
    }
}
