//! The guard between taktui and an engine it starts, so that no engine outlives taktui, even
//! when taktui is killed or crashes: taktui starts `tak guard -- ENGINE ARGS` in the engine's
//! place. The guard starts the engine with its own output and errors (the pipes to taktui),
//! and passes taktui's lines on to the engine's input. When taktui's end of that input closes,
//! as it does when taktui ends for any reason, the guard closes the engine's input, gives it a
//! moment to quit, and kills it. When the engine ends by itself, whatever it started ends
//! with it (its process group).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// The guard's exit status when the engine's program cannot be started (as shells use it).
pub const CANNOT_START: i32 = 127;

/// How long an engine has to quit once its input has closed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// The guard program (the `tak` binary), once the binary has said where it is.
static GUARD: OnceLock<PathBuf> = OnceLock::new();

/// Starts every engine from now on under the guard `program` (the `tak` binary itself, which
/// has the hidden `guard` command). The library alone (tests, other programs) starts engines
/// directly.
pub fn guard_engines_with(program: PathBuf) {
    let _ = GUARD.set(program);
}

/// The guard program, if one was set.
pub(crate) fn guard() -> Option<&'static Path> {
    GUARD.get().map(PathBuf::as_path)
}

/// Kills every process of the group `leader` leads (the engine and what it started), by the
/// system call itself, so that it works where no `kill` program is on the PATH.
pub(crate) fn kill_group(leader: u32) {
    #[cfg(unix)]
    if let Some(group) = i32::try_from(leader)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        // The group may be gone already (every process in it ended): nothing left to do.
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    }
    #[cfg(not(unix))]
    let _ = leader;
}

/// Runs `program` with `args` under guard, passing this process's input on to it; returns
/// its exit status, or kills it once this process's input closes.
pub fn run(program: &Path, args: &[String]) -> std::io::Result<ExitStatus> {
    // A Ctrl+C at the terminal reaches every process of taktui's group, the guard too: it is
    // taktui's to answer (a bot asks before it resigns), and the guard ends when taktui does,
    // its input closing. So the guard only notes it.
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGINT,
        std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
    );
    // In a process group of its own, so that what it starts (an engine behind `sh -c`) ends
    // with it.
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::inherit())
        .stderr(Stdio::inherit());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn()?;
    let mut engine_input = child.stdin.take();
    let (closed, input_closed) = channel();
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        let mut buffer = [0; 4096];
        loop {
            match input.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let Some(engine) = engine_input.as_mut() else {
                        break;
                    };
                    if engine
                        .write_all(&buffer[..n])
                        .and_then(|()| engine.flush())
                        .is_err()
                    {
                        break;
                    }
                }
            }
        }
        // Closing the engine's input is the first word to quit.
        drop(engine_input.take());
        let _ = closed.send(());
    });
    loop {
        if let Some(status) = child.try_wait()? {
            // The engine has ended, crashed perhaps: what it started ends with it, or it
            // would hold taktui's pipes open and the crash would pass for a hang.
            kill_group(child.id());
            return Ok(status);
        }
        match input_closed.recv_timeout(Duration::from_millis(50)) {
            Err(RecvTimeoutError::Timeout) => {}
            // taktui is gone (or done with the engine): a moment to quit, then the kill.
            Ok(()) | Err(RecvTimeoutError::Disconnected) => {
                let deadline = std::time::Instant::now() + QUIT_GRACE;
                while std::time::Instant::now() < deadline {
                    if let Some(status) = child.try_wait()? {
                        kill_group(child.id());
                        return Ok(status);
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                kill_group(child.id());
                child.kill()?;
                return child.wait();
            }
        }
    }
}
