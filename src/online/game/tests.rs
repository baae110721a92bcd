//! `OnlineGame` fed made-up lines in the server's own formats (as `Game.java` writes them):
//! moves both ways, clocks, ends, offers, takebacks, a drop and the catch-up after it,
//! watching, a program at our seat, and the record kept and saved.

use std::time::{Duration, Instant};

use super::*;
use crate::engine::{Engine, Level};
use crate::game::Player;
use crate::game::computer::Computer;
use crate::game::seat::Program;
use crate::game::store::{ONLINE_GAME_TAG, ONLINE_SERVER_TAG, Store};
use crate::online::connection::Event;
use crate::online::protocol::{Parsed, SeekId, ServerMessage, parse};

/// The server's line, read.
fn line(text: &str) -> ServerMessage {
    match parse(text) {
        Parsed::Message(message) => message,
        other => panic!("{text:?} does not read: {other:?}"),
    }
}

/// Game 7 on 5x5, ten minutes and ten seconds, alice (White) against bobby: we are `color`.
fn start(color: &str) -> GameStart {
    match line(&format!(
        "Game Start 7 alice vs bobby {color} 5 600 10 0 21 1 1 0 0 0 0"
    )) {
        ServerMessage::GameStart(start) => start,
        other => panic!("not a start: {other:?}"),
    }
}

/// Our game as alice, White, at the keyboard.
fn as_alice() -> OnlineGame {
    OnlineGame::new(&start("white"), Seat::Keyboard, "PlayTak.com")
}

/// Hands `text` to `game` as a line from the server.
fn hear(game: &mut OnlineGame, text: &str, now: Instant) -> bool {
    game.handle(&Event::Message(line(text)), now)
}

/// The outbox, as the lines sent.
fn sent(game: &mut OnlineGame) -> Vec<String> {
    game.take_outbox().iter().map(ToString::to_string).collect()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// The record's moves, in PTN.
fn moves(game: &OnlineGame) -> Vec<String> {
    game.record()
        .plies()
        .iter()
        .map(|ply| ply.mv.to_string())
        .collect()
}

#[test]
fn our_moves_go_out_in_the_servers_notation_and_theirs_come_in_checked() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    assert_eq!(sent(&mut game), ["Game#7 P A1"]);
    assert!(hear(&mut game, "Game#7 P E5", now));
    game.play(mv("Cc3"), now).unwrap();
    assert!(hear(&mut game, "Game#7 P D4 W", now));
    game.play(mv("c3>"), now).unwrap();
    assert_eq!(sent(&mut game), ["Game#7 P C3 C", "Game#7 M C3 D3 1"]);
    assert_eq!(moves(&game), ["a1", "e5", "Cc3", "Sd4", "c3>"]);
    // Another game's lines are not this one's.
    assert!(!hear(&mut game, "Game#8 P B2", now));
    assert_eq!(game.record().plies().len(), 5);
    let tags = game.record().tags();
    assert_eq!(tags.get("Site"), Some("PlayTak.com"));
    assert_eq!(tags.get("Event"), Some("Online Play"));
    assert_eq!(tags.player(Color::White), Some("alice"));
    assert_eq!(tags.player(Color::Black), Some("bobby"));
    assert_eq!(tags.get("Clock"), Some("10:00 +10"));
}

#[test]
fn a_move_out_of_turn_or_refused_by_the_rules_is_refused_before_it_is_sent() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    sent(&mut game);
    assert!(matches!(
        game.play(mv("b1"), now),
        Err(OnlineError::Refused(Refused::NotYourTurn(Color::Black)))
    ));
    hear(&mut game, "Game#7 P E5", now);
    assert!(matches!(
        game.play(mv("e5"), now),
        Err(OnlineError::Refused(Refused::Illegal(_)))
    ));
    assert!(sent(&mut game).is_empty());
}

#[test]
fn a_server_move_the_rules_refuse_is_said_and_kept_in_the_comments() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    game.take_events();
    // a1 is taken: the rules refuse it.
    hear(&mut game, "Game#7 P A1", now);
    let events = game.take_events();
    assert!(
        events.iter().any(|event| matches!(
            event,
            OnlineEvent::MoveRefused { mv, .. } if mv == "P A1"
        )),
        "{events:?}"
    );
    assert_eq!(game.record().plies().len(), 1);
    let comments = &game.record().plies()[0].comments;
    assert!(
        comments.iter().any(|c| c.contains("P A1")),
        "comments: {comments:?}"
    );
}

#[test]
fn the_servers_clock_sets_both_clocks() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 Timems 598000 612000", now);
    let clock = game.driver().clock().unwrap();
    assert_eq!(clock.left(Color::White, now), Duration::from_secs(598));
    assert_eq!(clock.left(Color::Black, now), Duration::from_secs(612));
    // Protocol 0's whole seconds too.
    hear(&mut game, "Game#7 Time 500 400", now);
    let clock = game.driver().clock().unwrap();
    assert_eq!(clock.left(Color::White, now), Duration::from_secs(500));
}

#[test]
fn a_clock_run_out_here_ends_nothing_until_the_server_says_so() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 Timems 598000 1000", now);
    let later = now + Duration::from_secs(5);
    game.poll(later);
    assert!(!game.is_over(), "the server has not said the flag fell");
    hear(&mut game, "Game#7 Timems 598000 0", later);
    hear(&mut game, "Game#7 Over 1-0", later);
    assert!(game.is_over());
    assert_eq!(game.driver().session().lost_on_time(), Some(Color::Black));
    assert_eq!(game.record().tags().get("Result"), Some("1-0"));
}

#[test]
fn a_resignation_either_way_ends_the_game_as_the_server_says() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 Over 1-0", now);
    assert_eq!(game.result(), Some(ServerResult::Other(Color::White)));
    assert_eq!(game.record().tags().get("Result"), Some("1-0"));
    let events = game.take_events();
    assert!(events.contains(&OnlineEvent::Over(ServerResult::Other(Color::White))));

    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    sent(&mut game);
    game.resign(now).unwrap();
    assert_eq!(sent(&mut game), ["Game#7 Resign"]);
    assert_eq!(game.record().tags().get("Result"), Some("0-1"));
    hear(&mut game, "Game#7 Over 0-1", now);
    assert!(
        !game
            .take_events()
            .iter()
            .any(|e| matches!(e, OnlineEvent::ResultDiffers { .. }))
    );
    assert!(matches!(game.resign(now), Err(OnlineError::Over)));
}

#[test]
fn a_road_the_server_sees_and_taktui_does_not_is_said_and_the_servers_result_kept() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 Over R-0", now);
    let events = game.take_events();
    assert!(
        events.iter().any(
            |e| matches!(e, OnlineEvent::ResultDiffers { server, .. } if server.token() == "R-0")
        ),
        "{events:?}"
    );
    assert_eq!(game.record().tags().get("Result"), Some("R-0"));
}

#[test]
fn a_draw_offered_by_the_opponent_and_accepted_ends_when_the_server_says_so() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 P E5", now);
    sent(&mut game);
    hear(&mut game, "Game#7 OfferDraw", now);
    assert_eq!(game.driver().draw_offered(), Some(Color::Black));
    game.answer_draw(true, now).unwrap();
    assert_eq!(sent(&mut game), ["Game#7 OfferDraw"]);
    assert!(!game.is_over(), "the server has not ended it yet");
    hear(&mut game, "Game#7 Over 1/2-1/2", now);
    assert!(game.is_over());
    assert_eq!(
        game.driver().session().ending(),
        Some(&crate::game::Ending::AgreedDraw)
    );
    assert_eq!(game.record().tags().get("Result"), Some("1/2-1/2"));
}

#[test]
fn our_draw_offer_goes_out_and_can_be_withdrawn() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    sent(&mut game);
    game.offer_draw(now).unwrap();
    game.withdraw_draw().unwrap();
    assert_eq!(sent(&mut game), ["Game#7 OfferDraw", "Game#7 RemoveDraw"]);
    // The opponent's offer, then withdrawn: nothing left to answer.
    hear(&mut game, "Game#7 P E5", now);
    hear(&mut game, "Game#7 OfferDraw", now);
    hear(&mut game, "Game#7 RemoveDraw", now);
    assert_eq!(game.driver().draw_offered(), None);
    assert!(game.answer_draw(true, now).is_err());
}

#[test]
fn a_takeback_we_ask_for_happens_when_the_server_undoes() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 P E5", now);
    game.play(mv("c3"), now).unwrap();
    sent(&mut game);
    game.ask_takeback(now).unwrap();
    assert_eq!(sent(&mut game), ["Game#7 RequestUndo"]);
    assert_eq!(game.record().plies().len(), 3, "not before the server says");
    hear(&mut game, "Game#7 Undo", now);
    assert_eq!(moves(&game), ["a1", "e5"]);
    game.play(mv("d3"), now).unwrap();
    assert_eq!(sent(&mut game), ["Game#7 P D3"]);
}

#[test]
fn a_takeback_the_opponent_asks_for_is_granted_through_the_server() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 P E5", now);
    sent(&mut game);
    hear(&mut game, "Game#7 RequestUndo", now);
    assert_eq!(
        game.driver().takeback_asked(),
        Some((Color::Black, Takeback::LastPly))
    );
    game.answer_takeback(true, now).unwrap();
    assert_eq!(sent(&mut game), ["Game#7 RequestUndo"]);
    hear(&mut game, "Game#7 Undo", now);
    assert_eq!(moves(&game), ["a1"]);
    // Asked again and withdrawn: nothing to answer.
    hear(&mut game, "Game#7 RequestUndo", now);
    hear(&mut game, "Game#7 RemoveUndo", now);
    assert!(game.answer_takeback(true, now).is_err());
}

#[test]
fn an_opponent_who_leaves_loses_and_it_is_said() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    game.take_events();
    hear(&mut game, "Game#7 Abandoned. bobby quit", now);
    assert_eq!(game.result(), Some(ServerResult::Other(Color::White)));
    let events = game.take_events();
    assert!(events.contains(&OnlineEvent::Abandoned {
        quitter: "bobby".to_owned()
    }));
}

/// The connection drops under `game`.
fn drop_connection(game: &mut OnlineGame, now: Instant) {
    let event = Event::Dropped {
        why: "the connection closed".to_owned(),
        retry_in: Duration::from_secs(1),
    };
    assert!(game.handle(&event, now));
    assert!(!game.connected());
}

/// Logged in again after a drop.
fn log_in_again(game: &mut OnlineGame, now: Instant) {
    let event = Event::LoggedIn {
        name: "alice".to_owned(),
        again: true,
    };
    game.handle(&event, now);
}

#[test]
fn after_a_drop_the_game_catches_up_with_the_server_without_playing_a_ply_twice() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 P E5", now);
    drop_connection(&mut game, now);
    assert_eq!(
        game.play(mv("c3"), now),
        Err(OnlineError::Disconnected),
        "nothing reaches the server meanwhile"
    );
    log_in_again(&mut game, now);
    // What Game.playerRejoin sends: the start, every move, the clocks, a word.
    hear(
        &mut game,
        "Game Start 7 alice vs bobby white 5 600 10 0 21 1 1 0 0 0 0",
        now,
    );
    assert!(game.resuming());
    hear(&mut game, "Game#7 P A1", now);
    hear(&mut game, "Game#7 P E5", now);
    hear(&mut game, "Game#7 Timems 590000 580000", now);
    hear(&mut game, "Message Your game is resumed", now);
    assert!(!game.resuming());
    assert_eq!(moves(&game), ["a1", "e5"]);
    let events = game.take_events();
    assert!(
        events.contains(&OnlineEvent::Resumed {
            caught_up: 0,
            lost: 0
        }),
        "{events:?}"
    );
    game.play(mv("c3"), now).unwrap();
}

#[test]
fn plies_the_server_never_had_are_taken_back_and_its_new_ones_played() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 P E5", now);
    // Sent as the connection went down: the server never got it.
    game.play(mv("c3"), now).unwrap();
    drop_connection(&mut game, now);
    log_in_again(&mut game, now);
    hear(
        &mut game,
        "Game Start 7 alice vs bobby white 5 600 10 0 21 1 1 0 0 0 0",
        now,
    );
    hear(&mut game, "Game#7 P A1", now);
    hear(&mut game, "Game#7 P E5", now);
    hear(&mut game, "Game#7 Timems 590000 580000", now);
    assert_eq!(moves(&game), ["a1", "e5"]);
    assert!(game.take_events().contains(&OnlineEvent::Resumed {
        caught_up: 0,
        lost: 1
    }));
    assert_eq!(game.position().to_move(), Color::White);

    // Black moved while we were away: the move comes with the catch-up.
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    drop_connection(&mut game, now);
    log_in_again(&mut game, now);
    hear(
        &mut game,
        "Game Start 7 alice vs bobby white 5 600 10 0 21 1 1 0 0 0 0",
        now,
    );
    hear(&mut game, "Game#7 P A1", now);
    hear(&mut game, "Game#7 P E5", now);
    hear(&mut game, "Game#7 Timems 590000 580000", now);
    assert_eq!(moves(&game), ["a1", "e5"]);
    assert!(game.take_events().contains(&OnlineEvent::Resumed {
        caught_up: 1,
        lost: 0
    }));
}

#[test]
fn a_game_the_server_no_longer_holds_is_said_and_its_record_saved() {
    let data = tempfile::tempdir().unwrap();
    let now = Instant::now();
    let mut game = as_alice();
    game.keep_in(data.path(), "ws://127.0.0.1:1/ws", "alice", None);
    game.play(mv("a1"), now).unwrap();
    drop_connection(&mut game, now);
    log_in_again(&mut game, now);
    // The lobby's news, and no game.
    hear(&mut game, "Online 2", now);
    let events = game.take_events();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, OnlineEvent::Unrecoverable(why) if why.contains("game 7"))),
        "{events:?}"
    );
    let past = past_games(data.path());
    assert_eq!(past.len(), 1);
    assert_eq!(past[0].record.plies().len(), 1);
    let store = Store::in_data_dir(data.path());
    assert!(kept_online_games(&store).is_empty());
}

#[test]
fn a_game_watched_follows_both_sides_and_takes_no_action() {
    let now = Instant::now();
    let ServerMessage::Observe(summary) = line("Observe 7 alice bobby 5 600 10 0 21 1 1 0 0 0")
    else {
        panic!("not an Observe line");
    };
    let mut game = OnlineGame::watch(&summary, "PlayTak.com");
    assert_eq!(game.color(), None);
    for text in ["Game#7 P A1", "Game#7 P E5", "Game#7 P C3 C"] {
        assert!(hear(&mut game, text, now));
    }
    hear(&mut game, "Game#7 Timems 590000 600000", now);
    assert_eq!(moves(&game), ["a1", "e5", "Cc3"]);
    assert_eq!(game.play(mv("d4"), now), Err(OnlineError::Watching));
    assert_eq!(game.resign(now), Err(OnlineError::Watching));
    hear(&mut game, "Game#7 Undo", now);
    assert_eq!(moves(&game), ["a1", "e5"]);
    hear(&mut game, "Game#7 Over 0-1", now);
    assert!(game.is_over());
    assert!(game.take_outbox().is_empty());
}

#[test]
fn a_watcher_asks_to_watch_again_after_a_drop_and_catches_up() {
    let now = Instant::now();
    let summary_line = "Observe 7 alice bobby 5 600 10 0 21 1 1 0 0 0";
    let ServerMessage::Observe(summary) = line(summary_line) else {
        panic!("not an Observe line");
    };
    let mut game = OnlineGame::watch(&summary, "PlayTak.com");
    hear(&mut game, "Game#7 P A1", now);
    drop_connection(&mut game, now);
    log_in_again(&mut game, now);
    assert_eq!(sent(&mut game), ["Observe 7"]);
    hear(&mut game, summary_line, now);
    hear(&mut game, "Game#7 P A1", now);
    hear(&mut game, "Game#7 P E5", now);
    hear(&mut game, "Game#7 Timems 590000 600000", now);
    assert_eq!(moves(&game), ["a1", "e5"]);
}

#[test]
fn a_program_at_our_seat_plays_its_moves_to_the_server() {
    let computer = Seat::Program(Box::new(Program::new(
        Player::Computer(Level::new(1).unwrap()),
        Computer::new(Engine::new(1)),
    )));
    let mut game = OnlineGame::new(&start("black"), computer, "PlayTak.com");
    let now = Instant::now();
    hear(&mut game, "Game#7 P A1", now);
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut out = Vec::new();
    while out.is_empty() && Instant::now() < deadline {
        game.poll(Instant::now());
        out = sent(&mut game);
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(out.len(), 1, "one move: {out:?}");
    assert!(out[0].starts_with("Game#7 P "), "{out:?}");
    assert_eq!(game.record().plies().len(), 2);
    // Its move, as the server reads it, is the record's.
    let plies = game.record().plies();
    let before = game.record().position_at(1);
    let written = to_server(&before, plies[1].mv).unwrap();
    assert_eq!(out[0], format!("Game#7 {written}"));
}

#[test]
fn the_game_is_kept_while_played_and_saved_when_over() {
    let data = tempfile::tempdir().unwrap();
    let now = Instant::now();
    let mut game = as_alice();
    game.keep_in(
        data.path(),
        "ws://127.0.0.1:1/ws",
        "alice",
        Some("tokentoken"),
    );
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 P E5", now);
    let store = Store::in_data_dir(data.path());
    let kept = kept_online_games(&store);
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].game, GameId(7));
    assert_eq!(kept[0].server, "ws://127.0.0.1:1/ws");
    assert_eq!(kept[0].guest_token.as_deref(), Some("tokentoken"));
    assert!(store.unfinished().is_empty(), "not offered as a game here");
    assert_eq!(
        kept[0].unfinished.game.tags().get(ONLINE_GAME_TAG),
        Some("7")
    );

    hear(&mut game, "Game#7 Over 0-1", now);
    assert!(kept_online_games(&store).is_empty());
    let past = past_games(data.path());
    assert_eq!(past.len(), 1);
    assert_eq!(past[0].result(), Some("0-1"));
    assert_eq!(past[0].player(Color::White), "alice");
    let name = past[0].path.file_name().unwrap().to_string_lossy();
    assert!(name.ends_with("-alice-vs-bobby-game7.ptn"), "{name}");
    let text = std::fs::read_to_string(&past[0].path).unwrap();
    assert!(
        !text.contains(ONLINE_SERVER_TAG),
        "kept copies only: {text}"
    );
    assert!(!text.contains("tokentoken"), "{text}");
}

#[test]
fn the_site_is_playtak_for_the_service_and_the_host_elsewhere() {
    assert_eq!(site_of("wss://playtak.com/ws"), "PlayTak.com");
    assert_eq!(site_of("tcp://127.0.0.1:10000"), "127.0.0.1");
    assert_eq!(site_of("ws://example.org:80/ws"), "example.org");
    let control = TimeControl {
        initial: Duration::from_secs(905),
        increment: Duration::from_secs(20),
    };
    assert_eq!(clock_tag(control), "15:05 +20");
}

#[test]
fn a_game_kept_unfinished_is_gone_back_to_when_the_server_sends_it_again() {
    let data = tempfile::tempdir().unwrap();
    let now = Instant::now();
    let mut game = as_alice();
    game.keep_in(data.path(), "ws://127.0.0.1:1/ws", "alice", None);
    game.set_rating(Color::White, 1500);
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 P E5", now);
    // The terminal closes: the game stays in the store.
    drop(game);
    let store = Store::in_data_dir(data.path());
    let kept = kept_online_games(&store);
    assert_eq!(kept.len(), 1);

    // The next login: the server sends the game again, a move made meanwhile included.
    let mut game = OnlineGame::go_back(
        &start("white"),
        Seat::Keyboard,
        "PlayTak.com",
        &kept[0],
        data.path(),
    )
    .unwrap();
    assert_eq!(moves(&game), ["a1", "e5"]);
    assert!(game.resuming());
    hear(&mut game, "Game#7 P A1", now);
    hear(&mut game, "Game#7 P E5", now);
    hear(&mut game, "Game#7 Timems 590000 580000", now);
    assert_eq!(moves(&game), ["a1", "e5"]);
    game.play(mv("c3"), now).unwrap();
    assert_eq!(sent(&mut game), ["Game#7 P C3"]);
    let kept_now = kept_online_games(&store);
    assert_eq!(kept_now.len(), 1, "the same file, not a second copy");
    assert_eq!(kept_now[0].unfinished.path, kept[0].unfinished.path);
    assert_eq!(game.record().tags().get("Rating1"), Some("1500"));

    // Another game's start is not this one's.
    let other = match line("Game Start 9 alice vs bobby white 5 600 10 0 21 1 1 0 0 0 0") {
        ServerMessage::GameStart(start) => start,
        other => panic!("{other:?}"),
    };
    assert!(
        OnlineGame::go_back(&other, Seat::Keyboard, "PlayTak.com", &kept[0], data.path()).is_err()
    );
}

#[test]
fn a_move_of_ours_the_server_refuses_is_taken_back_to_be_played_again() {
    let now = Instant::now();
    let mut game = as_alice();
    game.play(mv("a1"), now).unwrap();
    hear(&mut game, "Game#7 P E5", now);
    game.play(mv("c3"), now).unwrap();
    game.take_events();
    hear(&mut game, "NOK", now);
    hear(&mut game, "Error:Not your turn", now);
    assert_eq!(moves(&game), ["a1", "e5"]);
    let events = game.take_events();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, OnlineEvent::ServerSaid(said) if said.contains("c3"))),
        "{events:?}"
    );
    game.play(mv("d3"), now).unwrap();
}

#[test]
fn the_servers_word_after_the_game_was_saved_goes_into_the_saved_file() {
    let data = tempfile::tempdir().unwrap();
    let now = Instant::now();
    let mut game = as_alice();
    game.keep_in(data.path(), "ws://127.0.0.1:1/ws", "alice", None);
    game.play(mv("a1"), now).unwrap();
    game.resign(now).unwrap();
    assert_eq!(past_games(data.path()).len(), 1, "saved at its end");
    // The server says otherwise (as it would not): its word is the record's.
    hear(&mut game, "Game#7 Over 1-0", now);
    let past = past_games(data.path());
    assert_eq!(past.len(), 1, "the same file");
    assert_eq!(past[0].result(), Some("1-0"));
}

#[test]
fn the_servers_notices_during_the_game_are_said_and_other_games_news_is_not() {
    let now = Instant::now();
    let mut game = as_alice();
    game.take_events();
    assert!(hear(
        &mut game,
        "Message bobby has disconnected. They have 120 seconds to reconnect",
        now
    ));
    assert!(hear(&mut game, "Message bobby has reconnected.", now));
    // A notice to everyone, as the server sends before a restart.
    assert!(hear(
        &mut game,
        "Message Server restarting in 5 minutes",
        now
    ));
    // Word of players of another game (watched besides) is that game's.
    assert!(!hear(&mut game, "Message carol has reconnected.", now));
    assert!(!hear(
        &mut game,
        "Message You've logged in from another window. Disconnecting",
        now
    ));
    let said: Vec<String> = game
        .take_events()
        .into_iter()
        .filter_map(|e| match e {
            OnlineEvent::ServerSaid(text) => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(
        said,
        [
            "bobby has disconnected. They have 120 seconds to reconnect",
            "bobby has reconnected.",
            "Server restarting in 5 minutes"
        ]
    );
    // Once the game is over, a notice to everyone is no longer the game's.
    assert!(hear(&mut game, "Game#7 Over 0-1", now));
    assert!(!hear(
        &mut game,
        "Message Server restarting in 1 minute",
        now
    ));
}

#[test]
fn our_draw_offer_lapsing_with_a_move_is_taken_back_on_the_server() {
    let now = Instant::now();
    let mut game = as_alice();
    game.offer_draw(now).unwrap();
    game.play(mv("a1"), now).unwrap();
    assert_eq!(
        sent(&mut game),
        ["Game#7 OfferDraw", "Game#7 P A1", "Game#7 RemoveDraw"]
    );
    // Taken back by hand, it is not taken back again.
    assert!(hear(&mut game, "Game#7 P E5", now));
    game.offer_draw(now).unwrap();
    game.withdraw_draw().unwrap();
    game.play(mv("b1"), now).unwrap();
    assert_eq!(
        sent(&mut game),
        ["Game#7 OfferDraw", "Game#7 RemoveDraw", "Game#7 P B1"]
    );
}

#[test]
fn a_rematch_is_the_same_game_with_colours_swapped_asked_once_the_game_is_over() {
    let now = Instant::now();
    let mut game = as_alice();
    assert_eq!(game.ask_rematch(), Err(OnlineError::NotOver));
    // Their rematch seek means nothing while the game goes on.
    let theirs = "Seek new 5 bobby 5 600 10 W 0 21 1 1 0 0 0 alice 0";
    assert!(!hear(&mut game, theirs, now));
    assert!(hear(&mut game, "Game#7 Over 0-1", now));
    game.take_events();
    assert!(hear(&mut game, theirs, now));
    // Another game's settings, or naming someone else: not a rematch of this one.
    assert!(!hear(
        &mut game,
        "Seek new 6 bobby 6 600 10 W 0 30 1 1 0 0 0 alice 0",
        now
    ));
    assert!(!hear(
        &mut game,
        "Seek new 8 bobby 5 600 10 W 0 21 1 1 0 0 0 carol 0",
        now
    ));
    assert_eq!(
        game.take_events(),
        [OnlineEvent::Rematch(RematchNews::Offered(SeekId(5)))]
    );
    game.ask_rematch().unwrap();
    assert!(game.rematch_asked());
    assert_eq!(
        sent(&mut game),
        ["Rematch 7 5 600 10 B 0 21 1 1 0 0 0 bobby"]
    );
    assert!(hear(&mut game, "Accept Rematch 5", now));
    assert_eq!(sent(&mut game), ["Accept 5"]);
    assert_eq!(
        game.take_events(),
        [OnlineEvent::Rematch(RematchNews::Accepting(SeekId(5)))]
    );
    game.cancel_rematch();
    assert_eq!(sent(&mut game), ["Seek 0 0 0"]);
    assert!(!game.rematch_asked());
    // Watching, there is no rematch to ask.
    let summary = match line("Observe 7 alice bobby 5 600 10 0 21 1 1 0 0 0") {
        ServerMessage::Observe(summary) => summary,
        other => panic!("{other:?}"),
    };
    let mut watched = OnlineGame::watch(&summary, "PlayTak.com");
    assert_eq!(watched.ask_rematch(), Err(OnlineError::Watching));
}
