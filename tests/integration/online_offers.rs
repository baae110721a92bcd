//! Offers through the real PlayTak server that do not end the game, and the game after:
//! a draw offer and a takeback request taken back (the other side hears them go), a draw
//! offer that lapses with the next move (taken back on the server too, which would keep it),
//! and a rematch asked by both players, which the server starts as a new game with the colours
//! swapped. Each game ends as `games.db` records it and as each side saved it.

use std::time::{Duration, Instant};

use crate::common::playtak::Server;
use crate::common::table::until;
use crate::common::table::{
    Client, all_over, play_out, server_recorded_as_saved, settings, start_game,
};
use taktui::game::driver::DriverEvent;
use taktui::online::game::{OnlineEvent, RematchNews};
use taktui::online::protocol::{Command, ServerResult};
use taktui::rules::Color;

const TEN_MINUTES: Duration = Duration::from_secs(600);

/// Whether `client` heard `wanted`.
fn heard(client: &Client, wanted: &OnlineEvent) -> bool {
    client.events.contains(wanted)
}

#[test]
fn offers_taken_back_are_heard_gone_and_a_lapsed_draw_offer_is_not_left_on_the_server() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let mut alice = Client::account(&server.tcp_url(), "alice");
    let mut guest = Client::guest(&server.ws_url());
    start_game(&mut alice, &mut guest, settings(5, TEN_MINUTES));
    play_out(&mut alice, &mut guest, &["a1", "e5"]);

    // A draw offered, then taken back: the guest hears it come and go.
    alice.game().offer_draw(Instant::now()).unwrap();
    alice.pump();
    until(&mut [&mut alice, &mut guest], "the offer", |c| {
        c[1].game.as_ref().unwrap().driver().draw_offered() == Some(Color::White)
    });
    alice.game().withdraw_draw().unwrap();
    let gone = OnlineEvent::Game(DriverEvent::DrawWithdrawn { by: Color::White });
    until(&mut [&mut alice, &mut guest], "the offer withdrawn", |c| {
        heard(c[1], &gone)
    });
    assert_eq!(guest.game().driver().draw_offered(), None);

    // A takeback asked, then taken back: the same.
    alice.game().ask_takeback(Instant::now()).unwrap();
    alice.pump();
    until(&mut [&mut alice, &mut guest], "the request", |c| {
        c[1].game
            .as_ref()
            .unwrap()
            .driver()
            .takeback_asked()
            .is_some()
    });
    alice.game().withdraw_takeback().unwrap();
    let gone = OnlineEvent::Game(DriverEvent::TakebackWithdrawn { by: Color::White });
    until(
        &mut [&mut alice, &mut guest],
        "the request withdrawn",
        |c| heard(c[1], &gone),
    );
    assert_eq!(guest.game().driver().takeback_asked(), None);

    // A draw offered and left to lapse: alice moves on. Were it left standing on the server,
    // the guest's own offer later would be taken there as its acceptance, and end the game.
    play_out(&mut alice, &mut guest, &["c3", "d4"]);
    alice.game().offer_draw(Instant::now()).unwrap();
    alice.pump();
    until(&mut [&mut alice, &mut guest], "the second offer", |c| {
        c[1].game.as_ref().unwrap().driver().draw_offered() == Some(Color::White)
    });
    play_out(&mut alice, &mut guest, &["b2"]);
    assert_eq!(guest.game().driver().draw_offered(), None, "lapsed here");
    assert_eq!(alice.game().driver().draw_offered(), None, "lapsed there");
    guest.game().offer_draw(Instant::now()).unwrap();
    guest.pump();
    until(&mut [&mut alice, &mut guest], "the guest's offer", |c| {
        c[0].game.as_ref().unwrap().driver().draw_offered() == Some(Color::Black)
    });
    assert_eq!(alice.game().result(), None, "an offer, not a draw");
    assert_eq!(guest.game().result(), None, "an offer, not a draw");

    // Declined (the server has no word for it), and the game played out.
    alice.game().answer_draw(false, Instant::now()).unwrap();
    play_out(&mut alice, &mut guest, &["d3"]);
    guest.game().resign(Instant::now()).unwrap();
    all_over(&mut [&mut alice, &mut guest]);
    for client in [&mut alice, &mut guest] {
        assert_eq!(
            client.game().result(),
            Some(ServerResult::Other(Color::White))
        );
    }
    server_recorded_as_saved(&server, &[&alice, &guest]);
}

#[test]
fn a_rematch_asked_by_both_starts_a_new_game_with_the_colours_swapped() {
    let Some(server) = Server::start(&["alice", "bobby"]) else {
        return;
    };
    let mut alice = Client::account(&server.tcp_url(), "alice");
    let mut bobby = Client::account(&server.ws_url(), "bobby");
    let first = start_game(&mut alice, &mut bobby, settings(4, TEN_MINUTES));
    play_out(&mut alice, &mut bobby, &["a1", "d4"]);
    bobby.game().resign(Instant::now()).unwrap();
    all_over(&mut [&mut alice, &mut bobby]);
    server_recorded_as_saved(&server, &[&alice, &bobby]);

    // Not before the end: a rematch follows a game.
    alice.game().ask_rematch().unwrap();
    alice.pump();
    until(&mut [&mut alice, &mut bobby], "the rematch posted", |c| {
        c[0].events
            .iter()
            .any(|e| matches!(e, OnlineEvent::Rematch(RematchNews::Posted(_))))
            && c[1]
                .events
                .iter()
                .any(|e| matches!(e, OnlineEvent::Rematch(RematchNews::Offered(_))))
    });
    bobby.game().ask_rematch().unwrap();
    bobby.pump();
    until(&mut [&mut alice, &mut bobby], "the rematch's start", |c| {
        c.iter().all(|client| client.starts.len() == 2)
    });
    assert!(
        bobby
            .events
            .iter()
            .any(|e| matches!(e, OnlineEvent::Rematch(RematchNews::Accepting(_))))
    );
    let (again_a, again_b) = (alice.starts[1].clone(), bobby.starts[1].clone());
    assert_eq!(again_a.game, again_b.game);
    assert_ne!(again_a.game, first, "a new game");
    assert_eq!(
        (again_a.white.as_str(), again_a.black.as_str()),
        ("bobby", "alice")
    );
    assert_eq!((again_a.color, again_b.color), (Color::Black, Color::White));
    assert_eq!(again_a.settings, alice.starts[0].settings, "the same game");

    // It is a game on the server: bobby, now White, resigns it.
    bobby.send(&Command::Resign(again_b.game));
    let rows = server.finished_games(2);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[1], "bobby|alice||0-1");
}
