//! The records inside server lines, read field by field: seeks, games being played, the start
//! of a game.

use std::str::FromStr;
use std::time::Duration;

use super::message::ServerMessage;
use super::parse::{number, word};
use super::records::{
    ExtraTime, GameId, GameSettings, GameStart, GameStartV1, GameSummary, Seek, SeekColor, SeekId,
};
use crate::rules::{BoardSize, Color, Komi};

/// The space-separated fields of a line, read in order.
struct Fields<'a>(std::str::Split<'a, char>);

impl<'a> Fields<'a> {
    fn new(text: &'a str) -> Fields<'a> {
        Fields(text.split(' '))
    }

    fn next(&mut self, what: &str) -> Result<&'a str, String> {
        self.0.next().ok_or_else(|| format!("{what} is missing"))
    }

    fn name(&mut self, what: &str) -> Result<String, String> {
        word(self.next(what)?)
    }

    fn number<T: FromStr>(&mut self, what: &str) -> Result<T, String> {
        number(self.next(what)?, what)
    }

    fn seconds(&mut self, what: &str) -> Result<Duration, String> {
        self.number(what).map(Duration::from_secs)
    }

    fn flag(&mut self, what: &str) -> Result<bool, String> {
        match self.next(what)? {
            "0" => Ok(false),
            "1" => Ok(true),
            other => Err(format!("{what} {other:?} is not 0 or 1")),
        }
    }

    fn size(&mut self) -> Result<BoardSize, String> {
        let size: u8 = self.number("the size")?;
        BoardSize::new(size).map_err(|e| e.to_string())
    }

    fn komi(&mut self) -> Result<Komi, String> {
        let text = self.next("the komi")?;
        let (sign, digits) = match text.strip_prefix('-') {
            Some(digits) => (-1, digits),
            None => (1, text),
        };
        let halves: i16 = number(digits, "the komi")?;
        Komi::from_halves(sign * halves).map_err(|e| e.to_string())
    }

    fn color(&mut self) -> Result<Color, String> {
        match self.next("the colour")? {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(format!("{other:?} is not white or black")),
        }
    }

    fn extra_time(&mut self) -> Result<ExtraTime, String> {
        Ok(ExtraTime {
            after_move: self.number("the extra time's move")?,
            amount: self.seconds("the extra time")?,
        })
    }

    /// `KOMI STONES CAPS UNRATED TOURNAMENT TRIGGER AMOUNT`, after `SIZE TIME INC` were read.
    fn settings(
        &mut self,
        (size, time, increment): (BoardSize, Duration, Duration),
    ) -> Result<GameSettings, String> {
        Ok(GameSettings {
            size,
            time,
            increment,
            komi: self.komi()?,
            stones: self.number("the stones")?,
            capstones: self.number("the capstones")?,
            rated: !self.flag("unrated")?,
            tournament: self.flag("tournament")?,
            extra_time: self.extra_time()?,
        })
    }

    fn clock(&mut self) -> Result<(BoardSize, Duration, Duration), String> {
        Ok((
            self.size()?,
            self.seconds("the time")?,
            self.seconds("the increment")?,
        ))
    }

    fn end(mut self) -> Result<(), String> {
        match self.0.next() {
            None => Ok(()),
            Some(extra) => Err(format!("{extra:?} is one field too many")),
        }
    }
}

/// The fields of `Seek new|remove`, in either protocol's form.
pub(super) fn read_seek(text: &str) -> Result<Seek, String> {
    let mut fields = Fields::new(text);
    let id = SeekId(fields.number("the seek number")?);
    let player = fields.name("the player")?;
    let clock = fields.clock()?;
    let color = match fields.next("the colour")? {
        "W" => SeekColor::White,
        "B" => SeekColor::Black,
        "A" => SeekColor::Either,
        other => return Err(format!("{other:?} is not W, B or A")),
    };
    let settings = fields.settings(clock)?;
    let opponent = fields.0.next().unwrap_or_default();
    let (opponent, bot) = match fields.0.next() {
        // Protocol 2 writes `0` for no opponent, then whether the seeker is a bot.
        Some(bot) => {
            let bot = Fields::new(bot).flag("the bot flag")?;
            ((opponent != "0").then_some(opponent), Some(bot))
        }
        // Protocol 1 writes the opponent or nothing, and no bot flag.
        None => ((!opponent.is_empty()).then_some(opponent), None),
    };
    fields.end()?;
    Ok(Seek {
        id,
        player,
        settings,
        color,
        opponent: opponent.map(word).transpose()?,
        bot,
    })
}

/// `ID WHITE BLACK SIZE TIME INC KOMI STONES CAPS UNRATED TOURNAMENT TRIGGER AMOUNT`.
pub(super) fn read_summary(text: &str) -> Result<GameSummary, String> {
    let mut fields = Fields::new(text);
    let game = GameId(fields.number("the game number")?);
    let white = fields.name("White")?;
    let black = fields.name("Black")?;
    let clock = fields.clock()?;
    let settings = fields.settings(clock)?;
    fields.end()?;
    Ok(GameSummary {
        game,
        white,
        black,
        settings,
    })
}

/// The fields after `Game Start `: `ID WHITE vs BLACK ...` (protocol 2) or `ID SIZE WHITE vs
/// BLACK ...` (protocol 1).
pub(super) fn read_start(text: &str) -> Result<ServerMessage, String> {
    let mut fields = Fields::new(text);
    let game = GameId(fields.number("the game number")?);
    let second = fields.next("White")?;
    let vs = |fields: &mut Fields| match fields.next("`vs`")? {
        "vs" => Ok(()),
        other => Err(format!("expected `vs`, not {other:?}")),
    };
    if second.bytes().all(|b| b.is_ascii_digit()) {
        let size: u8 = number(second, "the size")?;
        let size = BoardSize::new(size).map_err(|e| e.to_string())?;
        let white = fields.name("White")?;
        vs(&mut fields)?;
        let start = GameStartV1 {
            game,
            size,
            white,
            black: fields.name("Black")?,
            color: fields.color()?,
            time: fields.seconds("the time")?,
            komi: fields.komi()?,
            stones: fields.number("the stones")?,
            capstones: fields.number("the capstones")?,
            extra_time: fields.extra_time()?,
        };
        fields.end()?;
        return Ok(ServerMessage::GameStartV1(start));
    }
    let white = word(second)?;
    vs(&mut fields)?;
    let black = fields.name("Black")?;
    let color = fields.color()?;
    let clock = fields.clock()?;
    let start = GameStart {
        game,
        white,
        black,
        color,
        settings: fields.settings(clock)?,
        bot: fields.flag("the bot flag")?,
    };
    fields.end()?;
    Ok(ServerMessage::GameStart(start))
}
