//! Forced roads marked in the replay (`M`): every position of the line shown given to the
//! tinue solver in the background, its progress in the panel, then marks in the move list
//! where a ply gave a forced road away or missed one, and the winning line in the panel for
//! the ply shown. The marks belong to the line they were found on: when another line is
//! shown, its own are searched for at once (the old search stopped), never shown against the
//! wrong plies; what the solver said about each position is kept, so a variation costs only
//! the positions it does not share.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use ratatui::text::Line;

use super::ReplayScreen;
use crate::game::tinue_scan::{POSITION_TIME, PlyTinue, Scan, ScanJob, ScanLimits, ScanStep};
use crate::rules::{Move, Position};
use crate::tui::context::Context;
use crate::tui::theme::Theme;

/// How often the screen looks for the search's news.
const POLL: Duration = Duration::from_millis(100);

/// The forced roads of one line: being searched, or found.
#[derive(Debug)]
pub(super) struct RoadMarks {
    /// Where the line starts.
    start: Position,
    /// The line searched: the marks are for these plies only.
    moves: Vec<Move>,
    /// The search, while it runs.
    job: Option<ScanJob>,
    /// Positions searched and in all, while it runs.
    progress: (usize, usize),
    /// The marks, once found.
    found: Option<Scan>,
}

impl Clone for RoadMarks {
    /// A copy keeps what is known; the search stays with the original.
    fn clone(&self) -> RoadMarks {
        RoadMarks {
            start: self.start.clone(),
            moves: self.moves.clone(),
            job: None,
            progress: self.progress,
            found: self.found.clone(),
        }
    }
}

impl RoadMarks {
    /// Whether these are the marks of the line from `start` through `moves`.
    fn is_for(&self, start: &Position, moves: &[Move]) -> bool {
        self.start == *start && self.moves == moves
    }
}

impl ReplayScreen {
    /// The moves of the line shown, all of it (not only up to the ply shown).
    fn line_shown(&self) -> Vec<Move> {
        let record = self.game.replay.record();
        record.plies().iter().map(|ply| ply.mv).collect()
    }

    /// Starts marking the forced roads of the line shown; stops the search while it runs, and
    /// hides marks already shown.
    pub(super) fn toggle_road_marks(&mut self, ctx: &mut Context) {
        if let Some(marks) = self.roads.take() {
            ctx.info(if marks.job.is_some() {
                "the search for forced roads is stopped (M starts it again)"
            } else {
                "the forced-road marks are hidden (M marks them again)"
            });
            return;
        }
        if self.mark_line_shown() {
            ctx.info("the solver looks for forced roads at every ply (M stops); the marks follow");
        } else {
            ctx.info("no plies to mark yet");
        }
    }

    /// Starts the search of the line shown (positions searched before, on any line, are not
    /// searched again); `false` when it has no plies.
    fn mark_line_shown(&mut self) -> bool {
        let moves = self.line_shown();
        if moves.is_empty() {
            self.roads = None;
            return false;
        }
        let start = self.game.replay.record().start().clone();
        let memo = Arc::clone(&self.road_memo);
        let job = ScanJob::start(&start, &moves, ScanLimits::default(), POSITION_TIME, memo);
        self.roads = Some(RoadMarks {
            progress: (0, moves.len() + 1),
            start,
            moves,
            job: Some(job),
            found: None,
        });
        true
    }

    /// Reads the search's news; when it is done, says what it found.
    pub(super) fn hear_road_marks(&mut self, ctx: &mut Context) {
        let Some(marks) = &mut self.roads else {
            return;
        };
        let Some(job) = &mut marks.job else {
            return;
        };
        match job.poll() {
            ScanStep::Working { done, total } => marks.progress = (done, total),
            ScanStep::Failed => {
                self.roads = None;
                ctx.error("the search for forced roads ended without an answer");
            }
            ScanStep::Finished(found, took) => {
                ctx.info(summary(&found, took, ctx.theme()));
                marks.found = Some(found);
                marks.job = None;
            }
        }
    }

    /// When the line shown is no longer the one marked, marks it instead: the positions the
    /// two lines share are known already, so only the new ones are searched.
    pub(super) fn follow_line_shown(&mut self, ctx: &mut Context) {
        let start = self.game.replay.record().start();
        let moves = self.line_shown();
        if self
            .roads
            .as_ref()
            .is_none_or(|marks| marks.is_for(start, &moves))
        {
            return;
        }
        let note = if self.mark_line_shown() {
            "the forced-road marks follow the line shown"
        } else {
            "the forced-road marks were for another line"
        };
        ctx.also(note);
    }

    /// How soon the screen should look for the search's news.
    pub(super) fn road_marks_wake(&self) -> Option<Duration> {
        self.roads
            .as_ref()
            .is_some_and(|marks| marks.job.is_some())
            .then_some(POLL)
    }

    /// The marks of each ply of the line shown, once found (never another line's).
    pub(super) fn road_marks(&self) -> Option<&[PlyTinue]> {
        let marks = self.roads.as_ref()?;
        let found = marks.found.as_ref()?;
        let record = self.game.replay.record();
        let same = marks.start == *record.start()
            && marks.moves.len() == record.plies().len()
            && marks
                .moves
                .iter()
                .zip(record.plies())
                .all(|(a, b)| *a == b.mv);
        same.then_some(found.plies.as_slice())
    }

    /// The panel's line about the search while it runs.
    pub(super) fn road_marks_lines(&self, theme: Theme) -> Vec<Line<'static>> {
        match &self.roads {
            Some(RoadMarks {
                job: Some(_),
                progress: (done, total),
                ..
            }) => vec![Line::styled(
                format!("  Forced roads: {done} of {total} positions searched…"),
                theme.warning(),
            )],
            _ => Vec::new(),
        }
    }
}

/// What the search found, in a line: how many plies of each mark, and what was not known.
fn summary(found: &Scan, took: Duration, theme: Theme) -> String {
    let given = found.given();
    let missed = found.missed();
    let plies = |n| crate::words::count(n, "ply", "plies");
    let mut parts = Vec::new();
    if given > 0 {
        let marker = theme.road_given_marker();
        parts.push(format!("{} gave one away ({marker})", plies(given)));
    }
    if missed > 0 {
        // "1 ply gave one away, 2 missed one": the plies are named once.
        let count = if parts.is_empty() {
            plies(missed)
        } else {
            missed.to_string()
        };
        let marker = theme.road_missed_marker();
        parts.push(format!("{count} missed one ({marker})"));
    }
    let mut text = if parts.is_empty() {
        "no forced road given away or missed".to_owned()
    } else {
        format!("forced roads: {}", parts.join(", "))
    };
    // Short enough for an 80-column status line.
    let _ = write!(text, " · {:.1} s", took.as_secs_f64());
    if found.unknown > 0 {
        let _ = write!(
            text,
            ", {} unknown",
            crate::words::count(found.unknown, "position", "positions")
        );
    }
    text
}
