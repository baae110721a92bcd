//! A relay on loopback in front of the server's port, which the test can cut: every connection
//! through it closed at once, under the client, as a network drop does (new ones still go
//! through). It can also be a TLS endpoint, as a web server fronts PlayTak's WebSocket with
//! `wss://`: its certificate is made here, signed by an authority made here too, which the
//! client is told to trust (and nothing else changes in how the client checks it).

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::Duration;

use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, DnType, IsCa, KeyPair};
use rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::{ServerConfig, ServerConnection, StreamOwned};

/// A relay, forwarding each connection to its target until dropped.
pub struct Relay {
    port: u16,
    /// The authority that signed its certificate, when it speaks TLS.
    authority: Option<Vec<u8>>,
    stop: Arc<AtomicBool>,
    /// What has been done to the connections made so far.
    fate: Arc<Fate>,
}

/// Connections are numbered by generation; a cut or a stall applies to those made before it.
#[derive(Default)]
struct Fate {
    /// The generation of the connections made now.
    generation: AtomicU64,
    /// Connections of a generation below this are closed.
    cut_below: AtomicU64,
    /// Connections of a generation below this are held open, nothing passing either way.
    stalled_below: AtomicU64,
}

impl Fate {
    /// A new generation begins; the old ones' fate is `below`.
    fn end_generation(&self, below: &AtomicU64) {
        let next = self.generation.fetch_add(1, Ordering::SeqCst) + 1;
        below.store(next, Ordering::SeqCst);
    }
}

/// What the relay reads from and writes to on the client's side.
trait Duplex: Read + Write + Send {}

impl<T: Read + Write + Send> Duplex for T {}

impl Relay {
    /// A plain relay to `127.0.0.1:target` on a free loopback port.
    #[must_use]
    pub fn plain(target: u16) -> Relay {
        Relay::start(target, None)
    }

    /// A TLS endpoint, with a certificate for `localhost` and 127.0.0.1, forwarding what it
    /// decrypts to `127.0.0.1:target`.
    #[must_use]
    pub fn tls(target: u16) -> Relay {
        Relay::start(target, Some(certificates()))
    }

    fn start(target: u16, tls: Option<(Vec<u8>, Arc<ServerConfig>)>) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port for the relay");
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let fate = Arc::new(Fate::default());
        let (authority, config) = match tls {
            Some((authority, config)) => (Some(authority), Some(config)),
            None => (None, None),
        };
        let (stopped, fates) = (Arc::clone(&stop), Arc::clone(&fate));
        thread::spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((client, _)) => {
                        let config = config.clone();
                        let stopped = Arc::clone(&stopped);
                        let fate = Arc::clone(&fates);
                        let born = fate.generation.load(Ordering::SeqCst);
                        thread::spawn(move || {
                            let Some(client) = handshake(client, config) else {
                                return;
                            };
                            forward(client, target, &stopped, &fate, born);
                        });
                    }
                    Err(_) => thread::sleep(Duration::from_millis(10)),
                }
            }
        });
        Relay {
            port,
            authority,
            stop,
            fate,
        }
    }

    /// Its port.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `wss://127.0.0.1:PORT/ws`.
    #[must_use]
    pub fn url(&self) -> String {
        format!("wss://127.0.0.1:{}/ws", self.port)
    }

    /// The authority that signed its certificate (DER), for the client to trust.
    #[must_use]
    pub fn authority(&self) -> Vec<u8> {
        self.authority.clone().expect("a TLS relay")
    }

    /// Closes every connection through it now, under the client and the server alike.
    pub fn cut(&self) {
        self.fate.end_generation(&self.fate.cut_below);
    }

    /// Stops every connection through it now without closing it: nothing passes either way
    /// any more, as when a network goes quiet. New connections go through.
    pub fn stall(&self) {
        self.fate.end_generation(&self.fate.stalled_below);
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.cut();
    }
}

/// A new authority (its certificate in DER) and a server configuration whose certificate, for
/// `localhost` and 127.0.0.1, it signed.
fn certificates() -> (Vec<u8>, Arc<ServerConfig>) {
    let mut authority = CertificateParams::new(Vec::<String>::new()).unwrap();
    authority.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    authority
        .distinguished_name
        .push(DnType::CommonName, "taktui test authority");
    let authority = CertifiedIssuer::self_signed(authority, KeyPair::generate().unwrap()).unwrap();
    let key = KeyPair::generate().unwrap();
    let names = vec!["localhost".to_owned(), "127.0.0.1".to_owned()];
    let certificate = CertificateParams::new(names)
        .unwrap()
        .signed_by(&key, &authority)
        .unwrap();
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(
            vec![certificate.der().clone()],
            PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der())),
        )
        .unwrap();
    (authority.der().to_vec(), Arc::new(config))
}

/// The client's side of a connection, TLS done first when the relay speaks it (a client that
/// does not trust the certificate hears so from TLS); `None` when it fails.
fn handshake(client: TcpStream, tls: Option<Arc<ServerConfig>>) -> Option<Box<dyn Duplex>> {
    client
        .set_read_timeout(Some(Duration::from_millis(10)))
        .ok()?;
    let Some(config) = tls else {
        return Some(Box::new(client));
    };
    let mut tls = StreamOwned::new(ServerConnection::new(config).ok()?, client);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while tls.conn.is_handshaking() && std::time::Instant::now() < deadline {
        if let Err(e) = tls.conn.complete_io(&mut tls.sock)
            && !waiting(&e)
        {
            return None;
        }
    }
    Some(Box::new(tls))
}

/// Moves bytes both ways between `client` and the target until either closes, the relay
/// stops, or the connections are cut; nothing while they are stalled.
fn forward(mut client: Box<dyn Duplex>, target: u16, stop: &AtomicBool, fate: &Fate, born: u64) {
    let Ok(mut plain) = TcpStream::connect(("127.0.0.1", target)) else {
        return;
    };
    if plain
        .set_read_timeout(Some(Duration::from_millis(10)))
        .is_err()
    {
        return;
    }
    let mut buffer = [0; 16 * 1024];
    while !stop.load(Ordering::Relaxed) && born >= fate.cut_below.load(Ordering::SeqCst) {
        if born < fate.stalled_below.load(Ordering::SeqCst) {
            thread::sleep(Duration::from_millis(10));
            continue;
        }
        let to_target = match client.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => plain.write_all(&buffer[..n]).is_ok(),
            Err(e) => waiting(&e),
        };
        let to_client = match plain.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => client
                .write_all(&buffer[..n])
                .and_then(|()| client.flush())
                .is_ok(),
            Err(e) => waiting(&e),
        };
        if !to_target || !to_client {
            break;
        }
    }
    // Dropping both closes them: the client's socket under it, without a goodbye.
    let _ = plain.shutdown(Shutdown::Both);
}

/// Whether a read error only means that nothing came in time.
fn waiting(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
    )
}
