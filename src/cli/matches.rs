//! `tak match`: a series of games, the players taking turns going first, scored by the
//! rulebook and saved to one PTN file; at the board, or (two programs, for scripts) without a
//! screen (`matches/unattended.rs`).

mod folder;
mod kaen_locke;
mod unattended;

use std::io::IsTerminal as _;
use std::path::PathBuf;

use anyhow::{Context as _, bail};
use clap::Args;

use super::play::{GameArgs, ViewArgs, options};
use crate::files::Held;
use crate::game::engines::EngineEntry;
use crate::game::kaen::Die;
use crate::game::store::{Keeper, KeptGame, KeptRecord, Store};
use crate::game::{Match, Opening, Player, openings_size, parse_player, read_openings};
use crate::record::{GameRecord, Stamp, read_ptn_file, read_text_file};
use crate::rules::{BoardSize, GameConfig};
use crate::tui::screens::{CLOCKS_STOPPED, MatchScreen};
use crate::tui::{self, App, Screen};

/// The games a match may be of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum MatchKind {
    /// Tak.
    #[default]
    Tak,
    /// Locke: the computer at two levels, with no screen.
    Locke,
    /// Kaen: series between the computer at two levels, with no screen.
    Kaen,
}

/// Arguments of `tak match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The game: Tak, or Locke or Kaen between two computers (--white computer:N --black
    /// computer:M), a line a game (a series, for Kaen) on stderr and the summary on stdout.
    #[arg(long, value_enum, default_value_t = MatchKind::Tak)]
    pub game: MatchKind,
    /// Kaen: games in each series [default: 5].
    #[arg(long, value_parser = super::numbers::between(1_u32, 1_000))]
    pub series_games: Option<u32>,
    /// Locke: the modern game (no limit on a stack's height).
    #[arg(long)]
    pub modern: bool,
    /// How many games (the players take turns going first; with --openings, two an opening
    /// unless given).
    #[arg(long, value_parser = super::numbers::between(1_u16, 10_000))]
    pub games: Option<u16>,
    /// Start the games from these openings, each played twice with the colours swapped: a PTN
    /// file (each game's moves) or a list, one a line, of TPS or moves (a1 e5 c3). Without
    /// --size, the match is played on their board.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// No screen: progress on stderr, the result on stdout (for two programs; also what happens
    /// when stdout is not a terminal).
    #[arg(long)]
    pub quiet: bool,
    /// The settings of every game; --white names the player who goes first in game 1.
    #[command(flatten)]
    pub settings: GameArgs,
    /// The look.
    #[command(flatten)]
    pub view: ViewArgs,
    /// The PTN file the games are saved to (default: tak-match-DATE-TIME.ptn here); for
    /// Locke and Kaen a new folder, a file a game or series in it (default:
    /// locke-match-DATE-TIME or kaen-match-DATE-TIME here).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Take up the match saved in --out where it stopped (a crash, Ctrl+C): its games count,
    /// and the rest are played. Give the same players, settings and openings.
    #[arg(long = "continue", requires = "out")]
    pub resume: bool,
    /// Locke and Kaen: the computer's choices and Kaen's die from this seed, so that a run
    /// can be repeated (without it the die draws each roll from the system's randomness).
    #[arg(long)]
    pub seed: Option<u64>,
}

/// Runs the match, then prints the table of results.
pub fn run(args: &MatchArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    if args.game != MatchKind::Tak {
        return kaen_or_locke(args, out);
    }
    if args.series_games.is_some() || args.modern || args.seed.is_some() {
        bail!("--series-games is for --game kaen, --modern for --game locke, --seed for either");
    }
    if args.settings.tps.is_some() {
        bail!("a match starts every game from the empty board: --tps does not apply");
    }
    let (config, openings) = board_and_openings(args)?;
    // Each seat a person, the computer or an engine, checked before the terminal is taken.
    let configured = super::play::configured_engines();
    let mut seats = Vec::new();
    for (spec, default) in [
        (&args.settings.white, "Player A"),
        (&args.settings.black, "Player B"),
    ] {
        seats.push(match spec {
            Some(text) => parse_player(text, &configured)?,
            None => Player::Person(default.to_owned()),
        });
    }
    let seats: [Player; 2] = [seats[0].clone(), seats[1].clone()];
    // Programs by their names (`Computer (level 3)`, the engine's), people as given.
    let players = [0, 1].map(|seat| match &seats[seat] {
        Player::Person(name) if name.is_empty() => ["Player A", "Player B"][seat].to_owned(),
        player => player.tag_name().unwrap_or_default(),
    });
    // Two of the same (computer:3 against itself) told apart.
    let players = if players[0] == players[1] {
        let [a, b] = players;
        [format!("{a} A"), format!("{b} B")]
    } else {
        players
    };
    // The default name is dated to the minute: a second match that minute gets `-2`. The
    // file is held until the match ends: a second run on it refuses.
    let (path, _held) = match_file(args)?;
    let games = args.games.map_or(2 * openings.len().max(1), usize::from);
    if !openings.is_empty() && games % 2 == 1 {
        bail!(
            "--games {games} with --openings: each opening is played twice (both colours), so give an even number"
        );
    }
    let mut matchup = Match::new(players, games, config, path).with_openings(openings);
    matchup.seed = super::play::seed();
    if args.resume {
        matchup = resumed(matchup)?;
        if matchup.is_over() {
            writeln!(out, "The match in {} is over.", matchup.path.display())?;
            unattended::summary(&matchup, out)?;
            return Ok(());
        }
    }
    if args.quiet || !std::io::stdout().is_terminal() {
        // Programs' games are not kept apart: without the file, there is nothing to take up.
        if args.resume && !matchup.path.exists() {
            return Err(no_match(&matchup.path));
        }
        unattended::run(
            matchup,
            &seats,
            args.settings.clock,
            &mut std::io::stderr(),
            out,
        )?;
        return Ok(());
    }
    at_the_board(matchup, seats, configured, args, out)
}

/// Plays `matchup` on the screen, then prints its table.
fn at_the_board(
    matchup: Match,
    seats: [Player; 2],
    configured: Vec<EngineEntry>,
    args: &MatchArgs,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    // As typed (a name not in UTF-8 shown as near as can be, never a panic).
    let words: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    let command = continue_command(&words, args.out.is_some(), &matchup.path);
    let mut screen = MatchScreen::new(matchup, args.view.learn, args.settings.clock)
        .with_seats(seats)
        .with_resume_command(command);
    let store = Store::usual();
    let mut keeper = Keeper::new(store.clone());
    // The game being played when the match stopped goes on where it was, if it was kept.
    let taken_up = match store.as_ref().filter(|_| args.resume) {
        Some(store) => kept_game(store, screen.matchup()).map(|(kept, record)| {
            keeper.adopt(kept);
            screen.take_up(record)
        }),
        None => None,
    };
    // Stopped in its first game, a match has no file yet: its kept game is all there is.
    if args.resume && taken_up.is_none() && !screen.matchup().path.exists() {
        return Err(no_match(&screen.matchup().path));
    }
    // The first game's engines started now, off the clock (the later games' start when first
    // asked to move).
    let problems = screen
        .play_mut()
        .prepare_programs()
        .map_err(anyhow::Error::msg)?;
    let number = screen.matchup().game_number();
    let mut app = App::new(Screen::Match(screen), options(args.view), keeper).offering(configured);
    let mut said = problems;
    match taken_up {
        Some(true) => said.push(format!(
            "game {number} taken up where it was left; {CLOCKS_STOPPED}"
        )),
        Some(false) => said.push(format!("game {number} taken up where it was left")),
        None => {}
    }
    if !said.is_empty() {
        app.say(said.join("; "));
    }
    let app = tui::run(app)?;
    if let Screen::Match(screen) = app.screen() {
        unattended::summary(screen.matchup(), out)?;
    }
    Ok(())
}

/// The file the match is saved to: `--out`, or a new dated name here; held by this process
/// (another `tak match` on it, running now, is refused). Checked before the terminal is taken:
/// never replace a file, never fail only at the end.
fn match_file(args: &MatchArgs) -> anyhow::Result<(PathBuf, Held)> {
    let (path, held) = if let Some(path) = &args.out {
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty())
            && !folder.is_dir()
        {
            bail!(
                "{}: there is no folder {}",
                path.display(),
                folder.display()
            );
        }
        let held = crate::files::hold(path)?;
        (path.clone(), held)
    } else {
        // Two matches started in the same minute each get a name of their own: the first
        // free of `tak-match-DATE-TIME.ptn`, `...-2.ptn`... that no running match holds.
        let stem = format!("tak-match-{}", Stamp::now().file_stem());
        let free = (1..10_000).find_map(|n| {
            let path = PathBuf::from(if n == 1 {
                format!("{stem}.ptn")
            } else {
                format!("{stem}-{n}.ptn")
            });
            if path.exists() {
                return None;
            }
            let held = crate::files::hold(&path).ok()?;
            (!path.exists()).then_some((path, held))
        });
        free.ok_or_else(|| anyhow::anyhow!("no free name for a match file here ({stem}.ptn)"))?
    };
    // Looked at once held: a match started meanwhile has written nothing yet, or has let go.
    if path.exists() && !args.resume {
        bail!(
            "{} exists: choose another --out, move it away, or take the match up where it \
             stopped with --continue",
            path.display()
        );
    }
    Ok((path, held))
}

/// The command that takes up a match started with the arguments `words` (those after the
/// program's name): the same, as `tak`, with `--continue` and, when `out_given` is false,
/// `--out` naming `path` (the name the match was given), each added only if missing.
fn continue_command(words: &[String], out_given: bool, path: &std::path::Path) -> String {
    let mut words: Vec<String> = words.to_vec();
    if !out_given {
        words.push("--out".to_owned());
        words.push(path.display().to_string());
    }
    if !words.iter().any(|word| word == "--continue") {
        words.push("--continue".to_owned());
    }
    let quoted =
        shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "));
    format!("tak {quoted}")
}

/// What `--continue` says when there is nothing to take up at `path`.
fn no_match(path: &std::path::Path) -> anyhow::Error {
    anyhow::anyhow!(
        "{}: no such file, and no game of this match kept, so no match to continue",
        path.display()
    )
}

/// `matchup` with the games its file holds as its finished games (none when there is no file
/// yet: the match was stopped in its first game).
fn resumed(matchup: Match) -> anyhow::Result<Match> {
    let path = matchup.path.clone();
    if !path.exists() {
        return Ok(matchup);
    }
    let mut games = Vec::new();
    for (index, game) in read_ptn_file(&path)?.into_iter().enumerate() {
        match (game.record, game.error) {
            (Some(record), None) => games.push(record),
            (_, Some(error)) => bail!("{}: game {}: {error}", path.display(), index + 1),
            (None, None) => bail!("{}: game {} is not a game", path.display(), index + 1),
        }
    }
    matchup
        .resumed(games)
        .with_context(|| format!("{} cannot be continued", path.display()))
}

/// The match's next game as it was kept when the program stopped, taken from `store` (the
/// latest such game, if several were).
fn kept_game(store: &Store, matchup: &Match) -> Option<(KeptGame, GameRecord)> {
    store
        .unfinished()
        .into_iter()
        .filter(|game| !game.held)
        .filter(
            |game| matches!(&game.game, KeptRecord::Tak(record) if matchup.is_next_game(record)),
        )
        .find_map(|game| match store.claim(&game.path).ok()? {
            (kept, KeptRecord::Tak(record)) => Some((kept, *record)),
            _ => None,
        })
}

/// The match's settings and openings: on the board `--size` gives, else the one the openings
/// are for, else 5x5; the openings read and checked against it.
fn board_and_openings(args: &MatchArgs) -> anyhow::Result<(GameConfig, Vec<Opening>)> {
    let Some(file) = &args.openings else {
        let size = args.settings.size.unwrap_or(BoardSize::new(5)?);
        return Ok((args.settings.new_game().config(size)?, Vec::new()));
    };
    // Read as a PTN file is: a FIFO, a device or a file over the cap is refused, not read.
    let text = read_text_file(file).context("reading the openings")?;
    let size = match (args.settings.size, openings_size(&text)) {
        (Some(size), _) | (None, Some(size)) => size,
        (None, None) => BoardSize::new(5)?,
    };
    let config = args.settings.new_game().config(size)?;
    let openings = read_openings(&text, config).with_context(|| format!("{}", file.display()))?;
    Ok((config, openings))
}

/// A match of Locke or Kaen between two computers, with no screen.
fn kaen_or_locke(args: &MatchArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let name = if args.game == MatchKind::Kaen {
        "Kaen"
    } else {
        "Locke"
    };
    let tak_only = [
        (args.openings.is_some(), "--openings"),
        (args.settings.size.is_some(), "--size"),
        (args.settings.komi.is_some(), "--komi"),
        (args.settings.clock.is_some(), "--clock"),
        (args.settings.tps.is_some(), "--tps"),
        (args.settings.vs.is_some(), "--vs"),
        (
            args.settings.flats.is_some() || args.settings.caps.is_some(),
            "--flats/--caps",
        ),
        (args.game == MatchKind::Kaen && args.modern, "--modern"),
        (
            args.game == MatchKind::Locke && args.series_games.is_some(),
            "--series-games",
        ),
    ];
    if let Some((_, flag)) = tak_only.iter().find(|(given, _)| *given) {
        bail!("{flag} does not apply to a match of {name}");
    }
    let seats = kaen_locke::Seats::read([&args.settings.white, &args.settings.black], name)?;
    let games = args.games.map_or(20, usize::from);
    let each = if args.game == MatchKind::Kaen {
        ("series", "series")
    } else {
        ("game", "games")
    };
    let folder = folder::Folder::open(args.out.as_deref(), name, each, args.resume)?;
    let stop = kaen_locke::interrupt_flag();
    let mut progress = std::io::stderr();
    let mut run = kaen_locke::Run {
        seats: &seats,
        // A seed given repeats a run: the die's faces too.
        seed: args.seed.unwrap_or_else(super::play::seed),
        die: args.seed.map_or_else(Die::random, Die::seeded),
        folder: &folder,
        stop: &stop,
        progress: &mut progress,
    };
    let mut summary = Vec::new();
    let played = if args.game == MatchKind::Kaen {
        let config = crate::kaen::SeriesConfig::new(
            crate::kaen::SeriesConfig::DEFAULT_CHIPS,
            crate::kaen::SeriesConfig::DEFAULT_BET,
            args.series_games.unwrap_or(DEFAULT_SERIES_GAMES),
            false,
        )?;
        kaen_locke::kaen(&mut run, config, games, &mut summary).map(|_| ())
    } else {
        let config = if args.modern {
            crate::locke::Config::new(crate::locke::Variant::Modern, 10)?
        } else {
            crate::locke::Config::classic()
        };
        kaen_locke::locke(&mut run, config, games, &mut summary).map(|_| ())
    };
    // The summary so far, even of a match stopped part way.
    out.write_all(&summary)?;
    played
}

/// Games in each series of a Kaen match when --series-games is not given.
const DEFAULT_SERIES_GAMES: u32 = 5;

#[cfg(test)]
mod tests {
    use super::continue_command;
    use std::path::Path;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn the_continue_command_adds_the_out_file_the_match_was_given() {
        let command = continue_command(
            &words("match --white Ann --black computer:3"),
            false,
            Path::new("tak-match-2026-12-06-0158.ptn"),
        );
        assert_eq!(
            command,
            "tak match --white Ann --black computer:3 --out tak-match-2026-12-06-0158.ptn \
             --continue"
        );
    }

    #[test]
    fn the_continue_command_keeps_an_out_typed_and_quotes_what_a_shell_would_split() {
        let command = continue_command(
            &words("match --white Ann_Lee --out my_games.ptn"),
            true,
            Path::new("my_games.ptn"),
        );
        assert_eq!(
            command,
            "tak match --white Ann_Lee --out my_games.ptn --continue"
        );
        let spaced = continue_command(
            &[
                "match".to_owned(),
                "--out".to_owned(),
                "my games.ptn".to_owned(),
            ],
            true,
            Path::new("my games.ptn"),
        );
        assert_eq!(spaced, "tak match --out 'my games.ptn' --continue");
    }

    #[test]
    fn the_continue_command_says_continue_once() {
        let command = continue_command(
            &words("match --continue --out m.ptn"),
            true,
            Path::new("m.ptn"),
        );
        assert_eq!(command, "tak match --continue --out m.ptn");
    }
}
