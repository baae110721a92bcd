//! The driver with each kind of seat: keyboards, programs (taktui's engine at a low level on
//! 3x3, and a TEI engine that fails), and a fake remote standing for the network: the test
//! passes on its moves and answers as the online client will.

mod clocks;
mod offers;
mod pause;
mod programs;

use std::time::{Duration, Instant};

use super::*;
use crate::engine::{Engine, Level};
use crate::game::computer::Computer;
use crate::game::engines::EngineEntry;
use crate::game::players::Player;
use crate::game::seat::Program;
use crate::game::session::Ending;
use crate::record::GameRecord;
use crate::rules::{BoardSize, GameConfig};

/// A new game on a `size` board.
fn game(size: u8) -> Session {
    let config = GameConfig::new(BoardSize::new(size).unwrap());
    Session::new(GameRecord::for_config(config), None)
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// The computer at `level`, with a small table.
fn computer(level: u8) -> Seat {
    let player = Player::Computer(Level::new(level).unwrap());
    Seat::Program(Box::new(Program::new(
        player,
        Computer::new(Engine::new(1)),
    )))
}

/// A TEI engine run by `sh`: `script` answers the exchange.
fn engine(name: &str, script: &str) -> Seat {
    let entry = EngineEntry {
        name: name.to_owned(),
        command: crate::tei::EngineCommand {
            program: std::path::PathBuf::from("sh"),
            args: vec!["-c".to_owned(), script.to_owned()],
            dir: None,
        },
        options: Vec::new(),
        transcript: false,
    };
    Seat::for_player(&Player::Engine(entry))
}

/// Plays `moves` in turn from the keyboard or remote seats, at `now`; every event.
fn play_all(driver: &mut Driver, moves: &[&str], now: Instant) -> Vec<DriverEvent> {
    let mut events = Vec::new();
    for text in moves {
        let color = driver.position().to_move();
        events.extend(driver.play(color, mv(text), now).unwrap());
    }
    events
}

/// Polls (waiting for the programs in between) until `done` says so, or a minute passes,
/// which fails the test: every event on the way.
fn drive_until(driver: &mut Driver, done: impl Fn(&Driver) -> bool) -> Vec<DriverEvent> {
    let give_up = Instant::now() + Duration::from_secs(60);
    let mut events = Vec::new();
    while !done(driver) {
        assert!(Instant::now() < give_up, "no end: {events:?}");
        events.extend(driver.poll(Instant::now()));
        driver.wait(Duration::from_millis(20));
    }
    events
}

#[test]
fn two_keyboards_play_in_turn_and_a_road_ends_the_game() {
    let now = Instant::now();
    let mut driver = Driver::new(game(3), ByColor::new(Seat::Keyboard, Seat::Keyboard));
    assert_eq!(
        driver.play(Color::Black, mv("a1"), now),
        Err(Refused::NotYourTurn(Color::White))
    );
    let events = play_all(&mut driver, &["c3", "c1", "a1", "a3"], now);
    assert_eq!(events.len(), 4);
    assert_eq!(
        events[0],
        DriverEvent::Moved {
            color: Color::White,
            mv: mv("c3"),
            reasoning: None
        }
    );
    // A move the rules refuse leaves the game as it was.
    let before = driver.position().clone();
    assert!(matches!(
        driver.play(Color::White, mv("a1"), now),
        Err(Refused::Illegal(_))
    ));
    assert_eq!(driver.position(), &before);
    let events = play_all(&mut driver, &["b1"], now);
    assert_eq!(events.last(), Some(&DriverEvent::Ended(End::Board)));
    assert!(driver.is_over());
    assert_eq!(driver.session().record().result_token(), Some("R-0"));
    assert_eq!(
        driver.play(Color::Black, mv("b2"), now),
        Err(Refused::GameOver)
    );
    assert_eq!(driver.next_deadline(now), None, "nothing more to wait for");
}

#[test]
fn a_game_that_runs_too_long_is_drawn_at_the_limit() {
    let now = Instant::now();
    let mut driver =
        Driver::new(game(5), ByColor::new(Seat::Keyboard, Seat::Remote)).with_ply_limit(4);
    let events = play_all(&mut driver, &["a1", "e5", "b1"], now);
    assert!(!events.contains(&DriverEvent::Ended(End::Off(Ending::TooLong(4)))));
    let events = play_all(&mut driver, &["d5"], now);
    assert_eq!(
        events.last(),
        Some(&DriverEvent::Ended(End::Off(Ending::TooLong(4))))
    );
    assert_eq!(driver.session().record().result_token(), Some("1/2-1/2"));
}

#[test]
fn a_resignation_ends_the_game_and_only_it_is_taken_back() {
    let now = Instant::now();
    let mut driver = Driver::new(game(3), ByColor::new(Seat::Keyboard, Seat::Keyboard));
    play_all(&mut driver, &["c3", "c1"], now);
    let events = driver.resign(Color::White, now).unwrap();
    assert!(matches!(
        &events[..],
        [DriverEvent::Ended(End::Off(Ending::Lost(loss)))] if loss.loser == Color::White
    ));
    assert_eq!(driver.session().record().result_token(), Some("0-1"));
    let events = driver
        .ask_takeback(Color::White, Takeback::LastPly, now)
        .unwrap();
    assert_eq!(events, vec![DriverEvent::TookBack { plies: 0 }]);
    assert!(!driver.is_over());
    assert_eq!(driver.session().record().plies().len(), 2, "the plies stay");
}
