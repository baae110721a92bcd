//! Printing then parsing: every message the server can send, written as the server writes it,
//! reads back as the same value; and a move taktui sends reads back as the move the server
//! relays.

use std::time::Duration;

use proptest::prelude::*;
use proptest::strategy::Union;

use super::*;
use crate::online::server_moves::ServerMove;
use crate::rules::{BoardSize, Color, Direction, Drops, Komi, Move, Role, Square};

fn name() -> impl Strategy<Value = String> {
    "[A-Za-z][A-Za-z0-9_]{3,15}"
}

/// Anything a line may hold after its fixed words: any text but a line break.
fn text() -> impl Strategy<Value = String> {
    "[^\n\r]{0,40}"
}

fn word() -> impl Strategy<Value = String> {
    "[^ \n\r]{1,20}"
}

fn seconds() -> impl Strategy<Value = Duration> {
    any::<u32>().prop_map(|s| Duration::from_secs(u64::from(s)))
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::White), Just(Color::Black)]
}

fn game() -> impl Strategy<Value = GameId> {
    any::<u32>().prop_map(GameId)
}

fn settings() -> impl Strategy<Value = GameSettings> {
    (
        (3u8..=8, seconds(), seconds(), -128i16..=128),
        (any::<u32>(), any::<u32>(), any::<bool>(), any::<bool>()),
        (any::<u32>(), seconds()),
    )
        .prop_map(
            |((size, time, increment, komi), (stones, capstones, rated, tournament), extra)| {
                GameSettings {
                    size: BoardSize::new(size).unwrap(),
                    time,
                    increment,
                    komi: Komi::from_halves(komi).unwrap(),
                    stones,
                    capstones,
                    rated,
                    tournament,
                    extra_time: ExtraTime {
                        after_move: extra.0,
                        amount: extra.1,
                    },
                }
            },
        )
}

fn summary() -> impl Strategy<Value = GameSummary> {
    (game(), name(), name(), settings()).prop_map(|(game, white, black, settings)| GameSummary {
        game,
        white,
        black,
        settings,
    })
}

fn seek() -> impl Strategy<Value = Seek> {
    let color = prop_oneof![
        Just(SeekColor::White),
        Just(SeekColor::Black),
        Just(SeekColor::Either)
    ];
    let opponent = proptest::option::of(name());
    let bot = proptest::option::of(any::<bool>());
    (any::<u32>(), name(), settings(), color, opponent, bot).prop_map(
        |(id, player, settings, color, opponent, bot)| Seek {
            id: SeekId(id),
            player,
            settings,
            color,
            opponent,
            bot,
        },
    )
}

/// Any move the server can write: a placement, or a spread that stays on an 8x8 board.
pub(crate) fn server_move() -> impl Strategy<Value = ServerMove> {
    let square = (0u8..8, 0u8..8).prop_map(|(file, rank)| Square::new(file, rank));
    let role = prop_oneof![Just(Role::Flat), Just(Role::Wall), Just(Role::Cap)];
    let direction = prop::sample::select(Direction::ALL.to_vec());
    let place = (square.clone(), role).prop_map(|(square, role)| Move::place(square, role));
    let spread = (square, direction, 1u8..=255).prop_map(|(square, direction, bits)| {
        let drops = Drops::from_bits(std::num::NonZeroU8::new(bits).unwrap());
        Move::spread(square, direction, drops)
    });
    prop_oneof![place, spread].prop_filter_map("leaves the board", |mv| ServerMove::new(mv).ok())
}

fn result() -> impl Strategy<Value = ServerResult> {
    prop_oneof![
        color().prop_map(ServerResult::Road),
        color().prop_map(ServerResult::Flats),
        color().prop_map(ServerResult::Other),
        Just(ServerResult::Draw),
        Just(ServerResult::Aborted),
    ]
}

fn game_message() -> BoxedStrategy<ServerMessage> {
    let clocks = || (game(), any::<u64>(), any::<u64>());
    Union::new(vec![
        (game(), server_move())
            .prop_map(|(game, mv)| ServerMessage::Move { game, mv })
            .boxed(),
        clocks()
            .prop_map(|(game, w, b)| ServerMessage::Time {
                game,
                white: Duration::from_secs(w),
                black: Duration::from_secs(b),
            })
            .boxed(),
        clocks()
            .prop_map(|(game, w, b)| ServerMessage::TimeMs {
                game,
                white: Duration::from_millis(w),
                black: Duration::from_millis(b),
            })
            .boxed(),
        (game(), result())
            .prop_map(|(game, result)| ServerMessage::GameOver { game, result })
            .boxed(),
        game().prop_map(ServerMessage::DrawOffered).boxed(),
        game().prop_map(ServerMessage::DrawOfferWithdrawn).boxed(),
        game().prop_map(ServerMessage::UndoRequested).boxed(),
        game().prop_map(ServerMessage::UndoRequestWithdrawn).boxed(),
        game().prop_map(ServerMessage::Undo).boxed(),
        (game(), name())
            .prop_map(|(game, quitter)| ServerMessage::Abandoned { game, quitter })
            .boxed(),
        (game(), text())
            .prop_map(|(game, stack)| ServerMessage::SquareState { game, stack })
            .boxed(),
        (game(), name(), name(), color(), settings(), any::<bool>())
            .prop_map(|(game, white, black, color, settings, bot)| {
                ServerMessage::GameStart(GameStart {
                    game,
                    white,
                    black,
                    color,
                    settings,
                    bot,
                })
            })
            .boxed(),
        (game(), name(), name(), color(), settings())
            .prop_map(|(game, white, black, color, s)| {
                ServerMessage::GameStartV1(GameStartV1 {
                    game,
                    size: s.size,
                    white,
                    black,
                    color,
                    time: s.time,
                    komi: s.komi,
                    stones: s.stones,
                    capstones: s.capstones,
                    extra_time: s.extra_time,
                })
            })
            .boxed(),
    ])
    .boxed()
}

fn lobby_message() -> BoxedStrategy<ServerMessage> {
    Union::new(vec![
        prop_oneof![
            Just(ServerMessage::Welcome),
            Just(ServerMessage::LoginPrompt),
            Just(ServerMessage::IsModerator),
            Just(ServerMessage::AuthenticationFailure),
            Just(ServerMessage::Ok),
            Just(ServerMessage::Nok),
            Just(ServerMessage::NoSuchPlayer),
            Just(ServerMessage::ResetTokenSent),
            Just(ServerMessage::PasswordReset),
            Just(ServerMessage::WrongToken),
        ]
        .boxed(),
        prop_oneof![
            Just(ServerMessage::PasswordChanged),
            Just(ServerMessage::WrongPassword)
        ]
        .boxed(),
        name().prop_map(ServerMessage::LoggedIn).boxed(),
        name().prop_map(ServerMessage::Registered).boxed(),
        any::<u32>().prop_map(ServerMessage::Online).boxed(),
        prop::collection::vec(name(), 0..5)
            .prop_map(ServerMessage::OnlinePlayers)
            .boxed(),
        seek().prop_map(ServerMessage::SeekNew).boxed(),
        seek().prop_map(ServerMessage::SeekRemove).boxed(),
        summary().prop_map(ServerMessage::GameListAdd).boxed(),
        summary().prop_map(ServerMessage::GameListRemove).boxed(),
        summary().prop_map(ServerMessage::Observe).boxed(),
        any::<u32>()
            .prop_map(|id| ServerMessage::AcceptRematch(SeekId(id)))
            .boxed(),
        any::<u32>()
            .prop_map(|id| ServerMessage::RematchSeekCreated(SeekId(id)))
            .boxed(),
    ])
    .boxed()
}

fn text_message() -> BoxedStrategy<ServerMessage> {
    Union::new(vec![
        text().prop_map(ServerMessage::Error).boxed(),
        text().prop_map(ServerMessage::Message).boxed(),
        text().prop_map(ServerMessage::RegistrationError).boxed(),
        text().prop_map(ServerMessage::ResetTokenError).boxed(),
        text().prop_map(ServerMessage::CmdReply).boxed(),
        text().prop_map(ServerMessage::SudoReply).boxed(),
        word().prop_map(ServerMessage::JoinedRoom).boxed(),
        (name(), text())
            .prop_map(|(from, text)| ServerMessage::Shout { from, text })
            .boxed(),
        (word(), name(), text())
            .prop_map(|(room, from, text)| ServerMessage::ShoutRoom { room, from, text })
            .boxed(),
        (name(), text())
            .prop_map(|(from, text)| ServerMessage::Tell { from, text })
            .boxed(),
        (name(), text())
            .prop_map(|(to, text)| ServerMessage::Told { to, text })
            .boxed(),
    ])
    .boxed()
}

fn any_message() -> impl Strategy<Value = ServerMessage> {
    prop_oneof![game_message(), lobby_message(), text_message()]
}

/// The starts of the server's lines, for random lines that get past the first word.
const HEADS: [&str; 16] = [
    "Game#1 ",
    "Game#1 M A1 ",
    "Game#2 P ",
    "Game Start 1 ",
    "Seek new 1 a ",
    "Seek remove ",
    "GameList Add 1 ",
    "Observe ",
    "Shout <",
    "ShoutRoom r <",
    "Tell <",
    "OnlinePlayers [",
    "Online ",
    "Welcome ",
    "Accept Rematch ",
    "",
];

proptest! {
    #[test]
    fn every_message_printed_reads_back_the_same(message in any_message()) {
        let line = message.to_string();
        prop_assert_eq!(parse(&line), Parsed::Message(message), "line {:?}", line);
    }

    #[test]
    fn a_move_sent_reads_back_as_the_move_relayed(game in game(), mv in server_move()) {
        let line = Command::Move { game, mv }.to_string();
        prop_assert_eq!(parse(&line), Parsed::Message(ServerMessage::Move { game, mv }));
    }

    #[test]
    fn a_line_that_does_not_read_is_quoted_within_the_limit(
        head in prop::sample::select(HEADS.to_vec()),
        tail in "[ -~é]{0,300}",
    ) {
        let line = format!("{head}{tail}");
        match parse(&line) {
            Parsed::Message(message) => prop_assert!(!message.to_string().is_empty()),
            Parsed::Unknown(quoted) | Parsed::Malformed { line: quoted, .. } => {
                prop_assert!(quoted.chars().count() <= QUOTE_LIMIT + 1);
                let kept = quoted.trim_end_matches('…');
                prop_assert!(line.starts_with(kept));
            }
        }
    }
}
