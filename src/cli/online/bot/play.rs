//! The bot's round: find a game (a seek posted and taken, or another's seek accepted), play
//! it to its end (`game.rs`), say how it went and file it, and again, until the games asked
//! for are played or the person stops it.

use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::bail;

use super::Finding;
use super::game::Outcome;
use super::interrupt::Interrupt;
use crate::game::Player;
use crate::game::Tally;
use crate::online::connection::{Connection, Event};
use crate::online::protocol::{Command, GameStart, Seek, SeekId, ServerMessage};

/// How long an accepted seek may go unanswered before the bot tries another.
const ACCEPT_PATIENCE: Duration = Duration::from_secs(5);

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

/// The seeks in the lobby, as the server says them, for a bot that accepts.
#[derive(Debug, Default)]
pub(super) struct Seeks {
    open: BTreeMap<SeekId, Seek>,
    /// The seek accepted and when, while its game is awaited.
    accepted: Option<(SeekId, Instant)>,
}

impl Seeks {
    /// Takes in what the server said of the seeks.
    pub(super) fn hear(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::SeekNew(seek) => {
                self.open.insert(seek.id, seek.clone());
            }
            ServerMessage::SeekRemove(seek) => {
                self.open.remove(&seek.id);
            }
            ServerMessage::GameStart(_) | ServerMessage::Nok => self.accepted = None,
            _ => {}
        }
    }

    /// The seek to accept now, if one fits and none accepted waits for its game: not the
    /// bot's own, open to it, from `from` if given.
    fn pick(&mut self, me: &str, from: Option<&str>, now: Instant) -> Option<SeekId> {
        if let Some((_, at)) = self.accepted
            && now.duration_since(at) < ACCEPT_PATIENCE
        {
            return None;
        }
        let seek = self.open.values().find(|seek| {
            seek.player != me
                && seek
                    .opponent
                    .as_deref()
                    .is_none_or(|o| o.is_empty() || o == me)
                && from.is_none_or(|name| seek.player.eq_ignore_ascii_case(name))
                && Some(seek.id) != self.accepted.map(|(id, _)| id)
        })?;
        let id = seek.id;
        self.accepted = Some((id, now));
        Some(id)
    }
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
        let mut seeks = Seeks::default();
        let mut tally = Tally::default();
        let stopped = loop {
            if self.games.is_some_and(|games| tally.games() >= games) {
                break "All the games asked for are played.".to_owned();
            }
            let Some(start) = self.find(connection, interrupt, &mut seeks, progress)? else {
                break "Stopped (Ctrl+C) between games.".to_owned();
            };
            let number = tally.games() + 1;
            let played =
                super::game::play(&self, &start, connection, interrupt, &mut seeks, progress)?;
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

    /// Finds the next game: its start, or `None` when stopped first (the seek taken down).
    fn find(
        &self,
        connection: &mut Connection,
        interrupt: &mut Interrupt,
        seeks: &mut Seeks,
        progress: &mut dyn Write,
    ) -> anyhow::Result<Option<GameStart>> {
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
                    if let Some(id) = seeks.pick(&self.name, from.as_deref(), Instant::now())
                        && connection.send(&Command::Accept(id)).is_err()
                    {
                        seeks.accepted = None;
                    }
                }
            }
            match connection.wait(TICK) {
                Some(Event::Message(ServerMessage::GameStart(start))) => {
                    seeks.hear(&ServerMessage::GameStart(start.clone()));
                    return Ok(Some(start));
                }
                Some(Event::Message(message)) => seeks.hear(&message),
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
                    writeln!(progress, "connected again")?;
                }
                Some(Event::Failed(error)) => bail!("{error}"),
                _ => {}
            }
        }
    }
}
