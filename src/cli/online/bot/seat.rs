//! The bot's program seated in the game found: told of the new game first, and the game kept
//! in the data folder while played; a game the server resumed goes on from the copy kept
//! there (a bot that crashed or was killed), or, with none, from the server's moves alone.

use std::io::Write;

use super::play::{Bot, Found, Keeping};
use crate::game::seat::{Program, Seat};
use crate::game::store::Store;
use crate::online::connection::Connection;
use crate::online::game::{OnlineGame, kept_online_games};

/// The game found, with the bot's program at our seat: told of a new game before it is asked
/// for a move (one that cannot fails at its first move, and the driver resigns the game for
/// it). The game is kept in the data folder while played; a game resumed goes on from the
/// copy kept there, if there is one.
pub(super) fn seated(
    bot: &Bot,
    found: &Found,
    mut program: Box<Program>,
    connection: &Connection,
    progress: &mut dyn Write,
) -> anyhow::Result<OnlineGame> {
    let start = &found.start;
    let program_name = bot.player.tag_name().unwrap_or_default();
    let prepared = start.settings.config().and_then(|config| {
        let computer = program.computer_mut();
        computer.new_game();
        computer.prepare(&config).map_err(|why| why.to_string())
    });
    if let Err(why) = prepared {
        writeln!(progress, "{program_name} cannot play this game: {why}")?;
    }
    for problem in program.computer_mut().take_problems() {
        writeln!(
            progress,
            "{program_name}, as engines.toml sets it: {problem}"
        )?;
    }
    let site = connection.endpoint().host.clone();
    let seat = Seat::Program(program);
    let seed = crate::cli::play::seed();
    // A game resumed with no copy kept here is caught up from the server's moves alone.
    let afresh = |seat: Seat| {
        let game = if found.resumed {
            OnlineGame::rejoin(start, seat, &site)
        } else {
            OnlineGame::new(start, seat, &site)
        };
        game.with_seed(seed)
    };
    let Some(keeping) = &bot.keep else {
        return Ok(afresh(seat));
    };
    let kept = found
        .resumed
        .then(|| {
            kept_online_games(&Store::in_data_dir(keeping.data()))
                .into_iter()
                .find(|kept| kept.game == start.game && kept.server == keeping.url)
        })
        .flatten();
    let Some(kept) = kept else {
        return Ok(kept_game(afresh(seat), bot, keeping));
    };
    match OnlineGame::go_back(start, seat, &site, &kept, keeping.data()) {
        Ok(game) => {
            writeln!(
                progress,
                "game #{}: going back to it, as kept in {}",
                start.game,
                kept.unfinished.path.display()
            )?;
            Ok(game.with_seed(seed))
        }
        Err(why) => {
            // The seat went with the failed try: a new program sits down.
            writeln!(progress, "game #{}: the copy kept here: {why}", start.game)?;
            let game = afresh(Seat::for_player(&bot.player));
            Ok(kept_game(game, bot, keeping))
        }
    }
}

/// `game` kept in the data folder while played.
fn kept_game(mut game: OnlineGame, bot: &Bot, keeping: &Keeping) -> OnlineGame {
    game.keep_in(
        keeping.data(),
        &keeping.url,
        &bot.name,
        keeping.guest_token.as_deref(),
    );
    game
}
