//! The files of `assets/`, built into the binary: `cargo run` and an installed `tak` find
//! them alike, with no path to look up. Files in the data folder add more (see
//! [`crate::game::study`]).

/// One file of `assets/`: its name and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asset {
    /// The file's name, as in `assets/`.
    pub name: &'static str,
    /// Its text.
    pub text: &'static str,
}

macro_rules! asset {
    ($folder:literal, $name:literal) => {
        Asset {
            name: $name,
            text: include_str!(concat!("../assets/", $folder, "/", $name)),
        }
    };
}

/// The puzzles (`assets/puzzles/*.ptn`): games whose tags say the puzzle and whose moves are
/// its solution (see [`crate::puzzles`]).
pub const PUZZLES: &[Asset] = &[
    asset!("puzzles", "small-boards.ptn"),
    asset!("puzzles", "taktician-puzzles.ptn"),
    asset!("puzzles", "from-games.ptn"),
];

/// The lessons (`assets/lessons/*.toml`), in the order they are taught (see
/// [`crate::lessons`]).
pub const LESSONS: &[Asset] = &[
    asset!("lessons", "01-placing-a-stone.toml"),
    asset!("lessons", "02-the-first-turn.toml"),
    asset!("lessons", "03-walls.toml"),
    asset!("lessons", "04-capstones.toml"),
    asset!("lessons", "05-flattening-a-wall.toml"),
    asset!("lessons", "06-moving-stacks.toml"),
    asset!("lessons", "07-the-carry-limit.toml"),
    asset!("lessons", "08-roads.toml"),
    asset!("lessons", "09-blocking-a-road.toml"),
    asset!("lessons", "10-tak.toml"),
    asset!("lessons", "11-winning-on-flats.toml"),
    asset!("lessons", "12-a-first-tinue.toml"),
];

/// Notable games with comments of our own (`assets/games/*.ptn`), for `tak replay`.
pub const GAMES: &[Asset] = &[
    asset!("games", "2016-tournament-flat-win.ptn"),
    asset!("games", "2016-engine-loses-by-road.ptn"),
    asset!("games", "2016-six-by-six-road.ptn"),
    asset!("games", "2016-missed-tinue.ptn"),
];
