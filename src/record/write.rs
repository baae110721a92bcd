//! Writing game records as canonical PTN, and saving them safely.

use std::fmt::Write as _;
use std::path::Path;

use super::GameRecord;
use crate::rules::Color;

/// One game as canonical PTN: tags in the conventional order, then two plies a line with their
/// marks and comments, then the result token.
#[must_use]
pub fn write_game(record: &GameRecord) -> String {
    let mut out = String::new();
    for (name, value) in record.tags().iter() {
        write_tag(&mut out, name, value);
    }
    out.push('\n');
    for comment in record.comments() {
        let _ = writeln!(out, "{{{}}}", clean_comment(comment));
    }

    let start = record.start();
    let mut move_number = start.move_number();
    let mut line = String::new();
    if start.to_move() == Color::Black && !record.plies().is_empty() {
        let _ = write!(line, "{move_number}. --");
    }
    let mut color = start.to_move();
    for ply in record.plies() {
        if color == Color::White {
            flush(&mut out, &mut line);
            let _ = write!(line, "{move_number}.");
        }
        let _ = write!(line, " {}{}", ply.mv, ply.marks);
        for comment in &ply.comments {
            let _ = write!(line, " {{{}}}", clean_comment(comment));
        }
        if color == Color::Black {
            move_number += 1;
        }
        color = !color;
    }
    flush(&mut out, &mut line);
    if let Some(token) = record.result_token() {
        let _ = writeln!(out, "{token}");
    }
    out
}

/// Several games, one after another, a blank line between.
#[must_use]
pub fn write_ptn(records: &[GameRecord]) -> String {
    records
        .iter()
        .map(write_game)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Writes PTN to `path` atomically: a temporary file in the same folder, flushed to disk, then
/// renamed over the target, so a crash never leaves a half-written game.
pub fn save_ptn(path: &Path, records: &[GameRecord]) -> std::io::Result<()> {
    crate::files::write_atomically(path, write_ptn(records).as_bytes())
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{escaped}\"]");
}

/// A comment cannot hold `}`: PTN has no escape for it.
fn clean_comment(comment: &str) -> String {
    comment.replace('}', ")")
}

fn flush(out: &mut String, line: &mut String) {
    if !line.is_empty() {
        out.push_str(line);
        out.push('\n');
        line.clear();
    }
}
