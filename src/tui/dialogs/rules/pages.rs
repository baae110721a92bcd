//! The rules, a page at a time, in our own words from the rulebook, each with a small board
//! drawn by the game's own board widget.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::notation::Tps;
use crate::rules::{GameResult, Position, WinReason};
use crate::tui::layout::{CellStyle, GameLayout, Orientation};
use crate::tui::theme::Theme;
use crate::tui::widgets::board::{self, Marks};

/// One page: a title, its text, a position to show (TPS) and squares to mark on it.
struct Page {
    title: &'static str,
    text: &'static [&'static str],
    tps: &'static str,
    marked: &'static [&'static str],
    /// A move to show played, on a second board beside the first (empty: none).
    then: &'static str,
}

const PAGES: [Page; 10] = [
    Page {
        title: "The goal",
        text: &[
            "Two players take turns. Each tries to build a road: a chain of their",
            "pieces joining two opposite edges of the board, side to side or top",
            "to bottom. Squares join only orthogonally, never diagonally.",
            "",
            "White (F) has a road here, from a1 to e1 along the bottom.",
        ],
        tps: "x5/x5/2,x,2,x2/x,2,x,2,x/1,1,1,1,1 2 6",
        marked: &[],
        then: "",
    },
    Page {
        title: "The pieces",
        text: &[
            "Each player has stones and, from 5x5 up, capstones. A stone is",
            "placed flat (F, f) or standing as a wall (S, s). Capstones (C, c)",
            "are the strongest pieces. Upper case is White, lower case Black.",
            "",
            "Stones + capstones each: 3x3 10, 4x4 15, 5x5 21+1, 6x6 30+1,",
            "7x7 40+2, 8x8 50+2.",
        ],
        tps: "x5/x,1,x,2S,x/x5/x,1C,x,2,x/x5 1 4",
        marked: &[],
        then: "",
    },
    Page {
        title: "Your turn, and the first one",
        text: &[
            "On your turn you either place one of your pieces not yet played on",
            "an empty square, or move a stack you control. Never pass.",
            "",
            "The very first turn is different: each player places one of the",
            "opponent's pieces, and it must be a flat. Here White's first ply",
            "put one of Black's flats (f) on a1, and Black's a White flat (F) on e5.",
        ],
        tps: "x4,1/x5/x5/x5/2,x4 1 2",
        marked: &["a1", "e5"],
        then: "",
    },
    Page {
        title: "Moving stacks",
        text: &[
            "A stack belongs to whoever owns its top piece. Pick up some pieces",
            "off its top and carry them in a straight line, dropping at least",
            "one from the bottom on every square you pass.",
            "",
            "You can carry at most as many pieces as the board is wide (the",
            "carry limit): 5 on 5x5. Here c3 holds 4, White on top: 3c3>12",
            "drops 1 on d3 and 2 on e3 (right: the board after it).",
        ],
        tps: "x5/x5/x2,1121,x2/x5/x5 1 8",
        marked: &["c3", "d3", "e3"],
        then: "3c3>12",
    },
    Page {
        title: "Walls and capstones",
        text: &[
            "Pieces are placed only on empty squares, and nothing may move onto",
            "a wall or a capstone. Walls block roads and do not count as flats.",
            "",
            "A capstone may move onto a wall and flatten it (crush it) if it",
            "arrives there alone: it may carry a stack and drop the rest on the",
            "way. Here White's capstone on b3 crushes Black's wall with b3>,",
            "but 2b3> would drop two pieces on the wall and is not allowed.",
        ],
        tps: "x5/x5/x,21C,2S,x2/x5/x5 1 8",
        marked: &["b3", "c3"],
        then: "",
    },
    Page {
        title: "Roads",
        text: &[
            "Flats and capstones on top count in a road; walls do not. A road",
            "wins at once, even if the board is not full.",
            "",
            "If one move makes roads for both players, the player who moved",
            "wins. If it makes a road only for the opponent, the opponent wins.",
            "White's capstone on c3 completes this road from c1 to c5.",
        ],
        tps: "x2,1,x2/x2,1,2,x/x,2,1C,2,x/x2,1,x2/x2,1,x2 2 7",
        marked: &[],
        then: "",
    },
    Page {
        title: "Winning on flats",
        text: &[
            "With no road, the game also ends when the board is full or when",
            "either player has placed every piece. Count the flats on top",
            "(walls and capstones do not count): more flats wins, a tie is a",
            "draw. Komi, if agreed, is added to Black's count.",
            "",
            "Here the board is full: White 5 flats, Black 4.",
        ],
        tps: "1,2,1/2,1,2/1,2,1 2 6",
        marked: &[],
        then: "",
    },
    Page {
        title: "Reading the screen",
        text: &[
            "F S C are White's flat, wall and capstone; f s c are Black's.",
            "A square shows its top piece and, past 1, the stack's height; the",
            "lines under it the owners (1 White, 2 Black) as the stack stands,",
            "its bottom lowest (5… when five more lie below). Marks: a dot (* in",
            "ASCII) the last move, + where a piece or a stack can go, » the move",
            "suggested, ! where a threatened road would be completed, # the",
            "winning road. In the stack inspector, < marks the pieces that may be",
            "carried off. ^12C is a hand being moved, written as TPS writes a",
            "stack: owners bottom to top, C or S on top.",
        ],
        tps: "x5/x5/x,2,1221,x2/x5/x5 1 8",
        marked: &[],
        then: "",
    },
    Page {
        title: "The language of Tak",
        text: &[
            "In a stack, captives are the opponent's pieces under the top; the",
            "reserves are the owner's own. A Hunter is two stones of one colour;",
            "a Lady a capstone on its own colour, three or more high; a Tumbler",
            "a capstone on the other colour, three or more high; a Marred Tower",
            "a wall on three or more; a Hipper twice the carry limit or more. A",
            "Trifoil is a road touching all four edges. Pieces not yet played",
            "are counted in the score: the board's area plus those left.",
        ],
        tps: "x5/x5/x,11,121C,2121S,x/x5/x5 1 10",
        marked: &[],
        then: "",
    },
    Page {
        title: "Writing moves down (PTN)",
        text: &[
            "Squares run from a1 (bottom left) to e5 on 5x5. A placement is:",
            "c3 a flat, Sc3 a wall, Cc3 a capstone. A move is the square and",
            "a direction, + up, - down, < left, > right: c3> moves one piece.",
            "With a count and drops: 3c3>12 carries 3, drops 1 then 2.",
            "* marks a crush. Results: R-0 / 0-R a road for White / Black,",
            "F-0 / 0-F flats, 1/2-1/2 a draw. Type moves after : (or Tab).",
        ],
        tps: "x5/x5/x5/x5/x5 1 1",
        marked: &["a1", "e5"],
        then: "",
    },
];

/// How many pages there are.
pub const PAGE_COUNT: usize = PAGES.len();

/// Draws page `page` of the rules over `area`, with `keys` under the text.
pub fn draw(frame: &mut Frame<'_>, area: Rect, theme: Theme, page: usize, keys: Line<'static>) {
    let page_index = page.min(PAGE_COUNT - 1);
    let page = &PAGES[page_index];
    let width = area.width.min(78);
    let height = area.height.min(20);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    let title = format!(" Rules {}/{}: {} ", page_index + 1, PAGE_COUNT, page.title);
    let block = Block::bordered()
        .border_set(theme.border())
        .title(Span::styled(title, theme.heading()));
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);

    // The text's lines joined into paragraphs, so a narrow terminal wraps them evenly.
    let mut lines: Vec<Line<'static>> = page
        .text
        .split(|line| line.is_empty())
        .map(|paragraph| Line::from(paragraph.join(" ")))
        .flat_map(|line| [line, Line::default()])
        .collect();
    lines.pop();
    lines.push(Line::default());
    lines.push(keys);
    let Ok(tps) = page.tps.parse::<Tps>() else {
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
        return;
    };
    let Ok(position) = tps.to_standard_position() else {
        return;
    };
    let (board_w, board_h) = CellStyle::Compact.board_extent(position.size());
    let diagram = inner.height >= board_h + 8 && inner.width >= board_w;
    let text_area = if diagram {
        Rect::new(inner.x, inner.y, inner.width, inner.height - board_h - 1)
    } else {
        inner
    };
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), text_area);
    if !diagram {
        return;
    }
    // With a move to show, the board after it stands beside the board before.
    let mut after = position.clone();
    let then = crate::notation::parse_move(page.then, position.size())
        .ok()
        .filter(|mv| after.play(*mv).is_ok());
    let gap = 6;
    let both = then.is_some() && inner.width >= 2 * board_w + gap;
    let total = if both { 2 * board_w + gap } else { board_w };
    let left = inner.x + (inner.width - total) / 2;
    let top = inner.y + inner.height - board_h;
    let board_rect = Rect::new(left, top, board_w, board_h);
    draw_diagram(frame, board_rect, &position, page.marked, theme);
    if let (true, Some(mv)) = (both, then) {
        let after_rect = Rect::new(left + board_w + gap, top, board_w, board_h);
        draw_diagram(frame, after_rect, &after, &[], theme);
        let arrow = Rect::new(left + board_w + 1, top + board_h / 2, gap - 2, 1);
        frame.render_widget(Paragraph::new(if theme.ascii { "->" } else { "→" }), arrow);
        let label = Rect::new(left + board_w + gap, top.saturating_sub(1), board_w, 1);
        frame.render_widget(
            Paragraph::new(Line::styled(format!("after {mv}"), theme.dim())),
            label,
        );
    }
}

fn draw_diagram(
    frame: &mut Frame<'_>,
    rect: Rect,
    position: &Position,
    marked: &[&str],
    theme: Theme,
) {
    let size = position.size();
    let layout = GameLayout {
        // The rules' diagrams explain the notation: always the usual way round.
        orientation: Orientation::USUAL,
        board: rect,
        cells: CellStyle::Compact,
        panel: Rect::default(),
        status: Rect::default(),
        input: Rect::default(),
        keys: Rect::default(),
        size,
    };
    let mut marks = Marks::default();
    for text in marked {
        if let Ok(mv) = crate::notation::parse_move(text, size) {
            marks.reach |= mv.square.bit();
        }
    }
    // A road on the page's board is shown as in a game (#).
    if let GameResult::Win {
        reason: WinReason::Road { squares },
        ..
    } = position.result()
    {
        marks.road = squares;
    }
    board::draw(frame.buffer_mut(), &layout, position.board(), &marks, theme);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_shows_a_position_that_reads_and_marks_real_squares() {
        for page in &PAGES {
            let tps: Tps = page
                .tps
                .parse()
                .unwrap_or_else(|e| panic!("{}: {e}", page.title));
            let position = tps
                .to_standard_position()
                .unwrap_or_else(|e| panic!("{}: {e}", page.title));
            for square in page.marked {
                assert!(
                    crate::notation::parse_move(square, position.size()).is_ok(),
                    "{square}"
                );
            }
            assert!(
                page.text.iter().all(|line| line.chars().count() <= 74),
                "{}",
                page.title
            );
        }
    }

    #[test]
    fn the_language_page_defines_every_name_the_inspector_uses() {
        use crate::glossary::StackName;
        let page = PAGES
            .iter()
            .find(|p| p.title == "The language of Tak")
            .unwrap();
        let text = page.text.join(" ");
        for name in [
            StackName::Hunter,
            StackName::Lady,
            StackName::Tumbler,
            StackName::MarredTower,
            StackName::Hipper,
        ] {
            assert!(text.contains(name.name()), "{} in: {text}", name.name());
        }
        for word in ["captives", "reserves", "Trifoil"] {
            assert!(text.contains(word), "{word} in: {text}");
        }
        let legend = PAGES
            .iter()
            .find(|p| p.title == "Reading the screen")
            .unwrap();
        let legend = legend.text.join(" ");
        for mark in [
            " < ",
            "^12C",
            "+ where",
            "# the winning road",
            "bottom to top",
        ] {
            assert!(legend.contains(mark), "{mark} in: {legend}");
        }
    }

    #[test]
    fn the_piece_counts_are_the_rules_own() {
        use crate::rules::{BoardSize, Reserves};
        let text = PAGES[1].text.join(" ");
        for n in 3..=8 {
            let reserves = Reserves::standard(BoardSize::new(n).unwrap());
            let count = if reserves.caps == 0 {
                format!("{n}x{n} {}", reserves.stones)
            } else {
                format!("{n}x{n} {}+{}", reserves.stones, reserves.caps)
            };
            assert!(text.contains(&count), "{count} in: {text}");
        }
    }

    #[test]
    fn the_pictures_show_what_the_pages_say() {
        let position = |i: usize| {
            PAGES[i]
                .tps
                .parse::<Tps>()
                .unwrap()
                .to_standard_position()
                .unwrap()
        };
        // The goal: White has a road. Winning on flats: a full board, White 5 to 4.
        assert!(position(0).road(crate::rules::Color::White).is_some());
        let flats = position(6).flat_count();
        assert_eq!((flats.white, flats.black), (5, 4));
        assert!(position(6).is_over());
        // Moving stacks: 3c3>12 is legal there; walls and capstones: b3> crushes.
        let moving = position(3);
        assert!(moving.check("3c3>12".parse().unwrap()).is_ok());
        let walls = position(4);
        assert!(walls.check("b3>".parse().unwrap()).is_ok());
        assert!(walls.check("2b3>".parse().unwrap()).is_err());
        // Roads: Black to move faces... the road is White's after Cc3; here c3 holds it.
        assert!(position(5).road(crate::rules::Color::White).is_some());
    }
}
