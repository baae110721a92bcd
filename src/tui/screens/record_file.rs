//! Saving and quitting a Kaen or Locke game from its screen: one way for both games, over
//! their shared [`History`].

use std::path::{Path, PathBuf};

use super::{Outcome, PlayScreen, Screen};
use crate::game::Session;
use crate::game::history::{History, Record};
use crate::record::{GameRecord, Stamp};
use crate::rules::{BoardSize, GameConfig};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, Effect, QuitDialog, SaveAsDialog};

/// Quits, or asks first when there are unsaved actions (saying whether the store keeps them).
pub(super) fn quit<R: Record>(history: &History<R>, ctx: &Context) -> Outcome {
    if !history.is_dirty() {
        Outcome::Quit
    } else if let (Some(_), Some(problem)) = (ctx.keeper.path(), ctx.keeper.behind()) {
        Outcome::Open(Dialog::ConfirmQuit(QuitDialog::kept_behind(problem)))
    } else if ctx.keeper.path().is_some() {
        Outcome::Open(Dialog::ConfirmQuit(QuitDialog::kept()))
    } else {
        Outcome::Open(Dialog::ConfirmQuit(QuitDialog::not_kept()))
    }
}

/// Saves to the game's file, or asks for one (offering `STEM-DATE.ptn`) the first time.
pub(super) fn save<R: Record>(
    history: &mut History<R>,
    stem: &str,
    quit: bool,
    ctx: &mut Context,
) -> Outcome {
    match history.path().map(Path::to_path_buf) {
        Some(path) => save_record(path, quit, ctx, |path| history.save_to(path)),
        None => Outcome::Open(Dialog::SaveAs(save_dialog(history, stem, quit))),
    }
}

/// The save-as dialog, offering the game's file or `STEM-DATE.ptn`.
pub(super) fn save_dialog<R: Record>(history: &History<R>, stem: &str, quit: bool) -> SaveAsDialog {
    let name = history.path().map_or_else(
        || crate::files::dated_name(stem, Stamp::now()),
        |p| p.display().to_string(),
    );
    SaveAsDialog::new(&name, quit)
}

/// What a dialog asked of the game's file: quit, save (as), save and quit, or resume another
/// kept game (offered when `tak kaen` or `tak locke` starts). `None` for the rest, which each
/// screen carries out itself.
pub(super) fn apply<R: Record>(
    history: &mut History<R>,
    stem: &str,
    learn: bool,
    effect: &Effect,
    ctx: &mut Context,
) -> Option<Outcome> {
    Some(match effect {
        Effect::Quit => Outcome::Quit,
        Effect::SaveAndQuit => save(history, stem, true, ctx),
        Effect::SaveTo { path, then_quit } => {
            save_record(path.clone(), *then_quit, ctx, |path| history.save_to(path))
        }
        Effect::Save => save(history, stem, false, ctx),
        Effect::SaveAs => Outcome::Open(Dialog::SaveAs(save_dialog(history, stem, false))),
        Effect::AskQuit => quit(history, ctx),
        Effect::Resume(path) => resume_kept(path, learn, ctx),
        _ => return None,
    })
}

/// Plays on with the unfinished game kept at `path`, at the screen of its kind: the play
/// screen claims it (refused, with the reason, when another `tak` holds it) and goes on with
/// a Tak game itself, or switches to Kaen's or Locke's screen, with learning mode as it was
/// (`tak kaen --learn` resuming a series plays it with the hints).
fn resume_kept(path: &Path, learn: bool, ctx: &mut Context) -> Outcome {
    on_a_fresh_board(Effect::Resume(path.to_path_buf()), learn, ctx)
}

/// Carries out `effect` (a resume, a new game, the lessons...) on a fresh play screen, for a
/// screen that has no board of its own to do it on; the play screen itself is shown when it
/// stays the one to play on. `learn` carries learning mode over to the screen played on.
pub(super) fn on_a_fresh_board(effect: Effect, learn: bool, ctx: &mut Context) -> Outcome {
    let Ok(size) = BoardSize::new(5) else {
        return Outcome::Refused;
    };
    let record = GameRecord::for_config(GameConfig::new(size));
    let mut play = PlayScreen::new(Session::new(record, None)).learning(learn);
    match play.apply(effect, ctx) {
        Outcome::Stay => Outcome::Switch(Box::new(Screen::Play(play))),
        other => other,
    }
}

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
