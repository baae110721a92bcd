//! What the server has said of the world: seeks, games being played, who is online, chat.
