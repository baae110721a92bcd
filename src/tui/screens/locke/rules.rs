//! The rules of Locke in our own words, a page at a time, with small diagrams.

use crate::tui::dialogs::TextPage;

/// The pages.
pub const PAGES: &[TextPage] = &[
    TextPage {
        title: "The goal: three on the middle row",
        lines: &[
            "Locke (Centerline) is played on a 5x5 board. White sits at rank 1,",
            "Black at rank 5. Whoever, after their own turn, has stacks on any",
            "three squares of the middle row (rank 3) wins at once.",
            "",
            "       a     b     c     d     e      Each player starts with their",
            "   5  B:1   B:1   B:1   B:1   B:1     back rank full and the middle",
            "   4   .    B:1   B:1   B:1    .      three squares of the next row",
            "  =3   .     .     .     .     . =    in: 8 pieces on the board, 2",
            "   2   .    W:1   W:1   W:1    .      in reserve (classic game).",
            "   1  W:1   W:1   W:1   W:1   W:1",
            "",
            "W:2 is a White stack of 2, B:1 a Black stack of 1.",
        ],
    },
    TextPage {
        title: "A turn: move a stack, or enter a piece",
        lines: &[
            "On your turn you move one of your stacks, or put one piece from your",
            "reserve on an empty square of your back rank. You cannot pass.",
            "",
            "A stack always moves whole, as far as it is tall or less: a stack of",
            "2 moves 1 or 2 squares, in a straight line along a rank or a file.",
            "Every square it passes over must be empty: no jumps, no diagonals.",
            "",
            "  W:2 .   .    -> the 2 may end one or two squares on: + +",
            "  W:2 +   +",
        ],
    },
    TextPage {
        title: "Joining and capturing",
        lines: &[
            "A stack may end on one of your own stacks, joining it, if the two",
            "together are at most 3 high (classic game): a 1 joins a 1 or a 2,",
            "a 2 joins a 1, a 3 joins nothing.",
            "",
            "A stack captures an enemy stack exactly one smaller: a 2 takes a 1,",
            "a 3 takes a 2. A lone piece never captures. The captured pieces go",
            "back to their owner's reserve, to come back one at a time.",
            "",
            "  W:2 B:1   ->   .  W:2   (Black's piece returns to Black's reserve)",
        ],
    },
    TextPage {
        title: "Losing without a middle row",
        lines: &[
            "Starvation: after any turn, a player with fewer than three stacks",
            "loses, even if they did it themselves by joining stacks.",
            "",
            "No reverse moves: you may not move the stack your last turn moved",
            "onto an empty square straight back where it came from. After a",
            "join, a capture or an entry there is nothing to reverse.",
            "",
            "A player with no legal turn loses. When the same position (board,",
            "reserves, player to move) comes for the third time, it is a draw.",
        ],
    },
    TextPage {
        title: "The modern game, and a series",
        lines: &[
            "tak locke --modern: no limit on a stack's height, so any stacks may",
            "join; a capture is still of a stack exactly one smaller. --pieces",
            "12 or 14 gives each player more, the extra ones in reserve.",
            "",
            "The first game's starter is chosen at random; after that the loser",
            "starts the next game (n), and after a draw, the one who did not",
            "start it. The series table beside the board keeps the score.",
        ],
    },
];
