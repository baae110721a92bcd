//! A TLS endpoint on loopback in front of a plain TCP port, as a web server fronts PlayTak's
//! WebSocket with `wss://`: what the `wss` tests connect through. Its certificate is made here,
//! signed by an authority made here too, which the client is told to trust (and nothing else
//! changes in how the client checks it).

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, DnType, IsCa, KeyPair};
use rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::{ServerConfig, ServerConnection, StreamOwned};

/// A TLS front, forwarding each connection to its target until dropped.
pub struct TlsFront {
    port: u16,
    authority: Vec<u8>,
    stop: Arc<AtomicBool>,
}

impl TlsFront {
    /// Listens on a free loopback port, with a certificate for `localhost` and 127.0.0.1, and
    /// forwards what it decrypts to `127.0.0.1:target`.
    #[must_use]
    pub fn start(target: u16) -> TlsFront {
        let (authority, config) = certificates();
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port for TLS");
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        thread::spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((client, _)) => {
                        let config = Arc::clone(&config);
                        let stopped = Arc::clone(&stopped);
                        thread::spawn(move || forward(client, target, config, &stopped));
                    }
                    Err(_) => thread::sleep(Duration::from_millis(10)),
                }
            }
        });
        TlsFront {
            port,
            authority,
            stop,
        }
    }

    /// `wss://127.0.0.1:PORT/ws`.
    #[must_use]
    pub fn url(&self) -> String {
        format!("wss://127.0.0.1:{}/ws", self.port)
    }

    /// The authority that signed its certificate (DER), for the client to trust.
    #[must_use]
    pub fn authority(&self) -> Vec<u8> {
        self.authority.clone()
    }
}

impl Drop for TlsFront {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
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

/// Moves bytes both ways between `client` (TLS) and the target (plain) until either closes.
fn forward(client: TcpStream, target: u16, config: Arc<ServerConfig>, stop: &AtomicBool) {
    let tick = Some(Duration::from_millis(10));
    if client.set_read_timeout(tick).is_err() {
        return;
    }
    let Ok(connection) = ServerConnection::new(config) else {
        return;
    };
    let mut tls = StreamOwned::new(connection, client);
    // The handshake first: a client that does not trust the certificate hears so from TLS.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while tls.conn.is_handshaking() && std::time::Instant::now() < deadline {
        if let Err(e) = tls.conn.complete_io(&mut tls.sock)
            && !waiting(&e)
        {
            return;
        }
    }
    let Ok(mut plain) = TcpStream::connect(("127.0.0.1", target)) else {
        return;
    };
    if plain.set_read_timeout(tick).is_err() {
        return;
    }
    let mut buffer = [0; 16 * 1024];
    while !stop.load(Ordering::Relaxed) {
        let to_target = match tls.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => plain.write_all(&buffer[..n]).is_ok(),
            Err(e) => waiting(&e),
        };
        let to_client = match plain.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => tls
                .write_all(&buffer[..n])
                .and_then(|()| tls.flush())
                .is_ok(),
            Err(e) => waiting(&e),
        };
        if !to_target || !to_client {
            break;
        }
    }
    let _ = plain.shutdown(Shutdown::Both);
    tls.conn.send_close_notify();
    let _ = tls.flush();
    let _ = tls.sock.shutdown(Shutdown::Both);
}

/// Whether a read error only means that nothing came in time.
fn waiting(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
    )
}
