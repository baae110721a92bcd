//! Draws and takebacks between seats: a fake remote (the test passing on what the network
//! would say) and a keyboard ask and answer through the driver; a program answers by itself.

use super::*;
use crate::engine::Score;

fn keyboard_and_remote() -> Driver {
    Driver::new(game(5), ByColor::new(Seat::Keyboard, Seat::Remote))
}

#[test]
fn a_remote_offers_a_draw_and_the_keyboard_accepts_it() {
    let now = Instant::now();
    let mut driver = keyboard_and_remote();
    play_all(&mut driver, &["a1"], now);
    let events = driver.offer_draw(Color::Black, now).unwrap();
    assert_eq!(events, vec![DriverEvent::DrawOffered { by: Color::Black }]);
    assert_eq!(driver.draw_offered(), Some(Color::Black));
    assert_eq!(
        driver.answer_draw(Color::Black, true, now),
        Err(Refused::NoDrawOffered(Color::Black)),
        "not one's own offer"
    );
    let events = driver.answer_draw(Color::White, true, now).unwrap();
    assert_eq!(
        events,
        vec![
            DriverEvent::DrawAnswered {
                by: Color::White,
                accepted: true,
                score: None
            },
            DriverEvent::Ended(End::Off(Ending::AgreedDraw)),
        ]
    );
    assert_eq!(driver.session().record().result_token(), Some("1/2-1/2"));
}

#[test]
fn one_offer_a_side_a_move_and_an_offer_not_answered_lapses_with_the_next_move() {
    let now = Instant::now();
    let mut driver = keyboard_and_remote();
    driver.offer_draw(Color::White, now).unwrap();
    let events = driver.answer_draw(Color::Black, false, now).unwrap();
    assert_eq!(
        events,
        vec![DriverEvent::DrawAnswered {
            by: Color::Black,
            accepted: false,
            score: None
        }]
    );
    assert_eq!(
        driver.offer_draw(Color::White, now),
        Err(Refused::OfferedAlready)
    );
    // The remote offers in turn, and White plays on without answering.
    driver.offer_draw(Color::Black, now).unwrap();
    play_all(&mut driver, &["a1"], now);
    assert_eq!(driver.draw_offered(), None);
    assert_eq!(
        driver.answer_draw(Color::White, true, now),
        Err(Refused::NoDrawOffered(Color::White))
    );
    // A move later, White may offer again; the remote may withdraw its own.
    play_all(&mut driver, &["e5"], now);
    assert!(driver.offer_draw(Color::White, now).is_ok());
    assert_eq!(
        driver.withdraw_draw(Color::White),
        vec![DriverEvent::DrawWithdrawn { by: Color::White }]
    );
    assert!(!driver.is_over());
}

#[test]
fn a_takeback_asked_by_a_remote_is_put_to_the_keyboard_which_may_refuse() {
    let now = Instant::now();
    let mut driver = keyboard_and_remote();
    play_all(&mut driver, &["a1", "e5"], now);
    let events = driver
        .ask_takeback(Color::Black, Takeback::LastPly, now)
        .unwrap();
    assert_eq!(
        events,
        vec![DriverEvent::TakebackAsked {
            by: Color::Black,
            how: Takeback::LastPly
        }]
    );
    assert_eq!(
        driver.ask_takeback(Color::White, Takeback::LastPly, now),
        Err(Refused::TakebackWaiting)
    );
    let events = driver.answer_takeback(Color::White, false, now).unwrap();
    assert_eq!(
        events,
        vec![DriverEvent::TakebackAnswered {
            by: Color::White,
            accepted: false
        }]
    );
    assert_eq!(driver.session().record().plies().len(), 2);
    // Asked again and withdrawn: nothing is left to answer.
    driver
        .ask_takeback(Color::Black, Takeback::LastPly, now)
        .unwrap();
    assert_eq!(
        driver.withdraw_takeback(Color::Black),
        vec![DriverEvent::TakebackWithdrawn { by: Color::Black }]
    );
    assert_eq!(
        driver.answer_takeback(Color::White, true, now),
        Err(Refused::NoTakebackAsked(Color::White))
    );
    // Granted, the last ply goes.
    driver
        .ask_takeback(Color::Black, Takeback::LastPly, now)
        .unwrap();
    let events = driver.answer_takeback(Color::White, true, now).unwrap();
    assert!(events.contains(&DriverEvent::TookBack { plies: 1 }));
    assert_eq!(driver.position().to_move(), Color::Black);
}

#[test]
fn a_takeback_after_a_loss_on_time_is_refused() {
    let t0 = Instant::now();
    let mut driver = keyboard_and_remote().with_clock("1".parse().unwrap());
    play_all(&mut driver, &["a1", "e5"], t0);
    driver.poll(t0 + Duration::from_secs(61));
    assert_eq!(driver.session().lost_on_time(), Some(Color::White));
    assert_eq!(
        driver.ask_takeback(
            Color::White,
            Takeback::LastPly,
            t0 + Duration::from_secs(62)
        ),
        Err(Refused::TimeRanOut(Color::White))
    );
}

#[test]
fn a_program_takes_a_draw_when_lost_and_declines_one_when_level() {
    let now = Instant::now();
    // White, to move, has the road in one (b1): Black would rather draw.
    let mut driver = Driver::new(game(3), ByColor::new(Seat::Keyboard, Seat::Keyboard));
    play_all(&mut driver, &["c3", "c1", "a1", "a3"], now);
    driver.seat(Color::Black, computer(3));
    assert_eq!(driver.offer_draw(Color::White, now), Ok(Vec::new()));
    assert_eq!(driver.weighing_draw(), Some(Color::Black));
    assert_eq!(
        driver.play(Color::White, mv("b1"), now),
        Err(Refused::WeighingDraw(Color::Black)),
        "moves wait for the answer"
    );
    let events = drive_until(&mut driver, Driver::is_over);
    let answer = events
        .iter()
        .find_map(|e| match e {
            DriverEvent::DrawAnswered {
                by: Color::Black,
                accepted,
                score: Some(score),
            } => Some((*accepted, *score)),
            _ => None,
        })
        .unwrap();
    assert!(
        answer.0 && matches!(answer.1, Score::LossIn(_)),
        "{answer:?}"
    );
    assert_eq!(
        events.last(),
        Some(&DriverEvent::Ended(End::Off(Ending::AgreedDraw)))
    );
    // On an empty board nobody stands worse by two flats: declined, and play goes on.
    let mut driver = Driver::new(game(5), ByColor::new(Seat::Keyboard, computer(3)));
    driver.offer_draw(Color::White, now).unwrap();
    let events = drive_until(&mut driver, |d| d.weighing_draw().is_none());
    assert!(
        events.iter().any(|e| matches!(
            e,
            DriverEvent::DrawAnswered {
                by: Color::Black,
                accepted: false,
                score: Some(Score::Centiflats(_))
            }
        )),
        "{events:?}"
    );
    assert!(driver.play(Color::White, mv("a1"), Instant::now()).is_ok());
}

#[test]
fn a_program_thinking_of_its_move_judges_an_offer_by_that_search_and_moves() {
    let mut driver = Driver::new(game(5), ByColor::new(Seat::Remote, computer(2)));
    play_all(&mut driver, &["a1"], Instant::now());
    driver.poll(Instant::now());
    assert_eq!(
        driver.thinking().map(|t| (t.0, t.1)),
        Some((Color::Black, false))
    );
    assert_eq!(
        driver.offer_draw(Color::White, Instant::now()),
        Ok(Vec::new())
    );
    let events = drive_until(&mut driver, |d| d.session().record().plies().len() == 2);
    let answered = events
        .iter()
        .position(|e| {
            matches!(
                e,
                DriverEvent::DrawAnswered {
                    by: Color::Black,
                    accepted: false,
                    ..
                }
            )
        })
        .unwrap();
    assert!(matches!(
        events[answered + 1],
        DriverEvent::Moved {
            color: Color::Black,
            reasoning: Some(_),
            ..
        }
    ));
}
