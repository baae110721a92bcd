//! A match: a series of games in which the players take turns going first, scored by the
//! rulebook (the winner scores the board's area plus the pieces left in their reserve; a draw
//! scores nothing) and counted as wins, losses and draws (an Elo difference, for engines),
//! every game saved to one PTN file as it finishes. Games start from the empty board or from
//! openings, each opening played twice, the players swapping colours.

mod resume;

use std::path::PathBuf;

use super::elo::Tally;
use super::openings::Opening;
use crate::record::{GameRecord, Stamp, Tags, save_ptn};
use crate::rules::{Color, GameConfig};

pub use resume::{ResumeError, SettingsDiffer};

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchGame {
    /// The game as played.
    pub record: GameRecord,
    /// Which of the two players (0 or 1) played White.
    pub white: usize,
    /// The winning player (0 or 1) and their score, or `None` for a draw.
    pub winner: Option<(usize, u32)>,
}

/// A match in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The two players' names, in the order given (the first plays White in game 1).
    pub players: [String; 2],
    /// How many games the match has.
    pub games: usize,
    /// The settings every game is played with.
    pub config: GameConfig,
    /// The games finished so far.
    pub finished: Vec<MatchGame>,
    /// Where every game is saved.
    pub path: PathBuf,
    /// Whether the game being played has ended and been filed.
    pub filed: bool,
    /// Varies the computer's weak levels from game to game, when it plays.
    pub seed: u64,
    /// Where the games start, each twice (one for each player as White); the empty board
    /// unless given.
    pub openings: Vec<Opening>,
}

impl Match {
    /// A match of `games` games between `players`, saved to `path`.
    #[must_use]
    pub fn new(players: [String; 2], games: usize, config: GameConfig, path: PathBuf) -> Match {
        Match {
            players,
            games: games.max(1),
            config,
            finished: Vec::new(),
            path,
            filed: false,
            seed: 0,
            openings: vec![Opening::empty()],
        }
    }

    /// The same match, its games started from `openings` in turn (each played twice, with
    /// the colours swapped); the empty board when the list is empty.
    #[must_use]
    pub fn with_openings(mut self, openings: Vec<Opening>) -> Match {
        if !openings.is_empty() {
            self.openings = openings;
        }
        self
    }

    /// The opening of game `index` (0-based): the games go in pairs, one opening a pair.
    #[must_use]
    pub fn opening_of(&self, index: usize) -> &Opening {
        &self.openings[(index / 2) % self.openings.len()]
    }

    /// Which player (0 or 1) plays White in game `index` (0-based): they take turns.
    #[must_use]
    pub const fn white_in(index: usize) -> usize {
        index % 2
    }

    /// The record for the next game, its players' names in the tags.
    #[must_use]
    pub fn next_record(&self) -> GameRecord {
        let index = self.finished.len();
        let white = Self::white_in(index);
        let mut tags = Tags::for_config(&self.config);
        tags.set(
            "Event",
            format!("Match, game {} of {}", index + 1, self.games),
        );
        tags.set_player(Color::White, self.players[white].clone());
        tags.set_player(Color::Black, self.players[1 - white].clone());
        tags.set_stamp(Stamp::now());
        // Openings are checked against the match's settings when read (`read_openings`).
        self.opening_of(index)
            .record(self.config, tags.clone())
            .unwrap_or_else(|_| GameRecord::new(crate::rules::Position::new(self.config), tags))
    }

    /// The record for the next game, which is now the one being played.
    pub fn start_next(&mut self) -> GameRecord {
        self.filed = false;
        self.next_record()
    }

    /// Records a finished game (lost by `lost`, if it was lost other than on the board: on
    /// time, or by an engine that failed) and saves every game so far to the match file. Such
    /// a win scores as a road does: the board's area plus the winner's pieces not played.
    pub fn finish(&mut self, record: GameRecord, lost: Option<Color>) -> std::io::Result<()> {
        self.filed = true;
        self.file(record, lost);
        let records: Vec<GameRecord> = self.finished.iter().map(|g| g.record.clone()).collect();
        save_ptn(&self.path, &records)
    }

    /// Counts a finished game (lost by `lost` other than on the board), without saving.
    fn file(&mut self, record: GameRecord, lost: Option<Color>) {
        let white = Self::white_in(self.finished.len());
        let position = record.position();
        let on_time = lost.map(|loser| {
            let winner = !loser;
            (
                winner,
                position.size().area() + position.reserves(winner).total(),
            )
        });
        let winner = on_time.or_else(|| position.score()).map(|(color, score)| {
            let player = if color == Color::White {
                white
            } else {
                1 - white
            };
            (player, score)
        });
        self.finished.push(MatchGame {
            record,
            white,
            winner,
        });
    }

    /// Takes back the last finished game (its last ply is being taken back), and saves the
    /// games before it.
    pub fn unfinish(&mut self) -> std::io::Result<Option<GameRecord>> {
        let Some(game) = self.finished.pop() else {
            return Ok(None);
        };
        self.filed = false;
        let records: Vec<GameRecord> = self.finished.iter().map(|g| g.record.clone()).collect();
        if records.is_empty() {
            match std::fs::remove_file(&self.path) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => return Err(error),
                _ => {}
            }
        } else {
            save_ptn(&self.path, &records)?;
        }
        Ok(Some(game.record))
    }

    /// How many games each player has won so far.
    #[must_use]
    pub fn wins(&self) -> [usize; 2] {
        let mut wins = [0, 0];
        for game in &self.finished {
            if let Some((player, _)) = game.winner {
                wins[player] += 1;
            }
        }
        wins
    }

    /// The games so far as wins, losses and draws of the first player.
    #[must_use]
    pub fn tally(&self) -> Tally {
        let [wins, losses] = self.wins().map(|n| u32::try_from(n).unwrap_or(u32::MAX));
        let games = u32::try_from(self.finished.len()).unwrap_or(u32::MAX);
        Tally {
            wins,
            losses,
            draws: games.saturating_sub(wins + losses),
        }
    }

    /// Each player's total score so far.
    #[must_use]
    pub fn totals(&self) -> [u32; 2] {
        let mut totals = [0, 0];
        for game in &self.finished {
            if let Some((player, score)) = game.winner {
                totals[player] += score;
            }
        }
        totals
    }

    /// Which game is being played or was played last (1-based), for showing it.
    #[must_use]
    pub fn game_number(&self) -> usize {
        (self.finished.len() + usize::from(!self.filed)).min(self.games)
    }

    /// The name of the player who plays White in the game being played.
    #[must_use]
    pub fn white_now(&self) -> &str {
        &self.players[Self::white_in(self.finished.len())]
    }

    /// Whether every game has been played.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.finished.len() >= self.games
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    #[test]
    fn players_take_turns_going_first_and_scores_add_up() {
        let folder = std::env::temp_dir().join(format!("taktui-match-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let config = GameConfig::new(BoardSize::new(3).unwrap());
        let players = ["Ann".to_owned(), "Bob".to_owned()];
        let mut game = Match::new(players, 2, config, folder.join("m.ptn"));
        let first = game.next_record();
        assert_eq!(first.tags().player(Color::White), Some("Ann"));
        // Ann (White) wins by road along rank 1 with 7 stones left: 9 + 7 = 16.
        let mut record = first;
        for mv in ["c3", "a1", "b1", "c2", "c1"] {
            record.play(mv.parse().unwrap()).unwrap();
        }
        game.finish(record, None).unwrap();
        assert_eq!(game.totals(), [16, 0]);
        let second = game.next_record();
        assert_eq!(
            second.tags().player(Color::White),
            Some("Bob"),
            "Bob goes first in game 2"
        );
        assert!(!game.is_over());
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
