//! Drives the app from arbitrary bytes, as a fuzzer or a property test feeds them: keys (the
//! ones the app knows and any other), Ctrl chords, mouse clicks anywhere, resizes from 1x1
//! to 250x80, and pastes. After each event the frame is drawn and what is shown is checked
//! against the rules. Used by `tests/integration/app_driven.rs` and the `app` fuzz target (which
//! includes this file).

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use taktui::tui::{App, Screen};

/// Keys worth pressing often: every one some table binds, and a few none does.
const KEYS: [KeyCode; 44] = [
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Enter,
    KeyCode::Esc,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Backspace,
    KeyCode::Delete,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::F(1),
    KeyCode::Char('f'),
    KeyCode::Char('s'),
    KeyCode::Char('c'),
    KeyCode::Char('1'),
    KeyCode::Char('2'),
    KeyCode::Char('3'),
    KeyCode::Char('9'),
    KeyCode::Char(':'),
    KeyCode::Char('?'),
    KeyCode::Char('r'),
    KeyCode::Char('n'),
    KeyCode::Char('q'),
    KeyCode::Char('y'),
    KeyCode::Char('u'),
    KeyCode::Char('U'),
    KeyCode::Char('m'),
    KeyCode::Char('t'),
    KeyCode::Char('L'),
    KeyCode::Char('w'),
    KeyCode::Char('p'),
    KeyCode::Char('g'),
    KeyCode::Char(' '),
    KeyCode::Char('+'),
    KeyCode::Char('d'),
    KeyCode::Char('>'),
    KeyCode::Char('H'),
    KeyCode::Char('W'),
    KeyCode::Char('b'),
    KeyCode::Char('P'),
];

/// Texts pasted (bracketed, in one event): moves, a wrong one, letters that are commands on
/// the board and in dialogs, line breaks.
const PASTES: [&str; 6] = [
    "1. a1 e5 2. c3",
    "Sb2",
    "3c3>12 x9",
    "q d y n",
    "a1\ne5\r\n",
    "",
];

/// Letters tried with Ctrl.
const CHORDS: [char; 8] = ['c', 's', 'r', 'z', 'u', 'w', 'k', 'x'];

/// The events `bytes` stand for, each from one to three bytes.
#[must_use]
pub fn events(bytes: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    let mut rest = bytes;
    while let Some((&first, tail)) = rest.split_first() {
        rest = tail;
        let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        let event = match first {
            0..=159 => key(KEYS[usize::from(first) % KEYS.len()]),
            160..=175 => Event::Key(KeyEvent::new(
                KeyCode::Char(CHORDS[usize::from(first) % CHORDS.len()]),
                KeyModifiers::CONTROL,
            )),
            176..=199 => {
                let [column, row] = two(&mut rest);
                Event::Mouse(MouseEvent {
                    kind: MouseEventKind::Down(MouseButton::Left),
                    column: u16::from(column) % 130,
                    row: u16::from(row) % 50,
                    modifiers: KeyModifiers::NONE,
                })
            }
            200..=207 => {
                let [width, height] = two(&mut rest);
                Event::Resize(1 + u16::from(width) % 250, 1 + u16::from(height) % 80)
            }
            _ => {
                // Any printable ASCII character, PTN's letters and digits among them; now and
                // then a paste instead.
                let [c, paste] = two(&mut rest);
                if paste >= 248 {
                    Event::Paste(PASTES[usize::from(c) % PASTES.len()].to_owned())
                } else {
                    key(KeyCode::Char(char::from(b' ' + c % 95)))
                }
            }
        };
        events.push(event);
    }
    events
}

fn two(rest: &mut &[u8]) -> [u8; 2] {
    let mut out = [0; 2];
    for byte in &mut out {
        if let Some((&b, tail)) = rest.split_first() {
            *byte = b;
            *rest = tail;
        }
    }
    out
}

/// Feeds `events` to `app`, a twentieth of a second apart (each followed by the app's tick, so
/// clocks run, autoplay steps and the computer is heard), drawing each frame at the terminal's
/// size and checking after each event that what is shown is what the rules say; stops once
/// the app quits.
pub fn drive(app: &mut App, events: &[Event]) -> Result<(), String> {
    let mut now = std::time::Instant::now();
    app.set_time(now);
    app.handle(&Event::Resize(80, 24));
    // One terminal, resized as the events say: as a real one, it draws only what changed.
    let mut terminal =
        Terminal::new(TestBackend::new(80, 24)).map_err(|e| format!("test backend: {e}"))?;
    for event in events {
        if app.should_quit() {
            break;
        }
        if let Event::Resize(width, height) = event {
            // The next draw sees the new size, as after a real terminal's resize.
            terminal.backend_mut().resize(*width, *height);
        }
        app.handle(event);
        if app.take_suspend() {
            app.suspending();
        }
        now += std::time::Duration::from_millis(50);
        app.set_time(now);
        app.tick();
        terminal
            .draw(|frame| app.render(frame))
            .map_err(|e| format!("drawing after {event:?}: {e}"))?;
        check(app).map_err(|e| format!("after {event:?}: {e}"))?;
    }
    Ok(())
}

/// What the app shows agrees with the rules: the game played is its record replayed, the
/// replay's position is its record's at the ply shown, and each position writes and reads
/// back as the same TPS.
pub fn check(app: &App) -> Result<(), String> {
    let (record, ply, shown) = match app.screen() {
        Screen::Play(_) | Screen::Match(_) => {
            let play = app.play().ok_or("no game on a play screen")?;
            let record = play.session().record();
            (record, record.plies().len(), play.position())
        }
        Screen::Replay(replay) => (
            replay.game().replay.record(),
            replay.shown_ply(),
            replay.position(),
        ),
        Screen::Study(study) => {
            let play = study.play();
            let record = play.session().record();
            (record, record.plies().len(), play.position())
        }
        Screen::GameList(_) | Screen::PuzzleList(_) | Screen::Lobby(_) => return Ok(()),
        // Kaen and Locke: what is shown is the record replayed by its own rules.
        Screen::Kaen(kaen) => {
            let record = kaen.session().record();
            let replayed = record.series_at(record.actions().len());
            return (&replayed == record.series())
                .then_some(())
                .ok_or_else(|| "the Kaen series shown is not its record replayed".to_owned());
        }
        Screen::Locke(locke) => {
            let record = locke.session().record();
            let replayed = record.position_at(record.turns().len());
            return (&replayed == record.position())
                .then_some(())
                .ok_or_else(|| "the Locke position shown is not its record replayed".to_owned());
        }
    };
    let by_the_rules = record.position_at(ply);
    if &by_the_rules != shown {
        return Err(format!(
            "shown {} but the rules give {}",
            taktui::notation::to_tps(shown),
            taktui::notation::to_tps(&by_the_rules)
        ));
    }
    let tps = taktui::notation::to_tps(shown);
    let read: taktui::notation::Tps = tps.parse().map_err(|e| format!("{tps}: {e}"))?;
    if taktui::notation::to_tps(
        &read
            .to_position(*shown.config())
            .map_err(|e| format!("{tps}: {e}"))?,
    ) != tps
    {
        return Err(format!("{tps} does not read back"));
    }
    Ok(())
}
