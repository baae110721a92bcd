//! The lobby fed the lines a real server sends, and asked what to show.

use std::time::Duration;

use super::*;
use crate::online::protocol::parse;
use crate::rules::BoardSize;

fn feed(lobby: &mut Lobby, lines: &[&str]) {
    for line in lines {
        lobby.apply_parsed(&parse(line));
    }
}

fn logged_in(name: &str) -> Lobby {
    let mut lobby = Lobby::new();
    feed(
        &mut lobby,
        &["Welcome!", "Login or Register", &format!("Welcome {name}!")],
    );
    lobby
}

fn seek_ids(seeks: &[&Seek]) -> Vec<u32> {
    seeks.iter().map(|seek| seek.id.0).collect()
}

fn game_ids(games: &[&GameSummary]) -> Vec<u32> {
    games.iter().map(|game| game.game.0).collect()
}

const SEEKS: [&str; 4] = [
    "Seek new 1 alice 5 600 10 W 4 21 1 0 0 0 0 0 0",
    "Seek new 2 bobby 6 180 5 A 0 30 1 1 0 20 60 alice 0",
    "Seek new 3 Carol 5 900 0 B 0 21 1 0 0 0 0 0 1",
    "Seek new 4 dave 3 60 0 A 0 10 0 1 0 0 0 Guest1 0",
];

#[test]
fn seeks_come_and_go_by_number() {
    let mut lobby = logged_in("alice");
    feed(&mut lobby, &SEEKS);
    let all = lobby.seeks(&ListFilter::default(), ListOrder::default());
    assert_eq!(seek_ids(&all), [1, 2, 3, 4]);
    feed(
        &mut lobby,
        &["Seek remove 2 bobby 6 180 5 A 0 30 1 1 0 20 60 alice 0"],
    );
    let left = lobby.seeks(&ListFilter::default(), ListOrder::default());
    assert_eq!(seek_ids(&left), [1, 3, 4]);
    assert_eq!(lobby.seek(SeekId(3)).unwrap().player, "Carol");
    assert!(lobby.seek(SeekId(2)).is_none());
}

#[test]
fn seeks_are_filtered_by_size_time_and_rating() {
    let mut lobby = logged_in("alice");
    feed(&mut lobby, &SEEKS);
    let five = ListFilter {
        size: Some(BoardSize::new(5).unwrap()),
        ..ListFilter::default()
    };
    assert_eq!(seek_ids(&lobby.seeks(&five, ListOrder::default())), [1, 3]);
    let quick = ListFilter {
        time: Some(Duration::ZERO..=Duration::from_secs(300)),
        ..ListFilter::default()
    };
    assert_eq!(seek_ids(&lobby.seeks(&quick, ListOrder::default())), [2, 4]);
    let rated = ListFilter {
        rated: Some(true),
        ..ListFilter::default()
    };
    assert_eq!(seek_ids(&lobby.seeks(&rated, ListOrder::default())), [1, 3]);
    let rated_five_quick = ListFilter {
        size: five.size,
        time: quick.time,
        rated: Some(true),
    };
    assert!(
        lobby
            .seeks(&rated_five_quick, ListOrder::default())
            .is_empty()
    );
}

#[test]
fn seeks_are_sorted_by_each_key_either_way() {
    let mut lobby = logged_in("alice");
    feed(&mut lobby, &SEEKS);
    let sorted = |key, descending| {
        let order = ListOrder { key, descending };
        seek_ids(&lobby.seeks(&ListFilter::default(), order))
    };
    assert_eq!(sorted(SortKey::Number, true), [4, 3, 2, 1]);
    assert_eq!(sorted(SortKey::Name, false), [1, 2, 3, 4]);
    assert_eq!(sorted(SortKey::Name, true), [4, 3, 2, 1]);
    assert_eq!(sorted(SortKey::Size, false), [4, 1, 3, 2]);
    assert_eq!(sorted(SortKey::Size, true), [2, 1, 3, 4]);
    assert_eq!(sorted(SortKey::Time, false), [4, 2, 1, 3]);
    assert_eq!(sorted(SortKey::Rated, true), [1, 3, 2, 4]);
}

#[test]
fn our_seek_is_ours_and_private_seeks_are_for_whom_they_name() {
    let mut lobby = logged_in("alice");
    feed(&mut lobby, &SEEKS);
    assert_eq!(lobby.my_seek().unwrap().id, SeekId(1));
    let can = |id| lobby.can_accept(lobby.seek(SeekId(id)).unwrap());
    assert!(!can(1), "our own seek");
    assert!(can(2), "names us");
    assert!(can(3), "open to all");
    assert!(!can(4), "names someone else");
    let mut guest = logged_in("Guest1");
    feed(&mut guest, &SEEKS);
    assert!(guest.can_accept(guest.seek(SeekId(4)).unwrap()));
    assert!(guest.my_seek().is_none());
}

#[test]
fn games_are_listed_watched_and_ended() {
    let mut lobby = logged_in("Guest1");
    feed(
        &mut lobby,
        &[
            "GameList Add 1 alice bobby 5 600 10 4 21 1 0 0 0 0",
            "GameList Add 2 zed Ann 3 60 0 0 10 0 1 0 0 0",
            "Observe 3 bobby alice 4 600 5 0 15 0 1 0 3 30",
        ],
    );
    let all = lobby.games(&ListFilter::default(), ListOrder::default());
    assert_eq!(game_ids(&all), [1, 2, 3]);
    let by_white = ListOrder {
        key: SortKey::Name,
        descending: false,
    };
    assert_eq!(
        game_ids(&lobby.games(&ListFilter::default(), by_white)),
        [1, 3, 2]
    );
    let unrated = ListFilter {
        rated: Some(false),
        ..ListFilter::default()
    };
    assert_eq!(
        game_ids(&lobby.games(&unrated, ListOrder::default())),
        [2, 3]
    );
    feed(
        &mut lobby,
        &[
            "Game#1 Over R-0",
            "GameList Remove 1 alice bobby 5 600 10 4 21 1 0 0 0 0",
        ],
    );
    assert!(lobby.game(GameId(1)).is_none());
    assert_eq!(lobby.game(GameId(3)).unwrap().white, "bobby");
}

#[test]
fn who_is_online_is_the_servers_last_word() {
    let mut lobby = logged_in("alice");
    assert_eq!(lobby.online(), None);
    feed(
        &mut lobby,
        &[
            "Online 3",
            "OnlinePlayers [\"bobby\", \"Guest1\", \"alice\"]",
        ],
    );
    assert_eq!(lobby.online(), Some(3));
    assert_eq!(lobby.players(), ["alice", "bobby", "Guest1"]);
    feed(&mut lobby, &["Online 1", "OnlinePlayers [\"alice\"]"]);
    assert_eq!(lobby.online(), Some(1));
    assert_eq!(lobby.players(), ["alice"]);
}

#[test]
fn chat_goes_to_its_channel_with_ours_marked() {
    let mut lobby = logged_in("alice");
    feed(
        &mut lobby,
        &[
            "Shout <alice> hello all",
            "Shout <bobby> hi alice",
            "Joined room tak-fans",
            "ShoutRoom tak-fans <bobby> hi room",
            "Tell <bobby> psst",
            "Told <bobby> what?",
        ],
    );
    let chat = lobby.chat();
    let global: Vec<_> = chat.lines(&Channel::Global).collect();
    assert_eq!(global.len(), 2);
    assert!(global[0].mine && !global[1].mine);
    assert_eq!(global[1].text, "hi alice");
    let room: Vec<_> = chat.lines(&Channel::Room("tak-fans".into())).collect();
    assert_eq!(
        (room[0].from.as_str(), room[0].text.as_str()),
        ("bobby", "hi room")
    );
    let private: Vec<_> = chat.lines(&Channel::Private("bobby".into())).collect();
    let said: Vec<_> = private.iter().map(|l| (l.from.as_str(), l.mine)).collect();
    assert_eq!(said, [("bobby", false), ("alice", true)]);
    assert!(private[0].seq < private[1].seq);
    lobby.left_room("tak-fans");
    assert_eq!(
        lobby.chat().channels().cloned().collect::<Vec<_>>(),
        [Channel::Global, Channel::Private("bobby".into())]
    );
}

#[test]
fn notices_and_errors_are_kept_for_the_user() {
    let mut lobby = logged_in("alice");
    feed(
        &mut lobby,
        &[
            "Message bobby has disconnected. They have 120 seconds to reconnect",
            "Error:Not your turn",
            "No such player",
            "Game#1 Abandoned. bobby quit",
            "Online lots",
            "Something new",
        ],
    );
    let notices: Vec<_> = lobby.notices().cloned().collect();
    assert_eq!(
        notices,
        [
            Notice::Message("bobby has disconnected. They have 120 seconds to reconnect".into()),
            Notice::Error("Not your turn".into()),
            Notice::Error("No such player".into()),
            Notice::Message("bobby left game 1".into()),
            Notice::Error(
                "the server sent \"Online lots\": the count \"lots\" is not a number in range"
                    .into()
            ),
        ]
    );
    for i in 0..Lobby::MAX_NOTICES + 3 {
        feed(&mut lobby, &[&format!("Message {i}")]);
    }
    assert_eq!(lobby.notices().count(), Lobby::MAX_NOTICES);
    assert_eq!(lobby.notices().next(), Some(&Notice::Message("3".into())));
}

#[test]
fn a_new_connection_starts_the_lists_again_but_keeps_the_chat() {
    let mut lobby = logged_in("alice");
    feed(&mut lobby, &SEEKS);
    feed(
        &mut lobby,
        &[
            "GameList Add 1 alice bobby 5 600 10 4 21 1 0 0 0 0",
            "Online 2",
            "Joined room tak-fans",
            "Shout <bobby> brb",
        ],
    );
    feed(&mut lobby, &["Welcome!"]);
    assert_eq!(lobby.me(), None);
    assert!(
        lobby
            .seeks(&ListFilter::default(), ListOrder::default())
            .is_empty()
    );
    assert!(
        lobby
            .games(&ListFilter::default(), ListOrder::default())
            .is_empty()
    );
    assert_eq!(lobby.online(), None);
    assert_eq!(
        lobby.chat().channels().collect::<Vec<_>>(),
        [&Channel::Global]
    );
    feed(
        &mut lobby,
        &["Login or Register", "Welcome alice!", SEEKS[2]],
    );
    assert_eq!(lobby.me(), Some("alice"));
    let seeks = lobby.seeks(&ListFilter::default(), ListOrder::default());
    assert_eq!(seek_ids(&seeks), [3]);
}

#[test]
fn a_flood_of_seeks_stops_at_the_limit() {
    let mut lobby = logged_in("alice");
    for id in 1..=Lobby::MAX_SEEKS + 50 {
        let line = format!("Seek new {id} bot 5 600 10 A 0 21 1 0 0 0 0 0 1");
        feed(&mut lobby, &[&line]);
    }
    let all = lobby.seeks(&ListFilter::default(), ListOrder::default());
    assert_eq!(all.len(), Lobby::MAX_SEEKS);
    // Room made by a removal is used again.
    feed(
        &mut lobby,
        &["Seek remove 1 bot 5 600 10 A 0 21 1 0 0 0 0 0 1"],
    );
    let late = format!(
        "Seek new {} bot 5 600 10 A 0 21 1 0 0 0 0 0 1",
        Lobby::MAX_SEEKS + 60
    );
    feed(&mut lobby, &[&late]);
    let id = u32::try_from(Lobby::MAX_SEEKS + 60).unwrap();
    assert!(lobby.seek(SeekId(id)).is_some());
}
