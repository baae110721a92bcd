//! `tak tei`: taktui's engine for other programs, speaking TEI on standard input and output.

use clap::Args;

use crate::engine::{Level, Weights};

/// Arguments of `tak tei`.
#[derive(Debug, Args)]
pub struct TeiArgs {
    /// Transposition table size in MiB (the `Hash` option changes it later).
    #[arg(long, default_value_t = 64, value_parser = super::numbers::between(1_u16, 4096))]
    pub hash: u16,
    /// Evaluation weights to start from, as the `Weights` option takes them (`threat=100
    /// half_flat=45,75`, or the lines of a weights file); `hand-set` for the weights used
    /// before they were fitted to games (to measure against).
    #[arg(long, value_name = "TEXT")]
    pub weights: Option<String>,
    /// The level to play at, 1 to 10, until the `Level` option changes it (the levels below 8
    /// search a fixed number of positions: matches between them do not depend on the
    /// machine's speed or load).
    #[arg(long, default_value_t = 10, value_parser = super::numbers::between(1_u8, 10))]
    pub level: u8,
    /// Threads a search runs on, 1 to 8, until the `Threads` option changes it (by default
    /// two if the machine has two cores, else one). Only full strength (level 10) uses more
    /// than one: the levels below stay repeatable.
    #[arg(long, value_parser = super::numbers::between(1_u8, 8))]
    pub threads: Option<u8>,
}

/// Runs `tak tei` until `quit` or the end of its input.
pub fn run(args: &TeiArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let input = std::io::BufReader::new(std::io::stdin());
    let weights = match args.weights.as_deref() {
        None => Weights::default(),
        Some("hand-set") => Weights::hand_set(),
        Some(text) => {
            let mut weights = Weights::default();
            weights
                .set(text)
                .map_err(|why| anyhow::anyhow!("--weights: {why}"))?;
            weights
        }
    };
    let level = Level::new(args.level).unwrap_or(Level::MAX);
    let threads = args
        .threads
        .map_or_else(crate::tei::default_threads, usize::from);
    crate::tei::serve(input, out, usize::from(args.hash), weights, level, threads)?;
    Ok(())
}
