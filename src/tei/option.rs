//! An option an engine offers in its handshake (`option name Level type spin default 10 min 1
//! max 10`), and whether a value configured for it is one it takes: engines ignore a value
//! they cannot use without a word, so `tak engines` says so instead.

/// What values an option takes, as its `type` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number, within `min` and `max` when the engine gives them.
    Spin {
        /// The least it takes.
        min: Option<i64>,
        /// The most it takes.
        max: Option<i64>,
    },
    /// `true` or `false`.
    Check,
    /// One of a list (`var` words).
    Combo(Vec<String>),
    /// Any text.
    Text,
    /// No value: the option is an action (`setoption name Clear Hash`).
    Button,
    /// A type the protocol does not name: any value is passed on.
    Unknown,
}

/// An option an engine offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// Its name (names may hold spaces).
    pub name: String,
    /// What it takes.
    pub kind: OptionKind,
}

impl EngineOption {
    /// Reads the words of an `option` line, `option` first; `None` without a name.
    #[must_use]
    pub fn parse(words: &[&str]) -> Option<EngineOption> {
        let name_at = words.iter().position(|w| *w == "name")? + 1;
        let type_at = words.iter().skip(name_at).position(|w| *w == "type");
        let name_end = type_at.map_or(words.len(), |i| name_at + i);
        let name = words[name_at..name_end].join(" ");
        if name.is_empty() {
            return None;
        }
        let rest = &words[name_end..];
        // The word after a keyword, e.g. `min` → `1`.
        let after = |key: &str| {
            rest.iter()
                .position(|w| *w == key)
                .and_then(|i| rest.get(i + 1))
        };
        let kind = match after("type").map(|t| t.to_ascii_lowercase()).as_deref() {
            Some("spin") => OptionKind::Spin {
                min: after("min").and_then(|w| w.parse().ok()),
                max: after("max").and_then(|w| w.parse().ok()),
            },
            Some("check") => OptionKind::Check,
            Some("combo") => OptionKind::Combo(
                rest.windows(2)
                    .filter(|pair| pair[0] == "var")
                    .map(|pair| pair[1].to_owned())
                    .collect(),
            ),
            Some("string") => OptionKind::Text,
            Some("button") => OptionKind::Button,
            _ => OptionKind::Unknown,
        };
        Some(EngineOption { name, kind })
    }

    /// Why the engine will not take `value` for this option, if it will not: what it takes.
    #[must_use]
    pub fn refuses(&self, value: &str) -> Option<String> {
        let value = value.trim();
        match &self.kind {
            OptionKind::Spin { min, max } => {
                let within = match (min, max) {
                    (Some(min), Some(max)) => format!(" from {min} to {max}"),
                    (Some(min), None) => format!(" of {min} or more"),
                    (None, Some(max)) => format!(" up to {max}"),
                    (None, None) => String::new(),
                };
                let taken = value
                    .parse::<i64>()
                    .ok()
                    .filter(|n| min.is_none_or(|min| *n >= min) && max.is_none_or(|max| *n <= max));
                taken.is_none().then(|| format!("a whole number{within}"))
            }
            OptionKind::Check => {
                (!["true", "false"].contains(&value)).then(|| "true or false".to_owned())
            }
            OptionKind::Combo(vars) if !vars.is_empty() => {
                (!vars.iter().any(|var| var.eq_ignore_ascii_case(value)))
                    .then(|| format!("one of {}", vars.join(", ")))
            }
            OptionKind::Button => {
                (!value.is_empty()).then(|| "no value (it is a button)".to_owned())
            }
            OptionKind::Combo(_) | OptionKind::Text | OptionKind::Unknown => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(line: &str) -> EngineOption {
        let words: Vec<&str> = line.split_whitespace().collect();
        EngineOption::parse(&words).expect("an option")
    }

    #[test]
    fn options_are_read_with_what_they_take() {
        let level = option("option name Level type spin default 10 min 1 max 10");
        assert_eq!(level.name, "Level");
        assert_eq!(
            level.kind,
            OptionKind::Spin {
                min: Some(1),
                max: Some(10)
            }
        );
        let clear = option("option name Clear Hash type button");
        assert_eq!(
            (clear.name.as_str(), clear.kind),
            ("Clear Hash", OptionKind::Button)
        );
        assert_eq!(
            option("option name Style type combo default Calm var Calm var Wild").kind,
            OptionKind::Combo(vec!["Calm".into(), "Wild".into()])
        );
        assert_eq!(option("option name Book").kind, OptionKind::Unknown);
        assert_eq!(EngineOption::parse(&["option", "name"]), None);
    }

    #[test]
    fn a_value_the_engine_cannot_use_is_named_with_what_it_takes() {
        let level = option("option name Level type spin default 10 min 1 max 10");
        assert_eq!(level.refuses("3"), None);
        assert_eq!(
            level.refuses("abc").as_deref(),
            Some("a whole number from 1 to 10")
        );
        assert_eq!(
            level.refuses("11").as_deref(),
            Some("a whole number from 1 to 10")
        );
        let ponder = option("option name Ponder type check default false");
        assert_eq!(ponder.refuses("true"), None);
        assert_eq!(ponder.refuses("yes").as_deref(), Some("true or false"));
        let style = option("option name Style type combo default Calm var Calm var Wild");
        assert_eq!(style.refuses("wild"), None);
        assert_eq!(style.refuses("Mad").as_deref(), Some("one of Calm, Wild"));
        let path = option("option name Book type string default <empty>");
        assert_eq!(path.refuses("anything at all"), None);
    }
}
