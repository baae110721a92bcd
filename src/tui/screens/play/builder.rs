//! A spread built one key at a time: pick up, choose a direction, drop square by square.
//!
//! Every step is checked against the rules' legal moves, so only legal moves can be finished,
//! and a refused step is explained with the rules' own reason. Nothing here knows a rule.

use crate::rules::{
    Bitboard, Direction, Drops, IllegalMove, Move, MoveKind, Position, SpreadPreview, Square,
};

/// A spread being built with keys.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveBuilder {
    from: Square,
    count: u8,
    direction: Option<Direction>,
    /// Pieces dropped so far, square by square.
    drops: Vec<u8>,
}

/// Why a building step was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BuildError {
    /// The rules refuse where this step leads.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// More pieces dropped than are carried.
    #[error("only {} left to drop", if *.0 == 1 { "1 piece".to_owned() } else { format!("{} pieces", .0) })]
    NotThatMany(u8),
    /// A direction other than the one chosen.
    #[error("a stack moves in one straight line: keep going {0} or press Backspace")]
    OneWayOnly(&'static str),
    /// A step that needs a direction first.
    #[error("choose a direction with an arrow key first")]
    NoDirection,
}

/// What a step led to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    /// The move goes on.
    Building,
    /// The move is complete: play it.
    Done(Move),
}

impl MoveBuilder {
    /// Picks up `count` pieces from `from`, if some legal spread carries that many from there.
    pub fn pick_up(
        position: &Position,
        from: Square,
        count: u8,
    ) -> Result<MoveBuilder, BuildError> {
        let builder = MoveBuilder {
            from,
            count,
            direction: None,
            drops: Vec::new(),
        };
        let limit = position.size().get();
        if count > limit {
            return Err(IllegalMove::CarryLimit { count, limit }.into());
        }
        if builder.candidates(position).is_empty() {
            let probe = Drops::all_on_one(count.max(1)).ok_or(BuildError::NotThatMany(count))?;
            // The rules' reason, from the simplest spread that carries this many.
            for direction in Direction::ALL {
                position.check(Move::spread(from, direction, probe))?;
            }
        }
        Ok(builder)
    }

    /// The square picked up from.
    #[must_use]
    pub const fn from(&self) -> Square {
        self.from
    }

    /// Pieces carried.
    #[must_use]
    pub const fn count(&self) -> u8 {
        self.count
    }

    /// The direction, once chosen.
    #[must_use]
    pub const fn direction(&self) -> Option<Direction> {
        self.direction
    }

    /// Pieces still in hand.
    #[must_use]
    pub fn in_hand(&self) -> u8 {
        self.count - self.drops.iter().sum::<u8>()
    }

    /// The legal spreads that agree with every step taken so far.
    #[must_use]
    pub fn candidates(&self, position: &Position) -> Vec<Move> {
        position
            .legal_moves()
            .into_iter()
            .filter(|mv| self.agrees(*mv))
            .collect()
    }

    fn agrees(&self, mv: Move) -> bool {
        let MoveKind::Spread(direction, drops) = mv.kind else {
            return false;
        };
        mv.square == self.from
            && drops.count() == self.count
            && self.direction.is_none_or(|d| d == direction)
            && drops.iter().zip(&self.drops).all(|(a, &b)| a == b)
            && drops.squares() as usize >= self.drops.len()
    }

    /// Chooses the direction; the hand then hovers over the first square that way.
    pub fn set_direction(
        &mut self,
        position: &Position,
        direction: Direction,
    ) -> Result<Step, BuildError> {
        match self.direction {
            Some(chosen) if chosen == direction => return self.drop(position, 1),
            Some(chosen) => return Err(BuildError::OneWayOnly(name(chosen))),
            None => {}
        }
        let mut next = self.clone();
        next.direction = Some(direction);
        next.accept(position, &[self.count])?;
        *self = next;
        Ok(Step::Building)
    }

    /// Drops `n` pieces on the square the hand hovers over, then moves on to the next.
    pub fn drop(&mut self, position: &Position, n: u8) -> Result<Step, BuildError> {
        if self.direction.is_none() {
            return Err(BuildError::NoDirection);
        }
        let in_hand = self.in_hand();
        if n == 0 || n > in_hand {
            return Err(BuildError::NotThatMany(in_hand));
        }
        let mut next = self.clone();
        next.drops.push(n);
        let rest = [in_hand - n];
        next.accept(position, if rest[0] > 0 { &rest } else { &[] })?;
        *self = next;
        Ok(self.finished().map_or(Step::Building, Step::Done))
    }

    /// Drops every piece in hand on the square the hand hovers over: the move is complete.
    pub fn drop_all(&mut self, position: &Position) -> Result<Step, BuildError> {
        self.drop(position, self.in_hand())
    }

    /// Takes back the last step; `false` when there was none (the caller cancels the move).
    pub fn back(&mut self) -> bool {
        if self.drops.pop().is_some() {
            return true;
        }
        self.direction.take().is_some()
    }

    /// Whether the steps so far lead to a legal move: if not, the rules' reason for the move
    /// they would make with `then` dropped on the following squares.
    fn accept(&self, position: &Position, then: &[u8]) -> Result<(), BuildError> {
        if !self.candidates(position).is_empty() {
            return Ok(());
        }
        let direction = self.direction.ok_or(BuildError::NoDirection)?;
        let counts: Vec<u8> = self.drops.iter().chain(then).copied().collect();
        if let Some(drops) = Drops::from_counts(&counts) {
            position.check(Move::spread(self.from, direction, drops))?;
        }
        // The rules accept that spread, yet no legal move agrees: cannot happen, but say so.
        Err(BuildError::NotThatMany(self.in_hand()))
    }

    fn finished(&self) -> Option<Move> {
        let direction = self.direction?;
        if self.in_hand() > 0 {
            return None;
        }
        let drops = Drops::from_counts(&self.drops)?;
        Some(Move::spread(self.from, direction, drops))
    }

    /// The squares the move can still reach, for highlighting.
    #[must_use]
    pub fn reachable(&self, position: &Position) -> Bitboard {
        let size = position.size();
        self.candidates(position)
            .into_iter()
            .flat_map(|mv| mv.targets(size))
            .fold(Bitboard::EMPTY, |squares, square| squares | square.bit())
    }

    /// The board part-way through the move, for showing it.
    #[must_use]
    pub fn preview(&self, position: &Position) -> Option<SpreadPreview> {
        position.spread_preview(self.from, self.count, self.direction, &self.drops)
    }

    /// The PTN of the move so far (`3c3>12` once complete, `3c3>1` part-way, `3c3` before a
    /// direction is chosen).
    #[must_use]
    pub fn ptn(&self) -> String {
        let mut text = String::new();
        if self.count > 1 {
            text.push_str(&self.count.to_string());
        }
        text.push_str(&self.from.to_string());
        if let Some(direction) = self.direction {
            text.push(direction.symbol());
            for drop in &self.drops {
                text.push_str(&drop.to_string());
            }
        }
        text
    }
}

fn name(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "up",
        Direction::Down => "down",
        Direction::Left => "left",
        Direction::Right => "right",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::rules::{BoardSize, GameConfig};

    fn position(size: u8, moves: &str) -> Position {
        let mut position = Position::new(GameConfig::new(BoardSize::new(size).unwrap()));
        for text in moves.split_whitespace() {
            let _ = position
                .play(parse_move(text, position.size()).unwrap())
                .unwrap();
        }
        position
    }

    fn sq(text: &str) -> Square {
        parse_move(text, BoardSize::new(8).unwrap()).unwrap().square
    }

    #[test]
    fn building_step_by_step_gives_the_typed_move() {
        // c3 holds three pieces under White's control after these moves.
        let p = position(5, "a1 e5 c3 c4 d3 b3 d3< c4- d3 a2 d3< b2");
        assert_eq!(p.board().stack(sq("c3")).height(), 4);
        let mut b = MoveBuilder::pick_up(&p, sq("c3"), 3).unwrap();
        assert_eq!(b.ptn(), "3c3");
        assert_eq!(b.set_direction(&p, Direction::Right), Ok(Step::Building));
        assert_eq!(b.drop(&p, 1), Ok(Step::Building));
        assert_eq!(b.ptn(), "3c3>1");
        assert_eq!(
            b.drop_all(&p),
            Ok(Step::Done(parse_move("3c3>12", p.size()).unwrap()))
        );
    }

    #[test]
    fn the_same_arrow_again_drops_one_and_moves_on() {
        let p = position(5, "a1 e5 c3 c4 d3 b3 d3< c4- d3 a2 d3< b2");
        let mut b = MoveBuilder::pick_up(&p, sq("c3"), 2).unwrap();
        b.set_direction(&p, Direction::Up).unwrap();
        assert_eq!(b.set_direction(&p, Direction::Up), Ok(Step::Building));
        assert_eq!(
            b.set_direction(&p, Direction::Up),
            Ok(Step::Done(parse_move("2c3+11", p.size()).unwrap()))
        );
    }

    #[test]
    fn refused_steps_say_the_rules_reason() {
        let p = position(5, "a1 e5 c3 Sd3");
        let error = MoveBuilder::pick_up(&p, sq("d3"), 1).unwrap_err();
        assert_eq!(
            error.to_string(),
            "d3 is controlled by Black: move only stacks with your piece on top"
        );
        let mut b = MoveBuilder::pick_up(&p, sq("c3"), 1).unwrap();
        let error = b.set_direction(&p, Direction::Right).unwrap_err();
        assert_eq!(
            error,
            BuildError::Illegal(IllegalMove::BlockedByWall { at: sq("d3") })
        );
        assert_eq!(
            MoveBuilder::pick_up(&p, sq("c3"), 2).unwrap_err(),
            BuildError::Illegal(IllegalMove::TooFewPieces {
                square: sq("c3"),
                height: 1,
                count: 2
            })
        );
    }

    #[test]
    fn reachable_squares_follow_the_legal_moves() {
        let p = position(5, "a1 e5 c3 Sd3");
        let b = MoveBuilder::pick_up(&p, sq("c3"), 1).unwrap();
        let reach: Vec<String> = b.reachable(&p).squares().map(|s| s.to_string()).collect();
        assert_eq!(reach, ["c2", "b3", "c4"]);
    }

    #[test]
    fn back_steps_undo_drops_then_the_direction() {
        let p = position(5, "a1 e5 c3 c4 d3 b3 d3< c4- d3 a2 d3< b2");
        let mut b = MoveBuilder::pick_up(&p, sq("c3"), 3).unwrap();
        b.set_direction(&p, Direction::Left).unwrap();
        b.drop(&p, 1).unwrap();
        assert!(b.back());
        assert_eq!(b.ptn(), "3c3<");
        assert!(b.back());
        assert_eq!(b.ptn(), "3c3");
        assert!(!b.back());
    }
}
