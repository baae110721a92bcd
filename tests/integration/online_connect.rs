//! Logging in to the real PlayTak server: a guest over `tcp://`, `ws://` and `wss://`, an
//! account, and each failure said plainly (a wrong password, a server not there, a client
//! version the server refuses, a password that would go out unencrypted).

use std::net::TcpListener;
use std::time::Duration;

use crate::common::playtak::{PASSWORD, Server, connect, failed, logged_in};
use crate::common::relay::Relay;
use taktui::online::connection::{Event, Login, LoginError, Options, Phase};
use taktui::online::protocol::ClientName;
use taktui::online::transport;

#[test]
fn a_guest_logs_in_over_tcp_speaking_protocol_2() {
    let Some(server) = Server::start(&[]) else {
        return;
    };
    let mut guest = connect(&server.tcp_url(), Login::new_guest(), Options::default());
    let name = logged_in(&mut guest);
    assert!(name.starts_with("Guest"), "{name}");
    assert_eq!(guest.session().name(), Some(name.as_str()));
    assert_eq!(guest.session().protocol(), 2);
    assert!(
        server
            .log()
            .contains(&format!("Client !taktui-{}!", env!("CARGO_PKG_VERSION")))
    );
}

#[test]
fn a_guest_logs_in_over_websocket() {
    let Some(server) = Server::start(&[]) else {
        return;
    };
    let mut guest = connect(&server.ws_url(), Login::new_guest(), Options::default());
    assert!(logged_in(&mut guest).starts_with("Guest"));
    assert!(server.log().contains("New Websocket client"));
}

#[test]
fn a_guest_logs_in_over_tls_in_front_of_the_websocket() {
    let Some(server) = Server::start(&[]) else {
        return;
    };
    let front = Relay::tls(server.ws_port());
    let options = Options {
        transport: transport::Options {
            extra_roots: vec![front.authority()],
            ..transport::Options::default()
        },
        ..Options::default()
    };
    let mut guest = connect(&front.url(), Login::new_guest(), options);
    assert!(logged_in(&mut guest).starts_with("Guest"));
}

#[test]
fn an_account_logs_in_with_its_password() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let login = Login::account("alice", PASSWORD).unwrap();
    let mut alice = connect(&server.tcp_url(), login, Options::default());
    assert_eq!(logged_in(&mut alice), "alice");
}

#[test]
fn a_wrong_password_is_said_plainly() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let login = Login::account("alice", "not-the-password").unwrap();
    let mut alice = connect(&server.ws_url(), login, Options::default());
    let error = failed(&mut alice);
    assert_eq!(
        error,
        LoginError::WrongPassword {
            name: "alice".into()
        }
    );
    let said = error.to_string();
    assert!(
        said.contains("alice") && said.contains("password"),
        "{said}"
    );
    // No account of that name is the same answer: the server does not say which.
    let login = Login::account("nobody", PASSWORD).unwrap();
    let mut nobody = connect(&server.tcp_url(), login, Options::default());
    assert!(matches!(
        failed(&mut nobody),
        LoginError::WrongPassword { name } if name == "nobody"
    ));
}

#[test]
fn a_server_that_is_not_there_is_unreachable() {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("tcp://127.0.0.1:{port}");
    let mut guest = connect(&url, Login::new_guest(), Options::default());
    let error = failed(&mut guest);
    assert!(matches!(error, LoginError::Unreachable { .. }), "{error:?}");
    assert!(
        error.to_string().contains("--server"),
        "says what to do: {error}"
    );
}

#[test]
fn a_client_version_the_server_refuses_is_told_to_update() {
    let Some(server) = Server::start(&[]) else {
        return;
    };
    // One of the two client names the real server turns away.
    let options = Options {
        client: ClientName::new("TakWeb-16.05.26").unwrap(),
        ..Options::default()
    };
    let mut old = connect(&server.tcp_url(), Login::new_guest(), options);
    let error = failed(&mut old);
    assert!(
        matches!(&error, LoginError::ClientRefused { said } if said.contains("no longer compatible")),
        "{error:?}"
    );
    assert!(error.to_string().contains("update taktui"));
}

#[test]
fn a_password_is_not_sent_in_the_clear_to_another_address_unless_allowed() {
    // 0.0.0.0 is no loopback address, so it counts as another machine; yet a connection to it
    // lands on this one, so nothing here leaves the machine whatever the code does.
    let listener = TcpListener::bind("0.0.0.0:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!("tcp://0.0.0.0:{}", listener.local_addr().unwrap().port());
    let login = Login::account("alice", PASSWORD).unwrap();
    let mut refused = connect(&url, login.clone(), Options::default());
    assert!(matches!(
        failed(&mut refused),
        LoginError::Unencrypted { server } if server == url
    ));
    std::thread::sleep(Duration::from_millis(200));
    assert!(listener.accept().is_err(), "no connection was even made");
    // Allowed (the person was told), it connects.
    let allowed = Options {
        allow_plaintext_password: true,
        ..Options::default()
    };
    let _connecting = connect(&url, login, allowed);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while listener.accept().is_err() {
        assert!(std::time::Instant::now() < deadline, "no connection made");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_websocket_url_on_the_raw_port_is_said_to_be_no_websocket() {
    let Some(server) = Server::start(&[]) else {
        return;
    };
    let url = format!("ws://127.0.0.1:{}/ws", server.port());
    let mut guest = connect(&url, Login::new_guest(), Options::default());
    let error = failed(&mut guest);
    assert!(matches!(error, LoginError::Handshake { .. }), "{error:?}");
    assert!(
        error.to_string().contains("tcp://"),
        "says what to try: {error}"
    );
}

#[test]
fn a_name_taken_by_a_second_login_ends_the_first_without_a_fight() {
    let Some(server) = Server::start(&["alice"]) else {
        return;
    };
    let login = Login::account("alice", PASSWORD).unwrap();
    let mut first = connect(&server.tcp_url(), login.clone(), Options::default());
    assert_eq!(logged_in(&mut first), "alice");
    let mut second = connect(&server.ws_url(), login, Options::default());
    assert_eq!(logged_in(&mut second), "alice");
    let error = failed(&mut first);
    assert_eq!(
        error,
        LoginError::NameInUse {
            name: "alice".into()
        }
    );
    assert!(error.to_string().contains("close the other one"), "{error}");
    // The first does not log in again to take the name back: the second keeps it.
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(first.wait(Duration::from_millis(100)), None);
    while let Some(event) = second.wait(Duration::from_millis(100)) {
        assert!(
            !matches!(event, Event::Dropped { .. } | Event::Failed(_)),
            "{event:?}"
        );
    }
    assert_eq!(second.session().phase(), Phase::LoggedIn);
}
