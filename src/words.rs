//! Saying things right in English: counts with the right plural, choices joined with "or".

/// `n` and the noun for it: `1 stone`, `2 stones`, `0 stones`.
#[must_use]
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Items joined as a choice: `a`, `a or b`, `a, b or c`.
#[must_use]
pub fn either(items: &[String]) -> String {
    join(items, "or")
}

/// Items joined as a whole: `a`, `a and b`, `a, b and c`.
#[must_use]
pub fn both(items: &[String]) -> String {
    join(items, "and")
}

fn join(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_lists_read_as_english() {
        assert_eq!(count(1, "stone", "stones"), "1 stone");
        assert_eq!(count(0, "stone", "stones"), "0 stones");
        assert_eq!(count(2, "ply", "plies"), "2 plies");
        let moves = ["c1".to_owned(), "b3".to_owned(), "a2".to_owned()];
        assert_eq!(either(&moves[..1]), "c1");
        assert_eq!(either(&moves[..2]), "c1 or b3");
        assert_eq!(either(&moves), "c1, b3 or a2");
        assert_eq!(both(&moves[..2]), "c1 and b3");
    }
}
