//! An online game on the board, driven by keys as a player would, over lines a server sends
//! (no network: the lines are handed to the app as the terminal loop would hand them): the
//! commands it would send, what it says, and how it looks at 80x24 and 100x30 (ours to move,
//! theirs, a draw offered, watching).

use crate::common::{self, press, screen_text, type_text};
use taktui::game::store::Keeper;
use taktui::online::connection::Event;
use taktui::online::protocol::{Parsed, ServerMessage, parse};
use taktui::rules::Square;
use taktui::tui::screens::{LobbyScreen, OnlineBoard};
use taktui::tui::{App, Dialog, Screen};

/// Guest7's lobby on a local server, logged in, its games kept in `data`.
fn lobby(data: Option<std::path::PathBuf>) -> App {
    let screen = LobbyScreen::new("ws://127.0.0.1:11000").keeping_in(data, None);
    let mut app = App::new(
        Screen::Lobby(Box::new(screen)),
        common::options(),
        Keeper::default(),
    );
    app.heard(&Event::LoggedIn {
        name: "Guest7".into(),
        again: false,
    });
    hear(
        &mut app,
        &[
            "Online 3",
            "GameList Add 11 erin frank 5 600 10 4 21 1 0 0 0 0",
        ],
    );
    app
}

fn message(line: &str) -> ServerMessage {
    match parse(line) {
        Parsed::Message(message) => message,
        other => panic!("{line} does not read: {other:?}"),
    }
}

/// The server says `lines`, in order.
fn hear(app: &mut App, lines: &[&str]) {
    for line in lines {
        app.heard(&Event::Message(message(line)));
    }
}

/// The commands the app asks to send, as their lines, taken.
fn sent(app: &mut App) -> Vec<String> {
    app.take_commands()
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn lobby_screen(app: &App) -> &LobbyScreen {
    match app.screen() {
        Screen::Lobby(lobby) => lobby,
        other => panic!("not the lobby: {other:?}"),
    }
}

fn board(app: &App) -> &OnlineBoard {
    lobby_screen(app).board().expect("a game on the board")
}

fn status(app: &App) -> String {
    app.status().map(|s| s.text.clone()).unwrap_or_default()
}

/// Game 5, Guest7 (White) against alice, 5x5, ten minutes and ten seconds, komi 2.
const OURS_AS_WHITE: &str = "Game Start 5 Guest7 vs alice white 5 600 10 4 21 1 0 0 0 0 0";

/// Guest7's game against alice, begun, ours to move after `lines`.
fn our_game(lines: &[&str]) -> App {
    let mut app = lobby(None);
    hear(&mut app, &[OURS_AS_WHITE, "Game#5 Timems 600000 600000"]);
    hear(&mut app, lines);
    app
}

#[test]
fn a_game_that_starts_opens_on_the_board_and_moves_go_to_the_server_in_its_notation() {
    let mut app = our_game(&[]);
    assert_eq!(board(&app).us(), Some(taktui::rules::Color::White));
    assert!(
        status(&app).contains("game 5 against alice"),
        "{}",
        status(&app)
    );
    // Typed in PTN: White's first ply places Black's flat.
    press(&mut app, ":");
    type_text(&mut app, "a1");
    press(&mut app, "Enter Esc");
    assert_eq!(sent(&mut app), ["Game#5 P A1"]);
    hear(&mut app, &["Game#5 P E5", "Game#5 Timems 605000 598000"]);
    assert!(status(&app).contains("alice played e5: your move"));
    // Picked with the arrows: the cursor starts at c3; a wall on c4.
    press(&mut app, "Up s");
    assert_eq!(sent(&mut app), ["Game#5 P C4 W"]);
    hear(&mut app, &["Game#5 P D4"]);
    // A stack moved with keys: pick up c4's wall... a wall cannot move onto d4's flat; the
    // flat at a1 is Black's. Place a capstone on b2 instead, then move it onto c2.
    press(&mut app, "Down Down Left c");
    assert_eq!(sent(&mut app), ["Game#5 P B2 C"]);
    hear(&mut app, &["Game#5 P D3"]);
    press(&mut app, "Enter Right Enter");
    assert_eq!(sent(&mut app), ["Game#5 M B2 C2 1"]);
    assert_eq!(board(&app).game().record().plies().len(), 7);
}

#[test]
fn a_move_out_of_turn_or_illegal_is_refused_here_and_never_sent() {
    let app = our_game(&["Game#5 P E5"]);
    // Not ours: e5 was Black's answer to nothing (White had not moved), so it is refused.
    assert!(
        status(&app).contains("which taktui's rules refuse"),
        "said loudly: {}",
        status(&app)
    );
    let mut app = our_game(&[]);
    press(&mut app, ":");
    type_text(&mut app, "c3+");
    press(&mut app, "Enter");
    assert!(sent(&mut app).is_empty(), "an illegal move is not sent");
    assert!(status(&app).starts_with("c3+:"), "{}", status(&app));
}

#[test]
fn the_clocks_are_the_servers() {
    let mut app = our_game(&["Game#5 Timems 512300 43000"]);
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("8:32"), "White's 512.3 s: {text}");
    assert!(text.contains("0:43"), "Black's 43 s: {text}");
    hear(&mut app, &["Game#5 Timems 21000 43000"]);
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("Your time is running out"), "{text}");
    assert!(
        status(&app).contains("less than 30 s left"),
        "{}",
        status(&app)
    );
}

#[test]
fn a_draw_offered_by_the_opponent_is_accepted_with_d_and_the_server_ends_the_game() {
    let mut app = our_game(&["Game#5 OfferDraw"]);
    assert!(status(&app).contains("alice offers a draw: D accepts, x declines"));
    press(&mut app, "D");
    assert_eq!(sent(&mut app), ["Game#5 OfferDraw"]);
    hear(&mut app, &["Game#5 Over 1/2-1/2"]);
    assert!(board(&app).game().is_over());
    assert!(
        status(&app).starts_with("1/2-1/2: drawn by agreement"),
        "{}",
        status(&app)
    );
}

#[test]
fn our_draw_offer_is_withdrawn_with_d_again() {
    let mut app = our_game(&[]);
    press(&mut app, "D");
    assert_eq!(sent(&mut app), ["Game#5 OfferDraw"]);
    press(&mut app, "D");
    assert_eq!(sent(&mut app), ["Game#5 RemoveDraw"]);
}

#[test]
fn a_takeback_asked_and_granted_by_the_server_takes_the_ply_back() {
    let mut app = our_game(&[]);
    press(&mut app, "f");
    assert_eq!(sent(&mut app), ["Game#5 P C3"]);
    press(&mut app, "u");
    assert_eq!(sent(&mut app), ["Game#5 RequestUndo"]);
    hear(&mut app, &["Game#5 Undo"]);
    assert!(board(&app).game().record().plies().is_empty());
    assert!(status(&app).contains("taken back"), "{}", status(&app));
}

#[test]
fn a_takeback_the_opponent_asks_is_granted_with_u() {
    let mut app = our_game(&[]);
    press(&mut app, "f");
    hear(&mut app, &["Game#5 P A1", "Game#5 RequestUndo"]);
    sent(&mut app);
    assert!(status(&app).contains("u grants it"), "{}", status(&app));
    press(&mut app, "u");
    assert_eq!(sent(&mut app), ["Game#5 RequestUndo"]);
}

#[test]
fn resigning_asks_first_then_tells_the_server() {
    let mut app = our_game(&[]);
    press(&mut app, "R");
    assert!(matches!(app.dialog(), Some(Dialog::Resign(_))));
    press(&mut app, "n");
    assert!(sent(&mut app).is_empty(), "n plays on");
    press(&mut app, "R y");
    assert_eq!(sent(&mut app), ["Game#5 Resign"]);
    hear(&mut app, &["Game#5 Over 0-1"]);
    assert!(
        status(&app).starts_with("0-1: Guest7 resigned, alice wins. You lose"),
        "{}",
        status(&app)
    );
}

#[test]
fn quitting_during_the_game_asks_and_leaving_sends_nothing() {
    let mut app = our_game(&[]);
    press(&mut app, "q");
    assert!(matches!(app.dialog(), Some(Dialog::LeaveGame(_))));
    press(&mut app, "Esc");
    assert!(lobby_screen(&app).board().is_some(), "Esc stays");
    press(&mut app, "q l");
    assert!(lobby_screen(&app).board().is_none(), "back in the lobby");
    assert!(sent(&mut app).is_empty(), "left to the server's clock");
    assert!(!app.should_quit());
    // Or resigned on the way out.
    let mut app = our_game(&[]);
    press(&mut app, "q r");
    assert_eq!(sent(&mut app), ["Game#5 Resign"]);
    assert!(lobby_screen(&app).board().is_none());
}

#[test]
fn engine_help_is_off_while_playing_a_person_and_the_key_says_why() {
    let mut app = our_game(&[]);
    for key in ["a", "H", "T", "P"] {
        press(&mut app, key);
        assert!(
            status(&app).contains("off while you play a person"),
            "{key}: {}",
            status(&app)
        );
    }
    // Nothing was asked of any engine: no analysis, no hint, no tinue search.
    let until = std::time::Instant::now() + std::time::Duration::from_millis(300);
    while std::time::Instant::now() < until {
        app.set_time(std::time::Instant::now());
        app.tick();
    }
    assert!(board(&app).suggestion().is_none());
    assert!(board(&app).marked_hint().is_none());
    assert!(status(&app).contains("off while you play a person"));
    let text = screen_text(&mut app, 100, 30);
    assert!(
        !text.contains("Analysis") && !text.contains("White █"),
        "{text}"
    );
}

/// Watching game 11, where White (erin) has four flats along row 2 and is to move: e2 wins.
fn watching_a_road_threat() -> App {
    let mut app = lobby(None);
    press(&mut app, "Tab Enter");
    hear(
        &mut app,
        &[
            "Observe 11 erin frank 5 600 10 4 21 1 0 0 0 0",
            "Game#11 P A1",
            "Game#11 P E5",
            "Game#11 P A2",
            "Game#11 P E4",
            "Game#11 P B2",
            "Game#11 P D4",
            "Game#11 P C2",
            "Game#11 P C4",
            "Game#11 P D2",
            "Game#11 P B4",
        ],
    );
    assert_eq!(board(&app).game().record().plies().len(), 10);
    app
}

#[test]
fn watching_h_marks_a_hint_for_the_position_shown_even_stepped_back() {
    let mut app = watching_a_road_threat();
    press(&mut app, "H");
    assert!(
        status(&app).contains("looking for a move for erin"),
        "{}",
        status(&app)
    );
    common::until(&mut app, |app| board(app).marked_hint().is_some());
    assert!(status(&app).starts_with("hint: e2"), "{}", status(&app));
    assert_eq!(board(&app).marked_hint().unwrap().to_string(), "e2");
    // A ply back, Black to move: the hint goes, and the next one is Black's, legal there.
    press(&mut app, "Left");
    assert!(
        board(&app).marked_hint().is_none(),
        "the hint was of the live position"
    );
    press(&mut app, "H");
    assert!(status(&app).contains("for frank"), "{}", status(&app));
    common::until(&mut app, |app| board(app).marked_hint().is_some());
    let hint = board(&app).marked_hint().unwrap();
    assert_eq!(board(&app).shown(), 9);
    assert!(
        board(&app).position().check(hint).is_ok(),
        "{hint} legal at ply 9"
    );
}

#[test]
fn watching_t_runs_the_tinue_search_on_the_position_shown() {
    let mut app = watching_a_road_threat();
    press(&mut app, "T");
    assert!(status(&app).starts_with("looking for a forced road"));
    common::until(&mut app, |app| !status(app).starts_with("looking for"));
    assert!(
        status(&app).starts_with("White forces a road in 1 ply"),
        "{}",
        status(&app)
    );
    // Stepped back, Black to move: the answer is about that position.
    press(&mut app, "Left T");
    common::until(&mut app, |app| !status(app).starts_with("looking for"));
    // (At ply 9 Black blocks e2: no road in one for White.)
    assert!(
        !status(&app).starts_with("White forces a road in 1"),
        "{}",
        status(&app)
    );
}

#[test]
fn watching_analysis_shows_the_eval_bar_and_marks_its_move() {
    let mut app = watching_a_road_threat();
    press(&mut app, "a");
    common::until(&mut app, |app| board(app).suggestion().is_some());
    assert_eq!(board(&app).suggestion().unwrap().to_string(), "e2");
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("White wins in 1 move"), "{text}");
    // White wins at once: the bar is White's from end to end.
    assert!(
        text.contains(&format!("White {} Black", "█".repeat(24))),
        "{text}"
    );
    // A ply back: the analysis starts afresh on that position, Black to move there.
    press(&mut app, "Left");
    assert!(
        board(&app).suggestion().is_none(),
        "of the live position: gone"
    );
    common::until(&mut app, |app| board(app).suggestion().is_some());
    let mv = board(&app).suggestion().unwrap();
    assert_eq!(board(&app).shown(), 9);
    assert!(
        board(&app).position().check(mv).is_ok(),
        "{mv} legal at ply 9"
    );
    let text = screen_text(&mut app, 100, 30);
    assert!(!text.contains("White wins in 1 move"), "{text}");
}

#[test]
fn engine_help_works_on_a_game_watched_and_follows_its_moves() {
    let mut app = lobby(None);
    press(&mut app, "Tab Enter");
    hear(
        &mut app,
        &[
            "Observe 11 erin frank 5 600 10 4 21 1 0 0 0 0",
            "Game#11 P A1",
            "Game#11 P E5",
        ],
    );
    press(&mut app, "a");
    assert!(status(&app).starts_with("analysis on"), "{}", status(&app));
    common::until(&mut app, |app| board(app).suggestion().is_some());
    let first = board(&app).suggestion().unwrap();
    assert!(board(&app).position().check(first).is_ok(), "a legal move");
    // A move comes: the analysis is of the new position.
    let line = format!("Game#11 {}", server_words(&board(&app).position(), first));
    hear(&mut app, &[&line]);
    assert_eq!(board(&app).game().record().plies().len(), 3);
    common::until(&mut app, |app| {
        board(app)
            .suggestion()
            .is_some_and(|mv| board(app).position().check(mv).is_ok())
    });
    assert!(screen_text(&mut app, 100, 30).contains("Analysis"));
    press(&mut app, "a");
    assert!(board(&app).suggestion().is_none(), "off");
}

/// `mv` in the server's notation.
fn server_words(position: &taktui::rules::Position, mv: taktui::rules::Move) -> String {
    taktui::online::server_moves::to_server(position, mv)
        .unwrap()
        .to_string()
}

#[test]
fn the_opponent_who_leaves_is_said_and_the_game_is_ours() {
    let mut app = our_game(&[]);
    hear(
        &mut app,
        &["Game#5 Abandoned. alice quit", "Game#5 Over 1-0"],
    );
    assert!(
        status(&app).starts_with("1-0: alice left the game, Guest7 wins. You win"),
        "{}",
        status(&app)
    );
}

#[test]
fn after_the_game_n_asks_the_same_opponent_for_a_rematch_and_it_waits_in_the_lobby() {
    let mut app = our_game(&["Game#5 Over 0-R"]);
    press(&mut app, "n");
    assert_eq!(
        sent(&mut app),
        ["Rematch 5 5 600 10 B 4 21 1 0 0 0 0 alice"]
    );
    assert!(
        status(&app).starts_with("rematch asked"),
        "{}",
        status(&app)
    );
    // Back in the lobby, the rematch still hears the server: alice asks too, and the server
    // has us accept hers.
    press(&mut app, "q");
    hear(&mut app, &["Accept Rematch 9"]);
    assert_eq!(sent(&mut app), ["Accept 9"]);
    hear(
        &mut app,
        &["Game Start 6 alice vs Guest7 black 5 600 10 4 21 1 0 0 0 0 0"],
    );
    assert_eq!(board(&app).game().id().0, 6);
}

#[test]
fn the_opponents_rematch_is_said_and_n_accepts_it() {
    let mut app = our_game(&["Game#5 Over 1-0"]);
    hear(
        &mut app,
        &["Seek new 9 alice 5 600 10 W 4 21 1 0 0 0 0 Guest7 0"],
    );
    assert!(
        status(&app).contains("alice asks for a rematch: n accepts"),
        "{}",
        status(&app)
    );
    press(&mut app, "n");
    assert_eq!(
        sent(&mut app),
        ["Rematch 5 5 600 10 B 4 21 1 0 0 0 0 alice"]
    );
}

#[test]
fn a_dropped_connection_is_said_on_the_board_and_the_game_goes_on_when_back() {
    let mut app = our_game(&[]);
    app.heard(&Event::Dropped {
        why: "the server closed the connection".into(),
        retry_in: std::time::Duration::from_secs(2),
    });
    let text = screen_text(&mut app, 100, 30);
    assert!(text.contains("Connection lost"), "{text}");
    press(&mut app, "f");
    assert!(sent(&mut app).is_empty(), "nothing sent while down");
    assert!(status(&app).contains("not connected"), "{}", status(&app));
    app.heard(&Event::LoggedIn {
        name: "Guest7".into(),
        again: true,
    });
    hear(
        &mut app,
        &[
            OURS_AS_WHITE,
            "Game#5 Timems 590000 600000",
            "Message Your game is resumed",
        ],
    );
    assert!(!screen_text(&mut app, 100, 30).contains("Connection lost"));
    press(&mut app, "f");
    assert_eq!(sent(&mut app), ["Game#5 P C3"]);
}

#[test]
fn watching_follows_the_game_steps_back_saves_and_leaves_with_unobserve() {
    let data = common::scratch("online-watch");
    let mut app = lobby(Some(data.clone()));
    press(&mut app, "Tab Enter");
    assert_eq!(sent(&mut app), ["Observe 11"]);
    hear(
        &mut app,
        &[
            "Observe 11 erin frank 5 600 10 4 21 1 0 0 0 0",
            "Game#11 P A1",
            "Game#11 P E5",
            "Game#11 P C3",
        ],
    );
    assert_eq!(board(&app).us(), None);
    assert_eq!(board(&app).shown(), 3);
    press(&mut app, "Left Left");
    assert_eq!(board(&app).shown(), 1);
    hear(&mut app, &["Game#11 P C2"]);
    assert_eq!(board(&app).shown(), 1, "stepped back, it stays");
    assert_eq!(board(&app).game().record().plies().len(), 4);
    press(&mut app, "End");
    assert_eq!(board(&app).shown(), 4, "live again");
    assert!(
        !board(&app)
            .position()
            .board()
            .stack(Square::new(2, 1))
            .is_empty(),
        "c2 shown"
    );
    press(&mut app, "w");
    assert!(status(&app).starts_with("saved in"), "{}", status(&app));
    hear(&mut app, &["Game#11 Over 0-1"]);
    let past = taktui::online::game::past_games(&data);
    assert_eq!(past.len(), 1, "among the past games");
    assert_eq!(past[0].result(), Some("0-1"));
    press(&mut app, "q");
    assert!(lobby_screen(&app).board().is_none());
    assert!(sent(&mut app).is_empty(), "a game over needs no Unobserve");
    // Leaving a game that goes on says so to the server.
    press(&mut app, "Enter");
    hear(&mut app, &["Observe 11 erin frank 5 600 10 4 21 1 0 0 0 0"]);
    sent(&mut app);
    press(&mut app, "q");
    assert_eq!(sent(&mut app), ["Unobserve 11"]);
}

#[test]
fn our_finished_game_is_saved_listed_among_the_past_games_and_replayed() {
    let data = common::scratch("online-past");
    let mut app = lobby(Some(data.clone()));
    hear(&mut app, &[OURS_AS_WHITE]);
    press(&mut app, "f");
    hear(&mut app, &["Game#5 P A1", "Game#5 Over 1-0"]);
    assert!(status(&app).contains("Saved in"), "{}", status(&app));
    press(&mut app, "q");
    press(&mut app, "p");
    assert_eq!(lobby_screen(&app).past().len(), 1);
    let text = screen_text(&mut app, 80, 24);
    assert!(
        text.contains("Guest7            alice             5x5   1-0"),
        "{text}"
    );
    press(&mut app, "Enter");
    assert!(lobby_screen(&app).replay().is_some(), "replayed");
    assert_eq!(
        app.position()
            .unwrap()
            .board()
            .stack(Square::new(2, 2))
            .height(),
        1
    );
    press(&mut app, "q");
    assert!(lobby_screen(&app).replay().is_none(), "back in the lobby");
    assert!(!app.should_quit());
}

#[test]
fn ours_to_move_at_80x24() {
    let mut app = our_game(&[]);
    insta::assert_snapshot!(screen_text(&mut app, 80, 24));
}

#[test]
fn theirs_to_move_at_100x30() {
    let mut app = our_game(&[]);
    press(&mut app, "f");
    hear(&mut app, &["Game#5 Timems 608000 600000"]);
    insta::assert_snapshot!(screen_text(&mut app, 100, 30));
}

#[test]
fn a_draw_offered_at_80x24() {
    let mut app = our_game(&[]);
    press(&mut app, "f");
    hear(&mut app, &["Game#5 P A1", "Game#5 OfferDraw"]);
    insta::assert_snapshot!(screen_text(&mut app, 80, 24));
}

#[test]
fn watching_at_100x30() {
    let mut app = lobby(None);
    press(&mut app, "Tab Enter");
    hear(
        &mut app,
        &[
            "Observe 11 erin frank 5 600 10 4 21 1 0 0 0 0",
            "Game#11 P A1",
            "Game#11 P E5",
            "Game#11 Timems 590000 600000",
        ],
    );
    insta::assert_snapshot!(screen_text(&mut app, 100, 30));
}

#[test]
fn a_kept_game_is_gone_back_to_when_the_server_sends_it_again() {
    use taktui::game::seat::Seat;
    use taktui::game::store::Store;
    use taktui::online::game::{OnlineGame, kept_online_games};
    let data = common::scratch("online-back");
    let url = "ws://127.0.0.1:11000";
    // A game played here before a crash: two plies kept in the data folder.
    {
        let ServerMessage::GameStart(start) = message(OURS_AS_WHITE) else {
            unreachable!()
        };
        let mut game = OnlineGame::new(&start, Seat::Keyboard, "127.0.0.1");
        game.keep_in(&data, url, "Guest7", Some("abcdefghijklmnopqrst"));
        let now = std::time::Instant::now();
        game.play("a1".parse().unwrap(), now).unwrap();
        game.handle_message(&message("Game#5 P E5"), now);
    }
    let kept = kept_online_games(&Store::in_data_dir(&data));
    assert_eq!(kept.len(), 1, "kept");
    let screen = LobbyScreen::new(url)
        .keeping_in(Some(data.clone()), Some("abcdefghijklmnopqrst".into()))
        .going_back_to(kept);
    let mut app = App::new(
        Screen::Lobby(Box::new(screen)),
        common::options(),
        Keeper::default(),
    );
    app.heard(&Event::LoggedIn {
        name: "Guest7".into(),
        again: false,
    });
    // The server sends it again: its start, every move (one more than kept), the clocks.
    hear(
        &mut app,
        &[
            OURS_AS_WHITE,
            "Game#5 P A1",
            "Game#5 P E5",
            "Game#5 Timems 590000 580000",
        ],
    );
    assert!(
        status(&app).starts_with("back in the game as the server has it"),
        "{}",
        status(&app)
    );
    assert_eq!(board(&app).game().record().plies().len(), 2, "no ply twice");
    press(&mut app, "f");
    assert_eq!(sent(&mut app), ["Game#5 P C3"]);
    assert!(
        Store::in_data_dir(&data).unfinished_online().len() == 1,
        "kept in the same file"
    );
}

#[test]
fn a_second_click_on_a_square_places_a_flat_there_and_sends_it() {
    use taktui::tui::{Layout, layout};
    let mut app = our_game(&[]);
    common::resize(&mut app, 80, 24);
    let Layout::Game(game) = layout(80, 24, taktui::rules::BoardSize::new(5).unwrap()) else {
        panic!("80x24 holds a 5x5 board");
    };
    let (column, row, _) = game.cell(Square::new(1, 1));
    common::click(&mut app, column, row);
    assert!(sent(&mut app).is_empty(), "one click only moves the cursor");
    common::click(&mut app, column, row);
    assert_eq!(sent(&mut app), ["Game#5 P B2"]);
}
