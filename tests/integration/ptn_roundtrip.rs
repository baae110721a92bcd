//! Property: any game, with any marks, comments and tags, written as PTN reads back the same.

use proptest::prelude::*;
use taktui::notation::{Judgement, Marks, TakMark};
use taktui::record::{GameRecord, Ply, read_ptn, write_game, write_ptn};
use taktui::rules::{BoardSize, GameConfig, Komi};

/// Comment text: anything but `}` (PTN has no escape for it), including newlines and quotes.
fn comment() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 \n\"'!?.,\\[\\]{]{0,20}"
}

fn marks() -> impl Strategy<Value = Marks> {
    let tak = prop_oneof![
        Just(TakMark::None),
        Just(TakMark::Tak),
        Just(TakMark::Tinue)
    ];
    let judgement = proptest::option::of(prop_oneof![
        Just(Judgement::Good),
        Just(Judgement::Brilliant),
        Just(Judgement::Mistake),
        Just(Judgement::Blunder),
        Just(Judgement::Interesting),
        Just(Judgement::Dubious),
    ]);
    (tak, judgement).prop_map(|(tak, judgement)| Marks {
        crush: false,
        tak,
        judgement,
    })
}

/// A random game: size, komi, a tag with awkward characters, and up to 60 random legal plies
/// each with random marks and comments; sometimes a result token.
fn game() -> impl Strategy<Value = GameRecord> {
    (
        3u8..=8,
        -8i16..=8,
        "[ -~]{0,12}",
        proptest::collection::vec(
            (
                any::<u32>(),
                marks(),
                proptest::collection::vec(comment(), 0..2),
            ),
            0..60,
        ),
        proptest::collection::vec(comment(), 0..2),
        any::<bool>(),
    )
        .prop_map(|(size, komi, player, plies, game_comments, with_result)| {
            let size = BoardSize::new(size).unwrap();
            let config = GameConfig::new(size).with_komi(Komi::from_halves(komi).unwrap());
            let mut record = GameRecord::for_config(config);
            record.tags_mut().set("Player1", player);
            for text in game_comments {
                record.add_game_comment(text);
            }
            for (choice, marks, comments) in plies {
                let moves = record.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[choice as usize % moves.len()];
                let crush = {
                    let mut probe = record.position().clone();
                    probe.play(mv).unwrap().crushed()
                };
                let marks = Marks { crush, ..marks };
                record
                    .push(Ply {
                        mv,
                        marks,
                        comments,
                    })
                    .unwrap();
            }
            if with_result {
                let token = record.position().result().ptn().unwrap_or("0-0").to_owned();
                record.set_result_token(Some(token));
            }
            record
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn writing_then_reading_a_game_gives_it_back(record in game()) {
        let text = write_game(&record);
        let games = read_ptn(&text).unwrap();
        prop_assert_eq!(games.len(), 1);
        prop_assert_eq!(&games[0].error, &None, "{}", text);
        prop_assert_eq!(games[0].record.as_ref(), Some(&record), "{}", text);
    }

    #[test]
    fn several_games_in_one_file_read_back_in_order(a in game(), b in game()) {
        let text = write_ptn(&[a.clone(), b.clone()]);
        let games = read_ptn(&text).unwrap();
        let records: Vec<_> = games.into_iter().map(|g| g.record.unwrap()).collect();
        prop_assert_eq!(records, vec![a, b]);
    }
}
