//! What a player can ask for at the board, and the keys that ask for it at each moment.

use crate::rules::{Direction, Role};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::text_field::{Edit, editing_table};

/// What a player can ask for at the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayIntent {
    /// Move the cursor; while moving a stack, steer it (the same way again drops one).
    Cursor(Direction),
    /// Place a piece of this role on the cursor's square.
    Place(Role),
    /// Place a flat, pick up the whole stack it can carry, or drop all that is in hand.
    Confirm,
    /// Pick up, or drop, this many.
    Count(u8),
    /// Take back the last step of the move being built.
    StepBack,
    /// Drop the move being built.
    CancelMove,
    /// Take back the last ply.
    Undo,
    /// Play again the last ply taken back.
    Redo,
    /// Name the moves that would win by road at once.
    ShowThreats,
    /// List the legal moves from the cursor's square and mark where they go.
    ShowMoves,
    /// Learning mode on or off.
    ToggleLearn,
    /// Stop the clocks, or start them again.
    Pause,
    /// Ask the computer for a move to play.
    Hint,
    /// Is the position tinue? Asked in the background.
    Tinue,
    /// The moves tried at the last ply: take another's line, delete a variation.
    Branches,
    /// The position as TPS and the game as PTN, to copy.
    Notation,
    /// Analysis on or off.
    Analyse,
    /// Play the analysis's move.
    PlaySuggestion,
    /// Go to the input line to type moves.
    TypeMoves,
    /// Save the game, asking for a file name the first time.
    Save,
    /// Save the game to a file named now.
    SaveAs,
    /// Start a new game (a dialog asks for its settings).
    NewGame,
    /// Resign the game, asking first.
    Resign,
    /// Offer a draw: the other player (or program) answers.
    OfferDraw,
    /// Quit, asking first when there are unsaved moves.
    Quit,
    /// The rules, a page at a time.
    Rules,
    /// Every key.
    Help,
    /// Edit the typed text.
    Edit(Edit),
    /// Play the typed move.
    Submit,
    /// Recall the move typed before.
    RecallPrevious,
    /// Recall the move typed after.
    RecallNext,
    /// Back from the input line to the board.
    ToBoard,
}

/// Short for the tables.
pub(super) use PlayIntent as P;

/// What the key bar says Enter does on the board: it is left out on an empty square, where
/// Enter places a flat as `f` does.
pub const CONFIRM_BAR: &str = "pick up";

/// The keys on the board.
pub const BOARD: KeyTable<PlayIntent> = KeyTable {
    title: "On the board",
    bindings: &[
        Binding::new(
            &[Key::Up, Key::Char('k')],
            P::Cursor(Direction::Up),
            "arrows hjkl",
            "move the cursor",
        )
        .bar_as("arrows", "move"),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            P::Cursor(Direction::Down),
            "arrows hjkl",
            "move the cursor",
        ),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            P::Cursor(Direction::Left),
            "arrows hjkl",
            "move the cursor",
        ),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            P::Cursor(Direction::Right),
            "arrows hjkl",
            "move the cursor",
        ),
        Binding::new(
            &[Key::Char('f'), Key::Char('F')],
            P::Place(Role::Flat),
            "f s c",
            "place a flat, a wall (standing stone), a capstone",
        )
        .bar_as("f/s/c", "place"),
        Binding::new(
            &[Key::Char('s'), Key::Char('S')],
            P::Place(Role::Wall),
            "f s c",
            "place a flat, a wall (standing stone), a capstone",
        ),
        Binding::new(
            &[Key::Char('c'), Key::Char('C')],
            P::Place(Role::Cap),
            "f s c",
            "place a flat, a wall (standing stone), a capstone",
        ),
        Binding::new(
            &[Key::Enter, Key::Char(' ')],
            P::Confirm,
            "Enter",
            "place a flat, or pick up your stack (all it can carry)",
        )
        .bar(CONFIRM_BAR),
        Binding::with_char(
            &[Key::Range('1', '9')],
            |c| P::Count(c as u8 - b'0'),
            "1-9",
            "pick up that many",
        ),
        Binding::new(
            &[Key::Backspace],
            P::StepBack,
            "Backspace",
            "take back the last step of a move",
        ),
        Binding::new(
            &[Key::Esc],
            P::CancelMove,
            "Esc",
            "cancel the move being built (or stop the search T started)",
        ),
        Binding::new(&[Key::Char('u')], P::Undo, "u", "undo (no limit)").bar("undo"),
        Binding::new(
            &[Key::Char('U'), Key::Ctrl('r')],
            P::Redo,
            "U Ctrl+R",
            "redo",
        ),
        Binding::new(
            &[Key::Char('m')],
            P::ShowMoves,
            "m",
            "list and mark the legal moves from the cursor's square",
        ),
        Binding::new(
            &[Key::Char('t')],
            P::ShowThreats,
            "t",
            "name the moves that would win by road now",
        ),
        Binding::new(
            &[Key::Char('L')],
            P::ToggleLearn,
            "L",
            "learning mode: moves marked, threats named",
        ),
        Binding::new(
            &[Key::Char('p')],
            P::Pause,
            "p",
            "pause the clocks, or start them again",
        ),
        Binding::new(
            &[Key::Char('H')],
            P::Hint,
            "H",
            "a hint: the computer suggests a move, marked on the board",
        ),
        Binding::new(
            &[Key::Char('T')],
            P::Tinue,
            "T",
            "is this tinue? whether either side forces a road from here",
        ),
        Binding::new(
            &[Key::Char('b')],
            P::Branches,
            "b",
            "variations: the moves tried at the last ply, against the computer at your last (⑂ marks them in the move list)",
        ),
        Binding::new(
            &[Key::Char('N')],
            P::Notation,
            "N",
            "notation: the position as TPS and the game as PTN, to copy",
        ),
        Binding::new(
            &[Key::Char('a')],
            P::Analyse,
            "a",
            "analysis: the engine's best move marked as you play",
        ),
        Binding::new(
            &[Key::Char('P')],
            P::PlaySuggestion,
            "P",
            "play the analysis's move",
        ),
        Binding::new(
            &[Key::Char(':'), Key::Tab],
            P::TypeMoves,
            ":",
            "type moves in PTN (Esc or Tab comes back)",
        )
        .bar("type"),
        Binding::new(&[Key::Char('n')], P::NewGame, "n", "start a new game").bar("new"),
        Binding::new(
            &[Key::Char('w'), Key::Ctrl('s')],
            P::Save,
            "w",
            "save the game as PTN (also Ctrl+S)",
        )
        .bar("save"),
        Binding::new(
            &[Key::Char('W')],
            P::SaveAs,
            "W",
            "save as: to a file named now",
        ),
        Binding::new(
            &[Key::Char('r')],
            P::Rules,
            "r",
            "the rules, a page at a time",
        ),
        Binding::new(
            &[Key::Char('R')],
            P::Resign,
            "R",
            "resign (asked first; alone against a program, your side)",
        ),
        Binding::new(
            &[Key::Char('D')],
            P::OfferDraw,
            "D",
            "offer a draw on your turn; the other side answers",
        ),
        Binding::new(&[Key::Char('?'), Key::F(1)], P::Help, "?/F1", "this help")
            .bar_as("?", "help"),
        Binding::new(
            &[Key::Char('q'), Key::Ctrl('c')],
            P::Quit,
            "q",
            "quit, asking first if the game is not saved (also Ctrl+C)",
        )
        .bar("quit"),
    ],
};

/// The keys while a stack is being moved; the board's keys work too.
pub const MOVING: KeyTable<PlayIntent> = KeyTable {
    title: "Moving a stack",
    bindings: &[
        Binding::new(
            &[Key::Up, Key::Char('k')],
            P::Cursor(Direction::Up),
            "arrows hjkl",
            "steer the stack; the same arrow again drops 1",
        )
        .bar_as("arrows", "steer"),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            P::Cursor(Direction::Down),
            "arrows hjkl",
            "steer the stack; the same arrow again drops 1",
        ),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            P::Cursor(Direction::Left),
            "arrows hjkl",
            "steer the stack; the same arrow again drops 1",
        ),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            P::Cursor(Direction::Right),
            "arrows hjkl",
            "steer the stack; the same arrow again drops 1",
        ),
        Binding::with_char(
            &[Key::Range('1', '9')],
            |c| P::Count(c as u8 - b'0'),
            "1-9",
            "drop that many; before a direction, pick up that many",
        )
        .bar("drop"),
        Binding::new(
            &[Key::Enter, Key::Char(' ')],
            P::Confirm,
            "Enter",
            "drop all that is left in hand",
        )
        .bar("drop all"),
        Binding::new(
            &[Key::Backspace],
            P::StepBack,
            "Backspace",
            "take back the last step",
        )
        .bar_as("Bksp", "back"),
        Binding::new(&[Key::Esc], P::CancelMove, "Esc", "cancel the move").bar("cancel"),
    ],
};

/// The keys in the input line.
pub const TYPING: KeyTable<PlayIntent> = KeyTable {
    title: "Typing moves in PTN",
    bindings: editing_table!(P::Edit;
        Binding::new(&[Key::Enter], P::Submit, "Enter", "play the typed move").bar("play"),
        Binding::new(&[Key::Up], P::RecallPrevious, "Up Down", "recall the moves typed before").bar_as("Up/Down", "recall"),
        Binding::new(&[Key::Down], P::RecallNext, "Up Down", "recall the moves typed before"),
        Binding::new(&[Key::Esc, Key::Tab, Key::BackTab], P::ToBoard, "Esc Tab", "back to the board").bar_as("Esc/Tab", "board"),
        Binding::new(&[Key::Ctrl('s')], P::Save, "Ctrl+S", "save"),
        Binding::new(&[Key::Ctrl('r')], P::Redo, "Ctrl+R", "redo"),
        Binding::new(&[Key::Ctrl('c')], P::Quit, "Ctrl+C", "quit").bar("quit"),
    ),
};
