//! Reading PTN text into game records, every ply checked by the rules engine.
//!
//! Games are read one after another from a stream of tokens, so memory holds one game's tags
//! at a time beside the records. A game starts at its tags; its move text ends where the next
//! game's tags start. Whatever is wrong inside a game (a broken tag, a stray `[`, an illegal
//! ply) is that game's error, at its line and column, and reading goes on with the next game.

use super::moves::{Flow, MoveReader};
use super::setup::TagsRead;
use super::{GameRecord, PtnError, PtnErrorKind, PtnWarning, Tags};
use crate::notation::{LexError, Lexeme, Lexer, MoveSyntax, Span, Token, tokenize};
use crate::rules::{BoardSize, IllegalMove, Position};

/// The largest PTN file read: 16 MiB, far beyond any real game.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// The most plies read in one game.
pub const MAX_PLIES: usize = 10_000;

/// What the reader is told beyond what the files say (the command line's `--size`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ReadOptions {
    /// The board size of games with no `TPS` tag: it overrides a `Size` tag that says
    /// otherwise (with a warning), and saves inferring the size from the moves of games
    /// with none. `None`: the `Size` tag, else the smallest board on which the moves are
    /// legal.
    pub size: Option<BoardSize>,
}

/// One game read from a PTN file: as much of it as could be read, and what stopped the rest.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReadGame {
    /// Where the game starts in the file.
    pub span: Span,
    /// The game up to the first error (`None` when its tags do not give a playable game).
    pub record: Option<GameRecord>,
    /// What stopped the reading, if anything did.
    pub error: Option<PtnError>,
    /// Oddities read past.
    pub warnings: Vec<PtnWarning>,
}

/// Reads every game in a PTN text. Each game keeps its plies up to its first error; only a
/// text over [`MAX_FILE_BYTES`] is refused whole.
pub fn read_ptn(text: &str) -> Result<Vec<ReadGame>, PtnError> {
    read_ptn_with(text, &ReadOptions::default())
}

/// [`read_ptn`], told what the file may not say (the board size).
pub fn read_ptn_with(text: &str, options: &ReadOptions) -> Result<Vec<ReadGame>, PtnError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(text.len() as u64));
    }
    let mut tokens = Tokens::new(tokenize(text));
    let mut games = Vec::new();
    while tokens.peek().is_some() {
        games.push(read_game(&mut tokens, *options));
    }
    Ok(games)
}

pub(super) fn too_large(bytes: u64) -> PtnError {
    PtnError {
        file: None,
        span: None,
        kind: PtnErrorKind::TooLarge { bytes },
    }
}

/// The lexer with one token of lookahead, and the line where the last token taken ended.
#[derive(Clone)]
struct Tokens<'a> {
    lexer: Lexer<'a>,
    next: Option<Lexeme<'a>>,
    last_line: u32,
}

impl<'a> Tokens<'a> {
    fn new(mut lexer: Lexer<'a>) -> Tokens<'a> {
        let next = lexer.next();
        Tokens {
            lexer,
            next,
            last_line: 0,
        }
    }

    fn peek(&self) -> Option<&Lexeme<'a>> {
        self.next.as_ref()
    }

    fn take(&mut self) -> Option<Lexeme<'a>> {
        let taken = std::mem::replace(&mut self.next, self.lexer.next())?;
        self.last_line = taken.end_line;
        Some(taken)
    }

    /// Whether the next token starts the next game, once this one's move text has begun: a
    /// tag, or a broken one at the start of a line.
    fn at_next_game(&self) -> bool {
        self.peek().is_some_and(|lexeme| match &lexeme.token {
            Token::Tag { .. } => true,
            Token::Error(error) => lexeme.starts_line && from_tag(error),
            _ => false,
        })
    }

    /// Takes the rest of this game's move text.
    fn skip_game(&mut self) {
        while self.peek().is_some() && !self.at_next_game() {
            self.take();
        }
    }
}

fn from_tag(error: &LexError) -> bool {
    matches!(
        error,
        LexError::BadTag(_)
            | LexError::UnclosedTag
            | LexError::TagTooLong { .. }
            | LexError::TagNameTooLong { .. }
    )
}

/// The tags and comments before a game's move text, and the first error among them.
struct Header<'a> {
    tags: TagsRead<'a>,
    comments: Vec<String>,
    error: Option<PtnError>,
}

/// Takes the tags and comments before the move text. A tag after a blank line, once the
/// game has tags, starts the next game instead (a game of tags only, then another).
fn read_header<'a>(tokens: &mut Tokens<'a>, game: Span) -> Header<'a> {
    let mut header = Header {
        tags: TagsRead {
            tags: Tags::default(),
            spans: Vec::new(),
            game,
        },
        comments: Vec::new(),
        error: None,
    };
    let mut has_tags = false;
    while let Some(next) = tokens.peek() {
        let after_blank_line = next.span.line > tokens.last_line + 1;
        match &next.token {
            Token::Tag { .. } | Token::Error(_) if has_tags && after_blank_line => break,
            Token::Tag { .. } | Token::Error(_) | Token::Comment(_) => {}
            _ => break,
        }
        let Some(lexeme) = tokens.take() else { break };
        match lexeme.token {
            Token::Tag { name, value } => {
                has_tags = true;
                header.tags.tags.push(name.to_owned(), value);
                header.tags.spans.push((name, lexeme.span));
            }
            Token::Comment(text) => header.comments.push(text.to_owned()),
            Token::Error(error) => {
                has_tags = true;
                header
                    .error
                    .get_or_insert_with(|| PtnError::at(lexeme.span, error.into()));
            }
            _ => {}
        }
    }
    header
}

/// Reads the next game, leaving `tokens` at the one after it.
fn read_game(tokens: &mut Tokens<'_>, options: ReadOptions) -> ReadGame {
    let span = tokens.peek().map_or_else(Span::default, |l| l.span);
    let mut game = ReadGame {
        span,
        record: None,
        error: None,
        warnings: Vec::new(),
    };
    let header = read_header(tokens, span);
    if let Some(error) = header.error {
        game.error = Some(error);
        tokens.skip_game();
        return game;
    }
    game.warnings.extend(header.tags.conflicts());
    match read_moves(tokens, &header, options, &mut game.warnings) {
        Ok((pass, size)) => {
            let mut record = pass.record;
            // The passes read without the tags, to spare copying them for each board tried.
            record.tags = header.tags.tags;
            if let Some(size) = size {
                // The record says the board it was read on, so that it is written with it.
                record.tags.set("Size", size.get().to_string());
            }
            game.record = Some(*record);
            game.error = pass.error;
            game.warnings.extend(pass.warnings);
        }
        Err(error) => {
            game.error = Some(error);
            tokens.skip_game();
        }
    }
    game
}

/// One reading of a game's move text on one board.
struct Pass<'a> {
    record: Box<GameRecord>,
    error: Option<PtnError>,
    warnings: Vec<PtnWarning>,
    /// Where the reading stopped.
    tokens: Tokens<'a>,
}

impl Pass<'_> {
    fn off_board(&self) -> bool {
        self.error.as_ref().is_some_and(|e| off_board(&e.kind))
    }
}

/// Reads the move text on the board the tags, the options or the moves give. Several boards
/// may be tried, each from the start of the move text; `tokens` ends after the game. Also
/// gives the size for the record's `Size` tag when the tags did not give it.
fn read_moves<'a>(
    tokens: &mut Tokens<'a>,
    header: &Header<'_>,
    options: ReadOptions,
    warnings: &mut Vec<PtnWarning>,
) -> Result<(Pass<'a>, Option<BoardSize>), PtnError> {
    let tags = &header.tags;
    let tps = tags.tps()?;
    let game = tags.game;
    let warn = |warnings: &mut Vec<PtnWarning>, message: String| {
        warnings.push(PtnWarning {
            span: game,
            message,
        });
    };
    let read_on = |size: BoardSize| -> Result<Pass<'a>, PtnError> {
        let start = tags.start(size, tps.as_ref())?;
        Ok(read_pass(tokens.clone(), start, header))
    };
    let (mut pass, size_tag) = if let Some(tps) = &tps {
        let size = tags.size()?.unwrap_or(tps.size());
        if let Some(asked) = options.size.filter(|&asked| asked != tps.size()) {
            let message = format!(
                "--size {} is not used: the TPS tag gives a {} position",
                asked.get(),
                tps.size()
            );
            warn(warnings, message);
        }
        (read_on(size)?, None)
    } else if let Some(asked) = options.size {
        match tags.size() {
            Ok(Some(size)) if size != asked => {
                let message = format!(
                    "the Size tag says {}; read on a {asked} board, as --size {} asks",
                    size.get(),
                    asked.get()
                );
                warn(warnings, message);
            }
            Err(error) => {
                let message = format!("{}; read on a {asked} board, as --size asks", error.kind);
                warn(warnings, message);
            }
            Ok(_) => {}
        }
        (read_on(asked)?, Some(asked))
    } else if let Some(size) = tags.size()? {
        let pass = read_on(size)?;
        if pass.off_board() {
            (wrong_size_tag(pass, size, read_on), None)
        } else {
            (pass, None)
        }
    } else {
        let pass = infer_size(read_on, game)?;
        let size = pass.record.start().size();
        let message = if pass.error.is_none() {
            format!(
                "no Size tag: read on a {size} board, the smallest on which the moves are \
                 legal (--size N reads it on another)"
            )
        } else {
            format!(
                "no Size tag, and no board takes every move: read on a {size} board, where \
                 the most do (--size N reads it on another)"
            )
        };
        warn(warnings, message);
        (pass, Some(size))
    };
    pass.tokens.skip_game();
    *tokens = pass.tokens.clone();
    Ok((pass, size_tag))
}

/// The smallest board on which every ply is legal. When there is none, the board on which
/// the most plies read (the error is then about something else than the size).
fn infer_size<'a>(
    read_on: impl Fn(BoardSize) -> Result<Pass<'a>, PtnError>,
    game: Span,
) -> Result<Pass<'a>, PtnError> {
    let mut best: Option<Pass<'a>> = None;
    let mut first_error = None;
    for n in BoardSize::MIN..=BoardSize::MAX {
        let size = BoardSize::new(n).expect("sizes 3 to 8");
        let pass = match read_on(size) {
            Ok(pass) => pass,
            // A tag that does not suit this size (too many pieces for it): try the next.
            Err(error) => {
                first_error.get_or_insert(error);
                continue;
            }
        };
        if pass.record.plies().is_empty() && pass.error.is_none() {
            // No moves to go by.
            return Err(PtnError::at(game, PtnErrorKind::NoSize));
        }
        if pass.error.is_none() {
            return Ok(pass);
        }
        if best
            .as_ref()
            .is_none_or(|b| pass.record.plies().len() > b.record.plies().len())
        {
            best = Some(pass);
        }
    }
    best.ok_or_else(|| first_error.expect("some size was tried"))
}

/// A game whose moves run off the board its `Size` tag gives: if a larger board takes them,
/// the tag is what is wrong, and the error says so and how to read the game.
fn wrong_size_tag<'a>(
    pass: Pass<'a>,
    tag: BoardSize,
    read_on: impl Fn(BoardSize) -> Result<Pass<'a>, PtnError>,
) -> Pass<'a> {
    for n in tag.get() + 1..=BoardSize::MAX {
        let needs = BoardSize::new(n).expect("sizes 3 to 8");
        let Ok(larger) = read_on(needs) else { continue };
        if !larger.off_board() {
            let mut pass = pass;
            if let Some(error) = &mut pass.error
                && let PtnErrorKind::Syntax { label, .. } | PtnErrorKind::Illegal { label, .. } =
                    &error.kind
            {
                let label = label.clone();
                error.kind = PtnErrorKind::SizeTagWrong { label, tag, needs };
            }
            return pass;
        }
    }
    pass
}

fn off_board(kind: &PtnErrorKind) -> bool {
    match kind {
        PtnErrorKind::Syntax { syntax, .. } => matches!(
            syntax,
            MoveSyntax::FileOffBoard { .. } | MoveSyntax::RankOffBoard { .. }
        ),
        PtnErrorKind::Illegal { error, .. } => matches!(
            error,
            IllegalMove::OffBoard { .. } | IllegalMove::RunsOffBoard { .. }
        ),
        _ => false,
    }
}

/// Reads the move text from `tokens` on, from `start`, up to the first error or the end of
/// the game.
fn read_pass<'a>(mut tokens: Tokens<'a>, start: Position, header: &Header<'_>) -> Pass<'a> {
    let mut record = Box::new(GameRecord::new(start, Tags::default()));
    for comment in &header.comments {
        record.add_game_comment(comment.clone());
    }
    let mut reader = MoveReader::new(record);
    let mut error = None;
    while !tokens.at_next_game() {
        let Some(lexeme) = tokens.take() else { break };
        let next = if tokens.at_next_game() {
            None
        } else {
            tokens.peek().map(|l| &l.token)
        };
        match reader.token(&lexeme.token, lexeme.span, lexeme.starts_line, next) {
            Ok(Flow::Go) => {}
            Ok(Flow::Stop) => break,
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    let (record, warnings) = reader.finish();
    Pass {
        record,
        error,
        warnings,
        tokens,
    }
}
