//! Writing game records as canonical PTN, and saving them safely.

use std::fmt::Write as _;
use std::path::Path;

use super::{GameRecord, Ply};
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

    let first = record.start().ply();
    write_line(&mut out, first, record.plies(), record.result_token());
    // Each variation as ptn.ninja writes it: its name in braces, then its plies numbered
    // from where it leaves the line above it (`3. --` when it starts with Black's ply).
    for (name, at, branch) in record.tree().all_branches() {
        let _ = writeln!(out, "\n{{{}}}", clean_comment(&name));
        let line = &branch.line;
        write_line(
            &mut out,
            first + at as u32,
            &line.plies,
            line.result_token.as_deref(),
        );
    }
    out
}

/// Plies two a line from ply number `first` (counted from the very start of the game), then
/// the result token.
fn write_line(out: &mut String, first: u32, plies: &[Ply], result: Option<&str>) {
    let mut move_number = first / 2 + 1;
    let mut color = if first.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let mut line = String::new();
    if color == Color::Black && !plies.is_empty() {
        let _ = write!(line, "{move_number}. --");
    }
    for ply in plies {
        if color == Color::White {
            flush(out, &mut line);
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
    flush(out, &mut line);
    if let Some(token) = result {
        let _ = writeln!(out, "{token}");
    }
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
