//! The transport on its own thread, line by line: through the real PlayTak server over
//! `tcp://`, `ws://` and `wss://` (a TLS front on loopback, its authority trusted by the test),
//! and against a hand-written server for what the real one never does (a line too long, a half
//! line at close, a refused connection, a certificate not trusted).

use std::io::Write;
use std::net::TcpListener;
use std::time::{Duration, Instant};

use crate::common::playtak::Server;
use crate::common::relay::Relay;
use taktui::online::transport::{Closed, Endpoint, Event, MAX_LINE, Options, SendError, Transport};

/// Long enough for anything on loopback, even on a busy machine.
const PATIENCE: Duration = Duration::from_secs(20);

fn open(url: &str, options: Options) -> Transport {
    Transport::connect(url, options).unwrap()
}

/// The next event, failing the test when none comes in time.
fn next(transport: &Transport) -> Event {
    transport
        .recv_timeout(PATIENCE)
        .unwrap_or_else(|| panic!("no event from {} in time", transport.endpoint()))
}

/// The lines up to the one `wanted` (which must come), after `Connected` if it comes first.
fn until_line(transport: &Transport, wanted: &str) -> Vec<String> {
    let deadline = Instant::now() + PATIENCE;
    let mut seen = Vec::new();
    while Instant::now() < deadline {
        match transport.recv_timeout(Duration::from_millis(200)) {
            Some(Event::Line(line)) => {
                let done = line == wanted;
                seen.push(line);
                if done {
                    return seen;
                }
            }
            Some(Event::Connected) | None => {}
            Some(other) => panic!("{other:?} while waiting for {wanted:?} (after {seen:?})"),
        }
    }
    panic!("no {wanted:?} in time; the lines were {seen:?}");
}

/// The server's greeting, then a handshake line answered, a PING answered, and a clean close.
fn greets_and_answers(transport: &Transport) {
    assert_eq!(next(transport), Event::Connected);
    assert_eq!(
        until_line(transport, "Login or Register"),
        ["Welcome!", "Login or Register"]
    );
    transport.send("Client taktui-transport-test").unwrap();
    assert_eq!(next(transport), Event::Line("OK".into()));
    transport.send("PING").unwrap();
    assert_eq!(next(transport), Event::Line("OK".into()));
    transport.send("Login Guest").unwrap();
    let welcome = until_line(transport, "Online 1");
    assert!(
        welcome.iter().any(|line| line.starts_with("Welcome Guest")),
        "{welcome:?}"
    );
    transport.close();
    // Lines already on their way still come; the close comes after them.
    loop {
        match next(transport) {
            Event::Line(_) => {}
            other => {
                assert_eq!(other, Event::Closed(Closed::ByClient));
                break;
            }
        }
    }
    assert_eq!(transport.recv_timeout(Duration::from_millis(100)), None);
}

#[test]
fn lines_go_both_ways_through_the_real_server_over_tcp() {
    let Some(server) = Server::start(&[]) else {
        return;
    };
    greets_and_answers(&open(&server.tcp_url(), Options::default()));
}

#[test]
fn lines_go_both_ways_through_the_real_server_over_websocket() {
    let Some(server) = Server::start(&[]) else {
        return;
    };
    greets_and_answers(&open(&server.ws_url(), Options::default()));
}

#[test]
fn lines_go_both_ways_over_tls_trusting_the_test_authority() {
    let Some(server) = Server::start(&[]) else {
        return;
    };
    let front = Relay::tls(server.ws_port());
    let endpoint: Endpoint = front.url().parse().unwrap();
    assert!(endpoint.is_encrypted() && !endpoint.exposes_password());
    let options = Options {
        extra_roots: vec![front.authority()],
        ..Options::default()
    };
    greets_and_answers(&Transport::open(endpoint, options));
}

#[test]
fn a_certificate_no_root_vouches_for_is_refused() {
    // No server behind it: the handshake fails before anything would be forwarded.
    let front = Relay::tls(1);
    let transport = open(&front.url(), Options::default());
    match next(&transport) {
        Event::Closed(Closed::Handshake(why)) => {
            assert!(why.contains("certificate"), "{why}");
        }
        other => panic!("expected a refused handshake, got {other:?}"),
    }
}

#[test]
fn a_url_that_does_not_read_is_refused_before_any_connection() {
    let error = Transport::connect("http://127.0.0.1:80", Options::default()).unwrap_err();
    assert!(error.to_string().contains("not tcp, ws or wss"), "{error}");
}

#[test]
fn a_port_nothing_listens_on_is_unreachable() {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let transport = open(&format!("tcp://127.0.0.1:{port}"), Options::default());
    match next(&transport) {
        Event::Closed(Closed::Unreachable(why)) => {
            assert!(why.contains(&port.to_string()), "{why}");
            assert!(
                Closed::Unreachable(why)
                    .to_string()
                    .starts_with("cannot reach"),
                "said plainly"
            );
        }
        other => panic!("expected unreachable, got {other:?}"),
    }
    assert_eq!(transport.send("PING"), Err(SendError::Closed));
}

#[test]
fn a_line_too_long_is_dropped_and_said_and_a_half_line_at_close_is_kept() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        let (mut socket, _) = listener.accept().unwrap();
        let mut flood = vec![b'x'; MAX_LINE + 10];
        flood.push(b'\n');
        socket.write_all(b"Welcome!\n").unwrap();
        socket.write_all(&flood).unwrap();
        socket.write_all(b"OK\nGame#1 M A").unwrap();
    });
    let transport = open(&format!("tcp://127.0.0.1:{port}"), Options::default());
    let mut events = Vec::new();
    while let Some(event) = transport.recv_timeout(PATIENCE) {
        let closed = matches!(event, Event::Closed(_));
        events.push(event);
        if closed {
            break;
        }
    }
    server.join().unwrap();
    assert_eq!(
        events,
        [
            Event::Connected,
            Event::Line("Welcome!".into()),
            Event::TooLong(MAX_LINE + 10),
            Event::Line("OK".into()),
            Event::Unfinished("Game#1 M A".into()),
            Event::Closed(Closed::ByServer),
        ]
    );
}

#[test]
fn a_line_with_a_break_in_it_is_refused_before_it_goes() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let transport = open(&format!("tcp://127.0.0.1:{port}"), Options::default());
    assert_eq!(
        transport.send("Shout hi\nResign"),
        Err(SendError::NotOneLine)
    );
    assert_eq!(transport.send("Shout hi\r"), Err(SendError::NotOneLine));
    assert_eq!(transport.send("Shout hi"), Ok(()));
    let (socket, _) = listener.accept().unwrap();
    let mut read = std::io::BufReader::new(socket);
    let mut line = String::new();
    std::io::BufRead::read_line(&mut read, &mut line).unwrap();
    assert_eq!(line, "Shout hi\n");
}

#[test]
fn a_flood_faster_than_the_caller_reads_loses_no_line() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let lines = 20_000;
    let server = std::thread::spawn(move || {
        let (mut socket, _) = listener.accept().unwrap();
        let mut flood = Vec::new();
        for n in 0..lines {
            writeln!(flood, "Shout <bot> {n}").unwrap();
        }
        socket.write_all(&flood).unwrap();
    });
    let transport = open(&format!("tcp://127.0.0.1:{port}"), Options::default());
    assert_eq!(next(&transport), Event::Connected);
    // The caller looks away while the server writes more than the queue holds.
    std::thread::sleep(Duration::from_millis(500));
    for n in 0..lines {
        assert_eq!(next(&transport), Event::Line(format!("Shout <bot> {n}")));
    }
    assert_eq!(next(&transport), Event::Closed(Closed::ByServer));
    server.join().unwrap();
}
