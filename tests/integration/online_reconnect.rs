//! Keeping a session with the real PlayTak server: `PING` on schedule, and a connection cut
//! under the client (a relay on loopback closes it), after which the client connects again by
//! itself: a guest in the middle of a game is the same guest, back in its game; an account over
//! `wss://` is logged in again with its password.

use std::time::{Duration, Instant};

use crate::common;
use crate::common::playtak::{PASSWORD, Server, connect, expect, expect_message, logged_in};
use crate::common::relay::Relay;
use taktui::online::connection::{Event, Login, Options, Policy};
use taktui::online::protocol::{
    ChatText, Command, SeekColor, SeekRequest, ServerMessage, ServerResult,
};
use taktui::online::server_moves::ServerMove;
use taktui::online::transport;
use taktui::rules::Color;

#[test]
fn pings_go_on_schedule_and_the_server_answers_each() {
    let Some(server) = Server::start(&[]) else {
        return;
    };
    let options = Options {
        policy: Policy {
            ping_every: Duration::from_millis(300),
            ..Policy::default()
        },
        ..Options::default()
    };
    let mut guest = connect(&server.tcp_url(), Login::new_guest(), options);
    logged_in(&mut guest);
    // Nothing is sent but the pings, and nothing else is answered `OK`.
    let until = Instant::now() + Duration::from_millis(1700);
    let mut answered = 0;
    while Instant::now() < until {
        if let Some(Event::Message(ServerMessage::Ok)) = guest.wait(Duration::from_millis(50)) {
            answered += 1;
        }
    }
    assert!(
        (3..=6).contains(&answered),
        "{answered} pings answered in 1.7 s"
    );
}

/// One move as the server writes it.
fn server_move(words: &str) -> ServerMove {
    ServerMove::parse_words(&words.split(' ').collect::<Vec<_>>()).unwrap()
}

#[test]
fn a_connection_cut_mid_game_is_made_again_as_the_same_guest_back_in_the_game() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let login = Login::account("alice", PASSWORD).unwrap();
    let mut alice = connect(&server.tcp_url(), login, Options::default());
    assert_eq!(logged_in(&mut alice), "alice");
    // The guest reaches the server through a relay the test can cut.
    let relay = Relay::plain(server.port());
    let url = format!("tcp://127.0.0.1:{}", relay.port());
    let mut guest = connect(&url, Login::new_guest(), Options::default());
    let name = logged_in(&mut guest);

    let settings = common::table::settings(5, Duration::from_secs(600));
    let request = SeekRequest::new(settings, SeekColor::White, None).unwrap();
    alice.send(&Command::Seek(request)).unwrap();
    let seek = expect_message(&mut guest, "alice's seek", |message| match message {
        ServerMessage::SeekNew(seek) if seek.player == "alice" => Some(seek.id),
        _ => None,
    });
    guest.send(&Command::Accept(seek)).unwrap();
    let game = expect_message(&mut guest, "the game's start", |message| match message {
        ServerMessage::GameStart(start) => Some(start.game),
        _ => None,
    });
    let a1 = server_move("P A1");
    alice.send(&Command::Move { game, mv: a1 }).unwrap();
    expect_message(&mut guest, "alice's move", |message| {
        (*message == ServerMessage::Move { game, mv: a1 }).then_some(())
    });

    relay.cut();
    let retry_in = expect(&mut guest, "the drop", |event| match event {
        Event::Dropped { retry_in, .. } => Some(*retry_in),
        _ => None,
    });
    assert_eq!(retry_in, Policy::default().first_retry);
    expect_message(
        &mut alice,
        "word of the disconnection",
        |message| match message {
            ServerMessage::Message(text) if text.contains("disconnected") => Some(()),
            _ => None,
        },
    );
    let again = expect(&mut guest, "the login again", |event| match event {
        Event::LoggedIn { name, again } => Some((name.clone(), *again)),
        Event::Failed(error) => panic!("{error}"),
        _ => None,
    });
    assert_eq!(again, (name.clone(), true), "the same guest");
    let resumed = expect_message(&mut guest, "the game resumed", |message| match message {
        ServerMessage::GameStart(start) => Some(start.clone()),
        _ => None,
    });
    assert_eq!((resumed.game, resumed.color), (game, Color::Black));
    expect_message(&mut guest, "the moves so far", |message| {
        (*message == ServerMessage::Move { game, mv: a1 }).then_some(())
    });
    expect_message(&mut alice, "word of the return", |message| match message {
        ServerMessage::Message(text) if text.contains("reconnected") => Some(()),
        _ => None,
    });

    let e5 = server_move("P E5");
    guest.send(&Command::Move { game, mv: e5 }).unwrap();
    expect_message(&mut alice, "the guest's move", |message| {
        (*message == ServerMessage::Move { game, mv: e5 }).then_some(())
    });
    alice.send(&Command::Resign(game)).unwrap();
    let result = expect_message(&mut guest, "the game's end", |message| match message {
        ServerMessage::GameOver { result, .. } => Some(*result),
        _ => None,
    });
    assert_eq!(result, ServerResult::Other(Color::Black));
    assert_eq!(
        server.finished_games(1),
        [format!("alice|{name}|P A1,P E5|0-1")]
    );
}

#[test]
fn an_account_over_wss_cut_logs_in_again_by_itself() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let front = Relay::tls(server.ws_port());
    let options = Options {
        transport: transport::Options {
            extra_roots: vec![front.authority()],
            ..transport::Options::default()
        },
        ..Options::default()
    };
    let login = Login::account("alice", PASSWORD).unwrap();
    let mut alice = connect(&front.url(), login, options);
    assert_eq!(logged_in(&mut alice), "alice");
    front.cut();
    expect(&mut alice, "the drop", |event| match event {
        Event::Dropped { .. } => Some(()),
        _ => None,
    });
    let again = expect(&mut alice, "the login again", |event| match event {
        Event::LoggedIn { name, again } => Some((name.clone(), *again)),
        Event::Failed(error) => panic!("{error}"),
        _ => None,
    });
    assert_eq!(again, ("alice".to_owned(), true));
    alice
        .send(&Command::Shout(ChatText::new("back").unwrap()))
        .unwrap();
    expect_message(&mut alice, "its own shout", |message| match message {
        ServerMessage::Shout { from, text } if from == "alice" && text == "back" => Some(()),
        _ => None,
    });
}
