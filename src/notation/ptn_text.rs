//! The text of a PTN file split into tokens with their line and column: tags, comments, move
//! numbers, plies, result tokens. What the tokens mean is [`crate::record`]'s work.
//!
//! The lexer never gives up on a file: text it cannot read becomes a [`Token::Error`], and it
//! goes on at the next line that starts with `[` (the next tag), so one broken game never
//! hides the games after it. Every character is looked at a bounded number of times, so the
//! time taken is linear in the length of the text whatever it holds.

use std::fmt;

/// Where something is in a file: 1-based line and column (in characters).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Span {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The longest tag value read (4 KiB): a longer one is refused, so hostile input stays small.
pub const MAX_TAG_BYTES: usize = 4096;

/// The longest tag name read: real ones are a word or two (`Player1`, `Clock`), so a longer
/// one is a damaged or hostile file, refused with a message rather than kept.
pub const MAX_TAG_NAME_BYTES: usize = 256;

/// One token of a PTN file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Token<'a> {
    /// `[Name "value"]`, the value unescaped.
    Tag {
        /// The tag's name.
        name: &'a str,
        /// The value, with `\"` and `\\` unescaped.
        value: String,
    },
    /// `{...}`: the text between the braces.
    Comment(&'a str),
    /// `12.` (`black: false`) or `12...` (`black: true`: Black's ply follows).
    MoveNumber {
        /// The number.
        number: u32,
        /// Written with three dots: the next ply is Black's.
        black: bool,
    },
    /// A move number with the variation it belongs to before it, as older ptn.ninja files
    /// number a variation's moves: `3-1.4.` is move 4 of the first variation at move 3,
    /// `3-1.4-2.5.` move 5 of the second variation at move 4 of that one.
    BranchMoveNumber {
        /// The variation, as written: `3-1` or `3-1.4-2`.
        branch: &'a str,
        /// The number.
        number: u32,
        /// Written with three dots: the next ply is Black's.
        black: bool,
    },
    /// `--`: a ply left out (White's, in a game from a position with Black to move).
    Skip,
    /// `R-0`, `0-R`, `F-0`, `0-F`, `1-0`, `0-1`, `1/2-1/2`, `0-0`, or `*` (not over).
    Result(&'a str),
    /// Anything else: a ply (`3c3>12'`), to be read as a move.
    Ply(&'a str),
    /// Text that cannot be split into tokens. The lexer has gone on at the next line that
    /// starts with `[`.
    Error(LexError),
}

/// A token with where it is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Lexeme<'a> {
    /// The token.
    pub token: Token<'a>,
    /// Where it starts.
    pub span: Span,
    /// The line where it ends (comments may span lines), or for an error, the last line the
    /// lexer passed over before going on.
    pub end_line: u32,
    /// Whether only blanks come before it on its line.
    pub starts_line: bool,
}

/// The PTN result tokens.
pub const RESULT_TOKENS: [&str; 8] = ["R-0", "0-R", "F-0", "0-F", "1-0", "0-1", "1/2-1/2", "0-0"];

/// The result PGN writes for a game not over (Tiltak and tournament runners write it too): a
/// [`Token::Result`] that is read as no result at all.
pub const NO_RESULT: &str = "*";

/// Text that cannot be split into tokens.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LexError {
    /// A `[` with no `]` on its line.
    #[error("a tag opened here is never closed with ']' on its line")]
    UnclosedTag,
    /// A `{` with no `}`.
    #[error("a comment opened here is never closed with '}}'")]
    UnclosedComment,
    /// A `{` whose comment would swallow the tags of a later game.
    #[error("a comment opened here runs into the tags on line {line}: is a '}}' missing?")]
    CommentIntoTags {
        /// The line of the tag the comment ran into.
        line: u32,
    },
    /// A tag not of the form `[Name "value"]`.
    #[error("a tag is written [Name \"value\"]: {0}")]
    BadTag(&'static str),
    /// A tag value over [`MAX_TAG_BYTES`].
    #[error("the {} tag is {bytes} bytes long; tags over 4 KiB are refused", clip(.name))]
    TagTooLong {
        /// The tag.
        name: String,
        /// Its length, as far as its line goes.
        bytes: usize,
    },
    /// A tag name over [`MAX_TAG_NAME_BYTES`].
    #[error("a tag name is {bytes} bytes long; names over {MAX_TAG_NAME_BYTES} bytes are refused")]
    TagNameTooLong {
        /// Its length.
        bytes: usize,
    },
}

/// How many characters of a file's text an error message repeats: enough to recognise it.
pub const ECHO_CHARS: usize = 32;

/// `text` cut to [`ECHO_CHARS`] characters (with `...` when cut), so that an error message
/// about a hostile 16 MB token stays one short line, and with control characters escaped
/// (`\0`, `\u{1b}`), so that what a file holds cannot drive the terminal showing the message.
#[must_use]
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    let cut = text.char_indices().nth(ECHO_CHARS).map(|(end, _)| end);
    let kept = &text[..cut.unwrap_or(text.len())];
    if cut.is_none() && !kept.chars().any(char::is_control) {
        return kept.into();
    }
    let mut out = String::with_capacity(kept.len() + 3);
    for c in kept.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    if cut.is_some() {
        out.push_str("...");
    }
    out.into()
}

/// The tokens of `text`, in order, each with where it is.
#[must_use]
pub fn tokenize(text: &str) -> Lexer<'_> {
    Lexer {
        text,
        at: 0,
        span: Span { line: 1, column: 1 },
        line_used: false,
        pending: None,
        no_brace_from: None,
    }
}

/// Splits a PTN text into [`Lexeme`]s, one at a time. A clone goes on from the same place,
/// cheaply: the reader reads a game's moves again that way when it tries another board size.
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    at: usize,
    /// Where the next character is.
    span: Span,
    /// Whether a token has started on the current line.
    line_used: bool,
    /// The ply of a move number glued to it (`1.a1`), given out next.
    pending: Option<Lexeme<'a>>,
    /// No `}` follows this byte offset: an unclosed comment found that out already, so a later
    /// `{` need not look again (which would take quadratic time on a file of `{`).
    no_brace_from: Option<usize>,
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Lexeme<'a>;

    fn next(&mut self) -> Option<Lexeme<'a>> {
        if let Some(lexeme) = self.pending.take() {
            return Some(lexeme);
        }
        let c = self.skip_whitespace()?;
        let (span, starts_line) = (self.span, !self.line_used);
        self.line_used = true;
        let token = match c {
            '[' => self.tag().unwrap_or_else(|error| {
                self.skip_to_tag_line();
                Token::Error(error)
            }),
            // An unclosed comment leaves the lexer where reading can go on.
            '{' => self.comment().unwrap_or_else(Token::Error),
            _ => return Some(self.word(span, starts_line)),
        };
        let end_line = if matches!(token, Token::Error(_)) {
            span.line
        } else {
            self.span.line
        };
        Some(Lexeme {
            token,
            span,
            end_line,
            starts_line,
        })
    }
}

/// Blank within a line: spaces, tabs, and the byte-order mark some editors write (at the start
/// of a file, or of each file when several are joined).
fn is_blank(c: char) -> bool {
    (c.is_whitespace() && !is_line_break(c)) || c == '\u{feff}'
}

fn is_line_break(c: char) -> bool {
    c == '\n' || c == '\r'
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        let byte = *self.text.as_bytes().get(self.at)?;
        if byte.is_ascii() {
            Some(char::from(byte))
        } else {
            self.text[self.at..].chars().next()
        }
    }

    /// Moves past one character. `\n`, `\r\n` and a lone `\r` each end a line.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        let line_break =
            c == '\n' || (c == '\r' && self.text.as_bytes().get(self.at) != Some(&b'\n'));
        if line_break {
            self.span.line += 1;
            self.span.column = 1;
            self.line_used = false;
        } else if c != '\u{feff}' {
            // A byte-order mark is invisible in editors: columns count as they show.
            self.span.column += 1;
        }
        Some(c)
    }

    /// Moves to byte offset `to`, on the same line.
    fn advance_within_line(&mut self, to: usize) {
        let passed = &self.text.as_bytes()[self.at..to];
        // Characters, not bytes: count the bytes that start one.
        let chars = passed.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        self.span.column += chars as u32;
        self.at = to;
    }

    fn skip_whitespace(&mut self) -> Option<char> {
        loop {
            let byte = *self.text.as_bytes().get(self.at)?;
            if byte == b' ' || byte == b'\t' {
                // The common case, without decoding a character.
                self.at += 1;
                self.span.column += 1;
                continue;
            }
            let c = self.peek()?;
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else {
                return Some(c);
            }
        }
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(is_blank) {
            self.bump();
        }
    }

    /// Goes on at the start of the next line whose first non-blank character is `[`, or at the
    /// end of the text.
    fn skip_to_tag_line(&mut self) {
        loop {
            let rest = &self.text.as_bytes()[self.at..];
            let Some(i) = rest.iter().position(|&b| b == b'\n' || b == b'\r') else {
                self.advance_within_line(self.text.len());
                return;
            };
            self.advance_within_line(self.at + i);
            self.bump();
            if self.span.column == 1 && self.line_starts_with_bracket() {
                return;
            }
        }
    }

    fn line_starts_with_bracket(&self) -> bool {
        let mut probe = self.clone();
        probe.skip_blanks();
        probe.peek() == Some('[')
    }

    /// Whether the line from here is one whole tag and nothing else: what a comment must not
    /// run into. A line holding a `}` is no such line: the comment ends on it (and a writer
    /// may put more after a comment's last line, such as another comment).
    fn line_is_tag(&self) -> bool {
        let rest = &self.text.as_bytes()[self.at..];
        let line = rest
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(rest, |end| &rest[..end]);
        if line.contains(&b'}') {
            return false;
        }
        let mut probe = self.clone();
        probe.skip_blanks();
        if probe.peek() != Some('[') || probe.tag().is_err() {
            return false;
        }
        probe.skip_blanks();
        probe.peek().is_none_or(is_line_break)
    }

    /// A comment, `{` to `}`. One that would run past a line holding a whole tag stops there
    /// with an error (a `}` is surely missing), so the later games are still read.
    fn comment(&mut self) -> Result<Token<'a>, LexError> {
        self.bump();
        let start = self.at;
        if self.no_brace_from.is_some_and(|from| start >= from) {
            self.at = self.text.len();
            return Err(LexError::UnclosedComment);
        }
        loop {
            let rest = &self.text.as_bytes()[self.at..];
            let Some(i) = rest.iter().position(|&b| matches!(b, b'}' | b'\n' | b'\r')) else {
                self.no_brace_from = Some(start);
                self.advance_within_line(self.text.len());
                return Err(LexError::UnclosedComment);
            };
            self.advance_within_line(self.at + i);
            if self.bump() == Some('}') {
                return Ok(Token::Comment(&self.text[start..self.at - 1]));
            }
            if self.span.column == 1 && self.line_is_tag() {
                let line = self.span.line;
                return Err(LexError::CommentIntoTags { line });
            }
        }
    }

    /// A tag, `[Name "value"]`, on one line.
    fn tag(&mut self) -> Result<Token<'a>, LexError> {
        self.bump();
        self.skip_blanks();
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-')
        {
            self.bump();
        }
        let name = &self.text[start..self.at];
        if name.is_empty() {
            return Err(LexError::BadTag("the name is missing"));
        }
        if name.len() > MAX_TAG_NAME_BYTES {
            return Err(LexError::TagNameTooLong { bytes: name.len() });
        }
        self.skip_blanks();
        match self.peek() {
            Some('"') => {}
            None | Some('\n' | '\r') => return Err(LexError::UnclosedTag),
            Some(_) => return Err(LexError::BadTag("the value must be in double quotes")),
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n' | '\r') => return Err(LexError::UnclosedTag),
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            self.bump();
                            value.push(c);
                        }
                        // Not an escape: the backslash is kept, the next character read next.
                        _ => value.push('\\'),
                    }
                }
                Some(c) => {
                    self.bump();
                    value.push(c);
                }
            }
            if value.len() > MAX_TAG_BYTES {
                return Err(LexError::TagTooLong {
                    name: name.to_owned(),
                    bytes: self.value_length(value.len()),
                });
            }
        }
        self.skip_blanks();
        match self.peek() {
            Some(']') => {
                self.bump();
                Ok(Token::Tag { name, value })
            }
            None | Some('\n' | '\r') => Err(LexError::UnclosedTag),
            Some(_) => Err(LexError::BadTag("expected ']' after the value")),
        }
    }

    /// The length of an over-long tag value: what was read, and the rest up to its closing
    /// quote or the end of its line.
    fn value_length(&self, read: usize) -> usize {
        let rest = &self.text[self.at..];
        read + rest.find(['"', '\n', '\r']).unwrap_or(rest.len())
    }

    /// A run of text up to whitespace, a comment or a tag: a move number, a ply, a result, or a
    /// move number glued to its ply (`1.a1`), whose ply is kept for the next call.
    fn word(&mut self, span: Span, starts_line: bool) -> Lexeme<'a> {
        let start = self.at;
        loop {
            // ASCII a byte at a time (words are moves: nearly always ASCII), else a character.
            let bytes = self.text.as_bytes();
            let mut end = self.at;
            while bytes.get(end).is_some_and(|&b| {
                b.is_ascii() && !char::from(b).is_whitespace() && b != b'{' && b != b'['
            }) {
                end += 1;
            }
            self.advance_within_line(end);
            match self.peek() {
                Some(c) if !c.is_ascii() && !c.is_whitespace() => {
                    self.bump();
                }
                _ => break,
            }
        }
        let word = &self.text[start..self.at];
        let lexeme = |token, span, starts_line| Lexeme {
            token,
            span,
            end_line: span.line,
            starts_line,
        };
        let branch = branch_prefix(word);
        let numbered = &word[branch..];
        let digits = numbered.len()
            - numbered
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .len();
        let after_digits = &numbered[digits..];
        let (dots, rest) = if let Some(rest) = after_digits.strip_prefix("...") {
            (3, rest)
        } else if let Some(rest) = after_digits.strip_prefix('.') {
            (1, rest)
        } else {
            (0, after_digits)
        };
        if digits > 0
            && dots > 0
            && let Ok(number) = numbered[..digits].parse::<u32>()
        {
            if !rest.is_empty() {
                let column = span.column + (branch + digits + dots) as u32;
                let rest_span = Span { column, ..span };
                self.pending = Some(lexeme(classify(rest), rest_span, false));
            }
            let black = dots == 3;
            let token = if branch == 0 {
                Token::MoveNumber { number, black }
            } else {
                Token::BranchMoveNumber {
                    branch: &word[..branch - 1],
                    number,
                    black,
                }
            };
            return lexeme(token, span, starts_line);
        }
        lexeme(classify(word), span, starts_line)
    }
}

/// The length of the variation before a move number in older ptn.ninja files: groups of
/// `3-1.` (move 3, variation 1) or of digits alone (`48.`, as in `48.48. -- f5<`), each with
/// its dot. 0 when there is none. A group of digits alone is a name only when another move
/// number follows it: `4.4a1>` is move 4 and its ply.
fn branch_prefix(word: &str) -> usize {
    let bytes = word.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut at = 0;
    loop {
        let number = digits(at);
        if number == 0 {
            return at;
        }
        match bytes.get(at + number) {
            Some(b'-') => {
                let count = digits(at + number + 1);
                if count == 0 || bytes.get(at + number + 1 + count) != Some(&b'.') {
                    return at;
                }
                at += number + 1 + count + 1;
            }
            Some(b'.') => {
                let next = at + number + 1;
                let following = digits(next);
                let numbered =
                    following > 0 && matches!(bytes.get(next + following), Some(b'.' | b'-'));
                if !numbered {
                    return at;
                }
                at = next;
            }
            _ => return at,
        }
    }
}

fn classify(word: &str) -> Token<'_> {
    if word == "--" {
        Token::Skip
    } else if RESULT_TOKENS.contains(&word) || word == NO_RESULT {
        Token::Result(word)
    } else {
        Token::Ply(word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Token<'_>> {
        tokenize(text).map(|l| l.token).collect()
    }

    fn errors(text: &str) -> Vec<(LexError, String)> {
        tokenize(text)
            .filter_map(|l| match l.token {
                Token::Error(e) => Some((e, l.span.to_string())),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn tags_comments_numbers_plies_and_results() {
        let text = "[Size \"5\"]\n[Player1 \"a \\\"b\\\" \\\\ c\"]\n1. a1 {hi\nthere} e5'\n2... 3c3>12* R-0";
        assert_eq!(
            kinds(text),
            [
                Token::Tag {
                    name: "Size",
                    value: "5".into()
                },
                Token::Tag {
                    name: "Player1",
                    value: "a \"b\" \\ c".into()
                },
                Token::MoveNumber {
                    number: 1,
                    black: false
                },
                Token::Ply("a1"),
                Token::Comment("hi\nthere"),
                Token::Ply("e5'"),
                Token::MoveNumber {
                    number: 2,
                    black: true
                },
                Token::Ply("3c3>12*"),
                Token::Result("R-0"),
            ]
        );
    }

    #[test]
    fn older_ptn_ninja_variation_numbers_carry_their_variation() {
        assert_eq!(
            kinds("3-1.4. c2 3-1.4-2.4... d3 3-.4. 3-1.x 48.48. -- 4.4a1> 49-1.49."),
            [
                Token::BranchMoveNumber {
                    branch: "3-1",
                    number: 4,
                    black: false
                },
                Token::Ply("c2"),
                Token::BranchMoveNumber {
                    branch: "3-1.4-2",
                    number: 4,
                    black: true
                },
                Token::Ply("d3"),
                Token::Ply("3-.4."),
                Token::Ply("3-1.x"),
                Token::BranchMoveNumber {
                    branch: "48",
                    number: 48,
                    black: false
                },
                Token::Skip,
                Token::MoveNumber {
                    number: 4,
                    black: false
                },
                Token::Ply("4a1>"),
                Token::BranchMoveNumber {
                    branch: "49-1",
                    number: 49,
                    black: false
                },
            ]
        );
    }

    #[test]
    fn spans_count_lines_and_characters() {
        let lexemes: Vec<Lexeme<'_>> = tokenize("[Size \"5\"]\n\n1. a1 e5\n2. --").collect();
        let spans: Vec<String> = lexemes.iter().map(|l| l.span.to_string()).collect();
        assert_eq!(spans, ["1:1", "3:1", "3:4", "3:7", "4:1", "4:4"]);
        assert_eq!(lexemes[5].token, Token::Skip);
        let starts: Vec<bool> = lexemes.iter().map(|l| l.starts_line).collect();
        assert_eq!(starts, [true, true, false, false, true, false]);
    }

    #[test]
    fn every_line_ending_counts_one_line() {
        for text in [
            "a1\nb1\n{x\ny}\nc1",
            "a1\r\nb1\r\n{x\r\ny}\r\nc1",
            "a1\rb1\r{x\ry}\rc1",
        ] {
            let lexemes: Vec<Lexeme<'_>> = tokenize(text).collect();
            let lines: Vec<(u32, u32)> =
                lexemes.iter().map(|l| (l.span.line, l.end_line)).collect();
            assert_eq!(lines, [(1, 1), (2, 2), (3, 4), (5, 5)], "{text:?}");
        }
    }

    #[test]
    fn a_byte_order_mark_takes_no_column() {
        let spans: Vec<String> = tokenize("\u{feff}[Size \"5\"] a1")
            .map(|l| l.span.to_string())
            .collect();
        assert_eq!(spans, ["1:1", "1:12"]);
    }

    #[test]
    fn a_move_number_glued_to_its_ply_is_split() {
        assert_eq!(
            kinds("1.a1 1/2-1/2"),
            [
                Token::MoveNumber {
                    number: 1,
                    black: false
                },
                Token::Ply("a1"),
                Token::Result("1/2-1/2"),
            ]
        );
    }

    #[test]
    fn unclosed_and_malformed_tags_and_comments_are_located() {
        let tokens = kinds("1. a1 {oops");
        assert_eq!(tokens.len(), 3, "what came before the error is kept");
        assert_eq!(
            errors("1. a1 {oops"),
            [(LexError::UnclosedComment, "1:7".into())]
        );
        let found = errors("\n[Size 5]");
        assert_eq!(found[0].1, "2:1");
        assert_eq!(
            found[0].0.to_string(),
            "a tag is written [Name \"value\"]: the value must be in double quotes"
        );
        assert_eq!(errors("[Size \"5")[0].0, LexError::UnclosedTag);
        assert_eq!(errors("[Size \"5\nc1\"]")[0].0, LexError::UnclosedTag);
        let long = format!("[{} \"5\"]", "N".repeat(300));
        assert_eq!(
            errors(&long)[0].0.to_string(),
            "a tag name is 300 bytes long; names over 256 bytes are refused"
        );
        let long = format!("[Event \"{}\"]", "x".repeat(5000));
        assert_eq!(
            errors(&long)[0].0,
            LexError::TagTooLong {
                name: "Event".into(),
                bytes: 5000
            }
        );
    }

    #[test]
    fn after_an_error_lexing_goes_on_at_the_next_tag_line() {
        let text = "1. a1 [ e5 c3\n2. d1 d2\n[Size \"5\"]\n1. a1";
        let tokens = kinds(text);
        assert!(
            matches!(tokens[2], Token::Error(LexError::BadTag(_))),
            "{tokens:?}"
        );
        assert_eq!(
            tokens[3],
            Token::Tag {
                name: "Size",
                value: "5".into()
            }
        );
        assert_eq!(tokens.len(), 6);
    }

    #[test]
    fn a_comment_stops_at_a_tag_line_it_would_swallow() {
        let text = "1. a1 {never closed\nstill a comment [not a tag]\n\n[Size \"5\"]\n1. a1 {fine}";
        let lexemes: Vec<Lexeme<'_>> = tokenize(text).collect();
        assert_eq!(
            lexemes[2].token,
            Token::Error(LexError::CommentIntoTags { line: 4 })
        );
        assert_eq!(lexemes[2].span.to_string(), "1:7");
        assert_eq!(lexemes[3].span.to_string(), "4:1");
        assert_eq!(lexemes.last().unwrap().token, Token::Comment("fine"));
        // A tag-like text inside a line of a comment is only text, and so is a line the
        // comment ends on, even if it reads as a tag.
        assert_eq!(
            kinds("{a\n[Date \"x} {y\"]}"),
            [Token::Comment("a\n[Date \"x"), Token::Comment("y\"]")]
        );
        assert_eq!(
            kinds("{see [Size \"5\"]}"),
            [Token::Comment("see [Size \"5\"]")]
        );
    }

    #[test]
    fn clip_keeps_short_text_and_cuts_long_text() {
        assert_eq!(clip("c3"), "c3");
        let long = "é".repeat(100);
        assert_eq!(clip(&long), format!("{}...", "é".repeat(ECHO_CHARS)));
        assert_eq!(clip("a\0\u{1b}[2J"), "a\\0\\u{1b}[2J");
    }
}
