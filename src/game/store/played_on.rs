//! What the kept copy of a game played on from a record (`p` in a replay) says of that
//! record: its file, the ply the game left it at, its own main line and result. The kept copy
//! is the line played; with these tags a game resumed from the store saves as it would have
//! before it was left: the record keeps its main line and result, the moves played a
//! variation of it.

use std::path::PathBuf;

use super::how_played::set_path;
use crate::game::PlayedOn;
use crate::notation::parse_move;
use crate::record::Tags;
use crate::rules::BoardSize;

/// The tag naming the file of the record the game was played on from (an absolute path).
pub const PLAYED_ON_FROM_TAG: &str = "PlayedOnFrom";
/// The tag giving the ply of the record the game was played on from (0: its start).
pub const PLAYED_ON_AT_TAG: &str = "PlayedOnAt";
/// The tag holding the main line of the record the game was played on from, its moves in
/// PTN one after the other: a kept copy has it when, and only when, it was played on from a
/// record.
pub const RECORD_MAIN_LINE_TAG: &str = "RecordMainLine";
/// The tag holding the `Result` tag of the record the game was played on from.
pub const RECORD_RESULT_TAG: &str = "RecordResult";
/// The tag holding the result token that ends the main line of the record the game was
/// played on from.
pub const RECORD_END_TAG: &str = "RecordEnd";

/// Every tag of this file, to take out of a kept copy.
pub(super) const TAGS: [&str; 5] = [
    PLAYED_ON_FROM_TAG,
    PLAYED_ON_AT_TAG,
    RECORD_MAIN_LINE_TAG,
    RECORD_RESULT_TAG,
    RECORD_END_TAG,
];

/// Notes in a kept copy's `tags` the record the game was played on from, if it was.
pub fn note_played_on(tags: &mut Tags, from: Option<&PlayedOn>) {
    let Some(from) = from else {
        for name in TAGS {
            tags.remove(name);
        }
        return;
    };
    set_path(tags, PLAYED_ON_FROM_TAG, from.file.as_deref());
    tags.set(PLAYED_ON_AT_TAG, from.ply.to_string());
    let moves: Vec<String> = from.moves.iter().map(ToString::to_string).collect();
    tags.set(RECORD_MAIN_LINE_TAG, moves.join(" "));
    for (name, value) in [
        (RECORD_RESULT_TAG, &from.result_tag),
        (RECORD_END_TAG, &from.result_token),
    ] {
        match value {
            Some(value) => tags.set(name, value.clone()),
            None => tags.remove(name),
        }
    }
}

/// The record a kept copy says its game was played on from, read from its `tags` (a board of
/// `size`): `Ok(None)` when it was not played on from one, `Err` saying what does not read.
pub(super) fn read_played_on(tags: &Tags, size: BoardSize) -> Result<Option<PlayedOn>, String> {
    let Some(line) = tags.get(RECORD_MAIN_LINE_TAG) else {
        return Ok(None);
    };
    let moves = line
        .split_whitespace()
        .map(|text| {
            parse_move(text, size).map_err(|e| format!("{RECORD_MAIN_LINE_TAG}: {text}: {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let ply = match tags.get(PLAYED_ON_AT_TAG) {
        None => 0,
        Some(text) => text
            .parse()
            .map_err(|_| format!("{PLAYED_ON_AT_TAG}: {text:?} is not a ply number"))?,
    };
    Ok(Some(PlayedOn {
        file: tags.get(PLAYED_ON_FROM_TAG).map(PathBuf::from),
        ply,
        moves,
        result_tag: tags.get(RECORD_RESULT_TAG).map(str::to_owned),
        result_token: tags.get(RECORD_END_TAG).map(str::to_owned),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::GameRecord;
    use crate::rules::GameConfig;

    fn record(moves: &str) -> GameRecord {
        let size = BoardSize::new(5).unwrap();
        let mut record = GameRecord::for_config(GameConfig::new(size));
        for text in moves.split_whitespace() {
            record.play(parse_move(text, size).unwrap()).unwrap();
        }
        record
    }

    #[test]
    fn the_record_played_on_from_reads_back_as_noted() {
        let mut played = record("a1 e5 c3 Sd4");
        played.tags_mut().set("Result", "R-0".to_owned());
        played.set_result_token(Some("R-0".to_owned()));
        let from = PlayedOn::of(&played, Some(std::path::Path::new("/records/g.ptn")), 2);
        let mut tags = Tags::default();
        note_played_on(&mut tags, Some(&from));
        let size = BoardSize::new(5).unwrap();
        assert_eq!(read_played_on(&tags, size), Ok(Some(from)));
        note_played_on(&mut tags, None);
        assert!(tags.is_empty(), "{tags:?}");
        assert_eq!(read_played_on(&tags, size), Ok(None));
    }

    #[test]
    fn a_main_line_that_does_not_read_says_where() {
        let mut tags = Tags::default();
        tags.set(RECORD_MAIN_LINE_TAG, "a1 z9".to_owned());
        let said = read_played_on(&tags, BoardSize::new(5).unwrap()).unwrap_err();
        assert!(said.starts_with("RecordMainLine: z9: "), "{said}");
    }
}
