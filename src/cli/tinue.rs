//! `tak tinue TPS`: whether the side to move forces a road, for people and for scripts (as
//! grep does): the winning line first on stdout and status 0; no forced road within the depth,
//! status 1; bad input, status 2 with the reason on stderr. `--json` says the same as one
//! object.

use std::io::Write;

use anyhow::Context as _;
use clap::Args;

use super::Outcome;
use crate::notation::Tps;
use crate::rules::{GameConfig, Komi, Move, Position};
use crate::tinue::{Solution, Verdict, in_tinue, natural_line, solve};

/// Arguments of `tak tinue`.
#[derive(Debug, Args)]
pub struct TinueArgs {
    /// The position, in TPS (in quotes: it has spaces).
    #[arg(required_unless_present = "tps_flag", conflicts_with = "tps_flag")]
    pub tps: Option<String>,
    /// The position, in TPS, given as `tak play` and `tak perft` take it.
    #[arg(long = "tps", id = "tps_flag", value_name = "TPS")]
    pub tps_flag: Option<String>,
    /// The longest winning line looked for, in plies: 3 is a move, any reply, and the road
    /// (a puzzle's "road in 5", five moves of the winner's, is 9 plies).
    #[arg(long, default_value_t = 7, value_parser = super::numbers::between(1_u32, 25))]
    pub max_depth: u32,
    /// Komi (it decides nothing about roads, but the position is read with it).
    #[arg(long)]
    pub komi: Option<Komi>,
    /// Moves of the winner's that may threaten nothing (each gives the loser a free move, and
    /// costs a search of all their replies): 0 is strict tinue, every move a threat.
    #[arg(long, default_value_t = 1)]
    pub quiet_moves: u32,
    /// Positions to visit at most before giving up (the answer is then "unknown").
    #[arg(long, default_value_t = 50_000_000)]
    pub nodes: u64,
    /// One JSON object instead of text: `win` (the side to move forces a road) and its
    /// `line`; `in_tinue` (the opponent forces one whatever is played; null when `win`) and
    /// `tinue_line`; `unknown` (the search stopped first); `nodes` (positions the search for
    /// `win` visited, as the text says). Exit status: 0 a forced road, 1 none found or
    /// unknown, 2 bad input.
    #[arg(long)]
    pub json: bool,
}

/// Solves and reports; the outcome gives the exit status.
pub fn run(args: &TinueArgs, out: &mut impl Write) -> anyhow::Result<Outcome> {
    let position = match read(args) {
        Ok(position) => position,
        Err(why) => {
            // Bad input has its own exit status (2), so it is said here, as main says errors.
            eprintln!("error: {why:#}");
            return Ok(Outcome::BadInput);
        }
    };
    let attacker = position.to_move();
    let mut win = solve(&position, args.max_depth, args.quiet_moves, args.nodes);
    // The line shown meets defences that block what they can, not the first ones searched.
    if let Verdict::Win(line) = &win.verdict {
        win.verdict = Verdict::Win(natural_line(&position, line, args.quiet_moves, args.nodes));
    }
    // Only worth asking when the side to move has no win of its own.
    let against = match win.verdict {
        Verdict::Win(_) => None,
        _ => Some(in_tinue(
            &position,
            args.max_depth.saturating_sub(1).max(2),
            args.nodes,
        )),
    };
    let line = |moves: &[Move]| moves.iter().map(ToString::to_string).collect::<Vec<_>>();
    if args.json {
        let value = serde_json::json!({
            "tps": args.position_text().trim(),
            "to_move": attacker.to_string().to_lowercase(),
            "max_depth": args.max_depth,
            "win": matches!(win.verdict, Verdict::Win(_)),
            "line": match &win.verdict { Verdict::Win(moves) => line(moves), _ => Vec::new() },
            "unknown": win.verdict == Verdict::Unknown,
            "in_tinue": against.as_ref().map(|s| matches!(s.verdict, Verdict::Win(_))),
            "tinue_line": match against.as_ref().map(|s| &s.verdict) {
                Some(Verdict::Win(moves)) => line(moves),
                _ => Vec::new(),
            },
            "nodes": win.nodes,
        });
        writeln!(out, "{value}")?;
    } else {
        say(out, attacker, args.max_depth, &win, against.as_ref())?;
    }
    Ok(match win.verdict {
        Verdict::Win(_) => Outcome::Success,
        Verdict::NoWin | Verdict::Unknown => Outcome::Problems,
    })
}

/// The position the arguments give.
impl TinueArgs {
    /// The position's TPS, however it was given.
    #[must_use]
    pub fn position_text(&self) -> &str {
        self.tps
            .as_deref()
            .or(self.tps_flag.as_deref())
            .unwrap_or("")
    }
}

fn read(args: &TinueArgs) -> anyhow::Result<Position> {
    let text = args.position_text();
    let tps: Tps = text
        .parse()
        .with_context(|| format!("{:?} is not a TPS", crate::notation::clip(text)))?;
    let config = GameConfig::new(tps.size()).with_komi(args.komi.unwrap_or_default());
    let position = tps
        .to_position(config)
        .with_context(|| format!("{text:?}"))?;
    if position.is_over() {
        anyhow::bail!("the game is already over: {}", position.result());
    }
    Ok(position)
}

/// The answer in words: the line first, then what it means.
fn say(
    out: &mut impl Write,
    attacker: crate::rules::Color,
    depth: u32,
    win: &Solution,
    against: Option<&Solution>,
) -> std::io::Result<()> {
    let text = crate::tinue::describe(attacker, depth, win, against);
    let text = match &win.verdict {
        Verdict::Unknown => text.replace(
            "positions.",
            "positions: a larger --nodes lets it search further.",
        ),
        _ => text,
    };
    writeln!(out, "{text}")
}
