//! An analysis read back from the game it annotated: a file written by `tak analyse` or by the
//! replay's `A` says, after each ply, the evaluation the engine gave the position there (and
//! where it preferred another move, that move and its score), so opening it again shows the
//! graph at once instead of thinking the whole game over.

use super::{Eval, GameAnalysis, LEGEND, START, STOPPED, final_score};
use crate::engine::Score;
use crate::notation::parse_move;
use crate::record::GameRecord;
use crate::rules::{BoardSize, Color, Move};

impl GameAnalysis {
    /// The analysis `record`'s comments carry, when it was written by an analysis (its first
    /// words name the engine, as [`GameAnalysis::annotate`] writes them); `None` for any other
    /// game, so that a player's own notes are never taken for scores.
    ///
    /// Each ply's comment gives the position after it, and a game comment the start's
    /// (`at the start: +0.10 at depth 6: b2 e1`; in files without it, the start is known
    /// where the first ply's comment names the move the engine preferred). The alternatives behind
    /// `!` are not written, so they are not known again (the marks themselves are in the
    /// record).
    #[must_use]
    pub fn from_comments(record: &GameRecord) -> Option<GameAnalysis> {
        if !is_analysed(record) {
            return None;
        }
        let plies = record.plies();
        let size = record.start().size();
        let mut analysis = GameAnalysis::new(plies.len());
        let start = record
            .comments()
            .iter()
            .find_map(|comment| Said::read(comment.strip_prefix(START)?, size));
        if let Some(said) = start {
            analysis.set(0, said.after.for_side(record.start().to_move()));
        }
        for (index, ply) in plies.iter().enumerate() {
            let (_, mover) = record.ply_number(index);
            let last = index + 1 == plies.len();
            for comment in &ply.comments {
                if last && record.position().is_over() {
                    if *comment == record.position().result().to_string() {
                        analysis.set(
                            index + 1,
                            Eval {
                                score: final_score(record.position()),
                                depth: 0,
                                pv: Vec::new(),
                                alternative: None,
                            },
                        );
                    }
                    continue;
                }
                let Some(said) = Said::read(comment, size) else {
                    continue;
                };
                analysis.set(index + 1, said.after.for_side(!mover));
                if let Some(before) = said.before {
                    // The position before is known from the ply before's comment, but for the
                    // start, which has none.
                    if analysis.eval(index).is_none() {
                        analysis.set(index, before.for_side(mover));
                    }
                }
            }
        }
        (analysis.done() > 0).then_some(analysis)
    }
}

/// Whether `record` was written by an analysis: the legend is among its game comments.
#[must_use]
pub fn is_analysed(record: &GameRecord) -> bool {
    record.comments().iter().any(|c| is_legend(c))
}

/// Whether `comment` is the legend an analysis writes before the first ply.
#[must_use]
pub fn is_legend(comment: &str) -> bool {
    comment.starts_with("Analysed by ") && comment.contains(LEGEND)
}

/// `record` without what an analysis wrote in it: its legend, the evaluation after each ply,
/// the note of an analysis stopped part way and the marks, so that analysing it again does
/// not say everything twice. A record no analysis wrote is returned as it is.
#[must_use]
pub fn without_analysis(record: &GameRecord) -> GameRecord {
    if !is_analysed(record) {
        return record.clone();
    }
    let size = record.start().size();
    let over = record
        .position()
        .is_over()
        .then(|| record.position().result().to_string());
    let mut clean = record.clone();
    let last = record.plies().len().saturating_sub(1);
    clean.retain_comments(
        |comment| {
            let start = comment
                .strip_prefix(START)
                .is_some_and(|said| Said::read(said, size).is_some());
            !is_legend(comment) && !start && !comment.starts_with(STOPPED)
        },
        |index, comment| {
            let result = index == last && over.as_deref() == Some(comment);
            !result && Said::read(comment, size).is_none()
        },
    );
    // The marks were the analysis's: it replaced whatever the game had.
    clean.clear_judgements();
    clean
}

/// An evaluation as a comment writes it: from White's side, with its depth and line.
#[derive(Debug, PartialEq)]
struct Written {
    white: Score,
    depth: u32,
    pv: Vec<Move>,
}

impl Written {
    /// The evaluation for `to_move`.
    fn for_side(self, to_move: Color) -> Eval {
        let score = match to_move {
            Color::White => self.white,
            Color::Black => self.white.flip(),
        };
        Eval {
            score,
            depth: self.depth,
            pv: self.pv,
            alternative: None,
        }
    }
}

/// What one ply's comment says: `+0.35 at depth 6: c3 d4`, and perhaps
/// `; best was b2 (+0.80): b2 c3` about the position before it.
#[derive(Debug, PartialEq)]
struct Said {
    after: Written,
    before: Option<Written>,
}

impl Said {
    fn read(comment: &str, size: BoardSize) -> Option<Said> {
        let (after, best) = match comment.split_once("; best was ") {
            Some((after, best)) => (after, Some(best)),
            None => (comment, None),
        };
        let (head, line) = after.split_once(": ").unwrap_or((after, ""));
        let (score, depth) = head.split_once(" at depth ")?;
        let after = Written {
            white: read_score(score)?,
            depth: depth.parse().ok()?,
            pv: read_line(line, size)?,
        };
        let before = match best {
            // `b2 (+0.80): b2 c3`: the line repeats the move, the depth is the one before's.
            Some(best) => {
                let (_, rest) = best.split_once(" (")?;
                let (score, line) = rest.split_once("): ")?;
                Some(Written {
                    white: read_score(score)?,
                    depth: 0,
                    pv: read_line(line, size)?,
                })
            }
            None => None,
        };
        Some(Said { after, before })
    }
}

/// A score as [`super::show_line`] writes it: `+1.25`, `-0.40`, `#3`, `#-3`, and `#F5`,
/// `#F-5` for a win on flats (which the line, read with it, shows again).
fn read_score(text: &str) -> Option<Score> {
    // The flat win's sign drops out: the score is the same kind of number.
    let text = text
        .strip_prefix("#F")
        .map_or_else(|| text.to_owned(), |rest| format!("#{rest}"));
    if let Some(plies) = text.strip_prefix("#-") {
        return plies.parse().ok().map(Score::LossIn);
    }
    if let Some(plies) = text.strip_prefix('#') {
        return plies.parse().ok().map(Score::WinIn);
    }
    let (negative, digits) = match text.as_bytes().first()? {
        b'+' => (false, &text[1..]),
        b'-' => (true, &text[1..]),
        _ => return None,
    };
    let (whole, hundredths) = digits.split_once('.')?;
    if hundredths.len() != 2 || !hundredths.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = whole
        .parse::<i32>()
        .ok()?
        .checked_mul(100)?
        .checked_add(hundredths.parse::<i32>().ok()?)?;
    Some(Score::Centiflats(if negative { -value } else { value }))
}

/// Moves separated by spaces; `None` when a word is not a move on a board of `size`.
fn read_line(text: &str, size: BoardSize) -> Option<Vec<Move>> {
    text.split_whitespace()
        .map(|word| parse_move(word, size).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameConfig;

    fn record(moves: &[&str]) -> GameRecord {
        let mut record = GameRecord::for_config(GameConfig::new(BoardSize::new(5).unwrap()));
        for mv in moves {
            record.play(mv.parse().unwrap()).unwrap();
        }
        record
    }

    fn eval(score: Score, depth: u32, pv: &[&str]) -> Eval {
        Eval {
            score,
            depth,
            pv: pv.iter().map(|m| m.parse().unwrap()).collect(),
            alternative: None,
        }
    }

    #[test]
    fn scores_read_as_they_are_shown() {
        for score in [
            Score::Centiflats(0),
            Score::Centiflats(125),
            Score::Centiflats(-40),
            Score::Centiflats(-1234),
            Score::WinIn(3),
            Score::LossIn(0),
        ] {
            assert_eq!(read_score(&super::super::show(score)), Some(score));
        }
        // A win on flats is written with its own sign, and read as the same number.
        assert_eq!(read_score("#F5"), Some(Score::WinIn(5)));
        assert_eq!(read_score("#F-5"), Some(Score::LossIn(5)));
        for junk in [
            "", "+", "1.25", "+1.2", "+1.234", "+x.00", "#", "#-x", "+1.-5",
        ] {
            assert_eq!(read_score(junk), None, "{junk:?}");
        }
    }

    #[test]
    fn an_annotated_game_reads_back_as_its_analysis() {
        let game = record(&["a1", "e5", "c3"]);
        let mut analysis = GameAnalysis::new(3);
        analysis.set(0, eval(Score::Centiflats(10), 6, &["b2", "e1"]));
        // a1 gave away half a flat: the engine's b2 is named, with the start's score.
        analysis.set(1, eval(Score::Centiflats(40), 5, &["e1", "c3"]));
        analysis.set(2, eval(Score::WinIn(5), 4, &["c3"]));
        analysis.set(3, eval(Score::Centiflats(-250), 7, &[]));
        let annotated = analysis.annotate(&game, "taktui level 5");
        let read = GameAnalysis::from_comments(&annotated).expect("an analysis");
        assert_eq!(read.len(), 4);
        for ply in 1..=3 {
            assert_eq!(read.eval(ply), analysis.eval(ply), "after ply {ply}");
        }
        // The start, from its own game comment.
        assert_eq!(read.eval(0), analysis.eval(0));
        // The graph is the same, ply by ply.
        for ply in 0..=3 {
            assert_eq!(
                read.white_view(&annotated, ply),
                analysis.white_view(&game, ply)
            );
        }
    }

    #[test]
    fn a_finished_game_reads_its_result_as_the_last_evaluation() {
        let game = record(&[
            "a1", "e5", "b1", "e4", "b2", "e3", "b3", "e2", "b4", "d1", "b5",
        ]);
        let mut analysis = GameAnalysis::new(11);
        analysis.set(10, eval(Score::WinIn(1), 3, &["b5"]));
        analysis.set(11, eval(final_score(game.position()), 0, &[]));
        let annotated = analysis.annotate(&game, "taktui");
        let read = GameAnalysis::from_comments(&annotated).unwrap();
        assert_eq!(read.eval(11), analysis.eval(11));
        assert_eq!(read.eval(10), analysis.eval(10));
        assert_eq!(read.done(), 2);
    }

    #[test]
    fn notes_in_a_game_no_analysis_wrote_are_not_scores() {
        let mut game = record(&["a1", "e5"]);
        game.annotate_ply(0, None, Some("+0.10 at depth 5: e1".to_owned()));
        assert_eq!(GameAnalysis::from_comments(&game), None);
        assert_eq!(without_analysis(&game), game);
    }

    #[test]
    fn an_analysis_is_taken_out_whole_and_nothing_else_is() {
        let mut game = record(&["a1", "e5", "c3"]);
        game.add_game_comment("played at the club".to_owned());
        game.annotate_ply(1, None, Some("a sharp reply".to_owned()));
        let mut analysis = GameAnalysis::new(3);
        analysis.set(0, eval(Score::Centiflats(5), 5, &["b2"]));
        analysis.set(1, eval(Score::Centiflats(-10), 5, &["e1"]));
        analysis.set(2, eval(Score::Centiflats(300), 5, &["c3"]));
        let mut annotated = analysis.annotate(&game, "taktui");
        // As a partial analysis is written: cut short, and saying so.
        annotated.add_game_comment(analysis.stopped_note(Some("the engine quit")));
        assert!(
            annotated
                .comments()
                .iter()
                .any(|c| c.starts_with("at the start: +0.05")),
            "{:?}",
            annotated.comments()
        );
        assert!(
            annotated.comments().contains(
                &"The analysis stopped with 3 of 4 positions done: the engine quit".to_owned()
            ),
            "{:?}",
            annotated.comments()
        );
        assert_ne!(annotated, game);
        assert!(annotated.plies()[1].marks.judgement.is_some());
        assert_eq!(without_analysis(&annotated), game);
    }
}
