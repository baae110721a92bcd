//! The game's options: classic or modern, and how many pieces each player has.

/// The two ways to play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// The rulebook's game: stacks of at most 3, ten pieces each.
    Classic,
    /// The modern game: no limit on a stack's height; 10, 12 or 14 pieces each.
    Modern,
}

/// The options of a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Config {
    variant: Variant,
    pieces: u8,
}

/// Options the rules do not allow.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ConfigError {
    /// A piece count the variant does not allow.
    #[error("{variant} Locke is played with {allowed} pieces each, not {pieces}")]
    Pieces {
        /// The variant's name.
        variant: &'static str,
        /// What it allows.
        allowed: &'static str,
        /// What was asked.
        pieces: u8,
    },
}

impl Config {
    /// The classic game.
    #[must_use]
    pub const fn classic() -> Config {
        Config {
            variant: Variant::Classic,
            pieces: 10,
        }
    }

    /// A game of `variant` with `pieces` each (10 in the classic game; 10, 12 or 14 in the
    /// modern one).
    pub fn new(variant: Variant, pieces: u8) -> Result<Config, ConfigError> {
        let ok = match variant {
            Variant::Classic => pieces == 10,
            Variant::Modern => matches!(pieces, 10 | 12 | 14),
        };
        if ok {
            Ok(Config { variant, pieces })
        } else {
            let (variant, allowed) = match variant {
                Variant::Classic => ("classic", "10"),
                Variant::Modern => ("modern", "10, 12 or 14"),
            };
            Err(ConfigError::Pieces {
                variant,
                allowed,
                pieces,
            })
        }
    }

    /// The variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// Pieces per player.
    #[must_use]
    pub const fn pieces(&self) -> u8 {
        self.pieces
    }

    /// The tallest stack allowed, if there is a limit (3 in the classic game).
    #[must_use]
    pub const fn height_limit(&self) -> Option<u8> {
        match self.variant {
            Variant::Classic => Some(3),
            Variant::Modern => None,
        }
    }
}
