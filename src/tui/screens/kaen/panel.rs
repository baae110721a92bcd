//! The Kaen panel beside the diamond: holdings, bets, pot, the marker, the die, open rows,
//! what is not offered and why, the learning hints, the series table and its verdict. It is
//! fitted to the room it has: the series table and verdict always in view, the hints as many
//! as fit, in order of use.

use ratatui::text::{Line, Span};

use super::KaenScreen;
use crate::kaen::{Action, Face, Marker, Phase, Player, SeriesEnd};
use crate::tui::theme::Theme;
use crate::tui::widgets::names;
use crate::tui::widgets::series_table::{Row, SeriesTable};

impl KaenScreen {
    /// The panel's lines for a panel `width` columns wide and `height` lines high: what the
    /// game stands at, then the learning hints as many as fit, then the series table (its
    /// earlier games left out when it would not fit) and its verdict, always in view.
    pub(super) fn panel_lines(&self, theme: Theme, width: u16, height: u16) -> Vec<Line<'static>> {
        let mut lines = self.state_lines(theme, width);
        let mut end = self.verdict(theme);
        let room =
            |lines: &[Line<'static>]| usize::from(height).saturating_sub(taken(lines, width));
        // The table with as many games as fit, down to none (then only its worth row).
        let mut table = Vec::new();
        for games in (0..=SERIES_ROWS).rev() {
            table = self.series_table(theme, games, width);
            let mut below = vec![Line::default()];
            below.extend(table.iter().cloned());
            below.extend(end.iter().cloned());
            if taken(&below, width) <= room(&lines) || games == 0 {
                break;
            }
        }
        if self.learn {
            let mut left =
                room(&lines).saturating_sub(1 + taken(&table, width) + taken(&end, width));
            for hint in self.hints(theme) {
                let rows = taken(std::slice::from_ref(&hint), width);
                if rows <= left {
                    left -= rows;
                    lines.push(hint);
                }
            }
        }
        lines.push(Line::default());
        lines.append(&mut table);
        lines.append(&mut end);
        lines
    }

    /// What the game stands at: holdings, bets, pot, marker, the die, open rows, and what is
    /// not offered and why.
    fn state_lines(&self, theme: Theme, width: u16) -> Vec<Line<'static>> {
        let game = self.shown_game();
        // The names' column as wide as the panel lets each player's line stay one line (10
        // at the least size), up to 20.
        let w = usize::from(width)
            .saturating_sub(2 + 6 + 5 + 7)
            .clamp(10, 20);
        let mut lines = vec![Line::from(Span::styled(
            format!(
                "{:<w$}{:>6}{:>5}{:>7}",
                "",
                "holds",
                "bet",
                "stones",
                w = w + 2
            ),
            theme.dim(),
        ))];
        for player in Player::BOTH {
            let marker = if !game.is_over() && game.actor() == player {
                "> "
            } else {
                "  "
            };
            let name = names::fitted(&self.name(player), w, theme.ascii);
            lines.push(Line::from(vec![
                Span::raw(marker),
                Span::styled(format!("{name:<w$}"), theme.player(color(player))),
                Span::raw(format!(
                    "{:>6}{:>5}{:>7}",
                    game.holdings(player),
                    game.bet(player),
                    game.stones(player)
                )),
            ]));
        }
        let marker = match game.marker() {
            // The rulebook passes the marker with the offer, before it is answered.
            _ if game.phase() == Phase::DoubleOffered => {
                format!(
                    "passed to {} with the offer",
                    self.panel_name(game.actor(), theme)
                )
            }
            Marker::Neutral => "neutral (either may double)".to_owned(),
            Marker::With(p) => format!("with {} (only they may double)", self.panel_name(p, theme)),
        };
        lines.push(Line::from(format!("pot {} · marker {marker}", game.pot())));
        if let Some(face) = self.tumbling() {
            lines.push(Line::from(vec![
                Span::raw("die: "),
                Span::styled(
                    format!("{} ({}) …rolling", face.name(), face.number()),
                    theme.dim(),
                ),
            ]));
        } else if let Phase::Place(face) | Phase::FullRow(face) = game.phase() {
            lines.push(Line::from(vec![
                Span::raw("die: "),
                Span::styled(
                    format!("{} ({})", face.name(), face.number()),
                    theme.warning(),
                ),
                Span::raw(format!(
                    ": {}'s row {}",
                    self.name(game.to_move()),
                    face.number()
                )),
            ]));
        }
        lines.push(Line::from(format!(
            "open rows: {} {} · {} {}",
            self.panel_name(Player::One, theme),
            rows(&game.board().open_rows(Player::One)),
            self.panel_name(Player::Two, theme),
            rows(&game.board().open_rows(Player::Two)),
        )));
        for line in self.not_offered() {
            lines.push(Line::from(Span::styled(line, theme.error())));
        }
        lines
    }

    /// `player`'s name as the panel's lines say it: short enough for a line of its own
    /// (`Computer 8`), never cut inside.
    fn panel_name(&self, player: Player, theme: Theme) -> String {
        names::fitted(&self.name(player), PANEL_NAME, theme.ascii)
    }

    /// Once the series is over, why and who won it.
    fn verdict(&self, theme: Theme) -> Vec<Line<'static>> {
        let series = self.session.record().series();
        let mut lines = Vec::new();
        if let Some(end) = series.end() {
            let why = match end {
                SeriesEnd::AllPlayed => "every game played".to_owned(),
                SeriesEnd::Broke(p) => format!("{} cannot cover the bet", self.name(p)),
            };
            let (one, two) = (series.worth(Player::One), series.worth(Player::Two));
            let verdict = match one.cmp(&two) {
                std::cmp::Ordering::Greater => {
                    format!(
                        "{} wins the series, {one} chips to {two}",
                        self.name(Player::One)
                    )
                }
                std::cmp::Ordering::Less => {
                    format!(
                        "{} wins the series, {two} chips to {one}",
                        self.name(Player::Two)
                    )
                }
                std::cmp::Ordering::Equal => format!("the series is drawn, {one} chips each"),
            };
            lines.push(Line::from(Span::styled(
                format!("series over: {why}; {verdict}"),
                theme.good(),
            )));
        }
        lines
    }

    /// The learning hints: the odds of a blocked roll, what each choice costs.
    fn hints(&self, theme: Theme) -> Vec<Line<'static>> {
        let game = self.shown_game();
        if game.is_over() {
            return Vec::new();
        }
        if game.phase() == Phase::DoubleOffered {
            // The answer is the one waited for: what each costs.
            let answerer = game.actor();
            let bet = game.bet(answerer);
            let accepting = if game.check(Action::Accept).is_ok() {
                format!(
                    "hint: accepting puts {bet} more in the pot ({} holds {}); the doubler \
                     does too, and only {} may double next",
                    self.name(answerer),
                    game.holdings(answerer),
                    self.name(answerer)
                )
            } else {
                format!(
                    "hint: accepting would take {bet} more, and {} holds only {}",
                    self.name(answerer),
                    game.holdings(answerer)
                )
            };
            return [
                accepting,
                format!("hint: forfeiting ends the game and loses the {bet} bet"),
            ]
            .into_iter()
            .map(|text| Line::from(Span::styled(text, theme.good())))
            .collect();
        }
        let mover = game.to_move();
        let open = game.board().open_rows(mover).len();
        let bet = game.bet(mover);
        let bridge = "hint: a bridge joins an Earth edge to the Sky edge opposite: row 1 to row 4 \
                      of either player's rows";
        // After the roll only what the rules allow now: no surrender, and a match or a
        // forfeit only on a full row.
        let now = match game.phase() {
            Phase::Place(face) => Some(format!(
                "hint: {} open in row {}: a stone there, no match or forfeit while the row \
                 has room",
                crate::words::count(
                    game.board().open_in_row(mover, face).len(),
                    "square",
                    "squares"
                ),
                face.number()
            )),
            Phase::FullRow(_) if self.can_match() => Some(format!(
                "hint: a match costs {bet} and play goes on; a forfeit loses the {bet} bet"
            )),
            Phase::FullRow(_) => Some(format!(
                "hint: a match would cost {bet}, more than {} holds: forfeit",
                self.name(mover)
            )),
            _ => None,
        };
        if let Some(now) = now {
            return [now, bridge.to_owned()]
                .into_iter()
                .map(|text| Line::from(Span::styled(text, theme.good())))
                .collect();
        }
        [
            match 4 - open {
                0 => format!(
                    "hint: all of {}'s rows have room: any roll can be placed",
                    self.name(mover)
                ),
                full => format!(
                    "hint: {} has {}: the odds of rolling one are {full} in 4",
                    self.name(mover),
                    crate::words::count(full, "full row", "full rows")
                ),
            },
            // Surrender only where the rules allow it now (not after one's own double).
            if game.check(Action::Surrender).is_ok() {
                format!(
                    "hint: surrender gets back {}, a forfeit loses {bet}, a match costs {bet}",
                    bet / 2
                )
            } else {
                format!("hint: a forfeit loses {bet}, a match costs {bet}")
            },
            bridge.to_owned(),
        ]
        .into_iter()
        .map(|text| Line::from(Span::styled(text, theme.good())))
        .collect()
    }

    /// The series table with at most `games` games (the last ones), `width` columns wide.
    fn series_table(&self, theme: Theme, games: usize, width: u16) -> Vec<Line<'static>> {
        let series = self.session.record().series();
        let played = series
            .played()
            .iter()
            .enumerate()
            .map(|(i, game)| {
                let mut rows = vec![Row {
                    label: (i + 1).to_string(),
                    cells: game.gain.map(|gain| format!("{gain:+}")),
                    note: self.ending(game.ending),
                    dim: false,
                }];
                if game.reload > 0 {
                    rows.push(Row {
                        cells: [0, 1].map(|_| format!("{:+}", game.reload)),
                        note: "reloaded: both given chips, the bet doubled".to_owned(),
                        dim: true,
                        ..Row::default()
                    });
                }
                rows
            })
            .collect();
        // Each player's chips all told: those held and those bet in the game now played
        // (the panel above shows the two apart); the table is drawn from the first game on,
        // its worth row with it.
        SeriesTable {
            names: Player::BOTH.map(|p| self.name(p)),
            games: played,
            total: Row {
                label: "worth".to_owned(),
                cells: Player::BOTH.map(|p| series.worth(p).to_string()),
                note: "held + bet".to_owned(),
                dim: false,
            },
            left_out: "w saves the whole series",
            // How each game ended is the table's news: it may wrap.
            notes_wrap: true,
            from_the_start: true,
        }
        .lines(theme, width, games)
    }
}

/// The widest a name is in the panel's lines.
const PANEL_NAME: usize = 12;

/// The most games the series table lists (the last ones).
const SERIES_ROWS: usize = 4;

fn rows(faces: &[Face]) -> String {
    if faces.is_empty() {
        return "none".to_owned();
    }
    faces
        .iter()
        .map(|f| f.number().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

const fn color(player: Player) -> crate::rules::Color {
    match player {
        Player::One => crate::rules::Color::White,
        Player::Two => crate::rules::Color::Black,
    }
}

/// How many lines `lines` take in a panel `width` columns wide, each wrapped at its words as
/// the panel's paragraph wraps them.
fn taken(lines: &[Line<'_>], width: u16) -> usize {
    let width = usize::from(width.max(1));
    lines
        .iter()
        .map(|line| {
            let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
            wrapped_rows(&text, width)
        })
        .sum()
}

/// The rows `text` takes wrapped greedily at spaces into `width` columns (a word longer than
/// a row is cut across rows).
fn wrapped_rows(text: &str, width: usize) -> usize {
    let mut rows = 1;
    let mut used = 0;
    for word in text.split(' ') {
        let len = word.chars().count();
        if used == 0 {
            used = len;
        } else if used + 1 + len <= width {
            used += 1 + len;
        } else {
            rows += 1;
            used = len;
        }
        while used > width {
            rows += 1;
            used -= width;
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::widgets::{Paragraph, Wrap};

    /// The rows the panel's paragraph really takes for `text` at `width`.
    fn drawn_rows(text: &str, width: u16) -> usize {
        let mut terminal = Terminal::new(TestBackend::new(width, 20)).expect("a test terminal");
        terminal
            .draw(|frame| {
                let paragraph = Paragraph::new(text.to_owned()).wrap(Wrap { trim: false });
                frame.render_widget(paragraph, frame.area());
            })
            .expect("drawn");
        let buffer = terminal.backend().buffer().clone();
        (0..20)
            .rev()
            .find(|&y| (0..width).any(|x| buffer[(x, y)].symbol() != " "))
            .map_or(0, |y| usize::from(y) + 1)
    }

    #[test]
    fn the_rows_counted_are_the_rows_the_panel_draws() {
        let texts = [
            "hint: a bridge joins an Earth edge to the Sky edge opposite: row 1 to row 4 of \
             either player's rows",
            "hint: surrender gets back 1, a forfeit loses 2, a match costs 2",
            "pot 4 · marker neutral (either may double)",
            "open rows: Player 1 1 2 3 4 · Player 2 1 2 3 4",
            "1          -2     +2  Player 1 forfeited",
            "series over: every game played; Player 2 wins the series, 102 chips to 98",
            "short",
        ];
        for text in texts {
            for width in 24..=60 {
                assert_eq!(
                    wrapped_rows(text, usize::from(width)),
                    drawn_rows(text, width),
                    "{text:?} at {width}"
                );
            }
        }
    }
}
