//! The unfinished games, offered at the start: resume one, discard one (asking first), start
//! anew, or quit and decide later. Nothing here ever destroys a game unasked: Esc plays the
//! game the command started, n chooses a new one and q quits, all keeping every game.

use std::path::PathBuf;
use std::time::SystemTime;

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::{Effect, Reply, popup};
use crate::game::player_name;
use crate::game::store::{DAMAGED_EXTENSION, KeptRecord, Unfinished};
use crate::rules::Color;
use crate::tui::context::Context;
use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::theme::Theme;
use crate::tui::widgets::choice_list::chosen_lines;
use crate::words::count;

/// What the list's keys ask for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UnfinishedIntent {
    /// The game above.
    Up,
    /// The game below.
    Down,
    /// Play the chosen game on.
    Resume,
    /// Delete the chosen game (asking first).
    Discard,
    /// Play what was asked for (the game the command started); every unfinished one is kept.
    NewGame,
    /// Choose a new game in the new-game dialog; every unfinished one is kept.
    ChooseNewGame,
    /// Quit; every unfinished game is kept.
    Quit,
}

use UnfinishedIntent as U;

/// The list's keys.
pub const UNFINISHED: KeyTable<UnfinishedIntent> = KeyTable {
    title: "Unfinished games",
    bindings: &[
        Binding::new(&[Key::Up, Key::Char('k')], U::Up, "Up/Down", "choose").bar("choose"),
        Binding::new(&[Key::Down, Key::Char('j')], U::Down, "Up/Down", "choose"),
        Binding::new(
            &[Key::Enter, Key::Char('y'), Key::Char('r')],
            U::Resume,
            "Enter",
            "resume",
        )
        .bar("resume"),
        Binding::new(&[Key::Char('d'), Key::Delete], U::Discard, "d", "discard").bar("discard"),
        Binding::new(
            &[Key::Char('n')],
            U::ChooseNewGame,
            "n",
            "a new game: choose its players and board",
        )
        .bar("new game"),
        Binding::new(&[Key::Esc], U::NewGame, "Esc", "play the game asked for").bar("close"),
        Binding::new(
            &[Key::Char('q'), Key::Ctrl('c')],
            U::Quit,
            "q",
            "quit: every game here stays kept",
        )
        .bar("quit (games stay kept)"),
    ],
};

/// What the keys ask for while a discard waits to be confirmed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DiscardIntent {
    /// Delete it.
    Yes,
    /// Keep it.
    No,
}

/// The keys while a discard waits to be confirmed.
pub const CONFIRM_DISCARD: KeyTable<DiscardIntent> = KeyTable {
    title: "Discard?",
    bindings: &[
        Binding::new(&[Key::Char('y')], DiscardIntent::Yes, "y", "delete it").bar("delete it"),
        Binding::new(
            &[Key::Char('n'), Key::Esc, Key::Char('q'), Key::Ctrl('c')],
            DiscardIntent::No,
            "n/Esc",
            "keep it",
        )
        .bar("keep it"),
    ],
};

/// The unfinished games found, one chosen.
#[derive(Clone, Debug)]
pub struct UnfinishedDialog {
    games: Vec<Unfinished>,
    selected: usize,
    /// A discard of the chosen game waits to be confirmed.
    confirming: bool,
    /// The game (by its place) whose resumption outside its match was warned of: Enter
    /// again resumes it.
    warned: Option<usize>,
    /// The time the list was made, for saying how long ago each game was played.
    now: SystemTime,
}

impl UnfinishedDialog {
    /// Offers `games` (at least one), as found at `now`.
    #[must_use]
    pub fn new(games: Vec<Unfinished>, now: SystemTime) -> UnfinishedDialog {
        UnfinishedDialog {
            games,
            selected: 0,
            confirming: false,
            warned: None,
            now,
        }
    }

    /// The games offered.
    #[must_use]
    pub fn games(&self) -> &[Unfinished] {
        &self.games
    }

    /// Handles a key.
    pub fn handle_key(&mut self, key: &KeyEvent, ctx: &mut Context) -> Reply {
        if self.confirming {
            match CONFIRM_DISCARD.intent(key) {
                Some(DiscardIntent::Yes) => return self.discard(ctx),
                Some(DiscardIntent::No) => self.confirming = false,
                None => {}
            }
            return Reply::Stay;
        }
        let Some(intent) = UNFINISHED.intent(key) else {
            return Reply::Stay;
        };
        ctx.status = None;
        let Some(game) = self.games.get_mut(self.selected) else {
            return Reply::Close;
        };
        // Listed as held by another tak: that tak may have ended since (it takes a moment to
        // exit after its terminal closes), so ask again.
        if game.held && matches!(intent, U::Resume | U::Discard) {
            game.held = ctx
                .keeper
                .store()
                .is_none_or(|store| store.is_held(&game.path));
        }
        let game = &*game;
        match intent {
            U::Up => self.selected = self.selected.saturating_sub(1),
            U::Down => self.selected = (self.selected + 1).min(self.games.len() - 1),
            U::Resume | U::Discard if game.held => {
                ctx.error("that game is being played in another tak: finish or quit it there");
            }
            // A match's game resumed here is a game of its own: its result would not reach
            // the match's file, so that is said first.
            U::Resume
                if self.warned != Some(self.selected) && match_event(&game.game).is_some() =>
            {
                ctx.info(
                    "a match's game: --continue on its tak match takes it up there; Enter again \
                     plays it here",
                );
                self.warned = Some(self.selected);
            }
            U::Resume => return Reply::Then(Effect::Resume(game.path.clone())),
            U::Discard => self.confirming = true,
            U::NewGame => return Reply::Close,
            U::ChooseNewGame => return Reply::Then(Effect::AskNewGame),
            U::Quit => return Reply::Then(Effect::Quit),
        }
        Reply::Stay
    }

    fn discard(&mut self, ctx: &mut Context) -> Reply {
        self.confirming = false;
        self.warned = None;
        let path: PathBuf = self.games[self.selected].path.clone();
        let result = match ctx.keeper.store() {
            Some(store) => store.discard(&path).map_err(|error| error.to_string()),
            None => Err("games are not kept here".to_owned()),
        };
        match result {
            Ok(()) => {
                self.games.remove(self.selected);
                self.selected = self.selected.min(self.games.len().saturating_sub(1));
                ctx.info("discarded the game");
            }
            Err(message) => ctx.error(message),
        }
        if self.games.is_empty() {
            Reply::Close
        } else {
            Reply::Stay
        }
    }

    /// One line for a game: which game, players, size, plies, when last played, whether in
    /// use.
    fn line(&self, index: usize) -> String {
        let game = &self.games[index];
        let ago = self
            .now
            .duration_since(game.modified)
            .map_or_else(|_| "just now".to_owned(), |d| ago(d.as_secs()));
        let what = match &game.game {
            KeptRecord::Tak(record) => {
                let n = record.position().size().get();
                // A match's game says so: `tak match ... --continue` takes it up in its match.
                let event =
                    match_event(&game.game).map_or_else(String::new, |event| format!("{event}: "));
                // The last ply, to tell games of the same players apart.
                let last = record
                    .plies()
                    .last()
                    .map_or_else(String::new, |ply| format!(" (… {})", ply.mv));
                format!(
                    "{event}{} vs {}, {n}x{n}, {}{last}, {} to move",
                    player_name(record, Color::White),
                    player_name(record, Color::Black),
                    count(record.plies().len(), "ply", "plies"),
                    player_name(record, record.position().to_move())
                )
            }
            KeptRecord::Kaen(record) => format!(
                "Kaen: {}, {}",
                names(record.tags(), ["Player 1", "Player 2"]),
                count(record.actions().len(), "action", "actions")
            ),
            KeptRecord::Locke(record) => format!(
                "Locke: {}, {}{}",
                names(record.tags(), ["White", "Black"]),
                count(record.turns().len(), "turn", "turns"),
                locke_series(record.tags())
            ),
        };
        let held = if game.held {
            " (in use by another tak)"
        } else {
            ""
        };
        // Saved before its last moves: resuming saves to that file again.
        let saved = game
            .game
            .tags()
            .get(crate::game::store::SAVED_IN_TAG)
            .and_then(|path| std::path::Path::new(path).file_name())
            .map(|name| format!(", earlier moves saved in {}", name.display()))
            .or_else(|| {
                // Read from a file and not saved since: the file it came from.
                let tags = game.game.tags();
                let from = std::path::Path::new(tags.get(crate::game::store::CAME_FROM_TAG)?);
                Some(format!(", from {}", from.file_name()?.display()))
            })
            .or_else(|| {
                // Played on from a record in a replay: saved, it keeps that record's line.
                let tags = game.game.tags();
                let from = std::path::Path::new(tags.get(crate::game::store::PLAYED_ON_FROM_TAG)?);
                Some(format!(", played on from {}", from.file_name()?.display()))
            })
            .unwrap_or_default();
        let damaged = if game.damaged.is_some() {
            ", damaged"
        } else {
            ""
        };
        let line = format!("{:>2}. {what}, {ago}{saved}{damaged}{held}", index + 1);
        // Each part one item: a narrow screen wraps between parts, never inside one ("2
        // minutes" / "ago").
        line.split(", ")
            .map(crate::tui::widgets::wrap::item)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Draws the dialog.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect, theme: Theme) {
        let mut lines = vec![
            Line::from(format!(
                "{} left unfinished:",
                count(self.games.len(), "game was", "games were")
            )),
            Line::default(),
        ];
        let room = usize::from(area.height.saturating_sub(8));
        let len = self.games.len();
        lines.extend(chosen_lines(
            len,
            self.selected,
            room,
            |i| self.line(i),
            theme,
        ));
        lines.push(Line::default());
        // What does not read in the chosen game's file, and what resuming it does.
        if let Some(damage) = self
            .games
            .get(self.selected)
            .and_then(|g| g.damaged.as_ref())
        {
            lines.push(Line::styled(
                format!(
                    "Game {}: {damage}. Enter resumes from them; the file as it is stays, \
                     as .{DAMAGED_EXTENSION}.",
                    self.selected + 1
                ),
                theme.warning(),
            ));
        }
        if self.confirming {
            lines.push(Line::styled(
                format!("Delete game {} for good?", self.selected + 1),
                theme.warning(),
            ));
            lines.push(popup::keys_line(&CONFIRM_DISCARD, theme));
        } else {
            lines.push(popup::keys_line(&UNFINISHED, theme));
        }
        // As wide as the screen allows (to 96), so that a game is one line where it can be.
        popup::draw(frame, area, " Unfinished games ", lines, 96, theme);
    }
}

/// The players of a Kaen or Locke record: `Ann vs Bob` (`Player 1` where none is named).
/// The players' names (`Player1` and `Player2` tags), else what the game calls its sides:
/// Kaen's players 1 and 2, Locke's White and Black.
fn names(tags: &crate::record::Tags, sides: [&str; 2]) -> String {
    let name = |tag: &str, otherwise: &str| {
        tags.get(tag)
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(otherwise)
            .to_owned()
    };
    format!(
        "{} vs {}",
        name("Player1", sides[0]),
        name("Player2", sides[1])
    )
}

/// How long ago, in words: `just now`, `5 minutes ago`, `3 hours ago`, `2 days ago`.
fn ago(seconds: u64) -> String {
    match seconds {
        0..60 => "just now".to_owned(),
        60..3600 => format!(
            "{} ago",
            count((seconds / 60) as usize, "minute", "minutes")
        ),
        3600..86_400 => format!("{} ago", count((seconds / 3600) as usize, "hour", "hours")),
        _ => format!("{} ago", count((seconds / 86_400) as usize, "day", "days")),
    }
}

/// The `Event` of a match's game ("Match, game 2 of 3"), which `tak match --continue` takes
/// up in its match.
fn match_event(game: &KeptRecord) -> Option<&str> {
    match game {
        KeptRecord::Tak(record) => record
            .tags()
            .get("Event")
            .filter(|event| event.starts_with("Match, game ")),
        KeptRecord::Kaen(_) | KeptRecord::Locke(_) => None,
    }
}

/// A kept Locke game's series, as the list says it: `, game 3 of a series (1.5-0.5)`, the
/// points White's first; nothing when it is no series.
fn locke_series(tags: &crate::record::Tags) -> String {
    let Some(games) = tags
        .get(crate::game::locke::SERIES_TAG)
        .and_then(|text| crate::game::locke::read_series(text).ok())
        .filter(|games| !games.is_empty())
    else {
        return String::new();
    };
    let [white, black] = crate::game::locke::totals(&games);
    format!(", game {} of a series ({white}-{black})", games.len() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&UNFINISHED).unwrap();
        crate::tui::keys::check_table(&CONFIRM_DISCARD).unwrap();
    }

    #[test]
    fn times_are_said_in_words() {
        assert_eq!(ago(5), "just now");
        assert_eq!(ago(60), "1 minute ago");
        assert_eq!(ago(7300), "2 hours ago");
        assert_eq!(ago(86_400 * 3), "3 days ago");
    }
}
