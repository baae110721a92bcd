//! Locke's rules, a scenario (or more) for each rule of the rulebook and each ruling of
//! `KAEN_LOCKE.md` (L1 to L11), and property tests over random play.

use proptest::prelude::*;
use taktui::locke::{
    Config, ConfigError, Direction, Effect, EndReason, Ending, LockeError, Player, Position,
    Square, Stack, Turn, Variant, next_first,
};

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', b[1] - b'1').unwrap()
}

fn turn(text: &str) -> Turn {
    text.parse().unwrap()
}

/// Plays turns (`c2+ a5- b2+2 ...`), each of which must be legal.
fn play(position: &mut Position, turns: &str) {
    for text in turns.split_whitespace() {
        position
            .play(turn(text))
            .unwrap_or_else(|e| panic!("{text} refused: {e}"));
    }
}

fn classic() -> Position {
    Position::new(Config::classic(), Player::White)
}

fn modern(pieces: u8) -> Position {
    Position::new(Config::new(Variant::Modern, pieces).unwrap(), Player::White)
}

fn stack(position: &Position, square: &str) -> Option<(Player, u8)> {
    position.board().at(sq(square)).map(|s| (s.owner, s.height))
}

// L1, L2: the board and the setup.
#[test]
fn l1_l2_each_player_starts_with_a_full_back_rank_three_in_front_and_two_in_reserve() {
    let position = classic();
    for name in ["a1", "b1", "c1", "d1", "e1", "b2", "c2", "d2"] {
        assert_eq!(stack(&position, name), Some((Player::White, 1)), "{name}");
    }
    for name in ["a5", "b5", "c5", "d5", "e5", "b4", "c4", "d4"] {
        assert_eq!(stack(&position, name), Some((Player::Black, 1)), "{name}");
    }
    for name in ["a2", "e2", "a3", "b3", "c3", "d3", "e3", "a4", "e4"] {
        assert_eq!(stack(&position, name), None, "{name}");
    }
    assert_eq!(position.reserve(Player::White), 2);
    assert_eq!(position.reserve(Player::Black), 2);
    assert_eq!(position.pieces(Player::Black), 10);
    assert_eq!(Position::center_rank(), 2, "rank 3 is the middle row");
}

// L3: move a stack or enter a piece on your back rank.
#[test]
fn l3_a_piece_enters_only_on_an_empty_square_of_your_back_rank() {
    let mut position = classic();
    assert_eq!(
        position.play(turn("a1")),
        Err(LockeError::Occupied(sq("a1")))
    );
    assert_eq!(
        position.play(turn("a2")),
        Err(LockeError::NotBackRank {
            square: sq("a2"),
            rank: 1
        })
    );
    play(&mut position, "a1+ e5- a1");
    assert_eq!(stack(&position, "a1"), Some((Player::White, 1)));
    assert_eq!(position.reserve(Player::White), 1);
    play(&mut position, "e5 b1+ e4- b1");
    assert_eq!(position.reserve(Player::White), 0);
    play(&mut position, "e3<");
    assert_eq!(position.play(turn("c1")), Err(LockeError::NoReserve));
}

#[test]
fn l3_there_is_no_passing_and_a_turn_is_a_move_or_an_entry() {
    let position = classic();
    let turns = position.legal_turns();
    assert!(!turns.is_empty());
    assert!(
        turns
            .iter()
            .all(|t| matches!(t, Turn::Move { .. } | Turn::Enter(_)))
    );
}

// L4: moving, combining, capturing.
#[test]
fn l4_a_stack_moves_one_to_its_height_in_a_straight_open_line() {
    let mut position = classic();
    assert_eq!(
        position.play(turn("c2+2")),
        Err(LockeError::TooFar {
            from: sq("c2"),
            height: 1
        })
    );
    assert_eq!(position.play(turn("b1+")), Ok(Effect::Combine(2)));
    play(&mut position, "b4-");
    // The stack of 2 on b2 cannot pass over b3.
    assert_eq!(
        position.play(turn("b2+2")),
        Err(LockeError::Blocked(sq("b3")))
    );
    assert_eq!(position.play(turn("a1<")), Err(LockeError::OffBoard));
    assert_eq!(position.play(turn("e3+")), Err(LockeError::Empty(sq("e3"))));
    assert_eq!(
        position.play(turn("b3-")),
        Err(LockeError::NotYours {
            square: sq("b3"),
            owner: Player::Black
        })
    );
    // A 2 takes a lone piece; then moves two squares along an open line.
    assert_eq!(position.play(turn("b2+")), Ok(Effect::Capture(1)));
    play(&mut position, "a5-");
    assert_eq!(position.play(turn("b3>2")), Ok(Effect::Step));
    assert_eq!(stack(&position, "d3"), Some((Player::White, 2)));
}

#[test]
fn l4_a_stack_captures_only_a_stack_exactly_one_smaller_and_the_pieces_go_to_reserve() {
    // A lone piece never captures.
    let mut position = classic();
    play(&mut position, "c2+");
    assert_eq!(
        position.play(turn("c4-")),
        Err(LockeError::LoneCapture(sq("c3")))
    );

    let mut position = classic();
    play(&mut position, "c1+ a5- d2< a4- c2+ b4-");
    assert_eq!(stack(&position, "c3"), Some((Player::White, 3)));
    // A 3 captures only a 2: c4 and b3 hold 1s.
    assert_eq!(
        position.play(turn("c3+")),
        Err(LockeError::WrongCapture {
            at: sq("c4"),
            mover: 3,
            target: 1
        })
    );
    assert!(matches!(
        position.play(turn("c3<")),
        Err(LockeError::WrongCapture { .. })
    ));
    // A 2 captures a 1, whose piece goes back to Black's reserve.
    play(&mut position, "b1+ a3+");
    assert_eq!(position.play(turn("b2+")), Ok(Effect::Capture(1)));
    assert_eq!(position.reserve(Player::Black), 3);
    assert_eq!(stack(&position, "b3"), Some((Player::White, 2)));
    // A 3 captures a 2: both pieces go back.
    play(&mut position, "c5-");
    assert_eq!(position.play(turn("c3+")), Ok(Effect::Capture(2)));
    assert_eq!(position.reserve(Player::Black), 5);
    assert_eq!(position.pieces(Player::Black), 10);
}

#[test]
fn l4_the_classic_game_combines_up_to_three_only() {
    let mut position = classic();
    play(&mut position, "c1+ a5- d2<");
    assert_eq!(stack(&position, "c2"), Some((Player::White, 3)));
    play(&mut position, "a4-");
    assert_eq!(
        position.play(turn("b2>")),
        Err(LockeError::TooTall {
            at: sq("c2"),
            height: 4
        })
    );
    assert!(
        !position
            .moves_from(sq("b2"))
            .iter()
            .any(|(t, _)| t.target() == Some(sq("c2")))
    );
}

// L5: three stacks on the middle row win at once.
#[test]
fn l5_three_stacks_on_the_middle_row_win() {
    let mut position = classic();
    play(&mut position, "c2+ a5- b2+ e5-");
    assert_eq!(position.ending(), None);
    play(&mut position, "d2+");
    assert_eq!(
        position.ending(),
        Some(Ending {
            winner: Some(Player::White),
            reason: EndReason::Centerline
        })
    );
    assert_eq!(position.play(turn("a4-")), Err(LockeError::GameOver));
    assert!(position.legal_turns().is_empty());
}

// L6: fewer than three stacks after a turn loses, starving yourself too.
#[test]
fn l6_a_player_left_with_two_stacks_by_a_capture_loses() {
    let mut position = classic();
    play(&mut position, "c1+ a5> d2< e5< c2+ c4< c3+ d4+ a1+ c5<");
    assert_eq!(position.board().stack_count(Player::Black), 3);
    assert_eq!(position.play(turn("c4<")), Ok(Effect::Capture(2)));
    assert_eq!(
        position.ending(),
        Some(Ending {
            winner: Some(Player::White),
            reason: EndReason::Starvation
        })
    );
    assert_eq!(position.pieces(Player::Black), 10);
}

#[test]
fn l6_a_player_who_combines_down_to_two_stacks_starves_themselves() {
    let mut position = modern(10);
    play(&mut position, "a1> a5- e1< e5- c2< a4- d2- e4- b2- c5-");
    assert_eq!(position.board().stack_count(Player::White), 3);
    play(&mut position, "c1<");
    assert_eq!(stack(&position, "b1"), Some((Player::White, 5)));
    assert_eq!(
        position.ending(),
        Some(Ending {
            winner: Some(Player::Black),
            reason: EndReason::Starvation
        })
    );
}

// L7: no reverse moves.
#[test]
fn l7_a_step_may_not_be_reversed_on_the_next_turn() {
    let mut position = classic();
    play(&mut position, "c2+ a5-");
    assert_eq!(
        position.play(turn("c3-")),
        Err(LockeError::Reverse {
            from: sq("c3"),
            to: sq("c2")
        })
    );
    // Black's own reverse too.
    play(&mut position, "d2+");
    assert!(matches!(
        position.play(turn("a4+")),
        Err(LockeError::Reverse { .. })
    ));
    // After another move, the first may be reversed.
    play(&mut position, "e5- c3-");
    assert_eq!(stack(&position, "c2"), Some((Player::White, 1)));
}

#[test]
fn l7_after_a_combine_there_is_nothing_to_reverse() {
    let mut position = classic();
    play(&mut position, "b1+ a5-");
    assert_eq!(position.play(turn("b2-")), Ok(Effect::Step));
}

#[test]
fn l7_a_stack_captured_after_its_step_leaves_nothing_to_reverse() {
    let mut position = classic();
    // White steps b2 to b3; Black's stack of two takes it there.
    play(&mut position, "c2+ b5- b2+");
    assert_eq!(
        position.last_step(Player::White),
        Some((sq("b2"), sq("b3")))
    );
    play(&mut position, "b4-");
    assert_eq!(stack(&position, "b3"), Some((Player::Black, 2)));
    assert_eq!(position.last_step(Player::White), None);
}

// L8: no legal turn loses.
#[test]
fn l8_a_player_with_no_legal_turn_loses() {
    let rows = "x,x,x,x,B1/x,x,x,x,x/x,x,x,x,x/B1,B1,B1,x,x/W3,W3,W3,B1,B1";
    let mut position = Position::arranged(Config::classic(), rows, Player::Black).unwrap();
    assert_eq!(
        position.reserve(Player::White),
        1,
        "but nowhere to enter it"
    );
    play(&mut position, "e5-");
    assert_eq!(
        position.ending(),
        Some(Ending {
            winner: Some(Player::Black),
            reason: EndReason::NoMove
        })
    );
}

// L9: the third occurrence of a position is a draw.
#[test]
fn l9_the_same_position_a_third_time_is_a_draw() {
    let mut position = classic();
    let cycle = "a1+ a5- e1+ e5- a2- a4+ e2- e4+";
    play(&mut position, cycle);
    assert_eq!(position.repetitions(), 2);
    assert_eq!(position.ending(), None);
    play(&mut position, cycle);
    assert_eq!(
        position.ending(),
        Some(Ending {
            winner: None,
            reason: EndReason::Repetition
        })
    );
}

// L10: who starts the next game.
#[test]
fn l10_the_loser_starts_the_next_game_and_after_a_draw_the_other_player() {
    let won = |winner| Ending {
        winner: Some(winner),
        reason: EndReason::Centerline,
    };
    let draw = Ending {
        winner: None,
        reason: EndReason::Repetition,
    };
    assert_eq!(next_first(Player::White, won(Player::White)), Player::Black);
    assert_eq!(next_first(Player::White, won(Player::Black)), Player::White);
    assert_eq!(next_first(Player::White, draw), Player::Black);
    assert_eq!(next_first(Player::Black, draw), Player::White);
    let position = Position::new(Config::classic(), Player::Black);
    assert_eq!(position.to_move(), Player::Black);
}

// L11: the modern game.
#[test]
fn l11_the_modern_game_has_no_height_limit_and_more_pieces_in_reserve() {
    let mut position = modern(14);
    assert_eq!(position.reserve(Player::White), 6);
    play(&mut position, "c1+ a5- d2< a4- b2>");
    assert_eq!(stack(&position, "c2"), Some((Player::White, 4)));
    // Captures are still of a stack exactly one smaller.
    play(&mut position, "b4- c2+");
    assert_eq!(
        Config::new(Variant::Modern, 11),
        Err(ConfigError::Pieces {
            variant: "modern",
            allowed: "10, 12 or 14",
            pieces: 11
        })
    );
    assert!(Config::new(Variant::Classic, 12).is_err());
    assert_eq!(
        Config::new(Variant::Modern, 12).unwrap().height_limit(),
        None
    );
}

#[test]
fn turns_read_back_as_written() {
    for text in ["c1", "c2+", "b3>2", "e5<", "a1-"] {
        assert_eq!(turn(text).to_string(), text);
    }
    assert_eq!(
        turn("b3>2x").to_string(),
        "b3>2",
        "the capture mark is a reader's aid"
    );
    assert_eq!(
        turn("c2+"),
        Turn::Move {
            from: sq("c2"),
            direction: Direction::Up,
            distance: 1
        }
    );
    for bad in ["", "f1", "a6", "a1*", "a1+0", "a1+z", "+"] {
        assert!(bad.parse::<Turn>().is_err(), "{bad}");
    }
}

fn config_for(choice: u8) -> Config {
    match choice % 4 {
        0 => Config::classic(),
        1 => Config::new(Variant::Modern, 10).unwrap(),
        2 => Config::new(Variant::Modern, 12).unwrap(),
        _ => Config::new(Variant::Modern, 14).unwrap(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Random games: every legal turn plays, every refused one changes nothing and is not
    /// in the legal list, pieces are conserved, stacks stay within the limit, and a game
    /// still going on has no player starved.
    #[test]
    fn random_play_keeps_the_rules(
        variant in any::<u8>(),
        black_first in any::<bool>(),
        choices in proptest::collection::vec(any::<u32>(), 1..200),
    ) {
        let config = config_for(variant);
        let first = if black_first { Player::Black } else { Player::White };
        let mut position = Position::new(config, first);
        for choice in choices {
            let legal = position.legal_turns();
            if position.ending().is_some() {
                prop_assert!(legal.is_empty());
                break;
            }
            prop_assert!(!legal.is_empty(), "a game going on has a legal turn");
            // A random turn, maybe illegal.
            let squares: Vec<Square> = Square::all().collect();
            let from = squares[(choice % 25) as usize];
            let probe = if choice & 0x100 == 0 {
                Turn::Enter(from)
            } else {
                Turn::Move {
                    from,
                    direction: Direction::ALL[((choice >> 9) % 4) as usize],
                    distance: ((choice >> 11) % 4) as u8 + 1,
                }
            };
            let before = position.clone();
            if position.play(probe).is_ok() {
                prop_assert!(legal.contains(&probe));
            } else {
                prop_assert!(!legal.contains(&probe));
                prop_assert_eq!(&position, &before);
                let pick = legal[(choice >> 13) as usize % legal.len()];
                position.play(pick).unwrap();
            }
            for player in Player::ALL {
                prop_assert_eq!(position.pieces(player), u32::from(config.pieces()));
                if position.ending().is_none() {
                    prop_assert!(position.board().stack_count(player) >= 3);
                }
                for (_, Stack { height, .. }) in position.board().stacks(player) {
                    prop_assert!(height >= 1);
                    prop_assert!(config.height_limit().is_none_or(|limit| height <= limit));
                }
            }
        }
    }
}

#[test]
fn the_winning_turns_of_either_player_are_found_whoever_is_to_move() {
    let mut position = classic();
    play(&mut position, "c2+ a5- b2+");
    // Black to move; White threatens three on the middle row with d2+.
    assert_eq!(position.to_move(), Player::Black);
    assert_eq!(position.winning_turns(Player::White), [turn("d2+")]);
    assert!(position.winning_turns(Player::Black).is_empty());
    // Black blocks d3: the threat is gone.
    play(&mut position, "d4-");
    assert!(position.winning_turns(Player::White).is_empty());
}
