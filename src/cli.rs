//! The `tak` command line: argument parsing and the commands that do not need the terminal UI.
//!
//! Arguments are checked here, before anything else happens, so a mistake gets a plain error
//! message and a non-zero exit status.

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
}

/// Runs the command line, writing results to `out`.
pub fn run(cli: Cli, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args, out),
        None => {
            use clap::CommandFactory;
            let help = Cli::command().render_long_help();
            writeln!(out, "{help}")?;
            writeln!(
                out,
                "The terminal game is still being built: for now, try `tak perft --size 5 3`."
            )?;
            Ok(())
        }
    }
}
