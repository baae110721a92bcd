//! The text of a PTN file split into tokens with their line and column: tags, comments, move
//! numbers, plies, result tokens. What the tokens mean is [`crate::record`]'s work.

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
    /// `--`: White's ply left out (a game from a position with Black to move).
    Skip,
    /// `R-0`, `0-R`, `F-0`, `0-F`, `1-0`, `0-1`, `1/2-1/2` or `0-0`.
    Result(&'a str),
    /// Anything else: a ply (`3c3>12'`), to be read as a move.
    Ply(&'a str),
}

/// The PTN result tokens.
pub const RESULT_TOKENS: [&str; 8] = ["R-0", "0-R", "F-0", "0-F", "1-0", "0-1", "1/2-1/2", "0-0"];

/// Text that cannot be split into tokens.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LexError {
    /// A `[` with no `]`.
    #[error("a tag opened here is never closed with ']'")]
    UnclosedTag,
    /// A `{` with no `}`.
    #[error("a comment opened here is never closed with '}}'")]
    UnclosedComment,
    /// A tag not of the form `[Name "value"]`.
    #[error("a tag is written [Name \"value\"]: {0}")]
    BadTag(&'static str),
    /// A tag value over [`MAX_TAG_BYTES`].
    #[error("the {name} tag is {bytes} bytes long; tags over 4 KiB are refused")]
    TagTooLong {
        /// The tag.
        name: String,
        /// Its length.
        bytes: usize,
    },
}

/// The tokens of a file, each with where it starts, up to the first error if there is one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Lexed<'a> {
    /// The tokens read, in order.
    pub tokens: Vec<(Token<'a>, Span)>,
    /// What stopped the reading early, and where.
    pub error: Option<(LexError, Span)>,
}

/// Splits `text` into tokens, each with where it starts. Reading stops at the first error,
/// keeping what came before it.
#[must_use]
pub fn tokenize(text: &str) -> Lexed<'_> {
    let mut lexer = Lexer {
        text,
        at: 0,
        span: Span { line: 1, column: 1 },
    };
    let mut tokens = Vec::new();
    while let Some(c) = lexer.skip_whitespace() {
        let span = lexer.span;
        let token = match c {
            '[' => lexer.tag(),
            '{' => lexer.comment(),
            _ => {
                lexer.word(&mut tokens);
                continue;
            }
        };
        match token {
            Ok(token) => tokens.push((token, span)),
            Err(error) => {
                return Lexed {
                    tokens,
                    error: Some((error, span)),
                };
            }
        }
    }
    Lexed {
        tokens,
        error: None,
    }
}

struct Lexer<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    at: usize,
    /// Where the next character is.
    span: Span,
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.span.line += 1;
            self.span.column = 1;
        } else {
            self.span.column += 1;
        }
        Some(c)
    }

    fn skip_whitespace(&mut self) -> Option<char> {
        while let Some(c) = self.peek() {
            // A byte-order mark at the start of a file is invisible; treat it as space.
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else {
                return Some(c);
            }
        }
        None
    }

    fn comment(&mut self) -> Result<Token<'a>, LexError> {
        self.bump();
        let start = self.at;
        loop {
            match self.bump() {
                Some('}') => return Ok(Token::Comment(&self.text[start..self.at - 1])),
                Some(_) => {}
                None => return Err(LexError::UnclosedComment),
            }
        }
    }

    fn tag(&mut self) -> Result<Token<'a>, LexError> {
        self.bump();
        self.skip_whitespace();
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
        self.skip_whitespace();
        if self.bump() != Some('"') {
            return Err(LexError::BadTag("the value must be in double quotes"));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    Some(c) => {
                        value.push('\\');
                        value.push(c);
                    }
                    None => return Err(LexError::UnclosedTag),
                },
                Some(c) => value.push(c),
                None => return Err(LexError::UnclosedTag),
            }
            if value.len() > MAX_TAG_BYTES {
                return Err(LexError::TagTooLong {
                    name: name.to_owned(),
                    bytes: self.tag_length(value.len()),
                });
            }
        }
        self.skip_whitespace();
        match self.bump() {
            Some(']') => Ok(Token::Tag { name, value }),
            None => Err(LexError::UnclosedTag),
            Some(_) => Err(LexError::BadTag("expected ']' after the value")),
        }
    }

    /// The full length of an over-long tag value, read on to its closing quote (or the end).
    fn tag_length(&mut self, read: usize) -> usize {
        let rest = &self.text[self.at..];
        read + rest.find('"').unwrap_or(rest.len())
    }

    /// A run of text up to whitespace or a comment: a move number, a ply, a result, or a move
    /// number glued to its ply (`1.a1`).
    fn word(&mut self, tokens: &mut Vec<(Token<'a>, Span)>) {
        let span = self.span;
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && c != '{' && c != '[')
        {
            self.bump();
        }
        let word = &self.text[start..self.at];
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let after_digits = &word[digits..];
        let (dots, rest) = if let Some(rest) = after_digits.strip_prefix("...") {
            (3, rest)
        } else if let Some(rest) = after_digits.strip_prefix('.') {
            (1, rest)
        } else {
            (0, after_digits)
        };
        if digits > 0
            && dots > 0
            && let Ok(number) = word[..digits].parse::<u32>()
        {
            tokens.push((
                Token::MoveNumber {
                    number,
                    black: dots == 3,
                },
                span,
            ));
            if !rest.is_empty() {
                let column = span.column + (digits + dots) as u32;
                let rest_span = Span { column, ..span };
                tokens.push((classify(rest), rest_span));
            }
            return;
        }
        tokens.push((classify(word), span));
    }
}

fn classify(word: &str) -> Token<'_> {
    if word == "--" {
        Token::Skip
    } else if RESULT_TOKENS.contains(&word) {
        Token::Result(word)
    } else {
        Token::Ply(word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Token<'_>> {
        let lexed = tokenize(text);
        assert_eq!(lexed.error, None);
        lexed.tokens.into_iter().map(|(t, _)| t).collect()
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
    fn spans_count_lines_and_characters() {
        let tokens = tokenize("[Size \"5\"]\n\n1. a1 e5\n2. --").tokens;
        let spans: Vec<String> = tokens.iter().map(|(_, s)| s.to_string()).collect();
        assert_eq!(spans, ["1:1", "3:1", "3:4", "3:7", "4:1", "4:4"]);
        assert_eq!(tokens[5].0, Token::Skip);
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
        let lexed = tokenize("1. a1 {oops");
        assert_eq!(lexed.tokens.len(), 2, "what came before the error is kept");
        let (error, span) = lexed.error.unwrap();
        assert_eq!(
            (error, span.to_string()),
            (LexError::UnclosedComment, "1:7".into())
        );
        let (error, span) = tokenize("\n[Size 5]").error.unwrap();
        assert_eq!(span.to_string(), "2:1");
        assert_eq!(
            error.to_string(),
            "a tag is written [Name \"value\"]: the value must be in double quotes"
        );
        assert_eq!(
            tokenize("[Size \"5").error.unwrap().0,
            LexError::UnclosedTag
        );
        let long = format!("[Event \"{}\"]", "x".repeat(5000));
        assert_eq!(
            tokenize(&long).error.unwrap().0,
            LexError::TagTooLong {
                name: "Event".into(),
                bytes: 5000
            }
        );
    }
}
