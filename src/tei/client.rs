//! The other side of TEI: an external engine run as a subprocess, driven the way tournament
//! runners drive it. `tei`, its `id` and `option` lines until `teiok`; `HalfKomi` set only when
//! the komi is not 0 (an engine without that option plays komi 0 only); `teinewgame`;
//! `isready`/`readyok`; `position ... moves ...`; `go` with the clock or a time per move; its
//! `info` lines; `bestmove`; `quit`.
//!
//! Every wait has a deadline, and whatever goes wrong (the engine will not start, dies, hangs,
//! writes garbage, sends an illegal move) is an [`EngineError`] that says what the engine did,
//! with its last lines on stderr. What it writes is read with a bound (see
//! [`lines`](super::lines)): a flood of output costs a few MiB and never outlasts a deadline.
//! The process never outlives its [`EngineProcess`]: dropping it asks the engine to quit and
//! kills it if it does not, and what it started ends with it.

use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::heard::{Heard, Thinking};
use super::lines::{MAX_LINE_BYTES, QUEUED_LINES, RawLine, read_line};
use super::option::EngineOption;
use super::transcript::Transcript;
use crate::rules::{BoardSize, Komi};

/// How many of the engine's last stderr lines are kept for reports.
const STDERR_LINES: usize = 8;
/// How often a wait for the engine looks whether its process has ended.
const WATCH: Duration = Duration::from_millis(50);

/// How an engine is started: a program, its arguments and the folder it runs in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// The folder it runs in (default: taktui's).
    pub dir: Option<PathBuf>,
}

impl std::fmt::Display for EngineCommand {
    /// The command line as a shell would take it back: `/opt/tiltak tei`, quotes where needed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let program = self.program.to_string_lossy();
        let words: Vec<&str> = std::iter::once(program.as_ref())
            .chain(self.args.iter().map(String::as_str))
            .collect();
        match shlex::try_join(words.iter().copied()) {
            Ok(line) => f.write_str(&line),
            Err(_) => f.write_str(&words.join(" ")),
        }
    }
}

/// What an engine did wrong, said plainly.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// It could not be started.
    #[error("cannot start {program}: {source}")]
    Start {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// It stopped while it was needed.
    #[error("the engine stopped while {doing}{}", last_words(.stderr))]
    Died {
        /// What it was asked to do.
        doing: String,
        /// Its last lines on stderr.
        stderr: Vec<String>,
    },
    /// It did not answer in time.
    #[error("the engine did not answer within {} s while {doing}{}", seconds(*.waited), last_words(.stderr))]
    Hung {
        /// What it was asked to do.
        doing: String,
        /// How long it was given.
        waited: Duration,
        /// Its last lines on stderr.
        stderr: Vec<String>,
    },
    /// It answered `tei`, but never with `teiok`: not a TEI engine, most likely.
    #[error("the engine did not finish its handshake (`teiok`) within {} s: it said \"{heard}\", \
             which is not TEI (is it a Tak engine that speaks TEI?){}", seconds(*.waited), last_words(.stderr))]
    NoHandshake {
        /// How long it was given.
        waited: Duration,
        /// The first line it said that TEI has no place for, cut short.
        heard: String,
        /// Its last lines on stderr.
        stderr: Vec<String>,
    },
    /// It cannot play the game asked for.
    #[error("the engine cannot play this game: {0}")]
    Cannot(String),
}

/// ", its last words: ..." for an error message, when the engine wrote any.
fn last_words(stderr: &[String]) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!(" (its last words on stderr: {})", stderr.join(" | "))
    }
}

/// A line from the engine as the protocol reads it: a line cut for its length becomes
/// `<...>` (a line TEI has no place for) saying so, as half a line of play would mislead; bytes
/// that are not UTF-8 become U+FFFD.
fn heard_line(raw: &RawLine) -> String {
    match raw.cut_from {
        Some(bytes) => format!(
            "<a line of {bytes} bytes, cut: {}>",
            crate::notation::clip(&String::from_utf8_lossy(&raw.bytes))
        ),
        None => raw.lossy(),
    }
}

/// What a running engine tells while it thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// Its thinking so far.
    Thinking(Thinking),
    /// Its move, as it wrote it.
    Move(String),
}

/// An external engine, running.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
    /// Its input; closed (`None`) when it is told to quit.
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<String>>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// Set once the engine's stderr has closed (it has exited): its last words are all in.
    stderr_closed: Arc<std::sync::atomic::AtomicBool>,
    /// Its name (`id name`), or the program's when it gives none.
    pub name: String,
    /// Its author, if it says.
    pub author: Option<String>,
    /// The options it takes.
    pub options: Vec<EngineOption>,
    /// The sizes it announced, if it did (newer engines do).
    pub sizes: Option<Vec<u8>>,
    /// Whether it plays with komi (it takes `HalfKomi`, or announced komi).
    pub komi: bool,
    /// The half komi it announced it plays, if it did.
    pub half_komi: Option<Vec<i16>>,
    /// Where the exchange is written, if it is.
    transcript: Option<Transcript>,
    /// `go`s sent whose `bestmove` has not come: one stopped and not waited for out (a
    /// loaded machine, a slow engine) answers later, and that answer is not the next one's.
    unanswered: usize,
    /// Set once its process has ended and its group with it.
    group_ended: bool,
}

impl EngineProcess {
    /// Starts the engine and shakes hands, waiting at most `timeout` for `teiok`.
    pub fn start(command: &EngineCommand, timeout: Duration) -> Result<EngineProcess, EngineError> {
        EngineProcess::start_with(command, timeout, None)
    }

    /// [`start`](Self::start), every line of the exchange written to `transcript` if given.
    pub fn start_with(
        command: &EngineCommand,
        timeout: Duration,
        transcript: Option<Transcript>,
    ) -> Result<EngineProcess, EngineError> {
        let program = command.program.display().to_string();
        // Under guard when taktui runs as `tak`: the engine is then killed even if taktui is.
        let mut process = match super::guard::guard() {
            Some(guard) => {
                let mut process = Command::new(guard);
                process.arg("guard").arg("--").arg(&command.program);
                // In a process group of its own: Ctrl+C and a closed terminal signal the
                // terminal's whole foreground group, and a guard killed with taktui would
                // leave the engine behind. Alone, it outlives taktui by the moment it takes
                // to see its input close and end the engine.
                #[cfg(unix)]
                std::os::unix::process::CommandExt::process_group(&mut process, 0);
                process
            }
            None => Command::new(&command.program),
        };
        // Started alone, the engine leads a process group of its own too: what it starts is
        // ended with it (see `end_group`).
        #[cfg(unix)]
        if super::guard::guard().is_none() {
            std::os::unix::process::CommandExt::process_group(&mut process, 0);
        }
        process
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &command.dir {
            process.current_dir(dir);
        }
        let mut child = process.spawn().map_err(|source| EngineError::Start {
            program: program.clone(),
            source,
        })?;
        let (Some(stdin), Some(stdout), Some(stderr_pipe)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Cannot(
                "its pipes could not be opened".to_owned(),
            ));
        };
        // Bounded: an engine that floods its output waits for taktui to read it, and only
        // so many lines wait (see `lines`), so the flood costs no memory, and a deadline
        // still ends every wait.
        let (sender, lines) = sync_channel(QUEUED_LINES);
        let heard = transcript.clone();
        std::thread::spawn(move || {
            let mut stdout = BufReader::new(stdout);
            while let Ok(Some(raw)) = read_line(&mut stdout, MAX_LINE_BYTES) {
                let line = heard_line(&raw);
                if let Some(transcript) = &heard {
                    transcript.heard(&line);
                }
                if sender.send(Some(line)).is_err() {
                    return;
                }
            }
            let _ = sender.send(None);
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let kept = Arc::clone(&stderr);
        let stderr_closed = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let closed = Arc::clone(&stderr_closed);
        std::thread::spawn(move || {
            // Read to its end whatever it holds: a reader that stopped at a line that is not
            // UTF-8 would leave the engine to die of a broken pipe at its next word.
            let mut stderr_pipe = BufReader::new(stderr_pipe);
            while let Ok(Some(raw)) = read_line(&mut stderr_pipe, MAX_LINE_BYTES) {
                if let Ok(mut kept) = kept.lock() {
                    if kept.len() == STDERR_LINES {
                        kept.pop_front();
                    }
                    kept.push_back(raw.lossy());
                }
            }
            closed.store(true, std::sync::atomic::Ordering::Release);
        });
        let mut engine = EngineProcess {
            child,
            stdin: Some(stdin),
            lines,
            stderr,
            stderr_closed,
            name: program,
            author: None,
            options: Vec::new(),
            sizes: None,
            komi: false,
            half_komi: None,
            transcript,
            unanswered: 0,
            group_ended: false,
        };
        if let Err(error) = engine.handshake(timeout) {
            // The guard could not start the program: say so as if taktui had tried.
            let unstartable = super::guard::guard().is_some()
                && engine.exit_code() == Some(super::guard::CANNOT_START);
            if unstartable && let EngineError::Died { stderr, .. } = &error {
                let why = stderr.last().cloned().unwrap_or_default();
                let why = why
                    .rsplit_once(": ")
                    .map_or(why.as_str(), |(_, why)| why)
                    .to_owned();
                return Err(EngineError::Start {
                    program: engine.name.clone(),
                    source: std::io::Error::other(why),
                });
            }
            return Err(error);
        }
        Ok(engine)
    }

    fn handshake(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("tei", "starting")?;
        let deadline = Instant::now() + timeout;
        // The first line that is no part of a handshake: quoted if `teiok` never comes.
        let mut stray: Option<String> = None;
        loop {
            let line = match self.next_line(deadline, timeout, "starting") {
                Ok(line) => line,
                Err(EngineError::Hung { stderr, .. }) if stray.is_some() => {
                    return Err(EngineError::NoHandshake {
                        waited: timeout,
                        heard: stray.unwrap_or_default(),
                        stderr,
                    });
                }
                Err(error) => return Err(error),
            };
            match Heard::parse(&line) {
                Heard::Id { field, value } if field == "name" => self.name = value,
                Heard::Id { field, value } if field == "author" => self.author = Some(value),
                Heard::Option(option) => {
                    self.komi |= option.name.eq_ignore_ascii_case("HalfKomi");
                    self.options.push(option);
                }
                Heard::Sizes { sizes, half_komi } => {
                    self.sizes = Some(sizes);
                    self.komi |= half_komi.is_some();
                    self.half_komi = half_komi.filter(|list| !list.is_empty());
                }
                Heard::TeiOk => return Ok(()),
                Heard::Other(text)
                    if stray.is_none()
                        && !text.trim().is_empty()
                        && !text.trim_start().starts_with("info") =>
                {
                    stray = Some(crate::notation::clip(text.trim()).into_owned());
                }
                _ => {}
            }
        }
    }

    /// The engine's last lines on stderr.
    #[must_use]
    pub fn stderr(&self) -> Vec<String> {
        self.stderr
            .lock()
            .map(|lines| lines.iter().cloned().collect())
            .unwrap_or_default()
    }

    fn send(&mut self, line: &str, doing: &str) -> Result<(), EngineError> {
        if let Some(transcript) = &self.transcript {
            transcript.sent(line);
        }
        let sent = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe)),
        };
        sent.map_err(|_| self.died(doing))
    }

    /// Notes `what` in the transcript, if one is written.
    fn note(&self, what: &str) {
        if let Some(transcript) = &self.transcript {
            transcript.noted(what);
        }
    }

    /// The engine has gone: what it was doing, and its last words once they are all read.
    fn died(&self, doing: &str) -> EngineError {
        self.note(&format!("the engine's output ended while {doing}"));
        // Its stderr closes once it and what it started have ended (at once, as a rule; on a
        // busy machine the reader may take a while to get there: a crash is worth the wait).
        let deadline = Instant::now() + Duration::from_secs(2);
        while !self
            .stderr_closed
            .load(std::sync::atomic::Ordering::Acquire)
            && Instant::now() < deadline
        {
            std::thread::sleep(Duration::from_millis(5));
        }
        EngineError::Died {
            doing: doing.to_owned(),
            stderr: self.stderr(),
        }
    }

    /// The next line the engine writes, waiting until `deadline` (`given` in all, for the
    /// message). Once the deadline has passed no line is taken, however many wait: an engine
    /// that floods its output holds no wait open. While it waits, it watches the engine's
    /// process: once that has ended, what it started ends too (their pipes open would hide
    /// the crash as a hang).
    fn next_line(
        &mut self,
        deadline: Instant,
        given: Duration,
        doing: &str,
    ) -> Result<String, EngineError> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                self.note(&format!("no answer in {} s while {doing}", seconds(given)));
                return Err(EngineError::Hung {
                    doing: doing.to_owned(),
                    waited: given,
                    stderr: self.stderr(),
                });
            }
            match self.lines.recv_timeout(left.min(WATCH)) {
                Ok(Some(line)) => return Ok(line),
                Ok(None) | Err(RecvTimeoutError::Disconnected) => return Err(self.died(doing)),
                Err(RecvTimeoutError::Timeout) => self.end_group(),
            }
        }
    }

    /// Once the engine's process has ended, ends its process group: what it started (a
    /// child left running when it crashed) would keep its output open. Under guard, the
    /// guard does this for the engine, and this for the guard.
    fn end_group(&mut self) {
        if !self.group_ended && matches!(self.child.try_wait(), Ok(Some(_))) {
            self.group_ended = true;
            super::guard::kill_group(self.child.id());
        }
    }

    /// A new game on a board of `size` with `komi`: refused when the engine does not play that
    /// size or that komi (as it announced), or plays no komi and `komi` is not 0. Waits at
    /// most `timeout` for `readyok`.
    pub fn new_game(
        &mut self,
        size: BoardSize,
        komi: Komi,
        timeout: Duration,
    ) -> Result<(), EngineError> {
        let n = size.get();
        if self.sizes.as_ref().is_some_and(|sizes| !sizes.contains(&n)) {
            return Err(EngineError::Cannot(format!(
                "{} plays no {size} board",
                self.name
            )));
        }
        if let Some(list) = &self.half_komi
            && !list.contains(&komi.halves())
        {
            return Err(EngineError::Cannot(format!(
                "{} plays half komi {} only, not {} (komi {komi})",
                self.name,
                ranges(list),
                komi.halves()
            )));
        }
        if komi.halves() != 0 {
            if !self.komi {
                return Err(EngineError::Cannot(format!(
                    "{} takes no HalfKomi option, so it plays komi 0 only, not {komi}",
                    self.name
                )));
            }
            self.send(
                &format!("setoption name HalfKomi value {}", komi.halves()),
                "setting komi",
            )?;
        }
        let new_game = if self.sizes.is_some() {
            format!("teinewgame size {n} halfkomi {}", komi.halves())
        } else {
            format!("teinewgame {n}")
        };
        self.send(&new_game, "starting a game")?;
        self.ready(timeout)
    }

    /// Sets an option (`setoption name NAME value VALUE`).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.send(
            &format!("setoption name {name} value {value}"),
            "setting its options",
        )
    }

    /// `isready`, waiting at most `timeout` for `readyok`.
    pub fn ready(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready", "getting ready")?;
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.next_line(deadline, timeout, "getting ready")?;
            if self.heard(&line) == Heard::ReadyOk {
                return Ok(());
            }
        }
    }

    /// Reads `line`, as [`Heard::parse`], but the thinking and move of a search answered
    /// late (one stopped before it) are [`Heard::Other`]: only the last `go` is answered.
    fn heard(&mut self, line: &str) -> Heard {
        match Heard::parse(line) {
            Heard::BestMove(_) if self.unanswered != 1 => {
                self.unanswered = self.unanswered.saturating_sub(1);
                Heard::Other(line.to_owned())
            }
            Heard::BestMove(mv) => {
                self.unanswered = 0;
                Heard::BestMove(mv)
            }
            Heard::Info(_) if self.unanswered > 1 => Heard::Other(line.to_owned()),
            heard => heard,
        }
    }

    /// Asks for a move: `position` (a `position ...` line's words after `position`) and `go`
    /// (the words after `go`).
    pub fn go(&mut self, position: &str, go: &str) -> Result<(), EngineError> {
        self.send(&format!("position {position}"), "being told the position")?;
        self.send(&format!("go {go}"), "asked to think")?;
        self.unanswered += 1;
        Ok(())
    }

    /// What the engine has said since it was asked, waiting until `deadline` for the first
    /// line; after its move, nothing more. Lines it should not send are skipped. At most
    /// what can wait is taken, and nothing once the deadline has passed: an engine that
    /// floods its thinking never keeps its caller from its clock or its stop flag.
    pub fn listen(&mut self, deadline: Instant) -> Result<Vec<Said>, EngineError> {
        let given = deadline.saturating_duration_since(Instant::now());
        let mut said = Vec::new();
        let mut line = Some(self.next_line(deadline, given, "thinking")?);
        let mut taken = 1;
        while let Some(text) = line.take() {
            match self.heard(&text) {
                Heard::Info(thinking) => said.push(Said::Thinking(thinking)),
                Heard::BestMove(mv) => {
                    said.push(Said::Move(mv));
                    return Ok(said);
                }
                _ => {}
            }
            if taken == QUEUED_LINES || Instant::now() >= deadline {
                break;
            }
            taken += 1;
            line = self.lines.try_recv().ok().flatten();
        }
        Ok(said)
    }

    /// What the engine has said within `wait` (nothing, if it said nothing): for a caller that
    /// also watches a stop flag. Only its death is an error here.
    pub fn listen_for(&mut self, wait: Duration) -> Result<Vec<Said>, EngineError> {
        match self.listen(Instant::now() + wait) {
            Err(EngineError::Hung { .. }) => Ok(Vec::new()),
            other => other,
        }
    }

    /// Asks the engine to stop thinking (its move comes at once).
    pub fn stop(&mut self) -> Result<(), EngineError> {
        self.send("stop", "asked to stop")
    }

    /// The engine's process id.
    #[must_use]
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The process's exit code, waiting a moment for it to end (its output has closed).
    fn exit_code(&mut self) -> Option<i32> {
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    /// Whether the engine's process has ended.
    pub fn has_ended(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }
}

impl Drop for EngineProcess {
    /// `quit` and its input closed, a moment's grace, then the kill: no engine outlives its
    /// game. (Under guard, the closed input is what makes the guard end the engine.)
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit").and_then(|()| stdin.flush());
        }
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                self.end_group();
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.note("killed: it had not quit within a second of being asked");
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.end_group();
    }
}

/// A wait in seconds as people say it: `10`, `0.5` (timers end a little early or late, and
/// `9.9951 s` says nothing more).
fn seconds(waited: Duration) -> String {
    let text = format!("{:.1}", waited.as_secs_f64());
    text.strip_suffix(".0")
        .map_or_else(|| text.clone(), str::to_owned)
}

/// Numbers as runs: `-12 to 12`, `0 4`, `0 to 2 4`.
fn ranges(numbers: &[i16]) -> String {
    let mut sorted = numbers.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut runs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        runs.push(if j >= i + 2 {
            format!("{} to {}", sorted[i], sorted[j])
        } else {
            sorted[i..=j]
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        });
        i = j + 1;
    }
    runs.join(" ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn waits_read_in_tenths_of_a_second_at_most() {
        use std::time::Duration;
        assert_eq!(super::seconds(Duration::from_secs_f64(9.9951)), "10");
        assert_eq!(super::seconds(Duration::from_millis(500)), "0.5");
        assert_eq!(super::seconds(Duration::from_secs(8)), "8");
    }

    #[test]
    fn announced_numbers_read_as_runs() {
        let all: Vec<i16> = (-12..=12).collect();
        assert_eq!(super::ranges(&all), "-12 to 12");
        assert_eq!(super::ranges(&[4, 0]), "0 4");
        assert_eq!(super::ranges(&[0, 1, 2, 4, 5]), "0 to 2 4 5");
    }
}
