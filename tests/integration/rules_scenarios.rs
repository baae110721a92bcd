//! Rules scenarios: one test per ruling of `docs/RULINGS.md`, each played out as a PTN move list.
//!
//! Every position below was worked out by hand; the board is drawn in a comment (rank 5 or 3
//! at the top, file `a` on the left; `W`/`B` a flat, `WS`/`BS` a wall, `WC`/`BC` a capstone,
//! `[B W]` a stack bottom to top, `.` empty). Each test asserts what its name claims and would
//! fail if the engine broke that rule.

use taktui::notation::{parse_move, to_tps};
use taktui::rules::{
    Bitboard, BoardSize, Color, GameConfig, GameResult, IllegalMove, Komi, Move, MoveKind, Piece,
    Position, Reserves, Role, Square, WinReason,
};

fn size(n: u8) -> BoardSize {
    BoardSize::new(n).expect("a board size")
}

fn start(n: u8) -> Position {
    Position::new(GameConfig::new(size(n)))
}

/// Plays a space-separated list of PTN moves, panicking with the move that failed.
fn play_all(position: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = parse_move(text, position.size())
            .unwrap_or_else(|e| panic!("{text} does not parse: {e}"));
        position
            .play(mv)
            .unwrap_or_else(|e| panic!("{text} refused after {}: {e}", to_tps(position)));
    }
}

/// The standard game on an `n`x`n` board after `moves`.
fn game(n: u8, moves: &str) -> Position {
    let mut position = start(n);
    play_all(&mut position, moves);
    position
}

/// The game with these settings after `moves`.
fn game_with(config: GameConfig, moves: &str) -> Position {
    let mut position = Position::new(config);
    play_all(&mut position, moves);
    position
}

/// A move read on the largest board, so that squares off smaller boards can be named.
fn mv(text: &str) -> Move {
    text.parse()
        .unwrap_or_else(|e| panic!("{text} does not parse: {e}"))
}

fn sq(text: &str) -> Square {
    mv(text).square
}

fn squares(list: &str) -> Bitboard {
    list.split_whitespace()
        .fold(Bitboard::EMPTY, |board, text| board | sq(text).bit())
}

/// The pieces on a square, bottom to top.
fn stack(position: &Position, square: &str) -> Vec<Piece> {
    position.board().stack(sq(square)).pieces().collect()
}

fn flat(color: Color) -> Piece {
    Piece::new(color, Role::Flat)
}

fn wall(color: Color) -> Piece {
    Piece::new(color, Role::Wall)
}

fn cap(color: Color) -> Piece {
    Piece::new(color, Role::Cap)
}

fn road_win(winner: Color, road: &str) -> GameResult {
    GameResult::Win {
        winner,
        reason: WinReason::Road {
            squares: squares(road),
        },
    }
}

fn flat_win(winner: Color) -> GameResult {
    GameResult::Win {
        winner,
        reason: WinReason::Flats,
    }
}

/// Asserts that `text` is refused with exactly `expected`, by both `check` and `play`, that
/// move generation does not list it, and that the position is left exactly as it was.
fn assert_refused(position: &mut Position, text: &str, expected: IllegalMove) {
    let before = position.clone();
    let tps_before = to_tps(position);
    let mv = mv(text);
    assert_eq!(position.check(mv), Err(expected), "check({text})");
    assert_eq!(position.play(mv), Err(expected), "play({text})");
    assert_eq!(
        *position, before,
        "{text} was refused but changed the position"
    );
    assert_eq!(to_tps(position), tps_before, "{text} changed the TPS");
    assert!(
        !position.legal_moves().contains(&mv),
        "{text} is refused but listed as legal"
    );
}

/// The moves as canonical PTN, sorted, for comparing sets of moves.
fn ptn_set(moves: &[Move]) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

// ---------------------------------------------------------------------------------------------
// Ruling 3: the opening swap.

#[test]
fn opening_ply_one_places_a_black_flat_and_ply_two_a_white_flat() {
    let mut position = start(5);
    play_all(&mut position, "a1");
    assert_eq!(stack(&position, "a1"), [flat(Color::Black)]);
    assert_eq!(position.to_move(), Color::Black);
    // White's ply spent one of Black's stones, not one of White's.
    assert_eq!(position.reserves(Color::White).stones, 21);
    assert_eq!(position.reserves(Color::Black).stones, 20);

    play_all(&mut position, "e5");
    assert_eq!(stack(&position, "e5"), [flat(Color::White)]);
    assert_eq!(position.to_move(), Color::White);
    assert_eq!(position.reserves(Color::White).stones, 20);
    assert_eq!(position.reserves(Color::Black).stones, 20);

    // From ply 3 on, each player places their own pieces.
    play_all(&mut position, "c3 c2");
    assert_eq!(stack(&position, "c3"), [flat(Color::White)]);
    assert_eq!(stack(&position, "c2"), [flat(Color::Black)]);
    assert_eq!(position.reserves(Color::White).stones, 19);
    assert_eq!(position.reserves(Color::Black).stones, 19);
}

#[test]
fn opening_refuses_walls_capstones_and_spreads_on_plies_one_and_two() {
    let mut position = start(5);
    assert_refused(&mut position, "Sa1", IllegalMove::OpeningMustBeFlat);
    assert_refused(&mut position, "Ca1", IllegalMove::OpeningMustBeFlat);
    // Ply 1 lists exactly one flat placement per square.
    let moves = position.legal_moves();
    assert_eq!(moves.len(), 25);
    assert!(
        moves
            .iter()
            .all(|m| *m == Move::place(m.square, Role::Flat))
    );

    play_all(&mut position, "a1");
    assert_refused(&mut position, "Sb1", IllegalMove::OpeningMustBeFlat);
    assert_refused(&mut position, "Cb1", IllegalMove::OpeningMustBeFlat);
    // a1 holds Black's flat and Black is to move, yet it may not be spread on ply 2.
    assert_refused(&mut position, "a1>", IllegalMove::OpeningMustBeFlat);
    assert_refused(&mut position, "a1+", IllegalMove::OpeningMustBeFlat);
    let moves = position.legal_moves();
    assert_eq!(moves.len(), 24);
    assert!(
        moves
            .iter()
            .all(|m| *m == Move::place(m.square, Role::Flat))
    );

    // Ply 3 is normal play: walls, capstones and spreads are allowed.
    play_all(&mut position, "e5 Sc3 Cc2 e5<");
    assert_eq!(stack(&position, "c3"), [wall(Color::White)]);
    assert_eq!(stack(&position, "c2"), [cap(Color::Black)]);
    assert_eq!(stack(&position, "d5"), [flat(Color::White)]);
}

// ---------------------------------------------------------------------------------------------
// Every `IllegalMove` variant, each from a real move, leaving the position untouched.

#[test]
fn illegal_game_over_once_a_road_is_made() {
    // The road game of `road_win_north_south`.
    let mut position = game(5, "a1 c1 c2 a2 c3 a3 c4 a4 c5");
    assert!(position.is_over());
    assert_refused(&mut position, "a5", IllegalMove::GameOver);
    assert_refused(&mut position, "c5-", IllegalMove::GameOver);
    assert_eq!(IllegalMove::GameOver.to_string(), "the game is over");
}

#[test]
fn illegal_off_board_square() {
    let mut position = game(5, "a1 e5");
    let five = size(5);
    assert_refused(
        &mut position,
        "f1",
        IllegalMove::OffBoard {
            square: sq("f1"),
            size: five,
        },
    );
    assert_refused(
        &mut position,
        "a6-",
        IllegalMove::OffBoard {
            square: sq("a6"),
            size: five,
        },
    );
    let error = position.check(mv("f1")).unwrap_err();
    assert_eq!(error.to_string(), "f1 is off the 5x5 board");
}

#[test]
fn illegal_occupied_square() {
    // During the opening too: ply 2 cannot place on White's ply-1 square.
    let mut position = game(5, "a1");
    assert_refused(
        &mut position,
        "a1",
        IllegalMove::Occupied { square: sq("a1") },
    );
    play_all(&mut position, "e5");
    for text in ["a1", "Sa1", "Ce5"] {
        let square = mv(text).square;
        assert_refused(&mut position, text, IllegalMove::Occupied { square });
    }
    assert_eq!(
        IllegalMove::Occupied { square: sq("a1") }.to_string(),
        "a1 is occupied: place only on empty squares"
    );
}

#[test]
fn illegal_opening_must_be_flat() {
    let mut position = start(4);
    assert_refused(&mut position, "Sd4", IllegalMove::OpeningMustBeFlat);
    play_all(&mut position, "d4");
    assert_refused(&mut position, "Sa1", IllegalMove::OpeningMustBeFlat);
    assert_refused(&mut position, "d4<", IllegalMove::OpeningMustBeFlat);
}

#[test]
fn illegal_no_stones_left_while_a_capstone_remains() {
    // Two stones and a capstone each. Plies: a1 (Black's stone), e5 (White's), b2 (White's
    // last stone), Cd4 (Black's capstone).
    //   5  .  .  .  .  W
    //   4  .  .  .  BC .
    //   3  .  .  .  .  .
    //   2  .  W  .  .  .
    //   1  B  .  .  .  .
    // White has no stone but a capstone: the reserve is not spent, the game goes on.
    let config = GameConfig::new(size(5))
        .with_pieces(Reserves { stones: 2, caps: 1 })
        .unwrap();
    let mut position = game_with(config, "a1 e5 b2 Cd4");
    assert_eq!(
        position.reserves(Color::White),
        Reserves { stones: 0, caps: 1 }
    );
    assert_eq!(position.result(), GameResult::Ongoing);
    let no_stones = IllegalMove::NoStonesLeft {
        color: Color::White,
    };
    assert_refused(&mut position, "c3", no_stones);
    assert_refused(&mut position, "Sc3", no_stones);
    assert_eq!(no_stones.to_string(), "White has no stones left to place");
    // Only the capstone may still be placed.
    assert!(
        position
            .legal_moves()
            .iter()
            .filter(|m| m.is_place())
            .all(|m| *m == Move::place(m.square, Role::Cap))
    );
    // Placing it spends the reserve: a flat end, White 2 (e5, b2) to Black 1 (a1).
    play_all(&mut position, "Cc3");
    assert_eq!(position.result(), flat_win(Color::White));
}

#[test]
fn illegal_no_capstone_left() {
    // 4x4 has no capstones at all: that is said, rather than that they ran out.
    let mut position = game(4, "a1 d4");
    assert_refused(&mut position, "Cb2", IllegalMove::NoCapstones);
    assert_eq!(
        IllegalMove::NoCapstones.to_string(),
        "this game is played without capstones"
    );
    let none = IllegalMove::NoCapstoneLeft {
        color: Color::White,
    };
    assert_eq!(none.to_string(), "White has no capstone left to place");

    // 5x5 has one each: White's second one is refused.
    let mut position = game(5, "a1 e5 Cc3 Cc2");
    assert_refused(
        &mut position,
        "Cb2",
        IllegalMove::NoCapstoneLeft {
            color: Color::White,
        },
    );
    play_all(&mut position, "b2");
    assert_refused(
        &mut position,
        "Cd2",
        IllegalMove::NoCapstoneLeft {
            color: Color::Black,
        },
    );
}

#[test]
fn illegal_spread_from_an_empty_square() {
    let mut position = game(5, "a1 e5");
    assert_refused(
        &mut position,
        "c3+",
        IllegalMove::EmptySquare { square: sq("c3") },
    );
    assert_eq!(
        IllegalMove::EmptySquare { square: sq("c3") }.to_string(),
        "c3 is empty: there is no stack to move"
    );
}

#[test]
fn illegal_spread_of_the_opponents_stack() {
    // a1 holds the Black flat White placed on ply 1: it is Black's, not White's, to move.
    let mut position = game(5, "a1 e5");
    let theirs = IllegalMove::NotYourStack {
        square: sq("a1"),
        owner: Color::Black,
    };
    assert_refused(&mut position, "a1+", theirs);
    assert_eq!(
        theirs.to_string(),
        "a1 is controlled by Black: move only stacks with your piece on top"
    );
    // And Black may not move White's e5.
    play_all(&mut position, "c3");
    assert_refused(
        &mut position,
        "e5-",
        IllegalMove::NotYourStack {
            square: sq("e5"),
            owner: Color::White,
        },
    );
}

#[test]
fn illegal_carry_limit_on_a_stack_taller_than_the_board() {
    // 3x3. b3- and b1+ and c2< pile four pieces on b2:
    //   3  W  .  .
    //   2  .  [B W B W]  .
    //   1  B  .  B
    let mut position = game(3, "b2 a3 b3 b1 b3- b1+ c2 c1 c2< a1");
    assert_eq!(
        stack(&position, "b2"),
        [
            flat(Color::Black),
            flat(Color::White),
            flat(Color::Black),
            flat(Color::White)
        ]
    );
    let four = IllegalMove::CarryLimit { count: 4, limit: 3 };
    assert_refused(&mut position, "4b2+", four);
    assert_refused(&mut position, "4b2>", four);
    assert_refused(&mut position, "4b2-13", four);
    assert_eq!(
        four.to_string(),
        "cannot carry 4 pieces: the carry limit on this board is 3"
    );
    // No listed spread from b2 carries more than 3.
    let most = position
        .legal_moves()
        .iter()
        .filter(|m| m.square == sq("b2"))
        .filter_map(|m| match m.kind {
            MoveKind::Spread(_, drops) => Some(drops.count()),
            MoveKind::Place(_) => None,
        })
        .max();
    assert_eq!(most, Some(3));
    // Carrying exactly the board size is allowed: the top three go to b3.
    play_all(&mut position, "3b2+");
    assert_eq!(stack(&position, "b2"), [flat(Color::Black)]);
    assert_eq!(
        stack(&position, "b3"),
        [flat(Color::White), flat(Color::Black), flat(Color::White)]
    );
}

#[test]
fn illegal_too_few_pieces_in_the_stack() {
    let mut position = game(5, "a1 e5");
    let few = IllegalMove::TooFewPieces {
        square: sq("e5"),
        height: 1,
        count: 2,
    };
    assert_refused(&mut position, "2e5-", few);
    assert_eq!(few.to_string(), "cannot pick up 2 from e5: it holds only 1");
}

#[test]
fn illegal_spread_running_off_the_board() {
    let mut position = game(5, "a1 e5");
    assert_refused(
        &mut position,
        "e5+",
        IllegalMove::RunsOffBoard { square: sq("e5") },
    );
    assert_refused(
        &mut position,
        "e5>",
        IllegalMove::RunsOffBoard { square: sq("e5") },
    );
    // A longer spread that runs off after its first drop: [W W] on d5 spreads east 1 + 1.
    //   5  .  .  .  [W W] .
    //   3  B  .  .  .  .
    //   2  B  .  .  .  .
    //   1  B  .  .  .  .
    let mut position = game(5, "a1 e5 d5 a2 e5<");
    play_all(&mut position, "a3");
    assert_eq!(stack(&position, "d5").len(), 2);
    assert_refused(
        &mut position,
        "2d5>11",
        IllegalMove::RunsOffBoard { square: sq("e5") },
    );
    assert_eq!(
        IllegalMove::RunsOffBoard { square: sq("e5") }.to_string(),
        "e5 is at the edge: the move would leave the board"
    );
}

#[test]
fn illegal_blocked_by_wall() {
    //   5  .  .  BS W  W      White's d5 flat may not move onto Black's wall on c5.
    let mut position = game(5, "a1 e5 d5 Sc5");
    let blocked = IllegalMove::BlockedByWall { at: sq("c5") };
    assert_refused(&mut position, "d5<", blocked);
    assert_eq!(
        blocked.to_string(),
        "a wall blocks c5: only a capstone arriving alone can crush it"
    );
    // Nor onto its own wall, nor may a wall move onto a wall.
    let mut position = game(5, "a1 e5 Sd5 a2 Sc5 a3");
    assert_refused(
        &mut position,
        "e5<",
        IllegalMove::BlockedByWall { at: sq("d5") },
    );
    assert_refused(
        &mut position,
        "d5<",
        IllegalMove::BlockedByWall { at: sq("c5") },
    );
}

#[test]
fn illegal_blocked_by_cap() {
    //   5  .  .  BC W  W      White's d5 flat may not move onto Black's capstone on c5.
    let mut position = game(5, "a1 e5 d5 Cc5");
    let blocked = IllegalMove::BlockedByCap { at: sq("c5") };
    assert_refused(&mut position, "d5<", blocked);
    assert_eq!(
        blocked.to_string(),
        "a capstone blocks c5: nothing may move onto a capstone"
    );
}

/// After `a1 e5 Cc3 a2 c2 a3 c3-` White's capstone sits on White's flat on c2; then Black
/// places a wall on `wall_at`.
///   5  .  .  .  .  W
///   4  .  .  ?  .  .       ? = the wall (`c3` or `c4`)
///   3  B  .  ?  .  .
///   2  B  .  [W WC] .  .
///   1  B  .  .  .  .
fn cap_stack_facing_a_wall(wall_at: &str) -> Position {
    game(5, &format!("a1 e5 Cc3 a2 c2 a3 c3- S{wall_at}"))
}

#[test]
fn illegal_crush_needs_a_lone_cap() {
    let mut position = cap_stack_facing_a_wall("c3");
    assert_eq!(
        stack(&position, "c2"),
        [flat(Color::White), cap(Color::White)]
    );
    let crush = IllegalMove::CrushNeedsLoneCap { at: sq("c3") };
    assert_refused(&mut position, "2c2+", crush);
    assert_eq!(
        crush.to_string(),
        "to crush the wall on c3 the capstone must drop onto it alone"
    );
}

// ---------------------------------------------------------------------------------------------
// Ruling 5: crushing walls, and what a capstone never suffers.

#[test]
fn crush_lone_capstone_flattens_an_opponents_wall() {
    //   4  .  .  BS .  .   ->   c4 = [B WC]
    //   3  .  .  WC .  .
    let mut position = game(5, "a1 e5 Cc3 Sc4");
    let undo = position.play(mv("c3+")).unwrap();
    assert!(undo.crushed());
    assert_eq!(
        stack(&position, "c4"),
        [flat(Color::Black), cap(Color::White)]
    );
    assert!(position.board().stack(sq("c3")).is_empty());
}

#[test]
fn crush_lone_capstone_flattens_its_own_wall() {
    //   4  .  .  WS .  .   ->   c4 = [W WC]
    //   3  B  .  WC .  .
    let mut position = game(5, "a1 e5 Cc3 a2 Sc4 a3");
    let undo = position.play(mv("c3+")).unwrap();
    assert!(undo.crushed());
    assert_eq!(
        stack(&position, "c4"),
        [flat(Color::White), cap(Color::White)]
    );
}

#[test]
fn crush_capstone_dropping_alone_at_the_end_of_a_longer_spread() {
    // [W WC] on c2, empty c3, Black wall on c4: the flat drops on c3, the capstone alone on c4.
    let mut position = cap_stack_facing_a_wall("c4");
    let undo = position.play(mv("2c2+11")).unwrap();
    assert!(undo.crushed());
    assert!(position.board().stack(sq("c2")).is_empty());
    assert_eq!(stack(&position, "c3"), [flat(Color::White)]);
    assert_eq!(
        stack(&position, "c4"),
        [flat(Color::Black), cap(Color::White)]
    );
}

#[test]
fn crush_refused_when_other_pieces_drop_with_the_capstone() {
    // [W WC] on c2 and a Black wall on c3: both pieces would land on the wall together.
    let mut position = cap_stack_facing_a_wall("c3");
    assert_refused(
        &mut position,
        "2c2+",
        IllegalMove::CrushNeedsLoneCap { at: sq("c3") },
    );
    // The capstone alone may crush it.
    let undo = position.play(mv("c2+")).unwrap();
    assert!(undo.crushed());
    assert_eq!(
        stack(&position, "c3"),
        [flat(Color::Black), cap(Color::White)]
    );
}

#[test]
fn crush_wall_in_the_middle_of_the_path_blocks_even_a_capstone() {
    // [W WC] on c2, Black wall on c3, empty c4: the flat would have to drop on the wall.
    let mut position = cap_stack_facing_a_wall("c3");
    assert_refused(
        &mut position,
        "2c2+11",
        IllegalMove::BlockedByWall { at: sq("c3") },
    );
}

#[test]
fn capstone_is_never_covered_or_crushed() {
    //   4  .  B  BC W  .
    //   3  .  .  WC .  .
    let mut position = game(5, "a1 e5 Cc3 Cc4 d4 b4");
    let black_cap = IllegalMove::BlockedByCap { at: sq("c4") };
    // Neither a flat nor a capstone (alone, so it could crush a wall) may move onto it.
    assert_refused(&mut position, "d4<", black_cap);
    assert_refused(&mut position, "c3+", black_cap);
    // Whatever White plays, c4 keeps its lone Black capstone.
    for mv in position.legal_moves() {
        let mut after = position.clone();
        after.play(mv).unwrap();
        assert_eq!(stack(&after, "c4"), [cap(Color::Black)], "after {mv}");
    }
    // And whatever Black plays next, c3 keeps its lone White capstone.
    play_all(&mut position, "a5");
    assert_refused(
        &mut position,
        "c4-",
        IllegalMove::BlockedByCap { at: sq("c3") },
    );
    for mv in position.legal_moves() {
        let mut after = position.clone();
        after.play(mv).unwrap();
        assert_eq!(stack(&after, "c3"), [cap(Color::White)], "after {mv}");
    }
}

#[test]
fn crush_then_undo_restores_the_wall() {
    let mut position = game(5, "a1 e5 Cc3 Sc4");
    let before = position.clone();
    let tps_before = to_tps(&position);
    let undo = position.play(mv("c3+")).unwrap();
    assert!(undo.crushed());
    assert_ne!(to_tps(&position), tps_before);
    position.undo(undo);
    assert_eq!(position, before);
    assert_eq!(to_tps(&position), tps_before);
    assert_eq!(stack(&position, "c4"), [wall(Color::Black)]);
    assert_eq!(stack(&position, "c3"), [cap(Color::White)]);
    // The restored wall is a wall again: a flat may not move onto it.
    play_all(&mut position, "d4 a2");
    assert_refused(
        &mut position,
        "d4<",
        IllegalMove::BlockedByWall { at: sq("c4") },
    );
}

// ---------------------------------------------------------------------------------------------
// Ruling 6: roads.

#[test]
fn road_win_north_south() {
    //   5  .  .  W  .  .
    //   4  B  .  W  .  .
    //   3  B  .  W  .  .
    //   2  B  .  W  .  .
    //   1  B  .  W  .  .
    let mut position = game(5, "a1 c1 c2 a2 c3 a3 c4 a4");
    assert_eq!(position.result(), GameResult::Ongoing);
    play_all(&mut position, "c5");
    assert_eq!(position.result(), road_win(Color::White, "c1 c2 c3 c4 c5"));
    assert_eq!(position.result().ptn(), Some("R-0"));
    assert_eq!(position.road(Color::White), Some(squares("c1 c2 c3 c4 c5")));
    assert_eq!(position.road(Color::Black), None);
}

#[test]
fn road_win_west_east() {
    //   5  .  .  .  W  W
    //   4  .  .  .  .  .
    //   3  B  B  B  B  B
    //   2  .  .  .  .  .
    //   1  W  W  W  .  .
    let mut position = game(5, "a3 e5 a1 b3 b1 c3 c1 d3 d5");
    assert_eq!(position.result(), GameResult::Ongoing);
    play_all(&mut position, "e3");
    assert_eq!(position.result(), road_win(Color::Black, "a3 b3 c3 d3 e3"));
    assert_eq!(position.result().ptn(), Some("0-R"));
    assert_eq!(position.road(Color::White), None);
}

/// 3x3, White to move:
///   3  W  .  W
///   2  B  [B W]  B
///   1  .  .  B
/// b2's top (White) may go north to complete White's rank 3 and uncover Black's rank 2, or
/// south to uncover only Black's rank 2.
fn stack_over_both_roads() -> Position {
    let position = game(3, "a2 a3 c3 b2 b1 c1 b1+ c2");
    assert_eq!(position.result(), GameResult::Ongoing);
    assert_eq!(
        stack(&position, "b2"),
        [flat(Color::Black), flat(Color::White)]
    );
    position
}

#[test]
fn double_road_from_a_spread_is_won_by_the_mover() {
    let mut position = stack_over_both_roads();
    play_all(&mut position, "b2+");
    // Both roads are on the board ...
    assert_eq!(position.road(Color::White), Some(squares("a3 b3 c3")));
    let black = position
        .road(Color::Black)
        .expect("Black's rank 2 is a road");
    assert_eq!(black & squares("a2 b2 c2"), squares("a2 b2 c2"));
    // ... and the mover, White, wins.
    assert_eq!(position.result(), road_win(Color::White, "a3 b3 c3"));
}

#[test]
fn spread_completing_only_the_opponents_road_loses() {
    let mut position = stack_over_both_roads();
    play_all(&mut position, "b2-");
    assert_eq!(position.road(Color::White), None);
    // Black's group is a2 b2 c2 and c1 (joined to c2); the road shown is the chain a2 b2 c2,
    // without the side branch.
    assert_eq!(position.result(), road_win(Color::Black, "a2 b2 c2"));
    assert_eq!(position.result().ptn(), Some("0-R"));
}

#[test]
fn road_beats_flats_when_the_road_move_fills_the_board() {
    //   3  B  W  B       b3 is White's last placement: it fills the board and makes the
    //   2  WS W  WS      b1-b2-b3 road, though Black leads on flats 4 to 3.
    //   1  B  W  B
    let mut position = game(3, "a1 b1 Sa2 a3 Sc2 c1 b2 c3");
    assert_eq!(position.result(), GameResult::Ongoing);
    play_all(&mut position, "b3");
    assert_eq!(position.board().occupied(), size(3).mask());
    let count = position.flat_count();
    assert_eq!((count.white, count.black), (3, 4));
    assert_eq!(count.leader(), Some(Color::Black));
    assert_eq!(position.result(), road_win(Color::White, "b1 b2 b3"));
}

#[test]
fn walls_do_not_count_in_roads() {
    //   5  .  .  W  .  .
    //   4  B  .  W  .  .
    //   3  B  .  WS .  .      a wall on c3 breaks the column
    //   2  B  .  W  .  .
    //   1  B  .  W  .  .
    let position = game(5, "a1 c1 c2 a2 Sc3 a3 c4 a4 c5");
    assert_eq!(position.result(), GameResult::Ongoing);
    assert_eq!(position.road(Color::White), None);
}

#[test]
fn capstones_count_in_roads() {
    // The same column with a capstone on c3.
    let position = game(5, "a1 c1 c2 a2 Cc3 a3 c4 a4 c5");
    assert_eq!(position.result(), road_win(Color::White, "c1 c2 c3 c4 c5"));
}

// ---------------------------------------------------------------------------------------------
// Ruling 7: flat ends, komi, draws.

/// 3x3 filled without a road, White 5 flats to Black 4:
///   3  W  B  W
///   2  B  W  B
///   1  W  B  W
const FULL_3X3_WHITE_5_BLACK_4: &str = "b1 a1 c1 a2 b2 c2 a3 b3 c3";

/// The same board with c1 a White wall: 4 flats each.
const FULL_3X3_TIE: &str = "b1 a1 Sc1 a2 b2 c2 a3 b3 c3";

fn komi(text: &str) -> GameConfig {
    GameConfig::new(size(3)).with_komi(text.parse::<Komi>().unwrap())
}

#[test]
fn flat_win_on_a_full_board() {
    let mut position = start(3);
    let (last, moves) = FULL_3X3_WHITE_5_BLACK_4.rsplit_once(' ').unwrap();
    play_all(&mut position, moves);
    assert_eq!(position.result(), GameResult::Ongoing);
    play_all(&mut position, last);
    let count = position.flat_count();
    assert_eq!((count.white, count.black), (5, 4));
    assert_eq!(position.result(), flat_win(Color::White));
    assert_eq!(position.result().ptn(), Some("F-0"));
}

#[test]
fn draw_on_an_exact_tie() {
    let position = game(3, FULL_3X3_TIE);
    let count = position.flat_count();
    assert_eq!((count.white, count.black), (4, 4));
    assert_eq!(position.result(), GameResult::Draw);
    assert_eq!(position.result().ptn(), Some("1/2-1/2"));
    assert_eq!(position.score(), None);
}

#[test]
fn komi_two_turns_whites_one_flat_lead_into_a_black_win() {
    // 5 to 4 + 2.
    let position = game_with(komi("2"), FULL_3X3_WHITE_5_BLACK_4);
    assert_eq!(position.flat_count().komi, "2".parse().unwrap());
    assert_eq!(position.result(), flat_win(Color::Black));
    assert_eq!(position.result().ptn(), Some("0-F"));
}

#[test]
fn komi_one_turns_whites_one_flat_lead_into_a_draw() {
    // 5 to 4 + 1.
    let position = game_with(komi("1"), FULL_3X3_WHITE_5_BLACK_4);
    assert_eq!(position.result(), GameResult::Draw);
}

#[test]
fn half_komi_breaks_a_tie_for_black() {
    // 4 to 4 + 0.5; and 5 to 4 + 0.5 is still White's.
    assert_eq!(
        game_with(komi("0.5"), FULL_3X3_TIE).result(),
        flat_win(Color::Black)
    );
    assert_eq!(
        game_with(komi("0.5"), FULL_3X3_WHITE_5_BLACK_4).result(),
        flat_win(Color::White)
    );
    // A negative komi favours White.
    assert_eq!(
        game_with(komi("-0.5"), FULL_3X3_TIE).result(),
        flat_win(Color::White)
    );
}

fn three_stones_each() -> GameConfig {
    GameConfig::new(size(5))
        .with_pieces(Reserves { stones: 3, caps: 0 })
        .unwrap()
}

#[test]
fn flat_win_when_a_reserve_runs_out() {
    // Three stones each, no capstones. White's c3 is White's third stone (e5 was one):
    //   5  .  .  .  .  W
    //   4  .  .  .  B  .
    //   3  .  .  W  .  .
    //   2  .  W  .  .  .
    //   1  B  .  .  .  .
    let mut position = game_with(three_stones_each(), "a1 e5 b2 d4");
    assert_eq!(position.result(), GameResult::Ongoing);
    play_all(&mut position, "c3");
    assert!(position.reserves(Color::White).is_empty());
    assert_eq!(position.reserves(Color::Black).stones, 1);
    assert!(position.board().occupied() != size(5).mask());
    assert_eq!(position.result(), flat_win(Color::White));
}

#[test]
fn reserve_run_out_lost_on_flats_by_the_player_who_ran_out() {
    // White spends the last stone on walls: White 1 flat (e5) to Black 2 (a1, d4).
    let position = game_with(three_stones_each(), "a1 e5 Sb2 d4 Sc3");
    assert_eq!(position.result(), flat_win(Color::Black));
}

#[test]
fn reserve_run_out_tie_is_a_draw_not_a_win_for_the_player_who_ran_out() {
    // White 2 (e5, b2) to Black 2 (a1, d4): docs/RULINGS.md 7, the summary that gives the tie away is wrong here.
    let position = game_with(three_stones_each(), "a1 e5 b2 d4 Sc3");
    assert_eq!(position.result(), GameResult::Draw);
}

#[test]
fn walls_and_capstones_do_not_count_as_flats() {
    //   5  .  .  .  .  W
    //   4  .  .  .  WC .
    //   3  .  .  WS .  .
    //   2  .  BC .  .  .
    //   1  B  .  .  .  .
    let position = game(5, "a1 e5 Sc3 Cb2 Cd4");
    let count = position.flat_count();
    assert_eq!((count.white, count.black), (1, 1));
    // A crushed wall becomes a flat, but it is under the capstone: still not counted.
    let position = game(5, "a1 e5 Cc3 Sc4 c3+");
    let count = position.flat_count();
    assert_eq!((count.white, count.black), (1, 1));
}

// ---------------------------------------------------------------------------------------------
// The end of the game, Tak threats, and the score.

#[test]
fn finished_game_has_no_legal_moves_and_refuses_play() {
    for mut position in [
        game(5, "a1 c1 c2 a2 c3 a3 c4 a4 c5"),
        game(3, FULL_3X3_TIE),
        game_with(three_stones_each(), "a1 e5 b2 d4 c3"),
    ] {
        assert!(position.is_over());
        assert!(position.legal_moves().is_empty());
        assert_eq!(position.count_legal_moves(), 0);
        assert!(position.threats(Color::White).is_empty());
        assert!(position.threats(Color::Black).is_empty());
        let empty = position
            .size()
            .squares()
            .find(|&s| position.board().stack(s).is_empty());
        if let Some(square) = empty {
            assert_refused(&mut position, &square.to_string(), IllegalMove::GameOver);
        }
        // Game over comes before every other reason (a1 is occupied in all three).
        assert_refused(&mut position, "a1", IllegalMove::GameOver);
    }
}

#[test]
fn threats_list_exactly_the_road_winning_moves() {
    //   5  .  .  W  .  .
    //   4  .  .  .  W  .      White wins at once with c4, Cc4 or d4< (not Sc4: a wall is no
    //   3  B  .  W  .  .      road piece; not c5- or c3+: each leaves a hole).
    //   2  B  .  W  .  B      Black has no one-move road.
    //   1  B  .  W  .  B
    let position = game(5, "a1 c1 c2 a2 c3 a3 c5 e1 d4 e2");
    assert_eq!(position.to_move(), Color::White);
    assert_eq!(
        ptn_set(&position.threats(Color::White)),
        ["Cc4", "c4", "d4<"]
    );
    assert!(position.threats(Color::Black).is_empty());
    // Each threat really wins, and no other move does.
    for mv in position.legal_moves() {
        let mut after = position.clone();
        after.play(mv).unwrap();
        let wins = after.result().winner() == Some(Color::White);
        assert_eq!(
            wins,
            ["Cc4", "c4", "d4<"].contains(&mv.to_string().as_str()),
            "{mv}"
        );
    }

    //   5  .  .  .  .  .
    //   4  B  .  W  .  .      Both threaten: Black's list is asked for while White is to move.
    //   3  B  .  W  .  .
    //   2  B  .  W  .  .
    //   1  B  .  W  .  .
    let position = game(5, "a1 c1 c2 a2 c3 a3 c4 a4");
    assert_eq!(ptn_set(&position.threats(Color::White)), ["Cc5", "c5"]);
    assert_eq!(ptn_set(&position.threats(Color::Black)), ["Ca5", "a5"]);
    assert!(start(5).threats(Color::White).is_empty());
}

#[test]
fn score_is_board_area_plus_winners_reserve() {
    // Road: White used 5 stones of 21 and kept the capstone: 25 + 16 + 1.
    let position = game(5, "a1 c1 c2 a2 c3 a3 c4 a4 c5");
    assert_eq!(
        position.reserves(Color::White),
        Reserves {
            stones: 16,
            caps: 1
        }
    );
    assert_eq!(position.score(), Some((Color::White, 42)));
    // Full 3x3 board: White used 5 stones of 10: 9 + 5.
    let position = game(3, FULL_3X3_WHITE_5_BLACK_4);
    assert_eq!(position.score(), Some((Color::White, 14)));
    // Black wins after White's reserve runs out, with 1 stone left: 25 + 1.
    let position = game_with(three_stones_each(), "a1 e5 Sb2 d4 Sc3");
    assert_eq!(position.score(), Some((Color::Black, 26)));
    // No score for a draw or a game in progress.
    assert_eq!(game(3, FULL_3X3_TIE).score(), None);
    assert_eq!(game(5, "a1 e5").score(), None);
}

/// Every `.rs` file under `dir`, as text.
fn rust_files(dir: &std::path::Path) -> Vec<(std::path::PathBuf, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push((path.clone(), std::fs::read_to_string(&path).unwrap()));
        }
    }
    found
}

#[test]
fn every_ruling_the_source_cites_is_in_the_projects_own_docs() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // The file's name in two halves, so that this test is not a citation itself.
    let word = ["RUL", "INGS"].concat();
    let file = format!("{word}.md");
    let rulings = std::fs::read_to_string(root.join("docs").join(&file))
        .expect("the rulings are in the repository's docs folder");
    // The numbered rulings, `N. **Title.**`, in order from 1.
    let numbers: Vec<u32> = rulings
        .lines()
        .filter_map(|line| line.split_once(". **"))
        .filter_map(|(number, _)| number.parse().ok())
        .collect();
    assert_eq!(
        numbers,
        (1..=12).collect::<Vec<u32>>(),
        "the twelve rulings"
    );
    let mut cited = 0;
    for part in ["src", "tests"] {
        for (path, text) in rust_files(&root.join(part)) {
            for (at, _) in text.match_indices(word.as_str()) {
                // Each citation names the file in the repository; a number after it is a ruling.
                let before = &text[at.saturating_sub(5)..at];
                assert_eq!(
                    before,
                    "docs/",
                    "{}: a citation of the rulings",
                    path.display()
                );
                let after = text[at + word.len()..]
                    .trim_start_matches(".md")
                    .trim_start();
                let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
                if let Ok(number) = digits.parse::<u32>() {
                    assert!(
                        numbers.contains(&number),
                        "{}: ruling {number}",
                        path.display()
                    );
                }
                cited += 1;
            }
        }
    }
    assert!(
        cited >= 7,
        "the rules cite their rulings: {cited} citations"
    );
}
