//! Logging in to a PlayTak server, keeping the connection alive, and reconnecting.
