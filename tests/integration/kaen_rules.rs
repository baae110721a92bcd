//! Kaen's rules, a scenario (or more) for each rule of the rulebook and each ruling of
//! `KAEN_LOCKE.md` (K1 to K12), the rulebook's example game replayed action by action, and
//! property tests over random play.

use proptest::prelude::*;
use taktui::kaen::{
    Action, ConfigError, Ending, Face, Game, KaenError, Marker, Phase, Player, Series,
    SeriesConfig, SeriesEnd, Square,
};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Plays actions written as tokens (`r2 c2 D A ...`) in `game`, each of which must be legal.
fn play(game: &mut Game, actions: &str) {
    for token in actions.split_whitespace() {
        let action: Action = token.parse().unwrap();
        game.apply(action)
            .unwrap_or_else(|e| panic!("{token} refused: {e}"));
    }
}

fn new_game() -> Game {
    Game::new(Player::One, 2, [100, 100])
}

/// A checkerboard filled in turn: nobody's stones ever touch, so no bridge (Player 1 on the
/// squares whose column and row add up odd).
const CHECKERBOARD: &str = "r1 b1 r1 a1 r1 d1 r3 c1 r2 a2 r2 b2 r2 c2 r4 d2 \
                            r3 b3 r1 a3 r3 d3 r3 c3 r4 a4 r2 b4 r4 c4 r4 d4";

// K1: the diamond's lower edges are Earth, its upper edges Sky; a bridge joins opposite ones.
#[test]
fn k1_a_chain_between_an_earth_edge_and_the_sky_edge_beside_it_is_no_bridge() {
    let mut game = new_game();
    // Player 1: b1 c1 d1 on row 1 (Earth), then d2 d3 up column d (Sky).
    play(
        &mut game,
        "r1 b1 r1 a3 r1 c1 r3 c3 r1 d1 r1 a4 r2 d2 r3 c4 r3 d3",
    );
    // Row 1 and column d meet at a corner: they are not opposite.
    assert_eq!(game.board().bridge(Player::One), None);
    assert!(!game.is_over());
    // d4 reaches row 4, the Sky edge opposite row 1.
    play(&mut game, "r2 b2 r4 d4");
    assert_eq!(game.ending(), Some(Ending::Bridge(Player::One)));
}

// K2: Player 1's rows are rows, Player 2's are columns, both from an Earth edge.
#[test]
fn k2_each_roll_names_a_row_of_the_rollers_own() {
    assert_eq!(
        Face::Dog.row(Player::One),
        [sq("a2"), sq("b2"), sq("c2"), sq("d2")]
    );
    assert_eq!(
        Face::Dog.row(Player::Two),
        [sq("b1"), sq("b2"), sq("b3"), sq("b4")]
    );
    let names: Vec<String> = Face::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["Arex (1)", "Dog (2)", "Cat (3)", "Staff (4)"]);
    let mut game = new_game();
    play(&mut game, "r3");
    assert_eq!(
        game.apply(Action::Place(sq("c2"))),
        Err(KaenError::NotInRow {
            square: sq("c2"),
            player: Player::One,
            face: Face::Cat
        })
    );
    play(&mut game, "c3 r3");
    // Player 2's row 3 is column c.
    assert!(game.check(Action::Place(sq("a3"))).is_err());
    play(&mut game, "c1");
    assert_eq!(game.board().at(sq("c1")), Some(Player::Two));
}

#[test]
fn k2_a_stone_goes_only_on_an_empty_square() {
    let mut game = new_game();
    play(&mut game, "r1 a1 r1");
    assert_eq!(
        game.apply(Action::Place(sq("a1"))),
        Err(KaenError::Occupied(sq("a1")))
    );
    assert_eq!(
        game.apply(Action::Place(sq("b1"))),
        Err(KaenError::NotInRow {
            square: sq("b1"),
            player: Player::Two,
            face: Face::Arex
        })
    );
}

// K3: stones are not counted.
#[test]
fn k3_a_player_may_place_more_stones_than_half_the_board() {
    let mut game = Game::new(Player::One, 2, [1000, 1000]);
    // Player 1 fills column a, then Player 2 (whose row 1 it is) can only match.
    // Column a filled (a3 by Player 2, so that it is no bridge of Player 1's): Player 2's
    // row 1 is full, and each time they roll it they match while Player 1 places again.
    play(&mut game, "r1 a1 r1 a3 r2 a2 r4 d4 r4 a4");
    for square in ["b1", "c1", "b2", "c2", "b3", "c3"] {
        let row = sq(square).row() + 1;
        play(&mut game, &format!("r1 M r{row} {square}"));
    }
    assert_eq!(game.board().count(Player::One), 9);
    assert!(!game.is_over());
}

// K4: completing a bridge wins the pot at once, winding or straight.
#[test]
fn k4_a_bridge_wins_the_pot_at_once() {
    let mut game = new_game();
    play(&mut game, "r1 b1 r1 a1 r2 b2 r3 c1 r3 b3 r4 d1");
    assert!(!game.is_over());
    play(&mut game, "r4 b4");
    assert_eq!(game.ending(), Some(Ending::Bridge(Player::One)));
    assert_eq!(
        game.board().bridge(Player::One),
        Some(vec![sq("b1"), sq("b2"), sq("b3"), sq("b4")])
    );
    assert_eq!(game.holdings(Player::One), 102);
    assert_eq!(game.holdings(Player::Two), 98);
    assert_eq!(
        game.apply(Action::Roll(Face::Cat)),
        Err(KaenError::GameOver)
    );
}

#[test]
fn k4_a_winding_bridge_from_column_a_to_column_d_counts() {
    let mut game = Game::new(Player::Two, 2, [100, 100]);
    // Player 2 (columns): a2 b2 b3 c3 d3.
    play(&mut game, "r1 a2 r1 a1 r2 b2 r1 b1 r2 b3 r4 d4 r3 c3 r1 d1");
    assert!(!game.is_over());
    play(&mut game, "r4 d3");
    assert_eq!(game.ending(), Some(Ending::Bridge(Player::Two)));
}

// K5: a full board with no bridge: more stones win, equal stones split the pot.
#[test]
fn k5_a_full_board_with_equal_stones_splits_the_pot() {
    let mut game = new_game();
    play(&mut game, CHECKERBOARD);
    assert_eq!(game.ending(), Some(Ending::Split));
    assert_eq!(game.holdings(Player::One), 100);
    assert_eq!(game.holdings(Player::Two), 100);
}

#[test]
fn k5_a_full_board_with_more_stones_wins_the_pot() {
    let mut game = new_game();
    play(&mut game, EXAMPLE_OPENING);
    // Player 2 matches on the full column c, then the board fills.
    play(&mut game, "r3 M r4 a4 r2 b4 r4 d4");
    assert_eq!(game.ending(), Some(Ending::MoreStones(Player::One)));
    assert_eq!(game.board().count(Player::One), 9);
    assert_eq!(game.board().count(Player::Two), 7);
    assert_eq!(game.holdings(Player::One), 104, "98 + a pot of 2 + 4");
    assert_eq!(game.holdings(Player::Two), 96);
}

// K6: bets kept apart, the pot both of them; the settings' limits.
#[test]
fn k6_each_bet_is_kept_apart_and_the_pot_is_both() {
    let mut game = new_game();
    assert_eq!((game.bet(Player::One), game.bet(Player::Two)), (2, 2));
    assert_eq!(game.pot(), 4);
    assert_eq!(game.holdings(Player::One), 98);
    play(&mut game, "r1 a1 r1 a3 r2 a2 r4 d4 r4 a4 r1 M");
    assert_eq!(
        (game.bet(Player::One), game.bet(Player::Two)),
        (2, 4),
        "apart"
    );
    assert_eq!(game.pot(), 6);
    assert_eq!(
        SeriesConfig::new(100, 3, 1, false),
        Err(ConfigError::Bet(3))
    );
    assert_eq!(
        SeriesConfig::new(100, 0, 1, false),
        Err(ConfigError::Bet(0))
    );
    assert_eq!(
        SeriesConfig::new(1, 2, 1, false),
        Err(ConfigError::Chips { chips: 1, bet: 2 })
    );
    assert_eq!(SeriesConfig::new(100, 2, 0, false), Err(ConfigError::Games));
    let config = SeriesConfig::new(SeriesConfig::DEFAULT_CHIPS, 4, 1, false).unwrap();
    let series = Series::new(config, Player::One);
    assert_eq!(series.game().pot(), 8);
}

// K7: doubling.
#[test]
fn k7_an_accepted_double_doubles_both_bets_and_passes_the_marker() {
    let mut game = new_game();
    assert_eq!(game.marker(), Marker::Neutral);
    play(&mut game, "D");
    assert_eq!(game.phase(), Phase::DoubleOffered);
    assert_eq!(game.actor(), Player::Two);
    assert_eq!(
        game.apply(Action::Roll(Face::Arex)),
        Err(KaenError::AnswerFirst {
            answerer: Player::Two
        })
    );
    play(&mut game, "A");
    assert_eq!((game.bet(Player::One), game.bet(Player::Two)), (4, 4));
    assert_eq!(game.marker(), Marker::With(Player::Two));
    // The doubler goes on to roll.
    assert_eq!(
        game.apply(Action::Surrender),
        Err(KaenError::RollAfterDouble(Player::One))
    );
    play(&mut game, "r1 a1");
    // Player 2 holds the marker: they may double back; Player 1 may not.
    play(&mut game, "D A r2 b1");
    assert_eq!((game.bet(Player::One), game.bet(Player::Two)), (8, 8));
    assert_eq!(game.marker(), Marker::With(Player::One));
    play(&mut game, "r2 a2");
    assert_eq!(
        game.apply(Action::Double),
        Err(KaenError::MarkerNotYours {
            holder: Player::One
        })
    );
    assert!(!game.legal_actions().contains(&Action::Double));
}

#[test]
fn k7_a_double_refused_is_a_forfeit_and_the_offerer_takes_the_pot() {
    let mut game = new_game();
    play(&mut game, "D F");
    assert_eq!(game.ending(), Some(Ending::Forfeit(Player::Two)));
    assert_eq!(game.holdings(Player::One), 102);
    assert_eq!(game.holdings(Player::Two), 98);
}

#[test]
fn k7_a_surrender_takes_back_half_the_bet() {
    let mut game = new_game();
    play(&mut game, "r1 a1 r2 b2 D A r2 a2");
    // Player 2's bet is 4; they surrender: 2 back, Player 1 takes the other 2 and their own 4.
    play(&mut game, "S");
    assert_eq!(game.ending(), Some(Ending::Surrender(Player::Two)));
    assert_eq!(game.holdings(Player::Two), 96 + 2);
    assert_eq!(game.holdings(Player::One), 96 + 6);
    // Only before the roll.
    let mut game = new_game();
    play(&mut game, "r1");
    assert_eq!(
        game.apply(Action::Surrender),
        Err(KaenError::AfterRoll("surrender"))
    );
    assert_eq!(
        game.apply(Action::Double),
        Err(KaenError::AfterRoll("double"))
    );
}

// K8, K9: a full row: forfeit, or match and pass.
#[test]
fn k8_matching_on_a_full_row_doubles_the_bet_and_passes_with_no_stone() {
    let mut game = new_game();
    // Column a filled, a3 by Player 2: Player 2's row 1 is full.
    play(&mut game, "r1 a1 r1 a3 r2 a2 r4 d4 r4 a4 r1");
    assert_eq!(game.phase(), Phase::FullRow(Face::Arex));
    assert_eq!(
        game.apply(Action::Place(sq("a1"))),
        Err(KaenError::RowFull(Face::Arex))
    );
    let stones = game.board().count(Player::Two);
    play(&mut game, "M");
    assert_eq!(game.bet(Player::Two), 4);
    assert_eq!(game.holdings(Player::Two), 96);
    assert_eq!(game.to_move(), Player::One);
    assert_eq!(game.board().count(Player::Two), stones);
    // A row with room is no cause to match.
    play(&mut game, "r2");
    assert_eq!(
        game.apply(Action::Match),
        Err(KaenError::RowHasRoom(Face::Dog))
    );
}

#[test]
fn k9_a_forfeit_gives_the_opponent_the_whole_pot() {
    let mut game = new_game();
    play(&mut game, "r1 a1 r1 a3 r2 a2 r4 d4 r4 a4 r1 M r1 b1 r1 F");
    assert_eq!(game.ending(), Some(Ending::Forfeit(Player::Two)));
    assert_eq!(game.holdings(Player::One), 98 + 6);
    assert_eq!(game.holdings(Player::Two), 96);
}

// K10: what cannot be paid for is not offered.
#[test]
fn k10_a_match_that_cannot_be_paid_for_is_not_offered() {
    // Player 2 holds 3 chips beyond the bet of 2: one match (2) they can pay, the next (4) not.
    let mut game = Game::new(Player::One, 2, [100, 5]);
    play(&mut game, "r1 a1 r1 a3 r2 a2 r4 d4 r4 a4 r1");
    assert_eq!(game.legal_actions(), [Action::Match, Action::Forfeit]);
    play(&mut game, "M r1 b1 r1");
    assert_eq!(game.legal_actions(), [Action::Forfeit]);
    assert_eq!(
        game.apply(Action::Match),
        Err(KaenError::CannotCover {
            player: Player::Two,
            what: "match",
            cost: 4,
            holds: 1
        })
    );
    assert_eq!(game.phase(), Phase::FullRow(Face::Arex), "nothing changed");
}

#[test]
fn k10_a_double_that_cannot_be_paid_for_is_not_offered_and_cannot_be_accepted() {
    // Player 2 cannot cover a doubled bet: offered one, they can only forfeit.
    let mut game = Game::new(Player::One, 2, [100, 3]);
    play(&mut game, "D");
    assert_eq!(game.legal_actions(), [Action::Forfeit]);
    assert!(matches!(
        game.apply(Action::Accept),
        Err(KaenError::CannotCover {
            player: Player::Two,
            ..
        })
    ));
    // Player 1 cannot offer a double they could not pay for themselves.
    let game = Game::new(Player::One, 2, [3, 100]);
    assert!(!game.legal_actions().contains(&Action::Double));
    assert!(matches!(
        game.check(Action::Double),
        Err(KaenError::CannotCover {
            player: Player::One,
            what: "double",
            ..
        })
    ));
}

/// The rulebook's example: both bet 2; Player 1 rolls a 2 and places at "(2,3)", his row 2's
/// third square (c2); placement goes on normally (a board where neither can complete a
/// bridge, three of Player 1's rows full and three of Player 2's open) until Player 2 rolls a
/// 3 on a full row and matches; Player 1 rolls a 1, is blocked, and forfeits: Player 2
/// collects the pot of 6.
const EXAMPLE_OPENING: &str = "r2 c2 r1 a1 r1 b1 r3 c1 r1 d1 r2 b2 r2 a2 r4 d2 \
                               r3 b3 r1 a3 r3 d3 r3 c3 r4 c4";

#[test]
fn the_rulebook_example_game_action_by_action() {
    let config = SeriesConfig::new(100, 2, 1, false).unwrap();
    let mut series = Series::new(config, Player::One);
    let bets = |s: &Series| (s.game().bet(Player::One), s.game().bet(Player::Two));
    assert_eq!(bets(&series), (2, 2), "both make an initial bet of 2");
    series.apply(Action::Roll(Face::Dog)).unwrap();
    assert_eq!(
        series.game().board().open_in_row(Player::One, Face::Dog),
        [sq("a2"), sq("b2"), sq("c2"), sq("d2")]
    );
    series.apply(Action::Place(sq("c2"))).unwrap();
    for token in EXAMPLE_OPENING.split_whitespace().skip(2) {
        series.apply(token.parse().unwrap()).unwrap();
    }
    let board = series.game().board();
    assert_eq!(
        board.open_rows(Player::One),
        [Face::Staff],
        "three rows blocked"
    );
    assert!(
        !board.open_rows(Player::Two).contains(&Face::Cat),
        "her row 3 is already full"
    );
    assert_eq!(series.game().to_move(), Player::Two);
    // Player 2 rolls a 3: her row 3 is full. She matches.
    series.apply(Action::Roll(Face::Cat)).unwrap();
    assert_eq!(series.game().phase(), Phase::FullRow(Face::Cat));
    series.apply(Action::Match).unwrap();
    assert_eq!(bets(&series), (2, 4));
    let board = series.game().board();
    assert_eq!(
        board.open_rows(Player::Two).len(),
        3,
        "three rows open for her"
    );
    assert_eq!(
        board.open_rows(Player::One).len(),
        1,
        "three blocked for him"
    );
    assert_eq!(board.bridge(Player::One), None);
    // He could have surrendered before the roll, taking back 1 and losing only 1.
    let mut surrendered = series.clone();
    surrendered.apply(Action::Surrender).unwrap();
    assert_eq!(surrendered.game().holdings(Player::One), 99);
    // He rolls a 1 and is blocked: forfeiting loses 2, matching would cost 2 more.
    series.apply(Action::Roll(Face::Arex)).unwrap();
    assert_eq!(series.game().phase(), Phase::FullRow(Face::Arex));
    assert_eq!(series.legal_actions(), [Action::Match, Action::Forfeit]);
    assert_eq!(series.game().pot(), 6);
    series.apply(Action::Forfeit).unwrap();
    assert_eq!(series.game().ending(), Some(Ending::Forfeit(Player::One)));
    assert_eq!(series.game().holdings(Player::One), 98);
    assert_eq!(
        series.game().holdings(Player::Two),
        102,
        "she collects the pot of 6"
    );
    assert_eq!(series.end(), Some(SeriesEnd::AllPlayed));
}

// K11: series.
#[test]
fn k11_the_loser_starts_the_next_game_and_after_a_split_the_other_player() {
    let config = SeriesConfig::new(100, 2, 3, false).unwrap();
    let mut series = Series::new(config, Player::Two);
    assert_eq!(series.game().starter(), Player::Two);
    // Player 2 offers a double, Player 1 forfeits: Player 1 lost, so starts game 2.
    series.apply(Action::Double).unwrap();
    series.apply(Action::Forfeit).unwrap();
    assert_eq!(series.played().len(), 1);
    assert_eq!(series.played()[0].gain, [-2, 2]);
    assert_eq!(series.game().starter(), Player::One);
    assert_eq!(series.game_number(), 2);
    // A split: Player 1 started it, so Player 2 starts game 3.
    for token in CHECKERBOARD.split_whitespace() {
        series.apply(token.parse().unwrap()).unwrap();
    }
    assert_eq!(series.played()[1].ending, Ending::Split);
    assert_eq!(series.game().starter(), Player::Two);
    series.apply(Action::Surrender).unwrap();
    assert_eq!(
        series.end(),
        Some(SeriesEnd::AllPlayed),
        "three games agreed"
    );
    assert_eq!(series.game_number(), 3);
    assert!(series.apply(Action::Double).is_err(), "the series is over");
}

#[test]
fn k11_a_series_ends_when_a_player_cannot_cover_the_bet_unless_reloaded() {
    // Game 1: Player 2 refuses a double (4 - 2 = 2 left); game 2, which they start as its
    // loser: they surrender (1 back), and hold 1 chip, which cannot cover the bet of 2.
    let config = SeriesConfig::new(4, 2, 10, false).unwrap();
    let mut series = Series::new(config, Player::One);
    for token in ["D", "F", "S"] {
        series.apply(token.parse().unwrap()).unwrap();
    }
    assert_eq!(series.end(), Some(SeriesEnd::Broke(Player::Two)));
    assert_eq!(series.played()[1].holdings, [7, 1]);

    let config = SeriesConfig::new(4, 2, 10, true).unwrap();
    let mut series = Series::new(config, Player::One);
    for token in ["D", "F", "S"] {
        series.apply(token.parse().unwrap()).unwrap();
    }
    assert_eq!(series.end(), None, "reloaded instead");
    assert_eq!(series.reloads(), 1);
    assert_eq!(series.stake(), 4, "the stakes doubled");
    assert_eq!(
        series.total_chips(),
        24,
        "8 more chips each: 4, at the doubled stakes"
    );
    assert_eq!(series.game().bet(Player::Two), 4);
    assert_eq!(
        series.game().holdings(Player::Two),
        5,
        "1 + 8 reloaded - the bet of 4"
    );
}

#[test]
fn k11_with_reloads_a_series_goes_on_however_often_a_player_is_out_of_chips() {
    // Player 2 refuses every double and surrenders every game it starts: broke again and
    // again, reloaded each time at the doubled stakes, until the games agreed are played.
    let config = SeriesConfig::new(4, 2, 12, true).unwrap();
    let mut series = Series::new(config, Player::One);
    while series.end().is_none() {
        let legal = series.game().legal_actions();
        let action = if series.game().actor() == Player::One {
            // Player 1 doubles when it can, else does the first thing it may.
            Some(Action::Double).filter(|a| legal.contains(a))
        } else {
            [Action::Forfeit, Action::Surrender]
                .into_iter()
                .find(|a| legal.contains(a))
        };
        series.apply(action.unwrap_or(legal[0])).unwrap();
    }
    assert_eq!(series.end(), Some(SeriesEnd::AllPlayed));
    assert!(series.reloads() >= 2, "reloaded {} times", series.reloads());
    let worth = series.worth(Player::One) + series.worth(Player::Two);
    assert_eq!(worth, series.total_chips(), "every chip counted");
}

// K12: the die is an input: the same actions always give the same game.
#[test]
fn k12_the_roll_is_an_input_and_play_is_deterministic() {
    let mut a = new_game();
    let mut b = new_game();
    play(&mut a, EXAMPLE_OPENING);
    play(&mut b, EXAMPLE_OPENING);
    assert_eq!(a, b);
}

#[test]
fn actions_read_back_as_written() {
    for text in ["D", "A", "S", "M", "F", "r1", "r4", "a1", "d4"] {
        assert_eq!(text.parse::<Action>().unwrap().to_string(), text);
    }
    for bad in ["r5", "r0", "e1", "a5", "", "x", "DD"] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
}

fn face(n: u8) -> Face {
    Face::from_number(n % 4 + 1).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Random series: every legal action is accepted, every refused one changes nothing,
    /// chips are never made or lost, bets stay even, and the board never holds a bridge for
    /// a game still going on.
    #[test]
    fn random_play_keeps_the_rules(choices in proptest::collection::vec(any::<u16>(), 1..300)) {
        let config = SeriesConfig::new(20, 2, 4, true).unwrap();
        let mut series = Series::new(config, Player::One);
        for choice in choices {
            if series.end().is_some() {
                break;
            }
            // An illegal action first: refused, nothing changed.
            let all = [Action::Double, Action::Accept, Action::Surrender, Action::Match,
                       Action::Forfeit, Action::Roll(face(choice as u8)),
                       Action::Place(Square::all().nth(usize::from(choice % 16)).unwrap())];
            let probe = all[usize::from(choice / 16) % all.len()];
            let legal = series.legal_actions();
            let before = series.clone();
            let refused = series.apply(probe).is_err();
            let legal_probe = legal.contains(&probe) || matches!(probe, Action::Roll(_)) && legal.iter().any(|a| matches!(a, Action::Roll(_)));
            prop_assert_eq!(refused, !legal_probe, "{:?} with {:?}", probe, legal);
            if refused {
                prop_assert_eq!(&series, &before);
                let mut action = legal[usize::from(choice) % legal.len()];
                if let Action::Roll(_) = action {
                    action = Action::Roll(face((choice >> 8) as u8));
                }
                series.apply(action).unwrap();
            }
            let game = series.game();
            prop_assert_eq!(game.chips(), series.total_chips());
            for player in Player::BOTH {
                prop_assert_eq!(game.bet(player) % 2, 0);
                if !game.is_over() {
                    prop_assert!(game.board().bridge(player).is_none());
                }
            }
        }
    }
}

#[test]
fn k4_the_bridge_shown_is_only_the_stones_joined_to_both_edges() {
    let mut game = Game::new(Player::Two, 2, [100, 100]);
    // Player 2 (columns): a2 b2 b3 c3 d3 will be the bridge; a lone a4 touches column a only.
    play(
        &mut game,
        "r1 a2 r1 a1 r1 a4 r1 b1 r2 b2 r4 d4 r2 b3 r1 d1 r3 c3 r2 c2",
    );
    assert_eq!(game.board().at("a4".parse().unwrap()), Some(Player::Two));
    play(&mut game, "r4 d3");
    assert_eq!(game.ending(), Some(Ending::Bridge(Player::Two)));
    let bridge = game.board().bridge(Player::Two).unwrap();
    let names: Vec<String> = bridge.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["a2", "b2", "b3", "c3", "d3"]);
}
