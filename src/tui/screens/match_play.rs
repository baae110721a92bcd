//! A match at the board: the play screen, with the match's line in the panel, each game filed
//! (and the match file saved) the moment it ends, then the table and the way on.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::text::Line;

use super::{Outcome, PlayIntent, PlayScreen};
use crate::game::clock::TimeControl;
use crate::game::{Match, Player, Session};
use crate::record::GameRecord;
use crate::rules::ByColor;
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, Effect, MatchEnd, MatchOverDialog};
use crate::tui::layout::GameLayout;
use crate::tui::theme::Theme;
use crate::tui::widgets::ending;

/// A match being played.
#[derive(Debug)]
pub struct MatchScreen {
    play: PlayScreen,
    matchup: Match,
    /// Who sits in each seat: a person, the computer or an engine.
    seats: [Player; 2],
}

impl MatchScreen {
    /// Plays `matchup` from its first game, with clocks of `clock` for every game if given.
    #[must_use]
    pub fn new(matchup: Match, learn: bool, clock: Option<TimeControl>) -> MatchScreen {
        let session = Session::new(matchup.next_record(), None);
        let mut play = PlayScreen::new(session)
            .learning(learn)
            .in_match(matchup.path.clone());
        if let Some(control) = clock {
            play = play.with_clock(control);
        }
        // Each seat as its name says: a person, `computer:N` (engines are seated by the caller,
        // which knows the configured ones: `with_seats`).
        let seats = matchup
            .players
            .clone()
            .map(|name| name.parse::<Player>().unwrap_or(Player::Person(name)));
        let mut screen = MatchScreen {
            play,
            matchup,
            seats,
        };
        screen.seat_players();
        screen
    }

    /// With these players in the match's two seats (the first plays White in game 1).
    #[must_use]
    pub fn with_seats(mut self, seats: [Player; 2]) -> MatchScreen {
        self.seats = seats;
        self.seat_players();
        self
    }

    /// With `command` said on quitting as the one that takes the match up again (the whole
    /// `tak match` command line, with `--continue` and `--out`).
    #[must_use]
    pub fn with_resume_command(mut self, command: String) -> MatchScreen {
        self.play.set_match_command(command);
        self
    }

    /// The same match, its game now played taken up from where it was kept (the match's
    /// next game, left unfinished when the program stopped). Whether its clocks are kept
    /// stopped, as [`PlayScreen::take_up`] says.
    pub fn take_up(&mut self, record: GameRecord) -> bool {
        let paused = self.play.take_up(record, None);
        self.seat_players();
        paused
    }

    /// The players of the game now played, each by their colour in it: a name, or the
    /// computer (`computer:3` in the match's list).
    fn seat_players(&mut self) {
        let white = Match::white_in(self.matchup.finished.len());
        let seat = |i: usize| self.seats[i].clone();
        let players = ByColor::new(seat(white), seat(1 - white));
        let seed = self.matchup.seed ^ self.matchup.finished.len() as u64;
        self.play.set_players(players, seed);
    }

    /// The game being played.
    #[must_use]
    pub const fn play(&self) -> &PlayScreen {
        &self.play
    }

    /// The game being played, to change.
    pub fn play_mut(&mut self) -> &mut PlayScreen {
        &mut self.play
    }

    /// The match.
    #[must_use]
    pub const fn matchup(&self) -> &Match {
        &self.matchup
    }

    /// Text pasted: into the game's input line.
    pub fn paste(&mut self, text: &str) {
        self.play.paste(text);
    }

    /// Handles a key: as at the board, but games follow one another (no new game).
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        match self.play.intent(key) {
            Some(PlayIntent::NewGame) => {
                ctx.info("in a match the games follow one another: finish this one first");
                Outcome::Stay
            }
            Some(intent) => {
                let outcome = self.play.update(intent, ctx);
                self.after(outcome, ctx)
            }
            None => Outcome::Stay,
        }
    }

    /// Time has passed: a game lost on time is filed like any other.
    pub fn tick(&mut self, ctx: &mut Context, dialog: bool) -> Outcome {
        let outcome = self.play.tick(ctx, dialog);
        self.after(outcome, ctx)
    }

    /// A click, as at the board.
    pub fn click(&mut self, column: u16, row: u16, ctx: &mut Context) -> Outcome {
        let outcome = self.play.click(column, row, ctx);
        self.after(outcome, ctx)
    }

    /// A game that has just ended is filed (and saved) at once, then the way on is shown.
    fn after(&mut self, outcome: Outcome, ctx: &mut Context) -> Outcome {
        let over = self.play.session().is_over();
        if !matches!(outcome, Outcome::Stay) || self.matchup.filed || !over {
            return outcome;
        }
        let record = self.play.session().record().clone();
        let lost = self.play.session().loss().map(|loss| loss.loser);
        if let Err(error) = self.matchup.finish(record, lost) {
            let path = self.matchup.path.display().to_string();
            ctx.error(format!("cannot save the match to {path}: {error}"));
        }
        ctx.keeper.clear();
        let end = if self.matchup.is_over() {
            MatchEnd::LastGame
        } else {
            MatchEnd::Game
        };
        Outcome::Open(Dialog::MatchOver(MatchOverDialog::new(
            end,
            self.table(ctx.theme(), false),
        )))
    }

    /// Carries out what a dialog asked for.
    pub fn apply(&mut self, effect: Effect, ctx: &mut Context) -> Outcome {
        match effect {
            Effect::NextMatchGame if self.matchup.is_over() => Outcome::Open(Dialog::MatchOver(
                MatchOverDialog::new(MatchEnd::Match, self.table(ctx.theme(), true)),
            )),
            Effect::NextMatchGame => {
                let record = self.matchup.start_next();
                self.play.replace_session(Session::new(record, None));
                self.seat_players();
                ctx.status = None;
                ctx.info(format!(
                    "game {} of {}: {} plays White and goes first",
                    self.matchup.finished.len() + 1,
                    self.matchup.games,
                    self.matchup.white_now()
                ));
                Outcome::Stay
            }
            Effect::TakeBackMatchPly => {
                if let Some(why) = self.play.undo_refused() {
                    ctx.error(why);
                    return Outcome::Refused;
                }
                if let Err(error) = self.matchup.unfinish() {
                    let path = self.matchup.path.display().to_string();
                    ctx.error(format!("cannot save the match to {path}: {error}"));
                }
                self.play.undo(ctx);
                Outcome::Stay
            }
            other => {
                // A resignation ends the game here: it is filed at once.
                let outcome = self.play.apply(other, ctx);
                self.after(outcome, ctx)
            }
        }
    }

    /// The panel's line: the game's number and the points so far (the rulebook's: a win
    /// scores the board's area plus the winner's pieces left, so they are not games won).
    #[must_use]
    pub fn match_line(&self) -> String {
        use crate::tui::widgets::wrap::item;
        let [a, b] = &self.matchup.players;
        let [ta, tb] = self.matchup.totals();
        let points =
            |total| crate::words::count(usize::try_from(total).unwrap_or(0), "point", "points");
        // Each player and their points one item: a narrow panel wraps between them, never
        // inside ("Computer (level" / "3) 0 points").
        format!(
            "{} {}, {}",
            item(&format!(
                "Match game {} of {}:",
                self.matchup.game_number(),
                self.matchup.games
            )),
            item(&format!("{a} {}", points(ta))),
            item(&format!("{b} {}", points(tb)))
        )
    }

    /// Draws the screen.
    pub fn render(&self, frame: &mut Frame<'_>, game: &GameLayout, ctx: &Context) {
        self.play.render(frame, game, ctx, Some(&self.match_line()));
    }

    /// The match's table: each finished game (who was White, the result, the score) and the
    /// totals; after a game, its result first.
    fn table(&self, theme: Theme, finished: bool) -> Vec<Line<'static>> {
        let matchup = &self.matchup;
        let [a, b] = &matchup.players;
        let mut lines = Vec::new();
        if !finished {
            let record = self.play.session().record();
            match self.play.session().ending() {
                Some(end) => lines.extend(ending::off_board(record, end, theme)),
                None => lines.extend(ending::lines(record, self.play.position(), theme)),
            }
            lines.push(Line::default());
        }
        // Columns as wide as the longest name.
        let width = matchup
            .players
            .iter()
            .map(|name| name.chars().count())
            .max()
            .unwrap_or(0)
            .max(5);
        lines.push(Line::styled(
            format!("  #  {:<width$} {:<width$} result  score", "White", "Black"),
            theme.heading(),
        ));
        for (i, game) in matchup.finished.iter().enumerate() {
            let (white, black) = (
                &matchup.players[game.white],
                &matchup.players[1 - game.white],
            );
            // The record's own token: a game lost on time has one the board does not show.
            let token = game.record.result_token().unwrap_or("*");
            let score = game.winner.map_or_else(
                || "draw".to_owned(),
                |(p, s)| format!("{s} to {}", matchup.players[p]),
            );
            lines.push(Line::from(format!(
                "{:>3}  {white:<width$} {black:<width$} {token:<7} {score}",
                i + 1
            )));
        }
        let [ta, tb] = matchup.totals();
        let [wa, wb] = matchup.wins();
        lines.push(Line::styled(
            format!("  Points: {a} {ta} ({wa} won), {b} {tb} ({wb} won)"),
            theme.heading(),
        ));
        if !matchup.finished.is_empty() {
            // Wins, draws, losses and what they say of the difference in strength.
            lines.push(Line::from(format!("  {a}: {}", matchup.tally())));
        }
        if finished {
            // The rulebook decides a match on points.
            let verdict = match ta.cmp(&tb) {
                std::cmp::Ordering::Greater => format!("  {a} wins the match, {ta} to {tb}."),
                std::cmp::Ordering::Less => format!("  {b} wins the match, {tb} to {ta}."),
                std::cmp::Ordering::Equal => format!("  The match is drawn, {ta} each."),
            };
            lines.push(Line::styled(verdict, theme.good().patch(theme.heading())));
        }
        lines.push(Line::from(format!("  Saved in {}", matchup.path.display())));
        lines
    }
}
