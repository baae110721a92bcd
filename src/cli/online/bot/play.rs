//! The bot's round: find a game (a seek posted and taken, or another's seek accepted), play
//! it to its end (`game.rs`), say how it went and file it, and again, until the games asked
//! for are played or the person stops it.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::bail;

use super::Finding;
use super::fit::Fit;
use super::game::Outcome;
use super::interrupt::Interrupt;
use super::seeks::Seeks;
use crate::game::Player;
use crate::game::Tally;
use crate::game::seat::Program;
use crate::online::connection::{Connection, Event};
use crate::online::protocol::{Command, GameStart, Seek, ServerMessage};

/// How long the bot waits for news at a time when it has nothing else to do.
pub(super) const TICK: Duration = Duration::from_millis(10);

/// A bot, ready to play.
#[derive(Debug)]
pub struct Bot {
    /// The program playing.
    pub player: Player,
    /// The name the server knows it by.
    pub name: String,
    /// How it finds its games.
    pub finding: Finding,
    /// How many games it plays, if not until stopped.
    pub games: Option<u32>,
    /// Where finished games are appended.
    pub out: Option<PathBuf>,
    /// Whether Ctrl+C resigns a game in progress without asking.
    pub resign_on_exit: bool,
    /// Where each game is kept while played, to go back to after a crash; `None` when there
    /// is no data folder.
    pub keep: Option<Keeping>,
}

/// Where and as whom the bot's games are kept while played, as the lobby's are: the next
/// `tak online --bot` as the same player goes back into a game the server still holds.
#[derive(Clone, Debug)]
pub struct Keeping {
    /// The data folder (its store of unfinished games, its `online` folder).
    pub data: PathBuf,
    /// The server's address, as the kept copy names it.
    pub url: String,
    /// A guest's token, to log in as the same guest.
    pub guest_token: Option<String>,
}

impl Keeping {
    /// The data folder.
    pub(super) fn data(&self) -> &Path {
        &self.data
    }
}

/// A game found: its start, and whether the server sent it again after the login (a game
/// the bot was in before, resumed) rather than starting it now.
#[derive(Debug)]
pub(super) struct Found {
    /// The server's `Game Start`.
    pub start: GameStart,
    /// Whether it is a game resumed.
    pub resumed: bool,
}

/// What the bot did, said at the end.
#[derive(Debug)]
pub struct Summary {
    /// The name it played under.
    pub name: String,
    /// The program.
    pub program: String,
    /// Its games: won, drawn, lost.
    pub tally: Tally,
    /// Why it stopped.
    pub stopped: String,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} played as {}: {}, {}. {}",
            self.program,
            self.name,
            crate::words::count(self.tally.games() as usize, "game", "games"),
            self.tally,
            self.stopped
        )
    }
}

/// Whether the bot goes on after what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// To the next game.
    GoOn,
    /// It stops: asked to (Ctrl+C), the game finished first or resigned.
    Stop,
    /// It stops at once: the game in progress is left to the server's clock.
    Leave,
    /// The connection is lost for good (why): the bot ends with this error.
    Lost(String),
}

impl Bot {
    /// Plays until the games are played or the bot is stopped; what it did.
    pub fn run(
        self,
        connection: &mut Connection,
        interrupt: &mut Interrupt,
        progress: &mut dyn Write,
    ) -> anyhow::Result<Summary> {
        let program = self.player.tag_name().unwrap_or_default();
        writeln!(progress, "{}", self.announcement(connection, &program))?;
        // One program for every game: an engine's process is started once, and again only
        // after it failed.
        let mut seated = self.program()?;
        let mut fit = Fit::default();
        if let Finding::Seeking(seek) = &self.finding
            && let Err(why) = fit.check(&mut seated, seek.settings())
        {
            bail!("{program} cannot play the games this bot would seek: {why}");
        }
        let mut seeks = Seeks::default();
        // Just logged in: a game the server sends before its lobby's news is one resumed.
        let mut fresh = true;
        let mut tally = Tally::default();
        let stopped = loop {
            if self.games.is_some_and(|games| tally.games() >= games) {
                break "All the games asked for are played.".to_owned();
            }
            let looking = Looking {
                seeks: &mut seeks,
                fit: &mut fit,
                program: &mut seated,
                fresh: &mut fresh,
            };
            let Some(found) = self.find(connection, interrupt, looking, progress)? else {
                break "Stopped (Ctrl+C) between games.".to_owned();
            };
            let start = found.start.clone();
            fresh = false;
            let number = tally.games() + 1;
            let playing = super::game::Playing {
                found,
                program: seated,
                seeks: &mut seeks,
            };
            let mut played = super::game::play(&self, playing, connection, interrupt, progress)?;
            seated = match played.program.take() {
                Some(program) => program,
                None => self.program()?,
            };
            match played.outcome {
                Outcome::Won => tally.wins += 1,
                Outcome::Lost => tally.losses += 1,
                Outcome::Drawn => tally.draws += 1,
                Outcome::NoResult => {}
            }
            writeln!(
                progress,
                "game {number}{} (#{} on the server, {} vs {}): {}. {}: {tally}",
                self.games.map_or_else(String::new, |g| format!(" of {g}")),
                start.game,
                start.white,
                start.black,
                played.how,
                self.name
            )?;
            if let (Some(path), Some(record)) = (&self.out, &played.record)
                && let Err(error) = super::ptn_out::append_game(path, record)
            {
                writeln!(
                    progress,
                    "cannot save the game in {}: {error}",
                    path.display()
                )?;
            }
            match played.next {
                Next::GoOn => {}
                Next::Lost(why) => bail!("{why}"),
                Next::Stop => break "Stopped (Ctrl+C) after the game.".to_owned(),
                Next::Leave => {
                    break format!(
                        "Stopped (Ctrl+C) during game #{}, left to the server's clock.",
                        start.game
                    );
                }
            }
        };
        Ok(Summary {
            name: self.name,
            program,
            tally,
            stopped,
        })
    }

    /// A new program for the bot's player.
    fn program(&self) -> anyhow::Result<Box<Program>> {
        Program::for_player(&self.player)
            .map(Box::new)
            .ok_or_else(|| anyhow::anyhow!("{:?} is not a program", self.player.tag_name()))
    }

    /// The first line: who plays where, and how it finds its games.
    fn announcement(&self, connection: &Connection, program: &str) -> String {
        let finding = match &self.finding {
            Finding::Seeking(seek) => {
                let s = seek.settings();
                format!(
                    "seeking games on {}, {} s + {} s, komi {}, playing {}",
                    s.size,
                    s.time.as_secs(),
                    s.increment.as_secs(),
                    s.komi,
                    match seek.color() {
                        crate::online::protocol::SeekColor::White => "White",
                        crate::online::protocol::SeekColor::Black => "Black",
                        crate::online::protocol::SeekColor::Either => "either colour",
                    }
                )
            }
            Finding::Accepting(None) => "accepting seeks".to_owned(),
            Finding::Accepting(Some(name)) => format!("accepting {name}'s seeks"),
        };
        format!(
            "{program} on {} as {}: {finding}{}{}",
            connection.endpoint(),
            self.name,
            self.games.map_or_else(String::new, |g| format!(
                ", {}",
                crate::words::count(g as usize, "game", "games")
            )),
            self.out
                .as_ref()
                .map_or_else(String::new, |p| format!(", saved in {}", p.display()))
        )
    }

    /// Finds the next game, or `None` when stopped first (the seek taken down). A game the
    /// server sends right after a login (before its lobby's news) is one resumed.
    fn find(
        &self,
        connection: &mut Connection,
        interrupt: &mut Interrupt,
        looking: Looking<'_>,
        progress: &mut dyn Write,
    ) -> anyhow::Result<Option<Found>> {
        let Looking {
            seeks,
            fit,
            program,
            fresh,
        } = looking;
        let mut posted = false;
        loop {
            if interrupt.heard() {
                if posted {
                    let _ = connection.send(&Command::CancelSeek);
                }
                return Ok(None);
            }
            match &self.finding {
                Finding::Seeking(seek) if !posted => {
                    posted = connection.send(&Command::Seek(seek.clone())).is_ok();
                }
                Finding::Seeking(_) => {}
                Finding::Accepting(from) => {
                    let mut skipped = Vec::new();
                    let playable = |seek: &Seek| match fit.seek(program, seek) {
                        Ok(()) => true,
                        Err(why) => {
                            skipped.extend(why.map(|why| (seek.id, seek.player.clone(), why)));
                            false
                        }
                    };
                    let picked = seeks.pick(&self.name, from.as_deref(), Instant::now(), playable);
                    for (id, player, why) in skipped {
                        writeln!(progress, "seek {id} by {player} passed over: {why}")?;
                    }
                    if let Some(id) = picked
                        && connection.send(&Command::Accept(id)).is_err()
                    {
                        seeks.accepted = None;
                    }
                }
            }
            match connection.wait(TICK) {
                Some(Event::Message(message)) => {
                    seeks.hear(&message);
                    if let Some(start) = message.game_start() {
                        return Ok(Some(Found {
                            start,
                            resumed: *fresh,
                        }));
                    }
                    if matches!(message, ServerMessage::Online(_)) {
                        *fresh = false;
                    }
                }
                Some(Event::Dropped { why, retry_in }) => {
                    // A seek does not outlive its connection: posted again once back.
                    posted = false;
                    writeln!(
                        progress,
                        "the connection dropped ({why}): trying again in {} s",
                        retry_in.as_secs()
                    )?;
                }
                Some(Event::LoggedIn { again: true, .. }) => {
                    *fresh = true;
                    writeln!(progress, "connected again")?;
                }
                Some(Event::Failed(error)) => bail!("{error}"),
                _ => {}
            }
        }
    }
}

/// What the bot looks for a game with.
pub(super) struct Looking<'a> {
    /// The lobby's seeks.
    pub seeks: &'a mut Seeks,
    /// What is known of the games the program can play.
    pub fit: &'a mut Fit,
    /// The program.
    pub program: &'a mut Program,
    /// Whether the bot has just logged in (the lobby's news not yet heard).
    pub fresh: &'a mut bool,
}
