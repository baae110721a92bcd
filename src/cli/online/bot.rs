//! `tak online --bot computer:N | engine:NAME`: a program playing on the server unattended. It
//! posts seeks (`--seek`) or accepts other players' (`--accept`), plays each game that starts
//! with the driver's rules (the program thinking by the server's clock; one that crashes or
//! cheats resigns that game, and the bot goes on), writes a line a game on stderr as
//! `tak match` does, appends every finished game to `--out`, and stops after `--games` or at
//! Ctrl+C (`interrupt.rs`), cleanly.

mod fit;
mod game;
mod interrupt;
mod play;
mod ptn_out;
mod seat;
mod seeks;

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context as _, bail};
use clap::{Args, ValueEnum};

use super::{ConnectArgs, OnlineArgs};
use crate::game::clock::TimeControl;
use crate::game::store::{Store, data_dir};
use crate::game::{Player, parse_player};
use crate::online::connection::{Event, Login};
use crate::online::game::kept_online_games;
use crate::online::protocol::{
    ExtraTime, GameSettings, GuestToken, PlayerName, SeekColor, SeekRequest,
};
use crate::online::transport::Endpoint;
use crate::rules::{BoardSize, GameConfig, Komi, Reserves};

/// The colour a bot's seeks ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SeekSide {
    /// White.
    White,
    /// Black.
    Black,
    /// Whichever the server gives.
    Either,
}

/// The arguments of a bot.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// Play unattended as this program: computer:N (levels 1 to 10) or engine:NAME (an engine
    /// of engines.toml, or engine:cmd:PROGRAM).
    #[arg(long, value_name = "computer:N|engine:NAME")]
    pub bot: Option<String>,
    /// Post seeks for games on this board (3 to 8), a new one after each game.
    #[arg(long, value_name = "SIZE", value_parser = crate::cli::perft::parse_size,
          requires_all = ["bot", "clock"], conflicts_with = "accept")]
    pub seek: Option<BoardSize>,
    /// The seeks' time control, minutes+seconds (whole seconds, as the server keeps them).
    #[arg(long, value_name = "M+S", requires = "seek")]
    pub clock: Option<TimeControl>,
    /// The seeks' komi (0 to 4, whole or half).
    #[arg(long, requires = "seek")]
    pub komi: Option<Komi>,
    /// The colour the seeks ask for.
    #[arg(long, value_enum, default_value_t = SeekSide::Either, requires = "seek")]
    pub color: SeekSide,
    /// Accept other players' seeks (only NAME's, if given) instead of posting them: those the
    /// program can play (an engine, the sizes and komi it announces, with the usual pieces).
    #[arg(long, value_name = "NAME", num_args = 0..=1, default_missing_value = "",
          requires = "bot")]
    pub accept: Option<String>,
    /// Stop after this many games (else go on until Ctrl+C).
    #[arg(long, value_name = "N", requires = "bot",
          value_parser = crate::cli::numbers::between(1_u32, 1_000_000))]
    pub games: Option<u32>,
    /// Append every finished game to this PTN file.
    #[arg(long, value_name = "FILE", requires = "bot")]
    pub out: Option<PathBuf>,
    /// At Ctrl+C, resign a game in progress without asking.
    #[arg(long, requires = "bot")]
    pub resign_on_exit: bool,
}

/// How the bot finds its games.
#[derive(Clone, Debug)]
pub enum Finding {
    /// Posting this seek, again after each game.
    Seeking(SeekRequest),
    /// Accepting the seeks of anyone, or of one player.
    Accepting(Option<String>),
}

/// Runs the bot `args` describe.
pub fn run(args: &OnlineArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let bot = &args.bot;
    let spec = bot.bot.as_deref().unwrap_or_default();
    let player = parse_player(spec, &crate::cli::play::configured_engines())?;
    if matches!(player, Player::Person(_)) {
        bail!("--bot {spec}: a bot is a program: computer:N (1 to 10) or engine:NAME");
    }
    let finding = finding(bot)?;
    if let Some(path) = &bot.out
        && let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty())
        && !folder.is_dir()
    {
        bail!(
            "--out {}: there is no folder {}",
            path.display(),
            folder.display()
        );
    }
    let mut connect = args.connect.clone();
    connect.guest_token = kept_guest(&args.connect);
    let (mut connection, heard) = super::connect(&connect, &mut std::io::stderr())?;
    let name = heard
        .iter()
        .find_map(|event| match event {
            Event::LoggedIn { name, .. } => Some(name.clone()),
            _ => None,
        })
        .context("the server took the login without a name")?;
    let mut interrupt = interrupt::Interrupt::install().context("listening for Ctrl+C")?;
    let mut progress = std::io::stderr();
    let keep = data_dir().map(|data| play::Keeping {
        data,
        url: connection.endpoint().to_string(),
        guest_token: match connection.session().login() {
            Login::Guest(token) => Some(token.as_str().to_owned()),
            Login::Account { .. } => None,
        },
    });
    if keep.is_none() {
        writeln!(
            progress,
            "no data folder (set TAKTUI_DATA_DIR): games are not kept while played, so a \
             restarted bot cannot go back into one"
        )?;
    }
    let summary = play::Bot {
        player,
        name,
        finding,
        games: bot.games,
        out: bot.out.clone(),
        resign_on_exit: bot.resign_on_exit,
        keep,
    }
    .run(&mut connection, &mut interrupt, &mut progress)?;
    connection.close();
    writeln!(out, "{summary}")?;
    Ok(())
}

/// For a guest: the token of the guest who left a game kept unfinished on this server, so the
/// bot logs in as that guest again and goes back into the game (a new guest would have none).
fn kept_guest(args: &ConnectArgs) -> Option<GuestToken> {
    let (server, user) = super::server_and_user(args, &mut std::io::sink());
    if user.is_some() {
        return None;
    }
    let server = server.parse::<Endpoint>().ok()?.to_string();
    let store = Store::in_data_dir(&data_dir()?);
    kept_online_games(&store)
        .into_iter()
        .filter(|kept| kept.server == server && !kept.unfinished.held)
        .find_map(|kept| GuestToken::new(kept.guest_token.as_deref()?).ok())
}

/// Seeking or accepting, as the arguments say, the seek checked as the server would.
fn finding(bot: &BotArgs) -> anyhow::Result<Finding> {
    match (&bot.seek, &bot.accept) {
        (Some(size), None) => {
            let Some(clock) = bot.clock else {
                bail!("--seek needs --clock M+S");
            };
            Ok(Finding::Seeking(seek(*size, clock, bot.komi, bot.color)?))
        }
        (None, Some(name)) if name.is_empty() => Ok(Finding::Accepting(None)),
        (None, Some(name)) => {
            PlayerName::new(name).map_err(|e| anyhow::anyhow!("--accept {name}: {e}"))?;
            Ok(Finding::Accepting(Some(name.clone())))
        }
        _ => bail!("a bot posts seeks (--seek SIZE --clock M+S) or accepts them (--accept [NAME])"),
    }
}

/// The seek a bot posts: the board, clock, komi and colour given, the usual pieces, unrated.
fn seek(
    size: BoardSize,
    clock: TimeControl,
    komi: Option<Komi>,
    wanted: SeekSide,
) -> anyhow::Result<SeekRequest> {
    let whole = |d: Duration| d.subsec_nanos() == 0;
    if !whole(clock.initial) || !whole(clock.increment) {
        bail!("--clock {clock}: the server keeps whole seconds (as 1+0, 0.5+2)");
    }
    let reserves = Reserves::standard(size);
    let settings = GameSettings {
        size,
        time: clock.initial,
        increment: clock.increment,
        komi: komi.unwrap_or(GameConfig::new(size).komi()),
        stones: u32::from(reserves.stones),
        capstones: u32::from(reserves.caps),
        rated: false,
        tournament: false,
        extra_time: ExtraTime::default(),
    };
    let color = match wanted {
        SeekSide::White => SeekColor::White,
        SeekSide::Black => SeekColor::Black,
        SeekSide::Either => SeekColor::Either,
    };
    SeekRequest::new(settings, color, None).map_err(|e| anyhow::anyhow!("the seek: {e}"))
}
