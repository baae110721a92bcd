//! `tak check` on records of Kaen and Locke: each read by its own rules and reported in the
//! same shape as a game of Tak (one line, or one JSON object).

use super::Report;
use crate::kaen::{self, SeriesEnd};
use crate::locke::EndReason;
use crate::record::{GameKind, KaenRecord, LockeRecord, game_kind};
use crate::words::count;

/// The report on the file called `name`, whose text is `text`, if it holds a record of Kaen or
/// Locke; `None` for Tak.
pub(super) fn report(text: &str, name: &str) -> Option<Report> {
    match game_kind(text) {
        GameKind::Tak => None,
        GameKind::Kaen => Some(match KaenRecord::read(text) {
            Ok(record) => kaen_report(name, &record),
            Err(error) => refused(name, "Kaen", error.to_string()),
        }),
        GameKind::Locke => Some(match LockeRecord::read(text) {
            Ok(record) => locke_report(name, &record),
            Err(error) => refused(name, "Locke", error.to_string()),
        }),
    }
}

fn refused(name: &str, game: &str, error: String) -> Report {
    let mut report = Report::file_error(name, error);
    report.game = 1;
    report.summary = Some(format!("{game} record"));
    report
}

fn kaen_report(name: &str, record: &KaenRecord) -> Report {
    let series = record.series();
    let chips = |p| series.worth(p);
    let (one, two) = (chips(kaen::Player::One), chips(kaen::Player::Two));
    let over = series.end().is_some();
    let result = match (over, one.cmp(&two)) {
        (false, _) => "*",
        (true, std::cmp::Ordering::Greater) => "1-0",
        (true, std::cmp::Ordering::Less) => "0-1",
        (true, std::cmp::Ordering::Equal) => "1/2-1/2",
    };
    let state = match series.end() {
        None => format!("game {} in play", series.game_number()),
        Some(SeriesEnd::AllPlayed) => "every game played".to_owned(),
        Some(SeriesEnd::Broke(p)) => format!("{p} cannot cover the bet"),
    };
    let computed = record.result();
    let recorded = record.recorded_result().map(str::to_owned);
    Report {
        file: name.to_owned(),
        game: 1,
        plies: record.actions().len(),
        variations: 0,
        result,
        reason: if over { "chips" } else { "ongoing" },
        mismatch: recorded.is_some() && recorded != computed,
        recorded,
        tps: None,
        error: None,
        warnings: Vec::new(),
        summary: Some(format!(
            "Kaen series of {}, {} played, {state}: chips {one}-{two}",
            count(
                usize::try_from(series.config().games()).unwrap_or(usize::MAX),
                "game",
                "games"
            ),
            series.played().len()
        )),
    }
}

fn locke_report(name: &str, record: &LockeRecord) -> Report {
    let ending = record.position().ending();
    let recorded = record.recorded_result().map(str::to_owned);
    let computed = ending.map(|e| e.token().to_owned());
    Report {
        file: name.to_owned(),
        game: 1,
        plies: record.turns().len(),
        variations: 0,
        result: ending.map_or("*", |e| e.token()),
        reason: match ending.map(|e| e.reason) {
            None => "ongoing",
            Some(EndReason::Centerline) => "centerline",
            Some(EndReason::Starvation) => "starvation",
            Some(EndReason::NoMove) => "no move",
            Some(EndReason::Repetition) => "repetition",
        },
        mismatch: recorded.is_some() && computed.is_some() && recorded != computed,
        recorded,
        tps: None,
        error: None,
        warnings: Vec::new(),
        summary: Some(match ending {
            Some(ending) => format!("Locke: {}", ending.describe()),
            None => "Locke: in play".to_owned(),
        }),
    }
}
