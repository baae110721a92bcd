//! `tak replay` (and `tak FILE.ptn`): step through a game record in the terminal.

use std::path::PathBuf;

use anyhow::{Context as _, bail};
use clap::Args;

use super::play::{ViewArgs, farewell, options};
use crate::game::Library;
use crate::game::store::{Keeper, Store};
use crate::tui::{self, App, Screen};

/// Arguments of `tak replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The look.
    #[command(flatten)]
    pub view: ViewArgs,
    /// Which game of the file (1 for the first); without it, a file with several games starts
    /// with a list to choose from.
    #[arg(long)]
    pub game: Option<usize>,
    /// Start after this many plies (0: the start position).
    #[arg(long)]
    pub ply: Option<usize>,
    /// The board size, for records without a Size tag (or with a wrong one).
    #[arg(long, value_parser = super::perft::parse_size)]
    pub size: Option<crate::rules::BoardSize>,
    /// The analysis engine.
    #[command(flatten)]
    pub analysis: super::play::AnalysisArgs,
    /// The PTN file.
    pub file: PathBuf,
}

/// Opens the viewer (after reading the file, so a missing or unreadable file is a plain error).
pub fn run(args: &ReplayArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let reading = crate::record::ReadOptions { size: args.size };
    // The engine is checked before the file is read, as before the terminal is taken.
    args.analysis.entry()?;
    let text = crate::record::read_text_file(&args.file)?;
    let kind = crate::record::game_kind(&text);
    if kind != crate::record::GameKind::Tak {
        return step_through(args, kind, out);
    }
    let library = Library::open(&args.file, &reading)?;
    if library.is_empty() {
        bail!("{}: no game in the file", args.file.display());
    }
    let game = match args.game {
        Some(0) => bail!("--game counts from 1"),
        Some(n) if n > library.len() => {
            bail!(
                "--game {n}: {} holds {}",
                args.file.display(),
                crate::words::count(library.len(), "game", "games")
            )
        }
        Some(n) => Some(n - 1),
        None => None,
    };
    let screen = Screen::for_file(library, game, args.ply.unwrap_or(0))
        .with_context(|| args.file.display().to_string())?;
    // A ply past the end shows the end, and says so.
    let short = match (&screen, args.ply) {
        (Screen::Replay(replay), Some(asked)) if replay.shown_ply() < asked => Some(format!(
            "the game has {}: shown at its end",
            crate::words::count(replay.shown_ply(), "ply", "plies")
        )),
        _ => None,
    };
    let engine = args.analysis.entry()?;
    let mut app = App::new(screen, options(args.view), Keeper::new(Store::usual()))
        .analysing_with(engine)
        .offering(super::play::configured_engines())
        .seeded(super::play::seed());
    if let Some(said) = short {
        app.say(said);
    }
    let app = tui::run(app)?;
    farewell(&app, out)
}

/// A Kaen or Locke record, stepped through at its own screen from the start (or after
/// `--ply` actions); p plays on from there.
fn step_through(
    args: &ReplayArgs,
    kind: crate::record::GameKind,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    use crate::game::kaen::KaenSession;
    use crate::game::locke::LockeSession;
    use crate::tui::screens::{KaenScreen, LockeScreen};
    let screen = if kind == crate::record::GameKind::Kaen {
        let session = KaenSession::open(&args.file)?;
        Screen::Kaen(KaenScreen::new(session).stepping())
    } else {
        let session = LockeSession::open(&args.file)?;
        Screen::Locke(LockeScreen::new(session).stepping())
    };
    let mut app = App::new(screen, options(args.view), Keeper::new(Store::usual()));
    for _ in 0..args.ply.unwrap_or(0) {
        app.handle(&ratatui::crossterm::event::Event::Key(
            ratatui::crossterm::event::KeyCode::Right.into(),
        ));
    }
    tui::run(app)?;
    writeln!(out, "Replayed {}.", args.file.display())?;
    Ok(())
}
