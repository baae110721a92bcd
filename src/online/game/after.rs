//! After the game: our seat taken back (a bot's program kept for its next game), and a
//! rematch.
//!
//! PlayTak's rematch is a seek naming the opponent, tied to the game just played: `Rematch
//! GAME ...` posts it (`Rematch seek created with ID: N`), and when the other player asks for
//! the same rematch, the server answers the second asker `Accept Rematch N`, who accepts that
//! seek; the new game then starts as any other (`Game Start`, a new number: a new
//! [`OnlineGame`]). The other side's rematch seek comes as a seek from them naming us, and is
//! said as [`RematchNews::Offered`].

use super::{OnlineError, OnlineEvent, OnlineGame};
use crate::game::seat::Seat;
use crate::online::protocol::{
    Command, PlayerName, Seek, SeekColor, SeekId, SeekRequest, ServerMessage,
};
use crate::rules::Color;

/// What became of a rematch, for a screen to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RematchNews {
    /// The other player asks for a rematch (their seek, naming us): answer with
    /// [`OnlineGame::ask_rematch`].
    Offered(SeekId),
    /// Our rematch is posted: the other player has to ask too.
    Posted(SeekId),
    /// The other player had asked already: their seek is accepted, and the new game follows.
    Accepting(SeekId),
}

/// Where our rematch is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Rematch {
    /// Not asked.
    #[default]
    None,
    /// Asked (`Rematch` sent); the seek it made, once the server said it.
    Asked(Option<SeekId>),
}

impl OnlineGame {
    /// Our seat, taken back once the game is over (a keyboard sits there instead): a bot keeps
    /// its program, and the engine's process, for the next game. `None` when watching or
    /// while the game goes on.
    pub fn take_our_seat(&mut self) -> Option<Seat> {
        let us = self.us?;
        self.is_over().then(|| self.driver.take_seat(us))
    }

    /// Asks the other player for a rematch of this game, now over: the same game with the
    /// colours swapped, open to them alone. When they asked first, the server has us accept
    /// theirs ([`RematchNews::Accepting`]); else ours waits for them
    /// ([`RematchNews::Posted`]). Either way the new game's `Game Start` follows.
    ///
    /// # Errors
    /// Watching, disconnected, the game not over, or an opponent's name no seek can hold.
    pub fn ask_rematch(&mut self) -> Result<(), OnlineError> {
        let us = self.us.ok_or(OnlineError::Watching)?;
        if !self.is_over() {
            return Err(OnlineError::NotOver);
        }
        if !self.connected {
            return Err(OnlineError::Disconnected);
        }
        let color = match us {
            Color::White => SeekColor::Black,
            Color::Black => SeekColor::White,
        };
        let opponent = PlayerName::new(&self.names[!us])?;
        let seek = SeekRequest::new(self.settings, color, Some(opponent))?;
        self.outbox.push(Command::Rematch {
            game: self.id,
            seek,
        });
        self.rematch = Rematch::Asked(None);
        Ok(())
    }

    /// Takes our rematch back, if it was asked (the seek it posted comes down).
    pub fn cancel_rematch(&mut self) {
        if self.rematch != Rematch::None {
            self.rematch = Rematch::None;
            self.outbox.push(Command::CancelSeek);
        }
    }

    /// Whether we asked for a rematch (and have not taken it back).
    #[must_use]
    pub fn rematch_asked(&self) -> bool {
        self.rematch != Rematch::None
    }

    /// A line about a rematch of this game: `true` when it was one.
    pub(super) fn rematch_message(&mut self, message: &ServerMessage) -> bool {
        let asked = self.rematch != Rematch::None;
        let news = match message {
            ServerMessage::RematchSeekCreated(seek) if asked => {
                self.rematch = Rematch::Asked(Some(*seek));
                RematchNews::Posted(*seek)
            }
            ServerMessage::AcceptRematch(seek) if asked => {
                self.outbox.push(Command::Accept(*seek));
                RematchNews::Accepting(*seek)
            }
            ServerMessage::SeekNew(seek) if self.offers_rematch(seek) => {
                RematchNews::Offered(seek.id)
            }
            _ => return false,
        };
        self.say(OnlineEvent::Rematch(news));
        true
    }

    /// Whether `seek` is the other player's rematch: this game's, from them, naming us,
    /// once the game is over.
    fn offers_rematch(&self, seek: &Seek) -> bool {
        let Some(us) = self.us else {
            return false;
        };
        self.is_over()
            && seek.player == self.names[!us]
            && seek
                .opponent
                .as_deref()
                .is_some_and(|name| name.eq_ignore_ascii_case(&self.names[us]))
            && seek.settings == self.settings
    }
}
