//! Records of Kaen and Locke: written, read back the same, refused with the place and rule
//! when wrong, and reported by `tak check` by the rules.

use taktui::game::kaen::{CannotTakeBack, Die, KaenSession};
use taktui::game::locke::LockeSession;
use taktui::kaen::{Action, Player, SeriesConfig};
use taktui::locke::{Config, EndReason, Player as Side};
use taktui::record::{GameKind, KaenRecord, LockeRecord, RulebookError, Tags, game_kind};

const EXAMPLE: &str = "r2 c2 r1 a1 r1 b1 r3 c1 r1 d1 r2 b2 r2 a2 r4 d2 \
                       r3 b3 r1 a3 r3 d3 r3 c3 r4 c4 r3 M r1 F";

fn kaen_example() -> KaenRecord {
    let config = SeriesConfig::new(100, 2, 1, false).unwrap();
    let mut record = KaenRecord::new(config, Player::One, Tags::default());
    for token in EXAMPLE.split_whitespace() {
        record.push(token.parse().unwrap()).unwrap();
    }
    record
}

#[test]
fn a_kaen_record_reads_back_as_written() {
    let record = kaen_example();
    let text = record.write();
    assert!(text.contains("[Game \"Kaen\"]"), "{text}");
    assert!(text.contains("[Result \"98-102\"]"), "{text}");
    assert!(
        text.contains("{game 1: Player 1 starts}\n1. r2 c2\n2. r1 a1\n"),
        "{text}"
    );
    assert!(text.contains("14. r3 M\n15. r1 F\n"), "{text}");
    assert_eq!(game_kind(&text), GameKind::Kaen);
    let read = KaenRecord::read(&text).unwrap();
    assert_eq!(read.actions(), record.actions());
    assert_eq!(read.series(), record.series());
    assert_eq!(read.recorded_result(), Some("98-102"));
}

#[test]
fn a_refused_kaen_action_is_named_with_its_place_and_rule() {
    let text = "[Game \"Kaen\"]\n\n1. r2 a1\n";
    let error = KaenRecord::read(text).unwrap_err();
    assert!(matches!(error, RulebookError::Refused { .. }));
    assert_eq!(
        error.to_string(),
        "3:7: a1 is refused: a1 is not in Player 1's row 2 (Dog)"
    );
    let error = KaenRecord::read("[Game \"Kaen\"]\n[Bet \"3\"]\n").unwrap_err();
    assert!(error.to_string().contains("even"), "{error}");
    let error = KaenRecord::read("[Game \"Kaen\"]\n1. r9\n").unwrap_err();
    assert!(error.to_string().starts_with("2:4: \"r9\""), "{error}");
}

#[test]
fn a_locke_record_reads_back_as_written() {
    let mut record = LockeRecord::new(Config::classic(), Side::Black, Tags::default());
    for turn in ["c4-", "a1+", "b4-", "e1+", "d4-"] {
        record.push(turn.parse().unwrap()).unwrap();
    }
    let ending = record.position().ending().unwrap();
    assert_eq!(ending.reason, EndReason::Centerline);
    let text = record.write();
    assert!(text.contains("[First \"2\"]"), "{text}");
    assert_eq!(game_kind(&text), GameKind::Locke);
    let read = LockeRecord::read(&text).unwrap();
    assert_eq!(read.turns(), record.turns());
    assert_eq!(read.position(), record.position());
    assert_eq!(read.first(), Side::Black);
}

#[test]
fn a_wrong_capture_mark_is_refused() {
    let error = LockeRecord::read("[Game \"Locke\"]\n1. c2+x\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "2:4: c2+x is refused: it is marked x but captures nothing"
    );
    let error =
        LockeRecord::read("[Game \"Locke\"]\n[Variant \"modern\"]\n[Pieces \"11\"]\n").unwrap_err();
    assert!(error.to_string().contains("10, 12 or 14"), "{error}");
}

#[test]
fn sessions_undo_redo_and_save() {
    let dir = tempfile::tempdir().unwrap();
    let config = SeriesConfig::new(100, 2, 2, false).unwrap();
    let mut kaen = KaenSession::new(config, Player::One, Tags::default());
    let mut die = Die::seeded(5);
    let face = kaen.roll(&mut die).unwrap();
    assert_eq!(
        kaen.take_back(),
        Err(CannotTakeBack::Roll(face)),
        "a roll stands: undo cannot re-roll"
    );
    let stone = Action::Place(face.row(Player::One)[0]);
    kaen.act(stone).unwrap();
    assert_eq!(kaen.take_back(), Ok(stone));
    assert_eq!(kaen.redo(), Some(stone));
    let path = dir.path().join("k.ptn");
    kaen.save_to(&path).unwrap();
    let opened = KaenSession::open(&path).unwrap();
    assert_eq!(opened.record().actions(), kaen.record().actions());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        !text.contains("Seed"),
        "nothing in the file tells a roll to come: {text}"
    );

    let mut locke = LockeSession::new(Config::classic(), Side::White, Tags::default());
    locke.play("c2+".parse().unwrap()).unwrap();
    locke.undo().unwrap();
    assert!(locke.record().turns().is_empty());
    locke.redo().unwrap();
    assert_eq!(locke.record().turns().len(), 1);
    let path = dir.path().join("l.ptn");
    locke.save_to(&path).unwrap();
    assert_eq!(LockeSession::open(&path).unwrap().record().turns().len(), 1);
}

#[test]
fn tak_check_reports_kaen_and_locke_records_by_their_rules() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("kaen.ptn"), kaen_example().write()).unwrap();
    let locke = "[Game \"Locke\"]\n\n1. c2+ a5-\n2. b2+ e5-\n3. d2+\n1-0\n";
    std::fs::write(dir.path().join("locke.ptn"), locke).unwrap();
    std::fs::write(
        dir.path().join("wrong.ptn"),
        "[Game \"Locke\"]\n1. c2+ c4-\n",
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tak"))
        .arg("check")
        .arg(dir.path())
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("kaen.ptn game 1: 30 plies, 0-1 (chips), recorded 98-102; Kaen series of 1 game, 1 played, every game played: chips 98-102"),
        "{text}"
    );
    assert!(
        text.contains("locke.ptn game 1: 5 plies, 1-0 (centerline), recorded 1-0; Locke: White wins: three stacks on the middle row"),
        "{text}"
    );
    assert!(
        text.contains(
            "error: 2:8: c4- is refused: a lone piece never captures: c3 is the opponent's"
        ),
        "{text}"
    );
    assert!(!output.status.success(), "a refused record fails the check");
}

#[test]
fn a_record_given_to_another_games_command_names_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let kaen = dir.path().join("kaen.ptn");
    std::fs::write(&kaen, kaen_example().write()).unwrap();
    let locke = dir.path().join("locke.ptn");
    std::fs::write(&locke, "[Game \"Locke\"]\n\n1. c2+ a5-\n").unwrap();
    for (command, file, says) in [
        (
            "locke",
            &kaen,
            "a record of Kaen (its Game tag says so): `tak kaen FILE`",
        ),
        ("play", &kaen, "a record of Kaen"),
        (
            "kaen",
            &locke,
            "a record of Locke (its Game tag says so): `tak locke FILE`",
        ),
        ("play", &locke, "a record of Locke"),
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_tak"))
            .arg(command)
            .arg(file)
            .env("TAKTUI_DATA_DIR", dir.path())
            .env("TAKTUI_CONFIG_DIR", dir.path())
            .output()
            .unwrap();
        assert!(!output.status.success());
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains(says), "tak {command}: {said}");
    }
}

#[test]
fn a_saved_series_replays_its_recorded_rolls_not_a_seed_and_the_reader_checks_them() {
    // An older record naming a seed: its rolls are what it recorded, whatever that seed
    // would throw, and the seed is dropped (it would tell every roll to come).
    let text = "[Game \"Kaen\"]\n[Games \"1\"]\n[First \"1\"]\n[Seed \"5\"]\n\n1. r3 b3\n2. r4\n";
    let record = KaenRecord::read(text).unwrap();
    let faces: Vec<String> = record.actions().iter().map(ToString::to_string).collect();
    assert_eq!(faces, ["r3", "b3", "r4"]);
    assert!(record.tags().get("Seed").is_none());
    assert!(!record.write().contains("Seed"), "{}", record.write());
    // A face the die has not, and a roll where a stone is due: refused where they stand.
    let error = KaenRecord::read("[Game \"Kaen\"]\n\n1. r5\n").unwrap_err();
    assert!(error.to_string().contains("\"r5\""), "{error}");
    let error = KaenRecord::read("[Game \"Kaen\"]\n\n1. r2 r3\n").unwrap_err();
    let said = error.to_string();
    assert!(
        said.contains("r3") && said.contains("the die was rolled this turn"),
        "{said}"
    );
}

#[test]
fn a_player_may_start_with_at_most_half_of_what_chips_can_count() {
    let max = SeriesConfig::MAX_CHIPS;
    let error = SeriesConfig::new(4_000_000_000, 4_000_000_000, 1, false).unwrap_err();
    assert!(
        error.to_string().contains(&format!("at most {max} chips")),
        "{error}"
    );
    assert!(SeriesConfig::new(max + 1, 2, 1, false).is_err());
    // At the most allowed, every chip is still counted: the pot and the gains add up.
    let config = SeriesConfig::new(max, max - 1, 1, false).unwrap();
    let mut record = KaenRecord::new(config, Player::One, Tags::default());
    for token in ["r1", "a1", "S"] {
        record.push(token.parse().unwrap()).unwrap();
    }
    let game = &record.series().played()[0];
    assert_eq!(
        u64::from(game.holdings[0]) + u64::from(game.holdings[1]),
        2 * u64::from(max)
    );
    assert_eq!(game.gain[1], -(i64::from(max - 1) / 2));
    assert_eq!(game.gain[0], i64::from(max - 1) / 2);
}
