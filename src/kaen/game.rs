//! One game of Kaen: the board, each player's bet and holdings, the doubling marker, and where
//! the turn stands (before the roll, an offer to double waiting, a row to place in, a full row).

use super::{Board, Chips, Face, KaenError, Player, Square};

/// Who may offer the next double.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Marker {
    /// Either player: no double offered yet this game.
    Neutral,
    /// Only this player: the last double was offered to them.
    With(Player),
}

/// Where the turn stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The player to move may double, surrender or roll.
    BeforeRoll,
    /// The player to move offered a double: the opponent accepts or forfeits.
    DoubleOffered,
    /// The die showed this face and the row has room: the player places a stone in it.
    Place(Face),
    /// The die showed this face and the row is full: the player matches or forfeits.
    FullRow(Face),
    /// The game is over.
    Over(Ending),
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ending {
    /// The winner completed a bridge.
    Bridge(Player),
    /// The board filled with no bridge: the winner has more stones.
    MoreStones(Player),
    /// The board filled with no bridge and equal stones: the pot is split.
    Split,
    /// This player forfeited, on a full row or offered a double.
    Forfeit(Player),
    /// This player surrendered before the roll, taking back half their bet.
    Surrender(Player),
}

impl Ending {
    /// Who won the pot (`None` when it was split).
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Ending::Bridge(p) | Ending::MoreStones(p) => Some(p),
            Ending::Forfeit(p) | Ending::Surrender(p) => Some(match p {
                Player::One => Player::Two,
                Player::Two => Player::One,
            }),
            Ending::Split => None,
        }
    }

    /// In words: `Player 2 completed a bridge`.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Ending::Bridge(p) => format!("{p} completed a bridge"),
            Ending::MoreStones(p) => format!("the board is full and {p} has more stones"),
            Ending::Split => "the board is full with equal stones: the pot is split".to_owned(),
            Ending::Forfeit(p) => format!("{p} forfeited"),
            Ending::Surrender(p) => format!("{p} surrendered"),
        }
    }
}

/// What a player does: each a step of a turn, written in records as a short token.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Before the roll: offer to double (`D`).
    Double,
    /// Offered a double: accept it, both bets doubling (`A`).
    Accept,
    /// Before the roll: take back half your bet and lose (`S`).
    Surrender,
    /// The die showed this face (`r1` to `r4`).
    Roll(Face),
    /// Place a stone in the rolled row (the square: `c2`).
    Place(Square),
    /// The rolled row is full: add chips equal to your bet, and pass (`M`).
    Match,
    /// Offered a double, or on a full row: give up the game and the pot (`F`).
    Forfeit,
}

/// A game in play or over.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Game {
    board: Board,
    starter: Player,
    to_move: Player,
    bets: [Chips; 2],
    holdings: [Chips; 2],
    marker: Marker,
    phase: Phase,
    /// The player to move doubled this turn: they roll next.
    doubled: bool,
}

impl Game {
    /// A game `starter` begins, each player betting `bet` out of `holdings` (which must cover
    /// it: the series checks).
    #[must_use]
    pub fn new(starter: Player, bet: Chips, holdings: [Chips; 2]) -> Game {
        Game {
            board: Board::default(),
            starter,
            to_move: starter,
            bets: [bet; 2],
            holdings: holdings.map(|h| h.saturating_sub(bet)),
            marker: Marker::Neutral,
            phase: Phase::BeforeRoll,
            doubled: false,
        }
    }

    /// This game with `board`'s stones in place of its own: a position set out for a test.
    #[cfg(test)]
    pub(crate) fn with_board(mut self, board: Board) -> Game {
        self.board = board;
        self
    }

    /// The stones.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// Who began the game.
    #[must_use]
    pub const fn starter(&self) -> Player {
        self.starter
    }

    /// Whose turn it is.
    #[must_use]
    pub const fn to_move(&self) -> Player {
        self.to_move
    }

    /// Who acts next: the opponent while an offer to double waits, else the player to move.
    #[must_use]
    pub fn actor(&self) -> Player {
        match self.phase {
            Phase::DoubleOffered => !self.to_move,
            _ => self.to_move,
        }
    }

    /// `player`'s bet.
    #[must_use]
    pub const fn bet(&self, player: Player) -> Chips {
        self.bets[player.index()]
    }

    /// The pot: both bets.
    #[must_use]
    pub const fn pot(&self) -> Chips {
        self.bets[0] + self.bets[1]
    }

    /// `player`'s chips not in play (once the game is over, the pot has been paid out).
    #[must_use]
    pub const fn holdings(&self, player: Player) -> Chips {
        self.holdings[player.index()]
    }

    /// The doubling marker.
    #[must_use]
    pub const fn marker(&self) -> Marker {
        self.marker
    }

    /// Where the turn stands.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// How the game ended, once it has.
    #[must_use]
    pub const fn ending(&self) -> Option<Ending> {
        match self.phase {
            Phase::Over(ending) => Some(ending),
            _ => None,
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// Every chip: holdings and bets (the pot is empty once the game is over).
    #[must_use]
    pub const fn chips(&self) -> Chips {
        self.holdings[0] + self.holdings[1] + self.bets[0] + self.bets[1]
    }

    /// The actions the rules allow now, the roll standing for all four faces: those that
    /// cannot be paid for are left out.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        let candidates = match self.phase {
            Phase::BeforeRoll => vec![Action::Double, Action::Surrender, Action::Roll(Face::Arex)],
            Phase::DoubleOffered => vec![Action::Accept, Action::Forfeit],
            Phase::Place(face) => self
                .board
                .open_in_row(self.to_move, face)
                .into_iter()
                .map(Action::Place)
                .collect(),
            Phase::FullRow(_) => vec![Action::Match, Action::Forfeit],
            Phase::Over(_) => Vec::new(),
        };
        candidates
            .into_iter()
            .filter(|&a| self.check(a).is_ok())
            .collect()
    }

    /// Whether the rules allow `action` now, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), KaenError> {
        let mover = self.to_move;
        match (self.phase, action) {
            (Phase::Over(_), _) => Err(KaenError::GameOver),
            (Phase::DoubleOffered, Action::Accept) => {
                self.afford(!mover, "double", self.bet(!mover))
            }
            (Phase::DoubleOffered | Phase::FullRow(_), Action::Forfeit) => Ok(()),
            (Phase::DoubleOffered, _) => Err(KaenError::AnswerFirst { answerer: !mover }),
            (_, Action::Accept) => Err(KaenError::NoOffer),
            (Phase::BeforeRoll, Action::Double) => match self.marker {
                _ if self.doubled => Err(KaenError::RollAfterDouble(mover)),
                Marker::With(holder) if holder != mover => {
                    Err(KaenError::MarkerNotYours { holder })
                }
                _ => self.afford(mover, "double", self.bet(mover)),
            },
            (Phase::BeforeRoll, Action::Surrender) if self.doubled => {
                Err(KaenError::RollAfterDouble(mover))
            }
            (Phase::BeforeRoll, Action::Surrender | Action::Roll(_)) => Ok(()),
            (Phase::BeforeRoll, _) => Err(KaenError::RollFirst),
            (_, Action::Double) => Err(KaenError::AfterRoll("double")),
            (_, Action::Surrender) => Err(KaenError::AfterRoll("surrender")),
            (Phase::Place(_), Action::Roll(_)) => Err(KaenError::AlreadyRolled("place a stone")),
            (Phase::FullRow(_), Action::Roll(_)) => {
                Err(KaenError::AlreadyRolled("match or forfeit"))
            }
            (Phase::Place(face), Action::Place(square)) => {
                if square.row_of(mover) != face.number() {
                    Err(KaenError::NotInRow {
                        square,
                        player: mover,
                        face,
                    })
                } else if self.board.at(square).is_some() {
                    Err(KaenError::Occupied(square))
                } else {
                    Ok(())
                }
            }
            (Phase::Place(face), Action::Match | Action::Forfeit) => {
                Err(KaenError::RowHasRoom(face))
            }
            (Phase::FullRow(face), Action::Place(_)) => Err(KaenError::RowFull(face)),
            (Phase::FullRow(_), Action::Match) => self.afford(mover, "match", self.bet(mover)),
        }
    }

    fn afford(&self, player: Player, what: &'static str, cost: Chips) -> Result<(), KaenError> {
        let holds = self.holdings(player);
        if holds >= cost {
            Ok(())
        } else {
            Err(KaenError::CannotCover {
                player,
                what,
                cost,
                holds,
            })
        }
    }

    /// Carries out `action`, or refuses it and changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<(), KaenError> {
        self.check(action)?;
        let mover = self.to_move;
        match action {
            Action::Double => self.phase = Phase::DoubleOffered,
            Action::Accept => {
                for player in Player::BOTH {
                    self.pay(player, self.bet(player));
                }
                self.marker = Marker::With(!mover);
                self.doubled = true;
                self.phase = Phase::BeforeRoll;
            }
            Action::Surrender => {
                let back = self.bet(mover) / 2;
                self.bets[mover.index()] -= back;
                self.holdings[mover.index()] += back;
                self.end(Ending::Surrender(mover));
            }
            Action::Roll(face) => {
                self.phase = if self.board.open_in_row(mover, face).is_empty() {
                    Phase::FullRow(face)
                } else {
                    Phase::Place(face)
                };
            }
            Action::Place(square) => {
                self.board.put(square, mover);
                if self.board.bridge(mover).is_some() {
                    self.end(Ending::Bridge(mover));
                } else if self.board.is_full() {
                    let (mine, theirs) = (self.board.count(mover), self.board.count(!mover));
                    self.end(match mine.cmp(&theirs) {
                        std::cmp::Ordering::Greater => Ending::MoreStones(mover),
                        std::cmp::Ordering::Less => Ending::MoreStones(!mover),
                        std::cmp::Ordering::Equal => Ending::Split,
                    });
                } else {
                    self.pass();
                }
            }
            Action::Match => {
                self.pay(mover, self.bet(mover));
                self.pass();
            }
            Action::Forfeit => self.end(Ending::Forfeit(self.actor())),
        }
        Ok(())
    }

    /// Moves `cost` of `player`'s holdings into their bet.
    fn pay(&mut self, player: Player, cost: Chips) {
        self.holdings[player.index()] -= cost;
        self.bets[player.index()] += cost;
    }

    fn pass(&mut self) {
        self.to_move = !self.to_move;
        self.doubled = false;
        self.phase = Phase::BeforeRoll;
    }

    /// Ends the game and pays out the pot: all to the winner, or half each on a split.
    fn end(&mut self, ending: Ending) {
        let pot = self.pot();
        if let Some(winner) = ending.winner() {
            self.holdings[winner.index()] += pot;
        } else {
            self.holdings[0] += pot / 2;
            self.holdings[1] += pot - pot / 2;
        }
        self.bets = [0, 0];
        self.marker = Marker::Neutral;
        self.phase = Phase::Over(ending);
    }

    /// How many stones `player` has on the board.
    #[must_use]
    pub fn stones(&self, player: Player) -> usize {
        self.board.count(player)
    }
}
