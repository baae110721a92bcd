//! The board as two sets of sixteen bits, one a player, for the lookahead: placing a stone,
//! finding a bridge and counting how far each player is from one, in a few operations.

use super::super::{Board, Face, Player, SIZE, Square};

/// Bit `row * 4 + column` is a stone of that player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct Stones([u16; 2]);

const ROW_1: u16 = 0x000f;
const ROW_4: u16 = 0xf000;
const COLUMN_A: u16 = 0x1111;
const COLUMN_D: u16 = 0x8888;
const ALL: u16 = 0xffff;

const fn bit(square: Square) -> u16 {
    1 << (square.row() * SIZE + square.column())
}

/// The squares next to any of `set`.
const fn spread(set: u16) -> u16 {
    set | (set << 1) & !COLUMN_A | (set >> 1) & !COLUMN_D | set << 4 | set >> 4
}

/// The squares of `within` joined to `from` through `within`.
const fn flood(from: u16, within: u16) -> u16 {
    let mut reached = from & within;
    loop {
        let next = spread(reached) & within;
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

impl Stones {
    pub fn of(board: &Board) -> Stones {
        let mut sets = [0; 2];
        for square in Square::all() {
            if let Some(player) = board.at(square) {
                sets[player.index()] |= bit(square);
            }
        }
        Stones(sets)
    }

    pub const fn key(self) -> u32 {
        (self.0[0] as u32) | (self.0[1] as u32) << 16
    }

    pub const fn empty(self) -> u16 {
        !(self.0[0] | self.0[1])
    }

    pub const fn is_full(self) -> bool {
        self.empty() == 0
    }

    pub const fn count(self, player: Player) -> u32 {
        self.0[player.index()].count_ones()
    }

    /// The empty squares of `player`'s row named by `face`.
    pub fn open_in_row(self, player: Player, face: Face) -> u16 {
        let line = face.number() - 1;
        let row = match player {
            Player::One => ROW_1 << (4 * line),
            Player::Two => COLUMN_A << line,
        };
        row & self.empty()
    }

    /// With `player`'s stone on square number `index`.
    pub const fn with(self, player: Player, index: u32) -> Stones {
        let mut sets = self.0;
        sets[player.index()] |= 1 << index;
        Stones(sets)
    }

    /// Whether `player` has a bridge: row 1 joined to row 4, or column a to column d.
    pub const fn bridge(self, player: Player) -> bool {
        let mine = self.0[player.index()];
        flood(ROW_1, mine) & ROW_4 != 0 || flood(COLUMN_A, mine) & COLUMN_D != 0
    }

    /// The fewest stones `player` still needs for a bridge (`None`: the other's stones cut
    /// every way).
    pub fn distance(self, player: Player) -> Option<u32> {
        let mine = self.0[player.index()];
        let open = ALL & !self.0[(!player).index()];
        [(ROW_1, ROW_4), (COLUMN_A, COLUMN_D)]
            .into_iter()
            .filter_map(|(earth, sky)| {
                // Squares reachable paying at most `paid` empty squares, growing one at a time.
                let mut reached = flood(earth & mine, mine);
                let mut frontier_cost = 0;
                let mut paid_set = reached;
                loop {
                    if paid_set & sky != 0 {
                        return Some(frontier_cost);
                    }
                    // One more empty square: any open square next to what is reached (or on
                    // the Earth edge), then everything of ours joined to it.
                    let step = (spread(reached) | earth) & open & !reached;
                    if step == 0 {
                        return None;
                    }
                    frontier_cost += 1;
                    reached = flood(reached | step, reached | step | mine);
                    paid_set = reached;
                }
            })
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kaen::{Action, Game};

    #[test]
    fn bridges_and_rows_agree_with_the_board() {
        // A walk of placements from many seeds: the bits say what the board says.
        for seed in 0..60_u64 {
            let mut game = Game::new(Player::One, 2, [1_000, 1_000]);
            let mut n = 0;
            while !game.is_over() && n < 40 {
                n += 1;
                let face = Face::ALL[(crate::engine::rng::mix(seed * 100 + n) % 4) as usize];
                game.apply(Action::Roll(face)).unwrap();
                let mover = game.to_move();
                let stones = Stones::of(game.board());
                let open = game.board().open_in_row(mover, face);
                let bits = stones.open_in_row(mover, face);
                assert_eq!(bits.count_ones() as usize, open.len());
                assert!(open.iter().all(|&s| bits & bit(s) != 0));
                if open.is_empty() {
                    if game.apply(Action::Match).is_err() {
                        break;
                    }
                    continue;
                }
                let square = open[(crate::engine::rng::mix(seed ^ n) % open.len() as u64) as usize];
                game.apply(Action::Place(square)).unwrap();
                let after = Stones::of(game.board());
                for player in Player::BOTH {
                    assert_eq!(after.bridge(player), game.board().bridge(player).is_some());
                    if after.bridge(player) {
                        assert_eq!(after.distance(player), Some(0));
                    }
                }
            }
        }
    }

    #[test]
    fn the_distance_counts_the_stones_still_needed() {
        let mut board = Board::default();
        assert_eq!(Stones::of(&board).distance(Player::One), Some(4));
        for row in 0..3 {
            board.put(Square::new(0, row), Player::One);
        }
        assert_eq!(Stones::of(&board).distance(Player::One), Some(1));
        // A wall of the other's across every column cuts both ways for Player 1.
        let mut walled = Board::default();
        for column in 0..4 {
            walled.put(Square::new(column, 1), Player::Two);
        }
        assert_eq!(Stones::of(&walled).distance(Player::One), Some(4));
        for row in 0..4 {
            walled.put(Square::new(1, row), Player::Two);
        }
        assert_eq!(Stones::of(&walled).distance(Player::One), None);
    }
}
