//! The chat the lobby keeps: the global room, the rooms joined and private conversations, each
//! a bounded history, and a bounded number of conversations, so no flood can grow it without
//! end.

use std::collections::{BTreeMap, VecDeque};

/// Where a chat line was said.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Channel {
    /// The global room (`Shout`).
    Global,
    /// A named room (`ShoutRoom`).
    Room(String),
    /// A private conversation with this player (`Tell`, `Told`).
    Private(String),
}

/// One line of chat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChatLine {
    /// Its place in everything the lobby has heard (higher is later), to merge channels in order.
    pub seq: u64,
    /// Who said it.
    pub from: String,
    /// What, with control characters replaced so it cannot upset a terminal.
    pub text: String,
    /// Whether we said it.
    pub mine: bool,
}

/// The chat: lines by channel, the oldest forgotten first.
#[derive(Clone, Debug, Default)]
pub struct Chat {
    channels: BTreeMap<Channel, VecDeque<ChatLine>>,
    seq: u64,
}

impl Chat {
    /// The most lines kept in one channel.
    pub const HISTORY: usize = 500;
    /// The most channels kept (the global room included): past it, the channel heard from
    /// least recently is forgotten.
    pub const MAX_CHANNELS: usize = 64;

    /// Adds a line to `channel` (opening it if new).
    pub fn add(&mut self, channel: Channel, from: &str, text: &str, mine: bool) {
        self.seq += 1;
        let line = ChatLine {
            seq: self.seq,
            from: printable(from),
            text: printable(text),
            mine,
        };
        if !self.channels.contains_key(&channel) {
            self.make_room();
        }
        let lines = self.channels.entry(channel).or_default();
        if lines.len() == Self::HISTORY {
            lines.pop_front();
        }
        lines.push_back(line);
    }

    /// Opens `channel` with no lines if it is not open (a room just joined).
    pub fn open(&mut self, channel: Channel) {
        if !self.channels.contains_key(&channel) {
            self.make_room();
            self.channels.insert(channel, VecDeque::new());
        }
    }

    /// Forgets the channel heard from least recently (never the global room) when a new one
    /// would make too many.
    fn make_room(&mut self) {
        if self.channels.len() < Self::MAX_CHANNELS {
            return;
        }
        let quietest = self
            .channels
            .iter()
            .filter(|(c, _)| **c != Channel::Global)
            .min_by_key(|(_, lines)| lines.back().map_or(0, |l| l.seq))
            .map(|(c, _)| c.clone());
        if let Some(quietest) = quietest {
            self.channels.remove(&quietest);
        }
    }

    /// Forgets `channel` (a room left).
    pub fn close(&mut self, channel: &Channel) {
        self.channels.remove(channel);
    }

    /// The lines of `channel`, oldest first (none if it is not open).
    pub fn lines(&self, channel: &Channel) -> impl Iterator<Item = &ChatLine> {
        self.channels.get(channel).into_iter().flatten()
    }

    /// The open channels, the global room first, then rooms, then conversations.
    pub fn channels(&self) -> impl Iterator<Item = &Channel> {
        self.channels.keys()
    }
}

/// The text with every control character (escape sequences, bells, tabs) shown as `�`.
#[must_use]
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_keeps_its_latest_lines() {
        let mut chat = Chat::default();
        for i in 0..Chat::HISTORY + 10 {
            chat.add(Channel::Global, "alice", &format!("line {i}"), false);
        }
        let lines: Vec<_> = chat.lines(&Channel::Global).collect();
        assert_eq!(lines.len(), Chat::HISTORY);
        assert_eq!(lines[0].text, "line 10");
        assert_eq!(
            lines.last().unwrap().text,
            format!("line {}", Chat::HISTORY + 9)
        );
    }

    #[test]
    fn too_many_conversations_forget_the_quietest() {
        let mut chat = Chat::default();
        chat.add(Channel::Global, "alice", "hi", false);
        for i in 0..Chat::MAX_CHANNELS + 5 {
            chat.add(Channel::Private(format!("player{i}")), "x", "psst", false);
        }
        assert_eq!(chat.channels().count(), Chat::MAX_CHANNELS);
        assert_eq!(chat.channels().next(), Some(&Channel::Global));
        assert_eq!(chat.lines(&Channel::Private("player0".into())).count(), 0);
        let last = Channel::Private(format!("player{}", Chat::MAX_CHANNELS + 4));
        assert_eq!(chat.lines(&last).count(), 1);
    }

    #[test]
    fn control_characters_never_reach_the_screen() {
        let mut chat = Chat::default();
        chat.add(Channel::Global, "ev\u{1b}il", "\u{1b}[2Jgone\u{7}", false);
        let line = chat.lines(&Channel::Global).next().unwrap();
        assert_eq!(line.text, "\u{fffd}[2Jgone\u{fffd}");
        assert_eq!(line.from, "ev\u{fffd}il");
    }
}
