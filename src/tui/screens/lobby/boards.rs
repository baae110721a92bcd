//! The lobby's boards: our game that the server starts, a game watched, a past game
//! replayed, each shown over the lobby (which goes on following the server) until left.

use super::{LobbyScreen, Outcome};
use crate::game::seat::Seat;
use crate::online::game::{OnlineGame, OnlineKept, site_of};
use crate::online::protocol::{Command, GameStart};
use crate::rules::Color;
use crate::tui::context::Context;
use crate::tui::screens::online::OnlineBoard;

impl LobbyScreen {
    /// Keeping our games in the data folder `data` while they are played (a guest's with
    /// `guest_token`, to go back to them as the same guest), saving them there when over.
    #[must_use]
    pub fn keeping_in(
        mut self,
        data: Option<std::path::PathBuf>,
        guest_token: Option<String>,
    ) -> LobbyScreen {
        self.data = data;
        self.guest_token = guest_token;
        self.refresh_past();
        self
    }

    /// Going back to `kept`, our games kept unfinished on this server, when the server sends
    /// them again (it does, after the login, while it holds them).
    #[must_use]
    pub fn going_back_to(mut self, kept: Vec<OnlineKept>) -> LobbyScreen {
        self.kept = kept;
        self
    }

    /// The offer's choice: going back to the game kept in `path`.
    pub(super) fn go_back_asked(&mut self, path: &std::path::Path, ctx: &mut Context) {
        let Some(kept) = self.kept.iter().find(|k| k.unfinished.path == path) else {
            ctx.info("that game is on the board already, or not one of this server's");
            return;
        };
        ctx.info(format!(
            "game {} goes on as soon as the server sends it again (it keeps a game about two              minutes for a player who left); if it does not, the server has ended it",
            kept.game
        ));
    }

    /// Our game kept unfinished that `start` is, gone back to; `None` when it is none of them
    /// (or its kept copy cannot be taken up: said).
    fn back_to(&mut self, start: &GameStart, ctx: &mut Context) -> Option<OnlineGame> {
        let index = self.kept.iter().position(|k| {
            k.game == start.game
                && k.unfinished.game.tags().player(Color::White) == Some(start.white.as_str())
                && k.unfinished.game.tags().player(Color::Black) == Some(start.black.as_str())
        })?;
        let kept = self.kept.remove(index);
        let data = self.data.clone()?;
        match OnlineGame::go_back(start, Seat::Keyboard, &site_of(&self.server), &kept, &data) {
            Ok(game) => Some(game),
            Err(why) => {
                ctx.error(format!("game {} cannot be taken up: {why}", start.game));
                None
            }
        }
    }

    /// A click: on the board shown, if any.
    pub fn click(&mut self, column: u16, row: u16, ctx: &mut Context) -> Outcome {
        match (&mut self.board, &mut self.replay) {
            (Some(board), _) => {
                board.click(column, row, ctx);
                Outcome::Stay
            }
            (None, Some(replay)) => {
                let outcome = replay.click(column, row, ctx);
                self.after_board(outcome, ctx)
            }
            (None, None) => Outcome::Stay,
        }
    }

    /// The game on the board, while one is shown.
    #[must_use]
    pub fn board(&self) -> Option<&OnlineBoard> {
        self.board.as_deref()
    }

    /// Opens the board on `board`'s game (a game watched there before is left: the server
    /// is told).
    pub fn open_board(&mut self, board: OnlineBoard, ctx: &mut Context) {
        if let Some(before) = &self.board
            && before.us().is_none()
            && !before.game().is_over()
        {
            ctx.outbox.push(Command::Unobserve(before.game().id()));
        }
        self.typing = false;
        self.replay = None;
        self.rematch = None;
        self.board = Some(Box::new(board));
    }

    /// Our game that the server starts: on the board, kept while played.
    pub(super) fn game_starts(
        &mut self,
        start: &crate::online::protocol::GameStart,
        ctx: &mut Context,
    ) {
        if self
            .board
            .as_ref()
            .is_some_and(|b| b.us().is_some() && !b.game().is_over())
        {
            ctx.error(format!(
                "the server starts game {} while yours goes on: finish it first",
                start.game
            ));
            return;
        }
        let back = self.back_to(start, ctx);
        let going_back = back.is_some();
        let game = back.unwrap_or_else(|| {
            let mut game = OnlineGame::new(start, Seat::Keyboard, &site_of(&self.server));
            if let (Some(data), Some(me)) = (&self.data, self.lobby.me()) {
                game.keep_in(data, &self.server, me, self.guest_token.as_deref());
            }
            game
        });
        let opponent = game.name(!start.color).to_owned();
        let mut board = OnlineBoard::new(game, self.data.clone());
        board.heard_nothing(ctx);
        self.open_board(board, ctx);
        if going_back {
            ctx.info(format!(
                "back in game {} against {opponent}: the server's position and clocks follow",
                start.game
            ));
            return;
        }
        let first = if start.color == Color::White {
            "your move"
        } else {
            "their move first"
        };
        ctx.info(format!(
            "game {} against {opponent}: you play {}, {first}",
            start.game, start.color
        ));
    }

    /// What the board's outcome means here: quitting it is back to the lobby.
    pub(super) fn after_board(&mut self, outcome: Outcome, ctx: &mut Context) -> Outcome {
        match outcome {
            Outcome::Quit => {
                let board = self.board.take();
                // A rematch asked waits for the other player: the game hears on, unseen.
                if let Some(board) = board.filter(|b| b.game().rematch_asked()) {
                    self.rematch = Some(board);
                }
                self.replay = None;
                self.refresh_past();
                ctx.info("back in the lobby");
                Outcome::Stay
            }
            // A replay's way on (playing on from a position) would leave the server.
            Outcome::Switch(_) | Outcome::SwitchAndOpen(..) => {
                ctx.info("not from the lobby: w saves the game, and tak replay plays on from it");
                Outcome::Stay
            }
            other => other,
        }
    }
}
