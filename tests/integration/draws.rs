//! Draws by agreement: offered with `D` on the player's own turn; between people the other
//! answers, alone against the computer the computer judges the position; an agreed draw ends
//! the game `1/2-1/2`, `u` takes back only the agreement, and a match files it as a draw.

use crate::common::{self, new_game, options, play, plies, press, type_moves, until};
use taktui::engine::Level;
use taktui::game::store::Keeper;
use taktui::game::{Ending, Match, Player, Session};
use taktui::notation::Tps;
use taktui::record::{GameRecord, Tags, read_ptn_file};
use taktui::rules::{BoardSize, ByColor, GameConfig};
use taktui::tui::dialogs::MatchEnd;
use taktui::tui::screens::{MatchScreen, PlayScreen};
use taktui::tui::{App, Dialog, Screen};

fn message(app: &App) -> String {
    app.status().map(|s| s.text.clone()).unwrap_or_default()
}

/// Ann (White, a person) against the computer (Black) from `tps`, White to move.
fn ann_against_the_computer(tps: &str) -> App {
    let tps: Tps = tps.parse().unwrap();
    let record = GameRecord::new(tps.to_standard_position().unwrap(), Tags::default());
    let players = ByColor::new(
        Player::Person("Ann".to_owned()),
        Player::Computer(Level::new(3).unwrap()),
    );
    let screen = PlayScreen::new(Session::new(record, None)).with_players(players, 7);
    App::playing(screen, options())
}

#[test]
fn between_people_the_other_player_answers_and_u_takes_back_only_the_agreement() {
    let mut app = new_game(5);
    type_moves(&mut app, &["a1", "e5", "c3"]);
    // Black is to move and offers; White answers.
    press(&mut app, "D");
    assert!(matches!(app.dialog(), Some(Dialog::Draw(_))));
    let text = common::screen_text(&mut app, 100, 30);
    assert!(text.contains("Black offers a draw."), "{text}");
    press(&mut app, "n");
    assert!(app.dialog().is_none());
    assert_eq!(message(&app), "the draw is declined: play on");
    assert!(!play(&app).session().is_over());
    // One offer a move: asking again at once is refused.
    press(&mut app, "D");
    assert!(app.dialog().is_none());
    assert_eq!(
        message(&app),
        "a draw was offered at this move already: offer again after your next move"
    );
    type_moves(&mut app, &["d4", "b2"]);
    press(&mut app, "D y");
    assert!(matches!(app.dialog(), Some(Dialog::GameOver(_))));
    let text = common::screen_text(&mut app, 100, 30);
    assert!(text.contains("Drawn by agreement: 1/2-1/2"), "{text}");
    let session = play(&app).session();
    assert_eq!(session.ending(), Some(&Ending::AgreedDraw));
    assert_eq!(session.record().result_token(), Some("1/2-1/2"));
    assert_eq!(session.record().tags().get("Result"), Some("1/2-1/2"));
    // Over: no move, no second offer; the panel says how it ended.
    press(&mut app, "Esc D");
    assert_eq!(message(&app), "the game is over: no draw to offer");
    let text = common::screen_text(&mut app, 100, 30);
    assert!(text.contains("agreed to a draw"), "{text}");
    assert!(
        !text.contains("▶ White") && !text.contains("▶ Black"),
        "nobody is to move: {text}"
    );
    press(&mut app, "u");
    assert!(
        !play(&app).session().is_over(),
        "the agreement is taken back"
    );
    assert_eq!(message(&app), "the agreed draw is taken back: play on");
    assert_eq!(
        plies(&app),
        ["a1", "e5", "c3", "d4", "b2"],
        "and nothing else"
    );
    assert_eq!(play(&app).session().record().result_token(), None);
}

#[test]
fn the_computer_accepts_when_it_is_lost() {
    // White (Ann) to move has a road in one: c1.
    let mut app = ann_against_the_computer("x5/x5/x5/2,2,2,2,x/1,1,x,1,1 1 6");
    press(&mut app, "D");
    assert!(app.dialog().is_none(), "the computer answers, not a dialog");
    assert!(
        message(&app).starts_with("you offer a draw"),
        "{}",
        message(&app)
    );
    until(&mut app, |app| play(app).session().is_over());
    assert_eq!(
        play(&app).session().ending(),
        Some(&Ending::AgreedDraw),
        "it takes the draw rather than lose"
    );
    assert!(matches!(app.dialog(), Some(Dialog::GameOver(_))));
}

#[test]
fn the_computer_declines_when_it_sees_a_win_and_when_the_game_is_level() {
    // Black (the computer) threatens roads at e1 and e2: White can stop only one.
    let mut app = ann_against_the_computer("x5/x5/1,1,1,x,x/2,2,2,2,x/2,2,2,2,x 1 8");
    press(&mut app, "D");
    // While it weighs the offer, moves wait, and its line (Ann's best move) is not shown.
    press(&mut app, ":");
    common::type_text(&mut app, "e1");
    press(&mut app, "Enter");
    assert_eq!(
        message(&app),
        "Computer (level 3) is weighing your draw offer: a moment"
    );
    press(&mut app, "Esc");
    // Nor does a hint or analysis cut its thinking short, leaving the offer unanswered.
    press(&mut app, "H");
    assert_eq!(
        message(&app),
        "Computer (level 3) is weighing your draw offer: a moment"
    );
    let text = common::screen_text(&mut app, 100, 30);
    assert!(text.contains("weighs the draw offered…"), "{text}");
    assert!(!text.contains("depth"), "{text}");
    until(&mut app, |app| !play(app).is_thinking());
    assert!(!play(&app).session().is_over());
    let said = message(&app);
    assert!(
        said.starts_with("Computer (level 3) declines the draw: it sees a win"),
        "{said}"
    );
    // At the start the game is level: no draw either.
    let mut app = ann_against_the_computer("x5/x5/x5/x5/x5 1 1");
    press(&mut app, "D");
    until(&mut app, |app| !play(app).is_thinking());
    assert!(!play(&app).session().is_over());
    assert!(
        message(&app).contains("declines the draw"),
        "{}",
        message(&app)
    );
}

#[test]
fn a_draw_is_offered_only_by_a_person_on_their_turn() {
    // The computer (Black) is to move after White's first placement.
    let mut app = ann_against_the_computer("x5/x5/x5/x5/x5 1 1");
    type_moves(&mut app, &["e5"]);
    assert!(play(&app).computer_turn(), "its move is applied at a tick");
    press(&mut app, "D");
    assert_eq!(
        message(&app),
        "Computer (level 3) is to move: offer a draw on your turn"
    );
    // Two programs: nobody to offer.
    let record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
    let level = Player::Computer(Level::new(1).unwrap());
    let screen = PlayScreen::new(Session::new(record, None))
        .with_players(ByColor::new(level.clone(), level), 7);
    let mut app = App::playing(screen, options());
    press(&mut app, "D");
    assert_eq!(
        message(&app),
        "two programs play this game: only a person offers a draw"
    );
}

#[test]
fn an_agreed_draw_in_a_match_is_filed_as_a_draw() {
    let folder = tempfile::tempdir().unwrap();
    let config = GameConfig::new(BoardSize::new(3).unwrap());
    let players = ["Ann".to_owned(), "Bob".to_owned()];
    let matchup = Match::new(players, 2, config, folder.path().join("match.ptn"));
    let screen = MatchScreen::new(matchup, false, None);
    let mut app = App::new(Screen::Match(screen), options(), Keeper::default());
    type_moves(&mut app, &["c3", "a1"]);
    press(&mut app, "D y");
    let Some(Dialog::MatchOver(dialog)) = app.dialog() else {
        panic!("the game's table: {:?}", app.dialog())
    };
    assert_eq!(dialog.end(), MatchEnd::Game);
    let Screen::Match(screen) = app.screen() else {
        panic!("a match")
    };
    assert_eq!(screen.matchup().finished[0].winner, None, "nobody won");
    assert_eq!(screen.matchup().totals(), [0, 0]);
    let filed = read_ptn_file(&folder.path().join("match.ptn")).unwrap();
    let record = filed[0].record.as_ref().unwrap();
    assert_eq!(record.result_token(), Some("1/2-1/2"));
}
