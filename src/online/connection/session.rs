//! The session's rules, with no socket and no clock: what to send and when, told what came and
//! what time it is. The handshake (`Client`, then `Protocol 2`, then the login, each after the
//! answer to the one before), `PING` on a schedule, a silent server taken for a dead one, and
//! after a drop a new connection with a growing wait, logging in again as the same player,
//! until the outage has lasted too long.

use std::time::{Duration, Instant};

use super::login::{Login, LoginError};
use crate::online::protocol::{ClientName, Command, Parsed, ProtocolVersion, ServerMessage, parse};
use crate::online::transport::Closed;

/// What the server says to a client name it no longer serves (in a `Shout` from `Server`).
const REFUSED_CLIENT: &str = "no longer compatible";
/// What the server says to a connection it closes because the player logged in elsewhere.
const LOGGED_IN_ELSEWHERE: &str = "logged in from another window";

/// The session's timing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// How often `PING` is sent while logged in (the server drops a connection silent for 60 s).
    pub ping_every: Duration,
    /// How long the server may say nothing (pings answered included) before the connection is
    /// taken for dead and made again.
    pub silence_limit: Duration,
    /// The wait before the first new connection after a drop; it doubles at each failure.
    pub first_retry: Duration,
    /// The longest wait between two tries.
    pub longest_retry: Duration,
    /// How long an outage is tried before giving up (the server keeps a game 120 s).
    pub give_up_after: Duration,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            ping_every: Duration::from_secs(30),
            silence_limit: Duration::from_secs(95),
            first_retry: Duration::from_secs(1),
            longest_retry: Duration::from_secs(20),
            give_up_after: Duration::from_secs(300),
        }
    }
}

/// What the session asks of the connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Open a new connection to the server.
    Open,
    /// Send this command.
    Send(Command),
    /// Drop the connection now (nothing more is read from it).
    Close,
    /// Tell the caller.
    Tell(Event),
}

/// What the caller hears from a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Logged in under this name; `again` after a drop (a game in progress follows, resumed).
    LoggedIn {
        /// The name the server gave (a guest's `GuestN`, an account's own).
        name: String,
        /// Whether this is a new login after a drop.
        again: bool,
    },
    /// A line from the server.
    Message(ServerMessage),
    /// A line of a kind this client does not know: worth a log line, nothing more.
    Unknown(String),
    /// A line of a known kind that does not read.
    Malformed {
        /// The line.
        line: String,
        /// What is wrong with it.
        why: String,
    },
    /// Something wrong with the connection that it survives (a line too long, cut short).
    Trouble(String),
    /// The connection dropped; a new one is made after `retry_in`.
    Dropped {
        /// Why it dropped.
        why: String,
        /// When the next try is.
        retry_in: Duration,
    },
    /// The session is over for good.
    Failed(LoginError),
}

/// Where the session is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A connection is being opened.
    Connecting,
    /// Connected; the server's greeting is awaited.
    Greeting,
    /// `Client` sent; its answer is awaited.
    Introducing,
    /// `Protocol` sent; its answer is awaited.
    Negotiating,
    /// The login sent; its answer is awaited.
    LoggingIn,
    /// Logged in.
    LoggedIn,
    /// Dropped; a new connection is opened at this time.
    Waiting(Instant),
    /// Over for good.
    Over,
}

/// One session with a server, across as many connections as it takes.
#[derive(Debug)]
pub struct Session {
    login: Login,
    client: ClientName,
    policy: Policy,
    phase: Phase,
    /// The name logged in under, once logged in.
    name: Option<String>,
    /// The protocol version the server agreed to (1 when it refused ours).
    protocol: u32,
    /// When the server last said anything.
    heard: Instant,
    /// When `PING` was last sent.
    pinged: Instant,
    /// When the current outage began, while there is one.
    outage: Option<Instant>,
    /// The wait before the next try after a failure.
    retry: Duration,
    /// The server said it closes this connection for a login elsewhere.
    replaced: bool,
    /// What came while the login was awaited: told after the login, as it belongs to it (the
    /// server resumes a game before it says `Welcome`).
    held: Vec<ServerMessage>,
}

impl Session {
    /// A session for `login`, introducing itself as `client`; the first action opens the
    /// connection.
    #[must_use]
    pub fn start(
        login: Login,
        client: ClientName,
        policy: Policy,
        now: Instant,
    ) -> (Session, Vec<Action>) {
        let session = Session {
            login,
            client,
            policy,
            phase: Phase::Connecting,
            name: None,
            protocol: 1,
            heard: now,
            pinged: now,
            outage: None,
            retry: policy.first_retry,
            replaced: false,
            held: Vec::new(),
        };
        (session, vec![Action::Open])
    }

    /// Where it is.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The name logged in under, once logged in (kept through drops).
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Who logs in (a guest's token included, to be the same guest another time).
    #[must_use]
    pub fn login(&self) -> &Login {
        &self.login
    }

    /// The protocol version spoken: 2, or 1 with a server that refused it.
    #[must_use]
    pub fn protocol(&self) -> u32 {
        self.protocol
    }

    /// The connection is open.
    pub fn connected(&mut self, now: Instant) -> Vec<Action> {
        self.heard = now;
        if self.phase == Phase::Connecting {
            self.phase = Phase::Greeting;
        }
        Vec::new()
    }

    /// A line came.
    pub fn line(&mut self, line: &str, now: Instant) -> Vec<Action> {
        self.heard = now;
        match parse(line) {
            Parsed::Message(message) => self.message(message),
            Parsed::Unknown(line) => vec![Action::Tell(Event::Unknown(line))],
            Parsed::Malformed { line, why } => vec![Action::Tell(Event::Malformed { line, why })],
        }
    }

    /// Something went wrong with the connection that it survives.
    pub fn trouble(&mut self, what: String, now: Instant) -> Vec<Action> {
        self.heard = now;
        vec![Action::Tell(Event::Trouble(what))]
    }

    /// The connection closed.
    pub fn closed(&mut self, why: &Closed, now: Instant) -> Vec<Action> {
        if matches!(self.phase, Phase::Over | Phase::Waiting(_)) {
            return Vec::new();
        }
        if self.replaced {
            let name = self.name.clone().unwrap_or_default();
            return self.fail(LoginError::NameInUse { name });
        }
        if self.name.is_none() {
            return self.fail(match why {
                Closed::Unreachable(why) => LoginError::Unreachable { why: why.clone() },
                Closed::Handshake(why) => LoginError::Handshake { why: why.clone() },
                other => LoginError::ClosedEarly {
                    why: other.to_string(),
                },
            });
        }
        self.drop_and_wait(why.to_string(), now)
    }

    /// Time passes: pings due, a silence too long, a new connection due.
    pub fn tick(&mut self, now: Instant) -> Vec<Action> {
        match self.phase {
            Phase::Waiting(at) if now >= at => {
                self.phase = Phase::Connecting;
                vec![Action::Open]
            }
            Phase::Greeting
            | Phase::Introducing
            | Phase::Negotiating
            | Phase::LoggingIn
            | Phase::LoggedIn
                if now.saturating_duration_since(self.heard) > self.policy.silence_limit =>
            {
                let silent = self.policy.silence_limit.as_secs();
                let mut actions = vec![Action::Close];
                if self.name.is_none() {
                    actions.extend(self.fail(LoginError::ClosedEarly {
                        why: format!("the server said nothing for {silent} s"),
                    }));
                } else {
                    let why = format!("the server said nothing for {silent} s");
                    actions.extend(self.drop_and_wait(why, now));
                }
                actions
            }
            Phase::LoggedIn
                if now.saturating_duration_since(self.pinged) >= self.policy.ping_every =>
            {
                self.pinged = now;
                vec![Action::Send(Command::Ping)]
            }
            _ => Vec::new(),
        }
    }

    /// The session ends here.
    pub fn stop(&mut self) -> Vec<Action> {
        self.phase = Phase::Over;
        vec![Action::Close]
    }

    /// A line understood.
    fn message(&mut self, message: ServerMessage) -> Vec<Action> {
        match (self.phase, &message) {
            (Phase::Greeting, ServerMessage::Welcome) => Vec::new(),
            (Phase::Greeting, ServerMessage::LoginPrompt) => {
                self.phase = Phase::Introducing;
                vec![Action::Send(Command::Client(self.client.clone()))]
            }
            (Phase::Introducing, ServerMessage::Ok) => {
                self.phase = Phase::Negotiating;
                vec![Action::Send(Command::Protocol(ProtocolVersion::CURRENT))]
            }
            (Phase::Introducing, ServerMessage::Shout { from, text })
                if from == "Server" && text.contains(REFUSED_CLIENT) =>
            {
                let said = text.clone();
                self.fail(LoginError::ClientRefused { said })
            }
            (Phase::Negotiating, ServerMessage::Ok | ServerMessage::Nok) => {
                self.protocol = if message == ServerMessage::Ok {
                    ProtocolVersion::CURRENT.get()
                } else {
                    1
                };
                self.phase = Phase::LoggingIn;
                vec![Action::Send(self.login.command())]
            }
            (Phase::LoggingIn, ServerMessage::LoggedIn(name)) => {
                let again = self.name.is_some();
                self.name = Some(name.clone());
                self.phase = Phase::LoggedIn;
                self.pinged = self.heard;
                self.outage = None;
                self.retry = self.policy.first_retry;
                let name = name.clone();
                let mut actions = vec![Action::Tell(Event::LoggedIn { name, again })];
                actions.extend(
                    self.held
                        .drain(..)
                        .map(|message| Action::Tell(Event::Message(message))),
                );
                actions
            }
            (Phase::LoggingIn, ServerMessage::AuthenticationFailure) => {
                let name = match &self.login {
                    Login::Account { name, .. } => name.as_str().to_owned(),
                    Login::Guest(_) => "the guest".to_owned(),
                };
                self.fail(LoginError::WrongPassword { name })
            }
            (Phase::LoggingIn, ServerMessage::Nok) => self.fail(LoginError::Refused {
                said: "NOK".to_owned(),
            }),
            (Phase::LoggingIn, _) => {
                self.held.push(message);
                Vec::new()
            }
            (_, ServerMessage::Message(text)) if text.contains(LOGGED_IN_ELSEWHERE) => {
                self.replaced = true;
                vec![Action::Tell(Event::Message(message))]
            }
            _ => vec![Action::Tell(Event::Message(message))],
        }
    }

    /// Over for good, with why.
    fn fail(&mut self, error: LoginError) -> Vec<Action> {
        self.phase = Phase::Over;
        self.held.clear();
        vec![Action::Close, Action::Tell(Event::Failed(error))]
    }

    /// The connection is gone: a new one after a wait, unless the outage has lasted too long.
    fn drop_and_wait(&mut self, why: String, now: Instant) -> Vec<Action> {
        let since = *self.outage.get_or_insert(now);
        let waited = now.saturating_duration_since(since);
        if waited >= self.policy.give_up_after {
            return self.fail(LoginError::Lost {
                waited_secs: waited.as_secs(),
                why,
            });
        }
        self.held.clear();
        let retry_in = self.retry;
        self.retry = (self.retry * 2).min(self.policy.longest_retry);
        self.phase = Phase::Waiting(now + retry_in);
        vec![Action::Tell(Event::Dropped { why, retry_in })]
    }
}
