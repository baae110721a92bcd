//! `tak play` (and plain `tak`): set up a hotseat game, then hand it to the terminal app.
//!
//! Everything is checked here, before the terminal is taken over, so a bad argument or file
//! gets a plain error message.

use std::io::IsTerminal as _;
use std::path::PathBuf;

use anyhow::{Context as _, bail};
use clap::{Args, ValueEnum};

use super::perft::parse_size;
use crate::notation::Tps;
use crate::record::{GameRecord, Tags, read_ptn_file};
use crate::rules::{BoardSize, Color, GameConfig, Komi, Reserves};
use crate::tui::{self, App, Options, Session, Theme, recovery};

/// When to use colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorChoice {
    /// When the output is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never: a monochrome theme.
    Never,
}

/// The settings of a new game.
#[derive(Debug, Args, Default)]
pub struct GameArgs {
    /// Board size, 3 to 8 (default 5).
    #[arg(long, value_parser = parse_size)]
    pub size: Option<BoardSize>,
    /// Komi: flats added to Black's count at a flat end, whole or half (e.g. 2.5).
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<Komi>,
    /// White's name (player 1, who moves first).
    #[arg(long)]
    pub white: Option<String>,
    /// Black's name (player 2).
    #[arg(long)]
    pub black: Option<String>,
    /// Stones per player, instead of the usual number for the size.
    #[arg(long)]
    pub flats: Option<u8>,
    /// Capstones per player, instead of the usual number for the size.
    #[arg(long)]
    pub caps: Option<u8>,
    /// Start from this position (TPS), e.g. "x5/x5/x2,12C,x2/x5/x5 1 3".
    #[arg(long)]
    pub tps: Option<String>,
}

/// How the game looks and listens.
#[derive(Debug, Args, Default, Clone, Copy)]
pub struct ViewArgs {
    /// Plain ASCII only: no box drawing or symbols.
    #[arg(long)]
    pub ascii: bool,
    /// When to use colour (`NO_COLOR` is honoured in auto).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Do not read the mouse.
    #[arg(long)]
    pub no_mouse: bool,
    /// Learning mode: legal moves marked, threats named, refusals explained (L toggles it).
    #[arg(long)]
    pub learn: bool,
}

/// Arguments of `tak play`.
#[derive(Debug, Args, Default)]
pub struct PlayArgs {
    /// The new game's settings.
    #[command(flatten)]
    pub game: GameArgs,
    /// The look.
    #[command(flatten)]
    pub view: ViewArgs,
    /// Continue the game saved in this PTN file (its moves replayed, ready for the next).
    #[arg(conflicts_with_all = ["size", "flats", "caps", "komi", "tps"])]
    pub file: Option<PathBuf>,
}

/// Sets up the game, runs the terminal app, and says afterwards what became of the game.
pub fn run(args: &PlayArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let session = session(args)?;
    let recovery = recovery::recovery_path();
    let mut app = App::new(session, options(args.view), recovery.clone());
    app.set_learning(args.view.learn);
    let fresh = args.file.is_none() && args.game.tps.is_none();
    if fresh && let Some(record) = recovery.as_deref().and_then(recovery::read) {
        app.offer_resume(record);
    }
    let app = tui::run(app)?;
    farewell(&app, recovery.as_deref(), out)
}

/// After the app: where the game is (saved, or kept for resuming).
pub fn farewell(
    app: &App,
    recovery: Option<&std::path::Path>,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let session = app.session();
    if app.replay_state().is_some() {
        return Ok(());
    }
    if session.has_unsaved_game() && !app.position().is_over() {
        if let Some(path) = recovery {
            writeln!(
                out,
                "The game was not saved. It is kept in {}: the next `tak` offers to resume it.",
                path.display()
            )?;
        }
    } else if let Some(path) = session.path() {
        writeln!(out, "The game is saved in {}.", path.display())?;
    }
    Ok(())
}

/// The app's options from the look arguments and the environment.
#[must_use]
pub fn options(args: ViewArgs) -> Options {
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    };
    Options {
        theme: Theme {
            ascii: args.ascii,
            color,
        },
        mouse: !args.no_mouse,
        test_panic: std::env::var_os("TAKTUI_TEST_PANIC").is_some_and(|v| v == "1"),
    }
}

/// The game to play, from a file, a TPS or the settings.
pub fn session(args: &PlayArgs) -> anyhow::Result<Session> {
    // Saving writes one game: over its own file only when that file holds just this game,
    // read in full; otherwise saving asks for a new name, so nothing in the file is lost.
    let mut save_to = None;
    let mut record = if let Some(path) = &args.file {
        let games = read_ptn_file(path)?;
        let whole = games.len() == 1 && games[0].warnings.is_empty();
        let Some(game) = games.into_iter().next() else {
            bail!("{}: no game in the file", path.display());
        };
        if let Some(error) = game.error {
            bail!("cannot continue this game: {error}");
        }
        if whole {
            save_to = Some(path.clone());
        }
        game.record.context("the file's game has no record")?
    } else {
        new_record(&args.game)?
    };
    for (color, name) in [
        (Color::White, &args.game.white),
        (Color::Black, &args.game.black),
    ] {
        if let Some(name) = name {
            let tag = if color == Color::White {
                "Player1"
            } else {
                "Player2"
            };
            record.tags_mut().set(tag, name.clone());
        }
    }
    Ok(Session::new(record, save_to))
}

/// The settings `args` ask for on a board of `size`: komi, and stones and capstones where given.
pub fn config_of(args: &GameArgs, size: BoardSize) -> anyhow::Result<GameConfig> {
    let mut config = GameConfig::new(size).with_komi(args.komi.unwrap_or_default());
    if args.flats.is_some() || args.caps.is_some() {
        let standard = Reserves::standard(size);
        let reserves = Reserves {
            stones: args.flats.unwrap_or(standard.stones),
            caps: args.caps.unwrap_or(standard.caps),
        };
        config = config.with_pieces(reserves)?;
    }
    Ok(config)
}

fn new_record(args: &GameArgs) -> anyhow::Result<GameRecord> {
    let tps = match &args.tps {
        Some(text) => Some(
            text.parse::<Tps>()
                .with_context(|| format!("bad TPS {text:?}"))?,
        ),
        None => None,
    };
    let size = match (&tps, args.size) {
        (Some(tps), Some(size)) if tps.size() != size => {
            bail!("the TPS is for a {} board, not {size}", tps.size())
        }
        (Some(tps), _) => tps.size(),
        (None, size) => size.unwrap_or(BoardSize::new(5)?),
    };
    let config = config_of(args, size)?;
    let mut tags = Tags::for_config(&config);
    let (date, time) = tui::now_utc();
    tags.set("Date", date);
    tags.set("Time", time);
    let start = match (&tps, &args.tps) {
        (Some(tps), Some(text)) => {
            tags.set("TPS", text.trim().to_owned());
            tps.to_position(config)
                .with_context(|| format!("bad TPS {text:?}"))?
        }
        _ => crate::rules::Position::new(config),
    };
    let record = GameRecord::new(start, tags);
    Ok(record)
}
