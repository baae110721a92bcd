//! The position as the search sees it: a copy small enough to copy at every node (no list of
//! positions seen: the search keeps its own), the turns it allows, and what a turn makes of it.
//! The rules are [`Position`]'s: the tests check that both agree on every turn of many games.

use super::super::board::{CENTER_RANK, SIZE};
use super::super::{Board, Direction, Player, Position, Square, Turn, back_rank};

/// Squares on the board.
const CELLS: usize = (SIZE as usize) * (SIZE as usize);

/// A turn by square numbers (`rank * 5 + file`): `from` is [`ENTER`] for a piece entering.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Step {
    pub from: u8,
    pub to: u8,
}

/// `Step::from` of a piece entering from the reserve.
pub(super) const ENTER: u8 = u8::MAX;

/// How a turn ended the game, seen from the player who made it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Verdict {
    /// The mover won (three on the middle row, or the other starved).
    Won,
    /// The mover starved themself.
    Lost,
}

/// The stacks (height, signed: White's above 0, Black's below), reserves, who moves, and each
/// player's last step onto an empty square (for the rule against reverse moves).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct State {
    cells: [i8; CELLS],
    reserves: [u8; 2],
    to_move: Player,
    last_step: [Option<(u8, u8)>; 2],
    limit: Option<u8>,
}

const fn index(square: Square) -> u8 {
    square.rank() * SIZE + square.file()
}

fn square(index: u8) -> Square {
    Square::new(index % SIZE, index / SIZE).unwrap_or_else(|| unreachable!("a square's number"))
}

const fn sign(player: Player) -> i8 {
    match player {
        Player::White => 1,
        Player::Black => -1,
    }
}

impl State {
    /// The search's copy of `position`.
    pub fn of(position: &Position) -> State {
        let mut cells = [0; CELLS];
        for s in Square::all() {
            if let Some(stack) = position.board().at(s) {
                cells[usize::from(index(s))] = sign(stack.owner) * stack.height.cast_signed();
            }
        }
        State {
            cells,
            reserves: [Player::White, Player::Black].map(|p| position.reserve(p)),
            to_move: position.to_move(),
            last_step: [Player::White, Player::Black].map(|p| {
                position
                    .last_step(p)
                    .map(|(from, to)| (index(from), index(to)))
            }),
            limit: position.config().height_limit(),
        }
    }

    /// The repetition key of a position of the game's past.
    pub fn key_of(board: &Board, reserves: [u8; 2], to_move: Player) -> u64 {
        let mut cells = [0; CELLS];
        for s in Square::all() {
            if let Some(stack) = board.at(s) {
                cells[usize::from(index(s))] = sign(stack.owner) * stack.height.cast_signed();
            }
        }
        State {
            cells,
            reserves,
            to_move,
            last_step: [None; 2],
            limit: None,
        }
        .repetition_key()
    }

    pub const fn to_move(self) -> Player {
        self.to_move
    }

    /// The stack on square `i`: its owner and height.
    pub fn at(&self, i: usize) -> Option<(Player, u8)> {
        let cell = self.cells[i];
        match cell.signum() {
            1 => Some((Player::White, cell.unsigned_abs())),
            -1 => Some((Player::Black, cell.unsigned_abs())),
            _ => None,
        }
    }

    pub const fn reserve(&self, player: Player) -> u8 {
        self.reserves[player.index()]
    }

    /// What repetition is judged on: the board, the reserves and who moves (the rules' key).
    pub fn repetition_key(&self) -> u64 {
        let mut key = 0xcbf2_9ce4_8422_2325_u64;
        for &cell in &self.cells {
            key = crate::engine::rng::mix(key ^ u64::from(cell.cast_unsigned()));
        }
        key = crate::engine::rng::mix(
            key ^ (u64::from(self.reserves[0]) << 8 | u64::from(self.reserves[1]) << 16),
        );
        crate::engine::rng::mix(key ^ u64::from(self.to_move == Player::Black))
    }

    /// What the transposition table is keyed on: the repetition key and the last steps,
    /// which change the turns allowed.
    pub fn table_key(&self) -> u64 {
        let step = |s: Option<(u8, u8)>| s.map_or(0, |(f, t)| 1 + u64::from(f) * 32 + u64::from(t));
        crate::engine::rng::mix(
            self.repetition_key() ^ step(self.last_step[0]) << 20 ^ step(self.last_step[1]) << 40,
        )
    }

    /// Every turn the player to move may take.
    pub fn steps(&self, into: &mut Vec<Step>) {
        into.clear();
        let me = self.to_move;
        if self.reserve(me) > 0 {
            let rank = back_rank(me);
            for file in 0..SIZE {
                let to = rank * SIZE + file;
                if self.cells[usize::from(to)] == 0 {
                    into.push(Step { from: ENTER, to });
                }
            }
        }
        for from in 0..CELLS as u8 {
            let Some((owner, height)) = self.at(usize::from(from)) else {
                continue;
            };
            if owner != me {
                continue;
            }
            let from_square = square(from);
            for direction in Direction::ALL {
                for distance in 1..=height {
                    let Some(to_square) = from_square.step(direction, distance) else {
                        break;
                    };
                    let to = index(to_square);
                    let reverse = self.last_step[me.index()] == Some((to, from));
                    match self.at(usize::from(to)) {
                        None => {
                            if !reverse {
                                into.push(Step { from, to });
                            }
                        }
                        Some((other, target)) => {
                            let allowed = if other == me {
                                self.limit.is_none_or(|limit| height + target <= limit)
                            } else {
                                height > 1 && target + 1 == height
                            };
                            if allowed && !reverse {
                                into.push(Step { from, to });
                            }
                            // No passing over a stack.
                            break;
                        }
                    }
                }
            }
        }
    }

    /// The position after `step` (one of [`State::steps`]), and whether it ended the game
    /// by the middle row or starvation (repetition and a player left without a turn are the
    /// search's to judge).
    pub fn after(&self, step: Step) -> (State, Option<Verdict>) {
        let mut next = *self;
        let me = self.to_move;
        let to = usize::from(step.to);
        let mut stepped = None;
        if step.from == ENTER {
            next.reserves[me.index()] -= 1;
            next.cells[to] = sign(me);
        } else {
            let from = usize::from(step.from);
            let moving = self.cells[from];
            match self.at(to) {
                None => {
                    next.cells[to] = moving;
                    stepped = Some((step.from, step.to));
                }
                Some((owner, _)) if owner == me => next.cells[to] += moving,
                Some((_, taken)) => {
                    next.reserves[(!me).index()] += taken;
                    next.cells[to] = moving;
                    // The captured stack's step cannot be reversed any more.
                    if next.last_step[(!me).index()].is_some_and(|(_, t)| t == step.to) {
                        next.last_step[(!me).index()] = None;
                    }
                }
            }
            next.cells[from] = 0;
        }
        next.last_step[me.index()] = stepped;
        next.to_move = !me;
        (next, next.verdict(me))
    }

    fn verdict(&self, mover: Player) -> Option<Verdict> {
        if self.on_centerline(mover) >= 3 {
            return Some(Verdict::Won);
        }
        if self.stacks(!mover) < 3 {
            return Some(Verdict::Won);
        }
        if self.stacks(mover) < 3 {
            return Some(Verdict::Lost);
        }
        None
    }

    /// How many stacks `player` has.
    pub fn stacks(&self, player: Player) -> usize {
        let s = sign(player);
        self.cells.iter().filter(|&&c| c * s > 0).count()
    }

    /// How many squares of the middle row `player` holds.
    pub fn on_centerline(&self, player: Player) -> usize {
        let s = sign(player);
        let start = usize::from(CENTER_RANK * SIZE);
        self.cells[start..start + usize::from(SIZE)]
            .iter()
            .filter(|&&c| c * s > 0)
            .count()
    }

    /// The rules' turn for `step`.
    pub fn turn(step: Step) -> Turn {
        if step.from == ENTER {
            return Turn::Enter(square(step.to));
        }
        let (from, to) = (square(step.from), square(step.to));
        let (direction, distance) = match (from.file().cmp(&to.file()), from.rank() < to.rank()) {
            (std::cmp::Ordering::Equal, true) => (Direction::Up, to.rank() - from.rank()),
            (std::cmp::Ordering::Equal, false) => (Direction::Down, from.rank() - to.rank()),
            (std::cmp::Ordering::Less, _) => (Direction::Right, to.file() - from.file()),
            (std::cmp::Ordering::Greater, _) => (Direction::Left, from.file() - to.file()),
        };
        Turn::Move {
            from,
            direction,
            distance,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locke::{Config, Variant};

    /// Plays many games by a fixed walk through the turns, checking at every position that
    /// the search's copy allows exactly the rules' turns and ends the game when they do.
    fn agrees_with_the_rules(config: Config) {
        let mut steps = Vec::new();
        for game in 0..40_u64 {
            let mut position = Position::new(config, Player::ALL[(game % 2) as usize]);
            for ply in 0..120_u64 {
                if position.ending().is_some() {
                    break;
                }
                let state = State::of(&position);
                state.steps(&mut steps);
                let mut ours: Vec<String> =
                    steps.iter().map(|&s| State::turn(s).to_string()).collect();
                let mut theirs: Vec<String> = position
                    .legal_turns()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                ours.sort();
                theirs.sort();
                assert_eq!(ours, theirs, "game {game} ply {ply}");
                let pick = crate::engine::rng::mix(game * 1000 + ply) as usize % steps.len();
                let (next, verdict) = state.after(steps[pick]);
                position
                    .play(State::turn(steps[pick]))
                    .expect("a legal turn");
                match position.ending() {
                    Some(ending)
                        if ending.reason != crate::locke::EndReason::Repetition
                            && ending.reason != crate::locke::EndReason::NoMove =>
                    {
                        let won = ending.winner == Some(!position.to_move());
                        assert_eq!(
                            verdict,
                            Some(if won { Verdict::Won } else { Verdict::Lost })
                        );
                    }
                    _ => {
                        assert_eq!(verdict, None, "game {game} ply {ply}");
                        assert_eq!(next, State::of(&position), "game {game} ply {ply}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_search_allows_the_rules_turns_and_ends_games_as_they_do() {
        agrees_with_the_rules(Config::classic());
        agrees_with_the_rules(Config::new(Variant::Modern, 14).unwrap());
    }
}
