//! Games through the real PlayTak server that outlive trouble, and games watched: a
//! connection cut under one player mid-game (the server keeps the game, the client logs in
//! again and catches up, the opponent's move made meanwhile included), and a third client
//! watching a game live to its end. Each time, `games.db` holds the game each client saved.

use std::time::{Duration, Instant};

use crate::common;
use crate::common::playtak::Server;
use crate::common::relay::Relay;
use crate::common::table::{
    Client, all_over, play_out, server_recorded_as_saved, settings, start_game, until,
};
use taktui::online::connection::{Login, Options, Policy};
use taktui::online::game::OnlineEvent;
use taktui::online::protocol::ServerResult;
use taktui::rules::Color;

const TEN_MINUTES: Duration = Duration::from_secs(600);

#[test]
fn a_connection_cut_mid_game_is_made_again_and_the_game_goes_on_where_the_server_has_it() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    // The guest goes through a relay the test can cut.
    let relay = Relay::plain(server.port());
    let mut alice = Client::account(&server.tcp_url(), "alice");
    // The usual wait before connecting again (a second). (The server copes with less: see
    // the stalled connection below, made again at once.)
    let options = Options::default();
    let url = format!("tcp://127.0.0.1:{}", relay.port());
    let mut guest = Client::with(&url, Login::new_guest(), options);
    let guest_name = guest.name.clone();
    start_game(&mut alice, &mut guest, settings(5, TEN_MINUTES));
    play_out(&mut alice, &mut guest, &["a5", "a1", "b1", "a4"]);

    relay.cut();
    until(&mut [&mut guest], "the drop", |clients| {
        clients[0]
            .events
            .iter()
            .any(|e| matches!(e, OnlineEvent::Disconnected { .. }))
    });
    // White moves while the guest is away: the server keeps it for when they are back.
    alice.play("c1");
    until(
        &mut [&mut alice, &mut guest],
        "the game resumed",
        |clients| {
            clients[1]
                .events
                .iter()
                .any(|e| matches!(e, OnlineEvent::Resumed { .. }))
        },
    );
    let resumed = guest
        .events
        .iter()
        .find(|e| matches!(e, OnlineEvent::Resumed { .. }))
        .cloned();
    assert_eq!(
        resumed,
        Some(OnlineEvent::Resumed {
            caught_up: 1,
            lost: 0
        })
    );
    assert_eq!(guest.name, guest_name, "the same guest again");
    assert_eq!(guest.moves(), ["a5", "a1", "b1", "a4", "c1"]);
    assert_eq!(guest.game().position(), alice.game().position());
    // The clocks are the server's again: both ten minutes or a little under.
    let now = Instant::now();
    let clock = guest.game().driver().clock().unwrap();
    for color in [Color::White, Color::Black] {
        let left = clock.left(color, now);
        assert!(
            left <= TEN_MINUTES && left > Duration::from_secs(570),
            "{color}: {left:?}"
        );
    }

    play_out(&mut alice, &mut guest, &["a3", "d1", "b5", "e1"]);
    all_over(&mut [&mut alice, &mut guest]);
    for client in [&mut alice, &mut guest] {
        assert_eq!(
            client.game().result(),
            Some(ServerResult::Road(Color::White))
        );
    }
    server_recorded_as_saved(&server, &[&alice, &guest]);
}

#[test]
fn a_connection_gone_quiet_is_left_and_made_again_at_once_and_the_server_puts_it_back_in_its_game()
{
    let Some(server) = Server::start(&["alice", "bobby"]) else {
        return;
    };
    // bobby goes through a relay the test can stall: nothing passes, nothing closes, so the
    // server still holds the old connection when bobby logs in again on a new one.
    let relay = Relay::plain(server.ws_port());
    let mut alice = Client::account(&server.tcp_url(), "alice");
    let options = Options {
        policy: Policy {
            ping_every: Duration::from_millis(300),
            silence_limit: Duration::from_secs(3),
            first_retry: Duration::ZERO,
            ..Policy::default()
        },
        ..Options::default()
    };
    let url = format!("ws://127.0.0.1:{}/ws", relay.port());
    let login = Login::account("bobby", common::playtak::PASSWORD).unwrap();
    let mut bobby = Client::with(&url, login, options);
    start_game(&mut alice, &mut bobby, settings(5, TEN_MINUTES));
    play_out(&mut alice, &mut bobby, &["a5", "a1", "b1", "a4"]);

    relay.stall();
    alice.play("c1");
    until(
        &mut [&mut alice, &mut bobby],
        "the game resumed",
        |clients| {
            clients[1]
                .events
                .iter()
                .any(|e| matches!(e, OnlineEvent::Resumed { .. }))
        },
    );
    let dropped = bobby
        .events
        .iter()
        .find_map(|e| match e {
            OnlineEvent::Disconnected { why, .. } => Some(why.clone()),
            _ => None,
        })
        .unwrap();
    assert!(dropped.contains("said nothing for 3 s"), "{dropped}");
    // The server took the new login for the same player and dropped the old connection.
    assert!(
        server.log().contains("logged in from another window"),
        "the server replaced the old connection"
    );
    assert_eq!(bobby.moves(), ["a5", "a1", "b1", "a4", "c1"]);
    play_out(&mut alice, &mut bobby, &["a3", "d1", "b5", "e1"]);
    all_over(&mut [&mut alice, &mut bobby]);
    server_recorded_as_saved(&server, &[&alice, &bobby]);
}

#[test]
fn a_game_left_by_a_closed_client_is_gone_back_to_by_the_next_one_from_its_kept_record() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let mut alice = Client::account(&server.tcp_url(), "alice");
    let mut guest = Client::guest(&server.ws_url());
    start_game(&mut alice, &mut guest, settings(5, TEN_MINUTES));
    play_out(&mut alice, &mut guest, &["a5", "a1", "b1", "a4"]);
    let token = guest.connection.session().login().clone();
    let guest_name = guest.name.clone();

    // The terminal closes: nothing said to the server, the game kept in the data folder.
    let Client {
        data,
        connection,
        game,
        ..
    } = guest;
    drop((connection, game));
    until(&mut [&mut alice], "the word of the guest gone", |clients| {
        clients[0]
            .events
            .iter()
            .any(|e| matches!(e, OnlineEvent::ServerSaid(said) if said.contains("disconnected")))
    });
    alice.play("c1");

    // The next `tak online`, the same guest: the server sends the game again.
    let mut guest = Client::with_data(&server.ws_url(), token, Options::default(), data);
    assert_eq!(guest.name, guest_name);
    until(&mut [&mut guest], "the game gone back to", |clients| {
        clients[0]
            .events
            .iter()
            .any(|e| matches!(e, OnlineEvent::Resumed { .. }))
    });
    assert_eq!(guest.moves(), ["a5", "a1", "b1", "a4", "c1"]);
    // A guest is put back in its game before the server welcomes it: what came before the
    // login was done was kept for the game, not lost.
    let log = server.log();
    let lines: Vec<&str> = log.lines().collect();
    // The last of each: the second connection's.
    let sent_to_guest = |what: &str| {
        lines
            .iter()
            .rposition(|line| line.contains(&format!("{guest_name}:Send:{what}")))
            .unwrap_or_else(|| panic!("never sent {what}"))
    };
    assert!(
        sent_to_guest("Game Start") < sent_to_guest("Welcome"),
        "{log}"
    );
    play_out(&mut alice, &mut guest, &["a3", "d1", "b5", "e1"]);
    all_over(&mut [&mut alice, &mut guest]);
    server_recorded_as_saved(&server, &[&alice, &guest]);
}

#[test]
fn a_game_is_watched_live_to_its_end_and_saved_as_the_server_recorded_it() {
    let Some(server) = Server::start(&["alice", "bobby"]) else {
        return;
    };
    let mut alice = Client::account(&server.tcp_url(), "alice");
    let mut bobby = Client::account(&server.tcp_url(), "bobby");
    let mut watcher = Client::guest(&server.ws_url());
    let game = start_game(&mut alice, &mut bobby, settings(5, TEN_MINUTES));
    play_out(&mut alice, &mut bobby, &["a5", "a1"]);
    // Watching from the third move: the server sends the moves so far, then each as played.
    watcher.watch(game);
    until(&mut [&mut watcher], "the watched game", |clients| {
        clients[0]
            .game
            .as_ref()
            .is_some_and(|g| g.record().plies().len() == 2)
    });
    assert_eq!(watcher.game().color(), None);
    for ptn in ["b1", "a4", "c1", "a3", "d1", "b5", "e1"] {
        play_out(&mut alice, &mut bobby, &[ptn]);
        let plies = alice.moves().len();
        until(&mut [&mut watcher], "the move watched", |clients| {
            clients[0].moves().len() == plies
        });
        assert_eq!(watcher.moves(), alice.moves());
    }
    all_over(&mut [&mut alice, &mut bobby, &mut watcher]);
    assert_eq!(
        watcher.game().result(),
        Some(ServerResult::Road(Color::White))
    );
    server_recorded_as_saved(&server, &[&alice, &bobby, &watcher]);
}
