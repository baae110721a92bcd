//! What a replay shows about the record: its tags, the ply shown with its marks and comments,
//! and at the end whether the recorded result agrees with the rules.

use ratatui::text::{Line, Span};

use std::time::Duration;

use crate::game::tinue_scan::PlyTinue;
use crate::record::GameRecord;
use crate::rules::{Color, GameResult, Move, Position};
use crate::tui::theme::Theme;

/// A record being replayed, as the panel tells of it.
#[derive(Clone, Copy, Debug)]
pub struct RecordInfo<'a> {
    /// The record.
    pub record: &'a GameRecord,
    /// Plies shown.
    pub shown: usize,
    /// The position shown.
    pub position: &'a Position,
    /// Autoplay's pace, while it runs.
    pub autoplay: Option<Duration>,
    /// The line shown is a variation, not the record's main line.
    pub variation: bool,
    /// Where each ply of the line shown gave a forced road away or missed one, once marked.
    pub roads: Option<&'a [PlyTinue]>,
    /// The look.
    pub theme: Theme,
}

/// The most lines of comments shown for one ply; longer ones are cut with a note.
const COMMENT_LINES: usize = 6;

/// The record's tags worth knowing: event, site, date, clock, komi, result.
impl RecordInfo<'_> {
    #[must_use]
    pub fn header(&self) -> Vec<Line<'static>> {
        let theme = self.theme;
        let tags = self.record.tags();
        let mut lines = Vec::new();
        let event: Vec<&str> = ["Event", "Site"]
            .iter()
            .filter_map(|t| tags.get(t))
            .collect();
        if !event.is_empty() {
            lines.push(Line::styled(
                format!("  {}", event.join(" · ")),
                theme.heading(),
            ));
        }
        let mut facts = Vec::new();
        if let Some(date) = tags.date() {
            facts.push(date);
        }
        for (tag, label) in [("Clock", "clock "), ("Result", "result ")] {
            if let Some(value) = tags.get(tag).filter(|v| !v.trim().is_empty()) {
                facts.push(format!("{label}{value}"));
            }
        }
        if !facts.is_empty() {
            lines.push(Line::styled(
                format!("  {}", facts.join(" · ")),
                theme.dim(),
            ));
        }
        lines
    }

    /// The ply shown, its marks and comments, and the record's end.
    #[must_use]
    pub fn ply_lines(&self, width: u16) -> Vec<Line<'static>> {
        let theme = self.theme;
        let record = self.record;
        let shown = self.shown;
        let total = record.plies().len();
        let mut lines = Vec::new();
        let label = match shown.checked_sub(1).map(|i| (i, &record.plies()[i])) {
            None => "start position".to_owned(),
            Some((index, ply)) => {
                let (number, color) = record.ply_number(index);
                let dots = if color == Color::White { "." } else { "..." };
                format!("{number}{dots} {}{}", ply.mv, ply.marks)
            }
        };
        let mut spans = vec![
            Span::styled(
                if self.variation {
                    format!("  Ply {shown} of {total} (a variation): ")
                } else {
                    format!("  Ply {shown} of {total}: ")
                },
                theme.heading(),
            ),
            Span::raw(label),
        ];
        if let Some(speed) = self.autoplay {
            spans.push(Span::styled(
                format!("  playing, {:.1}s", speed.as_secs_f32()),
                theme.good(),
            ));
        }
        lines.push(Line::from(spans));
        lines.extend(self.road_lines());
        let comments = match shown.checked_sub(1) {
            None => record.comments(),
            Some(index) => &record.plies()[index].comments,
        };
        let mut text_lines = Vec::new();
        for comment in comments {
            text_lines.extend(wrap(comment.trim(), width.saturating_sub(4) as usize));
        }
        let cut = text_lines.len().saturating_sub(COMMENT_LINES);
        for line in text_lines.into_iter().take(COMMENT_LINES) {
            lines.push(Line::styled(format!("  {line}"), theme.good()));
        }
        if cut > 0 {
            lines.push(Line::styled(
                format!(
                    "  ... {} of comment",
                    crate::words::count(cut, "more line", "more lines")
                ),
                theme.dim(),
            ));
        }
        if shown == total {
            lines.extend(self.agreement());
        }
        lines
    }

    /// The forced roads the ply shown gave away or missed, with their lines.
    fn road_lines(&self) -> Vec<Line<'static>> {
        let Some(marks) = self.shown.checked_sub(1).and_then(|i| self.roads?.get(i)) else {
            return Vec::new();
        };
        let theme = self.theme;
        let mut lines = Vec::new();
        if let Some((winner, road)) = &marks.gives {
            lines.push(Line::styled(
                format!(
                    "  {} after this ply {winner} forces a road in {}: {}",
                    theme.road_given_marker(),
                    road.len(),
                    moves(road)
                ),
                theme.warning(),
            ));
        }
        if let Some((player, road)) = &marks.missed {
            lines.push(Line::styled(
                format!(
                    "  {} {player} missed a forced road here ({})",
                    theme.road_missed_marker(),
                    moves(road)
                ),
                theme.warning(),
            ));
        }
        lines
    }

    /// At the end of the record: whether the recorded result agrees with the rules.
    fn agreement(&self) -> Vec<Line<'static>> {
        let theme = self.theme;
        let record = self.record;
        let Some(recorded) = record.recorded_result() else {
            return Vec::new();
        };
        let result = self.position.result();
        let text = match recorded.trim() {
            "1-0" => "recorded 1-0: White won by resignation or time".to_owned(),
            "0-1" => "recorded 0-1: Black won by resignation or time".to_owned(),
            "0-0" => "recorded 0-0: no result".to_owned(),
            "1/2-1/2" if result == GameResult::Ongoing => {
                "recorded 1/2-1/2: a draw agreed before the board decided".to_owned()
            }
            token if result.supports(token) => format!("recorded {token}: the rules agree"),
            token if result == GameResult::Ongoing => {
                format!("recorded {token}, but the game goes on here")
            }
            token => format!(
                "recorded {token}, but the rules say {}",
                result.ptn().unwrap_or("*")
            ),
        };
        let style = if text.contains("but") {
            theme.warning()
        } else {
            theme.good()
        };
        vec![Line::styled(format!("  {text}"), style)]
    }
}

/// Moves in PTN, one after another.
fn moves(line: &[Move]) -> String {
    line.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Words wrapped to lines of at most `width` characters (long words are cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut lines = Vec::new();
    // A comment's own line breaks were made for another width: its lines run together into
    // paragraphs (a blank line parts them), which wrap to this one.
    let mut paragraphs = vec![String::new()];
    for line in text.lines() {
        if line.trim().is_empty() {
            paragraphs.push(String::new());
        } else if let Some(last) = paragraphs.last_mut() {
            last.push(' ');
            last.push_str(line);
        }
    }
    for paragraph in &paragraphs {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let word: String = word.chars().take(width).collect();
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn comments_wrap_at_word_boundaries() {
        assert_eq!(wrap("one two three four", 9), ["one two", "three", "four"]);
        assert_eq!(wrap("a\n\nb", 9), ["a", "b"]);
        // Lines broken for another width run together.
        assert_eq!(
            wrap("a long line\nbroken\nshort", 20),
            ["a long line broken", "short"]
        );
    }
}
