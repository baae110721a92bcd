//! Drawing one frame on the test backend: an 8x8 mid-game with tall stacks at 120x40, and the
//! online lobby with 1,000 seeks and 300 games at 120x40.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::Event;
use taktui::game::Session;
use taktui::notation::Tps;
use taktui::record::{GameRecord, Tags};
use taktui::tui::screens::PlayScreen;
use taktui::tui::{App, Options, Theme};

const MIDGAME_8X8: &str = "2,x,21S,2,x3,1/x,2,1,2,2,1,x2/x,1,x,1221212S,221C,1,x2/\
                           1,1,1,2,1121212C,2,x2/x2,1,1,x,2,x2/x2,1,x,12122112,1,x2/x8/x,2C,x6 1 24";

fn render_frame(c: &mut Criterion) {
    let tps: Tps = MIDGAME_8X8.parse().expect("benchmark TPS reads");
    let mut record = GameRecord::new(tps.to_standard_position().expect("fits"), Tags::default());
    record
        .play("3e6>12".parse().expect("a move"))
        .expect("legal");
    let options = Options {
        theme: Theme {
            ascii: false,
            color: true,
            palette: taktui::tui::Palette::Dark,
        },
        mouse: true,
        test_panic: false,
    };
    let mut app = App::playing(PlayScreen::new(Session::new(record, None)), options);
    app.handle(&Event::Resize(120, 40));
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
    c.bench_function("render 8x8 midgame 120x40", |b| {
        b.iter(|| {
            terminal
                .draw(|frame| black_box(&app).render(frame))
                .expect("draws");
        });
    });
}

/// A lobby as a busy server would describe it: 1,000 seeks and 300 games being played, from
/// the server's own lines.
fn render_lobby(c: &mut Criterion) {
    use taktui::online::connection::Event as Heard;
    use taktui::online::protocol::{Parsed, parse};
    let mut lines = vec!["Welcome Guest1!".to_owned()];
    for n in 1..=1000 {
        let size = 3 + n % 6;
        let minutes = [1, 3, 5, 10, 15, 30][n % 6];
        lines.push(format!(
            "Seek new {n} player{n} {size} {} {} A 4 30 1 {} 0 0 0 0 0",
            minutes * 60,
            n % 11,
            n % 2
        ));
    }
    for n in 1..=300 {
        lines.push(format!(
            "GameList Add {n} white{n} black{n} {} 600 10 4 30 1 {} 0 0 0",
            3 + n % 6,
            n % 2
        ));
    }
    let screen = taktui::tui::screens::LobbyScreen::new("ws://127.0.0.1:11000");
    let options = Options {
        theme: Theme {
            ascii: false,
            color: true,
            palette: taktui::tui::Palette::Dark,
        },
        mouse: true,
        test_panic: false,
    };
    let mut app = App::new(
        taktui::tui::Screen::Lobby(Box::new(screen)),
        options,
        taktui::game::store::Keeper::default(),
    );
    app.heard(&Heard::LoggedIn {
        name: "Guest1".to_owned(),
        again: false,
    });
    for line in &lines {
        if let Parsed::Message(message) = parse(line) {
            app.heard(&Heard::Message(message));
        }
    }
    // Sorted by time control, so each frame sorts the whole list.
    for key in ["s", "s", "s"] {
        let key = ratatui::crossterm::event::KeyEvent::from(
            ratatui::crossterm::event::KeyCode::Char(key.chars().next().expect("a key")),
        );
        app.handle(&Event::Key(key));
    }
    app.handle(&Event::Resize(120, 40));
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
    c.bench_function("render lobby 1000 seeks 300 games 120x40", |b| {
        b.iter(|| {
            terminal
                .draw(|frame| black_box(&app).render(frame))
                .expect("draws");
        });
    });
}

criterion_group!(benches, render_frame, render_lobby);
criterion_main!(benches);
