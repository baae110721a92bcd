//! The connection to a server (`tcp://`, `ws://`, `wss://`) on a thread of its own.
