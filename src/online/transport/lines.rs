//! Bytes into lines, bounded: what arrives in pieces of any size comes out as whole lines, and a
//! line longer than the cap is dropped and reported rather than buffered without end.
//!
//! The server writes Latin-1, byte for byte what it was given; clients (the web one, taktui)
//! give it UTF-8, so chat passes through it intact. A line is read as UTF-8 and, failing that,
//! as Latin-1: no byte is ever lost or refused.

/// The longest line kept, in bytes: the server's own buffer is 64 KiB.
pub const MAX_LINE: usize = 64 * 1024;

/// What the assembler makes of the bytes it is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A whole line, without its end (`\n` or `\r\n`).
    Line(String),
    /// A line longer than the cap was dropped: its length in bytes.
    TooLong(usize),
}

/// Gathers bytes into lines.
#[derive(Debug)]
pub struct LineAssembler {
    /// The line begun, not yet ended.
    pending: Vec<u8>,
    /// The length of the line being dropped, while over the cap (`None` while under).
    dropping: Option<usize>,
    /// The cap, in bytes.
    cap: usize,
}

impl Default for LineAssembler {
    fn default() -> LineAssembler {
        LineAssembler::with_cap(MAX_LINE)
    }
}

impl LineAssembler {
    /// An assembler keeping lines of at most `cap` bytes.
    #[must_use]
    pub fn with_cap(cap: usize) -> LineAssembler {
        LineAssembler {
            pending: Vec::new(),
            dropping: None,
            cap,
        }
    }

    /// Takes in `bytes`, and adds to `out` every piece they finish.
    pub fn push(&mut self, bytes: &[u8], out: &mut Vec<Piece>) {
        let mut rest = bytes;
        while !rest.is_empty() {
            let end = rest.iter().position(|&b| b == b'\n');
            let (part, after) = match end {
                Some(at) => (&rest[..at], &rest[at + 1..]),
                None => (rest, &[][..]),
            };
            self.take(part);
            if end.is_some() {
                out.push(self.finish());
            }
            rest = after;
        }
    }

    /// Ends the line begun, as the end of a WebSocket message does: its piece, if any.
    pub fn end_line(&mut self, out: &mut Vec<Piece>) {
        if !self.pending.is_empty() || self.dropping.is_some() {
            out.push(self.finish());
        }
    }

    /// What was begun and never ended, when the stream closes: the half line, if any.
    #[must_use]
    pub fn unfinished(&mut self) -> Option<String> {
        self.dropping = None;
        (!self.pending.is_empty()).then(|| decode(std::mem::take(&mut self.pending)))
    }

    /// Adds `part` (no end of line in it) to the line begun, or counts it while dropping.
    fn take(&mut self, part: &[u8]) {
        if let Some(length) = &mut self.dropping {
            *length += part.len();
        } else if self.pending.len() + part.len() > self.cap {
            self.dropping = Some(self.pending.len() + part.len());
            self.pending = Vec::new();
        } else {
            self.pending.extend_from_slice(part);
        }
    }

    /// The line just ended.
    fn finish(&mut self) -> Piece {
        if let Some(length) = self.dropping.take() {
            return Piece::TooLong(length);
        }
        let mut line = std::mem::take(&mut self.pending);
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Piece::Line(decode(line))
    }
}

/// Bytes as text: UTF-8 when they are, else Latin-1 (every byte the character of its value).
fn decode(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|error| error.into_bytes().iter().map(|&b| char::from(b)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(assembler: &mut LineAssembler, bytes: &[u8]) -> Vec<Piece> {
        let mut out = Vec::new();
        assembler.push(bytes, &mut out);
        out
    }

    fn line(text: &str) -> Piece {
        Piece::Line(text.to_owned())
    }

    #[test]
    fn lines_split_across_reads_come_out_whole() {
        let mut assembler = LineAssembler::default();
        assert_eq!(lines(&mut assembler, b"Welc"), []);
        assert_eq!(
            lines(&mut assembler, b"ome!\nLogin or Register\r\nGame#1 "),
            [line("Welcome!"), line("Login or Register")]
        );
        assert_eq!(lines(&mut assembler, b"P A1\n"), [line("Game#1 P A1")]);
        assert_eq!(lines(&mut assembler, b"\n"), [line("")]);
    }

    #[test]
    fn a_line_over_the_cap_is_reported_and_the_next_one_kept() {
        let mut assembler = LineAssembler::with_cap(8);
        assert_eq!(lines(&mut assembler, b"12345"), []);
        assert_eq!(lines(&mut assembler, b"6789abc"), []);
        assert_eq!(assembler.pending.len(), 0, "nothing past the cap is kept");
        assert_eq!(
            lines(&mut assembler, b"de\nOK\n"),
            [Piece::TooLong(14), line("OK")]
        );
        assert_eq!(lines(&mut assembler, b"12345678\n"), [line("12345678")]);
    }

    #[test]
    fn utf8_passes_and_other_bytes_read_as_latin1() {
        let mut assembler = LineAssembler::default();
        assert_eq!(
            lines(&mut assembler, "Shout <bob> très bien ♟\n".as_bytes()),
            [line("Shout <bob> très bien ♟")]
        );
        assert_eq!(lines(&mut assembler, b"caf\xe9\n"), [line("café")]);
    }

    #[test]
    fn a_message_end_ends_its_line_and_a_half_line_is_kept_at_close() {
        let mut assembler = LineAssembler::default();
        let mut out = Vec::new();
        assembler.push(b"OK", &mut out);
        assembler.end_line(&mut out);
        assembler.end_line(&mut out);
        assert_eq!(out, [line("OK")], "an empty end makes no line");
        assembler.push(b"Game#4 M A1", &mut out);
        assert_eq!(assembler.unfinished().as_deref(), Some("Game#4 M A1"));
        assert_eq!(assembler.unfinished(), None);
    }
}
