//! What a player can ask for at the Locke board, and the keys that ask for it at each moment.

use crate::locke::Direction;
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::text_field::{Edit, editing_table};

/// What a player can ask for in a game of Locke.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LockeIntent {
    /// Move the cursor; with a stack picked up, carry it a square that way.
    Cursor(Direction),
    /// Pick up your stack under the cursor; with one picked up, put it down where it hovers;
    /// on an empty square of your back rank, enter a piece from the reserve.
    Confirm,
    /// Enter a piece from the reserve on the cursor's square.
    EnterPiece,
    /// Put the stack picked up back.
    Cancel,
    /// Mark where the stack under the cursor may go.
    ShowMoves,
    /// The computer suggests a turn.
    Hint,
    /// Take back the last turn (against the computer, its reply too).
    Undo,
    /// Play again the last turn taken back.
    Redo,
    /// Save the game, asking for a file name the first time.
    Save,
    /// Save the game to a file named now.
    SaveAs,
    /// Once the game is over: the next one (its loser starts).
    NewGame,
    /// Learning hints on or off.
    ToggleLearn,
    /// The rules of Locke.
    Rules,
    /// Every key.
    Help,
    /// Quit, asking first when the game is not saved.
    Quit,
    /// Go to the input line to type turns.
    TypeTurns,
    /// Edit the typed text.
    Edit(Edit),
    /// Play the typed turn.
    Submit,
    /// Back from the input line to the board.
    ToBoard,
}

use LockeIntent as L;

/// The keys on the Locke board.
pub const LOCKE: KeyTable<LockeIntent> = KeyTable {
    title: "Locke: on the board",
    bindings: &[
        Binding::new(
            &[Key::Up, Key::Char('k')],
            L::Cursor(Direction::Up),
            "arrows hjkl",
            "move the cursor; carrying a stack, move it a square",
        )
        .bar_as("arrows", "move"),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            L::Cursor(Direction::Down),
            "arrows hjkl",
            "move the cursor; carrying a stack, move it a square",
        ),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            L::Cursor(Direction::Left),
            "arrows hjkl",
            "move the cursor; carrying a stack, move it a square",
        ),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            L::Cursor(Direction::Right),
            "arrows hjkl",
            "move the cursor; carrying a stack, move it a square",
        ),
        Binding::new(
            &[Key::Enter, Key::Char(' ')],
            L::Confirm,
            "Enter",
            "pick up your stack, then put it down; on your empty back rank: enter a piece",
        )
        .bar("pick/put"),
        Binding::new(
            &[Key::Char('e')],
            L::EnterPiece,
            "e",
            "enter a piece from the reserve on the cursor's square (your back rank)",
        )
        .bar("enter"),
        Binding::new(&[Key::Esc], L::Cancel, "Esc", "put the stack back"),
        Binding::new(
            &[Key::Char('m')],
            L::ShowMoves,
            "m",
            "mark where the stack under the cursor may go",
        ),
        // Before undo and save: when the key bar is short of room, entries before help and
        // quit go from the end, and the rules should be the last of them to go.
        Binding::new(&[Key::Char('r')], L::Rules, "r", "the rules of Locke").bar("rules"),
        Binding::new(
            &[Key::Char('u')],
            L::Undo,
            "u",
            "undo (no limit); against the computer, back to your turn",
        )
        .bar("undo"),
        Binding::new(
            &[Key::Char('H')],
            L::Hint,
            "H",
            "a hint: the computer suggests a turn (the cursor goes to its square)",
        )
        .bar("hint"),
        Binding::new(
            &[Key::Char('U'), Key::Ctrl('r')],
            L::Redo,
            "U Ctrl+R",
            "redo",
        ),
        Binding::new(
            &[Key::Char(':'), Key::Tab],
            L::TypeTurns,
            ":",
            "type turns: c1 c2+ b3>2 (Esc or Tab comes back)",
        )
        .bar("type"),
        Binding::new(
            &[Key::Char('n')],
            L::NewGame,
            "n",
            "once the game is over: the next (its loser starts), the series table kept",
        ),
        Binding::new(
            &[Key::Char('w'), Key::Ctrl('s')],
            L::Save,
            "w",
            "save the game (also Ctrl+S)",
        )
        .bar("save"),
        Binding::new(
            &[Key::Char('W')],
            L::SaveAs,
            "W",
            "save as: to a file named now",
        ),
        Binding::new(
            &[Key::Char('L')],
            L::ToggleLearn,
            "L",
            "learning hints: where stacks may go, threats on the middle row",
        ),
        Binding::new(&[Key::Char('?'), Key::F(1)], L::Help, "?/F1", "this help")
            .bar_as("?", "help"),
        Binding::new(
            &[Key::Char('q'), Key::Ctrl('c')],
            L::Quit,
            "q",
            "quit, asking first if the game is not saved",
        )
        .bar("quit"),
    ],
};

/// The keys in the input line.
pub const LOCKE_TYPING: KeyTable<LockeIntent> = KeyTable {
    title: "Locke: typing turns",
    bindings: editing_table!(L::Edit;
        Binding::new(&[Key::Enter], L::Submit, "Enter", "play the typed turn").bar("play"),
        Binding::new(&[Key::Esc, Key::Tab, Key::BackTab], L::ToBoard, "Esc Tab", "back to the board").bar_as("Esc/Tab", "board"),
        Binding::new(&[Key::Ctrl('s')], L::Save, "Ctrl+S", "save"),
        Binding::new(&[Key::Ctrl('c')], L::Quit, "Ctrl+C", "quit").bar("quit"),
    ),
};
