//! The connection to a server (`tcp://`, `ws://`, `wss://`) on a thread of its own.
//!
//! A [`Transport`] is opened from an [`Endpoint`] and returns at once: the thread connects,
//! reads and writes, and everything it has to say comes as an [`Event`] through a channel
//! (`Connected`, each `Line`, a line `TooLong` to keep, a half line `Unfinished` at close, and
//! last `Closed` with why), so whatever draws the screen only ever looks at what has come.
//! It knows lines, not what they mean: the protocol is [`super::protocol`]'s.
//!
//! It is bounded: a line over [`MAX_LINE`] bytes is dropped and said, a few thousand events at
//! most wait for the caller (then the server is held back), a stalled write gives up after a
//! while, and the thread ends soon after the [`Transport`] is closed or dropped.

mod endpoint;
mod lines;
mod link;

use std::sync::mpsc::{self, Receiver, Sender, SyncSender, TryRecvError};
use std::thread;
use std::time::Duration;

pub use endpoint::{DEFAULT_SERVER, Endpoint, EndpointError, Scheme};
pub use lines::{LineAssembler, MAX_LINE, Piece};
use link::Link;

/// How many events may wait for the caller: past that the thread waits too, and so does the
/// server (TCP holds it back), rather than lines piling up in memory.
const QUEUE: usize = 4096;

/// How long connecting (and each handshake) may take by default.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

/// Why a connection ended (or never began).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Closed {
    /// The server could not be reached: no such host, refused, no answer.
    #[error("cannot reach {0}")]
    Unreachable(String),
    /// The server was reached, but TLS or the WebSocket handshake failed (a certificate not
    /// trusted, not a WebSocket server).
    #[error("cannot open a connection with {0}")]
    Handshake(String),
    /// The server closed the connection.
    #[error("the server closed the connection")]
    ByServer,
    /// The connection failed while open (reset, a write that stalled).
    #[error("the connection failed: {0}")]
    Failed(String),
    /// This side closed it.
    #[error("the connection was closed here")]
    ByClient,
}

/// What the transport's thread tells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The connection is open (and its handshakes done): lines may be sent.
    Connected,
    /// A line from the server, without its end.
    Line(String),
    /// A line longer than [`MAX_LINE`] came and was dropped: its length in bytes.
    TooLong(usize),
    /// The connection closed in the middle of a line: what had come of it.
    Unfinished(String),
    /// The connection is over; nothing comes after this.
    Closed(Closed),
}

/// A line that cannot be sent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// It holds an end of line, which would make it two commands.
    #[error("a line sent to the server cannot hold a line break")]
    NotOneLine,
    /// The connection is over.
    #[error("the connection is closed")]
    Closed,
}

/// How to connect, besides where.
#[derive(Clone, Debug)]
pub struct Options {
    /// Certificates (DER) trusted as roots for `wss://` besides the built-in ones: a private
    /// server's own authority, or a test's.
    pub extra_roots: Vec<Vec<u8>>,
    /// How long connecting, and each handshake, may take.
    pub timeout: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            extra_roots: Vec::new(),
            timeout: CONNECT_TIMEOUT,
        }
    }
}

/// What the caller asks of the thread.
enum Order {
    /// Send this line.
    Send(String),
    /// Close the connection.
    Close,
}

/// A connection to a server, run on its own thread.
#[derive(Debug)]
pub struct Transport {
    endpoint: Endpoint,
    orders: Sender<Order>,
    events: Receiver<Event>,
}

impl std::fmt::Debug for Order {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Order::Send(_) => f.write_str("Send(..)"),
            Order::Close => f.write_str("Close"),
        }
    }
}

impl Transport {
    /// Starts connecting to `endpoint`, and returns at once: [`Event::Connected`] or
    /// [`Event::Closed`] says how it went. Lines sent before it is open wait and go then.
    #[must_use]
    pub fn open(endpoint: Endpoint, options: Options) -> Transport {
        let (orders, taken) = mpsc::channel();
        let (told, events) = mpsc::sync_channel(QUEUE);
        let target = endpoint.clone();
        let started = thread::Builder::new()
            .name(format!("taktui {endpoint}"))
            .spawn(move || run(&target, &options, &taken, &told));
        if let Err(e) = started {
            let (told, failed) = mpsc::sync_channel(1);
            let _ = told.send(Event::Closed(Closed::Failed(format!(
                "cannot start a thread for the connection: {e}"
            ))));
            return Transport {
                endpoint,
                orders,
                events: failed,
            };
        }
        Transport {
            endpoint,
            orders,
            events,
        }
    }

    /// Reads `url` (`tcp://HOST:PORT`, `ws://…`, `wss://…`) and starts connecting to it, as
    /// [`Transport::open`] does.
    pub fn connect(url: &str, options: Options) -> Result<Transport, EndpointError> {
        Ok(Transport::open(url.parse()?, options))
    }

    /// Where it connects.
    #[must_use]
    pub fn endpoint(&self) -> &Endpoint {
        &self.endpoint
    }

    /// Sends one line (without its end), after those sent before.
    pub fn send(&self, line: &str) -> Result<(), SendError> {
        if line.contains(['\n', '\r']) {
            return Err(SendError::NotOneLine);
        }
        self.orders
            .send(Order::Send(line.to_owned()))
            .map_err(|_| SendError::Closed)
    }

    /// The next event, if one has come.
    #[must_use]
    pub fn try_recv(&self) -> Option<Event> {
        self.events.try_recv().ok()
    }

    /// The next event, waiting for it `timeout` at most.
    #[must_use]
    pub fn recv_timeout(&self, timeout: Duration) -> Option<Event> {
        self.events.recv_timeout(timeout).ok()
    }

    /// Closes the connection (after the lines already sent); [`Event::Closed`] follows.
    pub fn close(&self) {
        let _ = self.orders.send(Order::Close);
    }
}

impl Drop for Transport {
    /// The thread closes the connection and ends as soon as it sees no one is left to listen.
    fn drop(&mut self) {
        self.close();
    }
}

/// The thread: connects, then moves lines both ways until the connection or the caller ends.
fn run(endpoint: &Endpoint, options: &Options, orders: &Receiver<Order>, told: &SyncSender<Event>) {
    let mut link = match Link::open(endpoint, &options.extra_roots, options.timeout) {
        Ok(link) => link,
        Err(why) => {
            let _ = told.send(Event::Closed(why));
            return;
        }
    };
    if told.send(Event::Connected).is_err() {
        link.shut();
        return;
    }
    let mut assembler = LineAssembler::default();
    let mut pieces = Vec::new();
    let why = loop {
        if let Some(why) = carry_out(&mut link, orders) {
            break why;
        }
        match link.read(&mut assembler, &mut pieces) {
            Ok(_) => {}
            Err(why) => break why,
        }
        for piece in pieces.drain(..) {
            let event = match piece {
                Piece::Line(text) => Event::Line(text),
                Piece::TooLong(length) => Event::TooLong(length),
            };
            if told.send(event).is_err() {
                link.shut();
                return;
            }
        }
    };
    if let Some(half) = assembler.unfinished() {
        let _ = told.send(Event::Unfinished(half));
    }
    if why == Closed::ByClient {
        link.shut();
    }
    let _ = told.send(Event::Closed(why));
}

/// Sends the lines waiting; `Some` when the connection is to end, and why.
fn carry_out(link: &mut Link, orders: &Receiver<Order>) -> Option<Closed> {
    loop {
        match orders.try_recv() {
            Ok(Order::Send(text)) => {
                if let Err(why) = link.write_line(&text) {
                    return Some(why);
                }
            }
            Ok(Order::Close) | Err(TryRecvError::Disconnected) => return Some(Closed::ByClient),
            Err(TryRecvError::Empty) => return None,
        }
    }
}
