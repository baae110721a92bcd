//! Which games the bot's program can play: the board, komi and pieces a seek offers, asked of
//! the program itself (an engine says the sizes and komi it plays when it starts, and refuses
//! a new game it cannot play), each kind of game asked once. An engine over TEI is told only
//! the size and komi, so it plays the board's usual pieces only; taktui's own engine plays
//! any pieces taktui's rules hold.

use std::collections::{HashMap, HashSet};

use crate::game::Player;
use crate::game::seat::Program;
use crate::online::protocol::{GameSettings, Seek, SeekId};

/// What is known of the games the program can play, and the seeks already said to be passed
/// over.
#[derive(Debug, Default)]
pub(super) struct Fit {
    /// Each kind of game asked about (size, half komi, stones, capstones): fine, or why not.
    /// Why not is kept as the message the bot says when it passes over a seek: the failures
    /// behind it (an engine's, the server's settings) cannot be cloned, and a message is all
    /// a later seek of that kind needs.
    known: HashMap<(u8, i16, u32, u32), Result<(), String>>,
    /// The seeks said to be passed over (each said once).
    said: HashSet<SeekId>,
}

impl Fit {
    /// Whether `program` can play a game of `settings`, or why not.
    pub(super) fn check(
        &mut self,
        program: &mut Program,
        settings: &GameSettings,
    ) -> Result<(), String> {
        let key = (
            settings.size.get(),
            settings.komi.halves(),
            settings.stones,
            settings.capstones,
        );
        if let Some(known) = self.known.get(&key) {
            return known.clone();
        }
        let answer = ask(program, settings);
        self.known.insert(key, answer.clone());
        answer
    }

    /// Whether `seek` can be played; when not, why, the first time it is asked about that
    /// seek only (`None` after).
    pub(super) fn seek(
        &mut self,
        program: &mut Program,
        seek: &Seek,
    ) -> Result<(), Option<String>> {
        match self.check(program, &seek.settings) {
            Ok(()) => Ok(()),
            Err(why) if self.said.insert(seek.id) => Err(Some(why)),
            Err(_) => Err(None),
        }
    }
}

/// Asks `program` about a game of `settings`.
fn ask(program: &mut Program, settings: &GameSettings) -> Result<(), String> {
    let config = settings.config()?;
    if matches!(program.player(), Player::Engine(_)) && !settings.standard_pieces() {
        return Err(format!(
            "{} stones and {} capstones: an engine is told only the size and komi (TEI), so it \
             plays the board's usual pieces only",
            settings.stones, settings.capstones
        ));
    }
    let computer = program.computer_mut();
    computer.new_game();
    computer.prepare(&config).map_err(|why| why.to_string())
}
