//! One game between two programs with no one watching, as an engine match plays them: each
//! side asked for its move in turn, the clock kept, and every failure ruled on. A program that
//! crashes, hangs, sends a move that is not legal or runs out of time loses the game, and the
//! record says why in a comment. The time comes from the caller (`now`), as for the clocks.

use std::time::{Duration, Instant};

use super::clock::{GameClock, TimeControl};
use super::computer::{Computer, Report};
use super::players::Player;
use crate::engine::ClockLimits;
use crate::record::GameRecord;
use crate::rules::{ByColor, Color, Move};

/// A game that runs this many plies without an end is drawn: two programs can move stacks
/// back and forth for ever.
pub const MAX_PLIES: usize = 600;
/// How often the clock is looked at while a program thinks.
const LOOK: Duration = Duration::from_millis(20);

/// How a refereed game ended, beyond what its board says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// The board decided (a road, flats), or the game was drawn for length.
    Board,
    /// This side lost other than on the board: what happened.
    Lost(Color, String),
}

/// One game's sides: who plays each colour, and the computer that thinks for each.
pub struct Sides<'a> {
    /// Who plays each colour (programs only: a person cannot be asked for a move here).
    pub players: ByColor<&'a Player>,
    /// The computers thinking for them.
    pub computers: ByColor<&'a mut Computer>,
}

/// Plays `record` (a game ready to go on, the computers told of it: `Computer::new_game`) to
/// its end between `sides`, with clocks of `clock` when given, `seed` varying the weak levels;
/// `now` tells the time. Returns the finished record (its result set, a comment saying why
/// when a side lost other than on the board) and the ruling.
pub fn referee(
    mut record: GameRecord,
    sides: Sides<'_>,
    clock: Option<TimeControl>,
    seed: u64,
    now: &dyn Fn() -> Instant,
) -> (GameRecord, Ruling) {
    let Sides {
        players,
        mut computers,
    } = sides;
    if let Some(control) = clock {
        record.tags_mut().set("Clock", control.tag());
    }
    let mut clock = clock.map(GameClock::new);
    loop {
        let position = record.position().clone();
        if position.is_over() {
            if let Some(token) = position.result().ptn() {
                record.set_result_token(Some(token.to_owned()));
                record.tags_mut().set("Result", token.to_owned());
            }
            return (record, Ruling::Board);
        }
        if record.plies().len() >= MAX_PLIES {
            record.set_result_token(Some("1/2-1/2".to_owned()));
            record.tags_mut().set("Result", "1/2-1/2".to_owned());
            record.add_comment_at_end(format!("drawn: no end after {MAX_PLIES} plies"));
            return (record, Ruling::Board);
        }
        let mover = position.to_move();
        if let Some(clock) = &mut clock {
            clock.start(mover, now());
        }
        let limits = clock.as_ref().map(|clock| {
            let at = now();
            let increment = clock.control().increment;
            ClockLimits {
                mine: clock.left(mover, at),
                theirs: clock.left(!mover, at),
                my_increment: increment,
                their_increment: increment,
            }
        });
        let ply_seed = seed ^ u64::from(position.ply()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let computer = &mut *computers[mover];
        computer.think(&position, players[mover].limits(limits, ply_seed));
        let answer = hear(computer, mover, clock.as_mut(), now);
        let played = answer.and_then(|(mv, said)| {
            record
                .play(mv)
                .map(|()| said)
                .map_err(|e| (mover, format!("chose {mv}, which is not legal: {e}")))
        });
        match played {
            Ok(said) => {
                if let Some(clock) = &mut clock {
                    clock.played(mover, now());
                }
                record.add_comment_at_end(said);
            }
            Err((loser, why)) => {
                let name = players[loser]
                    .tag_name()
                    .unwrap_or_else(|| loser.to_string());
                let token = match loser {
                    Color::White => "0-1",
                    Color::Black => "1-0",
                };
                record.set_result_token(Some(token.to_owned()));
                record.tags_mut().set("Result", token.to_owned());
                // An engine's failure already names it (`crash3: the engine stopped ...`).
                let why = match why.strip_prefix(&format!("{name}: ")) {
                    Some(rest) => format!("{name} ({loser}): {rest}"),
                    None => format!("{name} ({loser}) {why}"),
                };
                record.add_comment_at_end(format!("{why}: {token}"));
                return (record, Ruling::Lost(loser, why));
            }
        }
    }
}

/// Waits for the move of `computer`, thinking for `mover`, while `clock` runs: the move and
/// what it thought of it (the evaluation from White's side, the depth, the time taken, as
/// match records of other games write them), or who lost and why.
fn hear(
    computer: &mut Computer,
    mover: Color,
    mut clock: Option<&mut GameClock>,
    now: &dyn Fn() -> Instant,
) -> Result<(Move, String), (Color, String)> {
    let asked = now();
    let mut excused = Duration::ZERO;
    loop {
        if let Some(loser) = clock.as_ref().and_then(|c| c.flagged(now())) {
            computer.stop();
            return Err((loser, "ran out of time".to_owned()));
        }
        match computer.wait(LOOK) {
            Some(Report::Done(thought)) => {
                let mv = thought
                    .best
                    .ok_or((mover, "gave no move in a game not over".to_owned()))?;
                let took = now()
                    .saturating_duration_since(asked)
                    .saturating_sub(excused);
                let info = thought.info;
                let score = match mover {
                    Color::White => info.score,
                    Color::Black => info.score.flip(),
                };
                let said = if info.depth == 0 {
                    format!("{:.1} s", took.as_secs_f64())
                } else {
                    format!(
                        "{} at depth {}, {:.1} s",
                        super::analysis::show(score),
                        info.depth,
                        took.as_secs_f64()
                    )
                };
                return Ok((mv, said));
            }
            Some(Report::Failed(why)) => return Err((mover, why)),
            // An engine started again (after a failure in an earlier game) is not charged
            // for its start.
            Some(Report::Started(took)) => {
                excused += took;
                if let Some(clock) = clock.as_deref_mut() {
                    clock.excuse(mover, took, now());
                }
            }
            None if !computer.is_thinking() => {
                return Err((mover, "stopped thinking without a move".to_owned()));
            }
            // Thinking still: its progress is not shown here.
            Some(Report::Progress(_)) | None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Level};
    use crate::rules::{BoardSize, GameConfig};

    #[test]
    fn two_computers_play_a_game_to_its_end() {
        let config = GameConfig::new(BoardSize::new(3).unwrap());
        let players = ByColor::new(
            Player::Computer(Level::new(2).unwrap()),
            Player::Computer(Level::new(1).unwrap()),
        );
        let (mut white, mut black) = (Computer::new(Engine::new(1)), Computer::new(Engine::new(1)));
        let sides = Sides {
            players: ByColor::new(&players[Color::White], &players[Color::Black]),
            computers: ByColor::new(&mut white, &mut black),
        };
        let (record, ruling) = referee(
            GameRecord::for_config(config),
            sides,
            None,
            7,
            &Instant::now,
        );
        assert_eq!(ruling, Ruling::Board);
        assert!(record.position().is_over(), "{:?}", record.plies().len());
        let token = record.result_token().unwrap();
        assert_eq!(record.tags().get("Result"), Some(token));
        // Each ply says what its player thought of it, `+0.35 at depth 4, 0.0 s`, or only the
        // time when no search was done (level 1's smallest budgets).
        let mut searched = 0;
        for (index, ply) in record.plies().iter().enumerate() {
            let [said] = &ply.comments[..] else {
                panic!("ply {index}: {:?}", ply.comments)
            };
            assert!(said.ends_with(" s"), "{index}: {said}");
            if let Some((score, _)) = said.split_once(" at depth ") {
                searched += 1;
                assert!(
                    score.starts_with(['+', '-', '#']),
                    "a score from White's side: {said}"
                );
            }
        }
        assert!(searched > 0);
    }
}
