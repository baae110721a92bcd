//! The colours of each theme, one palette per kind of terminal background.

use ratatui::style::Color as Rgb;

/// Which colours the game uses, for the terminal's background.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Palette {
    /// Bright colours for dark backgrounds (the default).
    #[default]
    Dark,
    /// Deep colours for light backgrounds, where bright yellow on white cannot be read.
    Light,
    /// For Solarized-dark terminals.
    SolarizedDark,
}

/// The colour of each part of the screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Colors {
    /// White's pieces and name.
    pub white: Rgb,
    /// Black's pieces and name.
    pub black: Rgb,
    /// The winning road's mark.
    pub road: Rgb,
    /// The mark of squares a move being built can reach.
    pub reach: Rgb,
    /// The mark of squares the last move touched.
    pub last: Rgb,
    /// Grid lines, labels and quiet text.
    pub dim: Rgb,
    /// Error messages.
    pub error: Rgb,
    /// Good news and hints.
    pub good: Rgb,
    /// The "Tak!" warning.
    pub warning: Rgb,
}

/// The ANSI bright colours that always looked good on black terminals.
const DARK: Colors = Colors {
    white: Rgb::LightYellow,
    black: Rgb::LightBlue,
    road: Rgb::LightGreen,
    reach: Rgb::LightMagenta,
    last: Rgb::LightRed,
    dim: Rgb::DarkGray,
    error: Rgb::LightRed,
    good: Rgb::LightGreen,
    warning: Rgb::Yellow,
};

/// Deep colours from the 256-colour table (whose entries above 15 terminal colour schemes do
/// not change), each readable on white: brown for White, navy for Black, a mid grey grid.
const LIGHT: Colors = Colors {
    white: Rgb::Indexed(130),
    black: Rgb::Indexed(19),
    road: Rgb::Indexed(28),
    reach: Rgb::Indexed(127),
    last: Rgb::Indexed(160),
    dim: Rgb::Indexed(244),
    error: Rgb::Indexed(160),
    good: Rgb::Indexed(28),
    warning: Rgb::Indexed(166),
};

/// Solarized's accents as its 256-colour approximations. Not the ANSI bright colours: a
/// Solarized terminal maps those to its greys, bright black (the default grid's colour) to the
/// background itself, and bold text may be shown bright.
const SOLARIZED_DARK: Colors = Colors {
    white: Rgb::Indexed(136),
    black: Rgb::Indexed(33),
    road: Rgb::Indexed(64),
    reach: Rgb::Indexed(125),
    last: Rgb::Indexed(160),
    dim: Rgb::Indexed(243),
    error: Rgb::Indexed(160),
    good: Rgb::Indexed(64),
    warning: Rgb::Indexed(166),
};

impl Palette {
    /// Every palette.
    pub const ALL: [Palette; 3] = [Palette::Dark, Palette::Light, Palette::SolarizedDark];

    /// The palette's colours.
    #[must_use]
    pub const fn colors(self) -> &'static Colors {
        match self {
            Palette::Dark => &DARK,
            Palette::Light => &LIGHT,
            Palette::SolarizedDark => &SOLARIZED_DARK,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Solarized-dark's background is ANSI bright black, and its other bright colours are
    /// greys: a palette for it must use none of them.
    #[test]
    fn solarized_dark_uses_no_colour_the_scheme_turns_grey() {
        let Colors {
            white,
            black,
            road,
            reach,
            last,
            dim,
            error,
            good,
            warning,
        } = *Palette::SolarizedDark.colors();
        for color in [white, black, road, reach, last, dim, error, good, warning] {
            assert!(
                matches!(color, Rgb::Indexed(n) if n > 15),
                "{color:?} is one of the 16 colours a scheme redefines"
            );
        }
    }

    #[test]
    fn the_players_differ_in_every_palette() {
        for palette in Palette::ALL {
            let colors = palette.colors();
            assert_ne!(colors.white, colors.black, "{palette:?}");
            assert_ne!(colors.white, colors.dim, "{palette:?}");
            assert_ne!(colors.black, colors.dim, "{palette:?}");
        }
    }
}
