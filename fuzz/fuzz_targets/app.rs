//! The app driven by arbitrary bytes: keys, Ctrl chords, clicks and resizes (1x1 to 250x80)
//! into the play screen (every size), a replay, a file's game list and a match; every frame
//! drawn on the test backend and every position shown checked against the rules. The driver
//! is the one the bounded property test `tests/integration/app_driven.rs` uses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use taktui::engine::Level;
use taktui::game::store::Keeper;
use taktui::game::{Library, Match, Player, Session};
use taktui::record::{GameRecord, read_ptn};
use taktui::rules::{BoardSize, ByColor, GameConfig};
use taktui::tui::screens::{MatchScreen, PlayScreen};
use taktui::tui::{App, Options, Palette, Screen, Theme};

#[path = "../../tests/integration/common/drive.rs"]
mod drive;

/// A game record with variations and a second one, so replays and the game list have
/// something to show and lines to switch between.
const RECORDS: &str = "[Size \"5\"]\n1. a1 e5 2. c3 d4 3. Cc2 Cd3 4. c3> d4- 5. 2d3< c4 R-0\n\n\
                       {2w1}\n2. b2 c4\n3. b3 {a note} a4\n\n{2w1/3b1}\n3. -- d4\n\n\
                       {3b1}\n3. -- b3\n\n\
                       [Size \"4\"]\n1. a1 d4 2. b2 c3 {a note} 3. b2+ 0-1\n";

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let options = Options {
        theme: Theme {
            ascii: false,
            color: true,
            palette: Palette::Dark,
        },
        mouse: true,
        test_panic: false,
    };
    // Saved files and match files go to a scratch folder, never the current one.
    let folder = std::env::temp_dir().join(format!("taktui-fuzz-app-{}", std::process::id()));
    let screen = match choice % 9 {
        size @ 0..=5 => {
            let config = GameConfig::new(BoardSize::new(size + 3).expect("3 to 8"));
            Screen::Play(PlayScreen::new(Session::new(
                GameRecord::for_config(config),
                None,
            )))
        }
        7 => {
            // The computer at level 1 as Black, clocks running.
            let config = GameConfig::new(BoardSize::new(4).expect("4"));
            let players = ByColor::new(
                Player::Person(String::new()),
                Player::Computer(Level::new(1).expect("a level")),
            );
            Screen::Play(
                PlayScreen::new(Session::new(GameRecord::for_config(config), None))
                    .with_players(players, 1)
                    .with_clock("1+1".parse().expect("a time control")),
            )
        }
        6 => {
            let games = read_ptn(RECORDS).expect("the records read");
            // In the scratch folder: what the replay writes beside its file (an analysis)
            // goes there too.
            let _ = std::fs::create_dir_all(&folder);
            let library = Library::new(folder.join("records.ptn"), games);
            Screen::for_file(library, None, 0).expect("a list of two")
        }
        _ => {
            let config = GameConfig::new(BoardSize::new(3).expect("3"));
            let players = ["Ann".to_owned(), "Bob".to_owned()];
            let matchup = Match::new(players, 2, config, folder.join("match.ptn"));
            Screen::Match(MatchScreen::new(matchup, false, None))
        }
    };
    let mut app = App::new(screen, options, Keeper::default()).saving_in(folder.clone());
    let events = drive::events(rest);
    if let Err(problem) = drive::drive(&mut app, &events) {
        panic!("{problem}");
    }
    let _ = std::fs::remove_dir_all(&folder);
});
