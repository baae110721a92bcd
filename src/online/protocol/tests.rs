//! The parser and the commands against the server's own formats (as `Client.java`,
//! `Game.java`, `Seek.java` and `ChatRoom.java` write and read them) and against lines a real
//! server sent.

use std::time::Duration;

use super::*;
use crate::online::server_moves::ServerMove;
use crate::rules::{BoardSize, Color, Komi};

fn message(line: &str) -> ServerMessage {
    match parse(line) {
        Parsed::Message(message) => message,
        other => panic!("{line:?} did not read: {other:?}"),
    }
}

fn malformed(line: &str) -> String {
    match parse(line) {
        Parsed::Malformed { why, .. } => why,
        other => panic!("{line:?} should be malformed: {other:?}"),
    }
}

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
        extra_time: ExtraTime::default(),
    }
}

fn server_move(words: &str) -> ServerMove {
    ServerMove::parse_words(&words.split(' ').collect::<Vec<_>>()).unwrap()
}

#[test]
fn every_line_a_real_server_sent_reads_and_prints_back_the_same() {
    let lines = include_str!("real_lines.txt");
    let mut read = 0;
    for line in lines.lines().filter(|l| !l.starts_with('#')) {
        assert_eq!(message(line).to_string(), line);
        read += 1;
    }
    assert!(read > 100, "only {read} lines");
}

#[test]
fn login_lines_read() {
    assert_eq!(message("Welcome!"), ServerMessage::Welcome);
    assert_eq!(message("Login or Register"), ServerMessage::LoginPrompt);
    assert_eq!(
        message("Welcome Guest12!"),
        ServerMessage::LoggedIn("Guest12".into())
    );
    assert_eq!(message("Is Mod"), ServerMessage::IsModerator);
    assert_eq!(
        message("Authentication failure"),
        ServerMessage::AuthenticationFailure
    );
    assert_eq!(
        message("Message You've logged in from another window. Disconnecting"),
        ServerMessage::Message("You've logged in from another window. Disconnecting".into())
    );
    assert_eq!(
        message("Registration Error: Username is already taken"),
        ServerMessage::RegistrationError("Username is already taken".into())
    );
    assert_eq!(
        message("Registered kaen. Check your email for password"),
        ServerMessage::Registered("kaen".into())
    );
    assert_eq!(
        message("Reset Token Error: No such player"),
        ServerMessage::ResetTokenError("No such player".into())
    );
    // The answer to an old client's `Client` line is a shout from the server.
    assert_eq!(
        message("Shout <Server> Your Playtak client is unfortunately no longer compatible."),
        ServerMessage::Shout {
            from: "Server".into(),
            text: "Your Playtak client is unfortunately no longer compatible.".into()
        }
    );
}

#[test]
fn who_is_online_reads() {
    assert_eq!(message("Online 3"), ServerMessage::Online(3));
    assert_eq!(
        message("OnlinePlayers [\"Guest1\", \"bobby\"]"),
        ServerMessage::OnlinePlayers(vec!["Guest1".into(), "bobby".into()])
    );
    assert_eq!(
        message("OnlinePlayers []"),
        ServerMessage::OnlinePlayers(vec![])
    );
    assert!(malformed("OnlinePlayers [bobby]").contains("quoted"));
    assert!(malformed("Online three").contains("number"));
}

#[test]
fn seeks_read_in_both_protocol_forms() {
    let mut expected = Seek {
        id: SeekId(2),
        player: "bobby".into(),
        settings: GameSettings {
            rated: false,
            stones: 30,
            extra_time: ExtraTime {
                after_move: 20,
                amount: Duration::from_secs(60),
            },
            ..settings(6, 180, 5, 0)
        },
        color: SeekColor::Either,
        opponent: Some("alice".into()),
        bot: Some(false),
    };
    assert_eq!(
        message("Seek new 2 bobby 6 180 5 A 0 30 1 1 0 20 60 alice 0"),
        ServerMessage::SeekNew(expected.clone())
    );
    // Protocol 1: no bot flag, and an open seek ends in an empty opponent.
    expected.opponent = None;
    expected.bot = None;
    assert_eq!(
        message("Seek remove 2 bobby 6 180 5 A 0 30 1 1 0 20 60 "),
        ServerMessage::SeekRemove(expected.clone())
    );
    // Protocol 2 writes no opponent as `0`, and a bot's seek ends in 1.
    expected.bot = Some(true);
    expected.color = SeekColor::Black;
    assert_eq!(
        message("Seek new 2 bobby 6 180 5 B 0 30 1 1 0 20 60 0 1"),
        ServerMessage::SeekNew(expected)
    );
    assert!(malformed("Seek new 2 bobby 6 180 5 X 0 30 1 1 0 20 60 0 1").contains("W, B or A"));
    assert!(malformed("Seek new 2 bobby 9 180 5 A 0 30 1 1 0 20 60 0 1").contains('9'));
    assert!(malformed("Seek new 2 bobby 6 180 5 A 0 30 1 2 0 20 60 0 1").contains("0 or 1"));
    assert!(malformed("Seek new 2 bobby 6 180").contains("missing"));
    assert!(malformed("Seek new 2 bobby 6 180 5 A 0 30 1 1 0 20 60 0 1 7").contains("too many"));
}

#[test]
fn games_and_their_start_read() {
    let summary = GameSummary {
        game: GameId(3),
        white: "bobby".into(),
        black: "alice".into(),
        settings: GameSettings {
            stones: 15,
            capstones: 0,
            rated: false,
            extra_time: ExtraTime {
                after_move: 3,
                amount: Duration::from_secs(30),
            },
            ..settings(4, 600, 5, 0)
        },
    };
    let line = "3 bobby alice 4 600 5 0 15 0 1 0 3 30";
    assert_eq!(
        message(&format!("GameList Add {line}")),
        ServerMessage::GameListAdd(summary.clone())
    );
    assert_eq!(
        message(&format!("GameList Remove {line}")),
        ServerMessage::GameListRemove(summary.clone())
    );
    assert_eq!(
        message(&format!("Observe {line}")),
        ServerMessage::Observe(summary.clone())
    );
    assert_eq!(
        message("Game Start 3 bobby vs alice black 4 600 5 0 15 0 1 0 3 30 0"),
        ServerMessage::GameStart(GameStart {
            game: GameId(3),
            white: "bobby".into(),
            black: "alice".into(),
            color: Color::Black,
            settings: summary.settings,
            bot: false,
        })
    );
    // Protocol 1 puts the size before the names and leaves out increment and rating.
    let old = "Game Start 7 5 alice vs bobby white 600 4 21 1 0 0";
    assert_eq!(
        message(old),
        ServerMessage::GameStartV1(GameStartV1 {
            game: GameId(7),
            size: BoardSize::new(5).unwrap(),
            white: "alice".into(),
            black: "bobby".into(),
            color: Color::White,
            time: Duration::from_secs(600),
            komi: Komi::from_halves(4).unwrap(),
            stones: 21,
            capstones: 1,
            extra_time: ExtraTime::default(),
        })
    );
    assert_eq!(message(old).to_string(), old);
    // Either form starts the same game; what protocol 1 leaves out is taken as nothing.
    let as_two = message(old).game_start().unwrap();
    assert_eq!(
        (as_two.game, as_two.white.as_str(), as_two.black.as_str()),
        (GameId(7), "alice", "bobby")
    );
    assert_eq!(as_two.color, Color::White);
    assert_eq!(as_two.settings.size.get(), 5);
    assert_eq!(as_two.settings.time, Duration::from_secs(600));
    assert_eq!(as_two.settings.increment, Duration::ZERO);
    assert_eq!((as_two.settings.stones, as_two.settings.capstones), (21, 1));
    assert_eq!(as_two.settings.komi.halves(), 4);
    assert!(!as_two.settings.rated && !as_two.bot);
    let new = message("Game Start 3 bobby vs alice black 4 600 5 0 15 0 1 0 3 30 0");
    assert_eq!(
        new.game_start().unwrap().settings.increment,
        Duration::from_secs(5)
    );
    assert_eq!(message("Online 3").game_start(), None);
    assert!(malformed("Game Start 3 bobby against alice black 4 600").contains("vs"));
    assert!(malformed("Game Start 3 bobby vs alice grey 4 600").contains("grey"));
}

#[test]
fn game_lines_read() {
    let game = GameId(1);
    assert_eq!(
        message("Game#1 P B1 C"),
        ServerMessage::Move {
            game,
            mv: server_move("P B1 C")
        }
    );
    assert_eq!(
        message("Game#1 M B1 B3 1 1"),
        ServerMessage::Move {
            game,
            mv: server_move("M B1 B3 1 1")
        }
    );
    assert_eq!(
        message("Game#1 Time 600 598"),
        ServerMessage::Time {
            game,
            white: Duration::from_secs(600),
            black: Duration::from_secs(598)
        }
    );
    assert_eq!(
        message("Game#1 Timems 2000 0"),
        ServerMessage::TimeMs {
            game,
            white: Duration::from_secs(2),
            black: Duration::ZERO
        }
    );
    for (token, result) in [
        ("R-0", ServerResult::Road(Color::White)),
        ("0-R", ServerResult::Road(Color::Black)),
        ("F-0", ServerResult::Flats(Color::White)),
        ("0-F", ServerResult::Flats(Color::Black)),
        ("1-0", ServerResult::Other(Color::White)),
        ("0-1", ServerResult::Other(Color::Black)),
        ("1/2-1/2", ServerResult::Draw),
        ("0-0", ServerResult::Aborted),
    ] {
        assert_eq!(
            message(&format!("Game#1 Over {token}")),
            ServerMessage::GameOver { game, result }
        );
    }
    assert_eq!(
        message("Game#1 OfferDraw"),
        ServerMessage::DrawOffered(game)
    );
    assert_eq!(
        message("Game#1 RemoveDraw"),
        ServerMessage::DrawOfferWithdrawn(game)
    );
    assert_eq!(
        message("Game#1 RequestUndo"),
        ServerMessage::UndoRequested(game)
    );
    assert_eq!(
        message("Game#1 RemoveUndo"),
        ServerMessage::UndoRequestWithdrawn(game)
    );
    assert_eq!(message("Game#1 Undo"), ServerMessage::Undo(game));
    assert_eq!(
        message("Game#4 Abandoned. alice quit"),
        ServerMessage::Abandoned {
            game: GameId(4),
            quitter: "alice".into()
        }
    );
    assert_eq!(
        message("Error:Not your turn"),
        ServerMessage::Error("Not your turn".into())
    );
}

#[test]
fn bad_game_lines_say_what_is_wrong() {
    assert!(malformed("Game#x P A1").contains("game number"));
    assert!(malformed("Game#-1 P A1").contains("game number"));
    assert!(malformed("Game#99999999999 P A1").contains("game number"));
    assert!(malformed("Game#1 P Z9").contains("Z9"));
    assert!(malformed("Game#1 P a1").contains("a1"));
    assert!(malformed("Game#1 P A1 X").contains("\"X\""));
    assert!(malformed("Game#1 M A1 B2 1").contains("one file or rank"));
    assert!(malformed("Game#1 M A1 A3 1").contains("2 drops"));
    assert!(malformed("Game#1 M A1 A3 5 5").contains("10 pieces"));
    assert!(malformed("Game#1 M A1 A2 0").contains("\"0\""));
    assert!(malformed("Game#1 Over 2-0").contains("2-0"));
    assert!(malformed("Game#1 Timems 5").contains("two clocks"));
    assert!(malformed("Game#1 Timems +5 3").contains("+5"));
    assert!(malformed("Game#1 Abandoned. alice left").contains("Abandoned"));
}

#[test]
fn chat_lines_read() {
    assert_eq!(
        message("Shout <IRC> <tak_fan> hi from irc"),
        ServerMessage::Shout {
            from: "IRC".into(),
            text: "<tak_fan> hi from irc".into()
        }
    );
    assert_eq!(
        message("ShoutRoom tak-fans <alice> hi room"),
        ServerMessage::ShoutRoom {
            room: "tak-fans".into(),
            from: "alice".into(),
            text: "hi room".into()
        }
    );
    assert_eq!(
        message("Tell <alice> psst"),
        ServerMessage::Tell {
            from: "alice".into(),
            text: "psst".into()
        }
    );
    assert_eq!(
        message("Told <bobby> psst"),
        ServerMessage::Told {
            to: "bobby".into(),
            text: "psst".into()
        }
    );
    assert_eq!(
        message("Joined room tak-fans"),
        ServerMessage::JoinedRoom("tak-fans".into())
    );
    assert!(malformed("Shout hello").contains("<NAME> TEXT"));
    assert!(malformed("Shout <> hello").contains("one word"));
    assert_eq!(
        message("sudoReply > sudo list gag"),
        ServerMessage::SudoReply("> sudo list gag".into())
    );
}

#[test]
fn unknown_lines_are_quoted_and_cut() {
    assert_eq!(
        parse("tak.Game@7c29c46e"),
        Parsed::Unknown("tak.Game@7c29c46e".into())
    );
    assert_eq!(parse(""), Parsed::Unknown(String::new()));
    assert_eq!(parse("Game#1 Fly"), Parsed::Unknown("Game#1 Fly".into()));
    let long = "é".repeat(1000);
    match parse(&long) {
        Parsed::Unknown(quoted) => {
            assert_eq!(quoted.chars().count(), QUOTE_LIMIT + 1);
            assert!(quoted.ends_with('…'));
        }
        other => panic!("{other:?}"),
    }
    match parse(&format!("Online {}", "9".repeat(5000))) {
        Parsed::Malformed { line, why } => {
            assert_eq!(line.chars().count(), QUOTE_LIMIT + 1);
            assert!(why.contains("number"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_line_break_at_the_end_is_dropped() {
    assert_eq!(parse("OK\r\n"), Parsed::Message(ServerMessage::Ok));
    assert_eq!(parse("NOK\n"), Parsed::Message(ServerMessage::Nok));
}
