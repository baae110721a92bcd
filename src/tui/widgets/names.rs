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
    fn a_long_name_is_cut_with_a_mark_and_a_short_one_kept() {
        assert_eq!(fitted("Ann", 10, false), "Ann");
        assert_eq!(fitted("Bartholomew Smith", 10, false), "Bartholom…");
        assert_eq!(fitted("Bartholomew Smith", 10, true), "Bartholom~");
        // Only the computer's own name is read as the computer's.
        assert_eq!(fitted("Computer (level x)", 12, true), "Computer (l~");
    }
}
