//! What an engine says, read from one line each: its name, its options, the sizes and komi it
//! plays, its thinking (`info`) and its move (`bestmove`). Reading is lenient, as the protocol
//! asks: unknown words are skipped, and a line that makes no sense is [`Heard::Other`].

use super::option::EngineOption;

/// One line from an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// `id name ...` or `id author ...`.
    Id {
        /// `name` or `author`.
        field: String,
        /// The rest of the line.
        value: String,
    },
    /// `option name N type T ...`: an option the engine takes.
    Option(EngineOption),
    /// `size 3 4 5 ... [halfkomi ...]`: the sizes (and komi) it plays, announced by newer
    /// engines.
    Sizes {
        /// The sizes.
        sizes: Vec<u8>,
        /// The half komi it plays, when it names komi at all.
        half_komi: Option<Vec<i16>>,
    },
    /// `teiok`: the handshake is over.
    TeiOk,
    /// `readyok`.
    ReadyOk,
    /// `info ...`: what it thinks so far.
    Info(Thinking),
    /// `bestmove MOVE`.
    BestMove(String),
    /// Anything else (`info string`, blank lines, chatter).
    Other(String),
}

/// An engine's thinking, as far as its `info` line tells it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    /// Plies searched.
    pub depth: Option<u32>,
    /// Its score for the side to move, in centiflats (`score cp`), when given so.
    pub centiflats: Option<i32>,
    /// A forced win for the side to move in this many moves, or a forced loss in minus this
    /// many (`score mate N`, as UCI engines say it).
    pub mate: Option<i32>,
    /// Its chances for the side to move, in thousandths: win, draw, loss (`score wdl`).
    pub wdl: Option<(u32, u32, u32)>,
    /// Positions visited.
    pub nodes: Option<u64>,
    /// The best line, moves in PTN.
    pub pv: Vec<String>,
}

impl Heard {
    /// Reads one line.
    #[must_use]
    pub fn parse(line: &str) -> Heard {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["id", field, rest @ ..] => Heard::Id {
                field: field.to_ascii_lowercase(),
                value: rest.join(" "),
            },
            ["option", "name", _, ..] => match EngineOption::parse(&words) {
                Some(option) => Heard::Option(option),
                None => Heard::Other(line.to_owned()),
            },
            ["size", rest @ ..] => {
                let komi = rest.iter().position(|w| w.eq_ignore_ascii_case("halfkomi"));
                Heard::Sizes {
                    sizes: rest[..komi.unwrap_or(rest.len())]
                        .iter()
                        .filter_map(|w| w.parse().ok())
                        .collect(),
                    half_komi: komi.map(|at| {
                        rest[at + 1..]
                            .iter()
                            .filter_map(|w| w.parse().ok())
                            .collect()
                    }),
                }
            }
            ["teiok"] => Heard::TeiOk,
            ["readyok"] => Heard::ReadyOk,
            ["bestmove", mv, ..] => Heard::BestMove((*mv).to_owned()),
            // No move at all is a move that cannot be read, not a line to wait past.
            ["bestmove"] => Heard::BestMove(String::new()),
            // `info string` is chatter; an `option` line without a name says nothing usable.
            ["info", rest @ ..] if rest.first() != Some(&"string") => Heard::Info(thinking(rest)),
            _ => Heard::Other(line.to_owned()),
        }
    }
}

/// The fields of an `info` line.
fn thinking(words: &[&str]) -> Thinking {
    let mut thinking = Thinking::default();
    let mut i = 0;
    while i < words.len() {
        let next = |n: usize| words.get(i + n).copied().unwrap_or_default();
        match words[i] {
            "depth" => thinking.depth = next(1).parse().ok(),
            "nodes" => thinking.nodes = next(1).parse().ok(),
            "score" => match next(1) {
                "cp" => thinking.centiflats = next(2).parse().ok(),
                "mate" => thinking.mate = next(2).parse().ok(),
                "wdl" => {
                    let part = |n: usize| next(n).parse::<u32>().ok();
                    thinking.wdl = part(2)
                        .zip(part(3))
                        .zip(part(4))
                        .map(|((w, d), l)| (w, d, l));
                }
                _ => {}
            },
            "pv" => {
                thinking.pv = words[i + 1..].iter().map(|w| (*w).to_owned()).collect();
                break;
            }
            _ => {}
        }
        i += 1;
    }
    thinking
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tei::option::OptionKind;

    #[test]
    fn what_engines_say_is_read() {
        assert_eq!(
            Heard::parse("id name Tiltak 0.9"),
            Heard::Id {
                field: "name".into(),
                value: "Tiltak 0.9".into()
            }
        );
        assert_eq!(
            Heard::parse("option name HalfKomi type spin default 0 min -10 max 10"),
            Heard::Option(EngineOption {
                name: "HalfKomi".into(),
                kind: OptionKind::Spin {
                    min: Some(-10),
                    max: Some(10)
                }
            })
        );
        assert_eq!(
            Heard::parse("size 4 5 6 halfkomi 0 4"),
            Heard::Sizes {
                sizes: vec![4, 5, 6],
                half_komi: Some(vec![0, 4])
            }
        );
        assert_eq!(Heard::parse("teiok"), Heard::TeiOk);
        assert_eq!(Heard::parse("bestmove"), Heard::BestMove(String::new()));
        assert_eq!(
            Heard::parse("bestmove 3c3>12"),
            Heard::BestMove("3c3>12".into())
        );
        let Heard::Info(info) =
            Heard::parse("info depth 7 seldepth 9 score cp -35 nodes 12345 nps 1 pv c3 d4 Sc2")
        else {
            panic!("an info line")
        };
        assert_eq!(info.depth, Some(7));
        assert_eq!(info.centiflats, Some(-35));
        assert_eq!(info.nodes, Some(12345));
        assert_eq!(info.pv, ["c3", "d4", "Sc2"]);
        let Heard::Info(info) = Heard::parse("info depth 3 score wdl 600 100 300") else {
            panic!("an info line")
        };
        assert_eq!(info.wdl, Some((600, 100, 300)));
        let Heard::Info(info) = Heard::parse("info depth 5 score mate -2 pv a1") else {
            panic!("an info line")
        };
        assert_eq!((info.mate, info.centiflats), (Some(-2), None));
        assert!(matches!(Heard::parse("info string hello"), Heard::Other(_)));
        assert!(matches!(Heard::parse("@@@ garbage"), Heard::Other(_)));
    }
}
