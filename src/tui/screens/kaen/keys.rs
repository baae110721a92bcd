//! What a player can ask for at the Kaen board, and the keys that ask for it.

use crate::tui::keys::{Binding, Key, KeyTable};

/// What a player can ask for in a Kaen series.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KaenIntent {
    /// Roll the die before the roll; place on the chosen square after it; after a game,
    /// go on to the next.
    Go,
    /// Offer to double.
    Double,
    /// Accept the double offered.
    Accept,
    /// Surrender: take back half the bet and lose.
    Surrender,
    /// On a full row: match the bet and pass.
    Match,
    /// Offered a double or on a full row: give up the game.
    Forfeit,
    /// Choose the next open square of the rolled row the way the arrow points on the
    /// diamond: up towards Sky, left or right as the row runs.
    Choose(Arrow),
    /// Place on the rolled row's square numbered 1 to 4 from its Earth end.
    PlaceAt(u8),
    /// The computer says what it would do, and the chance of winning.
    Hint,
    /// Take back the last action (against the computer, its actions since too).
    Undo,
    /// Do again the last action taken back.
    Redo,
    /// Once the series is over: a new series with the same settings and players.
    NewSeries,
    /// Save the series, asking for a file name the first time.
    Save,
    /// Save the series to a file named now.
    SaveAs,
    /// Learning hints on or off.
    ToggleLearn,
    /// The rules of Kaen.
    Rules,
    /// Every key.
    Help,
    /// Quit, asking first when the series is not saved.
    Quit,
}

/// An arrow key on the diamond. Every row climbs from Earth to Sky: Player 1's rows up and to
/// the right, Player 2's up and to the left; so up is always towards Sky, and left or right
/// depends on whose row it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arrow {
    /// Towards Sky.
    Up,
    /// Towards Earth.
    Down,
    /// Left on the screen.
    Left,
    /// Right on the screen.
    Right,
}

impl Arrow {
    /// Whether the arrow points towards the Sky end of a row of `player`'s.
    #[must_use]
    pub const fn to_sky(self, player: crate::kaen::Player) -> bool {
        match self {
            Arrow::Up => true,
            Arrow::Down => false,
            Arrow::Right => matches!(player, crate::kaen::Player::One),
            Arrow::Left => matches!(player, crate::kaen::Player::Two),
        }
    }
}

use KaenIntent as K;

/// The keys of the Kaen screen.
pub const KAEN: KeyTable<KaenIntent> = KeyTable {
    title: "Kaen",
    bindings: &[
        Binding::new(
            &[Key::Enter, Key::Char(' ')],
            K::Go,
            "Enter",
            "roll the die; after the roll, place on the square chosen; after a game, start the next",
        )
        .bar("go"),
        Binding::new(
            &[Key::Char('d')],
            K::Double,
            "d",
            "before the roll: offer to double",
        )
        .bar("double"),
        Binding::new(
            &[Key::Char('a'), Key::Char('y')],
            K::Accept,
            "a",
            "accept the double offered",
        )
        .bar("accept"),
        Binding::new(
            &[Key::Char('s')],
            K::Surrender,
            "s",
            "before the roll: surrender, taking back half your bet",
        )
        .bar("surrender"),
        Binding::new(
            &[Key::Char('m')],
            K::Match,
            "m",
            "on a full row: match your bet and pass",
        )
        .bar("match"),
        Binding::new(
            &[Key::Char('f')],
            K::Forfeit,
            "f",
            "forfeit: the opponent takes the pot",
        )
        .bar("forfeit"),
        Binding::new(
            &[Key::Up, Key::Char('k')],
            K::Choose(Arrow::Up),
            "arrows",
            "choose a square of the rolled row, as the arrow points",
        )
        .bar("choose"),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            K::Choose(Arrow::Down),
            "arrows",
            "choose a square of the rolled row, as the arrow points",
        ),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            K::Choose(Arrow::Left),
            "arrows",
            "choose a square of the rolled row, as the arrow points",
        ),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            K::Choose(Arrow::Right),
            "arrows",
            "choose a square of the rolled row, as the arrow points",
        ),
        Binding::with_char(
            &[Key::Range('1', '4')],
            |c| K::PlaceAt(c as u8 - b'0'),
            "1-4",
            "place on that square of the rolled row, from its Earth end",
        ),
        // Before undo and save: when the key bar is short of room, entries before help and
        // quit go from the end, and the rules should be the last of them to go.
        Binding::new(&[Key::Char('r')], K::Rules, "r", "the rules of Kaen").bar("rules"),
        Binding::new(
            &[Key::Char('u')],
            K::Undo,
            "u",
            "undo, back to the last roll (a roll stands) within the game in play; against the \
             computer, back to your decision",
        )
        .bar("undo"),
        Binding::new(
            &[Key::Char('H')],
            K::Hint,
            "H",
            "a hint: what the computer would do now, and your chance of winning the game",
        )
        .bar("hint"),
        Binding::new(
            &[Key::Char('U'), Key::Ctrl('r')],
            K::Redo,
            "U Ctrl+R",
            "redo",
        ),
        Binding::new(
            &[Key::Char('n')],
            K::NewSeries,
            "n",
            "once the series is over: a new series, the same settings and players",
        )
        .bar("new series"),
        Binding::new(
            &[Key::Char('w'), Key::Ctrl('s')],
            K::Save,
            "w",
            "save the series (also Ctrl+S)",
        )
        .bar("save"),
        Binding::new(
            &[Key::Char('W')],
            K::SaveAs,
            "W",
            "save as: to a file named now",
        ),
        Binding::new(
            &[Key::Char('L')],
            K::ToggleLearn,
            "L",
            "learning hints: open rows, odds and what each choice costs",
        ),
        Binding::new(&[Key::Char('?'), Key::F(1)], K::Help, "?/F1", "this help").bar_as("?", "help"),
        Binding::new(
            &[Key::Char('q'), Key::Ctrl('c')],
            K::Quit,
            "q",
            "quit, asking first if the series is not saved",
        )
        .bar("quit"),
    ],
};
