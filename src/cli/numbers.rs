//! Whole numbers on the command line, refused in words (`--games: from 1 to 10000, not 0`)
//! rather than in the notation of ranges a parser would use (`0 is not in 1..=10000`).
//!
//! The parsers' errors are `String`s: each is a message for the user built on the spot, and
//! clap, which calls them, takes any message and prints it after the argument's name.

use std::fmt::Display;
use std::str::FromStr;

/// A value parser for a whole number from `low` to `high`.
pub fn between<T>(low: T, high: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: FromStr + PartialOrd + Display + Copy + Send + Sync + 'static,
{
    move |text: &str| {
        whole_number(
            text,
            |n| (low..=high).contains(n),
            &format!("{low} to {high}"),
        )
    }
}

/// A value parser for a whole number of at least `low`.
pub fn at_least<T>(low: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync
where
    T: FromStr + PartialOrd + Display + Copy + Send + Sync + 'static,
{
    move |text: &str| whole_number(text, |n| *n >= low, &format!("{low} on"))
}

/// `text` as a whole number that `fits`, or why not, the range said in `words`.
fn whole_number<T: FromStr>(
    text: &str,
    fits: impl Fn(&T) -> bool,
    words: &str,
) -> Result<T, String> {
    text.trim()
        .parse::<T>()
        .ok()
        .filter(fits)
        .ok_or_else(|| format!("a whole number from {words}, not {text}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_out_of_range_are_refused_in_words() {
        let games = between(1_u16, 10_000);
        assert_eq!(games("12"), Ok(12));
        assert_eq!(
            games("0"),
            Err("a whole number from 1 to 10000, not 0".to_owned())
        );
        assert_eq!(
            games("x"),
            Err("a whole number from 1 to 10000, not x".to_owned())
        );
        assert_eq!(
            games("99999999"),
            Err("a whole number from 1 to 10000, not 99999999".to_owned())
        );
        let lesson = at_least(1_u16);
        assert_eq!(lesson("3"), Ok(3));
        assert_eq!(
            lesson("0"),
            Err("a whole number from 1 on, not 0".to_owned())
        );
    }
}
