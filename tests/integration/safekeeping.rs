//! Games are never lost: every unfinished game in a file of its own, held while it is played;
//! resuming, discarding (only when asked), starting anew; saving, and never over a file unasked.

use crate::common::{self, options, play, plies, press, type_moves, type_text};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use taktui::game::store::{Keeper, KeptRecord, Store, Unfinished};
use taktui::game::{Library, Session, setup};
use taktui::notation::Tps;
use taktui::record::{GameRecord, ReadOptions, Tags, read_ptn, read_ptn_file, save_ptn};
use taktui::rules::{BoardSize, ByColor, GameConfig};
use taktui::tui::dialogs::UnfinishedDialog;
use taktui::tui::screens::PlayScreen;
use taktui::tui::{App, Dialog, Screen, StatusKind};

/// An app playing a new game, keeping games in the store in `data`.
fn new_game(size: u8, data: &Path) -> App {
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(size).unwrap()));
    playing(record, data)
}

fn playing(record: GameRecord, data: &Path) -> App {
    App::new(
        Screen::Play(PlayScreen::new(Session::new(record, None))),
        options(),
        Keeper::new(Some(Store::in_data_dir(data))),
    )
}

/// As `tak` starts: a new game, offering the unfinished games there are.
fn start(data: &Path) -> App {
    let mut app = new_game(5, data);
    let unfinished = Store::in_data_dir(data).unfinished();
    if !unfinished.is_empty() {
        app.open(Dialog::Unfinished(UnfinishedDialog::new(
            unfinished,
            SystemTime::now(),
        )));
    }
    app
}

fn unfinished(data: &Path) -> Vec<Unfinished> {
    Store::in_data_dir(data).unfinished()
}

fn plies_of(record: &GameRecord) -> Vec<String> {
    record.plies().iter().map(|p| p.mv.to_string()).collect()
}

/// The plies of every unfinished game, the most recently played first.
fn kept(data: &Path) -> Vec<Vec<String>> {
    unfinished(data)
        .iter()
        .filter_map(|g| match &g.game {
            KeptRecord::Tak(record) => Some(plies_of(record)),
            KeptRecord::Kaen(_) | KeptRecord::Locke(_) => None,
        })
        .collect()
}

fn plies_in(path: &Path) -> Vec<String> {
    let games = read_ptn_file(path).unwrap();
    plies_of(games[0].record.as_ref().unwrap())
}

fn error(app: &App) -> String {
    let status = app.status().expect("a message");
    assert_eq!(status.kind, StatusKind::Error, "{}", status.text);
    status.text.clone()
}

#[test]
fn every_move_is_kept_at_once_in_the_games_own_file() {
    let data = tempfile::tempdir().unwrap();
    let mut app = new_game(5, data.path());
    assert!(
        kept(data.path()).is_empty(),
        "nothing kept before the first ply"
    );
    type_moves(&mut app, &["a1", "e5"]);
    assert_eq!(kept(data.path()), [["a1", "e5"]]);
    press(&mut app, "u");
    assert_eq!(kept(data.path()), [["a1"]], "undo is kept too");
    let path = app.keeper().path().unwrap().to_path_buf();
    assert!(path.starts_with(data.path().join("games")), "{path:?}");
    assert!(unfinished(data.path())[0].held, "held while it is played");
    drop(app);
    assert!(!unfinished(data.path())[0].held, "let go when tak ends");
}

#[test]
fn two_games_at_once_never_touch_each_others_file() {
    let data = tempfile::tempdir().unwrap();
    let mut first = new_game(4, data.path());
    type_moves(&mut first, &["a1", "d4", "b2"]);
    let mut second = new_game(5, data.path());
    type_moves(&mut second, &["c3"]);
    type_moves(&mut first, &["c3"]);
    let mut games = kept(data.path());
    games.sort();
    assert_eq!(games, [vec!["a1", "d4", "b2", "c3"], vec!["c3"]]);
    assert!(unfinished(data.path()).iter().all(|g| g.held));
    // A third start lists both, each marked as in use, and cannot take either.
    let mut third = start(data.path());
    press(&mut third, "Enter");
    assert!(
        error(&third).contains("another tak"),
        "{:?}",
        third.status()
    );
    assert!(matches!(third.dialog(), Some(Dialog::Unfinished(_))));
    press(&mut third, "d");
    assert!(error(&third).contains("another tak"));
    assert_eq!(kept(data.path()).len(), 2, "nothing discarded");
}

#[test]
fn a_quit_game_stays_when_a_game_from_a_tps_is_played() {
    let data = tempfile::tempdir().unwrap();
    let mut first = new_game(5, data.path());
    type_moves(&mut first, &["a1", "e5"]);
    press(&mut first, "q y");
    assert!(first.should_quit());
    let kept_at = first.keeper().path().unwrap().to_path_buf();
    drop(first);
    assert!(kept_at.exists(), "the quit message's file is there");
    let tps: Tps = "1,2,1,2/2,1,2,1/1,2,1,2/2,1,2,x 1 9".parse().unwrap();
    let record = GameRecord::new(tps.to_standard_position().unwrap(), Tags::default());
    let mut second = playing(record, data.path());
    type_moves(&mut second, &["d1"]);
    // d1 fills the board: that game is over, and the first is still there.
    assert_eq!(kept(data.path()), [["a1", "e5"]]);
    assert_eq!(plies_in(&kept_at), ["a1", "e5"]);
}

#[test]
fn resuming_a_game_of_another_size_plays_on_in_its_own_file() {
    let data = tempfile::tempdir().unwrap();
    let mut crashed = new_game(3, data.path());
    type_moves(&mut crashed, &["a1", "c3"]);
    let path = crashed.keeper().path().unwrap().to_path_buf();
    drop(crashed);
    let mut app = start(data.path());
    press(&mut app, "Enter");
    assert!(app.dialog().is_none(), "{:?}", app.status());
    assert_eq!(play(&app).position().size().get(), 3);
    assert!(play(&app).position().size().contains(play(&app).cursor()));
    assert!(play(&app).session().has_unsaved_game());
    type_moves(&mut app, &["b2"]);
    assert_eq!(plies_in(&path), ["a1", "c3", "b2"], "the same file goes on");
    assert_eq!(kept(data.path()).len(), 1);
}

#[test]
fn discarding_asks_first_and_escape_or_q_never_discard() {
    let data = tempfile::tempdir().unwrap();
    for moves in [["a1", "e5"], ["b2", "d4"]] {
        let mut app = new_game(5, data.path());
        type_moves(&mut app, &moves);
    }
    let mut app = start(data.path());
    press(&mut app, "d");
    press(&mut app, "n");
    assert_eq!(kept(data.path()).len(), 2, "n keeps it");
    press(&mut app, "d Esc");
    assert_eq!(kept(data.path()).len(), 2, "Esc keeps it");
    press(&mut app, "Down d y");
    assert_eq!(kept(data.path()).len(), 1, "y deletes it");
    press(&mut app, "Esc");
    assert!(app.dialog().is_none(), "Esc starts a new game");
    assert!(!app.should_quit());
    assert_eq!(kept(data.path()).len(), 1, "and keeps the rest");
    // n opens the new-game dialog, to choose the new game, and keeps every game too.
    let mut app = start(data.path());
    press(&mut app, "n");
    assert!(
        matches!(app.dialog(), Some(Dialog::NewGame(_))),
        "{:?}",
        app.dialog()
    );
    assert_eq!(kept(data.path()).len(), 1);
    let mut app = start(data.path());
    press(&mut app, "q");
    assert!(app.should_quit(), "q quits, to decide later");
    let mut app = start(data.path());
    press(&mut app, "C-c");
    assert!(app.should_quit());
    assert_eq!(kept(data.path()).len(), 1);
}

#[test]
fn a_new_game_keeps_the_unsaved_one_to_resume() {
    let data = tempfile::tempdir().unwrap();
    let mut app = new_game(5, data.path());
    type_moves(&mut app, &["a1", "e5"]);
    press(&mut app, "n Enter");
    assert!(
        app.status().unwrap().text.contains("the last one is kept"),
        "{:?}",
        app.status()
    );
    type_moves(&mut app, &["c3"]);
    let mut games = kept(data.path());
    games.sort();
    assert_eq!(games, [vec!["a1", "e5"], vec!["c3"]]);
}

#[test]
fn save_and_quit_on_a_game_never_saved_asks_a_name_then_quits() {
    let data = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let mut app = new_game(5, data.path());
    type_moves(&mut app, &["a1", "e5"]);
    press(&mut app, "q s");
    assert!(matches!(app.dialog(), Some(Dialog::SaveAs(_))));
    assert!(!app.should_quit());
    press(&mut app, "C-u");
    type_text(&mut app, &folder.path().join("done").display().to_string());
    press(&mut app, "Enter");
    assert!(app.should_quit(), "saved, then quit: {:?}", app.status());
    assert_eq!(plies_in(&folder.path().join("done.ptn")), ["a1", "e5"]);
    assert!(
        kept(data.path()).is_empty(),
        "a saved game is not kept twice"
    );
}

#[test]
fn a_game_taken_over_from_a_replay_is_kept_too() {
    let data = tempfile::tempdir().unwrap();
    let games = read_ptn("[Size \"4\"]\n1. a1 d4\n2. b2 c3 1-0\n").unwrap();
    let screen = Screen::for_file(Library::new("x.ptn".into(), games), None, 4).unwrap();
    let store = Store::in_data_dir(data.path());
    let mut app = App::new(screen, options(), Keeper::new(Some(store)));
    press(&mut app, "p");
    type_moves(&mut app, &["a2"]);
    assert_eq!(kept(data.path()), [["a1", "d4", "b2", "c3", "a2"]]);
    let record = play(&app).session().record();
    assert_eq!(
        record.result_token(),
        None,
        "the resignation no longer ends the game"
    );
    assert_eq!(record.tags().get("Result"), None);
}

#[test]
fn games_kept_by_earlier_versions_are_listed() {
    let data = tempfile::tempdir().unwrap();
    let game = read_ptn("[Size \"4\"]\n1. a1 d4\n").unwrap().remove(0);
    let record = game.record.unwrap();
    save_ptn(
        &data.path().join("recovery.ptn"),
        std::slice::from_ref(&record),
    )
    .unwrap();
    save_ptn(
        &data.path().join("recovery-17-4-0.ptn"),
        std::slice::from_ref(&record),
    )
    .unwrap();
    assert_eq!(kept(data.path()).len(), 2);
    assert!(!data.path().join("recovery.ptn").exists(), "moved in");
}

fn saved_game(folder: &Path, name: &str, text: &str) -> PathBuf {
    let path = folder.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn continuing_a_file_with_several_games_never_saves_over_it() {
    let folder = tempfile::tempdir().unwrap();
    let single = saved_game(folder.path(), "one.ptn", "[Size \"4\"]\n1. a1 d4\n");
    let several = saved_game(
        folder.path(),
        "two.ptn",
        "[Size \"4\"]\n1. a1 d4\n\n[Size \"4\"]\n1. a1 d4\n",
    );
    let session =
        |file: &Path| setup::continue_file(file, &ByColor::default(), &ReadOptions::default());
    assert_eq!(session(&single).unwrap().origin(), Some(single.as_path()));
    assert_eq!(session(&several).unwrap().origin(), None);
    assert_eq!(session(&single).unwrap().path(), None, "saving asks first");
}

#[test]
fn a_loaded_file_is_offered_and_replaced_only_after_saying_what_it_holds() {
    let folder = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let original = "[Size \"4\"]\n[Result \"R-0\"]\n\n1. a1 d4 2. b2 c3 {a note} 1-0\n";
    let copy = saved_game(folder.path(), "copy.ptn", original);
    let session =
        setup::continue_file(&copy, &ByColor::default(), &ReadOptions::default()).unwrap();
    let mut app = App::new(
        Screen::Play(PlayScreen::new(session)),
        options(),
        Keeper::new(Some(Store::in_data_dir(data.path()))),
    );
    press(&mut app, "u w");
    let Some(Dialog::SaveAs(dialog)) = app.dialog() else {
        panic!("saving a game from a file asks for a name")
    };
    assert_eq!(
        Path::new(dialog.text()),
        copy,
        "the file it came from is offered"
    );
    press(&mut app, "Enter");
    // Asked again, told what the file holds and what would change.
    let said = error(&app);
    assert!(
        said.contains("holding White vs Black, 4x4, 4 plies, 1-0"),
        "{said}"
    );
    assert!(said.contains("1 ply dropped"), "{said}");
    assert!(said.contains("Result"), "{said}");
    assert_eq!(std::fs::read_to_string(&copy).unwrap(), original);
    press(&mut app, "Enter");
    assert!(app.dialog().is_none(), "{:?}", app.status());
    assert_eq!(
        plies_in(&copy),
        ["a1", "d4", "b2"],
        "replaced when asked twice"
    );
}

#[test]
fn a_finished_file_opened_and_not_played_on_quits_without_asking() {
    let folder = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let road = "[Size \"3\"]\n\n1. c3 a1 2. b2 c2 3. b2- a3 4. c1 R-0\n";
    let file = saved_game(folder.path(), "hotseat1.ptn", road);
    let session =
        setup::continue_file(&file, &ByColor::default(), &ReadOptions::default()).unwrap();
    let mut app = App::new(
        Screen::Play(PlayScreen::new(session)),
        options(),
        Keeper::new(Some(Store::in_data_dir(data.path()))),
    );
    // Taken back and played again: the same moves as the file's.
    press(&mut app, "u");
    assert!(!play(&app).position().is_over());
    type_moves(&mut app, &["c1"]);
    assert!(play(&app).position().is_over());
    press(&mut app, "Esc q");
    assert!(app.dialog().is_none(), "{:?}", app.dialog());
    assert!(app.should_quit(), "nothing unsaved: quit at once");
    // Played on: the file has the game up to the last moves, and quitting says so.
    let session =
        setup::continue_file(&file, &ByColor::default(), &ReadOptions::default()).unwrap();
    let mut app = App::new(
        Screen::Play(PlayScreen::new(session)),
        options(),
        Keeper::new(Some(Store::in_data_dir(data.path()))),
    );
    press(&mut app, "u u");
    type_moves(&mut app, &["b3"]);
    press(&mut app, "q");
    let shown = common::screen_text(&mut app, 80, 24);
    assert!(shown.contains("The last moves are not saved in"), "{shown}");
    assert!(shown.contains("hotseat1.ptn"), "{shown}");
}

#[test]
fn the_unfinished_list_names_the_file_a_game_came_from() {
    let folder = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let file = saved_game(folder.path(), "hotseat1.ptn", "[Size \"5\"]\n\n1. a1 e5\n");
    let session =
        setup::continue_file(&file, &ByColor::default(), &ReadOptions::default()).unwrap();
    let mut app = App::new(
        Screen::Play(PlayScreen::new(session)),
        options(),
        Keeper::new(Some(Store::in_data_dir(data.path()))),
    );
    type_moves(&mut app, &["c3"]);
    drop(app);
    let mut app = start(data.path());
    let listed = common::screen_text(&mut app, 100, 30);
    assert!(listed.contains("from hotseat1.ptn"), "{listed}");
    // Resumed, it is saved to that file again, asking first.
    press(&mut app, "Enter w");
    let Some(Dialog::SaveAs(dialog)) = app.dialog() else {
        panic!("the save dialog")
    };
    assert_eq!(Path::new(dialog.text()), file);
    press(&mut app, "Enter");
    assert!(error(&app).contains("is the file this game came from"));
    press(&mut app, "Enter");
    assert_eq!(plies_in(&file), ["a1", "e5", "c3"]);
}

#[test]
fn quitting_a_finished_but_unsaved_game_asks_first() {
    let data = tempfile::tempdir().unwrap();
    let mut app = new_game(3, data.path());
    type_moves(&mut app, &["c3", "a1", "b2", "c2", "b2-", "a3", "c1"]);
    assert!(play(&app).position().is_over());
    assert!(kept(data.path()).is_empty(), "a finished game is not kept");
    press(&mut app, "q");
    assert!(matches!(app.dialog(), Some(Dialog::ConfirmQuit { .. })));
}

#[test]
fn a_game_taken_back_after_its_end_is_held_again() {
    let data = tempfile::tempdir().unwrap();
    let mut app = new_game(3, data.path());
    type_moves(&mut app, &["c3", "a1", "b1", "c2", "c1"]);
    assert!(play(&app).position().is_over());
    assert!(kept(data.path()).is_empty(), "over: nothing to resume");
    assert!(app.keeper().path().is_none(), "and no file said to keep it");
    press(&mut app, "u");
    let games = unfinished(data.path());
    assert_eq!(games.len(), 1, "taken back: unfinished again");
    assert!(
        games[0].held,
        "and held by this tak, so no other can take it"
    );
}

#[test]
fn kaen_and_locke_games_are_kept_at_every_action_and_resumed_at_their_own_screens() {
    use taktui::game::kaen::{Die, KaenSession, first_player};
    use taktui::game::locke::LockeSession;
    use taktui::kaen::SeriesConfig;
    use taktui::locke::{Config, Player as Side};
    use taktui::record::Tags;
    use taktui::tui::screens::{KaenScreen, LockeScreen};
    let data = tempfile::tempdir().unwrap();
    let keeper = || Keeper::new(Some(Store::in_data_dir(data.path())));
    {
        // A Kaen series: a roll and a stone, then the terminal is gone.
        let config = SeriesConfig::new(20, 2, 2, false).unwrap();
        let session = KaenSession::new(config, first_player(11), Tags::default());
        let screen = KaenScreen::new(session).with_die(Die::seeded(11));
        let mut app = App::new(Screen::Kaen(screen), options(), keeper());
        press(&mut app, "Enter 1");
    }
    {
        // A Locke game: one turn.
        let session = LockeSession::new(Config::classic(), Side::White, Tags::default());
        let mut app = App::new(
            Screen::Locke(LockeScreen::new(session)),
            options(),
            keeper(),
        );
        press(&mut app, "Down Enter Up Enter");
    }
    let games = unfinished(data.path());
    assert_eq!(games.len(), 2, "{games:?}");
    assert!(matches!(&games[0].game, KeptRecord::Locke(r) if r.turns().len() == 1));
    assert!(matches!(&games[1].game, KeptRecord::Kaen(r) if r.actions().len() == 2));
    // The next start offers both, each side named as its game names it; the Kaen series
    // (second) resumes at the Kaen screen.
    let mut app = start(data.path());
    let listed = common::screen_text(&mut app, 100, 30);
    assert!(listed.contains("Locke: White vs Black, 1 turn"), "{listed}");
    assert!(
        listed.contains("Kaen: Player 1 vs Player 2, 2 actions"),
        "{listed}"
    );
    press(&mut app, "Down Enter");
    let Screen::Kaen(screen) = app.screen() else {
        panic!("not resumed at the Kaen screen: {:?}", app.screen())
    };
    assert_eq!(screen.session().record().actions().len(), 2);
    // It goes on in its own file: one more action is kept there, and nothing new is made.
    press(&mut app, "u");
    let games = unfinished(data.path());
    assert_eq!(games.len(), 2);
    assert!(
        games
            .iter()
            .any(|g| matches!(&g.game, KeptRecord::Kaen(r) if r.actions().len() == 1))
    );
    // Quitting now asks, and says truly that the series is kept.
    press(&mut app, "q");
    let Some(Dialog::ConfirmQuit(_)) = app.dialog() else {
        panic!("asks before quitting")
    };
    assert!(common::screen_text(&mut app, 80, 24).contains("Quitting keeps it: the next"));
    press(&mut app, "Esc");
    // Saved (under the name offered, in the save folder), it is no longer kept.
    let folder = tempfile::tempdir().unwrap();
    let mut app = app.saving_in(folder.path().to_path_buf());
    press(&mut app, "w Enter");
    let saved: Vec<_> = std::fs::read_dir(folder.path())
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(saved.len(), 1, "saved: {:?}", app.status());
    assert_eq!(
        unfinished(data.path()).len(),
        1,
        "only the Locke game is left"
    );
}

#[test]
fn a_game_against_the_computer_resumes_against_the_computer() {
    use taktui::engine::Level;
    use taktui::game::Player;
    let data = tempfile::tempdir().unwrap();
    let computer = Player::Computer(Level::new(1).unwrap());
    let ann = Player::Person("Ann".to_owned());
    let answered = |app: &mut App, plies: usize| {
        for _ in 0..5000 {
            app.tick();
            if play(app).session().record().plies().len() == plies {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        panic!("the computer did not move");
    };
    {
        // The computer opens as White; then the terminal is gone.
        let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
        let screen = PlayScreen::new(Session::new(record, None))
            .with_players(ByColor::new(computer.clone(), ann.clone()), 1);
        let store = Store::in_data_dir(data.path());
        let mut app = App::new(Screen::Play(screen), options(), Keeper::new(Some(store)));
        answered(&mut app, 1);
    }
    // `tak` alone (two people) offers it; resumed, the computer plays White again.
    let mut app = start(data.path());
    press(&mut app, "Enter");
    assert_eq!(play(&app).players(), &ByColor::new(computer, ann));
    assert_eq!(
        app.screen().alone(),
        Some(Some(taktui::rules::Color::Black))
    );
    let first = play(&app).session().record().plies()[0].mv.to_string();
    let answer = if first == "e5" { "a1" } else { "e5" };
    type_moves(&mut app, &[answer]);
    answered(&mut app, 3);
}

#[test]
fn a_game_with_clocks_resumes_with_the_time_its_players_had_left() {
    use std::time::{Duration, Instant};
    let data = tempfile::tempdir().unwrap();
    let start_time = Instant::now();
    {
        let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
        let screen = PlayScreen::new(Session::new(record, None)).with_clock("1+2".parse().unwrap());
        let store = Store::in_data_dir(data.path());
        let mut app = App::new(Screen::Play(screen), options(), Keeper::new(Some(store)));
        app.set_time(start_time);
        type_moves(&mut app, &["a1"]);
        // Black thinks 10 s, then plays: White has 62 s, Black 52.
        app.set_time(start_time + Duration::from_secs(10));
        type_moves(&mut app, &["e5"]);
        // White thinks 7 s, and the terminal is gone: the time left was kept meanwhile.
        app.set_time(start_time + Duration::from_secs(17));
        app.tick();
    }
    let mut app = start(data.path());
    press(&mut app, "Enter");
    assert_eq!(plies(&app), ["a1", "e5"]);
    let clock = play(&app).clock().expect("the game's clocks came back");
    let now = Instant::now();
    assert_eq!(
        clock.left(taktui::rules::Color::White, now),
        Duration::from_secs(55),
        "the 7 s White thought are not given back"
    );
    assert_eq!(
        clock.left(taktui::rules::Color::Black, now),
        Duration::from_secs(52)
    );
    assert!(play(&app).paused(), "stopped until p");
    let said = app.status().unwrap();
    assert_eq!(said.kind, StatusKind::Info);
    assert!(said.text.contains("p starts them"), "{}", said.text);
    // The time left is for resuming only: a file saved now says nothing of it.
    let tags = play(&app).session().record().tags();
    assert_eq!(tags.get("Clock"), Some("1:0 +2"));
    assert_eq!(tags.get("ClockLeft"), None);
}

#[test]
fn a_record_with_a_clock_tag_played_on_without_clocks_resumes_without_them() {
    let data = tempfile::tempdir().unwrap();
    {
        // As a server's record says how it was timed: played on here without clocks.
        let mut record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
        record.tags_mut().set("Clock", "10:0 +15".to_owned());
        let mut app = playing(record, data.path());
        type_moves(&mut app, &["a1", "e5"]);
    }
    let mut app = start(data.path());
    press(&mut app, "Enter");
    assert_eq!(plies(&app), ["a1", "e5"]);
    assert!(play(&app).clock().is_none(), "no clocks it never had");
    assert!(!play(&app).paused());
    type_moves(&mut app, &["c3"]);
    assert_eq!(plies(&app), ["a1", "e5", "c3"], "moves are not held back");
}

#[test]
fn leaving_a_game_for_the_lessons_keeps_it_and_quitting_says_so() {
    let data = tempfile::tempdir().unwrap();
    let mut app = new_game(5, data.path());
    type_moves(&mut app, &["a1", "e5"]);
    // The new-game dialog's first field, three steps on: the lessons.
    press(&mut app, "n Right Right Right Enter");
    assert!(
        matches!(app.screen(), Screen::Study(_)),
        "{:?}",
        app.screen()
    );
    let games = unfinished(data.path());
    assert_eq!(games.len(), 1, "the game left is kept");
    assert!(!games[0].held, "and free for the next tak");
    let mut said = Vec::new();
    taktui::cli::play::farewell(&app, &mut said).unwrap();
    let said = String::from_utf8(said).unwrap();
    assert!(
        said.contains("the next `tak` offers to resume them"),
        "{said}"
    );
    // A move on the lesson's board is a try, not a game: nothing more is kept, and the game
    // left is kept as it was.
    press(&mut app, "Esc Left f");
    let Screen::Study(study) = app.screen() else {
        panic!("still at the lesson: {:?}", app.screen())
    };
    assert_eq!(
        study.play().session().record().plies().len(),
        1,
        "{:?}",
        app.status()
    );
    let games = unfinished(data.path());
    assert_eq!(games.len(), 1, "{games:?}");
    assert!(matches!(&games[0].game, KeptRecord::Tak(r) if r.plies().len() == 2));
}

#[test]
fn a_game_whose_tak_has_ended_since_the_list_was_read_resumes() {
    let data = tempfile::tempdir().unwrap();
    let mut other = new_game(5, data.path());
    type_moves(&mut other, &["a1", "e5"]);
    // Listed while the other tak still plays it...
    let mut app = start(data.path());
    let text = common::screen_text(&mut app, 140, 30);
    assert!(text.contains("(in use by another tak)"), "{text}");
    // ...which then ends (its terminal closed): Enter asks again, and resumes it.
    drop(other);
    press(&mut app, "Enter");
    assert_eq!(plies(&app), ["a1", "e5"], "{:?}", app.status());
}

#[test]
fn learning_mode_goes_on_into_a_resumed_kaen_or_locke_game_and_a_new_one() {
    use taktui::game::kaen::{Die, KaenSession, first_player};
    use taktui::kaen::SeriesConfig;
    use taktui::record::Tags;
    use taktui::tui::screens::KaenScreen;
    let data = tempfile::tempdir().unwrap();
    let keeper = || Keeper::new(Some(Store::in_data_dir(data.path())));
    let series = || {
        KaenSession::new(
            SeriesConfig::new(20, 2, 2, false).unwrap(),
            first_player(11),
            Tags::default(),
        )
    };
    {
        let screen = KaenScreen::new(series()).with_die(Die::seeded(11));
        let mut app = App::new(Screen::Kaen(screen), options(), keeper());
        press(&mut app, "Enter 1");
    }
    // As plain `tak` offers the kept games.
    let offer = |app: &mut App| {
        let store = Store::in_data_dir(data.path());
        taktui::cli::play::offer_unfinished(app, Some(&store), |_| true, false, "tak");
    };
    // `tak kaen --learn`: a new series with the hints, offered the kept one, resumes it with
    // the hints still on.
    let mut app = App::new(
        Screen::Kaen(KaenScreen::new(series()).learning(true)),
        options(),
        keeper(),
    );
    offer(&mut app);
    press(&mut app, "Enter");
    let Screen::Kaen(screen) = app.screen() else {
        panic!("not resumed at the Kaen screen: {:?}", app.screen())
    };
    assert_eq!(
        screen.session().record().actions().len(),
        2,
        "the kept series"
    );
    assert!(screen.is_learning(), "learning hints carried into it");
    // Without them, a resumed series has none.
    drop(app);
    let mut app = App::new(Screen::Kaen(KaenScreen::new(series())), options(), keeper());
    offer(&mut app);
    press(&mut app, "Enter");
    let Screen::Kaen(screen) = app.screen() else {
        panic!("not resumed at the Kaen screen: {:?}", app.screen())
    };
    assert!(!screen.is_learning());
    // A game of Tak in learning mode that starts Locke from the new-game dialog plays it with
    // the hints.
    let play = PlayScreen::new(Session::new(
        GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap())),
        None,
    ))
    .learning(true);
    let mut app = App::new(Screen::Play(play), options(), Keeper::new(None));
    press(&mut app, "n Right Right Enter");
    let Screen::Locke(screen) = app.screen() else {
        panic!(
            "not at the Locke screen: {:?} {:?}",
            app.screen(),
            app.status()
        )
    };
    assert!(screen.is_learning());
}

#[test]
fn a_terminal_too_small_for_the_quit_dialog_says_what_quitting_does() {
    let data = tempfile::tempdir().unwrap();
    let mut kept = new_game(5, data.path());
    type_moves(&mut kept, &["a1", "e5"]);
    let text = common::screen_text(&mut kept, 30, 8).replace('\n', " ");
    assert!(text.contains("the game is kept to resume"), "{text}");
    // With nowhere to keep it, quitting loses it.
    let mut unkept = common::new_game(5);
    type_moves(&mut unkept, &["a1", "e5"]);
    let text = common::screen_text(&mut unkept, 30, 8).replace('\n', " ");
    assert!(text.contains("the game is not saved"), "{text}");
    // Nothing played: nothing to say.
    let mut fresh = common::new_game(5);
    let text = common::screen_text(&mut fresh, 30, 8).replace('\n', " ");
    assert!(!text.contains("saved") && !text.contains("kept"), "{text}");
}

#[test]
fn quitting_says_a_game_is_lost_when_the_store_cannot_keep_it() {
    // The data folder is under a file: the store cannot be made.
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let mut app = new_game(5, &file.join("data"));
    type_moves(&mut app, &["a1"]);
    press(&mut app, "q");
    let text = common::screen_text(&mut app, 80, 24);
    assert!(
        text.contains("It is not kept to resume: s saves it first."),
        "{text}"
    );
    assert!(!text.contains("Quitting keeps it"), "{text}");
}

#[test]
fn a_finished_game_not_saved_is_not_lost_by_pressing_q_twice() {
    let data = tempfile::tempdir().unwrap();
    let mut app = new_game(3, data.path());
    type_moves(&mut app, &["a3", "c1", "b1", "b3", "a1"]);
    assert!(play(&app).session().is_over());
    press(&mut app, "q q");
    assert!(
        !app.should_quit(),
        "the second q does not answer the dialog"
    );
    let text = common::screen_text(&mut app, 80, 24);
    assert!(
        text.contains("It is over, so it is not kept: s saves it."),
        "{text}"
    );
    press(&mut app, "y");
    assert!(app.should_quit());
}

#[test]
fn a_person_named_like_an_engine_resumes_as_a_person() {
    let data = tempfile::tempdir().unwrap();
    let tt = common::engine_entry("tt", "/nonexistent/engine", &[]);
    {
        // Two people, Black named like a configured engine.
        let named = PlayScreen::new(Session::new(
            GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap())),
            None,
        ))
        .with_players(
            ByColor::new(
                taktui::game::Player::Person("Ann".into()),
                taktui::game::Player::Person("tt".into()),
            ),
            1,
        );
        let mut app = App::new(
            Screen::Play(named),
            options(),
            Keeper::new(Some(Store::in_data_dir(data.path()))),
        )
        .offering(vec![tt.clone()]);
        type_moves(&mut app, &["a1"]);
    }
    let mut app = start(data.path()).offering(vec![tt]);
    press(&mut app, "Enter");
    let people = ByColor::new(
        taktui::game::Player::Person("Ann".into()),
        taktui::game::Player::Person("tt".into()),
    );
    assert_eq!(play(&app).players(), &people);
    assert_eq!(app.screen().alone(), Some(None), "two people at the board");
}

#[test]
fn an_engine_not_configured_any_more_is_replaced_by_the_player_who_is_told() {
    // The kept copy as an engine playing Black leaves it, and as earlier versions kept it
    // (no seat tags: the engine tag says who played).
    for seat in ["[Player2Seat \"engine:tt\"]", ""] {
        let data = tempfile::tempdir().unwrap();
        let mut record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
        record
            .tags_mut()
            .set_player(taktui::rules::Color::Black, "tt".into());
        record
            .tags_mut()
            .set_engine(taktui::rules::Color::Black, Some("tt".into()));
        {
            let mut app = playing(record, data.path());
            type_moves(&mut app, &["a1"]);
        }
        let path = &unfinished(data.path())[0].path;
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains("[Player2Seat \"keyboard\"]"), "{text}");
        let text = text.replace("[Player2Seat \"keyboard\"]", seat);
        std::fs::write(path, text).unwrap();
        let mut app = start(data.path());
        press(&mut app, "Enter");
        let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
        assert!(
            said.contains("the engine tt is not configured here (engines.toml): you play Black"),
            "{seat}: {said}"
        );
        assert_eq!(
            play(&app).players()[taktui::rules::Color::Black],
            taktui::game::Player::Person("tt".into())
        );
    }
}
