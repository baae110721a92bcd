//! The lobby of a PlayTak server: the seeks, the games being played and who is online, kept
//! live from what the server says; a chat panel under them; seeks posted, accepted and taken
//! down from here.
//!
//! The screen holds no connection: what the server says comes in through
//! [`LobbyScreen::heard`] (the terminal loop polls the connection between frames), and what
//! the screen asks of the server goes out through the context's outbox, so the same keys and
//! lines always make the same screen and the same commands (which the tests rely on). The
//! lists themselves, their filters and sorts are [`crate::online::lobby`]'s; this file turns
//! keys into asks, `keys` holds the tables, `rows` the lines, `said` the chat, `view` the
//! drawing.

mod boards;
mod heard;
mod keys;
mod past;
mod rows;
mod said;
mod view;

pub use view::MIN_SIZE;

pub use keys::{ChatIntent, LOBBY, LOBBY_CHAT, LobbyIntent};
pub use rows::{GAME_HEADING, SEEK_HEADING};

use std::time::{Duration, Instant};

use ratatui::crossterm::event::KeyEvent;

use super::Outcome;
use super::online::OnlineBoard;
use crate::online::lobby::{Channel, ListFilter, ListOrder, Lobby, SortKey};
use crate::online::protocol::Command;
use crate::rules::BoardSize;
use crate::tui::context::Context;
use crate::tui::dialogs::{Dialog, Effect, HelpDialog, SeekDialog};
use crate::tui::keys::HelpSection;
use crate::tui::text_field::TextField;

/// The lists the lobby shows, one at a time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum List {
    /// Seeks: games offered, waiting for an opponent.
    Seeks,
    /// Games being played.
    Games,
    /// Who is online.
    Players,
    /// Our past online games, saved in the data folder.
    Past,
}

impl List {
    /// The lists in the order Tab goes through them.
    pub const ALL: [List; 4] = [List::Seeks, List::Games, List::Players, List::Past];

    const fn index(self) -> usize {
        match self {
            List::Seeks => 0,
            List::Games => 1,
            List::Players => 2,
            List::Past => 3,
        }
    }
}

/// Where the connection is, as the screen says it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Link {
    /// Connecting and logging in.
    Connecting,
    /// Logged in under this name.
    Online(String),
    /// Dropped; connecting again at this time.
    Dropped {
        /// Why it dropped.
        why: String,
        /// When the next try is.
        retry_at: Instant,
    },
    /// Over for good, with why and what to do.
    Failed(String),
}

/// The time-control filters `t` goes through: every time, then under 5 minutes, 5 to 20, over.
const TIME_FILTERS: [Option<(u64, u64)>; 4] = [
    None,
    Some((0, 4 * 60 + 59)),
    Some((5 * 60, 20 * 60)),
    Some((20 * 60 + 1, u64::MAX / 2)),
];

/// The sort keys `s` goes through.
const SORT_KEYS: [SortKey; 5] = [
    SortKey::Number,
    SortKey::Name,
    SortKey::Size,
    SortKey::Time,
    SortKey::Rated,
];

/// `value` moved `step` along `0..len`, round.
fn round(value: usize, step: i8, len: usize) -> usize {
    let len = isize::try_from(len).unwrap_or(1).max(1);
    let next = (isize::try_from(value).unwrap_or(0) + isize::from(step)).rem_euclid(len);
    usize::try_from(next).unwrap_or(0)
}

/// The lobby screen.
#[derive(Debug)]
pub struct LobbyScreen {
    lobby: Lobby,
    /// The server, as the heading says it.
    server: String,
    link: Link,
    list: List,
    /// The entry chosen in each list (by place in the list as shown).
    chosen: [usize; 4],
    filter: ListFilter,
    /// Which of [`TIME_FILTERS`] applies.
    time_filter: usize,
    order: ListOrder,
    /// The chat channel shown.
    channel: Channel,
    /// The line being typed in the chat.
    field: TextField,
    /// Whether keys go to the chat line.
    typing: bool,
    /// The game on the board, ours or watched, while it is shown.
    board: Option<Box<OnlineBoard>>,
    /// Our game left after its end with a rematch asked: it goes on hearing the server
    /// (unseen) to accept the rematch when the other player asks too.
    rematch: Option<Box<OnlineBoard>>,
    /// Our past online games, as last read from the data folder.
    past: Vec<crate::online::game::PastGame>,
    /// Our games kept unfinished on this server, to go back to when it sends them again.
    kept: Vec<crate::online::game::OnlineKept>,
    /// A past game replayed, while it is shown.
    replay: Option<Box<super::ReplayScreen>>,
    /// The game asked to watch (`Observe` sent), until the server answers.
    watch_asked: Option<crate::online::protocol::GameId>,
    /// The data folder: our games are kept there while played and saved when over.
    data: Option<std::path::PathBuf>,
    /// A guest's token, kept with our games so the next `tak online` can go back to them.
    guest_token: Option<String>,
}

impl LobbyScreen {
    /// The lobby of `server` (as it is to be shown), before anything is heard.
    #[must_use]
    pub fn new(server: &str) -> LobbyScreen {
        LobbyScreen {
            lobby: Lobby::new(),
            server: server.to_owned(),
            link: Link::Connecting,
            list: List::Seeks,
            chosen: [0; 4],
            past: Vec::new(),
            kept: Vec::new(),
            replay: None,
            filter: ListFilter::default(),
            time_filter: 0,
            order: ListOrder::default(),
            channel: Channel::Global,
            field: TextField::default(),
            typing: false,
            board: None,
            rematch: None,
            watch_asked: None,
            data: None,
            guest_token: None,
        }
    }

    /// The lobby as the server has described it.
    #[must_use]
    pub const fn lobby(&self) -> &Lobby {
        &self.lobby
    }

    /// Where the connection is.
    #[must_use]
    pub const fn link(&self) -> &Link {
        &self.link
    }

    /// The list shown.
    #[must_use]
    pub const fn list(&self) -> List {
        self.list
    }

    /// The chat channel shown.
    #[must_use]
    pub const fn channel(&self) -> &Channel {
        &self.channel
    }

    /// Whether keys go to the chat line.
    #[must_use]
    pub const fn is_typing(&self) -> bool {
        self.typing
    }

    /// The filter applied to the seeks and games.
    #[must_use]
    pub const fn filter(&self) -> &ListFilter {
        &self.filter
    }

    /// The order of the seeks and games.
    #[must_use]
    pub const fn order(&self) -> ListOrder {
        self.order
    }

    /// How many entries the list shown holds (as filtered).
    fn len(&self) -> usize {
        match self.list {
            List::Seeks => self.lobby.seeks(&self.filter, self.order).len(),
            List::Games => self.lobby.games(&self.filter, self.order).len(),
            List::Players => self.lobby.players().len(),
            List::Past => self.past.len(),
        }
    }

    /// The entry chosen in the list shown, kept within it.
    #[must_use]
    pub fn chosen(&self) -> usize {
        self.chosen_of(self.len())
    }

    /// The entry chosen in the list shown, when it holds `len` entries.
    fn chosen_of(&self, len: usize) -> usize {
        self.chosen[self.list.index()].min(len.saturating_sub(1))
    }

    /// The channels the chat can show: the global room first, then those open.
    fn channels(&self) -> Vec<Channel> {
        let mut channels = vec![Channel::Global];
        channels.extend(
            self.lobby
                .chat()
                .channels()
                .filter(|c| **c != Channel::Global)
                .cloned(),
        );
        channels
    }

    /// Asks the server for `command`, through the context's outbox.
    fn send(command: Command, ctx: &mut Context) {
        ctx.outbox.push(command);
    }

    /// Whether the server can be asked anything now; says why not when it cannot.
    fn connected(&self, ctx: &mut Context) -> bool {
        match &self.link {
            Link::Online(_) => true,
            Link::Connecting => {
                ctx.error("not logged in yet: wait a moment");
                false
            }
            Link::Dropped { retry_at, .. } => {
                let wait = retry_at.saturating_duration_since(ctx.now).as_secs();
                ctx.error(format!(
                    "not connected at the moment: trying again in {wait} s"
                ));
                false
            }
            Link::Failed(why) => {
                ctx.error(format!(
                    "the connection is closed ({why}): q, then connect again"
                ));
                false
            }
        }
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Outcome {
        if let Some(board) = &mut self.board {
            let outcome = board.handle_key(key, ctx);
            return self.after_board(outcome, ctx);
        }
        if let Some(replay) = &mut self.replay {
            let outcome = replay.handle_key(key, ctx);
            return self.after_board(outcome, ctx);
        }
        if self.typing {
            if let Some(intent) = LOBBY_CHAT.intent(key) {
                self.chat_key(intent, ctx);
            }
            return Outcome::Stay;
        }
        let Some(intent) = LOBBY.intent(key) else {
            return Outcome::Stay;
        };
        ctx.status = None;
        self.intent(intent, ctx)
    }

    /// Text pasted: moves on the board; else into the chat line, which takes the focus.
    pub fn paste(&mut self, text: &str, ctx: &mut Context) {
        if let Some(board) = &mut self.board {
            board.paste(text, ctx);
            return;
        }
        self.typing = true;
        self.field.paste(text);
    }

    fn intent(&mut self, intent: LobbyIntent, ctx: &mut Context) -> Outcome {
        match intent {
            LobbyIntent::List(step) => {
                self.list = List::ALL[round(self.list.index(), step, List::ALL.len())];
                if self.list == List::Past {
                    self.read_past(ctx);
                }
            }
            LobbyIntent::Past => {
                self.list = List::Past;
                self.read_past(ctx);
            }
            LobbyIntent::Choose(step) => {
                let last = self.len().saturating_sub(1);
                let now = self.chosen();
                let next = if step < 0 {
                    now.saturating_sub(usize::from(step.unsigned_abs()))
                } else {
                    (now + usize::from(step.unsigned_abs())).min(last)
                };
                self.chosen[self.list.index()] = next;
            }
            LobbyIntent::First => self.chosen[self.list.index()] = 0,
            LobbyIntent::Last => self.chosen[self.list.index()] = self.len().saturating_sub(1),
            LobbyIntent::Act => self.act(ctx),
            LobbyIntent::NewSeek => {
                if self.connected(ctx) {
                    return Outcome::Open(Dialog::Seek(SeekDialog::new()));
                }
            }
            LobbyIntent::CancelSeek => {
                if self.lobby.my_seek().is_none() {
                    ctx.info("you have no seek up: n posts one");
                } else if self.connected(ctx) {
                    Self::send(Command::CancelSeek, ctx);
                    ctx.info("your seek is taken down");
                }
            }
            LobbyIntent::Sort => {
                let now = SORT_KEYS
                    .iter()
                    .position(|k| *k == self.order.key)
                    .unwrap_or(0);
                self.order.key = SORT_KEYS[(now + 1) % SORT_KEYS.len()];
                ctx.info(format!("sorted by {}", self.describe_order()));
            }
            LobbyIntent::Reverse => {
                self.order.descending = !self.order.descending;
                ctx.info(format!("sorted by {}", self.describe_order()));
            }
            LobbyIntent::Size(n) => {
                let size = BoardSize::new(n).ok();
                self.filter.size = if self.filter.size == size { None } else { size };
                ctx.info(self.describe_filter());
            }
            LobbyIntent::AnySize => {
                self.filter.size = None;
                ctx.info(self.describe_filter());
            }
            LobbyIntent::Time => {
                self.time_filter = (self.time_filter + 1) % TIME_FILTERS.len();
                self.filter.time = TIME_FILTERS[self.time_filter]
                    .map(|(from, to)| Duration::from_secs(from)..=Duration::from_secs(to));
                ctx.info(self.describe_filter());
            }
            LobbyIntent::Rated => {
                self.filter.rated = match self.filter.rated {
                    None => Some(true),
                    Some(true) => Some(false),
                    Some(false) => None,
                };
                ctx.info(self.describe_filter());
            }
            LobbyIntent::Chat => self.typing = true,
            LobbyIntent::Channel(step) => self.next_channel(step),
            LobbyIntent::Help => {
                return Outcome::Open(Dialog::Help(HelpDialog::new(
                    " Help: ? or Esc to close ",
                    vec![
                        HelpSection::keys(&LOBBY),
                        HelpSection::keys(&LOBBY_CHAT),
                        HelpSection::text("What a chat line can say", said::SLASH_HELP),
                    ],
                )));
            }
            LobbyIntent::Quit => return Outcome::Quit,
        }
        Outcome::Stay
    }

    /// Enter on the list shown.
    fn act(&mut self, ctx: &mut Context) {
        let chosen = self.chosen();
        match self.list {
            List::Seeks => {
                let seeks = self.lobby.seeks(&self.filter, self.order);
                let Some(seek) = seeks.get(chosen) else {
                    ctx.info("no seek to accept: n posts one of yours");
                    return;
                };
                if !self.lobby.can_accept(seek) {
                    let why = if Some(seek.player.as_str()) == self.lobby.me() {
                        "that seek is yours (x takes it down)".to_owned()
                    } else {
                        format!(
                            "that seek is for {} only",
                            seek.opponent.as_deref().unwrap_or("someone else")
                        )
                    };
                    ctx.error(why);
                    return;
                }
                let (id, player) = (seek.id, seek.player.clone());
                if self.connected(ctx) {
                    Self::send(Command::Accept(id), ctx);
                    ctx.info(format!("accepting {player}'s seek {id}..."));
                }
            }
            List::Games => {
                let games = self.lobby.games(&self.filter, self.order);
                let Some(game) = games.get(chosen) else {
                    ctx.info("no game being played");
                    return;
                };
                let (id, white, black) = (game.game, game.white.clone(), game.black.clone());
                if self.connected(ctx) {
                    Self::send(Command::Observe(id), ctx);
                    self.watch_asked = Some(id);
                    ctx.info(format!("asking to watch game {id} ({white} vs {black})..."));
                }
            }
            List::Past => self.open_past(chosen, ctx),
            List::Players => {
                let Some(name) = self.lobby.players().get(chosen).cloned() else {
                    return;
                };
                self.channel = Channel::Private(name.clone());
                self.typing = true;
                ctx.info(format!("what you type now goes to {name} only"));
            }
        }
    }

    /// The chat channel `step` along, round.
    fn next_channel(&mut self, step: i8) {
        let channels = self.channels();
        let now = channels
            .iter()
            .position(|c| *c == self.channel)
            .unwrap_or(0);
        self.channel = channels[round(now, step, channels.len())].clone();
    }

    /// A key while typing in the chat.
    fn chat_key(&mut self, intent: ChatIntent, ctx: &mut Context) {
        match intent {
            ChatIntent::Edit(edit) => self.field.edit(edit),
            ChatIntent::Leave => self.typing = false,
            ChatIntent::Channel(step) => self.next_channel(step),
            ChatIntent::Send => match said::said(self.field.text(), &self.channel) {
                Ok(said::Said::Send(command, channel)) => {
                    if self.connected(ctx) {
                        Self::send(command, ctx);
                        self.channel = channel;
                        self.field.clear();
                        ctx.status = None;
                    }
                }
                Ok(said::Said::Leave(room)) => {
                    if self.connected(ctx)
                        && let Ok(name) = crate::online::protocol::RoomName::new(&room)
                    {
                        Self::send(Command::LeaveRoom(name), ctx);
                        self.lobby.left_room(&room);
                        self.channel = Channel::Global;
                        self.field.clear();
                        ctx.info(format!("left the room {room}"));
                    }
                }
                Err(why) => ctx.error(why),
            },
        }
    }

    /// Carries out what a dialog asked for: a seek to post.
    pub fn apply(&mut self, effect: Effect, ctx: &mut Context) -> Outcome {
        if let Some(board) = &mut self.board {
            let outcome = board.apply(&effect, ctx);
            return self.after_board(outcome, ctx);
        }
        if let Some(replay) = &mut self.replay {
            let outcome = replay.apply(&effect, ctx);
            return self.after_board(outcome, ctx);
        }
        match effect {
            Effect::Quit => Outcome::Quit,
            Effect::Resume(path) => {
                self.go_back_asked(&path, ctx);
                Outcome::Stay
            }
            Effect::AskNewGame => {
                ctx.info("the kept games stay kept: n posts a seek");
                Outcome::Stay
            }
            Effect::PostSeek(seek) => {
                if !self.connected(ctx) {
                    return Outcome::Refused;
                }
                Self::send(Command::Seek(seek), ctx);
                ctx.info("your seek is posted: it shows as yours in the list (x takes it down)");
                self.list = List::Seeks;
                Outcome::Stay
            }
            _ => Outcome::Stay,
        }
    }

    /// The sort in words.
    fn describe_order(&self) -> String {
        let key = match self.order.key {
            SortKey::Number => "number",
            SortKey::Name => "name",
            SortKey::Size => "size",
            SortKey::Time => "time control",
            SortKey::Rated => "rated",
        };
        let way = if self.order.descending {
            ", turned round"
        } else {
            ""
        };
        format!("{key}{way}")
    }

    /// The filter in words.
    fn describe_filter(&self) -> String {
        let size = self.filter.size.map_or_else(
            || "every size".to_owned(),
            |s| format!("{0}x{0} only", s.get()),
        );
        let time = match self.time_filter {
            1 => "under 5 minutes",
            2 => "5 to 20 minutes",
            3 => "over 20 minutes",
            _ => "any time",
        };
        let rated = match self.filter.rated {
            None => "rated or not",
            Some(true) => "rated only",
            Some(false) => "unrated only",
        };
        format!("showing {size}, {time}, {rated}")
    }

    /// How long until the screen wants redrawing for the time that passes (the countdown to
    /// connecting again), if it does.
    #[must_use]
    pub fn wake_after(&self, now: Instant) -> Option<Duration> {
        if let Some(board) = &self.board {
            return board.wake_after(now);
        }
        if let Some(replay) = &self.replay {
            return replay.wake_after(now);
        }
        match &self.link {
            Link::Dropped { retry_at, .. } => Some(
                retry_at
                    .saturating_duration_since(now)
                    .min(Duration::from_secs(1))
                    .max(Duration::from_millis(100)),
            ),
            _ => None,
        }
    }

    /// Time has passed: the game on the board, if any, moves on (its clocks).
    pub fn tick(&mut self, ctx: &mut Context) {
        if let Some(board) = &mut self.board {
            board.tick(ctx);
        } else if let Some(replay) = &mut self.replay {
            replay.tick(ctx);
        }
    }
}

#[cfg(test)]
mod tests;
