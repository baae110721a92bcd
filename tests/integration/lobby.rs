//! The lobby of `tak online` driven by keys, as a player would, over a lobby made from lines a
//! server sends (no network): what it shows at 80x24 and 100x30, and the commands it would send.

use crate::common::{self, press, screen_text, type_text};
use taktui::game::store::Keeper;
use taktui::online::connection::Event;
use taktui::online::protocol::{Parsed, parse};
use taktui::tui::screens::LobbyScreen;
use taktui::tui::{App, Dialog, Screen};

/// What a server says to Guest7 after its login: who is online, seeks, games, some chat.
const LINES: &[&str] = &[
    "Online 6",
    r#"OnlinePlayers ["alice", "bobby", "carol", "Guest7", "dave", "erin"]"#,
    "Seek new 1 alice 5 600 10 W 4 21 1 0 0 0 0 0 0",
    "Seek new 2 bobby 6 180 5 A 0 30 1 1 0 20 60 0 0",
    "Seek new 3 carol 7 1800 20 B 4 40 2 0 0 0 0 0 1",
    "Seek new 4 dave 5 600 10 A 4 21 1 0 0 0 0 alice 0",
    "GameList Add 11 erin frank 6 900 10 4 30 1 0 0 0 0",
    "GameList Add 12 gina hank 5 300 3 0 21 1 1 0 0 0",
    "Shout <alice> anyone for a 6x6?",
    "Shout <bobby> hello all",
];

/// The lobby of a server at `ws://127.0.0.1:11000`, logged in as Guest7, told `lines`.
fn lobby_after(lines: &[&str]) -> App {
    let screen = LobbyScreen::new("ws://127.0.0.1:11000");
    let mut app = App::new(
        Screen::Lobby(Box::new(screen)),
        common::options(),
        Keeper::default(),
    );
    app.heard(&Event::LoggedIn {
        name: "Guest7".into(),
        again: false,
    });
    for line in lines {
        app.heard(&Event::Message(message(line)));
    }
    app
}

fn message(line: &str) -> taktui::online::protocol::ServerMessage {
    match parse(line) {
        Parsed::Message(message) => message,
        other => panic!("{line} does not read: {other:?}"),
    }
}

fn lobby(app: &App) -> &LobbyScreen {
    match app.screen() {
        Screen::Lobby(lobby) => lobby,
        other => panic!("not the lobby: {other:?}"),
    }
}

/// The commands the app asks to send, as their lines, taken.
fn sent(app: &mut App) -> Vec<String> {
    app.take_commands()
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn the_lobby_at_80x24() {
    let mut app = lobby_after(LINES);
    insta::assert_snapshot!(screen_text(&mut app, 80, 24));
}

#[test]
fn the_lobby_at_100x30_on_the_games() {
    let mut app = lobby_after(LINES);
    press(&mut app, "Tab");
    insta::assert_snapshot!(screen_text(&mut app, 100, 30));
}

#[test]
fn enter_on_a_seek_accepts_it() {
    let mut app = lobby_after(LINES);
    press(&mut app, "Down Enter");
    assert_eq!(sent(&mut app), ["Accept 2"]);
    let said = &app.status().unwrap().text;
    assert!(said.contains("bobby's seek 2"), "{said}");
}

#[test]
fn a_seek_for_someone_else_is_not_accepted_and_says_why() {
    let mut app = lobby_after(LINES);
    press(&mut app, "End Enter");
    assert!(sent(&mut app).is_empty());
    let said = &app.status().unwrap().text;
    assert!(said.contains("for alice only"), "{said}");
}

#[test]
fn a_seek_posted_from_the_dialog_goes_to_the_server_and_shows_as_ours() {
    let mut app = lobby_after(LINES);
    press(&mut app, "n");
    assert!(matches!(app.dialog(), Some(Dialog::Seek(_))));
    press(&mut app, "Left Enter");
    assert!(app.dialog().is_none());
    assert_eq!(sent(&mut app), ["Seek 5 600 5 A 4 21 1 0 0 0 0 "]);
    // The server lists it back: ours, and x takes it down.
    app.heard(&Event::Message(message(
        "Seek new 5 Guest7 5 600 5 A 4 21 1 0 0 0 0 0 0",
    )));
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("(yours: x cancels)"), "{text}");
    press(&mut app, "x");
    assert_eq!(sent(&mut app), ["Seek 0 0 0"]);
    press(&mut app, "End Enter");
    assert!(sent(&mut app).is_empty(), "our own seek is not accepted");
}

#[test]
fn the_lists_sort_and_filter_by_size_time_and_rating() {
    let mut app = lobby_after(LINES);
    let seeks = |app: &mut App| {
        screen_text(app, 100, 30)
            .lines()
            .filter(|l| {
                l.split_whitespace()
                    .next()
                    .is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .map(|l| l.split_whitespace().nth(1).unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(seeks(&mut app), ["alice", "bobby", "carol", "dave"]);
    press(&mut app, "5");
    assert_eq!(seeks(&mut app), ["alice", "dave"]);
    press(&mut app, "0 t");
    assert_eq!(seeks(&mut app), ["bobby"], "under 5 minutes");
    press(&mut app, "t t t r");
    assert_eq!(seeks(&mut app), ["alice", "carol", "dave"], "rated only");
    press(&mut app, "r");
    assert_eq!(seeks(&mut app), ["bobby"], "unrated only");
    press(&mut app, "r s s s");
    assert_eq!(
        lobby(&app).order().key,
        taktui::online::lobby::SortKey::Time
    );
    assert_eq!(seeks(&mut app), ["bobby", "alice", "dave", "carol"]);
    press(&mut app, "S");
    assert_eq!(seeks(&mut app), ["carol", "alice", "dave", "bobby"]);
}

#[test]
fn seeks_come_and_go_as_the_server_says() {
    let mut app = lobby_after(LINES);
    app.heard(&Event::Message(message(
        "Seek remove 1 alice 5 600 10 W 4 21 1 0 0 0 0 0 0",
    )));
    app.heard(&Event::Message(message(
        "Seek new 9 zed 8 600 10 A 4 50 2 0 0 0 0 0 0",
    )));
    let text = screen_text(&mut app, 80, 24);
    assert!(!text.contains("alice             5x5"), "{text}");
    assert!(text.contains("zed               8x8"), "{text}");
    assert!(text.contains("Seeks 4"), "{text}");
}

#[test]
fn chat_goes_to_the_channel_shown_and_a_player_can_be_told() {
    let mut app = lobby_after(LINES);
    press(&mut app, "c");
    type_text(&mut app, "hi everyone");
    press(&mut app, "Enter");
    assert_eq!(sent(&mut app), ["Shout hi everyone"]);
    type_text(&mut app, "/join tak");
    press(&mut app, "Enter");
    assert_eq!(sent(&mut app), ["JoinRoom tak"]);
    app.heard(&Event::Message(message("Joined room tak")));
    type_text(&mut app, "in the room");
    press(&mut app, "Enter");
    assert_eq!(sent(&mut app), ["ShoutRoom tak in the room"]);
    // To the players' list, and a word to carol.
    press(&mut app, "Esc Tab Tab Down Down Enter");
    type_text(&mut app, "good game");
    press(&mut app, "Enter");
    assert_eq!(sent(&mut app), ["Tell carol good game"]);
    app.heard(&Event::Message(message("Told <carol> good game")));
    app.heard(&Event::Message(message("Tell <carol> thanks!")));
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("chat: @carol"), "{text}");
    assert!(text.contains("carol: thanks!"), "{text}");
    assert!(text.contains("Guest7: good game"), "{text}");
}

#[test]
fn a_dropped_connection_is_said_and_nothing_is_sent_until_it_is_back() {
    let mut app = lobby_after(LINES);
    app.heard(&Event::Dropped {
        why: "the server closed the connection".into(),
        retry_in: std::time::Duration::from_secs(4),
    });
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("connection lost"), "{text}");
    press(&mut app, "Enter");
    assert!(sent(&mut app).is_empty());
    assert!(app.status().unwrap().text.contains("not connected"));
    app.heard(&Event::LoggedIn {
        name: "Guest7".into(),
        again: true,
    });
    assert!(app.status().unwrap().text.contains("connected again"));
    // The server sends its lists again to the new connection.
    for line in LINES {
        app.heard(&Event::Message(message(line)));
    }
    press(&mut app, "Enter");
    assert_eq!(sent(&mut app), ["Accept 1"]);
}

#[test]
fn the_server_s_errors_are_said() {
    let mut app = lobby_after(LINES);
    app.heard(&Event::Message(message(
        "Error:You've already accepted a seek",
    )));
    let said = app.status().unwrap();
    assert!(said.text.contains("already accepted"), "{}", said.text);
}
