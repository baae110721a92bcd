//! The words taktui puts into commands, each checked against the pattern the server reads it
//! with (`Client.java`), so a command the server would refuse or cut short cannot be built.
//!
//! The server reads and writes bytes as ISO-8859-1, one character a byte, so its lengths are
//! byte counts of the UTF-8 taktui sends: a limit of 256 is 256 bytes, not 256 characters.

use std::fmt;

/// Why a command cannot be built: the server's pattern would refuse it (or read only part of
/// it), so it is never sent.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CommandError {
    /// A player name the server's pattern refuses.
    #[error("{0:?} is not a PlayTak name: 4 to 16 letters, digits or _, starting with a letter")]
    PlayerName(String),
    /// An account name with `guest` in it: the server registers no such account, and reads
    /// `Login Guest...` as a guest's login.
    #[error(
        "{0:?} cannot be an account: names with \"guest\" in them are guests (log in as a guest instead)"
    )]
    GuestName(String),
    /// A password the server's pattern refuses (the password itself is never quoted).
    #[error("a PlayTak password is 6 to 50 bytes with no spaces or line breaks")]
    Password,
    /// A guest token the server's pattern refuses.
    #[error("{0:?} is not a guest token: 20 lowercase letters a-z")]
    GuestToken(String),
    /// A client name the server's pattern refuses.
    #[error("{0:?} is not a client name: 1 to 60 letters, digits, '.' or '-'")]
    ClientName(String),
    /// A room name the server's pattern refuses.
    #[error("{0:?} is not a room name: 1 to 64 bytes with no spaces or line breaks")]
    RoomName(String),
    /// A chat text that is empty.
    #[error("a chat message cannot be empty")]
    EmptyText,
    /// A chat text with a line break: the server would read it as two commands.
    #[error("a chat message is one line: it cannot hold a line break")]
    LineBreak,
    /// A chat text longer than the server reads.
    #[error("a chat message is at most {max} bytes; this one is {len}")]
    TooLong {
        /// Its length in bytes.
        len: usize,
        /// The server's limit.
        max: usize,
    },
    /// A number in a seek outside what the server reads or keeps.
    #[error("{what} must be {allowed}, not {value}")]
    OutOfRange {
        /// Which setting.
        what: &'static str,
        /// What the server takes.
        allowed: &'static str,
        /// What was asked.
        value: u64,
    },
}

/// Whether `c` is in Java's `\s` (space, tab, line feed, vertical tab, form feed, return).
fn java_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

/// A PlayTak player name: a letter, then 3 to 15 letters, digits or `_` (guests' `Guest12`
/// included).
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct PlayerName(String);

impl PlayerName {
    /// The name, if the server's pattern takes it.
    pub fn new(name: &str) -> Result<PlayerName, CommandError> {
        let bytes = name.as_bytes();
        let ok = (4..=16).contains(&bytes.len())
            && bytes[0].is_ascii_alphabetic()
            && bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || *b == b'_');
        if ok {
            Ok(PlayerName(name.to_owned()))
        } else {
            Err(CommandError::PlayerName(name.to_owned()))
        }
    }

    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The name of an account to log in to: a [`PlayerName`] without `guest` in it (in any case).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AccountName(PlayerName);

impl AccountName {
    /// The name, if an account can have it: the server registers no name with `guest` in it,
    /// and would read `Login Guest12 ...` as a new guest's login, not an account's.
    pub fn new(name: &str) -> Result<AccountName, CommandError> {
        let name = PlayerName::new(name)?;
        if name.as_str().to_ascii_lowercase().contains("guest") {
            Err(CommandError::GuestName(name.0))
        } else {
            Ok(AccountName(name))
        }
    }

    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

impl fmt::Display for AccountName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An account's password: 6 to 50 bytes, no whitespace. Its `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    /// The password, if the server's pattern takes it.
    pub fn new(password: &str) -> Result<Password, CommandError> {
        if (6..=50).contains(&password.len()) && !password.chars().any(java_space) {
            Ok(Password(password.to_owned()))
        } else {
            Err(CommandError::Password)
        }
    }

    /// The password itself, for the one line that sends it.
    #[must_use]
    pub fn reveal(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(<hidden>)")
    }
}

/// The token a guest logs in with again to stay the same guest: 20 letters `a` to `z`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GuestToken(String);

impl GuestToken {
    /// The token, if the server's pattern takes it.
    pub fn new(token: &str) -> Result<GuestToken, CommandError> {
        if token.len() == 20 && token.bytes().all(|b| b.is_ascii_lowercase()) {
            Ok(GuestToken(token.to_owned()))
        } else {
            Err(CommandError::GuestToken(token.to_owned()))
        }
    }

    /// The token.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The name a client gives itself (`Client taktui-0.1.0`): 1 to 60 letters, digits, `.`, `-`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ClientName(String);

impl ClientName {
    /// The name, if the server's pattern takes it.
    pub fn new(name: &str) -> Result<ClientName, CommandError> {
        let ok = (1..=60).contains(&name.len())
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
        if ok {
            Ok(ClientName(name.to_owned()))
        } else {
            Err(CommandError::ClientName(name.to_owned()))
        }
    }

    /// This program's name and version, `taktui-0.1.0`.
    #[must_use]
    pub fn taktui() -> ClientName {
        ClientName(format!("taktui-{}", env!("CARGO_PKG_VERSION")))
    }

    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A chat room's name: 1 to 64 bytes, no whitespace.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct RoomName(String);

impl RoomName {
    /// The name, if the server's pattern takes it.
    pub fn new(name: &str) -> Result<RoomName, CommandError> {
        if (1..=64).contains(&name.len()) && !name.chars().any(java_space) {
            Ok(RoomName(name.to_owned()))
        } else {
            Err(CommandError::RoomName(name.to_owned()))
        }
    }

    /// The name.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// One chat message: 1 to 256 bytes on one line.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ChatText(String);

impl ChatText {
    /// The most bytes the server reads of a message (it would cut the rest off unsaid).
    pub const MAX_BYTES: usize = 256;

    /// The message, if the server would read all of it.
    pub fn new(text: &str) -> Result<ChatText, CommandError> {
        if text.is_empty() {
            Err(CommandError::EmptyText)
        } else if text.contains(['\n', '\r']) {
            Err(CommandError::LineBreak)
        } else if text.len() > Self::MAX_BYTES {
            Err(CommandError::TooLong {
                len: text.len(),
                max: Self::MAX_BYTES,
            })
        } else {
            Ok(ChatText(text.to_owned()))
        }
    }

    /// The message.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_server_pattern() {
        for good in ["alice", "Guest12", "a_b1", "abcdefghijklmnop"] {
            assert_eq!(PlayerName::new(good).unwrap().as_str(), good);
        }
        for bad in [
            "abc",
            "1abc",
            "_abc",
            "al ice",
            "abcdefghijklmnopq",
            "ali-e",
            "élan",
        ] {
            assert_eq!(
                PlayerName::new(bad),
                Err(CommandError::PlayerName(bad.into()))
            );
        }
    }

    #[test]
    fn no_account_name_is_a_guests() {
        assert_eq!(AccountName::new("alice").unwrap().as_str(), "alice");
        for guest in ["Guest12", "guest_bob", "MyGUESTname"] {
            let error = AccountName::new(guest).unwrap_err();
            assert_eq!(error, CommandError::GuestName(guest.into()));
            assert!(error.to_string().contains("log in as a guest"));
        }
        assert_eq!(
            AccountName::new("a b"),
            Err(CommandError::PlayerName("a b".into()))
        );
    }

    #[test]
    fn passwords_are_checked_and_never_shown() {
        let password = Password::new("hunter22").unwrap();
        assert_eq!(password.reveal(), "hunter22");
        assert!(!format!("{password:?}").contains("hunter22"));
        for bad in [
            "short",
            "has space",
            "tab\there",
            &"x".repeat(51),
            "new\nline",
        ] {
            let error = Password::new(bad).unwrap_err();
            assert_eq!(error, CommandError::Password);
            assert!(!error.to_string().contains(bad));
        }
        // Bytes, not characters: 25 two-byte letters are 50 bytes, 26 are too many.
        assert!(Password::new(&"é".repeat(25)).is_ok());
        assert!(Password::new(&"é".repeat(26)).is_err());
    }

    #[test]
    fn tokens_clients_and_rooms_follow_their_patterns() {
        assert!(GuestToken::new("abcdefghijklmnopqrst").is_ok());
        assert!(GuestToken::new("abcdefghijklmnopqrs").is_err());
        assert!(GuestToken::new("Abcdefghijklmnopqrst").is_err());
        assert!(ClientName::new("taktui-0.1.0").is_ok());
        assert!(ClientName::new("tak tui").is_err());
        assert!(ClientName::new("").is_err());
        assert!(ClientName::new(ClientName::taktui().as_str()).is_ok());
        assert!(RoomName::new("tak-fans").is_ok());
        assert!(RoomName::new("two words").is_err());
        assert!(RoomName::new(&"r".repeat(65)).is_err());
    }

    #[test]
    fn chat_text_is_one_line_of_at_most_256_bytes() {
        assert!(ChatText::new(&"x".repeat(256)).is_ok());
        assert_eq!(
            ChatText::new(&"x".repeat(257)),
            Err(CommandError::TooLong { len: 257, max: 256 })
        );
        assert_eq!(
            ChatText::new(&"é".repeat(129)),
            Err(CommandError::TooLong { len: 258, max: 256 })
        );
        assert_eq!(ChatText::new("a\nb"), Err(CommandError::LineBreak));
        assert_eq!(ChatText::new("a\rb"), Err(CommandError::LineBreak));
        assert_eq!(ChatText::new(""), Err(CommandError::EmptyText));
        assert_eq!(ChatText::new("gg wp").unwrap().as_str(), "gg wp");
    }
}
