//! The session's rules, told lines and times by hand: the handshake in order, each login
//! failure named, pings on time, and drops met with growing waits until it gives up.

use std::time::{Duration, Instant};

use super::login::{Login, LoginError};
use super::session::{Action, Event, Phase, Policy, Session};
use crate::online::protocol::{ClientName, GuestToken, ServerMessage};
use crate::online::transport::Closed;

const TOKEN: &str = "abcdefghijklmnopqrst";

fn guest() -> Login {
    Login::Guest(GuestToken::new(TOKEN).unwrap())
}

fn start(login: Login) -> (Session, Instant) {
    let now = Instant::now();
    let (session, actions) = Session::start(login, ClientName::taktui(), Policy::default(), now);
    assert_eq!(actions, [Action::Open]);
    (session, now)
}

fn sent(actions: &[Action]) -> Vec<String> {
    actions
        .iter()
        .filter_map(|action| match action {
            Action::Send(command) => Some(command.to_string()),
            _ => None,
        })
        .collect()
}

fn told(actions: &[Action]) -> Vec<Event> {
    actions
        .iter()
        .filter_map(|action| match action {
            Action::Tell(event) => Some(event.clone()),
            _ => None,
        })
        .collect()
}

/// Connects and answers the handshake as the server does, up to the login sent.
fn greet(session: &mut Session, now: Instant) -> Vec<String> {
    let mut lines = Vec::new();
    session.connected(now);
    lines.extend(sent(&session.line("Welcome!", now)));
    lines.extend(sent(&session.line("Login or Register", now)));
    lines.extend(sent(&session.line("OK", now)));
    lines.extend(sent(&session.line("OK", now)));
    lines
}

fn logged_in(login: Login) -> (Session, Instant) {
    let (mut session, now) = start(login);
    greet(&mut session, now);
    let actions = session.line("Welcome Guest7!", now);
    assert_eq!(
        told(&actions),
        [Event::LoggedIn {
            name: "Guest7".into(),
            again: false
        }]
    );
    (session, now)
}

#[test]
fn the_handshake_goes_one_answer_at_a_time_and_ends_logged_in() {
    let (mut session, now) = start(guest());
    session.connected(now);
    assert_eq!(sent(&session.line("Welcome!", now)), Vec::<String>::new());
    let client = format!("Client taktui-{}", env!("CARGO_PKG_VERSION"));
    assert_eq!(sent(&session.line("Login or Register", now)), [client]);
    assert_eq!(sent(&session.line("OK", now)), ["Protocol 2"]);
    assert_eq!(
        sent(&session.line("OK", now)),
        [format!("Login Guest {TOKEN}")]
    );
    assert_eq!(session.phase(), Phase::LoggingIn);
    session.line("Welcome Guest7!", now);
    assert_eq!(session.phase(), Phase::LoggedIn);
    assert_eq!(session.name(), Some("Guest7"));
    assert_eq!(session.protocol(), 2);
    assert_eq!(
        told(&session.line("Online 3", now)),
        [Event::Message(ServerMessage::Online(3))]
    );
}

#[test]
fn a_server_refusing_protocol_2_is_spoken_to_in_protocol_1() {
    let (mut session, now) = start(guest());
    session.connected(now);
    session.line("Login or Register", now);
    session.line("OK", now);
    assert_eq!(
        sent(&session.line("NOK", now)),
        [format!("Login Guest {TOKEN}")]
    );
    assert_eq!(session.protocol(), 1);
}

#[test]
fn a_wrong_password_is_said_and_ends_the_session() {
    let (mut session, now) = start(Login::account("alice", "wrongpass").unwrap());
    assert_eq!(
        greet(&mut session, now).last().unwrap(),
        "Login alice wrongpass"
    );
    let actions = session.line("Authentication failure", now);
    assert!(actions.contains(&Action::Close));
    let [Event::Failed(error)] = &told(&actions)[..] else {
        panic!("{actions:?}")
    };
    assert_eq!(
        error,
        &LoginError::WrongPassword {
            name: "alice".into()
        }
    );
    assert!(
        error.to_string().contains("--guest"),
        "says what to do: {error}"
    );
    assert_eq!(session.phase(), Phase::Over);
    assert_eq!(session.closed(&Closed::ByServer, now), []);
}

#[test]
fn a_client_the_server_no_longer_serves_is_told_to_update() {
    let (mut session, now) = start(guest());
    session.connected(now);
    session.line("Login or Register", now);
    let actions = session.line(
        "Shout <Server> Your Playtak client is unfortunately no longer compatible. Please go to \
         https://www.playtak.com in order to play.",
        now,
    );
    let [Event::Failed(LoginError::ClientRefused { said })] = &told(&actions)[..] else {
        panic!("{actions:?}")
    };
    assert!(said.contains("no longer compatible"));
}

#[test]
fn a_server_not_reached_or_closing_before_login_fails_without_retrying() {
    let (mut session, now) = start(guest());
    let actions = session.closed(&Closed::Unreachable("127.0.0.1:9: refused".into()), now);
    assert!(matches!(
        &told(&actions)[..],
        [Event::Failed(LoginError::Unreachable { why })] if why.contains("refused")
    ));
    let (mut session, now) = start(guest());
    session.connected(now);
    let actions = session.closed(&Closed::ByServer, now);
    assert!(matches!(
        &told(&actions)[..],
        [Event::Failed(LoginError::ClosedEarly { .. })]
    ));
    assert_eq!(session.tick(now + Duration::from_secs(60)), []);
}

#[test]
fn pings_go_every_thirty_seconds_while_logged_in() {
    let (mut session, now) = logged_in(guest());
    assert_eq!(session.tick(now + Duration::from_secs(29)), []);
    let at = now + Duration::from_secs(30);
    assert_eq!(sent(&session.tick(at)), ["PING"]);
    assert_eq!(session.tick(at + Duration::from_secs(1)), []);
    session.line("OK", at + Duration::from_secs(1));
    assert_eq!(sent(&session.tick(at + Duration::from_secs(30))), ["PING"]);
}

#[test]
fn a_drop_reconnects_with_growing_waits_as_the_same_guest() {
    let (mut session, now) = logged_in(guest());
    let actions = session.closed(&Closed::Failed("reset".into()), now);
    let [Event::Dropped { retry_in, .. }] = &told(&actions)[..] else {
        panic!("{actions:?}")
    };
    assert_eq!(*retry_in, Duration::from_secs(1));
    assert_eq!(session.tick(now + Duration::from_millis(500)), []);
    let at = now + Duration::from_secs(1);
    assert_eq!(session.tick(at), [Action::Open]);
    // The server is not back yet: the next wait is longer.
    let actions = session.closed(&Closed::Unreachable("refused".into()), at);
    assert!(matches!(
        &told(&actions)[..],
        [Event::Dropped { retry_in, .. }] if *retry_in == Duration::from_secs(2)
    ));
    let at = at + Duration::from_secs(2);
    assert_eq!(session.tick(at), [Action::Open]);
    assert_eq!(
        greet(&mut session, at).last().unwrap(),
        &format!("Login Guest {TOKEN}"),
        "the same token: the same guest"
    );
    assert_eq!(
        told(&session.line("Welcome Guest7!", at)),
        [Event::LoggedIn {
            name: "Guest7".into(),
            again: true
        }]
    );
    // A later drop starts from the first wait again.
    let actions = session.closed(&Closed::ByServer, at);
    assert!(matches!(
        &told(&actions)[..],
        [Event::Dropped { retry_in, .. }] if *retry_in == Duration::from_secs(1)
    ));
}

#[test]
fn a_game_the_server_resumes_before_its_welcome_is_told_after_the_login() {
    let (mut session, now) = logged_in(guest());
    session.closed(&Closed::ByServer, now);
    let at = now + Duration::from_secs(1);
    assert_eq!(session.tick(at), [Action::Open]);
    greet(&mut session, at);
    let start = "Game Start 1 alice vs Guest7 black 5 600 0 0 21 1 1 0 0 0 0";
    assert_eq!(session.line(start, at), []);
    assert_eq!(session.line("Game#1 P A1", at), []);
    let actions = session.line("Welcome Guest7!", at);
    let events = told(&actions);
    assert!(
        matches!(events[0], Event::LoggedIn { again: true, .. }),
        "{events:?}"
    );
    assert!(matches!(
        events[1],
        Event::Message(ServerMessage::GameStart(_))
    ));
    assert!(matches!(
        events[2],
        Event::Message(ServerMessage::Move { .. })
    ));
    assert_eq!(events.len(), 3);
}

#[test]
fn an_outage_too_long_gives_up() {
    let (mut session, mut now) = logged_in(guest());
    let mut actions = session.closed(&Closed::ByServer, now);
    while let [Event::Dropped { retry_in, .. }] = &told(&actions)[..] {
        now += *retry_in;
        assert_eq!(session.tick(now), [Action::Open]);
        actions = session.closed(&Closed::Unreachable("refused".into()), now);
    }
    assert!(matches!(
        &told(&actions)[..],
        [Event::Failed(LoginError::Lost { waited_secs, .. })] if *waited_secs >= 300
    ));
}

#[test]
fn a_silent_server_is_taken_for_dead_and_left() {
    let (mut session, now) = logged_in(guest());
    let later = now + Duration::from_secs(96);
    let actions = session.tick(later);
    assert_eq!(actions.first(), Some(&Action::Close));
    assert!(matches!(
        &told(&actions)[..],
        [Event::Dropped { why, .. }] if why.contains("said nothing")
    ));
    assert!(matches!(session.phase(), Phase::Waiting(_)));
}

#[test]
fn logged_in_elsewhere_ends_the_session_instead_of_fighting_for_the_name() {
    let (mut session, now) = logged_in(guest());
    let actions = session.line(
        "Message You've logged in from another window. Disconnecting",
        now,
    );
    assert!(matches!(&told(&actions)[..], [Event::Message(_)]));
    let actions = session.closed(&Closed::ByServer, now);
    assert!(matches!(
        &told(&actions)[..],
        [Event::Failed(LoginError::NameInUse { name })] if name == "Guest7"
    ));
}

#[test]
fn lines_not_understood_are_passed_on_as_such() {
    let (mut session, now) = logged_in(guest());
    assert!(matches!(
        &told(&session.line("Frobnicate 12", now))[..],
        [Event::Unknown(_)]
    ));
}
