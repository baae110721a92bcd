//! `tak kaen`: a series of Kaen in the terminal, two players at one keyboard.

use std::path::PathBuf;

use clap::Args;

use super::play::{ViewArgs, options, seed};
use crate::game::kaen::KaenSession;
use crate::game::store::{Keeper, KeptRecord, Store};
use crate::kaen::SeriesConfig;
use crate::record::{Stamp, Tags};
use crate::tui::screens::KaenScreen;
use crate::tui::{self, App, Screen};

/// Arguments of `tak kaen`.
#[derive(Debug, Args)]
pub struct KaenArgs {
    /// Games in the series.
    #[arg(long, default_value_t = 3)]
    pub games: u32,
    /// Chips each player starts with.
    #[arg(long, default_value_t = SeriesConfig::DEFAULT_CHIPS)]
    pub chips: u32,
    /// Each game's starting bet: even, at least 2.
    #[arg(long, default_value_t = SeriesConfig::DEFAULT_BET)]
    pub bet: u32,
    /// A player who cannot cover the bet does not end the series: the stakes double and both
    /// are given their starting chips again at the new stakes.
    #[arg(long)]
    pub reload: bool,
    /// The die's seed (and who starts): the same seed rolls the same. Default: from the clock.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Player 1's name.
    #[arg(long)]
    pub white: Option<String>,
    /// Player 2's name.
    #[arg(long)]
    pub black: Option<String>,
    /// The look.
    #[command(flatten)]
    pub view: ViewArgs,
    /// Play on with the series saved in this file.
    #[arg(conflicts_with_all = ["games", "chips", "bet", "reload"])]
    pub file: Option<PathBuf>,
}

/// Sets up the series and plays it.
pub fn run(args: &KaenArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let session = session(args)?;
    let screen = KaenScreen::new(session).learning(args.view.learn);
    let store = Store::usual();
    let mut app = App::new(
        Screen::Kaen(screen),
        options(args.view),
        Keeper::new(store.clone()),
    );
    // A new game offers the unfinished ones of Kaen first, as plain `tak` offers all.
    if args.file.is_none() {
        super::play::offer_unfinished(&mut app, store.as_ref(), |game| {
            matches!(game, KeptRecord::Kaen(_))
        });
    }
    let app = tui::run(app)?;
    super::play::farewell(&app, out)
}

/// The series to play: from the file, or new from the arguments.
pub fn session(args: &KaenArgs) -> anyhow::Result<KaenSession> {
    let seed = args.seed.unwrap_or_else(seed);
    if let Some(path) = &args.file {
        return KaenSession::open(path, seed).map_err(anyhow::Error::msg);
    }
    let config = SeriesConfig::new(args.chips, args.bet, args.games, args.reload)?;
    let mut tags = Tags::default();
    tags.set_stamp(Stamp::now());
    for (tag, name) in [("Player1", &args.white), ("Player2", &args.black)] {
        if let Some(name) = name {
            tags.set(tag, name.clone());
        }
    }
    Ok(KaenSession::new(config, seed, tags))
}
