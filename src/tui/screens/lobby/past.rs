//! Our past online games in the lobby: the list read from the data folder's `online`
//! folder, and one replayed in the replay screen over the lobby.

use super::LobbyScreen;
use crate::game::Library;
use crate::online::game::{PastGame, past_games};
use crate::record::ReadOptions;
use crate::tui::context::Context;
use crate::tui::screens::ReplayScreen;

/// The past games list's heading.
pub const PAST_HEADING: &str = "   date        white             black             size  result";

impl LobbyScreen {
    /// Reads the past games again from the data folder, quietly (for their count).
    pub(super) fn refresh_past(&mut self) {
        if let Some(data) = &self.data {
            self.past = past_games(data);
        }
    }

    /// Reads the past games again from the data folder.
    pub(super) fn read_past(&mut self, ctx: &mut Context) {
        match &self.data {
            Some(data) => {
                self.past = past_games(data);
                if self.past.is_empty() {
                    ctx.info("no past online games yet: each is saved when it ends");
                }
            }
            None => ctx.error("no data folder: past games cannot be listed"),
        }
    }

    /// Our past online games, as last read, the most recent first.
    #[must_use]
    pub fn past(&self) -> &[PastGame] {
        &self.past
    }

    /// The past game at `chosen`, opened in the replay screen.
    pub(super) fn open_past(&mut self, chosen: usize, ctx: &mut Context) {
        let Some(game) = self.past.get(chosen) else {
            ctx.info("no past game to open");
            return;
        };
        let path = game.path.clone();
        let opened = Library::open(&path, &ReadOptions::default())
            .map_err(|e| e.to_string())
            .and_then(|library| {
                let game = library
                    .open_game(0, usize::MAX)
                    .map_err(|e| e.to_string())?;
                Ok(ReplayScreen::new(library, game))
            });
        match opened {
            Ok(replay) => {
                self.typing = false;
                self.replay = Some(Box::new(replay));
                ctx.info(format!(
                    "{}: q back to the lobby, ? every key",
                    path.file_name().unwrap_or_default().to_string_lossy()
                ));
            }
            Err(why) => ctx.error(format!("{}: {why}", path.display())),
        }
    }

    /// The replay shown over the lobby, if any.
    #[must_use]
    pub fn replay(&self) -> Option<&ReplayScreen> {
        self.replay.as_deref()
    }
}

/// One past game's line: the date, the players, the size, the result.
#[must_use]
pub fn row(game: &PastGame) -> String {
    let tags = game.record.tags();
    let date = tags.get("Date").unwrap_or("?").replace('.', "-");
    let size = game.record.position().size().get();
    format!(
        "   {:<10}  {} {} {:<4}  {}",
        date,
        super::rows::name(game.player(crate::rules::Color::White), 17),
        super::rows::name(game.player(crate::rules::Color::Black), 17),
        format!("{size}x{size}"),
        game.result().unwrap_or("unfinished"),
    )
}
