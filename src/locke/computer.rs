//! Locke's computer player: an alpha-beta search over the turns (`search`), on a copy of the
//! position made for it (`state`), judged by an evaluation of Locke positions (`eval`), at
//! levels 1 to 10 named as Tak's are.
//!
//! Pure: the limits are in turns and positions searched, never in time, and the weak levels'
//! noise comes from a seed given in, so the same seed always plays the same. The caller holds
//! a stop flag: raised (the person took back, quit or began another game), the search ends
//! within a few hundred positions with the best turn it has.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use taktui::engine::Level;
//! use taktui::locke::{Config, Player, Position, computer};
//!
//! let position = Position::new(Config::classic(), Player::White);
//! let limits = computer::limits(Level::new(3).unwrap(), 7);
//! let thought = computer::think(&position, limits, &AtomicBool::new(false));
//! assert!(position.legal_turns().contains(&thought.turn.unwrap()));
//! ```

mod eval;
mod search;
mod state;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use super::{Position, Turn};
use crate::engine::Level;
use search::{Budget, Searcher, WIN};
use state::State;

/// How far the computer may think, and how much it varies its choice.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// Turns ahead at most.
    pub depth: u8,
    /// Positions searched at most (the search stops in the middle of a depth once over).
    pub nodes: u64,
    /// Up to this much (hundredths of a stack on the middle row) is added to each turn's
    /// score, a different amount to each: the weak levels' mistakes.
    pub noise: u32,
    /// What the noise is drawn from.
    pub seed: u64,
}

/// What the computer chose.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Thought {
    /// The turn (`None`: there is none, the game is over).
    pub turn: Option<Turn>,
    /// Its score for the player to move (noise left out).
    pub score: i32,
    /// Turns ahead searched in full.
    pub depth: u8,
    /// Positions searched.
    pub nodes: u64,
    /// The search was stopped by its caller before its limits (the turn is the best found
    /// by then).
    pub stopped: bool,
}

impl Thought {
    /// Turns (of either player: 3 is a win on the mover's second turn) to a win the search
    /// has found (positive) or to a loss (negative), if it has.
    #[must_use]
    pub const fn win_in(&self) -> Option<i32> {
        if self.score > WIN - 1_000 {
            Some(WIN - self.score)
        } else if self.score < -(WIN - 1_000) {
            Some(-(WIN + self.score))
        } else {
            None
        }
    }
}

/// Each level's search: (depth, nodes, noise). Level 1 looks one turn ahead and plays almost
/// at random among turns that do not lose at once; level 10 reads about six turns deep.
const LEVELS: [(u8, u64, u32); 10] = [
    (1, 1_000, 400),
    (1, 1_000, 200),
    (2, 2_000, 100),
    (3, 4_000, 60),
    (3, 8_000, 25),
    (4, 16_000, 15),
    (5, 40_000, 10),
    (6, 80_000, 6),
    (8, 150_000, 4),
    (12, 300_000, 2),
];

/// The limits of `level`, its noise drawn from `seed`.
#[must_use]
pub fn limits(level: Level, seed: u64) -> Limits {
    let (depth, nodes, noise) = LEVELS[usize::from(level.get() - 1)];
    Limits {
        depth,
        nodes,
        noise,
        seed,
    }
}

/// The turn the computer plays in `position` within `limits`, or the best found by the time
/// `stop` is raised.
#[must_use]
pub fn think(position: &Position, limits: Limits, stop: &AtomicBool) -> Thought {
    let root = State::of(position);
    let seen: HashMap<u64, u8> = position
        .seen()
        .map(|(board, reserves, to_move, count)| (State::key_of(board, reserves, to_move), count))
        .collect();
    let budget = Budget {
        depth: limits.depth,
        nodes: limits.nodes,
        noise: limits.noise,
        seed: limits.seed,
    };
    if position.ending().is_some() {
        return Thought {
            turn: None,
            score: 0,
            depth: 0,
            nodes: 0,
            stopped: false,
        };
    }
    let mut searcher = Searcher::new(budget, &seen, stop);
    let found = searcher.run(&root);
    let stopped = searcher.stopped();
    match found {
        Some(found) => Thought {
            turn: Some(State::turn(found.step)),
            score: found.score,
            depth: found.depth,
            nodes: found.nodes,
            stopped,
        },
        None => Thought {
            turn: None,
            score: -WIN,
            depth: 0,
            nodes: 0,
            stopped,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locke::{Config, Player};

    fn level(n: u8) -> Level {
        Level::new(n).unwrap()
    }

    /// Thinks with a stop flag never raised.
    fn think(position: &Position, limits: Limits) -> Thought {
        super::think(position, limits, &AtomicBool::new(false))
    }

    #[test]
    fn every_level_takes_a_win_in_one() {
        // White holds a3 and b3; c2+ makes three on the middle row.
        let position = Position::arranged(
            Config::classic(),
            "B1,B1,B1,B1,B1/x,B1,B1,B1,x/W1,W1,x,x,x/x,x,W1,x,x/W1,W1,x,W1,W1",
            Player::White,
        )
        .unwrap();
        let wins = position.winning_turns(Player::White);
        assert_eq!(wins.len(), 1);
        for n in 1..=10 {
            let thought = think(&position, limits(level(n), u64::from(n)));
            assert_eq!(thought.turn, Some(wins[0]), "level {n}");
            assert_eq!(thought.win_in(), Some(1), "level {n}");
        }
    }

    #[test]
    fn levels_reading_three_turns_ahead_find_a_win_in_two() {
        // No win at once, but c2+ then e2+ (or e2+ then c2+): Black, all on rank 5, cannot
        // reach the middle row in time.
        let position = Position::arranged(
            Config::classic(),
            "B1,B1,B1,B1,B1/x,x,x,x,x/W1,x,x,x,x/x,x,W1,x,W1/W1,W1,x,x,x",
            Player::White,
        )
        .unwrap();
        assert!(position.winning_turns(Player::White).is_empty());
        for n in 5..=10 {
            let thought = think(&position, limits(level(n), 5));
            assert_eq!(thought.win_in(), Some(3), "level {n}: {thought:?}");
            let mut after = position.clone();
            after.play(thought.turn.unwrap()).unwrap();
            // Whatever Black does, White then wins at once.
            for reply in after.legal_turns() {
                let mut then = after.clone();
                then.play(reply).unwrap();
                assert!(!then.winning_turns(Player::White).is_empty(), "{reply}");
            }
        }
    }

    #[test]
    fn it_blocks_a_threat_to_take_the_middle_row() {
        // Black holds b3 and d3 and threatens c4- to c3: White must take c3 first (c2+).
        let position = Position::arranged(
            Config::classic(),
            "B1,B1,x,B1,B1/x,x,B1,x,x/x,B1,x,B1,x/x,W1,W1,W1,x/W1,W1,W1,W1,W1",
            Player::White,
        )
        .unwrap();
        assert!(!position.winning_turns(Player::Black).is_empty());
        let thought = think(&position, limits(level(6), 1));
        let mut after = position.clone();
        after.play(thought.turn.unwrap()).unwrap();
        assert!(after.winning_turns(Player::Black).is_empty(), "{thought:?}");
    }

    #[test]
    fn the_levels_search_deeper_and_wander_less_as_they_rise() {
        let all: Vec<Limits> = Level::all().map(|l| limits(l, 1)).collect();
        for pair in all.windows(2) {
            assert!(pair[1].depth >= pair[0].depth && pair[1].nodes >= pair[0].nodes);
            assert!(pair[1].noise < pair[0].noise);
        }
    }

    /// Plays a game between two levels, `first` moving first; the winner's level, if any.
    fn game(white: Level, black: Level, seed: u64) -> Option<Level> {
        let mut position = Position::new(Config::classic(), Player::White);
        while position.ending().is_none() && position.turns() < 200 {
            let level = if position.to_move() == Player::White {
                white
            } else {
                black
            };
            let seed = crate::engine::rng::mix(seed ^ u64::from(position.turns()));
            let turn = think(&position, limits(level, seed)).turn.unwrap();
            position.play(turn).unwrap();
        }
        position
            .ending()
            .and_then(|e| e.winner)
            .map(|w| if w == Player::White { white } else { black })
    }

    #[test]
    fn a_stronger_level_beats_a_beginner() {
        let (strong, weak) = (level(5), level(1));
        let mut wins = 0;
        for seed in 0..4 {
            let won = if seed % 2 == 0 {
                game(strong, weak, seed)
            } else {
                game(weak, strong, seed)
            };
            wins += u32::from(won == Some(strong));
        }
        assert!(wins >= 3, "level 5 won {wins} of 4 against level 1");
    }

    #[test]
    fn a_stop_raised_ends_the_search_with_a_legal_turn_found_so_far() {
        let position = Position::new(Config::classic(), Player::White);
        let top = limits(level(10), 3);
        let full = think(&position, top);
        assert!(!full.stopped);
        // Raised before it starts: only the first pass over the turns is made.
        let raised = AtomicBool::new(true);
        let stopped = super::think(&position, top, &raised);
        assert!(stopped.stopped, "{stopped:?}");
        assert!(position.legal_turns().contains(&stopped.turn.unwrap()));
        assert!(stopped.depth < full.depth, "{stopped:?} against {full:?}");
        assert!(
            stopped.nodes < full.nodes / 10,
            "{stopped:?} against {full:?}"
        );
    }

    #[test]
    fn a_stop_raised_from_another_thread_ends_a_deep_search_early() {
        // Unlimited positions: only the stop can end it before the depth.
        let position = Position::new(Config::classic(), Player::White);
        let endless = Limits {
            depth: 40,
            nodes: u64::MAX,
            noise: 0,
            seed: 1,
        };
        let stop = AtomicBool::new(false);
        let thought = std::thread::scope(|scope| {
            let searching = scope.spawn(|| super::think(&position, endless, &stop));
            // Under way a moment, then stopped.
            std::thread::sleep(std::time::Duration::from_millis(200));
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            searching.join().unwrap()
        });
        assert!(thought.stopped, "{thought:?}");
        assert!(thought.depth < 40, "{thought:?}");
        assert!(position.legal_turns().contains(&thought.turn.unwrap()));
    }

    #[test]
    fn the_same_seed_plays_the_same_and_another_may_not() {
        let position = Position::new(Config::classic(), Player::White);
        let a = think(&position, limits(level(2), 11));
        assert_eq!(think(&position, limits(level(2), 11)), a);
        let others: Vec<_> = (0..20)
            .map(|s| think(&position, limits(level(1), s)).turn)
            .collect();
        assert!(
            others.iter().any(|t| *t != others[0]),
            "level 1 always plays the same"
        );
    }
}
