//! Whole games through the real PlayTak server, each side a taktui client as a library user
//! has it (a connection and an `OnlineGame`, the test at the keyboard): a road, the flats, a
//! resignation, a draw agreed, a takeback agreed, a loss on time. Each time, the game that
//! the server's `games.db` holds (moves and result) is the one each side saved as PTN.

use std::time::Duration;

use crate::common;
use crate::common::playtak::Server;
use crate::common::table::{
    Client, all_over, play_out, server_recorded_as_saved, settings, start_game,
};
use taktui::online::game::OnlineEvent;
use taktui::online::protocol::ServerResult;
use taktui::rules::Color;

const TEN_MINUTES: Duration = Duration::from_secs(600);

/// alice (an account, over raw TCP) and a guest (over WebSocket), logged in.
fn alice_and_a_guest(server: &Server) -> (Client, Client) {
    let alice = Client::account(&server.tcp_url(), "alice");
    let guest = Client::guest(&server.ws_url());
    (alice, guest)
}

#[test]
fn a_road_win_is_the_same_game_on_the_server_and_in_both_records() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let (mut alice, mut guest) = alice_and_a_guest(&server);
    start_game(&mut alice, &mut guest, settings(5, TEN_MINUTES));
    // White's road along the first rank.
    let moves = ["a5", "a1", "b1", "a4", "c1", "a3", "d1", "b5", "e1"];
    play_out(&mut alice, &mut guest, &moves);
    all_over(&mut [&mut alice, &mut guest]);
    for client in [&mut alice, &mut guest] {
        assert_eq!(
            client.game().result(),
            Some(ServerResult::Road(Color::White))
        );
        assert_eq!(client.game().record().tags().get("Result"), Some("R-0"));
        assert!(
            !client
                .events
                .iter()
                .any(|e| matches!(e, OnlineEvent::ResultDiffers { .. })),
            "{:?}",
            client.events
        );
    }
    server_recorded_as_saved(&server, &[&alice, &guest]);
    let saved = &alice.saved()[0].record;
    assert_eq!(saved.tags().get("Site"), Some("127.0.0.1"));
    assert_eq!(saved.tags().get("Event"), Some("Online Play"));
    assert_eq!(saved.tags().get("Clock"), Some("10:00 +0"));
    assert!(saved.tags().get("Date").is_some());
}

#[test]
fn a_flat_win_on_a_full_board_is_the_same_game_on_the_server_and_in_both_records() {
    let Some(server) = Server::start(&["alice", "bobby"]) else {
        return;
    };
    let mut alice = Client::account(&server.tcp_url(), "alice");
    let mut bobby = Client::account(&server.ws_url(), "bobby");
    start_game(&mut alice, &mut bobby, settings(3, TEN_MINUTES));
    // A chequered 3x3: White's five flats to Black's four, and no road.
    let moves = ["b1", "a1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
    play_out(&mut alice, &mut bobby, &moves);
    all_over(&mut [&mut alice, &mut bobby]);
    for client in [&mut alice, &mut bobby] {
        assert_eq!(
            client.game().result(),
            Some(ServerResult::Flats(Color::White))
        );
        assert_eq!(client.game().record().tags().get("Result"), Some("F-0"));
    }
    server_recorded_as_saved(&server, &[&alice, &bobby]);
    assert_eq!(
        alice.saved()[0].record.tags().get("Size"),
        Some("3"),
        "the board's tags"
    );
}

#[test]
fn a_resignation_is_the_same_game_on_the_server_and_in_both_records() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let (mut alice, mut guest) = alice_and_a_guest(&server);
    start_game(&mut alice, &mut guest, settings(5, TEN_MINUTES));
    play_out(&mut alice, &mut guest, &["a1", "e5", "Cc3", "d4", "c3>"]);
    guest.game().resign(std::time::Instant::now()).unwrap();
    all_over(&mut [&mut alice, &mut guest]);
    for client in [&mut alice, &mut guest] {
        assert_eq!(
            client.game().result(),
            Some(ServerResult::Other(Color::White))
        );
        assert_eq!(client.game().record().tags().get("Result"), Some("1-0"));
    }
    server_recorded_as_saved(&server, &[&alice, &guest]);
}

#[test]
fn a_draw_offered_and_accepted_is_the_same_game_on_the_server_and_in_both_records() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let (mut alice, mut guest) = alice_and_a_guest(&server);
    start_game(&mut alice, &mut guest, settings(5, TEN_MINUTES));
    play_out(&mut alice, &mut guest, &["a1", "e5", "c3"]);
    let now = std::time::Instant::now();
    alice.game().offer_draw(now).unwrap();
    alice.pump();
    common::table::until(&mut [&mut alice, &mut guest], "the offer", |clients| {
        clients[1].game.as_ref().unwrap().driver().draw_offered() == Some(Color::White)
    });
    guest.game().answer_draw(true, now).unwrap();
    all_over(&mut [&mut alice, &mut guest]);
    for client in [&mut alice, &mut guest] {
        assert_eq!(client.game().result(), Some(ServerResult::Draw));
        assert_eq!(client.game().record().tags().get("Result"), Some("1/2-1/2"));
    }
    server_recorded_as_saved(&server, &[&alice, &guest]);
}

#[test]
fn a_takeback_agreed_leaves_the_ply_out_of_the_game_on_the_server_and_in_both_records() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let (mut alice, mut guest) = alice_and_a_guest(&server);
    start_game(&mut alice, &mut guest, settings(5, TEN_MINUTES));
    play_out(&mut alice, &mut guest, &["a1", "e5", "b2"]);
    let now = std::time::Instant::now();
    // White would rather not have played b2.
    alice.game().ask_takeback(now).unwrap();
    common::table::until(&mut [&mut alice, &mut guest], "the request", |clients| {
        clients[1]
            .game
            .as_ref()
            .unwrap()
            .driver()
            .takeback_asked()
            .is_some()
    });
    guest.game().answer_takeback(true, now).unwrap();
    common::table::both_at(&mut alice, &mut guest, 2);
    assert_eq!(alice.moves(), ["a1", "e5"]);
    assert_eq!(guest.moves(), ["a1", "e5"]);
    play_out(&mut alice, &mut guest, &["c3", "d4"]);
    alice.game().resign(std::time::Instant::now()).unwrap();
    all_over(&mut [&mut alice, &mut guest]);
    server_recorded_as_saved(&server, &[&alice, &guest]);
    assert_eq!(alice.saved()[0].record.plies().len(), 4);
}

#[test]
fn a_loss_on_time_is_the_servers_call_and_the_same_game_in_both_records() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let (mut alice, mut guest) = alice_and_a_guest(&server);
    start_game(&mut alice, &mut guest, settings(5, Duration::from_secs(2)));
    play_out(&mut alice, &mut guest, &["a1", "e5"]);
    // White thinks too long: the server's clock runs out.
    all_over(&mut [&mut alice, &mut guest]);
    for client in [&mut alice, &mut guest] {
        assert_eq!(
            client.game().result(),
            Some(ServerResult::Other(Color::Black))
        );
        assert_eq!(
            client.game().driver().session().lost_on_time(),
            Some(Color::White)
        );
        assert_eq!(client.game().record().tags().get("Result"), Some("0-1"));
    }
    server_recorded_as_saved(&server, &[&alice, &guest]);
}
