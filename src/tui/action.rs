//! Everything a player can ask for: the keymap turns keys and clicks into these, and
//! [`super::App::update`] carries them out.

use crate::rules::{Direction, Role};

/// One user intent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// An arrow (or h/j/k/l) on the board: moves the cursor, or steers the move being built.
    Arrow(Direction),
    /// Place a piece of this role on the cursor's square (f, s, c).
    Place(Role),
    /// Enter on the board: place a flat, pick up a stack, or drop what is left in hand.
    Confirm,
    /// A digit on the board: pick up or drop that many pieces.
    Digit(u8),
    /// Backspace on the board: take back the last step of the move being built.
    Back,
    /// Esc: cancel the move being built, leave the input line, or close a dialog.
    Cancel,
    /// Take back the last ply.
    Undo,
    /// Play again the last ply taken back.
    Redo,
    /// Name the moves that would win by road at once, for each player (t).
    ShowThreats,
    /// List the legal moves from the cursor's square, and mark where they go (m).
    ShowMoves,
    /// Turn learning mode on or off (L): hints shown without asking.
    ToggleLearn,
    /// Move the focus to the input line (`:` or Tab).
    FocusInput,
    /// Move the focus back to the board (Esc or Tab in the input line).
    FocusBoard,
    /// A character typed into the input line or a dialog's text field.
    Type(char),
    /// Delete the character before the text cursor.
    Backspace,
    /// Delete the character under the text cursor.
    Delete,
    /// Move the text cursor left.
    Left,
    /// Move the text cursor right.
    Right,
    /// Move the text cursor to the start.
    Home,
    /// Move the text cursor to the end.
    End,
    /// Enter in the input line or a dialog: play the typed move, or confirm.
    Submit,
    /// Recall the previous input (Up in the input line).
    HistoryPrevious,
    /// Recall the next input (Down in the input line).
    HistoryNext,
    /// Save the game (Ctrl+S, w), asking for a file name the first time.
    Save,
    /// Open the new-game dialog (n).
    NewGame,
    /// Quit, asking first when there are unsaved moves (q, Ctrl+C).
    Quit,
    /// Show the rules, a page at a time (r).
    Rules,
    /// Show or hide the help (?).
    Help,
    /// A yes answer in a yes/no dialog (y).
    Yes,
    /// A no answer in a yes/no dialog (n).
    No,
    /// A mouse click at this terminal cell (column, row).
    Click(u16, u16),
    /// The terminal was resized to (columns, rows).
    Resize(u16, u16),
    /// Replay: one ply forward (Right, l).
    NextPly,
    /// Replay: one ply back (Left, h).
    PreviousPly,
    /// Replay: one full move forward (Down, `]`).
    NextMove,
    /// Replay: one full move back (Up, `[`).
    PreviousMove,
    /// Replay: the start position (Home).
    First,
    /// Replay: the end of the game (End).
    Last,
    /// Replay: go to a move number (g).
    Goto,
    /// Replay: start or stop autoplay (Space).
    Autoplay,
    /// Replay: autoplay faster (+).
    Faster,
    /// Replay: autoplay slower (-).
    Slower,
    /// Replay: time for autoplay's next ply.
    Tick,
    /// Replay: play on from the position shown, as a new hotseat game (p).
    PlayFromHere,
    /// Test builds of the binary only: panic, to prove the terminal is restored.
    TestPanic,
}
