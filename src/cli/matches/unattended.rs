//! A match between two programs with no screen: for scripts, or when stdout is not a terminal.
//! Each game is refereed (`game::referee`) and filed as it ends; a line a game on stderr says
//! how it went and where the match stands (wins, draws, losses, score, Elo difference), and
//! the summary goes to stdout.

use std::io::Write;
use std::time::Instant;

use anyhow::Context as _;

use crate::game::clock::TimeControl;
use crate::game::computer::Computer;
use crate::game::referee::{Refereed, Ruling, Sides, referee};
use crate::game::{Match, Player};
use crate::rules::{ByColor, Color, GameResult, WinReason};

/// Plays every game of `matchup` between `seats` (the first plays White in game 1), with
/// clocks of `clock` if given: progress on `progress`, the summary on `out`.
pub fn run(
    mut matchup: Match,
    seats: &[Player; 2],
    clock: Option<TimeControl>,
    progress: &mut dyn Write,
    out: &mut dyn Write,
) -> anyhow::Result<Match> {
    let [Some(first), Some(second)] = seats.each_ref().map(Computer::for_player) else {
        anyhow::bail!(
            "a match without a screen is for programs: both sides must be computer:N or engine:NAME"
        );
    };
    let mut computers = [first, second];
    let [a, b] = &matchup.players.clone();
    // Each program able to play the match (the board, the komi) before it is announced.
    for (computer, name) in computers.iter_mut().zip([a, b]) {
        computer
            .prepare(&matchup.config)
            .map_err(|why| anyhow::anyhow!("{name} cannot play this match: {why}"))?;
        for problem in computer.take_problems() {
            writeln!(progress, "{name}, as engines.toml sets it: {problem}")?;
        }
    }
    // A match taken up again (--continue) starts after the games its file holds.
    let first = matchup.finished.len();
    writeln!(
        progress,
        "{a} vs {b}: {} on {}{}, saved in {}{}",
        crate::words::count(matchup.games, "game", "games"),
        matchup.config.size(),
        clock.map_or_else(String::new, |c| format!(", clock {c}")),
        matchup.path.display(),
        if first > 0 {
            format!(" (taken up after game {first}: {a} {})", matchup.tally())
        } else {
            String::new()
        }
    )?;
    while !matchup.is_over() {
        let index = matchup.finished.len();
        let white = Match::white_in(index);
        let opening = matchup.opening_of(index).clone();
        let record = matchup.start_next();
        // Each program told of the new game, an engine started (again, after a failure) and
        // asked for it off the clock. One that cannot before the first game stops the match
        // rather than forfeiting every game; later, the game records why.
        for (computer, name) in computers.iter_mut().zip([a, b]) {
            computer.new_game();
            let prepared = computer.prepare(&matchup.config);
            if index == first {
                prepared.map_err(|why| anyhow::anyhow!("{name} cannot play this match: {why}"))?;
            }
        }
        // Each computer plays its seat's colour this game, and comes back for the next.
        let [first, second] = computers;
        let by_color = if white == 0 {
            ByColor::new(first, second)
        } else {
            ByColor::new(second, first)
        };
        let sides = Sides {
            players: ByColor::new(&seats[white], &seats[1 - white]),
            computers: by_color,
        };
        let seed = matchup.seed ^ (index as u64).wrapping_mul(0x2545_f491_4f6c_dd1d);
        let Refereed {
            record,
            ruling,
            computers: played,
        } = referee(record, sides, clock, seed, &Instant::now);
        computers = if white == 0 {
            [played.white, played.black]
        } else {
            [played.black, played.white]
        };
        let lost = match &ruling {
            Ruling::Board => None,
            Ruling::Lost(loser, _) => Some(*loser),
        };
        let plies = record.plies().len();
        let how = match &ruling {
            Ruling::Lost(_, why) => why.clone(),
            Ruling::Board => match record.position().result() {
                GameResult::Win { winner, reason } => {
                    let seat = if winner == Color::White {
                        white
                    } else {
                        1 - white
                    };
                    let by = match reason {
                        WinReason::Road { .. } => "by road",
                        WinReason::Flats => "on flats",
                    };
                    format!("{} won {by} in {plies} plies", matchup.players[seat])
                }
                _ => format!("drawn in {plies} plies"),
            },
        };
        matchup
            .finish(record, lost)
            .with_context(|| format!("saving the match to {}", matchup.path.display()))?;
        writeln!(
            progress,
            "game {} of {} ({} White, from {opening}): {how}. {a}: {}",
            index + 1,
            matchup.games,
            matchup.players[white],
            matchup.tally()
        )?;
    }
    summary(&matchup, out)?;
    Ok(matchup)
}

/// The match's result as the last lines of a run: games, the tally and the file.
pub fn summary(matchup: &Match, out: &mut dyn Write) -> std::io::Result<()> {
    let [a, b] = &matchup.players;
    let [ta, tb] = matchup.totals();
    writeln!(
        out,
        "{} of {} games played. {a} against {b}: {}.",
        matchup.finished.len(),
        matchup.games,
        matchup.tally()
    )?;
    writeln!(out, "Scores by the rulebook: {a} {ta}, {b} {tb}.")?;
    if !matchup.finished.is_empty() {
        writeln!(out, "The games are saved in {}.", matchup.path.display())?;
    }
    Ok(())
}
