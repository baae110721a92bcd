//! One open connection to a server, as the transport's thread uses it: made (TCP, then TLS and
//! the WebSocket handshake as the URL asks), read a little at a time so that lines waiting to
//! go out are never held up for long, written a line at a time, and shut.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;

use rustls::pki_types::{CertificateDer, ServerName};
use rustls::{ClientConfig, ClientConnection, RootCertStore, StreamOwned};
use tungstenite::client::IntoClientRequest;
use tungstenite::http::HeaderValue;
use tungstenite::protocol::WebSocketConfig;
use tungstenite::{Message, WebSocket};

use super::Closed;
use super::endpoint::{Endpoint, Scheme};
use super::lines::{LineAssembler, MAX_LINE, Piece};

/// How long a read waits before the thread looks at what is waiting to be sent.
const POLL: Duration = Duration::from_millis(20);
/// How long a write may stall before the connection is given up as dead.
const WRITE_TIMEOUT: Duration = Duration::from_secs(20);
/// The largest WebSocket message taken: many lines at most; a bigger one ends the connection.
const MAX_MESSAGE: usize = 16 * MAX_LINE;

/// The bytes under a WebSocket: plain TCP or TLS over it.
#[derive(Debug)]
pub(super) enum Wire {
    /// In the clear.
    Plain(TcpStream),
    /// Encrypted.
    Tls(Box<StreamOwned<ClientConnection, TcpStream>>),
}

impl Wire {
    /// The TCP stream beneath.
    fn tcp(&self) -> &TcpStream {
        match self {
            Wire::Plain(tcp) => tcp,
            Wire::Tls(tls) => tls.get_ref(),
        }
    }
}

impl Read for Wire {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Wire::Plain(tcp) => tcp.read(buf),
            Wire::Tls(tls) => tls.read(buf),
        }
    }
}

impl Write for Wire {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Wire::Plain(tcp) => tcp.write(buf),
            Wire::Tls(tls) => tls.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Wire::Plain(tcp) => tcp.flush(),
            Wire::Tls(tls) => tls.flush(),
        }
    }
}

/// An open connection.
#[derive(Debug)]
pub(super) enum Link {
    /// The raw line protocol.
    Raw(TcpStream),
    /// WebSocket: each message one or more lines.
    Ws(Box<WebSocket<Wire>>),
}

/// What the caller adds to the roots `wss://` trusts (certificates in DER).
pub(super) type ExtraRoots = [Vec<u8>];

impl Link {
    /// Connects to `endpoint` within `timeout` (for each address the host has, and again for
    /// the handshakes), trusting `extra_roots` besides the built-in ones.
    pub(super) fn open(
        endpoint: &Endpoint,
        extra_roots: &ExtraRoots,
        timeout: Duration,
    ) -> Result<Link, Closed> {
        let tcp = connect(endpoint, timeout)?;
        let failed = |e: io::Error| Closed::Unreachable(format!("{endpoint}: {e}"));
        tcp.set_nodelay(true).map_err(failed)?;
        tcp.set_write_timeout(Some(WRITE_TIMEOUT)).map_err(failed)?;
        if endpoint.scheme == Scheme::Tcp {
            tcp.set_read_timeout(Some(POLL)).map_err(failed)?;
            return Ok(Link::Raw(tcp));
        }
        // The handshakes wait for whole answers: a long timeout now, the short one after.
        tcp.set_read_timeout(Some(timeout)).map_err(failed)?;
        let wire = if endpoint.scheme == Scheme::Wss {
            Wire::Tls(Box::new(tls(endpoint, tcp, extra_roots)?))
        } else {
            Wire::Plain(tcp)
        };
        let socket = websocket(endpoint, wire)?;
        socket
            .get_ref()
            .tcp()
            .set_read_timeout(Some(POLL))
            .map_err(failed)?;
        Ok(Link::Ws(Box::new(socket)))
    }

    /// Reads what has come (waiting a moment at most) into `lines`, whole lines to `out`.
    /// `Ok(false)` when nothing came.
    pub(super) fn read(
        &mut self,
        lines: &mut LineAssembler,
        out: &mut Vec<Piece>,
    ) -> Result<bool, Closed> {
        match self {
            Link::Raw(tcp) => {
                let mut buffer = [0; 8192];
                match tcp.read(&mut buffer) {
                    Ok(0) => Err(Closed::ByServer),
                    Ok(n) => {
                        lines.push(&buffer[..n], out);
                        Ok(true)
                    }
                    Err(e) if waiting(&e) => Ok(false),
                    Err(e) => Err(Closed::Failed(e.to_string())),
                }
            }
            Link::Ws(socket) => match socket.read() {
                Ok(Message::Binary(bytes)) => {
                    lines.push(&bytes, out);
                    lines.end_line(out);
                    Ok(true)
                }
                Ok(Message::Text(text)) => {
                    lines.push(text.as_bytes(), out);
                    lines.end_line(out);
                    Ok(true)
                }
                Ok(Message::Close(_)) => Err(Closed::ByServer),
                Ok(_) => Ok(true),
                Err(tungstenite::Error::Io(e)) if waiting(&e) => Ok(false),
                Err(tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed) => {
                    Err(Closed::ByServer)
                }
                Err(tungstenite::Error::Io(e)) if e.kind() == io::ErrorKind::UnexpectedEof => {
                    Err(Closed::ByServer)
                }
                Err(e) => Err(Closed::Failed(e.to_string())),
            },
        }
    }

    /// Sends one line (its end added here).
    pub(super) fn write_line(&mut self, line: &str) -> Result<(), Closed> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        match self {
            Link::Raw(tcp) => tcp
                .write_all(&bytes)
                .and_then(|()| tcp.flush())
                .map_err(|e| Closed::Failed(e.to_string())),
            Link::Ws(socket) => socket
                .send(Message::binary(bytes))
                .map_err(|e| Closed::Failed(e.to_string())),
        }
    }

    /// Closes the connection from this side, politely where the protocol has a way.
    pub(super) fn shut(mut self) {
        match &mut self {
            Link::Raw(tcp) => {
                let _ = tcp.shutdown(Shutdown::Both);
            }
            Link::Ws(socket) => {
                let _ = socket.close(None);
                let _ = socket.flush();
                let _ = socket.get_ref().tcp().shutdown(Shutdown::Both);
            }
        }
    }
}

/// Whether a read error only means that nothing came in time.
fn waiting(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut | io::ErrorKind::Interrupted
    )
}

/// A TCP connection to the first of the host's addresses that answers.
fn connect(endpoint: &Endpoint, timeout: Duration) -> Result<TcpStream, Closed> {
    let unreachable = |why: String| Closed::Unreachable(format!("{endpoint}: {why}"));
    let addresses = (endpoint.host.as_str(), endpoint.port)
        .to_socket_addrs()
        .map_err(|e| unreachable(format!("cannot find the host ({e})")))?;
    let mut last = None;
    for address in addresses {
        match TcpStream::connect_timeout(&address, timeout) {
            Ok(tcp) => return Ok(tcp),
            Err(e) => last = Some(e),
        }
    }
    Err(unreachable(last.map_or_else(
        || "the host has no address".to_owned(),
        |e| e.to_string(),
    )))
}

/// TLS over `tcp`, the server's certificate checked for the host against the built-in roots
/// and `extra_roots`.
fn tls(
    endpoint: &Endpoint,
    tcp: TcpStream,
    extra_roots: &ExtraRoots,
) -> Result<StreamOwned<ClientConnection, TcpStream>, Closed> {
    let refused = |why: String| Closed::Handshake(format!("{endpoint}: {why}"));
    let mut roots = RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    for der in extra_roots {
        roots
            .add(CertificateDer::from(der.clone()))
            .map_err(|e| refused(format!("a root certificate given does not read: {e}")))?;
    }
    // `ring` rather than aws-lc-rs (rustls's default, which adds a post-quantum key exchange):
    // it builds without cmake, and its classic exchanges (X25519 first) are sound.
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| refused(e.to_string()))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    let name = ServerName::try_from(endpoint.host.clone())
        .map_err(|e| refused(format!("the host is no name TLS can check ({e})")))?;
    let connection =
        ClientConnection::new(Arc::new(config), name).map_err(|e| refused(format!("TLS: {e}")))?;
    Ok(StreamOwned::new(connection, tcp))
}

/// The WebSocket handshake over `wire`, asking for the `binary` subprotocol as PlayTak's web
/// client does.
fn websocket(endpoint: &Endpoint, wire: Wire) -> Result<WebSocket<Wire>, Closed> {
    let refused = |why: String| Closed::Handshake(format!("{endpoint}: {why}"));
    let mut request = endpoint
        .to_string()
        .into_client_request()
        .map_err(|e| refused(e.to_string()))?;
    request
        .headers_mut()
        .insert("Sec-WebSocket-Protocol", HeaderValue::from_static("binary"));
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE))
        .max_frame_size(Some(MAX_MESSAGE));
    match tungstenite::client::client_with_config(request, wire, Some(config)) {
        Ok((socket, _response)) => Ok(socket),
        Err(tungstenite::HandshakeError::Interrupted(_)) => Err(refused(
            "the server did not finish the handshake in time".to_owned(),
        )),
        Err(tungstenite::HandshakeError::Failure(e)) => Err(refused(e.to_string())),
    }
}
