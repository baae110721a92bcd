//! `tak match --game locke` and `--game kaen`: the computer against itself at two levels, with
//! no screen, for the ladders. A line a game (a series, for Kaen) on stderr, the summary on
//! stdout, as for Tak. The seats take turns: in Locke the first seat plays White and moves
//! first in odd games, the second in even ones; in Kaen the first seat is Player 1 and begins
//! odd series.

use std::io::Write;
use std::sync::atomic::AtomicBool;

use anyhow::bail;

use crate::engine::Level;
use crate::game::Player;
use crate::kaen::computer::{self as kaen_computer, Choice};
use crate::kaen::{Action, Face, Series, SeriesConfig};
use crate::locke::{Config, Position, computer as locke_computer};

/// Turns after which a Locke game that has not ended is stopped and counted drawn.
pub const LOCKE_TURN_LIMIT: u32 = 400;

/// A match waits for every decision: its players are never stopped.
static NEVER_STOPPED: AtomicBool = AtomicBool::new(false);

/// The two seats' levels and names, read from `--white` and `--black`.
pub struct Seats {
    /// Each seat's level.
    pub levels: [Level; 2],
    /// Each seat's name in the lines and the summary.
    pub names: [String; 2],
}

impl Seats {
    /// The seats `specs` name: both must be the computer at a level (no engine plays these
    /// games).
    pub fn read(specs: [&Option<String>; 2], game: &str) -> anyhow::Result<Seats> {
        let mut levels = Vec::new();
        for (spec, flag) in specs.into_iter().zip(["--white", "--black"]) {
            let Some(text) = spec else {
                bail!("a match of {game} is between two computers: give {flag} computer:LEVEL");
            };
            match text.parse::<Player>()? {
                Player::Computer(level) => levels.push(level),
                _ => bail!(
                    "{flag} {text:?}: only taktui's computer plays {game} (computer or computer:1 to computer:10)"
                ),
            }
        }
        let levels = [levels[0], levels[1]];
        let mut names = levels.map(|l| format!("Computer (level {})", l.get()));
        if names[0] == names[1] {
            names = [format!("{} A", names[0]), format!("{} B", names[1])];
        }
        Ok(Seats { levels, names })
    }
}

/// Wins, draws and losses of the first seat.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Won by the first seat.
    pub wins: u32,
    /// Drawn (or split).
    pub draws: u32,
    /// Won by the second seat.
    pub losses: u32,
}

impl Tally {
    fn add(&mut self, winner: Option<usize>) {
        match winner {
            Some(0) => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    /// The first seat's score, a draw counting half, as a share of the games.
    #[must_use]
    pub fn share(&self) -> f64 {
        let played = self.wins + self.draws + self.losses;
        if played == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(played)
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "+{} ={} -{} ({:.1}%)",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.share()
        )
    }
}

/// Plays `games` games of Locke (`config`) between the seats; `seed` varies them.
pub fn locke(
    seats: &Seats,
    config: Config,
    games: usize,
    seed: u64,
    progress: &mut dyn Write,
    out: &mut dyn Write,
) -> anyhow::Result<Tally> {
    let [a, b] = &seats.names;
    writeln!(
        progress,
        "{a} vs {b}: {} of Locke",
        crate::words::count(games, "game", "games")
    )?;
    let mut tally = Tally::default();
    for index in 0..games {
        // The seat playing White, who moves first this game.
        let white = index % 2;
        let mut position = Position::new(config, crate::locke::Player::White);
        let game_seed = crate::engine::rng::mix(seed ^ index as u64);
        while position.ending().is_none() && position.turns() < LOCKE_TURN_LIMIT {
            let seat = if position.to_move() == crate::locke::Player::White {
                white
            } else {
                1 - white
            };
            let limits = locke_computer::limits(
                seats.levels[seat],
                crate::engine::rng::mix(game_seed ^ u64::from(position.turns())),
            );
            let Some(turn) = locke_computer::think(&position, limits).turn else {
                break;
            };
            position.play(turn)?;
        }
        let winner = position.ending().and_then(|e| e.winner).map(|w| {
            if w == crate::locke::Player::White {
                white
            } else {
                1 - white
            }
        });
        tally.add(winner);
        let how = match (position.ending(), winner) {
            (Some(ending), Some(seat)) => format!(
                "{} won ({}) in {} turns",
                seats.names[seat],
                ending.describe(),
                position.turns()
            ),
            (Some(ending), None) => format!("{} in {} turns", ending.describe(), position.turns()),
            (None, _) => format!("stopped after {LOCKE_TURN_LIMIT} turns: counted a draw"),
        };
        writeln!(
            progress,
            "game {} of {games} ({} White): {how}. {a}: {tally}",
            index + 1,
            seats.names[white]
        )?;
    }
    writeln!(
        out,
        "{games} games of Locke played. {a} against {b}: {tally}."
    )?;
    Ok(tally)
}

/// Plays `series` series of Kaen (`config`) between the seats; `seed` rolls the die.
pub fn kaen(
    seats: &Seats,
    config: SeriesConfig,
    series: usize,
    seed: u64,
    progress: &mut dyn Write,
    out: &mut dyn Write,
) -> anyhow::Result<Tally> {
    let [a, b] = &seats.names;
    writeln!(
        progress,
        "{a} vs {b}: {} of Kaen, {} each",
        crate::words::count(series, "series", "series"),
        crate::words::count(config.games() as usize, "game", "games")
    )?;
    let mut tally = Tally::default();
    let mut chips = [0_i64; 2];
    for index in 0..series {
        // The seat playing Player 1, who begins the series.
        let one = index % 2;
        let seat_of = |player: crate::kaen::Player| {
            if player == crate::kaen::Player::One {
                one
            } else {
                1 - one
            }
        };
        let mut played = Series::new(config, crate::kaen::Player::One);
        let series_seed = crate::engine::rng::mix(seed ^ index as u64);
        let mut steps: u64 = 0;
        while played.end().is_none() {
            steps += 1;
            let game = played.game();
            let seat = seat_of(game.actor());
            let style = kaen_computer::style(seats.levels[seat]);
            let step_seed = crate::engine::rng::mix(series_seed ^ steps);
            let Some(advice) = kaen_computer::choose(game, style, step_seed, &NEVER_STOPPED) else {
                break;
            };
            let action = match advice.choice {
                Choice::Act(action) => action,
                Choice::Roll => Action::Roll(
                    Face::ALL[(crate::engine::rng::mix(step_seed ^ 0x0064_6965) % 4) as usize],
                ),
            };
            played.apply(action)?;
        }
        let worth = crate::kaen::Player::BOTH.map(|p| played.worth(p));
        let mut by_seat = [0_u32; 2];
        for player in crate::kaen::Player::BOTH {
            by_seat[seat_of(player)] = worth[player.index()];
        }
        for seat in 0..2 {
            chips[seat] += i64::from(by_seat[seat]) - i64::from(config.chips());
        }
        let winner = match by_seat[0].cmp(&by_seat[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        tally.add(winner);
        writeln!(
            progress,
            "series {} of {series} ({} Player 1): {} games, {a} {} chips, {b} {}. {a}: {tally}",
            index + 1,
            seats.names[one],
            played.played().len(),
            by_seat[0],
            by_seat[1]
        )?;
    }
    writeln!(
        out,
        "{series} series of Kaen played. {a} against {b}: {tally}; chips won {a} {:+}, {b} {:+}.",
        chips[0], chips[1]
    )?;
    Ok(tally)
}
