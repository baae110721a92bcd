//! Every line the server sends, as a value: [`ServerMessage`], written back exactly as the
//! server writes it.

use std::fmt;
use std::time::Duration;

use super::records::{GameId, GameStart, GameStartV1, GameSummary, Seek, SeekId, ServerResult};
use crate::online::server_moves::ServerMove;
use crate::rules::Color;

/// Every kind of line the server sends (`Client.java`, `Game.java`, `Seek.java`,
/// `ChatRoom.java`). Its `Display` writes the line exactly as the server does.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum ServerMessage {
    /// `Welcome!`: the first line of a connection.
    Welcome,
    /// `Login or Register`: the server waits for `Login`.
    LoginPrompt,
    /// `Welcome NAME!`: logged in under this name (a guest learns its name here).
    LoggedIn(String),
    /// `Is Mod`: the account is a moderator or administrator.
    IsModerator,
    /// `Authentication failure`: no such account or a wrong password.
    AuthenticationFailure,
    /// `OK`: the last command was done (also the answer to `PING`).
    Ok,
    /// `NOK`: the last command was refused or not understood.
    Nok,
    /// `Error:TEXT`: why a move was refused (after `NOK`).
    Error(String),
    /// `Online N`: how many are connected.
    Online(u32),
    /// `OnlinePlayers ["a", "b"]`: who is logged in (bots left out).
    OnlinePlayers(Vec<String>),
    /// `Seek new ...`: a seek was posted (also the lobby's seeks on login and after `List`).
    SeekNew(Seek),
    /// `Seek remove ...`: a seek was taken down or accepted.
    SeekRemove(Seek),
    /// `GameList Add ...`: a game began (also the games on login and after `GameList`).
    GameListAdd(GameSummary),
    /// `GameList Remove ...`: a game ended.
    GameListRemove(GameSummary),
    /// `Game Start ...` (protocol 2): a game of ours begins or is resumed.
    GameStart(GameStart),
    /// `Game Start ...` (protocol 1).
    GameStartV1(GameStartV1),
    /// `Game#N P ...` or `Game#N M ...`: a move in a game we play or watch.
    Move {
        /// The game.
        game: GameId,
        /// The move.
        mv: ServerMove,
    },
    /// `Game#N Time W B`: both clocks in whole seconds (protocol 0).
    Time {
        /// The game.
        game: GameId,
        /// White's time left.
        white: Duration,
        /// Black's time left.
        black: Duration,
    },
    /// `Game#N Timems W B`: both clocks in milliseconds.
    TimeMs {
        /// The game.
        game: GameId,
        /// White's time left.
        white: Duration,
        /// Black's time left.
        black: Duration,
    },
    /// `Game#N Over RESULT`.
    GameOver {
        /// The game.
        game: GameId,
        /// How it ended.
        result: ServerResult,
    },
    /// `Game#N OfferDraw`: the opponent offers a draw.
    DrawOffered(GameId),
    /// `Game#N RemoveDraw`: the opponent takes the offer back.
    DrawOfferWithdrawn(GameId),
    /// `Game#N RequestUndo`: the opponent asks to take back the last move.
    UndoRequested(GameId),
    /// `Game#N RemoveUndo`: the opponent takes the request back.
    UndoRequestWithdrawn(GameId),
    /// `Game#N Undo`: the last move is taken back.
    Undo(GameId),
    /// `Game#N Abandoned. NAME quit`: a player left for good; the other wins.
    Abandoned {
        /// The game.
        game: GameId,
        /// Who left.
        quitter: String,
    },
    /// `Game#N Show Sq STACK`: one square's stack, asked for with `Game#N Show A1`.
    SquareState {
        /// The game.
        game: GameId,
        /// The stack as the server writes it.
        stack: String,
    },
    /// `Observe ...`: watching a game begins; its moves and clocks follow.
    Observe(GameSummary),
    /// `Shout <NAME> TEXT`: the global chat.
    Shout {
        /// Who said it.
        from: String,
        /// What.
        text: String,
    },
    /// `ShoutRoom ROOM <NAME> TEXT`: a room's chat.
    ShoutRoom {
        /// The room.
        room: String,
        /// Who said it.
        from: String,
        /// What.
        text: String,
    },
    /// `Joined room ROOM`.
    JoinedRoom(String),
    /// `Tell <NAME> TEXT`: a private message to us.
    Tell {
        /// Who sent it.
        from: String,
        /// What.
        text: String,
    },
    /// `Told <NAME> TEXT`: our private message, as delivered.
    Told {
        /// To whom.
        to: String,
        /// What.
        text: String,
    },
    /// `No such player`: a `Tell` (or reset) named nobody.
    NoSuchPlayer,
    /// `Message TEXT`: a notice from the server (a disconnection, a resumed game).
    Message(String),
    /// `Accept Rematch ID`: the other player already asked for the rematch: accept this seek.
    AcceptRematch(SeekId),
    /// `Rematch seek created with ID: ID`.
    RematchSeekCreated(SeekId),
    /// `Registered NAME. Check your email for password`.
    Registered(String),
    /// `Registration Error: TEXT`.
    RegistrationError(String),
    /// `Reset token sent`.
    ResetTokenSent,
    /// `Reset Token Error: TEXT`.
    ResetTokenError(String),
    /// `Password is changed` (after a reset).
    PasswordReset,
    /// `Wrong token`.
    WrongToken,
    /// `Password changed`.
    PasswordChanged,
    /// `Wrong password`.
    WrongPassword,
    /// `CmdReply TEXT`.
    CmdReply(String),
    /// `sudoReply TEXT`: a moderator command's answer.
    SudoReply(String),
}

impl ServerMessage {
    /// The start of a game of ours, in either protocol's form (`Game Start`): protocol 1's,
    /// which an older server sends, read as protocol 2's ([`GameStartV1::to_start`]).
    #[must_use]
    pub fn game_start(&self) -> Option<GameStart> {
        match self {
            ServerMessage::GameStart(start) => Some(start.clone()),
            ServerMessage::GameStartV1(start) => Some(start.to_start()),
            _ => None,
        }
    }
}

impl fmt::Display for ServerMessage {
    #[allow(clippy::too_many_lines)] // one arm a line form: splitting it would hide the list
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServerMessage::Welcome => f.write_str("Welcome!"),
            ServerMessage::LoginPrompt => f.write_str("Login or Register"),
            ServerMessage::LoggedIn(name) => write!(f, "Welcome {name}!"),
            ServerMessage::IsModerator => f.write_str("Is Mod"),
            ServerMessage::AuthenticationFailure => f.write_str("Authentication failure"),
            ServerMessage::Ok => f.write_str("OK"),
            ServerMessage::Nok => f.write_str("NOK"),
            ServerMessage::Error(text) => write!(f, "Error:{text}"),
            ServerMessage::Online(count) => write!(f, "Online {count}"),
            ServerMessage::OnlinePlayers(names) => {
                f.write_str("OnlinePlayers [")?;
                for (i, name) in names.iter().enumerate() {
                    let comma = if i == 0 { "" } else { ", " };
                    write!(f, "{comma}\"{name}\"")?;
                }
                f.write_str("]")
            }
            ServerMessage::SeekNew(seek) => write!(f, "Seek new {seek}"),
            ServerMessage::SeekRemove(seek) => write!(f, "Seek remove {seek}"),
            ServerMessage::GameListAdd(game) => write!(f, "GameList Add {game}"),
            ServerMessage::GameListRemove(game) => write!(f, "GameList Remove {game}"),
            ServerMessage::GameStart(start) => {
                write!(
                    f,
                    "Game Start {} {} vs {} {} ",
                    start.game,
                    start.white,
                    start.black,
                    color_word(start.color)
                )?;
                start.settings.write_clock(f)?;
                f.write_str(" ")?;
                start.settings.write_rest(f)?;
                write!(f, " {}", u8::from(start.bot))
            }
            ServerMessage::GameStartV1(start) => write!(
                f,
                "Game Start {} {} {} vs {} {} {} {} {} {} {} {}",
                start.game,
                start.size.get(),
                start.white,
                start.black,
                color_word(start.color),
                start.time.as_secs(),
                start.komi.halves(),
                start.stones,
                start.capstones,
                start.extra_time.after_move,
                start.extra_time.amount.as_secs()
            ),
            ServerMessage::Move { game, mv } => write!(f, "Game#{game} {mv}"),
            ServerMessage::Time { game, white, black } => {
                write!(
                    f,
                    "Game#{game} Time {} {}",
                    white.as_secs(),
                    black.as_secs()
                )
            }
            ServerMessage::TimeMs { game, white, black } => write!(
                f,
                "Game#{game} Timems {} {}",
                white.as_millis(),
                black.as_millis()
            ),
            ServerMessage::GameOver { game, result } => {
                write!(f, "Game#{game} Over {}", result.token())
            }
            ServerMessage::DrawOffered(game) => write!(f, "Game#{game} OfferDraw"),
            ServerMessage::DrawOfferWithdrawn(game) => write!(f, "Game#{game} RemoveDraw"),
            ServerMessage::UndoRequested(game) => write!(f, "Game#{game} RequestUndo"),
            ServerMessage::UndoRequestWithdrawn(game) => write!(f, "Game#{game} RemoveUndo"),
            ServerMessage::Undo(game) => write!(f, "Game#{game} Undo"),
            ServerMessage::Abandoned { game, quitter } => {
                write!(f, "Game#{game} Abandoned. {quitter} quit")
            }
            ServerMessage::SquareState { game, stack } => {
                write!(f, "Game#{game} Show Sq {stack}")
            }
            ServerMessage::Observe(game) => write!(f, "Observe {game}"),
            ServerMessage::Shout { from, text } => write!(f, "Shout <{from}> {text}"),
            ServerMessage::ShoutRoom { room, from, text } => {
                write!(f, "ShoutRoom {room} <{from}> {text}")
            }
            ServerMessage::JoinedRoom(room) => write!(f, "Joined room {room}"),
            ServerMessage::Tell { from, text } => write!(f, "Tell <{from}> {text}"),
            ServerMessage::Told { to, text } => write!(f, "Told <{to}> {text}"),
            ServerMessage::NoSuchPlayer => f.write_str("No such player"),
            ServerMessage::Message(text) => write!(f, "Message {text}"),
            ServerMessage::AcceptRematch(seek) => write!(f, "Accept Rematch {seek}"),
            ServerMessage::RematchSeekCreated(seek) => {
                write!(f, "Rematch seek created with ID: {seek}")
            }
            ServerMessage::Registered(name) => {
                write!(f, "Registered {name}. Check your email for password")
            }
            ServerMessage::RegistrationError(text) => write!(f, "Registration Error: {text}"),
            ServerMessage::ResetTokenSent => f.write_str("Reset token sent"),
            ServerMessage::ResetTokenError(text) => write!(f, "Reset Token Error: {text}"),
            ServerMessage::PasswordReset => f.write_str("Password is changed"),
            ServerMessage::WrongToken => f.write_str("Wrong token"),
            ServerMessage::PasswordChanged => f.write_str("Password changed"),
            ServerMessage::WrongPassword => f.write_str("Wrong password"),
            ServerMessage::CmdReply(text) => write!(f, "CmdReply {text}"),
            ServerMessage::SudoReply(text) => write!(f, "sudoReply {text}"),
        }
    }
}

/// `white` or `black`, as `Game Start` writes our colour.
const fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
