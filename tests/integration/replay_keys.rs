//! Replaying records by keys: every ply shows the position the rules give for that prefix;
//! jumps, autoplay, the game list, errors, and taking over a game.

use crate::common::{self, options, play, press, replay, type_text};
use taktui::game::Library;
use taktui::game::store::Keeper;
use taktui::record::{ReadGame, read_ptn, read_ptn_file};
use taktui::rules::{Position, Square};
use taktui::tui::{App, Dialog, Screen};

const ROUND7: &str = "tests/data/taktician/zoo/2016-round7-game2.ptn";

fn viewer(games: Vec<ReadGame>, game: Option<usize>) -> App {
    let library = Library::new("game.ptn".into(), games);
    let screen = Screen::for_file(library, game, 0).unwrap();
    App::new(screen, options(), Keeper::default())
}

fn open(file: &str) -> App {
    viewer(read_ptn_file(file.as_ref()).unwrap(), None)
}

/// Lets ten seconds pass on `clock` (more than autoplay's slowest pace), then the app ticks.
fn later(app: &mut App, clock: &mut std::time::Instant) {
    *clock += std::time::Duration::from_secs(10);
    app.set_time(*clock);
    app.tick();
}

/// The position after the first `plies` plies, replayed by the rules alone.
fn by_the_rules(app: &App, plies: usize) -> Position {
    let record = replay(app).game().replay.record();
    let mut position = record.start().clone();
    for ply in &record.plies()[..plies] {
        position.play(ply.mv).unwrap();
    }
    position
}

#[test]
fn stepping_forward_and_back_shows_the_rules_position_at_every_ply() {
    let mut app = open(ROUND7);
    let total = replay(&app).game().replay.record().plies().len();
    assert_eq!(total, 40);
    assert_eq!(replay(&app).shown_ply(), 0);
    for ply in 1..=total {
        press(&mut app, "Right");
        assert_eq!(replay(&app).shown_ply(), ply);
        assert_eq!(
            replay(&app).position(),
            &by_the_rules(&app, ply),
            "ply {ply}"
        );
    }
    press(&mut app, "Right");
    assert_eq!(replay(&app).shown_ply(), total, "no step past the end");
    for ply in (0..total).rev() {
        press(&mut app, "h");
        assert_eq!(
            replay(&app).position(),
            &by_the_rules(&app, ply),
            "ply {ply}"
        );
    }
    press(&mut app, "Left");
    assert_eq!(replay(&app).shown_ply(), 0, "no step before the start");
}

#[test]
fn moves_home_end_and_go_to_jump() {
    let mut app = open(ROUND7);
    press(&mut app, "Down");
    assert_eq!(replay(&app).shown_ply(), 2, "a full move is two plies");
    press(&mut app, "]");
    press(&mut app, "Up");
    assert_eq!(replay(&app).shown_ply(), 2);
    press(&mut app, "End");
    assert_eq!(replay(&app).shown_ply(), 40);
    assert_eq!(
        replay(&app).position(),
        replay(&app).game().replay.record().position()
    );
    press(&mut app, "Home");
    assert_eq!(replay(&app).shown_ply(), 0);
    press(&mut app, "g");
    type_text(&mut app, "12b");
    press(&mut app, "Enter");
    assert_eq!(replay(&app).shown_ply(), 24, "after Black's ply of move 12");
    assert_eq!(replay(&app).position(), &by_the_rules(&app, 24));
    press(&mut app, "g");
    type_text(&mut app, "7.");
    press(&mut app, "Enter");
    assert_eq!(replay(&app).shown_ply(), 13);
    press(&mut app, "g");
    type_text(&mut app, "seven");
    press(&mut app, "Enter");
    assert!(
        matches!(app.dialog(), Some(Dialog::GoTo(_))),
        "a bad number keeps the field open"
    );
    assert!(app.status().unwrap().text.contains("is not a move number"));
    press(&mut app, "Esc");
    assert_eq!(replay(&app).shown_ply(), 13);
}

#[test]
fn the_inspector_follows_the_last_move() {
    let mut app = open(ROUND7);
    press(&mut app, "g");
    type_text(&mut app, "4b");
    press(&mut app, "Enter");
    // 4... 1b3<1 drops on a3.
    assert_eq!(replay(&app).cursor(), Square::new(0, 2));
}

#[test]
fn autoplay_steps_on_each_tick_and_any_key_stops_it() {
    let mut clock = std::time::Instant::now();
    let mut app = open(ROUND7);
    press(&mut app, "Space");
    assert!(replay(&app).autoplay().is_some());
    later(&mut app, &mut clock);
    later(&mut app, &mut clock);
    assert_eq!(replay(&app).shown_ply(), 2);
    let slow = replay(&app).autoplay().unwrap();
    press(&mut app, "+");
    assert!(replay(&app).autoplay().unwrap() < slow, "+ speeds it up");
    assert!(replay(&app).autoplay().is_some(), "+ does not stop it");
    let shown = common::screen_text(&mut app, 100, 30);
    assert!(
        shown.contains("· autoplay, "),
        "the line under the board says so: {shown}"
    );
    press(&mut app, "x");
    assert!(replay(&app).autoplay().is_none(), "any key stops it");
    let shown = common::screen_text(&mut app, 100, 30);
    assert!(
        !shown.contains("· autoplay"),
        "and no longer once stopped: {shown}"
    );
    assert_eq!(
        replay(&app).shown_ply(),
        2,
        "the stopping key does nothing else"
    );
    later(&mut app, &mut clock);
    assert_eq!(replay(&app).shown_ply(), 2, "ticks do nothing once stopped");
    // Autoplay stops by itself at the end.
    press(&mut app, "g");
    type_text(&mut app, "20");
    press(&mut app, "Enter");
    press(&mut app, "Space");
    later(&mut app, &mut clock);
    later(&mut app, &mut clock);
    assert_eq!(replay(&app).shown_ply(), 40);
    assert!(replay(&app).autoplay().is_none());
}

#[test]
fn a_file_with_several_games_starts_with_a_list() {
    let text = format!(
        "{}\n{}",
        std::fs::read_to_string("tests/data/taktician/ai/ally-table.ptn").unwrap(),
        std::fs::read_to_string(ROUND7).unwrap()
    );
    let games = read_ptn(&text).unwrap();
    let mut app = viewer(games.clone(), None);
    assert!(matches!(app.screen(), Screen::GameList(list) if list.selected() == 0));
    press(&mut app, "Down");
    press(&mut app, "Enter");
    assert_eq!(replay(&app).game().replay.record().plies().len(), 40);
    // Esc goes back to the list, the game replayed chosen.
    press(&mut app, "Esc");
    assert!(matches!(app.screen(), Screen::GameList(list) if list.selected() == 1));
    assert!(!app.should_quit());
    // --game picks one directly.
    let app = viewer(games, Some(0));
    assert_eq!(replay(&app).game().replay.record().plies().len(), 11);
}

#[test]
fn a_long_list_moves_by_pages_and_to_either_end() {
    let game = "[Size \"4\"]\n1. a1 d4\n\n";
    let games = read_ptn(&game.repeat(500)).unwrap();
    let mut app = viewer(games, None);
    let chosen = |app: &App| match app.screen() {
        Screen::GameList(list) => list.selected(),
        _ => panic!("the list is shown"),
    };
    // Drawn on 24 rows, a page is what fits.
    common::screen_text(&mut app, 80, 24);
    press(&mut app, "PgDn");
    let page = chosen(&app);
    assert!((10..24).contains(&page), "a screenful down: {page}");
    press(&mut app, "PgDn");
    assert_eq!(chosen(&app), 2 * page);
    press(&mut app, "PgUp");
    assert_eq!(chosen(&app), page);
    press(&mut app, "End");
    assert_eq!(chosen(&app), 499);
    press(&mut app, "PgDn");
    assert_eq!(chosen(&app), 499, "no further than the last");
    press(&mut app, "Home");
    assert_eq!(chosen(&app), 0);
    press(&mut app, "G");
    assert_eq!(chosen(&app), 499);
    press(&mut app, "g");
    assert_eq!(chosen(&app), 0);
    press(&mut app, "PgUp");
    assert_eq!(chosen(&app), 0, "no further than the first");
}

#[test]
fn the_list_says_what_the_chosen_game_is_about() {
    let games = read_ptn(
        "[Size \"4\"]\n{A short game: White's road on file a.}\n1. d4 a1 2. a2 d3 3. a3 d2 4. a4\n\n\
         [Size \"4\"]\n1. a1 d4\n",
    )
    .unwrap();
    let mut app = viewer(games, None);
    let text = common::screen_text(&mut app, 80, 24);
    assert!(
        text.contains("A short game: White's road on file a."),
        "{text}"
    );
    press(&mut app, "Down");
    let text = common::screen_text(&mut app, 80, 24);
    assert!(
        !text.contains("A short game"),
        "the second game says nothing: {text}"
    );
}

#[test]
fn a_record_with_an_error_replays_up_to_it_and_says_where() {
    let games = read_ptn("[Size \"4\"]\n1. a1 d4\n2. a1 b2\n").unwrap();
    let mut app = viewer(games, None);
    press(&mut app, "End");
    assert_eq!(replay(&app).shown_ply(), 2);
    let error = replay(&app).game().error.clone().unwrap();
    assert_eq!(
        error,
        "3:4: 2. a1: a1 is occupied: place only on empty squares"
    );
}

#[test]
fn play_from_here_keeps_the_plies_so_far_and_plays_on() {
    let mut app = open(ROUND7);
    press(&mut app, "g");
    type_text(&mut app, "10");
    press(&mut app, "Enter");
    press(&mut app, "p");
    assert!(app.play().is_some(), "playing now");
    // Whoever the record names, both sides are played here, and that is said.
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert!(
        said.contains("playing on from ply 19, both sides yours"),
        "{said}"
    );
    assert!(
        play(&app).players().iter().all(|(_, p)| !p.is_program()),
        "no program seated"
    );
    assert_eq!(play(&app).session().record().plies().len(), 19);
    assert_eq!(
        play(&app).session().path(),
        None,
        "saving goes to a new file"
    );
    assert!(
        !play(&app).session().has_unsaved_game(),
        "nothing to lose yet: the file has every ply so far"
    );
    assert_eq!(
        play(&app).session().record().tags().get("Result"),
        None,
        "the old result is gone"
    );
    // Play goes on as in play mode: 10... is Black's.
    press(&mut app, ":");
    type_text(&mut app, "c1");
    press(&mut app, "Enter");
    assert_eq!(play(&app).session().record().plies().len(), 20);
    assert_eq!(
        play(&app).session().record().plies()[19].mv.to_string(),
        "c1"
    );
}

#[test]
fn analysis_thinks_about_the_ply_shown_and_p_plays_its_move() {
    let mut app = open(ROUND7);
    press(&mut app, "g");
    type_text(&mut app, "10");
    press(&mut app, "Enter a");
    assert!(replay(&app).analysing());
    let mut suggestion = None;
    for _ in 0..20_000 {
        app.tick();
        suggestion = replay(&app).suggestion();
        if suggestion.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let suggestion = suggestion.expect("the engine suggests a move");
    assert!(
        replay(&app).position().check(suggestion).is_ok(),
        "{suggestion}"
    );
    press(&mut app, "Right");
    assert_eq!(replay(&app).suggestion(), None, "afresh on the next ply");
    press(&mut app, "Left");
    for _ in 0..20_000 {
        app.tick();
        if replay(&app).suggestion().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let shown = replay(&app).shown_ply();
    let suggestion = replay(&app).suggestion().unwrap();
    press(&mut app, "p");
    let plies = play(&app).session().record().plies();
    assert_eq!(plies.len(), shown + 1, "played on with the engine's move");
    assert_eq!(plies[shown].mv, suggestion);
}

#[test]
fn i_shows_every_tag_of_the_record_ours_and_anyone_elses() {
    let mut app = viewer(
        read_ptn("[Size \"4\"]\n[Site \"PlayTak.com\"]\n[Rating1 \"1500\"]\n\n1. a1 d4\n").unwrap(),
        None,
    );
    press(&mut app, "i");
    let Some(Dialog::Help(page)) = app.dialog() else {
        panic!("the tags page")
    };
    let rows = &page.sections()[0].rows;
    assert!(
        rows.contains(&("Rating1".to_owned(), "1500".to_owned())),
        "{rows:?}"
    );
    assert!(
        rows.contains(&("Site".to_owned(), "PlayTak.com".to_owned())),
        "{rows:?}"
    );
}

#[test]
fn the_replay_help_says_how_to_try_another_move() {
    let mut app = open(ROUND7);
    press(&mut app, "?");
    let mut seen = String::new();
    // The page scrolls: read it to its end.
    for _ in 0..12 {
        seen.push_str(&common::screen_text(&mut app, 100, 30));
        press(&mut app, "PgDn");
    }
    assert!(seen.contains("Trying another move"), "{seen}");
    assert!(seen.contains("press p to play"), "{seen}");
}

#[test]
fn tab_takes_the_inspector_through_the_stacks_round_the_board() {
    // Two stacks of two: a1 (White's flat on Black's) and d4 (Black's on White's).
    let text = "[Size \"4\"]\n1. a1 d4 2. b1 c4 3. b1< c4>\n";
    let mut app = viewer(read_ptn(text).unwrap(), None);
    let (a1, d4) = (Square::new(0, 0), Square::new(3, 3));
    press(&mut app, "Tab");
    assert!(
        common::screen_text(&mut app, 100, 30).contains("no stack of two or more pieces"),
        "the start has no stack"
    );
    press(&mut app, "End");
    assert_eq!(
        replay(&app).cursor(),
        d4,
        "the inspector follows the last move"
    );
    press(&mut app, "Tab");
    assert_eq!(
        replay(&app).cursor(),
        a1,
        "round the board from the last square"
    );
    assert!(common::screen_text(&mut app, 100, 30).contains("inspecting a1: stack 1 of 2"));
    press(&mut app, "Tab");
    assert_eq!(replay(&app).cursor(), d4);
    press(&mut app, "BackTab");
    assert_eq!(replay(&app).cursor(), a1);
    press(&mut app, "BackTab");
    assert_eq!(replay(&app).cursor(), d4, "back round the board");
    assert_eq!(
        replay(&app).shown_ply(),
        6,
        "inspecting never steps the replay"
    );
}

#[test]
fn at_80x24_a_tall_stack_is_inspected_whole_on_one_line() {
    let mut app = open(ROUND7);
    press(&mut app, "End");
    // c4 holds four pieces, Black's capstone on top of three White flats.
    press(&mut app, "Tab Tab Tab");
    assert_eq!(replay(&app).cursor(), Square::new(2, 3));
    let screen = common::screen_text(&mut app, 80, 24);
    assert!(screen.contains("c4: 4 pieces, carry 4"), "{screen}");
    assert!(screen.contains("top c F F F"), "{screen}");
    let roomy = common::screen_text(&mut app, 100, 40);
    assert!(
        roomy.contains("4 c capstone") && !roomy.contains("top c F F F"),
        "with room, the stack is listed a piece a line:\n{roomy}"
    );
}

#[test]
fn the_key_bar_names_esc_only_when_there_is_a_list_to_go_back_to() {
    let text = format!(
        "{}\n{}",
        std::fs::read_to_string("tests/data/taktician/ai/ally-table.ptn").unwrap(),
        std::fs::read_to_string(ROUND7).unwrap()
    );
    let mut app = viewer(read_ptn(&text).unwrap(), Some(1));
    let last = |app: &mut App| {
        let text = common::screen_text(app, 120, 30);
        text.lines().last().unwrap().to_owned()
    };
    let bar = last(&mut app);
    assert!(bar.contains("Esc list") && bar.contains("? help"), "{bar}");
    let bar = common::screen_text(&mut app, 80, 24)
        .lines()
        .last()
        .unwrap()
        .to_owned();
    assert!(
        bar.trim_start().starts_with("Esc list · ") && bar.ends_with("? help · q quit"),
        "at 80 columns too: {bar}"
    );
    let mut app = open(ROUND7);
    let bar = last(&mut app);
    assert!(bar.contains("q quit") && !bar.contains("Esc"), "{bar}");
}

#[test]
fn a_record_cut_short_says_why_in_the_panel_at_its_end() {
    // The third ply moves a stack that is not White's (a1 is Black's flat).
    let mut app = viewer(
        read_ptn("[Size \"5\"]\n\n1. a1 e5 2. a1+ c3\n").unwrap(),
        None,
    );
    press(&mut app, "End");
    let text = common::screen_text(&mut app, 120, 40);
    assert!(text.contains("The record stops here:"), "{text}");
    // Not at an earlier ply: it says where the record stops, not where it is.
    press(&mut app, "Home");
    let text = common::screen_text(&mut app, 120, 40);
    assert!(!text.contains("The record stops here:"), "{text}");
}

/// A 7x7 middle game (two computers at level 2, 30 moves in) whose "is this tinue?" search
/// runs for seconds: no forced road within reach, and many moves to try.
const LONG_SEARCH: &str = "x7/1,1,21C,x,1,1,2/x,2,221C,21,21,x2/x,2,2,1,1,x2/2,1,2C,2,12C,2,21/\
                           1,1,12,221,12,2,x/x,1,2,212,x2,2 1 31";

#[test]
fn a_long_tinue_search_counts_the_positions_searched_and_esc_stops_it() {
    let text = format!("[Size \"7\"]\n[TPS \"{LONG_SEARCH}\"]\n\n");
    let mut app = viewer(read_ptn(&text).unwrap(), None);
    press(&mut app, "T");
    let said = |app: &App| app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert!(
        said(&app).contains("searched (Esc stops)"),
        "{}",
        said(&app)
    );
    // The count grows while it looks.
    common::until(&mut app, |app| {
        let text = app.status().map(|s| s.text.clone()).unwrap_or_default();
        text.starts_with("looking for a forced road from here: ") && !text.contains(": 0 positions")
    });
    assert!(
        said(&app).ends_with("positions searched (Esc stops)"),
        "{}",
        said(&app)
    );
    // Esc stops it, saying how far it got; no answer comes after.
    press(&mut app, "Esc");
    let stopped = said(&app);
    assert!(
        stopped.starts_with("the search for a forced road is stopped, after "),
        "{stopped}"
    );
    assert!(matches!(app.screen(), Screen::Replay(_)), "still replaying");
    for _ in 0..20 {
        app.set_time(std::time::Instant::now());
        app.tick();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(said(&app), stopped);
}

#[test]
fn at_the_board_too_esc_stops_a_long_tinue_search() {
    let record = read_ptn(&format!("[Size \"7\"]\n[TPS \"{LONG_SEARCH}\"]\n\n"))
        .unwrap()
        .remove(0)
        .record
        .unwrap();
    let mut app = App::new(
        Screen::Play(taktui::tui::screens::PlayScreen::new(
            taktui::game::Session::new(record, None),
        )),
        options(),
        Keeper::default(),
    );
    press(&mut app, "T");
    common::until(&mut app, |app| {
        let text = app.status().map(|s| s.text.clone()).unwrap_or_default();
        text.starts_with("looking for a forced road from here: ") && !text.contains(": 0 positions")
    });
    press(&mut app, "Esc");
    let said = app.status().map(|s| s.text.clone()).unwrap_or_default();
    assert!(
        said.starts_with("the search for a forced road is stopped, after "),
        "{said}"
    );
}
