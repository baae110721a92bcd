//! Server moves read, written, and checked against positions.

use proptest::prelude::*;

use super::*;
use crate::rules::GameConfig;

fn words(text: &str) -> Vec<&str> {
    text.split(' ').collect()
}

fn read(text: &str) -> ServerMove {
    ServerMove::parse_words(&words(text)).unwrap()
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

fn start(size: u8) -> Position {
    Position::new(GameConfig::new(BoardSize::new(size).unwrap()))
}

fn played(size: u8, moves: &[&str]) -> Position {
    let mut position = start(size);
    for mv in moves {
        position
            .play(from_server(&position, read(mv)).unwrap())
            .unwrap();
    }
    position
}

#[test]
fn server_words_are_taktuis_moves() {
    let drops = |counts: &[u8]| Drops::from_counts(counts).unwrap();
    let cases = [
        ("P A1", Move::place(square("a1"), Role::Flat)),
        ("P H8 C", Move::place(square("h8"), Role::Cap)),
        ("P C3 W", Move::place(square("c3"), Role::Wall)),
        (
            "M A1 A3 1 1",
            Move::spread(square("a1"), Direction::Up, drops(&[1, 1])),
        ),
        (
            "M C3 C2 2",
            Move::spread(square("c3"), Direction::Down, drops(&[2])),
        ),
        (
            "M E5 B5 1 2 3",
            Move::spread(square("e5"), Direction::Left, drops(&[1, 2, 3])),
        ),
        (
            "M A8 H8 1 1 1 1 1 1 1",
            Move::spread(square("a8"), Direction::Right, drops(&[1; 7])),
        ),
    ];
    for (text, mv) in cases {
        assert_eq!(read(text).to_move(), mv, "{text}");
        assert_eq!(ServerMove::new(mv).unwrap().to_string(), text);
    }
}

#[test]
fn words_that_are_no_move_say_why() {
    let bad = |text: &str| ServerMove::parse_words(&words(text)).unwrap_err();
    assert_eq!(bad("P"), BadServerMove::Form);
    assert_eq!(bad("M A1 A2"), BadServerMove::Form);
    assert_eq!(bad("Q A1"), BadServerMove::Form);
    assert_eq!(bad("P A1 C W"), BadServerMove::Form);
    assert_eq!(bad("P I1"), BadServerMove::Square("I1".into()));
    assert_eq!(bad("P A9"), BadServerMove::Square("A9".into()));
    assert_eq!(bad("P A1 F"), BadServerMove::Piece("F".into()));
    assert_eq!(bad("M A1 A2 x"), BadServerMove::Drop("x".into()));
    assert_eq!(bad("M A1 A2 +1"), BadServerMove::Drop("+1".into()));
    assert_eq!(bad("M A1 A2 9"), BadServerMove::Drop("9".into()));
    assert_eq!(
        bad("M A1 A1 1"),
        BadServerMove::NotStraight {
            from: "A1".into(),
            to: "A1".into()
        }
    );
    assert_eq!(
        bad("M A1 B2 1"),
        BadServerMove::NotStraight {
            from: "A1".into(),
            to: "B2".into()
        }
    );
    assert_eq!(
        bad("M A1 A4 1 1"),
        BadServerMove::DropsDoNotFit {
            squares: 3,
            drops: 2
        }
    );
    assert_eq!(bad("M A1 A3 4 5"), BadServerMove::TooMany(9));
}

#[test]
fn a_move_off_this_board_is_refused() {
    let position = start(5);
    let error = from_server(&position, read("P F1")).unwrap_err();
    assert_eq!(error.to_string(), "P F1: f1 is off the 5x5 board");
    let mid = played(5, &["P A1", "P E5"]);
    let error = from_server(&mid, read("M E5 F5 1")).unwrap_err();
    let f5 = square("f5");
    assert!(matches!(error, ServerMoveError::OffBoard { square, .. } if square == f5));
}

#[test]
fn a_move_the_rules_refuse_says_why() {
    let position = played(5, &["P A1", "P E5"]);
    let occupied = from_server(&position, read("P A1")).unwrap_err();
    assert_eq!(
        occupied,
        ServerMoveError::Illegal {
            mv: read("P A1"),
            why: IllegalMove::Occupied {
                square: square("a1")
            }
        }
    );
    assert!(
        occupied
            .to_string()
            .starts_with("P A1 is not legal here: a1 is occupied")
    );
    let wall_first = from_server(&start(5), read("P C3 W")).unwrap_err();
    assert!(matches!(
        wall_first,
        ServerMoveError::Illegal {
            why: IllegalMove::OpeningMustBeFlat,
            ..
        }
    ));
    // White placed Black's flat on a1 in the opening: White cannot move it.
    let not_theirs = from_server(&position, read("M A1 A2 1")).unwrap_err();
    assert!(
        matches!(
            not_theirs,
            ServerMoveError::Illegal {
                why: IllegalMove::NotYourStack { .. },
                ..
            }
        ),
        "{not_theirs}"
    );
    assert!(to_server(&position, Move::place(square("a1"), Role::Flat)).is_err());
}

#[test]
fn a_spread_off_the_largest_board_cannot_be_written() {
    let drops = Drops::from_counts(&[1]).unwrap();
    let mv = Move::spread(square("h1"), Direction::Right, drops);
    assert_eq!(
        ServerMove::new(mv),
        Err(ServerMoveError::Unwritable(square("h1")))
    );
    assert_eq!(
        to_server(&start(8), mv),
        Err(ServerMoveError::Unwritable(square("h1")))
    );
}

/// A position reached by random legal moves: `picks` choose among the legal moves.
fn random_position(size: u8, picks: &[u16]) -> Position {
    let mut position = start(size);
    for &pick in picks {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position
            .play(moves[usize::from(pick) % moves.len()])
            .unwrap();
    }
    position
}

proptest! {
    #[test]
    fn every_legal_move_goes_to_the_server_and_back(
        size in 3u8..=8,
        picks in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let position = random_position(size, &picks);
        for mv in position.legal_moves() {
            let server = to_server(&position, mv).unwrap();
            let text = server.to_string();
            let read = ServerMove::parse_words(&words(&text)).unwrap();
            prop_assert_eq!(read, server, "{}", text);
            prop_assert_eq!(from_server(&position, read), Ok(mv), "{}", text);
        }
    }
}

/// Plays server moves in order, each checked by taktui's rules.
fn replay(size: u8, moves: &[&str]) -> Position {
    let mut position = start(size);
    for text in moves {
        let mv = from_server(&position, read(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
        position.play(mv).unwrap();
    }
    position
}

#[test]
fn a_game_played_on_the_real_server_ends_as_the_server_said() {
    // Game 1 of a session with the server in shared/playtak-server, which ended `Over R-0`.
    let moves = ["P A1", "P C3", "P A2", "P C2", "P B3", "P C1", "P A3"];
    let position = replay(3, &moves);
    assert_eq!(position.result().ptn(), Some("R-0"));
}

#[test]
fn taktuis_rules_refuse_what_the_real_server_refused() {
    // The server answered `Error:Invalid move` to this spread of a one-piece stack over two
    // squares.
    let position = replay(5, &["P A1", "P E5", "P B1 C", "P A2 W"]);
    assert!(matches!(
        from_server(&position, read("M B1 B3 1 1")),
        Err(ServerMoveError::Illegal { .. })
    ));
    // And accepted the single step, played after an undo.
    assert!(from_server(&position, read("M B1 B2 1")).is_ok());
}
