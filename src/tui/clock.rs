//! The date and time, for the `Date` and `Time` tags and default file names. (The rules never
//! see a clock; only the terminal side does.)

use std::time::{SystemTime, UNIX_EPOCH};

/// Now in UTC, as PTN writes it: (`YYYY.MM.DD`, `HH:MM:SS`).
#[must_use]
pub fn now_utc() -> (String, String) {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format_utc(seconds)
}

/// `seconds` since 1970-01-01 00:00 UTC as (`YYYY.MM.DD`, `HH:MM:SS`).
#[must_use]
pub fn format_utc(seconds: u64) -> (String, String) {
    let days = i64::try_from(seconds / 86_400).unwrap_or(i64::MAX / 2);
    let rest = seconds % 86_400;
    let (year, month, day) = civil_date(days);
    (
        format!("{year:04}.{month:02}.{day:02}"),
        format!(
            "{:02}:{:02}:{:02}",
            rest / 3600,
            rest % 3600 / 60,
            rest % 60
        ),
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01, counting in 400-year eras (each
/// exactly 146,097 days) from 0000-03-01 so that leap days fall at the end of a year.
#[allow(clippy::cast_sign_loss)] // day and month are 1..=31 and 1..=12 by construction
fn civil_date(days: i64) -> (i64, u32, u32) {
    let from_march_0000 = days + 719_468;
    let era = from_march_0000.div_euclid(146_097);
    let day_of_era = from_march_0000.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(format_utc(0), ("1970.01.01".into(), "00:00:00".into()));
        assert_eq!(
            format_utc(951_782_400),
            ("2000.02.29".into(), "00:00:00".into())
        );
        assert_eq!(
            format_utc(1_796_012_345),
            ("2026.11.30".into(), "04:19:05".into())
        );
        assert_eq!(
            format_utc(4_107_542_399),
            ("2100.02.28".into(), "23:59:59".into())
        );
    }
}
