//! What the lobby hears from the connection: its lists and the link's state kept, troubles
//! said, our game that starts and a game we asked to watch put on the board; the game on the
//! board (or a rematch waiting) hears it first.

use super::{Link, LobbyScreen};
use crate::online::connection::Event;
use crate::online::game::{OnlineGame, site_of};
use crate::online::lobby::Channel;
use crate::online::protocol::ServerMessage;
use crate::tui::context::Context;
use crate::tui::screens::online::OnlineBoard;

impl LobbyScreen {
    /// Takes in what the connection says: the lobby updated, the link's state, troubles said;
    /// the game on the board, if any, follows it.
    pub fn heard(&mut self, event: &Event, ctx: &mut Context) {
        if let Some(board) = &mut self.board {
            let concerned = board.heard(event, ctx);
            // The board says the drop and the return itself; the lists follow quietly.
            if concerned || matches!(event, Event::Dropped { .. }) {
                self.follow_quietly(event, ctx);
                return;
            }
        } else if let Some(left) = &mut self.rematch {
            // Only the rematch's news: the rest is the lobby's to say.
            let status = ctx.status.clone();
            if !left.heard(event, ctx) {
                ctx.status = status;
            }
        }
        self.heard_in_lobby(event, ctx);
    }

    /// What the board said already: the lobby's lists and link follow, unsaid.
    fn follow_quietly(&mut self, event: &Event, ctx: &mut Context) {
        let status = ctx.status.clone();
        self.heard_in_lobby(event, ctx);
        ctx.status = status;
    }

    /// Takes in what the connection says, in the lobby.
    fn heard_in_lobby(&mut self, event: &Event, ctx: &mut Context) {
        match event {
            Event::LoggedIn { name, again } => {
                // The session takes the server's welcome itself: the lobby learns who we are
                // here (and forgets the lists of a connection before, which the server sends
                // again).
                self.lobby.apply(&ServerMessage::LoggedIn(name.clone()));
                self.link = Link::Online(name.clone());
                if *again {
                    ctx.info(format!("connected again as {name}"));
                }
            }
            Event::Message(message) => self.message(message, ctx),
            Event::Unknown(_) => {}
            Event::Malformed { line, why } => {
                self.lobby
                    .apply_parsed(&crate::online::protocol::Parsed::Malformed {
                        line: line.clone(),
                        why: why.clone(),
                    });
                ctx.error(format!("the server sent a line that does not read: {why}"));
            }
            Event::Trouble(what) => ctx.error(what.clone()),
            Event::Dropped { why, retry_in } => {
                self.link = Link::Dropped {
                    why: why.clone(),
                    retry_at: ctx.now + *retry_in,
                };
                ctx.error(format!(
                    "connection lost ({why}): connecting again in {} s",
                    retry_in.as_secs().max(1)
                ));
            }
            Event::Failed(error) => {
                self.link = Link::Failed(error.to_string());
                ctx.error(error.to_string());
            }
        }
    }

    /// One message from the server.
    fn message(&mut self, message: &ServerMessage, ctx: &mut Context) {
        self.lobby.apply(message);
        match message {
            ServerMessage::Error(text) => ctx.error(format!("the server says: {text}")),
            ServerMessage::NoSuchPlayer => ctx.error("the server says: no such player"),
            ServerMessage::Message(text) => ctx.info(format!("the server says: {text}")),
            ServerMessage::GameStart(start) => self.game_starts(start, ctx),
            ServerMessage::Observe(summary) if self.watch_asked == Some(summary.game) => {
                self.watch_asked = None;
                let game = OnlineGame::watch(summary, &site_of(&self.server));
                let board = OnlineBoard::new(game, self.data.clone());
                self.open_board(board, ctx);
                ctx.info(format!(
                    "watching game {}: {} against {} (Left/Right step back and on, q leaves)",
                    summary.game, summary.white, summary.black
                ));
            }
            ServerMessage::Tell { from, .. } if self.channel != Channel::Private(from.clone()) => {
                ctx.info(format!("{from} says something to you: ] shows it"));
            }
            _ => {}
        }
    }
}
