//! Differential test against the public `fast-tak` crate (a dev-dependency only).
//!
//! Random games on every size from 3x3 to 8x8, with komi 0, 2 and -1.5: long games from the
//! empty board, and short ones from random setups (tall mixed stacks, walls and capstones
//! everywhere, and often two parallel lines one move from a road each, where roads for the
//! opponent and double roads happen). The moves are chosen by a seeded generator, so every run
//! plays the same games.
//!
//! At every position our position goes to TPS, and `fast-tak` builds its game from that TPS.
//! The two must agree on the reserves, on whether and how the game has ended (road or flats,
//! and who won, or a draw), and, while it goes on, on the set of legal moves (compared as our
//! canonical PTN: `fast-tak`'s moves are printed by `takparse`, read back with our
//! `parse_move` and printed again). Then every legal move is played in both engines: the
//! positions reached must have the same TPS and the same result.
//!
//! `fast-tak` also declares a draw after 50 reversible plies, which is not a Tak rule
//! (docs/RULINGS.md). Its game is rebuilt from TPS at every position, so its reversible-ply counter
//! starts at 0 each time (asserted below) and that rule never applies. Its stacks hold at most
//! 63 pieces: far taller than these games build (setups are at most 11 high), and a move it
//! refused for that would be reported, not skipped.
//!
//! Every disagreement is collected and reported with the start (empty board or setup TPS),
//! the moves since, and the TPS where it happened. Each test also checks that it was not
//! vacuous: that its games reached road wins, flat wins, draws, roads completed for the
//! opponent only, and double roads.

use crate::common::Style;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use fast_tak::takparse::{self, Tps as TheirTps};
use fast_tak::{Game, Reserves as TheirReserves};
use taktui::notation::{parse_move, to_tps};
use taktui::rules::{
    BoardSize, Color, GameConfig, GameResult, Komi, Move, Position, Role, Square, Stack, Undo,
    WinReason,
};

/// The longest random game, in plies.
const MAX_PLIES: u64 = 120;

/// How a game stands, in terms both engines can say.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Ongoing,
    Road(Color),
    Flats(Color),
    Draw,
}

fn ours(result: GameResult) -> Outcome {
    match result {
        GameResult::Ongoing => Outcome::Ongoing,
        GameResult::Win {
            winner,
            reason: WinReason::Road { .. },
        } => Outcome::Road(winner),
        GameResult::Win {
            winner,
            reason: WinReason::Flats,
        } => Outcome::Flats(winner),
        GameResult::Draw => Outcome::Draw,
    }
}

fn color(color: takparse::Color) -> Color {
    match color {
        takparse::Color::White => Color::White,
        takparse::Color::Black => Color::Black,
    }
}

/// `fast-tak`'s result; `None` for its 50-reversible-ply draw, which is not a Tak rule.
/// (Its reasons are private; `takparse`'s `WinReason` sorts them into road, flats and other.)
fn theirs(result: fast_tak::GameResult) -> Option<Outcome> {
    use takparse::WinReason;
    match result {
        fast_tak::GameResult::Ongoing => Some(Outcome::Ongoing),
        fast_tak::GameResult::Winner {
            color: winner,
            reason,
        } => match WinReason::from(reason) {
            WinReason::Road => Some(Outcome::Road(color(winner))),
            WinReason::Flat => Some(Outcome::Flats(color(winner))),
            WinReason::Other => None,
        },
        fast_tak::GameResult::Draw { reason } => match WinReason::from(reason) {
            WinReason::Other => None,
            WinReason::Road | WinReason::Flat => Some(Outcome::Draw),
        },
    }
}

/// A small deterministic generator (`SplitMix64`): the same games on every run.
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

/// A style picked at random for a board of `size`.
fn random_style(rng: &mut SplitMix, size: u8) -> Style {
    match rng.next() % 3 {
        0 => Style::Random { place_eighths: 4 },
        1 => Style::Random { place_eighths: 7 },
        _ => Style::Builder {
            white_file: (rng.next() % u64::from(size)) as u8,
            black_rank: (rng.next() % u64::from(size)) as u8,
        },
    }
}

fn record(moves: &[Move]) -> String {
    let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    if texts.is_empty() {
        "(no moves)".to_owned()
    } else {
        texts.join(" ")
    }
}

/// What the games compared, and every disagreement found.
#[derive(Default, Debug)]
struct Tally {
    positions: u32,
    moves_played: u64,
    endings: BTreeMap<String, u32>,
    /// Moves after which both players have a road (the mover wins).
    double_roads: u32,
    /// Moves that complete a road for the opponent only (the opponent wins).
    roads_for_the_opponent: u32,
    mismatches: Vec<String>,
}

/// How a position was reached: the start and the moves since.
struct Trail<'a> {
    komi: i8,
    start: &'a str,
    moves: &'a [Move],
}

impl Tally {
    fn mismatch(&mut self, trail: &Trail, tps: &str, what: &str) {
        self.mismatches.push(format!(
            "komi {} half points, {}, moves {}; at TPS {tps}: {what}",
            trail.komi,
            trail.start,
            record(trail.moves)
        ));
    }

    fn ending(&mut self, outcome: Outcome) {
        *self.endings.entry(format!("{outcome:?}")).or_default() += 1;
    }
}

/// The game `fast-tak` builds from our position's TPS.
fn their_game<const N: usize, const HALF_KOMI: i8>(tps: &str) -> Game<N, HALF_KOMI>
where
    TheirReserves<N>: Default,
{
    let parsed: TheirTps = tps
        .parse()
        .unwrap_or_else(|e| panic!("takparse refuses our TPS {tps:?}: {e:?}"));
    Game::from(parsed)
}

/// A random stack of `height` pieces.
fn random_owners(rng: &mut SplitMix, height: u64) -> Vec<Color> {
    (0..height)
        .map(|_| {
            if rng.next() & 1 == 0 {
                Color::White
            } else {
                Color::Black
            }
        })
        .collect()
}

/// A random position on `config`'s board: empty squares, single pieces and stacks up to three
/// taller than the carry limit, leaving out stacks that would use more stones or capstones
/// than a player has; either player to move, at move 2 to 40.
///
/// With `near_roads`, two parallel lines are first topped with White's and Black's flats
/// except for one square each, across from each other, holding a tall mixed stack: spreads
/// there often complete a road for the opponent, or for both players at once.
fn random_setup(rng: &mut SplitMix, config: GameConfig, near_roads: bool) -> Position {
    let size = config.size();
    let n = u64::from(size.get());
    let mut planned: Vec<(Square, Vec<Color>, Role)> = Vec::new();
    if near_roads {
        let vertical = rng.next() & 1 == 0;
        let white_line = (rng.next() % n) as u8;
        let black_line = ((u64::from(white_line) + 1 + rng.next() % (n - 1)) % n) as u8;
        // Both gaps across one line, so that one spread can fill both.
        let gap = (rng.next() % n) as u8;
        for (line, color) in [(white_line, Color::White), (black_line, Color::Black)] {
            for along in 0..size.get() {
                let square = if vertical {
                    Square::new(line, along)
                } else {
                    Square::new(along, line)
                };
                let owners = if along == gap {
                    {
                        let height = 2 + rng.next() % (n + 1);
                        random_owners(rng, height)
                    }
                } else {
                    let below = rng.next() % 3;
                    let mut owners = random_owners(rng, below);
                    owners.push(color);
                    owners
                };
                planned.push((square, owners, Role::Flat));
            }
        }
    }
    for square in size.squares() {
        if planned.iter().any(|(at, ..)| *at == square) {
            continue;
        }
        let height = match rng.next() % 9 {
            0..=2 => continue,
            3..=6 => 1,
            _ => 2 + rng.next() % (n + 2),
        };
        let top = match rng.next() % 9 {
            0..=5 => Role::Flat,
            6 | 7 => Role::Wall,
            _ => Role::Cap,
        };
        let owners = random_owners(rng, height);
        planned.push((square, owners, top));
    }
    let mut left = [config.pieces(Color::White), config.pieces(Color::Black)];
    let mut stacks = Vec::new();
    for (square, owners, top) in planned {
        let mut need = [(0u8, 0u8); 2];
        for (i, &owner) in owners.iter().enumerate() {
            let slot = &mut need[owner.index()];
            if i + 1 == owners.len() && top == Role::Cap {
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
        let stack = Stack::from_owners(owners, top).expect("1 to 11 pieces");
        stacks.push((square, stack));
    }
    let to_move = if rng.next() & 1 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let move_number = 2 + (rng.next() % 39) as u32;
    Position::from_setup(config, stacks, to_move, move_number).expect("within the reserves")
}

/// Plays `games` random games of size `N` with komi `HALF_KOMI` half points, from the empty
/// board (long games) or from random setups (up to 2 plies each), comparing the engines at
/// every position.
fn compare<const N: usize, const HALF_KOMI: i8>(
    games: u32,
    from_setups: bool,
    seed: u64,
    tally: &mut Tally,
) where
    TheirReserves<N>: Default,
{
    let size = BoardSize::new(N as u8).expect("3 to 8");
    let komi = Komi::from_halves(i16::from(HALF_KOMI)).expect("small komi");
    let config = GameConfig::new(size).with_komi(komi);
    let mut rng = SplitMix(seed);
    for _ in 0..games {
        let (mut position, plies, start) = if from_setups {
            let near_roads = !rng.next().is_multiple_of(4);
            let position = random_setup(&mut rng, config, near_roads);
            let start = format!("from TPS {}", to_tps(&position));
            (position, rng.next() % 3, start)
        } else {
            let plies = MAX_PLIES / 3 + rng.next() % (MAX_PLIES * 2 / 3 + 1);
            (
                Position::new(config),
                plies,
                "from the empty board".to_owned(),
            )
        };
        let style = random_style(&mut rng, size.get());
        let mut played: Vec<Move> = Vec::new();
        for _ in 0..=plies {
            let trail = Trail {
                komi: HALF_KOMI,
                start: &start,
                moves: &played,
            };
            if !compare_position::<N, HALF_KOMI>(&mut position, &trail, tally) {
                break;
            }
            // Sorted, so that the games do not depend on the order of move generation.
            let mut moves = position.legal_moves();
            moves.sort_unstable();
            let mv = style.pick(&position, &moves, rng.next());
            if let Err(error) = position.play(mv) {
                let tps = to_tps(&position);
                let what = format!("our legal_moves lists {mv} but play refuses it: {error}");
                tally.mismatch(&trail, &tps, &what);
                break;
            }
            played.push(mv);
        }
    }
}

/// Compares the engines at `position` and after each of its legal moves; false once the game
/// is over.
fn compare_position<const N: usize, const HALF_KOMI: i8>(
    position: &mut Position,
    trail: &Trail,
    tally: &mut Tally,
) -> bool
where
    TheirReserves<N>: Default,
{
    let tps = to_tps(position);
    let game = their_game::<N, HALF_KOMI>(&tps);
    let at = At { trail, tps: &tps };
    tally.positions += 1;
    // Fresh from TPS: fast-tak's 50-reversible-ply draw cannot apply.
    assert_eq!(game.reversible_plies, 0);

    let (white, black) = (
        position.reserves(Color::White),
        position.reserves(Color::Black),
    );
    let mine = [(white.stones, white.caps), (black.stones, black.caps)];
    let (w, b) = (game.white_reserves, game.black_reserves);
    let theirs_left = [(w.stones, w.caps), (b.stones, b.caps)];
    if mine != theirs_left {
        at.fail(
            tally,
            format!(
                "reserves (stones, caps), White's then Black's: ours {mine:?}, \
                 fast-tak's {theirs_left:?}"
            ),
        );
    }

    let outcome = ours(position.result());
    if theirs(game.result()) != Some(outcome) {
        at.fail(
            tally,
            format!("result: ours {outcome:?}, fast-tak's {:?}", game.result()),
        );
    }
    if outcome != Outcome::Ongoing {
        return false;
    }
    let moves = compare_moves(position, &game, &at, tally);
    play_both(position, &game, &moves, &at, tally);
    true
}

/// Where a comparison is: how the position was reached, and its TPS.
struct At<'a> {
    trail: &'a Trail<'a>,
    tps: &'a str,
}

impl At<'_> {
    fn fail(&self, tally: &mut Tally, what: impl AsRef<str>) {
        tally.mismatch(self.trail, self.tps, what.as_ref());
    }
}

/// Compares the legal moves, as our canonical PTN; returns those both list, with each
/// engine's form of the move.
fn compare_moves<const N: usize, const HALF_KOMI: i8>(
    position: &Position,
    game: &Game<N, HALF_KOMI>,
    at: &At,
    tally: &mut Tally,
) -> Vec<(String, Move, takparse::Move)> {
    let our_moves: BTreeMap<String, Move> = position
        .legal_moves()
        .into_iter()
        .map(|mv| (mv.to_string(), mv))
        .collect();
    let mut listed = Vec::new();
    game.possible_moves(&mut listed);
    let mut their_moves: BTreeMap<String, takparse::Move> = BTreeMap::new();
    for mv in &listed {
        let text = mv.to_string();
        match parse_move(&text, position.size()) {
            Ok(read) => {
                if their_moves.insert(read.to_string(), *mv).is_some() {
                    at.fail(tally, format!("fast-tak lists {text} twice"));
                }
            }
            Err(error) => at.fail(
                tally,
                format!("fast-tak's move {text:?} does not parse: {error}"),
            ),
        }
    }
    let only_ours: Vec<&String> = our_moves
        .keys()
        .filter(|k| !their_moves.contains_key(*k))
        .collect();
    let only_theirs: Vec<&String> = their_moves
        .keys()
        .filter(|k| !our_moves.contains_key(*k))
        .collect();
    if !only_ours.is_empty() || !only_theirs.is_empty() {
        at.fail(
            tally,
            format!("legal moves differ: only ours {only_ours:?}, only fast-tak's {only_theirs:?}"),
        );
    }
    our_moves
        .into_iter()
        .filter_map(|(text, mv)| {
            let theirs = *their_moves.get(&text)?;
            Some((text, mv, theirs))
        })
        .collect()
}

/// Plays each move in both engines: the positions reached must have the same TPS and result.
fn play_both<const N: usize, const HALF_KOMI: i8>(
    position: &mut Position,
    game: &Game<N, HALF_KOMI>,
    moves: &[(String, Move, takparse::Move)],
    at: &At,
    tally: &mut Tally,
) {
    for (text, mv, their_mv) in moves {
        let undo: Undo = match position.play(*mv) {
            Ok(undo) => undo,
            Err(error) => {
                at.fail(
                    tally,
                    format!("our legal_moves lists {text} but play refuses it: {error}"),
                );
                continue;
            }
        };
        let our_after = to_tps(position);
        let our_outcome = ours(position.result());
        let roads = [Color::White, Color::Black].map(|color| position.road(color).is_some());
        position.undo(undo);
        if roads == [true, true] {
            tally.double_roads += 1;
        } else if roads[(!position.to_move()).index()] {
            tally.roads_for_the_opponent += 1;
        }
        if our_outcome != Outcome::Ongoing {
            tally.ending(our_outcome);
        }
        tally.moves_played += 1;
        let mut next = game.clone();
        if let Err(error) = next.play(*their_mv) {
            at.fail(tally, format!("fast-tak refuses {text}: {error:?}"));
            continue;
        }
        let their_after = TheirTps::from(next.clone()).to_string();
        if our_after != their_after {
            at.fail(
                tally,
                format!("after {text}: ours {our_after}, fast-tak's {their_after}"),
            );
        }
        if theirs(next.result()) != Some(our_outcome) {
            at.fail(
                tally,
                format!(
                    "result after {text}: ours {our_outcome:?}, fast-tak's {:?}",
                    next.result()
                ),
            );
        }
    }
}

/// Runs the comparison for one size: `games` games from the empty board and `setups` from
/// random setups, each with three komis; fails with every mismatch found.
fn check_size<const N: usize>(games: u32, setups: u32)
where
    TheirReserves<N>: Default,
{
    let mut tally = Tally::default();
    let seed = 0x5EED_0000 + N as u64;
    compare::<N, 0>(games, false, seed, &mut tally);
    compare::<N, 4>(games, false, seed + 1, &mut tally);
    compare::<N, -3>(games, false, seed + 2, &mut tally);
    compare::<N, 0>(setups, true, seed + 3, &mut tally);
    compare::<N, 4>(setups, true, seed + 4, &mut tally);
    compare::<N, -3>(setups, true, seed + 5, &mut tally);
    if !tally.mismatches.is_empty() {
        let mut report = format!(
            "{} mismatch(es) with fast-tak on {N}x{N} ({} positions); the first ones:\n",
            tally.mismatches.len(),
            tally.positions
        );
        for line in tally.mismatches.iter().take(12) {
            let _ = writeln!(report, "- {line}");
        }
        panic!("{report}");
    }
    eprintln!(
        "{N}x{N}: {} positions, {} moves, {} double roads, {} roads for the opponent, \
         endings {:?}",
        tally.positions,
        tally.moves_played,
        tally.double_roads,
        tally.roads_for_the_opponent,
        tally.endings
    );
    // Not vacuous: many positions and moves compared, games that end every way, and the
    // rare road rules exercised.
    assert!(tally.positions >= 3 * (games + setups), "{tally:?}");
    assert!(tally.moves_played > u64::from(tally.positions), "{tally:?}");
    for ending in ["Road", "Flats", "Draw"] {
        assert!(
            tally.endings.keys().any(|k| k.starts_with(ending)),
            "no {ending} ending reached: {tally:?}"
        );
    }
    assert!(tally.double_roads > 0, "{tally:?}");
    assert!(tally.roads_for_the_opponent > 0, "{tally:?}");
}

#[test]
fn fast_tak_agrees_on_3x3() {
    check_size::<3>(40, 60);
}

#[test]
fn fast_tak_agrees_on_4x4() {
    check_size::<4>(24, 40);
}

#[test]
fn fast_tak_agrees_on_5x5() {
    check_size::<5>(12, 24);
}

#[test]
fn fast_tak_agrees_on_6x6() {
    check_size::<6>(5, 12);
}

#[test]
fn fast_tak_agrees_on_7x7() {
    check_size::<7>(3, 10);
}

#[test]
fn fast_tak_agrees_on_8x8() {
    check_size::<8>(3, 10);
}
