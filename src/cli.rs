//! The `tak` command line: argument parsing and the commands that do not need the terminal UI.
//!
//! Arguments are checked here, before anything else happens, so a mistake gets a plain error
//! message and a non-zero exit status.

mod check;
mod perft;

use clap::{Parser, Subcommand};

/// Tak in your terminal: play, replay and check games of Tak.
#[derive(Debug, Parser)]
#[command(name = "tak", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the move sequences DEPTH plies deep (perft): checks the move generator.
    Perft(perft::PerftArgs),
    /// Read PTN files, replay every game by the rules, and report results and errors.
    Check(check::CheckArgs),
}

/// How a command ended, for the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// All went well.
    Success,
    /// The command ran but found problems (a game with an error, ...).
    Problems,
}

/// Runs the command line, writing results to `out`.
pub fn run(cli: Cli, out: &mut impl std::io::Write) -> anyhow::Result<Outcome> {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args, out).map(|()| Outcome::Success),
        Some(Command::Check(args)) => {
            let summary = check::run(&args, out)?;
            Ok(if summary.failed(args.strict) {
                Outcome::Problems
            } else {
                Outcome::Success
            })
        }
        None => {
            use clap::CommandFactory;
            let help = Cli::command().render_long_help();
            writeln!(out, "{help}")?;
            writeln!(
                out,
                "The terminal game is still being built: for now, try `tak perft --size 5 3`."
            )?;
            Ok(Outcome::Success)
        }
    }
}
