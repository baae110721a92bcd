//! The `tak` command: parses the arguments and runs the chosen mode.

use std::process::ExitCode;

use clap::Parser as _;
use taktui::cli::{Cli, run};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    match run(cli, &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // One line, causes joined with ": ", and no backtrace: this is for players.
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}
