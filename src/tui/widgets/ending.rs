//! How a game ended, in words: who won and how (the road from which edge to which, the full
//! board, or who placed every piece), the flats with komi, and the rulebook's score. The panel,
//! the game-over dialog and a match's table all say it the same way.

use ratatui::text::{Line, Span};

use crate::game::{Ending, Loss, LossKind, player_name};
use crate::glossary;
use crate::record::GameRecord;
use crate::rules::{Bitboard, Color, GameResult, Position, WinReason};
use crate::tui::theme::Theme;
use crate::words::count;

/// The lines telling how the game at `position` (from `record`) ended; none while it goes on.
#[must_use]
pub fn lines(record: &GameRecord, position: &Position, theme: Theme) -> Vec<Line<'static>> {
    lines_with(record, position, theme, true)
}

/// As [`lines`], but without the flat count: for the panel, which shows it anyway.
#[must_use]
pub fn lines_without_flats(
    record: &GameRecord,
    position: &Position,
    theme: Theme,
) -> Vec<Line<'static>> {
    lines_with(record, position, theme, false)
}

fn lines_with(
    record: &GameRecord,
    position: &Position,
    theme: Theme,
    with_flats: bool,
) -> Vec<Line<'static>> {
    let result = position.result();
    let Some(token) = result.ptn() else {
        return Vec::new();
    };
    // "Alice (White) wins by road" when the players have names.
    let mut headline = capitalized(&format!("{result}: {token}"));
    if let Some(winner) = result.winner() {
        headline = headline.replacen(&winner.to_string(), &named(record, winner), 1);
    }
    let mut lines = vec![Line::from(vec![
        Span::raw("  "),
        Span::styled(headline, theme.good().patch(theme.heading())),
    ])];
    match result {
        GameResult::Win {
            reason: WinReason::Road { squares },
            ..
        } => {
            // A road made only for the opponent puzzles learners: say why it wins.
            let mover = record
                .plies()
                .len()
                .checked_sub(1)
                .map(|last| record.ply_number(last).1);
            if let Some(mover) = mover.filter(|&m| result.winner() == Some(!m)) {
                lines.push(Line::from(format!(
                    "  {}'s move made a road only for {}: a road made for the opponent \
                     wins for the opponent.",
                    player_name(record, mover),
                    player_name(record, !mover)
                )));
            }
            if glossary::is_trifoil(position) {
                lines.push(Line::styled(
                    "  A Trifoil: the road joins all four edges!",
                    theme.warning(),
                ));
            } else {
                lines.push(Line::from(format!("  {}", road_edges(position, squares))));
            }
        }
        GameResult::Win { .. } | GameResult::Draw => {
            lines.push(Line::from(format!("  {}", why_flats(record, position))));
            if !with_flats {
                return with_score(lines, record, position);
            }
            let flats = position.flat_count();
            let komi = if flats.komi.halves() == 0 {
                String::new()
            } else {
                format!(", komi {} to Black", flats.komi)
            };
            lines.push(Line::from(format!(
                "  Flats: White {}, Black {}{komi}",
                flats.white, flats.black
            )));
        }
        GameResult::Ongoing => {}
    }
    with_score(lines, record, position)
}

/// `lines` and the rulebook's score, when someone won.
fn with_score(
    mut lines: Vec<Line<'static>>,
    record: &GameRecord,
    position: &Position,
) -> Vec<Line<'static>> {
    if let Some((winner, score)) = position.score() {
        let area = position.size().area();
        lines.push(Line::from(format!(
            "  Score {score} to {}: {area} for the board + {} not played",
            player_name(record, winner),
            count((score - area) as usize, "piece", "pieces")
        )));
    }
    lines
}

/// The lines telling how the game ended other than on the board: lost (on time, by a
/// forfeit, by resigning) or drawn (by agreement, or for length).
#[must_use]
pub fn off_board(record: &GameRecord, ending: &Ending, theme: Theme) -> Vec<Line<'static>> {
    match ending {
        Ending::Lost(lost) => loss(record, lost, theme),
        Ending::AgreedDraw => vec![
            Line::from(vec![
                Span::raw("  "),
                Span::styled("Drawn by agreement: 1/2-1/2", theme.heading()),
            ]),
            Line::from(format!(
                "  {} and {} agreed to a draw.",
                player_name(record, Color::White),
                player_name(record, Color::Black)
            )),
        ],
        Ending::TooLong(plies) => vec![
            Line::from(vec![
                Span::raw("  "),
                Span::styled("Drawn for length: 1/2-1/2", theme.heading()),
            ]),
            Line::from(format!("  No end after {plies} plies.")),
        ],
    }
}

/// The lines telling how the game was lost other than on the board: on time, by a forfeit,
/// or by resigning.
fn loss(record: &GameRecord, loss: &Loss, theme: Theme) -> Vec<Line<'static>> {
    let loser = loss.loser;
    let token = match loser {
        Color::White => "0-1",
        Color::Black => "1-0",
    };
    let name = named(record, !loser);
    vec![
        Line::from(vec![
            Span::raw("  "),
            Span::styled(
                match loss.how {
                    LossKind::Time => format!("{name} wins on time: {token}"),
                    LossKind::Forfeit(_) => format!("{name} wins by forfeit: {token}"),
                    LossKind::Resignation => format!("{name} wins by resignation: {token}"),
                },
                theme.good().patch(theme.heading()),
            ),
        ]),
        Line::from(match &loss.how {
            LossKind::Time => format!("  {} ran out of time.", player_name(record, loser)),
            LossKind::Forfeit(why) => format!("  {} failed: {why}", player_name(record, loser)),
            LossKind::Resignation => format!("  {} resigned.", player_name(record, loser)),
        }),
    ]
}

/// `color`'s player named with the colour: "Ann (White)", "Computer (level 2) as Black"
/// (no brackets in brackets), or the colour alone when the record names nobody.
#[must_use]
pub fn named(record: &GameRecord, color: Color) -> String {
    let name = player_name(record, color);
    if name == color.to_string() {
        name
    } else if name.ends_with(')') {
        format!("{name} as {color}")
    } else {
        format!("{name} ({color})")
    }
}

/// `text` with its first letter upper case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Which edges the road joins: `the road joins the a-file to the e-file`.
fn road_edges(position: &Position, road: Bitboard) -> String {
    let size = position.size();
    let n = size.get();
    let last_file = char::from(b'a' + n - 1);
    let touches = |edge: Bitboard| !(road & edge).is_empty();
    let across = touches(Bitboard::west_edge(size)) && touches(Bitboard::east_edge(size));
    let up = touches(Bitboard::south_edge(size)) && touches(Bitboard::north_edge(size));
    match (across, up) {
        (true, false) => format!("The road joins the a-file to the {last_file}-file."),
        (false, true) => format!("The road joins rank 1 to rank {n}."),
        _ => "The road joins the edges both ways.".to_owned(),
    }
}

/// Why the flats decided: the board filled, or a player placed every piece.
fn why_flats(record: &GameRecord, position: &Position) -> String {
    let size = position.size();
    if position.board().occupied() == size.mask() {
        return "The board is full: the flats on top decide.".to_owned();
    }
    let spent = Color::ALL
        .into_iter()
        .find(|&color| position.reserves(color).total() == 0);
    match spent {
        Some(color) => format!(
            "{} has placed every piece: the flats on top decide.",
            player_name(record, color)
        ),
        None => "The flats on top decide.".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, GameConfig};

    fn text(moves: &[&str]) -> String {
        let mut record = GameRecord::for_config(GameConfig::new(BoardSize::new(3).unwrap()));
        for mv in moves {
            record.play(mv.parse().unwrap()).unwrap();
        }
        let theme = Theme::plain(true);
        let lines = lines(&record, record.position(), theme);
        lines
            .iter()
            .map(|l| {
                l.spans
                    .iter()
                    .map(|s| s.content.as_ref())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_road_says_which_edges_it_joins_and_the_score() {
        let said = text(&["c3", "a1", "b1", "c2", "c1"]);
        assert!(said.contains("White wins by road: R-0"), "{said}");
        assert!(
            said.contains("The road joins the a-file to the c-file."),
            "{said}"
        );
        assert!(
            said.contains("Score 16 to White: 9 for the board + 7 pieces not played"),
            "{said}"
        );
    }

    #[test]
    fn a_full_board_says_so_with_the_flats() {
        let said = text(&["a1", "a2", "b1", "b2", "c1", "c2", "a3", "b3", "c3"]);
        assert!(said.contains("The board is full"), "{said}");
        assert!(said.contains("Flats: White 5, Black 4"), "{said}");
    }
}
