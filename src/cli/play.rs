//! `tak play` (and plain `tak`): set up a hotseat game, then hand it to the terminal app.
//!
//! Everything is checked here, before the terminal is taken over, so a bad argument or file
//! gets a plain error message.

use std::io::IsTerminal as _;
use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Args, ValueEnum};

use super::perft::parse_size;
use super::settings::{self, ThemeName};
use crate::game::clock::TimeControl;
use crate::game::engines::{self, EngineEntry, EngineSpec};
use crate::game::setup::{self, NewGame};
use crate::game::store::{self, Keeper, KeptRecord, Store};
use crate::game::{Player, Session, parse_player};
use crate::record::{ReadOptions, Stamp, read_ptn_file_with};
use crate::rules::{BoardSize, ByColor, Color, Komi};
use crate::tui::dialogs::UnfinishedDialog;
use crate::tui::screens::PlayScreen;
use crate::tui::{self, App, Dialog, Options, Screen, Theme};

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
    /// White (player 1, who moves first): a name, `computer[:LEVEL]` (levels 1 to 10),
    /// `engine:NAME` (from engines.toml) or "engine:cmd:PROGRAM ARGS".
    #[arg(long)]
    pub white: Option<String>,
    /// Black (player 2): as --white.
    #[arg(long)]
    pub black: Option<String>,
    /// Play against the computer (`computer`, `computer:LEVEL`) or an engine (`engine:NAME`):
    /// it takes Black, or White when only --black is given.
    #[arg(long, value_name = "computer[:LEVEL]|engine:NAME")]
    pub vs: Option<String>,
    /// Stones per player, instead of the usual number for the size.
    #[arg(long)]
    pub flats: Option<u8>,
    /// Capstones per player, instead of the usual number for the size.
    #[arg(long)]
    pub caps: Option<u8>,
    /// Start from this position (TPS), e.g. "x5/x5/x2,12C,x2/x5/x5 1 3".
    #[arg(long)]
    pub tps: Option<String>,
    /// Play with clocks: minutes each + seconds added after every ply, e.g. 10+5 (p pauses).
    #[arg(long)]
    pub clock: Option<TimeControl>,
}

impl GameArgs {
    /// Whether any setting of a new game was given (a size, a player, a clock...).
    #[must_use]
    pub const fn sets_up_a_game(&self) -> bool {
        self.size.is_some()
            || self.komi.is_some()
            || self.white.is_some()
            || self.black.is_some()
            || self.vs.is_some()
            || self.flats.is_some()
            || self.caps.is_some()
            || self.tps.is_some()
            || self.clock.is_some()
    }
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
    /// Colours for the terminal's background; remembered for the next time (in config.toml
    /// in taktui's config folder).
    #[arg(long, value_enum)]
    pub theme: Option<ThemeName>,
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
    /// The analysis engine.
    #[command(flatten)]
    pub analysis: AnalysisArgs,
    /// Continue the game saved in this PTN file (its moves replayed, ready for the next);
    /// `--size` then says the board size when the file has no Size tag or a wrong one.
    #[arg(conflicts_with_all = ["flats", "caps", "komi", "tps"])]
    pub file: Option<PathBuf>,
    /// Which game of the file to play on from, when it holds several (1 for the first;
    /// `tak replay FILE` lists them).
    #[arg(long = "game", value_name = "N", requires = "file")]
    pub game_number: Option<usize>,
}

/// The engine that analyses and gives hints.
#[derive(Clone, Debug, Default, Args)]
pub struct AnalysisArgs {
    /// The engine for analysis (a) and hints (H): a name from engines.toml, or cmd:PROGRAM
    /// ARGS (default: taktui's own).
    #[arg(long, value_name = "ENGINE")]
    pub engine: Option<String>,
}

impl AnalysisArgs {
    /// The engine named, checked now (before the terminal is taken); `None`: taktui's own.
    pub fn entry(&self) -> anyhow::Result<Option<EngineEntry>> {
        let Some(text) = &self.engine else {
            return Ok(None);
        };
        let text = text.strip_prefix("engine:").unwrap_or(text);
        let spec = EngineSpec::parse(text).ok_or_else(|| {
            anyhow::anyhow!("--engine {text:?}: name an engine, or cmd:PROGRAM ARGS")
        })?;
        spec.resolve(&configured_engines())
            .map(Some)
            .context("--engine")
    }
}

/// Sets up the game, runs the terminal app, and says afterwards what became of the game.
pub fn run(args: &PlayArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let session = session(args)?;
    let store = Store::usual();
    let (players, mut problems) = players_of(args, &session)?;
    let mut play = PlayScreen::new(session)
        .with_natural_pause()
        .learning(args.view.learn)
        .with_players(players, seed());
    if let Some(control) = args.game.clock {
        play = play.with_clock(control);
    }
    // Engines started now, off the clock, and one that cannot play refused before the
    // terminal is taken.
    problems.extend(play.prepare_programs().map_err(anyhow::Error::msg)?);
    let engine = args.analysis.entry()?;
    let (options, theme_note) = look(args.view);
    let mut app = App::new(Screen::Play(play), options, Keeper::new(store.clone()))
        .analysing_with(engine)
        .offering(configured_engines())
        .seeded(seed());
    if !problems.is_empty() {
        app.say(problems.join("; "));
    }
    // A fresh game offers the unfinished ones first; a game from a file or a TPS is what
    // was asked for.
    if let Some(file) = &args.file {
        let reading = ReadOptions {
            size: args.game.size,
        };
        let games = read_ptn_file_with(file, &reading).map_or(1, |g| g.len());
        if games > 1 && args.game_number.is_none() {
            app.say(format!(
                "{} holds {games} games: playing on from the first (--game N for another; \
                 tak replay lists them)",
                file.display()
            ));
        }
    }
    let fresh = args.file.is_none() && args.game.tps.is_none();
    let hotseat = app
        .play()
        .is_some_and(|play| play.players().iter().all(|(_, p)| !p.is_program()));
    if fresh && hotseat {
        // Plain `tak`: say where the computer and the lessons are.
        app.say("two players at one keyboard · n for the computer, lessons or puzzles");
    }
    if fresh {
        offer_unfinished(
            &mut app,
            store.as_ref(),
            |_| true,
            args.game.sets_up_a_game(),
            "tak",
        );
    }
    // Last, so no message above replaces it: a remembered light theme on a dark terminal is
    // unreadable, and nothing else says why.
    if let Some(note) = theme_note {
        app.also(&note);
    }
    let app = tui::run(app)?;
    farewell(&app, out)
}

/// Opens the list of the unfinished games kept in `store` that `wanted` keeps (`tak kaen`
/// offers Kaen's only) over the app's first screen, if there are any: resume one, discard
/// one, or play on with what was asked for. When the command line `set_up` the new game (a
/// size, a computer to play...), that game is the one wanted: the list waits for the same
/// `command` without settings, and the player is told how many games are kept.
pub fn offer_unfinished(
    app: &mut App,
    store: Option<&Store>,
    wanted: fn(&KeptRecord) -> bool,
    set_up: bool,
    command: &str,
) {
    // Kept files that give no game at all are left as they are, and said.
    let unreadable = store.map(Store::unreadable).unwrap_or_default();
    if let Some((first, why)) = unreadable.first() {
        app.also(&format!(
            "{} kept cannot be read and {} left as {}: {} ({why})",
            crate::words::count(unreadable.len(), "game", "games"),
            if unreadable.len() == 1 { "is" } else { "are" },
            if unreadable.len() == 1 {
                "it is"
            } else {
                "they are"
            },
            crate::record::shown_path(first),
        ));
    }
    let mut games = store.map(Store::unfinished).unwrap_or_default();
    games.retain(|game| wanted(&game.game));
    if games.is_empty() {
        return;
    }
    if set_up {
        let kept = games.iter().filter(|game| !game.held).count();
        if kept > 0 {
            app.also(&format!(
                "{} kept: plain `{command}` offers to resume {}",
                crate::words::count(kept, "unfinished game is", "unfinished games are"),
                if kept == 1 { "it" } else { "them" }
            ));
        }
        return;
    }
    let dialog = UnfinishedDialog::new(games, std::time::SystemTime::now());
    app.open(Dialog::Unfinished(dialog));
}

/// After the app: where the game is (saved, or kept for resuming): Tak, Kaen or Locke.
pub fn farewell(app: &App, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let rulebook = match app.screen() {
        Screen::Kaen(screen) => Some((
            screen.session().path(),
            screen.session().is_dirty(),
            "tak kaen",
        )),
        Screen::Locke(screen) => Some((
            screen.session().path(),
            screen.session().is_dirty(),
            "tak locke",
        )),
        _ => None,
    };
    if let Some((saved, dirty, command)) = rulebook {
        match (saved, dirty, app.keeper().path()) {
            (Some(path), false, _) => writeln!(
                out,
                "The game is saved in {}: `{command} {}` opens it again.",
                path.display(),
                shell_word(path)
            )?,
            (saved, true, Some(kept)) => writeln!(
                out,
                "{}",
                kept_words(
                    saved,
                    kept,
                    app.keeper().behind(),
                    &format!("`tak` or `{command}`")
                )
            )?,
            _ => {}
        }
        return Ok(());
    }
    let Some(play) = app.play() else {
        // Left for the lessons or the puzzles (or a replay): a game left behind is kept.
        let kept = app
            .keeper()
            .store()
            .is_some_and(|store| store.unfinished().iter().any(|game| !game.held));
        if matches!(app.screen(), Screen::Study(_) | Screen::PuzzleList(_)) && kept {
            writeln!(
                out,
                "Unfinished games are kept: the next `tak` offers to resume them."
            )?;
        }
        return Ok(());
    };
    let session = play.session();
    let over = session.is_over();
    match (
        session.has_unsaved_game(),
        session.path(),
        app.keeper().path(),
    ) {
        (true, saved, Some(kept)) if !over => {
            let behind = app.keeper().behind();
            writeln!(out, "{}", kept_words(saved, kept, behind, "plain `tak`"))?;
        }
        // Over (so not kept), its end not saved: the quit dialog said so.
        (true, Some(path), _) => {
            writeln!(out, "The last moves are not saved in {}.", path.display())?;
        }
        (false, Some(path), _) => {
            let next = if over {
                format!("`tak replay {}` replays it", shell_word(path))
            } else {
                format!("`tak play {}` plays on from it", shell_word(path))
            };
            writeln!(out, "The game is saved in {}: {next}.", path.display())?;
        }
        _ => {}
    }
    Ok(())
}

/// `path` as a shell word, quoted (by `shlex`) when it holds anything a shell reads otherwise.
fn shell_word(path: &std::path::Path) -> String {
    let text = path.display().to_string();
    // Only a NUL byte cannot be quoted, and no path holds one.
    shlex::try_quote(&text).map_or(text.clone(), std::borrow::Cow::into_owned)
}

/// What is said of a game whose last moves are not saved, kept in `kept` for `command` to
/// resume: `saved` is the file its earlier moves are saved in, if any; `behind` why the kept
/// file lacks the last moves, if it does (a full disk), so that no more is promised than kept.
fn kept_words(
    saved: Option<&std::path::Path>,
    kept: &std::path::Path,
    behind: Option<&str>,
    command: &str,
) -> String {
    let kept = kept.display();
    if let Some(problem) = behind {
        let lost = match saved {
            None => "The game was not saved".to_owned(),
            Some(file) => format!("The last moves are not saved in {}", file.display()),
        };
        return format!(
            "{lost}, and its last moves could not be kept ({problem}): {kept} holds the game \
             as it was before them, and the next {command} offers to resume that."
        );
    }
    match saved {
        None => format!(
            "The game was not saved. It is kept in {kept}: the next {command} offers to resume it."
        ),
        Some(file) => format!(
            "The last moves are not saved in {file}. The game is kept in {kept}: the next \
             {command} offers to resume it, and w then saves it to {file} (unless that file \
             has changed since).",
            file = file.display()
        ),
    }
}

/// The app's options from the look arguments, the remembered settings and the environment.
/// A theme given is remembered; a problem with the settings file is a warning on stderr (this
/// runs before the terminal is taken over), and so is what is remembered (seen once the
/// terminal is given back).
#[must_use]
pub fn options(args: ViewArgs) -> Options {
    look(args).0
}

/// [`options`], and what to tell the player of the theme on screen too: that it was just
/// remembered, or that a remembered one is in use, and how to change it.
#[must_use]
pub fn look(args: ViewArgs) -> (Options, Option<String>) {
    let (theme, note) = settings::theme(
        settings::config_dir().as_deref(),
        args.theme,
        &mut std::io::stderr(),
    );
    if let Some(note) = &note {
        eprintln!("tak: {note}");
    }
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    };
    let options = Options {
        theme: Theme {
            ascii: args.ascii,
            color,
            palette: theme.into(),
        },
        mouse: !args.no_mouse,
        test_panic: std::env::var_os("TAKTUI_TEST_PANIC").is_some_and(|v| v == "1"),
    };
    (options, note)
}

/// The engines named in `engines.toml`; what is wrong with the file is said on stderr (the
/// terminal is not taken yet) and the rest still used.
#[must_use]
pub fn configured_engines() -> Vec<EngineEntry> {
    // Read wherever engines are needed, its problems said once.
    static WARNED: std::sync::Once = std::sync::Once::new();
    let Some(dir) = store::config_dir() else {
        return Vec::new();
    };
    let (engines, problems) = engines::configured(&dir);
    WARNED.call_once(|| {
        for problem in problems {
            eprintln!("tak: warning: {problem}");
        }
    });
    engines
}

/// A seed for the computer's weak levels, so they vary from game to game.
#[must_use]
pub fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

impl GameArgs {
    /// Who plays each side: a person (named or not) or the computer at a level.
    pub fn players_playing(&self) -> anyhow::Result<ByColor<Player>> {
        let configured = configured_engines();
        let parse = |spec: &Option<String>| -> anyhow::Result<Player> {
            Ok(match spec {
                Some(text) => parse_player(text, &configured)?,
                None => Player::Person(String::new()),
            })
        };
        let mut players = ByColor::new(parse(&self.white)?, parse(&self.black)?);
        if let Some(spec) = &self.vs {
            let computer = parse_player(spec, &configured)?;
            if !computer.is_program() {
                anyhow::bail!(
                    "--vs {spec:?}: give computer, computer:LEVEL (1 to 10) or engine:NAME"
                );
            }
            if self.white.is_some() && self.black.is_some() {
                anyhow::bail!(
                    "--vs seats the computer on a side without a player, but --white and --black \
                     both name one: drop one of them, or --vs"
                );
            }
            if self.black.is_some() && self.white.is_none() {
                players.white = computer;
            } else {
                players.black = computer;
            }
        }
        Ok(players)
    }

    /// The players' names given.
    #[must_use]
    pub fn players(&self) -> ByColor<Option<String>> {
        ByColor::new(self.white.clone(), self.black.clone())
    }

    /// The new game these arguments describe.
    #[must_use]
    pub fn new_game(&self) -> NewGame {
        NewGame {
            size: self.size,
            komi: self.komi,
            flats: self.flats,
            caps: self.caps,
            tps: self.tps.clone(),
            players: self.players(),
        }
    }
}

/// Who plays each side: as the command line says, and for a game from a file, a side it
/// leaves open as the file's tags say (the computer goes on as the computer, a configured
/// engine as that engine). With what could not be seated as the file says.
fn players_of(
    args: &PlayArgs,
    session: &Session,
) -> anyhow::Result<(ByColor<Player>, Vec<String>)> {
    let mut players = args.game.players_playing()?;
    let mut problems = Vec::new();
    if args.file.is_some() {
        let configured = configured_engines();
        for color in Color::ALL {
            if matches!(&players[color], Player::Person(name) if name.is_empty()) {
                let tags = session.record().tags();
                let (player, missing) = Player::from_tags(tags, color, &configured);
                players[color] = player;
                problems.extend(missing);
            }
        }
    }
    Ok((players, problems))
}

/// The game to play: from a file, a TPS or the settings.
pub fn session(args: &PlayArgs) -> anyhow::Result<Session> {
    Ok(match &args.file {
        Some(path) => {
            let options = ReadOptions {
                size: args.game.size,
            };
            // A Kaen or Locke record is played on by its own command.
            if let Ok(text) = crate::record::read_text_file(path) {
                crate::record::expect_game(&text, crate::record::GameKind::Tak)
                    .with_context(|| path.display().to_string())?;
            }
            // Counted from 1, as `tak replay --game` counts.
            let index = match args.game_number {
                Some(0) => anyhow::bail!("--game counts from 1"),
                Some(n) => n - 1,
                None => 0,
            };
            setup::continue_game(path, index, &args.game.players(), &options)?
        }
        None => Session::new(args.game.new_game().record(Stamp::now())?, None),
    })
}
