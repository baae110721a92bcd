//! OnlineGame from made-up server lines.
