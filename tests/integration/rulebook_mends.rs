//! What a rules check of Kaen and Locke found to mend (issue 32), each as a player meets it:
//! the die never shown before a roll, undo that stops at a roll and at a finished game, the
//! chips counted, Locke's arrows judging the whole move, the marker passed with a double, new
//! series and series tables, names that cannot be read as squares, the rules on the key bars,
//! the hints of the moment and the least size.

use std::time::{Duration, Instant};

use crate::common::{self, press, screen_text};
use taktui::game::kaen::{Die, KaenSession, die, first_player};
use taktui::game::locke::LockeSession;
use taktui::game::store::Keeper;
use taktui::kaen::{Action, Player, SeriesConfig};
use taktui::locke::{Config, Player as Side};
use taktui::record::Tags;
use taktui::tui::screens::{KaenScreen, LockeScreen};
use taktui::tui::{App, Screen};

/// The least terminals the Kaen and Locke screens fit (their `MIN_SIZE`).
const KAEN_LEAST: (u16, u16) = (72, 22);
const LOCKE_LEAST: (u16, u16) = (70, 22);

/// Tags naming the players Ann (first) and Bo.
fn ann_and_bo() -> Tags {
    let mut tags = Tags::default();
    tags.set("Player1", "Ann".to_owned());
    tags.set("Player2", "Bo".to_owned());
    tags
}

/// Ann and Bo's series of `games` games, its die from `seed`.
fn kaen_app(games: u32, seed: u64) -> App {
    let config = SeriesConfig::new(100, 2, games, false).unwrap();
    let session = KaenSession::new(config, first_player(seed), ann_and_bo());
    kaen_app_of(KaenScreen::new(session).with_die(Die::seeded(seed)))
}

fn kaen_app_of(screen: KaenScreen) -> App {
    App::new(Screen::Kaen(screen), common::options(), Keeper::default())
}

fn kaen(app: &App) -> &KaenScreen {
    match app.screen() {
        Screen::Kaen(screen) => screen,
        other => panic!("not Kaen: {other:?}"),
    }
}

fn locke_app() -> App {
    let session = LockeSession::new(Config::classic(), Side::White, ann_and_bo());
    App::new(
        Screen::Locke(LockeScreen::new(session)),
        common::options(),
        Keeper::default(),
    )
}

fn locke(app: &App) -> &LockeScreen {
    match app.screen() {
        Screen::Locke(screen) => screen,
        other => panic!("not Locke: {other:?}"),
    }
}

fn status(app: &App) -> String {
    app.status().map(|s| s.text.clone()).unwrap_or_default()
}

/// The faces rolled in the series, in order.
fn rolled(app: &App) -> Vec<Action> {
    kaen(app)
        .session()
        .record()
        .actions()
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Roll(_)))
        .collect()
}

/// Lets the die land: time passes, the screen ticks.
fn land(app: &mut App, now: &mut Instant) {
    *now += Duration::from_secs(2);
    app.set_time(*now);
    app.tick();
}

/// The screen without its message line (the next to last): a message a key did not touch
/// stays from before, which a twin made afresh has not seen.
fn without_message(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let message = lines.len().saturating_sub(2);
    lines
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != message)
        .map(|(_, line)| *line)
        .collect()
}

#[test]
fn kaen_no_sequence_of_keys_shows_a_roll_before_it_is_made() {
    // Every game key but those that open a dialog (help, rules, saving, quitting).
    const KEYS: [&str; 21] = [
        "Enter", "Space", "d", "a", "y", "s", "m", "f", "Up", "Down", "Left", "Right", "1", "2",
        "3", "4", "u", "U", "C-r", "n", "L",
    ];
    let mut noise = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        noise ^= noise << 13;
        noise ^= noise >> 7;
        noise ^= noise << 17;
        noise
    };
    let mut rolls_seen = 0;
    for walk in 0..10 {
        let seed = 100 + walk;
        let mut app = kaen_app(3, seed);
        let mut now = Instant::now();
        app.set_time(now);
        for _ in 0..160 {
            let key = KEYS[(next() % KEYS.len() as u64) as usize];
            let before = rolled(&app);
            // A twin of the screen as it is, whose die would show another face next.
            let Die::Seeded { thrown, .. } = *kaen(&app).die() else {
                panic!("a seeded die")
            };
            let next_face = die(seed, thrown);
            let other = (1..1000)
                .find(|&s| die(s, thrown) != next_face)
                .expect("another seed");
            let twin = kaen(&app).clone().with_die(Die::Seeded {
                seed: other,
                thrown,
            });
            let mut twin = kaen_app_of(twin);
            twin.set_time(now);
            let said = status(&app);
            press(&mut app, key);
            press(&mut twin, key);
            let after = rolled(&app);
            // A roll, once made, stands: the rolls only ever grow, one at a time (but for a
            // new series, which starts afresh).
            let new_series = key == "n" && kaen(&app).session().record().actions().is_empty();
            if !new_series {
                assert!(
                    after.starts_with(&before) && after.len() <= before.len() + 1,
                    "{key}: {before:?} became {after:?}"
                );
            }
            // The die is thrown for the rolls made, and for nothing else.
            let Die::Seeded { thrown, .. } = *kaen(&app).die() else {
                panic!("a seeded die")
            };
            assert_eq!(thrown, kaen(&app).session().record().rolls(), "{key}");
            if after.len() == before.len() {
                // No roll made: nothing shown may depend on the face the die would show.
                let (mine, theirs) = (
                    screen_text(&mut app, 80, 24),
                    screen_text(&mut twin, 80, 24),
                );
                assert_eq!(without_message(&mine), without_message(&theirs), "{key}");
                let (mine, theirs) = (status(&app), status(&twin));
                assert!(
                    theirs == mine || (theirs.is_empty() && mine == said),
                    "{key}: {mine:?} / {theirs:?}"
                );
            } else {
                rolls_seen += 1;
            }
            land(&mut app, &mut now);
        }
    }
    assert!(rolls_seen > 50, "the walks rolled {rolls_seen} times");
}

#[test]
fn kaen_undo_stops_at_the_last_roll_and_the_face_stays_shown() {
    let seed = 11;
    let mut app = kaen_app(2, seed);
    let mut now = Instant::now();
    press(&mut app, "Enter");
    land(&mut app, &mut now);
    let face = die(seed, 0);
    press(&mut app, "u");
    assert_eq!(
        status(&app),
        format!(
            "the roll of {} ({}) stands: a roll is never taken back",
            face.name(),
            face.number()
        )
    );
    assert_eq!(rolled(&app), [Action::Roll(face)]);
    let text = screen_text(&mut app, 80, 24);
    assert!(
        text.contains(&format!("die: {} ({})", face.name(), face.number())),
        "{text}"
    );
    assert!(
        !kaen(&app).key_bar().contains(&("u", "undo")),
        "nothing to take back"
    );
    // A stone placed after the roll may be taken back, back to the roll and no further.
    press(&mut app, "1");
    assert!(kaen(&app).key_bar().contains(&("u", "undo")));
    press(&mut app, "u");
    assert!(
        status(&app).starts_with("took back the stone"),
        "{}",
        status(&app)
    );
    press(&mut app, "u");
    assert!(status(&app).contains("stands"), "{}", status(&app));
    assert_eq!(kaen(&app).session().record().actions().len(), 1);
}

#[test]
fn kaen_the_panel_shows_the_marker_passed_with_a_double_offered() {
    let mut app = kaen_app(2, 4);
    let doubler = kaen(&app).session().record().series().game().to_move();
    let answerer = if doubler == Player::One { "Bo" } else { "Ann" };
    assert!(screen_text(&mut app, 80, 24).contains("marker neutral"));
    press(&mut app, "d");
    let text = screen_text(&mut app, 160, 50);
    assert!(
        text.contains(&format!("marker passed to {answerer} with the offer")),
        "{text}"
    );
    assert!(!text.contains("marker neutral"), "{text}");
    press(&mut app, "a");
    let text = screen_text(&mut app, 160, 50);
    assert!(
        text.contains(&format!("marker with {answerer} (only they may double)")),
        "{text}"
    );
}

#[test]
fn kaen_n_starts_a_new_series_once_one_is_over() {
    let mut app = kaen_app(1, 4);
    press(&mut app, "n");
    assert_eq!(
        status(&app),
        "the series goes on: n starts a new one once it is over"
    );
    assert!(!kaen(&app).key_bar().contains(&("n", "new series")));
    // One game: a surrender ends it, and the series.
    press(&mut app, "s");
    assert!(
        status(&app).contains("the series is over: n starts a new one"),
        "{}",
        status(&app)
    );
    assert!(kaen(&app).key_bar().contains(&("n", "new series")));
    // Not saved: the first n warns, the second starts the new series.
    press(&mut app, "n");
    assert_eq!(
        status(&app),
        "this series is not saved: w saves it, n again starts a new one without it"
    );
    assert_eq!(kaen(&app).session().record().series().played().len(), 1);
    press(&mut app, "n");
    let screen = kaen(&app);
    let series = screen.session().record().series();
    assert!(series.played().is_empty() && series.end().is_none());
    assert_eq!(series.config().games(), 1, "the same settings");
    assert_eq!(screen.name(Player::One), "Ann", "the same players");
    assert!(!screen.reviewing());
    assert!(
        status(&app).starts_with("a new series of 1 game: "),
        "{}",
        status(&app)
    );
    press(&mut app, "Enter");
    assert_eq!(rolled(&app).len(), 1, "play goes on in the new series");
}

/// Game 1 of two, Ann starting, played to a checkerboard (no two stones of a player side by
/// side, so no bridge), with Bo's last stone, on c4, still to place.
const SPLIT: &str = "[Game \"Kaen\"]\n[Player1 \"Ann\"]\n[Player2 \"Bo\"]\n[Games \"2\"]\n\
    [First \"1\"]\n\n1. r1 a1\n2. r2 b1\n3. r1 c1\n4. r4 d1\n5. r2 b2\n6. r1 a2\n7. r2 d2\n\
    8. r3 c2\n9. r3 a3\n10. r2 b3\n11. r3 c3\n12. r4 d3\n13. r4 b4\n14. r1 a4\n15. r4 d4\n\
    16. r3\n";

fn opened(text: &str) -> App {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("series.ptn");
    std::fs::write(&path, text).unwrap();
    kaen_app_of(KaenScreen::new(KaenSession::open(&path).unwrap()))
}

#[test]
fn kaen_after_a_split_pot_who_did_not_start_it_starts_and_the_screen_says_so() {
    let mut app = opened(SPLIT);
    press(&mut app, "Enter");
    assert!(
        status(&app).contains("the pot is split"),
        "{}",
        status(&app)
    );
    press(&mut app, "Enter");
    assert_eq!(
        status(&app),
        "game 2: Bo starts (the last was split: who did not start it starts)"
    );
    assert_eq!(
        kaen(&app).session().record().series().game().starter(),
        Player::Two
    );
}

#[test]
fn kaen_messages_name_squares_as_the_diamond_labels_them() {
    // Bo has rolled row 3 (column c): c1, c2 and c3 are taken, c4 open.
    let mut app = opened(SPLIT);
    press(&mut app, "2");
    let said = status(&app);
    assert_eq!(
        said,
        "the square where Ann's Dog 2 meets Bo's Cat 3 is taken: place only on an empty square"
    );
    let named = said
        .as_bytes()
        .windows(2)
        .any(|w| (b'a'..=b'd').contains(&w[0]) && (b'1'..=b'4').contains(&w[1]));
    assert!(!named, "no square named as the record names it: {said}");
}

#[test]
fn kaen_hints_after_the_roll_offer_only_what_the_rules_allow_then() {
    let config = SeriesConfig::new(100, 2, 2, false).unwrap();
    let session = KaenSession::new(config, first_player(11), ann_and_bo());
    let mut app = kaen_app_of(
        KaenScreen::new(session)
            .with_die(Die::seeded(11))
            .learning(true),
    );
    let mut now = Instant::now();
    let text = screen_text(&mut app, 160, 50);
    assert!(
        text.contains("a forfeit loses 2, a match costs 2"),
        "{text}"
    );
    press(&mut app, "Enter");
    land(&mut app, &mut now);
    let text = screen_text(&mut app, 160, 50);
    assert!(text.contains("hint: 4 squares open in row"), "{text}");
    for cost in ["forfeit loses", "match costs", "surrender gets back"] {
        assert!(!text.contains(cost), "{cost}: {text}");
    }
}

#[test]
fn kaen_at_the_least_size_with_hints_the_series_table_and_verdict_stay_in_view() {
    let (columns, rows) = KAEN_LEAST;
    let mut app = kaen_app(2, 11);
    press(&mut app, "L s Enter");
    let text = screen_text(&mut app, columns, rows);
    assert!(text.lines().any(|l| l.contains("worth")), "{text}");
    assert!(text.contains("hint:"), "{text}");
    assert!(text.contains("game 2: "), "the message: {text}");
    // Nothing of the worth row wraps onto a line of its own.
    assert!(!text.lines().any(|l| l.trim() == "bet"), "{text}");
    insta::assert_snapshot!("kaen_at_the_least_size_in_play_with_hints", text);
    press(&mut app, "s");
    let text = screen_text(&mut app, columns, rows);
    assert!(text.contains("series over:"), "{text}");
    assert!(text.lines().any(|l| l.contains("worth")), "{text}");
    assert!(
        text.contains("the series is over: n starts a new one"),
        "{text}"
    );
    insta::assert_snapshot!("kaen_at_the_least_size_once_the_series_is_over", text);
}

#[test]
fn kaen_at_160x50_with_a_double_offered_and_the_hints() {
    let mut app = kaen_app(3, 4);
    press(&mut app, "L s Enter d");
    insta::assert_snapshot!(screen_text(&mut app, 160, 50));
}

#[test]
fn kaen_at_80x24_once_the_series_is_over() {
    let mut app = kaen_app(2, 4);
    press(&mut app, "s Enter s");
    insta::assert_snapshot!(screen_text(&mut app, 80, 24));
}

#[test]
fn kaen_asks_for_no_more_chips_than_can_be_counted() {
    let dir = tempfile::tempdir().unwrap();
    let output = common::tak(
        dir.path(),
        &["kaen", "--chips", "4000000000", "--bet", "4000000000"],
    );
    assert!(!output.status.success());
    let said = common::text(&output.stderr);
    assert!(
        said.contains("each player may start with at most 2147483647 chips"),
        "{said}"
    );
    assert!(said.contains("not 4000000000"), "{said}");
}

#[test]
fn locke_arrows_carry_a_stack_over_the_square_it_came_from_to_a_longer_move() {
    let mut app = locke_app();
    // c2 joins b2 (a stack of 2), then steps up to b3; Black answers each time.
    press(
        &mut app,
        ": \"c2<\" Enter \"a5-\" Enter \"b2+\" Enter \"e5-\" Enter Esc",
    );
    let turns = locke(&app).session().record().turns().len();
    assert_eq!(turns, 4, "{}", status(&app));
    // The cursor is on e4, where Black's last turn ended: to b3, pick the stack up there
    // and carry it down over b2.
    press(&mut app, "Left Left Left Down Enter Down");
    assert_eq!(
        locke(&app).carried().map(|c| c.hover.to_string()),
        Some("b2".to_owned())
    );
    assert!(status(&app).contains("passing over"), "{}", status(&app));
    let text = screen_text(&mut app, 100, 30);
    assert!(
        text.contains("passing over b2, where it may not stop"),
        "{text}"
    );
    // Put down there, it is refused: that would undo the last move.
    press(&mut app, "Enter");
    assert!(
        status(&app).contains("would undo your last move"),
        "{}",
        status(&app)
    );
    press(&mut app, "Down Enter");
    let last = locke(&app)
        .session()
        .record()
        .turns()
        .last()
        .map(|(t, _)| t.to_string());
    assert_eq!(last.as_deref(), Some("b3-2"));
}

#[test]
fn locke_n_keeps_a_series_table_across_games() {
    let mut app = locke_app();
    // Ann (White) takes three squares of the middle row.
    press(
        &mut app,
        ": \"b2+\" Enter \"a5-\" Enter \"c2+\" Enter \"e5-\" Enter \"d2+\" Enter",
    );
    press(&mut app, "Enter Esc n n");
    assert_eq!(locke(&app).series().len(), 1);
    assert_eq!(locke(&app).position().to_move(), Side::Black);
    let text = screen_text(&mut app, 80, 24);
    assert!(text.contains("game 2"), "{text}");
    // Right of the board: game 1, a point to Ann, none to Bo, and how it ended.
    let row = |text: &str, words: &[&str]| {
        text.lines().any(|l| {
            let right: Vec<&str> = l.split_whitespace().rev().take(words.len()).collect();
            right.iter().rev().copied().eq(words.iter().copied())
        })
    };
    assert!(row(&text, &["1", "1", "0", "middle", "row"]), "{text}");
    // At the least size the table keeps a line a game, the reason left out if need be.
    let (columns, rows) = LOCKE_LEAST;
    let least = screen_text(&mut app, columns, rows);
    assert!(row(&least, &["total", "1", "0"]), "{least}");
    assert!(!least.lines().any(|l| l.trim() == "row"), "{least}");
    // Bo (Black) starts game 2 and takes the middle row in turn.
    press(
        &mut app,
        ": \"b4-\" Enter \"a1+\" Enter \"c4-\" Enter \"e1+\" Enter \"d4-\" Enter",
    );
    press(&mut app, "Enter Esc n n");
    assert_eq!(locke(&app).series().len(), 2);
    let text = screen_text(&mut app, 160, 50);
    assert!(row(&text, &["2", "0", "1", "middle", "row"]), "{text}");
    assert!(row(&text, &["total", "1", "1"]), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn locke_stacks_are_drawn_so_that_none_reads_as_a_square() {
    let mut app = locke_app();
    let text = screen_text(&mut app, 80, 24);
    let board: Vec<&str> = text.lines().skip(1).take(10).collect();
    for line in &board {
        // Left of the panel: the board's own columns.
        let cells: String = line.chars().take(36).collect();
        let reads_as_square = cells
            .as_bytes()
            .windows(2)
            .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_digit());
        assert!(!reads_as_square, "{line}");
    }
    assert!(text.contains("B:1") && text.contains("W:1"), "{text}");
}

#[test]
fn the_rules_are_on_both_key_bars_at_the_least_size() {
    let (columns, rows) = KAEN_LEAST;
    let mut app = kaen_app(2, 4);
    assert!(screen_text(&mut app, columns, rows).contains("r rules"));
    let mut now = Instant::now();
    press(&mut app, "Enter");
    land(&mut app, &mut now);
    assert!(screen_text(&mut app, columns, rows).contains("r rules"));
    let (columns, rows) = LOCKE_LEAST;
    let mut app = locke_app();
    let text = screen_text(&mut app, columns, rows);
    assert!(text.contains("r rules"), "{text}");
    press(&mut app, "Down Enter");
    assert!(screen_text(&mut app, columns, rows).contains("r rules"));
    press(&mut app, "r");
    assert!(matches!(app.dialog(), Some(taktui::tui::Dialog::Pages(_))));
}
