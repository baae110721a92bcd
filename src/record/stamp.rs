//! When a game was played, as PTN's `Date` and `Time` tags write it (UTC), and as a default
//! file name. The calendar is the `time` crate's; the clock is read only by [`Stamp::now`].

use time::OffsetDateTime;

/// A moment, in UTC, as the `Date` (`2026.12.01`) and `Time` (`20:22:18`) tags write it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stamp(OffsetDateTime);

impl Stamp {
    /// Now.
    #[must_use]
    pub fn now() -> Stamp {
        Stamp(OffsetDateTime::now_utc())
    }

    /// `seconds` after 1970-01-01 00:00 UTC (`None` past the calendar's range).
    #[must_use]
    pub fn from_unix(seconds: i64) -> Option<Stamp> {
        OffsetDateTime::from_unix_timestamp(seconds).ok().map(Stamp)
    }

    /// The `Date` tag's value: `YYYY.MM.DD`.
    #[must_use]
    pub fn date(self) -> String {
        let d = self.0;
        format!("{:04}.{:02}.{:02}", d.year(), u8::from(d.month()), d.day())
    }

    /// The `Time` tag's value: `HH:MM:SS`.
    #[must_use]
    pub fn time(self) -> String {
        let d = self.0;
        format!("{:02}:{:02}:{:02}", d.hour(), d.minute(), d.second())
    }

    /// For file names: `YYYY-MM-DD-HHMM`.
    #[must_use]
    pub fn file_stem(self) -> String {
        let d = self.0;
        format!(
            "{:04}-{:02}-{:02}-{:02}{:02}",
            d.year(),
            u8::from(d.month()),
            d.day(),
            d.hour(),
            d.minute()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Stamp;

    #[test]
    fn known_moments_as_tags_and_file_names() {
        let at = |s| {
            let stamp = Stamp::from_unix(s).unwrap();
            (stamp.date(), stamp.time())
        };
        assert_eq!(at(0), ("1970.01.01".into(), "00:00:00".into()));
        assert_eq!(at(951_782_400), ("2000.02.29".into(), "00:00:00".into()));
        assert_eq!(at(1_796_012_345), ("2026.11.30".into(), "04:19:05".into()));
        assert_eq!(at(4_107_542_399), ("2100.02.28".into(), "23:59:59".into()));
        assert_eq!(
            Stamp::from_unix(1_796_012_345).unwrap().file_stem(),
            "2026-11-30-0419"
        );
    }
}
