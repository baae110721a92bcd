//! What a player can ask for while replaying, the keys that ask for it, and the replay's help.

use crate::tui::dialogs::HelpDialog;
use crate::tui::keys::{Binding, HelpSection, Key, KeyTable};

/// What a player can ask for while replaying.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReplayIntent {
    /// One ply forward.
    NextPly,
    /// One ply back.
    PreviousPly,
    /// One full move forward (two plies).
    NextMove,
    /// One full move back.
    PreviousMove,
    /// The start position.
    First,
    /// The end of the game.
    Last,
    /// Go to a move number.
    GoTo,
    /// Start or stop autoplay.
    Autoplay,
    /// Autoplay faster.
    Faster,
    /// Autoplay slower.
    Slower,
    /// Play on from the position shown, as a new game (with the engine's move, when analysing).
    PlayFromHere,
    /// Analysis on or off: the engine thinks about the position shown.
    Analyse,
    /// The whole game analysed: marks, a graph, and the analysed game written beside the file.
    AnalyseGame,
    /// Is the position shown tinue? Asked in the background.
    Tinue,
    /// Mark the plies where a forced road appeared and where one was missed (the solver, over
    /// the whole line shown, in the background).
    MarkRoads,
    /// The inspector on the next stack of two or more pieces (a click shows any square).
    NextStack,
    /// The inspector on the previous stack.
    PreviousStack,
    /// Every tag of the record, in a page.
    Tags,
    /// The moves tried after the ply shown: show one's line, delete a variation.
    Branches,
    /// Make the line shown the main line.
    Promote,
    /// The position shown as TPS and the record as PTN, to copy.
    Notation,
    /// Save the record with its variations as they are now.
    Save,
    /// Every key.
    Help,
    /// Back to the list of the file's games.
    Back,
    /// Quit.
    Quit,
}

use ReplayIntent as R;

/// The keys of the replay.
pub const REPLAY: KeyTable<ReplayIntent> = KeyTable {
    title: "Stepping through a game record",
    bindings: &[
        Binding::new(
            &[Key::Right, Key::Char('l')],
            R::NextPly,
            "arrows",
            "one ply forward / back (also l / h)",
        )
        .bar("step"),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            R::PreviousPly,
            "arrows",
            "one ply forward / back (also l / h)",
        ),
        Binding::new(
            &[Key::Down, Key::Char(']'), Key::Char('j')],
            R::NextMove,
            "Down / Up",
            "one full move forward / back (also ] / [)",
        ),
        Binding::new(
            &[Key::Up, Key::Char('['), Key::Char('k')],
            R::PreviousMove,
            "Down / Up",
            "one full move forward / back (also ] / [)",
        ),
        Binding::new(
            &[Key::Home],
            R::First,
            "Home/End",
            "the start / the end of the game",
        )
        .bar(""),
        Binding::new(
            &[Key::End],
            R::Last,
            "Home/End",
            "the start / the end of the game",
        ),
        Binding::new(
            &[Key::Char('g')],
            R::GoTo,
            "g",
            "go to a move: 12 (after White's ply), 12b, 0",
        )
        .bar("go to"),
        Binding::new(
            &[Key::Char(' ')],
            R::Autoplay,
            "Space",
            "autoplay; any key stops it",
        )
        .bar("auto"),
        Binding::new(
            &[Key::Char('+'), Key::Char('=')],
            R::Faster,
            "+ -",
            "autoplay faster / slower",
        ),
        Binding::new(
            &[Key::Char('-')],
            R::Slower,
            "+ -",
            "autoplay faster / slower",
        ),
        Binding::new(
            &[Key::Char('p')],
            R::PlayFromHere,
            "p",
            "play on from here as a new game (the file is unchanged)",
        )
        .bar("play on"),
        Binding::new(
            &[Key::Char('a')],
            R::Analyse,
            "a",
            "analysis: the engine thinks about the position shown (p then plays its move)",
        )
        .bar("analyse"),
        Binding::new(
            &[Key::Char('A')],
            R::AnalyseGame,
            "A",
            "analyse the whole game: marks in the move list, a graph, and FILE-analysed.ptn \
             (#3: a road forced in 3 plies, #F3: a flat win forced; #-3 and #F-3 Black's)",
        ),
        Binding::new(
            &[Key::Char('T')],
            R::Tinue,
            "T",
            "is this tinue? whether either side forces a road from here",
        ),
        Binding::new(
            &[Key::Char('M')],
            R::MarkRoads,
            "M",
            "mark forced roads: where one appeared and where one was missed (the solver, in \
             the background)",
        ),
        Binding::new(
            &[Key::Tab],
            R::NextStack,
            "Tab",
            "inspect the next stack of two or more pieces (Shift+Tab: the one before)",
        ),
        Binding::new(
            &[Key::BackTab],
            R::PreviousStack,
            "Tab",
            "inspect the next stack of two or more pieces (Shift+Tab: the one before)",
        ),
        Binding::new(
            &[Key::Char('i')],
            R::Tags,
            "i",
            "every tag of the record, taktui's and anyone else's",
        ),
        Binding::new(
            &[Key::Char('b')],
            R::Branches,
            "b",
            "variations: the moves tried in place of the ply shown (marked ⑂ in the move list)",
        )
        .bar("variations"),
        Binding::new(
            &[Key::Char('P')],
            R::Promote,
            "P",
            "make the line shown the main line",
        ),
        Binding::new(
            &[Key::Char('N')],
            R::Notation,
            "N",
            "notation: the position as TPS and the game as PTN, to copy",
        ),
        Binding::new(
            &[Key::Char('w')],
            R::Save,
            "w",
            "save the record with its variations as they are now",
        ),
        Binding::new(&[Key::Char('?'), Key::F(1)], R::Help, "?/F1", "this help")
            .bar_as("?", "help"),
        Binding::new(
            &[Key::Esc],
            R::Back,
            "Esc",
            "stop the search T started, or back to the list of games (a file of several)",
        ),
        Binding::new(&[Key::Char('q'), Key::Ctrl('c')], R::Quit, "q", "quit").bar("quit"),
    ],
};

/// The replay's help page, with the marks as `theme` draws them.
pub(super) fn help(theme: crate::tui::theme::Theme) -> HelpDialog {
    let given = format!("{} (M)", theme.road_given_marker());
    let missed = format!("{} (M)", theme.road_missed_marker());
    let plies = crate::game::tinue_scan::ScanLimits::default().plies;
    let given_text = format!(
        "after this ply the opponent forces a road (in up to {plies} plies), which two plies \
         earlier it could not; the panel shows the road"
    );
    HelpDialog::new(
        " Replay help: ? or Esc to close ",
        vec![
            HelpSection::keys(&REPLAY),
            HelpSection::text(
                "The panel",
                &[
                    ("tags", "event, site, date, clock and result, as recorded"),
                    ("the ply shown", "its move, marks and comments"),
                    (
                        "at the end",
                        "whether the recorded result agrees with the rules",
                    ),
                    (
                        "click",
                        "a square to inspect its stack (Tab: the next stack), a move to go there",
                    ),
                    (&given, &given_text),
                    (
                        &missed,
                        "its player forced a road before this ply, and after the reply no \
                         longer does; the panel shows the road missed",
                    ),
                ],
            ),
            HelpSection::text(
                "Trying another move",
                &[(
                    "",
                    "Go to the ply, press p to play on from there, and play the move you \
                         want to try: the record's own line is kept as a variation beside \
                         yours (u takes back, and a move played in place of one taken back \
                         keeps that one too). w saves the game with every variation; b lists \
                         the moves tried at a ply.",
                )],
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::REPLAY).unwrap();
    }
}
