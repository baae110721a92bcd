//! The `tak` command: parses the arguments and runs the chosen mode.

use std::process::ExitCode;

use clap::Parser as _;
use taktui::cli::{Cli, Outcome, run};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    match run(cli, &mut stdout.lock()) {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::Problems) => ExitCode::FAILURE,
        Err(error) => {
            // One line, causes joined with ": ", and no backtrace: this is for players.
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
