//! What a line typed in the lobby's chat does: said in the channel shown (`Shout`,
//! `ShoutRoom`, `Tell`), or one of a few slash commands (`/join ROOM`, `/leave`, `/tell NAME
//! TEXT`). Checked here, so a line the server could not take is refused with why, not sent.

use crate::online::lobby::Channel;
use crate::online::protocol::{ChatText, Command, PlayerName, RoomName};

/// What a typed line asks for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Said {
    /// Send this command (and show this channel).
    Send(Command, Channel),
    /// Leave this room.
    Leave(String),
}

/// The commands a chat line can start with, for the help page.
pub const SLASH_HELP: &[(&str, &str)] = &[
    (
        "text",
        "said in the channel shown (the global room, a room, or to a player)",
    ),
    (
        "/join ROOM",
        "join a room (its talk is a channel of its own)",
    ),
    ("/leave", "leave the room shown"),
    ("/tell NAME TEXT", "say something to one player only"),
];

/// What `line`, typed while `channel` is shown, asks for; `Err` says what is wrong with it.
pub fn said(line: &str, channel: &Channel) -> Result<Said, String> {
    let line = line.trim();
    if line.is_empty() {
        return Err("nothing to say".to_owned());
    }
    let text = |text: &str| ChatText::new(text).map_err(|e| e.to_string());
    if let Some(rest) = line.strip_prefix('/') {
        let (word, rest) = rest.split_once(' ').unwrap_or((rest, ""));
        let rest = rest.trim();
        return match word {
            "join" => {
                let room = RoomName::new(rest).map_err(|e| e.to_string())?;
                Ok(Said::Send(
                    Command::JoinRoom(room),
                    Channel::Room(rest.to_owned()),
                ))
            }
            "leave" => match channel {
                Channel::Room(room) => Ok(Said::Leave(room.clone())),
                _ => Err("/leave leaves the room shown: show a room first ([ and ])".to_owned()),
            },
            "tell" => {
                let (name, words) = rest.split_once(' ').unwrap_or((rest, ""));
                let to = PlayerName::new(name).map_err(|e| e.to_string())?;
                let text = text(words.trim())?;
                Ok(Said::Send(
                    Command::Tell { to, text },
                    Channel::Private(name.to_owned()),
                ))
            }
            _ => Err(format!(
                "/{word} is not a chat command: /join ROOM, /leave, /tell NAME TEXT"
            )),
        };
    }
    let text = text(line)?;
    let command = match channel {
        Channel::Global => Command::Shout(text),
        Channel::Room(room) => Command::ShoutRoom {
            room: RoomName::new(room).map_err(|e| e.to_string())?,
            text,
        },
        Channel::Private(name) => Command::Tell {
            to: PlayerName::new(name).map_err(|e| e.to_string())?,
            text,
        },
    };
    Ok(Said::Send(command, channel.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(line: &str, channel: &Channel) -> String {
        match said(line, channel) {
            Ok(Said::Send(command, _)) => command.to_string(),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn a_line_is_said_where_the_panel_is() {
        assert_eq!(sent("hello all", &Channel::Global), "Shout hello all");
        let room = Channel::Room("tak".into());
        assert_eq!(sent("hi room", &room), "ShoutRoom tak hi room");
        let bobby = Channel::Private("bobby".into());
        assert_eq!(sent(" hi bobby ", &bobby), "Tell bobby hi bobby");
    }

    #[test]
    fn slash_commands_join_leave_and_tell() {
        assert_eq!(sent("/join tak", &Channel::Global), "JoinRoom tak");
        assert_eq!(
            sent("/tell alice good game", &Channel::Global),
            "Tell alice good game"
        );
        assert_eq!(
            said("/leave", &Channel::Room("tak".into())),
            Ok(Said::Leave("tak".into()))
        );
    }

    #[test]
    fn what_cannot_be_said_is_refused_with_why() {
        assert!(said("   ", &Channel::Global).is_err());
        let leave = said("/leave", &Channel::Global).unwrap_err();
        assert!(leave.contains("show a room"), "{leave}");
        let unknown = said("/dance", &Channel::Global).unwrap_err();
        assert!(
            unknown.contains("/dance is not a chat command"),
            "{unknown}"
        );
        assert!(said("/tell", &Channel::Global).is_err());
    }
}
