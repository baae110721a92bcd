//! The keys of an online game: one table while playing (moves are picked as at the board,
//! with the board's own tables while a stack is moved or a move typed), one while watching
//! or looking back over a game that has ended.

use crate::rules::{Direction, Role};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::screens::PlayIntent as P;

/// What a key asks of an online game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OnlineIntent {
    /// Picking or typing a move, as at the board.
    Move(P),
    /// Offer a draw, accept the one offered, or withdraw ours.
    Draw,
    /// Ask to take back the last ply, grant the takeback asked, or withdraw ours.
    Takeback,
    /// Decline the draw or the takeback the other player asks for.
    Decline,
    /// Resign (asked first).
    Resign,
    /// After the game: a seek to the same opponent, the same game.
    Rematch,
    /// Step this many plies through the moves (back when negative).
    Step(i8),
    /// To the first ply.
    First,
    /// To the last ply, following the game live again.
    Live,
    /// Save the game to a file (watching; our games are saved when they end).
    Save,
    /// The position as TPS and the game as PTN, to copy.
    Notation,
    /// Analysis of the position shown on or off (engine help: refused while we play).
    Analyse,
    /// A hint for the side to move in the position shown (engine help).
    Hint,
    /// Is the position shown tinue? (engine help).
    Tinue,
    /// Every key.
    Help,
    /// Back to the lobby (asked first during our game).
    Leave,
}

use OnlineIntent as O;

/// The keys while playing a game on the server.
pub const ONLINE_GAME: KeyTable<OnlineIntent> = KeyTable {
    title: "Playing online",
    bindings: &[
        Binding::new(
            &[Key::Up, Key::Char('k')],
            O::Move(P::Cursor(Direction::Up)),
            "arrows",
            "move the cursor (also h j k l)",
        ),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            O::Move(P::Cursor(Direction::Down)),
            "arrows",
            "move the cursor (also h j k l)",
        ),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            O::Move(P::Cursor(Direction::Left)),
            "arrows",
            "move the cursor (also h j k l)",
        ),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            O::Move(P::Cursor(Direction::Right)),
            "arrows",
            "move the cursor (also h j k l)",
        ),
        Binding::new(
            &[Key::Char('f'), Key::Char('F')],
            O::Move(P::Place(Role::Flat)),
            "f s c",
            "place a flat, a wall (standing stone), a capstone",
        )
        .bar("place"),
        Binding::new(
            &[Key::Char('s'), Key::Char('S')],
            O::Move(P::Place(Role::Wall)),
            "f s c",
            "place a flat, a wall (standing stone), a capstone",
        ),
        Binding::new(
            &[Key::Char('c'), Key::Char('C')],
            O::Move(P::Place(Role::Cap)),
            "f s c",
            "place a flat, a wall (standing stone), a capstone",
        ),
        Binding::new(
            &[Key::Enter, Key::Char(' ')],
            O::Move(P::Confirm),
            "Enter",
            "place a flat, or pick up the stack to move it",
        ),
        Binding::with_char(
            &[Key::Range('1', '9')],
            |c| O::Move(P::Count(c as u8 - b'0')),
            "1-9",
            "pick up that many from the stack",
        ),
        Binding::new(
            &[Key::Backspace],
            O::Move(P::StepBack),
            "Backspace",
            "take back the last step of the move being built",
        ),
        Binding::new(
            &[Key::Esc],
            O::Move(P::CancelMove),
            "Esc",
            "drop the move being built",
        ),
        Binding::new(
            &[Key::Char(':'), Key::Tab],
            O::Move(P::TypeMoves),
            ": Tab",
            "type a move in PTN",
        )
        .bar_as(":", "type"),
        Binding::new(
            &[Key::Char('D')],
            O::Draw,
            "D",
            "offer a draw, accept the one offered, or withdraw yours",
        )
        .bar("draw"),
        Binding::new(
            &[Key::Char('u')],
            O::Takeback,
            "u",
            "ask to take back the last ply, grant the takeback asked, or withdraw yours",
        )
        .bar("takeback"),
        Binding::new(
            &[Key::Char('x')],
            O::Decline,
            "x",
            "decline the draw or the takeback the other player asks for",
        ),
        Binding::new(&[Key::Char('R')], O::Resign, "R", "resign (asked first)").bar("resign"),
        Binding::new(
            &[Key::Char('N')],
            O::Notation,
            "N",
            "the position as TPS and the game as PTN",
        ),
        Binding::new(
            // P plays the analysis's move at the board: refused with the rest.
            &[Key::Char('a'), Key::Char('P')],
            O::Analyse,
            "a H T P",
            "engine help (analysis, a hint, tinue): off while playing a person",
        ),
        Binding::new(
            &[Key::Char('H')],
            O::Hint,
            "a H T P",
            "engine help (analysis, a hint, tinue): off while playing a person",
        ),
        Binding::new(
            &[Key::Char('T')],
            O::Tinue,
            "a H T P",
            "engine help (analysis, a hint, tinue): off while playing a person",
        ),
        Binding::new(&[Key::Char('?'), Key::F(1)], O::Help, "?/F1", "this help")
            .bar_as("?", "help"),
        Binding::new(
            &[Key::Char('q'), Key::Ctrl('c')],
            O::Leave,
            "q",
            "back to the lobby (asks: resign, or leave the game to the server's clock)",
        )
        .bar("lobby"),
    ],
};

/// The keys while watching a game, or looking back over one that has ended.
pub const ONLINE_WATCH: KeyTable<OnlineIntent> = KeyTable {
    title: "Watching",
    bindings: &[
        Binding::new(
            &[Key::Left, Key::Char('h')],
            O::Step(-1),
            "Left/Right",
            "a ply back or on (the game goes on meanwhile)",
        )
        .bar("step"),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            O::Step(1),
            "Left/Right",
            "a ply back or on (the game goes on meanwhile)",
        ),
        Binding::new(&[Key::Home], O::First, "Home", "the start of the game"),
        Binding::new(
            &[Key::End, Key::Char('L')],
            O::Live,
            "End",
            "the last ply: follow the game live again",
        )
        .bar("live"),
        Binding::new(
            &[Key::Char('w'), Key::Ctrl('s')],
            O::Save,
            "w",
            "save the game to a file",
        )
        .bar("save"),
        Binding::new(
            &[Key::Char('n')],
            O::Rematch,
            "n",
            "after your game: a rematch (a seek to the same opponent)",
        )
        .bar("rematch"),
        Binding::new(
            &[Key::Char('N')],
            O::Notation,
            "N",
            "the position as TPS and the game as PTN",
        ),
        Binding::new(
            &[Key::Char('a')],
            O::Analyse,
            "a",
            "analysis of the position shown on or off: its evaluation as a bar, its best move marked",
        )
        .bar("analyse"),
        Binding::new(
            &[Key::Char('H')],
            O::Hint,
            "H",
            "a hint: the computer suggests a move for the side to move, marked on the board",
        )
        .bar("hint"),
        Binding::new(
            &[Key::Char('T')],
            O::Tinue,
            "T",
            "is this tinue? whether either side forces a road from the position shown",
        )
        .bar("tinue"),
        Binding::new(&[Key::Char('?'), Key::F(1)], O::Help, "?/F1", "this help")
            .bar_as("?", "help"),
        Binding::new(
            &[Key::Char('q'), Key::Ctrl('c')],
            O::Leave,
            "q",
            "back to the lobby",
        )
        .bar("lobby"),
    ],
};

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::ONLINE_GAME).unwrap();
        crate::tui::keys::check_table(&super::ONLINE_WATCH).unwrap();
    }
}
