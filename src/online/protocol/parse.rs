//! The one parser of server lines: every line is a message, unknown (a kind this client does
//! not know, to be logged and ignored) or malformed (a known kind that does not read, to be
//! reported), and no line, however long or strange, makes it panic.

use std::str::FromStr;
use std::time::Duration;

use super::fields::{read_seek, read_start, read_summary};
use super::message::ServerMessage;
use super::records::{GameId, SeekId, ServerResult};
use crate::online::server_moves::ServerMove;

/// What one line from the server is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Parsed {
    /// A line understood.
    Message(ServerMessage),
    /// A kind of line this client does not know (quoted, cut to [`QUOTE_LIMIT`] characters):
    /// to be logged and ignored, since a newer server may say more than this client knows.
    Unknown(String),
    /// A known kind of line that does not read: to be reported.
    Malformed {
        /// The line, cut to [`QUOTE_LIMIT`] characters.
        line: String,
        /// What is wrong with it.
        why: String,
    },
}

/// The most characters of a line that [`Parsed::Unknown`] and [`Parsed::Malformed`] quote, so
/// a flood of long lines cannot fill a log or a screen.
pub const QUOTE_LIMIT: usize = 200;

/// Reads one line from the server (a trailing line feed or carriage return is dropped).
#[must_use]
pub fn parse(line: &str) -> Parsed {
    let line = line.trim_end_matches(['\n', '\r']);
    match read(line) {
        Ok(Some(message)) => Parsed::Message(message),
        Ok(None) => Parsed::Unknown(quote(line)),
        Err(why) => Parsed::Malformed {
            line: quote(line),
            why,
        },
    }
}

/// The line, cut to [`QUOTE_LIMIT`] characters with `…` after a cut.
fn quote(line: &str) -> String {
    match line.char_indices().nth(QUOTE_LIMIT) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_owned(),
    }
}

/// The message a line holds, `None` for a kind of line not known, or why a known kind does
/// not read.
fn read(line: &str) -> Result<Option<ServerMessage>, String> {
    let exact = match line {
        "Welcome!" => Some(ServerMessage::Welcome),
        "Login or Register" => Some(ServerMessage::LoginPrompt),
        "Is Mod" => Some(ServerMessage::IsModerator),
        "Authentication failure" => Some(ServerMessage::AuthenticationFailure),
        "OK" => Some(ServerMessage::Ok),
        "NOK" => Some(ServerMessage::Nok),
        "No such player" => Some(ServerMessage::NoSuchPlayer),
        "Reset token sent" => Some(ServerMessage::ResetTokenSent),
        "Password is changed" => Some(ServerMessage::PasswordReset),
        "Wrong token" => Some(ServerMessage::WrongToken),
        "Password changed" => Some(ServerMessage::PasswordChanged),
        "Wrong password" => Some(ServerMessage::WrongPassword),
        _ => None,
    };
    if exact.is_some() {
        return Ok(exact);
    }
    let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
    let message = match head {
        "Welcome" => ServerMessage::LoggedIn(word(rest.strip_suffix('!').ok_or("no `!`")?)?),
        "Online" => ServerMessage::Online(number(rest, "the count")?),
        "OnlinePlayers" => ServerMessage::OnlinePlayers(name_list(rest)?),
        "Seek" => match rest.split_once(' ') {
            Some(("new", seek)) => ServerMessage::SeekNew(read_seek(seek)?),
            Some(("remove", seek)) => ServerMessage::SeekRemove(read_seek(seek)?),
            _ => return Ok(None),
        },
        "GameList" => match rest.split_once(' ') {
            Some(("Add", game)) => ServerMessage::GameListAdd(read_summary(game)?),
            Some(("Remove", game)) => ServerMessage::GameListRemove(read_summary(game)?),
            _ => return Ok(None),
        },
        "Game" => match rest.strip_prefix("Start ") {
            Some(start) => read_start(start)?,
            None => return Ok(None),
        },
        "Observe" => ServerMessage::Observe(read_summary(rest)?),
        "Shout" => {
            let (from, text) = said(rest)?;
            ServerMessage::Shout { from, text }
        }
        "ShoutRoom" => {
            let (room, rest) = rest.split_once(' ').ok_or("no room and message")?;
            let (from, text) = said(rest)?;
            let room = word(room)?;
            ServerMessage::ShoutRoom { room, from, text }
        }
        "Tell" => {
            let (from, text) = said(rest)?;
            ServerMessage::Tell { from, text }
        }
        "Told" => {
            let (to, text) = said(rest)?;
            ServerMessage::Told { to, text }
        }
        "Message" => ServerMessage::Message(rest.to_owned()),
        "CmdReply" => ServerMessage::CmdReply(rest.to_owned()),
        "sudoReply" => ServerMessage::SudoReply(rest.to_owned()),
        _ => return read_phrase(line),
    };
    Ok(Some(message))
}

/// Lines told apart by more than their first word.
fn read_phrase(line: &str) -> Result<Option<ServerMessage>, String> {
    let message = if let Some(rest) = line.strip_prefix("Game#") {
        return read_game_line(rest);
    } else if let Some(rest) = line.strip_prefix("Error:") {
        ServerMessage::Error(rest.to_owned())
    } else if let Some(room) = line.strip_prefix("Joined room ") {
        ServerMessage::JoinedRoom(word(room)?)
    } else if let Some(id) = line.strip_prefix("Accept Rematch ") {
        ServerMessage::AcceptRematch(SeekId(number(id, "the seek")?))
    } else if let Some(id) = line.strip_prefix("Rematch seek created with ID: ") {
        ServerMessage::RematchSeekCreated(SeekId(number(id, "the seek")?))
    } else if let Some(rest) = line.strip_prefix("Registered ") {
        let name = rest
            .strip_suffix(". Check your email for password")
            .ok_or("no `. Check your email for password`")?;
        ServerMessage::Registered(word(name)?)
    } else if let Some(rest) = line.strip_prefix("Registration Error: ") {
        ServerMessage::RegistrationError(rest.to_owned())
    } else if let Some(rest) = line.strip_prefix("Reset Token Error: ") {
        ServerMessage::ResetTokenError(rest.to_owned())
    } else {
        return Ok(None);
    };
    Ok(Some(message))
}

/// The rest of a `Game#N ...` line.
fn read_game_line(rest: &str) -> Result<Option<ServerMessage>, String> {
    let (id, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    let game = GameId(number(id, "the game number")?);
    if let Some(stack) = rest.strip_prefix("Show Sq ") {
        let stack = stack.to_owned();
        return Ok(Some(ServerMessage::SquareState { game, stack }));
    }
    let words: Vec<&str> = rest.split(' ').collect();
    let clocks = |white: &str, black: &str| -> Result<(u64, u64), String> {
        Ok((
            number(white, "White's time")?,
            number(black, "Black's time")?,
        ))
    };
    let message = match words.as_slice() {
        ["P" | "M", ..] => {
            let mv = ServerMove::parse_words(&words).map_err(|e| e.to_string())?;
            ServerMessage::Move { game, mv }
        }
        ["Time", white, black] => {
            let (white, black) = clocks(white, black)?;
            let (white, black) = (Duration::from_secs(white), Duration::from_secs(black));
            ServerMessage::Time { game, white, black }
        }
        ["Timems", white, black] => {
            let (white, black) = clocks(white, black)?;
            let (white, black) = (Duration::from_millis(white), Duration::from_millis(black));
            ServerMessage::TimeMs { game, white, black }
        }
        ["Time" | "Timems", ..] => return Err("expected two clocks".to_owned()),
        ["Over", token] => ServerMessage::GameOver {
            game,
            result: ServerResult::from_token(token)
                .ok_or_else(|| format!("{token:?} is not a result"))?,
        },
        ["Over", ..] => return Err("expected one result".to_owned()),
        ["OfferDraw"] => ServerMessage::DrawOffered(game),
        ["RemoveDraw"] => ServerMessage::DrawOfferWithdrawn(game),
        ["RequestUndo"] => ServerMessage::UndoRequested(game),
        ["RemoveUndo"] => ServerMessage::UndoRequestWithdrawn(game),
        ["Undo"] => ServerMessage::Undo(game),
        ["Abandoned.", quitter, "quit"] => ServerMessage::Abandoned {
            game,
            quitter: word(quitter)?,
        },
        ["Abandoned.", ..] => return Err("expected `Abandoned. NAME quit`".to_owned()),
        _ => return Ok(None),
    };
    Ok(Some(message))
}

/// A name or other single word: not empty.
pub(super) fn word(text: &str) -> Result<String, String> {
    if text.is_empty() || text.contains(' ') {
        Err(format!("{text:?} is not one word"))
    } else {
        Ok(text.to_owned())
    }
}

/// A number in plain digits (no sign, no spaces), in range for `T`.
pub(super) fn number<T: FromStr>(text: &str, what: &str) -> Result<T, String> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits
        .then(|| text.parse().ok())
        .flatten()
        .ok_or_else(|| format!("{what} {text:?} is not a number in range"))
}

/// `<NAME> TEXT`, as chat lines write who said what.
fn said(rest: &str) -> Result<(String, String), String> {
    let (name, text) = rest
        .strip_prefix('<')
        .and_then(|rest| rest.split_once("> "))
        .ok_or("expected `<NAME> TEXT`")?;
    Ok((word(name)?, text.to_owned()))
}

/// `["alice", "bobby"]`, as Java writes a list of quoted names.
fn name_list(text: &str) -> Result<Vec<String>, String> {
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or("expected a list in [ ]")?;
    if inner.is_empty() {
        return Ok(Vec::new());
    }
    inner
        .split(", ")
        .map(|quoted| {
            quoted
                .strip_prefix('"')
                .and_then(|q| q.strip_suffix('"'))
                .ok_or_else(|| format!("{quoted:?} is not a quoted name"))
                .and_then(word)
        })
        .collect()
}
