//! Who sits at each side of a game in progress, as the [`Driver`](super::driver::Driver) sees
//! them: a person at this keyboard, a program thinking on its thread, or a player elsewhere
//! whose moves and answers the caller passes on (the network). The driver treats the three
//! alike wherever it can: a move is a move, a draw offer is an offer; they differ only in
//! where a move comes from and who answers an offer or a takeback.

use super::computer::Computer;
use super::players::Player;

/// One side's seat.
#[derive(Debug)]
pub enum Seat {
    /// A person at this terminal: moves, offers and answers come from the screen
    /// ([`Driver::play`](super::driver::Driver::play) and the like).
    Keyboard,
    /// A program (taktui's engine or a TEI engine): the driver asks it for its moves and
    /// its answers to draw offers, and rules on its failures.
    Program(Box<Program>),
    /// A player elsewhere (online): moves, offers and answers come from outside, passed on
    /// by the caller through the same methods as a keyboard's; what the driver asks of this
    /// side comes out as events for the caller to send on.
    Remote,
}

impl Seat {
    /// The seat for `player`: a person at the keyboard, else a program thinking for them.
    #[must_use]
    pub fn for_player(player: &Player) -> Seat {
        Program::for_player(player)
            .map_or(Seat::Keyboard, |program| Seat::Program(Box::new(program)))
    }

    /// Whether a program sits here.
    #[must_use]
    pub const fn is_program(&self) -> bool {
        matches!(self, Seat::Program(_))
    }

    /// Whether a keyboard sits here.
    #[must_use]
    pub const fn is_keyboard(&self) -> bool {
        matches!(self, Seat::Keyboard)
    }

    /// The program sitting here, if one does.
    #[must_use]
    pub fn program(&self) -> Option<&Program> {
        match self {
            Seat::Program(program) => Some(program),
            Seat::Keyboard | Seat::Remote => None,
        }
    }

    /// The program sitting here, to change, if one does.
    pub fn program_mut(&mut self) -> Option<&mut Program> {
        match self {
            Seat::Program(program) => Some(program),
            Seat::Keyboard | Seat::Remote => None,
        }
    }

    /// Whether this seat grants a takeback asked by `asker`'s seat without asking anyone: a
    /// program does for a person at the board (a friendly game) but not for a player
    /// elsewhere (a bot online keeps its games as played); a keyboard does for the other
    /// keyboard (the same board, passed between two people). Everything else is put to
    /// the seat to answer.
    #[must_use]
    pub(super) const fn grants_takeback_to(&self, asker: &Seat) -> Option<bool> {
        match (self, asker) {
            (Seat::Program(_) | Seat::Keyboard, Seat::Keyboard) => Some(true),
            (Seat::Program(_), Seat::Remote | Seat::Program(_)) => Some(false),
            _ => None,
        }
    }
}

/// A program at a seat: who it plays as (its level or engine, which set how long it thinks)
/// and the computer thinking for it.
#[derive(Debug)]
pub struct Program {
    player: Player,
    computer: Computer,
}

impl Program {
    /// `player` (a program) thinking with `computer`.
    #[must_use]
    pub const fn new(player: Player, computer: Computer) -> Program {
        Program { player, computer }
    }

    /// The program for `player` with a computer of its own; `None` for a person.
    #[must_use]
    pub fn for_player(player: &Player) -> Option<Program> {
        Computer::for_player(player).map(|computer| Program::new(player.clone(), computer))
    }

    /// Who it plays as.
    #[must_use]
    pub const fn player(&self) -> &Player {
        &self.player
    }

    /// The computer thinking for it.
    #[must_use]
    pub const fn computer(&self) -> &Computer {
        &self.computer
    }

    /// The computer thinking for it, to prepare or tell of a new game.
    pub const fn computer_mut(&mut self) -> &mut Computer {
        &mut self.computer
    }

    /// The computer, taken back when the game is over (a match's next game keeps it).
    #[must_use]
    pub fn into_computer(self) -> Computer {
        self.computer
    }
}
