//! A game resumed goes on as it was being played: the same players at each side (not those
//! its record's names suggest) and saving to the file it was saved in, unless that file no
//! longer holds it. What the kept copy says of it never reaches a saved file.

use crate::common::{self, options, play, plies, press, type_moves};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use taktui::game::store::{Keeper, Store};
use taktui::game::{Library, Player, Session};
use taktui::record::{GameRecord, read_ptn, read_ptn_file};
use taktui::rules::{BoardSize, ByColor, GameConfig};
use taktui::tui::dialogs::UnfinishedDialog;
use taktui::tui::screens::PlayScreen;
use taktui::tui::{App, Dialog, Screen};

/// As `tak` starts with the store in `data`: a new game, offering the unfinished ones.
fn start(data: &Path) -> App {
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    let mut app = App::new(
        Screen::Play(PlayScreen::new(Session::new(record, None))),
        options(),
        Keeper::new(Some(Store::in_data_dir(data))),
    );
    let unfinished = Store::in_data_dir(data).unfinished();
    assert!(!unfinished.is_empty(), "no game kept to resume");
    app.open(Dialog::Unfinished(UnfinishedDialog::new(
        unfinished,
        SystemTime::now(),
    )));
    app
}

/// The only file in `folder`.
fn only_file(folder: &Path) -> PathBuf {
    let files: Vec<PathBuf> = std::fs::read_dir(folder)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    files[0].clone()
}

/// The text of the one kept game in `data`'s store.
fn kept_text(data: &Path) -> String {
    let games = Store::in_data_dir(data).unfinished();
    assert_eq!(games.len(), 1);
    std::fs::read_to_string(&games[0].path).unwrap()
}

/// A 5x5 game saved in `folder` after two plies, played on two more, then left (the terminal
/// gone): the saved file.
fn saved_then_left(data: &Path, folder: &Path) -> PathBuf {
    // Stamped as `tak` stamps a new game: when it began.
    let mut record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    record.tags_mut().set_stamp(taktui::record::Stamp::now());
    let mut app = App::new(
        Screen::Play(PlayScreen::new(Session::new(record, None))),
        options(),
        Keeper::new(Some(Store::in_data_dir(data))),
    )
    .saving_in(folder.to_path_buf());
    type_moves(&mut app, &["a1", "e5"]);
    press(&mut app, "w Enter");
    let file = only_file(folder);
    type_moves(&mut app, &["b2", "d4"]);
    assert!(kept_text(data).contains(&format!("[SavedIn \"{}\"]", file.display())));
    // Quitting now says truly where the game is: partly saved, wholly kept.
    let mut said = Vec::new();
    taktui::cli::play::farewell(&app, &mut said).unwrap();
    let said = String::from_utf8(said).unwrap();
    assert!(
        said.starts_with(&format!(
            "The last moves are not saved in {}.",
            file.display()
        )) && said.contains(&format!(
            "the next plain `tak` offers to resume it, and w then saves it to {} (unless",
            file.display()
        )),
        "{said}"
    );
    file
}

#[test]
fn a_game_played_on_from_a_replay_resumes_with_both_sides_at_the_keyboard() {
    let data = tempfile::tempdir().unwrap();
    let games = read_ptn(
        "[Size \"4\"]\n[Player1 \"Computer (level 3)\"]\n[Player2 \"Ann\"]\n1. a1 d4\n2. b2 c3\n",
    )
    .unwrap();
    {
        let screen = Screen::for_file(Library::new("x.ptn".into(), games), None, 4).unwrap();
        let store = Store::in_data_dir(data.path());
        let mut app = App::new(screen, options(), Keeper::new(Some(store)));
        press(&mut app, "p");
        type_moves(&mut app, &["a2"]);
    }
    let text = kept_text(data.path());
    assert!(text.contains("[Player1Seat \"keyboard\"]"), "{text}");
    let mut app = start(data.path());
    press(&mut app, "Enter");
    assert_eq!(
        play(&app).players(),
        &ByColor::new(
            Player::Person("Computer (level 3)".to_owned()),
            Player::Person("Ann".to_owned())
        ),
        "the record's names, both played at the keyboard"
    );
    assert_eq!(app.screen().alone(), Some(None), "no program seated");
    // White's move is the keyboard's: nothing answers it.
    type_moves(&mut app, &["d3", "b1"]);
    for _ in 0..50 {
        app.tick();
    }
    assert_eq!(plies(&app).len(), 7);
}

#[test]
fn a_saved_game_resumed_saves_to_its_file_without_the_kept_copys_tags() {
    let data = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let file = saved_then_left(data.path(), folder.path());
    let mut app = start(data.path());
    // The list says how far the game went and where it was saved.
    let listed = common::screen_text(&mut app, 100, 30);
    let name = file.file_name().unwrap().display().to_string();
    assert!(listed.contains("4 plies (… d4)"), "{listed}");
    assert!(
        listed.contains("earlier moves") && listed.contains(&name),
        "{listed}"
    );
    press(&mut app, "Enter");
    assert_eq!(plies(&app), ["a1", "e5", "b2", "d4"]);
    press(&mut app, "w");
    assert!(app.dialog().is_none(), "no name asked: {:?}", app.dialog());
    let said = &app.status().expect("a message").text;
    assert!(said.contains("saved to"), "{said}");
    assert_eq!(only_file(folder.path()), file, "the same file, no other");
    let text = std::fs::read_to_string(&file).unwrap();
    for tag in ["SavedIn", "Player1Seat", "Player2Seat"] {
        assert!(!text.contains(tag), "{tag} in {text}");
    }
    let games = read_ptn_file(&file).unwrap();
    let record = games[0].record.as_ref().unwrap();
    assert_eq!(record.plies().len(), 4);
    assert!(
        Store::in_data_dir(data.path()).unfinished().is_empty(),
        "saved: no longer kept"
    );
}

#[test]
fn a_saved_file_holding_another_game_since_is_never_saved_over() {
    let data = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let file = saved_then_left(data.path(), folder.path());
    let other = "[Size \"5\"]\n\n1. c3 c4\n";
    std::fs::write(&file, other).unwrap();
    let mut app = start(data.path());
    press(&mut app, "Enter");
    let said = &app.status().expect("a message").text;
    assert!(
        said.contains(&format!(
            "{} no longer holds this game as it was saved: w asks for a file",
            file.file_name().unwrap().display()
        )),
        "{said}"
    );
    press(&mut app, "w");
    assert!(
        matches!(app.dialog(), Some(Dialog::SaveAs(_))),
        "asks for a file: {:?}",
        app.dialog()
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), other);
}

#[test]
fn a_saved_file_removed_since_is_written_again() {
    let data = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let file = saved_then_left(data.path(), folder.path());
    std::fs::remove_file(&file).unwrap();
    let mut app = start(data.path());
    press(&mut app, "Enter");
    let said = &app.status().expect("a message").text;
    assert!(
        said.contains("where it was saved, is gone: w writes it again"),
        "{said}"
    );
    press(&mut app, "w");
    assert!(app.dialog().is_none(), "no name asked: {:?}", app.dialog());
    assert_eq!(
        read_ptn_file(&file).unwrap()[0]
            .record
            .as_ref()
            .unwrap()
            .plies()
            .len(),
        4
    );
}

#[test]
fn a_saved_locke_game_resumed_saves_to_its_file() {
    use taktui::game::locke::LockeSession;
    use taktui::locke::{Config, Player as Side};
    use taktui::record::{LockeRecord, Tags};
    use taktui::tui::screens::LockeScreen;
    let data = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let file = {
        let session = LockeSession::new(Config::classic(), Side::White, Tags::default());
        let mut app = App::new(
            Screen::Locke(LockeScreen::new(session)),
            options(),
            Keeper::new(Some(Store::in_data_dir(data.path()))),
        )
        .saving_in(folder.path().to_path_buf());
        press(&mut app, "Down Enter Up Enter");
        press(&mut app, "w Enter");
        let file = only_file(folder.path());
        common::type_text(&mut app, ":b4-");
        press(&mut app, "Enter");
        file
    };
    let turns = |path: &Path| {
        LockeRecord::read(&std::fs::read_to_string(path).unwrap())
            .unwrap()
            .turns()
            .len()
    };
    assert_eq!(turns(&file), 1);
    let mut app = start(data.path());
    press(&mut app, "Enter");
    let Screen::Locke(_) = app.screen() else {
        panic!("not resumed at the Locke screen: {:?}", app.screen())
    };
    press(&mut app, "w");
    assert!(app.dialog().is_none(), "no name asked: {:?}", app.dialog());
    assert_eq!(only_file(folder.path()), file);
    assert_eq!(turns(&file), 2);
    assert!(!std::fs::read_to_string(&file).unwrap().contains("SavedIn"));
}

#[test]
fn quitting_a_saved_game_says_how_to_open_it_again() {
    let folder = tempfile::tempdir().unwrap();
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(3).unwrap()));
    let mut app = App::new(
        Screen::Play(PlayScreen::new(Session::new(record, None))),
        options(),
        Keeper::default(),
    )
    .saving_in(folder.path().to_path_buf());
    let farewell = |app: &App| {
        let mut said = Vec::new();
        taktui::cli::play::farewell(app, &mut said).unwrap();
        String::from_utf8(said).unwrap()
    };
    type_moves(&mut app, &["a1", "c3"]);
    press(&mut app, "w C-u");
    common::type_text(&mut app, "Ann's game");
    press(&mut app, "Enter");
    let file = folder.path().join("Ann's game.ptn");
    assert!(file.exists(), "{:?}", app.status());
    // The name quoted as a shell needs it: the command, split as a shell splits it, names
    // the file whole.
    let command_of = |said: &str, ending: &str| {
        let prefix = format!("The game is saved in {}: `", file.display());
        let command = said
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(ending))
            .unwrap_or_else(|| panic!("{said:?}"));
        shlex::split(command).unwrap_or_else(|| panic!("{command}"))
    };
    let name = file.display().to_string();
    assert_eq!(
        command_of(&farewell(&app), "` plays on from it.\n"),
        ["tak", "play", name.as_str()]
    );
    // Played to its end and saved, it is replayed; its end not saved, the file lacks it.
    // Black's road up the a file.
    type_moves(&mut app, &["b1", "a3", "b2", "a2"]);
    assert!(play(&app).session().is_over());
    assert_eq!(
        farewell(&app),
        format!("The last moves are not saved in {}.\n", file.display())
    );
    press(&mut app, "w");
    assert_eq!(
        command_of(&farewell(&app), "` replays it.\n"),
        ["tak", "replay", name.as_str()]
    );
}

#[test]
fn a_file_holding_another_game_with_the_same_opening_is_never_saved_over() {
    let data = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let file = saved_then_left(data.path(), folder.path());
    // Another game, begun at another moment, whose first moves are this one's.
    let text = std::fs::read_to_string(&file).unwrap();
    let from = text.find("[Time \"").unwrap();
    let to = from + text[from..].find('\n').unwrap();
    let other = format!("{}[Time \"00:00:01\"]{}", &text[..from], &text[to..]);
    std::fs::write(&file, &other).unwrap();
    let mut app = start(data.path());
    press(&mut app, "Enter");
    let said = &app.status().expect("a message").text;
    assert!(
        said.contains("no longer holds this game as it was saved"),
        "{said}"
    );
    press(&mut app, "w");
    assert!(
        matches!(app.dialog(), Some(Dialog::SaveAs(_))),
        "{:?}",
        app.dialog()
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), other);
}

#[test]
fn a_saved_kaen_series_resumed_saves_to_its_file() {
    use taktui::game::kaen::{Die, KaenSession, first_player};
    use taktui::kaen::SeriesConfig;
    use taktui::record::{KaenRecord, Tags};
    use taktui::tui::screens::KaenScreen;
    let data = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let file = {
        let config = SeriesConfig::new(20, 2, 2, false).unwrap();
        let session = KaenSession::new(config, first_player(11), Tags::default());
        let mut app = App::new(
            Screen::Kaen(KaenScreen::new(session).with_die(Die::seeded(11))),
            options(),
            Keeper::new(Some(Store::in_data_dir(data.path()))),
        )
        .saving_in(folder.path().to_path_buf());
        press(&mut app, "Enter 1 w Enter");
        let file = only_file(folder.path());
        press(&mut app, "Enter");
        file
    };
    let actions = |path: &Path| {
        KaenRecord::read(&std::fs::read_to_string(path).unwrap())
            .unwrap()
            .actions()
            .len()
    };
    assert_eq!(actions(&file), 2);
    let mut app = start(data.path());
    press(&mut app, "Enter");
    let Screen::Kaen(_) = app.screen() else {
        panic!("not resumed at the Kaen screen: {:?}", app.screen())
    };
    press(&mut app, "w");
    assert!(app.dialog().is_none(), "no name asked: {:?}", app.dialog());
    assert_eq!(only_file(folder.path()), file);
    assert_eq!(actions(&file), 3);
}

/// A new game of classic Locke (White first) with `tags`, Black the computer at `level` if
/// given, kept in the store in `data`.
fn locke_kept_in(data: &Path, tags: taktui::record::Tags, level: Option<u8>) -> App {
    use taktui::game::locke::LockeSession;
    use taktui::locke::{Config, Player as Side};
    use taktui::tui::screens::LockeScreen;
    let session = LockeSession::new(Config::classic(), Side::White, tags);
    let mut screen = LockeScreen::new(session);
    if let Some(level) = level.and_then(taktui::engine::Level::new) {
        screen = screen.with_computer(Side::Black, level);
    }
    App::new(
        Screen::Locke(screen),
        options(),
        Keeper::new(Some(Store::in_data_dir(data))),
    )
}

fn locke(app: &App) -> &taktui::tui::screens::LockeScreen {
    match app.screen() {
        Screen::Locke(screen) => screen,
        other => panic!("not resumed at the Locke screen: {other:?}"),
    }
}

#[test]
fn a_locke_series_quit_after_a_game_goes_on_with_its_table() {
    use taktui::locke::Player as Side;
    let data = tempfile::tempdir().unwrap();
    {
        let mut tags = taktui::record::Tags::default();
        tags.set("Player1", "Ann".to_owned());
        tags.set("Player2", "Bo".to_owned());
        let mut app = locke_kept_in(data.path(), tags, None);
        // Ann takes three squares of the middle row: game 1 is hers.
        press(
            &mut app,
            ": \"b2+\" Enter \"a5-\" Enter \"c2+\" Enter \"e5-\" Enter \"d2+\" Enter Enter Esc",
        );
        assert!(locke(&app).position().ending().is_some());
        // Quitting says the game's moves go unless saved, but its result goes on.
        press(&mut app, "q");
        let dialog = common::screen_text(&mut app, 100, 30);
        assert!(dialog.contains("only its result"), "{dialog}");
        // The terminal closes.
    }
    let mut app = start(data.path());
    let list = common::screen_text(&mut app, 120, 30);
    assert!(
        list.contains("Locke: Ann vs Bo, 0 turns, game 2 of a series (1-0)"),
        "{list}"
    );
    press(&mut app, "Enter");
    let screen = locke(&app);
    assert_eq!(screen.series().len(), 1);
    assert_eq!(screen.series()[0].ending.winner, Some(Side::White));
    // The loser of the last starts the next.
    assert_eq!(screen.position().to_move(), Side::Black);
    let text = common::screen_text(&mut app, 80, 24);
    assert!(text.contains("game 2"), "{text}");
    // The table's total row, right of the board: a point to Ann.
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().rev().take(3).eq(["0", "1", "total"])),
        "{text}"
    );
}

#[test]
fn a_locke_game_against_the_computer_resumed_is_played_against_it_again() {
    use taktui::engine::Level;
    use taktui::locke::Player as Side;
    let data = tempfile::tempdir().unwrap();
    {
        let mut tags = taktui::record::Tags::default();
        tags.set("Player2", "Computer (level 3)".to_owned());
        let mut app = locke_kept_in(data.path(), tags, Some(3));
        press(&mut app, ": \"c2+\" Enter");
        assert_eq!(locke(&app).session().record().turns().len(), 1);
    }
    let mut app = start(data.path());
    press(&mut app, "Enter");
    let screen = locke(&app);
    assert_eq!(screen.computer(Side::Black), Level::new(3));
    assert_eq!(screen.computer(Side::White), None);
    assert!(screen.computer_to_move());
}

/// Black resigned after White's b2: a record with a result of its own.
const RESIGNED: &str = "[Size \"5\"]\n[Result \"1-0\"]\n\n1. a1 e5\n2. c3 d4\n3. b2 1-0\n";

/// Replays `file` keeping games in `data`'s store, plays on from move 2 (White to play) with
/// `moves`, then quits without saving, as a person does with `q` and `y`.
fn played_on_then_quit(data: &Path, file: &Path, moves: &[&str]) {
    let library = Library::open(file, &taktui::record::ReadOptions::default()).unwrap();
    let screen = Screen::for_file(library, None, 0).unwrap();
    let mut app = App::new(
        screen,
        options(),
        Keeper::new(Some(Store::in_data_dir(data))),
    );
    press(&mut app, "Home Right Right p");
    type_moves(&mut app, moves);
    press(&mut app, "q y");
    assert!(app.should_quit(), "{:?}", app.dialog());
}

/// Saves the game being played under `path`, typed into the save dialog: the file's game.
fn save_as(app: &mut App, path: &Path) -> GameRecord {
    press(app, "w C-u");
    common::type_text(app, &path.display().to_string());
    press(app, "Enter");
    read_ptn_file(path)
        .unwrap_or_else(|e| panic!("{e:?} {:?}", app.status()))
        .remove(0)
        .record
        .unwrap()
}

fn moves_of(plies: &[taktui::record::Ply]) -> Vec<String> {
    plies.iter().map(|p| p.mv.to_string()).collect()
}

#[test]
fn a_game_played_on_from_a_replay_and_resumed_saves_the_records_own_line_as_main() {
    let data = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("resigned.ptn");
    std::fs::write(&file, RESIGNED).unwrap();
    played_on_then_quit(data.path(), &file, &["b3"]);
    // The next `tak` lists it as played on from the record, and resumes it so.
    let mut app = start(data.path());
    let listed = common::screen_text(&mut app, 100, 30);
    assert!(listed.contains("played on from resigned.ptn"), "{listed}");
    press(&mut app, "Enter");
    assert_eq!(plies(&app), ["a1", "e5", "b3"]);
    let said = &app.status().expect("a message").text;
    assert!(
        said.contains("played on from resigned.ptn at ply 2: saved, the record keeps its own"),
        "{said}"
    );
    type_moves(&mut app, &["c4"]);
    let saved = save_as(&mut app, &folder.path().join("played.ptn"));
    // The record's own line and result are the file's main line; the moves played, a
    // variation at move 2.
    assert_eq!(moves_of(saved.plies()), ["a1", "e5", "c3", "d4", "b2"]);
    assert_eq!(saved.tags().get("Result"), Some("1-0"));
    assert_eq!(saved.result_token(), Some("1-0"));
    assert_eq!(saved.branches().len(), 1, "{:?}", saved.branches());
    let branch = &saved.branches()[0];
    assert_eq!(branch.at, 2);
    assert_eq!(moves_of(&branch.line.plies), ["b3", "c4"]);
    // What only the kept copy said is not in the file.
    let text = std::fs::read_to_string(folder.path().join("played.ptn")).unwrap();
    for tag in [
        "PlayedOnFrom",
        "PlayedOnAt",
        "RecordMainLine",
        "RecordResult",
        "RecordEnd",
    ] {
        assert!(!text.contains(tag), "{tag} in {text}");
    }
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        RESIGNED,
        "the record unchanged"
    );
}

#[test]
fn a_game_left_on_the_records_own_line_resumes_with_its_rest_to_redo() {
    let data = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("resigned.ptn");
    std::fs::write(&file, RESIGNED).unwrap();
    // The record's own move: nothing of the record is left to keep but its main line.
    played_on_then_quit(data.path(), &file, &["c3"]);
    // Gone since: the kept copy's own note of the main line is enough.
    std::fs::remove_file(&file).unwrap();
    let mut app = start(data.path());
    press(&mut app, "Enter");
    assert_eq!(plies(&app), ["a1", "e5", "c3"]);
    assert_eq!(play(&app).session().redo_len(), 2, "d4 b2 to redo");
    let saved = save_as(&mut app, &folder.path().join("same.ptn"));
    assert_eq!(moves_of(saved.plies()), ["a1", "e5", "c3", "d4", "b2"]);
    assert_eq!(saved.tags().get("Result"), Some("1-0"));
    assert_eq!(saved.result_token(), Some("1-0"));
    assert!(!saved.has_branches());
}
