//! One game between two programs with no one watching, as an engine match plays them: each
//! side asked for its move in turn, the clock kept, and every failure ruled on. A program that
//! crashes, hangs, sends a move that is not legal or runs out of time loses the game, and the
//! record says why in a comment. The time comes from the caller (`now`), as for the clocks.
//!
//! The rules are the game [`Driver`]'s (the play screen's too): this only loops over it,
//! sleeping until a program has news, and writes the match's comments into the record.

use std::time::{Duration, Instant};

use super::clock::TimeControl;
use super::computer::Computer;
use super::driver::{Driver, DriverEvent, OnFailure};
use super::players::Player;
use super::seat::{Program, Seat};
use super::session::{Ending, LossKind, Session};
use crate::record::GameRecord;
use crate::rules::{ByColor, Color, Position};

pub use super::driver::MAX_PLIES;

/// The longest the referee waits for news before it looks at the clock again.
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
    /// The computers thinking for them, given back with the game ([`Refereed`]).
    pub computers: ByColor<Computer>,
}

/// A refereed game: its record, the ruling, and the computers that played it.
pub struct Refereed {
    /// The finished record: its result set, a comment saying why when a side lost other
    /// than on the board, and on each ply what its program thought of it.
    pub record: GameRecord,
    /// How it ended.
    pub ruling: Ruling,
    /// The computers, for the next game.
    pub computers: ByColor<Computer>,
}

/// Plays `record` (a game ready to go on, the computers told of it: `Computer::new_game`) to
/// its end between `sides`, on the game [`Driver`], with clocks of `clock` when given (White's
/// running from the start), `seed` varying the weak levels; `now` tells the time. A program
/// that fails loses; a game of [`MAX_PLIES`] plies is drawn.
pub fn referee(
    record: GameRecord,
    sides: Sides<'_>,
    clock: Option<TimeControl>,
    seed: u64,
    now: &dyn Fn() -> Instant,
) -> Refereed {
    let Sides { players, computers } = sides;
    let ByColor { white, black } = computers;
    let seat =
        |player: &Player, computer| Seat::Program(Box::new(Program::new(player.clone(), computer)));
    let seats = ByColor::new(seat(players.white, white), seat(players.black, black));
    let mut driver = Driver::new(Session::new(record, None), seats)
        .on_failure(OnFailure::Forfeit)
        .with_seed(seed)
        .with_ply_limit(MAX_PLIES);
    if let Some(control) = clock {
        driver = driver.with_clock(control);
    }
    driver.start(now());
    loop {
        for event in driver.poll(now()) {
            if let DriverEvent::Moved {
                reasoning: Some(reasoning),
                color,
                ..
            } = event
            {
                // The line the program thought of starts where it moved: the position before.
                let record = driver.session().record();
                let before = record.position_at(record.plies().len().saturating_sub(1));
                let said = said(color, &before, &reasoning);
                driver.session_mut().record_mut().add_comment_at_end(said);
            }
        }
        if driver.is_over() {
            break;
        }
        let wait = driver.next_deadline(now()).map_or(LOOK, |d| d.min(LOOK));
        driver.wait(wait);
    }
    let (session, seats) = driver.into_parts();
    let ending = session.ending().cloned();
    let mut record = session.into_record();
    // A program's seat stays a program's when it fails here (the game is forfeit).
    let computers = seats.map(|seat| match seat {
        Seat::Program(program) => program.into_computer(),
        Seat::Keyboard | Seat::Remote => Computer::default(),
    });
    let ruling = match ending {
        Some(Ending::Lost(loss)) => {
            let loser = loss.loser;
            let why = match loss.how {
                LossKind::Time => "ran out of time".to_owned(),
                LossKind::Forfeit(why) => why,
                LossKind::Resignation => "resigned".to_owned(),
            };
            let name = players[loser]
                .tag_name()
                .unwrap_or_else(|| loser.to_string());
            let token = record.result_token().unwrap_or_default().to_owned();
            // An engine's failure already names it (`crash3: the engine stopped ...`).
            let why = match why.strip_prefix(&format!("{name}: ")) {
                Some(rest) => format!("{name} ({loser}): {rest}"),
                None => format!("{name} ({loser}) {why}"),
            };
            record.add_comment_at_end(format!("{why}: {token}"));
            Ruling::Lost(loser, why)
        }
        Some(Ending::TooLong(plies)) => {
            record.add_comment_at_end(format!("drawn: no end after {plies} plies"));
            Ruling::Board
        }
        Some(Ending::AgreedDraw) | None => Ruling::Board,
    };
    Refereed {
        record,
        ruling,
        computers,
    }
}

/// What a program thought of its move, as match records of other games write it: the
/// evaluation from White's side, the depth and the time taken (`+0.35 at depth 4, 0.1 s`),
/// or the time alone when no search was done. A forced win is a road (`#3`) or, where the
/// program's line from `before` ends on flats, a flat win (`#F3`).
fn said(mover: Color, before: &Position, reasoning: &super::driver::Reasoning) -> String {
    let info = &reasoning.info;
    let took = reasoning.took.as_secs_f64();
    let score = match mover {
        Color::White => info.score,
        Color::Black => info.score.flip(),
    };
    if info.depth == 0 {
        format!("{took:.1} s")
    } else {
        format!(
            "{} at depth {}, {took:.1} s",
            super::analysis::show_line(score, before, &info.pv),
            info.depth,
        )
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
        let sides = Sides {
            players: ByColor::new(&players[Color::White], &players[Color::Black]),
            computers: ByColor::new(Computer::new(Engine::new(1)), Computer::new(Engine::new(1))),
        };
        let Refereed { record, ruling, .. } = referee(
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
