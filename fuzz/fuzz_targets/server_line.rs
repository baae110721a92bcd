//! Arbitrary bytes as lines from a PlayTak server, into the protocol's parser and the lobby.
//! Every line must parse without panicking; every message read must print as a line that
//! reads back as the same message; lines that do not read are quoted within the limit; and
//! the lobby, fed every line, stays within its bounds.

#![no_main]

use libfuzzer_sys::fuzz_target;
use taktui::online::lobby::{Chat, ListFilter, ListOrder, Lobby};
use taktui::online::protocol::{Parsed, QUOTE_LIMIT, parse};

fuzz_target!(|data: &[u8]| {
    let mut lobby = Lobby::new();
    // As a transport reads them: one line a line feed, decoded leniently.
    for bytes in data.split(|&b| b == b'\n') {
        let line = String::from_utf8_lossy(bytes);
        let parsed = parse(&line);
        match &parsed {
            Parsed::Message(message) => {
                let printed = message.to_string();
                assert_eq!(
                    parse(&printed),
                    Parsed::Message(message.clone()),
                    "{line:?} read as {message:?}, printed as {printed:?}"
                );
            }
            Parsed::Unknown(quoted) | Parsed::Malformed { line: quoted, .. } => {
                assert!(quoted.chars().count() <= QUOTE_LIMIT + 1, "{quoted:?}");
            }
        }
        lobby.apply_parsed(&parsed);
    }
    let seeks = lobby.seeks(&ListFilter::default(), ListOrder::default());
    assert!(seeks.len() <= Lobby::MAX_SEEKS);
    let games = lobby.games(&ListFilter::default(), ListOrder::default());
    assert!(games.len() <= Lobby::MAX_GAMES);
    assert!(lobby.notices().count() <= Lobby::MAX_NOTICES);
    let chat = lobby.chat();
    assert!(chat.channels().count() <= Chat::MAX_CHANNELS);
    for channel in chat.channels() {
        assert!(chat.lines(channel).count() <= Chat::HISTORY);
    }
});
