//! External engines at the board, as real subprocesses: `tak tei` plays a side; an engine
//! that sends an illegal move, garbage or dies is reported, the game kept, and the person
//! takes that side over.

use crate::common::{self, options, play, type_moves};
use taktui::game::{Player, Session};
use taktui::record::GameRecord;
use taktui::rules::{BoardSize, ByColor, Color, GameConfig};
use taktui::tui::App;
use taktui::tui::screens::PlayScreen;

fn engine(name: &str, program: &str, args: &[&str]) -> Player {
    Player::Engine(common::engine_entry(name, program, args))
}

fn against(black: Player) -> App {
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    let players = ByColor::new(Player::Person("Ann".to_owned()), black);
    App::playing(
        PlayScreen::new(Session::new(record, None)).with_players(players, 3),
        options(),
    )
}

/// The app playing the match `screen`, keeping nothing.
fn match_app(screen: taktui::tui::screens::MatchScreen) -> App {
    App::new(
        taktui::tui::Screen::Match(screen),
        options(),
        taktui::game::store::Keeper::default(),
    )
}

/// Ticks until the program to move is done (or a generous bound passes).
fn settle(app: &mut App) {
    for _ in 0..30_000 {
        app.tick();
        if !play(app).is_thinking() && !play(app).computer_turn() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("the engine never answered");
}

#[test]
fn tak_tei_plays_a_side_as_an_external_engine() {
    let mut app = against(engine(
        "self",
        env!("CARGO_BIN_EXE_tak"),
        &["tei", "--hash", "4"],
    ));
    assert_eq!(
        play(&app).session().record().tags().player(Color::Black),
        Some("self")
    );
    type_moves(&mut app, &["a1"]);
    settle(&mut app);
    assert_eq!(
        play(&app).session().record().plies().len(),
        2,
        "it answered"
    );
    // A square the engine's answer left empty, whichever it chose.
    let answer = play(&app).session().record().plies()[1].mv.to_string();
    let next = ["c3", "b2"].into_iter().find(|&s| s != answer).unwrap();
    type_moves(&mut app, &[next]);
    settle(&mut app);
    assert_eq!(play(&app).session().record().plies().len(), 4);
}

/// A script engine that answers every `go` with this move.
fn answering(mv: &str) -> Player {
    let script = format!(
        "while read l; do case $l in tei) echo 'id name Liar'; echo 'option name HalfKomi type spin'; echo teiok;; isready) echo readyok;; go*) echo 'info depth 1 score cp 5 pv {mv}'; echo 'bestmove {mv}';; quit) exit;; esac; done"
    );
    engine("liar", "sh", &["-c", &script])
}

#[test]
fn an_illegal_move_is_reported_and_the_person_takes_the_side() {
    let mut app = against(answering("a1"));
    type_moves(&mut app, &["a1"]);
    settle(&mut app);
    let said = app.status().unwrap().text.clone();
    assert!(
        said.contains("liar: sent a1, which is not legal here"),
        "{said}"
    );
    assert!(
        said.starts_with("liar stopped: you play Black now (the game is kept)."),
        "what to do comes first: {said}"
    );
    assert_eq!(
        play(&app).session().record().plies().len(),
        1,
        "the game is kept"
    );
    assert_eq!(play(&app).players().black, Player::Person(String::new()));
    // Resumed later, the game is the person's too: the record no longer names the engine.
    let tags = play(&app).session().record().tags();
    assert_eq!(tags.engine(taktui::rules::Color::Black), None);
    assert_eq!(tags.player(taktui::rules::Color::Black), Some("liar"));
    // The panel and the record say so for as long as it is so.
    assert_eq!(
        play(&app).session().record().plies()[0].comments,
        ["liar (Black) stopped here: a person played Black from here"]
    );
    type_moves(&mut app, &["e5"]);
    assert_eq!(
        play(&app).session().record().plies().len(),
        2,
        "and Black is the person's"
    );
    let screen = common::screen_text(&mut app, 100, 30);
    assert!(screen.contains("liar stopped: you play Black"), "{screen}");
}

#[test]
fn garbage_instead_of_a_move_is_reported() {
    let mut app = against(answering("zz9"));
    type_moves(&mut app, &["a1"]);
    settle(&mut app);
    let said = app.status().unwrap().text.clone();
    assert!(said.contains("sent \"zz9\", which is not a move"), "{said}");
}

#[test]
fn an_engine_that_dies_mid_game_is_reported_with_its_last_words() {
    let script = "while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) echo 'segfault in search' >&2; exit 11;; esac; done";
    let mut app = against(engine("fragile", "sh", &["-c", script]));
    type_moves(&mut app, &["a1"]);
    settle(&mut app);
    let said = app.status().unwrap().text.clone();
    assert!(said.contains("fragile: the engine stopped"), "{said}");
    assert!(said.contains("segfault in search"), "{said}");
}

#[test]
fn in_a_match_an_engine_that_cheats_loses_the_game_and_the_match_goes_on() {
    use taktui::game::{LossKind, Match};
    use taktui::tui::Screen;
    use taktui::tui::screens::MatchScreen;
    let dir = tempfile::tempdir().unwrap();
    let config = GameConfig::new(BoardSize::new(5).unwrap());
    let matchup = Match::new(
        ["Ann".to_owned(), "liar".to_owned()],
        2,
        config,
        dir.path().join("match.ptn"),
    );
    let screen = MatchScreen::new(matchup, false, None)
        .with_seats([Player::Person("Ann".to_owned()), answering("a1")]);
    let mut app = match_app(screen);
    type_moves(&mut app, &["a1"]);
    settle(&mut app);
    let Screen::Match(screen) = app.screen() else {
        panic!("still the match")
    };
    let loss = screen.play().session().loss().expect("the liar lost");
    assert_eq!(loss.loser, Color::Black);
    assert!(matches!(&loss.how, LossKind::Forfeit(why) if why.contains("not legal")));
    assert_eq!(screen.matchup().finished.len(), 1, "the game is filed");
    assert_eq!(screen.matchup().tally().wins, 1, "Ann won it");
    let saved = std::fs::read_to_string(dir.path().join("match.ptn")).unwrap();
    assert!(saved.contains("Black forfeits"), "{saved}");
    assert!(saved.contains("1-0"), "{saved}");
}

#[test]
fn a_hint_names_the_engine_that_looks_for_it() {
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    let mut app =
        App::playing(PlayScreen::new(Session::new(record, None)), options()).analysing_with(Some(
            common::engine_entry("Helper", env!("CARGO_BIN_EXE_tak"), &["tei", "--hash", "4"]),
        ));
    common::press(&mut app, "H");
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert_eq!(said, "Helper is looking for a move for you…");

    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    let mut app = App::playing(PlayScreen::new(Session::new(record, None)), options());
    common::press(&mut app, "H");
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert_eq!(said, "the computer is looking for a move for you…");
}

#[test]
fn in_a_match_an_engine_changing_sides_keeps_its_process() {
    use taktui::game::Match;
    use taktui::tui::Screen;
    use taktui::tui::screens::MatchScreen;
    let dir = tempfile::tempdir().unwrap();
    // `tak tei`, noting each start in a file.
    let starts = dir.path().join("starts");
    let script = format!(
        "echo started >> {}; exec {} tei --hash 4",
        starts.display(),
        env!("CARGO_BIN_EXE_tak")
    );
    let config = GameConfig::new(BoardSize::new(4).unwrap());
    let matchup = Match::new(
        ["Ann".to_owned(), "self".to_owned()],
        2,
        config,
        dir.path().join("match.ptn"),
    );
    let screen = MatchScreen::new(matchup, false, None).with_seats([
        Player::Person("Ann".to_owned()),
        engine("self", "sh", &["-c", &script]),
    ]);
    let mut app = match_app(screen);
    type_moves(&mut app, &["a1"]);
    settle(&mut app);
    // Ann resigns game 1; in game 2 the engine is White and moves first.
    common::press(&mut app, "R y Enter");
    settle(&mut app);
    let Screen::Match(screen) = app.screen() else {
        panic!("still the match")
    };
    assert_eq!(screen.matchup().finished.len(), 1);
    assert_eq!(
        screen.play().session().record().plies().len(),
        1,
        "the engine opened game 2"
    );
    let started = std::fs::read_to_string(&starts).unwrap();
    assert_eq!(started.lines().count(), 1, "one process for both games");
}

#[test]
fn an_engine_started_at_its_first_move_is_not_charged_for_its_start() {
    // Started lazily (as from the new-game dialog): two seconds before it answers `tei`.
    let script = "sleep 2; while read l; do case $l in tei) echo teiok;; isready) echo readyok;; \
                  go*) echo 'bestmove e5';; quit) exit;; esac; done";
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    let players = ByColor::new(
        Player::Person("Ann".to_owned()),
        engine("sleepy", "sh", &["-c", script]),
    );
    let mut app = App::playing(
        PlayScreen::new(Session::new(record, None))
            .with_players(players, 3)
            .with_clock("1".parse().unwrap()),
        options(),
    );
    app.set_time(std::time::Instant::now());
    type_moves(&mut app, &["a1"]);
    common::until(&mut app, |app| {
        play(app).session().record().plies().len() == 2
    });
    let now = std::time::Instant::now();
    let left = play(&app).clock().unwrap().left(Color::Black, now);
    assert!(
        left > std::time::Duration::from_millis(59_500),
        "its clock paid for its start: {left:?} left of a minute"
    );
}

#[test]
fn a_hint_asked_while_an_engine_thinks_names_the_engine() {
    // It thinks for ever: the hint is asked while it does.
    let script = "while read l; do case $l in tei) echo teiok;; isready) echo readyok;; quit) exit;; esac; done";
    let mut app = against(engine("ponderer", "sh", &["-c", script]));
    type_moves(&mut app, &["a1"]);
    app.tick();
    assert!(play(&app).computer_turn());
    common::press(&mut app, "H");
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert_eq!(said, "ponderer is to move: it is thinking already");
}

#[test]
fn quitting_while_an_engine_floods_its_thinking_ends_the_game_at_once() {
    // Asked to move, it writes `info` lines as fast as `yes` does, and never a move.
    let flood = "while read l; do case $l in tei) echo teiok;; isready) echo readyok;; \
                 go*) exec yes 'info depth 1 score cp 5 pv a1';; esac; done";
    let mut app = against(engine("flood", "sh", &["-c", flood]));
    type_moves(&mut app, &["a1"]);
    common::until(&mut app, |app| play(app).is_thinking());
    for _ in 0..20 {
        app.tick();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // Quitting drops the app, which stops the engine and waits for it: that must end.
    let (ended, quit) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        drop(app);
        let _ = ended.send(());
    });
    assert!(
        quit.recv_timeout(std::time::Duration::from_secs(60))
            .is_ok(),
        "quitting waited on the flood"
    );
}
