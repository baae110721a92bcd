//! `tak engines`: the external engines configured in `engines.toml`, each started and checked
//! (the handshake, its name, the sizes and komi it plays).

use std::time::Duration;

use clap::Args;

use crate::game::engines::{self, EngineEntry};
use crate::game::store;
use crate::tei::{EngineError, EngineProcess};

/// How long an engine has to finish its handshake.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// Arguments of `tak engines`.
#[derive(Debug, Args)]
pub struct EnginesArgs {}

/// Lists and checks the configured engines; `false` when any could not be used.
pub fn run(_args: &EnginesArgs, out: &mut impl std::io::Write) -> anyhow::Result<bool> {
    let Some(dir) = store::config_dir() else {
        anyhow::bail!("no config folder: set TAKTUI_CONFIG_DIR or HOME");
    };
    let (configured, problems) = engines::configured(&dir);
    let file = dir.join(engines::FILE_NAME);
    if configured.is_empty() && problems.is_empty() {
        writeln!(
            out,
            "No engines configured. Name them in {}, for example:\n\n[[engine]]\nname = \
             \"tiltak\"\ncommand = \"/usr/local/bin/tiltak\"\nargs = [\"tei\"]\n\nor give one \
             directly: tak play --black \"engine:cmd:/path/to/engine tei\"",
            file.display()
        )?;
        return Ok(true);
    }
    let mut all_well = problems.is_empty();
    for problem in &problems {
        writeln!(out, "{problem}")?;
    }
    // All at once: an engine that hangs costs its ten seconds once, not once each.
    let checks: Vec<_> = configured
        .iter()
        .map(|entry| {
            let entry = entry.clone();
            std::thread::spawn(move || check(&entry))
        })
        .collect();
    for (entry, checking) in configured.iter().zip(checks) {
        let line = match checking.join() {
            Ok(Ok(found)) => found,
            Ok(Err(why)) => {
                all_well = false;
                format!("error: {why}")
            }
            Err(_) => {
                all_well = false;
                "error: the check itself failed".to_owned()
            }
        };
        writeln!(out, "{:<12} {line}", entry.name)?;
    }
    Ok(all_well)
}

/// Starts the engine, shakes hands, sets its options, and says what it is.
fn check(entry: &EngineEntry) -> Result<String, EngineError> {
    let mut engine = EngineProcess::start(&entry.command, HANDSHAKE)?;
    for (name, value) in &entry.options {
        engine.set_option(name, value)?;
    }
    engine.ready(HANDSHAKE)?;
    let by = engine
        .author
        .as_deref()
        .map_or_else(String::new, |a| format!(" by {a}"));
    let sizes = engine.sizes.as_ref().map_or_else(
        || "sizes not announced".to_owned(),
        |sizes| {
            let sizes: Vec<String> = sizes.iter().map(ToString::to_string).collect();
            format!("sizes {}", sizes.join(" "))
        },
    );
    let komi = if engine.komi {
        "komi yes"
    } else {
        "komi 0 only"
    };
    let problems = entry.option_problems(&engine.options);
    let mut said = vec![format!("ok: {}{by}", engine.name), sizes, komi.to_owned()];
    said.extend(problems);
    Ok(said.join("; "))
}
