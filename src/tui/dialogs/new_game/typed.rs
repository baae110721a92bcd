//! The new-game dialog's fields typed in: each person's name, and a time control of one's
//! own. While one of them is chosen, letters (or, on the clock, digits) are typed there; the
//! arrows up and down, Enter and Esc keep their meaning.

use ratatui::crossterm::event::KeyEvent;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{
    BLACK, BLACK_NAME, CLOCK, GAME, NEW_GAME, NewGameDialog, NewGameIntent, Seat, TAK, WHITE,
    WHITE_NAME,
};
use crate::game::clock::TimeControl;
use crate::rules::{ByColor, Color};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::text_field::{Edit, TextField, editing_table};
use crate::tui::theme::Theme;

/// The keys while a name is typed (and, on the clock, a time control).
pub const NEW_GAME_TYPING: KeyTable<NewGameIntent> = KeyTable {
    title: "New game: typing a name or a time",
    bindings: editing_table!(NewGameIntent::Edit;
        Binding::new(
            &[Key::Down, Key::Tab],
            NewGameIntent::Field(1),
            "Up/Down",
            "the field before or after",
        )
        .bar("field"),
        Binding::new(
            &[Key::Up, Key::BackTab],
            NewGameIntent::Field(-1),
            "Up/Down",
            "the field before or after",
        ),
        Binding::new(&[Key::Enter], NewGameIntent::Start, "Enter", "start").bar("start"),
        Binding::new(&[Key::Esc], NewGameIntent::Cancel, "Esc", "cancel").bar("cancel"),
    ),
};

/// What is typed in the dialog.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(super) struct Typed {
    /// A time control typed (`7+3`), chosen over the usual ones while there is one.
    pub custom: Option<TextField>,
    /// Each person's name, as typed (the names played under so far, at first).
    pub names: ByColor<TextField>,
    /// The names as they were when the dialog opened: only a name changed is the dialog's to
    /// give (the screen otherwise keeps each person's name, on whichever side they now play).
    pub names_before: ByColor<String>,
    /// What keeps the game from starting (a time control that does not read), said in the
    /// dialog until the next key.
    pub problem: Option<String>,
}

/// The longest name kept: PTN tags and the panel have no room for more.
const MAX_NAME: usize = 40;

impl NewGameDialog {
    /// The intent a key asks for in the field chosen.
    pub(super) fn intent(&self, key: &KeyEvent) -> Option<NewGameIntent> {
        match self.field {
            WHITE_NAME | BLACK_NAME => NEW_GAME_TYPING.intent(key),
            CLOCK => match NEW_GAME_TYPING.intent(key) {
                // What a time control is written with goes to the one typed; the rest of the
                // keys (the arrows through the usual ones) are the dialog's.
                Some(NewGameIntent::Edit(Edit::Insert(c))) if is_time_char(c) => {
                    Some(NewGameIntent::Edit(Edit::Insert(c)))
                }
                Some(NewGameIntent::Edit(edit @ (Edit::Backspace | Edit::Delete)))
                    if self.typed.custom.is_some() =>
                {
                    Some(NewGameIntent::Edit(edit))
                }
                _ => NEW_GAME.intent(key),
            },
            _ => NEW_GAME.intent(key),
        }
    }

    /// Whether the field chosen is typed in (the key bar says so).
    pub(super) fn typed_in(&self) -> bool {
        matches!(self.field, WHITE_NAME | BLACK_NAME)
            || (self.field == CLOCK && self.typed.custom.is_some())
    }

    /// To the field `step` along, around, past a name field whose side no person plays.
    pub(super) fn next_field(&mut self, step: i8) {
        if self.game != TAK {
            // Kaen and Locke: the game, then the two players (`tak kaen` and `tak locke` set
            // the rest).
            let fields = [GAME, WHITE, BLACK];
            let now = fields.iter().position(|&f| f == self.field).unwrap_or(0);
            let next = (now.cast_signed() + isize::from(step)).rem_euclid(3);
            self.field = fields[next.cast_unsigned()];
            return;
        }
        let fields = CLOCK + 1;
        let mut field = self.field;
        for _ in 0..fields {
            field = (field.cast_signed() + step)
                .rem_euclid(fields.cast_signed())
                .cast_unsigned();
            if self.shown(field) {
                break;
            }
        }
        self.field = field;
    }

    /// Whether `field` is there to choose: a name only for a side a person plays.
    fn shown(&self, field: u8) -> bool {
        match field {
            WHITE_NAME => *self.seat(Color::White) == Seat::Person,
            BLACK_NAME => *self.seat(Color::Black) == Seat::Person,
            _ => true,
        }
    }

    /// One editing step in the field typed in.
    pub(super) fn edit(&mut self, edit: Edit) {
        match self.field {
            WHITE_NAME | BLACK_NAME => {
                let color = if self.field == WHITE_NAME {
                    Color::White
                } else {
                    Color::Black
                };
                let name = &mut self.typed.names[color];
                if !matches!(edit, Edit::Insert(_)) || name.text().chars().count() < MAX_NAME {
                    name.edit(edit);
                }
            }
            CLOCK => {
                let field = self.typed.custom.get_or_insert_with(TextField::default);
                field.edit(edit);
                // Emptied: the usual time control chosen before is back.
                if field.text().is_empty() {
                    self.typed.custom = None;
                }
            }
            _ => {}
        }
    }

    /// The clocks chosen, or why the time typed does not read.
    pub(super) fn typed_clock(&self) -> Result<Option<TimeControl>, String> {
        match &self.typed.custom {
            Some(field) => field
                .text()
                .parse::<TimeControl>()
                .map(Some)
                .map_err(|error| format!("Clock: {error}")),
            None => Ok(self.clocks[self.clock]),
        }
    }

    /// The names typed that differ from those played under so far, for the sides a person
    /// plays (an empty one: no name).
    pub(super) fn changed_names(&self) -> ByColor<Option<String>> {
        ByColor::from_fn(|color| {
            let name = self.typed.names[color].text().trim();
            (*self.seat(color) == Seat::Person && name != self.typed.names_before[color].trim())
                .then(|| name.to_owned())
        })
    }

    /// A person's side's name line (none for the computer's or an engine's side).
    pub(super) fn name_line(&self, color: Color, theme: Theme) -> Option<Line<'static>> {
        let field = if color == Color::White {
            WHITE_NAME
        } else {
            BLACK_NAME
        };
        if !self.shown(field) {
            return None;
        }
        let text = self.typed.names[color].text().to_owned();
        let chosen = self.field == field;
        let shown = if text.is_empty() && !chosen {
            Span::styled(format!(" {color}, unnamed (type one) "), theme.dim())
        } else {
            Span::styled(
                format!(" {text} "),
                if chosen { theme.cursor() } else { Style::new() },
            )
        };
        Some(Line::from(vec![Span::raw("  name      "), shown]))
    }

    /// Where the text cursor goes in `lines` (those above the foot, as drawn) when a field is
    /// typed in: its line, and its column inside the box.
    pub(super) fn typing_at(&self, lines: &[Line<'static>]) -> Option<(u16, u16)> {
        let (text, label) = match self.field {
            WHITE_NAME => (&self.typed.names[Color::White], "  name      "),
            BLACK_NAME => (&self.typed.names[Color::Black], "  name      "),
            CLOCK => (self.typed.custom.as_ref()?, "Clock       "),
            _ => return None,
        };
        // The name lines follow their side's line: the first line with the label after it.
        let after = match self.field {
            WHITE_NAME => Some(WHITE),
            BLACK_NAME => Some(BLACK),
            _ => None,
        };
        let row = lines.iter().enumerate().position(|(i, line)| {
            let starts = line.spans.first().is_some_and(|span| span.content == label);
            let follows = after.is_none_or(|side| {
                let side_label = if side == WHITE { "White" } else { "Black" };
                i > 0
                    && lines[i - 1]
                        .spans
                        .first()
                        .is_some_and(|span| span.content.starts_with(side_label))
            });
            starts && follows
        })?;
        let column = label.len() + 1 + text.cursor();
        Some((u16::try_from(row).ok()?, u16::try_from(column).ok()?))
    }
}

/// Whether `c` is written in a time control (`7+3`, `0.5+2`, `1:30`).
const fn is_time_char(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '+' | '.' | ':')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, GameConfig};
    use crate::tui::dialogs::{Effect, Replaced, Reply};
    use ratatui::crossterm::event::KeyCode;

    fn press(dialog: &mut NewGameDialog, code: KeyCode) -> Reply {
        dialog.handle_key(&KeyEvent::from(code))
    }

    fn type_text(dialog: &mut NewGameDialog, text: &str) {
        for c in text.chars() {
            press(dialog, KeyCode::Char(c));
        }
    }

    fn dialog() -> NewGameDialog {
        let config = GameConfig::new(BoardSize::new(5).unwrap());
        NewGameDialog::new(&config, Replaced::Saved)
            .with_names(&ByColor::new("Ann".to_owned(), String::new()))
    }

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&NEW_GAME_TYPING).unwrap();
    }

    #[test]
    fn names_are_typed_letters_and_all_and_only_a_change_is_given() {
        let mut dialog = dialog();
        // Game, size, komi, White, White's name.
        for _ in 0..4 {
            press(&mut dialog, KeyCode::Down);
        }
        assert_eq!(dialog.field, WHITE_NAME);
        // Letters that are commands elsewhere (k up, q cancel, 5 a size) are typed.
        type_text(&mut dialog, "kq5");
        press(&mut dialog, KeyCode::Down);
        press(&mut dialog, KeyCode::Down);
        assert_eq!(dialog.field, BLACK_NAME);
        type_text(&mut dialog, "Bob");
        let Reply::Then(Effect::NewGame(config, _, _, names)) = press(&mut dialog, KeyCode::Enter)
        else {
            panic!("Enter starts the game")
        };
        assert_eq!(config.size().get(), 5, "5 was typed, not a size");
        assert_eq!(
            names,
            ByColor::new(Some("Annkq5".to_owned()), Some("Bob".to_owned()))
        );
        // Untouched, nothing is given: the screen keeps each person's name.
        let mut dialog = self::dialog();
        let Reply::Then(Effect::NewGame(_, _, _, names)) = press(&mut dialog, KeyCode::Enter)
        else {
            panic!("Enter starts the game")
        };
        assert_eq!(names, ByColor::new(None, None));
    }

    #[test]
    fn a_side_the_computer_plays_has_no_name_field() {
        let mut dialog = dialog();
        for _ in 0..3 {
            press(&mut dialog, KeyCode::Down);
        }
        assert_eq!(dialog.field, WHITE);
        press(&mut dialog, KeyCode::Right);
        assert!(matches!(dialog.seat(Color::White), Seat::Computer(_)));
        press(&mut dialog, KeyCode::Down);
        assert_eq!(dialog.field, BLACK, "White's name is skipped");
        press(&mut dialog, KeyCode::Up);
        assert_eq!(dialog.field, WHITE);
    }

    #[test]
    fn a_time_control_of_ones_own_is_typed_on_the_clock_line() {
        let mut dialog = dialog();
        while dialog.field != CLOCK {
            press(&mut dialog, KeyCode::Up);
        }
        type_text(&mut dialog, "7+3");
        assert_eq!(
            dialog.clock().map(|c| c.to_string()),
            Some("7+3".to_owned())
        );
        // Not a time control: Enter says so and waits.
        type_text(&mut dialog, "+");
        assert!(matches!(press(&mut dialog, KeyCode::Enter), Reply::Stay));
        assert!(
            dialog
                .typed
                .problem
                .as_deref()
                .is_some_and(|p| p.starts_with("Clock: "))
        );
        press(&mut dialog, KeyCode::Backspace);
        let Reply::Then(Effect::NewGame(_, _, clock, _)) = press(&mut dialog, KeyCode::Enter)
        else {
            panic!("Enter starts the game")
        };
        assert_eq!(clock.map(|c| c.to_string()), Some("7+3".to_owned()));
        // The arrows go back to the usual ones.
        let mut dialog = dialog_with_custom("12+4");
        press(&mut dialog, KeyCode::Right);
        assert!(dialog.typed.custom.is_none());
        assert_eq!(
            dialog.clock().map(|c| c.to_string()),
            Some("3+2".to_owned())
        );
    }

    fn dialog_with_custom(text: &str) -> NewGameDialog {
        let mut dialog = dialog();
        dialog.field = CLOCK;
        type_text(&mut dialog, text);
        dialog
    }
}
