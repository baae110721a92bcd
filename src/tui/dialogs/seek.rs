//! A seek to post on the server: board size, time and increment, the colour taken, komi, the
//! pieces, rated or not, and a named opponent (anyone, when left empty). The seek is checked
//! as the server would check it before the dialog closes.

use std::time::Duration;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{Effect, Reply, popup};
use crate::online::protocol::{ExtraTime, GameSettings, PlayerName, SeekColor, SeekRequest};
use crate::rules::{BoardSize, Komi, Reserves};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::text_field::{Edit, TextField, editing_table};
use crate::tui::theme::Theme;

/// What the seek dialog's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeekIntent {
    /// To the field before (-1) or after (1).
    Field(i8),
    /// Change the field by this step.
    Change(i8),
    /// Post the seek.
    Post,
    /// Close without posting.
    Cancel,
    /// Edit the opponent's name.
    Edit(Edit),
}

/// The seek dialog's keys on every field but the opponent's.
pub const SEEK: KeyTable<SeekIntent> = KeyTable {
    title: "Post a seek",
    bindings: &[
        Binding::new(
            &[Key::Down, Key::Tab, Key::Char('j')],
            SeekIntent::Field(1),
            "Up/Down",
            "the field before or after",
        )
        .bar("field"),
        Binding::new(
            &[Key::Up, Key::BackTab, Key::Char('k')],
            SeekIntent::Field(-1),
            "Up/Down",
            "the field before or after",
        ),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            SeekIntent::Change(-1),
            "Left/Right",
            "change it",
        )
        .bar("change"),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            SeekIntent::Change(1),
            "Left/Right",
            "change it",
        ),
        Binding::new(&[Key::Enter], SeekIntent::Post, "Enter", "post the seek").bar("post"),
        Binding::new(
            &[Key::Esc, Key::Char('q')],
            SeekIntent::Cancel,
            "Esc",
            "cancel",
        )
        .bar("cancel"),
    ],
};

/// The seek dialog's keys on the opponent's name: letters are the name's.
pub const SEEK_OPPONENT: KeyTable<SeekIntent> = KeyTable {
    title: "Post a seek: the opponent's name",
    bindings: editing_table!(SeekIntent::Edit;
        Binding::new(&[Key::Down, Key::Tab], SeekIntent::Field(1), "Up/Down", "the field before or after")
            .bar("field"),
        Binding::new(&[Key::Up, Key::BackTab], SeekIntent::Field(-1), "Up/Down", "the field before or after"),
        Binding::new(&[Key::Enter], SeekIntent::Post, "Enter", "post the seek").bar("post"),
        Binding::new(&[Key::Esc], SeekIntent::Cancel, "Esc", "cancel").bar("cancel"),
    ),
};

/// The fields, in order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    Size,
    Time,
    Increment,
    Color,
    Komi,
    Stones,
    Capstones,
    Rated,
    Opponent,
}

const FIELDS: [Field; 9] = [
    Field::Size,
    Field::Time,
    Field::Increment,
    Field::Color,
    Field::Komi,
    Field::Stones,
    Field::Capstones,
    Field::Rated,
    Field::Opponent,
];

/// The starting times offered, in minutes.
const MINUTES: [u64; 13] = [1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 45, 60, 90];
/// The increments offered, in seconds.
const INCREMENTS: [u64; 11] = [0, 1, 2, 3, 5, 7, 10, 15, 20, 30, 60];
const COLORS: [SeekColor; 3] = [SeekColor::Either, SeekColor::White, SeekColor::Black];

/// The seek dialog's fields.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeekDialog {
    /// The board size, 3 to 8.
    size: u8,
    /// An index into [`MINUTES`].
    minutes: usize,
    /// An index into [`INCREMENTS`].
    increment: usize,
    /// An index into [`COLORS`].
    color: usize,
    komi: Komi,
    stones: u32,
    capstones: u32,
    rated: bool,
    opponent: TextField,
    field: usize,
    /// Why the seek could not be posted as it is, when Enter was pressed.
    problem: Option<String>,
}

impl Default for SeekDialog {
    fn default() -> SeekDialog {
        SeekDialog::new()
    }
}

/// The standard stones and capstones of a board of `size`.
fn standard_pieces(size: u8) -> (u32, u32) {
    BoardSize::new(size).map_or((30, 1), |size| {
        let reserves = Reserves::standard(size);
        (u32::from(reserves.stones), u32::from(reserves.caps))
    })
}

/// `value` moved `step` along `0..len`, round.
fn round(value: usize, step: i8, len: usize) -> usize {
    let len = isize::try_from(len).unwrap_or(1);
    let next = (isize::try_from(value).unwrap_or(0) + isize::from(step)).rem_euclid(len);
    usize::try_from(next).unwrap_or(0)
}

impl SeekDialog {
    /// The usual game: 6x6, 10+5, either colour, komi 2, the standard pieces, rated.
    #[must_use]
    pub fn new() -> SeekDialog {
        let (stones, capstones) = standard_pieces(6);
        SeekDialog {
            size: 6,
            minutes: 5,
            increment: 4,
            color: 0,
            komi: Komi::from_halves(4).unwrap_or_default(),
            stones,
            capstones,
            rated: true,
            opponent: TextField::default(),
            field: 0,
            problem: None,
        }
    }

    fn field(&self) -> Field {
        FIELDS[self.field]
    }

    /// The key table of the field in focus.
    #[must_use]
    pub fn keys(&self) -> &'static KeyTable<SeekIntent> {
        if self.field() == Field::Opponent {
            &SEEK_OPPONENT
        } else {
            &SEEK
        }
    }

    /// The seek as the fields say it, or why the server would not take it.
    pub fn request(&self) -> Result<SeekRequest, String> {
        let size = BoardSize::new(self.size).map_err(|e| e.to_string())?;
        let settings = GameSettings {
            size,
            time: Duration::from_secs(MINUTES[self.minutes] * 60),
            increment: Duration::from_secs(INCREMENTS[self.increment]),
            komi: self.komi,
            stones: self.stones,
            capstones: self.capstones,
            rated: self.rated,
            tournament: false,
            extra_time: ExtraTime::default(),
        };
        let name = self.opponent.text().trim();
        let opponent = if name.is_empty() {
            None
        } else {
            Some(PlayerName::new(name).map_err(|e| format!("the opponent: {e}"))?)
        };
        SeekRequest::new(settings, COLORS[self.color], opponent).map_err(|e| e.to_string())
    }

    /// Text pasted: into the opponent's name, when that field is in focus.
    pub fn paste(&mut self, text: &str) {
        if self.field() == Field::Opponent {
            self.opponent.paste(text);
        }
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Reply {
        let Some(intent) = self.keys().intent(key) else {
            return Reply::Stay;
        };
        match intent {
            SeekIntent::Field(step) => self.field = round(self.field, step, FIELDS.len()),
            SeekIntent::Change(step) => self.change(step),
            SeekIntent::Edit(edit) => self.opponent.edit(edit),
            SeekIntent::Post => match self.request() {
                Ok(seek) => return Reply::Then(Effect::PostSeek(seek)),
                Err(why) => self.problem = Some(why),
            },
            SeekIntent::Cancel => return Reply::Close,
        }
        Reply::Stay
    }

    /// Changes the field in focus by `step`.
    fn change(&mut self, step: i8) {
        self.problem = None;
        match self.field() {
            Field::Size => {
                let sizes = usize::from(BoardSize::MAX - BoardSize::MIN + 1);
                let now = usize::from(self.size.saturating_sub(BoardSize::MIN));
                self.size = round(now, step, sizes) as u8 + BoardSize::MIN;
                (self.stones, self.capstones) = standard_pieces(self.size);
            }
            Field::Time => self.minutes = round(self.minutes, step, MINUTES.len()),
            Field::Increment => self.increment = round(self.increment, step, INCREMENTS.len()),
            Field::Color => self.color = round(self.color, step, COLORS.len()),
            // The server takes komi from 0 to 4, in half points.
            Field::Komi => {
                let halves = (self.komi.halves() + i16::from(step)).clamp(0, 8);
                self.komi = Komi::from_halves(halves).unwrap_or(self.komi);
            }
            Field::Stones => {
                self.stones = self
                    .stones
                    .saturating_add_signed(i32::from(step))
                    .clamp(10, 80);
            }
            Field::Capstones => {
                self.capstones = self.capstones.saturating_add_signed(i32::from(step)).min(5);
            }
            Field::Rated => self.rated = !self.rated,
            Field::Opponent => {}
        }
    }

    /// One field's line: its name, its value between arrows (highlighted in focus), a note.
    fn line(&self, field: Field, theme: Theme) -> Line<'static> {
        let (name, value, note) = match field {
            Field::Size => ("Board size", format!("{0}x{0}", self.size), ""),
            Field::Time => ("Time", format!("{} min", MINUTES[self.minutes]), "each"),
            Field::Increment => (
                "Increment",
                format!("{} s", INCREMENTS[self.increment]),
                "added after each move",
            ),
            Field::Color => (
                "You play",
                match COLORS[self.color] {
                    SeekColor::Either => "either colour",
                    SeekColor::White => "white",
                    SeekColor::Black => "black",
                }
                .to_owned(),
                "",
            ),
            Field::Komi => (
                "Komi",
                self.komi.to_string(),
                "flats added to Black's count",
            ),
            Field::Stones => ("Stones", self.stones.to_string(), "each"),
            Field::Capstones => ("Capstones", self.capstones.to_string(), "each"),
            Field::Rated => (
                "Rated",
                if self.rated { "yes" } else { "no" }.to_owned(),
                "",
            ),
            Field::Opponent => {
                let name = self.opponent.text();
                let shown = if name.is_empty() && self.field() != Field::Opponent {
                    "anyone".to_owned()
                } else {
                    name.to_owned()
                };
                ("Opponent", shown, "a name: only they may accept")
            }
        };
        let style = if self.field() == field {
            theme.cursor()
        } else {
            Style::new()
        };
        let shown = if field == Field::Opponent {
            format!(" {value} ")
        } else {
            format!(" < {value} > ")
        };
        Line::from(vec![
            Span::raw(format!("{name:<12}")),
            Span::styled(shown, style),
            Span::styled(format!("  {note}"), theme.dim()),
        ])
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let mut lines: Vec<Line<'static>> = FIELDS
            .iter()
            .map(|&field| self.line(field, theme))
            .collect();
        lines.push(Line::default());
        match &self.problem {
            Some(why) => lines.push(Line::styled(format!("! {why}"), theme.error())),
            None => lines.push(Line::styled(
                "The seek shows in the lobby as yours until someone accepts it.",
                theme.dim(),
            )),
        }
        lines.push(Line::default());
        lines.push(popup::keys_line(self.keys(), theme));
        popup::draw(frame, area, " Post a seek ", lines, 66, theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keys::Key;

    fn press(dialog: &mut SeekDialog, keys: &[Key]) -> Reply {
        let mut reply = Reply::Stay;
        for key in keys {
            reply = dialog.handle_key(&key.example());
        }
        reply
    }

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&SEEK).unwrap();
        crate::tui::keys::check_table(&SEEK_OPPONENT).unwrap();
    }

    #[test]
    fn the_usual_seek_is_posted_as_the_server_reads_it() {
        let mut dialog = SeekDialog::new();
        let Reply::Then(Effect::PostSeek(seek)) = press(&mut dialog, &[Key::Enter]) else {
            panic!("posted")
        };
        assert_eq!(seek.to_string(), "6 600 5 A 4 30 1 0 0 0 0 ");
    }

    #[test]
    fn every_field_changes_the_seek_and_a_size_brings_its_pieces() {
        let mut dialog = SeekDialog::new();
        let keys = [
            Key::Left, // size 5
            Key::Down,
            Key::Left, // 7 minutes
            Key::Down,
            Key::Right, // 7 s
            Key::Down,
            Key::Right, // white
            Key::Down,
            Key::Right, // komi 2.5
            Key::Down,
            Key::Left, // 20 stones
            Key::Down,
            Key::Down,
            Key::Right, // unrated
            Key::Down,
            Key::Char('b'),
            Key::Char('o'),
            Key::Char('b'),
            Key::Char('b'),
            Key::Char('y'),
            Key::Enter,
        ];
        let Reply::Then(Effect::PostSeek(seek)) = press(&mut dialog, &keys) else {
            panic!("posted")
        };
        assert_eq!(seek.to_string(), "5 420 7 W 5 20 1 1 0 0 0 bobby");
    }

    #[test]
    fn a_seek_the_server_would_refuse_stays_in_the_dialog_with_why() {
        let mut dialog = SeekDialog::new();
        let mut keys = vec![Key::Up];
        keys.extend("not a name".chars().map(Key::Char));
        keys.push(Key::Enter);
        assert_eq!(press(&mut dialog, &keys), Reply::Stay);
        assert!(
            dialog
                .problem
                .as_deref()
                .is_some_and(|p| p.starts_with("the opponent")),
            "{:?}",
            dialog.problem
        );
        assert_eq!(press(&mut dialog, &[Key::Esc]), Reply::Close);
    }
}
