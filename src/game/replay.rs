//! Replaying a game record ply by ply: where the viewer is, the position there, autoplay, and
//! going to a move by its number.

use std::time::Duration;

use crate::record::{Alternative, GameRecord};
use crate::rules::{Color, Move, Position};

/// Autoplay speeds, slowest first.
pub const SPEEDS: [Duration; 6] = [
    Duration::from_secs(3),
    Duration::from_secs(2),
    Duration::from_millis(1200),
    Duration::from_millis(700),
    Duration::from_millis(400),
    Duration::from_millis(200),
];

/// A record being replayed, and the viewer's place in it: which line of its variations, and
/// which ply of that line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The record as read (or as changed by promoting and deleting variations).
    tree: GameRecord,
    /// The record with the line shown as its main line: what is stepped through.
    record: GameRecord,
    /// Whether the variations were changed since the record was read.
    changed: bool,
    /// Plies shown: 0 is the start position, the record's length its end.
    ply: usize,
    /// The position after `ply` plies.
    position: Position,
    /// Autoplay's speed (an index into [`SPEEDS`]) while it runs.
    autoplay: Option<usize>,
    /// The speed autoplay starts at.
    speed: usize,
}

impl Replay {
    /// A viewer of `record` at `ply` (clamped).
    #[must_use]
    pub fn new(record: GameRecord, ply: usize) -> Replay {
        let ply = ply.min(record.plies().len());
        Replay {
            position: record.position_at(ply),
            tree: record.clone(),
            record,
            changed: false,
            ply,
            autoplay: None,
            speed: 2,
        }
    }

    /// The record as it is stepped through: the line shown is its main line.
    #[must_use]
    pub const fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The record with its variations as they are now (the main line the file's, unless one
    /// was promoted).
    #[must_use]
    pub const fn tree(&self) -> &GameRecord {
        &self.tree
    }

    /// Whether variations were promoted or deleted since the record was read.
    #[must_use]
    pub const fn changed(&self) -> bool {
        self.changed
    }

    /// The record was saved as it is now.
    pub const fn saved(&mut self) {
        self.changed = false;
    }

    /// Whether the line shown is the main line.
    #[must_use]
    pub fn on_main_line(&self) -> bool {
        self.record.plies() == self.tree.plies()
    }

    /// The moves of the line shown before the ply shown.
    fn moves_so_far(&self) -> Vec<Move> {
        self.record.plies()[..self.branch_ply()]
            .iter()
            .map(|p| p.mv)
            .collect()
    }

    /// The ply whose variations are meant: the last one shown (the one the move list marks
    /// `⑂` when others were tried in its place), or at the start the first.
    #[must_use]
    pub const fn branch_ply(&self) -> usize {
        self.ply.saturating_sub(1)
    }

    /// The moves tried at [`Replay::branch_ply`]: the line's own, then each variation's.
    #[must_use]
    pub fn alternatives(&self) -> Vec<Alternative> {
        self.tree.alternatives(&self.moves_so_far())
    }

    /// Shows the line that plays `mv` at [`Replay::branch_ply`] (a variation, or the line's
    /// own move), with that move shown. `false` when no line plays it.
    pub fn switch(&mut self, mv: Move) -> bool {
        let mut line = self.moves_so_far();
        line.push(mv);
        if !self.tree.tree().contains(&line) {
            return false;
        }
        let at = line.len();
        self.show_line(&line);
        self.go(at);
        true
    }

    /// Makes the line shown the main line (its plies and the main line's from where they part
    /// change places).
    pub fn promote(&mut self) {
        let moves: Vec<Move> = self.record.plies().iter().map(|p| p.mv).collect();
        self.tree.promote(&moves);
        // The file's result is the new main line's.
        self.tree.take_main_line_result();
        self.changed = true;
        self.show_line(&moves);
    }

    /// Deletes the variation that plays `mv` at [`Replay::branch_ply`], with its own
    /// variations.
    /// The line's own move there is not a variation: `false`, as when none plays `mv`.
    pub fn delete(&mut self, mv: Move) -> bool {
        let so_far = self.moves_so_far();
        if self.tree.remove_branch(&so_far, mv).is_none() {
            return false;
        }
        self.changed = true;
        // The line shown may have gone with it: it is then the line's own from here.
        let shown: Vec<Move> = self.record.plies().iter().map(|p| p.mv).collect();
        let line = if self.tree.tree().contains(&shown) {
            shown
        } else {
            so_far
        };
        self.show_line(&line);
        true
    }

    /// Shows the line through `moves`, keeping the ply shown.
    fn show_line(&mut self, moves: &[Move]) {
        self.record = self.tree.with_main_line(moves);
        // The ply shown may be the one the lines differ in (a variation chosen in its place,
        // one deleted): the position is worked out again, never kept from the other line.
        self.ply = self.ply.min(self.record.plies().len());
        self.position = self.record.position_at(self.ply);
    }

    /// Plies shown.
    #[must_use]
    pub const fn ply(&self) -> usize {
        self.ply
    }

    /// The position shown.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// Whether the end of the record is shown.
    #[must_use]
    pub fn at_end(&self) -> bool {
        self.ply == self.record.plies().len()
    }

    /// Goes to `ply` (clamped to the record).
    pub fn go(&mut self, ply: usize) {
        let ply = ply.min(self.record.plies().len());
        if ply == self.ply + 1 {
            // One step forward: play it rather than replaying from the start.
            let _ = self.position.play(self.record.plies()[self.ply].mv);
        } else if ply != self.ply {
            self.position = self.record.position_at(ply);
        }
        self.ply = ply;
    }

    /// Moves `delta` plies (negative: back).
    pub fn step(&mut self, delta: isize) {
        self.go(self.ply.saturating_add_signed(delta));
    }

    /// Goes to the end of the record.
    pub fn go_to_end(&mut self) {
        self.go(self.record.plies().len());
    }

    /// How long autoplay waits between plies, while it runs.
    #[must_use]
    pub const fn autoplay(&self) -> Option<Duration> {
        match self.autoplay {
            Some(speed) => Some(SPEEDS[speed]),
            None => None,
        }
    }

    /// Starts autoplay (from the start, when at the end) or stops it.
    pub fn toggle_autoplay(&mut self) {
        if self.autoplay.take().is_none() {
            if self.at_end() {
                self.go(0);
            }
            self.autoplay = Some(self.speed);
        }
    }

    /// Stops autoplay.
    pub fn stop(&mut self) {
        self.autoplay = None;
    }

    /// Changes autoplay's speed by `delta` steps (positive: faster).
    pub fn faster(&mut self, delta: isize) {
        self.speed = self
            .speed
            .saturating_add_signed(delta)
            .min(SPEEDS.len() - 1);
        if self.autoplay.is_some() {
            self.autoplay = Some(self.speed);
        }
    }

    /// Autoplay's speed as seconds a ply, for showing it.
    #[must_use]
    pub fn speed_label(&self) -> String {
        format!("{:.1}s a ply", SPEEDS[self.speed].as_secs_f32())
    }

    /// One autoplay step; autoplay stops at the end.
    pub fn tick(&mut self) {
        if self.autoplay.is_none() {
            return;
        }
        if !self.at_end() {
            self.step(1);
        }
        if self.at_end() {
            self.autoplay = None;
        }
    }

    /// The ply that `text` (a move number, see [`goto_ply`]) names in this record: `Ok` with
    /// the plies to show (clamped to the record, and whether it was past the end), or `Err`
    /// when `text` is not a move number.
    pub fn go_to_move(&mut self, text: &str) -> Result<GoTo, NotAMoveNumber> {
        let ply =
            goto_ply(text, self.record.start()).ok_or_else(|| NotAMoveNumber(text.to_owned()))?;
        let total = self.record.plies().len();
        self.go(ply);
        Ok(if ply > total {
            GoTo::PastTheEnd(total)
        } else {
            GoTo::There
        })
    }
}

/// Where going to a move number led.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GoTo {
    /// To the ply asked for.
    There,
    /// To the end: the game has only this many plies.
    PastTheEnd(usize),
}

/// Text that names no move: not `12`, `12b`, `12.` or `12...`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{0:?} is not a move number: try 12 (after White's ply) or 12b")]
pub struct NotAMoveNumber(pub String);

/// The plies shown after going to `text` (`12`, `12.`, `12w`: after White's ply of move 12;
/// `12b`, `12...`: after Black's; `0`: the start) in a game starting at `start`.
#[must_use]
pub fn goto_ply(text: &str, start: &Position) -> Option<usize> {
    let text = text.trim();
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let number: usize = text[..digits].parse().ok()?;
    let color = match &text[digits..] {
        "" | "." | "w" | "W" => Color::White,
        "b" | "B" | "..." => Color::Black,
        _ => return None,
    };
    if number == 0 {
        return Some(0);
    }
    // Plies from the very start of the game to just after that ply.
    let absolute = (number - 1)
        .checked_mul(2)?
        .checked_add(usize::from(color == Color::Black) + 1)?;
    Some(absolute.saturating_sub(start.ply() as usize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;
    use crate::rules::{BoardSize, GameConfig};

    #[test]
    fn move_numbers_name_plies() {
        let start = Position::new(GameConfig::new(BoardSize::new(5).unwrap()));
        assert_eq!(goto_ply("1", &start), Some(1));
        assert_eq!(goto_ply("1b", &start), Some(2));
        assert_eq!(goto_ply("12.", &start), Some(23));
        assert_eq!(goto_ply("12...", &start), Some(24));
        assert_eq!(goto_ply("0", &start), Some(0));
        assert_eq!(goto_ply("x", &start), None);
        assert_eq!(goto_ply("3c", &start), None);
        assert_eq!(
            goto_ply("99999999999999999999", &start),
            None,
            "too large to count"
        );
        assert_eq!(
            goto_ply("9999999999999999999", &start),
            None,
            "overflows when doubled"
        );
        // From a position with Black to move at move 12, "12b" is the first ply.
        let start = "x5/x5/x5/x5/x5 2 12"
            .parse::<Tps>()
            .unwrap()
            .to_standard_position()
            .unwrap();
        assert_eq!(goto_ply("12b", &start), Some(1));
        assert_eq!(goto_ply("13", &start), Some(2));
    }
}
