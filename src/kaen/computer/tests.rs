//! The Kaen player's decisions on positions whose right answer is known, and its levels.

use std::sync::atomic::AtomicBool;

use super::*;
use crate::engine::Level;
use crate::kaen::{Board, Face, Player, Series, SeriesConfig, Square};

fn level(n: u8) -> Style {
    style(Level::new(n).unwrap())
}

/// Never raised: each decision looks as far as its level does.
static GO: AtomicBool = AtomicBool::new(false);

fn decide(game: &Game, n: u8) -> Choice {
    choose(game, level(n), 3, &GO).unwrap().choice
}

/// Player 2's stones on the diagonal d1 c2 b3 a4 cut every bridge; Player 1 holds every other
/// square but b2. Whoever fills b2, Player 1 has more stones on a full board: a certain win
/// for Player 1.
fn certain_win_for_one(to_move: Player) -> Game {
    let mut board = Board::default();
    for square in Square::all() {
        let diagonal = square.column() + square.row() == 3;
        if diagonal {
            board.put(square, Player::Two);
        } else if square != Square::new(1, 1) {
            board.put(square, Player::One);
        }
    }
    Game::new(to_move, 2, [100, 100]).with_board(board)
}

#[test]
fn a_certain_win_doubles_and_a_certain_loss_surrenders() {
    for n in 3..=10 {
        assert_eq!(
            decide(&certain_win_for_one(Player::One), n),
            Choice::Act(Action::Double),
            "level {n}"
        );
        assert_eq!(
            decide(&certain_win_for_one(Player::Two), n),
            Choice::Act(Action::Surrender),
            "level {n}"
        );
    }
}

#[test]
fn a_double_is_accepted_when_winning_and_refused_when_lost() {
    let mut losing_doubles = certain_win_for_one(Player::Two);
    losing_doubles.apply(Action::Double).unwrap();
    let mut winning_doubles = certain_win_for_one(Player::One);
    winning_doubles.apply(Action::Double).unwrap();
    for n in 1..=10 {
        // Player 1, offered a double in a game they cannot lose, takes it at every level.
        assert_eq!(
            decide(&losing_doubles, n),
            Choice::Act(Action::Accept),
            "level {n}"
        );
    }
    for n in 3..=10 {
        assert_eq!(
            decide(&winning_doubles, n),
            Choice::Act(Action::Forfeit),
            "level {n}"
        );
    }
}

#[test]
fn a_full_row_is_matched_when_winning_and_forfeited_when_lost() {
    // Player 1's row 1 (a1 b1 c1 d1) and Player 2's row 1 (column a) are both full.
    let mut one = certain_win_for_one(Player::One);
    one.apply(Action::Roll(Face::Arex)).unwrap();
    assert_eq!(one.phase(), Phase::FullRow(Face::Arex));
    let mut two = certain_win_for_one(Player::Two);
    two.apply(Action::Roll(Face::Arex)).unwrap();
    assert_eq!(two.phase(), Phase::FullRow(Face::Arex));
    for n in 1..=10 {
        assert_eq!(decide(&one, n), Choice::Act(Action::Match), "level {n}");
    }
    for n in 3..=10 {
        assert_eq!(decide(&two, n), Choice::Act(Action::Forfeit), "level {n}");
    }
}

#[test]
fn a_stone_that_completes_a_bridge_is_placed() {
    let mut board = Board::default();
    for row in 0..3 {
        board.put(Square::new(0, row), Player::One);
    }
    board.put(Square::new(1, 0), Player::Two);
    board.put(Square::new(2, 2), Player::Two);
    let mut game = Game::new(Player::One, 2, [100, 100]).with_board(board);
    game.apply(Action::Roll(Face::Staff)).unwrap();
    for n in 1..=10 {
        // Each level's judgement, its loose placements left out.
        let careful = Style {
            loose: 0,
            ..level(n)
        };
        let advice = choose(&game, careful, 3, &GO).unwrap();
        assert_eq!(
            advice.choice,
            Choice::Act(Action::Place(Square::new(0, 3))),
            "level {n}"
        );
        assert!(advice.chance > 0.99, "level {n}: {advice:?}");
    }
}

#[test]
fn the_weakest_doubles_rashly_where_the_best_rolls() {
    let start = Game::new(Player::One, 2, [100, 100]);
    assert_eq!(decide(&start, 1), Choice::Act(Action::Double));
    assert_eq!(decide(&start, 10), Choice::Roll);
}

#[test]
fn each_level_is_at_least_as_careful_as_the_one_below() {
    let all: Vec<Style> = Level::all().map(style).collect();
    // Only the two lowest double rashly; from 3 on every level weighs the chips.
    for (n, s) in (1..).zip(&all) {
        assert_eq!(matches!(s.cube, Cube::Rash { .. }), n <= 2, "level {n}");
    }
    for (n, pair) in (2..).zip(all.windows(2)) {
        let [below, above] = [pair[0], pair[1]];
        assert!(above.loose <= below.loose, "level {n} places more loosely");
        assert!(above.depth >= below.depth, "level {n} looks less far");
        assert!(above.exact >= below.exact, "level {n} sees less of the end");
    }
    assert_eq!(all[0].loose, 1000, "level 1 places at random");
    assert_eq!(all[9].loose, 0, "level 10 never places loosely");
}

/// Plays a series between two levels (Player 1 at `one`); each player's chips at the end.
fn series(one: Style, two: Style, seed: u64) -> [u32; 2] {
    let config = SeriesConfig::new(100, 2, 6, false).unwrap();
    let mut series = Series::new(config, Player::One);
    let mut rolls = 0;
    while series.end().is_none() {
        let game = series.game();
        let player = game.actor();
        let style = if player == Player::One { one } else { two };
        let advice = choose(game, style, crate::engine::rng::mix(seed ^ rolls), &GO).unwrap();
        let action = match advice.choice {
            Choice::Act(action) => action,
            Choice::Roll => {
                rolls += 1;
                Action::Roll(Face::ALL[(crate::engine::rng::mix(seed + rolls) % 4) as usize])
            }
        };
        series.apply(action).unwrap();
    }
    Player::BOTH.map(|p| series.worth(p))
}

#[test]
fn the_best_level_wins_more_chips_than_the_weakest() {
    let (best, weakest) = (level(10), level(1));
    let mut gain: i64 = 0;
    for seed in 0..6 {
        let [a, b] = if seed % 2 == 0 {
            series(best, weakest, seed)
        } else {
            let [b, a] = series(weakest, best, seed);
            [a, b]
        };
        gain += i64::from(a) - i64::from(b);
    }
    assert!(gain > 0, "level 10 ended {gain} chips behind level 1");
}
