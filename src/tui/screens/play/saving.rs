//! Keeping the game: in the recovery file after every change, and in a PTN file when saved.

use std::path::PathBuf;

use super::PlayScreen;
use crate::record::{Stamp, save_ptn};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, SaveAsDialog};
use crate::tui::screens::Outcome;

impl PlayScreen {
    /// Keeps the recovery file in step with the game.
    pub(crate) fn keep(&self, ctx: &mut Context) {
        match ctx.recovery.keep(self.session.record()) {
            Ok(Some(aside)) => ctx.info(format!(
                "an unfinished game left earlier is kept in {}",
                aside.display()
            )),
            Ok(None) => {}
            Err(message) => ctx.error(message),
        }
    }

    /// Saves to the game's file, or asks for a name the first time.
    pub(crate) fn save(&mut self, ctx: &mut Context) -> Outcome {
        self.save_then(false, ctx)
    }

    /// Saves (asking for a name the first time), then quits if `quit` and it was saved.
    pub(crate) fn save_then(&mut self, quit: bool, ctx: &mut Context) -> Outcome {
        match self.session.path() {
            Some(path) => {
                let path = path.to_path_buf();
                match (self.save_to(path, ctx), quit) {
                    (true, true) => Outcome::Quit,
                    _ => Outcome::Stay,
                }
            }
            None => Outcome::Open(Dialog::SaveAs(SaveAsDialog::new(
                &default_file_name(),
                quit,
            ))),
        }
    }

    /// Saves to `path`; `false` (with the reason shown) when it cannot.
    pub(crate) fn save_to(&mut self, path: PathBuf, ctx: &mut Context) -> bool {
        match save_ptn(&path, std::slice::from_ref(self.session.record())) {
            Ok(()) => {
                let shown = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
                ctx.info(format!("saved to {}", shown.display()));
                self.session.saved_at(path);
                ctx.recovery.clear();
                true
            }
            Err(error) => {
                ctx.error(format!("cannot save to {}: {error}", path.display()));
                false
            }
        }
    }
}

/// `tak-YYYY-MM-DD-HHMM.ptn` in the current folder, from the clock (UTC).
fn default_file_name() -> String {
    format!("tak-{}.ptn", Stamp::now().file_stem())
}
