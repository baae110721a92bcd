//! A new game: its board size and komi, who plays each side (a person, the computer at a
//! level, or one of the configured engines) and under what name, its clocks (a usual time
//! control, or one typed), with the piece counts and the ways a game ends.

mod typed;

pub use typed::NEW_GAME_TYPING;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{Effect, Reply, Seat, StudyKind, popup};
use std::time::Duration;

use crate::engine::Level;
use crate::game::clock::TimeControl;
use crate::game::engines::EngineEntry;
use crate::record::GameKind;
use crate::rules::{BoardSize, ByColor, Color, GameConfig, Komi, Reserves};
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::text_field::TextField;
use crate::tui::theme::Theme;

/// What the new-game dialog's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NewGameIntent {
    /// To the field before (-1) or after (1).
    Field(i8),
    /// Change the field by this step.
    Change(i16),
    /// This board size.
    Size(u8),
    /// Start the game.
    Start,
    /// Close without starting.
    Cancel,
    /// Edit the field typed in: a person's name, or a time control of one's own.
    Edit(crate::tui::text_field::Edit),
}

/// The new-game dialog's keys.
pub const NEW_GAME: KeyTable<NewGameIntent> = KeyTable {
    title: "New game",
    bindings: &[
        Binding::new(
            &[Key::Down, Key::Char('j'), Key::Tab],
            NewGameIntent::Field(1),
            "Up/Down",
            "the field before or after",
        )
        .bar("field"),
        Binding::new(
            &[Key::Up, Key::Char('k'), Key::BackTab],
            NewGameIntent::Field(-1),
            "Up/Down",
            "the field before or after",
        ),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            NewGameIntent::Change(-1),
            "Left/Right",
            "change it",
        )
        .bar("change"),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            NewGameIntent::Change(1),
            "Left/Right",
            "change it",
        ),
        Binding::with_char(
            &[Key::Range('3', '8')],
            |c| NewGameIntent::Size(c as u8 - b'0'),
            "3-8",
            "board size",
        ),
        Binding::new(&[Key::Enter], NewGameIntent::Start, "Enter", "start").bar("start"),
        Binding::new(
            &[Key::Esc, Key::Char('q')],
            NewGameIntent::Cancel,
            "Esc",
            "cancel",
        )
        .bar("cancel"),
    ],
};

/// The fields, in order (Kaen and Locke have only the game and the players: `tak kaen` and
/// `tak locke` set the rest).
const GAME: u8 = 0;
const SIZE: u8 = 1;
const KOMI: u8 = 2;
const WHITE: u8 = 3;
/// White's name, when a person plays White.
const WHITE_NAME: u8 = 4;
const BLACK: u8 = 5;
/// Black's name, when a person plays Black.
const BLACK_NAME: u8 = 6;
const CLOCK: u8 = 7;

/// The time controls offered (minutes and seconds added a move), after none: the usual ones
/// of the play server, from blitz to a long game.
const CLOCKS: [(u64, u64); 6] = [(3, 2), (5, 3), (10, 5), (15, 10), (30, 0), (60, 0)];
/// What the first field offers: a game, or something to study.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Choice {
    /// A game: Tak, or one of the rulebook's other two.
    Game(GameKind),
    /// The lessons or the puzzles, so that a new player finds them from inside `tak`.
    Study(StudyKind),
}

/// The choices, in the order the arrows go through them.
const CHOICES: [Choice; 5] = [
    Choice::Game(GameKind::Tak),
    Choice::Game(GameKind::Kaen),
    Choice::Game(GameKind::Locke),
    Choice::Study(StudyKind::Lessons),
    Choice::Study(StudyKind::Puzzles),
];

/// A Tak game: the only choice with more fields than the first.
const TAK: Choice = Choice::Game(GameKind::Tak);

/// The new-game dialog's fields.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewGameDialog {
    size: BoardSize,
    komi: Komi,
    /// Who may play a side, in the order the arrows go through them: a person, the computer
    /// at each level, then each engine.
    seats: Vec<Seat>,
    /// Who plays each side: an index into `seats`.
    players: ByColor<usize>,
    /// Which game (Tak, or one of the rulebook's other two), or what to study.
    game: Choice,
    /// The clocks that may be chosen: none first, then the usual time controls.
    clocks: Vec<Option<TimeControl>>,
    /// The clocks chosen: an index into `clocks`.
    clock: usize,
    /// The fields typed in: the names and a time control of one's own (boxed: a dialog is
    /// carried in every screen's outcome).
    typed: Box<typed::Typed>,
    /// Which field the arrows change: `GAME`, `SIZE`, `KOMI`, `WHITE`, `WHITE_NAME`, `BLACK`,
    /// `BLACK_NAME` or `CLOCK`.
    field: u8,
    /// What becomes of the game being replaced.
    replaced: Replaced,
}

/// What becomes of the game a new one replaces, said in the dialog.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Replaced {
    /// It is saved (or has no moves): nothing to say.
    Saved,
    /// It is unfinished and not saved: kept to resume.
    Kept,
    /// It is over and not saved: lost unless saved first.
    Lost,
}

impl NewGameDialog {
    /// Starting from `config`'s size and komi, saying what becomes of the game now played.
    #[must_use]
    pub fn new(config: &GameConfig, replaced: Replaced) -> NewGameDialog {
        NewGameDialog {
            size: config.size(),
            komi: config.komi(),
            seats: std::iter::once(Seat::Person)
                .chain(
                    (Level::MIN.get()..=Level::MAX.get())
                        .filter_map(Level::new)
                        .map(Seat::Computer),
                )
                .collect(),
            players: ByColor::default(),
            clocks: std::iter::once(None)
                .chain(CLOCKS.iter().map(|&(minutes, seconds)| {
                    Some(TimeControl {
                        initial: Duration::from_secs(minutes * 60),
                        increment: Duration::from_secs(seconds),
                    })
                }))
                .collect(),
            clock: 0,
            typed: Box::default(),
            game: TAK,
            // The first field, as the dialog reads: a new player finds the lessons and
            // puzzles there (digits set the size from any field).
            field: GAME,
            replaced,
        }
    }

    /// With `engines` (the configured ones) to choose from too.
    #[must_use]
    pub fn with_engines(mut self, engines: &[EngineEntry]) -> NewGameDialog {
        for engine in engines {
            self.offer(Seat::Engine(Box::new(engine.clone())));
        }
        self
    }

    /// With who played each side so far offered again (an engine not configured among them).
    #[must_use]
    pub fn with_players(mut self, players: &ByColor<Seat>) -> NewGameDialog {
        for (color, seat) in players.iter() {
            self.players[color] = self.offer(seat.clone());
        }
        self
    }

    /// With the clocks of the game played so far chosen again (offered when not among the
    /// usual ones).
    #[must_use]
    pub fn with_clock(mut self, control: Option<TimeControl>) -> NewGameDialog {
        self.clock = self
            .clocks
            .iter()
            .position(|c| *c == control)
            .unwrap_or_else(|| {
                self.clocks.push(control);
                self.clocks.len() - 1
            });
        self
    }

    /// With the names the persons at each side played under so far offered again.
    #[must_use]
    pub fn with_names(mut self, names: &ByColor<String>) -> NewGameDialog {
        self.typed.names = ByColor::from_fn(|color| TextField::with_text(&names[color]));
        self.typed.names_before = names.clone();
        self
    }

    /// The clocks chosen: `None` for a game without (or with a time typed that does not
    /// read: Enter then says why).
    #[must_use]
    pub fn clock(&self) -> Option<TimeControl> {
        match &self.typed.custom {
            Some(field) => field.text().parse().ok(),
            None => self.clocks[self.clock],
        }
    }

    /// Adds `seat` to the choices unless there; its index.
    fn offer(&mut self, seat: Seat) -> usize {
        if let Some(index) = self.seats.iter().position(|s| *s == seat) {
            return index;
        }
        self.seats.push(seat);
        self.seats.len() - 1
    }

    /// The next choice for a side, `step` along the list, around.
    fn next_seat(&self, now: usize, step: i16) -> usize {
        let len = i64::try_from(self.seats.len()).unwrap_or(1);
        let next = (i64::try_from(now).unwrap_or(0) + i64::from(step)).rem_euclid(len);
        usize::try_from(next).unwrap_or(0)
    }

    /// Who plays `color` as chosen now.
    #[must_use]
    pub fn seat(&self, color: Color) -> &Seat {
        &self.seats[self.players[color]]
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Reply {
        self.typed.problem = None;
        match self.intent(key) {
            Some(NewGameIntent::Field(step)) => self.next_field(step),
            Some(NewGameIntent::Edit(edit)) => self.edit(edit),
            Some(NewGameIntent::Change(step)) => match self.field {
                GAME => {
                    let now = CHOICES.iter().position(|g| *g == self.game).unwrap_or(0);
                    let count = i16::try_from(CHOICES.len()).unwrap_or(1);
                    let next = (i16::try_from(now).unwrap_or(0) + step).rem_euclid(count);
                    self.game = CHOICES[usize::try_from(next).unwrap_or(0)];
                    if matches!(self.game, Choice::Game(kind) if kind != GameKind::Tak) {
                        // Kaen and Locke are played by people and taktui's computer only.
                        for color in Color::ALL {
                            if matches!(self.seat(color), Seat::Engine(_)) {
                                self.players[color] = 0;
                            }
                        }
                    }
                }
                SIZE => {
                    // Round from 8x8 to 3x3 and back, as the other choices go round.
                    let min = i16::from(BoardSize::MIN);
                    let count = i16::from(BoardSize::MAX) - min + 1;
                    let n = (i16::from(self.size.get()) - min + step).rem_euclid(count) + min;
                    self.size = u8::try_from(n)
                        .ok()
                        .and_then(|n| BoardSize::new(n).ok())
                        .unwrap_or(self.size);
                }
                KOMI => {
                    let max = 2 * Komi::MAX_ABS;
                    let halves = (self.komi.halves() + step).clamp(-max, max);
                    self.komi = Komi::from_halves(halves).unwrap_or(self.komi);
                }
                WHITE | BLACK => {
                    let color = if self.field == WHITE {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let mut next = self.next_seat(self.players[color], step);
                    // No engine plays Kaen or Locke: past them, around.
                    while self.game != TAK && matches!(self.seats[next], Seat::Engine(_)) {
                        next = self.next_seat(next, step);
                    }
                    self.players[color] = next;
                }
                CLOCK => {
                    // Back to the usual ones: the one typed goes.
                    self.typed.custom = None;
                    let count = i64::try_from(self.clocks.len()).unwrap_or(1);
                    let now = i64::try_from(self.clock).unwrap_or(0);
                    let next = (now + i64::from(step)).rem_euclid(count);
                    self.clock = usize::try_from(next).unwrap_or(0);
                }
                _ => {}
            },
            Some(NewGameIntent::Size(n)) => self.size = BoardSize::new(n).unwrap_or(self.size),
            Some(NewGameIntent::Start) if self.game != TAK => {
                return Reply::Then(match self.game {
                    Choice::Game(kind) => Effect::NewRulebookGame(
                        kind,
                        Color::ALL.map(|color| match self.seat(color) {
                            Seat::Computer(level) => Some(*level),
                            Seat::Person | Seat::Engine(_) => None,
                        }),
                    ),
                    Choice::Study(kind) => Effect::Study(kind),
                });
            }
            Some(NewGameIntent::Start) => {
                let clock = match self.typed_clock() {
                    Ok(clock) => clock,
                    Err(why) => {
                        self.typed.problem = Some(why);
                        self.field = CLOCK;
                        return Reply::Stay;
                    }
                };
                let seats = ByColor::from_fn(|color| self.seat(color).clone());
                return Reply::Then(Effect::NewGame(
                    GameConfig::new(self.size).with_komi(self.komi),
                    seats,
                    clock,
                    self.changed_names(),
                ));
            }
            Some(NewGameIntent::Cancel) => return Reply::Close,
            None => {}
        }
        Reply::Stay
    }

    /// A side's line: who plays it, and what that level is like.
    fn player_line(&self, color: Color, label: &str, theme: Theme) -> Line<'static> {
        let field = if color == Color::White { WHITE } else { BLACK };
        let style = if self.field == field {
            theme.cursor()
        } else {
            Style::new()
        };
        let (choice, about) = match self.seat(color) {
            Seat::Person => ("a person".to_owned(), String::new()),
            Seat::Engine(entry) => (format!("engine {}", entry.name), String::new()),
            Seat::Computer(level) => (
                format!("computer {}", level.get()),
                format!("  {}", level.name()),
            ),
        };
        Line::from(vec![
            Span::raw(format!("{label:<12}")),
            Span::styled(format!(" < {choice} > "), style),
            Span::styled(about, theme.dim()),
        ])
    }

    /// The clocks' line: the time control chosen, in `style`.
    fn clock_line(&self, style: Style, theme: Theme) -> Line<'static> {
        if let Some(field) = &self.typed.custom {
            let about = match self.typed_clock() {
                Ok(_) => "  minutes + seconds a move, typed",
                Err(_) => "  minutes + seconds a move, such as 7+3",
            };
            return Line::from(vec![
                Span::raw("Clock       "),
                Span::styled(format!(" {} ", field.text()), style),
                Span::styled(about, theme.dim()),
            ]);
        }
        let (chosen, about) = match self.clock() {
            Some(control) => (control.to_string(), "  minutes each, + seconds a move"),
            None => ("none".to_owned(), "  no time limit"),
        };
        // Where a time of one's own is typed: said while the field is chosen.
        let about = match self.clock() {
            Some(_) if self.field == CLOCK => "  minutes + seconds a move, or type one",
            None if self.field == CLOCK => "  no time limit, or type one, as 7+3",
            _ => about,
        };
        Line::from(vec![
            Span::raw("Clock       "),
            Span::styled(format!(" < {chosen} > "), style),
            Span::styled(about, theme.dim()),
        ])
    }

    /// What the level chosen for the side in focus is like (an empty line otherwise).
    fn level_line(&self, theme: Theme) -> Line<'static> {
        let side = match self.field {
            WHITE => Color::White,
            BLACK => Color::Black,
            _ => return Line::default(),
        };
        let about = match self.seat(side) {
            // Kaen's levels differ in how they weigh the dice and the marker, not in search.
            Seat::Computer(level) if self.game == Choice::Game(GameKind::Kaen) => {
                crate::kaen::computer::description(*level).to_owned()
            }
            Seat::Computer(level) => level.description().to_owned(),
            Seat::Engine(entry) => format!("the engine {}", entry.command),
            Seat::Person => "a person at this keyboard".to_owned(),
        };
        Line::styled(format!("  {about}"), theme.dim())
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let pick = |on: bool| if on { theme.cursor() } else { Style::new() };
        let reserves = Reserves::standard(self.size);
        let game_line = Line::from(vec![
            Span::raw("Game        "),
            Span::styled(
                format!(" < {} > ", choice_name(self.game)),
                pick(self.field == GAME),
            ),
        ]);
        if self.game != TAK {
            let about: &[&str] = match self.game {
                Choice::Game(GameKind::Kaen) => &[
                    "A series of 3 games of Kaen, the rulebook's betting game of",
                    "bridges: 100 chips each, a bet of 2. `tak kaen` sets more",
                    "(--games, --chips, --bet, --seed).",
                ],
                Choice::Game(_) => &[
                    "Locke (Centerline), the rulebook's game of stacks racing for",
                    "the middle row: classic, 10 pieces each. `tak locke` sets more",
                    "(--modern, --pieces).",
                ],
                Choice::Study(StudyKind::Lessons) => &[
                    "A dozen short lessons on small boards, from the first stone to",
                    "roads, stacks and tinue, each checked as you play; the next",
                    "lesson not yet done opens first. Also `tak learn`.",
                ],
                Choice::Study(StudyKind::Puzzles) => &[
                    "Puzzles to solve against the solver's best defence: force a",
                    "road, stop one, find the best move; listed by size and",
                    "difficulty, the ones solved remembered. Also `tak puzzles`.",
                ],
            };
            let mut lines = vec![game_line, Line::default()];
            lines.extend(about.iter().map(|text| Line::from(*text)));
            if let Choice::Game(kind) = self.game {
                let names = if kind == GameKind::Kaen {
                    ["Player 1", "Player 2"]
                } else {
                    ["White", "Black"]
                };
                lines.push(Line::default());
                lines.push(self.player_line(Color::White, names[0], theme));
                lines.push(self.player_line(Color::Black, names[1], theme));
            }
            lines.push(Line::default());
            lines.push(popup::keys_line(&NEW_GAME, theme));
            popup::draw(frame, area, " New game ", lines, 66, theme);
            return;
        }
        let mut lines = vec![
            game_line,
            Line::from(vec![
                Span::raw("Board size  "),
                Span::styled(
                    format!(" < {0}x{0} > ", self.size.get()),
                    pick(self.field == SIZE),
                ),
            ]),
            Line::from(vec![
                Span::raw("Komi        "),
                Span::styled(format!(" < {} > ", self.komi), pick(self.field == KOMI)),
                Span::raw("  flats added to Black's count"),
            ]),
            self.player_line(Color::White, "White", theme),
        ];
        lines.extend(self.name_line(Color::White, theme));
        lines.push(self.player_line(Color::Black, "Black", theme));
        lines.extend(self.name_line(Color::Black, theme));
        lines.extend([
            self.level_line(theme),
            self.clock_line(pick(self.field == CLOCK), theme),
            Line::from(format!(
                "Each player: {} stones{}",
                reserves.stones,
                match reserves.caps {
                    0 => String::new(),
                    1 => " and 1 capstone".to_owned(),
                    n => format!(" and {n} capstones"),
                }
            )),
        ]);
        if let Some(problem) = &self.typed.problem {
            lines.push(Line::styled(problem.clone(), theme.error()));
        }
        // Where the text cursor goes, when a field is typed in: its line, and its column.
        let typing = self.typing_at(&lines);
        // The rules in brief, where the screen has room for them beside the rest: the border,
        // the warning below (two lines when wrapped), a blank line and the keys.
        let rules = 3;
        if usize::from(area.height) >= lines.len() + rules + 2 + 2 + 2 {
            lines.extend([
                Line::from("The game ends with a road joining two opposite edges, or"),
                Line::from("when the board fills or a player has placed every piece:"),
                Line::from("then the most flats on top wins."),
            ]);
        }
        self.draw_foot(frame, area, lines, typing, theme);
    }

    /// Draws the dialog's `lines` with what becomes of the game now played and the keys
    /// under them, the text cursor at `typing` (its line and column) when a field is typed in.
    fn draw_foot(
        &self,
        frame: &mut Frame<'_>,
        area: Rect,
        mut lines: Vec<Line<'static>>,
        typing: Option<(u16, u16)>,
        theme: Theme,
    ) {
        match self.replaced {
            Replaced::Saved => {}
            Replaced::Kept => lines.push(Line::styled(
                "The game now played is kept to resume later (Esc, then w saves it).",
                theme.warning(),
            )),
            Replaced::Lost => lines.push(Line::styled(
                "The game now played is over and not saved: it will be lost (Esc, then w saves it).",
                theme.warning(),
            )),
        }
        lines.push(Line::default());
        let keys = if self.typed_in() {
            &NEW_GAME_TYPING
        } else {
            &NEW_GAME
        };
        lines.push(popup::keys_line(keys, theme));
        let rect = popup::draw(frame, area, " New game ", lines, 66, theme);
        if let Some((row, column)) = typing {
            let x = rect.x + 1 + column;
            let y = rect.y + 1 + row;
            if x < rect.x + rect.width - 1 && y < rect.y + rect.height - 1 {
                frame.set_cursor_position((x, y));
            }
        }
    }
}

/// A choice's name in the dialog.
const fn choice_name(choice: Choice) -> &'static str {
    match choice {
        Choice::Game(GameKind::Tak) => "Tak",
        Choice::Game(GameKind::Kaen) => "Kaen",
        Choice::Game(GameKind::Locke) => "Locke",
        Choice::Study(StudyKind::Lessons) => "Lessons",
        Choice::Study(StudyKind::Puzzles) => "Puzzles",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tei::EngineCommand;

    fn press(dialog: &mut NewGameDialog, code: ratatui::crossterm::event::KeyCode) -> Reply {
        dialog.handle_key(&KeyEvent::from(code))
    }

    #[test]
    fn a_side_goes_through_a_person_the_levels_and_the_configured_engines() {
        use ratatui::crossterm::event::KeyCode;
        let tiltak = EngineEntry {
            name: "tiltak".to_owned(),
            command: EngineCommand {
                program: "/opt/tiltak".into(),
                args: vec!["tei".to_owned()],
                dir: None,
            },
            options: Vec::new(),
            transcript: false,
        };
        let config = GameConfig::new(BoardSize::new(5).unwrap());
        let mut dialog = NewGameDialog::new(&config, Replaced::Saved)
            .with_engines(std::slice::from_ref(&tiltak))
            .with_players(&ByColor::new(
                Seat::Person,
                Seat::Computer(Level::new(3).unwrap()),
            ));
        // From the game's line to White's, then left once: around from a person to the
        // last choice.
        for _ in 0..3 {
            press(&mut dialog, KeyCode::Down);
        }
        press(&mut dialog, KeyCode::Left);
        assert_eq!(
            dialog.seat(Color::White),
            &Seat::Engine(Box::new(tiltak.clone()))
        );
        // Right: around to a person, then level 1.
        press(&mut dialog, KeyCode::Right);
        press(&mut dialog, KeyCode::Right);
        assert_eq!(dialog.seat(Color::White), &Seat::Computer(Level::MIN));
        assert_eq!(
            dialog.seat(Color::Black),
            &Seat::Computer(Level::new(3).unwrap())
        );
        // An engine seated now but not configured is offered too, once.
        let other = EngineEntry {
            name: "other".to_owned(),
            ..tiltak.clone()
        };
        let dialog = NewGameDialog::new(&config, Replaced::Saved)
            .with_engines(std::slice::from_ref(&tiltak))
            .with_players(&ByColor::new(
                Seat::Engine(Box::new(other.clone())),
                Seat::Engine(Box::new(other.clone())),
            ));
        assert_eq!(dialog.seats.len(), 1 + 10 + 2);
        let Reply::Then(Effect::NewGame(_, seats, _, _)) = ({
            let mut dialog = dialog;
            press(&mut dialog, KeyCode::Enter)
        }) else {
            panic!("Enter starts the game");
        };
        assert_eq!(seats.white, Seat::Engine(Box::new(other)));
    }

    #[test]
    fn a_computer_seat_in_kaen_says_how_that_level_plays_kaen() {
        let config = GameConfig::new(BoardSize::new(5).unwrap());
        let level = Level::new(1).unwrap();
        let mut dialog = NewGameDialog::new(&config, Replaced::Saved)
            .with_players(&ByColor::new(Seat::Computer(level), Seat::Person));
        dialog.field = WHITE;
        let said = |dialog: &NewGameDialog| dialog.level_line(Theme::plain(false)).to_string();
        assert!(said(&dialog).contains(level.description()), "Tak's own");
        dialog.game = Choice::Game(GameKind::Kaen);
        let kaen = crate::kaen::computer::description(level);
        assert_ne!(kaen, level.description());
        assert!(said(&dialog).contains(kaen), "{}", said(&dialog));
    }

    #[test]
    fn the_size_goes_round_from_8x8_to_3x3_and_back() {
        use ratatui::crossterm::event::KeyCode;
        let config = GameConfig::new(BoardSize::new(7).unwrap());
        let mut dialog = NewGameDialog::new(&config, Replaced::Saved);
        // From the game's line to the size's.
        press(&mut dialog, KeyCode::Down);
        press(&mut dialog, KeyCode::Right);
        assert_eq!(dialog.size.get(), 8);
        press(&mut dialog, KeyCode::Right);
        assert_eq!(dialog.size.get(), 3);
        press(&mut dialog, KeyCode::Left);
        assert_eq!(dialog.size.get(), 8);
        press(&mut dialog, KeyCode::Left);
        assert_eq!(dialog.size.get(), 7);
    }

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::NEW_GAME).unwrap();
    }

    #[test]
    fn kaen_and_locke_seat_a_person_or_the_computer_never_an_engine() {
        use ratatui::crossterm::event::KeyCode;
        let tiltak = EngineEntry {
            name: "tiltak".to_owned(),
            command: EngineCommand {
                program: "/opt/tiltak".into(),
                args: Vec::new(),
                dir: None,
            },
            options: Vec::new(),
            transcript: false,
        };
        let config = GameConfig::new(BoardSize::new(5).unwrap());
        let mut dialog = NewGameDialog::new(&config, Replaced::Saved)
            .with_engines(std::slice::from_ref(&tiltak))
            .with_players(&ByColor::new(
                Seat::Engine(Box::new(tiltak.clone())),
                Seat::Person,
            ));
        // Kaen: the engine on Player 1's side gives way to a person.
        press(&mut dialog, KeyCode::Right);
        assert_eq!(dialog.seat(Color::White), &Seat::Person);
        // Down twice to Player 2; left goes around past the engine to level 10.
        press(&mut dialog, KeyCode::Down);
        press(&mut dialog, KeyCode::Down);
        press(&mut dialog, KeyCode::Left);
        assert_eq!(dialog.seat(Color::Black), &Seat::Computer(Level::MAX));
        // Down again comes back to the game's line: Kaen has no other fields.
        press(&mut dialog, KeyCode::Down);
        let reply = press(&mut dialog, KeyCode::Enter);
        assert!(
            matches!(
                reply,
                Reply::Then(Effect::NewRulebookGame(GameKind::Kaen, [None, Some(level)]))
                    if level == Level::MAX
            ),
            "{reply:?}"
        );
    }
}
