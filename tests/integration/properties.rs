//! Property tests over random games on every board size (DESIGN.md §5, layer 1).
//!
//! A plan is a board size, a komi, a start (the empty board, or half the time a random setup of
//! stacks, walls and capstones such as no short game reaches: tall stacks, crowded boards) and
//! one random number per ply; each number picks a legal move (mostly placements, or a road
//! builder's flats, so boards fill up and games end). The properties are checked at every
//! position reached; a failure message names the start and the moves played since in PTN, so
//! it can be replayed by hand.
//!
//! Failure persistence is off: these tests must not write regression files into the tree.

use crate::common::Style;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::num::NonZeroU8;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use taktui::notation::{Tps, parse_move, to_tps};
use taktui::rules::{
    BoardSize, Color, Direction, Drops, GameConfig, GameResult, Komi, Move, MoveKind, Position,
    Role, Square, Stack, Undo, WinReason,
};

/// The longest random game, in plies.
const MAX_PLIES: usize = 80;

/// A random game: its settings, its start, how it picks moves, and one choice per ply.
#[derive(Clone, Debug)]
struct GamePlan {
    size: u8,
    komi_halves: i16,
    setup: Option<Setup>,
    style: Style,
    choices: Vec<u32>,
}

/// A random position to start from instead of the empty board.
#[derive(Clone, Debug)]
struct Setup {
    /// A stack (owners bottom to top, top role) or nothing for each square, rank 1 first.
    /// Stacks that would use more stones or capstones than a player has are left out.
    squares: Vec<Option<(Vec<Color>, Role)>>,
    to_move: Color,
    /// From 2: a position of the first turn (move 1) with stacks on the board is no position
    /// of Tak, and one whose opening colour has no stones left has no legal move at all.
    move_number: u32,
}

impl GamePlan {
    fn size(&self) -> BoardSize {
        BoardSize::new(self.size).expect("the strategy makes sizes 3 to 8")
    }

    fn config(&self) -> GameConfig {
        let komi = Komi::from_halves(self.komi_halves).expect("small komi is valid");
        GameConfig::new(self.size()).with_komi(komi)
    }

    /// The position the game starts from.
    fn start(&self) -> Position {
        let config = self.config();
        let Some(setup) = &self.setup else {
            return Position::new(config);
        };
        let mut left = [config.pieces(Color::White), config.pieces(Color::Black)];
        let mut stacks = Vec::new();
        for (square, contents) in self.size().squares().zip(&setup.squares) {
            let Some((owners, top)) = contents else {
                continue;
            };
            let mut need = [(0u8, 0u8); 2];
            for (i, &owner) in owners.iter().enumerate() {
                let slot = &mut need[owner.index()];
                if i + 1 == owners.len() && *top == Role::Cap {
                    slot.1 += 1;
                } else {
                    slot.0 += 1;
                }
            }
            let fits = |i: usize| left[i].stones >= need[i].0 && left[i].caps >= need[i].1;
            if !(fits(0) && fits(1)) {
                continue;
            }
            for (left, need) in left.iter_mut().zip(need) {
                left.stones -= need.0;
                left.caps -= need.1;
            }
            let stack = Stack::from_owners(owners.iter().copied(), *top).expect("1 to 11 pieces");
            stacks.push((square, stack));
        }
        Position::from_setup(config, stacks, setup.to_move, setup.move_number)
            .expect("the setup keeps within the reserves")
    }

    /// How the game starts, for failure messages.
    fn describe_start(&self) -> String {
        let komi = Komi::from_halves(self.komi_halves).expect("small komi is valid");
        match self.setup {
            None => format!("from the empty {} board, komi {komi}", self.size()),
            Some(_) => format!("from TPS {}, komi {komi}", to_tps(&self.start())),
        }
    }

    /// The move `choice` picks among `moves`, the legal moves of `position`.
    fn pick(&self, position: &Position, moves: &[Move], choice: u32) -> Move {
        self.style.pick(position, moves, u64::from(choice))
    }
}

fn style(size: u8) -> impl Strategy<Value = Style> {
    prop_oneof![
        Just(Style::Random { place_eighths: 4 }),
        Just(Style::Random { place_eighths: 7 }),
        (0..size, 0..size).prop_map(|(white_file, black_rank)| Style::Builder {
            white_file,
            black_rank
        }),
    ]
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::White), Just(Color::Black)]
}

fn role() -> impl Strategy<Value = Role> {
    prop_oneof![6 => Just(Role::Flat), 2 => Just(Role::Wall), 1 => Just(Role::Cap)]
}

/// Empty squares, single pieces, and stacks up to three taller than the carry limit.
fn setup(size: u8) -> impl Strategy<Value = Setup> {
    let square = prop_oneof![
        3 => Just(None),
        4 => (color(), role()).prop_map(|(owner, top)| Some((vec![owner], top))),
        2 => (prop::collection::vec(color(), 2..=usize::from(size) + 3), role())
            .prop_map(Some),
    ];
    let area = usize::from(size) * usize::from(size);
    (prop::collection::vec(square, area), color(), 2u32..=60).prop_map(
        |(squares, to_move, move_number)| Setup {
            squares,
            to_move,
            move_number,
        },
    )
}

fn game_plan() -> impl Strategy<Value = GamePlan> {
    (3u8..=8)
        .prop_flat_map(|size| {
            (
                Just(size),
                -4i16..=4,
                prop::option::of(setup(size)),
                style(size),
                prop::collection::vec(any::<u32>(), 0..=MAX_PLIES),
            )
        })
        .prop_map(|(size, komi_halves, setup, style, choices)| GamePlan {
            size,
            komi_halves,
            setup,
            style,
            choices,
        })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases)
    }
}

/// How a position was reached, for failure messages: the start and the moves since in PTN.
struct Trail<'a> {
    start: &'a str,
    moves: &'a [Move],
}

impl std::fmt::Display for Trail<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.start, record(self.moves))
    }
}

/// Moves in PTN.
fn record(moves: &[Move]) -> String {
    let mut text = String::new();
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        let _ = write!(text, "{mv}");
    }
    if text.is_empty() {
        "with no moves".to_owned()
    } else {
        format!("with moves {text}")
    }
}

/// Plays the planned game, calling `visit` once at every position reached (the start, after
/// each ply) with how it was reached, before the next move is chosen. Stops when the game ends
/// or the choices run out; returns the last position and the moves played.
fn walk(
    plan: &GamePlan,
    mut visit: impl FnMut(&mut Position, &Trail) -> Result<(), TestCaseError>,
) -> Result<(Position, Vec<Move>), TestCaseError> {
    let start = plan.describe_start();
    let mut position = plan.start();
    let mut played = Vec::new();
    for &choice in &plan.choices {
        let trail = Trail {
            start: &start,
            moves: &played,
        };
        visit(&mut position, &trail)?;
        // Sorted, so that a plan plays the same game whatever the order of move generation.
        let mut moves = position.legal_moves();
        moves.sort_unstable();
        if moves.is_empty() {
            prop_assert!(
                position.is_over(),
                "no legal moves but the game goes on, {}",
                trail
            );
            return Ok((position, played));
        }
        let mv = plan.pick(&position, &moves, choice);
        if let Err(error) = position.play(mv) {
            return Err(TestCaseError::fail(format!(
                "generated move {mv} refused ({error}), {trail}"
            )));
        }
        played.push(mv);
    }
    let trail = Trail {
        start: &start,
        moves: &played,
    };
    visit(&mut position, &trail)?;
    Ok((position, played))
}

/// Every move a board of `size` can name: each square with each role placed, and each square
/// with each direction and each of the 255 drops patterns.
fn every_syntactic_move(size: BoardSize) -> Vec<Move> {
    let n = size.get();
    let mut moves = Vec::new();
    for rank in 0..n {
        for file in 0..n {
            let square = Square::new(file, rank);
            for role in [Role::Flat, Role::Wall, Role::Cap] {
                moves.push(Move::place(square, role));
            }
            for direction in Direction::ALL {
                for bits in 1..=u8::MAX {
                    let drops = Drops::from_bits(NonZeroU8::new(bits).expect("from 1"));
                    moves.push(Move::spread(square, direction, drops));
                }
            }
        }
    }
    moves
}

/// Where `mv` is in [`every_syntactic_move`]`(size)`.
fn syntactic_index(size: BoardSize, mv: Move) -> usize {
    let square = usize::from(mv.square.rank()) * size.as_usize() + usize::from(mv.square.file());
    let kind = match mv.kind {
        MoveKind::Place(role) => match role {
            Role::Flat => 0,
            Role::Wall => 1,
            Role::Cap => 2,
        },
        MoveKind::Spread(direction, drops) => {
            let direction = Direction::ALL
                .iter()
                .position(|&d| d == direction)
                .expect("one of the four");
            3 + direction * 255 + usize::from(drops.bits()) - 1
        }
    };
    square * MOVES_PER_SQUARE + kind
}

/// Whether `mv` (legal in `before`) ends with a capstone flattening a wall, judged from the
/// board alone.
fn flattens_a_wall(before: &Position, mv: Move) -> bool {
    let MoveKind::Spread(direction, drops) = mv.kind else {
        return false;
    };
    let mut square = mv.square;
    for _ in 0..drops.squares() {
        square = square
            .step(direction, before.size())
            .expect("a legal spread stays on the board");
    }
    before.board().stack(square).top_role() == Some(Role::Wall)
}

/// The PTN of `mv` with nothing left out: `F` for flats, the count and the drops always.
fn long_form(mv: Move) -> String {
    match mv.kind {
        MoveKind::Place(Role::Flat) => format!("F{}", mv.square),
        MoveKind::Place(Role::Wall) => format!("S{}", mv.square),
        MoveKind::Place(Role::Cap) => format!("C{}", mv.square),
        MoveKind::Spread(direction, drops) => {
            let mut text = format!("{}{}{}", drops.count(), mv.square, direction.symbol());
            for drop in drops.iter() {
                let _ = write!(text, "{drop}");
            }
            text
        }
    }
}

proptest! {
    #![proptest_config(config(128))]

    /// Move generation and move checking agree on every generated move, and counting agrees
    /// with listing: `count_legal_moves() == legal_moves().len()`, with no move listed twice,
    /// and a game with no legal move is over.
    #[test]
    fn generated_moves_are_all_accepted_and_counted_exactly(plan in game_plan()) {
        walk(&plan, |position, trail| {
            let moves = position.legal_moves();
            prop_assert_eq!(
                position.count_legal_moves(),
                moves.len() as u64,
                "count_legal_moves disagrees with legal_moves, {}",
                trail
            );
            let distinct: HashSet<Move> = moves.iter().copied().collect();
            prop_assert_eq!(distinct.len(), moves.len(), "a move listed twice, {}", trail);
            prop_assert_eq!(moves.is_empty(), position.is_over(), "{}", trail);
            for &mv in &moves {
                prop_assert_eq!(position.check(mv), Ok(()), "check refuses {}, {}", mv, trail);
                let mut next = position.clone();
                let undo = next.play(mv);
                prop_assert!(undo.is_ok(), "play refuses {}, {}: {:?}", mv, trail, undo);
                prop_assert_eq!(next.ply(), position.ply() + 1);
                prop_assert_eq!(next.to_move(), !position.to_move());
            }
            Ok(())
        })?;
    }
}

proptest! {
    // Each position tries some 16 000 (3x3) to 65 000 (8x8) moves: few games, but every
    // position of each is searched exhaustively.
    #![proptest_config(config(24))]

    /// Brute force: of every move the board can name, `check` and `play` accept exactly those
    /// `legal_moves` lists, refuse the rest with the same error, and a refused move leaves the
    /// position as it was.
    #[test]
    fn check_and_play_accept_exactly_the_generated_moves(plan in game_plan()) {
        let size = plan.size();
        let everything = every_syntactic_move(size);
        walk(&plan, |position, trail| {
            let legal = position.legal_moves();
            // `listed[i]`: whether legal_moves lists `everything[i]` (a hash set is too slow
            // in a debug build for the millions of look-ups).
            let mut listed = vec![false; everything.len()];
            for &mv in &legal {
                let i = syntactic_index(size, mv);
                prop_assert_eq!(everything[i], mv);
                prop_assert!(!listed[i], "{} listed twice, {}", mv, trail);
                listed[i] = true;
            }
            let before = position.clone();
            let mut accepted = 0usize;
            // One batch per square (1 023 moves); the position is compared after each batch,
            // and a batch that changed it is tried again move by move to name the culprit.
            for (batch, listed) in everything
                .chunks(MOVES_PER_SQUARE)
                .zip(listed.chunks(MOVES_PER_SQUARE))
            {
                for (&mv, &listed) in batch.iter().zip(listed) {
                    accepted += usize::from(try_move(position, mv, listed, trail)?);
                }
                if *position != before {
                    *position = before.clone();
                    for (&mv, &listed) in batch.iter().zip(listed) {
                        try_move(position, mv, listed, trail)?;
                        prop_assert!(
                            *position == before,
                            "{} {} changed the position, {}",
                            if listed { "playing and undoing" } else { "refusing" },
                            mv,
                            trail
                        );
                    }
                    unreachable!("a batch changed the position but none of its moves did");
                }
            }
            prop_assert_eq!(accepted, legal.len(), "{}", trail);
            Ok(())
        })?;
    }
}

/// Moves per square in [`every_syntactic_move`]: three placements and 4 × 255 spreads.
const MOVES_PER_SQUARE: usize = 3 + 4 * 255;

/// Checks and plays `mv`, which `legal_moves` does or does not list: both must agree with
/// that, and refuse it with the same error. A move played is undone. Says whether it was
/// accepted.
fn try_move(
    position: &mut Position,
    mv: Move,
    listed: bool,
    trail: &Trail,
) -> Result<bool, TestCaseError> {
    let checked = position.check(mv);
    prop_assert_eq!(
        checked.is_ok(),
        listed,
        "check says {:?} for {} (legal_moves {} it), {}",
        checked,
        mv,
        if listed { "lists" } else { "does not list" },
        trail
    );
    match position.play(mv) {
        Ok(undo) => {
            prop_assert!(
                checked.is_ok(),
                "play accepts {} that check refused, {}",
                mv,
                trail
            );
            position.undo(undo);
            Ok(true)
        }
        Err(error) => {
            prop_assert_eq!(
                checked,
                Err(error),
                "check and play differ on {}, {}",
                mv,
                trail
            );
            Ok(false)
        }
    }
}

proptest! {
    #![proptest_config(config(128))]

    /// Every legal move's canonical PTN reads back to the same move and prints the same text
    /// again; the long form (explicit `F`, count and drops) reads back to it too.
    #[test]
    fn every_legal_moves_ptn_reads_back_to_the_same_move(plan in game_plan()) {
        let size = plan.size();
        walk(&plan, |position, trail| {
            for mv in position.legal_moves() {
                let text = mv.to_string();
                let read = parse_move(&text, size);
                prop_assert_eq!(read.as_ref(), Ok(&mv), "{:?}, {}", text, trail);
                prop_assert_eq!(read.map(|m| m.to_string()), Ok(text));
                let long = long_form(mv);
                prop_assert_eq!(parse_move(&long, size), Ok(mv), "{:?}, {}", long, trail);
            }
            Ok(())
        })?;
    }

    /// Undo takes back every legal move exactly (`==`), game-ending moves and wall crushes
    /// included, and reports a crush exactly when a capstone landed on a wall.
    #[test]
    fn undo_restores_the_exact_position_after_every_legal_move(plan in game_plan()) {
        walk(&plan, |position, trail| {
            let before = position.clone();
            for mv in before.legal_moves() {
                let undo = match position.play(mv) {
                    Ok(undo) => undo,
                    Err(error) => {
                        let message = format!("{mv} refused ({error}), {trail}");
                        return Err(TestCaseError::fail(message));
                    }
                };
                prop_assert_eq!(undo.mv(), mv);
                prop_assert_eq!(
                    undo.crushed(),
                    flattens_a_wall(&before, mv),
                    "crush flag of {}, {}",
                    mv,
                    trail
                );
                position.undo(undo);
                prop_assert!(
                    *position == before,
                    "undo of {} did not restore the position, {}",
                    mv,
                    trail
                );
            }
            Ok(())
        })?;
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// TPS round trip: the TPS of every position reached, read back with the game's settings,
    /// is the same position: the same TPS, legal moves, result, reserves, player to move and
    /// ply, and equal as a whole (`==`).
    #[test]
    fn tps_round_trips_to_an_equal_position(plan in game_plan()) {
        let size = plan.size();
        walk(&plan, |position, trail| {
            let text = to_tps(position);
            let tps: Tps = match text.parse() {
                Ok(tps) => tps,
                Err(error) => {
                    let message = format!("{text:?} does not parse ({error}), {trail}");
                    return Err(TestCaseError::fail(message));
                }
            };
            prop_assert_eq!(tps.size(), size);
            prop_assert_eq!(tps.to_move(), position.to_move());
            prop_assert_eq!(tps.move_number(), position.move_number());
            let back = match tps.to_position(*position.config()) {
                Ok(back) => back,
                Err(error) => {
                    let message = format!("{text:?} is refused ({error}), {trail}");
                    return Err(TestCaseError::fail(message));
                }
            };
            let context = format!("{text}, {trail}");
            prop_assert_eq!(&to_tps(&back), &text, "{}", context);
            prop_assert_eq!(back.legal_moves(), position.legal_moves(), "{}", context);
            prop_assert_eq!(back.result(), position.result(), "{}", context);
            for color in [Color::White, Color::Black] {
                let (read, had) = (back.reserves(color), position.reserves(color));
                prop_assert_eq!(read, had, "{} {}", color, context);
            }
            prop_assert_eq!(back.to_move(), position.to_move(), "{}", context);
            prop_assert_eq!(back.ply(), position.ply(), "{}", context);
            prop_assert_eq!(back.config(), position.config(), "{}", context);
            prop_assert!(back == *position, "{}", context);
            Ok(())
        })?;
    }

    /// Playing a whole random game and then undoing every move, last first, passes back
    /// through every position of the game and ends at the start position.
    #[test]
    fn undoing_a_whole_game_returns_to_the_start(plan in game_plan()) {
        let mut history: Vec<Position> = Vec::new();
        let (mut position, played) = walk(&plan, |position, _| {
            history.push(position.clone());
            Ok(())
        })?;
        prop_assert_eq!(history.len(), played.len() + 1);
        // Replay to collect the undo records (walk hands out positions, not undos).
        let mut replay = plan.start();
        let mut undos: Vec<Undo> = Vec::new();
        for &mv in &played {
            undos.push(replay.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?);
        }
        let start = plan.describe_start();
        prop_assert!(replay == position, "replaying {} {} differs", start, record(&played));
        for (i, undo) in undos.into_iter().enumerate().rev() {
            position.undo(undo);
            prop_assert!(
                position == history[i],
                "undoing back to ply {} of {} {} differs",
                i,
                start,
                record(&played)
            );
        }
        prop_assert!(position == plan.start());
    }
}

/// What the random games reach on one board size, counted over the moves the undo property
/// tries.
#[derive(Clone, Copy, Default, Debug)]
struct Coverage {
    crushes: u32,
    road_wins: u32,
    roads_for_the_opponent: u32,
    flat_wins: u32,
    draws: u32,
}

/// A small deterministic generator (`SplitMix64`) for the coverage check.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The generator is not vacuous: games like the properties' reach, on every board size, road
/// wins, flat wins and (where there are capstones) wall crushes, and overall draws and roads
/// completed only for the opponent; so the properties above really do try those moves.
#[test]
fn random_games_reach_crushes_roads_flat_wins_and_draws() {
    let mut rng = SplitMix(0x7A4B_2016);
    let mut seen = [Coverage::default(); 9];
    for game in 0..120u32 {
        let size = 3 + (game % 6) as u8;
        let style = match rng.next() % 3 {
            0 => Style::Random { place_eighths: 4 },
            1 => Style::Random { place_eighths: 7 },
            _ => Style::Builder {
                white_file: (rng.next() % u64::from(size)) as u8,
                black_rank: (rng.next() % u64::from(size)) as u8,
            },
        };
        let plan = GamePlan {
            size,
            komi_halves: (game % 3) as i16 - 1,
            setup: None,
            style,
            choices: (0..MAX_PLIES).map(|_| rng.next() as u32).collect(),
        };
        let seen = &mut seen[usize::from(size)];
        walk(&plan, |position, _| {
            let before = position.clone();
            for mv in before.legal_moves() {
                let undo = position.play(mv).expect("a generated move");
                seen.crushes += u32::from(undo.crushed());
                match position.result() {
                    GameResult::Win {
                        winner,
                        reason: WinReason::Road { .. },
                    } => {
                        seen.road_wins += 1;
                        seen.roads_for_the_opponent += u32::from(winner != before.to_move());
                    }
                    GameResult::Win {
                        reason: WinReason::Flats,
                        ..
                    } => seen.flat_wins += 1,
                    GameResult::Draw => seen.draws += 1,
                    GameResult::Ongoing => {}
                }
                position.undo(undo);
            }
            Ok(())
        })
        .expect("the walk itself does not fail");
    }
    for (size, at) in seen.iter().enumerate().skip(3) {
        assert!(at.road_wins > 0, "{size}x{size}: {at:?}");
        assert!(at.flat_wins > 0, "{size}x{size}: {at:?}");
        assert!(size < 5 || at.crushes > 0, "{size}x{size}: {at:?}");
    }
    assert!(seen.iter().any(|at| at.draws > 0), "{seen:?}");
    assert!(
        seen.iter().any(|at| at.roads_for_the_opponent > 0),
        "{seen:?}"
    );
}
