//! Kaen and Locke against the computer at the screen, as a person plays: the computer's
//! turns come on their own while the screen stays live, a person's key on its turn is
//! refused, undo goes back to the person's turn, and the hint key says what to do.

use std::time::{Duration, Instant};

use crate::common::{self, press};
use taktui::engine::Level;
use taktui::game::kaen::{Die, KaenSession};
use taktui::game::locke::LockeSession;
use taktui::game::store::Keeper;
use taktui::kaen::{Action, Phase, Player, SeriesConfig};
use taktui::locke::{Config, Player as Side};
use taktui::record::Tags;
use taktui::tui::screens::{KaenScreen, LockeScreen};
use taktui::tui::{App, Screen};

fn status(app: &App) -> String {
    app.status().map(|s| s.text.clone()).unwrap_or_default()
}

fn locke(app: &App) -> &LockeScreen {
    match app.screen() {
        Screen::Locke(screen) => screen,
        other => panic!("not Locke: {other:?}"),
    }
}

fn kaen(app: &App) -> &KaenScreen {
    match app.screen() {
        Screen::Kaen(screen) => screen,
        other => panic!("not Kaen: {other:?}"),
    }
}

/// Ticks the app (its clock a second on each time) until `done`, or fails after 60 seconds.
fn tick_until(app: &mut App, now: &mut Instant, done: impl Fn(&App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(app) {
        assert!(Instant::now() < deadline, "the computer never answered");
        *now += Duration::from_secs(1);
        app.set_time(*now);
        app.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Presses `H` and ticks until the hint thought on its thread is said.
fn hint(app: &mut App, now: &mut Instant) {
    press(app, "H");
    assert!(status(app).starts_with("hint: thinking"), "{}", status(app));
    tick_until(app, now, |app| {
        !status(app).starts_with("hint: thinking") && !status(app).is_empty()
    });
}

#[test]
fn locke_the_computer_replies_on_the_screen_and_undo_and_the_hint_work() {
    let session = LockeSession::new(Config::classic(), Side::White, Tags::default());
    let screen = LockeScreen::new(session).with_computer(Side::Black, Level::new(4).unwrap());
    let mut app = App::new(Screen::Locke(screen), common::options(), Keeper::default());
    let mut now = Instant::now();
    app.set_time(now);
    press(&mut app, ": \"c2+\" Enter Esc");
    assert_eq!(locke(&app).session().record().turns().len(), 1);
    // Black's turn is the computer's: the screen wants ticks, and refuses a person's turn.
    assert!(app.wake_after().is_some());
    press(&mut app, ": \"c4-\" Enter");
    assert!(
        status(&app).contains("the computer's to move"),
        "{}",
        status(&app)
    );
    press(&mut app, "Esc");
    assert_eq!(locke(&app).session().record().turns().len(), 1);
    tick_until(&mut app, &mut now, |app| {
        locke(app).session().record().turns().len() == 2
    });
    let position = locke(&app).position().clone();
    assert_eq!(position.to_move(), Side::White);
    assert!(status(&app).starts_with("Black:"), "{}", status(&app));
    // The hint names a turn the rules allow White now.
    hint(&mut app, &mut now);
    let hint = status(&app);
    let legal: Vec<String> = position
        .legal_turns()
        .iter()
        .map(ToString::to_string)
        .collect();
    let named = hint
        .strip_prefix("hint: ")
        .and_then(|rest| rest.split_whitespace().next())
        .map(|t| t.trim_end_matches(':').trim_end_matches('x').to_owned())
        .unwrap_or_default();
    assert!(
        legal.contains(&named),
        "{hint} names {named:?}, not one of {legal:?}"
    );
    // Undo takes back the computer's reply and the person's turn with it.
    press(&mut app, "u");
    assert!(locke(&app).session().record().turns().is_empty());
    assert_eq!(locke(&app).position().to_move(), Side::White);
    assert!(!locke(&app).is_thinking());
}

#[test]
fn locke_two_computers_play_a_game_to_its_end_on_the_screen() {
    let session = LockeSession::new(Config::classic(), Side::White, Tags::default());
    let screen = LockeScreen::new(session)
        .with_computer(Side::White, Level::new(2).unwrap())
        .with_computer(Side::Black, Level::new(3).unwrap());
    let mut app = App::new(Screen::Locke(screen), common::options(), Keeper::default());
    let mut now = Instant::now();
    tick_until(&mut app, &mut now, |app| {
        locke(app).position().ending().is_some() || locke(app).position().turns() >= 150
    });
    assert!(!locke(&app).session().record().turns().is_empty());
}

/// A series of one game that Player 1 starts, Player 2 the computer at `level`, the die
/// seeded.
fn kaen_against(level: u8) -> App {
    let config = SeriesConfig::new(100, 2, 1, false).unwrap();
    let session = KaenSession::new(config, Player::One, Tags::default());
    let screen = KaenScreen::new(session)
        .with_die(Die::seeded(7))
        .with_computer(Player::Two, Level::new(level).unwrap());
    App::new(Screen::Kaen(screen), common::options(), Keeper::default())
}

#[test]
fn kaen_the_computer_plays_its_turns_and_the_game_ends() {
    let mut app = kaen_against(5);
    let mut now = Instant::now();
    app.set_time(now);
    let mut hinted = false;
    let mut computer_acted = false;
    let mut computer_roll_told = false;
    for _ in 0..200 {
        let screen = kaen(&app);
        if screen.reviewing() || screen.session().record().series().end().is_some() {
            break;
        }
        let game = screen.session().record().series().game().clone();
        if game.actor() == Player::Two {
            // The computer's turn: a person's key is refused, then it acts on its own.
            let before = screen.session().record().actions().len();
            press(&mut app, "Enter");
            if game.phase() == Phase::BeforeRoll {
                assert!(
                    status(&app).contains("the computer is deciding"),
                    "{}",
                    status(&app)
                );
            }
            tick_until(&mut app, &mut now, |app| {
                let screen = kaen(app);
                screen.session().record().actions().len() > before
            });
            computer_acted = true;
            // Its die lands: the roll is told without the keys a person would press.
            now += Duration::from_secs(2);
            app.set_time(now);
            app.tick();
            if status(&app).starts_with("Player 2 rolled") {
                assert!(!status(&app).contains("arrows"), "{}", status(&app));
                computer_roll_told = true;
            }
            continue;
        }
        let keys = match game.phase() {
            Phase::BeforeRoll if !hinted => {
                hint(&mut app, &mut now);
                assert!(status(&app).starts_with("hint: "), "{}", status(&app));
                assert!(
                    status(&app).contains("chance of winning"),
                    "{}",
                    status(&app)
                );
                hinted = true;
                "Enter"
            }
            Phase::BeforeRoll | Phase::Place(_) => "Enter",
            Phase::FullRow(_) | Phase::DoubleOffered => "f",
            Phase::Over(_) => break,
        };
        press(&mut app, keys);
        // The die lands.
        now += Duration::from_secs(2);
        app.set_time(now);
        app.tick();
    }
    assert!(computer_acted && hinted && computer_roll_told);
    let series = kaen(&app).session().record().series();
    assert_eq!(series.played().len(), 1, "the game was played to its end");
}

#[test]
fn kaen_the_hint_chooses_the_square_to_place_on() {
    let mut app = kaen_against(1);
    let mut now = Instant::now();
    app.set_time(now);
    press(&mut app, "Enter");
    now += Duration::from_secs(2);
    app.set_time(now);
    app.tick();
    assert!(matches!(
        kaen(&app).session().record().series().game().phase(),
        Phase::Place(_)
    ));
    hint(&mut app, &mut now);
    assert!(
        status(&app).contains("place on the square now chosen"),
        "{}",
        status(&app)
    );
    let chosen = kaen(&app).chosen().unwrap();
    press(&mut app, "Enter");
    let board = kaen(&app)
        .session()
        .record()
        .series()
        .game()
        .board()
        .clone();
    assert_eq!(board.at(chosen), Some(Player::One));
}

#[test]
fn kaen_undo_against_the_computer_stops_at_its_roll() {
    let mut app = kaen_against(3);
    let mut now = Instant::now();
    app.set_time(now);
    // The person rolls, the die lands, and they place.
    press(&mut app, "Enter");
    now += Duration::from_secs(2);
    app.set_time(now);
    app.tick();
    press(&mut app, "Enter");
    // The computer rolls and places: the person's turn again.
    tick_until(&mut app, &mut now, |app| {
        let game = kaen(app).session().record().series().game();
        game.actor() == Player::One && game.phase() == Phase::BeforeRoll
    });
    let before = kaen(&app).session().record().actions().to_vec();
    let n = before.len();
    assert!(
        matches!(before[n - 2..], [Action::Roll(_), Action::Place(_)]),
        "{before:?}"
    );
    // Undo takes back the computer's placement, but its roll stands, as a person's does.
    press(&mut app, "u");
    assert!(status(&app).starts_with("took back"), "{}", status(&app));
    let after = kaen(&app).session().record().actions().to_vec();
    assert_eq!(after, before[..n - 1]);
    assert_eq!(
        kaen(&app).session().record().series().game().actor(),
        Player::Two
    );
}

#[test]
fn locke_the_screen_answers_keys_while_a_hint_is_thought_and_esc_stops_it() {
    let session = LockeSession::new(Config::classic(), Side::White, Tags::default());
    let screen = LockeScreen::new(session).with_computer(Side::Black, Level::new(10).unwrap());
    let mut app = App::new(Screen::Locke(screen), common::options(), Keeper::default());
    let mut now = Instant::now();
    app.set_time(now);
    // The hint is thought on its own thread: the key comes back at once, still thinking,
    // and the screen asks to be woken for its answer.
    press(&mut app, "H");
    assert!(locke(&app).is_hinting());
    assert!(app.wake_after().is_some());
    assert!(
        status(&app).starts_with("hint: thinking"),
        "{}",
        status(&app)
    );
    // Meanwhile the keys work: the cursor moves, the rules open and close.
    let cursor = locke(&app).cursor();
    press(&mut app, "Left");
    assert_ne!(locke(&app).cursor(), cursor);
    assert!(locke(&app).is_hinting());
    press(&mut app, "r Esc");
    assert!(locke(&app).is_hinting());
    // Esc stops it, and says so; nothing more comes of it.
    press(&mut app, "Esc");
    assert!(!locke(&app).is_hinting());
    assert_eq!(status(&app), "hint stopped");
    now += Duration::from_secs(1);
    app.set_time(now);
    app.tick();
    assert_eq!(status(&app), "hint stopped");
    // Asked again, it comes, and names a turn White may play.
    hint(&mut app, &mut now);
    assert!(
        status(&app).starts_with("hint: ") && !locke(&app).is_hinting(),
        "{}",
        status(&app)
    );
    let legal: Vec<String> = locke(&app)
        .position()
        .legal_turns()
        .iter()
        .map(ToString::to_string)
        .collect();
    let named = status(&app)
        .strip_prefix("hint: ")
        .and_then(|rest| rest.split_whitespace().next())
        .map(|t| t.trim_end_matches(':').trim_end_matches('x').to_owned())
        .unwrap_or_default();
    assert!(legal.contains(&named), "{named:?} not in {legal:?}");
}

#[test]
fn kaen_the_screen_answers_keys_while_a_hint_is_thought_and_esc_stops_it() {
    let mut app = kaen_against(10);
    let mut now = Instant::now();
    app.set_time(now);
    press(&mut app, "H");
    assert!(kaen(&app).is_hinting());
    assert!(app.wake_after().is_some());
    // The rules pages open and close while it thinks; learning hints go on.
    press(&mut app, "r Esc L");
    assert!(kaen(&app).is_hinting());
    assert!(kaen(&app).is_learning());
    press(&mut app, "Esc");
    assert!(!kaen(&app).is_hinting());
    assert_eq!(status(&app), "hint stopped");
    // A hint about a moment since left is dropped: roll while it thinks.
    press(&mut app, "H Enter");
    now += Duration::from_secs(2);
    app.set_time(now);
    app.tick();
    app.tick();
    assert!(!kaen(&app).is_hinting());
    assert!(
        !status(&app).starts_with("hint: "),
        "a stale hint was said: {}",
        status(&app)
    );
}
