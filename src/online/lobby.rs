//! What the server has said of the world: seeks, games being played, who is online, chat.
//!
//! A [`Lobby`] is updated message by message ([`Lobby::apply`]) and asked what to show
//! ([`Lobby::seeks`], [`Lobby::games`], [`Lobby::chat`], [`Lobby::notices`]). It is pure: no
//! I/O, no clock. Everything it keeps is bounded (seeks, games, chat history, conversations,
//! notices), so a server that floods it cannot grow it without end.

mod chat;
mod listing;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, VecDeque};

pub use chat::{Channel, Chat, ChatLine, printable};
pub use listing::{ListFilter, ListOrder, SortKey};

use crate::online::protocol::{GameId, GameSummary, Parsed, Seek, SeekId, ServerMessage};

/// Something the server said for the user to read, outside chat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Notice {
    /// A notice (`Message ...`): a player disconnected, a game resumed.
    Message(String),
    /// Something refused or gone wrong (`Error:...`, `No such player`, a line that did not
    /// read).
    Error(String),
}

/// The lobby as the server has described it.
#[derive(Clone, Debug, Default)]
pub struct Lobby {
    me: Option<String>,
    seeks: BTreeMap<SeekId, Seek>,
    games: BTreeMap<GameId, GameSummary>,
    online: Option<u32>,
    players: Vec<String>,
    chat: Chat,
    notices: VecDeque<Notice>,
}

impl Lobby {
    /// The most seeks kept; past it new seeks are not listed (a real lobby has a few dozen).
    pub const MAX_SEEKS: usize = 10_000;
    /// The most games kept; past it new games are not listed.
    pub const MAX_GAMES: usize = 10_000;
    /// The most notices kept, the oldest forgotten first.
    pub const MAX_NOTICES: usize = 200;

    /// An empty lobby, before the server has said anything.
    #[must_use]
    pub fn new() -> Lobby {
        Lobby::default()
    }

    /// Takes in one line as parsed: a message updates the lobby, a malformed line becomes an
    /// error notice, an unknown one changes nothing (the connection logs it).
    pub fn apply_parsed(&mut self, parsed: &Parsed) {
        match parsed {
            Parsed::Message(message) => self.apply(message),
            Parsed::Malformed { line, why } => {
                self.notice(Notice::Error(format!("the server sent {line:?}: {why}")));
            }
            Parsed::Unknown(_) => {}
        }
    }

    /// Takes in one message from the server.
    pub fn apply(&mut self, message: &ServerMessage) {
        match message {
            // A new connection: the server sends its lists again after login, and has forgotten
            // the rooms we were in.
            ServerMessage::Welcome => {
                self.me = None;
                self.clear_lists();
                let rooms: Vec<Channel> = self
                    .chat
                    .channels()
                    .filter(|c| matches!(c, Channel::Room(_)))
                    .cloned()
                    .collect();
                for room in &rooms {
                    self.chat.close(room);
                }
            }
            ServerMessage::LoggedIn(name) => {
                self.me = Some(name.clone());
                self.clear_lists();
            }
            ServerMessage::Online(count) => self.online = Some(*count),
            ServerMessage::OnlinePlayers(names) => {
                self.players.clone_from(names);
                self.players
                    .sort_by_cached_key(|name| (name.to_lowercase(), name.clone()));
            }
            // Past the limit only seeks already listed are taken in.
            ServerMessage::SeekNew(seek)
                if self.seeks.len() < Self::MAX_SEEKS || self.seeks.contains_key(&seek.id) =>
            {
                self.seeks.insert(seek.id, seek.clone());
            }
            ServerMessage::SeekRemove(seek) => {
                self.seeks.remove(&seek.id);
            }
            ServerMessage::GameListAdd(game) | ServerMessage::Observe(game)
                if self.games.len() < Self::MAX_GAMES || self.games.contains_key(&game.game) =>
            {
                self.games.insert(game.game, game.clone());
            }
            ServerMessage::GameListRemove(game) => {
                self.games.remove(&game.game);
            }
            ServerMessage::Abandoned { game, quitter } => {
                self.notice(Notice::Message(format!("{quitter} left game {game}")));
            }
            ServerMessage::Shout { from, text } => {
                let mine = self.is_me(from);
                self.chat.add(Channel::Global, from, text, mine);
            }
            ServerMessage::ShoutRoom { room, from, text } => {
                let mine = self.is_me(from);
                self.chat.add(Channel::Room(room.clone()), from, text, mine);
            }
            ServerMessage::JoinedRoom(room) => self.chat.open(Channel::Room(room.clone())),
            ServerMessage::Tell { from, text } => {
                self.chat
                    .add(Channel::Private(from.clone()), from, text, false);
            }
            ServerMessage::Told { to, text } => {
                let me = self.me.clone().unwrap_or_else(|| "me".to_owned());
                self.chat.add(Channel::Private(to.clone()), &me, text, true);
            }
            ServerMessage::Message(text) => self.notice(Notice::Message(text.clone())),
            ServerMessage::Error(text)
            | ServerMessage::RegistrationError(text)
            | ServerMessage::ResetTokenError(text) => self.notice(Notice::Error(text.clone())),
            ServerMessage::NoSuchPlayer => self.notice(Notice::Error("No such player".into())),
            ServerMessage::AuthenticationFailure => self.notice(Notice::Error(
                "Authentication failure: wrong name or password".into(),
            )),
            _ => {}
        }
    }

    /// Forgets a room we left (the server answers `LeaveRoom` with a bare `OK`).
    pub fn left_room(&mut self, room: &str) {
        self.chat.close(&Channel::Room(room.to_owned()));
    }

    /// The name we are logged in under, once the server has said it.
    #[must_use]
    pub fn me(&self) -> Option<&str> {
        self.me.as_deref()
    }

    /// How many are connected, as the server last said.
    #[must_use]
    pub const fn online(&self) -> Option<u32> {
        self.online
    }

    /// Who is logged in (bots left out), sorted by name.
    #[must_use]
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// The seek with this number.
    #[must_use]
    pub fn seek(&self, id: SeekId) -> Option<&Seek> {
        self.seeks.get(&id)
    }

    /// The seeks that pass `filter`, in `order`.
    #[must_use]
    pub fn seeks(&self, filter: &ListFilter, order: ListOrder) -> Vec<&Seek> {
        let mut seeks: Vec<&Seek> = self
            .seeks
            .values()
            .filter(|seek| filter.admits(&seek.settings))
            .collect();
        order.sort_seeks(&mut seeks);
        seeks
    }

    /// Our own seek, if we have one up.
    #[must_use]
    pub fn my_seek(&self) -> Option<&Seek> {
        let me = self.me.as_deref()?;
        self.seeks.values().find(|seek| seek.player == me)
    }

    /// Whether we may accept `seek`: it is not ours, and names no opponent or names us (the
    /// server compares names ignoring case).
    #[must_use]
    pub fn can_accept(&self, seek: &Seek) -> bool {
        let Some(me) = self.me.as_deref() else {
            return false;
        };
        seek.player != me
            && seek
                .opponent
                .as_deref()
                .is_none_or(|opponent| opponent.eq_ignore_ascii_case(me))
    }

    /// The game being played with this number.
    #[must_use]
    pub fn game(&self, id: GameId) -> Option<&GameSummary> {
        self.games.get(&id)
    }

    /// The games being played that pass `filter`, in `order` (by White's name for names).
    #[must_use]
    pub fn games(&self, filter: &ListFilter, order: ListOrder) -> Vec<&GameSummary> {
        let mut games: Vec<&GameSummary> = self
            .games
            .values()
            .filter(|game| filter.admits(&game.settings))
            .collect();
        order.sort_games(&mut games);
        games
    }

    /// The chat heard so far.
    #[must_use]
    pub const fn chat(&self) -> &Chat {
        &self.chat
    }

    /// The server's notices and errors, oldest first.
    pub fn notices(&self) -> impl Iterator<Item = &Notice> {
        self.notices.iter()
    }

    fn is_me(&self, name: &str) -> bool {
        self.me.as_deref() == Some(name)
    }

    fn clear_lists(&mut self) {
        self.seeks.clear();
        self.games.clear();
        self.players.clear();
        self.online = None;
    }

    fn notice(&mut self, notice: Notice) {
        if self.notices.len() == Self::MAX_NOTICES {
            self.notices.pop_front();
        }
        self.notices.push_back(match notice {
            Notice::Message(text) => Notice::Message(printable(&text)),
            Notice::Error(text) => Notice::Error(printable(&text)),
        });
    }
}
