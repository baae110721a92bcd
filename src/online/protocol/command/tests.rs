//! Commands written as the server's `Client.java` reads them, and refused when it would not.

use std::time::Duration;

use super::super::{
    AccountName, ChatText, ClientName, GameId, GameSettings, GuestToken, Password, PlayerName,
    RoomName, SeekColor, SeekId,
};
use super::*;
use crate::online::server_moves::ServerMove;
use crate::rules::{BoardSize, Komi};

fn settings(size: u8, time: u64, increment: u64, komi: i16) -> GameSettings {
    GameSettings {
        size: BoardSize::new(size).unwrap(),
        time: Duration::from_secs(time),
        increment: Duration::from_secs(increment),
        komi: Komi::from_halves(komi).unwrap(),
        stones: 21,
        capstones: 1,
        rated: true,
        tournament: false,
        extra_time: super::super::ExtraTime::default(),
    }
}

fn server_move(words: &str) -> ServerMove {
    ServerMove::parse_words(&words.split(' ').collect::<Vec<_>>()).unwrap()
}

fn seek_request(opponent: Option<&str>) -> SeekRequest {
    SeekRequest::new(
        GameSettings {
            rated: false,
            komi: Komi::from_halves(4).unwrap(),
            ..settings(5, 600, 10, 4)
        },
        SeekColor::White,
        opponent.map(|name| PlayerName::new(name).unwrap()),
    )
    .unwrap()
}

#[test]
fn commands_are_written_as_the_server_reads_them() {
    let name = PlayerName::new("alice").unwrap();
    let text = ChatText::new("gg wp").unwrap();
    let room = RoomName::new("tak-fans").unwrap();
    let game = GameId(12);
    let cases = [
        (
            Command::Client(ClientName::new("taktui-0.1.0").unwrap()),
            "Client taktui-0.1.0",
        ),
        (Command::Protocol(ProtocolVersion::CURRENT), "Protocol 2"),
        (
            Command::Login {
                name: AccountName::new("alice").unwrap(),
                password: Password::new("password").unwrap(),
            },
            "Login alice password",
        ),
        (Command::LoginGuest(None), "Login Guest"),
        (
            Command::LoginGuest(Some(GuestToken::new("abcdefghijklmnopqrst").unwrap())),
            "Login Guest abcdefghijklmnopqrst",
        ),
        (
            Command::Seek(seek_request(None)),
            "Seek 5 600 10 W 4 21 1 1 0 0 0 ",
        ),
        (
            Command::Seek(seek_request(Some("bobby"))),
            "Seek 5 600 10 W 4 21 1 1 0 0 0 bobby",
        ),
        (Command::CancelSeek, "Seek 0 0 0"),
        (
            Command::Rematch {
                game,
                seek: seek_request(Some("bobby")),
            },
            "Rematch 12 5 600 10 W 4 21 1 1 0 0 0 bobby",
        ),
        (Command::Accept(SeekId(3)), "Accept 3"),
        (Command::List, "List"),
        (Command::GameList, "GameList"),
        (Command::Observe(game), "Observe 12"),
        (Command::Unobserve(game), "Unobserve 12"),
        (
            Command::Move {
                game,
                mv: server_move("M C3 C5 2 1"),
            },
            "Game#12 M C3 C5 2 1",
        ),
        (
            Command::Move {
                game,
                mv: server_move("P D4 W"),
            },
            "Game#12 P D4 W",
        ),
        (Command::OfferDraw(game), "Game#12 OfferDraw"),
        (Command::RemoveDraw(game), "Game#12 RemoveDraw"),
        (Command::RequestUndo(game), "Game#12 RequestUndo"),
        (Command::RemoveUndo(game), "Game#12 RemoveUndo"),
        (Command::Resign(game), "Game#12 Resign"),
        (Command::Shout(text.clone()), "Shout gg wp"),
        (
            Command::ShoutRoom {
                room: room.clone(),
                text: text.clone(),
            },
            "ShoutRoom tak-fans gg wp",
        ),
        (Command::JoinRoom(room.clone()), "JoinRoom tak-fans"),
        (Command::LeaveRoom(room), "LeaveRoom tak-fans"),
        (Command::Tell { to: name, text }, "Tell alice gg wp"),
        (Command::Ping, "PING"),
        (Command::Quit, "quit"),
    ];
    for (command, line) in cases {
        assert_eq!(command.to_string(), line);
    }
}

#[test]
fn a_login_never_shows_its_password_in_debug() {
    let login = Command::Login {
        name: AccountName::new("alice").unwrap(),
        password: Password::new("s3cret-pass").unwrap(),
    };
    assert!(login.to_string().ends_with("s3cret-pass"));
    let debug = format!("{login:?} {login:#?}");
    assert!(!debug.contains("s3cret"), "{debug}");
    assert!(debug.contains("alice"));
}

#[test]
fn seeks_the_server_would_change_cannot_be_built() {
    let base = settings(5, 600, 10, 4);
    let refused = |settings: GameSettings, what: &str| {
        let error = SeekRequest::new(settings, SeekColor::Either, None).unwrap_err();
        assert!(error.to_string().contains(what), "{error}");
    };
    refused(
        GameSettings {
            komi: Komi::from_halves(9).unwrap(),
            ..base
        },
        "komi",
    );
    refused(
        GameSettings {
            komi: Komi::from_halves(-2).unwrap(),
            ..base
        },
        "komi",
    );
    refused(GameSettings { stones: 9, ..base }, "stones");
    refused(GameSettings { stones: 81, ..base }, "stones");
    refused(
        GameSettings {
            capstones: 6,
            ..base
        },
        "capstones",
    );
    refused(
        GameSettings {
            time: Duration::from_secs(1 << 31),
            ..base
        },
        "time",
    );
    assert!(SeekRequest::new(base, SeekColor::Either, None).is_ok());
    assert_eq!(
        ProtocolVersion::new(0).unwrap_err().to_string(),
        "the protocol version must be 1 to 999999999, not 0"
    );
}
