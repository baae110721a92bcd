//! The game being played: its record, the plies taken back (for redo), and where it is saved.
//!
//! The plies ahead of the position (taken back, ready to redo) are kept as a line of their own,
//! with any variations off them. Playing another move where plies were taken back keeps them:
//! the line played is the game, and the line taken back becomes a variation at that ply.

mod played_on;

pub use played_on::PlayedOn;

use std::path::PathBuf;

use crate::record::{GameRecord, Line};
use crate::rules::{Color, IllegalMove, Move};

/// A game in play, with unlimited undo and redo.
#[derive(Clone, Debug)]
pub struct Session {
    record: GameRecord,
    /// The line ahead of the position: plies taken back (redo plays them again, first
    /// first), and variations off them.
    redo: Line,
    /// Where the game is saved, once it has been.
    path: Option<PathBuf>,
    /// The file the game was read from, and the game as read: saving never writes over it
    /// without asking, and can say what would change.
    origin: Option<(PathBuf, GameRecord)>,
    /// Whether something changed since the last save (or load).
    dirty: bool,
    /// How the game ended other than on the board, if it did: it is over, whatever the board
    /// says.
    ending: Option<Ending>,
    /// The record the game was played on from, when it was taken over from a replay: its
    /// main line is written as the main line still, moves played off it as a variation (as
    /// ptn.ninja does).
    played_on: Option<PlayedOn>,
}

/// How a game ended other than on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A player lost: on time, by a forfeit, or by resigning.
    Lost(Loss),
    /// The players agreed to a draw (`1/2-1/2`).
    AgreedDraw,
    /// The game ran this many plies without an end and was drawn (`1/2-1/2`): two programs
    /// can move stacks back and forth for ever.
    TooLong(usize),
}

/// A game lost other than on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loss {
    /// Who lost.
    pub loser: Color,
    /// How.
    pub how: LossKind,
}

/// How a game was lost other than on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LossKind {
    /// The player's time ran out.
    Time,
    /// The program playing the side failed (crashed, hung, sent an illegal move): what it did.
    Forfeit(String),
    /// The player resigned.
    Resignation,
}

impl Session {
    /// A session for `record`, saved at `path` if it is already saved there.
    #[must_use]
    pub fn new(record: GameRecord, path: Option<PathBuf>) -> Session {
        Session {
            record,
            redo: Line::default(),
            path,
            origin: None,
            dirty: false,
            ending: None,
            played_on: None,
        }
    }

    /// A session for `record`, read from the file `origin`. It is not saved anywhere yet:
    /// saving asks for a file, and writing over `origin` asks again.
    #[must_use]
    pub fn from_file(record: GameRecord, origin: PathBuf) -> Session {
        let mut session = Session::new(record.clone(), None);
        session.origin = Some((origin, record));
        session
    }

    /// With `origin` as the file the game was read from (a kept game resumed), when that file
    /// still reads: saving offers it, and asks before writing over it.
    pub fn set_origin(&mut self, origin: PathBuf) {
        let read = crate::record::read_ptn_file(&origin)
            .ok()
            .and_then(|games| games.into_iter().next())
            .and_then(|game| game.record);
        if let Some(record) = read {
            self.origin = Some((origin, record));
        }
    }

    /// The file the game was read from, if it was.
    #[must_use]
    pub fn origin(&self) -> Option<&std::path::Path> {
        self.origin.as_ref().map(|(path, _)| path.as_path())
    }

    /// What saving over the file the game came from would change in it, in words: plies
    /// dropped or added, tags removed or changed, and the notation rewritten.
    #[must_use]
    pub fn changes_to_origin(&self) -> Vec<String> {
        let Some((_, original)) = &self.origin else {
            return Vec::new();
        };
        let mut changes = Vec::new();
        let (before, after) = (original.plies(), self.record.plies());
        let same = before
            .iter()
            .zip(after)
            .take_while(|(a, b)| a.mv == b.mv)
            .count();
        let plies = |n: usize| {
            if n == 1 {
                "1 ply".to_owned()
            } else {
                format!("{n} plies")
            }
        };
        if before.len() > same {
            changes.push(format!("{} dropped", plies(before.len() - same)));
        }
        if after.len() > same {
            changes.push(format!("{} added", plies(after.len() - same)));
        }
        for (name, value) in original.tags().iter() {
            match self.record.tags().get(name) {
                None => changes.push(format!("the {name} tag removed")),
                Some(now) if now != value => changes.push(format!("the {name} tag changed")),
                Some(_) => {}
            }
        }
        changes.push("the notation rewritten".to_owned());
        changes
    }

    /// The record.
    #[must_use]
    pub const fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The record, to change tags.
    pub fn record_mut(&mut self) -> &mut GameRecord {
        self.dirty = true;
        &mut self.record
    }

    /// Where the game is saved, if it has been.
    #[must_use]
    pub fn path(&self) -> Option<&std::path::Path> {
        self.path.as_deref()
    }

    /// Whether a game with plies has moves not yet saved (quitting asks first): not one read
    /// from a file and played no further (its moves and result are the file's).
    #[must_use]
    pub fn has_unsaved_game(&self) -> bool {
        self.dirty && !self.record.plies().is_empty() && !self.as_read()
    }

    /// Whether the game's moves and result are those of the file it was read from, not yet
    /// saved elsewhere: nothing of it is lost unsaved.
    fn as_read(&self) -> bool {
        let Some((_, original)) = &self.origin else {
            return false;
        };
        let moves = |record: &GameRecord| record.plies().iter().map(|p| p.mv).collect::<Vec<_>>();
        self.path.is_none()
            && moves(original) == moves(&self.record)
            && original.result_token() == self.record.result_token()
    }

    /// Marks the game as changed since it was saved (a resumed game has never been saved).
    pub fn mark_dirty(&mut self) {
        self.dirty = true;
    }

    /// Whether there are changes not yet saved.
    #[must_use]
    pub const fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// Records that the game was saved at `path`.
    pub fn saved_at(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.dirty = false;
    }

    /// Plays a move. Where plies were taken back: the same move redoes the first, a move of
    /// one of their variations takes that line, and any other move keeps them as a variation
    /// at this ply.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.ending.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if !self.redo.plies.is_empty() {
            self.redo.promote(&[mv]);
            if self.redo.plies[0].mv == mv {
                self.redo();
                return Ok(());
            }
        }
        let at = self.record.plies().len();
        self.record.play(mv)?;
        let before = std::mem::take(&mut self.redo);
        if !before.plies.is_empty() {
            self.record.add_alternative(at, before);
        }
        self.forget_old_result();
        self.dirty = true;
        self.record.sync_result();
        Ok(())
    }

    /// `loser` ran out of time: the game is lost (`0-1` or `1-0`), whatever the board says.
    pub fn lose_on_time(&mut self, loser: Color) {
        self.lose(Loss {
            loser,
            how: LossKind::Time,
        });
    }

    /// `loser` resigns: the game is lost (`0-1` or `1-0`), whatever the board says; undo
    /// takes back only the resignation.
    pub fn resign(&mut self, loser: Color) {
        self.lose(Loss {
            loser,
            how: LossKind::Resignation,
        });
    }

    /// The program playing `loser` failed (`why`): the game is lost, as on time, and the
    /// record's comments say why.
    pub fn forfeit(&mut self, loser: Color, why: String) {
        self.record
            .add_comment_at_end(format!("{loser} forfeits: {why}"));
        self.lose_by_forfeit(loser, why);
    }

    /// The program playing `loser` failed (`why`): the game is lost, as on time, with no
    /// comment (the caller writes its own).
    pub fn lose_by_forfeit(&mut self, loser: Color, why: String) {
        self.lose(Loss {
            loser,
            how: LossKind::Forfeit(why),
        });
    }

    /// The game has run `plies` plies without an end: it is drawn (`1/2-1/2`).
    pub fn draw_for_length(&mut self, plies: usize) {
        self.end(Ending::TooLong(plies), "1/2-1/2");
    }

    fn lose(&mut self, loss: Loss) {
        let token = match loss.loser {
            Color::White => "0-1",
            Color::Black => "1-0",
        };
        self.end(Ending::Lost(loss), token);
    }

    /// The players agree to a draw: the game ends `1/2-1/2`, whatever the board says; undo
    /// takes back only the agreement.
    pub fn agree_draw(&mut self) {
        self.end(Ending::AgreedDraw, "1/2-1/2");
    }

    fn end(&mut self, ending: Ending, token: &str) {
        self.record.set_result_token(Some(token.to_owned()));
        self.record.tags_mut().set("Result", token.to_owned());
        self.ending = Some(ending);
        self.dirty = true;
    }

    /// How the game ended other than on the board, if it did.
    #[must_use]
    pub const fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// The game lost other than on the board, if it was.
    #[must_use]
    pub const fn loss(&self) -> Option<&Loss> {
        match &self.ending {
            Some(Ending::Lost(loss)) => Some(loss),
            _ => None,
        }
    }

    /// The player who ran out of time, if one did.
    #[must_use]
    pub fn lost_on_time(&self) -> Option<Color> {
        self.loss()
            .filter(|loss| loss.how == LossKind::Time)
            .map(|loss| loss.loser)
    }

    /// How the players chose to end the game after its last ply, in words ("the
    /// resignation", "the agreed draw"), if they did: undo takes back only that.
    #[must_use]
    pub fn chosen_ending(&self) -> Option<&'static str> {
        match &self.ending {
            Some(Ending::AgreedDraw) => Some("the agreed draw"),
            Some(Ending::Lost(loss)) if loss.how == LossKind::Resignation => {
                Some("the resignation")
            }
            _ => None,
        }
    }

    /// The record, taken out of the session (a game finished with no screen).
    #[must_use]
    pub fn into_record(self) -> GameRecord {
        self.record
    }

    /// Whether the game is over: by the rules, or off the board (time, a forfeit, a
    /// resignation, an agreed draw).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.ending.is_some() || self.record.position().is_over()
    }

    /// Takes back the last ply (or a resignation or agreed draw, which came after it);
    /// `false` if there is none.
    pub fn undo(&mut self) -> bool {
        if self.chosen_ending().is_some() {
            self.ending = None;
            self.forget_old_result();
            self.record.sync_result();
            self.dirty = true;
            return true;
        }
        let len = self.record.plies().len();
        if len == 0 {
            return false;
        }
        let mut taken = self.record.split_off(len - 1);
        taken.attach(std::mem::take(&mut self.redo));
        self.redo = taken;
        self.dirty = true;
        // Taking a ply back after a flag fall (or a forfeit) plays on: the loss goes with it.
        if self.ending.take().is_some() {
            self.forget_old_result();
        }
        self.record.sync_result();
        true
    }

    /// Plays again the last ply taken back; `false` if there is none, or while the game has
    /// ended off the board (lost or drawn: as a move is refused then, undo comes first).
    pub fn redo(&mut self) -> bool {
        if self.redo.plies.is_empty() || self.ending.is_some() {
            return false;
        }
        let rest = self.redo.split_off(1);
        let ply = std::mem::replace(&mut self.redo, rest);
        // Legal: the ply was played here before it was taken back.
        self.record.attach(ply);
        self.forget_old_result();
        self.dirty = true;
        self.record.sync_result();
        true
    }

    /// The record as written to a file or kept to resume: the game played, and, when the
    /// plies taken back hold variations, those plies after it too (so that no variation is
    /// lost; taken-back plies alone are left out, as before).
    #[must_use]
    pub fn record_to_keep(&self) -> std::borrow::Cow<'_, GameRecord> {
        if self.redo.branches.is_empty() {
            return std::borrow::Cow::Borrowed(&self.record);
        }
        let mut record = self.record.clone();
        record.attach(self.redo.clone());
        // The line written is the whole one again, and so is its result (taken back with it).
        record.take_main_line_result();
        std::borrow::Cow::Owned(record)
    }

    /// Forgets the plies taken back (a wrong try in a puzzle): nothing to redo, and no
    /// variation kept when another move is played.
    pub fn forget_redo(&mut self) {
        self.redo = Line::default();
    }

    /// Whether the plies taken back are written with the game all the same when it is saved
    /// (they hold variations, which are never dropped: see [`Session::record_to_keep`]; or
    /// they are the record's own, see [`Session::record_to_save`]).
    #[must_use]
    pub fn redo_is_kept(&self) -> bool {
        // A game taken over from a replay writes the record's own line whole.
        !self.redo.branches.is_empty() || self.played_on.is_some()
    }

    /// How many plies can be redone.
    #[must_use]
    pub fn redo_len(&self) -> usize {
        self.redo.plies.len()
    }

    /// The name of a player: the `Player1` / `Player2` tag, else the colour.
    #[must_use]
    pub fn player(&self, color: Color) -> String {
        player_name(&self.record, color)
    }

    /// A ply added after a recorded result (a resignation, say, when playing on from a
    /// record) makes that result no longer the game's.
    fn forget_old_result(&mut self) {
        self.record.set_result_token(None);
        self.record.tags_mut().remove("Result");
    }
}

/// The name of `color`'s player in `record`: the `Player1` / `Player2` tag, else the colour.
#[must_use]
pub fn player_name(record: &GameRecord, color: Color) -> String {
    record
        .tags()
        .player(color)
        .map_or_else(|| color.to_string(), str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::rules::{BoardSize, GameConfig};

    fn mv(text: &str) -> Move {
        parse_move(text, BoardSize::new(5).unwrap()).unwrap()
    }

    fn session(moves: &str) -> Session {
        let config = GameConfig::new(BoardSize::new(5).unwrap());
        let mut session = Session::new(GameRecord::for_config(config), None);
        for text in moves.split_whitespace() {
            session.play(mv(text)).unwrap();
        }
        session
    }

    fn line(session: &Session) -> String {
        let plies = session.record().plies().iter().map(|p| p.mv.to_string());
        plies.collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn another_move_where_plies_were_taken_back_keeps_them_as_a_variation() {
        let mut session = session("a1 e5 c3");
        assert!(session.undo() && session.undo());
        session.play(mv("e4")).unwrap();
        assert_eq!(line(&session), "a1 e4");
        assert_eq!(session.redo_len(), 0);
        let kept = &session.record().branches()[0];
        assert_eq!((kept.name.as_str(), kept.at), ("1b1", 1));
        assert_eq!(kept.line.plies.len(), 2, "e5 c3 kept");
    }

    #[test]
    fn the_move_of_a_variation_takes_its_line_and_redo_follows_it() {
        let mut session = session("a1 e5 c3");
        session.undo();
        session.undo();
        session.play(mv("e4")).unwrap();
        session.undo();
        assert_eq!(session.redo_len(), 1);
        session.play(mv("e5")).unwrap();
        assert_eq!(line(&session), "a1 e5", "back on the first line");
        assert_eq!(session.redo_len(), 1, "c3 can be redone");
        assert!(session.redo());
        assert_eq!(line(&session), "a1 e5 c3");
        let kept = &session.record().branches()[0];
        assert_eq!((kept.at, kept.line.plies[0].mv), (1, mv("e4")));
        assert_eq!(session.record().tree().ply_count(), 4, "nothing lost");
    }

    #[test]
    fn variations_among_the_plies_taken_back_are_kept_when_saved() {
        let mut played = session("a1 e5 c3");
        played.undo();
        played.undo();
        played.play(mv("e4")).unwrap();
        played.undo();
        assert_eq!(line(&played), "a1");
        let kept = played.record_to_keep();
        assert_eq!(kept.tree().ply_count(), 4, "e4 and e5 c3 kept");
        let mut plain = session("a1 e5");
        plain.undo();
        assert_eq!(
            plain.record_to_keep().plies().len(),
            1,
            "a ply taken back alone is not"
        );
    }

    #[test]
    fn a_game_kept_with_plies_taken_back_keeps_its_result() {
        let mut played = session("a1 e5 b1 e4 b2 e3 b3 e2 b4 d1 b5");
        let result = played.record().tags().get("Result").map(str::to_owned);
        assert!(result.is_some(), "a road ends the game");
        // A variation at d1, then back before it: the plies to redo hold a variation, so
        // they are written with the game, which ends in the road as before.
        played.undo();
        played.undo();
        played.play(mv("c1")).unwrap();
        played.undo();
        played.play(mv("d1")).unwrap();
        played.undo();
        played.undo();
        assert_eq!(played.record().tags().get("Result"), None, "not over here");
        let kept = played.record_to_keep();
        assert_eq!(kept.plies().len(), 11);
        assert_eq!(kept.tags().get("Result").map(str::to_owned), result);
        assert_eq!(kept.result_token().map(str::to_owned), result);
    }

    #[test]
    fn an_agreed_draw_ends_the_game_and_undo_takes_back_only_the_agreement() {
        let mut session = session("a1 e5 c3");
        session.undo();
        session.agree_draw();
        assert!(session.is_over());
        assert_eq!(session.chosen_ending(), Some("the agreed draw"));
        assert_eq!(session.ending(), Some(&Ending::AgreedDraw));
        assert_eq!(session.loss(), None, "a draw is nobody's loss");
        assert_eq!(session.record().result_token(), Some("1/2-1/2"));
        assert_eq!(session.record().tags().get("Result"), Some("1/2-1/2"));
        assert_eq!(session.play(mv("d4")), Err(IllegalMove::GameOver));
        assert!(!session.redo(), "no ply redone over the agreement");
        assert!(session.undo());
        assert_eq!(line(&session), "a1 e5", "only the agreement went");
        assert!(!session.is_over());
        assert_eq!(session.record().result_token(), None);
        assert_eq!(session.record().tags().get("Result"), None);
        assert!(session.redo(), "c3 is there to redo");
    }
}
