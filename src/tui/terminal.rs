//! Taking over the terminal and always giving it back: on quit, on error, on panic, on every
//! signal whose default is to end the process (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1...),
//! and while suspended (Ctrl+Z). The loop sleeps in the event poll between keys; it never spins.

use std::io::stdout;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use signal_hook::consts::{
    SIGALRM, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGXCPU,
    SIGXFSZ,
};
use signal_hook::iterator::Signals;

use super::app::App;
use crate::online::connection::Connection;

/// How often the loop wakes without input, to notice a termination signal.
const SIGNAL_CHECK: Duration = Duration::from_millis(250);

/// Restores the terminal when dropped, whichever way the loop ends.
struct Restore {
    mouse: bool,
}

impl Drop for Restore {
    fn drop(&mut self) {
        // A panic has restored the terminal already, before printing its message; restoring
        // again would move the cursor back above the message.
        if std::thread::panicking() {
            return;
        }
        let _ = give_back_modes(self.mouse);
        ratatui::restore();
    }
}

/// Takes the terminal's optional modes: mouse reporting (when asked for), and bracketed paste,
/// so that pasted text comes as one event and its letters are never read as keys.
fn take_modes(mouse: bool) -> std::io::Result<()> {
    if mouse {
        execute!(stdout(), EnableMouseCapture)?;
    }
    execute!(stdout(), EnableBracketedPaste)
}

/// Gives back what [`take_modes`] took.
fn give_back_modes(mouse: bool) -> std::io::Result<()> {
    if mouse {
        execute!(stdout(), DisableMouseCapture)?;
    }
    execute!(stdout(), DisableBracketedPaste)
}

/// How long the loop has to end by itself after a termination signal before the process is
/// ended from the signal thread (the loop can be stuck in a read of a terminal that is gone).
const SIGNAL_GRACE: Duration = Duration::from_secs(1);

/// The signals that end a process unless it handles them, and that the game therefore ends on
/// by itself, giving the terminal back. Not the ones a fault raises (SIGSEGV, SIGBUS...), which
/// cannot be handled safely, nor SIGPIPE, which Rust ignores already.
const ENDING_SIGNALS: [std::ffi::c_int; 11] = [
    SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
    SIGXFSZ,
];

/// Watches for the [`ENDING_SIGNALS`]: the returned flag asks the loop to end, and if it has not
/// ended within [`SIGNAL_GRACE`] the terminal is restored and the process exits. (Every move
/// is already kept in the store of unfinished games, so nothing is lost either way.)
fn watch_signals(mouse: bool) -> std::io::Result<Arc<AtomicBool>> {
    let stop = Arc::new(AtomicBool::new(false));
    let mut signals = Signals::new(ENDING_SIGNALS)?;
    let flag = Arc::clone(&stop);
    std::thread::spawn(move || {
        if signals.forever().next().is_some() {
            flag.store(true, Ordering::Relaxed);
            std::thread::sleep(SIGNAL_GRACE);
            // Still running: the loop is stuck, most likely reading a terminal that is gone.
            // Restoring may block on a lock the stuck loop holds, so it gets a moment of its
            // own, and the process ends either way.
            std::thread::spawn(move || drop(Restore { mouse }));
            std::thread::sleep(Duration::from_millis(200));
            std::process::exit(1);
        }
    });
    Ok(stop)
}

/// Gives the terminal back and stops the process (Ctrl+Z); when the shell continues it (`fg`),
/// takes the terminal again. SIGSTOP rather than SIGTSTP: the kernel drops SIGTSTP for a
/// process group without a job-control shell above it, and the key must always work.
fn suspend(terminal: &mut ratatui::DefaultTerminal, mouse: bool) -> std::io::Result<()> {
    give_back_modes(mouse)?;
    ratatui::restore();
    // The shell's cursor shown again (the next frame hides it once more).
    execute!(stdout(), ratatui::crossterm::cursor::Show)?;
    #[cfg(unix)]
    signal_hook::low_level::raise(signal_hook::consts::SIGSTOP)?;
    // Continued.
    ratatui::crossterm::terminal::enable_raw_mode()?;
    execute!(
        stdout(),
        ratatui::crossterm::terminal::EnterAlternateScreen,
        ratatui::crossterm::terminal::Clear(ratatui::crossterm::terminal::ClearType::All)
    )?;
    take_modes(mouse)?;
    // A fresh terminal draws every cell again (`Terminal::clear` would ask the terminal where
    // its cursor is, which not every terminal answers).
    *terminal = ratatui::Terminal::new(ratatui::backend::CrosstermBackend::new(stdout()))?;
    Ok(())
}

/// Draws the app, then writes what it asked to be written to the terminal (an OSC 52 copy):
/// after the frame, so the sequence never lands between a frame's cells.
fn draw(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> std::io::Result<()> {
    use std::io::Write as _;
    terminal.draw(|frame| app.render(frame))?;
    let output = app.take_output();
    if !output.is_empty() {
        let out = terminal.backend_mut();
        out.write_all(output.as_bytes())?;
        out.flush()?;
    }
    Ok(())
}

/// What the environment says of the clipboard: read here, where the terminal is, so the app
/// itself never reads the environment.
fn clipboard() -> super::Clipboard {
    let term = std::env::var("TERM").ok();
    let set = |name| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    super::Clipboard::detect(term.as_deref(), set("TMUX"), set("STY"))
}

/// How often the loop looks at the connection to a server while there is one: news from the
/// network shows within this, and the loop still sleeps between looks.
const NETWORK_CHECK: Duration = Duration::from_millis(40);

/// Runs the app in the terminal until it quits (or a signal asks it to), and returns it.
pub fn run(app: App) -> anyhow::Result<App> {
    run_with(app, None)
}

/// Runs the app in the terminal with a connection to a server: what the server says is given
/// to the app as it comes, and what the app asks is sent, the loop never waiting on the
/// network. The connection is closed when the app quits.
pub fn run_online(app: App, connection: &mut Connection) -> anyhow::Result<App> {
    let result = run_with(app, Some(&mut *connection));
    connection.close();
    result
}

/// Gives the app what the connection has heard, and sends what the app asks; whether
/// anything came or went (the screen is drawn again then).
fn exchange(app: &mut App, connection: &mut Connection, now: Instant) -> bool {
    let mut changed = false;
    while let Some(event) = connection.poll(now) {
        app.heard(&event);
        changed = true;
    }
    for command in app.take_commands() {
        changed = true;
        if let Err(why) = connection.send(&command) {
            app.not_sent(&command, &why.to_string());
        }
    }
    changed
}

/// The loop, with or without a connection.
fn run_with(app: App, mut connection: Option<&mut Connection>) -> anyhow::Result<App> {
    use std::io::IsTerminal as _;
    if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        anyhow::bail!(
            "the game needs a terminal to draw in and read keys from (for a plain report of a \
             PTN file, try `tak check FILE`)"
        );
    }
    let mut app = app.with_clipboard(clipboard());
    let mouse = app.options().mouse;
    // Signals first: one arriving while the terminal is being taken over still ends cleanly.
    let stop = watch_signals(mouse)?;
    let mut terminal = ratatui::try_init()?;
    let _restore = Restore { mouse };
    // ratatui's panic hook restores the screen and raw mode; mouse reporting and bracketed
    // paste must go too, first.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = give_back_modes(true);
        hook(info);
    }));
    take_modes(mouse)?;
    let size = terminal.size()?;
    app.set_time(Instant::now());
    app.handle(&event::Event::Resize(size.width, size.height));
    draw(&mut terminal, &mut app)?;
    // When the app next wants a tick (autoplay, a clock, the computer's news): the earliest
    // time it has asked for, so a stream of events (mouse motion, a held key) that asks again
    // and again cannot put it off.
    let mut deadline: Option<Instant> = None;
    while !app.should_quit() && !stop.load(Ordering::Relaxed) {
        let now = Instant::now();
        app.set_time(now);
        if let Some(connection) = connection.as_deref_mut()
            && exchange(&mut app, connection, now)
        {
            draw(&mut terminal, &mut app)?;
        }
        deadline = app.wake_after().map(|after| {
            let asked = now + after;
            deadline.map_or(asked, |earlier| earlier.min(asked))
        });
        if deadline.is_some_and(|at| now >= at) {
            deadline = None;
            app.tick();
            draw(&mut terminal, &mut app)?;
            continue;
        }
        // Sleep until an event, the deadline, or the next look for a termination signal.
        let check = if connection.is_some() {
            NETWORK_CHECK
        } else {
            SIGNAL_CHECK
        };
        let wait = deadline.map_or(check, |at| at - now).min(check);
        if !event::poll(wait)? {
            continue;
        }
        let event = event::read()?;
        app.set_time(Instant::now());
        app.handle(&event);
        if app.take_suspend() {
            app.suspending();
            suspend(&mut terminal, mouse)?;
            let size = terminal.size()?;
            app.handle(&event::Event::Resize(size.width, size.height));
        }
        // Mouse motion changes nothing: no need to draw for it.
        if !matches!(&event, event::Event::Mouse(m) if !matches!(m.kind, event::MouseEventKind::Down(_)))
        {
            draw(&mut terminal, &mut app)?;
        }
    }
    if !app.should_quit() {
        // Ended by a signal (the terminal closed): as a quit, the clocks as they are now.
        app.set_time(Instant::now());
        app.quitting();
    }
    Ok(app)
}
