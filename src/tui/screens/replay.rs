//! The replay screen: a game of a file, stepped through ply by ply, with autoplay, go-to, and
//! playing on from any position. From a file of several games, Esc goes back to their list.

mod analysis;
mod branching;
mod game_analysis;
mod tinue_marks;
mod view;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyEvent;

use super::{GameListScreen, Outcome, PlayScreen, Screen};
use crate::game::tinue_check::TinueCheck;
use crate::game::tinue_scan::Memo;
use crate::game::{Library, OpenedGame, Session};
use crate::rules::{ByColor, Move, Position, Square};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, Effect, GoToDialog, HelpDialog, NotationDialog};
use crate::tui::keys::{Binding, HelpSection, Key, KeyTable};
use crate::tui::layout::{Layout, layout};

/// What a player can ask for while replaying.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReplayIntent {
    /// One ply forward.
    NextPly,
    /// One ply back.
    PreviousPly,
    /// One full move forward (two plies).
    NextMove,
    /// One full move back.
    PreviousMove,
    /// The start position.
    First,
    /// The end of the game.
    Last,
    /// Go to a move number.
    GoTo,
    /// Start or stop autoplay.
    Autoplay,
    /// Autoplay faster.
    Faster,
    /// Autoplay slower.
    Slower,
    /// Play on from the position shown, as a new game (with the engine's move, when analysing).
    PlayFromHere,
    /// Analysis on or off: the engine thinks about the position shown.
    Analyse,
    /// The whole game analysed: marks, a graph, and the analysed game written beside the file.
    AnalyseGame,
    /// Is the position shown tinue? Asked in the background.
    Tinue,
    /// Mark the plies where a forced road appeared and where one was missed (the solver, over
    /// the whole line shown, in the background).
    MarkRoads,
    /// Every tag of the record, in a page.
    Tags,
    /// The moves tried after the ply shown: show one's line, delete a variation.
    Branches,
    /// Make the line shown the main line.
    Promote,
    /// The position shown as TPS and the record as PTN, to copy.
    Notation,
    /// Save the record with its variations as they are now.
    Save,
    /// Every key.
    Help,
    /// Back to the list of the file's games.
    Back,
    /// Quit.
    Quit,
}

use ReplayIntent as R;

/// The keys of the replay.
pub const REPLAY: KeyTable<ReplayIntent> = KeyTable {
    title: "Stepping through a game record",
    bindings: &[
        Binding::new(
            &[Key::Right, Key::Char('l')],
            R::NextPly,
            "arrows",
            "one ply forward / back (also l / h)",
        )
        .bar("step"),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            R::PreviousPly,
            "arrows",
            "one ply forward / back (also l / h)",
        ),
        Binding::new(
            &[Key::Down, Key::Char(']'), Key::Char('j')],
            R::NextMove,
            "Down / Up",
            "one full move forward / back (also ] / [)",
        ),
        Binding::new(
            &[Key::Up, Key::Char('['), Key::Char('k')],
            R::PreviousMove,
            "Down / Up",
            "one full move forward / back (also ] / [)",
        ),
        Binding::new(
            &[Key::Home],
            R::First,
            "Home/End",
            "the start / the end of the game",
        )
        .bar(""),
        Binding::new(
            &[Key::End],
            R::Last,
            "Home/End",
            "the start / the end of the game",
        ),
        Binding::new(
            &[Key::Char('g')],
            R::GoTo,
            "g",
            "go to a move: 12 (after White's ply), 12b, 0",
        )
        .bar("go to"),
        Binding::new(
            &[Key::Char(' ')],
            R::Autoplay,
            "Space",
            "autoplay; any key stops it",
        )
        .bar("auto"),
        Binding::new(
            &[Key::Char('+'), Key::Char('=')],
            R::Faster,
            "+ -",
            "autoplay faster / slower",
        ),
        Binding::new(
            &[Key::Char('-')],
            R::Slower,
            "+ -",
            "autoplay faster / slower",
        ),
        Binding::new(
            &[Key::Char('p')],
            R::PlayFromHere,
            "p",
            "play on from here as a new game (the file is unchanged)",
        )
        .bar("play on"),
        Binding::new(
            &[Key::Char('a')],
            R::Analyse,
            "a",
            "analysis: the engine thinks about the position shown (p then plays its move)",
        )
        .bar("analyse"),
        Binding::new(
            &[Key::Char('A')],
            R::AnalyseGame,
            "A",
            "analyse the whole game: marks in the move list, a graph, and FILE-analysed.ptn",
        ),
        Binding::new(
            &[Key::Char('T')],
            R::Tinue,
            "T",
            "is this tinue? whether either side forces a road from here",
        ),
        Binding::new(
            &[Key::Char('M')],
            R::MarkRoads,
            "M",
            "mark forced roads: where one appeared and where one was missed (the solver, in \
             the background)",
        ),
        Binding::new(
            &[Key::Char('i')],
            R::Tags,
            "i",
            "every tag of the record, taktui's and anyone else's",
        ),
        Binding::new(
            &[Key::Char('b')],
            R::Branches,
            "b",
            "variations: the moves tried in place of the ply shown (marked ⑂ in the move list)",
        )
        .bar("variations"),
        Binding::new(
            &[Key::Char('P')],
            R::Promote,
            "P",
            "make the line shown the main line",
        ),
        Binding::new(
            &[Key::Char('N')],
            R::Notation,
            "N",
            "notation: the position as TPS and the game as PTN, to copy",
        ),
        Binding::new(
            &[Key::Char('w')],
            R::Save,
            "w",
            "save the record with its variations as they are now",
        ),
        Binding::new(&[Key::Char('?')], R::Help, "?", "this help").bar("help"),
        Binding::new(
            &[Key::Esc],
            R::Back,
            "Esc",
            "back to the list of games (a file of several)",
        ),
        Binding::new(&[Key::Char('q'), Key::Ctrl('c')], R::Quit, "q", "quit").bar("quit"),
    ],
};

/// A game of a file being replayed.
#[derive(Clone, Debug)]
pub struct ReplayScreen {
    library: Library,
    game: OpenedGame,
    /// The square the inspector shows: where the last move ended, or a clicked one.
    cursor: Square,
    /// The moves that would win by road at once in the position shown, for each player.
    threats: ByColor<Vec<Move>>,
    /// When autoplay last stepped (or started): its next ply is due a pace later.
    stepped_at: Option<Instant>,
    /// The engine's analysis of the position shown, while it is on.
    analysis: Option<analysis::Analysis>,
    /// The analysis of the whole game, once asked for.
    whole: Option<game_analysis::WholeGame>,
    /// "Is this tinue?" being answered about the position shown.
    tinue: Option<TinueCheck>,
    /// The forced roads of the line shown, being marked or marked (`M`).
    roads: Option<tinue_marks::RoadMarks>,
    /// What the solver said about the positions marked so far, on any line.
    road_memo: Arc<Mutex<Memo>>,
}

impl ReplayScreen {
    /// Replaying `game` of `library`.
    #[must_use]
    pub fn new(library: Library, game: OpenedGame) -> ReplayScreen {
        let mut screen = ReplayScreen {
            library,
            game,
            cursor: Square::new(0, 0),
            threats: ByColor::default(),
            stepped_at: None,
            analysis: None,
            whole: None,
            tinue: None,
            roads: None,
            road_memo: Arc::default(),
        };
        let middle = (screen.position().size().get() - 1) / 2;
        screen.cursor = Square::new(middle, middle);
        screen.moved();
        screen
    }

    /// The library the game came from.
    #[must_use]
    pub const fn library(&self) -> &Library {
        &self.library
    }

    /// The game replayed, with the reader's error and warnings.
    #[must_use]
    pub const fn game(&self) -> &OpenedGame {
        &self.game
    }

    /// The position shown.
    #[must_use]
    pub const fn position(&self) -> &Position {
        self.game.replay.position()
    }

    /// Plies shown.
    #[must_use]
    pub const fn shown_ply(&self) -> usize {
        self.game.replay.ply()
    }

    /// The square the inspector shows.
    #[must_use]
    pub const fn cursor(&self) -> Square {
        self.cursor
    }

    /// How long from `now` until the screen wants a tick: autoplay's next ply, or the
    /// analysis's news.
    #[must_use]
    pub fn wake_after(&self, now: Instant) -> Option<Duration> {
        let tinue = self.tinue.as_ref().map(|_| Duration::from_millis(100));
        let analysis = [
            self.analysis_wake(),
            self.game_analysis_wake(),
            self.road_marks_wake(),
            tinue,
        ]
        .into_iter()
        .flatten()
        .min();
        match (self.next_autoplay(now), analysis) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// How long autoplay waits before its next ply, while it runs.
    #[must_use]
    pub const fn autoplay(&self) -> Option<Duration> {
        self.game.replay.autoplay()
    }

    /// How long from `now` until autoplay's next ply, while it runs.
    #[must_use]
    pub fn next_autoplay(&self, now: Instant) -> Option<Duration> {
        let every = self.autoplay()?;
        let since = self
            .stepped_at
            .map_or(Duration::ZERO, |at| now.saturating_duration_since(at));
        Some(every.saturating_sub(since))
    }

    /// Autoplay's next ply, if its time has come (at `ctx.now`); the analyses' news.
    pub fn tick(&mut self, ctx: &mut Context) {
        let now = ctx.now;
        self.hear_analysis();
        self.hear_game_analysis(ctx);
        // The analysed game may show another line than the one marked.
        self.follow_line_shown(ctx);
        self.hear_road_marks(ctx);
        if let Some(answer) = self.tinue.as_ref().and_then(TinueCheck::answer) {
            self.tinue = None;
            ctx.info(answer);
        }
        if self.next_autoplay(now).is_some_and(|left| left.is_zero()) {
            self.game.replay.tick();
            self.stepped_at = Some(now);
            self.moved();
        }
    }

    /// Handles a key. While autoplay runs, any key but the speed keys only stops it.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        let intent = REPLAY.intent(key);
        if self.autoplay().is_some() && !matches!(intent, Some(R::Faster | R::Slower)) {
            self.game.replay.stop();
            return Outcome::Stay;
        }
        match intent {
            Some(intent) => self.update(intent, ctx),
            None => Outcome::Stay,
        }
    }

    /// Carries out an intent.
    pub fn update(&mut self, intent: ReplayIntent, ctx: &mut Context) -> Outcome {
        ctx.status = None;
        let replay = &mut self.game.replay;
        match intent {
            R::NextPly => replay.step(1),
            R::PreviousPly => replay.step(-1),
            // A full move: to the same player's next (or previous) ply.
            R::NextMove => replay.step(2),
            R::PreviousMove => replay.step(-2),
            R::First => replay.go(0),
            R::Last => replay.go_to_end(),
            R::Autoplay => {
                replay.toggle_autoplay();
                self.stepped_at = Some(ctx.now);
            }
            R::Faster => replay.faster(1),
            R::Slower => replay.faster(-1),
            R::GoTo => {
                let start = replay.record().start().clone();
                return Outcome::Open(Dialog::GoTo(GoToDialog::new(start)));
            }
            R::PlayFromHere => return self.play_from_here(ctx),
            R::Analyse => {
                self.toggle_analysis(ctx);
                return Outcome::Stay;
            }
            R::AnalyseGame => {
                self.toggle_game_analysis(ctx);
                return Outcome::Stay;
            }
            R::Tinue if self.game.replay.position().is_over() => {
                ctx.info("the game is over here: no road to force");
                return Outcome::Stay;
            }
            R::Tinue => {
                self.tinue = Some(TinueCheck::start(self.game.replay.position()));
                ctx.info("looking for a forced road from here…");
                return Outcome::Stay;
            }
            R::MarkRoads => {
                self.toggle_road_marks(ctx);
                return Outcome::Stay;
            }
            R::Help => return Outcome::Open(Dialog::Help(help(ctx.theme()))),
            R::Tags => return Outcome::Open(Dialog::Help(self.tags_page())),
            R::Back if self.library.len() > 1 => {
                let list = GameListScreen::new(self.library.clone(), self.game.index);
                return Outcome::Switch(Box::new(Screen::GameList(list)));
            }
            R::Back => {}
            R::Branches => return self.branches(ctx),
            R::Promote => return self.promote(ctx),
            R::Notation => {
                // The record with its variations, as `w` would save it.
                let replay = &self.game.replay;
                let dialog = NotationDialog::new(replay.position(), replay.tree());
                return Outcome::Open(Dialog::Notation(dialog));
            }
            R::Save => return self.save_as(false),
            R::Quit => return self.quit(),
        }
        self.moved();
        Outcome::Stay
    }

    /// Carries out what a dialog asked for.
    pub fn apply(&mut self, effect: &Effect, ctx: &mut Context) -> Outcome {
        let outcome = self.apply_effect(effect, ctx);
        // Showing or deleting a variation may change the line shown.
        self.follow_line_shown(ctx);
        outcome
    }

    fn apply_effect(&mut self, effect: &Effect, ctx: &mut Context) -> Outcome {
        match effect {
            Effect::ShowBranch(mv) => self.show_branch(*mv, ctx),
            Effect::DeleteBranch(mv) => self.delete_branch(*mv, ctx),
            Effect::SaveAndQuit => self.save_as(true),
            Effect::SaveTo { path, then_quit } => match (self.save_to(path, ctx), then_quit) {
                (true, true) => Outcome::Quit,
                (true, false) => Outcome::Stay,
                (false, _) => Outcome::Refused,
            },
            Effect::GoToPly(ply) => {
                let total = self.game.replay.record().plies().len();
                if *ply > total {
                    ctx.info(format!(
                        "the game has {}: this is its end",
                        crate::words::count(total, "ply", "plies")
                    ));
                }
                self.game.replay.go(*ply);
                self.moved();
                Outcome::Stay
            }
            Effect::Quit => Outcome::Quit,
            _ => Outcome::Stay,
        }
    }

    /// A click: on a square, the inspector shows it; on a move in the list, the replay goes
    /// there.
    pub fn click(&mut self, column: u16, row: u16, ctx: &mut Context) -> Outcome {
        let (width, height) = ctx.area;
        let Layout::Game(game) = layout(width, height, self.position().size()).turned(ctx.turned)
        else {
            return Outcome::Stay;
        };
        if let Some(square) = game.square_at(column, row) {
            self.cursor = square;
        } else if let Some(ply) = self.panel(ctx.theme()).ply_at(game.panel, column, row) {
            self.game.replay.go(ply);
            self.moved();
        }
        Outcome::Stay
    }

    /// After the ply shown changed: the inspector follows the last move, threats are worked
    /// out again, the analysis starts afresh.
    fn moved(&mut self) {
        // An answer about another position is not wanted.
        if self
            .tinue
            .as_ref()
            .is_some_and(|check| check.position() != self.game.replay.position())
        {
            self.tinue = None;
        }
        self.analyse();
        let position = self.game.replay.position();
        let size = position.size();
        if let Some(square) = self.last_move().and_then(|mv| mv.targets(size).last()) {
            self.cursor = square;
        }
        self.threats = if position.is_opening() {
            ByColor::default()
        } else {
            ByColor::from_fn(|color| position.threats(color))
        };
    }

    /// The move of the last ply shown.
    fn last_move(&self) -> Option<Move> {
        let replay = &self.game.replay;
        replay
            .ply()
            .checked_sub(1)
            .and_then(|i| replay.record().plies().get(i))
            .map(|ply| ply.mv)
    }

    /// Turns the position shown into a game to play on: the plies after it can be redone, or
    /// kept as a variation by playing another move (the file is not changed).
    fn play_from_here(&self, ctx: &mut Context) -> Outcome {
        let ply = self.game.replay.ply();
        let mut session = Session::new(self.game.replay.record().clone(), None);
        session.take_over(ply);
        // Kept with the unfinished games from its first new ply: until then the file has it.
        let mut screen = PlayScreen::new(session);
        if let Some(mv) = self.suggestion() {
            // Analysing: play on with the engine's move.
            if screen.play_given(mv, ctx) {
                ctx.info(format!(
                    "playing on from ply {ply} with the engine's {mv}: w saves to a new file"
                ));
                return Outcome::Switch(Box::new(Screen::Play(screen)));
            }
        }
        if screen.position().is_over() {
            ctx.info("this position is already decided: undo (u) to play on from earlier");
        } else {
            ctx.info(format!(
                "playing on from ply {ply}: w saves to a new file, the original is unchanged"
            ));
        }
        Outcome::Switch(Box::new(Screen::Play(screen)))
    }
}

impl ReplayScreen {
    /// A page of every tag, in the record's order, as written.
    fn tags_page(&self) -> HelpDialog {
        let tags = self.game.replay.record().tags();
        let mut rows: Vec<(String, String)> = tags
            .iter()
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect();
        if rows.is_empty() {
            rows.push((String::new(), "the record has no tags".to_owned()));
        }
        HelpDialog::new(
            " Tags: Esc to close ",
            vec![HelpSection {
                title: format!("{} tags", tags.len()),
                rows,
            }],
        )
    }
}

/// The replay's help page, with the marks as `theme` draws them.
fn help(theme: crate::tui::theme::Theme) -> HelpDialog {
    let given = format!("{} (M)", theme.road_given_marker());
    let missed = format!("{} (M)", theme.road_missed_marker());
    let plies = crate::game::tinue_scan::ScanLimits::default().plies;
    let given_text = format!(
        "after this ply the opponent forces a road (in up to {plies} plies), which two plies \
         earlier it could not; the panel shows the road"
    );
    HelpDialog::new(
        " Replay help: ? or Esc to close ",
        vec![
            HelpSection::keys(&REPLAY),
            HelpSection::text(
                "The panel",
                &[
                    ("tags", "event, site, date, clock and result, as recorded"),
                    ("the ply shown", "its move, marks and comments"),
                    (
                        "at the end",
                        "whether the recorded result agrees with the rules",
                    ),
                    ("click", "a square to inspect its stack, a move to go there"),
                    (&given, &given_text),
                    (
                        &missed,
                        "its player forced a road before this ply, and after the reply no \
                         longer does; the panel shows the road missed",
                    ),
                ],
            ),
            HelpSection::text(
                "Trying another move",
                &[(
                    "",
                    "Go to the ply, press p to play on from there, and play the move you \
                         want to try: the record's own line is kept as a variation beside \
                         yours (u takes back, and a move played in place of one taken back \
                         keeps that one too). w saves the game with every variation; b lists \
                         the moves tried at a ply.",
                )],
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::REPLAY).unwrap();
    }
}
