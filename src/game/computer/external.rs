//! An external engine as the computer: started (and its game begun) when first asked to think,
//! told each position as TPS, given its time as the game's clock or a time per move, and
//! watched: a move that is not legal, a crash or a hang is reported as a failure, never played.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{EngineFailure, Report};
use crate::engine::{Info, Limits, Score, Thought};
use crate::game::engines::EngineEntry;
use crate::notation::{parse_move, to_tps};
use crate::rules::{BoardSize, Komi, Position};
use crate::tei::transcript::Transcript;
use crate::tei::{EngineProcess, Said, Thinking};

/// How long an engine has to start and shake hands.
const STARTING: Duration = Duration::from_secs(10);
/// The time per move when neither a time nor a clock is given.
const DEFAULT_MOVETIME: Duration = Duration::from_secs(3);
/// What an engine may take beyond its time before it is given up on.
const GRACE: Duration = Duration::from_secs(5);
/// How often the stop flag is looked at while the engine thinks.
const LOOK: Duration = Duration::from_millis(50);

/// An external engine: how to start it, and the process once started.
#[derive(Debug)]
pub struct External {
    entry: EngineEntry,
    process: Option<EngineProcess>,
    /// The game the process was told of: a new one starts on any change.
    game: Option<(BoardSize, Komi)>,
    /// What is wrong with its configured options, until said.
    problems: Vec<String>,
}

impl External {
    /// The engine `entry`, not yet started.
    #[must_use]
    pub const fn new(entry: EngineEntry) -> External {
        External {
            entry,
            process: None,
            game: None,
            problems: Vec::new(),
        }
    }

    /// What is wrong with its configured options, found when it started (once: taken).
    pub fn take_problems(&mut self) -> Vec<String> {
        std::mem::take(&mut self.problems)
    }

    /// A new game: told to the engine with the next position.
    pub const fn new_game(&mut self) {
        self.game = None;
    }

    /// Starts the engine, if it is not running, and begins a game of `size` and `komi`: so a
    /// match knows before its first game that the engine plays, and no clock pays for its
    /// start. Why not, if it cannot (its process is then dropped).
    pub fn prepare(&mut self, size: BoardSize, komi: Komi) -> Result<(), EngineFailure> {
        let started = self.ready(size, komi).map(|_| ());
        if started.is_err() {
            self.process = None;
        }
        started
    }

    /// The running engine, started and its game of `size` and `komi` begun as needed.
    fn ready(&mut self, size: BoardSize, komi: Komi) -> Result<&mut EngineProcess, EngineFailure> {
        let game = (size, komi);
        if self.process.is_none() {
            let transcript = self
                .entry
                .transcript_path()
                .and_then(|path| Transcript::open(&path, &self.entry.command.to_string()));
            let mut process = EngineProcess::start_with(&self.entry.command, STARTING, transcript)?;
            for (name, value) in &self.entry.options {
                process.set_option(name, value)?;
            }
            self.problems = self.entry.option_problems(&process.options);
            self.process = Some(process);
            self.game = None;
        }
        let process = self.process.as_mut().ok_or(EngineFailure::NotRunning)?;
        if self.game != Some(game) {
            process.new_game(game.0, game.1, STARTING)?;
            self.game = Some(game);
        }
        Ok(process)
    }

    /// Thinks about `position`: reports its thinking and its move, or why it failed (and then
    /// the process is dropped, so the next move starts it afresh).
    pub(super) fn think(
        &mut self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        report: &dyn Fn(Report),
    ) {
        let name = self.entry.name.clone();
        match self.ask(position, limits, stop, report) {
            Ok(()) => {}
            Err(why) => {
                let stderr = self
                    .process
                    .take()
                    .map(|process| process.stderr())
                    .unwrap_or_default();
                let logged = log_failure(&name, &why, &stderr).map_or_else(String::new, |path| {
                    format!(" (logged in {})", path.display())
                });
                report(Report::Failed(format!("{name}: {why}{logged}")));
            }
        }
    }

    fn ask(
        &mut self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        report: &dyn Fn(Report),
    ) -> Result<(), EngineFailure> {
        let (go, budget) = go_words(position, limits);
        let game = (position.size(), position.config().komi());
        let was_ready = self.process.is_some() && self.game == Some(game);
        let starting = Instant::now();
        let process = self.ready(game.0, game.1)?;
        if !was_ready {
            report(Report::Started(starting.elapsed()));
        }
        process.go(&format!("tps {}", to_tps(position)), &go)?;
        let deadline = Instant::now() + budget + GRACE;
        let taktui_cp = process.name.starts_with("taktui");
        let mut latest = Info {
            depth: 0,
            score: Score::Centiflats(0),
            nodes: 0,
            pv: Vec::new(),
        };
        loop {
            if stop.load(Ordering::Relaxed) {
                // Asked to stop: the engine's move, whenever it comes, is not wanted.
                let _ = process.stop();
                let _ = process.listen_for(Duration::from_secs(1));
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(EngineFailure::NoMove {
                    waited: budget + GRACE,
                    budget,
                });
            }
            for said in process.listen_for(LOOK)? {
                match said {
                    Said::Thinking(thinking) => {
                        latest = info_of(&thinking, position, &latest, taktui_cp);
                        report(Report::Progress(latest.clone()));
                    }
                    Said::Move(text) => {
                        let mv = match parse_move(&text, position.size()) {
                            Ok(mv) => mv,
                            Err(error) => return Err(EngineFailure::NotAMove { text, error }),
                        };
                        position
                            .check(mv)
                            .map_err(|error| EngineFailure::Illegal { mv, error })?;
                        report(Report::Done(Thought {
                            best: Some(mv),
                            info: latest,
                        }));
                        return Ok(());
                    }
                }
            }
        }
    }
}

/// Appends what went wrong, and the engine's last lines on stderr, to `engines.log` in the data
/// folder, for a closer look later. Returns the log's path when written.
fn log_failure(name: &str, why: &EngineFailure, stderr: &[String]) -> Option<std::path::PathBuf> {
    use std::io::Write as _;
    let dir = crate::game::store::data_dir()?.join("logs");
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join("engines.log");
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .ok()?;
    let stamp = crate::record::Stamp::now();
    let mut text = format!("{} {} {name}: {why}\n", stamp.date(), stamp.time());
    for line in stderr {
        text.push_str("    stderr: ");
        text.push_str(line);
        text.push('\n');
    }
    file.write_all(text.as_bytes()).ok()?;
    Some(path)
}

/// The `go` words for `limits`, and the time the engine is given.
fn go_words(position: &Position, limits: &Limits) -> (String, Duration) {
    if let Some(clock) = limits.clock {
        let (w, b, winc, binc) = match position.to_move() {
            crate::rules::Color::White => (
                clock.mine,
                clock.theirs,
                clock.my_increment,
                clock.their_increment,
            ),
            crate::rules::Color::Black => (
                clock.theirs,
                clock.mine,
                clock.their_increment,
                clock.my_increment,
            ),
        };
        let words = format!(
            "wtime {} btime {} winc {} binc {}",
            w.as_millis(),
            b.as_millis(),
            winc.as_millis(),
            binc.as_millis()
        );
        return (words, clock.mine);
    }
    let movetime = limits.movetime.unwrap_or(DEFAULT_MOVETIME);
    (format!("movetime {}", movetime.as_millis()), movetime)
}

/// `score mate N` as a score: a win in `N` moves is `2N - 1` plies (the mover's last ply
/// wins), a loss in `N` moves `2N` plies.
fn mate(moves: i32) -> Score {
    if moves > 0 {
        Score::WinIn(moves.unsigned_abs() * 2 - 1)
    } else {
        Score::LossIn(moves.unsigned_abs() * 2)
    }
}

/// The engine's thinking as an [`Info`]: its line's moves that read on this board, its score
/// in centiflats (or its chances, made into centiflats), or the win or loss it sees. taktui's
/// own engine (`taktui_cp`: its `id name` is taktui's) says a road in N plies as
/// `score cp ±(20000 - N)`, which reads back as the road.
fn info_of(thinking: &Thinking, position: &Position, earlier: &Info, taktui_cp: bool) -> Info {
    let pv = thinking
        .pv
        .iter()
        .map_while(|text| parse_move(text, position.size()).ok())
        .collect();
    let score = thinking.mate.map(mate).or_else(|| {
        thinking
            .centiflats
            .or_else(|| {
                thinking
                    .wdl
                    .map(|(w, _, l)| (i64::from(w) - i64::from(l)).clamp(-1000, 1000) as i32)
            })
            .map(|cp| {
                if taktui_cp {
                    Score::from_centiflats(cp)
                } else {
                    Score::Centiflats(cp)
                }
            })
    });
    let score = score.unwrap_or(earlier.score);
    Info {
        depth: thinking.depth.unwrap_or(earlier.depth),
        score,
        nodes: thinking.nodes.unwrap_or(earlier.nodes),
        pv,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameConfig;

    fn heard(line: &str) -> Info {
        heard_from(line, false)
    }

    /// `line` as heard from taktui's engine (`taktui`) or another.
    fn heard_from(line: &str, taktui: bool) -> Info {
        let crate::tei::Heard::Info(thinking) = crate::tei::Heard::parse(line) else {
            panic!("{line} is an info line");
        };
        let position = Position::new(GameConfig::new(BoardSize::new(5).unwrap()));
        let earlier = Info {
            depth: 0,
            score: Score::Centiflats(0),
            nodes: 0,
            pv: Vec::new(),
        };
        info_of(&thinking, &position, &earlier, taktui)
    }

    #[test]
    fn taktuis_own_road_scores_read_back_as_roads() {
        let line = "info depth 2 score cp -19998 pv a1";
        assert_eq!(heard_from(line, true).score, Score::LossIn(2));
        assert_eq!(
            heard_from("info score cp 19999", true).score,
            Score::WinIn(1)
        );
        assert_eq!(
            heard_from("info score cp 117", true).score,
            Score::Centiflats(117)
        );
        // Another engine's number is its own.
        assert_eq!(heard_from(line, false).score, Score::Centiflats(-19_998));
    }

    #[test]
    fn an_engines_mate_score_is_a_win_or_a_loss_in_plies() {
        assert_eq!(
            heard("info depth 3 score mate 2 pv a1").score,
            Score::WinIn(3)
        );
        assert_eq!(heard("info depth 3 score mate -1").score, Score::LossIn(2));
        assert_eq!(
            heard("info depth 3 score cp 42").score,
            Score::Centiflats(42)
        );
        assert_eq!(
            heard("info depth 3 score wdl 700 0 300").score,
            Score::Centiflats(400)
        );
    }
}
