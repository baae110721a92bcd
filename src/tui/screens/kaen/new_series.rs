//! `n` once a Kaen series is over: a new series at the same screen, the same settings and
//! players, its die drawn as the last one's was; a series not saved is lost only at a second
//! `n`.

use super::KaenScreen;
use crate::game::kaen::KaenSession;
use crate::record::{Stamp, Tags};
use crate::tui::context::Context;

/// Where `n` stands over a finished series that is not saved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum NewSeries {
    /// Not pressed yet.
    NotAsked,
    /// Pressed once and warned that the series would be lost: pressed again, it is.
    Warned,
}

impl KaenScreen {
    /// `n` once the series is over: a new series with the same settings and players, who
    /// starts it drawn again (a second `n` when the series is not saved, which is then lost).
    pub(super) fn new_series(&mut self, ctx: &mut Context) {
        let series = self.session.record().series();
        if series.end().is_none() {
            ctx.error("the series goes on: n starts a new one once it is over");
            return;
        }
        let unsaved = self.session.is_dirty();
        if unsaved && self.new_series == NewSeries::NotAsked {
            // A finished series is not kept to resume: it is lost unless saved first.
            self.new_series = NewSeries::Warned;
            ctx.error("this series is not saved: w saves it, n again starts a new one without it");
            return;
        }
        let die = self.die.for_next_series();
        let first = match die.toss() {
            Ok(first) => first,
            Err(error) => {
                ctx.error(error.to_string());
                return;
            }
        };
        let record = self.session.record();
        let mut tags = Tags::default();
        tags.set_stamp(Stamp::now());
        for tag in ["Player1", "Player2"] {
            if let Some(name) = record.tags().get(tag) {
                tags.set(tag, name.to_owned());
            }
        }
        let config = *record.series().config();
        self.session = KaenSession::new(config, first, tags);
        self.stop_thinking();
        self.die = die;
        self.new_series = NewSeries::NotAsked;
        self.review = false;
        self.choice = 0;
        ctx.info(format!(
            "a new series of {}: {} starts{}",
            crate::words::count(config.games() as usize, "game", "games"),
            self.name(first),
            if unsaved {
                " (the last series was not saved)"
            } else {
                ""
            }
        ));
    }
}
