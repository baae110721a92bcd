//! A position: the board, the reserves, whose turn it is; and playing and undoing moves.

use super::outcome::{self, GameResult};
use super::{
    Board, BoardSize, ByColor, Color, Direction, Drops, GameConfig, IllegalMove, Move, MoveKind,
    Piece, Reserves, Role, SetupError, Square, Stack,
};

/// A Tak position with everything needed to go on playing: settings, board, reserves, the
/// player to move, the ply count, and whether (and how) the game has ended.
///
/// The rules are those of `docs/RULINGS.md`: on plies 1 and 2 each player places one of the
/// opponent's flats; after every move a road (either player's) or a flat end is looked for.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    config: GameConfig,
    board: Board,
    reserves: ByColor<Reserves>,
    to_move: Color,
    /// Plies played since the very start of the game (0 before White's first ply).
    ply: u32,
    result: GameResult,
}

/// What [`Position::undo`] needs to take a move back exactly. Returned by [`Position::play`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo {
    mv: Move,
    crushed: bool,
}

impl Undo {
    /// The move this record takes back.
    #[must_use]
    pub const fn mv(self) -> Move {
        self.mv
    }

    /// Whether the move crushed a wall (PTN marks it with `*`).
    #[must_use]
    pub const fn crushed(self) -> bool {
        self.crushed
    }
}

/// The largest move number a position may carry: far beyond any real game.
pub const MAX_MOVE_NUMBER: u32 = 10_000;

impl Position {
    /// The start of a game with these settings: empty board, full reserves, White to move.
    #[must_use]
    pub fn new(config: GameConfig) -> Position {
        Position {
            config,
            board: Board::empty(config.size()),
            reserves: ByColor::from_fn(|color| config.pieces(color)),
            to_move: Color::White,
            ply: 0,
            result: GameResult::Ongoing,
        }
    }

    /// A position set up from its stacks (as TPS describes it), with `to_move` to play move
    /// number `move_number` (1 for the first). Reserves are the starting pieces less those on
    /// the board. A position that is already decided (a road on the board, a full board, a
    /// reserve spent) is over, as if the player not to move had just made the last move.
    pub fn from_setup(
        config: GameConfig,
        stacks: impl IntoIterator<Item = (Square, Stack)>,
        to_move: Color,
        move_number: u32,
    ) -> Result<Position, SetupError> {
        if !(1..=MAX_MOVE_NUMBER).contains(&move_number) {
            return Err(SetupError::MoveNumber(move_number));
        }
        let size = config.size();
        let mut board = Board::empty(size);
        let mut stones = ByColor::new(0u32, 0);
        let mut caps = ByColor::new(0u32, 0);
        for (square, stack) in stacks {
            if !size.contains(square) {
                return Err(SetupError::OffBoard { square, size });
            }
            for piece in stack.pieces() {
                match piece.role {
                    Role::Cap => caps[piece.color] += 1,
                    Role::Flat | Role::Wall => stones[piece.color] += 1,
                }
            }
            board.set(square, stack);
        }
        let mut reserves = ByColor::<Reserves>::default();
        for color in Color::ALL {
            let start = config.pieces(color);
            let (i, available) = (color, u32::from(start.stones));
            if stones[i] > available {
                return Err(SetupError::TooManyStones {
                    color,
                    on_board: stones[i],
                    available,
                });
            }
            if caps[i] > u32::from(start.caps) {
                return Err(SetupError::TooManyCaps {
                    color,
                    on_board: caps[i],
                    available: u32::from(start.caps),
                });
            }
            reserves[i] = Reserves {
                stones: start.stones - stones[i] as u8,
                caps: start.caps - caps[i] as u8,
            };
        }
        let mut position = Position {
            config,
            board,
            reserves,
            to_move,
            ply: (move_number - 1) * 2 + u32::from(to_move == Color::Black),
            result: GameResult::Ongoing,
        };
        position.result = outcome::after_spread(&position, !to_move);
        Ok(position)
    }

    /// The game's settings.
    #[must_use]
    pub const fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The board size.
    #[must_use]
    pub const fn size(&self) -> BoardSize {
        self.config.size()
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces `color` has not yet placed.
    #[must_use]
    pub const fn reserves(&self, color: Color) -> Reserves {
        *self.reserves.get(color)
    }

    /// The player whose turn it is.
    #[must_use]
    pub const fn to_move(&self) -> Color {
        self.to_move
    }

    /// Plies played since the start of the game: 0 before White's first ply.
    #[must_use]
    pub const fn ply(&self) -> u32 {
        self.ply
    }

    /// The full-move number, as TPS and PTN count them (1 for the first two plies).
    #[must_use]
    pub const fn move_number(&self) -> u32 {
        self.ply / 2 + 1
    }

    /// Whether this is ply 1 or 2, where each player places one of the opponent's flats.
    #[must_use]
    pub const fn is_opening(&self) -> bool {
        self.ply < 2
    }

    /// The colour of a piece placed now: the opponent's during the opening, else the mover's.
    #[must_use]
    pub fn placing_color(&self) -> Color {
        if self.is_opening() {
            !self.to_move
        } else {
            self.to_move
        }
    }

    /// How the game stands: ongoing, won (and how), or drawn.
    #[must_use]
    pub const fn result(&self) -> GameResult {
        self.result
    }

    /// Whether the game has ended.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        !matches!(self.result, GameResult::Ongoing)
    }

    /// Plays `mv` if it is legal; otherwise says why and leaves the position untouched.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMove> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move known to be legal (one from move generation, or checked).
    pub(crate) fn play_unchecked(&mut self, mv: Move) -> Undo {
        let mover = self.to_move;
        let (crushed, placed) = match mv.kind {
            MoveKind::Place(role) => {
                let color = self.placing_color();
                let reserves = &mut self.reserves[color];
                match role {
                    Role::Cap => reserves.caps -= 1,
                    Role::Flat | Role::Wall => reserves.stones -= 1,
                }
                let piece = Piece::new(color, role);
                self.board.set(mv.square, Stack::single(piece));
                (false, Some(piece))
            }
            MoveKind::Spread(direction, drops) => (self.spread(mv.square, direction, drops), None),
        };
        self.ply += 1;
        self.to_move = !mover;
        self.result = match placed {
            Some(piece) => outcome::after_place(self, piece),
            None => outcome::after_spread(self, mover),
        };
        Undo { mv, crushed }
    }

    /// Carries the pieces and drops them; returns whether a wall was crushed.
    fn spread(&mut self, from: Square, direction: Direction, drops: Drops) -> bool {
        let size = self.size();
        let carried = self.board.stack_mut(from).take(drops.count());
        self.board.refresh(from);
        let (mut colors, mut square, mut crushed) = (carried.colors, from, false);
        let mut left = drops.squares();
        for drop in drops.iter() {
            square = square
                .step(direction, size)
                .expect("a checked spread stays on the board");
            left -= 1;
            let stack = self.board.stack_mut(square);
            let role = if left == 0 {
                crushed = stack.top_role() == Some(Role::Wall);
                carried.top
            } else {
                Role::Flat
            };
            stack.put(colors, drop, role);
            colors >>= drop;
            self.board.refresh(square);
        }
        crushed
    }

    /// Takes back the move `undo` was returned for, which must be the last move played.
    pub fn undo(&mut self, undo: Undo) {
        let mv = undo.mv;
        self.ply -= 1;
        self.to_move = !self.to_move;
        self.result = GameResult::Ongoing;
        match mv.kind {
            MoveKind::Place(role) => {
                let color = self.placing_color();
                let reserves = &mut self.reserves[color];
                match role {
                    Role::Cap => reserves.caps += 1,
                    Role::Flat | Role::Wall => reserves.stones += 1,
                }
                self.board.set(mv.square, Stack::EMPTY);
            }
            MoveKind::Spread(direction, drops) => {
                self.unspread(mv.square, direction, drops, undo.crushed);
            }
        }
    }

    fn unspread(&mut self, from: Square, direction: Direction, drops: Drops, crushed: bool) {
        let size = self.size();
        let mut path = [(from, 0u8); 8];
        let mut square = from;
        for (slot, drop) in path.iter_mut().zip(drops.iter()) {
            square = square
                .step(direction, size)
                .expect("undo of a played spread");
            *slot = (square, drop);
        }
        let path = &path[..drops.squares() as usize];
        // Pick the pieces back up from the far end, so they come back in their order.
        let (mut colors, mut count, mut top) = (0u128, 0u8, Role::Flat);
        for (i, &(square, drop)) in path.iter().enumerate().rev() {
            let stack = self.board.stack_mut(square);
            let taken = stack.take(drop);
            if i + 1 == path.len() {
                top = taken.top;
                if crushed {
                    stack.set_top_role(Role::Wall);
                }
            }
            colors = (colors << drop) | taken.colors;
            count += drop;
            self.board.refresh(square);
        }
        self.board.stack_mut(from).put(colors, count, top);
        self.board.refresh(from);
    }

    /// Hands the move to the other player without playing: the engine's null move, which asks
    /// "what if I could pass?" (never legal in Tak). Call it again to take it back.
    pub(crate) fn pass(&mut self) {
        self.to_move = !self.to_move;
    }

    /// The same position with `color` to move: used to ask what a player could do next.
    pub(crate) fn with_mover(&self, color: Color) -> Position {
        let mut position = self.clone();
        position.to_move = color;
        position
    }
}
