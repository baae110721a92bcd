//! `tak tei`: taktui's engine for other programs, speaking TEI on standard input and output.

use clap::Args;

/// Arguments of `tak tei`.
#[derive(Debug, Args)]
pub struct TeiArgs {
    /// Transposition table size in MiB (the `Hash` option changes it later).
    #[arg(long, default_value_t = 64, value_parser = super::numbers::between(1_u16, 4096))]
    pub hash: u16,
}

/// Runs `tak tei` until `quit` or the end of its input.
pub fn run(args: &TeiArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let input = std::io::BufReader::new(std::io::stdin());
    crate::tei::serve(input, out, usize::from(args.hash))?;
    Ok(())
}
