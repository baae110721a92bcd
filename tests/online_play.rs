//! Two clients through the real PlayTak server: alice (an account, over `tcp://`) and a guest
//! (over `ws://`). One posts a seek, the other accepts, they exchange moves (each checked by
//! taktui's rules and written in the server's notation) and the game ends as `games.db`
//! records it; and they chat, both ways, in the global room and privately.

mod common;

use std::time::Duration;

use common::playtak::{PASSWORD, Server, connect, expect_message, logged_in};
use taktui::online::connection::{Connection, Login, Options};
use taktui::online::protocol::{
    ChatText, Command, GameId, GameStart, PlayerName, SeekColor, SeekRequest, ServerMessage,
    ServerResult,
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
