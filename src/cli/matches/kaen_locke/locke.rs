//! A match of Locke: each game played by the computer at the two seats' levels on a Locke
//! session, as the screen plays one, and saved as the screen saves it.

use std::io::Write;

use anyhow::{Context as _, bail};

use super::{Run, Tally, stopped};
use crate::game::locke::LockeSession;
use crate::locke::{Config, Player, computer};
use crate::record::LockeRecord;

/// Turns after which a Locke game that has not ended is stopped and counted drawn.
pub(super) const LOCKE_TURN_LIMIT: u32 = 400;

/// Plays `games` games of Locke (`config`) between the seats, after those the match's folder
/// already holds (`--continue`): a line a game on the progress, the summary on `out`.
pub fn locke(
    run: &mut Run<'_>,
    config: Config,
    games: usize,
    out: &mut dyn Write,
) -> anyhow::Result<Tally> {
    let [a, b] = &run.seats.names;
    let (kept, mut tally) = taken_up(run, config, games)?;
    writeln!(
        run.progress,
        "{a} vs {b}: {} of Locke, saved in {}{}",
        crate::words::count(games, "game", "games"),
        run.folder.path().display(),
        if kept == 0 {
            String::new()
        } else {
            format!(" (taken up after game {kept}: {a} {tally})")
        }
    )?;
    for index in kept..games {
        // The seat playing White, who moves first this game.
        let white = index % 2;
        let tags = run.tags(index, games, [white, 1 - white]);
        let mut session = LockeSession::new(config, Player::White, tags);
        let game_seed = crate::engine::rng::mix(run.seed ^ index as u64);
        loop {
            let position = session.record().position();
            if position.ending().is_some() || position.turns() >= LOCKE_TURN_LIMIT {
                break;
            }
            let seat = if position.to_move() == Player::White {
                white
            } else {
                1 - white
            };
            let limits = computer::limits(
                run.seats.levels[seat],
                crate::engine::rng::mix(game_seed ^ u64::from(position.turns())),
            );
            let thought = computer::think(position, limits, run.stop);
            if run.stopped() {
                return stopped(run, "Locke", index, tally, out);
            }
            let Some(turn) = thought.turn else {
                break;
            };
            session.play(turn)?;
        }
        let file = run.folder.file(index);
        session
            .save_to(&file)
            .with_context(|| format!("saving game {} to {}", index + 1, file.display()))?;
        let won = winner(session.record(), white);
        tally.add(won);
        let position = session.record().position();
        let how = match (position.ending(), won) {
            (Some(ending), Some(seat)) => format!(
                "{} won ({}) in {} turns",
                run.seats.names[seat],
                ending.describe(),
                position.turns()
            ),
            (Some(ending), None) => format!("{} in {} turns", ending.describe(), position.turns()),
            (None, _) => format!("stopped after {LOCKE_TURN_LIMIT} turns: counted a draw"),
        };
        writeln!(
            run.progress,
            "game {} of {games} ({} White): {how}. {a}: {tally}",
            index + 1,
            run.seats.names[white]
        )?;
    }
    writeln!(
        out,
        "{games} games of Locke played. {a} against {b}: {tally}."
    )?;
    writeln!(
        out,
        "The games are saved in {}.",
        run.folder.path().display()
    )?;
    Ok(tally)
}

/// The games the match's folder holds already (`--continue`), each checked to be one this
/// match would have played, and their tally.
fn taken_up(run: &Run<'_>, config: Config, games: usize) -> anyhow::Result<(usize, Tally)> {
    let kept = run.kept(games, LockeRecord::read, LockeRecord::tags, |index| {
        [index % 2, 1 - index % 2]
    })?;
    let mut tally = Tally::default();
    for (index, record) in kept.iter().enumerate() {
        let file = run.folder.file(index);
        if record.config() != config {
            bail!(
                "{}: another variant or number of pieces than this match's",
                file.display()
            );
        }
        let position = record.position();
        if position.ending().is_none() && position.turns() < LOCKE_TURN_LIMIT {
            bail!(
                "{}: the game is not over, so not one this match saved",
                file.display()
            );
        }
        tally.add(winner(record, index % 2));
    }
    Ok((kept.len(), tally))
}

/// The seat that won a game in which seat `white` played White, if one did.
fn winner(record: &LockeRecord, white: usize) -> Option<usize> {
    let won = record.position().ending()?.winner?;
    Some(if won == Player::White {
        white
    } else {
        1 - white
    })
}
