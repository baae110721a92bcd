//! What can be wrong in a PTN file, and where.

use std::fmt;

use crate::notation::{LexError, MoveSyntax, Span, TpsError, clip};
use crate::rules::{BoardSize, IllegalMove};

/// Something wrong in a PTN file: where (file, line, column) and what.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PtnError {
    /// The file's name, when read from a file.
    pub file: Option<String>,
    /// Where in the text, when it is about a place in it.
    pub span: Option<Span>,
    /// What is wrong.
    pub kind: PtnErrorKind,
}

impl PtnError {
    pub(crate) fn at(span: Span, kind: PtnErrorKind) -> PtnError {
        PtnError {
            file: None,
            span: Some(span),
            kind,
        }
    }

    /// The same error, said to be in `file`.
    #[must_use]
    pub fn in_file(mut self, file: &str) -> PtnError {
        self.file = Some(file.to_owned());
        self
    }
}

impl fmt::Display for PtnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}:")?;
        }
        if let Some(span) = self.span {
            write!(f, "{span}:")?;
        }
        if self.file.is_some() || self.span.is_some() {
            f.write_str(" ")?;
        }
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for PtnError {}

/// What is wrong in a PTN file.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PtnErrorKind {
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(String),
    /// The path names something other than a regular file: reading a FIFO would wait for a
    /// writer for ever, and a device may never end.
    #[error("it is {kind}, not a regular file; only files are read")]
    NotAFile {
        /// What it is instead: "a folder", "a FIFO (named pipe)" ...
        kind: &'static str,
    },
    /// The file is over the size limit.
    #[error("the file is {bytes} bytes; PTN files over 16 MiB are refused")]
    TooLarge {
        /// Its size.
        bytes: u64,
    },
    /// The file is not UTF-8 text.
    #[error("the file is not UTF-8 text (a bad byte on line {line})")]
    NotText {
        /// The line with the first bad byte.
        line: usize,
    },
    /// The text cannot be split into tags, comments and moves.
    #[error(transparent)]
    Lex(#[from] LexError),
    /// A tag whose value cannot be used.
    #[error("{} {:?}: {reason}", clip(.name), clip(.value))]
    Tag {
        /// The tag.
        name: String,
        /// Its value.
        value: String,
        /// Why it cannot be used.
        reason: String,
    },
    /// The start position in the `TPS` tag cannot be used.
    #[error("TPS {:?}: {error}", clip(.value))]
    Tps {
        /// The tag's value.
        value: String,
        /// What is wrong with it.
        error: TpsError,
    },
    /// Neither `Size` nor `TPS` gives the board size, and there are no moves to take it from.
    #[error(
        "no Size tag, no TPS tag and no moves to take the board size from (give it with --size N)"
    )]
    NoSize,
    /// The moves run off the board the `Size` tag gives, but fit a larger one.
    #[error(
        "{label}: the Size tag says {}, but the moves need a {needs} board: the tag looks \
         wrong (read the file with --size {})",
        tag.get(),
        needs.get()
    )]
    SizeTagWrong {
        /// The first ply off the tag's board, as numbered in the file.
        label: String,
        /// The size the tag gives.
        tag: BoardSize,
        /// The smallest size on which the moves stay on the board.
        needs: BoardSize,
    },
    /// A ply that is not a move.
    #[error("{label}: {syntax}")]
    Syntax {
        /// The ply as numbered in the file (`12. c3x`).
        label: String,
        /// What is wrong.
        syntax: MoveSyntax,
    },
    /// A ply that breaks a rule.
    #[error("{label}: {error}")]
    Illegal {
        /// The ply as numbered in the file (`12. c3`).
        label: String,
        /// The rule it breaks.
        error: IllegalMove,
    },
    /// A ply after the result token.
    #[error("{label}: a ply after the result {result}")]
    AfterResult {
        /// The ply.
        label: String,
        /// The result token before it.
        result: String,
    },
    /// `--` where no ply is skipped.
    #[error("-- stands for White's ply only before Black's first ply of a game from a position")]
    MisplacedSkip,
    /// Too many plies in one game.
    #[error("more than 10000 plies in one game")]
    TooManyPlies,
    /// A variation that cannot be placed in the game.
    #[error("variation {}: {reason}", clip(.name))]
    Branch {
        /// Its name, as written.
        name: String,
        /// Why it cannot be placed.
        reason: String,
    },
    /// Too many variations in one game.
    #[error("more than 2000 variations in one game")]
    TooManyBranches,
}

/// Something odd but harmless in a PTN file: reading went on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PtnWarning {
    /// Where.
    pub span: Span,
    /// What.
    pub message: String,
}

impl fmt::Display for PtnWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.span, self.message)
    }
}
