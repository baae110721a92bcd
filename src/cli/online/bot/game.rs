//! One game of the bot's, played through [`OnlineGame`]: the program at our seat (thinking by
//! the server's clock, which the game sets from the server's `Time` lines), the server's lines
//! handed in, the commands sent, and what matters said on stderr. A program that crashes or
//! sends an illegal move loses that game by resigning it (the driver rules so), and the bot goes
//! on to the next.

use std::io::Write;
use std::time::{Duration, Instant};

use super::interrupt::Interrupt;
use super::play::{Bot, Found, Next, TICK};
use super::seat::seated;
use super::seeks::Seeks;
use crate::game::driver::{DriverEvent, OnFailure};
use crate::game::seat::{Program, Seat};
use crate::online::connection::{Connection, Event};
use crate::online::game::{OnlineEvent, OnlineGame};
use crate::online::protocol::ServerResult;
use crate::record::GameRecord;
use crate::rules::Color;

/// How long the bot waits for the server's word on a game its side has ended (a resignation
/// sent, a road played) before it gives the game up as it stands.
const OVER_PATIENCE: Duration = Duration::from_secs(15);

/// How a game went, for the bot's round.
#[derive(Debug)]
pub(super) struct Played {
    /// Won, lost, drawn, or no result at all (aborted, or left).
    pub outcome: Outcome,
    /// How it ended, in words.
    pub how: String,
    /// The record, with the server's result.
    pub record: Option<GameRecord>,
    /// What the bot does next.
    pub next: Next,
    /// The program, taken back for the next game (`None`: a new one is needed).
    pub program: Option<Box<Program>>,
}

/// A game to play: found, with the bot's program to seat.
pub(super) struct Playing<'a> {
    /// The game found.
    pub found: Found,
    /// The bot's program.
    pub program: Box<Program>,
    /// The lobby's seeks, kept up to date meanwhile.
    pub seeks: &'a mut Seeks,
}

/// How a game ended for the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// It won.
    Won,
    /// It lost.
    Lost,
    /// Drawn.
    Drawn,
    /// No result: aborted, left to the server's clock, or the connection lost.
    NoResult,
}

/// What became of the Ctrl+C heard during a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stopping {
    /// Not asked to stop.
    No,
    /// Asked: the game is played to its end (or resigned if the person says so).
    AfterTheGame,
    /// Resigned at the person's word or `--resign-on-exit`.
    Resigned,
}

/// Plays the game found, to its end; how it went.
pub(super) fn play(
    bot: &Bot,
    playing: Playing<'_>,
    connection: &mut Connection,
    interrupt: &mut Interrupt,
    progress: &mut dyn Write,
) -> anyhow::Result<Played> {
    let Playing {
        found,
        program,
        seeks,
    } = playing;
    let us = found.start.color;
    let mut game = seated(bot, &found, program, connection, progress)?;
    let mut stopping = Stopping::No;
    let mut failure: Option<String> = None;
    let mut ended_here: Option<Instant> = None;
    loop {
        let now = Instant::now();
        game.poll(now);
        for command in game.take_outbox() {
            // Not connected: the game catches up once the connection is back.
            let _ = connection.send(&command);
        }
        for event in game.take_events() {
            if let Some(why) = tell(&event, &game, us, progress)? {
                failure = Some(why);
            }
        }
        if game.result().is_some() {
            break;
        }
        if game.is_over() {
            let since = *ended_here.get_or_insert(now);
            if now.duration_since(since) > OVER_PATIENCE {
                writeln!(
                    progress,
                    "the server has not said game #{} is over: given up as it stands",
                    game.id()
                )?;
                break;
            }
        }
        if interrupt.heard() && interrupted(bot, &mut game, interrupt, &mut stopping, progress)? {
            return Ok(Played {
                outcome: Outcome::NoResult,
                how: "left to the server's clock".to_owned(),
                // Kept as far as it went: the server's clock decides the rest.
                record: Some(game.record().clone()),
                next: Next::Leave,
                program: None,
            });
        }
        if let Some(yes) = interrupt.answer()
            && yes
            && !game.is_over()
        {
            stopping = resign(&mut game, progress)?;
        }
        let wait = game.next_deadline(now).map_or(TICK, |d| d.min(TICK));
        match connection.wait(wait) {
            Some(Event::Failed(error)) => {
                // The game is kept as far as it went, and the bot stops with the reason.
                game.handle(&Event::Failed(error.clone()), Instant::now());
                return Ok(Played {
                    outcome: Outcome::NoResult,
                    how: format!("the connection is lost for good: {error}"),
                    record: Some(game.record().clone()),
                    next: Next::Lost(error.to_string()),
                    program: None,
                });
            }
            Some(event) => {
                if let Event::Message(message) = &event {
                    seeks.hear(message);
                }
                game.handle(&event, Instant::now());
            }
            None => {}
        }
    }
    let result = game.result();
    let how = how(&game, result, failure.as_deref(), stopping);
    let next = if stopping == Stopping::No {
        Next::GoOn
    } else {
        Next::Stop
    };
    let outcome = match result {
        None | Some(ServerResult::Aborted) => Outcome::NoResult,
        Some(result) => match result.winner() {
            Some(winner) if winner == us => Outcome::Won,
            Some(_) => Outcome::Lost,
            None => Outcome::Drawn,
        },
    };
    Ok(Played {
        outcome,
        how,
        record: Some(game.record().clone()),
        next,
        program: program_back(&mut game),
    })
}

/// The bot's program, taken back from a game over, for the next.
fn program_back(game: &mut OnlineGame) -> Option<Box<Program>> {
    match game.take_our_seat()? {
        Seat::Program(program) => Some(program),
        Seat::Keyboard | Seat::Remote => None,
    }
}

/// A Ctrl+C during `game`: resigned at once (`--resign-on-exit`), a question asked at the
/// terminal (the game goes on meanwhile), or, with no one to ask or at a second Ctrl+C, the
/// game left to the server's clock: `true` then.
fn interrupted(
    bot: &Bot,
    game: &mut OnlineGame,
    interrupt: &mut Interrupt,
    stopping: &mut Stopping,
    progress: &mut dyn Write,
) -> anyhow::Result<bool> {
    let them = game.name(!game.color().unwrap_or(Color::White)).to_owned();
    match stopping {
        Stopping::No if bot.resign_on_exit => *stopping = resign(game, progress)?,
        Stopping::No if Interrupt::can_ask() => {
            interrupt.ask(&format!(
                "Resign game #{} against {them}? (no: it is played to its end, then the bot stops)",
                game.id()
            ));
            *stopping = Stopping::AfterTheGame;
        }
        _ => {
            writeln!(
                progress,
                "game #{} against {them} is left to the server's clock",
                game.id()
            )?;
            return Ok(true);
        }
    }
    Ok(false)
}

/// Resigns `game` (Ctrl+C, answered yes or `--resign-on-exit`).
fn resign(game: &mut OnlineGame, progress: &mut dyn Write) -> anyhow::Result<Stopping> {
    match game.resign(Instant::now()) {
        Ok(()) => writeln!(progress, "resigning game #{}", game.id())?,
        Err(error) => writeln!(progress, "cannot resign game #{}: {error}", game.id())?,
    }
    Ok(Stopping::Resigned)
}

/// Says on `progress` what in `event` matters to a person watching the bot; the failure of
/// our program, if that is what it was.
fn tell(
    event: &OnlineEvent,
    game: &OnlineGame,
    us: Color,
    progress: &mut dyn Write,
) -> anyhow::Result<Option<String>> {
    let id = game.id();
    match event {
        OnlineEvent::Game(DriverEvent::ProgramFailed {
            color,
            why,
            ruled: OnFailure::Forfeit,
        }) if *color == us => {
            writeln!(
                progress,
                "game #{id}: the program playing {} ({color:?}) failed: {why}: the game is resigned",
                game.name(us)
            )?;
            return Ok(Some(why.clone()));
        }
        OnlineEvent::MoveRefused { mv, why } => {
            writeln!(
                progress,
                "game #{id}: the server sent {mv}, which taktui's rules refuse: {why}"
            )?;
        }
        OnlineEvent::ServerSaid(text) => writeln!(progress, "game #{id}: the server: {text}")?,
        OnlineEvent::Disconnected { why, retry_in } => writeln!(
            progress,
            "game #{id}: the connection dropped ({why}): trying again in {} s",
            retry_in.as_secs()
        )?,
        OnlineEvent::Resumed { caught_up, lost } => writeln!(
            progress,
            "game #{id}: back in the game ({caught_up} plies caught up, {lost} to play again)"
        )?,
        OnlineEvent::Unrecoverable(why) | OnlineEvent::NotKept(why) => {
            writeln!(progress, "game #{id}: {why}")?;
        }
        OnlineEvent::ResultDiffers { server, ours } => writeln!(
            progress,
            "game #{id}: the server's result {} is not the board's {}: the server's is kept",
            server.token(),
            ours.as_deref().unwrap_or("(none)")
        )?,
        _ => {}
    }
    Ok(None)
}

/// How the game ended, in words: `alice won by road in 23 plies`.
fn how(
    game: &OnlineGame,
    result: Option<ServerResult>,
    failure: Option<&str>,
    stopping: Stopping,
) -> String {
    let plies = game.record().plies().len();
    let Some(result) = result else {
        return format!("no result from the server after {plies} plies");
    };
    let name = |color: Color| game.name(color).to_owned();
    let us = game.color().unwrap_or(Color::White);
    match result {
        ServerResult::Road(winner) => format!("{} won by road in {plies} plies", name(winner)),
        ServerResult::Flats(winner) => format!("{} won on flats in {plies} plies", name(winner)),
        ServerResult::Draw => format!("drawn in {plies} plies"),
        ServerResult::Aborted => format!("aborted after {plies} plies"),
        ServerResult::Other(winner) if winner == us => {
            format!(
                "{} won in {plies} plies (resigned, abandoned or on time)",
                name(winner)
            )
        }
        ServerResult::Other(winner) => {
            let why = match (failure, stopping) {
                (Some(_), _) => format!("{} resigned, its program having failed", name(us)),
                (None, Stopping::Resigned) => format!("{} resigned at Ctrl+C", name(us)),
                (None, _) => format!("{} lost on time", name(us)),
            };
            format!("{} won in {plies} plies: {why}", name(winner))
        }
    }
}
