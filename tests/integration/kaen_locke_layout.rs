//! Kaen and Locke against the computer at 80x24 and 160x50: the computer's name is said
//! shorter where it does not fit, never cut inside ("Computer 8", not "Computer (le"), and
//! the key bar wraps between its entries rather than lose the hint key.

use crate::common;
use crate::common::screen_text;
use taktui::engine::Level;
use taktui::game::kaen::{Die, KaenSession};
use taktui::game::locke::LockeSession;
use taktui::game::store::Keeper;
use taktui::kaen::{Player, SeriesConfig};
use taktui::locke::{Config, Player as Side};
use taktui::record::Tags;
use taktui::tui::screens::{KaenScreen, LockeScreen};
use taktui::tui::{App, Screen};

/// Tags naming Ann Player 1 (White) and the computer at level 8 Player 2 (Black).
fn ann_and_the_computer() -> Tags {
    let mut tags = Tags::default();
    tags.set("Player1", "Ann".to_owned());
    tags.set("Player2", "Computer (level 8)".to_owned());
    tags
}

/// Ann against the computer at Locke, game 3 of a series in which each won one.
fn locke() -> App {
    let mut tags = ann_and_the_computer();
    tags.set("Series", "1 1-0 centerline, 2 0-1 starvation".to_owned());
    let session = LockeSession::new(Config::classic(), Side::White, tags);
    let screen = LockeScreen::new(session).with_computer(Side::Black, Level::new(8).unwrap());
    App::new(Screen::Locke(screen), common::options(), Keeper::default())
}

/// Ann against the computer at Kaen, Ann to roll first.
fn kaen() -> App {
    let config = SeriesConfig::new(100, 2, 3, false).unwrap();
    let session = KaenSession::new(config, Player::One, ann_and_the_computer());
    let screen = KaenScreen::new(session)
        .with_die(Die::seeded(5))
        .with_computer(Player::Two, Level::new(8).unwrap());
    App::new(Screen::Kaen(screen), common::options(), Keeper::default())
}

/// Every "Computer (" on the screen goes on as its name does: never cut inside.
fn no_name_cut(text: &str) {
    for line in text.lines() {
        for (at, _) in line.match_indices("Computer (") {
            assert!(
                line[at..].starts_with("Computer (level 8)"),
                "a name cut inside: {line:?}\n{text}"
            );
        }
    }
}

/// The key bar's rows: the last `rows` lines.
fn key_rows(text: &str, rows: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len() - rows..].join("\n")
}

#[test]
fn locke_against_the_computer_at_80x24_and_160x50() {
    let mut app = locke();
    let small = screen_text(&mut app, 80, 24);
    no_name_cut(&small);
    assert!(small.contains("Computer 8"), "{small}");
    // Every key of the bar, the hint among them, over two rows.
    let bar = key_rows(&small, 2);
    for entry in ["H hint", "u undo", ": type", "w save", "? help", "q quit"] {
        assert!(bar.contains(entry), "{entry} missing from the bar:\n{bar}");
    }
    insta::assert_snapshot!("locke_against_the_computer_80x24", small);
    let large = screen_text(&mut app, 160, 50);
    no_name_cut(&large);
    assert!(key_rows(&large, 1).contains("H hint"), "{large}");
    insta::assert_snapshot!("locke_against_the_computer_160x50", large);
}

#[test]
fn kaen_against_the_computer_at_80x24_and_160x50() {
    let mut app = kaen();
    let small = screen_text(&mut app, 80, 24);
    no_name_cut(&small);
    assert!(small.contains("Computer 8"), "{small}");
    assert!(small.contains("H hint"), "{small}");
    insta::assert_snapshot!("kaen_against_the_computer_80x24", small);
    let large = screen_text(&mut app, 160, 50);
    no_name_cut(&large);
    assert!(large.contains("H hint"), "{large}");
    insta::assert_snapshot!("kaen_against_the_computer_160x50", large);
}

#[test]
fn a_title_too_long_says_the_computer_shorter_and_ends_whole() {
    // The computer (White) to move in game 3: the title would be 81 columns.
    let mut tags = Tags::default();
    tags.set("Player1", "Computer (level 10)".to_owned());
    tags.set("Player2", "Ann".to_owned());
    tags.set("Series", "1 1-0 centerline, 2 0-1 starvation".to_owned());
    let session = LockeSession::new(Config::classic(), Side::White, tags);
    let screen = LockeScreen::new(session).with_computer(Side::White, Level::new(10).unwrap());
    let mut app = App::new(Screen::Locke(screen), common::options(), Keeper::default());
    let small = screen_text(&mut app, 80, 24);
    let title = small.lines().next().unwrap();
    assert!(
        title.ends_with("turn 1: Computer 10 (White) to move"),
        "{title}"
    );
    let large = screen_text(&mut app, 160, 50);
    let title = large.lines().next().unwrap();
    assert!(
        title.ends_with("turn 1: Computer (level 10) (White) to move"),
        "{title}"
    );
}
