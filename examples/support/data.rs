//! The tuning data files: one position a line, `SIZE HALFKOMI RESULT TPS`, the result White's
//! (a game's 1, 0.5 or 0, or an engine's expected score).

use taktui::notation::Tps;

/// One line of a data file, read.
pub struct DataLine<'a> {
    /// The komi, in half flats.
    pub halves: i16,
    /// White's result or expected score.
    pub result: f64,
    /// The position as written.
    pub text: &'a str,
    /// The position, read.
    pub tps: Tps,
}

/// Reads `line`; `at` names it in the error (`FILE:LINE`).
pub fn read_line<'a>(line: &'a str, at: &str) -> Result<DataLine<'a>, String> {
    let mut words = line.splitn(4, ' ');
    let (Some(_size), Some(halves), Some(result), Some(text)) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(format!("{at}: not SIZE HALFKOMI RESULT TPS"));
    };
    Ok(DataLine {
        halves: halves.parse().map_err(|_| format!("{at}: bad komi"))?,
        result: result.parse().map_err(|_| format!("{at}: bad result"))?,
        text,
        tps: text.parse().map_err(|e| format!("{at}: {e}"))?,
    })
}
