//! How games end: roads, flat counts with komi, draws; and the rulebook's score.

use std::fmt;

use super::{Bitboard, Color, Komi, Position, Role};

/// How a game stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// Still being played.
    Ongoing,
    /// Won by `winner`.
    Win {
        /// Who won.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// A flat end with equal counts (komi included).
    Draw,
}

/// How a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// A road joining two opposite edges.
    Road {
        /// The squares of the winner's road, for highlighting: a shortest chain joining two
        /// opposite edges (one for each pair of edges joined).
        squares: Bitboard,
    },
    /// More flats on top at a flat end (full board or a spent reserve).
    Flats,
}

impl GameResult {
    /// The PTN result token (`R-0`, `0-R`, `F-0`, `0-F`, `1/2-1/2`), or `None` while ongoing.
    #[must_use]
    pub const fn ptn(self) -> Option<&'static str> {
        match self {
            GameResult::Ongoing => None,
            GameResult::Draw => Some("1/2-1/2"),
            GameResult::Win { winner, reason } => Some(match (winner, reason) {
                (Color::White, WinReason::Road { .. }) => "R-0",
                (Color::Black, WinReason::Road { .. }) => "0-R",
                (Color::White, WinReason::Flats) => "F-0",
                (Color::Black, WinReason::Flats) => "0-F",
            }),
        }
    }

    /// Whether a PTN result token is one the rules decide (a road, flats or a draw), as opposed
    /// to a resignation or time loss (`1-0`, `0-1`) or no result (`0-0`).
    #[must_use]
    pub fn is_rules_token(token: &str) -> bool {
        matches!(token.trim(), "R-0" | "0-R" | "F-0" | "0-F" | "1/2-1/2")
    }

    /// Whether a recorded result token agrees with this result: a road or flat win must be
    /// this result's, and a draw must be this result's or end a game still going on (a draw
    /// by agreement, as legal an end as a resignation); the other tokens (`1-0`, `0-1`,
    /// `0-0`) say nothing a position must show.
    #[must_use]
    pub fn supports(self, token: &str) -> bool {
        let token = token.trim();
        if !Self::is_rules_token(token) {
            return true;
        }
        self.ptn() == Some(token) || (self == GameResult::Ongoing && token == "1/2-1/2")
    }

    /// The winner, if there is one.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Ongoing => f.write_str("the game goes on"),
            GameResult::Draw => f.write_str("a draw on flats"),
            GameResult::Win { winner, reason } => match reason {
                WinReason::Road { .. } => write!(f, "{winner} wins by road"),
                WinReason::Flats => write!(f, "{winner} wins on flats"),
            },
        }
    }
}

/// The flats on top for each player, and the komi added to Black's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FlatCount {
    /// White's flats on top.
    pub white: u32,
    /// Black's flats on top.
    pub black: u32,
    /// Added to Black's count.
    pub komi: Komi,
}

impl FlatCount {
    /// Who leads: the higher count with komi, or `None` on an exact tie.
    #[must_use]
    pub fn leader(self) -> Option<Color> {
        let white = 2 * i64::from(self.white);
        let black = 2 * i64::from(self.black) + i64::from(self.komi.halves());
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        }
    }
}

impl Position {
    /// The squares of `color`'s road (a shortest chain joining opposite edges, one for each
    /// pair of edges joined), if they have one.
    #[must_use]
    pub fn road(&self, color: Color) -> Option<Bitboard> {
        road(self, color)
    }

    /// Flats on top for each player, with the game's komi.
    #[must_use]
    pub fn flat_count(&self) -> FlatCount {
        FlatCount {
            white: self.board().flats(Color::White).len(),
            black: self.board().flats(Color::Black).len(),
            komi: self.config().komi(),
        }
    }

    /// The rulebook's score for a finished game: the winner and their board area plus the
    /// pieces left in their reserve. `None` while the game goes on or after a draw.
    #[must_use]
    pub fn score(&self) -> Option<(Color, u32)> {
        let winner = self.result().winner()?;
        Some((winner, self.size().area() + self.reserves(winner).total()))
    }

    /// The moves `color` could make now (were it their turn) that would win by road at once:
    /// what "Tak" warns of.
    #[must_use]
    pub fn threats(&self, color: Color) -> Vec<super::Move> {
        if self.is_over() {
            return Vec::new();
        }
        let mut position = self.with_mover(color);
        let mut moves = position.legal_moves();
        moves.retain(|&mv| {
            let undo = position.play_unchecked(mv);
            let wins = matches!(
                position.result(),
                GameResult::Win { winner, reason: WinReason::Road { .. } } if winner == color
            );
            position.undo(undo);
            wins
        });
        moves
    }
}

/// The result after `placed` was placed: only its owner can have gained a road, and a wall
/// gains none.
pub(super) fn after_place(position: &Position, placed: super::Piece) -> GameResult {
    if placed.role != Role::Wall
        && let Some(squares) = road(position, placed.color)
    {
        return GameResult::Win {
            winner: placed.color,
            reason: WinReason::Road { squares },
        };
    }
    flat_end(position)
}

/// The result after `mover` spread a stack (or set up a position): roads for both players are
/// possible, and the mover wins a double road (docs/RULINGS.md 6).
pub(super) fn after_spread(position: &Position, mover: Color) -> GameResult {
    for color in [mover, !mover] {
        if let Some(squares) = road(position, color) {
            return GameResult::Win {
                winner: color,
                reason: WinReason::Road { squares },
            };
        }
    }
    flat_end(position)
}

/// With no road: the game ends on flats when the board is full or a reserve is spent, an equal
/// count (komi included) a draw (docs/RULINGS.md 7).
fn flat_end(position: &Position) -> GameResult {
    let board = position.board();
    let full = board.occupied() == position.size().mask();
    let spent = Color::ALL
        .iter()
        .any(|&color| position.reserves(color).is_empty());
    if !(full || spent) {
        return GameResult::Ongoing;
    }
    match position.flat_count().leader() {
        Some(winner) => GameResult::Win {
            winner,
            reason: WinReason::Flats,
        },
        None => GameResult::Draw,
    }
}

/// `color`'s road squares, if any group of them joins north to south or west to east.
fn road(position: &Position, color: Color) -> Option<Bitboard> {
    let size = position.size();
    let mine = position.board().road_squares(color);
    // A road needs at least one square per rank or per file.
    if mine.len() < u32::from(size.get()) {
        return None;
    }
    let mut road = Bitboard::EMPTY;
    for (one, other) in [
        (Bitboard::north_edge(size), Bitboard::south_edge(size)),
        (Bitboard::west_edge(size), Bitboard::east_edge(size)),
    ] {
        let (start, end) = (mine & one, mine & other);
        if start.is_empty() || end.is_empty() {
            continue;
        }
        if !(start.flood(mine) & end).is_empty() {
            road |= shortest_path(start, end, mine);
        }
    }
    (!road.is_empty()).then_some(road)
}

/// One shortest chain of squares of `within` from `start` to `end`, which must be joined:
/// the road to highlight, without the side branches of the group it runs through.
fn shortest_path(start: Bitboard, end: Bitboard, within: Bitboard) -> Bitboard {
    // Breadth-first, a layer of squares per step, until the far edge is reached.
    let mut layers = vec![start];
    let mut seen = start;
    while (layers[layers.len() - 1] & end).is_empty() {
        let next = layers[layers.len() - 1].grow() & within & !seen;
        if next.is_empty() {
            return Bitboard::EMPTY;
        }
        seen |= next;
        layers.push(next);
    }
    // Back from the far edge, one neighbour per layer (the lowest square, to be repeatable).
    let last = layers.len() - 1;
    let mut here = (layers[last] & end)
        .squares()
        .next()
        .expect("the loop stopped at the far edge");
    let mut path = here.bit();
    for layer in layers[..last].iter().rev() {
        here = (here.bit().grow() & *layer)
            .squares()
            .next()
            .expect("every square of a layer touches the layer before");
        path |= here.bit();
    }
    path
}
