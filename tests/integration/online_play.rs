//! Two clients through the real PlayTak server: alice (an account, over `tcp://`) and a guest
//! (over `ws://`). One posts a seek, the other accepts, they exchange moves (each checked by
//! taktui's rules and written in the server's notation) and the game ends as `games.db`
//! records it; they chat, both ways, in the global room, in a room and privately; and a client
//! of the protocol's oldest form is sent a `Game Start` that taktui reads as the same game.

use std::io::{BufRead as _, BufReader, Write as _};
use std::net::TcpStream;
use std::time::Duration;

use crate::common;
use crate::common::playtak::{PASSWORD, Server, connect, expect_message, logged_in};
use taktui::online::connection::{Connection, Login, Options};
use taktui::online::protocol::{
    ChatText, Command, GameId, GameStart, Parsed, PlayerName, RoomName, SeekColor, SeekRequest,
    ServerMessage, ServerResult, parse,
};
use taktui::online::server_moves::to_server;
use taktui::rules::{BoardSize, Color, GameConfig, Move, Position};

/// alice over raw TCP and a guest over WebSocket, both logged in; the guest's name.
fn alice_and_a_guest(server: &Server) -> (Connection, Connection, String) {
    let login = Login::account("alice", PASSWORD).unwrap();
    let mut alice = connect(&server.tcp_url(), login, Options::default());
    let mut guest = connect(&server.ws_url(), Login::new_guest(), Options::default());
    assert_eq!(logged_in(&mut alice), "alice");
    let name = logged_in(&mut guest);
    (alice, guest, name)
}

/// A 5x5 game, ten minutes each, unrated, the seeker playing `color`.
fn seek(color: SeekColor) -> Command {
    let settings = common::table::settings(5, Duration::from_secs(600));
    Command::Seek(SeekRequest::new(settings, color, None).unwrap())
}

/// Waits for a game of ours to start.
fn game_start(connection: &mut Connection) -> GameStart {
    expect_message(connection, "the game's start", |message| match message {
        ServerMessage::GameStart(start) => Some(start.clone()),
        _ => None,
    })
}

#[test]
fn a_seek_is_accepted_moves_go_through_and_the_server_records_the_game() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let (mut alice, mut guest, guest_name) = alice_and_a_guest(&server);
    alice.send(&seek(SeekColor::White)).unwrap();
    let offered = expect_message(&mut guest, "alice's seek", |message| match message {
        ServerMessage::SeekNew(seek) if seek.player == "alice" => Some(seek.clone()),
        _ => None,
    });
    assert_eq!(offered.settings.size.get(), 5);
    assert_eq!(offered.color, SeekColor::White);
    guest.send(&Command::Accept(offered.id)).unwrap();
    let alice_start = game_start(&mut alice);
    let guest_start = game_start(&mut guest);
    assert_eq!(alice_start.game, guest_start.game);
    assert_eq!(
        (alice_start.white.as_str(), alice_start.black.as_str()),
        ("alice", guest_name.as_str())
    );
    assert_eq!(
        (alice_start.color, guest_start.color),
        (Color::White, Color::Black)
    );
    let game = alice_start.game;

    let size = BoardSize::new(5).unwrap();
    let mut position = Position::new(GameConfig::new(size));
    let mut notation = Vec::new();
    for (ply, ptn) in ["a1", "e5", "c3", "d4", "c2"].into_iter().enumerate() {
        let mv: Move = ptn.parse().unwrap();
        let sent = to_server(&position, mv).unwrap();
        position.play(mv).unwrap();
        notation.push(sent.to_string());
        let (mover, other) = if ply % 2 == 0 {
            (&mut alice, &mut guest)
        } else {
            (&mut guest, &mut alice)
        };
        mover.send(&Command::Move { game, mv: sent }).unwrap();
        let heard = expect_message(other, "the move", |message| match message {
            ServerMessage::Move { game: at, mv } if *at == game => Some(*mv),
            _ => None,
        });
        assert_eq!(heard, sent, "ply {ply} ({ptn})");
    }

    guest.send(&Command::Resign(game)).unwrap();
    for side in [&mut alice, &mut guest] {
        let result = game_over(side, game);
        assert_eq!(result, ServerResult::Other(Color::White));
    }
    assert_eq!(
        server.finished_games(1),
        [format!("alice|{guest_name}|{}|1-0", notation.join(","))]
    );
}

/// Waits for the end of `game`, and returns how it ended.
fn game_over(connection: &mut Connection, game: GameId) -> ServerResult {
    expect_message(connection, "the game's end", |message| match message {
        ServerMessage::GameOver { game: at, result } if *at == game => Some(*result),
        _ => None,
    })
}

#[test]
fn chat_goes_both_ways_in_the_global_room_and_privately() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let (mut alice, mut guest, guest_name) = alice_and_a_guest(&server);
    let text = |words: &str| ChatText::new(words).unwrap();

    alice
        .send(&Command::Shout(text("hello, everyone")))
        .unwrap();
    let shout = expect_message(&mut guest, "alice's shout", |message| match message {
        ServerMessage::Shout { from, text } if from == "alice" => Some(text.clone()),
        _ => None,
    });
    assert_eq!(shout, "hello, everyone");

    // Accents and symbols pass through the server byte for byte.
    guest
        .send(&Command::Shout(text("très bien ♟ from a guest")))
        .unwrap();
    let shout = expect_message(&mut alice, "the guest's shout", |message| match message {
        ServerMessage::Shout { from, text } if *from == guest_name => Some(text.clone()),
        _ => None,
    });
    assert_eq!(shout, "très bien ♟ from a guest");

    let to_alice = Command::Tell {
        to: PlayerName::new("alice").unwrap(),
        text: text("a word in private"),
    };
    guest.send(&to_alice).unwrap();
    let told = expect_message(&mut alice, "the guest's tell", |message| match message {
        ServerMessage::Tell { from, text } => Some((from.clone(), text.clone())),
        _ => None,
    });
    assert_eq!(told, (guest_name.clone(), "a word in private".to_owned()));
    let echo = expect_message(&mut guest, "the tell's receipt", |message| match message {
        ServerMessage::Told { to, text } => Some((to.clone(), text.clone())),
        _ => None,
    });
    assert_eq!(echo, ("alice".to_owned(), "a word in private".to_owned()));

    let to_guest = Command::Tell {
        to: PlayerName::new(&guest_name).unwrap(),
        text: text("and one back"),
    };
    alice.send(&to_guest).unwrap();
    let told = expect_message(&mut guest, "alice's tell", |message| match message {
        ServerMessage::Tell { from, text } => Some((from.clone(), text.clone())),
        _ => None,
    });
    assert_eq!(told, ("alice".to_owned(), "and one back".to_owned()));
}

#[test]
fn chat_goes_both_ways_in_a_room() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let (mut alice, mut guest, guest_name) = alice_and_a_guest(&server);
    let room = RoomName::new("tak_talk").unwrap();
    for side in [&mut alice, &mut guest] {
        side.send(&Command::JoinRoom(room.clone())).unwrap();
        expect_message(side, "the room joined", |message| {
            (*message == ServerMessage::JoinedRoom("tak_talk".to_owned())).then_some(())
        });
    }
    let say = |words: &str| Command::ShoutRoom {
        room: room.clone(),
        text: ChatText::new(words).unwrap(),
    };
    alice.send(&say("anyone for a 6x6?")).unwrap();
    let heard = expect_message(&mut guest, "alice in the room", |message| match message {
        ServerMessage::ShoutRoom { room, from, text } => {
            Some((room.clone(), from.clone(), text.clone()))
        }
        _ => None,
    });
    assert_eq!(
        heard,
        (
            "tak_talk".to_owned(),
            "alice".to_owned(),
            "anyone for a 6x6?".to_owned()
        )
    );
    guest.send(&say("after this one")).unwrap();
    // The room's members hear everything said in it, their own words too.
    let heard = expect_message(
        &mut alice,
        "the guest in the room",
        |message| match message {
            ServerMessage::ShoutRoom { from, text, .. } if from != "alice" => {
                Some((from.clone(), text.clone()))
            }
            _ => None,
        },
    );
    assert_eq!(heard, (guest_name, "after this one".to_owned()));
}

/// Reads lines from a raw connection until one starts with `prefix`.
fn line_starting(reader: &mut BufReader<TcpStream>, prefix: &str) -> String {
    let mut line = String::new();
    loop {
        line.clear();
        let read = reader.read_line(&mut line).unwrap();
        assert!(
            read > 0,
            "the server closed before a line starting {prefix:?}"
        );
        if line.starts_with(prefix) {
            return line.trim_end().to_owned();
        }
    }
}

#[test]
fn a_game_start_in_protocol_1s_form_from_the_real_server_reads_as_the_same_game() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let login = Login::account("alice", PASSWORD).unwrap();
    let mut alice = connect(&server.tcp_url(), login, Options::default());
    assert_eq!(logged_in(&mut alice), "alice");
    // An older client: no `Protocol` line, so the server speaks its oldest form to it.
    let stream = TcpStream::connect(("127.0.0.1", server.port())).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    line_starting(&mut reader, "Login or Register");
    writer
        .write_all(b"Client oldclient\nLogin Guest\n")
        .unwrap();
    let welcome = line_starting(&mut reader, "Welcome ");
    let old_name = welcome["Welcome ".len()..].trim_end_matches('!').to_owned();

    alice.send(&seek(SeekColor::Black)).unwrap();
    let seek_line = line_starting(&mut reader, "Seek new ");
    let id = seek_line.split(' ').nth(2).unwrap().to_owned();
    writer
        .write_all(format!("Accept {id}\n").as_bytes())
        .unwrap();
    let line = line_starting(&mut reader, "Game Start ");
    let ours = game_start(&mut alice);

    let message = match parse(&line) {
        Parsed::Message(message @ ServerMessage::GameStartV1(_)) => message,
        other => panic!("{line:?} read as {other:?}"),
    };
    let theirs = message.game_start().unwrap();
    assert_eq!(theirs.game, ours.game);
    assert_eq!(
        (theirs.white.as_str(), theirs.black.as_str()),
        (old_name.as_str(), "alice")
    );
    assert_eq!(
        (ours.white.as_str(), ours.black.as_str()),
        (old_name.as_str(), "alice")
    );
    assert_eq!((theirs.color, ours.color), (Color::White, Color::Black));
    let (a, b) = (theirs.settings, ours.settings);
    assert_eq!((a.size, a.time, a.komi), (b.size, b.time, b.komi));
    assert_eq!((a.stones, a.capstones), (b.stones, b.capstones));
    // The older form says nothing of the increment (nor does this seek have one).
    assert_eq!(a.increment, Duration::ZERO);

    writer
        .write_all(format!("Game#{} Resign\n", ours.game).as_bytes())
        .unwrap();
    assert_eq!(
        game_over(&mut alice, ours.game),
        ServerResult::Other(Color::Black)
    );
    assert_eq!(server.finished_games(1), [format!("{old_name}|alice||0-1")]);
}
