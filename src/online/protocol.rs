//! The PlayTak line protocol: every line the server sends, parsed totally, and the commands sent.
//!
//! The server's source (`Client.java`, `Game.java`, `Seek.java`, `ChatRoom.java`) is the
//! reference: it is read for the formats, nothing is taken from it. A session goes:
//!
//! ```text
//! << Welcome!
//! << Login or Register
//! >> Client taktui-0.1.0
//! << OK
//! >> Protocol 2
//! << OK
//! >> Login Guest
//! << Welcome Guest1!
//! << Online 1
//! << OnlinePlayers ["Guest1"]
//! << Seek new 1 alice 5 600 10 A 2 21 1 1 0 0 0 0 0
//! >> Accept 1
//! << Game Start 1 Guest1 vs alice white 5 600 10 2 21 1 1 0 0 0 0
//! >> Game#1 P A1
//! << OK
//! << Game#1 Timems 610000 600000
//! ```
//!
//! - [`parse`] reads any line into a [`Parsed`]: a [`ServerMessage`], an unknown line, or a
//!   malformed one with what is wrong; it never panics.
//! - [`Command`] is a line to send, built only from parts the server would accept whole.
//!
//! The server reads and writes bytes as ISO-8859-1, so text passes through it byte for byte:
//! a transport decodes lines as UTF-8 (lossily: another client may send any bytes).

mod command;
mod fields;
mod message;
mod parse;
mod records;
#[cfg(test)]
mod round_trip;
#[cfg(test)]
mod tests;
mod text;

pub use command::{Command, ProtocolVersion, SeekRequest};
pub use message::ServerMessage;
pub use parse::{Parsed, QUOTE_LIMIT, parse};
pub use records::{
    ExtraTime, GameId, GameSettings, GameStart, GameStartV1, GameSummary, Seek, SeekColor, SeekId,
    ServerResult,
};
pub use text::{
    AccountName, ChatText, ClientName, CommandError, GuestToken, Password, PlayerName, RoomName,
};
