//! The lobby's boards: our game that the server starts, a game watched, a past game
//! replayed, each shown over the lobby (which goes on following the server) until left.

use super::{LobbyScreen, Outcome};
use crate::online::game::{OnlineGame, site_of};
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
        self
    }

    /// The game on the board, while one is shown.
    #[must_use]
    pub fn board(&self) -> Option<&OnlineBoard> {
        self.board.as_deref()
    }

    /// Opens the board on `board`'s game.
    pub fn open_board(&mut self, board: OnlineBoard) {
        self.typing = false;
        self.replay = None;
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
        let mut game = OnlineGame::new(
            start,
            crate::game::seat::Seat::Keyboard,
            &site_of(&self.server),
        );
        if let (Some(data), Some(me)) = (&self.data, self.lobby.me()) {
            game.keep_in(data, &self.server, me, self.guest_token.as_deref());
        }
        let opponent = game.name(!start.color).to_owned();
        let mut board = OnlineBoard::new(game, start.settings.clone(), self.data.clone());
        board.heard_nothing(ctx);
        self.open_board(board);
        let first = if start.color == crate::rules::Color::White {
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
    pub(super) fn from_board(&mut self, outcome: Outcome, ctx: &mut Context) -> Outcome {
        match outcome {
            Outcome::Quit => {
                self.board = None;
                self.replay = None;
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
