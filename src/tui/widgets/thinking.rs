//! An engine's thinking as the panel shows it: whose search, its depth, its evaluation in
//! words and as a meter from White's side, and its best line.

use ratatui::text::{Line, Span};

use crate::engine::{Info, Score};
use crate::rules::Color;
use crate::tui::theme::Theme;

/// The lines for a search by `who` with `mover` to move, its latest report `info` (none yet:
/// just who is thinking).
#[must_use]
pub fn lines(who: &str, info: Option<&Info>, mover: Color, theme: Theme) -> Vec<Line<'static>> {
    let Some(info) = info else {
        return vec![Line::styled(format!("  {who}…"), theme.warning())];
    };
    let line: Vec<String> = info.pv.iter().take(6).map(ToString::to_string).collect();
    vec![
        Line::from(vec![
            Span::styled(format!("  {who}: "), theme.warning()),
            Span::raw(format!(
                "depth {}, {}",
                info.depth,
                score_words(info.score, mover)
            )),
        ]),
        meter(info.score, mover, theme),
        Line::styled(format!("  {}", line.join(" ")), theme.dim()),
    ]
}

/// A score in words from White's side: `+1.25 for White`, `Black wins by road in 3`.
pub fn score_words(score: Score, mover: Color) -> String {
    match score {
        Score::Centiflats(value) => {
            let white = if mover == Color::White { value } else { -value };
            format!("{:+.2} flats to White", f64::from(white) / 100.0)
        }
        Score::WinIn(plies) => format!("{mover} wins in {}", moves(plies)),
        Score::LossIn(plies) => format!("{} wins in {}", !mover, moves(plies)),
    }
}

/// Plies as whole moves of the winner's: `1 move`, `2 moves`.
fn moves(plies: u32) -> String {
    let n = plies.div_ceil(2).max(1);
    if n == 1 {
        "1 move".to_owned()
    } else {
        format!("{n} moves")
    }
}

/// The evaluation as a bar: White's share from the left.
fn meter(score: Score, mover: Color, theme: Theme) -> Line<'static> {
    const WIDTH: u8 = 24;
    let for_white = match (score, mover) {
        (Score::WinIn(_), Color::White) | (Score::LossIn(_), Color::Black) => 1.0,
        (Score::WinIn(_), Color::Black) | (Score::LossIn(_), Color::White) => 0.0,
        (Score::Centiflats(value), _) => {
            let white = if mover == Color::White { value } else { -value };
            0.5 + 0.5 * (f64::from(white) / 400.0).tanh()
        }
    };
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 0..=WIDTH
    let filled = (for_white * f64::from(WIDTH)).round() as usize;
    let width = usize::from(WIDTH);
    let (full, empty) = if theme.ascii {
        ("#", ".")
    } else {
        ("█", "░")
    };
    Line::from(vec![
        Span::styled("  White ", theme.player(Color::White)),
        Span::styled(full.repeat(filled), theme.player(Color::White)),
        Span::styled(empty.repeat(width - filled), theme.dim()),
        Span::styled(" Black", theme.player(Color::Black)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_said_from_whites_side() {
        assert_eq!(
            score_words(Score::Centiflats(125), Color::White),
            "+1.25 flats to White"
        );
        assert_eq!(
            score_words(Score::Centiflats(125), Color::Black),
            "-1.25 flats to White"
        );
        assert_eq!(
            score_words(Score::WinIn(1), Color::Black),
            "Black wins in 1 move"
        );
        assert_eq!(
            score_words(Score::LossIn(4), Color::White),
            "Black wins in 2 moves"
        );
    }
}
