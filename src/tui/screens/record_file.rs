//! Saving a Kaen or Locke record from its screen: one way for both games.

use std::path::{Path, PathBuf};

use super::Outcome;
use crate::tui::context::Context;

/// Saves with `save` to `path` (a bare file name goes in the save folder), saying where or
/// why not; quits after a save when `quit` is set.
pub(super) fn save_record(
    path: PathBuf,
    quit: bool,
    ctx: &mut Context,
    save: impl FnOnce(&Path) -> std::io::Result<()>,
) -> Outcome {
    let path = match (&ctx.save_dir, path.parent()) {
        (Some(dir), Some(parent)) if parent.as_os_str().is_empty() => dir.join(path),
        _ => path,
    };
    match save(&path) {
        Ok(()) => {
            ctx.info(format!("saved to {}", path.display()));
            if quit { Outcome::Quit } else { Outcome::Stay }
        }
        Err(error) => {
            ctx.error(format!("cannot save to {}: {error}", path.display()));
            Outcome::Refused
        }
    }
}
