//! The position as TPS and the game as PTN, to read, to select by hand, or to copy to the
//! terminal's clipboard with OSC 52. One part is chosen at a time (Tab); the PTN scrolls when
//! it is longer than the screen.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{Reply, popup};
use crate::notation::to_tps;
use crate::record::{GameRecord, write_game};
use crate::rules::Position;
use crate::tui::context::Context;
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::widgets::wrap::wrap;

/// What the dialog's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NotationIntent {
    /// Choose the other part.
    Switch,
    /// Choose this part.
    Choose(NotationPart),
    /// Copy the part chosen to the clipboard.
    Copy,
    /// Scroll the PTN by this many lines.
    Scroll(i16),
    /// Scroll the PTN by this many pages.
    Page(i16),
    /// The PTN's first lines.
    Top,
    /// The PTN's last lines.
    Bottom,
    /// Close the dialog.
    Close,
}

/// One of the two parts shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NotationPart {
    /// The position, as TPS.
    Tps,
    /// The game, as PTN.
    Ptn,
}

use NotationIntent as N;

/// The dialog's keys.
pub const NOTATION: KeyTable<NotationIntent> = KeyTable {
    title: "Notation",
    bindings: &[
        Binding::new(
            &[Key::Tab, Key::BackTab],
            N::Switch,
            "Tab",
            "choose the other part: the TPS or the PTN",
        )
        .bar("TPS/PTN"),
        Binding::new(
            &[Key::Char('t')],
            N::Choose(NotationPart::Tps),
            "t p",
            "choose the TPS, the PTN",
        ),
        Binding::new(
            &[Key::Char('p')],
            N::Choose(NotationPart::Ptn),
            "t p",
            "choose the TPS, the PTN",
        ),
        Binding::new(
            &[Key::Char('c'), Key::Enter],
            N::Copy,
            "c",
            "copy the part chosen to the clipboard, with OSC 52 (also Enter)",
        )
        .bar("copy"),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            N::Scroll(1),
            "Up Down",
            "scroll the PTN",
        )
        .bar_as("Up/Down", "scroll"),
        Binding::new(
            &[Key::Up, Key::Char('k')],
            N::Scroll(-1),
            "Up Down",
            "scroll the PTN",
        ),
        Binding::new(
            &[Key::PageDown, Key::Char(' ')],
            N::Page(1),
            "PgUp PgDn",
            "scroll the PTN a page",
        ),
        Binding::new(
            &[Key::PageUp],
            N::Page(-1),
            "PgUp PgDn",
            "scroll the PTN a page",
        ),
        Binding::new(&[Key::Home], N::Top, "Home End", "the PTN's start, its end"),
        Binding::new(
            &[Key::End],
            N::Bottom,
            "Home End",
            "the PTN's start, its end",
        ),
        Binding::new(
            &[Key::Esc, Key::Char('q'), Key::Char('N')],
            N::Close,
            "Esc",
            "close",
        )
        .bar("close"),
    ],
};

/// The widest the box is drawn: PTN's lines are short, and a narrow box reads better.
const WIDTH: u16 = 80;

/// The TPS of a position and the PTN of a game, one of them chosen to copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationDialog {
    tps: String,
    ptn: String,
    part: NotationPart,
    /// The first line of the PTN shown.
    scroll: usize,
    /// What the last copy came to.
    note: Option<String>,
}

/// The dialog laid out in a terminal: its text folded to the box, and how much of the PTN
/// fits. Keys and drawing both use it, so scrolling stops where the drawing ends.
struct Laid {
    rect: Rect,
    tps: Vec<String>,
    ptn: Vec<String>,
    /// Lines of the PTN shown at once.
    room: usize,
    /// The note and the keys, under the PTN.
    foot: Vec<Line<'static>>,
}

impl NotationDialog {
    /// `position` as TPS and `record` (with its variations) as PTN, the TPS chosen.
    #[must_use]
    pub fn new(position: &Position, record: &GameRecord) -> NotationDialog {
        NotationDialog {
            tps: to_tps(position),
            ptn: write_game(record),
            part: NotationPart::Tps,
            scroll: 0,
            note: None,
        }
    }

    /// The position, as TPS.
    #[must_use]
    pub fn tps(&self) -> &str {
        &self.tps
    }

    /// The game, as PTN.
    #[must_use]
    pub fn ptn(&self) -> &str {
        &self.ptn
    }

    /// The part chosen.
    #[must_use]
    pub const fn part(&self) -> NotationPart {
        self.part
    }

    /// The first line of the PTN shown.
    #[must_use]
    pub const fn scroll(&self) -> usize {
        self.scroll
    }

    /// What the last copy came to, if anything was copied.
    #[must_use]
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Reply {
        let Some(intent) = NOTATION.intent(key) else {
            return Reply::Stay;
        };
        let (columns, rows) = ctx.area;
        let laid = self.lay_out(Rect::new(0, 0, columns, rows), ctx);
        let last = laid.ptn.len().saturating_sub(laid.room);
        let page = laid.room.max(1);
        match intent {
            N::Switch => {
                self.part = match self.part {
                    NotationPart::Tps => NotationPart::Ptn,
                    NotationPart::Ptn => NotationPart::Tps,
                };
            }
            N::Choose(part) => self.part = part,
            N::Copy => {
                let (what, text) = match self.part {
                    NotationPart::Tps => ("the TPS", &self.tps),
                    NotationPart::Ptn => ("the PTN", &self.ptn),
                };
                self.note = Some(ctx.copy(what, text));
            }
            N::Scroll(by) => self.scroll = step(self.scroll, isize::from(by), last),
            N::Page(by) => {
                let by = isize::from(by).saturating_mul(page.try_into().unwrap_or(isize::MAX));
                self.scroll = step(self.scroll, by, last);
            }
            N::Top => self.scroll = 0,
            N::Bottom => self.scroll = last,
            N::Close => return Reply::Close,
        }
        Reply::Stay
    }

    /// The dialog laid out over `area`.
    fn lay_out(&self, area: Rect, ctx: &Context) -> Laid {
        let theme = ctx.theme();
        // As wide as the TPS when the terminal allows: on one line, a selection by hand copies
        // it whole, with no border or line break in it.
        let tps_width = u16::try_from(self.tps.chars().count() + 2).unwrap_or(u16::MAX);
        let width = area.width.min(WIDTH.max(tps_width));
        let inner = usize::from(width.saturating_sub(2));
        let tps = fold(&self.tps, inner);
        let ptn: Vec<String> = self.ptn.lines().flat_map(|l| fold(l, inner)).collect();
        let mut foot = vec![Line::default()];
        let note = self.note.as_deref().or(ctx.clipboard.warning());
        if let Some(note) = note {
            foot.push(Line::styled(note.to_owned(), theme.good()));
        }
        foot.push(popup::keys_line(&NOTATION, theme));
        let foot = wrap(foot, width.saturating_sub(2));
        // Border, the TPS's heading and lines, a blank line, the PTN's heading, the foot.
        let fixed = 2 + 1 + tps.len() + 1 + 1 + foot.len();
        let room = usize::from(area.height)
            .saturating_sub(fixed)
            .min(ptn.len());
        let height = u16::try_from(fixed + room).unwrap_or(u16::MAX);
        Laid {
            rect: popup::centred(area, width, height),
            tps,
            ptn,
            room,
            foot,
        }
    }

    /// Draws the dialog: the TPS, as much of the PTN as fits from the line scrolled to, the
    /// note of the last copy and the keys.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, ctx: &Context) {
        let theme = ctx.theme();
        let laid = self.lay_out(area, ctx);
        let heading = |part: NotationPart, text: String| {
            if part == self.part {
                Line::from(Span::styled(
                    format!("{} {text}", theme.turn_marker()),
                    theme.cursor(),
                ))
            } else {
                Line::from(Span::styled(format!("  {text}"), theme.heading()))
            }
        };
        let mut lines = vec![heading(
            NotationPart::Tps,
            "TPS of the position shown".to_owned(),
        )];
        lines.extend(laid.tps.iter().map(|l| Line::from(l.clone())));
        lines.push(Line::default());
        let total = laid.ptn.len();
        let start = self.scroll.min(total.saturating_sub(laid.room));
        let shown = if laid.room < total {
            format!(
                "PTN of the game (lines {}-{} of {total})",
                start + 1,
                start + laid.room
            )
        } else {
            format!(
                "PTN of the game ({})",
                crate::words::count(total, "line", "lines")
            )
        };
        lines.push(heading(NotationPart::Ptn, shown));
        lines.extend(
            laid.ptn
                .iter()
                .skip(start)
                .take(laid.room)
                .map(|l| Line::from(l.clone())),
        );
        lines.extend(laid.foot);
        let inner = popup::frame(frame, laid.rect, " Notation ", theme);
        frame.render_widget(Paragraph::new(lines), inner);
    }
}

/// `at` moved by `by`, kept within `0..=last`.
fn step(at: usize, by: isize, last: usize) -> usize {
    at.saturating_add_signed(by).min(last)
}

/// `line` cut into pieces at most `width` characters long, each ending after a space, a slash
/// or a comma where it can (between PTN's plies, TPS's rows and squares). Nothing is lost,
/// only moved to the next line, so what is selected by hand is all there (the word wrap of the
/// other dialogs cuts words longer than a line).
fn fold(line: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut pieces = Vec::new();
    let mut rest: Vec<char> = line.chars().collect();
    while rest.len() > width {
        // A cut that would start the next line with a space (after the comma of ", ") is
        // moved back to the cut before it.
        let cut = (1..=width)
            .rev()
            .find(|&i| matches!(rest[i - 1], ' ' | '/' | ',') && rest[i] != ' ')
            .unwrap_or(width);
        pieces.push(rest.drain(..cut).collect());
    }
    pieces.push(rest.into_iter().collect());
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, GameConfig};
    use crate::tui::keys::plain as key;
    use ratatui::crossterm::event::KeyCode;

    fn context() -> Context {
        let options = crate::tui::Options {
            theme: crate::tui::Theme::plain(true),
            mouse: false,
            test_panic: false,
        };
        Context::new(options, crate::game::store::Keeper::default())
    }

    /// A game of `plies` plies on 5x5, placing along the ranks.
    fn dialog(plies: usize) -> NotationDialog {
        let mut record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
        let squares = [
            "a1", "e5", "b1", "e4", "c1", "e3", "d1", "e2", "a2", "a3", "b2", "b3",
        ];
        for text in squares.iter().take(plies) {
            let mv = crate::notation::parse_move(text, record.position().size()).unwrap();
            record.play(mv).unwrap();
        }
        NotationDialog::new(record.position(), &record)
    }

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&NOTATION).unwrap();
    }

    #[test]
    fn it_shows_the_position_as_tps_and_the_game_as_ptn() {
        let dialog = dialog(2);
        assert_eq!(dialog.tps(), "x4,1/x5/x5/x5/2,x4 1 2");
        assert!(dialog.ptn().contains("1. a1 e5"), "{}", dialog.ptn());
    }

    #[test]
    fn tab_t_and_p_choose_the_part_and_c_copies_it() {
        let mut ctx = context();
        let mut dialog = dialog(2);
        assert_eq!(dialog.part(), NotationPart::Tps);
        dialog.handle_key(&key(KeyCode::Char('c')), &mut ctx);
        assert_eq!(ctx.output, crate::tui::clipboard::osc52(dialog.tps()));
        assert!(
            dialog
                .note()
                .unwrap()
                .starts_with("copied the TPS (22 characters)")
        );
        assert_eq!(ctx.status.as_ref().unwrap().text, dialog.note().unwrap());
        dialog.handle_key(&key(KeyCode::Tab), &mut ctx);
        assert_eq!(dialog.part(), NotationPart::Ptn);
        ctx.output.clear();
        assert_eq!(
            dialog.handle_key(&key(KeyCode::Enter), &mut ctx),
            Reply::Stay
        );
        assert_eq!(ctx.output, crate::tui::clipboard::osc52(dialog.ptn()));
        dialog.handle_key(&key(KeyCode::Char('t')), &mut ctx);
        assert_eq!(dialog.part(), NotationPart::Tps);
        dialog.handle_key(&key(KeyCode::Char('p')), &mut ctx);
        assert_eq!(dialog.part(), NotationPart::Ptn);
        assert_eq!(
            dialog.handle_key(&key(KeyCode::Esc), &mut ctx),
            Reply::Close
        );
    }

    #[test]
    fn on_the_console_nothing_is_written_and_the_note_says_why() {
        let mut ctx = context();
        ctx.clipboard = crate::tui::Clipboard::Console;
        let mut dialog = dialog(2);
        dialog.handle_key(&key(KeyCode::Char('c')), &mut ctx);
        assert!(ctx.output.is_empty());
        assert!(dialog.note().unwrap().contains("select by hand"));
    }

    #[test]
    fn the_ptn_scrolls_only_as_far_as_its_last_line() {
        let mut ctx = context();
        // A terminal so low that the PTN cannot all be shown.
        ctx.area = (80, 14);
        let mut dialog = dialog(12);
        let laid = dialog.lay_out(Rect::new(0, 0, 80, 14), &ctx);
        assert!(laid.room < laid.ptn.len(), "{} lines", laid.ptn.len());
        let last = laid.ptn.len() - laid.room;
        dialog.handle_key(&key(KeyCode::Up), &mut ctx);
        assert_eq!(dialog.scroll(), 0);
        dialog.handle_key(&key(KeyCode::Down), &mut ctx);
        assert_eq!(dialog.scroll(), 1);
        dialog.handle_key(&key(KeyCode::End), &mut ctx);
        assert_eq!(dialog.scroll(), last);
        dialog.handle_key(&key(KeyCode::PageDown), &mut ctx);
        assert_eq!(dialog.scroll(), last);
        dialog.handle_key(&key(KeyCode::PageUp), &mut ctx);
        assert_eq!(dialog.scroll(), last.saturating_sub(laid.room));
        dialog.handle_key(&key(KeyCode::Home), &mut ctx);
        assert_eq!(dialog.scroll(), 0);
    }

    #[test]
    fn a_long_tps_is_shown_on_one_line_when_the_terminal_is_wide_enough() {
        let ctx = context();
        let mut dialog = dialog(2);
        // A 7x7 middle game: longer than the dialog's usual 80 columns.
        dialog.tps = "x,2,1,x,21,2,1/1,2S,x,12C,x,1,x/2,1,1,21,2,x2/x,2,12,1,1S,2,x/\
                      21C,1,x,2,x,1,2/x,12,x,1,2,x,1/1,2,x,21,1,2,x 2 24"
            .to_owned();
        let length = dialog.tps.chars().count();
        assert!(length > 80, "{length}");
        let laid = dialog.lay_out(Rect::new(0, 0, 140, 40), &ctx);
        assert_eq!(laid.tps, [dialog.tps.clone()], "whole, on one line");
        assert!(usize::from(laid.rect.width) >= length + 2);
        // On a terminal narrower than the TPS it is folded, nothing lost.
        let laid = dialog.lay_out(Rect::new(0, 0, 60, 40), &ctx);
        assert!(laid.tps.len() > 1);
        assert_eq!(laid.tps.concat(), dialog.tps);
    }

    #[test]
    fn long_lines_fold_without_losing_a_character() {
        let tps = "12,21,1212,x2,2/x6/x6/x6/x6/x6 1 12";
        let folded = fold(tps, 10);
        assert!(folded.iter().all(|l| l.chars().count() <= 10), "{folded:?}");
        assert_eq!(folded.concat(), tps);
        assert_eq!(folded[0], "12,21,");
        assert_eq!(fold("short", 80), ["short"]);
        assert_eq!(fold("", 80), [""]);
        assert_eq!(fold("abcdefghijkl", 8), ["abcdefgh", "ijkl"]);
        // "{a road, then ..." is not cut between the comma and its space.
        assert_eq!(fold("{a road, then}", 8), ["{a ", "road, ", "then}"]);
    }
}
