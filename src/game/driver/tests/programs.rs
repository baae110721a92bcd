//! Programs at the driver's seats: taktui's engine at a low level on 3x3 answering a keyboard
//! and playing itself, takebacks granted to a person, and TEI engines that fail ruled on
//! both ways (a forfeit, or the side handed to a person).

use super::*;
use crate::game::session::{Loss, LossKind};

#[test]
fn the_computer_answers_a_keyboard_move_with_its_own_and_says_what_it_thought() {
    let now = Instant::now();
    let mut driver = Driver::new(game(3), ByColor::new(Seat::Keyboard, computer(2)));
    play_all(&mut driver, &["c3"], now);
    assert_eq!(
        driver.next_deadline(now),
        Some(Duration::ZERO),
        "its turn has come"
    );
    assert_eq!(
        driver.play(Color::Black, mv("a1"), now),
        Err(Refused::ProgramsSide(Color::Black))
    );
    let events = drive_until(&mut driver, |d| d.session().record().plies().len() == 2);
    let [
        DriverEvent::Moved {
            color: Color::Black,
            reasoning: Some(reasoning),
            ..
        },
    ] = &events[..]
    else {
        panic!("{events:?}")
    };
    assert!(reasoning.info.depth > 0, "{reasoning:?}");
    assert!(!driver.program_to_move());
    assert_eq!(driver.thinking(), None);
}

#[test]
fn two_computers_play_a_game_to_its_end() {
    let mut driver = Driver::new(game(3), ByColor::new(computer(1), computer(2)))
        .on_failure(OnFailure::Forfeit)
        .with_seed(7)
        .with_ply_limit(MAX_PLIES);
    let events = drive_until(&mut driver, Driver::is_over);
    let moves = events
        .iter()
        .filter(|e| matches!(e, DriverEvent::Moved { .. }))
        .count();
    assert_eq!(moves, driver.session().record().plies().len());
    assert!(matches!(
        events.last(),
        Some(DriverEvent::Ended(
            End::Board | End::Off(Ending::TooLong(_))
        ))
    ));
    assert!(driver.session().record().result_token().is_some());
}

#[test]
fn a_keyboard_takes_back_its_move_and_the_computers_reply_at_once_and_redoes_both() {
    let now = Instant::now();
    let mut driver = Driver::new(game(3), ByColor::new(Seat::Keyboard, computer(1)));
    play_all(&mut driver, &["c3"], now);
    drive_until(&mut driver, |d| d.session().record().plies().len() == 2);
    let events = driver
        .ask_takeback(Color::White, Takeback::ToMyMove, Instant::now())
        .unwrap();
    assert_eq!(events, vec![DriverEvent::TookBack { plies: 2 }]);
    assert!(driver.session().record().plies().is_empty());
    assert_eq!(driver.redo(Instant::now()), 2, "the reply comes back too");
    // A program grants a person at the board a takeback, but not a player elsewhere.
    let mut driver = Driver::new(game(3), ByColor::new(Seat::Remote, computer(1)));
    play_all(&mut driver, &["c3"], now);
    drive_until(&mut driver, |d| d.session().record().plies().len() == 2);
    let events = driver
        .ask_takeback(Color::White, Takeback::ToMyMove, Instant::now())
        .unwrap();
    assert_eq!(
        events,
        vec![DriverEvent::TakebackAnswered {
            by: Color::Black,
            accepted: false
        }]
    );
    assert_eq!(driver.session().record().plies().len(), 2);
}

/// A TEI engine that dies when asked for a move.
fn crashing() -> Seat {
    engine(
        "crash",
        "while read l; do case $l in tei) echo teiok;; isready) echo readyok;; \
         go*) echo 'segfault' >&2; exit 11;; esac; done",
    )
}

#[test]
fn a_program_that_fails_forfeits_when_told_so() {
    let mut driver = Driver::new(game(5), ByColor::new(Seat::Keyboard, crashing()))
        .on_failure(OnFailure::Forfeit);
    play_all(&mut driver, &["a1"], Instant::now());
    let events = drive_until(&mut driver, Driver::is_over);
    let DriverEvent::ProgramFailed { color, why, ruled } = &events[0] else {
        panic!("{events:?}")
    };
    assert_eq!((*color, *ruled), (Color::Black, OnFailure::Forfeit));
    assert!(why.contains("the engine stopped"), "{why}");
    assert!(matches!(
        &events[1],
        DriverEvent::Ended(End::Off(Ending::Lost(Loss {
            loser: Color::Black,
            how: LossKind::Forfeit(_)
        })))
    ));
    assert_eq!(driver.session().record().result_token(), Some("1-0"));
}

#[test]
fn a_program_that_sends_an_illegal_move_is_handed_to_a_person_at_the_board() {
    let liar = engine(
        "liar",
        "while read l; do case $l in tei) echo teiok;; isready) echo readyok;; \
         go*) echo 'info depth 1 score cp 5 pv a1'; echo 'bestmove a1';; quit) exit;; esac; done",
    );
    let mut driver = Driver::new(game(5), ByColor::new(Seat::Keyboard, liar));
    play_all(&mut driver, &["a1"], Instant::now());
    let events = drive_until(&mut driver, |d| d.seats()[Color::Black].is_keyboard());
    let [DriverEvent::ProgramFailed { color, why, ruled }] = &events[..] else {
        panic!("{events:?}")
    };
    assert_eq!((*color, *ruled), (Color::Black, OnFailure::HandOver));
    assert!(why.contains("not legal"), "{why}");
    assert!(!driver.is_over());
    assert!(driver.play(Color::Black, mv("e5"), Instant::now()).is_ok());
}
