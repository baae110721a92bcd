//! Lessons: a position on a small board, a task the rules check, a hint and an explanation.
//! Pure, like the rules: the lesson files are read by the caller.
//!
//! A lesson is a TOML text:
//!
//! ```toml
//! title = "Your first road"
//! size = 3
//! tps = "1,x2/1,x2/x,2,2 1 4"
//! goal = "road"
//! task = "Make a road: join two opposite edges."
//! hint = "The a-file needs one more stone."
//! explain = "A road is a line of your flats and capstone touching two opposite edges."
//! done = "That is a road: the game is won."
//! ```
//!
//! The goals: `place-flat`, `place-wall`, `place-cap` (on `square` when given),
//! `first-turn` (the first ply of a game, which places the opponent's stone), `crush`
//! (flatten a wall with the capstone), `move-stack` (a spread carrying `carry` pieces or
//! more, 2 by default), `carry-limit` (a spread carrying as many pieces as the board is wide),
//! `road` (win by road now), `block` (leave the opponent no road in one), `tak` (threaten a
//! road), `flat-win` (end the game and win on flats) and `tinue` (force a road in `plies`
//! plies against the strongest defence).
//!
//! ```
//! use taktui::lessons::{Check, Lesson};
//! let lesson = Lesson::from_toml("first", "title = \"A road\"\nsize = 3\n\
//!     tps = \"1,x2/1,x2/x,2,2 1 4\"\ngoal = \"road\"\ntask = \"Make a road.\"\n\
//!     hint = \"a1\"\nexplain = \"Roads win.\"\ndone = \"Won.\"\n").unwrap();
//! let a1 = taktui::notation::parse_move("a1", lesson.start().size()).unwrap();
//! assert_eq!(lesson.check(&[a1], 100_000), Check::Done);
//! let c3 = taktui::notation::parse_move("c3", lesson.start().size()).unwrap();
//! assert!(matches!(lesson.check(&[c3], 100_000), Check::NotYet(_)));
//! ```

use std::sync::atomic::AtomicBool;

use serde::Deserialize;

use crate::notation::{Tps, parse_move};
use crate::rules::{Color, GameResult, Move, MoveKind, Position, Role, Square, WinReason};
use crate::tinue::{Verdict, in_tinue_quiet, natural_defence};

/// What a lesson asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// Place a piece of this kind (on this square, when given).
    Place(Role, Option<Square>),
    /// Make the game's first ply: it places the opponent's flat.
    FirstTurn,
    /// Flatten a wall with the capstone.
    Crush,
    /// A spread carrying at least this many pieces.
    MoveStack(u8),
    /// A spread carrying as many pieces as the board is wide.
    CarryLimit,
    /// Win by road now.
    Road,
    /// Leave the opponent no road in one.
    Block,
    /// Threaten a road.
    Tak,
    /// End the game and win it on flats.
    FlatWin,
    /// Force a road within this many plies, against the strongest defence.
    Tinue(u32),
}

/// How the player's moves stand against the lesson's task.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Check {
    /// The task is done.
    Done,
    /// On the way (a tinue): the defence plays this.
    Defence(Move),
    /// Not what was asked: why, in words (the move is taken back).
    NotYet(String),
}

/// Why a lesson's text cannot be used.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LessonError {
    /// Not TOML, or a field missing or of the wrong type.
    #[error("{0}")]
    Toml(String),
    /// A field's value cannot be used.
    #[error("{field} {value:?}: {reason}")]
    Field {
        /// The field.
        field: &'static str,
        /// Its value.
        value: String,
        /// Why.
        reason: String,
    },
}

/// The fields of a lesson's file, as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonFile {
    title: String,
    size: u8,
    tps: String,
    goal: String,
    square: Option<String>,
    carry: Option<u8>,
    plies: Option<u32>,
    task: String,
    hint: String,
    explain: String,
    done: String,
}

/// A lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// A name unique among the lessons (its file's stem), for remembering it done.
    pub id: String,
    /// Its title.
    pub title: String,
    /// What to do, in words.
    pub task: String,
    /// A hint.
    pub hint: String,
    /// What it teaches, shown before the task.
    pub explain: String,
    /// Said once it is done.
    pub done: String,
    /// What the rules check.
    pub goal: Goal,
    start: Position,
}

impl Lesson {
    /// The lesson a TOML text describes, `id` naming it.
    pub fn from_toml(id: &str, text: &str) -> Result<Lesson, LessonError> {
        let file: LessonFile =
            toml::from_str(text).map_err(|e| LessonError::Toml(e.to_string()))?;
        let field = |field: &'static str, value: &str, reason: String| LessonError::Field {
            field,
            value: value.to_owned(),
            reason,
        };
        let tps: Tps = file
            .tps
            .parse()
            .map_err(|e: crate::notation::TpsError| field("tps", &file.tps, e.to_string()))?;
        let start = tps
            .to_standard_position()
            .map_err(|e| field("tps", &file.tps, e.to_string()))?;
        if start.size().get() != file.size {
            return Err(field(
                "size",
                &file.size.to_string(),
                format!("the position is {}", start.size()),
            ));
        }
        let square = match &file.square {
            None => None,
            Some(text) => Some(
                parse_move(text, start.size())
                    .ok()
                    .filter(|mv| mv.to_string() == *text)
                    .map(|mv| mv.square)
                    .ok_or_else(|| field("square", text, "not a square of the board".into()))?,
            ),
        };
        let goal = match file.goal.as_str() {
            "place-flat" => Goal::Place(Role::Flat, square),
            "place-wall" => Goal::Place(Role::Wall, square),
            "place-cap" => Goal::Place(Role::Cap, square),
            "first-turn" => Goal::FirstTurn,
            "crush" => Goal::Crush,
            "move-stack" => Goal::MoveStack(file.carry.unwrap_or(2)),
            "carry-limit" => Goal::CarryLimit,
            "road" => Goal::Road,
            "block" => Goal::Block,
            "tak" => Goal::Tak,
            "flat-win" => Goal::FlatWin,
            "tinue" => Goal::Tinue(file.plies.unwrap_or(3)),
            other => {
                return Err(field("goal", other, "not a goal lessons know".into()));
            }
        };
        Ok(Lesson {
            id: id.to_owned(),
            title: file.title,
            task: file.task,
            hint: file.hint,
            explain: file.explain,
            done: file.done,
            goal,
            start,
        })
    }

    /// The position the lesson starts from.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// Who plays the lesson: the side to move.
    #[must_use]
    pub fn player(&self) -> Color {
        self.start.to_move()
    }

    /// Whether `line` (the player's moves and, in a tinue, the defence's; the player's last)
    /// does the task. `budget` bounds the tinue solver.
    #[must_use]
    pub fn check(&self, line: &[Move], budget: u64) -> Check {
        let mut before = self.start.clone();
        for &mv in &line[..line.len().saturating_sub(1)] {
            if before.play(mv).is_err() {
                return Check::NotYet("that line is not legal here".into());
            }
        }
        let Some(&mv) = line.last() else {
            return Check::NotYet("no move yet".into());
        };
        let mut after = before.clone();
        let Ok(undo) = after.play(mv) else {
            return Check::NotYet(format!("{mv} is not legal here"));
        };
        let me = self.player();
        let won = |reason: fn(&WinReason) -> bool| matches!(after.result(), GameResult::Win { winner, reason: r } if winner == me && reason(&r));
        let (placed, carried) = match mv.kind {
            MoveKind::Place(role) => (Some(role), 0),
            MoveKind::Spread(_, drops) => (None, drops.count()),
        };
        let ok = match self.goal {
            Goal::Place(role, square) => {
                placed == Some(role) && square.is_none_or(|s| s == mv.square)
            }
            Goal::FirstTurn => {
                let stack = after.board().stack(mv.square);
                before.ply() == 0 && stack.top().is_some_and(|piece| piece.color != me)
            }
            Goal::Crush => undo.crushed(),
            Goal::MoveStack(at_least) => carried >= at_least,
            Goal::CarryLimit => carried == self.start.size().get(),
            Goal::Road => won(|r| matches!(r, WinReason::Road { .. })),
            Goal::Block => !after.is_over() && after.threats(!me).is_empty(),
            Goal::Tak => !after.is_over() && !after.threats(me).is_empty(),
            Goal::FlatWin => won(|r| !matches!(r, WinReason::Road { .. })),
            Goal::Tinue(plies) => return tinue(&after, me, plies, line.len() as u32, budget),
        };
        if ok {
            Check::Done
        } else {
            Check::NotYet(self.not_yet(mv, &after))
        }
    }

    /// What `mv` did not do, in words: never the answer itself, which a wrong try would
    /// otherwise give away (the hint is there for that).
    fn not_yet(&self, mv: Move, after: &Position) -> String {
        let me = self.player();
        match self.goal {
            // With the right piece, only a square can be wrong.
            Goal::Place(role, _) => match mv.kind {
                MoveKind::Place(placed) if placed == role => format!(
                    "a {} is right, but {} is not the square the task means",
                    role_name(role),
                    mv.square
                ),
                MoveKind::Place(placed) => format!(
                    "the task asks for a {}, not a {}",
                    role_name(role),
                    role_name(placed)
                ),
                MoveKind::Spread(..) => format!("place a {} from your reserve", role_name(role)),
            },
            Goal::FirstTurn => "place a stone: it is your opponent's colour".into(),
            Goal::Crush => "move your capstone alone onto the wall".into(),
            Goal::MoveStack(n) => format!("pick up {n} pieces or more from a stack and move them"),
            Goal::CarryLimit => format!(
                "carry {} pieces: as many as the board is wide",
                self.start.size().get()
            ),
            Goal::Road if mv.kind == MoveKind::Place(Role::Wall) => {
                "a wall is never part of a road".into()
            }
            Goal::Road => "that makes no road yet".into(),
            Goal::Block if after.is_over() => "that lost the game".into(),
            // Where would give the answer away.
            Goal::Block => format!("{} can still make a road in one move", !me),
            Goal::Tak => "that threatens no road".into(),
            Goal::FlatWin => flat_end(after, me),
            Goal::Tinue(_) => "that lets the defence escape".into(),
        }
    }
}

/// Why a move did not win on flats: the game goes on, or how it ended instead.
fn flat_end(after: &Position, me: Color) -> String {
    let count = after.flat_count();
    let (mine, theirs) = match me {
        Color::White => (count.white, count.black),
        Color::Black => (count.black, count.white),
    };
    match after.result() {
        GameResult::Ongoing => "the game goes on: the board is not full and reserves remain".into(),
        GameResult::Draw => format!("that ends the game in a draw, {mine} flats to {theirs}"),
        GameResult::Win {
            winner,
            reason: WinReason::Flats,
        } if winner != me => {
            format!("that ends the game, but {winner} wins it, {theirs} flats to {mine}")
        }
        GameResult::Win { winner, .. } if winner != me => format!("that gives {winner} a road"),
        // Won, but not on flats (the goal asks for that win).
        GameResult::Win { .. } => "that wins, but by road, not on flats".into(),
    }
}

/// A tinue step: the road made, the defence's reply, or an escape.
fn tinue(after: &Position, me: Color, plies: u32, played: u32, budget: u64) -> Check {
    if matches!(after.result(), GameResult::Win { winner, reason: WinReason::Road { .. } } if winner == me)
    {
        return Check::Done;
    }
    if after.is_over() {
        return Check::NotYet("the game is over, and not with your road".into());
    }
    let left = plies.saturating_sub(played);
    let stop = AtomicBool::new(false);
    match in_tinue_quiet(after, left, 0, budget, &stop).verdict {
        // Of the defences that last longest, one that blocks what it can, as a person would.
        Verdict::Win(line) => natural_defence(after, &line, 0, budget).map_or_else(
            || Check::NotYet(format!("{} escapes after that", !me)),
            Check::Defence,
        ),
        Verdict::NoWin | Verdict::Unknown => Check::NotYet(format!("{} escapes after that", !me)),
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Flat => "flat stone",
        Role::Wall => "wall (standing stone)",
        Role::Cap => "capstone",
    }
}
