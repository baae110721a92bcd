//! The built-in lessons (`assets/lessons`): each one reads, is achievable by the rules, is not
//! done by just any move where the task is a puzzle, and has its texts; they are all
//! registered, in the teaching order.

use std::collections::BTreeSet;
use std::path::Path;

use taktui::assets::LESSONS;
use taktui::lessons::{Check, Goal, Lesson};
use taktui::rules::{Color, GameResult, Move, MoveKind, Position, Role, WinReason};

/// The tinue solver's budget: the lessons' tinues are shallow, on small boards.
const BUDGET: u64 = 200_000;

/// The titles, in the order they are taught.
const TITLES: [&str; 12] = [
    "Placing a stone",
    "The first turn",
    "Walls",
    "Capstones",
    "Flattening a wall",
    "Moving stacks",
    "The carry limit",
    "Roads",
    "Blocking a road",
    "Tak: threatening a road",
    "Winning on flats",
    "A first tinue",
];

/// A file name without its extension: the lesson's id.
fn stem(name: &str) -> &str {
    name.strip_suffix(".toml").unwrap_or(name)
}

/// Every built-in lesson, read.
fn lessons() -> Vec<Lesson> {
    LESSONS
        .iter()
        .map(|asset| {
            Lesson::from_toml(stem(asset.name), asset.text)
                .unwrap_or_else(|e| panic!("{}: {e}", asset.name))
        })
        .collect()
}

/// A name for the goal, to say which lesson is which.
fn goal_name(goal: Goal) -> &'static str {
    match goal {
        Goal::Place(Role::Flat, _) => "place-flat",
        Goal::Place(Role::Wall, _) => "place-wall",
        Goal::Place(Role::Cap, _) => "place-cap",
        Goal::FirstTurn => "first-turn",
        Goal::Crush => "crush",
        Goal::MoveStack(_) => "move-stack",
        Goal::CarryLimit => "carry-limit",
        Goal::Road => "road",
        Goal::Block => "block",
        Goal::Tak => "tak",
        Goal::FlatWin => "flat-win",
        Goal::Tinue(_) => "tinue",
    }
}

/// Whether `mv` does the lesson's task (for a tinue: starts a forced road).
fn does_task(lesson: &Lesson, mv: Move) -> bool {
    match lesson.check(&[mv], BUDGET) {
        Check::Done => !matches!(lesson.goal, Goal::Tinue(_)),
        Check::Defence(_) => matches!(lesson.goal, Goal::Tinue(_)),
        Check::NotYet(_) => false,
    }
}

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_lesson_reads_and_they_come_in_the_teaching_order() {
    let lessons = lessons();
    let titles: Vec<&str> = lessons.iter().map(|l| l.title.as_str()).collect();
    assert_eq!(titles, TITLES);
    let goals: Vec<&str> = lessons.iter().map(|l| goal_name(l.goal)).collect();
    assert_eq!(
        goals,
        [
            "place-flat",
            "first-turn",
            "place-wall",
            "place-cap",
            "crush",
            "move-stack",
            "carry-limit",
            "road",
            "block",
            "tak",
            "flat-win",
            "tinue",
        ]
    );
    let ids: BTreeSet<&str> = lessons.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids.len(), lessons.len(), "lesson ids must be unique");
    for (index, asset) in LESSONS.iter().enumerate() {
        assert!(
            asset.name.starts_with(&format!("{:02}-", index + 1)),
            "{} is lesson {}",
            asset.name,
            index + 1
        );
    }
}

#[test]
fn every_file_of_the_lessons_folder_is_registered() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/lessons");
    let files: BTreeSet<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| Path::new(name).extension().is_some_and(|e| e == "toml"))
        .collect();
    let registered: BTreeSet<String> = LESSONS.iter().map(|a| a.name.to_owned()).collect();
    assert_eq!(
        files, registered,
        "assets/lessons and assets::LESSONS differ"
    );
    for asset in LESSONS {
        let on_disk = std::fs::read_to_string(folder.join(asset.name)).unwrap();
        assert_eq!(on_disk, asset.text, "{}", asset.name);
    }
}

#[test]
fn every_lesson_has_short_plain_texts() {
    for lesson in lessons() {
        let id = &lesson.id;
        for (field, text, most) in [
            ("title", &lesson.title, 40),
            ("task", &lesson.task, 100),
            ("hint", &lesson.hint, 100),
            ("done", &lesson.done, 100),
        ] {
            assert!(!text.trim().is_empty(), "{id}: {field} is empty");
            assert!(!text.contains('\n'), "{id}: {field} is one line");
            assert!(
                text.chars().count() <= most,
                "{id}: {field} is longer than {most} characters"
            );
        }
        assert!(!lesson.explain.trim().is_empty(), "{id}: explain is empty");
        let lines: Vec<&str> = lesson.explain.lines().collect();
        assert!(
            (1..=4).contains(&lines.len()),
            "{id}: explain has {} lines",
            lines.len()
        );
        for line in lines {
            assert!(!line.trim().is_empty(), "{id}: explain has an empty line");
            assert!(
                line.chars().count() < 200,
                "{id}: an explain line is 200 characters or more"
            );
        }
    }
}

#[test]
fn every_lesson_can_be_done_by_the_rules() {
    for lesson in lessons() {
        let id = &lesson.id;
        let start = lesson.start();
        assert!(!start.is_over(), "{id}: the game is already over");
        let moves = start.legal_moves();
        let doers: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| does_task(&lesson, mv))
            .collect();
        assert!(!doers.is_empty(), "{id}: no legal move does the task");
        // Lesson by lesson, the moves that do it: `cargo test --test lessons -- --nocapture`.
        println!(
            "{id} ({} of {} moves): {}",
            doers.len(),
            moves.len(),
            moves_text(&doers)
        );
        if let Goal::Tinue(_) = lesson.goal {
            for &first in &doers {
                finish_tinue(&lesson, first);
            }
        }
    }
}

/// After `first`, the defence the lesson plays blocks what it can and is met by a road, and so
/// is every other reply.
fn finish_tinue(lesson: &Lesson, first: Move) {
    let id = &lesson.id;
    let me = lesson.player();
    let Check::Defence(reply) = lesson.check(&[first], BUDGET) else {
        panic!("{id}: {first} starts no tinue");
    };
    let mut after = lesson.start().clone();
    after.play(first).unwrap();
    let replies = after.legal_moves();
    assert!(
        replies.contains(&reply),
        "{id}: the defence {reply} is not legal"
    );
    // The defence tries: no other reply leaves fewer roads in one. (The lessons' tinues are
    // three plies: every reply that does not end the game lasts as long, so all compete.)
    assert_eq!(
        lesson.goal,
        Goal::Tinue(3),
        "{id}: a longer tinue needs a finer check"
    );
    let roads_after = |defence: Move| {
        let mut position = after.clone();
        position.play(defence).unwrap();
        if position.is_over() {
            usize::MAX
        } else {
            position.threats(me).len()
        }
    };
    let fewest = replies.iter().map(|&d| roads_after(d)).min().unwrap();
    assert_eq!(
        roads_after(reply),
        fewest,
        "{id}: the defence {reply} blocks less than it could"
    );
    for defence in replies {
        let mut position = after.clone();
        position.play(defence).unwrap();
        if won_by_road(&position, me) {
            continue;
        }
        let roads = position.threats(me);
        assert!(
            roads
                .iter()
                .any(|&road| lesson.check(&[first, defence, road], BUDGET) == Check::Done),
            "{id}: after {first} {defence}, {me} has no road"
        );
    }
}

fn won_by_road(position: &Position, color: Color) -> bool {
    matches!(
        position.result(),
        GameResult::Win { winner, reason: WinReason::Road { .. } } if winner == color
    )
}

#[test]
fn puzzle_lessons_are_not_done_by_just_any_move() {
    for lesson in lessons() {
        let id = &lesson.id;
        let puzzle = matches!(
            lesson.goal,
            Goal::Road
                | Goal::Block
                | Goal::Tak
                | Goal::Tinue(_)
                | Goal::Crush
                | Goal::CarryLimit
                | Goal::FlatWin
        );
        if !puzzle {
            continue;
        }
        let moves = lesson.start().legal_moves();
        let misses = moves.iter().filter(|&&mv| !does_task(&lesson, mv)).count();
        assert!(
            misses > 0,
            "{id}: every move does the task ({})",
            moves_text(&moves)
        );
    }
}

#[test]
fn each_position_sets_up_its_task() {
    for lesson in lessons() {
        let id = &lesson.id;
        let start = lesson.start();
        let me = lesson.player();
        let mine = start.threats(me);
        let theirs = start.threats(!me);
        match lesson.goal {
            Goal::FirstTurn => assert_eq!(start.ply(), 0, "{id}: not the first ply"),
            // The opening's rule (placing the opponent's stone) is over before the others.
            _ => assert!(start.ply() >= 2, "{id}: still in the opening"),
        }
        match lesson.goal {
            // Already one move from a road: the task would be no threat or no tinue.
            Goal::Tak | Goal::Tinue(_) => {
                assert!(mine.is_empty(), "{id}: {me} has a road in one already");
                assert!(theirs.is_empty(), "{id}: {} threatens a road", !me);
            }
            Goal::Block => {
                assert!(!theirs.is_empty(), "{id}: {} threatens no road", !me);
                assert!(mine.is_empty(), "{id}: {me} could simply win");
            }
            Goal::Road => assert!(!mine.is_empty(), "{id}: no road in one"),
            Goal::Place(role, Some(square)) => {
                assert!(
                    start.board().stack(square).top().is_none(),
                    "{id}: {square} is not empty"
                );
                if role == Role::Wall && !theirs.is_empty() {
                    // A wall where a flat would not do: it holds, a flat is run over.
                    let leaves = |mv: Move| {
                        let mut after = start.clone();
                        after.play(mv).unwrap();
                        after.threats(!me)
                    };
                    let wall = Move::place(square, Role::Wall);
                    let flat = Move::place(square, Role::Flat);
                    assert!(leaves(wall).is_empty(), "{id}: the wall does not hold");
                    assert!(!leaves(flat).is_empty(), "{id}: a flat would do as well");
                }
            }
            _ => {}
        }
    }
}

#[test]
fn a_wrong_try_says_what_is_wrong_without_giving_the_answer_away() {
    for lesson in lessons() {
        let Goal::Place(role, Some(target)) = lesson.goal else {
            continue;
        };
        let id = &lesson.id;
        let answer = target.to_string();
        let mut tries = 0;
        for mv in lesson.start().legal_moves() {
            let Check::NotYet(why) = lesson.check(&[mv], BUDGET) else {
                continue;
            };
            tries += 1;
            assert!(
                mv.square == target || !why.contains(&answer),
                "{id}: {mv} is told {why:?}, which names {answer}"
            );
            let right_piece = mv.kind == MoveKind::Place(role);
            assert_eq!(
                why.contains("is not the square the task means"),
                right_piece,
                "{id}: {mv} is told {why:?}"
            );
        }
        assert!(tries > 0, "{id}: no move is wrong");
    }
}

/// Every wrong move of the lesson of `goal` (by its name), with what it is told.
fn wrong_tries(goal: &str) -> Vec<(Move, String)> {
    let lesson = lessons()
        .into_iter()
        .find(|l| goal_name(l.goal) == goal)
        .unwrap();
    lesson
        .start()
        .legal_moves()
        .into_iter()
        .filter_map(|mv| match lesson.check(&[mv], BUDGET) {
            Check::NotYet(why) => Some((mv, why)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_wrong_block_is_not_told_where_the_road_is() {
    let tries = wrong_tries("block");
    assert!(!tries.is_empty());
    for (mv, why) in tries {
        assert!(
            !why.chars().any(|c| c.is_ascii_digit()),
            "{mv} is told {why:?}, which names a square"
        );
    }
}

#[test]
fn a_wall_where_a_road_is_asked_for_is_told_that_walls_make_no_roads() {
    let tries = wrong_tries("road");
    let walls: Vec<_> = tries
        .iter()
        .filter(|(mv, _)| mv.kind == MoveKind::Place(Role::Wall))
        .collect();
    assert!(!walls.is_empty());
    for (mv, why) in walls {
        assert_eq!(why, "a wall is never part of a road", "{mv}");
    }
}

#[test]
fn a_flat_end_that_is_no_win_says_how_the_game_ended() {
    let tries = wrong_tries("flat-win");
    let told = |text: &str| {
        tries
            .iter()
            .find(|(mv, _)| mv.to_string() == text)
            .map(|(_, why)| why.clone())
    };
    // The wall fills the board without adding a flat: 4 to 4.
    assert_eq!(
        told("Sc1").as_deref(),
        Some("that ends the game in a draw, 4 flats to 4")
    );
    for (mv, why) in &tries {
        assert!(
            why.starts_with("that ends the game")
                || why.starts_with("the game goes on")
                // a1+ makes a road on row 2: a win, but not the one asked for.
                || why == "that wins, but by road, not on flats",
            "{mv}: {why}"
        );
    }
}
