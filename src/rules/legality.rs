//! Whether a move is legal, and if not, exactly why.

use super::{Color, Direction, Drops, IllegalMove, Move, MoveKind, Position, Role, Square};

impl Position {
    /// Checks `mv` against every rule without playing it. `Ok` exactly when move generation
    /// would list it (the property tests hold the two to that).
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let size = self.size();
        if !size.contains(mv.square) {
            return Err(IllegalMove::OffBoard {
                square: mv.square,
                size,
            });
        }
        match mv.kind {
            MoveKind::Place(role) => self.check_place(mv.square, role),
            MoveKind::Spread(direction, drops) => self.check_spread(mv.square, direction, drops),
        }
    }

    fn check_place(&self, square: Square, role: Role) -> Result<(), IllegalMove> {
        if !self.board().stack(square).is_empty() {
            return Err(IllegalMove::Occupied { square });
        }
        // Each side's first ply places the other's flat, never a wall or capstone
        // (docs/RULINGS.md 3).
        if self.is_opening() && role != Role::Flat {
            return Err(IllegalMove::OpeningMustBeFlat);
        }
        let color = self.placing_color();
        let reserves = self.reserves(color);
        match role {
            Role::Cap if self.config().pieces(color).caps == 0 => Err(IllegalMove::NoCapstones),
            Role::Cap if reserves.caps == 0 => Err(IllegalMove::NoCapstoneLeft { color }),
            Role::Flat | Role::Wall if reserves.stones == 0 => {
                Err(IllegalMove::NoStonesLeft { color })
            }
            _ => Ok(()),
        }
    }

    fn check_spread(
        &self,
        from: Square,
        direction: Direction,
        drops: Drops,
    ) -> Result<(), IllegalMove> {
        if self.is_opening() {
            return Err(IllegalMove::OpeningMustBeFlat);
        }
        let stack = self.board().stack(from);
        let Some(top) = stack.top() else {
            return Err(IllegalMove::EmptySquare { square: from });
        };
        let mover: Color = self.to_move();
        if top.color != mover {
            return Err(IllegalMove::NotYourStack {
                square: from,
                owner: top.color,
            });
        }
        let (count, limit) = (drops.count(), self.size().get());
        if count > limit {
            return Err(IllegalMove::CarryLimit { count, limit });
        }
        if u32::from(count) > stack.height() {
            return Err(IllegalMove::TooFewPieces {
                square: from,
                height: stack.height(),
                count,
            });
        }
        let mut square = from;
        for step in 1..=drops.squares() {
            square = square
                .step(direction, self.size())
                .ok_or(IllegalMove::RunsOffBoard { square })?;
            match self.board().stack(square).top_role() {
                Some(Role::Cap) => return Err(IllegalMove::BlockedByCap { at: square }),
                Some(Role::Wall) => {
                    let last = step == drops.squares();
                    return match (top.role, last, drops.last()) {
                        (Role::Cap, true, 1) => Ok(()),
                        (Role::Cap, true, _) => Err(IllegalMove::CrushNeedsLoneCap { at: square }),
                        _ => Err(IllegalMove::BlockedByWall { at: square }),
                    };
                }
                Some(Role::Flat) | None => {}
            }
        }
        Ok(())
    }
}
