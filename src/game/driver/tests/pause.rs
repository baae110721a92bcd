//! The natural pause before the move of the computer at a low level: held until it is over,
//! never charged to its clock.

use super::*;

#[test]
fn a_low_level_pauses_before_its_move_and_the_pause_is_not_on_its_clock() {
    let start = Instant::now();
    let mut driver = Driver::new(game(5), ByColor::new(Seat::Keyboard, computer(1)))
        .with_clock("1+0".parse().unwrap());
    driver.set_natural_pause(true);
    play_all(&mut driver, &["a1"], start);
    // The made-up time stands 100 ms after White's move while the search runs and ends.
    let chosen = start + Duration::from_millis(100);
    let give_up = Instant::now() + Duration::from_secs(60);
    let mut events = Vec::new();
    while driver
        .next_deadline(chosen)
        .is_none_or(|next| next <= program::LOOK)
    {
        assert!(Instant::now() < give_up, "no move chosen");
        events.extend(driver.poll(chosen));
        driver.wait(Duration::from_millis(20));
    }
    assert!(events.is_empty(), "held, not played: {events:?}");
    assert!(driver.thinking().is_some(), "seen thinking meanwhile");
    let due = chosen + driver.next_deadline(chosen).unwrap();
    assert!(
        due >= start + super::super::pause::SHORTEST,
        "at least the shortest pause"
    );
    assert!(
        driver
            .poll(due.checked_sub(Duration::from_millis(1)).unwrap())
            .is_empty()
    );
    let events = driver.poll(due);
    assert!(
        matches!(
            events[0],
            DriverEvent::Moved {
                color: Color::Black,
                ..
            }
        ),
        "{events:?}"
    );
    // Only the 100 ms of thought is on Black's clock.
    let clock = driver.clock().unwrap();
    assert_eq!(clock.left(Color::Black, due), Duration::from_millis(59_900));
}

#[test]
fn without_the_pause_the_move_is_played_as_soon_as_it_is_chosen() {
    let start = Instant::now();
    let mut driver = Driver::new(game(5), ByColor::new(Seat::Keyboard, computer(1)));
    play_all(&mut driver, &["a1"], start);
    let give_up = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(Instant::now() < give_up, "no move");
        let events = driver.poll(start);
        if !events.is_empty() {
            assert!(matches!(events[0], DriverEvent::Moved { .. }), "{events:?}");
            break;
        }
        driver.wait(Duration::from_millis(20));
    }
}
