//! Keeping the game: in the store of unfinished games after every change, and in a PTN file
//! when saved.

use std::path::PathBuf;

use super::PlayScreen;
use crate::game::clock::LEFT_TAG;
use crate::record::{Stamp, save_ptn};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, SaveAsDialog};
use crate::tui::screens::Outcome;

impl PlayScreen {
    /// Keeps the game's file in the store in step with the game, with the time its players
    /// have left when it has clocks.
    pub(crate) fn keep(&self, ctx: &mut Context) {
        if !self.kept {
            return;
        }
        let mut record = self.driver.session().record_to_keep();
        if let Some(clock) = self.driver.clock() {
            let left = clock.left_tag(ctx.now);
            record.to_mut().tags_mut().set(LEFT_TAG, left);
        }
        // How it is being played, for resuming it so.
        crate::game::store::note(
            record.to_mut().tags_mut(),
            Some(&self.players),
            self.driver.session().path(),
        );
        crate::game::store::note_origin(record.to_mut().tags_mut(), self.driver.session().origin());
        // Played on from a record: its own main line and result, which a save keeps.
        crate::game::store::note_played_on(
            record.to_mut().tags_mut(),
            self.driver.session().played_on(),
        );
        if let Err(error) = ctx.keeper.keep(record.into_owned()) {
            ctx.error(error.to_string());
        }
    }

    /// Saves to the game's file, or asks for a name the first time (offering the file the game
    /// was read from, if it was).
    pub(crate) fn save(&mut self, ctx: &mut Context) -> Outcome {
        self.save_then(false, ctx)
    }

    /// Saves (asking for a name the first time), then quits if `quit` and it was saved.
    pub(crate) fn save_then(&mut self, quit: bool, ctx: &mut Context) -> Outcome {
        if let Some(path) = self.driver.session().path() {
            let path = path.to_path_buf();
            return match (self.save_to(path, ctx), quit) {
                (true, true) => Outcome::Quit,
                _ => Outcome::Stay,
            };
        }
        // A game read from a file is offered its own file (replacing it asks first).
        let name = self.driver.session().origin().map_or_else(
            || self.default_file_name(),
            |origin| origin.display().to_string(),
        );
        let mut dialog = SaveAsDialog::new(&name, quit).noting(self.left_out());
        if let Some(origin) = self.driver.session().origin() {
            dialog = dialog.from_file(origin, self.driver.session().changes_to_origin());
        }
        Outcome::Open(Dialog::SaveAs(dialog))
    }

    /// Asks for a file to save to, whether or not the game was saved before.
    pub(crate) fn save_as(&self) -> Outcome {
        let name = self
            .driver
            .session()
            .path()
            .map_or_else(|| self.default_file_name(), |p| p.display().to_string());
        let mut dialog = SaveAsDialog::new(&name, false).noting(self.left_out());
        if let Some(origin) = self.driver.session().origin() {
            dialog = dialog.from_file(origin, self.driver.session().changes_to_origin());
        }
        Outcome::Open(Dialog::SaveAs(dialog))
    }

    /// What a saved file leaves out: the plies taken back, which are the game's no longer
    /// (a move played in their place keeps them as a variation; `U` plays them again).
    fn left_out(&self) -> Option<String> {
        if self.driver.session().redo_is_kept() {
            return None;
        }
        match self.driver.session().redo_len() {
            0 => None,
            1 => Some("the ply taken back is left out (U plays it again)".to_owned()),
            n => Some(format!(
                "the {n} plies taken back are left out (U plays them again)"
            )),
        }
    }

    /// Saves to `path`; `false` (with the reason shown) when it cannot.
    pub(crate) fn save_to(&mut self, path: PathBuf, ctx: &mut Context) -> bool {
        self.name_unnamed_players();
        let record = self.driver.session().record_to_save().into_owned();
        match save_ptn(&path, std::slice::from_ref(&record)) {
            Ok(()) => {
                let shown = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
                match self.left_out() {
                    Some(note) => ctx.info(format!("saved to {}: {note}", shown.display())),
                    None => ctx.info(format!("saved to {}", shown.display())),
                }
                self.driver.session_mut().saved_at(path);
                ctx.keeper.clear();
                true
            }
            Err(error) => {
                ctx.error(format!("cannot save to {}: {error}", path.display()));
                false
            }
        }
    }
}

impl PlayScreen {
    /// Names a side that has no name (two people at one keyboard who gave none) by its
    /// colour, as PTN files name their players: a file read elsewhere says who played.
    fn name_unnamed_players(&mut self) {
        for color in crate::rules::Color::ALL {
            if self
                .driver
                .session()
                .record()
                .tags()
                .player(color)
                .is_none()
            {
                let tags = self.driver.session_mut().record_mut().tags_mut();
                tags.set_player(color, color.to_string());
            }
        }
    }

    /// The file name offered: beside the file the game came from, under a name not yet
    /// taken (`game-2.ptn`); else `tak-YYYY-MM-DD-HHMM.ptn` here, from the clock (UTC).
    fn default_file_name(&self) -> String {
        let Some(origin) = self.driver.session().origin() else {
            return crate::files::dated_name("tak", Stamp::now());
        };
        // The file the game came from exists: the first numbered name free beside it.
        crate::files::unused_name(&origin.with_extension("ptn"))
            .map_or_else(String::new, |path| path.display().to_string())
    }
}
