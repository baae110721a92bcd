//! Kaen records: a series' settings in tags, then every action of every game in order, each
//! game opened by a comment and each turn on a line of its own.
//!
//! ```text
//! [Game "Kaen"]
//! [Player1 "Ann"]
//! [Player2 "Bo"]
//! [Chips "100"]
//! [Bet "2"]
//! [Games "3"]
//! [First "1"]
//!
//! {game 1: Player 1 starts}
//! 1. r2 c2
//! 2. D A r1 a1
//! ```
//!
//! Tokens: `D` double, `A` accept, `S` surrender, `r1`-`r4` the die's roll, `a1`-`d4` a stone,
//! `M` match, `F` forfeit. The `Result` tag, once the series is over, gives each player's
//! chips: `98-102`. `Reload "yes"`: when a player cannot cover the bet, the bet doubles and
//! both are given their starting chips again at the new stakes. The rolls are the faces the
//! die showed, replayed as they are: nothing in a record tells a roll not yet made (a `Seed`
//! tag of older records is dropped as they are read).

use super::Tags;
use std::fmt::Write as _;

use super::rulebook::{RulebookError, number_tag, parts, write_tags};
use crate::kaen::{Action, KaenError, Player, Series, SeriesConfig};

/// A series of Kaen, every action in it legal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KaenRecord {
    tags: Tags,
    actions: Vec<Action>,
    /// The series after every action.
    series: Series,
    /// The result written in the record read.
    recorded: Option<String>,
}

impl KaenRecord {
    /// A series not yet begun, `first` starting it; the tags given are kept (players' names,
    /// date) and those of the settings set.
    #[must_use]
    pub fn new(config: SeriesConfig, first: Player, mut tags: Tags) -> Self {
        tags.set("Game", "Kaen".to_owned());
        tags.set("Chips", config.chips().to_string());
        tags.set("Bet", config.bet().to_string());
        tags.set("Games", config.games().to_string());
        if config.reload() {
            tags.set("Reload", "yes".to_owned());
        }
        tags.set("First", first.number().to_string());
        // Older records named the die's seed, from which every roll to come followed.
        tags.remove("Seed");
        KaenRecord {
            tags,
            actions: Vec::new(),
            series: Series::new(config, first),
            recorded: None,
        }
    }

    /// The result written in the record read (the `Result` tag, or for Locke the token
    /// after the moves), if any.
    #[must_use]
    pub fn recorded_result(&self) -> Option<&str> {
        self.recorded.as_deref()
    }

    /// The tags.
    #[must_use]
    pub const fn tags(&self) -> &Tags {
        &self.tags
    }

    /// The tags, to change.
    pub fn tags_mut(&mut self) -> &mut Tags {
        &mut self.tags
    }

    /// The actions, in order.
    #[must_use]
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The series after the last action.
    #[must_use]
    pub const fn series(&self) -> &Series {
        &self.series
    }

    /// The series after the first `n` actions.
    #[must_use]
    pub fn series_at(&self, n: usize) -> Series {
        let mut series = Series::new(*self.series.config(), self.series.first());
        for &action in &self.actions[..n.min(self.actions.len())] {
            // Every action kept was legal when added.
            let _ = series.apply(action);
        }
        series
    }

    /// How many rolls have been made.
    #[must_use]
    pub fn rolls(&self) -> usize {
        self.actions
            .iter()
            .filter(|a| matches!(a, Action::Roll(_)))
            .count()
    }

    /// Plays `action`, or refuses it and changes nothing.
    pub fn push(&mut self, action: Action) -> Result<(), KaenError> {
        self.series.apply(action)?;
        self.actions.push(action);
        Ok(())
    }

    /// Keeps only the first `n` actions.
    pub fn truncate(&mut self, n: usize) {
        if n < self.actions.len() {
            self.series = self.series_at(n);
            self.actions.truncate(n);
        }
    }

    /// The series' result for the `Result` tag: each player's chips (`98-102`), once over.
    #[must_use]
    pub fn result(&self) -> Option<String> {
        self.series.end()?;
        Some(format!(
            "{}-{}",
            self.series.worth(Player::One),
            self.series.worth(Player::Two)
        ))
    }

    /// The record as text.
    #[must_use]
    pub fn write(&self) -> String {
        let mut tags = self.tags.clone();
        match self.result() {
            Some(result) => tags.set("Result", result),
            None => tags.remove("Result"),
        }
        let mut out = String::new();
        write_tags(&mut out, &tags);
        let mut series = Series::new(*self.series.config(), self.series.first());
        let mut line = String::new();
        let mut turn = 0;
        let mut game = 0;
        for &action in &self.actions {
            if series.game_number() != game {
                game = series.game_number();
                turn = 1;
                let _ = writeln!(out, "{{game {game}: {} starts}}", series.game().starter());
            }
            if line.is_empty() {
                line = format!("{turn}.");
            }
            line.push(' ');
            line.push_str(&action.to_string());
            let mover = series.game().to_move();
            let _ = series.apply(action);
            let ended = series.played().len() >= game;
            if ended || series.game().to_move() != mover {
                out.push_str(&line);
                out.push('\n');
                line.clear();
                turn += 1;
            }
        }
        if !line.is_empty() {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// Reads a record written by [`KaenRecord::write`] (or by hand): tags as there, then the
    /// actions, each checked by the rules.
    pub fn read(text: &str) -> Result<KaenRecord, RulebookError> {
        let parts = parts(text, "Kaen")?;
        let tags = parts.tags;
        let chips = number_tag(&tags, "Chips")?.unwrap_or(SeriesConfig::DEFAULT_CHIPS);
        let bet = number_tag(&tags, "Bet")?.unwrap_or(SeriesConfig::DEFAULT_BET);
        let games = number_tag(&tags, "Games")?.unwrap_or(1);
        let reload = tags
            .get("Reload")
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("yes"));
        let config =
            SeriesConfig::new(chips, bet, games, reload).map_err(|e| RulebookError::Tag {
                name: "Chips, Bet or Games",
                reason: e.to_string(),
            })?;
        let first = match number_tag::<u8>(&tags, "First")? {
            None => Player::One,
            Some(n) => Player::from_number(n).ok_or_else(|| RulebookError::Tag {
                name: "First",
                reason: format!("{n} is not a player: 1 or 2"),
            })?,
        };
        let recorded = tags.get("Result").map(|r| r.trim().to_owned());
        let mut record = KaenRecord::new(config, first, tags);
        for (token, span) in parts.moves {
            let action: Action = token.parse().map_err(|e: crate::kaen::ParseActionError| {
                RulebookError::Syntax {
                    span,
                    token: token.clone(),
                    reason: e.to_string(),
                }
            })?;
            record.push(action).map_err(|e| RulebookError::Refused {
                span,
                token: token.clone(),
                reason: e.to_string(),
            })?;
        }
        record.recorded = recorded.filter(|r| !r.is_empty());
        Ok(record)
    }
}
