//! `tak match --game locke` and `--game kaen`: the computer against itself at two levels, with
//! no screen, for the ladders. A line a game (a series, for Kaen) on stderr, the summary on
//! stdout, as for Tak; each game saved as it ends in the match's folder (`folder`), as the
//! screens save them, and `--continue` takes a match up after the last game saved. The seats
//! take turns: in Locke the first seat plays White and moves first in odd games, the second
//! in even ones; in Kaen the first seat is Player 1 and begins odd series. Ctrl+C stops the
//! search under way at once: the games finished are saved, the one in play is not.

mod kaen;
mod locke;

pub use kaen::kaen;
pub use locke::locke;

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::bail;

use super::folder::Folder;
use crate::engine::Level;
use crate::game::Player;
use crate::game::kaen::Die;
use crate::record::{Stamp, Tags};

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

/// What a match plays with and where it writes.
pub struct Run<'a> {
    /// The two seats.
    pub seats: &'a Seats,
    /// What varies the computer's choices (the weak levels' noise, loose placements).
    pub seed: u64,
    /// Kaen's die: the system's randomness, or seeded for a run to be repeated.
    pub die: Die,
    /// Where the games are saved.
    pub folder: &'a Folder,
    /// Raised (Ctrl+C) to stop: the search under way ends at once.
    pub stop: &'a AtomicBool,
    /// A line a game.
    pub progress: &'a mut dyn Write,
}

impl Run<'_> {
    /// Whether the match was told to stop.
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// A record's tags for game `index`: the date, the match, and the players (`seats`,
    /// Player 1's first).
    fn tags(&self, index: usize, games: usize, seats: [usize; 2]) -> Tags {
        let mut tags = Tags::default();
        tags.set_stamp(Stamp::now());
        tags.set(
            "Event",
            format!("tak match, {} {} of {games}", self.folder.each(), index + 1),
        );
        tags.set("Player1", self.seats.names[seats[0]].clone());
        tags.set("Player2", self.seats.names[seats[1]].clone());
        tags
    }

    /// The records the match's folder holds already (`--continue`), each read by `read` and
    /// its players checked to be the seats this match gives it (`seats` of its index).
    fn kept<R>(
        &self,
        total: usize,
        read: impl Fn(&str) -> Result<R, crate::record::RulebookError>,
        tags: impl Fn(&R) -> &Tags,
        seats: impl Fn(usize) -> [usize; 2],
    ) -> anyhow::Result<Vec<R>> {
        let texts = self.folder.kept()?;
        if texts.len() > total {
            bail!(
                "{} holds {}, more than the {total} of this match",
                self.folder.path().display(),
                self.folder.count(texts.len())
            );
        }
        let mut records = Vec::new();
        for (index, text) in texts.iter().enumerate() {
            let record = read(text)
                .map_err(|e| anyhow::anyhow!("{}: {e}", self.folder.file(index).display()))?;
            self.check_players(index, tags(&record), seats(index))?;
            records.push(record);
        }
        Ok(records)
    }

    /// Checks that a kept record's players are the seats this match gives game `index`.
    fn check_players(&self, index: usize, tags: &Tags, seats: [usize; 2]) -> anyhow::Result<()> {
        for (tag, seat) in ["Player1", "Player2"].into_iter().zip(seats) {
            let wanted = &self.seats.names[seat];
            if tags.get(tag) != Some(wanted.as_str()) {
                bail!(
                    "{}: its {tag} is {:?}, but this match seats {wanted:?} there: give the \
                     same --white and --black as when it began",
                    self.folder.file(index).display(),
                    tags.get(tag).unwrap_or("")
                );
            }
        }
        Ok(())
    }
}

/// What ends a match early: Ctrl+C (or SIGTERM) raises the flag, so that the search under
/// way stops and the games finished are kept; a second Ctrl+C ends the program at once.
pub fn interrupt_flag() -> std::sync::Arc<AtomicBool> {
    let flag = std::sync::Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        // Once raised, the next one ends the program (a search that does not stop).
        let _ = signal_hook::flag::register_conditional_shutdown(signal, 1, flag.clone());
        let _ = signal_hook::flag::register(signal, flag.clone());
    }
    flag
}

/// The summary of a match of `game` stopped in its game (or series) `index`, which is not
/// saved, and the error that ends the match saying how to go on.
fn stopped(
    run: &mut Run<'_>,
    game: &str,
    index: usize,
    tally: Tally,
    out: &mut dyn Write,
) -> anyhow::Result<Tally> {
    let [a, b] = &run.seats.names;
    let folder = run.folder;
    writeln!(
        run.progress,
        "{} {}: stopped, not finished and not saved",
        folder.each(),
        index + 1
    )?;
    writeln!(
        out,
        "{} of {game} played. {a} against {b}: {tally}.",
        folder.count(index)
    )?;
    if index > 0 {
        writeln!(
            out,
            "The {} are saved in {}.",
            folder.many(),
            folder.path().display()
        )?;
    }
    Err(anyhow::anyhow!(
        "the match was stopped after {}: the same command with --out {} --continue plays the rest",
        folder.count(index),
        folder.path().display()
    ))
}
