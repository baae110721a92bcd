//! The Kaen screen's words: refusals, endings and actions as its messages say them, with the
//! players' names, and a square named by the two rows that meet on it, as the diamond labels
//! it (the squares have no names on the screen).

use super::KaenScreen;
use crate::kaen::{Action, Ending, KaenError, Player, Square};

impl KaenScreen {
    /// A refusal in words, with the player's name; a square named as the diamond labels it
    /// (its squares have no names on the screen).
    pub(super) fn explain(&self, error: &KaenError) -> String {
        let text = match *error {
            KaenError::Occupied(square) => format!(
                "the square where {} is taken: place only on an empty square",
                self.meeting(square)
            ),
            KaenError::NotInRow { square, .. } => format!(
                "the square where {} is not in the rolled row",
                self.meeting(square)
            ),
            _ => error.to_string(),
        };
        Player::BOTH
            .iter()
            .fold(text, |text, &p| text.replace(&p.to_string(), &self.name(p)))
    }

    /// How a game ended, with names.
    #[must_use]
    pub fn ending(&self, ending: Ending) -> String {
        let text = ending.describe();
        Player::BOTH
            .iter()
            .fold(text, |text, &p| text.replace(&p.to_string(), &self.name(p)))
    }

    /// An action as the messages say it (`took back the double`), not as the record writes
    /// it: a stone by the two players' rows that meet on its square, as the diamond labels
    /// them (its squares have no names on the screen).
    pub(super) fn in_words(&self, action: Action) -> String {
        match action {
            Action::Double => "the double".to_owned(),
            Action::Accept => "the acceptance of the double".to_owned(),
            Action::Surrender => "the surrender".to_owned(),
            Action::Roll(face) => format!("the roll of {} ({})", face.name(), face.number()),
            Action::Place(square) => format!("the stone where {}", self.meeting(square)),
            Action::Match => "the match".to_owned(),
            Action::Forfeit => "the forfeit".to_owned(),
        }
    }

    /// A square as the two players' rows that meet on it, as the diamond labels them:
    /// `Ann's Dog 2 meets Bo's Cat 3`.
    fn meeting(&self, square: Square) -> String {
        let row = |player| {
            let face = square.face(player);
            format!("{}'s {} {}", self.name(player), face.name(), face.number())
        };
        format!("{} meets {}", row(Player::One), row(Player::Two))
    }
}
