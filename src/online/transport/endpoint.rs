//! Where a server is: `tcp://HOST:PORT`, `ws://HOST[:PORT][/PATH]` or
//! `wss://HOST[:PORT][/PATH]`, read from the text a person gives, and what that means for a
//! password sent over it.

use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

/// The PlayTak service, over its secure WebSocket, as its web client connects.
pub const DEFAULT_SERVER: &str = "wss://playtak.com/ws";

/// How the lines travel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// The raw line protocol, one line a command, as bots use it (`tcp://`).
    Tcp,
    /// WebSocket, in the clear (`ws://`).
    Ws,
    /// WebSocket over TLS (`wss://`).
    Wss,
}

impl Scheme {
    /// The word before `://`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Scheme::Tcp => "tcp",
            Scheme::Ws => "ws",
            Scheme::Wss => "wss",
        }
    }
}

/// A server's address, read from a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    /// How the lines travel.
    pub scheme: Scheme,
    /// The host: a name, or an address (an IPv6 one without its brackets).
    pub host: String,
    /// The port.
    pub port: u16,
    /// The WebSocket path with its query, starting with `/` (`/` when none was given; unused by
    /// `tcp://`).
    pub path: String,
}

/// A server URL that does not read: the text and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("server {text:?}: {why} (as in tcp://HOST:PORT, ws://HOST:PORT or {DEFAULT_SERVER})")]
pub struct EndpointError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

impl Endpoint {
    /// Whether what travels is encrypted (`wss://`).
    #[must_use]
    pub fn is_encrypted(&self) -> bool {
        self.scheme == Scheme::Wss
    }

    /// Whether the host is this machine: `localhost` or a loopback address. What goes there
    /// never crosses a network.
    #[must_use]
    pub fn is_loopback(&self) -> bool {
        self.host.eq_ignore_ascii_case("localhost")
            || self.host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
    }

    /// Whether a password sent here would cross a network unencrypted: the login warns first.
    #[must_use]
    pub fn exposes_password(&self) -> bool {
        !self.is_encrypted() && !self.is_loopback()
    }

    /// The host as it goes into a URL: an IPv6 address in brackets.
    fn url_host(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        }
    }
}

impl fmt::Display for Endpoint {
    /// The URL, read back: `tcp://host:port`, `ws://host:port/path`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}://{}:{}",
            self.scheme.name(),
            self.url_host(),
            self.port
        )?;
        if self.scheme != Scheme::Tcp {
            f.write_str(&self.path)?;
        }
        Ok(())
    }
}

impl FromStr for Endpoint {
    type Err = EndpointError;

    /// Reads `tcp://HOST:PORT`, `ws://HOST[:PORT][/PATH]` or `wss://HOST[:PORT][/PATH]`
    /// (ports 80 and 443 by default); an IPv6 host goes in brackets.
    fn from_str(text: &str) -> Result<Endpoint, EndpointError> {
        let bad = |why: &str| EndpointError {
            text: text.to_owned(),
            why: why.to_owned(),
        };
        let trimmed = text.trim();
        let (scheme_word, rest) = trimmed
            .split_once("://")
            .ok_or_else(|| bad("no scheme: start with tcp://, ws:// or wss://"))?;
        let scheme = match scheme_word.to_ascii_lowercase().as_str() {
            "tcp" => Scheme::Tcp,
            "ws" => Scheme::Ws,
            "wss" => Scheme::Wss,
            _ => return Err(bad("the scheme is not tcp, ws or wss")),
        };
        let (authority, path) = match rest.find(['/', '?']) {
            Some(at) => (&rest[..at], &rest[at..]),
            None => (rest, ""),
        };
        if scheme == Scheme::Tcp && !path.is_empty() && path != "/" {
            return Err(bad("tcp:// takes no path"));
        }
        if authority.contains('@') {
            return Err(bad(
                "no user or password in the URL: give them to the login",
            ));
        }
        let (host, port) = split_host_port(authority).map_err(bad)?;
        let port = match (port, scheme) {
            (Some(port), _) => port,
            (None, Scheme::Ws) => 80,
            (None, Scheme::Wss) => 443,
            (None, Scheme::Tcp) => return Err(bad("tcp:// needs a port")),
        };
        let path = match path {
            "" => "/".to_owned(),
            p if p.starts_with('?') => format!("/{p}"),
            p => p.to_owned(),
        };
        if path.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(bad("the path has a space or a control character in it"));
        }
        Ok(Endpoint {
            scheme,
            host,
            port,
            path,
        })
    }
}

/// `host`, `host:port`, `[v6]` or `[v6]:port`, into the host and the port if given.
fn split_host_port(authority: &str) -> Result<(String, Option<u16>), &'static str> {
    let (host, port) = if let Some(inner) = authority.strip_prefix('[') {
        let (host, after) = inner
            .split_once(']')
            .ok_or("an IPv6 address opened with [ is not closed with ]")?;
        if host.parse::<std::net::Ipv6Addr>().is_err() {
            return Err("what is in [ ] is not an IPv6 address");
        }
        match after {
            "" => (host, None),
            _ => (
                host,
                Some(
                    after
                        .strip_prefix(':')
                        .ok_or("after ] comes :PORT or nothing")?,
                ),
            ),
        }
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        }
    };
    if host.is_empty() {
        return Err("no host");
    }
    let bracketed = authority.starts_with('[');
    if !bracketed
        && (!host.starts_with(|c: char| c.is_ascii_alphanumeric())
            || !host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')))
    {
        return Err("the host has a character no host name has");
    }
    let port = match port {
        None => None,
        Some(word) => match word.parse::<u16>() {
            Ok(0) | Err(_) => return Err("the port is not a number from 1 to 65535"),
            Ok(port) => Some(port),
        },
    };
    Ok((host.to_owned(), port))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Endpoint {
        text.parse()
            .unwrap_or_else(|e| panic!("{text} should read: {e}"))
    }

    fn why(text: &str) -> String {
        text.parse::<Endpoint>().expect_err("should not read").why
    }

    #[test]
    fn the_default_server_is_playtak_over_tls_on_its_ws_path() {
        let default = read(DEFAULT_SERVER);
        assert_eq!(default.scheme, Scheme::Wss);
        assert_eq!(default.host, "playtak.com");
        assert_eq!(default.port, 443);
        assert_eq!(default.path, "/ws");
        assert!(default.is_encrypted());
        assert!(!default.is_loopback());
        assert!(!default.exposes_password());
    }

    #[test]
    fn tcp_needs_a_port_and_takes_no_path() {
        let tcp = read("tcp://127.0.0.1:10000");
        assert_eq!((tcp.scheme, tcp.port), (Scheme::Tcp, 10000));
        assert_eq!(tcp.to_string(), "tcp://127.0.0.1:10000");
        assert!(why("tcp://playtak.com").contains("needs a port"));
        assert!(why("tcp://playtak.com:10000/ws").contains("no path"));
    }

    #[test]
    fn ws_ports_default_and_paths_keep_their_query() {
        assert_eq!(read("ws://example.org").port, 80);
        assert_eq!(read("WSS://example.org").port, 443);
        let ws = read("ws://localhost:9999/ws?x=1");
        assert_eq!(ws.path, "/ws?x=1");
        assert_eq!(ws.to_string(), "ws://localhost:9999/ws?x=1");
        assert_eq!(read("ws://h.example?x").path, "/?x");
    }

    #[test]
    fn ipv6_hosts_go_in_brackets_both_ways() {
        let v6 = read("ws://[::1]:8080/ws");
        assert_eq!(v6.host, "::1");
        assert!(v6.is_loopback());
        assert_eq!(v6.to_string(), "ws://[::1]:8080/ws");
        assert!(why("ws://[::1:8080").contains("not closed"));
        assert!(why("ws://[nothost]:80").contains("not an IPv6"));
        assert!(
            why("ws://::1").contains("character"),
            "an IPv6 host needs brackets"
        );
    }

    #[test]
    fn a_password_is_exposed_only_in_the_clear_to_another_machine() {
        assert!(read("tcp://playtak.com:10000").exposes_password());
        assert!(read("ws://192.168.1.2:9999").exposes_password());
        assert!(!read("tcp://127.0.0.1:10000").exposes_password());
        assert!(!read("ws://LOCALHOST:9999").exposes_password());
        assert!(!read("tcp://127.8.9.10:10000").exposes_password());
        assert!(!read("wss://example.org").exposes_password());
    }

    #[test]
    fn bad_urls_say_what_is_wrong() {
        assert!(why("playtak.com:10000").contains("no scheme"));
        assert!(why("http://playtak.com").contains("not tcp, ws or wss"));
        assert!(why("ws://:80").contains("no host"));
        assert!(why("ws://host:0").contains("port"));
        assert!(why("ws://host:70000").contains("port"));
        assert!(why("ws://host:x").contains("port"));
        assert!(why("ws://me:pw@host").contains("no user or password"));
        assert!(why("ws://ho st:80").contains("character"));
        let error = "ftp://x".parse::<Endpoint>().unwrap_err().to_string();
        assert!(
            error.contains("\"ftp://x\"") && error.contains(DEFAULT_SERVER),
            "{error}"
        );
    }
}
