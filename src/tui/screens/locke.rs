//! The Locke screen: a game of Locke at the 5x5 board.
//!
//! As at Tak's board: arrows move the cursor, Enter picks up your stack (its reach marked:
//! `+` an empty square, `&` a stack of yours to join, `x` a capture), arrows carry it, Enter
//! puts it down, Esc puts it back; `e` or Enter on your empty back rank enters a piece. Turns
//! can be typed too (`:`), in the notation of records. Two key tables: the board ([`LOCKE`])
//! and the input line ([`LOCKE_TYPING`]). The parts: keys (`keys`), the board's drawing
//! (`grid`), the panel and the screen (`view`), the series table kept across `n` (`series`),
//! the rules pages (`rules`).

mod computer;
mod grid;
mod keys;
mod rules;
mod series;
mod view;

pub use crate::game::locke::Finished;
pub use grid::GridView;
pub use keys::{LOCKE, LOCKE_TYPING, LockeIntent};

use ratatui::crossterm::event::KeyEvent;

use super::record_file;
use super::stepping::{self, Steps};
use super::{Focus, Outcome};
use crate::game::locke::{LockeSession, SERIES_TAG, read_series, write_series};
use crate::locke::{Direction, Effect, Player, Position, Square, Turn, next_first};
use crate::record::{LockeRecord, Stamp, Tags};
use crate::tui::context::Context;
use crate::tui::dialogs::{
    Dialog, Effect as DialogEffect, GameOverDialog, HelpDialog, PagesDialog, QuitDialog,
};
use crate::tui::keys::{HelpSection, KeyTable};
use crate::tui::text_field::TextField;

/// The smallest terminal the screen fits: (columns, rows).
pub const MIN_SIZE: (u16, u16) = (70, 22);

/// A stack picked up: where it stands and where it hovers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Carried {
    /// Its square.
    pub from: Square,
    /// Where it would be put down.
    pub hover: Square,
}

/// A game of Locke being played.
#[derive(Clone, Debug)]
pub struct LockeScreen {
    session: LockeSession,
    cursor: Square,
    carried: Option<Carried>,
    /// The square whose moves are marked (after `m`), until the next key.
    marked: Option<Square>,
    focus: Focus,
    input: TextField,
    learn: bool,
    /// `n` was pressed once over a finished game not saved: a second `n` drops it.
    new_game_warned: bool,
    /// A saved record is being stepped through (`stepping`), not played.
    stepping: bool,
    /// The sides the computer plays, and its thinking.
    seats: computer::Seats,
    /// The games finished at this screen before the one in play (`n` goes on to the next).
    series: Vec<Finished>,
}

impl LockeScreen {
    /// Playing `session`, the cursor in the middle; the series before it as its `Series` tag
    /// says (none when it says nothing that reads).
    #[must_use]
    pub fn new(session: LockeSession) -> LockeScreen {
        let series = session
            .record()
            .tags()
            .get(SERIES_TAG)
            .and_then(|text| read_series(text).ok())
            .unwrap_or_default();
        LockeScreen {
            session,
            cursor: Square::new(2, 2).unwrap_or_else(|| unreachable!("c3 is on the board")),
            carried: None,
            marked: None,
            focus: Focus::Board,
            input: TextField::default(),
            learn: false,
            new_game_warned: false,
            stepping: false,
            seats: computer::Seats::default(),
            series,
        }
    }

    /// The game to step through from its start, as a replay does (p plays on).
    #[must_use]
    pub fn stepping(mut self) -> LockeScreen {
        self.stepping = true;
        stepping::rewind(&mut self);
        self
    }

    /// Whether a saved record is being stepped through.
    #[must_use]
    pub const fn is_stepping(&self) -> bool {
        self.stepping
    }

    /// With learning hints on or off.
    #[must_use]
    pub const fn learning(mut self, on: bool) -> LockeScreen {
        self.learn = on;
        self
    }

    /// Whether learning hints are on.
    #[must_use]
    pub const fn is_learning(&self) -> bool {
        self.learn
    }

    /// The game.
    #[must_use]
    pub const fn session(&self) -> &LockeSession {
        &self.session
    }

    /// The position now.
    #[must_use]
    pub const fn position(&self) -> &Position {
        self.session.record().position()
    }

    /// The cursor.
    #[must_use]
    pub const fn cursor(&self) -> Square {
        self.cursor
    }

    /// The stack picked up, if any.
    #[must_use]
    pub const fn carried(&self) -> Option<Carried> {
        self.carried
    }

    /// Where typed letters go.
    #[must_use]
    pub const fn focus(&self) -> Focus {
        self.focus
    }

    /// `player`'s name: the record's, else White or Black.
    #[must_use]
    pub fn name(&self, player: Player) -> String {
        let tag = if player == Player::White {
            "Player1"
        } else {
            "Player2"
        };
        self.session
            .record()
            .tags()
            .get(tag)
            .filter(|n| !n.trim().is_empty())
            .map_or_else(|| player.to_string(), |name| format!("{name} ({player})"))
    }

    fn table(&self) -> &'static KeyTable<LockeIntent> {
        match self.focus {
            Focus::Board => &LOCKE,
            Focus::Input => &LOCKE_TYPING,
        }
    }

    /// Text pasted: into the input line, which takes the focus (Enter plays the turns).
    pub fn paste(&mut self, text: &str) {
        self.focus = Focus::Input;
        self.input.paste(text);
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        if self.stepping {
            return stepping::handle_key(self, key, ctx);
        }
        if key.code == ratatui::crossterm::event::KeyCode::Esc && self.stop_hint(ctx) {
            return Outcome::Stay;
        }
        match self.table().intent(key) {
            Some(intent) => self.update(intent, ctx),
            None => Outcome::Stay,
        }
    }

    /// Carries out an intent.
    pub fn update(&mut self, intent: LockeIntent, ctx: &mut Context) -> Outcome {
        use LockeIntent as L;
        ctx.status = None;
        self.marked = None;
        let moves_a_piece = match intent {
            L::Confirm | L::EnterPiece | L::Submit => true,
            L::Cursor(_) => self.carried.is_some(),
            _ => false,
        };
        if moves_a_piece && self.refuse_on_computers_turn(ctx) {
            return Outcome::Stay;
        }
        match intent {
            L::Hint => self.hint(ctx),
            L::Cursor(direction) => self.cursor_key(direction, ctx),
            L::Confirm => return self.confirm(ctx),
            L::EnterPiece => return self.play(Turn::Enter(self.cursor), ctx),
            L::Cancel => {
                if self.carried.take().is_some() {
                    ctx.info("put back");
                }
            }
            L::ShowMoves => self.show_moves(ctx),
            L::Undo => {
                self.carried = None;
                // What was typed was for the position taken back.
                self.input.clear();
                match self.undo_to_person() {
                    Some(turn) => ctx.info(format!("took back {turn}")),
                    None => ctx.error("nothing to undo"),
                }
            }
            L::Redo => {
                self.input.clear();
                self.carried = None;
                match self.session.redo() {
                    Some(turn) => ctx.info(format!("played {turn} again")),
                    None => ctx.error("nothing to redo"),
                }
            }
            L::Save => return record_file::save(&mut self.session, "locke", false, ctx),
            L::SaveAs => {
                let dialog = record_file::save_dialog(&self.session, "locke", false);
                return Outcome::Open(Dialog::SaveAs(dialog));
            }
            L::NewGame => self.new_game(ctx),
            L::ToggleLearn => {
                self.learn = !self.learn;
                ctx.info(if self.learn {
                    "learning hints on: reach marked, threats named"
                } else {
                    "learning hints off"
                });
            }
            L::Rules => {
                return Outcome::Open(Dialog::Pages(PagesDialog::new(
                    "Locke: the rules",
                    rules::PAGES,
                )));
            }
            L::Help => return Outcome::Open(Dialog::Help(help())),
            L::Quit if self.session.is_dirty() && self.position().ending().is_some() => {
                // Its result goes on with the series; its moves only if saved.
                return Outcome::Open(Dialog::ConfirmQuit(QuitDialog::finished_in_series()));
            }
            L::Quit => return record_file::quit(&self.session, ctx),
            L::TypeTurns => {
                self.carried = None;
                self.focus = Focus::Input;
            }
            L::Edit(edit) => self.input.edit(edit),
            L::Submit => return self.submit(ctx),
            L::ToBoard => self.focus = Focus::Board,
        }
        Outcome::Stay
    }

    fn cursor_key(&mut self, direction: Direction, ctx: &mut Context) {
        let Some(carried) = self.carried else {
            if let Some(square) = self.cursor.step(direction, 1) {
                self.cursor = square;
            }
            return;
        };
        let Some(next) = carried.hover.step(direction, 1) else {
            ctx.error("that would go off the board");
            return;
        };
        if next == carried.from {
            self.carried = Some(Carried {
                hover: next,
                ..carried
            });
            self.cursor = next;
            return;
        }
        let Some(turn) = line(carried.from, next) else {
            ctx.error("a stack moves in a straight line: no turns, no diagonals");
            return;
        };
        // The whole move is judged, not each square passed: the stack may hover over a
        // square where it could not stop (the square it just came from, say) when a legal
        // move goes on past it.
        let ending_here = self.position().check(turn);
        if ending_here.is_ok() || self.passes_over(carried.from, next) {
            self.carried = Some(Carried {
                hover: next,
                ..carried
            });
            self.cursor = next;
            if let Err(error) = ending_here {
                ctx.info(format!("passing over {next}: {error}"));
            }
        } else if let Err(error) = ending_here {
            ctx.error(format!("{next}: {error}"));
        }
    }

    /// Whether a legal move of the stack on `from` passes over `square`, going further.
    fn passes_over(&self, from: Square, square: Square) -> bool {
        let Some(Turn::Move {
            direction,
            distance,
            ..
        }) = line(from, square)
        else {
            return false;
        };
        self.position().moves_from(from).iter().any(|(turn, _)| {
            matches!(*turn, Turn::Move { direction: d, distance: n, .. }
                if d == direction && n > distance)
        })
    }

    fn confirm(&mut self, ctx: &mut Context) -> Outcome {
        if let Some(carried) = self.carried {
            if carried.hover == carried.from {
                ctx.error("carry the stack with the arrows first, or Esc puts it back");
                return Outcome::Stay;
            }
            return match line(carried.from, carried.hover) {
                Some(turn) => self.play(turn, ctx),
                None => Outcome::Stay,
            };
        }
        let position = self.position();
        if position.ending().is_some() {
            ctx.error("the game is over: n starts the next, u takes back, w saves");
            return Outcome::Stay;
        }
        match position.board().at(self.cursor) {
            None => self.play(Turn::Enter(self.cursor), ctx),
            Some(stack) if stack.owner != position.to_move() => {
                ctx.error(format!(
                    "{} is {}'s stack: pick up one of your own",
                    self.cursor, stack.owner
                ));
                Outcome::Stay
            }
            Some(stack) => {
                if position.moves_from(self.cursor).is_empty() {
                    ctx.error(format!("the stack on {} has nowhere to go", self.cursor));
                } else {
                    self.carried = Some(Carried {
                        from: self.cursor,
                        hover: self.cursor,
                    });
                    ctx.info(format!(
                        "carrying {} (height {}): arrows move it up to {}, Enter puts it down",
                        self.cursor,
                        stack.height,
                        crate::words::count(usize::from(stack.height), "square", "squares")
                    ));
                }
                Outcome::Stay
            }
        }
    }

    fn show_moves(&mut self, ctx: &mut Context) {
        let moves = self.position().moves_from(self.cursor);
        let to_move = self.position().to_move();
        let here = self.cursor;
        if moves.is_empty() {
            ctx.error(match self.position().board().at(here) {
                None => format!("{here} is empty: m marks where a stack may go"),
                Some(stack) if stack.owner != to_move => format!(
                    "the stack on {here} belongs to {}: this turn only the stacks of {} move",
                    self.name(stack.owner),
                    self.name(to_move)
                ),
                Some(_) => format!("the stack on {here} has no legal move now"),
            });
        } else {
            self.marked = Some(self.cursor);
            let list: Vec<String> = moves.iter().map(|(t, e)| describe(*t, *e)).collect();
            ctx.info(list.join(", "));
        }
    }

    /// Plays `turn`, saying what it did or why it is refused.
    fn play(&mut self, turn: Turn, ctx: &mut Context) -> Outcome {
        let mover = self.position().to_move();
        match self.session.play(turn) {
            Ok(effect) => {
                self.carried = None;
                if let Some(target) = turn.target() {
                    self.cursor = target;
                }
                ctx.info(format!("{}: {}", self.name(mover), describe(turn, effect)));
                if let Some(ending) = self.position().ending() {
                    ctx.status = None;
                    // Back at the board: the keys the game-over box names (u, n) work there.
                    self.focus = Focus::Board;
                    self.input.clear();
                    return Outcome::Open(Dialog::GameOver(GameOverDialog::new(vec![
                        ratatui::text::Line::from(self.ending_text(ending)),
                    ])));
                }
            }
            Err(error) => ctx.error(format!("{turn}: {error}")),
        }
        Outcome::Stay
    }

    fn submit(&mut self, ctx: &mut Context) -> Outcome {
        let text = self.input.text().trim().to_owned();
        match text.parse::<Turn>() {
            Ok(turn) => {
                let outcome = self.play(turn, ctx);
                if self.session.record().turns().last().map(|(t, _)| *t) == Some(turn) {
                    self.input.clear();
                } else {
                    // Kept for correcting, but typing afresh replaces it (as for Tak).
                    self.input.select_all();
                }
                outcome
            }
            Err(error) => {
                ctx.error(format!("{text:?}: {error}"));
                self.input.select_all();
                Outcome::Stay
            }
        }
    }

    /// How the game ended, with names.
    #[must_use]
    pub fn ending_text(&self, ending: crate::locke::Ending) -> String {
        let text = ending.describe();
        Player::ALL.iter().fold(text, |text, &p| {
            text.replacen(&format!("{p} wins"), &format!("{} wins", self.name(p)), 1)
        })
    }

    /// The next game of the series, once this one is over: its loser (or, after a draw, who
    /// did not start it) first, the same players, and the series so far with this game, in
    /// its tags too. `None` while the game goes on.
    fn next_game(&self) -> Option<(Vec<Finished>, LockeSession)> {
        let record = self.session.record();
        let ending = record.position().ending()?;
        let mut series = self.series.clone();
        series.push(Finished {
            first: record.first(),
            ending,
        });
        let mut tags = Tags::default();
        tags.set_stamp(Stamp::now());
        for tag in ["Player1", "Player2"] {
            if let Some(name) = record.tags().get(tag) {
                tags.set(tag, name.to_owned());
            }
        }
        tags.set(SERIES_TAG, write_series(&series));
        let first = next_first(record.first(), ending);
        Some((series, LockeSession::new(record.config(), first, tags)))
    }

    /// What the store keeps of this screen for resuming: the game in play, or once it is
    /// over the next game of the series (so that the series goes on after a quit), with
    /// whether it has anything not saved in a file, and the file it was saved in.
    #[must_use]
    pub fn kept(&self) -> (bool, Option<&std::path::Path>, LockeRecord) {
        match self.next_game() {
            Some((_, next)) if !self.stepping => (true, None, next.record().clone()),
            _ => (
                self.session.is_dirty(),
                self.session.path(),
                self.session.record().clone(),
            ),
        }
    }

    fn new_game(&mut self, ctx: &mut Context) {
        let Some((series, next)) = self.next_game() else {
            ctx.error("the game goes on: n starts the next once it is over");
            return;
        };
        let unsaved = self.session.is_dirty();
        if unsaved && !self.new_game_warned {
            // A finished game is not kept to resume: it is lost unless saved first.
            self.new_game_warned = true;
            ctx.error("this game is not saved: w saves it, n again starts the next without it");
            return;
        }
        self.new_game_warned = false;
        self.series = series;
        self.session = next;
        self.carried = None;
        self.stop_thinking();
        let first = self.position().to_move();
        ctx.info(format!(
            "game {}: {} starts{}",
            self.series.len() + 1,
            self.name(first),
            if unsaved {
                " (the last game was not saved)"
            } else {
                ""
            }
        ));
    }

    /// Carries out what a dialog asked for.
    pub fn apply(&mut self, effect: &DialogEffect, ctx: &mut Context) -> Outcome {
        if let Some(outcome) =
            record_file::apply(&mut self.session, "locke", self.learn, effect, ctx)
        {
            return outcome;
        }
        match effect {
            DialogEffect::Undo => self.update(LockeIntent::Undo, ctx),
            DialogEffect::AskNewGame => self.update(LockeIntent::NewGame, ctx),
            _ => Outcome::Stay,
        }
    }
}

/// The move from `from` straight to `to`, if they share a file or a rank.
fn line(from: Square, to: Square) -> Option<Turn> {
    let (df, dr) = (
        i16::from(to.file()) - i16::from(from.file()),
        i16::from(to.rank()) - i16::from(from.rank()),
    );
    let (direction, distance) = match (df, dr) {
        (0, d) if d > 0 => (Direction::Up, d),
        (0, d) if d < 0 => (Direction::Down, -d),
        (d, 0) if d > 0 => (Direction::Right, d),
        (d, 0) if d < 0 => (Direction::Left, -d),
        _ => return None,
    };
    Some(Turn::Move {
        from,
        direction,
        distance: u8::try_from(distance).ok()?,
    })
}

/// A turn and what it does, in words: `c2+ to c3`, `b2+ captures a stack of 1 on b3`.
#[must_use]
pub fn describe(turn: Turn, effect: Effect) -> String {
    let to = turn.target().map_or_else(String::new, |s| s.to_string());
    match effect {
        Effect::Step => format!("{turn} to {to}"),
        Effect::Combine(height) => format!("{turn} joins {to}, a stack of {height}"),
        Effect::Capture(height) => format!("{turn}x captures the stack of {height} on {to}"),
        Effect::Enter => format!("{turn}: a piece enters from the reserve"),
    }
}

impl Steps for LockeScreen {
    fn back(&mut self) -> bool {
        self.session.undo().is_some()
    }

    fn forward(&mut self) -> bool {
        self.session.redo().is_some()
    }

    fn at(&self) -> (usize, usize) {
        let shown = self.session.record().turns().len();
        (shown, shown + self.session.redo_len())
    }

    fn play_on(&mut self) {
        self.stepping = false;
        self.session.detach();
    }
}

/// The help page: every key, and the notation.
fn help() -> HelpDialog {
    HelpDialog::new(
        " Help: ? or Esc to close ",
        vec![
            HelpSection::keys(&LOCKE),
            HelpSection::keys(&LOCKE_TYPING),
            crate::tui::keys::everywhere_help(false),
            HelpSection::text(
                "The notation",
                &[
                    ("c1", "a piece enters from the reserve on c1"),
                    (
                        "c2+  c2-  c2<  c2>",
                        "the stack on c2 moves one square: to c3, c1, b2, d2",
                    ),
                    ("b3>2", "the stack on b3 moves two squares right"),
                    ("b3>2x", "... and captures (the x is optional)"),
                ],
            ),
            HelpSection::text(
                "The board",
                &[
                    ("W:2  B:1", "a White stack of 2, a Black stack of 1"),
                    ("+ & x", "where the stack may go: empty, join, capture"),
                    ("= 3 =", "the middle row"),
                ],
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_of_every_table_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::LOCKE).unwrap();
        crate::tui::keys::check_table(&super::LOCKE_TYPING).unwrap();
    }
}
