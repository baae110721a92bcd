//! `tak puzzles` and `tak learn`: puzzles to solve against the solver's defence, and a first
//! hour of lessons; progress kept in the data folder (`study.json`).

use std::collections::BTreeSet;

use clap::Args;

use super::play::{ViewArgs, options};
use crate::game::store::{Keeper, data_dir};
use crate::game::study::{self, Progress};
use crate::tui::screens::{PuzzleListScreen, StudyScreen, Task};
use crate::tui::{self, App, Screen};
use crate::{puzzles::Puzzle, words};

/// Arguments of `tak puzzles`.
#[derive(Debug, Args)]
pub struct PuzzlesArgs {
    /// Only puzzles on this board size.
    #[arg(long, value_parser = board_size)]
    pub size: Option<u8>,
    /// Only puzzles of this difficulty (1 easiest to 5).
    #[arg(long, value_parser = difficulty)]
    pub difficulty: Option<u8>,
    /// Open this puzzle at once (its number in `--list`), instead of the list.
    #[arg(long, value_parser = super::numbers::at_least(1_u16))]
    pub puzzle: Option<u16>,
    /// List the puzzles (number, size, difficulty, kind, title, solved, id) instead of
    /// playing.
    #[arg(long)]
    pub list: bool,
    /// The look.
    #[command(flatten)]
    pub view: ViewArgs,
}

/// A board size, said as every command says it (`board sizes are 3 to 8, not 9`). Like every
/// clap value parser here, its error is the message for the user, built on the spot.
fn board_size(text: &str) -> Result<u8, String> {
    super::perft::parse_size(text).map(crate::rules::BoardSize::get)
}

/// A puzzle's difficulty, 1 to 5 (a clap value parser: its error is the message).
fn difficulty(text: &str) -> Result<u8, String> {
    text.parse()
        .ok()
        .filter(|n| (1..=5).contains(n))
        .ok_or_else(|| format!("difficulties are 1 (easiest) to 5, not {text}"))
}

/// Arguments of `tak learn`.
#[derive(Debug, Args)]
pub struct LearnArgs {
    /// Start at this lesson (1 is the first); by default the first not done yet.
    #[arg(long, value_parser = super::numbers::at_least(1_u16))]
    pub lesson: Option<u16>,
    /// List the lessons (number, title, done) instead of playing.
    #[arg(long)]
    pub list: bool,
    /// The look.
    #[command(flatten)]
    pub view: ViewArgs,
}

/// The progress kept in the data folder, where it is kept, and why none is (said as `tak`).
fn progress() -> (Progress, Option<std::path::PathBuf>, Option<String>) {
    let (progress, path, unread) = study::load_progress(data_dir().as_deref());
    (progress, path, unread.map(|said| format!("tak: {said}")))
}

/// Runs `tak puzzles`.
pub fn run_puzzles(args: &PuzzlesArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let (puzzles, warnings) = study::puzzles(data_dir().as_deref());
    for warning in &warnings {
        writeln!(out, "tak: skipped {warning}")?;
    }
    let (progress, path, unread) = progress();
    if let Some(said) = &unread {
        writeln!(out, "{said}")?;
    }
    if args.list {
        let mut listed = 0;
        for (number, puzzle) in (1..).zip(&puzzles) {
            let fits = args.size.is_none_or(|s| s == puzzle.size())
                && args.difficulty.is_none_or(|d| d == puzzle.difficulty);
            if fits {
                listed += 1;
                let solved = if progress.solved.contains(&puzzle.id) {
                    "solved"
                } else {
                    "-"
                };
                let n = puzzle.size();
                writeln!(
                    out,
                    "{number}\t{n}x{n}\t{}\t{}\t{}\t{solved}\t{}",
                    puzzle.difficulty,
                    puzzle.kind.label(),
                    puzzle.title,
                    puzzle.id
                )?;
            }
        }
        if listed == 0 {
            // On standard error: standard output stays the list, empty, for scripts.
            eprintln!("tak: {}", none_fit(&puzzles, args.size, args.difficulty));
        }
        return Ok(());
    }
    anyhow::ensure!(!puzzles.is_empty(), "no puzzles found");
    let list = PuzzleListScreen::new(puzzles.clone(), 0, progress.clone(), path.clone())
        .filtered(args.size, args.difficulty);
    let screen = match args.puzzle {
        None => Screen::PuzzleList(list),
        Some(number) => {
            let count = puzzles.len();
            let index = usize::from(number) - 1;
            anyhow::ensure!(
                index < count,
                "there are {count} puzzles: --puzzle 1 to {count} (tak puzzles --list numbers them)"
            );
            // ] and [ go through the puzzles the filters show, as from the list.
            let task = Task::Puzzle {
                puzzles,
                index,
                shown: list.shown(),
                filter: (args.size, args.difficulty),
            };
            Screen::Study(Box::new(StudyScreen::new(task, progress, path)))
        }
    };
    let app = App::new(screen, options(args.view), Keeper::default());
    tui::run(app)?;
    Ok(())
}

/// Why `--list` lists nothing: what was asked for, and what there is.
fn none_fit(puzzles: &[Puzzle], size: Option<u8>, difficulty: Option<u8>) -> String {
    let asked = match (size, difficulty) {
        (Some(n), Some(d)) => format!("{n}x{n} at difficulty {d}"),
        (Some(n), None) => format!("{n}x{n}"),
        (None, Some(d)) => format!("of difficulty {d}"),
        (None, None) => return "there are no puzzles".to_owned(),
    };
    let sizes: BTreeSet<u8> = puzzles.iter().map(Puzzle::size).collect();
    let difficulties: BTreeSet<u8> = puzzles.iter().map(|p| p.difficulty).collect();
    let sizes: Vec<String> = sizes.iter().map(|n| format!("{n}x{n}")).collect();
    let difficulties: Vec<String> = difficulties.iter().map(u8::to_string).collect();
    format!(
        "none of the {} puzzles is {asked}: there are {} puzzles, of difficulty {}",
        puzzles.len(),
        words::both(&sizes),
        words::either(&difficulties)
    )
}

/// Runs `tak learn`.
pub fn run_learn(args: &LearnArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let (lessons, warnings) = study::lessons(data_dir().as_deref());
    for warning in &warnings {
        writeln!(out, "tak: skipped {warning}")?;
    }
    anyhow::ensure!(!lessons.is_empty(), "no lessons found");
    let (progress, path, unread) = progress();
    if let Some(said) = &unread {
        writeln!(out, "{said}")?;
    }
    if args.list {
        for (i, lesson) in lessons.iter().enumerate() {
            let done = if progress.lessons.contains(&lesson.id) {
                "done"
            } else {
                "-"
            };
            writeln!(out, "{}\t{}\t{done}", i + 1, lesson.title)?;
        }
        return Ok(());
    }
    let index = match args.lesson {
        Some(n) => {
            let n = usize::from(n);
            anyhow::ensure!(
                n <= lessons.len(),
                "there are {} lessons: --lesson 1 to {}",
                lessons.len(),
                lessons.len()
            );
            n - 1
        }
        None => study::first_to_do(&lessons, &progress),
    };
    let screen = StudyScreen::new(Task::Lesson { lessons, index }, progress, path);
    let opening = screen.opening();
    let mut app = App::new(
        Screen::Study(Box::new(screen)),
        options(args.view),
        Keeper::default(),
    );
    if let Some(dialog) = opening {
        app.open(dialog);
    }
    tui::run(app)?;
    if let Some(said) = unread {
        writeln!(out, "{said}")?;
    }
    Ok(())
}

/// Arguments of `tak games`.
#[derive(Debug, Args)]
pub struct GamesArgs {
    /// Replay this game (1 for the first); without it, the list to choose from.
    pub game: Option<usize>,
    /// List the games instead of replaying them.
    #[arg(long)]
    pub list: bool,
    /// Write the games as one PTN file here (to keep, share, or study elsewhere).
    #[arg(long, conflicts_with_all = ["game", "list"])]
    pub save: Option<std::path::PathBuf>,
    /// The look.
    #[command(flatten)]
    pub view: ViewArgs,
}

/// Runs `tak games`: the notable games built in, with comments of our own, in the replay.
pub fn run_games(args: &GamesArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let text: Vec<&str> = crate::assets::GAMES.iter().map(|a| a.text).collect();
    let text = text.join("\n");
    if let Some(path) = &args.save {
        anyhow::ensure!(
            !path.exists(),
            "{} exists: choose a new name (nothing was written)",
            path.display()
        );
        crate::files::write_atomically(path, text.as_bytes())?;
        writeln!(
            out,
            "wrote {} games to {}",
            crate::assets::GAMES.len(),
            path.display()
        )?;
        return Ok(());
    }
    let games = crate::record::read_ptn(&text)?;
    if args.list {
        for (i, (asset, game)) in crate::assets::GAMES.iter().zip(&games).enumerate() {
            let plies = game.record.as_ref().map_or(0, |r| r.plies().len());
            // What the game is about: its first comment, which says so.
            let about = game
                .record
                .as_ref()
                .and_then(|r| r.comments().first())
                .map_or("", |c| c.trim());
            writeln!(out, "{}\t{}\t{plies} plies\t{about}", i + 1, asset.name)?;
        }
        return Ok(());
    }
    let library = crate::game::Library::new("notable-games.ptn".into(), games);
    let index = match args.game {
        Some(n) if n == 0 || n > library.len() => {
            anyhow::bail!("there are {} games: 1 to {}", library.len(), library.len())
        }
        other => other.map(|n| n - 1),
    };
    let screen = Screen::for_file(library, index, 0)?;
    let app = App::new(screen, options(args.view), Keeper::default());
    tui::run(app)?;
    Ok(())
}
