//! What taktui remembers between runs: `config.toml` in the config folder (for now the theme,
//! `theme = "light"`).
//!
//! The file is read leniently: whatever is wrong with it costs a one-line warning and the
//! defaults, never the game. A setting remembered changes only its own line (the owner's
//! comments and layout stay), and the file is written to a temporary file that is then renamed
//! over it, so it is never left half-written; a file that cannot be read is left as it is, for
//! its owner to fix, rather than replaced.

mod error;

pub use error::SettingsError;

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use crate::game::store;
pub use crate::game::store::CONFIG_DIR_VAR;
use crate::tui::Palette;

/// The settings file's name in the config folder.
pub const FILE_NAME: &str = "config.toml";

/// The colour themes, by the name `--theme` and the settings file give them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ThemeName {
    /// Bright colours for dark backgrounds (the default).
    #[default]
    Dark,
    /// Deep colours for light backgrounds, where bright yellow cannot be read.
    Light,
    /// Solarized-dark terminals: accents that keep the grid and pieces visible.
    SolarizedDark,
}

impl ThemeName {
    /// The name as written on the command line and in the settings file.
    #[must_use]
    pub fn name(self) -> String {
        self.to_possible_value()
            .map(|value| value.get_name().to_owned())
            .unwrap_or_default()
    }
}

impl From<ThemeName> for Palette {
    fn from(theme: ThemeName) -> Palette {
        match theme {
            ThemeName::Dark => Palette::Dark,
            ThemeName::Light => Palette::Light,
            ThemeName::SolarizedDark => Palette::SolarizedDark,
        }
    }
}

/// The folder for taktui's settings: see [`store::config_dir`].
#[must_use]
pub fn config_dir() -> Option<PathBuf> {
    store::config_dir()
}

/// The settings file as read: its table when it could be read (empty when there is none), or
/// why not.
#[derive(Debug)]
pub struct Settings {
    path: PathBuf,
    /// The file's text as read (empty when there is none), edited line by line.
    text: String,
    table: Result<toml::Table, SettingsError>,
}

impl Settings {
    /// Reads the settings file at `path`; a missing file is an empty one.
    #[must_use]
    pub fn read(path: &Path) -> Settings {
        let mut text = String::new();
        let table = match std::fs::read_to_string(path) {
            Ok(read) => {
                text = read;
                text.parse::<toml::Table>()
                    .map_err(|error| SettingsError::NotToml {
                        line: error
                            .span()
                            .map_or(1, |span| text[..span.start].matches('\n').count() + 1),
                        message: one_line(error.message()),
                    })
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(toml::Table::new()),
            Err(error) => Err(SettingsError::Unreadable(one_line(&error.to_string()))),
        };
        Settings {
            path: path.to_owned(),
            text,
            table,
        }
    }

    /// The remembered theme, or why the one written there cannot be used.
    pub fn theme(&self) -> Result<Option<ThemeName>, SettingsError> {
        let table = self.table.as_ref().map_err(Clone::clone)?;
        let Some(value) = table.get("theme") else {
            return Ok(None);
        };
        value
            .as_str()
            .and_then(|name| ThemeName::from_str(name, true).ok())
            .map(Some)
            .ok_or_else(|| SettingsError::NoSuchTheme {
                value: value.to_string(),
                names: ThemeName::value_variants()
                    .iter()
                    .map(|theme| theme.name())
                    .collect(),
            })
    }

    /// A setting of the `[online]` table (`server`, `user`) as text, or why the file or the
    /// value cannot be used.
    pub fn online(&self, key: &str) -> Result<Option<String>, SettingsError> {
        let table = self.table.as_ref().map_err(Clone::clone)?;
        let Some(online) = table.get("online") else {
            return Ok(None);
        };
        let online = online.as_table().ok_or(SettingsError::OnlineNotTable)?;
        match online.get(key) {
            None => Ok(None),
            Some(toml::Value::String(text)) => Ok(Some(text.clone())),
            Some(other) => Err(SettingsError::NotText {
                key: key.to_owned(),
                value: other.to_string(),
            }),
        }
    }

    /// Remembers `theme`, keeping the file's other settings and its comments. A file that
    /// could not be read is not replaced.
    pub fn remember_theme(&mut self, theme: ThemeName) -> Result<(), SettingsError> {
        let table = self.table.as_mut().map_err(|reason| reason.clone())?;
        table.insert("theme".to_owned(), toml::Value::String(theme.name()));
        let line = format!("theme = \"{}\"", theme.name());
        // Only that line changed, when the edited text reads back as the settings wanted; a
        // file laid out otherwise (a quoted or dotted key) is written whole, comments lost.
        let text = match with_root_line(&self.text, "theme", &line) {
            Some(text) if text.parse::<toml::Table>().as_ref() == Ok(&*table) => text,
            _ => toml::to_string(table).map_err(|error| unwritable(&error))?,
        };
        write_atomically(&self.path, text.as_bytes()).map_err(|error| unwritable(&error))?;
        self.text = text;
        Ok(())
    }
}

/// `text` with the line setting `key` at its top level (before any `[table]`) replaced by
/// `line`, or `line` added at the end of the top level when there is none; `None` if `key` is
/// set there more than once.
fn with_root_line(text: &str, key: &str, line: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let root_end = lines
        .iter()
        .position(|l| l.trim_start().starts_with('['))
        .unwrap_or(lines.len());
    let sets_key = |l: &&str| {
        l.trim_start()
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    };
    let setting: Vec<usize> = (0..root_end).filter(|&i| sets_key(&lines[i])).collect();
    let mut edited: Vec<&str> = lines.clone();
    match setting.as_slice() {
        [] => edited.insert(root_end, line),
        [at] => edited[*at] = line,
        _ => return None,
    }
    let mut out = edited.join("\n");
    out.push('\n');
    Some(out)
}

/// The theme to use: `given` on the command line (then remembered in `folder`'s settings
/// file), else the one remembered there, else the default; and what the player is to be told
/// of it (see [`theme_note`]). What goes wrong with the file is said on one line to `warn`;
/// the game goes on with the defaults.
pub fn theme(
    folder: Option<&Path>,
    given: Option<ThemeName>,
    warn: &mut dyn std::io::Write,
) -> (ThemeName, Option<String>) {
    let Some(folder) = folder else {
        return (given.unwrap_or_default(), None);
    };
    let path = folder.join(FILE_NAME);
    let mut settings = Settings::read(&path);
    let remembered = settings.theme();
    let file = path.display();
    match (given, remembered) {
        (Some(theme), Ok(Some(old))) if theme == old => (theme, None),
        (Some(theme), _) => {
            if let Err(reason) = settings.remember_theme(theme) {
                let _ = writeln!(
                    warn,
                    "tak: warning: --theme not remembered in {file}: {reason}"
                );
                return (theme, None);
            }
            (theme, theme_note(theme, true))
        }
        (None, Ok(theme)) => {
            let theme = theme.unwrap_or_default();
            (theme, theme_note(theme, false))
        }
        (None, Err(reason)) => {
            let _ = writeln!(
                warn,
                "tak: warning: {file}: {reason}; using the default theme"
            );
            (ThemeName::default(), None)
        }
    }
}

/// What the player is told of a theme: that `theme` was just remembered (`now`) for every
/// `tak` to come, or that a remembered theme other than the default is in use (a light one is
/// unreadable on a dark terminal, and nothing else would say why); with how to change it.
#[must_use]
pub fn theme_note(theme: ThemeName, now: bool) -> Option<String> {
    let back = match theme {
        ThemeName::Dark => ThemeName::Light,
        ThemeName::Light | ThemeName::SolarizedDark => ThemeName::Dark,
    };
    let change = format!("tak --theme {} changes it", back.name());
    if now {
        Some(format!(
            "the {} theme is remembered for the next tak ({change})",
            theme.name()
        ))
    } else if theme == ThemeName::default() {
        None
    } else {
        Some(format!("{} theme, as remembered ({change})", theme.name()))
    }
}

/// Writes `bytes` to `path` through a temporary file beside it, synced and renamed, so the
/// file is either the old one or the new one, whole; the folder is created when missing.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    crate::files::write_atomically(path, bytes)
}

/// Why the file cannot be written, from what the writer said.
fn unwritable(error: &dyn std::error::Error) -> SettingsError {
    SettingsError::Unwritable(one_line(&error.to_string()))
}

/// A message on one line: a parser's notes on later lines are dropped.
fn one_line(text: &str) -> String {
    text.lines().next().unwrap_or_default().trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn theme_in(folder: &Path, given: Option<ThemeName>) -> (ThemeName, String) {
        let mut warnings = Vec::new();
        let (theme, _) = theme(Some(folder), given, &mut warnings);
        (theme, String::from_utf8(warnings).unwrap())
    }

    fn config(folder: &Path) -> String {
        std::fs::read_to_string(folder.join(FILE_NAME)).unwrap()
    }

    #[test]
    fn a_theme_given_is_remembered_for_the_next_run() {
        let folder = tempfile::tempdir().unwrap();
        let nested = folder.path().join("taktui");
        assert_eq!(theme_in(&nested, None), (ThemeName::Dark, String::new()));
        assert_eq!(
            theme_in(&nested, Some(ThemeName::SolarizedDark)),
            (ThemeName::SolarizedDark, String::new())
        );
        assert_eq!(config(&nested), "theme = \"solarized-dark\"\n");
        assert_eq!(
            theme_in(&nested, None),
            (ThemeName::SolarizedDark, String::new())
        );
        assert_eq!(
            theme_in(&nested, Some(ThemeName::Light)),
            (ThemeName::Light, String::new())
        );
        assert_eq!(theme_in(&nested, None), (ThemeName::Light, String::new()));
        let leftovers: Vec<_> = std::fs::read_dir(&nested).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    }

    #[test]
    fn a_theme_remembered_says_so_and_how_to_change_it() {
        let folder = tempfile::tempdir().unwrap();
        let note = |given| theme(Some(folder.path()), given, &mut Vec::new()).1;
        assert_eq!(
            note(None),
            None,
            "the default, never chosen: nothing to say"
        );
        assert_eq!(
            note(Some(ThemeName::Light)).as_deref(),
            Some("the light theme is remembered for the next tak (tak --theme dark changes it)")
        );
        assert_eq!(
            note(None).as_deref(),
            Some("light theme, as remembered (tak --theme dark changes it)")
        );
        assert_eq!(
            note(Some(ThemeName::Light)),
            None,
            "given again: it was said"
        );
        assert_eq!(
            note(Some(ThemeName::Dark)).as_deref(),
            Some("the dark theme is remembered for the next tak (tak --theme light changes it)")
        );
        assert_eq!(note(None), None, "the default again");
    }

    #[test]
    fn other_settings_in_the_file_are_kept() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join(FILE_NAME);
        std::fs::write(&path, "future = 3\ntheme = \"light\"\n").unwrap();
        theme_in(folder.path(), Some(ThemeName::Dark));
        let table: toml::Table = config(folder.path()).parse().unwrap();
        assert_eq!(table["future"].as_integer(), Some(3));
        assert_eq!(table["theme"].as_str(), Some("dark"));
    }

    #[test]
    fn comments_and_layout_are_kept_and_only_the_theme_line_changes() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join(FILE_NAME);
        let mine = "# my settings\n\n# the look\ntheme = \"light\" # bright rooms\n\n[later]\n# keep\nx = 1\n";
        std::fs::write(&path, mine).unwrap();
        theme_in(folder.path(), Some(ThemeName::Dark));
        assert_eq!(
            config(folder.path()),
            mine.replace("theme = \"light\" # bright rooms", "theme = \"dark\"")
        );
        // No theme yet: it goes at the end of the top level, before the first table.
        std::fs::write(&path, "# mine\n[later]\nx = 1\n").unwrap();
        theme_in(folder.path(), Some(ThemeName::Light));
        assert_eq!(
            config(folder.path()),
            "# mine\ntheme = \"light\"\n[later]\nx = 1\n"
        );
        // A key only the parser can place is still set right, the file written whole.
        std::fs::write(&path, "# mine\n\"theme\" = \"light\"\n").unwrap();
        theme_in(folder.path(), Some(ThemeName::Dark));
        assert_eq!(
            theme_in(folder.path(), None),
            (ThemeName::Dark, String::new())
        );
    }

    #[test]
    fn a_malformed_file_warns_on_one_line_and_is_left_as_it_is() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join(FILE_NAME);
        let garbage = "# mine\ntheme = = \"light\"\n\u{0}";
        std::fs::write(&path, garbage).unwrap();
        let (theme, warning) = theme_in(folder.path(), None);
        assert_eq!(theme, ThemeName::Dark);
        assert_eq!(warning.lines().count(), 1, "{warning}");
        assert!(warning.starts_with("tak: warning: "), "{warning}");
        assert!(warning.contains("line 2"), "{warning}");
        assert!(warning.ends_with("using the default theme\n"), "{warning}");
        let (theme, warning) = theme_in(folder.path(), Some(ThemeName::Light));
        assert_eq!(
            theme,
            ThemeName::Light,
            "the theme given is used all the same"
        );
        assert_eq!(warning.lines().count(), 1, "{warning}");
        assert!(warning.contains("--theme not remembered"), "{warning}");
        assert_eq!(config(folder.path()), garbage, "never overwritten");
    }

    #[test]
    fn an_unknown_theme_name_warns_and_the_default_applies() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join(FILE_NAME);
        for text in ["theme = \"purple\"", "theme = 7", "theme = [\"light\"]"] {
            std::fs::write(&path, text).unwrap();
            let (theme, warning) = theme_in(folder.path(), None);
            assert_eq!(theme, ThemeName::Dark, "{text}");
            assert_eq!(warning.lines().count(), 1, "{warning}");
            assert!(
                warning.contains("is not one of dark, light, solarized-dark"),
                "{warning}"
            );
        }
        // Naming a theme puts it right.
        theme_in(folder.path(), Some(ThemeName::Light));
        assert_eq!(
            theme_in(folder.path(), None),
            (ThemeName::Light, String::new())
        );
    }

    #[test]
    fn a_folder_in_place_of_the_file_is_not_fatal() {
        let folder = tempfile::tempdir().unwrap();
        std::fs::create_dir(folder.path().join(FILE_NAME)).unwrap();
        let (theme, warning) = theme_in(folder.path(), Some(ThemeName::Light));
        assert_eq!(theme, ThemeName::Light);
        assert_eq!(warning.lines().count(), 1, "{warning}");
        let (theme, warning) = theme_in(folder.path(), None);
        assert_eq!(theme, ThemeName::Dark);
        assert_eq!(warning.lines().count(), 1, "{warning}");
    }

    #[test]
    fn the_online_server_and_user_are_read_from_their_table() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join(FILE_NAME);
        std::fs::write(
            &path,
            "theme = \"light\"\n[online]\nserver = \"ws://127.0.0.1:11000\"\nuser = 7\n",
        )
        .unwrap();
        let settings = Settings::read(&path);
        assert_eq!(
            settings.online("server"),
            Ok(Some("ws://127.0.0.1:11000".to_owned()))
        );
        let user = settings.online("user").unwrap_err();
        assert!(user.to_string().contains("online.user = 7"), "{user}");
        std::fs::write(&path, "online = 3\n").unwrap();
        assert!(Settings::read(&path).online("server").is_err());
        std::fs::write(&path, "theme = \"dark\"\n").unwrap();
        assert_eq!(Settings::read(&path).online("server"), Ok(None));
    }

    #[test]
    fn no_config_folder_means_the_defaults() {
        let mut warnings = Vec::new();
        assert_eq!(theme(None, None, &mut warnings).0, ThemeName::Dark);
        assert_eq!(
            theme(None, Some(ThemeName::Light), &mut warnings).0,
            ThemeName::Light
        );
        assert!(warnings.is_empty());
    }
}
