//! Hints for learners: the legal moves from a square, the road threats, and what would be
//! legal instead of a refused move. The rules answer every question; this only words them.

use super::Focus;
use super::PlayScreen;
use crate::rules::Square;
use crate::rules::{Direction, MoveKind};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, HelpDialog};
use crate::tui::keys::HelpSection;
use crate::tui::screens::Outcome;
use crate::words::count;
use crate::words::either;

impl PlayScreen {
    /// The legal moves from `square`, as PTN.
    fn moves_from(&self, square: Square) -> Vec<String> {
        self.position()
            .legal_moves_from(square)
            .into_iter()
            .map(|mv| mv.to_string())
            .collect()
    }

    /// The square whose legal moves are marked: after `m`, or the cursor's in learning mode.
    #[must_use]
    pub fn shown_moves_from(&self) -> Option<Square> {
        // Over on the board or off it: nothing moves.
        if self.driver.session().is_over() {
            return None;
        }
        let learning = self.learn && self.picker.builder().is_none() && self.focus == Focus::Board;
        self.marked.or(learning.then_some(self.picker.cursor()))
    }

    /// In learning mode, what would be legal from `square` instead (a few, as PTN).
    pub(super) fn alternatives(&self, square: Square) -> String {
        if !self.learn {
            return String::new();
        }
        let moves = self.moves_from(square);
        match moves.len() {
            0 => format!(" (nothing is legal from {square} now)"),
            n if n <= 6 => format!(" (legal from {square}: {})", moves.join(" ")),
            n => format!(
                " (legal from {square}: {} and {} more)",
                moves[..6].join(" "),
                n - 6
            ),
        }
    }

    /// Says which moves would win by road at once, so a learner can see the threat.
    pub(super) fn show_threats(&self, ctx: &mut Context) {
        let mut parts = Vec::new();
        for color in [!self.position().to_move(), self.position().to_move()] {
            let moves = self.threats(color);
            if !moves.is_empty() {
                let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
                parts.push(format!(
                    "{} wins with {}",
                    self.driver.session().player(color),
                    either(&list)
                ));
            }
        }
        if parts.is_empty() {
            ctx.info("no road threats: nobody can win by road in one move");
        } else {
            ctx.info(format!("Tak: {}", parts.join("; ")));
        }
    }

    /// In learning mode, after the player's `mv`: when the opponent can now win by road at
    /// once (a "Tak" not answered, or a road opened), says so while `u` can still take it back.
    pub(super) fn warn_road_left_open(&self, mv: crate::rules::Move, ctx: &mut Context) {
        let position = self.position();
        if !self.learn || self.driver.session().is_over() || position.is_opening() {
            return;
        }
        let opponent = position.to_move();
        let wins: Vec<String> = position
            .threats(opponent)
            .iter()
            .map(ToString::to_string)
            .collect();
        if wins.is_empty() {
            return;
        }
        ctx.error(format!(
            "{mv} leaves a road open: {} wins with {} (u takes {mv} back)",
            self.driver.session().player(opponent),
            either(&wins)
        ));
    }

    /// Lists the legal moves from the cursor's square and marks where they go: in the message
    /// line when they fit there, else on a page of their own, by direction.
    pub(super) fn show_moves(&mut self, ctx: &mut Context) -> Outcome {
        let square = self.picker.cursor();
        if self.driver.session().is_over() {
            self.marked = None;
            ctx.info("the game is over: no moves to show");
            return Outcome::Stay;
        }
        let moves = self.moves_from(square);
        if moves.is_empty() {
            let why = match self.position().board().stack(square).controller() {
                Some(owner) if owner != self.position().to_move() => {
                    format!("{square} is controlled by {owner}")
                }
                _ => "nothing can move from here now".to_owned(),
            };
            ctx.info(format!("no legal moves from {square}: {why}"));
            return Outcome::Stay;
        }
        self.marked = Some(square);
        let counted = count(moves.len(), "move", "moves");
        if moves.len() <= LISTED_IN_LINE {
            ctx.info(format!("{counted} from {square}: {}", moves.join(" ")));
            return Outcome::Stay;
        }
        ctx.info(format!("{counted} from {square}, marked + on the board"));
        let mut sections = Vec::new();
        let legal = self.position().legal_moves_from(square);
        for direction in [None]
            .into_iter()
            .chain(Direction::ALL.into_iter().map(Some))
        {
            let group: Vec<String> = legal
                .iter()
                .filter(|mv| match mv.kind {
                    MoveKind::Place(_) => direction.is_none(),
                    MoveKind::Spread(d, _) => direction == Some(d),
                })
                .map(ToString::to_string)
                .collect();
            if group.is_empty() {
                continue;
            }
            let title = match direction {
                None => "Placing".to_owned(),
                Some(d) => format!("{} ({})", direction_name(d), d.symbol()),
            };
            let title = format!("{title}: {}", count(group.len(), "move", "moves"));
            sections.push(HelpSection {
                title,
                rows: vec![(String::new(), group.join(" "))],
            });
        }
        Outcome::Open(Dialog::Help(HelpDialog::new(
            format!(" {counted} from {square}: Esc to close "),
            sections,
        )))
    }
}

/// The most moves listed in the message line; more are shown on a page of their own.
const LISTED_IN_LINE: usize = 12;

/// A direction as players say it.
const fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "Up",
        Direction::Down => "Down",
        Direction::Left => "Left",
        Direction::Right => "Right",
    }
}
