//! The computer at the board: it plays its side when its turn comes, thinking on its own
//! thread while the screen stays live; it offers a hint to a person who asks; and its thoughts
//! (depth, evaluation, best line) are shown as they come.

use std::time::{Duration, Instant};

use ratatui::text::Line;

use super::PlayScreen;
use crate::engine::{ClockLimits, Info, Limits};
use crate::game::Player;
use crate::game::computer::{Computer, Report};
use crate::game::tinue_check::TinueCheck;
use crate::rules::{ByColor, Color, Move};
use crate::tui::context::Context;
use crate::tui::screens::Outcome;
use crate::tui::theme::Theme;
use crate::tui::widgets::thinking;

/// How often the screen looks for the computer's news while it thinks.
const POLL: Duration = Duration::from_millis(50);

/// How long the analysis thinks about one position before it rests.
const ANALYSIS_TIME: Duration = Duration::from_secs(60);

/// How long a hint thinks.
const HINT_TIME: Duration = Duration::from_millis(1500);

/// How long a program thinks over a draw offered to it.
const DRAW_TIME: Duration = Duration::from_secs(1);

/// What the search running is for, with the latest report of it.
#[derive(Clone, Debug, Default, PartialEq)]
enum Search {
    /// No search runs (or none the screen waits for).
    #[default]
    Idle,
    /// The move of the program playing this side.
    Move(Color, Option<Info>),
    /// A move suggested to the person to move.
    Hint(Option<Info>),
    /// Analysis of the position shown, kept after it ends (until the position changes).
    Analysis(Option<Info>),
    /// The program playing this side judging a draw offered to it.
    DrawOffer(Color, Option<Info>),
}

impl Search {
    /// The latest report, if any.
    const fn progress(&self) -> Option<&Info> {
        match self {
            Search::Move(_, info)
            | Search::DrawOffer(_, info)
            | Search::Hint(info)
            | Search::Analysis(info) => info.as_ref(),
            Search::Idle => None,
        }
    }
}

/// The programs at the board: one for each side a program plays, and one for hints.
#[derive(Debug, Default)]
pub(super) struct Opponent {
    sides: ByColor<Option<Computer>>,
    hints: Option<Computer>,
    /// What the search running is for, and its latest report.
    search: Search,
    /// The move last suggested, shown on the board until the next change.
    pub(super) hint: Option<Move>,
    /// Analysis is on: taktui's engine thinks about every position where a person is to move.
    analysing: bool,
    /// "Is this tinue?" being answered about the position on the board.
    tinue: Option<TinueCheck>,
    /// The program that stopped on each side (crashed, hung, cheated), whose side a person
    /// has taken over: said in the panel for as long as it is so.
    stopped: ByColor<Option<String>>,
}

impl Clone for Opponent {
    /// A copy of the screen has no program (they stay with the original).
    fn clone(&self) -> Opponent {
        Opponent {
            sides: ByColor::default(),
            hints: None,
            search: Search::Idle,
            hint: self.hint,
            analysing: self.analysing,
            tinue: None,
            stopped: self.stopped.clone(),
        }
    }
}

impl Opponent {
    /// The program of the search running.
    fn active(&mut self) -> Option<&mut Computer> {
        match self.search {
            Search::Move(color, _) | Search::DrawOffer(color, _) => self.sides[color].as_mut(),
            Search::Hint(_) | Search::Analysis(_) => self.hints.as_mut(),
            Search::Idle => None,
        }
    }

    fn thinking(&self) -> bool {
        let active = match self.search {
            Search::Move(color, _) | Search::DrawOffer(color, _) => self.sides[color].as_ref(),
            Search::Hint(_) | Search::Analysis(_) => self.hints.as_ref(),
            Search::Idle => None,
        };
        active.is_some_and(Computer::is_thinking)
    }

    /// Stops the search running, if any.
    fn stop(&mut self) {
        if let Some(computer) = self.active() {
            computer.stop();
        }
        self.search = Search::Idle;
    }

    /// A new game: what the programs learnt about the last one's positions is forgotten.
    pub(super) fn new_game(&mut self) {
        self.stop();
        for color in Color::ALL {
            if let Some(computer) = &mut self.sides[color] {
                computer.new_game();
            }
        }
    }
}

impl PlayScreen {
    /// With these players (a person, the computer or an engine each); `seed` varies the weak
    /// levels' play from game to game (the caller picks it, say from the clock).
    #[must_use]
    pub fn with_players(mut self, players: ByColor<Player>, seed: u64) -> PlayScreen {
        self.set_players(players, seed);
        self
    }

    /// Who plays each side from now on, named so in the record's tags. A program keeps its
    /// engine (and what it learnt) while it keeps its side, and takes it along when it
    /// changes sides (a match's next game): an engine's process is not started again.
    pub fn set_players(&mut self, players: ByColor<Player>, seed: u64) {
        self.stop_opponent();
        let mut before = std::mem::take(&mut self.opponent.sides);
        for (color, player) in players.iter() {
            if let Some(name) = player.tag_name() {
                self.session.record_mut().tags_mut().set_player(color, name);
            }
            // Which engine plays, so that a resumed game seats it again (a name alone never
            // makes a side an engine). Only a change touches the record (and makes it unsaved).
            let engine = match player {
                Player::Engine(entry) => Some(entry.name.as_str()),
                Player::Person(_) | Player::Computer(_) => None,
            };
            if self.session.record().tags().engine(color) != engine {
                let engine = engine.map(str::to_owned);
                self.session
                    .record_mut()
                    .tags_mut()
                    .set_engine(color, engine);
            }
            let kept = [color, !color]
                .into_iter()
                .find(|&side| self.players[side] == *player && before[side].is_some());
            self.opponent.sides[color] = match kept {
                Some(side) => {
                    let mut computer = before[side].take();
                    if side != color
                        && let Some(computer) = &mut computer
                    {
                        computer.new_game();
                    }
                    computer
                }
                None => Computer::for_player(player),
            };
            if kept != Some(color) {
                self.opponent.stopped[color] = None;
            }
        }
        self.players = players;
        self.seed = seed;
    }

    /// Starts each external engine at the board and tells it of the game, before any clock
    /// runs (else the first move's clock pays for the engine's start): for the command line to
    /// call before the terminal is taken. Why not, for the first that cannot play the game;
    /// else what is wrong with their configured options, to say on the screen.
    pub fn prepare_programs(&mut self) -> Result<Vec<String>, String> {
        let config = *self.position().config();
        let mut problems = Vec::new();
        for color in Color::ALL {
            if let Some(computer) = &mut self.opponent.sides[color] {
                let name = self.session.player(color);
                // Up to its handshake's ten seconds before the board shows: said while it
                // lasts, and on a terminal wiped once done (it is no news after the game).
                let said = matches!(self.players[color], Player::Engine(_));
                let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
                if said {
                    eprint!("starting {name} ({color})…");
                    eprint!("{}", if terminal { "" } else { "\n" });
                }
                let prepared = computer
                    .prepare(&config)
                    .map_err(|why| format!("{name} ({color}) cannot play this game: {why}"));
                if said && terminal {
                    eprint!("\r\x1b[2K");
                }
                prepared?;
                for problem in computer.take_problems() {
                    problems.push(format!(
                        "{name} ({color}), as engines.toml sets it: {problem}"
                    ));
                }
            }
        }
        Ok(problems)
    }

    /// Who plays each side.
    #[must_use]
    pub const fn players(&self) -> &ByColor<Player> {
        &self.players
    }

    /// The side of the one person at the board when a program plays the other; `None` for
    /// two people or two programs.
    #[must_use]
    pub const fn person_alone(&self) -> Option<Color> {
        match (
            self.players.white.is_program(),
            self.players.black.is_program(),
        ) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    }

    /// Whether a program (the computer or an engine) is to move now: a person's moves wait.
    #[must_use]
    pub fn computer_turn(&self) -> bool {
        !self.session.is_over() && self.players[self.position().to_move()].is_program()
    }

    /// Whether a program is thinking (a move, a hint, analysis, or a draw offered to it).
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.opponent.thinking()
    }

    /// Marks `mv` on the board as a hint (one found elsewhere: a puzzle's solution), until
    /// the next move.
    pub fn mark_hint(&mut self, mv: Move) {
        self.opponent.hint = Some(mv);
    }

    /// The hint marked on the board, if any.
    #[must_use]
    pub const fn marked_hint(&self) -> Option<Move> {
        self.opponent.hint
    }

    /// After any change to the game: the program to move starts thinking if its turn has
    /// come, and a search about a position no longer shown stops.
    pub(super) fn wake_opponent(&mut self, now: Instant) {
        self.opponent.hint = None;
        let position = self.position().clone();
        let stale = self
            .opponent
            .active()
            .and_then(|c| c.thinking_about().cloned())
            .is_some_and(|about| about != position);
        if stale {
            self.opponent.stop();
        }
        // A finished analysis was of the position before.
        if matches!(self.opponent.search, Search::Analysis(_)) && !self.opponent.thinking() {
            self.opponent.search = Search::Idle;
        }
        if self.opponent.thinking() || self.paused() || self.session.is_over() {
            return;
        }
        if !self.computer_turn() {
            if self.opponent.analysing {
                self.start_analysis();
            }
            return;
        }
        let mover = position.to_move();
        let clock = self.clock_limits(now);
        let seed = self.seed ^ u64::from(position.ply()).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let limits = self.players[mover].limits(clock, seed);
        let Some(computer) = self.opponent.sides[mover].as_mut() else {
            return;
        };
        computer.think(&position, limits);
        self.opponent.search = Search::Move(mover, None);
    }

    /// The game clock as the side to move sees it, if the game has clocks.
    fn clock_limits(&self, now: Instant) -> Option<ClockLimits> {
        let clock = self.clock.as_ref()?;
        let me = self.position().to_move();
        let increment = clock.control().increment;
        Some(ClockLimits {
            mine: clock.left(me, now),
            theirs: clock.left(!me, now),
            my_increment: increment,
            their_increment: increment,
        })
    }

    /// Turns analysis on or off: the analysis engine (taktui's own unless another was chosen)
    /// thinking about each position where a person is to move, its line shown and its move
    /// marked; `P` plays that move.
    pub(super) fn toggle_analysis(&mut self, ctx: &mut Context) {
        self.opponent.analysing = !self.opponent.analysing;
        if self.opponent.analysing {
            if self.opponent.hints.is_none() {
                self.opponent.hints = Some(ctx.analyst());
            }
            ctx.info(format!(
                "analysis by {} on: its best move is marked (P plays it, a stops)",
                ctx.analyst_name()
            ));
            if !self.computer_turn() && !self.session.is_over() {
                self.start_analysis();
            }
        } else {
            if matches!(self.opponent.search, Search::Analysis(_)) {
                self.opponent.stop();
            }
            ctx.info("analysis off");
        }
    }

    fn start_analysis(&mut self) {
        let limits = Limits {
            movetime: Some(ANALYSIS_TIME),
            seed: self.seed,
            ..Limits::default()
        };
        let position = self.position().clone();
        self.opponent
            .hints
            .get_or_insert_with(Computer::default)
            .think(&position, limits);
        self.opponent.search = Search::Analysis(None);
    }

    /// The analysis's best move here, once it has one.
    #[must_use]
    pub fn suggestion(&self) -> Option<Move> {
        match &self.opponent.search {
            Search::Analysis(Some(info)) => info.pv.first().copied(),
            _ => None,
        }
    }

    /// Plays the analysis's move, if there is one.
    pub(super) fn play_suggestion(&mut self, ctx: &mut Context) {
        match self.suggestion() {
            Some(mv) => {
                self.play(mv, ctx);
            }
            None if self.opponent.analysing => ctx.info("the analysis has no move yet"),
            None => ctx.info("analysis is off: a turns it on"),
        }
    }

    /// Asks the analysing engine (taktui's unless another was given) for a move for the person
    /// to move, shown on the board when found.
    pub(super) fn ask_hint(&mut self, ctx: &mut Context) {
        if self.session.is_over() {
            ctx.info("the game is over: no move to suggest");
            return;
        }
        if self.computer_turn() {
            let mover = self.position().to_move();
            let who = match &self.players[mover] {
                Player::Engine(entry) => entry.name.clone(),
                _ => "the computer".to_owned(),
            };
            ctx.info(format!("{who} is to move: it is thinking already"));
            return;
        }
        let limits = Limits {
            movetime: Some(HINT_TIME),
            clock: None,
            seed: self.seed,
            ..Limits::default()
        };
        let position = self.position().clone();
        self.opponent.stop();
        self.opponent
            .hints
            .get_or_insert_with(|| ctx.analyst())
            .think(&position, limits);
        self.opponent.search = Search::Hint(None);
        let who = if ctx.analyst_name() == "taktui" {
            "the computer".to_owned()
        } else {
            ctx.analyst_name().to_owned()
        };
        ctx.info(format!("{who} is looking for a move for you…"));
    }

    /// The side of the program weighing a draw offered to it, while it does.
    pub(super) fn weighing_draw(&self) -> Option<Color> {
        match self.opponent.search {
            Search::DrawOffer(program, _) if self.opponent.thinking() => Some(program),
            _ => None,
        }
    }

    /// Puts the draw offered to the program playing `program` to it: it thinks about the
    /// position a moment, and its answer comes to [`PlayScreen::answer_draw`]; `false` (said
    /// why) when no program plays that side.
    pub(super) fn put_draw_to(&mut self, program: Color, ctx: &mut Context) -> bool {
        let limits = Limits {
            movetime: Some(DRAW_TIME),
            seed: self.seed,
            ..Limits::default()
        };
        let position = self.position().clone();
        self.opponent.stop();
        let Some(computer) = self.opponent.sides[program].as_mut() else {
            ctx.error("no program plays that side");
            return false;
        };
        computer.think(&position, limits);
        self.opponent.search = Search::DrawOffer(program, None);
        true
    }

    /// Asks whether either side forces a road from the position on the board; the answer
    /// comes in the message line.
    pub(super) fn ask_tinue(&mut self, ctx: &mut Context) {
        if self.session.is_over() {
            ctx.info("the game is over: no road to force");
            return;
        }
        self.opponent.tinue = Some(TinueCheck::start(self.position()));
        ctx.info("looking for a forced road from here…");
    }

    /// The answer to "is this tinue?", if it has come and the board has not moved since.
    pub(super) fn hear_tinue(&mut self, ctx: &mut Context) {
        let Some(check) = &self.opponent.tinue else {
            return;
        };
        if check.position() != self.position() {
            self.opponent.tinue = None;
        } else if let Some(answer) = check.answer() {
            self.opponent.tinue = None;
            ctx.info(answer);
        }
    }

    /// Stops the programs (undo, a new game, quitting).
    pub(super) fn stop_opponent(&mut self) {
        self.opponent.stop();
    }

    /// Reads the news of the program thinking: progress to show, a hint to mark, its move to
    /// play, or what went wrong (the side is then the person's to play).
    pub(super) fn hear_opponent(&mut self, ctx: &mut Context) -> Outcome {
        let shown = self.session.record().position().clone();
        let Some(computer) = self.opponent.active() else {
            return Outcome::Stay;
        };
        // A search about another position than the one shown is never applied.
        if computer
            .thinking_about()
            .is_some_and(|about| *about != shown)
        {
            self.opponent.stop();
            return Outcome::Stay;
        }
        let reports = computer.reports();
        let mut outcome = Outcome::Stay;
        for report in reports {
            match report {
                Report::Progress(info) => match &mut self.opponent.search {
                    Search::Move(_, latest)
                    | Search::DrawOffer(_, latest)
                    | Search::Hint(latest)
                    | Search::Analysis(latest) => {
                        *latest = Some(info);
                    }
                    Search::Idle => {}
                },
                Report::Started(took) => {
                    // The engine's start is not charged to its move (nor to a person's time,
                    // for a hint or analysis).
                    let color = match self.opponent.search {
                        Search::Move(color, _) => color,
                        _ => self.position().to_move(),
                    };
                    if let Some(clock) = &mut self.clock {
                        clock.excuse(color, took, ctx.now);
                    }
                }
                Report::Done(thought) if matches!(self.opponent.search, Search::Analysis(_)) => {
                    // Kept, to show and to play, until the position changes.
                    self.opponent.search = Search::Analysis(Some(thought.info));
                }
                Report::Done(thought) if matches!(self.opponent.search, Search::Hint(_)) => {
                    self.opponent.search = Search::Idle;
                    if let Some(mv) = thought.best {
                        self.opponent.hint = Some(mv);
                        let mover = self.position().to_move();
                        ctx.info(format!(
                            "hint: {mv} ({}), marked on the board",
                            thinking::score_words(thought.info.score, mover)
                        ));
                    }
                }
                Report::Done(thought) => {
                    let search = std::mem::take(&mut self.opponent.search);
                    if let Search::DrawOffer(program, _) = search {
                        outcome = self.answer_draw(program, thought.info.score, ctx);
                        // Analysis, stopped for the offer, goes on.
                        self.wake_opponent(ctx.now);
                        break;
                    }
                    let Some(mv) = thought.best else {
                        continue;
                    };
                    let was_over = self.session.is_over();
                    if self.play_move(mv, ctx) {
                        self.refresh_threats();
                        outcome = self.announce_end(was_over, Outcome::Stay, ctx);
                        self.wake_opponent(ctx.now);
                    }
                    break;
                }
                Report::Failed(why) => {
                    self.program_failed(why, ctx);
                    break;
                }
            }
        }
        outcome
    }

    /// The program thinking failed (`why`): in a match its side loses; at the board a person
    /// takes its side over, the game kept; a failed analysis is turned off.
    fn program_failed(&mut self, why: String, ctx: &mut Context) {
        let side = match self.opponent.search {
            Search::Move(color, _) => Some(color),
            _ => None,
        };
        // An engine that failed at analysis is not started again and again.
        let analysis = matches!(self.opponent.search, Search::Analysis(_));
        self.opponent.search = Search::Idle;
        if let Some(color) = side
            && self.match_file.is_some()
        {
            // In a match, as at a tournament, the program that failed loses.
            self.session.forfeit(color, why.clone());
            self.builder = None;
            self.keep(ctx);
            ctx.error(format!("{why}: {color} loses the game"));
        } else if let Some(color) = side {
            // The game is kept; the person takes that side over, and the panel and
            // the record say so.
            let name = self.session.player(color);
            self.players[color] = Player::Person(String::new());
            self.opponent.sides[color] = None;
            self.session.record_mut().tags_mut().set_engine(color, None);
            self.session.record_mut().add_comment_at_end(format!(
                "{name} ({color}) stopped here: a person played {color} from here"
            ));
            // What to do first: the reason, with the engine's last words, may
            // run past the lines the message has.
            let said = format!("{name} stopped: you play {color} now (the game is kept). {why}");
            self.opponent.stopped[color] = Some(name);
            self.keep(ctx);
            ctx.error(said);
        } else if analysis {
            self.opponent.analysing = false;
            ctx.error(format!("{why}. Analysis is off"));
        } else {
            ctx.error(why);
        }
    }

    /// How soon the screen should look for the computer's news.
    pub(super) fn opponent_wake(&self) -> Option<Duration> {
        (self.opponent.thinking() || self.opponent.tinue.is_some()).then_some(POLL)
    }

    /// What the panel says of the programs: which stopped (its side now a person's), and the
    /// computer's thinking: whose search, depth, evaluation as a meter from White's side, and
    /// the best line.
    pub(super) fn thinking_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let mut lines: Vec<Line<'static>> = self
            .opponent
            .stopped
            .iter()
            .filter_map(|(color, name)| {
                let name = name.as_ref()?;
                Some(Line::styled(
                    format!("  {name} stopped: you play {color}"),
                    theme.warning(),
                ))
            })
            .collect();
        lines.extend(self.search_lines(theme));
        lines
    }

    /// What the search running says: who thinks, how deep, the best line.
    fn search_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        let analysis = matches!(self.opponent.search, Search::Analysis(_));
        if !self.opponent.thinking() && !analysis {
            return Vec::new();
        }
        let mover = self.position().to_move();
        let who = match self.opponent.search {
            Search::Hint(_) => "Finding a hint".to_owned(),
            Search::Analysis(_) if self.opponent.thinking() => "Analysis".to_owned(),
            Search::Analysis(_) => "Analysis (resting)".to_owned(),
            Search::DrawOffer(program, _) => {
                format!("{} weighs the draw offered", self.session.player(program))
            }
            _ => format!("{} is thinking", self.session.player(mover)),
        };
        // The program's line while it weighs a draw would be a free hint to the person.
        let progress = match self.opponent.search {
            Search::DrawOffer(..) => None,
            _ => self.opponent.search.progress(),
        };
        thinking::lines(&who, progress, mover, theme)
    }
}
