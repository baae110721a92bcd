//! The board widget: squares with their stacks, labels, the cursor and marks.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::rules::{Bitboard, Board, GameResult, Move, Position, Square, Stack, WinReason};
use crate::tui::layout::GameLayout;
use crate::tui::theme::{Joins, Mark, Theme};

/// What to draw on the board besides the stacks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Marks {
    /// The cursor's square (brackets and reverse video).
    pub cursor: Option<Square>,
    /// Squares of the winning road.
    pub road: Bitboard,
    /// Squares the move being built can reach.
    pub reach: Bitboard,
    /// Squares the last move touched.
    pub last: Bitboard,
    /// Squares the move suggested (a hint, the analysis's best) puts pieces on.
    pub hint: Bitboard,
    /// Squares where a road threat ("Tak!") would be completed.
    pub threat: Bitboard,
    /// Pieces carried by the move being built, over the square they hover above.
    pub hand: Option<(Square, Stack)>,
}

/// The board as it is to be drawn: the stacks (perhaps a preview of a move) and the marks over
/// them. Screens build one per frame from their state; it can be checked without drawing.
#[derive(Clone, Debug)]
pub struct BoardView {
    /// The stacks shown.
    pub board: Board,
    /// The marks over them.
    pub marks: Marks,
}

impl BoardView {
    /// `position` as it stands: its winning road and the squares `last` (the last move shown)
    /// touched marked.
    #[must_use]
    pub fn of(position: &Position, last: Option<Move>) -> BoardView {
        let mut marks = Marks {
            last: last.map_or(Bitboard::EMPTY, |mv| touched(position, mv)),
            ..Marks::default()
        };
        if let GameResult::Win {
            reason: WinReason::Road { squares },
            ..
        } = position.result()
        {
            marks.road = squares;
        }
        BoardView {
            board: position.board().clone(),
            marks,
        }
    }

    /// Marks where the legal moves from `square` put pieces (the square itself, for a
    /// placement).
    pub fn mark_moves_from(&mut self, position: &Position, square: Square) {
        self.marks.reach = position
            .legal_moves_from(square)
            .into_iter()
            .flat_map(|mv| mv.targets(position.size()))
            .fold(Bitboard::EMPTY, |reach, square| reach | square.bit());
    }

    /// Draws the board into `buf` at the layout's board region.
    pub fn draw(&self, buf: &mut Buffer, layout: &GameLayout, theme: Theme) {
        draw(buf, layout, &self.board, &self.marks, theme);
    }
}

/// The squares a move touched: the placement, or the start and every square dropped on.
#[must_use]
pub fn touched(position: &Position, mv: Move) -> Bitboard {
    mv.targets(position.size())
        .fold(mv.square.bit(), |squares, square| squares | square.bit())
}

/// Draws `board` into `buf` at the layout's board region.
pub fn draw(buf: &mut Buffer, layout: &GameLayout, board: &Board, marks: &Marks, theme: Theme) {
    let size = board.size();
    let n = size.get();
    let area = layout.board;
    let dim = theme.dim();
    // File letters above and below, rank numbers left and right; turned a quarter, the other
    // way round. Either way a label names the line of squares drawn beside it.
    for i in 0..n {
        let (x, y, width) = layout.drawn_cell(i, i);
        let x = x + width / 2;
        if let Some(across) = layout.orientation.column_label(i, size) {
            let bottom = area.y + area.height.saturating_sub(1);
            put_char(buf, area, (x, area.y), across, dim);
            put_char(buf, area, (x, bottom), across, dim);
        }
        if let Some(down) = layout.orientation.row_label(i, size) {
            put_char(buf, area, (area.x, y), down, dim);
            put_char(buf, area, (area.x + area.width - 1, y), down, dim);
        }
    }
    if layout.cells.grid() {
        draw_grid(buf, layout, n, theme);
    }
    for square in board.size().squares() {
        draw_square(buf, layout, board.stack(square), square, marks, theme);
    }
    // The cursor's brackets sit on the grid (or the spaces) either side of its square.
    if let Some(cursor) = marks.cursor {
        let (x, y, width) = layout.cell(cursor);
        let style = theme.heading();
        for row in 0..layout.cells.lines() {
            put_char(buf, area, (x - 1, y + row), '[', style);
            put_char(buf, area, (x + width, y + row), ']', style);
        }
    }
}

fn draw_grid(buf: &mut Buffer, layout: &GameLayout, n: u8, theme: Theme) {
    let style = theme.dim();
    let (pitch_w, pitch_h) = layout.cells.pitch();
    let x0 = layout.board.x + 2;
    let y0 = layout.board.y + 1;
    let (width, height) = (pitch_w * u16::from(n), pitch_h * u16::from(n));
    for row in 0..=height {
        let on_h = row % pitch_h == 0;
        // Between horizontal lines only the vertical ones cross a row: step over the squares.
        let step = if on_h { 1 } else { pitch_w };
        for col in (0..=width).step_by(usize::from(step)) {
            let on_v = col % pitch_w == 0;
            let c = theme.line(Joins {
                up: on_v && row > 0,
                down: on_v && row < height,
                left: on_h && col > 0,
                right: on_h && col < width,
            });
            put_char(buf, layout.board, (x0 + col, y0 + row), c, style);
        }
    }
}

fn draw_square(
    buf: &mut Buffer,
    layout: &GameLayout,
    stack: Stack,
    square: Square,
    marks: &Marks,
    theme: Theme,
) {
    let (x, y, width) = layout.cell(square);
    let mark = if marks.road.contains(square) {
        Some(Mark::Road)
    } else if marks.reach.contains(square) {
        Some(Mark::Reach)
    } else if marks.hint.contains(square) {
        Some(Mark::Hint)
    } else if marks.threat.contains(square) {
        Some(Mark::Threat)
    } else if marks.last.contains(square) {
        Some(Mark::Last)
    } else {
        None
    };
    let cursor = marks.cursor == Some(square);
    let base = if cursor { theme.cursor() } else { Style::new() };
    let area = layout.board;
    let lines = layout.cells.lines();
    for dy in 0..lines {
        for dx in 0..width {
            put_char(buf, area, (x + dx, y + dy), ' ', base);
        }
    }

    // First line: the top piece's glyph, a mark, the height when above 1. Squares in a grid
    // leave a column of air on the left; the others have none to spare.
    let air = u16::from(layout.cells.grid());
    let (top_x, top_width) = (x + air, width - air);
    match stack.top() {
        Some(top) => put_char(
            buf,
            area,
            (top_x, y),
            theme.glyph(top),
            base.patch(theme.player(top.color)),
        ),
        None => put_char(
            buf,
            area,
            (top_x, y),
            theme.empty(),
            base.patch(theme.dim()),
        ),
    }
    if let Some(mark) = mark {
        let style = base.patch(theme.mark(mark));
        put_char(buf, area, (top_x + 1, y), theme.mark_glyph(mark), style);
    }
    if stack.height() > 1 {
        let height = match stack.height() {
            h if h > 99 => "9+".to_owned(),
            h => h.to_string(),
        };
        let text = format!("{height:>w$}", w = usize::from(top_width - 2));
        for (dx, c) in (2..).zip(text.chars()) {
            put_char(buf, area, (top_x + dx, y), c, base);
        }
    }
    if lines > 1 {
        let owners = Rect::new(x, y + 1, width, lines - 1);
        owners_lines(buf, area, stack, square, marks, theme, owners, base);
    }
}

/// A square's lines under the top piece: the owners of the pieces (1 White, 2 Black), drawn
/// as the stack stands, its bottom on the square's bottom line and its top above, spread over
/// the lines there are (a tall stack looks tall, and no line holds a lone piece); when they
/// cannot all show, the lowest give way to how many are hidden (`5…`). Or the pieces in hand
/// hovering here.
#[allow(clippy::too_many_arguments)]
fn owners_lines(
    buf: &mut Buffer,
    area: Rect,
    stack: Stack,
    square: Square,
    marks: &Marks,
    theme: Theme,
    room: Rect,
    base: Style,
) {
    let more = if theme.ascii { ':' } else { '…' };
    let capacity = usize::from(room.width) * usize::from(room.height);
    if let Some((hover, hand)) = marks.hand
        && hover == square
    {
        // Where the i-th character goes, reading the room's lines in order.
        let at = |i: usize| {
            let i = u16::try_from(i).unwrap_or(u16::MAX);
            (room.x + i % room.width, room.y + i / room.width)
        };
        let style = base.patch(theme.mark(Mark::Reach));
        let hand = hand.to_string();
        // Too long: the top end is the one that matters (it lands last, and says what the
        // top piece is), so the bottom end gives way.
        let room = capacity - 1;
        let text = if hand.len() > room {
            format!("^{more}{}", &hand[hand.len() - (room - 1)..])
        } else {
            format!("^{hand}")
        };
        for (i, c) in text.chars().take(capacity).enumerate() {
            put_char(buf, area, at(i), c, style);
        }
        return;
    }
    if stack.height() < 2 || capacity == 0 {
        return;
    }
    let count = stack.height() as usize;
    // What is drawn, bottom to top: the count hidden (dim), then the owners shown.
    let mut items: Vec<(char, Style)> = Vec::with_capacity(capacity);
    let hidden = hidden_below(count, capacity);
    if hidden > 0 {
        let style = base.patch(theme.dim());
        items.extend(hidden.to_string().chars().map(|c| (c, style)));
        items.push((more, style));
    }
    for piece in stack.pieces().skip(hidden) {
        let digit = char::from(b'0' + piece.color.number());
        items.push((digit, base.patch(theme.player(piece.color))));
    }
    // As many a line as spreads them evenly over the lines there are, filled from the bottom.
    let lines = usize::from(room.height);
    let per_line = items
        .len()
        .div_ceil(lines)
        .clamp(1, usize::from(room.width));
    for (i, (c, style)) in items.into_iter().enumerate() {
        let (line, column) = (i / per_line, i % per_line);
        let (Ok(line), Ok(column)) = (u16::try_from(line), u16::try_from(column)) else {
            break;
        };
        if line >= room.height {
            break;
        }
        let y = room.y + room.height - 1 - line;
        put_char(buf, area, (room.x + column, y), c, style);
    }
}

/// How many of a stack of `count` pieces are left out when `capacity` characters show the
/// rest and the number left out, with its mark (`5…`).
fn hidden_below(count: usize, capacity: usize) -> usize {
    if count <= capacity {
        return 0;
    }
    // The label's length depends on the number it says: grow it until it fits.
    let mut label = 2;
    loop {
        let hidden = count - capacity.saturating_sub(label).min(count);
        let needed = hidden.to_string().len() + 1;
        if needed <= label {
            return hidden;
        }
        label = needed;
    }
}

/// Writes one character at `(x, y)` if it lies inside `area`: the grid's thousand-odd cells
/// are set directly, without the text layout a string needs.
fn put_char(buf: &mut Buffer, area: Rect, (x, y): (u16, u16), c: char, style: Style) {
    let inside =
        (area.x..area.x + area.width).contains(&x) && (area.y..area.y + area.height).contains(&y);
    if inside && let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(c).set_style(style);
    }
}

#[cfg(test)]
mod tests;
