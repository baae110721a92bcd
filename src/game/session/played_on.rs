//! A game played on from a record (`p` in a replay): the record's own main line and result,
//! which saving keeps (the moves played off it a variation, as ptn.ninja does), and where the
//! record is. A game left unfinished and resumed remembers it all through its kept copy
//! (`game::store`), and saves as it would have before.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use super::Session;
use crate::record::{GameRecord, read_ptn_file};
use crate::rules::Move;

/// The record a game was played on from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedOn {
    /// The record's file, when it was read from one.
    pub file: Option<PathBuf>,
    /// The ply of the line shown the game was taken over at (0: the start).
    pub ply: usize,
    /// The record's main line, from its start.
    pub moves: Vec<Move>,
    /// Its `Result` tag, if any.
    pub result_tag: Option<String>,
    /// The result token ending its main line, if any.
    pub result_token: Option<String>,
}

impl PlayedOn {
    /// `record`'s main line and result, read from `file`, taken over at `ply`.
    #[must_use]
    pub fn of(record: &GameRecord, file: Option<&Path>, ply: usize) -> PlayedOn {
        PlayedOn {
            file: file.map(Path::to_path_buf),
            ply,
            moves: moves(record),
            result_tag: record.tags().get("Result").map(str::to_owned),
            result_token: record.result_token().map(str::to_owned),
        }
    }

    /// The record's main line as a record from `start`: from its file while the file still
    /// holds it (its comments and variations with it), else its moves alone. `None` when the
    /// moves are not legal from `start` (a kept copy changed by hand).
    fn main_line_from(&self, start: &GameRecord) -> Option<GameRecord> {
        let in_file = self
            .file
            .as_deref()
            .and_then(|file| read_ptn_file(file).ok())
            .into_iter()
            .flatten()
            .filter_map(|game| game.record)
            .find(|record| record.start() == start.start() && moves(record) == self.moves);
        in_file.or_else(|| {
            let mut record = GameRecord::new(start.start().clone(), start.tags().clone());
            for &mv in &self.moves {
                record.play(mv).ok()?;
            }
            Some(record)
        })
    }
}

/// The moves of `record`'s main line.
fn moves(record: &GameRecord) -> Vec<Move> {
    record.plies().iter().map(|p| p.mv).collect()
}

impl Session {
    /// Keeps the first `ply` plies as a new, unsaved game (taking over a replay there); the
    /// rest can be redone, or kept as a variation by playing another move. Saved, the game
    /// keeps `from`'s main line and result (see [`Session::record_to_save`]).
    pub fn take_over(&mut self, ply: usize, from: PlayedOn) {
        self.played_on = Some(from);
        self.redo = self.record.split_off(ply);
        self.redo.result_token = None;
        // The original's result is not the new game's.
        self.record.tags_mut().remove("Result");
        self.path = None;
        // Nothing is lost yet: the plies so far are in the file they came from.
        self.dirty = false;
        self.record.sync_result();
    }

    /// Goes on with a game played on from `from` and left unfinished (its kept copy, the
    /// line played, is this session's record): saving keeps `from`'s main line again, and
    /// where the line played is the start of it, its rest can be redone as before. `false`
    /// (and nothing remembered: the game is saved as played) when `from`'s moves are not
    /// legal from the game's start.
    pub fn resume_played_on(&mut self, from: PlayedOn) -> bool {
        if !self.record.tree().contains(&from.moves) {
            let Some(mut main) = from.main_line_from(&self.record) else {
                return false;
            };
            let played = moves(&self.record);
            if from.moves.starts_with(&played) {
                // Not left yet: the record's plies ahead are to redo, as when it was taken
                // over.
                self.redo = main.split_off(played.len());
                self.redo.result_token = None;
            } else {
                // Left, and the record's line not kept with it: it is a variation again.
                self.record.insert_line(main.plies(), None);
            }
        }
        self.played_on = Some(from);
        true
    }

    /// The record the game was played on from, if it was taken over from a replay.
    #[must_use]
    pub const fn played_on(&self) -> Option<&PlayedOn> {
        self.played_on.as_ref()
    }

    /// Whether the game was taken over from a replay: saved, the record keeps its own main
    /// line (see [`Session::record_to_save`]).
    #[must_use]
    pub const fn is_taken_over(&self) -> bool {
        self.played_on.is_some()
    }

    /// The record as saved to a file: as [`Session::record_to_keep`], but a game taken over
    /// from a replay keeps the record's main line and its result, with the moves played off
    /// it a variation (making that the main line is the replay's choice, `P`). Moves played
    /// on past the main line's end simply lengthen it.
    #[must_use]
    pub fn record_to_save(&self) -> Cow<'_, GameRecord> {
        let Some(from) = &self.played_on else {
            return self.record_to_keep();
        };
        let mut record = self.record.clone();
        // The plies ahead are the record's too (its main line, or a line off it).
        record.attach(self.redo.clone());
        let played = moves(&record);
        if played.len() > from.moves.len() && played.starts_with(&from.moves) {
            // The main line played on: it is the game, its result the new end's.
            record.take_main_line_result();
            return Cow::Owned(record);
        }
        if !from.moves.starts_with(&played) {
            // The line played keeps the result it came to at its end: the rules', else how it
            // ended off the board (a resignation).
            let ended_here = self.redo.plies.is_empty();
            let token = record
                .position()
                .result()
                .ptn()
                .map(str::to_owned)
                .or_else(|| {
                    ended_here
                        .then(|| self.record.result_token().map(str::to_owned))
                        .flatten()
                });
            record.set_result_token(token);
        }
        record.promote(&from.moves);
        record.set_result_token(from.result_token.clone());
        match &from.result_tag {
            Some(tag) => record.tags_mut().set("Result", tag.clone()),
            None => record.tags_mut().remove("Result"),
        }
        Cow::Owned(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::rules::{BoardSize, GameConfig};

    fn mv(text: &str) -> Move {
        parse_move(text, BoardSize::new(5).unwrap()).unwrap()
    }

    fn record(moves: &str) -> GameRecord {
        let config = GameConfig::new(BoardSize::new(5).unwrap());
        let mut record = GameRecord::for_config(config);
        for text in moves.split_whitespace() {
            record.play(mv(text)).unwrap();
        }
        record
    }

    fn line(record: &GameRecord) -> String {
        let plies = record.plies().iter().map(|p| p.mv.to_string());
        plies.collect::<Vec<_>>().join(" ")
    }

    /// A session taking over `record` at `ply`, as `p` in a replay does.
    fn taken_over(record: GameRecord, ply: usize) -> Session {
        let from = PlayedOn::of(&record, None, ply);
        let mut session = Session::new(record, None);
        session.take_over(ply, from);
        session
    }

    /// `session` left unfinished and resumed: its kept copy played on with `from`.
    fn resumed(session: &Session) -> Session {
        let kept = session.record_to_keep().into_owned();
        let mut resumed = Session::new(kept, None);
        let from = session.played_on().cloned().unwrap();
        assert!(resumed.resume_played_on(from));
        resumed
    }

    fn decided(moves: &str) -> GameRecord {
        let mut record = record(moves);
        record.tags_mut().set("Result", "1-0".to_owned());
        record.set_result_token(Some("1-0".to_owned()));
        record
    }

    #[test]
    fn a_move_played_off_a_taken_over_record_is_saved_as_its_variation() {
        let mut session = taken_over(decided("a1 e5 c3 d4"), 2);
        session.play(mv("e4")).unwrap();
        // Played, the new move is the game.
        assert_eq!(line(session.record()), "a1 e5 e4");
        // Saved, the record keeps its own line and result, the new move a variation of it.
        let saved = session.record_to_save().into_owned();
        assert_eq!(line(&saved), "a1 e5 c3 d4");
        assert_eq!(saved.tags().get("Result"), Some("1-0"));
        assert_eq!(saved.result_token(), Some("1-0"));
        let branch = &saved.branches()[0];
        assert_eq!(branch.at, 2);
        assert_eq!(branch.line.plies.len(), 1);
        assert_eq!(branch.line.plies[0].mv, mv("e4"));
        assert_eq!(branch.line.result_token, None);
    }

    #[test]
    fn playing_on_past_a_taken_over_records_end_lengthens_its_main_line() {
        let mut session = taken_over(record("a1 e5"), 2);
        session.play(mv("c3")).unwrap();
        let saved = session.record_to_save().into_owned();
        assert_eq!(saved.plies().len(), 3);
        assert!(!saved.has_branches());
    }

    #[test]
    fn taking_over_part_way_keeps_the_rest_to_redo() {
        let mut session = taken_over(record("a1 e5 c3 d3"), 2);
        assert_eq!(line(session.record()), "a1 e5");
        assert_eq!(session.redo_len(), 2);
        session.play(mv("b2")).unwrap();
        assert_eq!(session.record().tree().ply_count(), 5);
    }

    #[test]
    fn taken_over_on_a_variation_the_records_own_main_line_is_kept() {
        // The replay shows a variation as its main line; the record's is the file's.
        let mut tree = decided("a1 e5 c3 d4");
        let mut other = record("a1 e5 b2");
        tree.insert_line(other.plies(), None);
        other = tree.with_main_line(&[mv("a1"), mv("e5"), mv("b2")]);
        let from = PlayedOn::of(&tree, None, 3);
        let mut session = Session::new(other, None);
        session.take_over(3, from);
        session.play(mv("b3")).unwrap();
        let saved = session.record_to_save().into_owned();
        assert_eq!(line(&saved), "a1 e5 c3 d4");
        assert_eq!(saved.result_token(), Some("1-0"));
    }

    #[test]
    fn resumed_after_a_move_off_the_record_it_is_saved_as_its_variation() {
        let mut session = taken_over(decided("a1 e5 c3 d4"), 2);
        session.play(mv("e4")).unwrap();
        let session = resumed(&session);
        let saved = session.record_to_save().into_owned();
        assert_eq!(line(&saved), "a1 e5 c3 d4");
        assert_eq!(saved.tags().get("Result"), Some("1-0"));
        assert_eq!(saved.result_token(), Some("1-0"));
        assert_eq!(saved.branches()[0].line.plies[0].mv, mv("e4"));
    }

    #[test]
    fn resumed_on_the_records_own_line_its_rest_is_to_redo_and_saved() {
        let mut session = taken_over(decided("a1 e5 c3 d4"), 1);
        // The record's own next move: a redo, and nothing kept of the rest.
        session.play(mv("e5")).unwrap();
        assert_eq!(line(&session.record_to_keep()), "a1 e5");
        let mut session = resumed(&session);
        assert_eq!(session.redo_len(), 2, "c3 d4 to redo");
        let saved = session.record_to_save().into_owned();
        assert_eq!(line(&saved), "a1 e5 c3 d4");
        assert_eq!(saved.result_token(), Some("1-0"));
        assert!(!saved.has_branches());
        // A move off it from there is a variation of it.
        session.play(mv("b2")).unwrap();
        let saved = session.record_to_save().into_owned();
        assert_eq!(line(&saved), "a1 e5 c3 d4");
        assert_eq!(saved.branches()[0].line.plies[0].mv, mv("b2"));
    }

    #[test]
    fn resumed_without_the_records_line_in_its_copy_it_is_a_variation_again() {
        let mut session = taken_over(decided("a1 e5 c3 d4"), 2);
        session.play(mv("e4")).unwrap();
        // A copy that lost the record's line (written by an older taktui, say).
        let mut kept = record("a1 e5 e4");
        let from = session.played_on().cloned().unwrap();
        kept.tags_mut().remove("Result");
        let mut session = Session::new(kept, None);
        assert!(session.resume_played_on(from));
        let saved = session.record_to_save().into_owned();
        assert_eq!(line(&saved), "a1 e5 c3 d4");
        assert_eq!(saved.branches()[0].line.plies[0].mv, mv("e4"));
    }

    #[test]
    fn a_record_line_that_is_not_legal_is_not_remembered() {
        let mut from = PlayedOn::of(&record("a1 e5"), None, 1);
        // a1 twice: the second cannot be placed.
        from.moves = vec![mv("a1"), mv("a1")];
        let mut session = Session::new(record("e5"), None);
        assert!(!session.resume_played_on(from));
        assert!(!session.is_taken_over());
    }
}
