//! The play screen: a game at the board, moves picked with keys or typed in PTN.
//!
//! Three key tables, one for each moment: on the board ([`BOARD`]), while a stack is being
//! moved ([`MOVING`], which falls back to the board's keys) and while typing in the input line
//! ([`TYPING`]). The screen's own parts each have a file: building moves on the board
//! (`moving`), the input line (`typing`), the hints of learning mode (`hints`), saving and
//! keeping the game (`saving`) and drawing (`view`).

mod builder;
mod hints;
mod moving;
mod saving;
mod typing;
mod view;

pub use builder::{BuildError, MoveBuilder, Step};

use ratatui::crossterm::event::KeyEvent;

use super::Outcome;
use crate::game::Session;
use crate::rules::{ByColor, Color, Direction, GameConfig, Move, Position, Role, Square};
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, Effect, HelpDialog, NewGameDialog, RulesDialog};
use crate::tui::keys::{Binding, Does, HelpSection, Key, KeyTable};
use crate::tui::text_field::{Edit, History, TextField, editing_table};

/// Where typed letters go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Focus {
    /// Letters are commands (f, s, c, u, ...), arrows move the cursor.
    Board,
    /// Letters are notation: moves are typed in PTN.
    Input,
}

/// What a player can ask for at the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayIntent {
    /// Move the cursor; while moving a stack, steer it (the same way again drops one).
    Cursor(Direction),
    /// Place a piece of this role on the cursor's square.
    Place(Role),
    /// Place a flat, pick up the whole stack it can carry, or drop all that is in hand.
    Confirm,
    /// Pick up, or drop, this many.
    Count(u8),
    /// Take back the last step of the move being built.
    StepBack,
    /// Drop the move being built.
    CancelMove,
    /// Take back the last ply.
    Undo,
    /// Play again the last ply taken back.
    Redo,
    /// Name the moves that would win by road at once.
    ShowThreats,
    /// List the legal moves from the cursor's square and mark where they go.
    ShowMoves,
    /// Learning mode on or off.
    ToggleLearn,
    /// Go to the input line to type moves.
    TypeMoves,
    /// Save the game, asking for a file name the first time.
    Save,
    /// Start a new game (a dialog asks for its settings).
    NewGame,
    /// Quit, asking first when there are unsaved moves.
    Quit,
    /// The rules, a page at a time.
    Rules,
    /// Every key.
    Help,
    /// Edit the typed text.
    Edit(Edit),
    /// Play the typed move.
    Submit,
    /// Recall the move typed before.
    RecallPrevious,
    /// Recall the move typed after.
    RecallNext,
    /// Back from the input line to the board.
    ToBoard,
}

use PlayIntent as P;

/// The keys on the board.
pub const BOARD: KeyTable<PlayIntent> = KeyTable {
    title: "On the board",
    bindings: &[
        Binding::new(
            &[Key::Up, Key::Char('k')],
            P::Cursor(Direction::Up),
            "arrows hjkl",
            "move the cursor",
        )
        .bar_as("arrows", "move"),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            P::Cursor(Direction::Down),
            "arrows hjkl",
            "move the cursor",
        ),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            P::Cursor(Direction::Left),
            "arrows hjkl",
            "move the cursor",
        ),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            P::Cursor(Direction::Right),
            "arrows hjkl",
            "move the cursor",
        ),
        Binding::new(
            &[Key::Char('f'), Key::Char('F')],
            P::Place(Role::Flat),
            "f s c",
            "place a flat, a wall (standing stone), a capstone",
        )
        .bar_as("f/s/c", "place"),
        Binding::new(
            &[Key::Char('s'), Key::Char('S')],
            P::Place(Role::Wall),
            "f s c",
            "place a flat, a wall (standing stone), a capstone",
        ),
        Binding::new(
            &[Key::Char('c'), Key::Char('C')],
            P::Place(Role::Cap),
            "f s c",
            "place a flat, a wall (standing stone), a capstone",
        ),
        Binding::new(
            &[Key::Enter, Key::Char(' ')],
            P::Confirm,
            "Enter",
            "place a flat, or pick up your stack (all it can carry)",
        )
        .bar("pick up"),
        Binding::with_char(
            &[Key::Range('1', '8')],
            |c| P::Count(c as u8 - b'0'),
            "1-8",
            "pick up that many",
        ),
        Binding::new(
            &[Key::Backspace],
            P::StepBack,
            "Backspace",
            "take back the last step of a move",
        ),
        Binding::new(
            &[Key::Esc],
            P::CancelMove,
            "Esc",
            "cancel the move being built",
        ),
        Binding::new(
            &[Key::Char('u'), Key::Ctrl('z')],
            P::Undo,
            "u",
            "undo (no limit)",
        )
        .bar("undo"),
        Binding::new(
            &[Key::Char('U'), Key::Ctrl('r')],
            P::Redo,
            "U Ctrl+R",
            "redo",
        ),
        Binding::new(
            &[Key::Char('m')],
            P::ShowMoves,
            "m",
            "list and mark the legal moves from the cursor's square",
        ),
        Binding::new(
            &[Key::Char('t')],
            P::ShowThreats,
            "t",
            "name the moves that would win by road now",
        ),
        Binding::new(
            &[Key::Char('L')],
            P::ToggleLearn,
            "L",
            "learning mode: moves marked, threats named",
        ),
        Binding::new(
            &[Key::Char(':'), Key::Tab],
            P::TypeMoves,
            ":",
            "type moves in PTN (Esc or Tab comes back)",
        )
        .bar("type"),
        Binding::new(&[Key::Char('n')], P::NewGame, "n", "start a new game").bar("new"),
        Binding::new(
            &[Key::Char('w'), Key::Ctrl('s')],
            P::Save,
            "w",
            "save the game as PTN (also Ctrl+S)",
        )
        .bar("save"),
        Binding::new(
            &[Key::Char('r')],
            P::Rules,
            "r",
            "the rules, a page at a time",
        ),
        Binding::new(&[Key::Char('?')], P::Help, "?", "this help").bar("help"),
        Binding::new(
            &[Key::Char('q'), Key::Ctrl('c')],
            P::Quit,
            "q",
            "quit, asking first if the game is not saved (also Ctrl+C)",
        )
        .bar("quit"),
    ],
};

/// The keys while a stack is being moved; the board's keys work too.
pub const MOVING: KeyTable<PlayIntent> = KeyTable {
    title: "Moving a stack",
    bindings: &[
        Binding::new(
            &[Key::Up, Key::Char('k')],
            P::Cursor(Direction::Up),
            "arrows hjkl",
            "steer the stack; the same arrow again drops 1",
        )
        .bar_as("arrows", "steer"),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            P::Cursor(Direction::Down),
            "arrows hjkl",
            "steer the stack; the same arrow again drops 1",
        ),
        Binding::new(
            &[Key::Left, Key::Char('h')],
            P::Cursor(Direction::Left),
            "arrows hjkl",
            "steer the stack; the same arrow again drops 1",
        ),
        Binding::new(
            &[Key::Right, Key::Char('l')],
            P::Cursor(Direction::Right),
            "arrows hjkl",
            "steer the stack; the same arrow again drops 1",
        ),
        Binding::with_char(
            &[Key::Range('1', '8')],
            |c| P::Count(c as u8 - b'0'),
            "1-8",
            "drop that many; before a direction, pick up that many",
        )
        .bar("drop"),
        Binding::new(
            &[Key::Enter, Key::Char(' ')],
            P::Confirm,
            "Enter",
            "drop all that is left in hand",
        )
        .bar("drop all"),
        Binding::new(
            &[Key::Backspace],
            P::StepBack,
            "Backspace",
            "take back the last step",
        )
        .bar_as("Bksp", "back"),
        Binding::new(&[Key::Esc], P::CancelMove, "Esc", "cancel the move").bar("cancel"),
    ],
};

/// The keys in the input line.
pub const TYPING: KeyTable<PlayIntent> = KeyTable {
    title: "Typing moves in PTN",
    bindings: editing_table!(P::Edit;
        Binding::new(&[Key::Enter], P::Submit, "Enter", "play the typed move").bar("play"),
        Binding::new(&[Key::Up], P::RecallPrevious, "Up Down", "recall the moves typed before").bar_as("Up/Down", "recall"),
        Binding::new(&[Key::Down], P::RecallNext, "Up Down", "recall the moves typed before"),
        Binding::new(&[Key::Esc, Key::Tab, Key::BackTab], P::ToBoard, "Esc Tab", "back to the board").bar_as("Esc/Tab", "board"),
        Binding::new(&[Key::Ctrl('s')], P::Save, "Ctrl+S", "save"),
        Binding::new(&[Key::Ctrl('z')], P::Undo, "Ctrl+Z Ctrl+R", "undo, redo"),
        Binding::new(&[Key::Ctrl('r')], P::Redo, "Ctrl+Z Ctrl+R", "undo, redo"),
        Binding::new(&[Key::Ctrl('c')], P::Quit, "Ctrl+C", "quit").bar("quit"),
    ),
};

/// A game being played at the board.
#[derive(Clone, Debug)]
pub struct PlayScreen {
    session: Session,
    cursor: Square,
    focus: Focus,
    input: TextField,
    history: History,
    builder: Option<MoveBuilder>,
    /// The square clicked last: a second click there acts as Enter.
    last_click: Option<Square>,
    /// The square whose legal moves are marked (after `m`), until the next key.
    hint: Option<Square>,
    /// Learning mode: legal moves marked, threats named, refusals explained, unasked.
    learn: bool,
    /// The moves that would win by road at once for each player ("Tak"), worked out once per
    /// change rather than on every frame.
    threats: ByColor<Vec<Move>>,
}

impl PlayScreen {
    /// Playing `session`, the cursor in the middle of the board.
    #[must_use]
    pub fn new(session: Session) -> PlayScreen {
        let mut screen = PlayScreen {
            session,
            cursor: Square::new(0, 0),
            focus: Focus::Board,
            input: TextField::default(),
            history: History::default(),
            builder: None,
            last_click: None,
            hint: None,
            learn: false,
            threats: ByColor::default(),
        };
        screen.reset_view();
        screen.refresh_threats();
        screen
    }

    /// With learning mode on or off.
    #[must_use]
    pub const fn learning(mut self, on: bool) -> PlayScreen {
        self.learn = on;
        self
    }

    /// The game.
    #[must_use]
    pub const fn session(&self) -> &Session {
        &self.session
    }

    /// The position now.
    #[must_use]
    pub const fn position(&self) -> &Position {
        self.session.record().position()
    }

    /// The board cursor.
    #[must_use]
    pub const fn cursor(&self) -> Square {
        self.cursor
    }

    /// Where typed letters go.
    #[must_use]
    pub const fn focus(&self) -> Focus {
        self.focus
    }

    /// The input line.
    #[must_use]
    pub const fn input(&self) -> &TextField {
        &self.input
    }

    /// The move being built with keys, if any.
    #[must_use]
    pub const fn builder(&self) -> Option<&MoveBuilder> {
        self.builder.as_ref()
    }

    /// Whether learning mode is on.
    #[must_use]
    pub const fn is_learning(&self) -> bool {
        self.learn
    }

    /// The square whose legal moves are marked after `m`, if any.
    #[must_use]
    pub const fn hint(&self) -> Option<Square> {
        self.hint
    }

    /// The moves `color` could make now that would win by road at once ("Tak").
    #[must_use]
    pub fn threats(&self, color: Color) -> &[Move] {
        &self.threats[color]
    }

    /// The key table for this moment, and the table it falls back to.
    fn tables(
        &self,
    ) -> (
        &'static KeyTable<PlayIntent>,
        Option<&'static KeyTable<PlayIntent>>,
    ) {
        match (self.focus, &self.builder) {
            (Focus::Input, _) => (&TYPING, None),
            (Focus::Board, Some(_)) => (&MOVING, Some(&BOARD)),
            (Focus::Board, None) => (&BOARD, None),
        }
    }

    /// The intent a key asks for now.
    #[must_use]
    pub fn intent(&self, key: &KeyEvent) -> Option<PlayIntent> {
        let (table, fallback) = self.tables();
        table
            .intent(key)
            .or_else(|| fallback.and_then(|t| t.intent(key)))
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        match self.intent(key) {
            Some(intent) => self.update(intent, ctx),
            None => Outcome::Stay,
        }
    }

    /// Carries out an intent.
    pub fn update(&mut self, intent: PlayIntent, ctx: &mut Context) -> Outcome {
        ctx.status = None;
        self.hint = None;
        let outcome = match self.focus {
            Focus::Board => self.board_intent(intent, ctx),
            Focus::Input => self.typing_intent(intent, ctx),
        };
        self.refresh_threats();
        outcome
    }

    /// Intents that mean the same whatever has the focus.
    fn common_intent(&mut self, intent: PlayIntent, ctx: &mut Context) -> Outcome {
        match intent {
            P::Undo => self.undo(ctx),
            P::Redo => self.redo(ctx),
            P::Save => return self.save(ctx),
            P::NewGame => {
                return Outcome::Open(Dialog::NewGame(NewGameDialog::new(
                    self.position().config(),
                    self.session.has_unsaved_game(),
                )));
            }
            P::Quit => return self.quit(),
            P::Help => return Outcome::Open(Dialog::Help(self.help())),
            P::Rules => return Outcome::Open(Dialog::Rules(RulesDialog::default())),
            _ => {}
        }
        Outcome::Stay
    }

    /// Quits, or asks first when the game has unsaved moves.
    #[must_use]
    pub fn quit(&self) -> Outcome {
        if self.session.has_unsaved_game() {
            Outcome::Open(Dialog::ConfirmQuit)
        } else {
            Outcome::Quit
        }
    }

    /// The help page: every key of the three tables, and the notation.
    #[must_use]
    pub fn help(&self) -> HelpDialog {
        HelpDialog::new(
            " Help: ? or Esc to close ",
            vec![
                HelpSection::keys(&BOARD),
                HelpSection::keys(&MOVING),
                HelpSection::keys(&TYPING),
                HelpSection::text(
                    "PTN, the notation",
                    &[
                        ("c3  Sc3  Cc3", "place a flat, a wall, a capstone on c3"),
                        (
                            "c3+ c3- c3< c3>",
                            "move the piece on c3 up, down, left, right",
                        ),
                        ("3c3>12", "carry 3 from c3 rightwards: drop 1, then 2"),
                    ],
                ),
                HelpSection::text(
                    "The board",
                    &[
                        ("F S C  f s c", "White's flat, wall, capstone; Black's"),
                        ("2nd line", "owners bottom to top, 1 White, 2 Black"),
                        ("marks", "the last move; + where a stack can go; # the road"),
                    ],
                ),
            ],
        )
    }

    /// The key bar's entries for this moment.
    #[must_use]
    pub fn key_bar(&self) -> Vec<(&'static str, &'static str)> {
        let (table, _) = self.tables();
        if !std::ptr::eq(table, &BOARD) {
            return table.bar(|_| true);
        }
        // On the board: the keys for playing, or once the game is over, those for what next.
        let over = self.position().is_over();
        table.bar(|binding| match binding.does {
            Does::Intent(intent) if over => {
                matches!(intent, P::Undo | P::NewGame | P::Save | P::Help | P::Quit)
            }
            Does::Intent(intent) => !matches!(intent, P::NewGame | P::Save),
            Does::WithChar(_) => !over,
        })
    }

    /// Carries out what a dialog asked for.
    pub fn apply(&mut self, effect: Effect, ctx: &mut Context) -> Outcome {
        match effect {
            Effect::Quit => Outcome::Quit,
            Effect::SaveAndQuit => self.save_then(true, ctx),
            Effect::SaveTo { path, then_quit } => match (self.save_to(path, ctx), then_quit) {
                (true, true) => Outcome::Quit,
                (true, false) => Outcome::Stay,
                (false, _) => Outcome::Refused,
            },
            Effect::NewGame(config) => {
                self.new_game(config, ctx);
                Outcome::Stay
            }
            Effect::Resume(record) => {
                let mut session = Session::new(*record, None);
                session.mark_dirty();
                // The recovery file holds this very game: it is ours to keep writing.
                ctx.recovery.adopt();
                self.replace_session(session);
                ctx.info("resumed the unfinished game");
                Outcome::Stay
            }
            Effect::DeclineResume => {
                // Kept aside rather than deleted: declining should never destroy a game.
                match ctx.recovery.claim() {
                    Ok(Some(aside)) => ctx.info(format!(
                        "an unfinished game left earlier is kept in {}",
                        aside.display()
                    )),
                    Ok(None) => {}
                    Err(error) => {
                        ctx.error(format!("cannot move the old recovery file aside: {error}"));
                    }
                }
                Outcome::Stay
            }
            Effect::GoToPly(_) | Effect::NextMatchGame | Effect::TakeBackMatchPly => Outcome::Stay,
        }
    }

    /// Starts a new game with `config`, keeping the players' names.
    pub fn new_game(&mut self, config: GameConfig, ctx: &mut Context) {
        let mut record = crate::record::GameRecord::for_config(config);
        record.tags_mut().set_stamp(crate::record::Stamp::now());
        for color in Color::ALL {
            if let Some(name) = self.session.record().tags().player(color) {
                record.tags_mut().set_player(color, name.to_owned());
            }
        }
        self.replace_session(Session::new(record, None));
        let size = config.size().get();
        ctx.info(format!("new {size}x{size} game"));
    }

    /// Plays another game on this screen (a new, resumed or next match game).
    pub fn replace_session(&mut self, session: Session) {
        self.session = session;
        self.reset_view();
        self.refresh_threats();
    }

    /// Works out again which moves would win by road at once, for each player.
    fn refresh_threats(&mut self) {
        let position = self.session.record().position();
        self.threats = if position.is_opening() {
            ByColor::default()
        } else {
            ByColor::from_fn(|color| position.threats(color))
        };
    }

    /// Puts the cursor in the middle of the board and drops any move being built: for a new,
    /// resumed or opened game, whose board may be of another size.
    fn reset_view(&mut self) {
        let middle = (self.position().size().get() - 1) / 2;
        self.cursor = Square::new(middle, middle);
        self.builder = None;
        self.last_click = None;
        self.hint = None;
    }

    /// Plays a move, explaining a refusal; `true` when played.
    fn play(&mut self, mv: Move, ctx: &mut Context) -> bool {
        match self.session.play(mv) {
            Ok(()) => {
                self.last_click = None;
                // Whatever was being typed no longer fits the position.
                self.input.clear();
                self.keep(ctx);
                if let Some(token) = self.position().result().ptn() {
                    ctx.info(format!("{}: {token}", self.position().result()));
                }
                true
            }
            Err(error) => {
                ctx.error(format!("{mv}: {error}{}", self.alternatives(mv.square)));
                false
            }
        }
    }

    /// Takes back the last ply.
    pub fn undo(&mut self, ctx: &mut Context) {
        self.builder = None;
        if self.session.undo() {
            self.keep(ctx);
            if ctx.status.is_none() {
                ctx.info(format!(
                    "took back a ply ({} to redo: U)",
                    self.session.redo_len()
                ));
            }
        } else {
            ctx.error("nothing to undo");
        }
        self.refresh_threats();
    }

    fn redo(&mut self, ctx: &mut Context) {
        self.builder = None;
        if self.session.redo() {
            self.keep(ctx);
            if ctx.status.is_none() {
                ctx.info("played the ply again");
            }
        } else {
            ctx.error("nothing to redo");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::keys::check_table;

    #[test]
    fn every_key_of_every_table_asks_for_its_own_binding() {
        for table in [&BOARD, &MOVING, &TYPING] {
            check_table(table).unwrap();
        }
    }
}
