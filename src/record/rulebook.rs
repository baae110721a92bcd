//! Records of the rulebook's other games, Kaen and Locke: PTN's shape (tags, move numbers,
//! comments, a result) with a `Game` tag naming the game and each game's own moves. Other
//! programs do not read them; taktui writes and reads them, and `tak check` reports them.
//!
//! ```text
//! [Game "Locke"]            [Game "Kaen"]
//! [Variant "classic"]       [Chips "100"] [Bet "2"] [Games "3"] [First "1"]
//! 1. c2+ a5-                {game 1: Player 1 starts}
//! 2. b2+ e5-                1. r2 c2
//! 3. d2+ 1-0                2. D A r1 a1 ...
//! ```

use std::fmt::Write as _;

use crate::notation::{LexError, NO_RESULT, Span, Token, clip, tokenize};

use super::Tags;

/// Which game a record is of.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameKind {
    /// Tak (no `Game` tag, or `[Game "Tak"]`).
    Tak,
    /// Kaen.
    Kaen,
    /// Locke.
    Locke,
}

/// The game the first record of `text` is of, from its `Game` tag.
#[must_use]
pub fn game_kind(text: &str) -> GameKind {
    for lexeme in tokenize(text) {
        match lexeme.token {
            Token::Tag { name, value } if name.eq_ignore_ascii_case("Game") => {
                return match value.trim().to_ascii_lowercase().as_str() {
                    "kaen" => GameKind::Kaen,
                    "locke" => GameKind::Locke,
                    _ => GameKind::Tak,
                };
            }
            Token::Tag { .. } | Token::Comment(_) => {}
            _ => break,
        }
    }
    GameKind::Tak
}

impl GameKind {
    /// The game's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Tak => "Tak",
            GameKind::Kaen => "Kaen",
            GameKind::Locke => "Locke",
        }
    }

    /// The command that plays the game on from a record.
    #[must_use]
    pub const fn command(self) -> &'static str {
        match self {
            GameKind::Tak => "tak play",
            GameKind::Kaen => "tak kaen",
            GameKind::Locke => "tak locke",
        }
    }
}

/// A record of another game than the one wanted (a Kaen record given to `tak locke`, say):
/// what it is of, and the command that plays it on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "this is a record of {} (its Game tag says so): `{} FILE` plays on from it",
    .found.name(),
    .found.command()
)]
pub struct WrongGame {
    /// The game the record is of.
    pub found: GameKind,
}

/// `Ok` when the first record of `text` is of the game `wanted`; else what it is of.
///
/// # Errors
///
/// The record is of another game.
pub fn expect_game(text: &str, wanted: GameKind) -> Result<(), WrongGame> {
    let found = game_kind(text);
    if found == wanted {
        return Ok(());
    }
    Err(WrongGame { found })
}

/// What is wrong in a Kaen or Locke record, and where.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RulebookError {
    /// Text that cannot be split into tokens.
    #[error("{span}: {error}")]
    Lex {
        /// Where.
        span: Span,
        /// What.
        error: LexError,
    },
    /// A tag with a value the game cannot have.
    #[error("the {name} tag: {reason}")]
    Tag {
        /// The tag.
        name: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// A token that is not a move of the game.
    #[error("{span}: {token:?}: {reason}")]
    Syntax {
        /// Where.
        span: Span,
        /// The text.
        token: String,
        /// Why it is not a move.
        reason: String,
    },
    /// A move the rules refuse.
    #[error("{span}: {token} is refused: {reason}")]
    Refused {
        /// Where.
        span: Span,
        /// The move.
        token: String,
        /// The rule.
        reason: String,
    },
    /// Text after the record's moves that belongs to no game of this kind.
    #[error("{span}: a file of {game} holds one record; a second begins here")]
    Second {
        /// Where.
        span: Span,
        /// The game.
        game: &'static str,
    },
}

/// A record's text split up: its tags, and its moves each with where it was.
pub(super) struct Parts {
    /// The tags, in order.
    pub tags: Tags,
    /// The moves' text and where each was.
    pub moves: Vec<(String, Span)>,
    /// The result token written at the end, if any.
    pub result: Option<String>,
}

/// Splits a record's text into tags and moves: move numbers and comments are dropped.
pub(super) fn parts(text: &str, game: &'static str) -> Result<Parts, RulebookError> {
    let mut tags = Tags::default();
    let mut moves = Vec::new();
    let mut result = None;
    for lexeme in tokenize(text) {
        let span = lexeme.span;
        match lexeme.token {
            Token::Tag { .. } if !moves.is_empty() || result.is_some() => {
                return Err(RulebookError::Second { span, game });
            }
            Token::Tag { name, value } => tags.push(name.to_owned(), value),
            // `*` (not over) records no result.
            Token::Comment(_)
            | Token::MoveNumber { .. }
            | Token::BranchMoveNumber { .. }
            | Token::Result(NO_RESULT) => {}
            Token::Result(token) => result = Some(token.to_owned()),
            Token::Skip => {
                return Err(RulebookError::Syntax {
                    span,
                    token: "--".to_owned(),
                    reason: "a skipped move is not used: the First tag says who starts".to_owned(),
                });
            }
            Token::Ply(token) => moves.push((clip(token).into_owned(), span)),
            Token::Error(error) => return Err(RulebookError::Lex { span, error }),
        }
    }
    Ok(Parts {
        tags,
        moves,
        result,
    })
}

/// The number in tag `name`, if present; an error if it is not a number.
pub(super) fn number_tag<T: std::str::FromStr>(
    tags: &Tags,
    name: &'static str,
) -> Result<Option<T>, RulebookError> {
    tags.get(name)
        .map(|value| {
            value.trim().parse().map_err(|_| RulebookError::Tag {
                name,
                reason: format!("{:?} is not a number", clip(value)),
            })
        })
        .transpose()
}

/// Appends `[Name "value"]`.
pub(super) fn write_tags(out: &mut String, tags: &Tags) {
    for (name, value) in tags.iter() {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{escaped}\"]");
    }
    out.push('\n');
}
