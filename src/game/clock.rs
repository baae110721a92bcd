//! Game clocks: a time control (`10+5`: ten minutes each, five seconds added after every
//! ply), and the two clocks of a game, the side to move's running. The clock never reads the
//! time itself: every call is told `now`, so it can be tested with made-up instants and stays
//! the same whether a person or the computer is to move.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use crate::rules::{ByColor, Color};

/// A time control: each player's time at the start, and what is added after each of their
/// plies (a Fischer increment).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeControl {
    /// Each player's time at the start.
    pub initial: Duration,
    /// Added to a player's time after each of their plies.
    pub increment: Duration,
}

/// A time control that does not read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "{0:?} is not a time control: write minutes+seconds, such as 10+5, 3 (no increment) or \
     0.1+0.5 (a fraction of a minute, for engines): minutes more than 0, seconds 0 or more"
)]
pub struct ParseTimeControlError(pub String);

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// Reads `MINUTES[+SECONDS]` as play servers write time controls: `10+5`, `3`, `0.5+2`.
    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let bad = || ParseTimeControlError(text.to_owned());
        let (minutes, seconds) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let number = |s: &str| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|n| n.is_finite() && *n >= 0.0 && *n <= 10_000.0)
        };
        let initial = Duration::from_secs_f64(number(minutes).ok_or_else(bad)? * 60.0);
        let increment = Duration::from_secs_f64(number(seconds).ok_or_else(bad)?);
        if initial.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl { initial, increment })
    }
}

impl fmt::Display for TimeControl {
    /// As it was written: `10+5`; minutes to four places at most (ten seconds is `0.1667`),
    /// which is what a person reads, not the float's every digit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = format!("{:.4}", self.initial.as_secs_f64() / 60.0);
        let minutes = minutes.trim_end_matches('0').trim_end_matches('.');
        write!(f, "{minutes}+{}", self.increment.as_secs_f64())
    }
}

impl TimeControl {
    /// The `Clock` tag's value, as game records write it: `10:0 +5` (`0:6 +0.1` for the
    /// fractions of a second engine matches use).
    #[must_use]
    pub fn tag(self) -> String {
        let seconds = self.initial.as_secs();
        format!(
            "{}:{} +{}",
            seconds / 60,
            seconds % 60,
            self.increment.as_secs_f64()
        )
    }
}

impl TimeControl {
    /// Reads a `Clock` tag as [`TimeControl::tag`] writes it: `10:0 +5`, `0:6 +0.1` (`None`
    /// for anything else).
    #[must_use]
    pub fn from_tag(text: &str) -> Option<TimeControl> {
        let (initial, increment) = text.trim().split_once(" +")?;
        let (minutes, seconds) = initial.split_once(':')?;
        let seconds = minutes
            .parse::<u64>()
            .ok()?
            .checked_mul(60)?
            .checked_add(seconds.parse::<u64>().ok()?)?;
        let increment = increment.parse::<f64>().ok()?;
        // As `FromStr` allows: up to 10,000 minutes, and an increment as long.
        if seconds == 0 || seconds > 600_000 || !(0.0..=10_000.0).contains(&increment) {
            return None;
        }
        Some(TimeControl {
            initial: Duration::from_secs(seconds),
            increment: Duration::from_secs_f64(increment),
        })
    }
}

/// The tag a kept game's record gives the time each player had left, so that a game
/// resumed goes on with its clocks as they were: seconds, White's then Black's (`571.5 482.0`).
pub const LEFT_TAG: &str = "ClockLeft";

/// Both players' clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    control: TimeControl,
    /// Time left, as of when each clock last stopped.
    left: ByColor<Duration>,
    /// The clock running, and since when.
    running: Option<(Color, Instant)>,
}

impl GameClock {
    /// Two full clocks, neither running.
    #[must_use]
    pub fn new(control: TimeControl) -> GameClock {
        GameClock {
            control,
            left: ByColor::both(control.initial),
            running: None,
        }
    }

    /// The clocks a kept game's tags describe: `Clock` (its control, else `None`) and
    /// [`LEFT_TAG`] (the time left; full clocks without it), neither running.
    #[must_use]
    pub fn from_tags(clock: &str, left: Option<&str>) -> Option<GameClock> {
        let mut game_clock = GameClock::new(TimeControl::from_tag(clock)?);
        let seconds: Vec<f64> = left
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|s| s.parse().ok())
            .filter(|s: &f64| s.is_finite() && *s >= 0.0 && *s <= 1e6)
            .collect();
        // To the millisecond: `from_secs_f64(9.3)` is a hair under 9.3 s, which a face
        // showing tenths would read as 9.2.
        let exact = |seconds: f64| {
            let nanos = Duration::from_secs_f64(seconds).as_nanos();
            Duration::from_millis(u64::try_from(nanos.div_ceil(500_000) / 2).unwrap_or(u64::MAX))
        };
        if let [white, black] = seconds[..] {
            game_clock.left = ByColor::new(exact(white), exact(black));
        }
        Some(game_clock)
    }

    /// The time each player has left at `now`, as the [`LEFT_TAG`] tag says it: to the tenth,
    /// cut rather than rounded, as the face cuts it, so a game resumed shows what was shown.
    #[must_use]
    pub fn left_tag(&self, now: Instant) -> String {
        let [white, black] = Color::ALL.map(|color| {
            let tenths = self.left(color, now).as_millis() / 100;
            format!("{}.{}", tenths / 10, tenths % 10)
        });
        format!("{white} {black}")
    }

    /// The time control.
    #[must_use]
    pub const fn control(&self) -> TimeControl {
        self.control
    }

    /// The time each player has left as someone else tells it (a server's clock, the truth
    /// online), as of `now`: the running clock goes on running from there.
    pub fn set_left(&mut self, left: ByColor<Duration>, now: Instant) {
        self.left = left;
        if let Some((_, since)) = &mut self.running {
            *since = now;
        }
    }

    /// `color`'s time left at `now`.
    #[must_use]
    pub fn left(&self, color: Color, now: Instant) -> Duration {
        let left = self.left[color];
        match self.running {
            Some((running, since)) if running == color => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        }
    }

    /// The clock running, if one is.
    #[must_use]
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(color, _)| color)
    }

    /// Starts `color`'s clock at `now` (stopping the other).
    pub fn start(&mut self, color: Color, now: Instant) {
        self.stop(now);
        self.running = Some((color, now));
    }

    /// Stops the clock running, if any, keeping its time (a pause, or the game's end).
    pub fn stop(&mut self, now: Instant) {
        if let Some((color, _)) = self.running {
            self.left[color] = self.left(color, now);
            self.running = None;
        }
    }

    /// `mover` has played at `now`: their clock stops and gains the increment, and the
    /// opponent's starts.
    pub fn played(&mut self, mover: Color, now: Instant) {
        self.stop(now);
        self.left[mover] += self.control.increment;
        self.running = Some((!mover, now));
    }

    /// A ply of `mover`'s taken back: their time is as it was before it (the increment comes
    /// off), and their clock runs again. Time spent thinking is not given back. (Taking back
    /// the very first ply starts the game afresh: the screen then resets the clocks.)
    pub fn took_back(&mut self, mover: Color, now: Instant) {
        self.stop(now);
        self.left[mover] = self.left[mover].saturating_sub(self.control.increment);
        self.running = Some((mover, now));
    }

    /// `took` of the time `color`'s clock has run is not theirs to pay (a program's start,
    /// before it could think): it is given back, up to the time the clock has run by `now`.
    pub fn excuse(&mut self, color: Color, took: Duration, now: Instant) {
        if let Some((running, since)) = &mut self.running
            && *running == color
        {
            *since = since.checked_add(took).map_or(now, |later| later.min(now));
        }
    }

    /// The player whose time has run out at `now`, if one has.
    #[must_use]
    pub fn flagged(&self, now: Instant) -> Option<Color> {
        let (color, _) = self.running?;
        self.left(color, now).is_zero().then_some(color)
    }

    /// How long from `now` until the shown time changes (the running clock's next whole
    /// second, or tenth under ten seconds, when the face shows tenths) or runs out: when a
    /// screen showing it should wake.
    #[must_use]
    pub fn next_change(&self, now: Instant) -> Option<Duration> {
        let (color, _) = self.running?;
        let left = self.left(color, now);
        let step = if left < Duration::from_secs(10) {
            Duration::from_millis(100)
        } else {
            Duration::from_secs(1)
        };
        let into_step = left.as_nanos() % step.as_nanos();
        let next = if into_step == 0 {
            step.min(left)
        } else {
            Duration::from_nanos(u64::try_from(into_step).unwrap_or(u64::MAX))
        };
        Some(next.max(Duration::from_millis(10)))
    }
}

/// A time left as a clock face shows it: `9:58`, `0:07.4` under ten seconds, `1:02:03` past
/// an hour.
#[must_use]
pub fn face(left: Duration) -> String {
    let seconds = left.as_secs();
    if seconds >= 3600 {
        format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        )
    } else if seconds >= 10 {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    } else {
        format!("0:{:02}.{}", seconds, left.subsec_millis() / 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn an_excused_time_is_given_back_to_the_running_clock_only() {
        let start = Instant::now();
        let mut clock = GameClock::new("1".parse().unwrap());
        clock.start(Color::Black, start);
        let now = start + secs(5);
        clock.excuse(Color::White, secs(3), now);
        assert_eq!(clock.left(Color::Black, now), secs(55), "not White's clock");
        clock.excuse(Color::Black, secs(3), now);
        assert_eq!(clock.left(Color::Black, now), secs(58));
        clock.excuse(Color::Black, secs(30), now);
        assert_eq!(
            clock.left(Color::Black, now),
            secs(60),
            "never more than the clock ran"
        );
    }

    #[test]
    fn time_controls_read_as_servers_write_them() {
        let control: TimeControl = "10+5".parse().unwrap();
        assert_eq!(control.initial, secs(600));
        assert_eq!(control.increment, secs(5));
        assert_eq!(control.tag(), "10:0 +5");
        assert_eq!(
            "3".parse::<TimeControl>().unwrap().increment,
            Duration::ZERO
        );
        assert_eq!("0.5+2".parse::<TimeControl>().unwrap().initial, secs(30));
        for bad in ["", "x", "10+", "-1+2", "0+5", "10+5+1"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_time_control_is_shown_in_minutes_to_four_places_at_most() {
        let shown = |text: &str| text.parse::<TimeControl>().unwrap().to_string();
        assert_eq!(shown("10+5"), "10+5");
        assert_eq!(shown("3"), "3+0");
        assert_eq!(shown("0.5+0.25"), "0.5+0.25");
        // Ten seconds, as engine matches write it: not 0.16666666666666666.
        let ten_seconds = TimeControl {
            initial: Duration::from_secs(10),
            increment: Duration::from_millis(100),
        };
        assert_eq!(ten_seconds.to_string(), "0.1667+0.1");
    }

    #[test]
    fn a_kept_games_tags_give_back_its_control_and_time_left() {
        for control in ["10+5", "0.1+0.1", "3"] {
            let control: TimeControl = control.parse().unwrap();
            assert_eq!(TimeControl::from_tag(&control.tag()), Some(control));
        }
        let huge = format!("{}:0 +1", u64::MAX);
        for bad in [
            "",
            "10+5",
            "10:0",
            "0:0 +5",
            "x:0 +1",
            "10:0 +-1",
            "10001:0 +1",
            &huge,
        ] {
            assert_eq!(TimeControl::from_tag(bad), None, "{bad}");
        }
        let start = Instant::now();
        let mut clock = GameClock::new("1+2".parse().unwrap());
        clock.start(Color::White, start);
        let tag = clock.left_tag(start + Duration::from_millis(10_500));
        assert_eq!(tag, "49.5 60.0");
        let back = GameClock::from_tags("1:0 +2", Some(&tag)).unwrap();
        assert_eq!(back.running(), None, "neither runs until play goes on");
        assert_eq!(
            back.left(Color::White, start),
            Duration::from_millis(49_500)
        );
        assert_eq!(back.left(Color::Black, start), secs(60));
        let full = GameClock::from_tags("1:0 +2", Some("nonsense")).unwrap();
        assert_eq!(
            full.left(Color::White, start),
            secs(60),
            "full without a time"
        );
        assert_eq!(GameClock::from_tags("soon", Some(&tag)), None);
    }

    #[test]
    fn a_kept_time_resumes_showing_what_was_shown_to_the_tenth() {
        let start = Instant::now();
        // White's clock run down to 153.96 s and to 9.35 s: the faces cut, never round.
        for (run, shown) in [(26_040, "2:33"), (170_650, "0:09.3")] {
            let mut clock = GameClock::new("3+0".parse().unwrap());
            clock.start(Color::White, start);
            let at = start + Duration::from_millis(run);
            assert_eq!(face(clock.left(Color::White, at)), shown);
            let back = GameClock::from_tags("3:0 +0", Some(&clock.left_tag(at))).unwrap();
            assert_eq!(face(back.left(Color::White, at)), shown, "run {run} ms");
        }
    }

    #[test]
    fn the_side_to_move_runs_and_the_increment_comes_after_a_ply() {
        let start = Instant::now();
        let mut clock = GameClock::new("1+2".parse().unwrap());
        clock.start(Color::White, start);
        assert_eq!(clock.left(Color::White, start + secs(10)), secs(50));
        assert_eq!(clock.left(Color::Black, start + secs(10)), secs(60));
        clock.played(Color::White, start + secs(10));
        assert_eq!(clock.left(Color::White, start + secs(30)), secs(52));
        assert_eq!(clock.left(Color::Black, start + secs(30)), secs(40));
        clock.stop(start + secs(30));
        assert_eq!(
            clock.left(Color::Black, start + secs(100)),
            secs(40),
            "paused"
        );
        clock.start(Color::Black, start + secs(100));
        assert_eq!(clock.flagged(start + secs(139)), None);
        assert_eq!(clock.flagged(start + secs(140)), Some(Color::Black));
    }

    #[test]
    fn taking_a_ply_back_takes_its_increment_back() {
        let start = Instant::now();
        let mut clock = GameClock::new("1+2".parse().unwrap());
        clock.start(Color::White, start);
        clock.played(Color::White, start + secs(5));
        clock.took_back(Color::White, start + secs(8));
        assert_eq!(clock.left(Color::White, start + secs(8)), secs(55));
        assert_eq!(clock.running(), Some(Color::White));
    }

    #[test]
    fn a_time_told_from_outside_replaces_both_and_the_running_clock_runs_on_from_it() {
        let start = Instant::now();
        let mut clock = GameClock::new("1".parse().unwrap());
        clock.start(Color::White, start);
        clock.set_left(ByColor::new(secs(30), secs(45)), start + secs(10));
        assert_eq!(clock.left(Color::White, start + secs(10)), secs(30));
        assert_eq!(clock.left(Color::White, start + secs(15)), secs(25));
        assert_eq!(clock.left(Color::Black, start + secs(15)), secs(45));
    }

    #[test]
    fn faces_show_what_matters() {
        assert_eq!(face(secs(598)), "9:58");
        assert_eq!(face(Duration::from_millis(7_400)), "0:07.4");
        assert_eq!(face(secs(3723)), "1:02:03");
    }
}
