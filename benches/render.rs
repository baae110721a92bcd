//! Drawing one frame of an 8x8 mid-game with tall stacks at 120x40 on the test backend.

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

criterion_group!(benches, render_frame);
criterion_main!(benches);
