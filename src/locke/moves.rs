//! Which turns the rules allow, and what each does: the checks every turn passes before the
//! position changes, and the list of legal turns.

use super::{Direction, LockeError, Player, Position, Square, Turn, back_rank};

/// What a legal turn does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Effect {
    /// A stack moves onto an empty square.
    Step,
    /// A stack joins one of its owner's, making one of this height.
    Combine(u8),
    /// A stack takes the opponent's stack of this height, whose pieces go back to its
    /// owner's reserve.
    Capture(u8),
    /// A piece enters from the reserve.
    Enter,
}

impl Position {
    /// What `turn` would do for the player to move, or which rule forbids it.
    pub fn check(&self, turn: Turn) -> Result<Effect, LockeError> {
        if self.ending().is_some() {
            return Err(LockeError::GameOver);
        }
        let mover = self.to_move();
        match turn {
            Turn::Enter(square) => self.check_entry(mover, square),
            Turn::Move {
                from,
                direction,
                distance,
            } => self.check_move(mover, from, direction, distance),
        }
    }

    fn check_entry(&self, mover: Player, square: Square) -> Result<Effect, LockeError> {
        if self.reserve(mover) == 0 {
            Err(LockeError::NoReserve)
        } else if square.rank() != back_rank(mover) {
            Err(LockeError::NotBackRank {
                square,
                rank: back_rank(mover) + 1,
            })
        } else if self.board().at(square).is_some() {
            Err(LockeError::Occupied(square))
        } else {
            Ok(Effect::Enter)
        }
    }

    fn check_move(
        &self,
        mover: Player,
        from: Square,
        direction: Direction,
        distance: u8,
    ) -> Result<Effect, LockeError> {
        let stack = self.board().at(from).ok_or(LockeError::Empty(from))?;
        if stack.owner != mover {
            return Err(LockeError::NotYours {
                square: from,
                owner: stack.owner,
            });
        }
        if distance == 0 || distance > stack.height {
            return Err(LockeError::TooFar {
                from,
                height: stack.height,
            });
        }
        let to = from.step(direction, distance).ok_or(LockeError::OffBoard)?;
        for step in 1..distance {
            if let Some(square) = from.step(direction, step)
                && self.board().at(square).is_some()
            {
                return Err(LockeError::Blocked(square));
            }
        }
        if self.last_step(mover) == Some((to, from)) {
            return Err(LockeError::Reverse { from, to });
        }
        match self.board().at(to) {
            None => Ok(Effect::Step),
            Some(target) if target.owner == mover => {
                let height = stack.height + target.height;
                match self.config().height_limit() {
                    Some(limit) if height > limit => Err(LockeError::TooTall { at: to, height }),
                    _ => Ok(Effect::Combine(height)),
                }
            }
            Some(_) if stack.height == 1 => Err(LockeError::LoneCapture(to)),
            Some(target) if target.height + 1 == stack.height => Ok(Effect::Capture(target.height)),
            Some(target) => Err(LockeError::WrongCapture {
                at: to,
                mover: stack.height,
                target: target.height,
            }),
        }
    }

    /// Every turn the player to move may take (none once the game is over).
    #[must_use]
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.ending().is_some() {
            return Vec::new();
        }
        self.turns_for(self.to_move())
    }

    /// Every turn the rules would allow `player` if it were their move now.
    pub(super) fn turns_for(&self, player: Player) -> Vec<Turn> {
        let entries = Square::all()
            .filter(|s| s.rank() == back_rank(player))
            .map(Turn::Enter);
        let moves = self.board().stacks(player).flat_map(|(from, stack)| {
            Direction::ALL.into_iter().flat_map(move |direction| {
                (1..=stack.height).map(move |distance| Turn::Move {
                    from,
                    direction,
                    distance,
                })
            })
        });
        entries
            .chain(moves)
            .filter(|&turn| match turn {
                Turn::Enter(square) => self.check_entry(player, square).is_ok(),
                Turn::Move {
                    from,
                    direction,
                    distance,
                } => self.check_move(player, from, direction, distance).is_ok(),
            })
            .collect()
    }

    /// The legal moves of the stack on `from` (for showing where it may go).
    #[must_use]
    pub fn moves_from(&self, from: Square) -> Vec<(Turn, Effect)> {
        self.legal_turns()
            .into_iter()
            .filter(|turn| matches!(turn, Turn::Move { from: f, .. } if *f == from))
            .filter_map(|turn| self.check(turn).ok().map(|effect| (turn, effect)))
            .collect()
    }
}
