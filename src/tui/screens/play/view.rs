//! Drawing the play screen: the board (with the move being built or typed previewed), the
//! panel, the message line, the input line and the key bar.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{Focus, PlayScreen};
use crate::game::clock::face;
use crate::notation::parse_move;
use crate::rules::{ByColor, Position};
use crate::tui::context::Context;
use crate::tui::layout::GameLayout;
use crate::tui::theme::Theme;
use crate::tui::widgets::board::{BoardView, touched};
use crate::tui::widgets::panel::PanelView;
use crate::tui::widgets::{bottom, input_line};

impl PlayScreen {
    /// The board as it is to be drawn now: the position, or the move being built or typed
    /// played on it, with the cursor and the marks.
    #[must_use]
    pub fn board_view(&self) -> BoardView {
        let position = self.position();
        let last = self
            .driver
            .session()
            .record()
            .plies()
            .last()
            .map(|ply| ply.mv);
        let mut view = BoardView::of(position, last);
        view.marks.cursor = (self.focus == Focus::Board).then_some(self.picker.cursor());
        if let Some(square) = self.shown_moves_from() {
            view.mark_moves_from(position, square);
        }
        if let Some(mv) = self.opponent.help.hint.or_else(|| self.suggestion()) {
            view.marks.hint = touched(position, mv);
        }
        // "Tak!": where the player who just moved would complete a road.
        if !self.driver.session().is_over() {
            view.marks.threat = threat_squares(position, self.threats(!position.to_move()));
        }
        if self.picker.builder().is_some() {
            self.picker.mark(&mut view, position);
        } else if self.focus == Focus::Input
            && let Some(mv) = self.typed_move()
        {
            // Show what Enter would do: the position after the typed move, if it is legal.
            let mut after = position.clone();
            if after.play(mv).is_ok() {
                view.board = after.board().clone();
                view.marks.reach = touched(&after, mv);
            }
        }
        view
    }

    /// The panel's contents at `now` (for the clocks), with a match's line if in one.
    #[must_use]
    pub fn panel<'a>(
        &'a self,
        theme: Theme,
        match_line: Option<&'a str>,
        now: std::time::Instant,
    ) -> PanelView<'a> {
        let clocks = self.driver.clock().map(|clock| {
            let faces = ByColor::from_fn(|color| face(clock.left(color, now)));
            (faces, clock.running())
        });
        PanelView {
            theme,
            record: self.driver.session().record(),
            position: self.position(),
            shown: self.driver.session().record().plies().len(),
            threats: &self.threats,
            learn: self.learn,
            inspect: self.picker.inspected(),
            replay: None,
            match_line,
            clocks,
            ending: self.driver.session().ending(),
            notes: self.thinking_lines(theme),
        }
    }

    /// Draws the screen into `game`'s regions.
    pub fn render(
        &self,
        frame: &mut Frame<'_>,
        game: &GameLayout,
        ctx: &Context,
        match_line: Option<&str>,
    ) {
        let theme = ctx.theme();
        self.board_view().draw(frame.buffer_mut(), game, theme);
        self.panel(theme, match_line, ctx.now)
            .draw(frame, game.panel);
        // A message too long for one line may take the input line's row too, while nothing
        // is being typed there.
        let long = ctx
            .status
            .as_ref()
            .is_some_and(|s| s.text.chars().count() + 2 > usize::from(game.status.width));
        let status = |frame: &mut Frame<'_>, area: Rect| {
            bottom::status(
                frame,
                area,
                ctx.status.as_ref(),
                self.status_line(theme, area.width),
                theme,
            );
        };
        let both = Rect::new(game.status.x, game.status.y, game.status.width, 2);
        if !long {
            status(frame, game.status);
            self.input_line(frame, game.input, theme);
        } else if self.focus == Focus::Board && self.input.text().is_empty() {
            status(frame, both);
        } else {
            // Typing: the message keeps its two lines, the input line takes the key bar's.
            status(frame, both);
            self.input_line(frame, game.keys, theme);
            return;
        }
        bottom::screen_key_bar(frame, game.keys, &self.key_bar(), ctx);
    }

    /// What the message line says when there is no message: the move being built (what its
    /// hand on the board means, and the keys' hint where the line has room), or the result once
    /// the game is over.
    fn status_line(&self, theme: Theme, width: u16) -> Line<'static> {
        if let Some(builder) = self.picker.builder() {
            let hint = if builder.direction().is_none() {
                "an arrow sets the direction"
            } else {
                "a digit drops that many, the arrow 1, Enter all"
            };
            // The hand is drawn `^21` on the board: said here while it is there, as the
            // help page and the learning mode said it before.
            let hand = builder
                .preview(self.position())
                .map_or_else(String::new, |preview| preview.hand.to_string());
            let mut spans = vec![
                Span::styled(format!("Moving {} ", builder.ptn()), theme.heading()),
                Span::raw(format!(
                    "· ^{hand}: {} in hand, owners bottom to top",
                    crate::words::count(usize::from(builder.in_hand()), "piece", "pieces")
                )),
            ];
            let used: usize = spans.iter().map(Span::width).sum();
            if used + hint.len() + 3 <= usize::from(width) {
                spans.push(Span::raw(format!(" · {hint}")));
            }
            return Line::from(spans);
        }
        match self.position().result().ptn() {
            Some(token) => Line::from(Span::styled(
                format!(
                    "{}: {token}. u: undo, n: new game, w: save, q: quit",
                    self.position().result()
                ),
                theme.good(),
            )),
            None => Line::default(),
        }
    }

    /// The input line, with what the typed text would do.
    fn input_line(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let focused = self.focus == Focus::Input;
        let idle =
            (!self.driver.session().is_over()).then_some("press : or Tab to type a move in PTN");
        input_line::draw(
            frame,
            area,
            &self.input,
            focused,
            idle,
            |text| self.preview(text, theme),
            theme,
        );
    }

    /// What the typed text would do: the move it plays, or why it cannot.
    fn preview(&self, text: &str, theme: Theme) -> Span<'static> {
        let text = text.trim();
        if text.is_empty() {
            return Span::styled("type a move such as c3, Sb2, 3c3>12", theme.dim());
        }
        let position = self.position();
        // Several moves (pasted, say, with their numbers): Enter plays them in turn.
        let words: Vec<&str> = text
            .split_whitespace()
            .filter(|word| !super::typing::is_move_number(word))
            .collect();
        if words.len() > 1 {
            return many_preview(position, &words, theme);
        }
        let text = words.first().copied().unwrap_or(text);
        match parse_move(text, position.size()) {
            Err(error) => Span::styled(format!("{}", error.syntax()), theme.dim()),
            Ok(mv) => match position.check(mv) {
                Ok(()) => Span::styled(format!("Enter plays {mv}"), theme.good()),
                Err(error) => Span::styled(format!("illegal: {error}"), theme.error()),
            },
        }
    }
}

/// Where `threats` (moves that would win by road at once) put their pieces: the squares
/// that complete the road.
fn threat_squares(position: &Position, threats: &[crate::rules::Move]) -> crate::rules::Bitboard {
    threats
        .iter()
        .flat_map(|mv| mv.targets(position.size()))
        .fold(crate::rules::Bitboard::EMPTY, |squares, square| {
            squares | square.bit()
        })
}

/// What several moves typed at once would do: all played in turn, or where Enter would stop
/// and why (each tried on a copy of `position`).
fn many_preview(position: &Position, words: &[&str], theme: Theme) -> Span<'static> {
    let mut after = position.clone();
    for (index, word) in words.iter().enumerate() {
        let why = match parse_move(word, after.size()) {
            Err(error) => error.syntax().to_string(),
            Ok(mv) => match after.play(mv) {
                Ok(_) => continue,
                Err(error) => error.to_string(),
            },
        };
        return Span::styled(
            format!(
                "Enter plays {} of {}, then stops at {word}: {why}",
                index,
                words.len()
            ),
            theme.error(),
        );
    }
    Span::styled(
        format!("Enter plays these {} moves in turn", words.len()),
        theme.good(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Session;
    use crate::game::store::Keeper;
    use crate::record::GameRecord;
    use crate::rules::{BoardSize, GameConfig, Square};
    use crate::tui::context::Options;
    use crate::tui::screens::PlayIntent;
    use crate::tui::text_field::Edit;

    fn screen() -> (PlayScreen, Context) {
        let config = GameConfig::new(BoardSize::new(4).unwrap());
        let screen = PlayScreen::new(Session::new(GameRecord::for_config(config), None));
        let options = Options {
            theme: Theme::plain(true),
            mouse: false,
            test_panic: false,
        };
        (screen, Context::new(options, Keeper::default()))
    }

    #[test]
    fn moves_typed_at_once_are_checked_in_turn_before_enter() {
        let (screen, _) = screen();
        let theme = Theme::plain(true);
        let said = |text: &str| screen.preview(text, theme).content.into_owned();
        assert_eq!(said("1. a1 d4 2. b2"), "Enter plays these 3 moves in turn");
        assert_eq!(
            said("b2 zz"),
            "Enter plays 1 of 2, then stops at zz: expected a square such as c3 at character 1"
        );
        // Legal alone, not after the moves before it: b2 is taken by then.
        let stopped = said("a1 d4 b2 b2");
        assert!(
            stopped.starts_with("Enter plays 3 of 4, then stops at b2: "),
            "{stopped}"
        );
        assert_eq!(
            screen.preview("b2 zz", theme).style,
            theme.error(),
            "said as an error"
        );
    }

    #[test]
    fn the_board_view_shows_a_typed_move_before_it_is_played() {
        let (mut screen, mut ctx) = screen();
        let view = screen.board_view();
        assert_eq!(view.marks.cursor, Some(Square::new(1, 1)), "b2, the middle");
        screen.update(PlayIntent::TypeMoves, &mut ctx);
        for c in "d4".chars() {
            screen.update(PlayIntent::Edit(Edit::Insert(c)), &mut ctx);
        }
        let view = screen.board_view();
        let d4 = Square::new(3, 3);
        assert_eq!(view.marks.cursor, None, "no board cursor while typing");
        assert_eq!(view.board.stack(d4).height(), 1, "d4 shown placed");
        assert!(view.marks.reach.contains(d4));
        assert!(
            screen.position().board().stack(d4).is_empty(),
            "not yet played"
        );
    }

    #[test]
    fn the_board_view_shows_a_stack_in_hand_where_it_hovers() {
        let (mut screen, mut ctx) = screen();
        for ply in ["a1", "d4", "b2"] {
            assert!(screen.play(ply.parse().unwrap(), &mut ctx));
        }
        // Black picks up nothing of White's; White's b2: after Black's c3, pick it up.
        assert!(screen.play("c3".parse().unwrap(), &mut ctx));
        screen.update(PlayIntent::Confirm, &mut ctx);
        assert!(screen.builder().is_some(), "b2 picked up");
        screen.update(PlayIntent::Cursor(crate::rules::Direction::Up), &mut ctx);
        let view = screen.board_view();
        let b3 = Square::new(1, 2);
        assert_eq!(view.marks.hand.map(|(square, _)| square), Some(b3));
        assert!(view.board.stack(Square::new(1, 1)).is_empty(), "b2 lifted");
    }
}
