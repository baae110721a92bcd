//! Games with clocks, driven by keys and made-up time: the side to move's clock runs, the
//! increment comes after each ply, `p` pauses, and running out of time loses the game.

use std::time::{Duration, Instant};

use crate::common::{self, options, play, press, type_moves};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use taktui::game::Session;
use taktui::record::GameRecord;
use taktui::rules::{BoardSize, Color, GameConfig};
use taktui::tui::screens::PlayScreen;
use taktui::tui::{App, Dialog};

fn text(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal.draw(|frame| app.render(frame)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..30)
        .map(|y| {
            (0..100)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn clocked_game() -> App {
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    let play = PlayScreen::new(Session::new(record, None)).with_clock("1+2".parse().unwrap());
    let mut app = App::playing(play, options());
    app.handle(&ratatui::crossterm::event::Event::Resize(100, 30));
    app
}

#[test]
fn the_side_to_move_runs_pauses_and_loses_when_time_is_up() {
    let start = Instant::now();
    let mut app = clocked_game();
    app.set_time(start);
    assert_eq!(
        play(&app).session().record().tags().get("Clock"),
        Some("1:0 +2"),
        "the record says how the game was timed"
    );
    assert_eq!(app.wake_after(), None, "nothing runs before the first ply");
    type_moves(&mut app, &["a1"]);
    app.set_time(start + Duration::from_secs(10));
    let screen = text(&app);
    assert!(screen.contains("White  1:02"), "White gained 2 s: {screen}");
    assert!(
        screen.contains("Black  0:50"),
        "Black's clock runs: {screen}"
    );
    assert!(app.wake_after().is_some(), "the screen wakes for the clock");
    press(&mut app, "p");
    app.set_time(start + Duration::from_secs(100));
    let screen = text(&app);
    assert!(
        screen.contains("Black  0:50  paused (p)"),
        "paused: {screen}"
    );
    press(&mut app, "p");
    assert!(!text(&app).contains("paused"), "running again");
    app.set_time(start + Duration::from_secs(149));
    app.tick();
    assert!(app.dialog().is_none(), "1 s left");
    app.set_time(start + Duration::from_secs(150));
    app.tick();
    let Some(Dialog::GameOver(_)) = app.dialog() else {
        panic!("the game is over on time")
    };
    let screen = text(&app);
    assert!(screen.contains("White wins on time: 1-0"), "{screen}");
    assert!(screen.contains("Black ran out of time."), "{screen}");
    let session = play(&app).session();
    assert_eq!(session.lost_on_time(), Some(Color::Black));
    assert_eq!(session.record().result_token(), Some("1-0"));
    assert_eq!(session.record().tags().get("Result"), Some("1-0"));
    press(&mut app, "Esc");
    type_moves(&mut app, &["e5"]);
    assert_eq!(
        play(&app).session().record().plies().len(),
        1,
        "no move after the flag fell"
    );
}

#[test]
fn the_panel_says_the_clocks_start_with_the_first_move_until_it_is_played() {
    let start = Instant::now();
    let mut app = clocked_game();
    app.set_time(start + Duration::from_secs(30));
    let screen = text(&app);
    assert!(
        screen.contains("Clocks start with the first move."),
        "{screen}"
    );
    assert!(screen.contains("White  1:00"), "{screen}");
    type_moves(&mut app, &["a1"]);
    let screen = text(&app);
    assert!(screen.contains("1. a1"), "the move is played: {screen}");
    assert!(!screen.contains("Clocks start"), "{screen}");
}

#[test]
fn taking_a_ply_back_takes_its_increment_and_the_time_loss_back() {
    let start = Instant::now();
    let mut app = clocked_game();
    app.set_time(start);
    type_moves(&mut app, &["a1"]);
    app.set_time(start + Duration::from_secs(61));
    app.tick();
    assert_eq!(play(&app).session().lost_on_time(), Some(Color::Black));
    press(&mut app, "u");
    assert_eq!(play(&app).session().lost_on_time(), None);
    assert_eq!(play(&app).session().record().result_token(), None);
    assert!(play(&app).session().record().plies().is_empty());
    assert_eq!(
        app.wake_after(),
        None,
        "no clock runs before the first ply again"
    );
}

#[test]
fn after_a_loss_on_time_later_in_the_game_undo_says_it_gives_no_time_back() {
    let start = Instant::now();
    let mut app = clocked_game();
    app.set_time(start);
    type_moves(&mut app, &["a1", "e5"]);
    // White's 60 s and the 2 s increment of a1 are gone.
    app.set_time(start + Duration::from_secs(62));
    app.tick();
    assert_eq!(play(&app).session().lost_on_time(), Some(Color::White));
    // The game-over dialog does not offer it; asked all the same, the dialog stays open
    // since nothing was taken back.
    let shown = common::screen_text(&mut app, 100, 30);
    assert!(shown.contains("n new game"), "{shown}");
    assert!(!shown.contains("u undo"), "{shown}");
    press(&mut app, "u");
    assert!(matches!(app.dialog(), Some(Dialog::GameOver(_))));
    // On the board, the key bar offers what comes next, not moves nor undo.
    press(&mut app, "Esc");
    let bar = play(&app).key_bar();
    assert!(bar.iter().any(|(_, what)| *what == "new"), "{bar:?}");
    assert!(
        !bar.iter()
            .any(|(_, what)| ["undo", "place", "move"].contains(what)),
        "{bar:?}"
    );
    press(&mut app, "u");
    assert_eq!(
        app.status().unwrap().text,
        "White's time ran out: taking plies back gives no time back (n starts a new game)"
    );
    assert_eq!(play(&app).session().lost_on_time(), Some(Color::White));
    assert_eq!(
        play(&app).session().record().plies().len(),
        2,
        "nothing taken"
    );
}

#[test]
fn undo_takes_the_increment_back_and_pause_holds_moves() {
    let start = Instant::now();
    let mut app = clocked_game();
    app.set_time(start);
    type_moves(&mut app, &["a1"]);
    app.set_time(start + Duration::from_secs(5));
    type_moves(&mut app, &["e5"]);
    // White 62 s after a1; Black 60 - 5 + 2 = 57 s after e5.
    app.set_time(start + Duration::from_secs(5));
    let clock = play(&app).clock().unwrap();
    assert_eq!(
        clock.left(Color::Black, start + Duration::from_secs(5)),
        Duration::from_secs(57)
    );
    press(&mut app, "u");
    let clock = play(&app).clock().unwrap();
    assert_eq!(
        clock.left(Color::Black, start + Duration::from_secs(5)),
        Duration::from_secs(55),
        "e5's increment went with it"
    );
    assert_eq!(clock.running(), Some(Color::Black));
    // Paused: moves wait.
    press(&mut app, "p");
    assert!(play(&app).paused());
    type_moves(&mut app, &["e5"]);
    assert_eq!(
        play(&app).session().record().plies().len(),
        1,
        "no move while paused"
    );
    // Typed, the refusal says how to start them from the typing line, where p is notation.
    press(&mut app, ": \"e5\" Enter");
    let said = &app.status().unwrap().text;
    assert!(said.contains("Esc, then p, starts them again"), "{said}");
    press(&mut app, "Esc Esc p");
    type_moves(&mut app, &["e5"]);
    assert_eq!(play(&app).session().record().plies().len(), 2);
}

#[test]
fn a_move_after_the_flag_fell_is_refused() {
    let start = Instant::now();
    let mut app = clocked_game();
    app.set_time(start);
    type_moves(&mut app, &["a1"]);
    // Black's minute is gone, but no tick has come yet: the move is still refused.
    app.set_time(start + Duration::from_secs(61));
    press(&mut app, ": \"e5\" Enter");
    assert!(
        app.status().unwrap().text.contains("time is up"),
        "{:?}",
        app.status()
    );
    assert_eq!(play(&app).session().record().plies().len(), 1);
    app.tick();
    assert_eq!(play(&app).session().lost_on_time(), Some(Color::Black));
}

#[test]
fn the_time_shown_at_quitting_is_the_time_resumed_to_the_tenth() {
    use taktui::game::store::{Keeper, Store};
    use taktui::tui::Screen;
    use taktui::tui::dialogs::UnfinishedDialog;
    let data = tempfile::tempdir().unwrap();
    let keeper = || Keeper::new(Some(Store::in_data_dir(data.path())));
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    let clocked =
        PlayScreen::new(Session::new(record.clone(), None)).with_clock("3+0".parse().unwrap());
    let mut app = App::new(Screen::Play(clocked), options(), keeper());
    app.handle(&ratatui::crossterm::event::Event::Resize(100, 30));
    let start = Instant::now();
    app.set_time(start);
    type_moves(&mut app, &["a1"]);
    app.set_time(start + Duration::from_secs(1));
    type_moves(&mut app, &["e5"]);
    // White thinks 26.96 s, the screen woken each second: the game was last kept seconds
    // before the quit.
    for second in 2..=26 {
        app.set_time(start + Duration::from_millis(second * 1000 + 100));
        app.tick();
    }
    app.set_time(start + Duration::from_millis(27_960));
    let shown = text(&app);
    assert!(shown.contains("White  2:33"), "{shown}");
    press(&mut app, "q y");
    assert!(app.should_quit());
    drop(app);
    let games = Store::in_data_dir(data.path()).unfinished();
    let kept = std::fs::read_to_string(&games[0].path).unwrap();
    assert!(kept.contains("[ClockLeft \"153.0 179.0\"]"), "{kept}");
    // The next `tak`, resuming it: the same time, stopped until p.
    let fresh = PlayScreen::new(Session::new(record, None));
    let mut app = App::new(Screen::Play(fresh), options(), keeper());
    app.handle(&ratatui::crossterm::event::Event::Resize(100, 30));
    app.open(Dialog::Unfinished(UnfinishedDialog::new(
        games,
        std::time::SystemTime::now(),
    )));
    press(&mut app, "Enter");
    let resumed = text(&app);
    assert!(resumed.contains("White  2:33"), "{resumed}");
    assert!(resumed.contains("Black  2:59"), "{resumed}");
}
