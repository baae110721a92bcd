//! Dialogs of one text field: the file name to save to, and the move number to go to.

use std::path::{Path, PathBuf};

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{Effect, Reply, popup};
use crate::game::goto_ply;
use crate::rules::Position;
use crate::tui::context::Context;
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::text_field::{Edit, TextField, editing_table};
use crate::tui::theme::Theme;

/// What a field dialog's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FieldIntent {
    /// Edit the text.
    Edit(Edit),
    /// Done: use the text.
    Submit,
    /// Close without using it.
    Cancel,
}

/// The keys of a dialog with one text field.
pub const FIELD: KeyTable<FieldIntent> = KeyTable {
    title: "A text field",
    bindings: editing_table!(FieldIntent::Edit;
        Binding::new(&[Key::Enter], FieldIntent::Submit, "Enter", "done").bar("done"),
        Binding::new(&[Key::Esc], FieldIntent::Cancel, "Esc", "cancel").bar("cancel"),
    ),
};

/// The field's line, `> text`, and where its cursor goes once drawn at `rect`'s second line.
fn field_line(field: &TextField, theme: Theme) -> Line<'static> {
    Line::from(vec![
        Span::styled("> ", theme.heading()),
        Span::raw(field.text().to_owned()),
    ])
}

fn place_cursor(frame: &mut Frame<'_>, rect: Rect, field: &TextField) {
    let typed = u16::try_from(field.cursor()).unwrap_or(u16::MAX);
    let x = rect.x.saturating_add(3).saturating_add(typed);
    frame.set_cursor_position((x.min(rect.x + rect.width.saturating_sub(2)), rect.y + 2));
}

/// Save as: the file name, `.ptn` added when it has no extension, and a second Enter needed
/// to replace a file that exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveAsDialog {
    field: TextField,
    /// Quit once saved (the quit dialog's "save and quit").
    then_quit: bool,
    /// A file the player was warned exists: Enter again replaces it.
    replace_ok: Option<PathBuf>,
    /// The file the game came from, and what writing over it would change.
    origin: Option<(PathBuf, Vec<String>)>,
    /// Where a name without a folder is saved: the folder `tak` was started in.
    here: Option<PathBuf>,
    /// What the file will not hold that the player might expect it to (plies taken back).
    note: Option<String>,
    /// The warning before replacing a file, shown whole here (the message line cuts it).
    warning: Option<String>,
}

impl SaveAsDialog {
    /// Asks for a file name, offering `name`; quits once saved if `then_quit`.
    #[must_use]
    pub fn new(name: &str, then_quit: bool) -> SaveAsDialog {
        SaveAsDialog {
            field: TextField::with_text(name),
            then_quit,
            replace_ok: None,
            origin: None,
            here: std::env::current_dir().ok(),
            note: None,
            warning: None,
        }
    }

    /// With `note` shown under the name: what the file will leave out.
    #[must_use]
    pub fn noting(mut self, note: Option<String>) -> SaveAsDialog {
        self.note = note;
        self
    }

    /// For a game read from `origin`: writing over it says what would `change`.
    #[must_use]
    pub fn from_file(mut self, origin: &Path, changes: Vec<String>) -> SaveAsDialog {
        self.origin = Some((origin.to_path_buf(), changes));
        self
    }

    /// The name typed so far.
    #[must_use]
    pub fn text(&self) -> &str {
        self.field.text()
    }

    /// Text pasted: into the field.
    pub fn paste(&mut self, text: &str) {
        self.field.paste(text);
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Reply {
        match FIELD.intent(key) {
            Some(FieldIntent::Edit(edit)) => {
                self.field.edit(edit);
                // A warning about the name typed says nothing of the next.
                if let Some(warning) = self.warning.take() {
                    ctx.withdraw(&warning);
                }
            }
            Some(FieldIntent::Cancel) => {
                if let Some(warning) = &self.warning {
                    ctx.withdraw(warning);
                }
                return Reply::Close;
            }
            Some(FieldIntent::Submit) => return self.submit(ctx),
            None => {}
        }
        Reply::Stay
    }

    fn submit(&mut self, ctx: &mut Context) -> Reply {
        let name = self.field.text().trim();
        if name.is_empty() {
            return Reply::Stay;
        }
        let mut path = expand_home(name);
        if let Some(dir) = ctx.save_dir.as_ref().filter(|_| path.is_relative()) {
            path = dir.join(path);
        }
        if path.is_dir() {
            ctx.error(format!(
                "{} is a folder: add a file name, such as {}",
                path.display(),
                path.join("game.ptn").display()
            ));
            return Reply::Stay;
        }
        if path.extension().is_none() {
            path.set_extension("ptn");
        }
        if path.exists() && self.replace_ok.as_ref() != Some(&path) {
            let warning = self.replacing(&path);
            ctx.error(warning.clone());
            self.warning = Some(warning);
            self.replace_ok = Some(path);
            return Reply::Stay;
        }
        Reply::Then(Effect::SaveTo {
            path,
            then_quit: self.then_quit,
        })
    }

    /// The warning before writing over `path`, which exists.
    fn replacing(&self, path: &Path) -> String {
        let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        };
        // What it holds, said before it is lost.
        let holds = super::holding::holding(path);
        match &self.origin {
            Some((origin, changes)) if same(origin, path) => format!(
                "{} is the file this game came from, holding {holds}: Enter again replaces it \
                 ({}), or change the name",
                path.display(),
                changes.join(", ")
            ),
            _ => format!(
                "{} exists, holding {holds}: Enter again replaces it, or change the name",
                path.display()
            ),
        }
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let mut lines = vec![
            Line::from("File name (PTN):"),
            field_line(&self.field, theme),
        ];
        // Where a name without a folder goes, by the same reading of the name as saving.
        let relative = expand_home(self.field.text().trim()).is_relative();
        if let Some(here) = self.here.as_ref().filter(|_| relative) {
            lines.push(Line::styled(format!("in {}", here.display()), theme.dim()));
        }
        for note in [&self.note, &self.warning].into_iter().flatten() {
            lines.push(Line::styled(note.clone(), theme.warning()));
        }
        lines.push(Line::default());
        lines.push(popup::keys_line(&SAVE_KEYS, theme));
        let rect = popup::draw(frame, area, " Save as ", lines, 60, theme);
        place_cursor(frame, rect, &self.field);
    }
}

/// `name` as a path, a leading `~/` (or a lone `~`) read as the home folder, as shells do.
fn expand_home(name: &str) -> PathBuf {
    expand_home_in(name, std::env::var_os("HOME").map(PathBuf::from).as_deref())
}

/// `name` as a path, `~` read as `home` (kept as typed when there is none).
fn expand_home_in(name: &str, home: Option<&Path>) -> PathBuf {
    match (name.strip_prefix('~'), home) {
        (Some(""), Some(home)) => home.to_path_buf(),
        (Some(rest), Some(home)) if rest.starts_with('/') => {
            home.join(rest.trim_start_matches('/'))
        }
        _ => PathBuf::from(name),
    }
}

/// The key bar of the save dialog: the field's keys, named for saving.
const SAVE_KEYS: KeyTable<FieldIntent> = KeyTable {
    title: "Save as",
    bindings: &[
        Binding::new(&[Key::Enter], FieldIntent::Submit, "Enter", "save").bar("save"),
        Binding::new(&[Key::Esc], FieldIntent::Cancel, "Esc", "cancel").bar("cancel"),
    ],
};

/// The key bar of the go-to dialog.
const GOTO_KEYS: KeyTable<FieldIntent> = KeyTable {
    title: "Go to",
    bindings: &[
        Binding::new(&[Key::Enter], FieldIntent::Submit, "Enter", "go").bar("go"),
        Binding::new(&[Key::Esc], FieldIntent::Cancel, "Esc", "cancel").bar("cancel"),
    ],
};

/// Go to a move number in a replay: `12` (after White's ply), `12b` (after Black's), `0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoToDialog {
    field: TextField,
    /// Where the record starts, for counting plies from move numbers.
    start: Box<Position>,
}

impl GoToDialog {
    /// An empty field, for a record starting at `start`.
    #[must_use]
    pub fn new(start: Position) -> GoToDialog {
        GoToDialog {
            field: TextField::default(),
            start: Box::new(start),
        }
    }

    /// Text pasted: into the field.
    pub fn paste(&mut self, text: &str) {
        self.field.paste(text);
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Reply {
        match FIELD.intent(key) {
            Some(FieldIntent::Edit(edit)) => self.field.edit(edit),
            Some(FieldIntent::Cancel) => return Reply::Close,
            Some(FieldIntent::Submit) => {
                if let Some(ply) = goto_ply(self.field.text(), &self.start) {
                    return Reply::Then(Effect::GoToPly(ply));
                }
                ctx.error(format!(
                    "{:?} is not a move number: try 12 (after White's ply) or 12b",
                    self.field.text()
                ));
                self.field.select_all();
            }
            None => {}
        }
        Reply::Stay
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let lines = vec![
            Line::from("Move number: 12 (after White's ply), 12b (after Black's), 0"),
            field_line(&self.field, theme),
            Line::default(),
            popup::keys_line(&GOTO_KEYS, theme),
        ];
        let rect = popup::draw(frame, area, " Go to ", lines, 66, theme);
        place_cursor(frame, rect, &self.field);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&FIELD).unwrap();
    }

    /// The dialog drawn on a 70x12 terminal, its cells as one string.
    fn shown(dialog: &SaveAsDialog) -> String {
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(70, 12)).unwrap();
        let theme = crate::tui::Theme::plain(false);
        terminal
            .draw(|frame| dialog.render(frame, frame.area(), theme))
            .unwrap();
        let buffer = terminal.backend().buffer().clone();
        buffer
            .content()
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect::<String>()
    }

    use ratatui::crossterm::event::KeyCode;

    #[test]
    fn the_warning_before_replacing_a_file_is_shown_whole_in_the_dialog() {
        let folder = tempfile::tempdir().unwrap();
        let origin = folder
            .path()
            .join("a-rather-long-name-for-the-record-it-came-from.ptn");
        std::fs::write(&origin, "").unwrap();
        let changes = vec!["2 plies added".to_owned(), "a variation added".to_owned()];
        let mut dialog =
            SaveAsDialog::new(&origin.display().to_string(), false).from_file(&origin, changes);
        let options = crate::tui::Options {
            theme: crate::tui::Theme::plain(false),
            mouse: false,
            test_panic: false,
        };
        let mut ctx = Context::new(options, crate::game::store::Keeper::default());
        let reply = dialog.handle_key(&crate::tui::keys::plain(KeyCode::Enter), &mut ctx);
        assert!(matches!(reply, Reply::Stay), "not replaced at once");
        let text = shown(&dialog).replace('│', " ");
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            text.contains("(2 plies added, a variation added), or change the name"),
            "{text}"
        );
        // Typing another name puts the warning away.
        dialog.handle_key(&crate::tui::keys::plain(KeyCode::Char('x')), &mut ctx);
        assert!(!shown(&dialog).contains("change the name"));
    }

    #[test]
    fn the_save_dialog_says_where_a_name_without_a_folder_goes() {
        let here = std::env::current_dir().unwrap().display().to_string();
        let folder_part: String = format!("in {here}").chars().take(40).collect();
        assert!(shown(&SaveAsDialog::new("game.ptn", false)).contains(&folder_part));
        assert!(!shown(&SaveAsDialog::new("/tmp/game.ptn", false)).contains(&folder_part));
    }

    #[test]
    fn a_tilde_names_the_home_folder() {
        let home = Path::new("/home/ann");
        assert_eq!(expand_home_in("~/x.ptn", Some(home)), home.join("x.ptn"));
        assert_eq!(expand_home_in("~", Some(home)), home);
        assert_eq!(expand_home_in("~bob/x", Some(home)), Path::new("~bob/x"));
        assert_eq!(expand_home_in("a/~/x", Some(home)), Path::new("a/~/x"));
        assert_eq!(expand_home_in("~/x", None), Path::new("~/x"));
    }
}
