//! The clocks under the driver, with the time passed in: started by the first ply or at the
//! start, switched by each ply, a flag falling at the exact instant, paused, and told from
//! outside.

use super::*;
use crate::game::session::{Loss, LossKind};

const fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn clocked(control: &str) -> Driver {
    Driver::new(game(5), ByColor::new(Seat::Keyboard, Seat::Remote))
        .with_clock(control.parse().unwrap())
}

#[test]
fn a_flag_falls_at_the_exact_instant_the_time_runs_out() {
    let t0 = Instant::now();
    let mut driver = clocked("1");
    assert_eq!(
        driver.session().record().tags().get("Clock"),
        Some("1:0 +0")
    );
    driver.start(t0);
    assert_eq!(driver.next_deadline(t0 + secs(59)), Some(secs(1)));
    let just_before = t0 + secs(59) + Duration::from_nanos(999_999_999);
    assert_eq!(driver.poll(just_before), vec![]);
    assert!(!driver.is_over());
    // At the instant: a move is refused, and the poll ends the game on time.
    assert_eq!(
        driver.play(Color::White, mv("a1"), t0 + secs(60)),
        Err(Refused::TimeUp(Color::White))
    );
    let events = driver.poll(t0 + secs(60));
    assert_eq!(
        events,
        vec![DriverEvent::Ended(End::Off(Ending::Lost(Loss {
            loser: Color::White,
            how: LossKind::Time
        })))]
    );
    assert_eq!(driver.session().record().result_token(), Some("0-1"));
    assert_eq!(driver.clock().unwrap().running(), None, "the clocks stop");
    assert_eq!(driver.poll(t0 + secs(100)), vec![], "said once");
}

#[test]
fn without_a_start_the_clocks_start_with_the_first_ply_and_each_ply_switches_them() {
    let t0 = Instant::now();
    let mut driver = clocked("1+2");
    // White thinks a long time over the first move: its clock was not running.
    assert_eq!(driver.poll(t0 + secs(1000)), vec![]);
    assert_eq!(driver.next_deadline(t0), None);
    let at = t0 + secs(1000);
    play_all(&mut driver, &["a1"], at);
    let clock = driver.clock().unwrap();
    assert_eq!(clock.running(), Some(Color::Black));
    assert_eq!(
        clock.left(Color::White, at + secs(5)),
        secs(62),
        "with its increment"
    );
    assert_eq!(clock.left(Color::Black, at + secs(5)), secs(55));
    play_all(&mut driver, &["e5"], at + secs(5));
    let clock = driver.clock().unwrap();
    assert_eq!(clock.running(), Some(Color::White));
    assert_eq!(clock.left(Color::Black, at + secs(9)), secs(57));
    assert_eq!(clock.left(Color::White, at + secs(9)), secs(58));
}

#[test]
fn paused_clocks_hold_the_moves_until_they_run_again() {
    let t0 = Instant::now();
    let mut driver = clocked("1");
    play_all(&mut driver, &["a1"], t0);
    driver.pause(t0 + secs(10));
    assert!(driver.paused());
    assert_eq!(
        driver.play(Color::Black, mv("e5"), t0 + secs(20)),
        Err(Refused::Paused)
    );
    assert_eq!(
        driver.poll(t0 + secs(500)),
        vec![],
        "no flag falls while paused"
    );
    assert!(driver.unpause(t0 + secs(500)));
    assert_eq!(
        driver.clock().unwrap().left(Color::Black, t0 + secs(505)),
        secs(45),
        "the pause was not charged"
    );
    assert!(driver.play(Color::Black, mv("e5"), t0 + secs(505)).is_ok());
}

#[test]
fn a_time_told_from_outside_is_the_truth_and_a_takeback_takes_the_increment_back() {
    let t0 = Instant::now();
    let mut driver = clocked("1+3");
    driver.start(t0);
    play_all(&mut driver, &["a1"], t0 + secs(4));
    play_all(&mut driver, &["e5"], t0 + secs(6));
    // The server says how much each has left.
    driver.set_time_left(ByColor::new(secs(50), secs(40)), t0 + secs(7));
    assert_eq!(driver.next_deadline(t0 + secs(7)), Some(secs(50)));
    assert_eq!(
        driver.clock().unwrap().left(Color::White, t0 + secs(10)),
        secs(47)
    );
    play_all(&mut driver, &["b1"], t0 + secs(10));
    // The remote agrees to take White's ply back: White's clock runs again, less the
    // increment it gained; Black's time spent meanwhile is not given back.
    let asked = driver
        .ask_takeback(Color::White, Takeback::ToMyMove, t0 + secs(15))
        .unwrap();
    assert_eq!(
        asked,
        vec![DriverEvent::TakebackAsked {
            by: Color::White,
            how: Takeback::ToMyMove
        }]
    );
    let events = driver
        .answer_takeback(Color::Black, true, t0 + secs(15))
        .unwrap();
    assert!(events.contains(&DriverEvent::TookBack { plies: 1 }));
    let clock = driver.clock().unwrap();
    assert_eq!(clock.running(), Some(Color::White));
    assert_eq!(clock.left(Color::White, t0 + secs(15)), secs(47));
    assert_eq!(clock.left(Color::Black, t0 + secs(15)), secs(35));
}

#[test]
fn with_the_time_kept_elsewhere_no_flag_falls_here_and_the_loss_is_told() {
    let t0 = Instant::now();
    let mut driver = clocked("1").with_time_told();
    driver.start(t0);
    play_all(&mut driver, &["a1"], t0 + secs(1));
    assert_eq!(driver.next_deadline(t0 + secs(1)), None);
    assert_eq!(
        driver.poll(t0 + secs(120)),
        vec![],
        "the server says when time is up"
    );
    assert_eq!(
        driver
            .play(Color::Black, mv("e5"), t0 + secs(120))
            .map(|_| ()),
        Ok(()),
        "a move the server took in time is played"
    );
    assert_eq!(
        driver.ended_elsewhere(None, t0 + secs(121)),
        Err(Refused::NotOverHere),
        "no road or full board here"
    );
    let loss = Loss {
        loser: Color::White,
        how: LossKind::Time,
    };
    let events = driver
        .ended_elsewhere(Some(Ending::Lost(loss.clone())), t0 + secs(121))
        .unwrap();
    assert_eq!(
        events,
        vec![DriverEvent::Ended(End::Off(Ending::Lost(loss)))]
    );
    assert_eq!(driver.session().lost_on_time(), Some(Color::White));
    assert_eq!(driver.session().record().result_token(), Some("0-1"));
}
