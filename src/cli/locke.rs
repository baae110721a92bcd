//! `tak locke`: a game of Locke in the terminal, two players at one keyboard or one against
//! the computer.

use std::path::PathBuf;

use clap::Args;

use super::play::{ViewArgs, options, seed};
use super::sides::Sides;
use crate::game::locke::{LockeSession, first_player};
use crate::game::store::{Keeper, KeptRecord, Store};
use crate::locke::{Config, Player, Variant};
use crate::record::{Stamp, Tags};
use crate::tui::screens::LockeScreen;
use crate::tui::{self, App, Screen};

/// Arguments of `tak locke`.
#[derive(Debug, Args)]
pub struct LockeArgs {
    /// The modern game: no limit on a stack's height.
    #[arg(long)]
    pub modern: bool,
    /// Pieces per player: 10 (classic); 10, 12 or 14 (modern).
    #[arg(long)]
    pub pieces: Option<u8>,
    /// White (player 1, at rank 1): a name, or `computer[:LEVEL]` (levels 1 to 10).
    #[arg(long)]
    pub white: Option<String>,
    /// Black (player 2, at rank 5): as --white.
    #[arg(long)]
    pub black: Option<String>,
    /// Play against the computer (`computer`, `computer:LEVEL`): it takes Black, or White
    /// when only --black is given.
    #[arg(long, value_name = "computer[:LEVEL]")]
    pub vs: Option<String>,
    /// The look.
    #[command(flatten)]
    pub view: ViewArgs,
    /// Play on with the game saved in this file.
    #[arg(conflicts_with_all = ["modern", "pieces"])]
    pub file: Option<PathBuf>,
}

/// Sets up the game and plays it.
pub fn run(args: &LockeArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let session = session(args, seed())?;
    let sides = Sides::of_record(session.record().tags());
    let mut screen = LockeScreen::new(session).learning(args.view.learn);
    for (player, level) in Player::ALL.into_iter().zip(sides.levels) {
        if let Some(level) = level {
            screen = screen.with_computer(player, level);
        }
    }
    let store = Store::usual();
    let mut app = App::new(
        Screen::Locke(screen),
        options(args.view),
        Keeper::new(store.clone()),
    );
    // A new game offers the unfinished ones of Locke first, as plain `tak` offers all.
    if args.file.is_none() {
        let set_up = args.modern
            || args.pieces.is_some()
            || args.white.is_some()
            || args.black.is_some()
            || args.vs.is_some();
        super::play::offer_unfinished(
            &mut app,
            store.as_ref(),
            |game| matches!(game, KeptRecord::Locke(_)),
            set_up,
            "tak locke",
        );
    }
    let app = tui::run(app)?;
    super::play::farewell(&app, out)
}

/// The game to play: from the file, or new from the arguments (the first player chosen by
/// `coin`, as the rules ask for chance).
pub fn session(args: &LockeArgs, coin: u64) -> anyhow::Result<LockeSession> {
    let sides = Sides::read(
        args.white.as_deref(),
        args.black.as_deref(),
        args.vs.as_deref(),
        "Locke",
    )?;
    if let Some(path) = &args.file {
        return Ok(LockeSession::open(path)?);
    }
    let variant = if args.modern {
        Variant::Modern
    } else {
        Variant::Classic
    };
    let config = Config::new(variant, args.pieces.unwrap_or(10))?;
    let mut tags = Tags::default();
    tags.set_stamp(Stamp::now());
    sides.tag(&mut tags);
    Ok(LockeSession::new(config, first_player(coin), tags))
}
