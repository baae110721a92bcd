//! `tak match`: a series of hotseat games, the players taking turns going first, scored by the
//! rulebook and saved to one PTN file.

use std::path::PathBuf;

use anyhow::bail;
use clap::Args;

use super::play::{GameArgs, ViewArgs, options};
use crate::game::store::{Keeper, Store};
use crate::game::{Match, Player, parse_player};
use crate::record::Stamp;
use crate::rules::BoardSize;
use crate::tui::screens::MatchScreen;
use crate::tui::{self, App, Screen};

/// Arguments of `tak match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// How many games (the players take turns going first).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=99))]
    pub games: u16,
    /// The settings of every game; --white names the player who goes first in game 1.
    #[command(flatten)]
    pub game: GameArgs,
    /// The look.
    #[command(flatten)]
    pub view: ViewArgs,
    /// The PTN file the games are saved to (default: tak-match-DATE-TIME.ptn here).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs the match, then prints the table of results.
pub fn run(args: &MatchArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    if args.game.tps.is_some() {
        bail!("a match starts every game from the empty board: --tps does not apply");
    }
    let size = args.game.size.unwrap_or(BoardSize::new(5)?);
    let config = args.game.new_game().config(size)?;
    // Each seat a person, the computer or an engine, checked before the terminal is taken.
    let configured = super::play::configured_engines();
    let mut seats = Vec::new();
    for (spec, default) in [
        (&args.game.white, "Player A"),
        (&args.game.black, "Player B"),
    ] {
        seats.push(match spec {
            Some(text) => parse_player(text, &configured)?,
            None => Player::Person(default.to_owned()),
        });
    }
    let seats: [Player; 2] = [seats[0].clone(), seats[1].clone()];
    let players = [
        args.game
            .white
            .clone()
            .unwrap_or_else(|| "Player A".to_owned()),
        args.game
            .black
            .clone()
            .unwrap_or_else(|| "Player B".to_owned()),
    ];
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("tak-match-{}.ptn", Stamp::now().file_stem())));
    // Checked before the terminal is taken: never replace a file, never fail only at the end.
    if path.exists() {
        bail!(
            "{} exists: choose another --out, or move it away",
            path.display()
        );
    }
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty())
        && !folder.is_dir()
    {
        bail!(
            "{}: there is no folder {}",
            path.display(),
            folder.display()
        );
    }
    let mut matchup = Match::new(players, usize::from(args.games), config, path);
    matchup.seed = super::play::seed();
    let screen = MatchScreen::new(matchup, args.view.learn, args.game.clock).with_seats(seats);
    let app = App::new(
        Screen::Match(screen),
        options(args.view),
        Keeper::new(Store::usual()),
    );
    let app = tui::run(app)?;
    if let Screen::Match(screen) = app.screen() {
        let matchup = screen.matchup();
        let [a, b] = &matchup.players;
        let [ta, tb] = matchup.totals();
        writeln!(
            out,
            "{} of {} games played: {a} {ta}, {b} {tb}.",
            matchup.finished.len(),
            matchup.games
        )?;
        if !matchup.finished.is_empty() {
            writeln!(out, "The games are saved in {}.", matchup.path.display())?;
        }
    }
    Ok(())
}
