//! `--out FILE`: every finished game appended to one PTN file, under a lock on the file, so
//! several bots (a seeker and an accepter on one machine) can share it without one game
//! landing in the middle of another, and a crash leaves every game written before it whole.

use std::fs::OpenOptions;
use std::io::{Seek as _, SeekFrom, Write as _};
use std::path::Path;

use crate::record::{GameRecord, write_game};

/// Appends `record` to the PTN file at `path` (made if missing), a blank line after the
/// games already there, holding an exclusive lock on the file while it writes.
pub fn append_game(path: &Path, record: &GameRecord) -> std::io::Result<()> {
    let mut file = OpenOptions::new().create(true).append(true).open(path)?;
    // Held until the file is closed, at the end of this function, however it ends.
    file.lock()?;
    let length = file.seek(SeekFrom::End(0))?;
    let mut text = String::new();
    if length > 0 {
        text.push('\n');
    }
    text.push_str(&write_game(record));
    file.write_all(text.as_bytes())?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Tags, read_ptn};
    use crate::rules::{BoardSize, GameConfig, Position};

    fn game(moves: &[&str]) -> GameRecord {
        let config = GameConfig::new(BoardSize::new(4).unwrap());
        let mut record = GameRecord::new(Position::new(config), Tags::for_config(&config));
        for mv in moves {
            record.play(mv.parse().unwrap()).unwrap();
        }
        record
    }

    #[test]
    fn games_appended_from_several_threads_each_read_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bots.ptn");
        std::fs::write(&path, write_game(&game(&["a1", "d4"]))).unwrap();
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for _ in 0..5 {
                        append_game(&path, &game(&["a1", "d4", "b2"])).unwrap();
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        let games = read_ptn(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(games.len(), 21, "the game already there and 20 appended");
        assert_eq!(games[0].record.as_ref().unwrap().plies().len(), 2);
        for game in &games[1..] {
            assert!(game.error.is_none(), "{:?}", game.error);
            assert_eq!(game.record.as_ref().unwrap().plies().len(), 3);
        }
    }
}
