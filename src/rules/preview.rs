//! What the board looks like part-way through a spread, for showing a move as it is built.

use super::{Board, Direction, Position, Square, Stack};

/// A spread in progress: the board with the pieces dropped so far, and the pieces still carried.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SpreadPreview {
    /// The board after picking up and dropping so far.
    pub board: Board,
    /// The pieces still carried, bottom to top (empty once all are dropped).
    pub hand: Stack,
    /// The square the carried pieces hover over: the next to drop on (or the start square, until
    /// a direction is chosen). `None` when the path has run off the board.
    pub hover: Option<Square>,
}

impl Position {
    /// The board part-way through a spread from `from`: `count` pieces picked up, moving towards
    /// `direction` (if chosen), with `drops` dropped square by square so far. Only the movement of
    /// pieces is shown: whether the spread can be finished legally is [`Position::check`]'s and
    /// move generation's question. `None` when `from` cannot give `count` pieces, or a drop is
    /// 0 or more than is left in hand.
    #[must_use]
    pub fn spread_preview(
        &self,
        from: Square,
        count: u8,
        direction: Option<Direction>,
        drops: &[u8],
    ) -> Option<SpreadPreview> {
        let size = self.size();
        let mut board = self.board().clone();
        if !size.contains(from) || u32::from(count) > board.stack(from).height() || count == 0 {
            return None;
        }
        let carried = board.stack_mut(from).take(count);
        board.refresh(from);
        let (mut colors, mut left) = (carried.colors, count);
        let Some(direction) = direction else {
            let hand = hand_of(colors, left, carried.top);
            return Some(SpreadPreview {
                board,
                hand,
                hover: Some(from),
            });
        };
        let mut square = Some(from);
        for &drop in drops {
            if drop == 0 || drop > left {
                return None;
            }
            let target = square.and_then(|s| s.step(direction, size))?;
            let role = if drop == left {
                carried.top
            } else {
                super::Role::Flat
            };
            board.stack_mut(target).put(colors, drop, role);
            board.refresh(target);
            colors >>= drop;
            left -= drop;
            square = Some(target);
        }
        let hover = square.and_then(|s| s.step(direction, size));
        let hand = hand_of(colors, left, carried.top);
        Some(SpreadPreview { board, hand, hover })
    }
}

fn hand_of(colors: u128, count: u8, top: super::Role) -> Stack {
    let mut hand = Stack::EMPTY;
    if count > 0 {
        hand.put(colors, count, top);
    }
    hand
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, Color, GameConfig, Move, Piece, Role};

    #[test]
    fn a_partial_spread_shows_dropped_and_carried_pieces() {
        let mut position = Position::new(GameConfig::new(BoardSize::new(5).unwrap()));
        for text in ["a1", "e5", "b1", "e4", "b1<", "e3"] {
            let _ = position.play(text.parse::<Move>().unwrap()).unwrap();
        }
        // a1 now holds Black's flat under White's: 2 pieces, White on top.
        let a1 = Square::new(0, 0);
        let preview = position
            .spread_preview(a1, 2, Some(Direction::Up), &[1])
            .unwrap();
        assert!(preview.board.stack(a1).is_empty());
        let a2 = Square::new(0, 1);
        assert_eq!(
            preview.board.stack(a2).top(),
            Some(Piece::new(Color::Black, Role::Flat))
        );
        assert_eq!(preview.hand.height(), 1);
        assert_eq!(
            preview.hand.top(),
            Some(Piece::new(Color::White, Role::Flat))
        );
        assert_eq!(preview.hover, Some(Square::new(0, 2)));
        assert_eq!(
            position.spread_preview(a1, 3, None, &[]),
            None,
            "only 2 pieces there"
        );
    }
}
