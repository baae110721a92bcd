//! Going back to an online game kept unfinished (a crash, a closed terminal): the kept games
//! of the server and player logging in, offered at the start; a guest logs in with the kept
//! game's token again, since the server knows a guest by it.

use std::path::Path;

use crate::game::store::Store;
use crate::online::game::{OnlineKept, kept_online_games};
use crate::online::protocol::GuestToken;
use crate::online::transport::Endpoint;
use crate::tui::dialogs::{Dialog, UnfinishedDialog};

/// The online games kept in `data` that were played on `server` by this login: `user`'s
/// own, or a guest's when logging in as a guest.
pub(super) fn kept_for(data: Option<&Path>, server: &str, user: Option<&str>) -> Vec<OnlineKept> {
    let Some(data) = data else {
        return Vec::new();
    };
    // As the lobby names the server when it keeps a game: the endpoint, written out.
    let server = server
        .parse::<Endpoint>()
        .map_or_else(|_| server.to_owned(), |endpoint| endpoint.to_string());
    kept_online_games(&Store::in_data_dir(data))
        .into_iter()
        .filter(|kept| kept.server == server)
        .filter(|kept| match user {
            Some(user) => kept.guest_token.is_none() && kept.login.eq_ignore_ascii_case(user),
            None => kept.guest_token.is_some(),
        })
        .collect()
}

/// The guest token of the most recent kept game played as a guest, to log in as that guest.
pub(super) fn guest_of(kept: &[OnlineKept]) -> Option<GuestToken> {
    kept.iter()
        .find_map(|kept| kept.guest_token.as_deref())
        .and_then(|token| GuestToken::new(token).ok())
}

/// The offer to go back to the kept games, in the style of `tak play`'s unfinished games.
pub(super) fn offer(kept: &[OnlineKept]) -> Dialog {
    let games = kept.iter().map(|kept| kept.unfinished.clone()).collect();
    Dialog::Unfinished(UnfinishedDialog::new(games, std::time::SystemTime::now()))
}
