//! Who logs in (a guest, the same one again after a drop, or an account) and every way a login
//! can fail, each said with what to do about it.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::online::protocol::{AccountName, Command, CommandError, GuestToken, Password};

/// Who logs in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Login {
    /// A guest. The server names guests by the token they log in with, so logging in again
    /// with the same token (after a drop) is the same guest, in the same game.
    Guest(GuestToken),
    /// An account and its password (which is never written anywhere).
    Account {
        /// The account's name.
        name: AccountName,
        /// Its password.
        password: Password,
    },
}

impl Login {
    /// A new guest, with a token of its own.
    #[must_use]
    pub fn new_guest() -> Login {
        Login::Guest(new_guest_token())
    }

    /// An account, if the server could take the name and the password as they are.
    pub fn account(name: &str, password: &str) -> Result<Login, LoginError> {
        Ok(Login::Account {
            name: AccountName::new(name).map_err(LoginError::Invalid)?,
            password: Password::new(password).map_err(LoginError::Invalid)?,
        })
    }

    /// Whether a password goes with this login.
    #[must_use]
    pub fn has_password(&self) -> bool {
        matches!(self, Login::Account { .. })
    }

    /// The command that logs in.
    #[must_use]
    pub fn command(&self) -> Command {
        match self {
            Login::Guest(token) => Command::LoginGuest(Some(token.clone())),
            Login::Account { name, password } => Command::Login {
                name: name.clone(),
                password: password.clone(),
            },
        }
    }
}

/// Why a session with the server cannot go on, with what to do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoginError {
    /// A name or password that the server would not even read.
    #[error("{0}")]
    Invalid(CommandError),
    /// The server could not be reached.
    #[error("cannot reach the server ({why}): check the address (--server) and the network")]
    Unreachable {
        /// What the network said.
        why: String,
    },
    /// The server was reached, but a secure connection could not be made.
    #[error(
        "cannot open a secure connection ({why}): is the address right, and is it a PlayTak \
         server (wss:// for the web one, tcp:// for the raw protocol)?"
    )]
    Handshake {
        /// What went wrong.
        why: String,
    },
    /// A password would cross a network unencrypted, and that was not allowed.
    #[error(
        "{server} is not encrypted and not this machine: the password would cross the network \
         readable; use wss:// (the default server is), or allow it knowingly"
    )]
    Unencrypted {
        /// The server.
        server: String,
    },
    /// The server refuses this client's version.
    #[error("the server refuses this version of taktui ({said}): update taktui")]
    ClientRefused {
        /// What the server said.
        said: String,
    },
    /// No account by that name with that password.
    #[error(
        "the server refused {name} with that password: check the name and the password \
         (TAKTUI_PLAYTAK_PASSWORD or the prompt), or play as a guest (--guest)"
    )]
    WrongPassword {
        /// The account.
        name: String,
    },
    /// The name logged in again elsewhere, and the server closed this connection for it.
    #[error(
        "{name} logged in from another window or program, and the server closed this \
         connection: close the other one, or log in under another name"
    )]
    NameInUse {
        /// The name.
        name: String,
    },
    /// The server closed the connection before the login was done.
    #[error("the server closed the connection before the login was done ({why}): try again later")]
    ClosedEarly {
        /// Why, as the connection says.
        why: String,
    },
    /// The server refused the login command itself.
    #[error("the server did not take the login ({said}): try again, or play as a guest")]
    Refused {
        /// What it said.
        said: String,
    },
    /// The connection dropped and could not be made again in time.
    #[error(
        "the connection was lost and could not be made again for {} s ({why}): \
         check the network, and connect again",
        .waited_secs
    )]
    Lost {
        /// How long it was tried.
        waited_secs: u64,
        /// The last failure.
        why: String,
    },
}

/// A new guest token: 20 letters from `a` to `z`, drawn from the standard library's randomly
/// keyed hasher and the time (nothing here needs it unguessable beyond another guest's reach).
///
/// # Panics
/// Never: 20 letters `a` to `z` is what a token is.
#[must_use]
pub fn new_guest_token() -> GuestToken {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    let mut letters = String::with_capacity(20);
    let mut bits = 0_u64;
    let mut left = 0;
    for round in 0_u64..20 {
        if left == 0 {
            let mut hasher = RandomState::new().build_hasher();
            hasher.write_u128(nanos);
            hasher.write_u64(round);
            bits = hasher.finish();
            left = 13; // 13 letters of 26 values fit in 64 bits; take fewer, well mixed
        }
        letters.push(char::from(b'a' + (bits % 26) as u8));
        bits /= 26;
        left -= 1;
    }
    GuestToken::new(&letters).expect("20 letters a to z is a guest token")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guest_tokens_are_twenty_letters_and_differ() {
        let first = new_guest_token();
        let second = new_guest_token();
        assert_eq!(first.as_str().len(), 20);
        assert!(first.as_str().bytes().all(|b| b.is_ascii_lowercase()));
        assert_ne!(first, second);
    }

    #[test]
    fn a_guest_logs_in_with_its_token_and_an_account_with_its_password() {
        let guest = Login::new_guest();
        let Login::Guest(token) = &guest else {
            panic!("a guest")
        };
        assert_eq!(
            guest.command().to_string(),
            format!("Login Guest {}", token.as_str())
        );
        assert!(!guest.has_password());
        let alice = Login::account("alice", "password").unwrap();
        assert_eq!(alice.command().to_string(), "Login alice password");
        assert!(alice.has_password());
        let secret = Login::account("alice", "s3cretpw").unwrap();
        assert!(
            !format!("{secret:?}").contains("s3cretpw"),
            "Debug hides it"
        );
    }

    #[test]
    fn names_and_passwords_the_server_cannot_read_are_refused_here() {
        assert!(matches!(
            Login::account("al", "password"),
            Err(LoginError::Invalid(_))
        ));
        assert!(matches!(
            Login::account("alice", "pass word"),
            Err(LoginError::Invalid(_))
        ));
        // The server would read `Login Guest12 ...` as a new guest, not this account.
        assert!(matches!(
            Login::account("Guest12", "password"),
            Err(LoginError::Invalid(_))
        ));
    }
}
