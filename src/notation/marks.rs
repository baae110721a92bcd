//! The marks PTN writes after a ply: `*` (a crush), `'` / `''` (Tak, Tinuë), `!` / `?` ...

use std::fmt;

/// A road-threat mark: `'` for Tak, `''` (or `"`) for Tinuë, a threat that cannot be stopped.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum TakMark {
    /// No mark.
    #[default]
    None,
    /// `'`: the ply makes a road threat.
    Tak,
    /// `''`: the ply makes a threat that cannot be stopped.
    Tinue,
}

/// An annotator's judgement of a ply.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Judgement {
    /// `!`
    Good,
    /// `!!`
    Brilliant,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Judgement {
    /// The PTN text of the mark.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Judgement::Good => "!",
            Judgement::Brilliant => "!!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
            Judgement::Interesting => "!?",
            Judgement::Dubious => "?!",
        }
    }

    fn from_symbol(symbol: &str) -> Option<Judgement> {
        Some(match symbol {
            "!" => Judgement::Good,
            "!!" => Judgement::Brilliant,
            "?" => Judgement::Mistake,
            "??" => Judgement::Blunder,
            "!?" => Judgement::Interesting,
            "?!" => Judgement::Dubious,
            _ => return None,
        })
    }
}

/// Everything written after a ply's move: kept with the ply, not part of the move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Marks {
    /// `*`: the ply's capstone crushed a wall.
    pub crush: bool,
    /// `'` or `''`.
    pub tak: TakMark,
    /// `!`, `??` and the like.
    pub judgement: Option<Judgement>,
}

impl Marks {
    /// Whether there are no marks.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self == Marks::default()
    }

    /// Reads the marks in `text` (all of it), in any order; `None` if anything else is there.
    pub(super) fn parse(text: &str) -> Option<Marks> {
        let mut marks = Marks::default();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            match c {
                '*' if !marks.crush => {
                    marks.crush = true;
                    rest = &rest[1..];
                }
                '\'' | '"' if marks.tak == TakMark::None => {
                    let quotes = rest.len() - rest.trim_start_matches(['\'', '"']).len();
                    marks.tak = match &rest[..quotes] {
                        "'" => TakMark::Tak,
                        "''" | "\"" => TakMark::Tinue,
                        _ => return None,
                    };
                    rest = &rest[quotes..];
                }
                '!' | '?' if marks.judgement.is_none() => {
                    let len = rest.len() - rest.trim_start_matches(['!', '?']).len();
                    marks.judgement = Some(Judgement::from_symbol(&rest[..len])?);
                    rest = &rest[len..];
                }
                _ => return None,
            }
        }
        Some(marks)
    }
}

impl fmt::Display for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.crush {
            f.write_str("*")?;
        }
        match self.tak {
            TakMark::None => {}
            TakMark::Tak => f.write_str("'")?,
            TakMark::Tinue => f.write_str("''")?,
        }
        if let Some(judgement) = self.judgement {
            f.write_str(judgement.symbol())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_read_in_any_order_and_print_canonically() {
        for (text, printed) in [
            ("", ""),
            ("*", "*"),
            ("'", "'"),
            ("''", "''"),
            ("\"", "''"),
            ("*'!", "*'!"),
            ("!?", "!?"),
            ("''??", "''??"),
            ("'*", "*'"),
        ] {
            let marks = Marks::parse(text).unwrap_or_else(|| panic!("{text:?} should read"));
            assert_eq!(marks.to_string(), printed, "{text:?}");
        }
        for text in ["'''", "**", "!!!", "x", "!?!"] {
            assert_eq!(Marks::parse(text), None, "{text:?} should be refused");
        }
    }
}
