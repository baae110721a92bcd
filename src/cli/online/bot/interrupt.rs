//! Ctrl+C for a bot: heard as a flag (never as the end of the process), so the bot finishes
//! cleanly: it stops seeking, and a game in progress is resigned only when the person at the
//! terminal says so (asked without stopping the game: the bot goes on playing while the
//! question waits), at once with `--resign-on-exit`, or left to the server's clock when no
//! one is at a terminal to ask.

use std::io::{BufRead as _, IsTerminal as _, Write as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// Interruptions (Ctrl+C, a `kill`) counted as they come.
#[derive(Debug)]
pub struct Interrupt {
    count: Arc<AtomicUsize>,
    /// How many were already dealt with.
    seen: usize,
    /// The answer to a question asked at the terminal, read on a thread of its own.
    answer: Option<Receiver<Option<bool>>>,
}

impl Interrupt {
    /// From now on Ctrl+C (SIGINT) and SIGTERM are counted here rather than ending the process.
    pub fn install() -> std::io::Result<Interrupt> {
        let count = Arc::new(AtomicUsize::new(0));
        let mut signals = Signals::new([SIGINT, SIGTERM])?;
        let counting = Arc::clone(&count);
        std::thread::spawn(move || {
            for _ in signals.forever() {
                counting.fetch_add(1, Ordering::SeqCst);
            }
        });
        Ok(Interrupt {
            count,
            seen: 0,
            answer: None,
        })
    }

    /// Whether a new interruption came since the last call.
    pub fn heard(&mut self) -> bool {
        let count = self.count.load(Ordering::SeqCst);
        let new = count > self.seen;
        self.seen = count;
        new
    }

    /// Whether a person is at a terminal to be asked.
    #[must_use]
    pub fn can_ask() -> bool {
        std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
    }

    /// Asks `question` (a yes or no) at the terminal; the answer comes through
    /// [`Interrupt::answer`] while the caller goes on.
    pub fn ask(&mut self, question: &str) {
        let _ = write!(std::io::stderr(), "{question} [y/N] ");
        let _ = std::io::stderr().flush();
        let (tell, answer) = channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let said = match std::io::stdin().lock().read_line(&mut line) {
                Ok(0) | Err(_) => None,
                Ok(_) => Some(matches!(line.trim(), "y" | "Y" | "yes" | "Yes" | "YES")),
            };
            let _ = tell.send(said);
        });
        self.answer = Some(answer);
    }

    /// The answer to the question asked, once given: yes or no (`None` inside: the input
    /// closed without one, which is a no).
    pub fn answer(&mut self) -> Option<bool> {
        let receiver = self.answer.as_ref()?;
        match receiver.try_recv() {
            Ok(said) => {
                self.answer = None;
                Some(said.unwrap_or(false))
            }
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.answer = None;
                Some(false)
            }
        }
    }
}
