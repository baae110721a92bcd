//! A whole game analysed: an engine's view of every position (its score, depth and best line),
//! the plies marked as the community's analysis board marks them (`?` and `??` by how much a
//! ply gives away, `!` for the only good move), and the game written back with the evaluation
//! and best line in each ply's comment. The thinking itself is driven by an [`Analyser`].

mod analyser;
mod read;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use analyser::{Analyser, Step};
pub use read::{is_analysed, without_analysis};

use crate::engine::Score;
use crate::notation::Judgement;
use crate::record::GameRecord;
use crate::rules::{Color, GameResult, Move, Position};

/// What a ply may give away (in centiflats, a flat being 100) before it is a mistake (`?`).
pub const MISTAKE: i32 = 100;
/// ... and before it is a blunder (`??`): three flats, or a won or drawn game turned into a
/// lost one.
pub const BLUNDER: i32 = 300;
/// How much better than every other move the played move must be to be the only good one (`!`).
pub const ONLY_MOVE: i32 = 200;

/// The words of the legend an analysis writes before the first ply, after the engine's name:
/// how its files are known again.
const LEGEND: &str = "evaluations from White's side in flats";

/// How the game comment giving the start position's evaluation begins.
const START: &str = "at the start: ";

/// How the game comment of an analysis cut short begins.
const STOPPED: &str = "The analysis stopped with ";

/// The engine's view of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Eval {
    /// The score for the side to move.
    pub score: Score,
    /// The depth it was searched to (0 for a game already over).
    pub depth: u32,
    /// The best line, its best move first (empty when the game is over).
    pub pv: Vec<Move>,
    /// The score of the best move other than the one played, for the plies where the played
    /// move was the engine's best and the engine can be asked (taktui's own).
    pub alternative: Option<Score>,
}

/// A game's analysis: one [`Eval`] a position, from the start (index 0) to after the last ply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameAnalysis {
    evals: Vec<Option<Eval>>,
}

impl GameAnalysis {
    /// An analysis of a game of `plies` plies, nothing known yet.
    #[must_use]
    pub fn new(plies: usize) -> GameAnalysis {
        GameAnalysis {
            evals: vec![None; plies + 1],
        }
    }

    /// The positions it covers (plies + 1).
    #[must_use]
    pub fn len(&self) -> usize {
        self.evals.len()
    }

    /// Whether it covers no position (never, once made by `new`).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.evals.is_empty()
    }

    /// How many positions have their evaluation.
    #[must_use]
    pub fn done(&self) -> usize {
        self.evals.iter().filter(|e| e.is_some()).count()
    }

    /// The game comment saying this analysis stopped part way, and `why` when known; an
    /// analysis of the file later takes it out with the rest of what this one wrote.
    #[must_use]
    pub fn stopped_note(&self, why: Option<&str>) -> String {
        let mut note = format!("{STOPPED}{} of {} positions done", self.done(), self.len());
        if let Some(why) = why {
            let _ = write!(note, ": {why}");
        }
        note
    }

    /// The evaluation of the position after `ply` plies, if known.
    #[must_use]
    pub fn eval(&self, ply: usize) -> Option<&Eval> {
        self.evals.get(ply)?.as_ref()
    }

    /// Sets the evaluation of the position after `ply` plies.
    pub fn set(&mut self, ply: usize, eval: Eval) {
        if let Some(slot) = self.evals.get_mut(ply) {
            *slot = Some(eval);
        }
    }

    /// The alternative's score for the position after `ply` plies.
    pub fn set_alternative(&mut self, ply: usize, score: Score) {
        if let Some(Some(eval)) = self.evals.get_mut(ply) {
            eval.alternative = Some(score);
        }
    }

    /// The evaluation of the position after `ply` plies from White's side, in centiflats
    /// (wins and losses beyond ±10000), for a graph.
    #[must_use]
    pub fn white_view(&self, record: &GameRecord, ply: usize) -> Option<i32> {
        let eval = self.eval(ply)?;
        let to_move = record.position_at(ply).to_move();
        Some(for_white(eval.score, to_move).centiflats())
    }

    /// The mark the ply at `index` (0-based: the first ply is 0) earns, once the positions
    /// before and after it are analysed.
    #[must_use]
    pub fn judgement(&self, record: &GameRecord, index: usize) -> Option<Judgement> {
        let before = self.eval(index)?;
        let after = self.eval(index + 1)?;
        let played = record.plies().get(index)?.mv;
        // Both scores from the mover's side: what they had, and what they have now.
        let had = before.score;
        let has = mover_view(after.score);
        let lost = value(had) - value(has);
        let turned = !matches!(had, Score::LossIn(_)) && matches!(has, Score::LossIn(_));
        if before.pv.first() != Some(&played) {
            if lost >= BLUNDER || turned {
                return Some(Judgement::Blunder);
            }
            if lost >= MISTAKE {
                return Some(Judgement::Mistake);
            }
            return None;
        }
        let alternative = before.alternative?;
        let only = value(has) - value(alternative) >= ONLY_MOVE
            || (!matches!(has, Score::LossIn(_)) && matches!(alternative, Score::LossIn(_)));
        only.then_some(Judgement::Good)
    }

    /// `record` with each analysed ply's mark (replacing any judgement it had) and a comment
    /// giving the evaluation after it and, where the engine preferred another move, that move
    /// and its line. The first comment of the game names the `engine`.
    #[must_use]
    pub fn annotate(&self, record: &GameRecord, engine: &str) -> GameRecord {
        // The record as it is, variations and all, with marks and comments added.
        let mut annotated = record.clone();
        // `!` needs the best move other than the one played, which only taktui's own engine
        // is asked for: the legend names it only when it can be given.
        let only_moves = self.evals.iter().flatten().any(|e| e.alternative.is_some());
        annotated.add_game_comment(format!(
            "Analysed by {engine}: {LEGEND}; ? gives away a flat or more, ?? three or the \
             game{}",
            if only_moves {
                ", ! the only good move"
            } else {
                ""
            }
        ));
        // The start has no ply to carry its evaluation: a game comment does.
        if let Some(start) = self.eval(0).filter(|_| !record.start().is_over()) {
            let to_move = record.start().to_move();
            let mut text = format!(
                "{START}{} at depth {}",
                show_line(for_white(start.score, to_move), record.start(), &start.pv),
                start.depth
            );
            if !start.pv.is_empty() {
                let _ = write!(text, ": {}", line(&start.pv));
            }
            annotated.add_game_comment(text);
        }
        for index in 0..record.plies().len() {
            annotated.annotate_ply(
                index,
                self.judgement(record, index),
                self.comment(record, index),
            );
        }
        annotated
    }

    /// The comment for the ply at `index`: the evaluation after it, and the engine's choice
    /// where it differs.
    fn comment(&self, record: &GameRecord, index: usize) -> Option<String> {
        let after = self.eval(index + 1)?;
        let mover = record.position_at(index).to_move();
        let position = record.position_at(index + 1);
        if position.is_over() {
            // Nothing to think about: the rules have spoken.
            return Some(position.result().to_string());
        }
        let mut text = format!(
            "{} at depth {}",
            show_line(for_white(after.score, !mover), &position, &after.pv),
            after.depth
        );
        if !after.pv.is_empty() {
            let _ = write!(text, ": {}", line(&after.pv));
        }
        // The engine's choice, when it differs and its search scored it better than the
        // search after the ply scored the ply: two searches, so a preferred move can score
        // worse than the one played (seen deeper), and naming it "best" then would mislead.
        if let Some(before) = self.eval(index)
            && let Some(&best) = before.pv.first()
            && best != record.plies()[index].mv
            && value(before.score) > value(mover_view(after.score))
        {
            let _ = write!(
                text,
                "; best was {best} ({}): {}",
                show_line(
                    for_white(before.score, mover),
                    &record.position_at(index),
                    &before.pv
                ),
                line(&before.pv)
            );
        }
        Some(text)
    }
}

/// The score of the position after a ply (for the side then to move) from the side of the
/// player who made the ply, a win or loss counted in plies from before it, so that it
/// compares with the score of the position before.
const fn mover_view(after: Score) -> Score {
    match after.flip() {
        Score::WinIn(plies) => Score::WinIn(plies + 1),
        Score::LossIn(plies) => Score::LossIn(plies + 1),
        flats @ Score::Centiflats(_) => flats,
    }
}

/// The score of a game already over, for the side to move.
#[must_use]
pub fn final_score(position: &Position) -> Score {
    match position.result() {
        GameResult::Win { winner, .. } if winner == position.to_move() => Score::WinIn(0),
        GameResult::Win { .. } => Score::LossIn(0),
        GameResult::Draw | GameResult::Ongoing => Score::Centiflats(0),
    }
}

/// `score` (for `to_move`) from White's side.
fn for_white(score: Score, to_move: Color) -> Score {
    match to_move {
        Color::White => score,
        Color::Black => score.flip(),
    }
}

/// A score as one number to compare: centiflats, wins and losses far beyond.
const fn value(score: Score) -> i32 {
    score.centiflats()
}

/// A score from White's side as analysis boards write it: `+1.25` flats, `#3` (White forces
/// a road in three plies), `#-3` (Black does). Whether a forced win is a road or a flat win
/// is the line's to say: see [`show_line`].
#[must_use]
pub fn show(score: Score) -> String {
    match score {
        Score::Centiflats(value) => format!("{:+.2}", f64::from(value) / 100.0),
        Score::WinIn(plies) => format!("#{plies}"),
        Score::LossIn(plies) => format!("#-{plies}"),
    }
}

/// `score` from White's side in `position`, the engine's line `pv` from there: as [`show`],
/// but a forced win whose line ends the game on flats is written `#F5` (White wins on flats
/// in five plies) or `#F-5` (Black does), so that `#` always means a road.
#[must_use]
pub fn show_line(score: Score, position: &Position, pv: &[Move]) -> String {
    let shown = show(score);
    if matches!(score, Score::Centiflats(_)) || !line_ends_on_flats(position, pv) {
        return shown;
    }
    shown.replacen('#', "#F", 1)
}

/// Whether playing `pv` from `position` ends the game by a flat win (not a road, a draw, or
/// no end within the line).
fn line_ends_on_flats(position: &Position, pv: &[Move]) -> bool {
    let mut position = position.clone();
    for &mv in pv {
        if position.is_over() || position.play(mv).is_err() {
            break;
        }
    }
    matches!(
        position.result(),
        GameResult::Win {
            reason: crate::rules::WinReason::Flats,
            ..
        }
    )
}

/// Where the analysis of `file` is written: `game-analysed.ptn` beside `file`, or
/// `game-analysed-2.ptn` and on when taken: an existing file is never replaced. An analysis
/// analysed again (`game-analysed.ptn`) is numbered with the game's own, not called
/// `game-analysed-analysed.ptn`.
#[must_use]
pub fn analysed_path(file: &Path) -> PathBuf {
    let stem = file
        .file_stem()
        .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
    let stem = analysed_stem(&stem).unwrap_or(&stem).to_owned();
    let folder = file.parent().unwrap_or_else(|| Path::new(""));
    (1..10_000)
        .map(|n| {
            let suffix = if n == 1 {
                String::new()
            } else {
                format!("-{n}")
            };
            folder.join(format!("{stem}-analysed{suffix}.ptn"))
        })
        .find(|path| !path.exists())
        .unwrap_or_else(|| folder.join(format!("{stem}-analysed.ptn")))
}

/// The game's name in the name of its analysis: `game` in `game-analysed` and
/// `game-analysed-2`.
fn analysed_stem(stem: &str) -> Option<&str> {
    if let Some(game) = stem.strip_suffix("-analysed") {
        return (!game.is_empty()).then_some(game);
    }
    let (rest, number) = stem.rsplit_once('-')?;
    let game = rest.strip_suffix("-analysed")?;
    let numbered = !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
    (numbered && !game.is_empty()).then_some(game)
}

use crate::notation::moves_text as line;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BoardSize, GameConfig};

    fn record(moves: &[&str]) -> GameRecord {
        let mut record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
        for mv in moves {
            record.play(mv.parse().unwrap()).unwrap();
        }
        record
    }

    fn eval(score: Score, pv: &[&str]) -> Eval {
        Eval {
            score,
            depth: 5,
            pv: pv.iter().map(|m| m.parse().unwrap()).collect(),
            alternative: None,
        }
    }

    #[test]
    fn a_ply_is_marked_by_what_it_gives_away() {
        let game = record(&["a1", "e5", "c3"]);
        let mut analysis = GameAnalysis::new(3);
        analysis.set(0, eval(Score::Centiflats(0), &["a1"]));
        // Black to move after a1: Black's view.
        analysis.set(1, eval(Score::Centiflats(-20), &["e1"]));
        // e5 was not the best: White (to move) now stands 1.5 flats better.
        analysis.set(2, eval(Score::Centiflats(130), &["c3"]));
        // c3 was White's best, then Black stands 4 flats worse: no mark without an alternative.
        analysis.set(3, eval(Score::Centiflats(-400), &["d4"]));
        assert_eq!(
            analysis.judgement(&game, 0),
            None,
            "the engine's own choice"
        );
        assert_eq!(analysis.judgement(&game, 1), Some(Judgement::Mistake));
        assert_eq!(analysis.judgement(&game, 2), None);
        analysis.set_alternative(2, Score::Centiflats(50));
        assert_eq!(
            analysis.judgement(&game, 2),
            Some(Judgement::Good),
            "the only good move"
        );
        // Had White a forced road after e5, it would have thrown the game away.
        analysis.set(2, eval(Score::WinIn(4), &["c3"]));
        assert_eq!(
            analysis.judgement(&game, 1),
            Some(Judgement::Blunder),
            "now lost"
        );
        assert_eq!(analysis.done(), 4);
    }

    #[test]
    fn the_annotated_game_keeps_the_moves_and_says_what_the_engine_saw() {
        let game = record(&["a1", "e5"]);
        let mut analysis = GameAnalysis::new(2);
        analysis.set(0, eval(Score::Centiflats(10), &["a1", "e1"]));
        analysis.set(1, eval(Score::Centiflats(-10), &["e1", "c3"]));
        analysis.set(2, eval(Score::WinIn(5), &["c3"]));
        let annotated = analysis.annotate(&game, "taktui");
        assert_eq!(annotated.plies().len(), 2);
        assert_eq!(annotated.position(), game.position());
        assert_eq!(annotated.plies()[0].comments, ["+0.10 at depth 5: e1 c3"]);
        let second = &annotated.plies()[1];
        assert_eq!(second.marks.judgement, Some(Judgement::Blunder));
        assert_eq!(
            second.comments,
            ["#5 at depth 5: c3; best was e1 (+0.10): e1 c3"]
        );
        assert!(annotated.comments()[0].starts_with("Analysed by taktui"));
        // No alternative asked for (an external engine's analysis): no `!` in the legend.
        assert!(
            annotated.comments()[0].ends_with("?? three or the game"),
            "{}",
            annotated.comments()[0]
        );
        analysis.set(
            0,
            Eval {
                alternative: Some(Score::Centiflats(0)),
                ..eval(Score::Centiflats(10), &["a1", "e1"])
            },
        );
        let annotated = analysis.annotate(&game, "taktui");
        assert!(annotated.comments()[0].ends_with(", ! the only good move"));
    }

    #[test]
    fn a_move_the_engine_preferred_is_named_only_when_it_scored_better() {
        let game = record(&["a1", "e5", "c3"]);
        let mut analysis = GameAnalysis::new(3);
        analysis.set(0, eval(Score::Centiflats(0), &["a1"]));
        // Black preferred e1 at +0.20 for White (-0.20 for Black); after e5 White stands 0.45
        // worse: the engine's choice scored worse for Black, so it is not called best.
        analysis.set(1, eval(Score::Centiflats(-20), &["e1"]));
        analysis.set(2, eval(Score::Centiflats(-45), &["c3"]));
        assert_eq!(
            analysis.comment(&game, 1).unwrap(),
            "-0.45 at depth 5: c3",
            "no better move to name"
        );
        // A win found one ply later is the same win: not worse, so nothing is named.
        analysis.set(2, eval(Score::WinIn(3), &["c3"]));
        analysis.set(3, eval(Score::LossIn(2), &["d4"]));
        analysis.set(2, eval(Score::WinIn(3), &["d1"]));
        assert_eq!(analysis.comment(&game, 2).unwrap(), "#2 at depth 5: d4");
        // A move that gives away a win names the engine's.
        analysis.set(3, eval(Score::Centiflats(0), &["d4"]));
        assert_eq!(
            analysis.comment(&game, 2).unwrap(),
            "+0.00 at depth 5: d4; best was d1 (#3): d1"
        );
    }

    #[test]
    fn a_finished_game_scores_for_the_side_to_move() {
        // The first plies place the opponent's stones (a1 is Black's, e5 White's); then White
        // builds file b while Black plays down file e, and b5 makes White's road.
        let game = record(&[
            "a1", "e5", "b1", "e4", "b2", "e3", "b3", "e2", "b4", "d1", "b5",
        ]);
        assert_eq!(final_score(game.position()), Score::LossIn(0));
        assert_eq!(show(Score::LossIn(0).flip()), "#0");
        assert_eq!(show(Score::Centiflats(-125)), "-1.25");
    }

    #[test]
    fn a_forced_win_on_flats_has_its_own_sign_and_a_forced_road_keeps_its_own() {
        // One square left on 3x3: White's c1 fills the board, 5 flats to 4 and no road.
        let tps: crate::notation::Tps = "1,2,1/2,1,2/2,1,x 1 5".parse().unwrap();
        let position = tps.to_standard_position().unwrap();
        let c1: Move = "c1".parse().unwrap();
        assert_eq!(show_line(Score::WinIn(1), &position, &[c1]), "#F1");
        assert_eq!(show_line(Score::WinIn(1).flip(), &position, &[c1]), "#F-1");
        // A road: b5 completes White's file b.
        let game = record(&["a1", "e5", "b1", "e4", "b2", "e3", "b3", "e2", "b4", "d1"]);
        let b5: Move = "b5".parse().unwrap();
        assert_eq!(show_line(Score::WinIn(1), game.position(), &[b5]), "#1");
        // An evaluation in flats is written as ever.
        assert_eq!(show_line(Score::Centiflats(150), &position, &[c1]), "+1.50");
    }

    #[test]
    fn an_existing_file_is_never_the_name_chosen() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("game.ptn");
        assert_eq!(analysed_path(&game), dir.path().join("game-analysed.ptn"));
        std::fs::write(dir.path().join("game-analysed.ptn"), "").unwrap();
        assert_eq!(analysed_path(&game), dir.path().join("game-analysed-2.ptn"));
        // An analysis analysed again takes the game's next number.
        let analysis = dir.path().join("game-analysed.ptn");
        assert_eq!(
            analysed_path(&analysis),
            dir.path().join("game-analysed-2.ptn")
        );
        let second = dir.path().join("game-analysed-2.ptn");
        std::fs::write(&second, "").unwrap();
        assert_eq!(
            analysed_path(&second),
            dir.path().join("game-analysed-3.ptn")
        );
        // Names that only look alike are names of games.
        for stem in ["-analysed", "game-analysed-x", "analysed", "game-analysed-"] {
            assert_eq!(analysed_stem(stem), None, "{stem}");
        }
    }
}
