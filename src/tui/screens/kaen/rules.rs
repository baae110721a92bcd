//! The rules of Kaen in our own words, a page at a time, with small diagrams.

use crate::tui::dialogs::TextPage;

/// The pages.
pub const PAGES: &[TextPage] = &[
    TextPage {
        title: "The goal: a bridge from the Earth to the Sky",
        lines: &[
            "Kaen is played on a 4x4 board turned into a diamond. Its two lower",
            "edges are Earth, its two upper edges Sky. A bridge is a chain of one",
            "player's stones, joined side to side (never corner to corner), from",
            "an Earth edge to the Sky edge opposite it, exactly like a Tak road.",
            "",
            "             S K Y            Player 1's stones [1], one in each",
            "              [ ]             of its rows, join row 1 (Earth,",
            "           [ ]   [ ]          lower right) to row 4 (Sky, upper",
            "        [1]   [ ]   [ ]       left): a bridge. A chain from row 1",
            "     [ ]   [1]   [ ]   [ ]    to the upper right edge is not:",
            "        [ ]   [1]   [ ]       those edges are not opposite.",
            "           [ ]   [1]",
            "              [ ]",
            "           E A R T H",
            "",
            "The real goal is money: each game has a pot, and a bridge wins it.",
        ],
    },
    TextPage {
        title: "Rows and the die",
        lines: &[
            "On your turn you roll the die (the hut). Its faces are Arex (1),",
            "Dog (2), Cat (3) and Staff (4), and the face names one of YOUR rows:",
            "you place one stone on any empty square of it.",
            "",
            "Player 1's rows are the board's rows; Player 2's rows are its",
            "columns, so one player's rows are the other's columns. Both count",
            "from an Earth edge: row 1 lies along Earth, row 4 along Sky.",
            "",
            "On the screen the rolled row is drawn { } and the square chosen",
            "> <; the arrows choose, Enter places (or 1-4 place at once).",
            "Stones are not counted: only the 16 squares limit them.",
        ],
    },
    TextPage {
        title: "Bets, the pot and the doubling marker",
        lines: &[
            "Each player starts the series with 100 chips (--chips) and each",
            "game with the same bet, 2 by default (--bet, even). The two bets",
            "are kept apart, since each may grow on its own; the pot is both.",
            "",
            "Before rolling you may double (d), if the doubling marker is",
            "neutral or yours. The opponent accepts (a), and both bets double",
            "and the marker passes to them (only they may double next); or they",
            "forfeit (f). Having doubled, you roll.",
            "",
            "Or before rolling you may surrender (s): take back half your bet,",
            "and the opponent takes the rest of the pot.",
        ],
    },
    TextPage {
        title: "A full row, and the end of a game",
        lines: &[
            "If the rolled row has no empty square, you forfeit (f: the opponent",
            "takes the whole pot) or match (m: add chips equal to your bet,",
            "doubling it); then the turn passes with no stone placed.",
            "",
            "A choice you cannot pay for (a match, or accepting a double) is not",
            "offered: you must forfeit. The panel says why.",
            "",
            "A bridge wins the pot at once. A full board with no bridge: more",
            "stones win the pot; equal stones split it in half.",
        ],
    },
    TextPage {
        title: "A series",
        lines: &[
            "The first game's starter is chosen at random; after that the loser",
            "of the last game starts (after a split, the one who did not start",
            "it). The series ends after the agreed number of games (--games), or",
            "when a player cannot cover the bet; with --reload the stakes double",
            "instead and both players are given their starting chips again at",
            "the new stakes (twice as many after the first reload, and so on).",
            "",
            "The die comes from a seed (--seed): the same seed rolls the same,",
            "and undoing a roll and rolling again shows the same face.",
        ],
    },
];
