//! Notation tables: PTN moves read and written canonically, every syntax error with its message
//! and column, every legal move's PTN reading back to itself, and TPS read, written and refused.

use taktui::notation::{
    Judgement, Marks, MoveSyntax, TakMark, Tps, TpsError, parse_move, parse_ply, to_tps,
};
use taktui::rules::{BoardSize, Color, GameConfig, Move, Position, Reserves, SetupError, Square};

fn size(n: u8) -> BoardSize {
    BoardSize::new(n).expect("a board size")
}

/// Plays a space-separated list of PTN moves, panicking with the move that failed.
fn game(n: u8, moves: &str) -> Position {
    let mut position = Position::new(GameConfig::new(size(n)));
    for text in moves.split_whitespace() {
        let mv = parse_move(text, position.size())
            .unwrap_or_else(|e| panic!("{text} does not parse: {e}"));
        position
            .play(mv)
            .unwrap_or_else(|e| panic!("{text} refused: {e}"));
    }
    position
}

fn tps(text: &str) -> Tps {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} does not read: {e}"))
}

// ---------------------------------------------------------------------------------------------
// PTN moves.

#[test]
fn moves_print_canonically() {
    // (text read on 5x5 unless an 8x8 board is needed, canonical text)
    let table: &[(&str, u8, &str)] = &[
        ("a1", 5, "a1"),
        ("Fa1", 5, "a1"),
        ("Sa1", 5, "Sa1"),
        ("Cb2", 5, "Cb2"),
        ("a1+", 5, "a1+"),
        ("1a1+", 5, "a1+"),
        ("a1+1", 5, "a1+"),
        ("1a1+1", 5, "a1+"),
        ("1e4<1", 5, "e4<"),
        ("e4-", 5, "e4-"),
        ("2a1>", 5, "2a1>"),
        ("2a1>2", 5, "2a1>"),
        ("2a1>11", 5, "2a1>11"),
        ("3c3>12", 5, "3c3>12"),
        ("3c3>111", 5, "3c3>111"),
        ("5b4>212", 5, "5b4>212"),
        ("5e5<5", 5, "5e5<"),
        ("8a1>11111111", 8, "8a1>11111111"),
        ("8h8-44", 8, "8h8-44"),
        // The rulebook's arrows.
        ("a1↑", 5, "a1+"),
        ("c3↓", 5, "c3-"),
        ("c3←", 5, "c3<"),
        ("c3→", 5, "c3>"),
        ("3c3↑12", 5, "3c3+12"),
    ];
    for &(text, n, canonical) in table {
        let mv = parse_move(text, size(n)).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(mv.to_string(), canonical, "{text}");
        assert_eq!(parse_move(canonical, size(n)), Ok(mv), "{canonical}");
        // `FromStr` reads the same move (on the largest board).
        assert_eq!(text.parse::<Move>(), Ok(mv), "{text}");
    }
}

#[test]
fn marks_are_ignored_by_parse_move_and_returned_by_parse_ply() {
    let marks = |crush, tak, judgement| Marks {
        crush,
        tak,
        judgement,
    };
    // (text, the move, its marks, the marks as printed)
    let table: &[(&str, &str, Marks, &str)] = &[
        ("a1", "a1", Marks::default(), ""),
        ("c3+*", "c3+", marks(true, TakMark::None, None), "*"),
        ("Sa1'", "Sa1", marks(false, TakMark::Tak, None), "'"),
        (
            "3c3>12''",
            "3c3>12",
            marks(false, TakMark::Tinue, None),
            "''",
        ),
        ("a1\"", "a1", marks(false, TakMark::Tinue, None), "''"),
        (
            "Cb2!",
            "Cb2",
            marks(false, TakMark::None, Some(Judgement::Good)),
            "!",
        ),
        (
            "b2?",
            "b2",
            marks(false, TakMark::None, Some(Judgement::Mistake)),
            "?",
        ),
        (
            "b2!!",
            "b2",
            marks(false, TakMark::None, Some(Judgement::Brilliant)),
            "!!",
        ),
        (
            "b2??",
            "b2",
            marks(false, TakMark::None, Some(Judgement::Blunder)),
            "??",
        ),
        (
            "b2!?",
            "b2",
            marks(false, TakMark::None, Some(Judgement::Interesting)),
            "!?",
        ),
        (
            "b2?!",
            "b2",
            marks(false, TakMark::None, Some(Judgement::Dubious)),
            "?!",
        ),
        (
            "2c3<11*'!",
            "2c3<11",
            marks(true, TakMark::Tak, Some(Judgement::Good)),
            "*'!",
        ),
        ("c3<'*", "c3<", marks(true, TakMark::Tak, None), "*'"),
    ];
    for &(text, canonical, expected, printed) in table {
        let five = size(5);
        let mv = parse_move(text, five).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(mv.to_string(), canonical, "{text}");
        let (ply, marks) = parse_ply(text, five).unwrap();
        assert_eq!(ply, mv, "{text}");
        assert_eq!(marks, expected, "{text}");
        assert_eq!(marks.to_string(), printed, "{text}");
        assert_eq!(marks.is_empty(), printed.is_empty(), "{text}");
    }
}

/// Asserts that `text` on an `n`x`n` board is refused with `syntax` at `column` (1-based), with
/// exactly `message`, by both `parse_move` and `parse_ply`.
fn assert_syntax(text: &str, n: u8, syntax: &MoveSyntax, column: usize, message: &str) {
    let error = parse_move(text, size(n)).expect_err(text);
    assert_eq!(error.syntax(), syntax, "{text}");
    assert_eq!(error.column(), column, "{text}");
    assert_eq!(error.text(), text);
    assert_eq!(error.to_string(), message, "{text}");
    assert_eq!(parse_ply(text, size(n)).unwrap_err(), error, "{text}");
}

#[test]
fn syntax_error_empty_and_expected_square() {
    assert_syntax("", 5, &MoveSyntax::Empty, 1, "\"\": no move given");
    for (text, column) in [("+", 1), ("S", 2), ("3>", 2), ("A1", 1), ("Cc", 2)] {
        assert_syntax(
            text,
            5,
            &MoveSyntax::ExpectedSquare { column },
            column,
            &format!("\"{text}\": expected a square such as c3 at character {column}"),
        );
    }
}

#[test]
fn syntax_error_file_or_rank_off_the_board() {
    let file = |file, n| MoveSyntax::FileOffBoard {
        file,
        size: size(n),
    };
    let rank = |rank, n| MoveSyntax::RankOffBoard {
        rank,
        size: size(n),
    };
    assert_syntax(
        "f1",
        5,
        &file('f', 5),
        1,
        "\"f1\": file f is off a 5x5 board",
    );
    assert_syntax(
        "Si3",
        8,
        &file('i', 8),
        2,
        "\"Si3\": file i is off an 8x8 board",
    );
    assert_syntax(
        "3d4+",
        3,
        &file('d', 3),
        2,
        "\"3d4+\": file d is off a 3x3 board",
    );
    assert_syntax(
        "c9",
        5,
        &rank('9', 5),
        2,
        "\"c9\": rank 9 is off a 5x5 board",
    );
    assert_syntax(
        "a0",
        8,
        &rank('0', 8),
        2,
        "\"a0\": rank 0 is off an 8x8 board",
    );
    assert_syntax(
        "Ca4",
        3,
        &rank('4', 3),
        3,
        "\"Ca4\": rank 4 is off a 3x3 board",
    );
}

#[test]
fn syntax_error_counts() {
    assert_syntax(
        "9a1>",
        8,
        &MoveSyntax::CountTooLarge(9),
        1,
        "\"9a1>\": cannot carry 9 pieces: no board's carry limit is above 8",
    );
    assert_syntax(
        "12a1>",
        8,
        &MoveSyntax::CountTooLarge(12),
        1,
        "\"12a1>\": cannot carry 12 pieces: no board's carry limit is above 8",
    );
    assert_syntax(
        "0a1>",
        5,
        &MoveSyntax::CountZero,
        1,
        "\"0a1>\": a move carries at least 1 piece, not 0",
    );
    assert_syntax(
        "2a1",
        5,
        &MoveSyntax::CountWithoutDirection,
        1,
        "\"2a1\": a count goes only before a stack move (a square and a direction), as in 2a1>",
    );
}

#[test]
fn count_before_a_placement_is_reported_as_a_count_without_direction() {
    // The variant's own documentation gives `2Sa1` as its example.
    let error = parse_move("2Sa1", size(5)).unwrap_err();
    assert_eq!(
        error.syntax(),
        &MoveSyntax::CountWithoutDirection,
        "{error}"
    );
}

#[test]
fn syntax_error_drops() {
    assert_syntax(
        "3a1>102",
        5,
        &MoveSyntax::ZeroDrop { column: 6 },
        6,
        "\"3a1>102\": every square passed gets at least 1 piece, but the drop at character 6 is 0",
    );
    assert_syntax(
        "a1+0",
        5,
        &MoveSyntax::ZeroDrop { column: 4 },
        4,
        "\"a1+0\": every square passed gets at least 1 piece, but the drop at character 4 is 0",
    );
    let mismatch = |dropped, picked| MoveSyntax::DropsMismatch { dropped, picked };
    assert_syntax(
        "4a1>12",
        5,
        &mismatch(3, 4),
        6,
        "\"4a1>12\": the drops add up to 3 but 4 pieces are picked up",
    );
    assert_syntax(
        "3c3>11",
        5,
        &mismatch(2, 3),
        6,
        "\"3c3>11\": the drops add up to 2 but 3 pieces are picked up",
    );
    assert_syntax(
        "2c3>111",
        5,
        &mismatch(3, 2),
        7,
        "\"2c3>111\": the drops add up to 3 but 2 pieces are picked up",
    );
    assert_syntax(
        "a1+11",
        5,
        &mismatch(2, 1),
        5,
        "\"a1+11\": the drops add up to 2 but 1 piece is picked up",
    );
}

#[test]
fn syntax_error_unexpected_characters() {
    let unexpected = |found, column| MoveSyntax::Unexpected { found, column };
    assert_syntax(
        "a1x",
        5,
        &unexpected('x', 3),
        3,
        "\"a1x\": unexpected \"x\" at character 3",
    );
    assert_syntax(
        "Sa1+",
        5,
        &unexpected('+', 4),
        4,
        "\"Sa1+\": unexpected \"+\" at character 4",
    );
    assert_syntax(
        "c3**",
        5,
        &unexpected('*', 3),
        3,
        "\"c3**\": unexpected \"*\" at character 3",
    );
    assert_syntax(
        "a1+'''",
        5,
        &unexpected('\'', 4),
        4,
        "\"a1+'''\": unexpected \"'\" at character 4",
    );
}

/// Every legal move's canonical PTN reads back to the same move, with or without marks.
fn assert_legal_moves_read_back(position: &Position) {
    let size = position.size();
    for mv in position.legal_moves() {
        let text = mv.to_string();
        assert_eq!(
            parse_move(&text, size),
            Ok(mv),
            "{text} in {}",
            to_tps(position)
        );
        assert!(
            !text.starts_with('F'),
            "{text}: flats are written without F"
        );
        let marked = format!("{text}*''?!");
        assert_eq!(parse_move(&marked, size), Ok(mv), "{marked}");
    }
}

/// A small deterministic generator, so the playouts are the same on every run.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Positions from seeded random playouts on every board size, each after up to `plies` plies.
fn playout_positions(plies: usize) -> Vec<Position> {
    let mut positions = Vec::new();
    for (n, seed) in (3..=8).zip([11u64, 23, 37, 41, 53, 67]) {
        let mut rng = XorShift(seed);
        let mut position = Position::new(GameConfig::new(size(n)));
        for _ in 0..plies {
            positions.push(position.clone());
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer spreads now and then, so that tall stacks build up.
            let spreads: Vec<Move> = moves.iter().copied().filter(|m| !m.is_place()).collect();
            let mv = if !spreads.is_empty() && rng.below(3) > 0 {
                spreads[rng.below(spreads.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            position.play(mv).unwrap();
        }
        positions.push(position);
    }
    positions
}

#[test]
fn every_legal_move_reads_back_to_itself() {
    for position in playout_positions(60) {
        assert_legal_moves_read_back(&position);
    }
    // Tall stacks on 8x8 (every carry up to 8, every drop pattern) and 5x5.
    for text in [
        "x8/x8/x8/x3,2121212121,x4/x8/x8/x8/x8 1 20",
        "x8/x8/x8/x3,1212121212C,x4/x8/x8/x8/x8 2 20",
        "2,1,x3/x,1212,x3/x2,21121C,x,1S/x5/x2,2S,x2 1 12",
    ] {
        let position = tps(text).to_standard_position().unwrap();
        assert!(position.legal_moves().len() > 50, "{text}");
        assert_legal_moves_read_back(&position);
    }
}

// ---------------------------------------------------------------------------------------------
// TPS.

#[test]
fn tps_after_the_first_two_plies_has_the_swapped_flats() {
    // 1. a1 e5: White put Black's flat on a1, Black put White's flat on e5.
    let text = "x4,1/x5/x5/x5/2,x4 1 2";
    let played = game(5, "a1 e5");
    assert_eq!(to_tps(&played), text);
    let read = tps(text);
    assert_eq!(read.size(), size(5));
    assert_eq!(read.to_move(), Color::White);
    assert_eq!(read.move_number(), 2);
    assert_eq!(read.to_standard_position().unwrap(), played);
}

#[test]
fn tps_round_trips() {
    for text in [
        "x3/x3/x3 1 1",
        "x4,1/x5/x5/x5/2,x4 1 2",
        "x5/x5/x2,12C,x2/x5/x5 1 3",
        "2,x5/x,1S,x4/x2,221C,x3/x6/x6/1,x4,2S 2 7",
        "1,2,1,2/2,1,2,1/x4/x2,2121,x 2 9",
        "x8/x8/x8/x3,2121212121,x4/x8/x8/x8/x8 1 20",
    ] {
        let position = tps(text).to_standard_position().unwrap();
        assert_eq!(to_tps(&position), text);
    }
}

#[test]
fn tps_of_played_positions_reads_back_to_the_same_position() {
    for position in playout_positions(60) {
        let text = to_tps(&position);
        let read = tps(&text).to_position(*position.config()).unwrap();
        assert_eq!(read, position, "{text}");
    }
}

#[test]
fn tps_accepts_single_empties_and_writes_runs() {
    for (text, written) in [
        ("x,x,x/x3/x,x,x 2 4", "x3/x3/x3 2 4"),
        ("1,x,x/x,2,x/x,x,x 1 2", "1,x2/x,2,x/x3 1 2"),
        ("x,x3,x/x5/x2,x,x,x/x5/x,x4 1 1", "x5/x5/x5/x5/x5 1 1"),
    ] {
        let position = tps(text).to_standard_position().unwrap();
        assert_eq!(to_tps(&position), written, "{text}");
    }
}

#[test]
fn tps_with_a_road_on_the_board_is_a_finished_game() {
    let position = tps("1,1,1/2,2,x/x3 2 3").to_standard_position().unwrap();
    assert_eq!(position.result().winner(), Some(Color::White));
    assert!(position.legal_moves().is_empty());
}

fn assert_tps_error(text: &str, error: &TpsError, message: &str) {
    assert_eq!(text.parse::<Tps>().as_ref(), Err(error), "{text}");
    assert_eq!(error.to_string(), message, "{text}");
}

#[test]
fn tps_error_field_and_row_counts() {
    for (text, fields) in [("x3/x3/x3 1", 2), ("x3/x3/x3 1 1 1", 4), ("", 0)] {
        assert_tps_error(
            text,
            &TpsError::Fields(fields),
            &format!(
                "TPS has {fields} field(s); expected 3: the board, the player to move, the move \
                 number"
            ),
        );
    }
    for (text, rows) in [("x2/x2 1 1", 2), ("x/x/x/x/x/x/x/x/x 1 1", 9)] {
        assert_tps_error(
            text,
            &TpsError::Rows(rows),
            &format!("the board has {rows} rows separated by '/'; board sizes are 3 to 8"),
        );
    }
    let width = |row, rank, found| TpsError::RowWidth {
        row,
        rank,
        found,
        size: size(3),
    };
    assert_tps_error(
        "x3/x2/x3 1 1",
        &width(2, 2, 2),
        "row 2 (rank 2) has 2 squares, but the TPS has 3 rows: a row has as many squares as there are rows",
    );
    assert_tps_error(
        "x3/x3/1,2,1,2 1 1",
        &width(3, 1, 4),
        "row 3 (rank 1) has 4 squares, but the TPS has 3 rows: a row has as many squares as there are rows",
    );
    assert_tps_error(
        "x4/x3/x3 1 1",
        &width(1, 3, 4),
        "row 1 (rank 3) has 4 squares, but the TPS has 3 rows: a row has as many squares as there are rows",
    );
}

#[test]
fn tps_error_square_player_and_move_number() {
    for (text, rank, square, bad) in [
        ("x3/x3/x,3,x 1 1", 1, 2, "3"),
        ("12X,x2/x3/x3 1 1", 3, 1, "12X"),
        ("x3/x,,x/x3 1 1", 2, 2, ""),
        ("x3/x3/x0,x3 1 1", 1, 1, "x0"),
        ("x3/x3/x2,S 1 1", 1, 2, "S"),
    ] {
        assert_tps_error(
            text,
            &TpsError::Square {
                rank,
                square,
                text: bad.to_owned(),
            },
            &format!(
                "rank {rank}, square {square}: {bad:?} is not a square; write x, xN for N \
                 empties, or a stack of 1s and 2s bottom to top, ending in S or C for a wall or \
                 capstone"
            ),
        );
    }
    for player in ["3", "w", "0"] {
        assert_tps_error(
            &format!("x3/x3/x3 {player} 1"),
            &TpsError::Player(player.to_owned()),
            &format!("player \"{player}\" must be 1 (White) or 2 (Black)"),
        );
    }
    for number in ["0", "two", "-1", "+3", "03", "10001", "99999999999"] {
        assert_tps_error(
            &format!("x3/x3/x3 1 {number}"),
            &TpsError::MoveNumber(number.to_owned()),
            &format!("move number \"{number}\" must be a whole number from 1 to 10000"),
        );
    }
}

#[test]
fn tps_refused_when_pieces_exceed_the_reserves() {
    // 3x3 has 10 stones each: one stack of 11 White pieces is too many.
    let error = tps("11111111111,x2/x3/x3 2 9")
        .to_standard_position()
        .unwrap_err();
    let expected = TpsError::Setup(SetupError::TooManyStones {
        color: Color::White,
        on_board: 11,
        available: 10,
    });
    assert_eq!(error, expected);
    assert_eq!(
        error.to_string(),
        "White has 11 stones on the board but only 10 in all"
    );

    // With three stones each, four Black stones (a wall counts as a stone) are too many.
    let config = GameConfig::new(size(5))
        .with_pieces(Reserves { stones: 3, caps: 0 })
        .unwrap();
    let error = tps("2,2S,2,2,x/x5/x5/x5/1,x4 1 4")
        .to_position(config)
        .unwrap_err();
    assert_eq!(
        error,
        TpsError::Setup(SetupError::TooManyStones {
            color: Color::Black,
            on_board: 4,
            available: 3,
        })
    );

    // 4x4 has no capstones; 5x5 has one each.
    let error = tps("1C,x3/x4/x4/2,x3 2 2")
        .to_standard_position()
        .unwrap_err();
    assert_eq!(
        error,
        TpsError::Setup(SetupError::TooManyCaps {
            color: Color::White,
            on_board: 1,
            available: 0,
        })
    );
    assert_eq!(
        error.to_string(),
        "White has 1 capstone(s) on the board but only 0 in all"
    );
    let error = tps("2C,x3,2C/x5/x5/x5/1,x4 1 3")
        .to_standard_position()
        .unwrap_err();
    assert_eq!(
        error,
        TpsError::Setup(SetupError::TooManyCaps {
            color: Color::Black,
            on_board: 2,
            available: 1,
        })
    );
}

#[test]
fn tps_refused_when_the_move_number_is_out_of_range() {
    let error = "x3/x3/x3 1 10001".parse::<Tps>().unwrap_err();
    assert_eq!(error, TpsError::MoveNumber("10001".to_owned()));
    assert!(tps("x3/x3/x3 1 10000").to_standard_position().is_ok());
    // Positions set up directly are held to the same range.
    let setup = Position::from_setup(GameConfig::new(size(3)), [], Color::White, 10_001);
    assert_eq!(setup.unwrap_err(), SetupError::MoveNumber(10_001));
    assert_eq!(
        SetupError::MoveNumber(10_001).to_string(),
        "move number 10001 is out of range (1 to 10000)"
    );
}

#[test]
fn tps_refused_on_a_game_of_another_size() {
    let error = tps("x3/x3/x3 1 1")
        .to_position(GameConfig::new(size(5)))
        .unwrap_err();
    assert_eq!(
        error,
        TpsError::SizeMismatch {
            tps: size(3),
            game: size(5),
        }
    );
    assert_eq!(
        error.to_string(),
        "the TPS is for a 3x3 board but the game is on a 5x5 board"
    );
}

#[test]
fn tps_stacks_land_on_their_squares() {
    // Rank 5 is written first; a1 is the first square of the last row.
    let position = tps("x4,2/x5/x5/x5/1,x4 1 2")
        .to_standard_position()
        .unwrap();
    let a1 = Square::new(0, 0);
    let e5 = Square::new(4, 4);
    assert_eq!(position.board().stack(a1).controller(), Some(Color::White));
    assert_eq!(position.board().stack(e5).controller(), Some(Color::Black));
}
