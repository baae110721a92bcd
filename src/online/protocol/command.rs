//! The commands taktui sends, each written exactly as the server's `Client.java` reads it.
//! Every part of a command is checked when it is made ([`PlayerName::new`], [`ChatText::new`],
//! [`SeekRequest::new`] and the like), so a command the server would refuse, or read only part
//! of, cannot be built.

use std::fmt;

use super::records::{GameId, GameSettings, SeekColor, SeekId};
use super::text::{
    AccountName, ChatText, ClientName, CommandError, GuestToken, Password, PlayerName, RoomName,
};
use crate::online::server_moves::ServerMove;

/// The protocol version a client asks for (`Protocol 2`): 1 to 999 999 999.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ProtocolVersion(u32);

impl ProtocolVersion {
    /// The version taktui speaks: millisecond clocks, the seek form with opponent and bot.
    pub const CURRENT: ProtocolVersion = ProtocolVersion(2);

    /// The version, if the server's pattern takes it.
    pub fn new(version: u32) -> Result<ProtocolVersion, CommandError> {
        if (1..=999_999_999).contains(&version) {
            Ok(ProtocolVersion(version))
        } else {
            Err(CommandError::OutOfRange {
                what: "the protocol version",
                allowed: "1 to 999999999",
                value: u64::from(version),
            })
        }
    }

    /// The number.
    #[must_use]
    pub const fn get(self) -> u32 {
        self.0
    }
}

/// A seek to post (or a rematch to ask for): the game offered, the colour taken, and the one
/// player who may accept it, if any. Made by [`SeekRequest::new`], which refuses what the
/// server would refuse or quietly change.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct SeekRequest {
    settings: GameSettings,
    color: SeekColor,
    opponent: Option<PlayerName>,
}

/// The largest number the server reads (a Java `int`).
const JAVA_INT_MAX: u64 = i32::MAX as u64;

impl SeekRequest {
    /// The seek, if the server would post it as asked: times, increments and extra time fit
    /// the server's numbers; komi is 0 to 4 (whole half points); 10 to 80 stones; at most 5
    /// capstones (the server would change anything outside these without saying so).
    pub fn new(
        settings: GameSettings,
        color: SeekColor,
        opponent: Option<PlayerName>,
    ) -> Result<SeekRequest, CommandError> {
        let check = |what, allowed, value: u64, ok: bool| {
            if ok {
                Ok(())
            } else {
                Err(CommandError::OutOfRange {
                    what,
                    allowed,
                    value,
                })
            }
        };
        let seconds =
            |what, value: u64| check(what, "0 to 2147483647 s", value, value <= JAVA_INT_MAX);
        seconds("the time", settings.time.as_secs())?;
        seconds("the increment", settings.increment.as_secs())?;
        seconds("the extra time", settings.extra_time.amount.as_secs())?;
        let after = u64::from(settings.extra_time.after_move);
        check(
            "the extra time's move",
            "0 to 2147483647",
            after,
            after <= JAVA_INT_MAX,
        )?;
        let komi = settings.komi.halves();
        check(
            "the komi (in half points)",
            "0 to 8",
            u64::from(komi.unsigned_abs()),
            (0..=8).contains(&komi),
        )?;
        let stones = u64::from(settings.stones);
        check(
            "the stones",
            "10 to 80",
            stones,
            (10..=80).contains(&stones),
        )?;
        let caps = u64::from(settings.capstones);
        check("the capstones", "0 to 5", caps, caps <= 5)?;
        Ok(SeekRequest {
            settings,
            color,
            opponent,
        })
    }

    /// The game offered.
    #[must_use]
    pub const fn settings(&self) -> &GameSettings {
        &self.settings
    }

    /// The colour the seeker plays.
    #[must_use]
    pub const fn color(&self) -> SeekColor {
        self.color
    }

    /// The one player who may accept, if any.
    #[must_use]
    pub const fn opponent(&self) -> Option<&PlayerName> {
        self.opponent.as_ref()
    }
}

impl fmt::Display for SeekRequest {
    /// `SIZE TIME INC COLOUR KOMI STONES CAPS UNRATED TOURNAMENT TRIGGER AMOUNT OPPONENT`; no
    /// opponent is written as nothing after the last space (the server's newest seek form: were
    /// the space left out, an older form would read the trigger as an opponent's name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.settings;
        write!(
            f,
            "{} {} {} {} {} {} {} {} {} {} {} {}",
            s.size.get(),
            s.time.as_secs(),
            s.increment.as_secs(),
            self.color.letter(),
            s.komi.halves(),
            s.stones,
            s.capstones,
            u8::from(!s.rated),
            u8::from(s.tournament),
            s.extra_time.after_move,
            s.extra_time.amount.as_secs(),
            self.opponent.as_ref().map_or("", PlayerName::as_str)
        )
    }
}

/// A command to the server. `Display` writes its line, without the line break; `Debug` never
/// shows a password.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `Client NAME`: who is connecting (before logging in).
    Client(ClientName),
    /// `Protocol N`: the protocol version spoken (before logging in).
    Protocol(ProtocolVersion),
    /// `Login NAME PASSWORD`.
    Login {
        /// The account.
        name: AccountName,
        /// Its password.
        password: Password,
    },
    /// `Login Guest [TOKEN]`: as a guest, the same one again when a token is given.
    LoginGuest(Option<GuestToken>),
    /// `Seek ...`: post a seek (replacing ours, if any).
    Seek(SeekRequest),
    /// `Seek 0 0 0`: take our seek down.
    CancelSeek,
    /// `Rematch GAME ...`: ask for a rematch of a game just played (the other player asking too
    /// makes the game).
    Rematch {
        /// The game to play again.
        game: GameId,
        /// The seek it makes.
        seek: SeekRequest,
    },
    /// `Accept N`: accept a seek.
    Accept(SeekId),
    /// `List`: every seek again.
    List,
    /// `GameList`: every game being played again.
    GameList,
    /// `Observe N`: watch a game.
    Observe(GameId),
    /// `Unobserve N`: stop watching.
    Unobserve(GameId),
    /// `Game#N P ...` / `Game#N M ...`: play a move.
    Move {
        /// Our game.
        game: GameId,
        /// The move, made by [`crate::online::server_moves::to_server`].
        mv: ServerMove,
    },
    /// `Game#N OfferDraw` (accepts the other's offer, if there is one).
    OfferDraw(GameId),
    /// `Game#N RemoveDraw`: take our offer back.
    RemoveDraw(GameId),
    /// `Game#N RequestUndo` (agrees to the other's request, if there is one).
    RequestUndo(GameId),
    /// `Game#N RemoveUndo`: take our request back.
    RemoveUndo(GameId),
    /// `Game#N Resign`.
    Resign(GameId),
    /// `Shout TEXT`: the global chat.
    Shout(ChatText),
    /// `ShoutRoom ROOM TEXT`.
    ShoutRoom {
        /// The room (joined first).
        room: RoomName,
        /// What to say.
        text: ChatText,
    },
    /// `JoinRoom ROOM`.
    JoinRoom(RoomName),
    /// `LeaveRoom ROOM`.
    LeaveRoom(RoomName),
    /// `Tell NAME TEXT`: a private message.
    Tell {
        /// To whom.
        to: PlayerName,
        /// What.
        text: ChatText,
    },
    /// `PING`: keeps the connection alive (answered `OK`).
    Ping,
    /// `quit`: ends the connection.
    Quit,
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Client(name) => write!(f, "Client {}", name.as_str()),
            Command::Protocol(version) => write!(f, "Protocol {}", version.get()),
            Command::Login { name, password } => write!(f, "Login {name} {}", password.reveal()),
            Command::LoginGuest(None) => f.write_str("Login Guest"),
            Command::LoginGuest(Some(token)) => write!(f, "Login Guest {}", token.as_str()),
            Command::Seek(seek) => write!(f, "Seek {seek}"),
            Command::CancelSeek => f.write_str("Seek 0 0 0"),
            Command::Rematch { game, seek } => write!(f, "Rematch {game} {seek}"),
            Command::Accept(seek) => write!(f, "Accept {seek}"),
            Command::List => f.write_str("List"),
            Command::GameList => f.write_str("GameList"),
            Command::Observe(game) => write!(f, "Observe {game}"),
            Command::Unobserve(game) => write!(f, "Unobserve {game}"),
            Command::Move { game, mv } => write!(f, "Game#{game} {mv}"),
            Command::OfferDraw(game) => write!(f, "Game#{game} OfferDraw"),
            Command::RemoveDraw(game) => write!(f, "Game#{game} RemoveDraw"),
            Command::RequestUndo(game) => write!(f, "Game#{game} RequestUndo"),
            Command::RemoveUndo(game) => write!(f, "Game#{game} RemoveUndo"),
            Command::Resign(game) => write!(f, "Game#{game} Resign"),
            Command::Shout(text) => write!(f, "Shout {}", text.as_str()),
            Command::ShoutRoom { room, text } => {
                write!(f, "ShoutRoom {} {}", room.as_str(), text.as_str())
            }
            Command::JoinRoom(room) => write!(f, "JoinRoom {}", room.as_str()),
            Command::LeaveRoom(room) => write!(f, "LeaveRoom {}", room.as_str()),
            Command::Tell { to, text } => write!(f, "Tell {to} {}", text.as_str()),
            Command::Ping => f.write_str("PING"),
            Command::Quit => f.write_str("quit"),
        }
    }
}

#[cfg(test)]
mod tests;
