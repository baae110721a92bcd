//! Online games through the real server, as a library user plays them: each client a
//! [`Connection`] and, once a game starts, an [`OnlineGame`] with the test at its keyboard
//! (or watching), every event handed to the game and every command it makes sent. Each
//! client keeps its games in a data folder of its own, so the test can read what taktui saved
//! and lay it against the server's `games.db`.

use std::time::{Duration, Instant};

use taktui::game::seat::Seat;
use taktui::game::store::Store;
use taktui::online::connection::{Connection, Event, Login, Options};
use taktui::online::game::{
    OnlineEvent, OnlineGame, PastGame, kept_online_games, past_games, site_of,
};
use taktui::online::protocol::{
    Command, ExtraTime, GameId, GameSettings, GameStart, Seek, SeekColor, SeekRequest,
    ServerMessage,
};
use taktui::online::server_moves::to_server;
use taktui::rules::{BoardSize, Color, Komi, Move};

use super::playtak::{PASSWORD, PATIENCE, Server, connect, expect};

/// One client: its connection, its game (played or watched), what it heard.
pub struct Client {
    /// The name the server gave.
    pub name: String,
    /// The address it connects to.
    pub url: String,
    /// The connection.
    pub connection: Connection,
    /// Its game, once one started.
    pub game: Option<OnlineGame>,
    /// Every game event heard, in order.
    pub events: Vec<OnlineEvent>,
    /// The game to watch, when it watches one (`Observe` sent).
    watching: Option<GameId>,
    /// The seeks posted, as the lobby heard them.
    pub seeks: Vec<Seek>,
    /// Every game of ours the server started (or sent again), in order.
    pub starts: Vec<GameStart>,
    /// Its data folder (the store of unfinished games, the `online` folder).
    pub data: tempfile::TempDir,
}

impl Client {
    /// The account `name` (password [`PASSWORD`]) at `url`, logged in.
    #[must_use]
    pub fn account(url: &str, name: &str) -> Client {
        let login = Login::account(name, PASSWORD).unwrap();
        Client::with(url, login, Options::default())
    }

    /// A new guest at `url`, logged in.
    #[must_use]
    pub fn guest(url: &str) -> Client {
        Client::with(url, Login::new_guest(), Options::default())
    }

    /// `login` at `url` with `options`, logged in.
    #[must_use]
    pub fn with(url: &str, login: Login, options: Options) -> Client {
        Client::with_data(url, login, options, tempfile::tempdir().unwrap())
    }

    /// `login` at `url` with `options`, keeping its games in `data`, logged in.
    #[must_use]
    pub fn with_data(url: &str, login: Login, options: Options, data: tempfile::TempDir) -> Client {
        let mut connection = connect(url, login, options);
        // A guest's game comes back before the welcome: what comes first is kept for later.
        let mut early = Vec::new();
        let name = expect(&mut connection, "the login", |event| match event {
            Event::LoggedIn { name, .. } => Some(name.clone()),
            Event::Failed(error) => panic!("the login failed: {error}"),
            other => {
                early.push(other.clone());
                None
            }
        });
        let mut client = Client {
            name,
            url: url.to_owned(),
            connection,
            game: None,
            events: Vec::new(),
            watching: None,
            seeks: Vec::new(),
            starts: Vec::new(),
            data,
        };
        let now = Instant::now();
        for event in early {
            client.take(&event, now);
        }
        client
    }

    /// Sends `command` now.
    pub fn send(&mut self, command: &Command) {
        self.connection.send(command).unwrap();
    }

    /// Asks to watch `game`.
    pub fn watch(&mut self, game: GameId) {
        self.watching = Some(game);
        self.send(&Command::Observe(game));
    }

    /// The game, which must have started.
    pub fn game(&mut self) -> &mut OnlineGame {
        self.game.as_mut().expect("a game started")
    }

    /// Takes in whatever has come, hands it to the game (making the game when it starts),
    /// polls it and sends what it has to send.
    pub fn pump(&mut self) {
        let now = Instant::now();
        while let Some(event) = self.connection.poll(now) {
            self.take(&event, now);
        }
        if let Some(game) = &mut self.game {
            game.poll(now);
        }
        self.flush();
    }

    fn take(&mut self, event: &Event, now: Instant) {
        let started = match event {
            Event::Message(message) => message.game_start(),
            _ => None,
        };
        self.starts.extend(started.clone());
        match (&mut self.game, event) {
            (None, Event::Message(_)) if started.is_some() => {
                let start = started.as_ref().unwrap();
                let site = site_of(&self.url);
                // A game kept unfinished here is gone back to.
                let store = Store::in_data_dir(self.data.path());
                let kept = kept_online_games(&store)
                    .into_iter()
                    .find(|kept| kept.game == start.game && kept.server == self.url);
                let game = if let Some(kept) = kept {
                    OnlineGame::go_back(start, Seat::Keyboard, &site, &kept, self.data.path())
                        .unwrap_or_else(|why| panic!("going back: {why}"))
                } else {
                    let mut game = OnlineGame::new(start, Seat::Keyboard, &site);
                    let token = match self.connection.session().login() {
                        Login::Guest(token) => Some(token.as_str().to_owned()),
                        Login::Account { .. } => None,
                    };
                    game.keep_in(self.data.path(), &self.url, &self.name, token.as_deref());
                    game
                };
                self.game = Some(game);
            }
            (None, Event::Message(ServerMessage::Observe(summary)))
                if Some(summary.game) == self.watching =>
            {
                let mut game = OnlineGame::watch(summary, &site_of(&self.url));
                game.keep_in(self.data.path(), &self.url, &self.name, None);
                self.game = Some(game);
            }
            (Some(game), event) => {
                game.handle(event, now);
            }
            (None, Event::Message(ServerMessage::SeekNew(seek))) => self.seeks.push(seek.clone()),
            _ => {}
        }
        if let Some(game) = &mut self.game {
            self.events.extend(game.take_events());
        }
    }

    /// Sends the game's outbox.
    fn flush(&mut self) {
        let Some(game) = &mut self.game else {
            return;
        };
        self.events.extend(game.take_events());
        for command in game.take_outbox() {
            // Not connected: the command is lost, as it would be on the network; the catch-up
            // after the reconnection sets the game right.
            let _ = self.connection.send(&command);
        }
    }

    /// Plays `ptn` at the keyboard, and sends it.
    pub fn play(&mut self, ptn: &str) {
        let mv: Move = ptn.parse().unwrap();
        self.game()
            .play(mv, Instant::now())
            .unwrap_or_else(|e| panic!("{ptn}: {e}"));
        self.flush();
    }

    /// The game's moves, in PTN.
    #[must_use]
    pub fn moves(&self) -> Vec<String> {
        self.game.as_ref().map_or_else(Vec::new, |game| {
            game.record()
                .plies()
                .iter()
                .map(|ply| ply.mv.to_string())
                .collect()
        })
    }

    /// The finished online games saved in its data folder.
    #[must_use]
    pub fn saved(&self) -> Vec<PastGame> {
        past_games(self.data.path())
    }
}

/// Pumps every client until `done` holds, failing the test after [`PATIENCE`] with `what`.
pub fn until(
    clients: &mut [&mut Client],
    what: &str,
    mut done: impl FnMut(&[&mut Client]) -> bool,
) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        for client in clients.iter_mut() {
            client.pump();
        }
        if done(clients) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "no {what} within {PATIENCE:?}; heard: {:#?}",
            clients
                .iter()
                .map(|c| (&c.name, &c.events))
                .collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A game of `size` with `time` each and no increment, unrated, komi 0, the standard pieces.
#[must_use]
pub fn settings(size: u8, time: Duration) -> GameSettings {
    let board = BoardSize::new(size).unwrap();
    let reserves = taktui::rules::Reserves::standard(board);
    GameSettings {
        size: board,
        time,
        increment: Duration::ZERO,
        komi: Komi::from_halves(0).unwrap(),
        stones: u32::from(reserves.stones),
        capstones: u32::from(reserves.caps),
        rated: false,
        tournament: false,
        extra_time: ExtraTime::default(),
    }
}

/// `white` seeks a game of `settings` as White, `black` accepts it, and both games start.
pub fn start_game(white: &mut Client, black: &mut Client, settings: GameSettings) -> GameId {
    let seek = SeekRequest::new(settings, SeekColor::White, None).unwrap();
    white.send(&Command::Seek(seek));
    let seeker = white.name.clone();
    until(&mut [&mut *black], "the seek", |clients| {
        clients[0].seeks.iter().any(|s| s.player == seeker)
    });
    let id = black
        .seeks
        .iter()
        .find(|s| s.player == seeker)
        .map(|s| s.id)
        .unwrap();
    black.send(&Command::Accept(id));
    until(
        &mut [&mut *white, &mut *black],
        "the game's start",
        |clients| clients.iter().all(|c| c.game.is_some()),
    );
    let game = white.game().id();
    assert_eq!(black.game().id(), game);
    assert_eq!(white.game().color(), Some(Color::White));
    assert_eq!(black.game().color(), Some(Color::Black));
    game
}

/// Pumps until both players' games have `plies` plies.
pub fn both_at(white: &mut Client, black: &mut Client, plies: usize) {
    until(&mut [white, black], "the move on both sides", |clients| {
        clients.iter().all(|c| {
            c.game
                .as_ref()
                .is_some_and(|g| g.record().plies().len() == plies)
        })
    });
}

/// Plays `moves` in turn, each from the side to move, each seen by both before the next.
pub fn play_out(white: &mut Client, black: &mut Client, moves: &[&str]) {
    for ptn in moves {
        let before = white.game().record().plies().len();
        let to_move = white.game().position().to_move();
        match to_move {
            Color::White => white.play(ptn),
            Color::Black => black.play(ptn),
        }
        both_at(white, black, before + 1);
    }
}

/// Pumps until every client's game is over (the server said so).
pub fn all_over(clients: &mut [&mut Client]) {
    until(clients, "the end of the game", |clients| {
        clients
            .iter()
            .all(|c| c.game.as_ref().is_some_and(|g| g.result().is_some()))
    });
}

/// A saved game's moves in the server's notation, joined as `games.db` holds them, and its
/// result.
#[must_use]
pub fn as_games_db(game: &PastGame) -> (String, String) {
    let record = &game.record;
    let moves: Vec<String> = record
        .plies()
        .iter()
        .enumerate()
        .map(|(i, ply)| {
            to_server(&record.position_at(i), ply.mv)
                .unwrap()
                .to_string()
        })
        .collect();
    (
        moves.join(","),
        game.result().unwrap_or("no result").to_owned(),
    )
}

/// The one game the server recorded, as `WHITE|BLACK|MOVES|RESULT`, is the one every
/// client saved.
pub fn server_recorded_as_saved(server: &Server, clients: &[&Client]) {
    let rows = server.finished_games(1);
    assert_eq!(rows.len(), 1, "games.db: {rows:?}");
    for client in clients {
        let saved = client.saved();
        assert_eq!(
            saved.len(),
            1,
            "{} saved {} games",
            client.name,
            saved.len()
        );
        let (moves, result) = as_games_db(&saved[0]);
        let white = saved[0].player(Color::White);
        let black = saved[0].player(Color::Black);
        assert_eq!(
            rows[0],
            format!("{white}|{black}|{moves}|{result}"),
            "what {} saved",
            client.name
        );
    }
}
