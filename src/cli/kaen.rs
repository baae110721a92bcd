//! `tak kaen`: a series of Kaen in the terminal, two players at one keyboard or one against
//! the computer.

use std::path::PathBuf;

use clap::Args;

use super::play::{ViewArgs, options};
use super::sides::Sides;
use crate::game::kaen::{Die, KaenSession};
use crate::game::store::{Keeper, KeptRecord, Store};
use crate::kaen::{Player, SeriesConfig};
use crate::record::{Stamp, Tags};
use crate::tui::screens::KaenScreen;
use crate::tui::{self, App, Screen};

/// Arguments of `tak kaen`.
#[derive(Debug, Args)]
pub struct KaenArgs {
    /// Games in the series [default: 3].
    #[arg(long)]
    pub games: Option<u32>,
    /// Chips each player starts with [default: 100].
    #[arg(long)]
    pub chips: Option<u32>,
    /// Each game's starting bet: even, at least 2 [default: 2].
    #[arg(long)]
    pub bet: Option<u32>,
    /// A player who cannot cover the bet does not end the series: the stakes double and both
    /// are given their starting chips again at the new stakes.
    #[arg(long)]
    pub reload: bool,
    /// For tests: the die rolls the faces this seed fixes (and it picks who starts), the same
    /// every time. Without it each roll is drawn from the system's randomness as it is made.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Player 1: a name, or `computer[:LEVEL]` (levels 1 to 10).
    #[arg(long)]
    pub white: Option<String>,
    /// Player 2: as --white.
    #[arg(long)]
    pub black: Option<String>,
    /// Play against the computer (`computer`, `computer:LEVEL`): it is Player 2, or Player 1
    /// when only --black is given.
    #[arg(long, value_name = "computer[:LEVEL]")]
    pub vs: Option<String>,
    /// The look.
    #[command(flatten)]
    pub view: ViewArgs,
    /// Play on with the series saved in this file.
    #[arg(conflicts_with_all = ["games", "chips", "bet", "reload"])]
    pub file: Option<PathBuf>,
}

/// Sets up the series and plays it.
pub fn run(args: &KaenArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let (session, die) = session(args)?;
    let sides = Sides::of_record(session.record().tags());
    let mut screen = KaenScreen::new(session)
        .with_die(die)
        .learning(args.view.learn);
    for (player, level) in Player::BOTH.into_iter().zip(sides.levels) {
        if let Some(level) = level {
            screen = screen.with_computer(player, level);
        }
    }
    let store = Store::usual();
    let mut app = App::new(
        Screen::Kaen(screen),
        options(args.view),
        Keeper::new(store.clone()),
    );
    // A new game offers the unfinished ones of Kaen first, as plain `tak` offers all.
    if args.file.is_none() {
        super::play::offer_unfinished(
            &mut app,
            store.as_ref(),
            |game| matches!(game, KeptRecord::Kaen(_)),
            args.sets_up_a_series(),
            "tak kaen",
        );
    }
    let app = tui::run(app)?;
    super::play::farewell(&app, out)
}

/// Games in a series when `--games` is not given.
const DEFAULT_GAMES: u32 = 3;

impl KaenArgs {
    /// Whether any setting of a new series was given (its games, chips, bet, seed, players).
    #[must_use]
    pub const fn sets_up_a_series(&self) -> bool {
        self.games.is_some()
            || self.chips.is_some()
            || self.bet.is_some()
            || self.reload
            || self.seed.is_some()
            || self.white.is_some()
            || self.black.is_some()
            || self.vs.is_some()
    }
}

/// The series to play, from the file or new from the arguments, and its die: from the
/// system's randomness at each roll, or from `--seed`.
pub fn session(args: &KaenArgs) -> anyhow::Result<(KaenSession, Die)> {
    let die = args.seed.map_or_else(Die::random, Die::seeded);
    let sides = Sides::read(
        args.white.as_deref(),
        args.black.as_deref(),
        args.vs.as_deref(),
        "Kaen",
    )?;
    if let Some(path) = &args.file {
        let session = KaenSession::open(path)?;
        // A seeded die goes on after the rolls the series made.
        let die = die.after(session.record().rolls());
        return Ok((session, die));
    }
    let config = SeriesConfig::new(
        args.chips.unwrap_or(SeriesConfig::DEFAULT_CHIPS),
        args.bet.unwrap_or(SeriesConfig::DEFAULT_BET),
        args.games.unwrap_or(DEFAULT_GAMES),
        args.reload,
    )?;
    let mut tags = Tags::default();
    tags.set_stamp(Stamp::now());
    sides.tag(&mut tags);
    let first = die.toss()?;
    Ok((KaenSession::new(config, first, tags), die))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_help_states_the_defaults_the_series_is_given() {
        let command = crate::cli::Cli::command();
        let kaen = command.find_subcommand("kaen").expect("tak kaen");
        for (name, default) in [
            ("games", DEFAULT_GAMES),
            ("chips", SeriesConfig::DEFAULT_CHIPS),
            ("bet", SeriesConfig::DEFAULT_BET),
        ] {
            let arg = kaen
                .get_arguments()
                .find(|arg| arg.get_id() == name)
                .expect("the argument");
            let help = arg.get_help().expect("its help").to_string();
            assert!(help.ends_with(&format!("[default: {default}]")), "{help}");
        }
    }
}
