//! The move text of one game: move numbers, plies, comments, `--` and the result token, each
//! ply played by the rules engine.

use super::{GameRecord, MAX_PLIES, Ply, PtnError, PtnErrorKind, PtnWarning};
use crate::notation::{Marks, MoveSyntax, ParseMoveError, Span, Token, clip, parse_ply};
use crate::rules::{Color, Move};

/// What to do after a token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Flow {
    /// Read on.
    Go,
    /// The rest of the game's move text is not read (variations, numbers going back).
    Stop,
}

/// Walks the move text of one game, playing each ply.
pub(super) struct MoveReader {
    /// Boxed: a record holds two positions, and the reader is handed about whole.
    pub record: Box<GameRecord>,
    pub warnings: Vec<PtnWarning>,
    result: Option<String>,
    /// The last move number read, not yet followed by a ply.
    number: Option<(u32, bool, Span)>,
    /// The last move number written, for saying where numbers went back from.
    last_number: Option<u32>,
    /// A `--` has stood for White's first ply of a game from a position with Black to move.
    skipped_first: bool,
    /// A `--` that no ply has followed yet: harmless at the end, an error before a ply.
    pending_skip: Option<Span>,
}

impl MoveReader {
    pub fn new(record: Box<GameRecord>) -> MoveReader {
        MoveReader {
            record,
            warnings: Vec::new(),
            result: None,
            number: None,
            last_number: None,
            skipped_first: false,
            pending_skip: None,
        }
    }

    /// Reads one token of the move text; `next` is the token after it, if in the same game.
    pub fn token(
        &mut self,
        token: &Token<'_>,
        span: Span,
        next: Option<&Token<'_>>,
    ) -> Result<Flow, PtnError> {
        match token {
            Token::Tag { .. } => {}
            Token::Error(error) => return Err(PtnError::at(span, error.clone().into())),
            Token::Comment(text) => {
                // ptn.ninja writes a variation as a comment (`{2w1}`), then its moves.
                if let Some(Token::MoveNumber { number, black }) = next
                    && self.goes_back(*number, *black)
                {
                    self.warn(
                        span,
                        "variations are skipped from here on; the main line is read in full".into(),
                    );
                    return Ok(Flow::Stop);
                }
                let comment = (*text).to_owned();
                match self.record.last_ply_mut() {
                    Some(ply) => ply.comments.push(comment),
                    None => self.record.add_game_comment(comment),
                }
            }
            Token::MoveNumber { number, black } => {
                if self.goes_back(*number, *black) {
                    let from = self
                        .last_number
                        .unwrap_or_else(|| self.record.position().move_number());
                    let message = format!(
                        "move numbers go back from {from} to {number} at line {} with no \
                         variation before them; the rest of the game is skipped",
                        span.line
                    );
                    self.warn(span, message);
                    return Ok(Flow::Stop);
                }
                // Checked when a ply follows: a bare "1." ending a puzzle is harmless.
                self.number = Some((*number, *black, span));
                self.last_number = Some(*number);
            }
            Token::Skip => {
                let first = self.record.plies().is_empty()
                    && self.record.position().to_move() == Color::Black
                    && !self.skipped_first;
                if first {
                    self.skipped_first = true;
                } else {
                    // Some exporters write `--` for a ply that never came, after the last
                    // ply or the result: an error only if a ply follows.
                    self.pending_skip.get_or_insert(span);
                }
            }
            Token::Result(token) => self.result = Some((*token).to_owned()),
            Token::Ply(text) => {
                if let Some(at) = self.pending_skip {
                    return Err(PtnError::at(at, PtnErrorKind::MisplacedSkip));
                }
                if let Some((number, black, at)) = self.number.take() {
                    self.check_number(number, black, at);
                }
                self.ply(text, span)?;
            }
        }
        Ok(Flow::Go)
    }

    /// The game read, with the warnings about it.
    pub fn finish(mut self) -> (Box<GameRecord>, Vec<PtnWarning>) {
        if let Some(span) = self.pending_skip {
            self.warn(
                span,
                "-- after the last ply stands for a ply that never came; read past".into(),
            );
        }
        self.record.result_token = self.result;
        (self.record, self.warnings)
    }

    fn warn(&mut self, span: Span, message: String) {
        self.warnings.push(PtnWarning { span, message });
    }

    fn ply(&mut self, text: &str, span: Span) -> Result<(), PtnError> {
        if let Some(result) = &self.result {
            let result = result.clone();
            let label = self.label(text);
            return Err(PtnError::at(
                span,
                PtnErrorKind::AfterResult { label, result },
            ));
        }
        if self.record.plies().len() >= MAX_PLIES {
            return Err(PtnError::at(span, PtnErrorKind::TooManyPlies));
        }
        let (mv, marks) = self.parse(text, span)?;
        let ply = Ply {
            mv,
            marks,
            comments: Vec::new(),
        };
        self.record.push(ply).map_err(|error| {
            let label = self.label(text);
            PtnError::at(span, PtnErrorKind::Illegal { label, error })
        })
    }

    /// The ply as numbered in the file, for errors: `12. c3` or `12... c3`.
    fn label(&self, text: &str) -> String {
        let position = self.record.position();
        let dots = match position.to_move() {
            Color::White => ".",
            Color::Black => "...",
        };
        format!("{}{dots} {}", position.move_number(), clip(text))
    }

    /// Reads a ply's text. A lowercase piece letter (`ca1`) is read as the capital it stands
    /// for, with a warning: the piece is clear, and some exporters write it so.
    fn parse(&mut self, text: &str, span: Span) -> Result<(Move, Marks), PtnError> {
        let size = self.record.position().size();
        match parse_ply(text, size) {
            Ok(read) => Ok(read),
            Err(e) if matches!(e.syntax(), MoveSyntax::LowercasePiece { .. }) => {
                let capital = text[..1].to_ascii_uppercase() + &text[1..];
                let read =
                    parse_ply(&capital, size).map_err(|e| self.syntax_error(text, span, &e))?;
                let message = format!(
                    "{}: piece letters are capitals; read as {}",
                    clip(text),
                    clip(&capital)
                );
                self.warn(span, message);
                Ok(read)
            }
            Err(e) => Err(self.syntax_error(text, span, &e)),
        }
    }

    /// A ply's text is no move: the error points at the character where it goes wrong.
    fn syntax_error(&self, text: &str, span: Span, e: &ParseMoveError) -> PtnError {
        let column = span.column + e.column() as u32 - 1;
        let at = Span { column, ..span };
        let syntax = e.syntax().clone();
        let label = self.label(text);
        PtnError::at(at, PtnErrorKind::Syntax { label, syntax })
    }

    /// Whether a move number points before the current ply: ptn.ninja's variations, written
    /// after the main line, start that way, and so do games run together by mistake.
    fn goes_back(&self, number: u32, black: bool) -> bool {
        let position = self.record.position();
        let here = (position.move_number(), position.to_move() == Color::Black);
        !self.record.plies().is_empty() && (number, black) < here
    }

    fn check_number(&mut self, number: u32, black: bool, span: Span) {
        let position = self.record.position();
        let expected = position.move_number();
        // "12." before Black's ply is fine when followed by "--"; the skip is checked there.
        let black_ok = black == (position.to_move() == Color::Black) || !black;
        if number != expected || !black_ok {
            self.warn(
                span,
                format!("move number {number} where {expected} was expected"),
            );
        }
    }
}
