//! A match taken up again from its file, after the program was stopped (a crash, Ctrl+C, a
//! machine turned off): the games the file holds are its finished games, each checked to be
//! the game this match would have played there, and the rest are played.

use super::Match;
use crate::record::{GameRecord, Tags};
use crate::rules::{BoardSize, Color, Komi};

/// Why the games of a file cannot be the first games of a match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    /// The file holds more games than the match has.
    #[error(
        "the file holds {held} games, more than the {games} of this match: give --games {held} \
         or more"
    )]
    TooMany {
        /// How many games the file holds.
        held: usize,
        /// How many the match has.
        games: usize,
    },
    /// A game of the file has no result.
    #[error(
        "game {number} of the file is unfinished: a match file holds only finished games (one \
         still being played is kept apart, and the next `tak` offers to resume it)"
    )]
    Unfinished {
        /// The game (from 1).
        number: usize,
    },
    /// A game of the file was played with other settings.
    #[error("game {number} of the file was played {how}: give the same settings")]
    OtherSettings {
        /// The game (from 1).
        number: usize,
        /// What differs.
        how: SettingsDiffer,
    },
    /// A game of the file has other players, or the players in other colours.
    #[error(
        "game {number} of the file has {} as White and {} as Black, where this match has \
         {} and {}: give the same players, in the same order",
        shown(.played[0].as_deref()),
        shown(.played[1].as_deref()),
        .wanted[0],
        .wanted[1]
    )]
    OtherPlayers {
        /// The game (from 1).
        number: usize,
        /// White and Black as the file names them.
        played: [Option<String>; 2],
        /// White and Black in this match.
        wanted: [String; 2],
    },
    /// A game of the file does not start from the opening the match gives it.
    #[error(
        "game {number} of the file does not start from the opening this match gives it \
         ({opening}): give the same --openings"
    )]
    OtherOpening {
        /// The game (from 1).
        number: usize,
        /// The opening the match gives it.
        opening: String,
    },
}

/// What differs between a game's settings and the match's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsDiffer {
    /// The board.
    #[error("on {played}, not {wanted}")]
    Size {
        /// The game's.
        played: BoardSize,
        /// The match's.
        wanted: BoardSize,
    },
    /// The komi.
    #[error("with komi {played}, not {wanted}")]
    Komi {
        /// The game's.
        played: Komi,
        /// The match's.
        wanted: Komi,
    },
    /// The pieces each side has.
    #[error("with other reserves than this match's")]
    Reserves,
}

impl Match {
    /// This match with `games` (read from its file) as its finished games, so that playing
    /// on plays the rest. Each must be the game the match would have played there: the same
    /// settings, the same players in the same colours, the same opening, and finished (on the
    /// board, or by a result such as `1-0` for a game lost on time or resigned).
    pub fn resumed(mut self, games: Vec<GameRecord>) -> Result<Match, ResumeError> {
        if games.len() > self.games {
            return Err(ResumeError::TooMany {
                held: games.len(),
                games: self.games,
            });
        }
        for (index, record) in games.into_iter().enumerate() {
            let lost = self.check(index, &record)?;
            self.file(record, lost);
        }
        Ok(self)
    }

    /// Whether `record`, an unfinished game, is this match's next game as it was being
    /// played when the program stopped: its event, its settings, its players in their colours
    /// and its opening.
    #[must_use]
    pub fn is_next_game(&self, record: &GameRecord) -> bool {
        let index = self.finished.len();
        let event = self
            .next_record()
            .tags()
            .get("Event")
            .map(ToOwned::to_owned);
        !self.is_over()
            && !record.position().is_over()
            && record.tags().get("Event").map(ToOwned::to_owned) == event
            && self.fits(index, record).is_ok()
    }

    /// Whether `record` can be game `index` (0-based) of this match; if so, who lost it other
    /// than on the board.
    fn check(&self, index: usize, record: &GameRecord) -> Result<Option<Color>, ResumeError> {
        self.fits(index, record)?;
        if record.position().is_over() {
            return Ok(None);
        }
        match record.result_token().map(str::trim) {
            Some("1-0") => Ok(Some(Color::Black)),
            Some("0-1") => Ok(Some(Color::White)),
            Some("1/2-1/2") => Ok(None),
            _ => Err(ResumeError::Unfinished { number: index + 1 }),
        }
    }

    /// Whether `record` was begun as game `index` (0-based) of this match: its settings, its
    /// players in their colours, its opening.
    fn fits(&self, index: usize, record: &GameRecord) -> Result<(), ResumeError> {
        let number = index + 1;
        let config = record.start().config();
        if config != &self.config {
            let how = if config.size() != self.config.size() {
                SettingsDiffer::Size {
                    played: config.size(),
                    wanted: self.config.size(),
                }
            } else if config.komi() != self.config.komi() {
                SettingsDiffer::Komi {
                    played: config.komi(),
                    wanted: self.config.komi(),
                }
            } else {
                SettingsDiffer::Reserves
            };
            return Err(ResumeError::OtherSettings { number, how });
        }
        let white = &self.players[Self::white_in(index)];
        let black = &self.players[1 - Self::white_in(index)];
        let tags = record.tags();
        if tags.player(Color::White) != Some(white) || tags.player(Color::Black) != Some(black) {
            return Err(ResumeError::OtherPlayers {
                number,
                played: [Color::White, Color::Black].map(|c| tags.player(c).map(str::to_owned)),
                wanted: [white.clone(), black.clone()],
            });
        }
        let opening = self.opening_of(index);
        let from_opening = opening
            .record(self.config, Tags::default())
            .is_ok_and(|expected| {
                expected.start() == record.start()
                    && expected.plies().len() <= record.plies().len()
                    && expected
                        .plies()
                        .iter()
                        .zip(record.plies())
                        .all(|(a, b)| a.mv == b.mv)
            });
        if !from_opening {
            return Err(ResumeError::OtherOpening {
                number,
                opening: opening.to_string(),
            });
        }
        Ok(())
    }
}

/// A player's name as a file gives it, or that it gives none.
fn shown(player: Option<&str>) -> &str {
    player.unwrap_or("no one")
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Opening;
    use crate::rules::{BoardSize, GameConfig};

    fn matchup(games: usize) -> Match {
        let config = GameConfig::new(BoardSize::new(3).unwrap());
        let players = ["Ann".to_owned(), "Bob".to_owned()];
        Match::new(players, games, config, "unused.ptn".into())
    }

    /// Game `index` of `matchup` played with `moves`, its result token set to `token`.
    fn played(matchup: &Match, index: usize, moves: &[&str], token: Option<&str>) -> GameRecord {
        let mut probe = matchup.clone();
        probe.finished.clear();
        for _ in 0..index {
            probe.file(probe.next_record(), None);
        }
        let mut record = probe.next_record();
        for mv in moves {
            record.play(mv.parse().unwrap()).unwrap();
        }
        record.set_result_token(token.map(ToOwned::to_owned));
        record
    }

    #[test]
    fn the_games_of_the_file_count_and_the_rest_are_played() {
        let whole = matchup(4);
        // Ann (White) wins by road; then Bob (White) loses on time.
        let first = played(&whole, 0, &["c3", "a1", "b1", "c2", "c1"], None);
        let second = played(&whole, 1, &["a1", "c3"], Some("0-1"));
        let resumed = whole.resumed(vec![first.clone(), second]).unwrap();
        assert_eq!(resumed.finished.len(), 2);
        assert_eq!(resumed.wins(), [2, 0], "Ann won both: the second on time");
        assert!(!resumed.is_over());
        let next = resumed.next_record();
        assert_eq!(next.tags().player(Color::White), Some("Ann"), "game 3");
        assert_eq!(resumed.game_number(), 3);
        // The same games through a match of one game: too many.
        let error = matchup(1).resumed(vec![first.clone(), first]).unwrap_err();
        assert!(error.to_string().contains("give --games 2"), "{error}");
    }

    #[test]
    fn a_game_this_match_would_not_have_played_is_refused_with_why() {
        let whole = matchup(2);
        let good = played(&whole, 0, &["c3", "a1", "b1", "c2", "c1"], None);
        // Players swapped.
        let mut swapped = good.clone();
        swapped
            .tags_mut()
            .set_player(Color::White, "Bob".to_owned());
        let error = whole.clone().resumed(vec![swapped]).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("game 1 of the file has Bob as White and Bob as Black"),
            "{error}"
        );
        // Another board.
        let other = Match::new(
            whole.players.clone(),
            2,
            GameConfig::new(BoardSize::new(4).unwrap()),
            "unused.ptn".into(),
        );
        let error = other.resumed(vec![good.clone()]).unwrap_err();
        assert!(error.to_string().contains("on 3x3, not 4x4"), "{error}");
        // Another opening.
        let opening = Opening {
            tps: None,
            moves: vec!["a1".parse().unwrap(), "c3".parse().unwrap()],
        };
        let error = whole
            .clone()
            .with_openings(vec![opening])
            .resumed(vec![good])
            .unwrap_err();
        assert!(error.to_string().contains("--openings"), "{error}");
        // Unfinished, with no result.
        let unfinished = played(&whole, 0, &["c3", "a1"], None);
        let error = whole.resumed(vec![unfinished]).unwrap_err();
        assert!(error.to_string().contains("is unfinished"), "{error}");
    }

    #[test]
    fn the_next_game_left_unfinished_is_known_and_no_other() {
        let whole = matchup(3);
        let first = played(&whole, 0, &["c3", "a1", "b1", "c2", "c1"], None);
        let resumed = whole.clone().resumed(vec![first.clone()]).unwrap();
        let going = played(&whole, 1, &["c3", "a1"], None);
        assert!(resumed.is_next_game(&going));
        // Not the first game again, nor the next game of a match of other length, nor one
        // over.
        assert!(!whole.is_next_game(&going), "the match is at game 1");
        let mut other = going.clone();
        other
            .tags_mut()
            .set("Event", "Match, game 2 of 5".to_owned());
        assert!(!resumed.is_next_game(&other));
        let mut over = going;
        for mv in ["b1", "c2", "c1"] {
            over.play(mv.parse().unwrap()).unwrap();
        }
        assert!(!resumed.is_next_game(&over));
    }

    #[test]
    fn an_agreed_draw_counts_as_a_draw() {
        let whole = matchup(2);
        let drawn = played(&whole, 0, &["c3", "a1"], Some("1/2-1/2"));
        let resumed = whole.resumed(vec![drawn]).unwrap();
        assert_eq!(resumed.tally().draws, 1);
    }
}
