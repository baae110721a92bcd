//! TEI, the Tak Engine Interface, both ways: `tak tei` serves taktui's engine to tournament
//! runners (racetrack) and analysis boards, and [`client`] drives other engines.
//!
//! TEI is UCI with `tei` for `uci`, PTN moves and TPS positions. A session goes:
//!
//! ```text
//! >> tei
//! << id name taktui 0.1.0
//! << id author the taktui authors
//! << size 3 4 5 6 7 8 halfkomi -12 ... 12
//! << option name HalfKomi type spin default 0 min -12 max 12
//! << option name Hash type spin default 64 min 1 max 4096
//! << option name Level type spin default 10 min 1 max 10
//! << option name Threads type spin default 2 min 1 max 8
//! << option name Weights type string default <empty>
//! << teiok
//! >> setoption name HalfKomi value 4
//! >> teinewgame 6                      (or: teinewgame size 6 halfkomi 4)
//! >> isready
//! << readyok
//! >> position startpos moves a1 f6
//! >> go wtime 60000 btime 60000 winc 1000 binc 1000
//! << info depth 1 time 0 nodes 40 nps 400000 score cp 12 pv c3
//! << ...
//! << bestmove c3
//! >> quit
//! ```
//!
//! The search runs on a thread of its own while this loop goes on reading, so `stop`,
//! `isready` and `quit` are answered during a search. Lines the protocol does not know, or
//! cannot use (a bad TPS, an illegal move, a line that is not UTF-8 or is over 64 KiB), are
//! answered with `info string ...`, quoting 32 characters at most, and the session goes on; a
//! `go` that cannot search (no position, a limit that cannot be read, no game since a
//! `teinewgame` was refused) also gets `bestmove --` at once, so no controller waits for an
//! answer that never comes (after `stop` for `go infinite`, which UCI answers only then).
//!
//! The end of the input is `quit`: a search running is stopped at once (its `bestmove`, the
//! best so far, still written), so a controller that dies never leaves this process thinking.
//! A script that pipes commands in waits before closing: `(echo go depth 5; sleep 2) | tak tei`.

pub mod client;
mod command;
pub mod guard;
pub mod heard;
mod info;
mod limits;
pub mod lines;
pub mod option;
pub mod transcript;

pub use client::{EngineCommand, EngineError, EngineProcess, Said};
pub use command::{Command, Go};
pub use heard::{Heard, Thinking};

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::thread;
use std::time::Instant;

use crate::engine::{Control, Engine, Info, Level, Weights, zobrist};
use crate::notation::{Tps, clip, parse_move};
use crate::rules::{BoardSize, GameConfig, Komi, Position};

/// The hash table size when no `Hash` option is given, in MiB.
pub const DEFAULT_HASH_MIB: usize = 64;

/// The threads a search runs on when no `Threads` option is given: two if the machine has
/// two cores or more (issue 31), else one.
#[must_use]
pub fn default_threads() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get().min(2))
}
const MAX_HASH_MIB: usize = 4096;
/// The most threads a search may run on (the `Threads` option's maximum).
const MAX_THREADS: usize = Engine::MAX_THREADS;
/// The half komi the engine plays, as announced: -6 to 6 flats.
const MAX_HALF_KOMI: i16 = 12;

/// What the main loop hears about: lines from the controller, and the search thread's output.
enum Event {
    /// A line read, as a command.
    Command(Command),
    Eof,
    Output(String),
    /// The search ended: the engine back, and the last lines of its answer. They come with the
    /// engine so that a controller who reads `bestmove` finds the engine free for its next
    /// command.
    Done(Engine, Vec<String>),
}

/// Runs a TEI session: reads commands from `input` until `quit` or its end, writes the
/// engine's side to `out`. Only this thread writes to `out`.
/// The engine evaluates with `weights` until the `Weights` option changes some of them, and
/// plays at `level` until the `Level` option changes it, and searches on `threads` threads
/// (at full strength only, see `Server::threads`) until the `Threads` option changes it.
pub fn serve(
    input: impl BufRead + Send + 'static,
    out: &mut impl Write,
    hash_mib: usize,
    weights: Weights,
    level: Level,
    threads: usize,
) -> io::Result<()> {
    // Bounded, as lines are (see `lines`): a controller that floods its input waits for the
    // session to read it, and a line of 200 MB costs what its first 64 KiB do.
    let (sender, events) = mpsc::sync_channel(lines::QUEUED_LINES);
    let reader = sender.clone();
    thread::spawn(move || {
        let mut input = input;
        while let Ok(Some(raw)) = lines::read_line(&mut input, lines::MAX_LINE_BYTES) {
            // A line that cannot be read is answered, and the session goes on.
            let command = match (raw.text(), raw.refusal()) {
                (Some(text), _) => Command::parse(text),
                (None, why) => Command::unreadable(&raw.bytes, why.unwrap_or_default()),
            };
            if reader.send(Event::Command(command)).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Eof);
    });
    let mut server = Server::new(hash_mib, weights, sender);
    server.level = level;
    server.threads = threads.clamp(1, MAX_THREADS);
    server.run(&events, out)
}

/// The session's state between commands.
struct Server {
    engine: Option<Engine>,
    /// The flag of the running search, if one runs.
    searching: Option<Arc<AtomicBool>>,
    /// Commands that wait for the running search to end (they need the engine).
    pending: VecDeque<Command>,
    quitting: bool,
    config: GameConfig,
    position: Option<Position>,
    level: Level,
    /// The threads a search at full strength runs on. The levels below search on one, so
    /// that their play stays repeatable (those that count nodes) and as weak as described.
    threads: usize,
    /// Why no game is played, after a `teinewgame` that was refused: `go` is refused too
    /// until a game is begun that can be played (it would search the game before).
    no_game: Option<String>,
    sender: SyncSender<Event>,
    /// The weights the session started with: the `Weights` option changes these.
    weights: Weights,
}

impl Server {
    fn new(hash_mib: usize, weights: Weights, sender: SyncSender<Event>) -> Server {
        Server {
            engine: Some(Engine::with_weights(
                hash_mib.clamp(1, MAX_HASH_MIB),
                weights.clone(),
            )),
            weights,
            searching: None,
            pending: VecDeque::new(),
            quitting: false,
            config: GameConfig::new(BoardSize::new(5).expect("5 is a board size")),
            position: None,
            level: Level::MAX,
            threads: default_threads(),
            no_game: None,
            sender,
        }
    }

    fn run(mut self, events: &Receiver<Event>, out: &mut impl Write) -> io::Result<()> {
        for event in events {
            let mut replies = Vec::new();
            match event {
                Event::Command(command) => {
                    if self.searching.is_some() || !self.pending.is_empty() {
                        self.during_search(command, &mut replies);
                    } else {
                        self.command(command, &mut replies);
                    }
                }
                Event::Eof => {
                    // The controller is gone: as `quit` (as UCI engines take it), so a runner
                    // that dies mid-search never leaves this process thinking.
                    self.quitting = true;
                    self.pending.clear();
                    self.stop();
                }
                Event::Output(line) => replies.push(line),
                Event::Done(engine, last) => {
                    self.engine = Some(engine);
                    self.searching = None;
                    replies.extend(last);
                    while self.searching.is_none()
                        && let Some(command) = self.pending.pop_front()
                    {
                        self.command(command, &mut replies);
                    }
                }
            }
            for line in replies {
                writeln!(out, "{line}")?;
            }
            out.flush()?;
            if self.quitting && self.searching.is_none() && self.pending.is_empty() {
                return Ok(());
            }
        }
        Ok(())
    }

    fn stop(&self) {
        if let Some(stop) = &self.searching {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// A command while a search runs: some are answered now, the rest wait for its end.
    fn during_search(&mut self, command: Command, replies: &mut Vec<String>) {
        match command {
            Command::IsReady => replies.push("readyok".to_owned()),
            Command::Stop => self.stop(),
            Command::Quit => {
                // Quit means now: what waited is dropped with the search.
                self.quitting = true;
                self.pending.clear();
                self.stop();
            }
            Command::Nothing => {}
            other => self.pending.push_back(other),
        }
    }

    fn command(&mut self, command: Command, replies: &mut Vec<String>) {
        match command {
            Command::Tei => identify(replies),
            Command::IsReady => replies.push("readyok".to_owned()),
            Command::SetOption { name, value } => self.set_option(&name, value, replies),
            Command::NewGame { size, komi } => self.new_game(size, komi, replies),
            Command::Position { tps, moves } => self.set_position(tps.as_deref(), &moves, replies),
            Command::Go(go) => self.go(&go, replies),
            Command::BadGo(why) => {
                replies.push(format!("info string {why}"));
                replies.push("bestmove --".to_owned());
            }
            Command::BadPosition(why) => {
                self.position = None;
                replies.push(format!("info string {why}"));
            }
            Command::BadNewGame(why) => {
                self.position = None;
                replies.push(format!("info string {why}"));
                self.no_game = Some(why);
            }
            Command::Stop | Command::Nothing => {}
            Command::Quit => self.quitting = true,
            Command::Unknown(why) => replies.push(format!("info string {why}")),
        }
    }

    fn set_option(&mut self, name: &str, value: Option<String>, replies: &mut Vec<String>) {
        let number = value.as_deref().and_then(|v| v.trim().parse::<i64>().ok());
        match (name, number) {
            ("halfkomi", Some(halves)) => match half_komi(halves) {
                Ok(komi) => self.config = self.config.with_komi(komi),
                Err(why) => replies.push(format!("info string {why}")),
            },
            ("hash", Some(mib)) => {
                let taken =
                    usize::try_from(mib.max(1)).map_or(MAX_HASH_MIB, |m| m.min(MAX_HASH_MIB));
                if usize::try_from(mib).ok() != Some(taken) {
                    replies.push(format!(
                        "info string Hash is 1 to {MAX_HASH_MIB} MiB, not {mib}: {taken} it is"
                    ));
                }
                let mib = taken;
                if let Some(engine) = &mut self.engine {
                    engine.set_hash(mib);
                }
            }
            ("threads", Some(n)) => {
                let taken = usize::try_from(n.max(1)).map_or(MAX_THREADS, |t| t.min(MAX_THREADS));
                if usize::try_from(n).ok() != Some(taken) {
                    replies.push(format!(
                        "info string Threads is 1 to {MAX_THREADS}, not {n}: {taken} it is"
                    ));
                }
                self.threads = taken;
            }
            ("level", Some(n)) => match u8::try_from(n).ok().and_then(Level::new) {
                Some(level) => self.level = level,
                None => replies.push(format!("info string levels are 1 to 10, not {n}")),
            },
            ("weights", _) => {
                if let Some(engine) = &mut self.engine {
                    let mut weights = self.weights.clone();
                    match weights.set(value.as_deref().unwrap_or_default()) {
                        Ok(()) => engine.set_weights(weights),
                        Err(error) => replies.push(format!("info string weights: {error}")),
                    }
                }
            }
            ("halfkomi" | "hash" | "level" | "threads", _) => replies.push(format!(
                "info string option {name} needs a whole number, not {:?}",
                clip(&value.unwrap_or_default())
            )),
            _ => replies.push(format!("info string unknown option {:?}", clip(name))),
        }
    }

    fn new_game(&mut self, size: Option<u8>, komi: Option<Komi>, replies: &mut Vec<String>) {
        let mut refused = Vec::new();
        if let Some(n) = size {
            match BoardSize::new(n) {
                Ok(size) => self.config = GameConfig::new(size).with_komi(self.config.komi()),
                Err(error) => refused.push(error.to_string()),
            }
        }
        if let Some(komi) = komi {
            match half_komi(komi.halves().into()) {
                Ok(komi) => self.config = self.config.with_komi(komi),
                Err(why) => refused.push(why),
            }
        }
        for why in &refused {
            replies.push(format!("info string {why}"));
        }
        self.no_game = (!refused.is_empty()).then(|| refused.join("; "));
        self.position = None;
        if let Some(engine) = &mut self.engine {
            engine.new_game();
        }
    }

    fn set_position(&mut self, tps: Option<&str>, moves: &[String], replies: &mut Vec<String>) {
        self.position = None;
        let start = match tps {
            None => Position::new(self.config),
            Some(text) => {
                let read = text.parse::<Tps>().and_then(|tps| {
                    tps.to_position(GameConfig::new(tps.size()).with_komi(self.config.komi()))
                });
                match read {
                    Ok(position) => position,
                    Err(error) => {
                        replies.push(format!("info string bad TPS {:?}: {error}", clip(text)));
                        return;
                    }
                }
            }
        };
        let mut position = start;
        for text in moves {
            let played = parse_move(text, position.size())
                .map_err(|e| e.to_string())
                .and_then(|mv| {
                    position
                        .play(mv)
                        .map_err(|e| format!("{}: {e}", clip(text)))
                });
            if let Err(error) = played {
                replies.push(format!("info string bad move in position: {error}"));
                return;
            }
        }
        self.position = Some(position);
    }

    /// A "search" with nothing to search, for `go infinite` without a position or on a
    /// finished one: it ends, with `bestmove --`, when stopped (by `stop`, `quit` or the end
    /// of the input).
    fn await_stop(&mut self) {
        let engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(DEFAULT_HASH_MIB));
        let stop = Arc::new(AtomicBool::new(false));
        self.searching = Some(Arc::clone(&stop));
        let sender = self.sender.clone();
        thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                thread::sleep(std::time::Duration::from_millis(5));
            }
            let _ = sender.send(Event::Done(engine, vec!["bestmove --".to_owned()]));
        });
    }

    fn go(&mut self, go: &Go, replies: &mut Vec<String>) {
        if let Some(why) = &self.no_game {
            replies.push(format!(
                "info string no game to play: the last teinewgame was refused ({why}); \
                 begin one this engine plays"
            ));
            if go.infinite {
                self.await_stop();
            } else {
                replies.push("bestmove --".to_owned());
            }
            return;
        }
        let Some(position) = self.position.clone() else {
            replies.push("info string go without a position: send position first".to_owned());
            if go.infinite {
                self.await_stop();
            } else {
                replies.push("bestmove --".to_owned());
            }
            return;
        };
        if position.is_over() {
            replies.push("info string the game is over in this position: no move".to_owned());
            if go.infinite {
                // `go infinite` is answered only after `stop`, whatever the position.
                self.await_stop();
            } else {
                replies.push("bestmove --".to_owned());
            }
            return;
        }
        // Commands that need the engine wait while it searches, so it is here.
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(DEFAULT_HASH_MIB));
        engine.set_threads(if self.level == Level::MAX {
            self.threads
        } else {
            1
        });
        let seed = zobrist::hash(&position);
        let limits = limits::limits(go, position.to_move(), self.level, seed);
        let stop = Arc::new(AtomicBool::new(false));
        self.searching = Some(Arc::clone(&stop));
        let sender = self.sender.clone();
        thread::spawn(move || {
            let start = Instant::now();
            let elapsed = move || start.elapsed();
            let control = Control {
                stop: &stop,
                elapsed: &elapsed,
            };
            let mut reported = None;
            let thought = engine.think(&position, &limits, &control, &mut |report| {
                let _ = sender.send(Event::Output(info::line(report, start.elapsed())));
                reported = Some(report.clone());
            });
            let best = thought
                .best
                .map_or_else(|| "--".to_owned(), |mv| mv.to_string());
            let mut last = Vec::new();
            // The search's last word, unless it was its last report already (with more than
            // one thread the count of nodes may have grown since: the helpers' last nodes).
            let said = |info: &Info| {
                (info.depth, info.score, &info.pv)
                    == (thought.info.depth, thought.info.score, &thought.info.pv)
            };
            if !reported.as_ref().is_some_and(said) {
                last.push(info::line(&thought.info, start.elapsed()));
            }
            last.push(format!("bestmove {best}"));
            let _ = sender.send(Event::Done(engine, last));
        });
    }
}

/// The komi of `halves` half flats, if the engine plays it (as it announces).
fn half_komi(halves: i64) -> Result<Komi, String> {
    i16::try_from(halves)
        .ok()
        .filter(|h| h.abs() <= MAX_HALF_KOMI)
        .and_then(|h| Komi::from_halves(h).ok())
        .ok_or_else(|| {
            format!("half komi {halves} is out of range: -{MAX_HALF_KOMI} to {MAX_HALF_KOMI}")
        })
}

/// The answer to `tei`.
fn identify(replies: &mut Vec<String>) {
    replies.push(format!("id name taktui {}", env!("CARGO_PKG_VERSION")));
    replies.push("id author the taktui authors".to_owned());
    let halves: Vec<String> = (-MAX_HALF_KOMI..=MAX_HALF_KOMI)
        .map(|k| k.to_string())
        .collect();
    replies.push(format!("size 3 4 5 6 7 8 halfkomi {}", halves.join(" ")));
    replies.push(format!(
        "option name HalfKomi type spin default 0 min -{MAX_HALF_KOMI} max {MAX_HALF_KOMI}"
    ));
    replies.push(format!(
        "option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"
    ));
    replies.push("option name Level type spin default 10 min 1 max 10".to_owned());
    replies.push(format!(
        "option name Threads type spin default {} min 1 max {MAX_THREADS}",
        default_threads()
    ));
    // Evaluation weights over the defaults, as `name=value ...`: for tuning runs.
    replies.push("option name Weights type string default <empty>".to_owned());
    replies.push("teiok".to_owned());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server() -> Server {
        let (sender, _events) = mpsc::sync_channel(1);
        Server::new(DEFAULT_HASH_MIB, Weights::default(), sender)
    }

    #[test]
    fn threads_are_announced_and_taken() {
        let mut server = server();
        let mut replies = Vec::new();
        server.command(Command::parse("tei"), &mut replies);
        let announced = format!(
            "option name Threads type spin default {} min 1 max 8",
            default_threads()
        );
        assert!(replies.contains(&announced), "{replies:?}");
        assert_eq!(server.threads, default_threads());
        replies.clear();
        server.command(
            Command::parse("setoption name Threads value 3"),
            &mut replies,
        );
        assert_eq!((server.threads, replies.len()), (3, 0), "{replies:?}");
        server.command(
            Command::parse("setoption name threads value 20"),
            &mut replies,
        );
        assert_eq!(server.threads, 8);
        assert_eq!(replies, ["info string Threads is 1 to 8, not 20: 8 it is"]);
        replies.clear();
        server.command(
            Command::parse("setoption name Threads value two"),
            &mut replies,
        );
        assert_eq!(server.threads, 8);
        assert_eq!(replies.len(), 1, "a number is needed: {replies:?}");
    }

    #[test]
    fn the_weights_option_changes_the_session_s_weights_each_time_afresh() {
        let (sender, _events) = mpsc::sync_channel(1);
        let mut start = Weights::default();
        start.set("tempo=5").unwrap();
        let mut server = Server::new(DEFAULT_HASH_MIB, start.clone(), sender);
        let changed = |text: &str| {
            let mut weights = start.clone();
            weights.set(text).unwrap();
            weights
        };
        let in_use = |server: &Server| server.engine.as_ref().unwrap().weights().clone();
        let mut replies = Vec::new();
        server.command(
            Command::parse("setoption name Weights value threat=100"),
            &mut replies,
        );
        assert_eq!(replies, Vec::<String>::new());
        assert_eq!(in_use(&server), changed("threat=100"));
        server.command(
            Command::parse("setoption name Weights value groups=-3"),
            &mut replies,
        );
        assert_eq!(in_use(&server), changed("groups=-3"), "not threat=100 too");
        server.command(
            Command::parse("setoption name Weights value nothing=1"),
            &mut replies,
        );
        assert_eq!(
            replies,
            ["info string weights: no weight is called \"nothing\""]
        );
        assert_eq!(in_use(&server), changed("groups=-3"), "kept");
    }
}
