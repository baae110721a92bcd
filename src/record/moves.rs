//! The move text of one game: move numbers, plies, comments, `--` and the result token, each
//! ply played by the rules engine.

use super::{GameRecord, MAX_PLIES, Ply, PtnError, PtnErrorKind, PtnWarning};
use crate::notation::{Marks, MoveSyntax, NO_RESULT, ParseMoveError, Span, Token, clip, parse_ply};
use crate::rules::{Color, Move, Position};

/// The most variations read in one game.
pub(super) const MAX_BRANCHES: usize = 2000;
/// The deepest a variation may be nested (variations of variations ...).
pub(super) const MAX_NESTING: usize = 64;

/// A variation being read: its name, where its name was, and its plies once placed.
struct BranchSection {
    name: String,
    span: Span,
    /// `--` came before its first ply: it starts with Black's ply of its first move number.
    black_first: bool,
    /// Its plies, from the position where it leaves its line (once its first ply came).
    line: Option<Box<GameRecord>>,
    /// Comments between its name and its first ply: they go with that ply.
    before: Vec<String>,
    /// Its start was refused with an error: nothing more is said of it.
    refused: bool,
}

/// A variation read: where it leaves its line, and its own moves.
struct ReadBranch {
    name: String,
    /// The line it leaves: an earlier variation read (`None`: the main line).
    host: Option<usize>,
    /// How many variations deep it is (1: off the main line).
    depth: usize,
    start: usize,
    moves: Vec<Move>,
}

/// The variations read so far, to find the line a later one leaves.
#[derive(Default)]
struct Branches {
    read: Vec<ReadBranch>,
    /// Plies read in variations, counted towards the game's limit.
    plies: usize,
}

impl Branches {
    /// Every move of a line from the start: variation `host` read before, or the main line.
    /// Hosts are always read earlier, so the walk up ends (no name can lead in a circle).
    fn full_line(&self, host: Option<usize>, record: &GameRecord) -> Vec<Move> {
        let mut chain = Vec::new();
        let mut at = host;
        while let Some(index) = at {
            chain.push(index);
            at = self.read[index].host;
        }
        let mut moves: Vec<Move> = record.plies().iter().map(|p| p.mv).collect();
        for &index in chain.iter().rev() {
            let read = &self.read[index];
            moves.truncate(read.start);
            moves.extend_from_slice(&read.moves);
        }
        moves
    }

    /// The line named `name`: the main line (`""`), the variation read last under that
    /// name, or none.
    fn named(&self, name: &str) -> Named {
        if name.is_empty() {
            return Named::Line(None);
        }
        self.read
            .iter()
            .rposition(|b| b.name == name)
            .map_or(Named::Unknown, |index| Named::Line(Some(index)))
    }

    /// The line a variation starting at ply `start` with `played` leaves: the one its name
    /// gives (`named`) first, then the variations read before it, latest first, then the main
    /// line; the first where `played` is legal at `start` (not nested too deep). With the
    /// position there and the move the line itself plays there.
    fn host(
        &self,
        named: Named,
        start: usize,
        played: Option<Move>,
        record: &GameRecord,
    ) -> Option<(Option<usize>, Position, Move)> {
        let mut hosts: Vec<Option<usize>> = match named {
            Named::Line(host) => vec![host],
            Named::Unknown => Vec::new(),
        };
        hosts.extend((0..self.read.len()).rev().map(Some));
        hosts.push(None);
        hosts.into_iter().find_map(|host| {
            let leaves = self.full_line(host, record);
            if start >= leaves.len() || self.depth(host) >= MAX_NESTING {
                return None;
            }
            let mut position = record.start().clone();
            for &mv in &leaves[..start] {
                position.play(mv).ok()?;
            }
            let plays = played.is_some_and(|mv| position.clone().play(mv).is_ok());
            (plays || Named::Line(host) == named).then_some((host, position, leaves[start]))
        })
    }

    fn depth(&self, host: Option<usize>) -> usize {
        match host {
            Some(index) => self.read[index].depth,
            None => 0,
        }
    }
}

/// The line a variation's name says it leaves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Named {
    /// A line read before: a variation, or the main line (`None`).
    Line(Option<usize>),
    /// No line read before has that name.
    Unknown,
}

/// Plies for `moves` that the tree holds already: only their moves matter.
fn plies_along(moves: &[Move]) -> Vec<Ply> {
    moves
        .iter()
        .map(|&mv| Ply {
            mv,
            marks: Marks::default(),
            comments: Vec::new(),
        })
        .collect()
}

/// The line a variation leaves, by name: `3w1/4b2` leaves `3w1`, and in older files
/// `3-1.4-2` leaves `3-1`; a name of one part leaves the main line (`""`).
fn parent_name(name: &str) -> &str {
    name.rfind(['/', '.']).map_or("", |at| &name[..at])
}

/// Whether a comment is a variation's name as ptn.ninja makes them: `3w1`, `12b2/13w1`.
fn is_branch_name(text: &str) -> bool {
    !text.is_empty()
        && text.split('/').all(|part| {
            let digits = part.bytes().take_while(u8::is_ascii_digit).count();
            let rest = &part[digits..];
            digits > 0
                && rest.len() > 1
                && (rest.starts_with('w') || rest.starts_with('b'))
                && rest[1..].bytes().all(|b| b.is_ascii_digit())
        })
}

/// What to do after a token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Flow {
    /// Read on.
    Go,
    /// The rest of the game's move text is not read (variations, numbers going back).
    Stop,
}

/// Walks the move text of one game, playing each ply: the main line, then each variation.
pub(super) struct MoveReader {
    /// Boxed: a record holds two positions, and the reader is handed about whole.
    pub record: Box<GameRecord>,
    pub warnings: Vec<PtnWarning>,
    /// The variation being read, once the main line is done.
    branch: Option<BranchSection>,
    /// The variations read, to find the line each later one leaves.
    branches: Branches,
    result: Option<String>,
    /// The last move number read, not yet followed by a ply.
    number: Option<(u32, bool, Span)>,
    /// The last move number written, for saying where numbers went back from.
    last_number: Option<u32>,
    /// Moves the file's numbers lag behind the plies, after a move number written twice
    /// (`23. Fa1 c2 23. Fb2 Fc1`, a typo in a real file) was read on from.
    numbers_behind: u32,
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
            branch: None,
            branches: Branches::default(),
            result: None,
            number: None,
            last_number: None,
            numbers_behind: 0,
            skipped_first: false,
            pending_skip: None,
        }
    }

    /// Reads one token of the move text (`starts_line`: only blanks before it on its line);
    /// `next` is the token after it, if in the same game.
    pub fn token(
        &mut self,
        token: &Token<'_>,
        span: Span,
        starts_line: bool,
        next: Option<&Token<'_>>,
    ) -> Result<Flow, PtnError> {
        match token {
            Token::Tag { .. } => {}
            Token::Error(error) => return Err(PtnError::at(span, error.clone().into())),
            Token::Comment(text) => {
                // ptn.ninja writes a variation as its name in braces (`{2w1}`) on a line of its
                // own, after the plies of the line before, then its moves from the ply it leaves
                // at. A comment after a ply on the same line is that ply's, whatever it says.
                // (A comment may stand between the name and the moves.)
                if matches!(next, Some(Token::MoveNumber { .. } | Token::Comment(_)))
                    && starts_line
                    && !self.line_ref().plies().is_empty()
                    && is_branch_name(text)
                {
                    self.start_branch(text, span)?;
                    return Ok(Flow::Go);
                }
                let comment = (*text).to_owned();
                // Before a variation's first ply, a comment goes with that ply.
                if let Some(branch) = self.branch.as_mut().filter(|b| b.line.is_none()) {
                    branch.before.push(comment);
                    return Ok(Flow::Go);
                }
                let line = self.line();
                match line.last_ply_mut() {
                    Some(ply) => ply.comments.push(comment),
                    None => line.add_game_comment(comment),
                }
            }
            Token::BranchMoveNumber {
                branch,
                number,
                black,
            } => {
                if self.branch.as_ref().is_none_or(|b| b.name != *branch) {
                    self.start_branch(branch, span)?;
                }
                self.number = Some((*number, *black, span));
                self.last_number = Some(*number);
            }
            Token::MoveNumber { number, black } => {
                let fresh_branch = self.branch.as_ref().is_some_and(|b| b.line.is_none());
                if !fresh_branch
                    && self.goes_back(*number, *black)
                    && !self.repeated(*number, *black, span, next)
                {
                    let from = self
                        .last_number
                        .unwrap_or_else(|| self.line_ref().position().move_number());
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
            Token::Skip if self.branch.as_ref().is_some_and(|b| b.line.is_none()) => {
                // A variation that starts with Black's ply: `3. -- c1`.
                if let Some(branch) = &mut self.branch {
                    branch.black_first = true;
                }
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
                if self.branch.as_ref().is_some_and(|b| b.line.is_none())
                    && let Err(error) = self.place_branch(text, span)
                {
                    if let Some(branch) = &mut self.branch {
                        branch.refused = true;
                    }
                    return Err(error);
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
        self.end_line();
        (self.record, self.warnings)
    }

    /// The line being read: the main line, or the variation's own plies.
    fn line(&mut self) -> &mut GameRecord {
        match self.branch.as_mut().and_then(|b| b.line.as_mut()) {
            Some(line) => line,
            None => &mut self.record,
        }
    }

    fn line_ref(&self) -> &GameRecord {
        match self.branch.as_ref().and_then(|b| b.line.as_ref()) {
            Some(line) => line,
            None => &self.record,
        }
    }

    /// A variation's name: the line read so far ends, the variation's moves follow.
    fn start_branch(&mut self, name: &str, span: Span) -> Result<(), PtnError> {
        self.end_line();
        if self.branches.read.len() >= MAX_BRANCHES {
            return Err(PtnError::at(span, PtnErrorKind::TooManyBranches));
        }
        self.branch = Some(BranchSection {
            name: name.to_owned(),
            span,
            black_first: false,
            line: None,
            before: Vec::new(),
            refused: false,
        });
        self.result = None;
        self.number = None;
        self.last_number = None;
        self.numbers_behind = 0;
        self.pending_skip = None;
        Ok(())
    }

    /// Before a variation's first ply (`first`, as written): where it leaves the line it
    /// belongs to, from its first move number (and a `--` for White's ply). The line its name
    /// gives, else (names go stale when variations are edited by hand) the nearest line read
    /// before it where its first ply is legal, with a warning.
    fn place_branch(&mut self, first: &str, span: Span) -> Result<(), PtnError> {
        let Some(branch) = &self.branch else {
            return Ok(());
        };
        let name = branch.name.clone();
        let fail = |reason: String| {
            PtnError::at(
                branch.span,
                PtnErrorKind::Branch {
                    name: name.clone(),
                    reason,
                },
            )
        };
        let Some((number, black, _)) = self.number else {
            return Err(PtnError::at(
                span,
                PtnErrorKind::Branch {
                    name: name.clone(),
                    reason: "no move number before its first ply".into(),
                },
            ));
        };
        let absolute = u64::from(number.max(1) - 1) * 2 + u64::from(black || branch.black_first);
        let start = absolute
            .checked_sub(u64::from(self.record.start().ply()))
            .and_then(|s| usize::try_from(s).ok())
            .ok_or_else(|| fail(format!("it starts at move {number}, before the game")))?;
        let parent = parent_name(&name);
        let named = self.branches.named(parent);
        let size = self.record.start().size();
        let played = parse_ply(first, size).ok().map(|(mv, _)| mv);
        let found = self.branches.host(named, start, played, &self.record);
        let said = |named: Named| match named {
            Named::Line(Some(index)) => {
                format!("variation {}", clip(&self.branches.read[index].name))
            }
            Named::Line(None) => "the main line".to_owned(),
            Named::Unknown => format!("variation {}", clip(parent)),
        };
        let Some((host, position, replaced)) = found else {
            if let Named::Line(line) = named
                && self.branches.depth(line) >= MAX_NESTING
            {
                return Err(fail(format!(
                    "variations are nested more than {MAX_NESTING} deep"
                )));
            }
            return Err(fail(if named == Named::Unknown {
                format!("it leaves {}, which is not before it", said(named))
            } else {
                format!(
                    "it starts at move {number}, where {} has no ply for it to replace",
                    said(named)
                )
            }));
        };
        if played == Some(replaced) {
            return Err(fail(format!(
                "it starts with {replaced}, the move {} plays there: a variation plays another",
                said(Named::Line(host))
            )));
        }
        if Named::Line(host) != named {
            let message = format!(
                "variation {} is read as leaving {}: {} has no ply at move {number} it could \
                 replace",
                clip(&name),
                said(Named::Line(host)),
                said(named)
            );
            self.warn(span, message);
        } else if self.branches.read.iter().any(|b| b.name == name) {
            self.warn(
                span,
                format!(
                    "variation {} has the name of one before it; both are read",
                    clip(&name)
                ),
            );
        }
        if let Some(branch) = &mut self.branch {
            branch.line = Some(Box::new(GameRecord::new(position, super::Tags::default())));
        }
        let depth = self.branches.depth(host) + 1;
        self.branches.read.push(ReadBranch {
            name,
            host,
            depth,
            start,
            moves: Vec::new(),
        });
        Ok(())
    }

    /// The line read so far is done: its result is kept, and a variation goes in the tree.
    fn end_line(&mut self) {
        // `*` (not over) ends the line like a result but records none.
        let result = self.result.take().filter(|r| r != NO_RESULT);
        let Some(branch) = self.branch.take() else {
            self.record.main.result_token = result;
            return;
        };
        let Some(mut line) = branch.line else {
            if !branch.refused {
                let message = format!("variation {} has no moves: left out", clip(&branch.name));
                self.warn(branch.span, message);
            }
            return;
        };
        let Some(read) = self.branches.read.last_mut() else {
            return;
        };
        read.moves = line.plies().iter().map(|p| p.mv).collect();
        let start = read.start;
        let host = read.host;
        let leaves = self.branches.full_line(host, &self.record);
        let mut plies: Vec<Ply> = plies_along(&leaves[..start.min(leaves.len())]);
        let mut own = line.split_off(0);
        if let Some(first) = own.plies.first_mut() {
            first.comments.splice(0..0, branch.before);
        }
        plies.extend(own.plies);
        // ptn.ninja's own names are kept; older files' (`3-1`) are made afresh.
        let own_name = branch.name.rsplit('/').next().filter(|n| is_branch_name(n));
        self.record.insert_line(&plies, own_name);
        if let Some(result) = result {
            let moves: Vec<Move> = plies.iter().map(|p| p.mv).collect();
            self.record.set_line_result(&moves, result);
        }
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
        if self.record.plies().len() + self.branches.plies >= MAX_PLIES {
            return Err(PtnError::at(span, PtnErrorKind::TooManyPlies));
        }
        let (mv, marks) = self.parse(text, span)?;
        let ply = Ply {
            mv,
            marks,
            comments: Vec::new(),
        };
        if self.branch.is_some() {
            self.branches.plies += 1;
        }
        let crush_claimed = ply.marks.crush;
        self.line().push(ply).map_err(|error| {
            let label = self.label(text);
            PtnError::at(span, PtnErrorKind::Illegal { label, error })
        })?;
        let crushed = self
            .line_ref()
            .plies()
            .last()
            .is_some_and(|p| p.marks.crush);
        if crush_claimed && !crushed {
            let message = format!(
                "{}: `*` marks a wall flattened, but no wall is; read without it",
                clip(text)
            );
            self.warn(span, message);
        }
        Ok(())
    }

    /// The ply as numbered in the file, for errors: `12. c3` or `12... c3`.
    fn label(&self, text: &str) -> String {
        let position = self.line_ref().position();
        let dots = match position.to_move() {
            Color::White => ".",
            Color::Black => "...",
        };
        format!("{}{dots} {}", position.move_number(), clip(text))
    }

    /// Reads a ply's text. A lowercase piece letter (`ca1`) is read as the capital it stands
    /// for, with a warning: the piece is clear, and some exporters write it so.
    fn parse(&mut self, text: &str, span: Span) -> Result<(Move, Marks), PtnError> {
        let size = self.record.start().size();
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
        let line = self.line_ref();
        let position = line.position();
        let here = (position.move_number(), position.to_move() == Color::Black);
        !line.plies().is_empty() && (number, black) < here
    }

    /// Whether a move number that goes back is a number written twice by mistake, to read on
    /// from: the line's numbers are then one more move behind its plies (warned once), and its
    /// next ply is legal as the next one. Numbers already that far behind read on silently.
    fn repeated(&mut self, number: u32, black: bool, span: Span, next: Option<&Token<'_>>) -> bool {
        let position = self.line_ref().position();
        let expected = position.move_number();
        let white_next = position.to_move() == Color::White && !black;
        let behind = expected.saturating_sub(number);
        if !white_next || self.result.is_some() || behind == 0 {
            return false;
        }
        if behind == self.numbers_behind {
            return true;
        }
        let Some(Token::Ply(text)) = next else {
            return false;
        };
        let legal =
            parse_ply(text, position.size()).is_ok_and(|(mv, _)| position.check(mv).is_ok());
        if behind != self.numbers_behind + 1 || !legal {
            return false;
        }
        self.numbers_behind = behind;
        let message = format!(
            "move number {number} is written twice (move {expected} was expected) at line {}; \
             read on, its plies being legal as the next ones",
            span.line,
        );
        self.warn(span, message);
        true
    }

    fn check_number(&mut self, number: u32, black: bool, span: Span) {
        let position = self.line_ref().position();
        let expected = position.move_number().saturating_sub(self.numbers_behind);
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
