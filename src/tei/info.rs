//! The engine's reports as TEI `info` lines.

use std::fmt::Write as _;
use std::time::Duration;

use crate::engine::Info;

/// `info depth D time T nodes N nps R score cp S pv ...` (no `nps` at time 0): the score always in centiflats, wins
/// and losses far beyond any evaluation (±20000 less the plies), since that is what
/// tournament runners read.
#[must_use]
pub fn line(info: &Info, elapsed: Duration) -> String {
    let millis = elapsed.as_millis();
    let mut line = format!(
        "info depth {} time {millis} nodes {}",
        info.depth, info.nodes
    );
    // Under a millisecond there is no rate to speak of.
    if let Some(nps) = (u128::from(info.nodes) * 1000).checked_div(millis) {
        let _ = write!(line, " nps {nps}");
    }
    let _ = write!(line, " score cp {}", info.score.centiflats());
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            let _ = write!(line, " {mv}");
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Score;

    #[test]
    fn writes_an_info_line() {
        let info = Info {
            depth: 3,
            score: Score::Centiflats(-42),
            nodes: 5000,
            pv: vec!["c3".parse().unwrap(), "3b2>12".parse().unwrap()],
        };
        assert_eq!(
            line(&info, Duration::from_millis(500)),
            "info depth 3 time 500 nodes 5000 nps 10000 score cp -42 pv c3 3b2>12"
        );
        assert_eq!(
            line(&info, Duration::from_micros(300)),
            "info depth 3 time 0 nodes 5000 score cp -42 pv c3 3b2>12"
        );
    }
}
