//! The position: the board, the reserves, whose turn it is, each player's last step (for the
//! rule against reverse moves), the positions seen (for stalemate by repetition), and how the
//! game ended.

use std::collections::HashMap;

use super::board::CENTER_RANK;
use super::moves::Effect;
use super::{Board, Config, LockeError, Player, Square, Stack, Turn, back_rank};

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// The winner held three squares of the middle row after their turn.
    Centerline,
    /// The loser had fewer than three stacks after a turn.
    Starvation,
    /// The loser had no legal turn.
    NoMove,
    /// The same position came for the third time: a draw.
    Repetition,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Ending {
    /// Who won (`None`: a draw).
    pub winner: Option<Player>,
    /// Why.
    pub reason: EndReason,
}

impl Ending {
    /// The result as PTN writes it: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn token(self) -> &'static str {
        match self.winner {
            Some(Player::White) => "1-0",
            Some(Player::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// In words: `White wins: three stacks on the middle row`.
    #[must_use]
    pub fn describe(self) -> String {
        let why = match self.reason {
            EndReason::Centerline => "three stacks on the middle row",
            EndReason::Starvation => "the other side has fewer than three stacks",
            EndReason::NoMove => "the other side has no legal turn",
            EndReason::Repetition => "the same position for the third time",
        };
        match self.winner {
            Some(winner) => format!("{winner} wins: {why}"),
            None => format!("a draw: {why}"),
        }
    }
}

/// What is compared to find a repeated position.
type Key = (Board, [u8; 2], Player);

/// A game's position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    config: Config,
    board: Board,
    reserves: [u8; 2],
    to_move: Player,
    /// Each player's last turn, when it moved a stack onto an empty square: (from, to).
    last_step: [Option<(Square, Square)>; 2],
    /// How many times each position has occurred.
    seen: HashMap<Key, u8>,
    ending: Option<Ending>,
    turns: u32,
}

impl Position {
    /// The start: each back rank full and the three middle squares of the next row in, the
    /// other pieces in reserve; `first` moves first.
    #[must_use]
    pub fn new(config: Config, first: Player) -> Position {
        let mut board = Board::default();
        for player in Player::ALL {
            let back = back_rank(player);
            let next = if back == 0 { 1 } else { back - 1 };
            let squares = (0..5)
                .filter_map(|f| Square::new(f, back))
                .chain((1..4).filter_map(|f| Square::new(f, next)));
            for square in squares {
                board.set(
                    square,
                    Some(Stack {
                        owner: player,
                        height: 1,
                    }),
                );
            }
        }
        Position::from_parts(config, board, [config.pieces() - 8; 2], first)
    }

    /// A position with these stacks and reserves, `to_move` to play, seen once.
    pub(super) fn from_parts(
        config: Config,
        board: Board,
        reserves: [u8; 2],
        to_move: Player,
    ) -> Position {
        let mut position = Position {
            config,
            board,
            reserves,
            to_move,
            last_step: [None; 2],
            seen: HashMap::new(),
            ending: None,
            turns: 0,
        };
        position.seen.insert(position.key(), 1);
        position
    }

    /// The turns with which `player` would win at once were it their move: for the player
    /// to move, their wins; for the other, the threats to be answered now.
    #[must_use]
    pub fn winning_turns(&self, player: Player) -> Vec<Turn> {
        if self.ending.is_some() {
            return Vec::new();
        }
        let mut probe = self.clone();
        probe.to_move = player;
        probe
            .turns_for(player)
            .into_iter()
            .filter(|&turn| {
                let mut after = probe.clone();
                after.play(turn).is_ok() && after.ending.is_some_and(|e| e.winner == Some(player))
            })
            .collect()
    }

    /// The options.
    #[must_use]
    pub const fn config(&self) -> &Config {
        &self.config
    }

    /// The stacks.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// `player`'s pieces in reserve.
    #[must_use]
    pub const fn reserve(&self, player: Player) -> u8 {
        self.reserves[player.index()]
    }

    /// Whose turn it is.
    #[must_use]
    pub const fn to_move(&self) -> Player {
        self.to_move
    }

    /// How many turns have been played.
    #[must_use]
    pub const fn turns(&self) -> u32 {
        self.turns
    }

    /// `player`'s last turn, if it moved a stack onto an empty square: (from, to). The stack
    /// may not go straight back.
    #[must_use]
    pub const fn last_step(&self, player: Player) -> Option<(Square, Square)> {
        self.last_step[player.index()]
    }

    /// How the game ended, once it has.
    #[must_use]
    pub const fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// How many times the position now has occurred (a third is a draw).
    #[must_use]
    pub fn repetitions(&self) -> u8 {
        self.seen.get(&self.key()).copied().unwrap_or(0)
    }

    /// Every piece `player` has, on the board and in reserve.
    #[must_use]
    pub fn pieces(&self, player: Player) -> u32 {
        self.board.pieces(player) + u32::from(self.reserve(player))
    }

    /// The positions of the game so far (board, reserves, player to move), each with how
    /// many times it occurred: for the computer, which must know what a repetition draws.
    pub(super) fn seen(&self) -> impl Iterator<Item = (&Board, [u8; 2], Player, u8)> + '_ {
        self.seen
            .iter()
            .map(|((board, reserves, to_move), &count)| (board, *reserves, *to_move, count))
    }

    fn key(&self) -> Key {
        (self.board.clone(), self.reserves, self.to_move)
    }

    /// Plays `turn` for the player to move, or refuses it (changing nothing). Returns what
    /// it did.
    pub fn play(&mut self, turn: Turn) -> Result<Effect, LockeError> {
        let effect = self.check(turn)?;
        let mover = self.to_move;
        match turn {
            Turn::Enter(square) => {
                self.reserves[mover.index()] -= 1;
                self.board.set(
                    square,
                    Some(Stack {
                        owner: mover,
                        height: 1,
                    }),
                );
            }
            Turn::Move { from, .. } => {
                let to = turn.target().ok_or(LockeError::OffBoard)?;
                let stack = self.board.at(from).ok_or(LockeError::Empty(from))?;
                let height = match effect {
                    Effect::Combine(height) => height,
                    Effect::Capture(taken) => {
                        self.reserves[(!mover).index()] += taken;
                        stack.height
                    }
                    Effect::Step | Effect::Enter => stack.height,
                };
                self.board.set(from, None);
                self.board.set(
                    to,
                    Some(Stack {
                        owner: mover,
                        height,
                    }),
                );
            }
        }
        self.last_step[mover.index()] = match (turn, effect) {
            (Turn::Move { from, .. }, Effect::Step) => turn.target().map(|to| (from, to)),
            _ => None,
        };
        // A captured stack is gone: the opponent has no step of it left to reverse.
        let opponent = (!mover).index();
        if matches!(effect, Effect::Capture(_))
            && self.last_step[opponent].map(|(_, to)| Some(to)) == Some(turn.target())
        {
            self.last_step[opponent] = None;
        }
        self.to_move = !mover;
        self.turns += 1;
        let count = self.seen.entry(self.key()).or_insert(0);
        *count += 1;
        let repeated = *count >= 3;
        self.ending = self.judge(mover, repeated);
        Ok(effect)
    }

    /// Whether the turn `mover` just played ended the game, and how.
    fn judge(&self, mover: Player, repeated: bool) -> Option<Ending> {
        let win = |winner, reason| {
            Some(Ending {
                winner: Some(winner),
                reason,
            })
        };
        if self.board.on_centerline(mover) >= 3 {
            return win(mover, EndReason::Centerline);
        }
        for player in [!mover, mover] {
            if self.board.stack_count(player) < 3 {
                return win(!player, EndReason::Starvation);
            }
        }
        if repeated {
            return Some(Ending {
                winner: None,
                reason: EndReason::Repetition,
            });
        }
        if self.turns_for(self.to_move).is_empty() {
            return win(mover, EndReason::NoMove);
        }
        None
    }

    /// The middle row's rank, counted from 0.
    #[must_use]
    pub const fn center_rank() -> u8 {
        CENTER_RANK
    }
}

/// Who starts the next game of a series (L10): the loser of the last game; after a draw,
/// the player who did not start it. (The first game's starter is chosen at random by the app.)
#[must_use]
pub fn next_first(last_first: Player, ending: Ending) -> Player {
    match ending.winner {
        Some(winner) => !winner,
        None => !last_first,
    }
}
