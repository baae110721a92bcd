//! Locke records: the options in tags, then the turns, two to a numbered line as in PTN, and
//! the result.
//!
//! ```text
//! [Game "Locke"]
//! [Variant "classic"]
//! [Pieces "10"]
//! [First "1"]
//!
//! 1. c2+ a5-
//! 2. b2+ e5-
//! 3. d2+
//! 1-0
//! ```
//!
//! A turn is `c1` (a piece from the reserve enters on c1), `c2+` (the stack on c2 moves one
//! square up) or `b3>2` (two squares right); directions `+ - < >` as in PTN; a trailing `x`
//! marks a capture.

use super::Tags;
use std::fmt::Write as _;

use super::rulebook::{RulebookError, number_tag, parts, write_tags};
use crate::locke::{Config, Effect, LockeError, Player, Position, Turn, Variant};

/// A game of Locke, every turn in it legal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LockeRecord {
    tags: Tags,
    config: Config,
    first: Player,
    turns: Vec<(Turn, Effect)>,
    position: Position,
    /// The result written in the record read.
    recorded: Option<String>,
}

impl LockeRecord {
    /// A game not yet begun, `first` to move; the tags given are kept and those of the
    /// options set.
    #[must_use]
    pub fn new(config: Config, first: Player, mut tags: Tags) -> LockeRecord {
        tags.set("Game", "Locke".to_owned());
        let variant = match config.variant() {
            Variant::Classic => "classic",
            Variant::Modern => "modern",
        };
        tags.set("Variant", variant.to_owned());
        tags.set("Pieces", config.pieces().to_string());
        tags.set("First", (first.index() + 1).to_string());
        LockeRecord {
            tags,
            config,
            first,
            turns: Vec::new(),
            position: Position::new(config, first),
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

    /// The options.
    #[must_use]
    pub const fn config(&self) -> Config {
        self.config
    }

    /// Who moved first.
    #[must_use]
    pub const fn first(&self) -> Player {
        self.first
    }

    /// The turns, with what each did.
    #[must_use]
    pub fn turns(&self) -> &[(Turn, Effect)] {
        &self.turns
    }

    /// The position after the last turn.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The position after the first `n` turns.
    #[must_use]
    pub fn position_at(&self, n: usize) -> Position {
        let mut position = Position::new(self.config, self.first);
        for &(turn, _) in &self.turns[..n.min(self.turns.len())] {
            // Every turn kept was legal when added.
            let _ = position.play(turn);
        }
        position
    }

    /// Plays `turn`, or refuses it and changes nothing.
    pub fn push(&mut self, turn: Turn) -> Result<Effect, LockeError> {
        let effect = self.position.play(turn)?;
        self.turns.push((turn, effect));
        Ok(effect)
    }

    /// Keeps only the first `n` turns.
    pub fn truncate(&mut self, n: usize) {
        if n < self.turns.len() {
            self.position = self.position_at(n);
            self.turns.truncate(n);
        }
    }

    /// The record as text.
    #[must_use]
    pub fn write(&self) -> String {
        let mut tags = self.tags.clone();
        match self.position.ending() {
            Some(ending) => tags.set("Result", ending.token().to_owned()),
            None => tags.remove("Result"),
        }
        let mut out = String::new();
        write_tags(&mut out, &tags);
        for (number, pair) in self.turns.chunks(2).enumerate() {
            let _ = write!(out, "{}.", number + 1);
            for (turn, effect) in pair {
                let mark = if matches!(effect, Effect::Capture(_)) {
                    "x"
                } else {
                    ""
                };
                let _ = write!(out, " {turn}{mark}");
            }
            out.push('\n');
        }
        if let Some(ending) = self.position.ending() {
            out.push_str(ending.token());
            out.push('\n');
        }
        out
    }

    /// Reads a record written by [`LockeRecord::write`] (or by hand), each turn checked by
    /// the rules; a capture mark `x` must be on a capture.
    pub fn read(text: &str) -> Result<LockeRecord, RulebookError> {
        let parts = parts(text, "Locke")?;
        let tags = parts.tags;
        let variant = match tags.get("Variant").map(|v| v.trim().to_ascii_lowercase()) {
            None => Variant::Classic,
            Some(v) if v == "classic" => Variant::Classic,
            Some(v) if v == "modern" => Variant::Modern,
            Some(v) => {
                return Err(RulebookError::Tag {
                    name: "Variant",
                    reason: format!("{v:?} is not classic or modern"),
                });
            }
        };
        let pieces = number_tag(&tags, "Pieces")?.unwrap_or(10);
        let config = Config::new(variant, pieces).map_err(|e| RulebookError::Tag {
            name: "Pieces",
            reason: e.to_string(),
        })?;
        let first = match number_tag::<u8>(&tags, "First")? {
            None | Some(1) => Player::White,
            Some(2) => Player::Black,
            Some(n) => {
                return Err(RulebookError::Tag {
                    name: "First",
                    reason: format!("{n} is not a player: 1 or 2"),
                });
            }
        };
        let recorded = parts
            .result
            .or_else(|| tags.get("Result").map(|r| r.trim().to_owned()))
            .filter(|r| !r.is_empty());
        let mut record = LockeRecord::new(config, first, tags);
        for (token, span) in parts.moves {
            let turn: Turn =
                token
                    .parse()
                    .map_err(|e: crate::locke::ParseTurnError| RulebookError::Syntax {
                        span,
                        token: token.clone(),
                        reason: e.to_string(),
                    })?;
            let refused = |reason: String| RulebookError::Refused {
                span,
                token: token.clone(),
                reason,
            };
            let effect = record.push(turn).map_err(|e| refused(e.to_string()))?;
            if token.ends_with('x') && !matches!(effect, Effect::Capture(_)) {
                return Err(refused("it is marked x but captures nothing".to_owned()));
            }
        }
        record.recorded = recorded;
        Ok(record)
    }
}
