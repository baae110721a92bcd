//! Logging in to a PlayTak server, keeping the connection alive, and reconnecting.
//!
//! A [`Connection`] is the edge: it owns the [`Transport`] (the socket, on its thread) and a
//! [`Session`] (the rules of the conversation, pure, told the time), carries out what the
//! session asks (open, send, close) and hands the caller [`Event`]s. Nothing in it blocks but
//! [`Connection::wait`], which waits as long as it is told; a screen calls
//! [`Connection::poll`] between frames instead.
//!
//! A session logs in once (a guest, or an account whose password the caller got: the
//! environment or [`prompt::read_password`]), pings the server every 30 s, and after a drop
//! connects again with a growing wait and logs in as the same player, so the server, which
//! keeps a game two minutes, puts it back in its game.
//!
//! Logging in again while the server still holds the old connection (it has not seen it
//! close: a network gone quiet, or a new connection made at once) needs nothing of the
//! client: the server does not refuse the name, it closes the old connection itself (its
//! notice, `logged in from another window`, goes to the old one), waits up to a second for it
//! to be gone, and puts the new one in the game. So no login is retried here. The one window
//! left is on the server's side and invisible to the new connection: an old connection whose
//! clean-up outlasts that second logs the player out under the new one. The first wait before
//! connecting again (a second, [`Policy::first_retry`]) leaves the server that margin after a
//! close; tests make new connections at once, through a cut and a stall, and the game comes
//! back each time.
//!
//! Commands are not kept across a drop: [`Connection::send`] says `NotConnected` until the
//! login again, after which what the server sends (the game resumed, its moves) is the truth.

mod login;
pub mod prompt;
mod session;

#[cfg(test)]
mod session_tests;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

pub use login::{Login, LoginError, new_guest_token};
pub use session::{Action, Event, Phase, Policy, Session};

use super::protocol::{ClientName, Command};
use super::transport::{self, Endpoint, Transport};

/// How to connect and log in, besides where and who.
#[derive(Clone, Debug)]
pub struct Options {
    /// The transport's options (roots trusted besides the built-in ones, the timeout).
    pub transport: transport::Options,
    /// The session's timing.
    pub policy: Policy,
    /// The name this client gives the server.
    pub client: ClientName,
    /// Whether a password may be sent unencrypted to another machine (`tcp://` or `ws://` to a
    /// host that is not this one): the caller has said so to the person first.
    pub allow_plaintext_password: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            transport: transport::Options::default(),
            policy: Policy::default(),
            client: ClientName::taktui(),
            allow_plaintext_password: false,
        }
    }
}

/// A command that cannot go now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// Not logged in at the moment (connecting, or dropped and waiting to connect again).
    #[error("not connected to the server at the moment")]
    NotConnected,
    /// The session is over.
    #[error("the connection to the server is closed")]
    Over,
}

/// A session with a server, on as many connections as it takes.
#[derive(Debug)]
pub struct Connection {
    endpoint: Endpoint,
    options: Options,
    session: Session,
    transport: Option<Transport>,
    /// What the caller has yet to hear.
    heard: VecDeque<Event>,
}

impl Connection {
    /// Starts connecting to `endpoint` and logging in as `login`; returns at once. A password
    /// that would cross a network unencrypted is not sent unless `options` allow it: the first
    /// event is then the failure.
    #[must_use]
    pub fn open(endpoint: Endpoint, login: Login, options: Options, now: Instant) -> Connection {
        let refuse = login.has_password()
            && endpoint.exposes_password()
            && !options.allow_plaintext_password;
        let (session, actions) = Session::start(login, options.client.clone(), options.policy, now);
        let mut connection = Connection {
            endpoint,
            options,
            session,
            transport: None,
            heard: VecDeque::new(),
        };
        if refuse {
            connection.session.stop();
            let server = connection.endpoint.to_string();
            let error = LoginError::Unencrypted { server };
            connection.heard.push_back(Event::Failed(error));
        } else {
            connection.carry_out(actions);
        }
        connection
    }

    /// Where it connects.
    #[must_use]
    pub fn endpoint(&self) -> &Endpoint {
        &self.endpoint
    }

    /// The session: its phase, the name logged in under, the login (a guest's token).
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Sends `command` to the server, if logged in now.
    pub fn send(&mut self, command: &Command) -> Result<(), SendError> {
        match (self.session.phase(), &self.transport) {
            (Phase::Over, _) => Err(SendError::Over),
            (Phase::LoggedIn, Some(transport)) => transport
                .send(&command.to_string())
                .map_err(|_| SendError::NotConnected),
            _ => Err(SendError::NotConnected),
        }
    }

    /// Takes in whatever has come, does what is due at `now`, and returns the next event for
    /// the caller, if any. Never waits.
    pub fn poll(&mut self, now: Instant) -> Option<Event> {
        if let Some(event) = self.heard.pop_front() {
            return Some(event);
        }
        while let Some(event) = self.transport.as_ref().and_then(Transport::try_recv) {
            self.take(event, now);
            if !self.heard.is_empty() {
                return self.heard.pop_front();
            }
        }
        let actions = self.session.tick(now);
        self.carry_out(actions);
        self.heard.pop_front()
    }

    /// The next event, waiting `timeout` at most.
    pub fn wait(&mut self, timeout: Duration) -> Option<Event> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(event) = self.poll(Instant::now()) {
                return Some(event);
            }
            let now = Instant::now();
            if now >= deadline || self.session.phase() == Phase::Over {
                return None;
            }
            let step = (deadline - now).min(Duration::from_millis(50));
            match &self.transport {
                Some(transport) => {
                    if let Some(event) = transport.recv_timeout(step) {
                        self.take(event, Instant::now());
                    }
                }
                None => std::thread::sleep(step),
            }
        }
    }

    /// Ends the session: `quit` to the server if connected, and the connection closed.
    pub fn close(&mut self) {
        if let Some(transport) = &self.transport {
            let _ = transport.send(&Command::Quit.to_string());
        }
        let actions = self.session.stop();
        self.carry_out(actions);
    }

    /// What the transport said, given to the session.
    fn take(&mut self, event: transport::Event, now: Instant) {
        let actions = match event {
            transport::Event::Connected => self.session.connected(now),
            transport::Event::Line(line) => self.session.line(&line, now),
            transport::Event::TooLong(length) => self.session.trouble(
                format!("the server sent a line of {length} bytes, too long to read: dropped"),
                now,
            ),
            transport::Event::Unfinished(half) => self.session.trouble(
                format!("the connection closed in the middle of a line: {half:?}"),
                now,
            ),
            transport::Event::Closed(why) => {
                self.transport = None;
                self.session.closed(&why, now)
            }
        };
        self.carry_out(actions);
    }

    /// Does what the session asks.
    fn carry_out(&mut self, actions: Vec<Action>) {
        for action in actions {
            match action {
                Action::Open => {
                    let options = self.options.transport.clone();
                    self.transport = Some(Transport::open(self.endpoint.clone(), options));
                }
                Action::Send(command) => {
                    if let Some(transport) = &self.transport {
                        // A failure shows as the transport's Closed event, which follows.
                        let _ = transport.send(&command.to_string());
                    }
                }
                Action::Close => {
                    // Dropping it closes it; nothing more is read from it.
                    self.transport = None;
                }
                Action::Tell(event) => self.heard.push_back(event),
            }
        }
    }
}
