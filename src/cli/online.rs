//! `tak online`: taktui as a client of a PlayTak server. The arguments every use shares (the
//! server, who logs in) are here; a bot playing unattended is `online/bot.rs`.

mod bot;

use anyhow::{Context as _, bail};
use clap::Args;

use crate::online::connection::{Login, prompt};
use crate::online::transport::{DEFAULT_SERVER, Endpoint};

/// The environment variable an account's password is read from (it is never written to disk).
pub const PASSWORD_VAR: &str = "TAKTUI_PLAYTAK_PASSWORD";

/// Arguments of `tak online`.
#[derive(Debug, Args)]
pub struct OnlineArgs {
    /// The server: `tcp://HOST:PORT` (the raw line protocol), `ws://HOST:PORT` or
    /// `wss://HOST/PATH`.
    #[arg(long, value_name = "URL", default_value = DEFAULT_SERVER)]
    pub server: Endpoint,
    /// Log in as a guest.
    #[arg(long, conflicts_with = "user")]
    pub guest: bool,
    /// Log in with this account; the password comes from `TAKTUI_PLAYTAK_PASSWORD`, or is asked
    /// for without echo.
    #[arg(long, value_name = "NAME")]
    pub user: Option<String>,
    /// A program playing unattended.
    #[command(flatten)]
    pub bot: bot::BotArgs,
}

/// Runs `tak online`.
pub fn run(args: &OnlineArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    if args.bot.bot.is_some() {
        return bot::run(args, out);
    }
    bail!("tak online without --bot: the lobby is not in this build yet; play with --bot")
}

/// Who logs in: the account `--user` names (its password from the environment or a prompt),
/// else a guest.
pub fn login(args: &OnlineArgs) -> anyhow::Result<Login> {
    let Some(name) = &args.user else {
        return Ok(Login::new_guest());
    };
    let password = match std::env::var(PASSWORD_VAR) {
        Ok(password) if !password.is_empty() => password,
        _ => prompt::read_password(&format!("Password for {name} on {}: ", args.server))
            .context("reading the password")?
            .context("no password given")?,
    };
    Ok(Login::account(name, &password)?)
}
