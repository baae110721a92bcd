//! How pieces and marks look: glyphs (Unicode or ASCII) and colours (or none).
//!
//! Everything stays readable without colour: owners by letter case (`F S C` White, `f s c`
//! Black), the cursor by brackets and reverse video, marks by their own glyphs. Colour is added
//! on top when allowed, from the [`Palette`] chosen for the terminal's background. Only narrow
//! characters are used, so boards line up in every terminal.

pub mod ascii;
mod palette;

use ratatui::style::{Color as Rgb, Modifier, Style};
use ratatui::symbols::border;

pub use palette::{Colors, Palette};

use crate::rules::{Color, Piece, Role};

/// The look of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Theme {
    /// Plain ASCII only: no box drawing or symbols.
    pub ascii: bool,
    /// Colours allowed (off with `--color never` or `NO_COLOR`).
    pub color: bool,
    /// Which colours, when they are allowed.
    pub palette: Palette,
}

impl Theme {
    /// The look without colour, on the dark palette (`ascii` for plain ASCII): what tests
    /// draw with, so that only the text and its emphasis are compared.
    #[must_use]
    pub const fn plain(ascii: bool) -> Theme {
        Theme {
            ascii,
            color: false,
            palette: Palette::Dark,
        }
    }
}

/// Which ways grid lines leave a point of the board's grid.
#[allow(clippy::struct_excessive_bools)] // one flag per direction is the clearest form
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Joins {
    /// A line goes up.
    pub up: bool,
    /// A line goes down.
    pub down: bool,
    /// A line goes left.
    pub left: bool,
    /// A line goes right.
    pub right: bool,
}

/// The marks a square can carry, most important first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    /// Part of the winning road.
    Road,
    /// A square the move being built can reach.
    Reach,
    /// Touched by the last move.
    Last,
    /// Where the move suggested (a hint, the analysis's best) puts pieces.
    Hint,
    /// Where a road threat ("Tak!") would be completed.
    Threat,
}

const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

impl Theme {
    /// The glyph for a piece: `F S C` for White, `f s c` for Black.
    #[must_use]
    pub const fn glyph(self, piece: Piece) -> char {
        match (piece.color, piece.role) {
            (Color::White, Role::Flat) => 'F',
            (Color::White, Role::Wall) => 'S',
            (Color::White, Role::Cap) => 'C',
            (Color::Black, Role::Flat) => 'f',
            (Color::Black, Role::Wall) => 's',
            (Color::Black, Role::Cap) => 'c',
        }
    }

    /// The glyph for a mark.
    #[must_use]
    pub const fn mark_glyph(self, mark: Mark) -> char {
        match (mark, self.ascii) {
            (Mark::Road, _) => '#',
            (Mark::Reach, _) => '+',
            (Mark::Last, true) => '*',
            (Mark::Last, false) => '•',
            (Mark::Hint, true) => '>',
            (Mark::Hint, false) => '»',
            (Mark::Threat, _) => '!',
        }
    }

    /// What an empty square shows.
    #[must_use]
    pub const fn empty(self) -> char {
        if self.ascii { '.' } else { '·' }
    }

    /// Box lines for panels and dialogs.
    #[must_use]
    pub const fn border(self) -> border::Set<'static> {
        if self.ascii {
            ASCII_BORDER
        } else {
            border::ROUNDED
        }
    }

    /// The board grid's character at a point where lines leave in the given directions.
    #[must_use]
    pub const fn line(self, joins: Joins) -> char {
        let Joins {
            up,
            down,
            left,
            right,
        } = joins;
        if self.ascii {
            return match (up || down, left || right) {
                (true, true) => '+',
                (true, false) => '|',
                _ => '-',
            };
        }
        match (up, down, left, right) {
            (false, true, false, true) => '┌',
            (false, true, true, false) => '┐',
            (true, false, false, true) => '└',
            (true, false, true, false) => '┘',
            (true, true, false, true) => '├',
            (true, true, true, false) => '┤',
            (false, true, true, true) => '┬',
            (true, false, true, true) => '┴',
            (true, true, true, true) => '┼',
            (_, _, false, false) => '│',
            _ => '─',
        }
    }

    /// The marker after a ply where variations leave the line shown.
    #[must_use]
    pub const fn branch_marker(self) -> &'static str {
        if self.ascii { "&" } else { "⑂" }
    }

    /// The marker after a ply that gave the opponent a forced road (`M` in a replay).
    #[must_use]
    pub const fn road_given_marker(self) -> &'static str {
        if self.ascii { "T" } else { "†" }
    }

    /// The marker after a ply that let its player's forced road go (`M` in a replay).
    #[must_use]
    pub const fn road_missed_marker(self) -> &'static str {
        if self.ascii { "x" } else { "×" }
    }

    /// The marker for whose turn it is.
    #[must_use]
    pub const fn turn_marker(self) -> &'static str {
        if self.ascii { ">" } else { "▶" }
    }

    /// The palette's colours.
    #[must_use]
    pub const fn colors(self) -> &'static Colors {
        self.palette.colors()
    }

    fn fg(self, color: Rgb) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    /// A player's pieces and name.
    #[must_use]
    pub fn player(self, color: Color) -> Style {
        let colors = self.colors();
        let fg = match color {
            Color::White => colors.white,
            Color::Black => colors.black,
        };
        self.fg(fg).add_modifier(Modifier::BOLD)
    }

    /// A mark on a square.
    #[must_use]
    pub fn mark(self, mark: Mark) -> Style {
        let colors = self.colors();
        let fg = match mark {
            Mark::Road => colors.road,
            Mark::Reach => colors.reach,
            Mark::Last => colors.last,
            Mark::Hint => colors.good,
            Mark::Threat => colors.warning,
        };
        self.fg(fg).add_modifier(Modifier::BOLD)
    }

    /// The cursor square: reverse video, whatever the colours.
    #[must_use]
    pub fn cursor(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// Grid lines, labels and other quiet text.
    #[must_use]
    pub fn dim(self) -> Style {
        self.fg(self.colors().dim)
    }

    /// Headings and the focused element's frame.
    #[must_use]
    pub fn heading(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// An error message.
    #[must_use]
    pub fn error(self) -> Style {
        self.fg(self.colors().error).add_modifier(Modifier::BOLD)
    }

    /// Good news and hints.
    #[must_use]
    pub fn good(self) -> Style {
        self.fg(self.colors().good)
    }

    /// The "Tak!" warning.
    #[must_use]
    pub fn warning(self) -> Style {
        self.fg(self.colors().warning).add_modifier(Modifier::BOLD)
    }
}
