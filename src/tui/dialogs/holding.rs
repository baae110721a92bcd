//! What a file about to be written over holds, in a few words, so that the warning before
//! replacing it says what would be lost: `Ann vs Bob, 5x5, 12 plies, R-0`, `7 games`.

use std::path::Path;

use crate::game::player_name;
use crate::record::read_ptn_file;
use crate::rules::Color;
use crate::words::count;

/// What `path` holds: its one game (players, size, plies, result), how many games, or that
/// taktui cannot read it as PTN.
#[must_use]
pub fn holding(path: &Path) -> String {
    let Ok(games) = read_ptn_file(path) else {
        return "no game taktui can read".to_owned();
    };
    match &games[..] {
        [] => "no game".to_owned(),
        [game] => match &game.record {
            Some(record) => {
                let n = record.position().size().get();
                let result = record.result_token().unwrap_or("unfinished");
                format!(
                    "{} vs {}, {n}x{n}, {}, {result}",
                    player_name(record, Color::White),
                    player_name(record, Color::Black),
                    count(record.plies().len(), "ply", "plies"),
                )
            }
            None => "a game taktui cannot play".to_owned(),
        },
        games => count(games.len(), "game", "games"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_described_by_its_games() {
        let folder = tempfile::tempdir().unwrap();
        let one = folder.path().join("one.ptn");
        std::fs::write(
            &one,
            "[Player1 \"Ann\"]\n[Player2 \"Bob\"]\n[Size \"3\"]\n\n1. a1 c3 2. b1 c2 3. c1 R-0\n",
        )
        .unwrap();
        assert_eq!(holding(&one), "Ann vs Bob, 3x3, 5 plies, R-0");
        let two = folder.path().join("two.ptn");
        std::fs::write(&two, "[Size \"5\"]\n\n1. a1 e5\n\n[Size \"4\"]\n\n1. a1\n").unwrap();
        assert_eq!(holding(&two), "2 games");
        let empty = folder.path().join("empty.ptn");
        std::fs::write(&empty, "").unwrap();
        assert_eq!(holding(&empty), "no game");
    }
}
