//! Forced roads over a whole line of play: for every position the solver is asked whether the
//! side to move forces a road, and each ply is marked where one appeared (it gave a forced
//! road away) or where one was let go (it missed a forced road). [`scan`] is the pure core,
//! with only a stop flag and a progress callback; [`ScanJob`] runs it on a thread of its own
//! so a screen stays live.
//!
//! With `W(k)` "the side to move after `k` plies forces a road" (`W(-1)` false):
//! - ply `i` *gives a forced road away* when `W(i+1)` holds and `W(i-1)` did not: after it
//!   the opponent forces a road, and two plies earlier could not;
//! - ply `i` *misses a forced road* when `W(i)` holds, the ply does not win the game, and
//!   after the reply the road is gone: `W(i+2)` fails, or the reply ends the game without the
//!   player's win. Where the line stops after ply `i`, the road is gone when the opponent is
//!   not in tinue then.
//!
//! A position whose search runs out of budget is not known and marks nothing.

mod job;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

pub use job::{POSITION_TIME, ScanJob, ScanStep};

use crate::rules::{Color, GameResult, Move, Position};
use crate::tinue::{Verdict, in_tinue_quiet, solve_until};

/// How deep and how long each position is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScanLimits {
    /// The longest winning line looked for, in plies (attacker first, the road last).
    pub plies: u32,
    /// Attacking moves allowed that threaten nothing (each costs a whole search).
    pub quiet: u32,
    /// Positions the solver may visit for each position of the line.
    pub budget: u64,
}

impl Default for ScanLimits {
    /// Roads in up to five plies, every attacking move a threat, and a budget that keeps a
    /// hundred-ply game on 5x5 or 6x6 to a second or two (most positions take a few
    /// milliseconds, the hardest in real games under 100,000 nodes).
    fn default() -> ScanLimits {
        ScanLimits {
            plies: 5,
            quiet: 0,
            budget: 100_000,
        }
    }
}

/// What the scan found about one ply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyTinue {
    /// After this ply the opponent forces a road, which two plies earlier it could not: the
    /// opponent and its winning line (from the position after the ply).
    pub gives: Option<(Color, Vec<Move>)>,
    /// Before this ply its player forced a road, and after the reply no longer does: the
    /// player and the line it could have played (from the position before the ply).
    pub missed: Option<(Color, Vec<Move>)>,
}

impl PlyTinue {
    /// Whether the ply is marked at all.
    #[must_use]
    pub const fn is_marked(&self) -> bool {
        self.gives.is_some() || self.missed.is_some()
    }
}

/// The scan of a line: a mark (maybe empty) for each ply, and what could not be known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scan {
    /// One entry a ply of the line, in order.
    pub plies: Vec<PlyTinue>,
    /// Positions whose search ran out of budget (they mark nothing).
    pub unknown: usize,
}

impl Scan {
    /// Plies that give a forced road away.
    #[must_use]
    pub fn given(&self) -> usize {
        self.plies.iter().filter(|p| p.gives.is_some()).count()
    }

    /// Plies that miss a forced road.
    #[must_use]
    pub fn missed(&self) -> usize {
        self.plies.iter().filter(|p| p.missed.is_some()).count()
    }
}

/// What is known about one position of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Known {
    /// The game is over there.
    Over(GameResult),
    /// The side to move forces a road: this line.
    Win(Vec<Move>),
    /// It does not, within the plies searched.
    NoWin,
    /// The budget ran out (or the scan was stopped).
    Unknown,
}

/// What the solver said about positions already searched within the same limits, so that
/// another line through them (a variation, the line shown after a change) costs only its new
/// positions. Positions left unknown are not kept: they are asked again.
#[derive(Clone, Debug, Default)]
pub struct Memo {
    known: HashMap<Position, Known>,
    limits: Option<ScanLimits>,
}

impl Memo {
    /// Positions kept before the memo starts afresh: far more than any game's variations.
    const MAX: usize = 100_000;

    /// How many positions it knows.
    #[must_use]
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// Whether it knows no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// What is known about `position` within `limits`, searching it if need be.
    fn ask(&mut self, position: &Position, limits: ScanLimits, stop: &AtomicBool) -> Known {
        if self.limits != Some(limits) || self.known.len() >= Self::MAX {
            self.known.clear();
            self.limits = Some(limits);
        }
        if let Some(known) = self.known.get(position) {
            return known.clone();
        }
        let known = if position.is_over() {
            Known::Over(position.result())
        } else {
            match solve_until(position, limits.plies, limits.quiet, limits.budget, stop).verdict {
                Verdict::Win(line) => Known::Win(line),
                Verdict::NoWin => Known::NoWin,
                Verdict::Unknown => Known::Unknown,
            }
        };
        if known != Known::Unknown {
            self.known.insert(position.clone(), known.clone());
        }
        known
    }
}

/// Marks each of `moves` (a legal line from `start`) where a forced road appeared and where
/// one was missed, asking the solver about every position of the line within `limits`
/// (those `memo` knows are not searched again, and those searched are added to it).
/// `progress` hears (positions searched, positions in all) after each. Raising `stop` ends the
/// search of the position being searched (it is then not known), and of each later one while
/// it stays raised: a caller may lower it in `progress` to cut each search off by time.
///
/// # Panics
///
/// If a move is not legal where it is played (the caller gives a record's line).
#[must_use]
pub fn scan(
    start: &Position,
    moves: &[Move],
    limits: ScanLimits,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
    memo: &mut Memo,
) -> Scan {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut position = start.clone();
    positions.push(position.clone());
    for &mv in moves {
        position.play(mv).expect("a line of legal moves");
        positions.push(position.clone());
    }
    let total = positions.len();
    let mut known = Vec::with_capacity(total);
    for (done, position) in positions.iter().enumerate() {
        known.push(memo.ask(position, limits, stop));
        progress(done + 1, total);
    }
    // Where the line stops in the middle of a forced road: is the loser still caught?
    let last = positions.last().unwrap_or(start);
    let caught = match known.get(total.wrapping_sub(2)) {
        Some(Known::Win(_)) if !last.is_over() => {
            let plies = limits.plies.saturating_sub(1);
            Some(in_tinue_quiet(last, plies, limits.quiet, limits.budget, stop).verdict)
        }
        _ => None,
    };
    let plies = (0..moves.len())
        .map(|i| PlyTinue {
            gives: gives(&known, &positions, i),
            missed: missed(&known, &positions, i, caught.as_ref()),
        })
        .collect();
    let unknown = known.iter().filter(|k| **k == Known::Unknown).count()
        + usize::from(caught == Some(Verdict::Unknown));
    Scan { plies, unknown }
}

/// Whether ply `i` gives a forced road away: the opponent and its line, if so.
fn gives(known: &[Known], positions: &[Position], i: usize) -> Option<(Color, Vec<Move>)> {
    let Known::Win(line) = &known[i + 1] else {
        return None;
    };
    let before = match i.checked_sub(1) {
        None => &Known::NoWin,
        Some(earlier) => &known[earlier],
    };
    (*before == Known::NoWin).then(|| (positions[i + 1].to_move(), line.clone()))
}

/// Whether ply `i` misses a forced road: the player and the line it had, if so. `caught` is
/// whether the loser is in tinue at the line's end (asked when the line stops after a ply
/// played in a forced road).
fn missed(
    known: &[Known],
    positions: &[Position],
    i: usize,
    caught: Option<&Verdict>,
) -> Option<(Color, Vec<Move>)> {
    let Known::Win(line) = &known[i] else {
        return None;
    };
    let player = positions[i].to_move();
    let kept = match (&known[i + 1], known.get(i + 2)) {
        (Known::Over(result), _) | (_, Some(Known::Over(result))) => {
            Some(result.winner() == Some(player))
        }
        (_, Some(Known::Win(_))) => Some(true),
        (_, Some(Known::NoWin)) => Some(false),
        (_, Some(Known::Unknown)) => None,
        (_, None) => match caught {
            Some(Verdict::Win(_)) => Some(true),
            Some(Verdict::NoWin) => Some(false),
            _ => None,
        },
    };
    (kept == Some(false)).then(|| (player, line.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;
    use crate::record::{GameRecord, Tags};

    /// White has b1 c1 d1 and a3 a4, Black a wall on b2 and two flats far away: no forced
    /// road for White yet (a1 threatens e1 alone), but after a2 the a1 square makes two
    /// threats at once.
    const START: &str = "x3,2,2/1,x4/1,x4/x,2S,x3/x,1,1,1,x 1 5";

    /// The line `moves` played from `tps` in a record, as a replay would have it.
    fn line(tps: &str, moves: &[&str]) -> (Position, Vec<Move>) {
        let start = tps.parse::<Tps>().unwrap().to_standard_position().unwrap();
        let mut record = GameRecord::new(start.clone(), Tags::default());
        let moves: Vec<Move> = moves.iter().map(|m| m.parse().unwrap()).collect();
        for &mv in &moves {
            record.play(mv).unwrap();
        }
        (record.start().clone(), moves)
    }

    fn scanned(moves: &[&str]) -> Scan {
        let (start, moves) = line(START, moves);
        let mut heard = Vec::new();
        let found = scan(
            &start,
            &moves,
            ScanLimits::default(),
            &AtomicBool::new(false),
            &mut |done, total| heard.push((done, total)),
            &mut Memo::default(),
        );
        assert_eq!(heard.len(), moves.len() + 1, "a report a position");
        assert_eq!(heard.last(), Some(&(moves.len() + 1, moves.len() + 1)));
        found
    }

    #[test]
    fn walking_into_a_double_threat_gives_the_road_away() {
        // 5... c3 lets a1 threaten e1 and a5 at once; White plays it and wins.
        let found = scanned(&["a2", "c3", "a1", "e1", "a5"]);
        assert_eq!(found.unknown, 0);
        let marked: Vec<usize> = (0..5).filter(|&i| found.plies[i].is_marked()).collect();
        assert_eq!(marked, [1], "{found:?}");
        let (winner, road) = found.plies[1].gives.clone().unwrap();
        assert_eq!(winner, Color::White);
        assert_eq!(road.len(), 3);
        assert_eq!(road[0].to_string(), "a1");
        assert_eq!((found.given(), found.missed()), (1, 0));
    }

    #[test]
    fn a_quiet_move_instead_of_the_double_threat_misses_it() {
        // White plays c4 instead of a1, and Black's capstone takes the square.
        let found = scanned(&["a2", "c3", "c4", "Ca1"]);
        assert!(found.plies[1].gives.is_some(), "{found:?}");
        let (player, road) = found.plies[2].missed.clone().unwrap();
        assert_eq!(player, Color::White);
        assert_eq!(road[0].to_string(), "a1");
        assert_eq!((found.given(), found.missed()), (1, 1));
    }

    #[test]
    fn a_line_stopping_inside_a_forced_road_is_not_a_miss() {
        // Black resigns after a1: White's road is still forced. After c4, it is not.
        let found = scanned(&["a2", "c3", "a1"]);
        assert!(found.plies[2].missed.is_none(), "{found:?}");
        let found = scanned(&["a2", "c3", "c4"]);
        assert!(found.plies[2].missed.is_some(), "{found:?}");
    }

    #[test]
    fn a_stopped_scan_marks_nothing_it_does_not_know() {
        let (start, moves) = line(START, &["a2", "c3", "a1", "e1", "a5"]);
        let mut memo = Memo::default();
        let found = scan(
            &start,
            &moves,
            ScanLimits::default(),
            &AtomicBool::new(true),
            &mut |_, _| {},
            &mut memo,
        );
        assert!(found.plies.iter().all(|p| !p.is_marked()), "{found:?}");
        assert_eq!(
            found.unknown, 5,
            "the last position is over: known without a search"
        );
        assert_eq!(memo.len(), 1, "what is not known is not kept");
    }

    #[test]
    fn another_line_through_known_positions_searches_only_its_new_ones() {
        let mut memo = Memo::default();
        let first = ["a2", "c3", "a1", "e1", "a5"];
        let (start, moves) = line(START, &first);
        let go = AtomicBool::new(false);
        let limits = ScanLimits::default();
        let found = scan(&start, &moves, limits, &go, &mut |_, _| {}, &mut memo);
        assert_eq!(found, scanned(&first));
        // Stopped at once, a line through the same start and two plies knows those three
        // positions from the memo, and only its two new ones are left unknown.
        let (start, moves) = line(START, &["a2", "c3", "c4", "Ca1"]);
        let stop = AtomicBool::new(true);
        let other = scan(&start, &moves, limits, &stop, &mut |_, _| {}, &mut memo);
        assert_eq!(other.unknown, 2, "{other:?}");
        assert!(
            other.plies[1].gives.is_some(),
            "known from the first line: {other:?}"
        );
        // Other limits: nothing is known any more.
        let deeper = ScanLimits { plies: 7, ..limits };
        let again = scan(&start, &moves, deeper, &stop, &mut |_, _| {}, &mut memo);
        assert_eq!(again.unknown, 5, "{again:?}");
    }
}
