//! The level ladder: plays each level against the level two below it over `tak tei`, from
//! balanced openings with both colours, and reports the scores.
//!
//! `cargo run --release --example ladder -- [--tak PATH] [--size N] [--openings N]
//! [--levels 3-7] [--komi HALVES] [--part FIRST-LAST]` (see `scripts/ladder.sh`). Each opening is played twice, the
//! players swapping colours, so `--openings 50` is 100 games a pair. `--part 1-25` plays only
//! those openings of the set (numbered from 1), so a long pair can be played in parts on
//! different days and the parts summed; each opening's two results go to stderr as they come.
//!
//! With `--weights 'name=value ...'` it measures evaluation weights instead (the tuning path,
//! `scripts/tune.sh`): the highest level given plays with those weights against itself with
//! the defaults.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use taktui::notation::parse_move;
use taktui::rules::{BoardSize, Color, GameConfig, GameResult, Komi, Move, Position, Role};

/// One `tak tei` process.
struct Player {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Player {
    fn start(tak: &str, level: u8, half_komi: i16, weights: Option<&str>) -> Player {
        let mut child = Command::new(tak)
            .args(["tei", "--hash", "16"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {tak}: {e}"));
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut player = Player {
            child,
            stdin,
            stdout,
        };
        player.send("tei");
        player.until("teiok");
        player.send(&format!("setoption name Level value {level}"));
        player.send(&format!("setoption name HalfKomi value {half_komi}"));
        if let Some(weights) = weights {
            player.send(&format!("setoption name Weights value {weights}"));
        }
        player.send("isready");
        player.until("readyok");
        player
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads");
        self.stdin.flush().expect("the engine reads");
    }

    fn until(&mut self, prefix: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            let read = self.stdout.read_line(&mut line).expect("the engine writes");
            assert!(read > 0, "the engine ended while we waited for {prefix}");
            if line.starts_with(prefix) {
                return line.trim().to_owned();
            }
        }
    }

    fn new_game(&mut self, size: u8) {
        self.send(&format!("teinewgame {size}"));
        self.send("isready");
        self.until("readyok");
    }

    fn best_move(&mut self, moves: &[Move]) -> String {
        let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
        self.send(&format!("position startpos moves {}", list.join(" ")));
        // The level's own limits apply; the time is a safety cap.
        self.send("go movetime 20000");
        let line = self.until("bestmove");
        line.split_whitespace().nth(1).unwrap_or("--").to_owned()
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// Openings of two plies each (each side places the other's first flat): `count` of the
/// ordered pairs of squares, taken at an even stride so that corners, edges and centre all
/// appear; the same set for every pair of levels.
fn openings(size: u8, count: usize) -> Vec<[Move; 2]> {
    let board = BoardSize::new(size).expect("a board size");
    let squares: Vec<_> = board.squares().collect();
    let mut pairs = Vec::new();
    for &a in &squares {
        for &b in &squares {
            if a != b {
                pairs.push([Move::place(a, Role::Flat), Move::place(b, Role::Flat)]);
            }
        }
    }
    let stride = (pairs.len() / count.max(1)).max(1);
    pairs.into_iter().step_by(stride).take(count).collect()
}

/// Plays one game; returns the result for White: 1, 0.5 or 0.
fn play(white: &mut Player, black: &mut Player, config: GameConfig, opening: [Move; 2]) -> f64 {
    let size = config.size().get();
    white.new_game(size);
    black.new_game(size);
    let mut position = Position::new(config);
    let mut moves = Vec::new();
    for mv in opening {
        position.play(mv).expect("openings are legal");
        moves.push(mv);
    }
    while !position.is_over() && moves.len() < 400 {
        let player = match position.to_move() {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let text = player.best_move(&moves);
        let Ok(mv) = parse_move(&text, config.size()) else {
            eprintln!("unreadable move {text:?}: forfeit");
            return if position.to_move() == Color::White {
                0.0
            } else {
                1.0
            };
        };
        if position.play(mv).is_err() {
            eprintln!("illegal move {text}: forfeit");
            return if position.to_move() == Color::White {
                0.0
            } else {
                1.0
            };
        }
        moves.push(mv);
    }
    match position.result() {
        GameResult::Win { winner, .. } => {
            if winner == Color::White {
                1.0
            } else {
                0.0
            }
        }
        GameResult::Draw | GameResult::Ongoing => 0.5,
    }
}

struct Options {
    tak: String,
    size: u8,
    openings: usize,
    levels: (u8, u8),
    /// The openings to play, numbered from 1, both ends included.
    part: Option<(usize, usize)>,
    half_komi: i16,
    weights: Option<String>,
}

fn options() -> Options {
    let mut options = Options {
        tak: "target/release/tak".to_owned(),
        size: 5,
        openings: 50,
        levels: (3, 7),
        part: None,
        half_komi: 0,
        weights: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--tak" => options.tak = value,
            "--size" => options.size = value.parse().expect("--size N"),
            "--openings" => options.openings = value.parse().expect("--openings N"),
            "--komi" => options.half_komi = value.parse().expect("--komi HALVES"),
            "--weights" => options.weights = Some(value),
            "--levels" => {
                let (low, high) = value.split_once('-').expect("--levels LOW-HIGH");
                options.levels = (
                    low.parse().expect("a level"),
                    high.parse().expect("a level"),
                );
            }
            "--part" => {
                let (first, last) = value.split_once('-').expect("--part FIRST-LAST");
                options.part = Some((
                    first.parse().expect("an opening number"),
                    last.parse().expect("an opening number"),
                ));
            }
            other => panic!("unknown argument {other}"),
        }
    }
    options
}

fn main() {
    let options = options();
    let komi = Komi::from_halves(options.half_komi).expect("a komi");
    let config = GameConfig::new(BoardSize::new(options.size).expect("a size")).with_komi(komi);
    let all = openings(options.size, options.openings);
    let (first, last) = options.part.unwrap_or((1, all.len()));
    if all.is_empty() || first == 0 || first > last || last > all.len() {
        eprintln!(
            "--part {first}-{last}: openings are numbered 1 to {}, the first no later than the last",
            all.len()
        );
        std::process::exit(2);
    }
    let openings = &all[first - 1..last];
    println!(
        "ladder on {n}x{n}, komi {komi}, openings {first} to {} of {} x 2 colours",
        first + openings.len() - 1,
        all.len(),
        n = options.size
    );
    let pairs: Vec<(u8, u8)> = match &options.weights {
        Some(_) => vec![(options.levels.1, options.levels.1)],
        None => (options.levels.0.max(3)..=options.levels.1)
            .map(|level| (level, level - 2))
            .collect(),
    };
    for (level, weak_level) in pairs {
        let weights = options.weights.as_deref();
        let mut strong = Player::start(&options.tak, level, options.half_komi, weights);
        let mut weak = Player::start(&options.tak, weak_level, options.half_komi, None);
        let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
        for (number, &opening) in (first..).zip(openings) {
            let as_white = play(&mut strong, &mut weak, config, opening);
            let as_black = 1.0 - play(&mut weak, &mut strong, config, opening);
            eprintln!(
                "opening {number} ({} {}): level {level} scores {as_white} as White, {as_black} as Black",
                opening[0], opening[1]
            );
            for score in [as_white, as_black] {
                match score {
                    s if s > 0.75 => wins += 1,
                    s if s < 0.25 => losses += 1,
                    _ => draws += 1,
                }
            }
        }
        let games = wins + draws + losses;
        let score = (f64::from(wins) + f64::from(draws) / 2.0) / f64::from(games.max(1));
        println!(
            "level {level}{} vs level {weak_level}: +{wins} ={draws} -{losses} of {games}: {:.1}%",
            weights.map(|w| format!(" with {w}")).unwrap_or_default(),
            score * 100.0
        );
    }
}
