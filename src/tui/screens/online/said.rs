//! What an online game says, in words on the message line: the other player's moves and
//! offers, a move refused, the end and why, the connection dropping and coming back.

use super::OnlineBoard;
use crate::game::driver::{DriverEvent, End};
use crate::game::{Ending, Loss, LossKind};
use crate::online::game::{OnlineEvent, OnlineGame, RematchNews};
use crate::online::protocol::ServerResult;
use crate::rules::Color;
use crate::tui::context::Context;

impl OnlineBoard {
    /// Says `event` on the message line.
    pub(super) fn say(&mut self, event: &OnlineEvent, ctx: &mut Context) {
        if let OnlineEvent::Abandoned { quitter } = event {
            self.left = Some(quitter.clone());
        }
        let game = &self.game;
        let ours = |color: Color| game.color() == Some(color);
        match event {
            OnlineEvent::Game(event) => self.say_game(event, ctx),
            OnlineEvent::MoveRefused { mv, why } => ctx.error(format!(
                "the server played {mv}, which taktui's rules refuse ({why}): the board here \
                 no longer follows the server's (the record keeps it)"
            )),
            OnlineEvent::Over(result) => {
                let words = result_words(game, *result, self.left.as_deref());
                let you = match result.winner() {
                    Some(winner) if ours(winner) => ". You win",
                    Some(_) if game.color().is_some() => ". You lose",
                    _ => "",
                };
                let next = if game.color().is_some() {
                    "n rematch, q lobby"
                } else {
                    "q lobby"
                };
                let saved = self
                    .saved
                    .as_ref()
                    .map(|path| format!(". Saved in {}", path.display()))
                    .unwrap_or_default();
                ctx.info(format!("{}: {words}{you} ({next}){saved}", result.token()));
            }
            OnlineEvent::ResultDiffers { server, ours } => ctx.error(format!(
                "the server's result {} is not the board's {}: the server's is kept",
                server.token(),
                ours.as_deref().unwrap_or("(none)")
            )),
            OnlineEvent::Abandoned { quitter } => {
                ctx.info(format!("{quitter} left the game"));
            }
            OnlineEvent::ServerSaid(text) if text.starts_with("the server refused") => {
                ctx.error(text.clone());
            }
            OnlineEvent::ServerSaid(text) => ctx.info(format!("the server says: {text}")),
            OnlineEvent::Disconnected { why, retry_in } => ctx.error(format!(
                "connection lost ({why}): connecting again in {} s; the server keeps the game",
                retry_in.as_secs().max(1)
            )),
            OnlineEvent::Resumed { caught_up, lost } => {
                let lost = if *lost > 0 {
                    format!(", {lost} of yours it never had taken back: play again")
                } else {
                    String::new()
                };
                ctx.info(format!(
                    "back in the game as the server has it ({caught_up} plies caught up{lost})"
                ));
            }
            OnlineEvent::Unrecoverable(why) => {
                ctx.error(format!("the game cannot go on: {why} (its record is kept)"));
            }
            OnlineEvent::Saved(path) => {
                self.saved = Some(path.clone());
                ctx.also(&format!("saved in {}", path.display()));
            }
            OnlineEvent::NotKept(why) => ctx.error(why.clone()),
            OnlineEvent::Rematch(news) => {
                let them = game
                    .color()
                    .map_or_else(String::new, |us| game.name(!us).to_owned());
                ctx.info(match news {
                    RematchNews::Offered(_) => format!("{them} asks for a rematch: n accepts"),
                    RematchNews::Posted(_) => {
                        format!("rematch asked: the game starts when {them} asks too")
                    }
                    RematchNews::Accepting(_) => {
                        format!("{them} asked too: the rematch begins")
                    }
                });
            }
        }
    }

    /// Says what the game, as the driver rules it, did.
    fn say_game(&self, event: &DriverEvent, ctx: &mut Context) {
        let game = &self.game;
        let us = game.color();
        let name = |color: Color| game.name(color).to_owned();
        match event {
            DriverEvent::Moved { color, mv, .. } if us != Some(*color) => {
                let turn = if us == Some(!*color) && !game.is_over() {
                    ": your move"
                } else {
                    ""
                };
                ctx.info(format!("{} played {mv}{turn}", name(*color)));
            }
            DriverEvent::DrawOffered { by } if us == Some(*by) => {
                ctx.info(format!("draw offered to {} (D withdraws it)", name(!*by)));
            }
            DriverEvent::DrawOffered { by } if us.is_some() => ctx.info(format!(
                "{} offers a draw: D accepts, x declines",
                name(*by)
            )),
            DriverEvent::DrawOffered { by } => ctx.info(format!("{} offers a draw", name(*by))),
            DriverEvent::DrawWithdrawn { by } => {
                ctx.info(format!("{} withdrew the draw offer", name(*by)));
            }
            DriverEvent::DrawAnswered {
                by,
                accepted: false,
                ..
            } => ctx.info(format!("{} declined the draw", name(*by))),
            DriverEvent::TakebackAsked { by, .. } if us == Some(*by) => {
                ctx.info(format!("takeback asked of {} (u withdraws it)", name(!*by)));
            }
            DriverEvent::TakebackAsked { by, .. } if us.is_some() => ctx.info(format!(
                "{} asks to take back the last ply: u grants it, x declines",
                name(*by)
            )),
            DriverEvent::TakebackWithdrawn { by } => {
                ctx.info(format!("{} withdrew the takeback asked", name(*by)));
            }
            DriverEvent::TakebackAnswered {
                by,
                accepted: false,
            } => ctx.info(format!("{} declined the takeback", name(*by))),
            DriverEvent::TookBack { plies } if *plies > 0 => {
                ctx.info(format!("the last ply is taken back ({} to move)", {
                    name(game.position().to_move())
                }));
            }
            DriverEvent::Ended(End::Board) if game.result().is_none() => {
                ctx.info("the game is over on the board: waiting for the server's word");
            }
            _ => {}
        }
    }
}

/// The server's result in words, with why when the record knows it: `Ann wins by road`,
/// `Bob ran out of time: Ann wins`; `left` is who left the game, if someone did.
#[must_use]
pub fn result_words(game: &OnlineGame, result: ServerResult, left: Option<&str>) -> String {
    let name = |color: Color| game.name(color).to_owned();
    match result {
        ServerResult::Road(winner) => format!("{} wins by road", name(winner)),
        ServerResult::Flats(winner) => format!("{} wins on flats", name(winner)),
        ServerResult::Draw => match game.driver().session().ending() {
            Some(Ending::AgreedDraw) => "drawn by agreement".to_owned(),
            _ => "drawn".to_owned(),
        },
        ServerResult::Other(winner) if left.is_some() => format!(
            "{} left the game, {} wins",
            left.unwrap_or_default(),
            name(winner)
        ),
        ServerResult::Other(winner) => match game.driver().session().ending() {
            Some(Ending::Lost(Loss {
                loser,
                how: LossKind::Time,
            })) => format!("{} ran out of time, {} wins", name(*loser), name(winner)),
            Some(Ending::Lost(Loss {
                loser,
                how: LossKind::Resignation,
            })) => format!("{} resigned, {} wins", name(*loser), name(winner)),
            _ => format!("{} wins", name(winner)),
        },
        ServerResult::Aborted => "the server ended the game with no result".to_owned(),
    }
}
