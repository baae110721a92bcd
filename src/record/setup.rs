//! A game's settings and start position from its tags: `Size`, `TPS`, `Komi`, the piece
//! counts and `Opening`.

use super::{PtnError, PtnErrorKind, PtnWarning, Tags};
use crate::notation::{Span, Tps, clip};
use crate::rules::{BoardSize, Color, GameConfig, Komi, Position, Reserves};

/// The tags of one game, with where each was written, for errors that point at a tag.
pub(super) struct TagsRead<'a> {
    pub tags: Tags,
    /// Each tag's name and where it was, in file order.
    pub spans: Vec<(&'a str, Span)>,
    /// Where the game starts: the place for errors about a tag that is missing.
    pub game: Span,
}

/// The tags that set the game up: given twice with different values, the first is read and
/// the second named in a warning.
const SETTINGS: [&str; 10] = [
    "Size", "TPS", "Komi", "Flats", "Caps", "Flats1", "Caps1", "Flats2", "Caps2", "Opening",
];

impl TagsRead<'_> {
    /// The value of tag `name`, unless it is missing or blank: `[Clock ""]` says nothing, and
    /// exporters write such empty tags freely. Repeated, the first that says something.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.tags.values(name).find(|v| !v.trim().is_empty())
    }

    /// Where the tag `name` whose value is read was written (the first, when all are blank).
    fn span(&self, name: &str) -> Span {
        let read = self
            .tags
            .values(name)
            .position(|v| !v.trim().is_empty())
            .unwrap_or(0);
        self.occurrence(name, read)
    }

    /// Where the `n`th tag named `name` was written.
    fn occurrence(&self, name: &str, n: usize) -> Span {
        self.spans
            .iter()
            .filter(|(tag, _)| tag.eq_ignore_ascii_case(name))
            .nth(n)
            .map_or(self.game, |(_, s)| *s)
    }

    /// A warning for each tag that sets the game up and is given again with another value.
    pub fn conflicts(&self) -> Vec<PtnWarning> {
        let mut warnings = Vec::new();
        for name in SETTINGS {
            let mut said = self
                .tags
                .values(name)
                .enumerate()
                .filter(|(_, v)| !v.trim().is_empty());
            let Some((_, first)) = said.next() else {
                continue;
            };
            if let Some((n, other)) = said.find(|(_, v)| v.trim() != first.trim()) {
                warnings.push(PtnWarning {
                    span: self.occurrence(name, n),
                    message: format!(
                        "the {name} tag is given again, as \"{}\" after \"{}\": the first is read",
                        clip(other),
                        clip(first)
                    ),
                });
            }
        }
        warnings
    }

    /// An error about the value of tag `name`, at the tag.
    pub fn error(&self, name: &str, reason: String) -> PtnError {
        let value = self.value(name).unwrap_or_default().to_owned();
        let name = name.to_owned();
        PtnError::at(
            self.span(&name),
            PtnErrorKind::Tag {
                name,
                value,
                reason,
            },
        )
    }

    /// The start position in the `TPS` tag, if there is one.
    pub fn tps(&self) -> Result<Option<Tps>, PtnError> {
        self.value("TPS")
            .map(|value| {
                value.parse::<Tps>().map_err(|error| {
                    let value = value.to_owned();
                    PtnError::at(self.span("TPS"), PtnErrorKind::Tps { value, error })
                })
            })
            .transpose()
    }

    /// The board size the `Size` tag gives, if there is one.
    pub fn size(&self) -> Result<Option<BoardSize>, PtnError> {
        let Some(value) = self.value("Size") else {
            return Ok(None);
        };
        let n: u8 = value
            .trim()
            .parse()
            .map_err(|_| self.error("Size", "not a board size: board sizes are 3 to 8".into()))?;
        BoardSize::new(n)
            .map(Some)
            .map_err(|e| self.error("Size", e.to_string()))
    }

    /// The position before the first ply on a board of `size`: the `TPS` position if there is
    /// one, else the empty board, with the komi and piece counts the tags give.
    pub fn start(&self, size: BoardSize, tps: Option<&Tps>) -> Result<Position, PtnError> {
        if self
            .value("Opening")
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("no-swap"))
        {
            let reason = "only the swap opening (each player first places the other's flat) is \
                          supported"
                .to_owned();
            return Err(self.error("Opening", reason));
        }
        let mut config = GameConfig::new(size);
        if let Some(value) = self.value("Komi") {
            let komi: Komi = value
                .parse()
                .map_err(|e: crate::rules::ConfigError| self.error("Komi", e.to_string()))?;
            config = config.with_komi(komi);
        }
        config = self.pieces(config)?;
        match tps {
            Some(tps) => tps.to_position(config).map_err(|error| {
                let value = self.tags.get("TPS").unwrap_or_default().to_owned();
                PtnError::at(self.span("TPS"), PtnErrorKind::Tps { value, error })
            }),
            None => Ok(Position::new(config)),
        }
    }

    /// Applies `Flats`/`Caps` (both players) and `Flats1`, `Caps1`, `Flats2`, `Caps2`.
    fn pieces(&self, mut config: GameConfig) -> Result<GameConfig, PtnError> {
        let number = |name: &str| -> Result<Option<u8>, PtnError> {
            self.value(name)
                .map(|v| {
                    v.trim()
                        .parse::<u8>()
                        .map_err(|_| self.error(name, "not a piece count (0 to 64)".into()))
                })
                .transpose()
        };
        let (flats, caps) = (number("Flats")?, number("Caps")?);
        for (color, flats_tag, caps_tag) in [
            (Color::White, "Flats1", "Caps1"),
            (Color::Black, "Flats2", "Caps2"),
        ] {
            let standard = config.pieces(color);
            let stones = number(flats_tag)?.or(flats).unwrap_or(standard.stones);
            let caps = number(caps_tag)?.or(caps).unwrap_or(standard.caps);
            if (stones, caps) != (standard.stones, standard.caps) {
                let reserves = Reserves { stones, caps };
                // Name the tag that set the refused count: a stone count of 0, else too many.
                let present = |names: [&'static str; 2]| {
                    names.into_iter().find(|name| self.value(name).is_some())
                };
                let blame = if stones == 0 {
                    present([flats_tag, "Flats"])
                } else {
                    present([caps_tag, "Caps"]).or_else(|| present([flats_tag, "Flats"]))
                };
                let blame = blame.unwrap_or("Flats");
                config = config
                    .with_player_pieces(color, reserves)
                    .map_err(|e| self.error(blame, e.to_string()))?;
            }
        }
        Ok(config)
    }
}
