//! `tak online`: log in to a PlayTak server and open its lobby in the terminal.
//!
//! Everything that can go wrong before there is a lobby to show (a server address that does
//! not read, a password that would cross the network unencrypted, a wrong password, a server
//! that cannot be reached) is said here, on plain stderr, before the terminal is taken; after
//! that the lobby says what happens to the connection. [`ConnectArgs`] and [`connect`] are what
//! every use of `tak online` shares (the lobby here, a bot unattended: `online/bot.rs`).

mod back;
mod bot;

use std::io::{BufRead as _, IsTerminal as _, Write as _};
use std::time::{Duration, Instant};

use clap::Args;

use super::play::{ViewArgs, options};
use super::settings::{self, Settings};
use crate::game::store::Keeper;
use crate::online::connection::{self, Connection, Event, Login, LoginError, prompt};
use crate::online::protocol::GuestToken;
use crate::online::transport::{DEFAULT_SERVER, Endpoint};
use crate::tui::screens::LobbyScreen;
use crate::tui::{self, App, Screen};

/// The environment variable a password is taken from, so none need be typed.
pub const PASSWORD_VAR: &str = "TAKTUI_PLAYTAK_PASSWORD";

/// How long connecting and logging in may take before `tak online` gives up.
const LOGIN_WAIT: Duration = Duration::from_secs(30);

/// Where to connect and who logs in: shared by every use of `tak online`.
#[derive(Debug, Args, Default, Clone)]
pub struct ConnectArgs {
    /// The server: `wss://HOST/PATH`, `ws://HOST:PORT` or `tcp://HOST:PORT` (default:
    /// `server` under `[online]` in config.toml, else PlayTak's own).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// Log in as a guest (the default when no user is given here or in config.toml).
    #[arg(long, conflicts_with = "user")]
    pub guest: bool,
    /// Log in to this account; the password comes from `TAKTUI_PLAYTAK_PASSWORD`, or is asked
    /// for without being shown. It is never written anywhere.
    #[arg(long, value_name = "NAME")]
    pub user: Option<String>,
    /// A guest logs in with this token, to be the same guest as before (a bot going back
    /// into a game kept unfinished); not an option of the command line.
    #[arg(skip)]
    pub guest_token: Option<GuestToken>,
}

/// How the lobby looks and listens: `tak play`'s look, less `--color`, which a bot's seeks
/// use for the colour they ask for (the lobby's colour follows `NO_COLOR`).
#[derive(Debug, Args, Default, Clone, Copy)]
pub struct LookArgs {
    /// Plain ASCII only: no box drawing or symbols.
    #[arg(long)]
    pub ascii: bool,
    /// Colours for the terminal's background; remembered for the next time.
    #[arg(long, value_enum)]
    pub theme: Option<settings::ThemeName>,
    /// Do not read the mouse.
    #[arg(long)]
    pub no_mouse: bool,
}

impl LookArgs {
    /// As `tak play`'s view arguments.
    fn view(self) -> ViewArgs {
        ViewArgs {
            ascii: self.ascii,
            theme: self.theme,
            no_mouse: self.no_mouse,
            ..ViewArgs::default()
        }
    }
}

/// Arguments of `tak online`.
#[derive(Debug, Args)]
pub struct OnlineArgs {
    /// Where and who.
    #[command(flatten)]
    pub connect: ConnectArgs,
    /// The look.
    #[command(flatten)]
    pub look: LookArgs,
    /// A program playing unattended instead of the lobby.
    #[command(flatten)]
    pub bot: bot::BotArgs,
}

/// The server and the account to use: from the command line, else from config.toml's
/// `[online]` table (what is wrong with the file is said on `warn`, and the defaults used).
fn server_and_user(args: &ConnectArgs, warn: &mut dyn std::io::Write) -> (String, Option<String>) {
    let settings = settings::config_dir().map(|dir| Settings::read(&dir.join(settings::FILE_NAME)));
    let mut from_file = |key: &str| {
        let settings = settings.as_ref()?;
        match settings.online(key) {
            Ok(value) => value,
            Err(why) => {
                let _ = writeln!(warn, "tak: warning: {}: {why}", settings::FILE_NAME);
                None
            }
        }
    };
    let server = args
        .server
        .clone()
        .or_else(|| from_file("server"))
        .unwrap_or_else(|| DEFAULT_SERVER.to_owned());
    let user = if args.guest {
        None
    } else {
        args.user.clone().or_else(|| from_file("user"))
    };
    (server, user)
}

/// Asks on the terminal whether to go on (`y`); no terminal, no answer, or anything else is no.
fn confirm(question: &str) -> bool {
    if !std::io::stdin().is_terminal() {
        return false;
    }
    eprint!("{question} [y/N] ");
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    if std::io::stdin().lock().read_line(&mut answer).is_err() {
        return false;
    }
    matches!(answer.trim(), "y" | "Y" | "yes")
}

/// Who logs in: a guest, or `user` with the password from the environment or the prompt.
fn login(
    user: Option<&str>,
    guest: Option<&GuestToken>,
    endpoint: &Endpoint,
) -> anyhow::Result<(Login, bool)> {
    let Some(user) = user else {
        let guest = guest.map_or_else(Login::new_guest, |token| Login::Guest(token.clone()));
        return Ok((guest, false));
    };
    // Before any password is asked for: would it cross the network readable?
    let mut allow_plaintext = false;
    if endpoint.exposes_password() {
        let question = format!(
            "{endpoint} is not encrypted and not this machine: your password would cross the \
             network readable. Send it anyway?"
        );
        if !confirm(&question) {
            anyhow::bail!(
                "not logged in: {endpoint} would carry the password unencrypted (use a wss:// \
                 server, or --guest)"
            );
        }
        allow_plaintext = true;
    }
    let password = match std::env::var(PASSWORD_VAR) {
        Ok(password) if !password.is_empty() => password,
        _ => match prompt::read_password(&format!("password for {user} at {endpoint}: "))? {
            Some(password) => password,
            None => anyhow::bail!("not logged in: no password given"),
        },
    };
    let login = Login::account(user, &password).map_err(|e| anyhow::anyhow!("--user: {e}"))?;
    Ok((login, allow_plaintext))
}

/// Connects and logs in as `args` say, waiting until the server has taken the login (saying
/// so on `progress`). Returns the connection and what it said meanwhile, for the lobby.
pub fn connect(
    args: &ConnectArgs,
    progress: &mut dyn std::io::Write,
) -> anyhow::Result<(Connection, Vec<Event>)> {
    let (server, user) = server_and_user(args, progress);
    let endpoint: Endpoint = server
        .parse()
        .map_err(|e| anyhow::anyhow!("--server {server}: {e}"))?;
    let guest = args.guest_token.as_ref();
    let (login, allow_plaintext_password) = login(user.as_deref(), guest, &endpoint)?;
    let _ = writeln!(progress, "connecting to {endpoint}...");
    let options = connection::Options {
        allow_plaintext_password,
        ..connection::Options::default()
    };
    let mut connection = Connection::open(endpoint, login, options, Instant::now());
    let deadline = Instant::now() + LOGIN_WAIT;
    let mut heard = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            connection.close();
            anyhow::bail!(
                "no answer from {} within {} s: check the address (--server) and the network",
                connection.endpoint(),
                LOGIN_WAIT.as_secs()
            );
        }
        match connection.wait(left) {
            Some(Event::Failed(error)) => return Err(failure(&error)),
            // A drop before the login is done: the server was not reached.
            Some(Event::Dropped { why, .. }) if heard.is_empty() => {
                connection.close();
                anyhow::bail!("cannot reach {}: {why}", connection.endpoint());
            }
            Some(event @ Event::LoggedIn { .. }) => {
                heard.push(event);
                return Ok((connection, heard));
            }
            Some(event) => heard.push(event),
            None => {}
        }
    }
}

/// A failed login as an error, said plainly.
fn failure(error: &LoginError) -> anyhow::Error {
    anyhow::anyhow!("{error}")
}

/// Logs in, runs the lobby in the terminal, and closes the connection.
pub fn run(args: &OnlineArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    if args.bot.bot.is_some() {
        return bot::run(args, out);
    }
    let mut stderr = std::io::stderr();
    let data = crate::game::store::data_dir();
    let (server, user) = server_and_user(&args.connect, &mut std::io::sink());
    let kept = back::kept_for(data.as_deref(), &server, user.as_deref());
    let mut connect_args = args.connect.clone();
    if connect_args.guest_token.is_none() {
        connect_args.guest_token = back::guest_of(&kept);
    }
    let (mut connection, heard) = connect(&connect_args, &mut stderr)?;
    let server = connection.endpoint().to_string();
    let guest_token = match connection.session().login() {
        Login::Guest(token) => Some(token.as_str().to_owned()),
        Login::Account { .. } => None,
    };
    let screen = LobbyScreen::new(&server)
        .keeping_in(data, guest_token)
        .going_back_to(kept.clone());
    let mut app = App::new(
        Screen::Lobby(Box::new(screen)),
        options(args.look.view()),
        Keeper::default(),
    );
    for event in &heard {
        app.heard(event);
    }
    app.say("Tab: seeks, games, players · Enter accepts a seek · n posts one · ? every key");
    if !kept.is_empty() {
        app.open(back::offer(&kept));
    }
    let app = tui::run_online(app, &mut connection)?;
    drop(app);
    writeln!(out, "Left {server}.")?;
    Ok(())
}
