//! The lobby's seeks as an accepting bot sees them: kept up to date from the server's lines,
//! and the one to accept next picked (one at a time, another tried if its game does not come).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use crate::online::protocol::{Seek, SeekId, ServerMessage};

/// How long an accepted seek may go unanswered before the bot tries another.
const ACCEPT_PATIENCE: Duration = Duration::from_secs(5);

/// The seeks in the lobby, as the server says them, for a bot that accepts.
#[derive(Debug, Default)]
pub(super) struct Seeks {
    open: BTreeMap<SeekId, Seek>,
    /// The seek accepted and when, while its game is awaited.
    pub(super) accepted: Option<(SeekId, Instant)>,
}

impl Seeks {
    /// Takes in what the server said of the seeks.
    pub(super) fn hear(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::SeekNew(seek) => {
                self.open.insert(seek.id, seek.clone());
            }
            ServerMessage::SeekRemove(seek) => {
                self.open.remove(&seek.id);
            }
            ServerMessage::GameStart(_) | ServerMessage::GameStartV1(_) | ServerMessage::Nok => {
                self.accepted = None;
            }
            _ => {}
        }
    }

    /// The seek to accept now, if one fits and none accepted waits for its game: not the
    /// bot's own, open to it, from `from` if given, and one `playable` takes.
    pub(super) fn pick(
        &mut self,
        me: &str,
        from: Option<&str>,
        now: Instant,
        mut playable: impl FnMut(&Seek) -> bool,
    ) -> Option<SeekId> {
        if let Some((_, at)) = self.accepted
            && now.duration_since(at) < ACCEPT_PATIENCE
        {
            return None;
        }
        let seek = self.open.values().find(|seek| {
            seek.player != me
                && seek
                    .opponent
                    .as_deref()
                    .is_none_or(|o| o.is_empty() || o == me)
                && from.is_none_or(|name| seek.player.eq_ignore_ascii_case(name))
                && Some(seek.id) != self.accepted.map(|(id, _)| id)
                && playable(seek)
        })?;
        let id = seek.id;
        self.accepted = Some((id, now));
        Some(id)
    }
}
