//! Who plays Kaen or Locke, as `tak kaen` and `tak locke` are told: `--white` and `--black`
//! each a name or `computer[:LEVEL]`, `--vs computer[:LEVEL]` seating the computer on the side
//! without one, as `tak play` does. The computer's side is written in the record as
//! `Computer (level N)`, so a series or game taken up again plays on against it.

use anyhow::bail;

use crate::engine::Level;
use crate::game::Player;
use crate::record::Tags;

/// The two sides: each player's name (if given) and the computer's level (if it plays it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sides {
    /// The names for the record's tags (the computer's is `Computer (level N)`).
    pub names: [Option<String>; 2],
    /// The computer's level on each side it plays.
    pub levels: [Option<Level>; 2],
}

impl Sides {
    /// The sides from `--white`, `--black` and `--vs`, for `game` (`tak kaen`, `tak locke`).
    pub fn read(
        white: Option<&str>,
        black: Option<&str>,
        vs: Option<&str>,
        game: &str,
    ) -> anyhow::Result<Sides> {
        let mut players = [Player::Person(String::new()), Player::Person(String::new())];
        for ((spec, flag), seat) in [(white, "--white"), (black, "--black")]
            .into_iter()
            .zip(&mut players)
        {
            if let Some(text) = spec {
                *seat = text.parse::<Player>()?;
                if matches!(seat, Player::Engine(_)) {
                    bail!(
                        "{flag} {text:?}: {game} is played by people and taktui's computer, not by engines"
                    );
                }
            }
        }
        if let Some(text) = vs {
            let computer = text.parse::<Player>()?;
            if !matches!(computer, Player::Computer(_)) {
                bail!("--vs {text:?}: give computer or computer:LEVEL (1 to 10)");
            }
            if white.is_some() && black.is_some() {
                bail!(
                    "--vs seats the computer on a side without a player, but --white and --black \
                     both name one: drop one of them, or --vs"
                );
            }
            // Player 2's side, or Player 1's when only --black names a player.
            let side = usize::from(!(black.is_some() && white.is_none()));
            players[side] = computer;
        }
        Ok(Sides {
            names: players.each_ref().map(Player::tag_name),
            levels: players.each_ref().map(Player::level),
        })
    }

    /// The sides a record's tags name: the computer where `Player1` or `Player2` is
    /// `Computer (level N)`.
    #[must_use]
    pub fn of_record(tags: &Tags) -> Sides {
        let names = ["Player1", "Player2"].map(|tag| tags.get(tag).map(str::to_owned));
        let levels = names.each_ref().map(|name| {
            name.as_deref()
                .and_then(|n| n.strip_prefix("Computer (level "))
                .and_then(|rest| rest.strip_suffix(')'))
                .and_then(|n| n.parse().ok())
                .and_then(Level::new)
        });
        Sides { names, levels }
    }

    /// Writes the names into a new record's tags.
    pub fn tag(&self, tags: &mut Tags) {
        for (tag, name) in ["Player1", "Player2"].into_iter().zip(&self.names) {
            if let Some(name) = name {
                tags.set(tag, name.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(n: u8) -> Option<Level> {
        Level::new(n)
    }

    #[test]
    fn the_computer_sits_where_it_is_named_or_on_the_free_side() {
        let sides = Sides::read(Some("Ann"), None, Some("computer:3"), "Kaen").unwrap();
        assert_eq!(sides.levels, [None, level(3)]);
        assert_eq!(
            sides.names,
            [
                Some("Ann".to_owned()),
                Some("Computer (level 3)".to_owned())
            ]
        );
        let sides = Sides::read(None, Some("Ann"), Some("computer"), "Kaen").unwrap();
        assert_eq!(sides.levels, [level(crate::game::DEFAULT_LEVEL), None]);
        let sides = Sides::read(Some("computer:9"), Some("computer:2"), None, "Locke").unwrap();
        assert_eq!(sides.levels, [level(9), level(2)]);
        assert!(Sides::read(Some("a"), Some("b"), Some("computer"), "Locke").is_err());
        assert!(Sides::read(None, None, Some("Ann"), "Locke").is_err());
        assert!(Sides::read(Some("computer:11"), None, None, "Locke").is_err());
        assert!(Sides::read(Some("engine:cmd:x"), None, None, "Locke").is_err());
    }

    #[test]
    fn a_record_names_the_computer_it_was_played_against() {
        let sides = Sides::read(None, None, Some("computer:4"), "Kaen").unwrap();
        let mut tags = Tags::default();
        sides.tag(&mut tags);
        assert_eq!(Sides::of_record(&tags), sides);
    }
}
