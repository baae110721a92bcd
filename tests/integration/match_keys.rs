//! A match by key sequence: the first player alternates, the scores add up as the rulebook
//! says, and every game is saved to one file that `read_ptn` (and so `tak check` and
//! `tak replay`) reads.

use crate::common::{self, options, play, press, type_moves};
use taktui::game::Match;
use taktui::game::store::Keeper;
use taktui::record::read_ptn_file;
use taktui::rules::{BoardSize, GameConfig};
use taktui::tui::dialogs::MatchEnd;
use taktui::tui::screens::MatchScreen;
use taktui::tui::{App, Dialog, Screen};

/// The end shown, if a match's end is.
fn end(app: &App) -> Option<MatchEnd> {
    match app.dialog() {
        Some(Dialog::MatchOver(dialog)) => Some(dialog.end()),
        _ => None,
    }
}

fn matchup(app: &App) -> &Match {
    match app.screen() {
        Screen::Match(screen) => screen.matchup(),
        _ => panic!("not a match"),
    }
}

/// White's road along rank 1 on 3x3, with 7 stones left: 9 + 7 = 16 points.
const WHITE_ROAD: [&str; 5] = ["c3", "a1", "b1", "c2", "c1"];
/// Black's road along rank 3: 9 + 7 = 16 points for Black.
const BLACK_ROAD: [&str; 6] = ["a3", "a1", "b1", "b3", "a2", "c3"];

fn match_app(folder: &std::path::Path) -> App {
    let config = GameConfig::new(BoardSize::new(3).unwrap());
    let players = ["Ann".to_owned(), "Bob".to_owned()];
    let matchup = Match::new(players, 2, config, folder.join("match.ptn"));
    let screen = MatchScreen::new(matchup, false, None);
    App::new(Screen::Match(screen), options(), Keeper::default())
}

#[test]
fn a_two_game_match_alternates_the_first_player_and_adds_up_the_scores() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = match_app(folder.path());
    assert_eq!(
        play(&app).session().player(taktui::rules::Color::White),
        "Ann"
    );
    type_moves(&mut app, &WHITE_ROAD);
    assert_eq!(end(&app), Some(MatchEnd::Game), "Ann (White) won by road");
    let filed = read_ptn_file(&folder.path().join("match.ptn")).unwrap();
    assert_eq!(filed.len(), 1, "a finished game is in the file at once");
    press(&mut app, "Enter");
    assert!(app.dialog().is_none());
    assert_eq!(
        play(&app).session().player(taktui::rules::Color::White),
        "Bob",
        "Bob goes first now"
    );
    assert_eq!(matchup(&app).totals(), [16, 0]);
    // Game 2: Black (Ann) wins by road.
    type_moves(&mut app, &BLACK_ROAD);
    assert_eq!(end(&app), Some(MatchEnd::LastGame));
    press(&mut app, "Enter");
    assert_eq!(end(&app), Some(MatchEnd::Match));
    let Some(Dialog::MatchOver(summary)) = app.dialog() else {
        panic!("the summary")
    };
    let said = format!("{summary:?}");
    assert!(said.contains("Ann wins the match, 32 to 0."), "{said}");
    assert_eq!(matchup(&app).totals(), [32, 0], "Ann won both: 16 + 16");
    press(&mut app, "q");
    assert!(app.should_quit());

    let games = read_ptn_file(&folder.path().join("match.ptn")).unwrap();
    assert_eq!(games.len(), 2);
    let tags: Vec<(Option<&str>, Option<&str>, Option<&str>)> = games
        .iter()
        .map(|g| {
            let tags = g.record.as_ref().unwrap().tags();
            (tags.get("Player1"), tags.get("Player2"), tags.get("Result"))
        })
        .collect();
    assert_eq!(
        tags,
        [
            (Some("Ann"), Some("Bob"), Some("R-0")),
            (Some("Bob"), Some("Ann"), Some("0-R"))
        ]
    );
    assert!(games.iter().all(|g| g.error.is_none()));
}

#[test]
fn the_last_ply_can_be_taken_back_before_going_on() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = match_app(folder.path());
    type_moves(&mut app, &WHITE_ROAD);
    assert_eq!(end(&app), Some(MatchEnd::Game));
    press(&mut app, "u");
    assert!(app.dialog().is_none());
    assert_eq!(play(&app).session().record().plies().len(), 4);
    assert!(
        matchup(&app).finished.is_empty(),
        "the game taken back is unfiled"
    );
    assert!(
        !folder.path().join("match.ptn").exists(),
        "and no longer in the file"
    );
    press(&mut app, "Esc");
    assert_eq!(play(&app).focus(), taktui::tui::Focus::Board);
    press(&mut app, "n");
    assert!(
        app.dialog().is_none(),
        "no new game in the middle of a match"
    );
    assert_eq!(
        app.status().unwrap().text,
        "in a match the games follow one another: finish this one first"
    );
}

#[test]
fn quitting_mid_match_says_it_ends_the_match() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = match_app(folder.path());
    type_moves(&mut app, &["a1"]);
    press(&mut app, "q");
    let Some(Dialog::ConfirmQuit(dialog)) = app.dialog() else {
        panic!("asked first")
    };
    assert!(
        format!("{dialog:?}").contains("Quitting stops the match"),
        "{dialog:?}"
    );
}

#[test]
fn a_resignation_ends_the_match_game_and_is_filed() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = match_app(folder.path());
    type_moves(&mut app, &["c3", "a1"]);
    // White (Ann) is to move and resigns: asked first.
    press(&mut app, "R");
    assert!(matches!(app.dialog(), Some(Dialog::Resign(_))));
    // The winner by name, as the loser.
    let text = common::screen_text(&mut app, 100, 30);
    assert!(
        text.contains("Ann (White) resigns: Bob (Black) wins, 0-1."),
        "{text}"
    );
    press(&mut app, "y");
    assert_eq!(end(&app), Some(MatchEnd::Game), "{:?}", app.dialog());
    let game = &matchup(&app).finished[0];
    assert_eq!(game.winner.map(|(player, _)| player), Some(1), "Bob won");
    let filed = read_ptn_file(&folder.path().join("match.ptn")).unwrap();
    let record = filed[0].record.as_ref().unwrap();
    assert_eq!(record.result_token(), Some("0-1"));
}

#[test]
fn after_a_loss_on_time_the_match_game_cannot_be_taken_back() {
    use std::time::{Duration, Instant};
    let folder = tempfile::tempdir().unwrap();
    let config = GameConfig::new(BoardSize::new(3).unwrap());
    let players = ["Ann".to_owned(), "Bob".to_owned()];
    let games = Match::new(players, 2, config, folder.path().join("match.ptn"));
    let screen = MatchScreen::new(games, false, Some("1+0".parse().unwrap()));
    let mut app = App::new(Screen::Match(screen), options(), Keeper::default());
    let start = Instant::now();
    app.set_time(start);
    type_moves(&mut app, &["c3", "a1"]);
    // White (Ann) lets her minute run out.
    app.set_time(start + Duration::from_secs(61));
    app.tick();
    assert_eq!(end(&app), Some(MatchEnd::Game), "{:?}", app.dialog());
    assert_eq!(matchup(&app).finished.len(), 1, "filed");
    press(&mut app, "u");
    assert_eq!(end(&app), Some(MatchEnd::Game), "the table stays");
    assert_eq!(matchup(&app).finished.len(), 1, "still filed");
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert!(said.contains("gives no time back"), "{said}");
}
