//! Actions written as short tokens, for records and for typing: `D` double, `A` accept,
//! `S` surrender, `r1` to `r4` the die's roll, `c2` a stone placed, `M` match, `F` forfeit.

use std::fmt;
use std::str::FromStr;

use super::{Action, Face};

/// Text that is not an action.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "{0:?} is not a Kaen action: D double, A accept, S surrender, r1-r4 a roll, a1-d4 a stone, M match, F forfeit"
)]
pub struct ParseActionError(pub String);

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Double => f.write_str("D"),
            Action::Accept => f.write_str("A"),
            Action::Surrender => f.write_str("S"),
            Action::Roll(face) => write!(f, "r{}", face.number()),
            Action::Place(square) => write!(f, "{square}"),
            Action::Match => f.write_str("M"),
            Action::Forfeit => f.write_str("F"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let error = || ParseActionError(text.chars().take(16).collect());
        Ok(match text {
            "D" => Action::Double,
            "A" => Action::Accept,
            "S" => Action::Surrender,
            "M" => Action::Match,
            "F" => Action::Forfeit,
            _ => match text.as_bytes() {
                [b'r', n] => {
                    Action::Roll(Face::from_number(n.wrapping_sub(b'0')).ok_or_else(error)?)
                }
                _ => Action::Place(text.parse().map_err(|()| error())?),
            },
        })
    }
}
