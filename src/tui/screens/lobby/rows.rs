//! The lobby's lists as lines of text: a seek, a game being played, a player, each in columns
//! that line up under a heading. Pure functions of what the server said, so a test can read
//! them without drawing.

use crate::online::protocol::{GameSettings, GameSummary, Seek, SeekColor};

/// The heading over the seeks.
pub const SEEK_HEADING: &str = "   #  player            size  clock   komi  pieces  plays   rated";
/// The heading over the games being played.
pub const GAME_HEADING: &str =
    "   #  white             black             size  clock   komi  rated";

/// A time control as players say it: `10+5` (minutes, then seconds a move), or `90s+5` when
/// the time is not whole minutes.
#[must_use]
pub fn clock(settings: &GameSettings) -> String {
    let seconds = settings.time.as_secs();
    let increment = settings.increment.as_secs();
    if seconds.is_multiple_of(60) {
        format!("{}+{increment}", seconds / 60)
    } else {
        format!("{seconds}s+{increment}")
    }
}

/// Whether a game counts for ratings, in a word (a tournament game says so).
fn rated(settings: &GameSettings) -> &'static str {
    match (settings.rated, settings.tournament) {
        (_, true) => "tourn.",
        (true, false) => "rated",
        (false, false) => "-",
    }
}

/// The colour a seeker plays, in a word.
#[must_use]
pub const fn color(color: SeekColor) -> &'static str {
    match color {
        SeekColor::White => "white",
        SeekColor::Black => "black",
        SeekColor::Either => "either",
    }
}

/// A name cut to `width` characters, so the columns after it stay in place.
pub(super) fn name(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        format!("{text:<width$}")
    } else {
        let mut cut: String = text.chars().take(width - 1).collect();
        cut.push('~');
        cut
    }
}

/// One seek's line; `mine` marks our own, and a seek naming an opponent says whom.
#[must_use]
pub fn seek(seek: &Seek, mine: bool) -> String {
    let s = &seek.settings;
    let mut line = format!(
        "{:>4}  {} {:<4}  {:<6}  {:<4}  {:<6}  {:<6}  {}",
        seek.id.0,
        name(&seek.player, 17),
        format!("{0}x{0}", s.size.get()),
        clock(s),
        s.komi.to_string(),
        format!("{}/{}", s.stones, s.capstones),
        color(seek.color),
        rated(s),
    );
    if seek.bot == Some(true) {
        line.push_str("  bot");
    }
    if let Some(opponent) = &seek.opponent {
        line.push_str("  for ");
        line.push_str(opponent);
    }
    if mine {
        line.push_str("  (yours: x cancels)");
    }
    line
}

/// One game's line.
#[must_use]
pub fn game(game: &GameSummary) -> String {
    let s = &game.settings;
    format!(
        "{:>4}  {} {} {:<4}  {:<6}  {:<4}  {}",
        game.game.0,
        name(&game.white, 17),
        name(&game.black, 17),
        format!("{0}x{0}", s.size.get()),
        clock(s),
        s.komi.to_string(),
        rated(s),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::protocol::{Parsed, ServerMessage, parse};

    fn message(line: &str) -> ServerMessage {
        match parse(line) {
            Parsed::Message(message) => message,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn a_seek_reads_in_columns_under_its_heading() {
        let ServerMessage::SeekNew(s) =
            message("Seek new 12 alice 6 900 10 W 4 30 1 0 0 0 0 bob 0")
        else {
            panic!("a seek")
        };
        let line = seek(&s, false);
        assert_eq!(
            line,
            "  12  alice             6x6   15+10   2     30/1    white   rated  for bob"
        );
        assert_eq!(line.find("6x6"), SEEK_HEADING.find("size"));
        assert_eq!(line.find("15+10"), SEEK_HEADING.find("clock"));
        assert_eq!(line.find("white"), SEEK_HEADING.find("plays"));
    }

    #[test]
    fn our_own_seek_says_how_to_cancel_it_and_a_long_name_is_cut() {
        let ServerMessage::SeekNew(s) =
            message("Seek new 3 averyveryverylongname 5 95 0 A 0 21 1 1 0 0 0 0 1")
        else {
            panic!("a seek")
        };
        let line = seek(&s, true);
        assert!(
            line.starts_with("   3  averyveryverylon~ 5x5   95s+0 "),
            "{line}"
        );
        assert!(
            line.ends_with("either  -  bot  (yours: x cancels)"),
            "{line}"
        );
    }

    #[test]
    fn a_game_reads_in_columns_under_its_heading() {
        let ServerMessage::GameListAdd(g) =
            message("GameList Add 7 alice bob 5 600 5 3 21 1 0 1 0 0")
        else {
            panic!("a game")
        };
        let line = game(&g);
        assert_eq!(
            line,
            "   7  alice             bob               5x5   10+5    1.5   tourn."
        );
        assert_eq!(line.find("bob"), GAME_HEADING.find("black"));
        assert_eq!(line.find("5x5"), GAME_HEADING.find("size"));
    }
}
