//! A match of Kaen: each series played by the computer at the two seats' levels on a Kaen
//! session, rolled with the screen's die (each roll drawn when it is made; seeded only for a
//! run to be repeated), and saved as the screen saves a series.

use std::io::Write;

use anyhow::{Context as _, bail};

use super::{Run, Tally, stopped};
use crate::game::kaen::KaenSession;
use crate::kaen::computer::{self, Choice};
use crate::kaen::{Action, Player, Series, SeriesConfig};
use crate::record::KaenRecord;

/// Plays `series` series of Kaen (`config`) between the seats, after those the match's
/// folder already holds (`--continue`): a line a series on the progress, the summary on
/// `out`.
pub fn kaen(
    run: &mut Run<'_>,
    config: SeriesConfig,
    series: usize,
    out: &mut dyn Write,
) -> anyhow::Result<Tally> {
    let [a, b] = &run.seats.names;
    let (kept, mut score) = taken_up(run, config, series)?;
    writeln!(
        run.progress,
        "{a} vs {b}: {} of Kaen, {} each, saved in {}{}",
        crate::words::count(series, "series", "series"),
        crate::words::count(config.games() as usize, "game", "games"),
        run.folder.path().display(),
        if kept == 0 {
            String::new()
        } else {
            format!(" (taken up after series {kept}: {a} {})", score.tally)
        }
    )?;
    for index in kept..series {
        // The seat playing Player 1, who begins the series.
        let one = index % 2;
        let seat_of = |player: Player| if player == Player::One { one } else { 1 - one };
        let tags = run.tags(index, series, [one, 1 - one]);
        let mut session = KaenSession::new(config, Player::One, tags);
        let series_seed = crate::engine::rng::mix(run.seed ^ index as u64);
        let mut steps: u64 = 0;
        while session.record().series().end().is_none() {
            if run.stopped() {
                return stopped(run, "Kaen", index, score.tally, out);
            }
            steps += 1;
            let game = session.record().series().game();
            let style = computer::style(run.seats.levels[seat_of(game.actor())]);
            let step_seed = crate::engine::rng::mix(series_seed ^ steps);
            let Some(advice) = computer::choose(game, style, step_seed, run.stop) else {
                break;
            };
            if run.stopped() {
                // Cut short: the decision is not the level's own, so it is not played.
                return stopped(run, "Kaen", index, score.tally, out);
            }
            match advice.choice {
                // The die decides, as on the screen: never a face chosen.
                Choice::Roll | Choice::Act(Action::Roll(_)) => {
                    session.roll(&mut run.die)?;
                }
                Choice::Act(action) => session.act(action)?,
            }
        }
        let file = run.folder.file(index);
        session
            .save_to(&file)
            .with_context(|| format!("saving series {} to {}", index + 1, file.display()))?;
        let played = session.record().series();
        let by_seat = score.add(played, one, config);
        writeln!(
            run.progress,
            "series {} of {series} ({} Player 1): {} games, {a} {} chips, {b} {}. {a}: {}",
            index + 1,
            run.seats.names[one],
            played.played().len(),
            by_seat[0],
            by_seat[1],
            score.tally
        )?;
    }
    writeln!(
        out,
        "{series} series of Kaen played. {a} against {b}: {}; chips won {a} {:+}, {b} {:+}.",
        score.tally, score.chips[0], score.chips[1]
    )?;
    writeln!(
        out,
        "The series are saved in {}.",
        run.folder.path().display()
    )?;
    Ok(score.tally)
}

/// The series the match's folder holds already (`--continue`), each checked to be one this
/// match would have played, and their score.
fn taken_up(run: &Run<'_>, config: SeriesConfig, series: usize) -> anyhow::Result<(usize, Score)> {
    let kept = run.kept(series, KaenRecord::read, KaenRecord::tags, |index| {
        [index % 2, 1 - index % 2]
    })?;
    let mut score = Score::default();
    for (index, record) in kept.iter().enumerate() {
        let file = run.folder.file(index);
        let played = record.series();
        if *played.config() != config {
            bail!(
                "{}: other chips, bet or games than this match's",
                file.display()
            );
        }
        if played.end().is_none() {
            bail!(
                "{}: the series is not over, so not one this match saved",
                file.display()
            );
        }
        score.add(played, index % 2, config);
    }
    Ok((kept.len(), score))
}

/// Series won by each seat, and the chips each seat won all told.
#[derive(Default)]
struct Score {
    tally: Tally,
    chips: [i64; 2],
}

impl Score {
    /// Counts a series over in which seat `one` was Player 1; each seat's chips at its end.
    fn add(&mut self, played: &Series, one: usize, config: SeriesConfig) -> [u32; 2] {
        let mut by_seat = [0_u32; 2];
        for player in Player::BOTH {
            let seat = if player == Player::One { one } else { 1 - one };
            by_seat[seat] = played.worth(player);
        }
        for (seat, worth) in by_seat.iter().enumerate() {
            self.chips[seat] += i64::from(*worth) - i64::from(config.chips());
        }
        self.tally.add(match by_seat[0].cmp(&by_seat[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        });
        by_seat
    }
}
