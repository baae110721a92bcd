//! Reading PTN files into game records, every ply checked by the rules engine.

use std::io::Read as _;
use std::path::Path;

use super::{GameRecord, Ply, PtnError, PtnErrorKind, PtnWarning, Tags};
use crate::notation::{LexError, Span, Token, Tps, parse_ply, tokenize};
use crate::rules::{BoardSize, Color, GameConfig, Komi, Position, Reserves};

/// The largest PTN file read: 16 MiB, far beyond any real game.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// The most plies read in one game.
pub const MAX_PLIES: usize = 10_000;

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

/// Reads the PTN file at `path`: every game in it. Errors name the file.
pub fn read_ptn_file(path: &Path) -> Result<Vec<ReadGame>, PtnError> {
    let name = path.display().to_string();
    let io = |e: std::io::Error| PtnError {
        file: Some(name.clone()),
        span: None,
        kind: PtnErrorKind::Io(e.to_string()),
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    // Read one byte past the limit, so a file growing under us is still caught.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    let text = text_of(&bytes).map_err(|e| e.in_file(&name))?;
    let mut games = read_ptn(text).map_err(|e| e.in_file(&name))?;
    for game in &mut games {
        if let Some(error) = game.error.take() {
            game.error = Some(error.in_file(&name));
        }
    }
    Ok(games)
}

fn text_of(bytes: &[u8]) -> Result<&str, PtnError> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len()));
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].split(|&b| b == b'\n').count();
        PtnError {
            file: None,
            span: None,
            kind: PtnErrorKind::NotText { line },
        }
    })
}

fn too_large(bytes: usize) -> PtnError {
    PtnError {
        file: None,
        span: None,
        kind: PtnErrorKind::TooLarge {
            bytes: bytes as u64,
        },
    }
}

/// Reads every game in a PTN text. Each game keeps its plies up to its first error; only a
/// text over [`MAX_FILE_BYTES`] is refused whole.
pub fn read_ptn(text: &str) -> Result<Vec<ReadGame>, PtnError> {
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(text.len()));
    }
    let lexed = tokenize(text);
    let groups = split_games(&lexed.tokens);
    let mut games: Vec<ReadGame> = Vec::with_capacity(groups.len());
    let count = groups.len();
    for (i, group) in groups.into_iter().enumerate() {
        // A lexing error belongs to the game being read when it happened: the last one.
        let lex_error = if i + 1 == count {
            lexed.error.clone()
        } else {
            None
        };
        games.push(read_game(group, lex_error));
    }
    if games.is_empty()
        && let Some((error, span)) = lexed.error
    {
        games.push(ReadGame {
            span,
            record: None,
            error: Some(PtnError::at(span, error.into())),
            warnings: Vec::new(),
        });
    }
    Ok(games)
}

/// Splits tokens into games: a tag after any move text starts the next game, and so does a
/// tag after a blank line once the game has tags (a game with no moves and no result token,
/// then the next game).
fn split_games<'t, 'a>(tokens: &'t [(Token<'a>, Span)]) -> Vec<&'t [(Token<'a>, Span)]> {
    let mut games = Vec::new();
    let (mut start, mut in_moves, mut has_tags) = (0, false, false);
    for (i, (token, span)) in tokens.iter().enumerate() {
        let after_blank_line = i > 0 && span.line > last_line(&tokens[i - 1]) + 1;
        match token {
            Token::Tag { .. } if in_moves || (has_tags && after_blank_line) => {
                games.push(&tokens[start..i]);
                (start, in_moves) = (i, false);
            }
            Token::Tag { .. } => has_tags = true,
            Token::Comment(_) => {}
            _ => in_moves = true,
        }
    }
    if start < tokens.len() {
        games.push(&tokens[start..]);
    }
    games
}

/// The line a token ends on: comments and tag values may span lines.
fn last_line((token, span): &(Token<'_>, Span)) -> u32 {
    let newlines = match token {
        Token::Comment(text) => text.matches('\n').count(),
        Token::Tag { value, .. } => value.matches('\n').count(),
        _ => 0,
    };
    span.line + newlines as u32
}

fn read_game(tokens: &[(Token<'_>, Span)], lex_error: Option<(LexError, Span)>) -> ReadGame {
    let span = tokens.first().map_or_else(
        || lex_error.as_ref().map(|e| e.1).unwrap_or_default(),
        |t| t.1,
    );
    let mut game = ReadGame {
        span,
        record: None,
        error: None,
        warnings: Vec::new(),
    };
    let mut tags = Tags::default();
    let mut tag_spans = Vec::new();
    for (token, at) in tokens {
        if let Token::Tag { name, value } = token {
            tags.push((*name).to_owned(), value.clone());
            tag_spans.push((*name, *at));
        }
    }
    let tag_span = |name: &str| {
        tag_spans
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map_or(span, |(_, s)| *s)
    };
    match start_position(&tags, span, &tag_span) {
        Ok(start) => {
            let mut reader = MoveReader {
                record: GameRecord::new(start, tags),
                warnings: Vec::new(),
                result: None,
                variations: false,
                number: None,
            };
            game.error = reader.read(tokens).err();
            reader.record.result_token = reader.result;
            game.record = Some(reader.record);
            game.warnings = reader.warnings;
        }
        Err(error) => game.error = Some(error),
    }
    if game.error.is_none()
        && let Some((error, at)) = lex_error
    {
        game.error = Some(PtnError::at(at, error.into()));
    }
    game
}

/// The game's settings and start position from its tags.
fn start_position(
    tags: &Tags,
    game_span: Span,
    tag_span: &dyn Fn(&str) -> Span,
) -> Result<Position, PtnError> {
    let tag_error = |name: &str, reason: String| {
        let value = tags.get(name).unwrap_or_default().to_owned();
        PtnError::at(
            tag_span(name),
            PtnErrorKind::Tag {
                name: name.to_owned(),
                value,
                reason,
            },
        )
    };
    let tps = match tags.get("TPS").filter(|v| !v.trim().is_empty()) {
        Some(value) => Some(value.parse::<Tps>().map_err(|error| {
            let value = value.to_owned();
            PtnError::at(tag_span("TPS"), PtnErrorKind::Tps { value, error })
        })?),
        None => None,
    };
    let size = match tags.get("Size") {
        Some(value) => {
            let n: u8 = value.trim().parse().map_err(|_| {
                tag_error("Size", "not a board size: board sizes are 3 to 8".into())
            })?;
            BoardSize::new(n).map_err(|e| tag_error("Size", e.to_string()))?
        }
        None => tps
            .as_ref()
            .map(Tps::size)
            .ok_or_else(|| PtnError::at(game_span, PtnErrorKind::NoSize))?,
    };
    if tags
        .get("Opening")
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("no-swap"))
    {
        let reason = "only the swap opening (each player first places the other's flat) is \
                      supported"
            .to_owned();
        return Err(tag_error("Opening", reason));
    }
    let mut config = GameConfig::new(size);
    if let Some(value) = tags.get("Komi") {
        let komi: Komi = value
            .parse()
            .map_err(|e: crate::rules::ConfigError| tag_error("Komi", e.to_string()))?;
        config = config.with_komi(komi);
    }
    config = pieces(config, tags, &tag_error)?;
    let start = match &tps {
        Some(tps) => tps.to_position(config).map_err(|error| {
            let value = tags.get("TPS").unwrap_or_default().to_owned();
            PtnError::at(tag_span("TPS"), PtnErrorKind::Tps { value, error })
        })?,
        None => Position::new(config),
    };
    Ok(start)
}

/// Applies `Flats`/`Caps` (both players) and `Flats1`, `Caps1`, `Flats2`, `Caps2`.
fn pieces(
    mut config: GameConfig,
    tags: &Tags,
    tag_error: &dyn Fn(&str, String) -> PtnError,
) -> Result<GameConfig, PtnError> {
    let number = |name: &str| -> Result<Option<u8>, PtnError> {
        tags.get(name)
            .map(|v| {
                v.trim()
                    .parse::<u8>()
                    .map_err(|_| tag_error(name, "not a piece count (0 to 64)".into()))
            })
            .transpose()
    };
    let (flats, caps) = (number("Flats")?, number("Caps")?);
    for (color, flats_tag, caps_tag) in [
        (Color::White, "Flats1", "Caps1"),
        (Color::Black, "Flats2", "Caps2"),
    ] {
        let standard = config.pieces(color);
        let stones = number(flats_tag)?.or(flats).unwrap_or(standard.stones);
        let caps = number(caps_tag)?.or(caps).unwrap_or(standard.caps);
        if (stones, caps) != (standard.stones, standard.caps) {
            let reserves = Reserves { stones, caps };
            // Name the tag that set the refused count: a stone count of 0, else too many pieces.
            let present =
                |names: [&'static str; 2]| names.into_iter().find(|name| tags.get(name).is_some());
            let blame = if stones == 0 {
                present([flats_tag, "Flats"])
            } else {
                present([caps_tag, "Caps"]).or_else(|| present([flats_tag, "Flats"]))
            };
            let blame = blame.unwrap_or("Flats");
            config = config
                .with_player_pieces(color, reserves)
                .map_err(|e| tag_error(blame, e.to_string()))?;
        }
    }
    Ok(config)
}

/// Walks the move text of one game, playing each ply.
struct MoveReader {
    record: GameRecord,
    warnings: Vec<PtnWarning>,
    result: Option<String>,
    /// Past the main line, into ptn.ninja's variations: skipped for now.
    variations: bool,
    /// The last move number read, not yet followed by a ply.
    number: Option<(u32, bool, Span)>,
}

impl MoveReader {
    fn read(&mut self, tokens: &[(Token<'_>, Span)]) -> Result<(), PtnError> {
        let mut skipped = false;
        for (i, (token, span)) in tokens.iter().enumerate() {
            let span = *span;
            if self.variations {
                continue;
            }
            match token {
                Token::Tag { .. } => {}
                Token::Comment(text) => {
                    let next = tokens.get(i + 1).map(|(t, _)| t);
                    if let Some(Token::MoveNumber { number, black }) = next
                        && self.goes_back(*number, *black)
                    {
                        self.start_variations(span);
                        continue;
                    }
                    let comment = (*text).to_owned();
                    match self.record.last_ply_mut() {
                        Some(ply) => ply.comments.push(comment),
                        None => self.record.add_game_comment(comment),
                    }
                }
                Token::MoveNumber { number, black } => {
                    if self.goes_back(*number, *black) {
                        self.start_variations(span);
                    } else {
                        // Checked when a ply follows: a bare "1." ending a puzzle is harmless.
                        self.number = Some((*number, *black, span));
                    }
                }
                Token::Skip => {
                    let position = self.record.position();
                    if skipped
                        || !self.record.plies().is_empty()
                        || position.to_move() != Color::Black
                    {
                        return Err(PtnError::at(span, PtnErrorKind::MisplacedSkip));
                    }
                    skipped = true;
                }
                Token::Result(token) => self.result = Some((*token).to_owned()),
                Token::Ply(text) => {
                    if let Some((number, black, at)) = self.number.take() {
                        self.check_number(number, black, at);
                    }
                    self.ply(text, span)?;
                }
            }
        }
        Ok(())
    }

    fn ply(&mut self, text: &str, span: Span) -> Result<(), PtnError> {
        let position = self.record.position();
        let label = match position.to_move() {
            Color::White => format!("{}. {text}", position.move_number()),
            Color::Black => format!("{}... {text}", position.move_number()),
        };
        if let Some(result) = &self.result {
            let result = result.clone();
            return Err(PtnError::at(
                span,
                PtnErrorKind::AfterResult { label, result },
            ));
        }
        if self.record.plies().len() >= MAX_PLIES {
            return Err(PtnError::at(span, PtnErrorKind::TooManyPlies));
        }
        let (mv, marks) = parse_ply(text, position.size()).map_err(|e| {
            let column = span.column + e.column() as u32 - 1;
            let at = Span { column, ..span };
            PtnError::at(
                at,
                PtnErrorKind::Syntax {
                    label: label.clone(),
                    syntax: e.syntax().clone(),
                },
            )
        })?;
        let ply = Ply {
            mv,
            marks,
            comments: Vec::new(),
        };
        self.record
            .push(ply)
            .map_err(|error| PtnError::at(span, PtnErrorKind::Illegal { label, error }))
    }

    /// Whether a move number points before the current ply: ptn.ninja's variations, written
    /// after the main line, start that way.
    fn goes_back(&self, number: u32, black: bool) -> bool {
        let position = self.record.position();
        let here = (position.move_number(), position.to_move() == Color::Black);
        !self.record.plies().is_empty() && (number, black) < here
    }

    fn start_variations(&mut self, span: Span) {
        self.variations = true;
        self.warnings.push(PtnWarning {
            span,
            message: "variations are skipped from here on; the main line is read in full".into(),
        });
    }

    fn check_number(&mut self, number: u32, black: bool, span: Span) {
        let position = self.record.position();
        let expected = position.move_number();
        // "12." before Black's ply is fine when followed by "--"; the skip is checked there.
        let black_ok = black == (position.to_move() == Color::Black) || !black;
        if number != expected || !black_ok {
            self.warnings.push(PtnWarning {
                span,
                message: format!("move number {number} where {expected} was expected"),
            });
        }
    }
}
