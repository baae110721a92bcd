//! The records server lines carry: game and seek numbers, the settings of a game, a seek, a
//! game being played, the start of a game; each written as the server writes it.

use std::fmt;
use std::time::Duration;

use crate::rules::{BoardSize, Color, GameConfig, Komi, Reserves};

/// A game's number on the server (`Game#12`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct GameId(pub u32);

/// A seek's number on the server.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct SeekId(pub u32);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for SeekId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The colour a seek asks to play: the server writes `W`, `B` or `A`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SeekColor {
    /// The seeker plays White.
    White,
    /// The seeker plays Black.
    Black,
    /// Either: the server decides.
    Either,
}

impl SeekColor {
    /// The server's letter: `W`, `B` or `A`.
    #[must_use]
    pub const fn letter(self) -> &'static str {
        match self {
            SeekColor::White => "W",
            SeekColor::Black => "B",
            SeekColor::Either => "A",
        }
    }
}

/// How a game ended, as `Game#N Over` says it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ServerResult {
    /// A road (`R-0`, `0-R`).
    Road(Color),
    /// More flats (`F-0`, `0-F`).
    Flats(Color),
    /// Won otherwise: resignation, time, the other leaving (`1-0`, `0-1`).
    Other(Color),
    /// A draw, by flats or agreement (`1/2-1/2`).
    Draw,
    /// No result (`0-0`).
    Aborted,
}

impl ServerResult {
    /// The token the server (and PTN) writes.
    #[must_use]
    pub const fn token(self) -> &'static str {
        match self {
            ServerResult::Road(Color::White) => "R-0",
            ServerResult::Road(Color::Black) => "0-R",
            ServerResult::Flats(Color::White) => "F-0",
            ServerResult::Flats(Color::Black) => "0-F",
            ServerResult::Other(Color::White) => "1-0",
            ServerResult::Other(Color::Black) => "0-1",
            ServerResult::Draw => "1/2-1/2",
            ServerResult::Aborted => "0-0",
        }
    }

    /// The result a token names, if it names one.
    #[must_use]
    pub fn from_token(token: &str) -> Option<ServerResult> {
        Some(match token {
            "R-0" => ServerResult::Road(Color::White),
            "0-R" => ServerResult::Road(Color::Black),
            "F-0" => ServerResult::Flats(Color::White),
            "0-F" => ServerResult::Flats(Color::Black),
            "1-0" => ServerResult::Other(Color::White),
            "0-1" => ServerResult::Other(Color::Black),
            "1/2-1/2" => ServerResult::Draw,
            "0-0" => ServerResult::Aborted,
            _ => return None,
        })
    }

    /// The winner, if there is one.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            ServerResult::Road(color) | ServerResult::Flats(color) | ServerResult::Other(color) => {
                Some(color)
            }
            ServerResult::Draw | ServerResult::Aborted => None,
        }
    }
}

/// Time added to a player's clock once they reach a move (0 and 0 when there is none).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ExtraTime {
    /// The move number that brings it (0: none).
    pub after_move: u32,
    /// How much (whole seconds).
    pub amount: Duration,
}

/// What a game is played with, as seeks, game lists and game starts say it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameSettings {
    /// The board.
    pub size: BoardSize,
    /// Each player's time at the start (whole seconds).
    pub time: Duration,
    /// Added after each move (whole seconds).
    pub increment: Duration,
    /// Komi (the server keeps whole half points, 0 to 4 points).
    pub komi: Komi,
    /// Stones (flats and walls) each player has.
    pub stones: u32,
    /// Capstones each player has.
    pub capstones: u32,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// Whether it is a tournament game.
    pub tournament: bool,
    /// Extra time at a given move.
    pub extra_time: ExtraTime,
}

impl GameSettings {
    /// The rules' settings of this game: its board, komi and pieces; or why taktui's rules
    /// cannot hold the pieces the server allows.
    ///
    /// # Errors
    /// Piece counts taktui's rules refuse.
    pub fn config(&self) -> Result<GameConfig, String> {
        let config = GameConfig::new(self.size).with_komi(self.komi);
        let reserves = Reserves {
            stones: u8::try_from(self.stones).unwrap_or(u8::MAX),
            caps: u8::try_from(self.capstones).unwrap_or(u8::MAX),
        };
        if reserves == Reserves::standard(self.size) {
            return Ok(config);
        }
        config.with_pieces(reserves).map_err(|e| e.to_string())
    }

    /// Whether the pieces are the board's usual ones.
    #[must_use]
    pub fn standard_pieces(&self) -> bool {
        let usual = Reserves::standard(self.size);
        (self.stones, self.capstones) == (u32::from(usual.stones), u32::from(usual.caps))
    }

    /// Writes `size time increment`.
    pub(super) fn write_clock(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.size.get(),
            self.time.as_secs(),
            self.increment.as_secs()
        )
    }

    /// Writes `komi stones capstones unrated tournament trigger amount`.
    pub(super) fn write_rest(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {} {} {}",
            self.komi.halves(),
            self.stones,
            self.capstones,
            u8::from(!self.rated),
            u8::from(self.tournament),
            self.extra_time.after_move,
            self.extra_time.amount.as_secs()
        )
    }
}

/// A seek in the lobby: `Seek new|remove ID NAME SIZE TIME INC COLOUR KOMI STONES CAPS
/// UNRATED TOURNAMENT TRIGGER AMOUNT OPPONENT BOT`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Seek {
    /// Its number.
    pub id: SeekId,
    /// Who posted it.
    pub player: String,
    /// The game it offers.
    pub settings: GameSettings,
    /// The colour the seeker plays.
    pub color: SeekColor,
    /// The only player who may accept it, if it names one.
    pub opponent: Option<String>,
    /// Whether the seeker is a bot; `None` in the protocol 1 form, which does not say.
    pub bot: Option<bool>,
}

impl fmt::Display for Seek {
    /// The fields after `Seek new `, in the form the line came in (protocol 2 when `bot` is
    /// known: the opponent `0` when none; protocol 1 otherwise: the opponent empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ", self.id, self.player)?;
        self.settings.write_clock(f)?;
        write!(f, " {} ", self.color.letter())?;
        self.settings.write_rest(f)?;
        match self.bot {
            Some(bot) => write!(
                f,
                " {} {}",
                self.opponent.as_deref().unwrap_or("0"),
                u8::from(bot)
            ),
            None => write!(f, " {}", self.opponent.as_deref().unwrap_or_default()),
        }
    }
}

/// A game being played, as the game list and `Observe` say it: `ID WHITE BLACK SIZE TIME INC
/// KOMI STONES CAPS UNRATED TOURNAMENT TRIGGER AMOUNT`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GameSummary {
    /// Its number.
    pub game: GameId,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// What it is played with.
    pub settings: GameSettings,
}

impl fmt::Display for GameSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} ", self.game, self.white, self.black)?;
        self.settings.write_clock(f)?;
        f.write_str(" ")?;
        self.settings.write_rest(f)
    }
}

/// A game of ours begins (protocol 2): `Game Start ID WHITE vs BLACK COLOUR SIZE TIME INC
/// KOMI STONES CAPS UNRATED TOURNAMENT TRIGGER AMOUNT BOT`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GameStart {
    /// Its number.
    pub game: GameId,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The colour we play.
    pub color: Color,
    /// What it is played with.
    pub settings: GameSettings,
    /// Whether a bot plays in it.
    pub bot: bool,
}

/// A game of ours begins (protocol 1, older): `Game Start ID SIZE WHITE vs BLACK COLOUR TIME
/// KOMI STONES CAPS TRIGGER AMOUNT`, without increment or rating.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct GameStartV1 {
    /// Its number.
    pub game: GameId,
    /// The board.
    pub size: BoardSize,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The colour we play.
    pub color: Color,
    /// Each player's time at the start.
    pub time: Duration,
    /// Komi.
    pub komi: Komi,
    /// Stones each player has.
    pub stones: u32,
    /// Capstones each player has.
    pub capstones: u32,
    /// Extra time at a given move.
    pub extra_time: ExtraTime,
}

impl GameStartV1 {
    /// The start as protocol 2 gives it: what the older line does not carry is taken as
    /// nothing (no increment, unrated, no tournament, no bot). The server's clocks (`Time`
    /// lines) are the truth all the same, so a game with an increment is still timed right.
    #[must_use]
    pub fn to_start(&self) -> GameStart {
        GameStart {
            game: self.game,
            white: self.white.clone(),
            black: self.black.clone(),
            color: self.color,
            settings: GameSettings {
                size: self.size,
                time: self.time,
                increment: Duration::ZERO,
                komi: self.komi,
                stones: self.stones,
                capstones: self.capstones,
                rated: false,
                tournament: false,
                extra_time: self.extra_time,
            },
            bot: false,
        }
    }
}
