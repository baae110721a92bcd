//! The PlayTak client: taktui as a player on the community's server, with no terminal inside.
//!
//! The layers, each in its own file:
//! - [`protocol`]: one total parser of every line the server sends ([`protocol::ServerMessage`])
//!   and the commands taktui sends ([`protocol::Command`]), as the server's `Client.java` defines
//!   them;
//! - [`server_moves`]: moves in the server's notation (`P A1 C`, `M A1 A3 1 1`) to and from
//!   taktui's [`Move`](crate::rules::Move), checked by taktui's rules;
//! - [`lobby`]: what the server has said of the world (seeks, games being played, who is
//!   online, chat), kept up to date message by message;
//! - [`transport`]: the connection (`tcp://`, `ws://`, `wss://`) on a thread of its own, lines
//!   in and out through channels, so nothing that draws ever waits on the network;
//! - [`connection`]: logging in (a guest or an account), keeping the connection alive, and
//!   making it again after a drop;
//! - [`game`]: one game on the server, played (a person at the keyboard or a program) or
//!   watched, on taktui's game driver; its record kept while played and saved when over.

pub mod connection;
pub mod game;
pub mod lobby;
pub mod protocol;
pub mod server_moves;
pub mod transport;
