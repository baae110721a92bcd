//! Game records: tags, a start position, and the plies played with their marks and comments.
//!
//! A record is always a legal game: every ply in it has been played by the rules engine, so
//! the position at any ply can be trusted. Reading PTN files is [`read_ptn_file`] (or
//! [`read_ptn_file_with`] and [`ReadOptions`] for what the file does not say) and [`read_ptn`]
//! for text; writing them, [`write_ptn`] and [`save_ptn`].

mod branches;
mod error;
mod file;
mod kaen;
mod locke;
mod moves;
mod read;
mod rulebook;
mod setup;
mod stamp;
mod tags;
mod tree;
mod write;

pub use branches::{Alternative, Branch, Line};
pub use error::{PtnError, PtnErrorKind, PtnWarning};
pub use file::{
    not_a_file, read_ptn_file, read_ptn_file_with, read_ptn_of_file, read_text_file, shown_path,
};
pub use kaen::KaenRecord;
pub use locke::LockeRecord;
pub use read::{MAX_FILE_BYTES, MAX_PLIES, ReadGame, ReadOptions, read_ptn, read_ptn_with};
pub use rulebook::{GameKind, RulebookError, WrongGame, expect_game, game_kind};
pub use stamp::Stamp;
pub use tags::{Tags, engine_tag, player_tag};
pub use write::{save_ptn, write_game, write_ptn};

use crate::notation::{Marks, NO_RESULT};
use crate::rules::{GameConfig, GameResult, IllegalMove, Move, Position};

/// One ply of a record: the move, the marks written after it, and the comments that follow it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ply {
    /// The move.
    pub mv: Move,
    /// `*`, `'`, `!` and the like, as written.
    pub marks: Marks,
    /// Comments written after the ply, in order.
    pub comments: Vec<String>,
}

/// A game: its tags, where it started, and every ply since, each legal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    tags: Tags,
    start: Position,
    /// Comments before the first ply: about the game as a whole.
    comments: Vec<String>,
    /// The main line (the game), with its result token and the variations off it.
    main: Line,
    /// The position after the main line's last ply.
    end: Position,
}

impl GameRecord {
    /// A game with no plies yet, from `start`, with these tags (the caller keeps `Size`, `Komi`
    /// and the like in step with the position's settings; [`GameRecord::for_config`] does).
    #[must_use]
    pub fn new(start: Position, tags: Tags) -> GameRecord {
        GameRecord {
            tags,
            end: start.clone(),
            start,
            comments: Vec::new(),
            main: Line::default(),
        }
    }

    /// A new game with these settings from the usual empty board, its `Size` tag set, and
    /// `Komi`, `Flats` and `Caps` where they differ from the standard game.
    #[must_use]
    pub fn for_config(config: GameConfig) -> GameRecord {
        GameRecord::new(Position::new(config), Tags::for_config(&config))
    }

    /// A new game from `start` (a puzzle's or a lesson's position), its `Size` tag and the
    /// like set, and a `TPS` tag when it is not the empty board, so that the game written
    /// reads back from the same position.
    #[must_use]
    pub fn from_position(start: Position) -> GameRecord {
        let config = *start.config();
        let mut tags = Tags::for_config(&config);
        if start != Position::new(config) {
            tags.set("TPS", crate::notation::to_tps(&start));
        }
        GameRecord::new(start, tags)
    }

    /// The tags, in the order they were read or set.
    #[must_use]
    pub const fn tags(&self) -> &Tags {
        &self.tags
    }

    /// The tags, to change (players' names, the date ...).
    pub fn tags_mut(&mut self) -> &mut Tags {
        &mut self.tags
    }

    /// The position before the first ply.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the last ply.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.end
    }

    /// The position after the first `ply` plies (clamped to the record's length).
    ///
    /// # Panics
    ///
    /// Never: every ply in a record was legal when it was added.
    #[must_use]
    pub fn position_at(&self, ply: usize) -> Position {
        if ply >= self.main.plies.len() {
            return self.end.clone();
        }
        let mut position = self.start.clone();
        for recorded in &self.main.plies[..ply] {
            position
                .play(recorded.mv)
                .expect("a record holds only legal plies");
        }
        position
    }

    /// The move number of ply `index` (0-based) and whose ply it is, counted from the record's
    /// start position.
    #[must_use]
    pub fn ply_number(&self, index: usize) -> (u32, crate::rules::Color) {
        let absolute = self.start.ply() as usize + index;
        let color = if absolute.is_multiple_of(2) {
            crate::rules::Color::White
        } else {
            crate::rules::Color::Black
        };
        ((absolute / 2 + 1) as u32, color)
    }

    /// The plies, in order.
    #[must_use]
    pub fn plies(&self) -> &[Ply] {
        &self.main.plies
    }

    /// Comments about the game as a whole (written before the first ply).
    #[must_use]
    pub fn comments(&self) -> &[String] {
        &self.comments
    }

    /// Adds a comment about the game as a whole.
    pub fn add_game_comment(&mut self, comment: String) {
        self.comments.push(comment);
    }

    /// Adds a comment where the game stands now: after its last ply (so a replay shows it
    /// there, and a file says it where it happened), or about the game before any ply.
    pub fn add_comment_at_end(&mut self, comment: String) {
        match self.last_ply_mut() {
            Some(ply) => ply.comments.push(comment),
            None => self.comments.push(comment),
        }
    }

    /// Plays `mv` at the end of the game and records it (marked `*` when it crushes a wall).
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let undo = self.end.play(mv)?;
        let marks = Marks {
            crush: undo.crushed(),
            ..Marks::default()
        };
        self.main.plies.push(Ply {
            mv,
            marks,
            comments: Vec::new(),
        });
        Ok(())
    }

    /// Plays a recorded ply (with its marks and comments) at the end of the game. Its `*` is
    /// made to say what happened: a file may leave it out, or set it where no wall fell.
    pub fn push(&mut self, mut ply: Ply) -> Result<(), IllegalMove> {
        let undo = self.end.play(ply.mv)?;
        ply.marks.crush = undo.crushed();
        self.main.plies.push(ply);
        Ok(())
    }

    /// The result written in the record: the token ending the move text, else the `Result`
    /// tag. `None` when neither says anything, or says `*` (not over).
    #[must_use]
    pub fn recorded_result(&self) -> Option<&str> {
        self.main
            .result_token
            .as_deref()
            .or_else(|| self.tags.get("Result"))
            .filter(|token| !token.trim().is_empty() && token.trim() != NO_RESULT)
    }

    /// The result token written at the end of the move text, if any.
    #[must_use]
    pub fn result_token(&self) -> Option<&str> {
        self.main.result_token.as_deref()
    }

    /// Sets (or clears) the result token written at the end of the move text.
    pub fn set_result_token(&mut self, token: Option<String>) {
        self.main.result_token = token;
    }

    /// Keeps the result the rules give the main line's end in the `Result` tag and the
    /// result token: set when the line ends in a road or on flats, cleared when such a
    /// result (or a draw) no longer holds (plies taken back). A resignation or a loss on time
    /// (`1-0`, `0-1`) is left as it is.
    pub fn sync_result(&mut self) {
        let result = self.position().result();
        if let Some(token) = result.ptn() {
            self.tags.set("Result", token.to_owned());
            self.set_result_token(Some(token.to_owned()));
            return;
        }
        if self.result_token().is_some_and(GameResult::is_rules_token) {
            self.set_result_token(None);
        }
        if self
            .tags
            .get("Result")
            .is_some_and(GameResult::is_rules_token)
        {
            self.tags.remove("Result");
        }
    }

    /// After another line was made the main one: the file's `Result` tag is that line's
    /// result, the rules' when its end decides one, else the token the line was written
    /// with (a resignation, an agreed draw), else none.
    pub fn take_main_line_result(&mut self) {
        let token = self
            .position()
            .result()
            .ptn()
            .map(str::to_owned)
            .or_else(|| self.result_token().map(str::to_owned));
        match &token {
            Some(token) => self.tags.set("Result", token.clone()),
            None => self.tags.remove("Result"),
        }
        self.set_result_token(token);
    }

    /// Keeps only the game comments `game` keeps and the main line's ply comments `ply` keeps
    /// (given the ply's 0-based index); the moves stay as played.
    pub fn retain_comments(
        &mut self,
        mut game: impl FnMut(&str) -> bool,
        mut ply: impl FnMut(usize, &str) -> bool,
    ) {
        self.comments.retain(|comment| game(comment));
        for (index, recorded) in self.main.plies.iter_mut().enumerate() {
            recorded.comments.retain(|comment| ply(index, comment));
        }
    }

    /// Takes the judgements (`!`, `?`...) off the main line's plies.
    pub fn clear_judgements(&mut self) {
        for recorded in &mut self.main.plies {
            recorded.marks.judgement = None;
        }
    }

    fn last_ply_mut(&mut self) -> Option<&mut Ply> {
        self.main.plies.last_mut()
    }

    /// Annotates the main line's ply at `index` (0-based), its move staying as played: its
    /// judgement (`!`, `?`...) replaced when `judgement` is given, `comment` added after its
    /// own. Nothing when there is no such ply.
    pub fn annotate_ply(
        &mut self,
        index: usize,
        judgement: Option<crate::notation::Judgement>,
        comment: Option<String>,
    ) {
        if let Some(ply) = self.main.plies.get_mut(index) {
            if judgement.is_some() {
                ply.marks.judgement = judgement;
            }
            ply.comments.extend(comment);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Tps;

    #[test]
    fn a_comment_at_the_end_follows_the_last_ply_or_opens_the_game() {
        let mut record =
            GameRecord::for_config(GameConfig::new(crate::rules::BoardSize::new(3).unwrap()));
        record.add_comment_at_end("before any ply".to_owned());
        record.play("a1".parse().unwrap()).unwrap();
        record.add_comment_at_end("after a1".to_owned());
        assert_eq!(record.comments(), ["before any ply"]);
        assert_eq!(record.plies()[0].comments, ["after a1"]);
    }

    #[test]
    fn a_game_from_a_position_is_written_so_that_it_reads_back_from_it() {
        let start = "x3/x,2,x/x2,1 1 2"
            .parse::<Tps>()
            .unwrap()
            .to_standard_position()
            .unwrap();
        let mut record = GameRecord::from_position(start.clone());
        record.play("a2".parse().unwrap()).unwrap();
        let games = read_ptn(&write_game(&record)).unwrap();
        let read = games[0].record.as_ref().unwrap();
        assert_eq!(read.start(), &start);
        assert_eq!(read.position(), record.position());
        // From the empty board, no TPS tag.
        let empty = GameRecord::from_position(Position::new(*start.config()));
        assert_eq!(empty.tags().get("TPS"), None);
        assert_eq!(empty.tags().get("Size"), Some("3"));
    }
}
