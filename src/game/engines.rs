//! The external engines a player has named in `engines.toml` (in the config folder), and how a
//! side names one: `engine:NAME` for a configured engine, `engine:cmd:PROGRAM ARGS...` for any
//! program. The file is read leniently: an entry that makes no sense is reported by name and
//! skipped, never the reason the others cannot be used.
//!
//! ```toml
//! [[engine]]
//! name = "tiltak"
//! command = "/usr/local/bin/tiltak"
//! args = ["tei"]
//! dir = "/opt/tiltak"            # optional: the folder it runs in
//! options = { Hash = "256" }     # optional: `setoption` values sent after the handshake
//! transcript = true              # optional: every line of the exchange in logs/NAME.tei.log
//! ```

mod problem;

pub use problem::{EntryError, FileProblem, UnknownEngine};

use std::path::{Path, PathBuf};

use crate::tei::EngineCommand;
use crate::tei::option::EngineOption;

/// The engine list's file name in the config folder.
pub const FILE_NAME: &str = "engines.toml";

/// The keys an `[[engine]]` entry may have.
const KEYS: [&str; 6] = ["name", "command", "args", "dir", "options", "transcript"];

/// A configured engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineEntry {
    /// The name it is chosen by.
    pub name: String,
    /// How it is started.
    pub command: EngineCommand,
    /// Options set after the handshake, in order.
    pub options: Vec<(String, String)>,
    /// Whether every line of the exchange is written to a transcript in the data folder.
    pub transcript: bool,
}

impl EngineEntry {
    /// What is wrong with its configured options, given the ones the engine `offered`: an
    /// option it does not offer, a value it does not take. They are sent all the same
    /// (engines ignore them without a word), so they are worth saying.
    #[must_use]
    pub fn option_problems(&self, offered: &[EngineOption]) -> Vec<String> {
        let mut unknown = Vec::new();
        let mut refused = Vec::new();
        for (name, value) in &self.options {
            match offered.iter().find(|o| o.name.eq_ignore_ascii_case(name)) {
                None => unknown.push(name.as_str()),
                Some(option) => {
                    if let Some(takes) = option.refuses(value) {
                        refused.push(format!("{name} = {value:?} (it takes {takes})"));
                    }
                }
            }
        }
        let mut problems = Vec::new();
        if !unknown.is_empty() {
            problems.push(format!("options it does not offer: {}", unknown.join(", ")));
        }
        if !refused.is_empty() {
            problems.push(format!("values it does not take: {}", refused.join(", ")));
        }
        problems
    }

    /// Where its transcript goes: `logs/NAME.tei.log` in the data folder (the name's
    /// characters a file name cannot hold made `_`), when it keeps one and there is a data
    /// folder.
    #[must_use]
    pub fn transcript_path(&self) -> Option<PathBuf> {
        if !self.transcript {
            return None;
        }
        let name: String = self
            .name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || "-_.".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        Some(
            crate::game::store::data_dir()?
                .join("logs")
                .join(format!("{name}.tei.log")),
        )
    }
}

/// The engines configured in `dir/engines.toml`, and what was wrong with any entry skipped.
/// No file: none, and nothing wrong.
#[must_use]
pub fn configured(dir: &Path) -> (Vec<EngineEntry>, Vec<FileProblem>) {
    let path = dir.join(FILE_NAME);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return (Vec::new(), Vec::new());
        }
        Err(error) => return (Vec::new(), vec![FileProblem::Unreadable { path, error }]),
    };
    let table: toml::Table = match text.parse() {
        Ok(table) => table,
        Err(error) => {
            // Where and what, on one line (the error's own text draws the line in ASCII art).
            let at = error.span().map(|span| {
                let before = &text[..span.start.min(text.len())];
                let line = before.matches('\n').count() + 1;
                let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                (line, column)
            });
            let message = error.message().trim().to_owned();
            return (Vec::new(), vec![FileProblem::NotToml { path, at, message }]);
        }
    };
    let mut engines = Vec::new();
    let mut problems = Vec::new();
    let entries = table
        .get("engine")
        .and_then(toml::Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (i, entry) in entries.iter().enumerate() {
        let number = i + 1;
        match entry_of(entry) {
            // Engines are named by their names: a second of one name could never be chosen.
            Ok(engine) if engines.iter().any(|e: &EngineEntry| e.name == engine.name) => {
                problems.push(FileProblem::NameTaken {
                    path: path.clone(),
                    number,
                    name: engine.name,
                });
            }
            Ok(engine) => engines.push(engine),
            Err(error) => problems.push(FileProblem::Entry {
                path: path.clone(),
                number,
                error,
            }),
        }
        // A misspelt key (`option` for `options`) would drop what it says without a word.
        for key in entry.as_table().into_iter().flat_map(toml::Table::keys) {
            if !KEYS.contains(&key.as_str()) {
                problems.push(FileProblem::UnknownKey {
                    path: path.clone(),
                    number,
                    key: key.clone(),
                });
            }
        }
    }
    (engines, problems)
}

fn entry_of(value: &toml::Value) -> Result<EngineEntry, EntryError> {
    let text = |key: &str| value.get(key).and_then(toml::Value::as_str);
    let name = text("name").ok_or(EntryError::NoName)?.to_owned();
    let program = text("command").ok_or_else(|| EntryError::NoCommand(name.clone()))?;
    let bad = |key, takes| EntryError::BadValue {
        name: name.clone(),
        key,
        takes,
    };
    let args = match value.get("args") {
        None => Vec::new(),
        Some(args) => args
            .as_array()
            .ok_or_else(|| bad("args", "is not a list"))?
            .iter()
            .map(|a| a.as_str().map(str::to_owned))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| bad("args", "are not all text"))?,
    };
    let options = match value.get("options") {
        None => Vec::new(),
        Some(options) => options
            .as_table()
            .ok_or_else(|| bad("options", "is not a table"))?
            .iter()
            .map(|(key, value)| {
                let value = value
                    .as_str()
                    .map_or_else(|| value.to_string(), str::to_owned);
                (key.clone(), value)
            })
            .collect(),
    };
    let transcript = match value.get("transcript") {
        None => false,
        Some(flag) => flag
            .as_bool()
            .ok_or_else(|| bad("transcript", "is true or false"))?,
    };
    Ok(EngineEntry {
        name,
        command: EngineCommand {
            program: PathBuf::from(program),
            args,
            dir: text("dir").map(PathBuf::from),
        },
        options,
        transcript,
    })
}

/// What `engine:...` names: a configured engine, or a command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineSpec {
    /// `engine:NAME`.
    Named(String),
    /// `engine:cmd:PROGRAM ARGS...`, split into words as a shell would (quotes group words).
    Command(EngineCommand),
}

impl EngineSpec {
    /// Reads what follows `engine:`; `None` when it names nothing (or its quotes do not
    /// close).
    #[must_use]
    pub fn parse(text: &str) -> Option<EngineSpec> {
        match text.strip_prefix("cmd:") {
            Some(command) => {
                let mut words = shlex::split(command)?.into_iter();
                let program = PathBuf::from(words.next()?);
                Some(EngineSpec::Command(EngineCommand {
                    program,
                    args: words.collect(),
                    dir: None,
                }))
            }
            None if text.trim().is_empty() => None,
            None => Some(EngineSpec::Named(text.trim().to_owned())),
        }
    }

    /// The engine to start: a command as given, or the configured one of that name.
    pub fn resolve(&self, configured: &[EngineEntry]) -> Result<EngineEntry, UnknownEngine> {
        match self {
            EngineSpec::Command(command) => Ok(EngineEntry {
                // The program's file name: its whole path would fill the panel.
                name: command.program.file_name().map_or_else(
                    || command.program.display().to_string(),
                    |name| name.to_string_lossy().into_owned(),
                ),
                command: command.clone(),
                options: Vec::new(),
                transcript: false,
            }),
            EngineSpec::Named(name) => configured
                .iter()
                .find(|e| e.name.eq_ignore_ascii_case(name))
                .cloned()
                .ok_or_else(|| UnknownEngine {
                    name: name.clone(),
                    configured: configured.iter().map(|e| e.name.clone()).collect(),
                }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engines_are_read_from_the_config_file_and_bad_entries_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(FILE_NAME),
            "[[engine]]\nname = \"tiltak\"\ncommand = \"/bin/tiltak\"\nargs = [\"tei\"]\n\
             options = { Hash = \"256\", Level = 3 }\n\n[[engine]]\ncommand = \"/bin/x\"\n",
        )
        .unwrap();
        let (engines, problems) = configured(dir.path());
        assert_eq!(engines.len(), 1);
        assert_eq!(engines[0].name, "tiltak");
        assert_eq!(engines[0].command.args, ["tei"]);
        assert!(
            engines[0]
                .options
                .contains(&("Level".to_owned(), "3".to_owned()))
        );
        assert_eq!(problems.len(), 1);
        assert!(
            matches!(
                &problems[0],
                FileProblem::Entry {
                    number: 2,
                    error: EntryError::NoName,
                    ..
                }
            ),
            "{problems:?}"
        );
        assert!(
            problems[0].to_string().ends_with("engine 2: no name"),
            "{problems:?}"
        );
        let (engines, problems) = configured(&dir.path().join("none"));
        assert!(engines.is_empty() && problems.is_empty());
    }

    #[test]
    fn a_second_engine_of_one_name_and_a_toml_error_are_said_where_they_are() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(FILE_NAME);
        std::fs::write(
            &file,
            "[[engine]]\nname = \"a\"\ncommand = \"x\"\n\n[[engine]]\nname = \"a\"\ncommand = \"y\"\n",
        )
        .unwrap();
        let (engines, problems) = configured(dir.path());
        assert_eq!(engines.len(), 1);
        assert_eq!(engines[0].command.program, std::path::PathBuf::from("x"));
        assert!(
            problems[0]
                .to_string()
                .ends_with("engine 2: the name a is taken by an engine above: this one is skipped"),
            "{problems:?}"
        );
        std::fs::write(
            &file,
            "[[engine]]\nname = \"a\"\ncommand = \"x\"\noption = { Level = \"1\" }\n",
        )
        .unwrap();
        let (engines, problems) = configured(dir.path());
        assert_eq!(engines.len(), 1, "still used");
        assert!(
            problems[0]
                .to_string()
                .contains("engine 1: unknown key option (the keys are name, command"),
            "{problems:?}"
        );
        std::fs::write(&file, "[[engine]]\nname = tiltak\n").unwrap();
        let (_, problems) = configured(dir.path());
        assert_eq!(problems.len(), 1);
        let problem = &problems[0].to_string();
        assert!(problem.contains("line 2, column 8: "), "{problem}");
        assert!(
            !problem.contains('\n') && !problem.contains('^'),
            "{problem}"
        );
    }

    #[test]
    fn a_side_names_an_engine_or_a_command() {
        assert_eq!(
            EngineSpec::parse("tiltak"),
            Some(EngineSpec::Named("tiltak".into()))
        );
        let Some(EngineSpec::Command(command)) = EngineSpec::parse("cmd:/opt/t tei --x") else {
            panic!("a command")
        };
        assert_eq!(command.program, PathBuf::from("/opt/t"));
        assert_eq!(command.args, ["tei", "--x"]);
        let Some(EngineSpec::Command(quoted)) =
            EngineSpec::parse("cmd:'/opt/my engines/t' -c \"go on\"")
        else {
            panic!("a quoted command")
        };
        assert_eq!(quoted.program, PathBuf::from("/opt/my engines/t"));
        assert_eq!(quoted.args, ["-c", "go on"]);
        // Named by the program's file name, not its whole path.
        let entry = EngineSpec::Command(quoted).resolve(&[]).unwrap();
        assert_eq!(entry.name, "t");
        assert_eq!(EngineSpec::parse("cmd:/opt/t \"never closed"), None);
        assert_eq!(EngineSpec::parse(""), None);
        let missing = EngineSpec::Named("topaz".into()).resolve(&[]).unwrap_err();
        assert!(
            missing.to_string().contains("no engines are configured"),
            "{missing}"
        );
    }
}
