//! The `tak` command: parses the arguments and runs the chosen mode.

use std::process::ExitCode;

use clap::Parser as _;
use taktui::cli::{Cli, Outcome, run, unquoted_tps};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let args: Vec<String> = std::env::args().skip(1).collect();
            if let Some(tps) = unquoted_tps(&args) {
                eprintln!(
                    "error: the TPS is split into several arguments by its spaces: put it in \
                     quotes, as in --tps '{tps}'"
                );
                return ExitCode::from(2);
            }
            error.exit();
        }
    };
    // Engines taktui starts run under its guard, so none outlives it (see `tei::guard`).
    if let Ok(program) = std::env::current_exe() {
        taktui::tei::guard::guard_engines_with(program);
    }
    let stdout = std::io::stdout();
    match run(cli, &mut stdout.lock()) {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::Problems) => ExitCode::FAILURE,
        Ok(Outcome::BadInput) => ExitCode::from(2),
        Err(error) if broken_pipe(&error) => {
            // The reader went away (`tak check --json | head`): nothing to tell anyone; the
            // status a shell gives a program ended by SIGPIPE.
            ExitCode::from(141)
        }
        Err(error) => {
            // One line, causes joined with ": ", and no backtrace: this is for players.
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `error` comes from writing to a pipe whose reader has gone.
fn broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
