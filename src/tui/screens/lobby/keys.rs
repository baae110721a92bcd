//! The lobby's keys: one table while browsing the lists, one while typing in the chat.

use crate::tui::keys::{Binding, Key, KeyTable};
use crate::tui::text_field::{Edit, editing_table};

/// What a key asks of the lobby.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LobbyIntent {
    /// To the list after (1) or before (-1): seeks, games, players.
    List(i8),
    /// Choose the entry this many lines down (up when negative).
    Choose(i16),
    /// Choose the first entry.
    First,
    /// Choose the last entry.
    Last,
    /// Accept the seek chosen, watch the game chosen, or talk to the player chosen.
    Act,
    /// Post a seek (a dialog asks what game).
    NewSeek,
    /// Take our seek down.
    CancelSeek,
    /// Sort by the next column.
    Sort,
    /// Turn the sort round.
    Reverse,
    /// Only this board size (the same again: every size).
    Size(u8),
    /// Every board size.
    AnySize,
    /// The next time-control filter.
    Time,
    /// The next rated filter.
    Rated,
    /// Type in the chat.
    Chat,
    /// The chat channel before (-1) or after (1).
    Channel(i8),
    /// Our past online games.
    Past,
    /// Every key.
    Help,
    /// Leave the server.
    Quit,
}

/// What a key asks while typing in the chat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChatIntent {
    /// Say the line.
    Send,
    /// Back to the lists (the line is kept).
    Leave,
    /// The chat channel before (-1) or after (1).
    Channel(i8),
    /// Edit the line.
    Edit(Edit),
}

/// The lobby's keys while browsing.
pub const LOBBY: KeyTable<LobbyIntent> = KeyTable {
    title: "The lobby",
    bindings: &[
        Binding::new(
            &[Key::Tab],
            LobbyIntent::List(1),
            "Tab",
            "the next list: seeks, games, players, past games",
        )
        .bar("list"),
        Binding::new(
            &[Key::BackTab],
            LobbyIntent::List(-1),
            "Shift+Tab",
            "the list before",
        ),
        Binding::new(
            &[Key::Up, Key::Char('k')],
            LobbyIntent::Choose(-1),
            "Up/Down",
            "choose in the list",
        ),
        Binding::new(
            &[Key::Down, Key::Char('j')],
            LobbyIntent::Choose(1),
            "Up/Down",
            "choose in the list",
        ),
        Binding::new(
            &[Key::PageUp],
            LobbyIntent::Choose(-10),
            "PgUp/PgDn",
            "ten lines up or down",
        ),
        Binding::new(
            &[Key::PageDown],
            LobbyIntent::Choose(10),
            "PgUp/PgDn",
            "ten lines up or down",
        ),
        Binding::new(
            &[Key::Home],
            LobbyIntent::First,
            "Home/End",
            "the first or last in the list",
        ),
        Binding::new(
            &[Key::End],
            LobbyIntent::Last,
            "Home/End",
            "the first or last in the list",
        ),
        Binding::new(
            &[Key::Enter],
            LobbyIntent::Act,
            "Enter",
            "accept the seek chosen; on a game, watch it; on a player, talk to them",
        )
        .bar("accept"),
        Binding::new(&[Key::Char('n')], LobbyIntent::NewSeek, "n", "post a seek").bar("seek"),
        Binding::new(
            &[Key::Char('x')],
            LobbyIntent::CancelSeek,
            "x",
            "take your seek down",
        ),
        Binding::new(
            &[Key::Char('s')],
            LobbyIntent::Sort,
            "s/S",
            "sort by the next column / turn the sort round",
        )
        .bar_as("s", "sort"),
        Binding::new(
            &[Key::Char('S')],
            LobbyIntent::Reverse,
            "s/S",
            "sort by the next column / turn the sort round",
        ),
        Binding::with_char(
            &[Key::Range('3', '8')],
            |c| LobbyIntent::Size(c as u8 - b'0'),
            "3-8/0",
            "only that board size / every size",
        ),
        Binding::new(
            &[Key::Char('0')],
            LobbyIntent::AnySize,
            "3-8/0",
            "only that board size / every size",
        ),
        Binding::new(
            &[Key::Char('t')],
            LobbyIntent::Time,
            "t",
            "only some time controls: under 5 minutes, 5 to 20, over 20",
        ),
        Binding::new(
            &[Key::Char('r')],
            LobbyIntent::Rated,
            "r",
            "only rated games, only unrated ones, or both",
        ),
        Binding::new(
            &[Key::Char('c'), Key::Char(':')],
            LobbyIntent::Chat,
            "c",
            "type in the chat (Enter says it, Esc comes back)",
        )
        .bar("chat"),
        Binding::new(
            &[Key::Char('[')],
            LobbyIntent::Channel(-1),
            "[ ]",
            "the chat channel before or after: global, rooms, players",
        ),
        Binding::new(
            &[Key::Char(']')],
            LobbyIntent::Channel(1),
            "[ ]",
            "the chat channel before or after: global, rooms, players",
        ),
        Binding::new(
            &[Key::Char('p')],
            LobbyIntent::Past,
            "p",
            "your past online games (Enter replays one)",
        )
        .bar("past"),
        Binding::new(
            &[Key::Char('?'), Key::F(1)],
            LobbyIntent::Help,
            "?/F1",
            "this help",
        )
        .bar_as("?", "help"),
        Binding::new(
            &[Key::Char('q'), Key::Ctrl('c')],
            LobbyIntent::Quit,
            "q",
            "leave the server and quit",
        )
        .bar("quit"),
    ],
};

/// The lobby's keys while typing in the chat.
pub const LOBBY_CHAT: KeyTable<ChatIntent> = KeyTable {
    title: "Typing in the chat",
    bindings: editing_table!(ChatIntent::Edit;
        Binding::new(&[Key::Enter], ChatIntent::Send, "Enter", "say it").bar("say"),
        Binding::new(
            &[Key::Esc],
            ChatIntent::Leave,
            "Esc",
            "back to the lists (what is typed stays)",
        )
        .bar("lists"),
        Binding::new(
            &[Key::Tab],
            ChatIntent::Channel(1),
            "Tab",
            "the next chat channel",
        )
        .bar("channel"),
        Binding::new(
            &[Key::BackTab],
            ChatIntent::Channel(-1),
            "Shift+Tab",
            "the chat channel before",
        ),
    ),
};

#[cfg(test)]
mod tests {
    #[test]
    fn every_key_asks_for_its_own_binding() {
        crate::tui::keys::check_table(&super::LOBBY).unwrap();
        crate::tui::keys::check_table(&super::LOBBY_CHAT).unwrap();
    }
}
