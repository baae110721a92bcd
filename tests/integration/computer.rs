//! Playing the computer at the board: it answers on its own thread while the app stays live,
//! undo takes back to the person's move, a hint is marked on the board, and two computers
//! play a whole game.

use crate::common::{self, options, play, press, type_moves};
use taktui::engine::Level;
use taktui::game::{Player, Session};
use taktui::record::GameRecord;
use taktui::rules::{BoardSize, ByColor, GameConfig};
use taktui::tui::App;
use taktui::tui::screens::PlayScreen;

fn against(size: u8, white: Player, black: Player) -> App {
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(size).unwrap()));
    let play =
        PlayScreen::new(Session::new(record, None)).with_players(ByColor::new(white, black), 7);
    App::playing(play, options())
}

fn computer(level: u8) -> Player {
    Player::Computer(Level::new(level).unwrap())
}

fn person() -> Player {
    Player::Person("Ann".to_owned())
}

/// The name Black plays under, as the record's tags say it.
fn black_name(app: &App) -> Option<String> {
    let tags = play(app).session().record().tags();
    tags.player(taktui::rules::Color::Black).map(str::to_owned)
}

/// Ticks until the computer has nothing more to do (or a generous bound passes).
fn settle(app: &mut App) {
    for _ in 0..20_000 {
        app.tick();
        if !play(app).is_thinking() && !play(app).computer_turn() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("the computer never moved");
}

#[test]
fn the_computer_answers_and_undo_takes_back_to_the_persons_move() {
    let mut app = against(5, person(), computer(1));
    assert_eq!(black_name(&app).as_deref(), Some("Computer (level 1)"));
    type_moves(&mut app, &["a1"]);
    assert!(play(&app).computer_turn());
    // While it thinks, a person's move waits with a reason.
    press(&mut app, ": \"e5\" Enter");
    assert!(
        app.status()
            .unwrap()
            .text
            .starts_with("the computer is to move"),
        "{:?}",
        app.status()
    );
    assert_eq!(play(&app).session().record().plies().len(), 1, "e5 waited");
    press(&mut app, "Esc");
    settle(&mut app);
    let plies = play(&app).session().record().plies().len();
    assert_eq!(plies, 2, "the computer answered");
    press(&mut app, "u");
    assert_eq!(
        play(&app).session().record().plies().len(),
        0,
        "the computer's reply and the person's move both went"
    );
    assert!(!play(&app).computer_turn());
    // Redo plays both again, as undo took both, and says so.
    press(&mut app, "U");
    assert_eq!(play(&app).session().record().plies().len(), 2);
    assert_eq!(app.status().unwrap().text, "played 2 plies again");
    assert!(!play(&app).computer_turn(), "the person's turn again");
}

#[test]
fn a_hint_is_found_and_marked() {
    let mut app = against(3, person(), person());
    press(&mut app, "H");
    assert!(play(&app).is_thinking());
    settle(&mut app);
    let said = app.status().unwrap().text.clone();
    assert!(said.starts_with("hint: "), "{said}");
    assert!(
        play(&app).board_view().marks.hint != taktui::rules::Bitboard::EMPTY,
        "marked on the board"
    );
}

#[test]
fn two_computers_play_a_whole_game() {
    let mut app = against(3, computer(2), computer(1));
    // With two computers, the game goes on until it is over: settling means the end.
    settle(&mut app);
    assert!(play(&app).session().is_over(), "a 3x3 game ends");
    let record = play(&app).session().record();
    assert_eq!(record.position_at(record.plies().len()), *record.position());
}

#[test]
fn the_new_game_dialog_seats_the_computer() {
    let mut app = against(5, person(), person());
    // Game, size, komi, White, White's name (a person's), Black.
    press(&mut app, "n Down Down Down Down Down Right Right Right");
    let Some(taktui::tui::Dialog::NewGame(_)) = app.dialog() else {
        panic!("the new-game dialog")
    };
    press(&mut app, "Enter");
    assert_eq!(play(&app).players().black, computer(3));
    assert_eq!(play(&app).players().white, person(), "Ann keeps her seat");
    assert_eq!(black_name(&app).as_deref(), Some("Computer (level 3)"));
    // And back to a person: Left from level 1 is a person again (Up twice: from the game's
    // field around past the clock to Black's).
    press(&mut app, "n Up Up Left Left Left Enter");
    assert_eq!(play(&app).players().black, Player::Person(String::new()));
}

#[test]
fn the_new_game_dialog_sets_the_clocks_and_offers_them_again() {
    let mut app = against(5, person(), computer(1));
    assert!(play(&app).clock().is_none());
    // The last field (Up from the first): the clocks, none at first; Right gives 3+2.
    press(&mut app, "n Up Right");
    let text = common::screen_text(&mut app, 100, 30);
    assert!(
        text.contains("Clock        < 3+2 >   minutes + seconds a move, or type one"),
        "{text}"
    );
    press(&mut app, "Enter");
    let clock = play(&app).clock().expect("clocks");
    assert_eq!(clock.control().to_string(), "3+2");
    assert_eq!(
        play(&app).session().record().tags().get("Clock"),
        Some("3:0 +2")
    );
    assert_eq!(
        play(&app).players().black,
        computer(1),
        "the seats as they were"
    );
    // The next new game offers the same clocks; Left back to none takes them away.
    press(&mut app, "n");
    let text = common::screen_text(&mut app, 100, 30);
    assert!(text.contains("< 3+2 >"), "{text}");
    press(&mut app, "Up Left Enter");
    assert!(play(&app).clock().is_none());
    assert_eq!(play(&app).session().record().tags().get("Clock"), None);
}

#[test]
fn a_match_against_the_computer_switches_colours_each_game() {
    use taktui::game::Match;
    use taktui::game::store::Keeper;
    use taktui::tui::Screen;
    use taktui::tui::screens::MatchScreen;
    let folder = tempfile::tempdir().unwrap();
    let config = GameConfig::new(BoardSize::new(3).unwrap());
    let players = ["Ann".to_owned(), "computer:1".to_owned()];
    let matchup = Match::new(players, 2, config, folder.path().join("m.ptn"));
    let screen = Screen::Match(MatchScreen::new(matchup, false, None));
    let mut app = App::new(screen, options(), Keeper::default());
    assert_eq!(
        play(&app).players().black,
        computer(1),
        "game 1: Ann has White"
    );
    // Ann plays flats along rank 1 while the computer answers; the game ends one way or another.
    for square in ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"] {
        if app.dialog().is_some() {
            break;
        }
        settle(&mut app);
        type_moves(&mut app, &[square]);
    }
    settle(&mut app);
    for _ in 0..20 {
        if app.dialog().is_some() {
            break;
        }
        let free = play(&app)
            .position()
            .legal_moves()
            .into_iter()
            .next()
            .map(|mv| mv.to_string());
        if let Some(mv) = free {
            type_moves(&mut app, &[&mv]);
        }
        settle(&mut app);
    }
    assert!(app.dialog().is_some(), "game 1 ended");
    press(&mut app, "Enter");
    assert_eq!(
        play(&app).players().white,
        computer(1),
        "game 2: the computer has White"
    );
}

#[test]
fn redo_against_the_computer_replays_its_reply_and_nothing_stale() {
    let mut app = against(5, person(), computer(3));
    type_moves(&mut app, &["a1"]);
    settle(&mut app);
    type_moves(&mut app, &["c3"]);
    settle(&mut app);
    assert_eq!(play(&app).session().record().plies().len(), 4);
    let played = common::plies(&app);
    // Back to the person's move, then both plies again at once: the computer's turn never
    // comes in between, so no search of its can play over the ply redone.
    press(&mut app, "u U");
    assert!(!play(&app).computer_turn());
    assert!(!play(&app).is_thinking());
    settle(&mut app);
    assert_eq!(common::plies(&app), played);
    let record = play(&app).session().record();
    assert_eq!(
        record.plies().len(),
        4,
        "the redone ply stands, nothing else played"
    );
    assert_eq!(record.position_at(4), *record.position());
}

#[test]
fn analysis_marks_the_engines_move_and_p_plays_it() {
    let mut app = against(4, person(), person());
    type_moves(&mut app, &["a1", "d4"]);
    press(&mut app, "a");
    let mut suggestion = None;
    for _ in 0..20_000 {
        app.tick();
        suggestion = play(&app).suggestion();
        if suggestion.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let suggestion = suggestion.expect("the analysis suggests a move");
    assert!(play(&app).board_view().marks.hint != taktui::rules::Bitboard::EMPTY);
    press(&mut app, "P");
    let plies = play(&app).session().record().plies();
    assert_eq!(plies.len(), 3);
    assert_eq!(plies[2].mv, suggestion);
    assert_eq!(play(&app).suggestion(), None, "afresh for the new position");
    press(&mut app, "a");
    assert!(!play(&app).is_thinking(), "a turns it off");
}

#[test]
fn a_person_who_changes_sides_with_the_computer_keeps_their_name() {
    let mut app = against(5, person(), computer(1));
    // The new-game dialog: White becomes the computer, Black a person.
    press(&mut app, "n Down Down Down Right Down Left Enter");
    let players = play(&app).players();
    assert_eq!(players.white, computer(1));
    assert_eq!(players.black, person(), "Ann's name went with her");
    assert_eq!(black_name(&app).as_deref(), Some("Ann"));
}

#[test]
fn alone_against_the_computer_the_person_resigns_even_on_its_turn() {
    let mut app = against(5, computer(1), person());
    settle(&mut app);
    type_moves(&mut app, &["e5"]);
    assert_eq!(
        play(&app).session().record().plies().len(),
        2,
        "e5 was played"
    );
    assert!(
        play(&app).computer_turn(),
        "the computer (White) is to move"
    );
    // Ann (Black) resigns, though it is not her turn.
    press(&mut app, "R y");
    let loss = play(&app).session().loss().cloned().unwrap();
    assert_eq!(loss.loser, taktui::rules::Color::Black);
    assert_eq!(play(&app).session().record().result_token(), Some("1-0"));
    // Named without brackets in brackets.
    let text = common::screen_text(&mut app, 100, 30);
    assert!(
        text.contains("Computer (level 1) as White wins by resignation: 1-0"),
        "{text}"
    );
}

#[test]
fn b_against_the_computer_lists_the_moves_tried_at_the_persons_last_ply() {
    let mut app = against(5, person(), computer(1));
    type_moves(&mut app, &["a1"]);
    settle(&mut app);
    // Undo takes the reply and the move; another move is played and answered.
    press(&mut app, "u");
    type_moves(&mut app, &["e1"]);
    settle(&mut app);
    assert_eq!(common::plies(&app).len(), 2);
    press(&mut app, "b");
    assert!(
        matches!(app.dialog(), Some(taktui::tui::Dialog::Branches(_))),
        "{:?}",
        app.status()
    );
    let text = common::screen_text(&mut app, 100, 30);
    assert!(text.contains("a1") && text.contains("e1"), "{text}");
    // Taking a1's line takes back the computer's reply and e1, and plays a1.
    press(&mut app, "Down Enter");
    settle(&mut app);
    let plies = common::plies(&app);
    assert_eq!(plies[0], "a1", "{plies:?} {:?}", app.status());
    assert_eq!(plies.len(), 2, "answered again");
}

#[test]
fn undo_with_the_computer_as_white_stops_at_its_first_move() {
    let mut app = against(5, computer(1), person());
    settle(&mut app);
    assert_eq!(common::plies(&app).len(), 1, "the computer opened");
    let first = common::plies(&app);
    let free = ["a1", "e5", "a5", "e1"]
        .into_iter()
        .find(|mv| !first.contains(&(*mv).to_owned()))
        .unwrap();
    type_moves(&mut app, &[free]);
    settle(&mut app);
    assert_eq!(common::plies(&app).len(), 3);
    press(&mut app, "Esc u");
    assert_eq!(common::plies(&app), first, "back to the person's move");
    assert_eq!(
        app.status().unwrap().text,
        "took back 2 plies (2 to redo: U)"
    );
    press(&mut app, "u");
    assert_eq!(
        common::plies(&app),
        first,
        "the computer's first move stays"
    );
    let said = app.status().unwrap();
    assert_eq!(said.kind, taktui::tui::StatusKind::Error);
    assert!(
        said.text.starts_with("nothing of yours to take back"),
        "{said:?}"
    );
    assert!(!play(&app).computer_turn());
}

#[test]
fn a_new_search_waits_for_a_slow_engine_to_stop_without_holding_the_caller() {
    use taktui::engine::Limits;
    use taktui::game::computer::{Computer, Report};
    use taktui::rules::Position;
    // The first `go` is answered late (after 1.5 s: `stop` is read only then), the second at
    // once.
    let script = "n=0; while read l; do case $l in tei) echo teiok;; isready) echo readyok;; \
                  go*) n=$((n+1)); if [ $n = 1 ]; then sleep 1.5; echo 'bestmove a1'; \
                  else echo 'bestmove e5'; fi;; quit) exit;; esac; done";
    let entry = common::engine_entry("late", "sh", &["-c", script]);
    let mut computer = Computer::external(entry);
    let empty = Position::new(GameConfig::new(BoardSize::new(5).unwrap()));
    let mut after_c3 = empty.clone();
    let c3 = taktui::notation::parse_move("c3", empty.size()).unwrap();
    after_c3.play(c3).unwrap();
    computer.think(&empty, Limits::default());
    // Give the first search time to reach the engine, then ask about another position.
    std::thread::sleep(std::time::Duration::from_millis(300));
    computer.think(&after_c3, Limits::default());
    // think returned while the first search still winds down (it waits a second for the
    // engine's answer to `stop`).
    assert!(computer.is_stopping(), "the caller is not held");
    assert!(computer.is_thinking(), "the new search is under way");
    assert_eq!(computer.thinking_about(), Some(&after_c3));
    let mut best = None;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while computer.is_thinking() {
        assert!(std::time::Instant::now() < deadline, "no answer");
        for report in computer.reports() {
            if let Report::Done(thought) = report {
                best = thought.best;
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(
        best.map(|mv| mv.to_string()).as_deref(),
        Some("e5"),
        "the answer to the new search, not the stopped one's late a1"
    );
}
