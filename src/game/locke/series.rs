//! The series played at one Locke screen, kept in the record's `Series` tag so that it lasts
//! as Kaen's series does: a game saved, or kept in the store to resume, carries the results
//! of the games before it, and the table goes on where it was.
//!
//! ```text
//! [Series "1 1-0 centerline, 2 0-1 starvation, 1 1/2-1/2 repetition"]
//! ```
//!
//! Each game: who started it (1 White, 2 Black), its result, and why it ended.

use crate::locke::{EndReason, Ending, Player};

/// The tag holding the series so far.
pub const SERIES_TAG: &str = "Series";

/// A game of the series, finished.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Finished {
    /// Who started it.
    pub first: Player,
    /// How it ended.
    pub ending: Ending,
}

impl Finished {
    /// `player`'s points for it, in halves: 2 a win, 1 a draw, 0 a loss.
    #[must_use]
    pub fn halves(self, player: Player) -> u32 {
        match self.ending.winner {
            Some(winner) if winner == player => 2,
            Some(_) => 0,
            None => 1,
        }
    }
}

/// Points written from halves: `1`, `0.5`, `2.5` (ASCII, for every terminal).
#[must_use]
pub fn points(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// Each player's points in `games`, White's first.
#[must_use]
pub fn totals(games: &[Finished]) -> [String; 2] {
    Player::ALL.map(|player| points(games.iter().map(|game| game.halves(player)).sum()))
}

/// Each reason's word in the tag.
const REASONS: [(EndReason, &str); 4] = [
    (EndReason::Centerline, "centerline"),
    (EndReason::Starvation, "starvation"),
    (EndReason::NoMove, "nomove"),
    (EndReason::Repetition, "repetition"),
];

/// The series as the tag writes it.
#[must_use]
pub fn write_series(games: &[Finished]) -> String {
    games
        .iter()
        .map(|game| {
            let reason = REASONS
                .iter()
                .find(|(r, _)| *r == game.ending.reason)
                .map_or("", |(_, word)| word);
            format!(
                "{} {} {reason}",
                game.first.index() + 1,
                game.ending.token()
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The series the tag's `text` holds, or what is wrong in it and where.
pub fn read_series(text: &str) -> Result<Vec<Finished>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .enumerate()
        .map(|(i, game)| {
            let words: Vec<&str> = game.split_whitespace().collect();
            let [first, result, reason] = words[..] else {
                return Err(format!(
                    "game {}: {:?} is not `FIRST RESULT REASON` (as `1 1-0 centerline`)",
                    i + 1,
                    game.trim()
                ));
            };
            let first = match first {
                "1" => Player::White,
                "2" => Player::Black,
                other => return Err(format!("game {}: {other:?} is not a player: 1 or 2", i + 1)),
            };
            let winner = match result {
                "1-0" => Some(Player::White),
                "0-1" => Some(Player::Black),
                "1/2-1/2" => None,
                other => {
                    return Err(format!(
                        "game {}: {other:?} is not a result: 1-0, 0-1 or 1/2-1/2",
                        i + 1
                    ));
                }
            };
            let reason = REASONS
                .iter()
                .find(|(_, word)| *word == reason)
                .map(|(r, _)| *r)
                .ok_or_else(|| {
                    format!(
                        "game {}: {reason:?} is not how a game ends: centerline, starvation, \
                         nomove or repetition",
                        i + 1
                    )
                })?;
            if (reason == EndReason::Repetition) != winner.is_none() {
                return Err(format!(
                    "game {}: only a repetition is drawn, and it is always drawn",
                    i + 1
                ));
            }
            Ok(Finished {
                first,
                ending: Ending { winner, reason },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_series_is_read_back_as_written() {
        let games = vec![
            Finished {
                first: Player::White,
                ending: Ending {
                    winner: Some(Player::White),
                    reason: EndReason::Centerline,
                },
            },
            Finished {
                first: Player::Black,
                ending: Ending {
                    winner: None,
                    reason: EndReason::Repetition,
                },
            },
            Finished {
                first: Player::White,
                ending: Ending {
                    winner: Some(Player::Black),
                    reason: EndReason::NoMove,
                },
            },
        ];
        let text = write_series(&games);
        assert_eq!(text, "1 1-0 centerline, 2 1/2-1/2 repetition, 1 0-1 nomove");
        assert_eq!(read_series(&text), Ok(games));
        assert_eq!(read_series(" "), Ok(Vec::new()));
    }

    #[test]
    fn a_damaged_series_says_which_game_and_what_is_wrong() {
        for (text, says) in [
            ("1 1-0", "game 1: \"1 1-0\" is not"),
            (
                "1 1-0 centerline, 3 0-1 starvation",
                "game 2: \"3\" is not a player",
            ),
            ("1 2-0 centerline", "game 1: \"2-0\" is not a result"),
            (
                "2 0-1 resigned",
                "game 1: \"resigned\" is not how a game ends",
            ),
            ("1 1/2-1/2 centerline", "only a repetition is drawn"),
        ] {
            let error = read_series(text).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }
}
