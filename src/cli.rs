//! The `tak` command line: argument parsing and the commands that do not need the terminal UI.
//!
//! Arguments are checked here, before anything else happens, so a mistake gets a plain error
//! message and a non-zero exit status.

mod analyse;
mod check;
mod engines;
pub mod kaen;
pub mod locke;
pub mod matches;
mod numbers;
pub mod online;
mod perft;
pub mod play;
pub mod replay;
pub mod settings;
mod sides;
pub mod study;
mod tei;
mod tinue;

use clap::{Parser, Subcommand};

/// Tak in your terminal: play, replay and check games of Tak.
#[derive(Debug, Parser)]
#[command(name = "tak", version, about, long_about = None, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do; with none, a hotseat game (the options of `tak play` apply).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A new game's settings when no command is given.
    #[command(flatten)]
    pub game: play::GameArgs,
    /// The look, when no command is given.
    #[command(flatten)]
    pub view: play::ViewArgs,
    /// The analysis engine, when no command is given.
    #[command(flatten)]
    pub analysis: play::AnalysisArgs,
    /// A PTN file to replay (as `tak replay FILE`).
    #[arg(conflicts_with_all = ["flats", "caps", "komi", "tps", "white", "black"])]
    pub file: Option<std::path::PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game in the terminal: people, the computer or engines on either side (the default).
    Play(play::PlayArgs),
    /// Replay a PTN file step by step, and take over from any position.
    Replay(replay::ReplayArgs),
    /// Play a match: games taking turns going first, between people, the computer or engines
    /// (engine matches run without a screen for scripts).
    // Every game of a match starts from the empty board (or --openings): --tps is not offered.
    #[command(mut_arg("tps", |arg| arg.hide(true)))]
    Match(matches::MatchArgs),
    /// Count the move sequences DEPTH plies deep (perft): checks the move generator.
    Perft(perft::PerftArgs),
    /// List the external engines configured in engines.toml, and check each.
    Engines(engines::EnginesArgs),
    /// Read PTN files, replay every game by the rules, and report results and errors.
    Check(check::CheckArgs),
    /// Analyse every ply of a game with an engine: marks and evaluations in a new PTN file.
    #[command(alias = "analyze")]
    Analyse(analyse::AnalyseArgs),
    /// Play a series of Kaen, the rulebook's betting game of bridges on a diamond board.
    Kaen(kaen::KaenArgs),
    /// Play Locke (Centerline), the rulebook's game of stacks racing for the middle row.
    Locke(locke::LockeArgs),
    /// Is this position tinue? Whether the side to move forces a road, and how.
    Tinue(tinue::TinueArgs),
    /// Solve puzzles: force a road, stop one, find the best move (progress is remembered).
    Puzzles(study::PuzzlesArgs),
    /// Learn to play: a dozen short lessons on small boards (progress is remembered).
    Learn(study::LearnArgs),
    /// Replay notable games, with comments: tournament games, an engine's loss, a missed tinue.
    Games(study::GamesArgs),
    /// Serve taktui's engine over TEI (the Tak Engine Interface) on standard input and output.
    Tei(tei::TeiArgs),
    /// Play on a PlayTak server: its lobby of seeks and games, and chat; with --bot, a program
    /// plays there unattended.
    Online(online::OnlineArgs),
    /// Runs an engine so that it ends when taktui does (taktui starts engines this way).
    #[command(hide = true)]
    Guard(GuardArgs),
}

/// Arguments of the hidden `tak guard -- PROGRAM ARGS...`.
#[derive(Debug, clap::Args)]
pub struct GuardArgs {
    /// The engine's program.
    pub program: std::path::PathBuf,
    /// Its arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
}

/// The TPS given unquoted after `--tps`, if the arguments look like one split by the shell at
/// its spaces (`--tps x5/x5/x5/x5/x5 1 1`): the TPS as it should have been given.
#[must_use]
pub fn unquoted_tps(args: &[String]) -> Option<String> {
    let at = args.iter().position(|a| a == "--tps")?;
    let board = args.get(at + 1).filter(|a| a.contains('/'))?;
    let numbers: Vec<&String> = args[at + 2..]
        .iter()
        .take(2)
        .take_while(|a| !a.is_empty() && a.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    if numbers.is_empty() {
        return None;
    }
    let mut tps = board.clone();
    for n in numbers {
        tps.push(' ');
        tps.push_str(n);
    }
    Some(tps)
}

/// How a command ended, for the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// All went well.
    Success,
    /// The command ran but found problems (a game with an error, no forced road ...).
    Problems,
    /// The input was wrong (said on stderr): status 2, as for a bad argument.
    BadInput,
}

/// Runs the command line, writing results to `out`.
pub fn run(cli: Cli, out: &mut impl std::io::Write) -> anyhow::Result<Outcome> {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args, out).map(|()| Outcome::Success),
        Some(Command::Engines(args)) => engines::run(&args, out).map(|well| {
            if well {
                Outcome::Success
            } else {
                Outcome::Problems
            }
        }),
        Some(Command::Check(args)) => {
            let summary = check::run(&args, out, &mut std::io::stderr().lock())?;
            Ok(if summary.failed(args.strict) {
                Outcome::Problems
            } else {
                Outcome::Success
            })
        }
        Some(Command::Play(args)) => play::run(&args, out).map(|()| Outcome::Success),
        Some(Command::Replay(args)) => replay::run(&args, out).map(|()| Outcome::Success),
        Some(Command::Analyse(args)) => analyse::run(&args, out).map(|()| Outcome::Success),
        Some(Command::Match(args)) => matches::run(&args, out).map(|()| Outcome::Success),
        Some(Command::Tei(args)) => tei::run(&args, out).map(|()| Outcome::Success),
        Some(Command::Online(args)) => online::run(&args, out).map(|()| Outcome::Success),
        Some(Command::Tinue(args)) => tinue::run(&args, out),
        Some(Command::Puzzles(args)) => study::run_puzzles(&args, out).map(|()| Outcome::Success),
        Some(Command::Learn(args)) => study::run_learn(&args, out).map(|()| Outcome::Success),
        Some(Command::Games(args)) => study::run_games(&args, out).map(|()| Outcome::Success),
        Some(Command::Guard(args)) => match crate::tei::guard::run(&args.program, &args.args) {
            Ok(status) if status.success() => Ok(Outcome::Success),
            Ok(_) => Ok(Outcome::Problems),
            Err(error) => {
                // The status taktui reads as "cannot start", the reason on stderr.
                eprintln!("{}: {error}", args.program.display());
                std::process::exit(crate::tei::guard::CANNOT_START);
            }
        },
        Some(Command::Kaen(args)) => kaen::run(&args, out).map(|()| Outcome::Success),
        Some(Command::Locke(args)) => locke::run(&args, out).map(|()| Outcome::Success),
        None => {
            if let Some(file) = cli.file {
                let args = replay::ReplayArgs {
                    view: cli.view,
                    game: None,
                    ply: None,
                    size: cli.game.size,
                    analysis: cli.analysis,
                    file,
                };
                replay::run(&args, out).map(|()| Outcome::Success)
            } else {
                let args = play::PlayArgs {
                    game: cli.game,
                    view: cli.view,
                    analysis: cli.analysis,
                    file: None,
                    game_number: None,
                };
                play::run(&args, out).map(|()| Outcome::Success)
            }
        }
    }
}
