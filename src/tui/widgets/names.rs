//! Players' names fitted to narrow columns without cutting into them: the computer's name,
//! `Computer (level 8)`, is said shorter (`Computer 8`, then `Comp. 8`) rather than cut to
//! `Computer (le`; a person's name too long for the column is cut with a mark that says so.

/// The ways `name` can be written, longest first: the computer's in shorter words, a
/// person's only as it is.
#[must_use]
pub fn shorter_forms(name: &str) -> Vec<String> {
    let mut forms = vec![name.to_owned()];
    if let Some(level) = name
        .strip_prefix("Computer (level ")
        .and_then(|rest| rest.strip_suffix(')'))
        .filter(|level| !level.is_empty() && level.chars().all(|c| c.is_ascii_digit()))
    {
        forms.push(format!("Computer {level}"));
        forms.push(format!("Comp. {level}"));
    }
    forms
}

/// The first of `forms` (longest first) that fits `width` columns, else the last cut to fit
/// with a mark (`…`, `~` in ASCII) at its end.
#[must_use]
pub fn first_fitting(forms: &[String], width: usize, ascii: bool) -> String {
    if let Some(form) = forms.iter().find(|form| form.chars().count() <= width) {
        return form.clone();
    }
    let last = forms.last().map_or("", String::as_str);
    if width == 0 {
        return String::new();
    }
    let mut cut: String = last.chars().take(width - 1).collect();
    cut.push(if ascii { '~' } else { '…' });
    cut
}

/// `name` in at most `width` columns: as it is, else shorter, else cut with a mark.
#[must_use]
pub fn fitted(name: &str, width: usize, ascii: bool) -> String {
    first_fitting(&shorter_forms(name), width, ascii)
}

/// `text` with each of `names` said in its shorter form (`Computer 8` for `Computer (level
/// 8)`) where it has one: for a line that would not fit with them whole.
#[must_use]
pub fn shortened_in(text: &str, names: &[String]) -> String {
    names.iter().fold(text.to_owned(), |text, name| {
        match shorter_forms(name).get(1) {
            Some(short) => text.replace(name.as_str(), short),
            None => text,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computer_is_named_shorter_never_cut() {
        assert_eq!(
            fitted("Computer (level 8)", 18, false),
            "Computer (level 8)"
        );
        assert_eq!(fitted("Computer (level 8)", 12, false), "Computer 8");
        assert_eq!(fitted("Computer (level 10)", 10, false), "Comp. 10");
        assert_eq!(fitted("Computer (level 8)", 7, false), "Comp. 8");
    }

    #[test]
    fn names_in_a_line_are_said_shorter() {
        let names = ["Ann".to_owned(), "Computer (level 10)".to_owned()];
        assert_eq!(
            shortened_in("turn 3: Computer (level 10) (Black) to move", &names),
            "turn 3: Computer 10 (Black) to move"
        );
        assert_eq!(shortened_in("Ann to move", &names), "Ann to move");
    }

    #[test]
    fn a_long_name_is_cut_with_a_mark_and_a_short_one_kept() {
        assert_eq!(fitted("Ann", 10, false), "Ann");
        assert_eq!(fitted("Bartholomew Smith", 10, false), "Bartholom…");
        assert_eq!(fitted("Bartholomew Smith", 10, true), "Bartholom~");
        // Only the computer's own name is read as the computer's.
        assert_eq!(fitted("Computer (level x)", 12, true), "Computer (l~");
    }
}
