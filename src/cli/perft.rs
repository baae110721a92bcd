//! `tak perft`: count the move tree from a start position or a TPS position.

use anyhow::Context as _;
use clap::Args;

use crate::notation::Tps;
use crate::rules::{BoardSize, GameConfig, Komi, Position, perft, perft_divide};

/// Arguments of `tak perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Board size, 3 to 8 (the start position). Default 5.
    #[arg(long, value_parser = parse_size, conflicts_with = "tps")]
    pub size: Option<BoardSize>,
    /// Start from this position instead, e.g. "x5/x5/x2,12C,x2/x5/x5 1 3".
    #[arg(long)]
    pub tps: Option<String>,
    /// Komi: flats added to Black's count at a flat end, whole or half (e.g. 2.5).
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub komi: Komi,
    /// First list each legal move with its count, as "<ptn> <count>".
    #[arg(long)]
    pub divide: bool,
    /// How many plies deep to count (0 to 32; beyond 8 it runs for ages).
    #[arg(value_parser = super::numbers::between(0_u32, 32))]
    pub depth: u32,
}

/// Parses a board size argument with the rules' own range check and message. A clap value
/// parser: its error is the message clap prints after the argument's name, built here.
pub(crate) fn parse_size(text: &str) -> Result<BoardSize, String> {
    let n: u8 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a board size: board sizes are 3 to 8"))?;
    BoardSize::new(n).map_err(|e| e.to_string())
}

/// Runs `tak perft`.
pub fn run(args: &PerftArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let position = if let Some(text) = &args.tps {
        let tps: Tps = text
            .parse()
            .with_context(|| format!("bad TPS {:?}", crate::notation::clip(text)))?;
        let config = GameConfig::new(tps.size()).with_komi(args.komi);
        tps.to_position(config)
            .with_context(|| format!("bad TPS {:?}", crate::notation::clip(text)))?
    } else {
        let size = args.size.unwrap_or(BoardSize::new(5)?);
        Position::new(GameConfig::new(size).with_komi(args.komi))
    };
    if args.divide {
        let mut total = 0;
        for (mv, count) in perft_divide(&position, args.depth) {
            writeln!(out, "{mv} {count}")?;
            total += count;
        }
        writeln!(out, "{}", if args.depth == 0 { 1 } else { total })?;
    } else {
        writeln!(out, "{}", perft(&position, args.depth))?;
    }
    Ok(())
}
