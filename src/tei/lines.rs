//! Lines read from another program with a bound on what one line may cost: an engine that
//! writes a 400 MB line, or `tak tei` fed one, keeps [`MAX_LINE_BYTES`] of it and reads the
//! rest only to drop it. The bytes are handed over as they are, so that a line that is not
//! UTF-8 is the reader's to answer, not the end of the input.

use std::io::{self, BufRead};

/// The most of one line that is kept: far above any line TEI needs (a `position` of a
/// 5,000-ply game, an `info` with a long line of play), far below what would hurt.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// How many read lines may wait for their reader: past that, the reading thread waits in
/// turn, and so does a program that floods its output (its pipe fills), however fast it
/// writes. With [`MAX_LINE_BYTES`], a bound of 4 MiB on what waits.
pub const QUEUED_LINES: usize = 64;

/// One line as read: its first [`MAX_LINE_BYTES`] at most, without its line ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawLine {
    /// The bytes kept.
    pub bytes: Vec<u8>,
    /// The whole line's length in bytes, when it was longer than what is kept.
    pub cut_from: Option<u64>,
}

impl RawLine {
    /// The line as text, when it is all there and UTF-8.
    #[must_use]
    pub fn text(&self) -> Option<&str> {
        match self.cut_from {
            None => std::str::from_utf8(&self.bytes).ok(),
            Some(_) => None,
        }
    }

    /// The line as text whatever it holds: bytes that are not UTF-8 become `�`, and a cut
    /// line ends in `...`.
    #[must_use]
    pub fn lossy(&self) -> String {
        let mut text = String::from_utf8_lossy(&self.bytes).into_owned();
        if self.cut_from.is_some() {
            text.push_str("...");
        }
        text
    }

    /// Why the line cannot be taken as it is (cut, or not UTF-8), its start quoted as error
    /// messages quote (see [`clip`](crate::notation::clip)); `None` for a whole line of text.
    #[must_use]
    pub fn refusal(&self) -> Option<String> {
        let start = String::from_utf8_lossy(&self.bytes);
        let quoted = crate::notation::clip(&start);
        match self.cut_from {
            Some(bytes) => Some(format!(
                "a line of {bytes} bytes, over the {} KiB a line may have: not read \
                 (it began \"{quoted}\")",
                MAX_LINE_BYTES / 1024
            )),
            None if std::str::from_utf8(&self.bytes).is_err() => Some(format!(
                "a line that is not UTF-8 text: not read (\"{quoted}\")"
            )),
            None => None,
        }
    }
}

/// The next line of `input`, at most `max` of its bytes kept (see [`RawLine`]); `None` at the
/// end of the input. A last line without a line ending is a line.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<RawLine>> {
    let mut bytes = Vec::new();
    // The line's whole length, kept or not.
    let mut length: u64 = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            if length == 0 {
                return Ok(None);
            }
            break;
        }
        let (part, ended) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (&available[..end], true),
            None => (available, false),
        };
        let room = max.saturating_sub(bytes.len());
        bytes.extend_from_slice(&part[..part.len().min(room)]);
        length += part.len() as u64;
        let used = part.len() + usize::from(ended);
        input.consume(used);
        if ended {
            break;
        }
    }
    let cut = length > bytes.len() as u64;
    if !cut && bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(Some(RawLine {
        bytes,
        cut_from: cut.then_some(length),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    /// Every line of `input`, read through a buffer of `buffer` bytes.
    fn lines(input: &[u8], buffer: usize, max: usize) -> Vec<RawLine> {
        let mut reader = BufReader::with_capacity(buffer, input);
        std::iter::from_fn(|| read_line(&mut reader, max).unwrap()).collect()
    }

    fn whole(text: &str) -> RawLine {
        RawLine {
            bytes: text.as_bytes().to_vec(),
            cut_from: None,
        }
    }

    #[test]
    fn lines_end_at_newlines_with_or_without_a_carriage_return() {
        for buffer in [1, 3, 4096] {
            assert_eq!(
                lines(b"tei\r\n\nisready\nlast", buffer, 100),
                [whole("tei"), whole(""), whole("isready"), whole("last")],
                "buffer {buffer}"
            );
        }
        assert!(lines(b"", 8, 100).is_empty());
    }

    #[test]
    fn a_long_line_is_cut_and_the_next_read_whole() {
        let mut input = vec![b'x'; 1000];
        input.extend_from_slice(b"\nreadyok\n");
        for buffer in [1, 7, 4096] {
            let read = lines(&input, buffer, 10);
            assert_eq!(read.len(), 2, "buffer {buffer}");
            assert_eq!(read[0].bytes, b"xxxxxxxxxx");
            assert_eq!(read[0].cut_from, Some(1000));
            assert_eq!(read[0].text(), None);
            assert!(read[0].lossy().ends_with("x..."));
            let why = read[0].refusal().unwrap();
            assert!(
                why.starts_with("a line of 1000 bytes, over the 64 KiB"),
                "{why}"
            );
            assert_eq!(read[1], whole("readyok"));
        }
    }

    #[test]
    fn a_line_that_is_not_utf8_is_read_lossily_or_refused() {
        let read = lines(b"caf\xe9\n", 4096, 100);
        assert_eq!(read[0].text(), None);
        assert_eq!(read[0].lossy(), "caf\u{fffd}");
        assert_eq!(
            read[0].refusal().unwrap(),
            "a line that is not UTF-8 text: not read (\"caf\u{fffd}\")"
        );
        assert_eq!(whole("café").refusal(), None);
        assert_eq!(whole("café").text(), Some("café"));
    }
}
