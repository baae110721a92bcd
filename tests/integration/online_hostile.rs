//! A server that misbehaves: one written here, on loopback, that logs the client in and then
//! sends lines of no known kind, a known kind malformed, bytes that are not text, a line far
//! too long, and closes in the middle of a line; and the real server going quiet under the
//! client. Each is said as what it is and none ends the session: the client connects again.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

use crate::common::playtak::{Server, connect, expect, logged_in};
use crate::common::relay::Relay;
use taktui::online::connection::{Event, Login, Options, Policy};
use taktui::online::transport::MAX_LINE;

/// Reads one line the client sent, and answers it.
fn answer(reader: &mut BufReader<TcpStream>, starts: &str, reply: &[u8]) {
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert!(
        line.starts_with(starts),
        "expected {starts}, the client sent {line:?}"
    );
    reader.get_mut().write_all(reply).unwrap();
}

#[test]
fn garbage_a_flood_and_a_close_mid_line_are_said_and_survived() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = std::thread::spawn(move || {
        let (socket, _) = listener.accept().unwrap();
        let mut reader = BufReader::new(socket);
        reader
            .get_mut()
            .write_all(b"Welcome!\nLogin or Register\n")
            .unwrap();
        answer(&mut reader, "Client taktui-", b"OK\n");
        answer(&mut reader, "Protocol 2", b"OK\n");
        answer(&mut reader, "Login Guest ", b"Welcome Guest9!\n");
        let socket = reader.get_mut();
        socket.write_all(b"Frobnicate the lobby\n").unwrap();
        socket.write_all(b"Game#1 Timems 1000\n").unwrap();
        socket.write_all(b"\xff\xfe\x00\x01 not text\n").unwrap();
        let mut flood = vec![b'#'; MAX_LINE * 2];
        flood.push(b'\n');
        socket.write_all(&flood).unwrap();
        socket.write_all(b"Online 2\nSeek new 1 al").unwrap();
        // Dropped here: the connection closes in the middle of that line.
    });
    let url = format!("tcp://127.0.0.1:{port}");
    let mut guest = connect(&url, Login::new_guest(), Options::default());
    assert_eq!(logged_in(&mut guest), "Guest9");
    let mut events = Vec::new();
    let retry_in = expect(&mut guest, "the drop", |event| match event {
        Event::Dropped { retry_in, .. } => Some(*retry_in),
        other => {
            events.push(other.clone());
            None
        }
    });
    server.join().unwrap();
    assert_eq!(retry_in, Policy::default().first_retry, "it will try again");
    assert!(
        matches!(&events[0], Event::Unknown(line) if line == "Frobnicate the lobby"),
        "{events:#?}"
    );
    assert!(
        matches!(&events[1], Event::Malformed { line, why } if line.contains("Timems") && why.contains("two clocks")),
        "{events:#?}"
    );
    assert!(matches!(&events[2], Event::Unknown(_)), "{events:#?}");
    assert!(
        matches!(&events[3], Event::Trouble(what) if what.contains("too long")),
        "{events:#?}"
    );
    assert!(
        matches!(&events[4], Event::Message(message) if message.to_string() == "Online 2"),
        "{events:#?}"
    );
    assert!(
        matches!(&events[5], Event::Trouble(what) if what.contains("middle of a line") && what.contains("Seek new 1 al")),
        "{events:#?}"
    );
    assert_eq!(events.len(), 6, "{events:#?}");
}

#[test]
fn a_server_gone_quiet_is_left_and_the_session_made_again() {
    let Some(server) = Server::start(&[]) else {
        return;
    };
    let relay = Relay::plain(server.port());
    let options = Options {
        policy: Policy {
            ping_every: Duration::from_millis(200),
            // Three seconds: a JVM on a loaded machine can be a second late with its greeting.
            silence_limit: Duration::from_secs(3),
            ..Policy::default()
        },
        ..Options::default()
    };
    let url = format!("tcp://127.0.0.1:{}", relay.port());
    let mut guest = connect(&url, Login::new_guest(), options);
    let name = logged_in(&mut guest);
    // Pings are answered: longer than the limit of that is no silence.
    std::thread::sleep(Duration::from_millis(3500));
    while let Some(event) = guest.wait(Duration::from_millis(10)) {
        assert!(
            !matches!(event, Event::Dropped { .. }),
            "dropped while answered"
        );
    }
    relay.stall();
    let why = expect(&mut guest, "the drop", |event| match event {
        Event::Dropped { why, .. } => Some(why.clone()),
        _ => None,
    });
    assert!(why.contains("said nothing for 3 s"), "{why}");
    let again = expect(&mut guest, "the login again", |event| match event {
        Event::LoggedIn { name, again } => Some((name.clone(), *again)),
        _ => None,
    });
    assert_eq!(again, (name, true));
}
