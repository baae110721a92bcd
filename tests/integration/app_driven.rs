//! The app driven by random events (keys, chords, clicks, resizes from 1x1 to 250x80) on every
//! screen: it never panics, every frame draws, and what it shows is always what the rules say.
//! A short, bounded run of the fuzz target `app` (see fuzz/README.md for the long ones).

use crate::common::{self, drive};
use proptest::prelude::*;
use taktui::game::store::Keeper;
use taktui::game::{Library, Match};
use taktui::record::read_ptn_file;
use taktui::rules::{BoardSize, GameConfig};
use taktui::tui::screens::MatchScreen;
use taktui::tui::{App, Screen};

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases)
    }
}

fn run(mut app: App, bytes: &[u8]) -> Result<(), TestCaseError> {
    let events = drive::events(bytes);
    drive::drive(&mut app, &events).map_err(TestCaseError::fail)
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn play_on_every_size_never_breaks(size in 3u8..=8, bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let folder = tempfile::tempdir().unwrap();
        let mut app = common::new_game(size).saving_in(folder.path().to_path_buf());
        app.handle(&ratatui::crossterm::event::Event::Resize(80, 24));
        run(app, &bytes)?;
    }

    #[test]
    fn play_against_the_computer_never_breaks(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        use taktui::engine::Level;
        use taktui::game::{Player, Session};
        use taktui::record::GameRecord;
        use taktui::rules::ByColor;
        use taktui::tui::screens::PlayScreen;
        let folder = tempfile::tempdir().unwrap();
        let record = GameRecord::for_config(GameConfig::new(BoardSize::new(4).unwrap()));
        let players = ByColor::new(
            Player::Person(String::new()),
            Player::Computer(Level::new(1).unwrap()),
        );
        let play = PlayScreen::new(Session::new(record, None))
            .with_players(players, 1)
            .with_clock("1+1".parse().unwrap());
        let app = App::playing(play, common::options()).saving_in(folder.path().to_path_buf());
        run(app, &bytes)?;
    }

    #[test]
    fn a_replay_never_breaks(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let folder = tempfile::tempdir().unwrap();
        // A copy in the scratch folder, as below: an analysis (`A`) finished or stopped at
        // quit writes beside its file, and must never write into the fixtures.
        let file = folder.path().join("round7.ptn");
        std::fs::copy("tests/data/taktician/zoo/2016-round7-game2.ptn", &file).unwrap();
        let library = Library::new(file.clone(), read_ptn_file(&file).unwrap());
        let screen = Screen::for_file(library, None, 0).unwrap();
        let app = App::new(screen, common::options(), Keeper::default())
            .saving_in(folder.path().to_path_buf());
        run(app, &bytes)?;
    }

    #[test]
    fn a_replay_with_variations_never_breaks(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let folder = tempfile::tempdir().unwrap();
        // A copy in the scratch folder: what the replay writes beside its file (an analysis
        // stopped at quit) goes there, never beside the fixture.
        let file = folder.path().join("current.ptn");
        std::fs::copy("tests/data/branches/current.ptn", &file).unwrap();
        let library = Library::new(file.clone(), read_ptn_file(&file).unwrap());
        let screen = Screen::for_file(library, None, 0).unwrap();
        let app = App::new(screen, common::options(), Keeper::default())
            .saving_in(folder.path().to_path_buf());
        run(app, &bytes)?;
    }

    #[test]
    fn a_game_list_never_breaks(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let folder = tempfile::tempdir().unwrap();
        let text = format!(
            "{}\n{}\n[Size \"9\"]\n1. a1\n",
            std::fs::read_to_string("tests/data/taktician/ai/ally-table.ptn").unwrap(),
            std::fs::read_to_string("tests/data/taktician/zoo/2016-round7-game2.ptn").unwrap()
        );
        let games = taktui::record::read_ptn(&text).unwrap();
        let screen = Screen::for_file(Library::new(folder.path().join("two.ptn"), games), None, 0).unwrap();
        let app = App::new(screen, common::options(), Keeper::default())
            .saving_in(folder.path().to_path_buf());
        run(app, &bytes)?;
    }

    #[test]
    fn a_match_never_breaks(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let folder = tempfile::tempdir().unwrap();
        let config = GameConfig::new(BoardSize::new(3).unwrap());
        let players = ["Ann".to_owned(), "Bob".to_owned()];
        let matchup = Match::new(players, 3, config, folder.path().join("match.ptn"));
        let app = App::new(Screen::Match(MatchScreen::new(matchup, false, None)), common::options(), Keeper::default())
            .saving_in(folder.path().to_path_buf());
        run(app, &bytes)?;
    }
}
