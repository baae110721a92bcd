//! `tak online --bot` through the real PlayTak server: the real `tak` binary twice, one bot
//! posting seeks and one accepting them, playing whole games unattended; the server's
//! `games.db` holds the same moves and results as the PTN each bot saved with `--out`. An
//! engine that crashes mid-game, or sends an illegal move, resigns that game and its bot goes
//! on to the next; nothing is left running. An accepting bot takes only seeks its engine can
//! play.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::bots::{TAK, assert_alice_lost_after_a1, assert_saved_as_in_db, bot, finished};
use crate::common::playtak::{PASSWORD, Server, connect, expect_message, logged_in};
use crate::common::{self, scratch, shells_running_with, text};
use taktui::online::connection::{Login, Options};
use taktui::online::protocol::{Command as TakCommand, SeekColor, SeekRequest};

#[test]
fn a_seeking_bot_and_an_accepting_bot_play_to_the_end_as_the_server_records_it() {
    let Some(server) = Server::start(&["alice", "brian"]) else {
        return;
    };
    let dir = scratch("online-bots");
    let (alice_out, brian_out) = (dir.join("alice.ptn"), dir.join("brian.ptn"));
    let seeker = bot(
        &dir,
        &server.tcp_url(),
        "alice",
        &[
            "--bot",
            "computer:2",
            "--seek",
            "4",
            "--clock",
            "1+1",
            "--games",
            "2",
            "--out",
            alice_out.to_str().unwrap(),
        ],
    );
    let accepter = bot(
        &dir,
        &server.ws_url(),
        "brian",
        &[
            "--bot",
            "computer:1",
            "--accept",
            "alice",
            "--games",
            "2",
            "--out",
            brian_out.to_str().unwrap(),
        ],
    );
    let seeker = finished(seeker, "the seeking bot");
    let accepter = finished(accepter, "the accepting bot");
    for (output, name) in [(&seeker, "alice"), (&accepter, "brian")] {
        let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
        assert!(output.status.success(), "{name}: {stdout}\n{stderr}");
        // A line a game, as `tak match` writes, the tally after it.
        assert!(stderr.contains("game 1 of 2 (#"), "{name}: {stderr}");
        assert!(stderr.contains("game 2 of 2 (#"), "{name}: {stderr}");
        assert!(stdout.contains("2 games"), "{name}: {stdout}");
    }
    let in_db = server.finished_games(2);
    assert_eq!(in_db.len(), 2, "{in_db:?}");
    for path in [&alice_out, &brian_out] {
        assert_saved_as_in_db(path, &in_db);
    }
    // Played to the end: each game has a result on the board or otherwise, and moves.
    for row in &in_db {
        let moves = row.split('|').nth(2).unwrap();
        assert!(moves.split(',').count() >= 7, "{row}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_that_crashes_mid_game_resigns_it_and_the_bot_plays_on() {
    let Some(server) = Server::start(&["alice", "brian"]) else {
        return;
    };
    let dir = scratch("online-bots-crash");
    let marker = format!("crasher-{}", std::process::id());
    // Plays a1 at its first move (White's first ply places Black's flat there: always legal),
    // and dies at its second.
    let crasher = format!(
        "engine:cmd:sh -c \"n=0; while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) n=$((n+1)); if [ $n -ge 2 ]; then echo 'out of memory' >&2; exit 3; fi; echo 'bestmove a1';; quit) exit;; esac; done # {marker}\""
    );
    let out = dir.join("crasher.ptn");
    let seeker = bot(
        &dir,
        &server.tcp_url(),
        "alice",
        &[
            "--bot",
            &crasher,
            "--seek",
            "4",
            "--clock",
            "1+0",
            "--color",
            "white",
            "--games",
            "2",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let accepter = bot(
        &dir,
        &server.tcp_url(),
        "brian",
        &["--bot", "computer:1", "--accept", "--games", "2"],
    );
    let seeker = finished(seeker, "the crashing bot");
    let accepter = finished(accepter, "the accepting bot");
    let stderr = text(&seeker.stderr);
    assert!(seeker.status.success(), "{stderr}");
    assert!(accepter.status.success(), "{}", text(&accepter.stderr));
    assert!(stderr.contains("out of memory"), "its last words: {stderr}");
    assert_eq!(
        stderr.matches("the game is resigned").count(),
        2,
        "once a game: {stderr}"
    );
    assert!(stderr.contains("game 2 of 2"), "it played on: {stderr}");
    let in_db = server.finished_games(2);
    assert_eq!(in_db.len(), 2, "{in_db:?}");
    for row in &in_db {
        // alice (White) resigned after her first ply and brian's reply.
        assert_alice_lost_after_a1(row);
    }
    assert_saved_as_in_db(&out, &in_db);
    assert!(
        shells_running_with(&marker).is_empty(),
        "the crashed engine left something behind"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_that_sends_an_illegal_move_resigns_the_game() {
    let Some(server) = Server::start(&["alice", "brian"]) else {
        return;
    };
    let dir = scratch("online-bots-liar");
    let marker = format!("bot-liar-{}", std::process::id());
    // a1 at every move: legal once, then on an occupied square.
    let liar = format!(
        "engine:cmd:sh -c \"while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) echo 'bestmove a1';; quit) exit;; esac; done # {marker}\""
    );
    let out = dir.join("liar.ptn");
    let seeker = bot(
        &dir,
        &server.tcp_url(),
        "alice",
        &[
            "--bot",
            &liar,
            "--seek",
            "3",
            "--clock",
            "1+0",
            "--color",
            "white",
            "--games",
            "1",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let accepter = bot(
        &dir,
        &server.tcp_url(),
        "brian",
        &["--bot", "computer:1", "--accept", "alice", "--games", "1"],
    );
    let seeker = finished(seeker, "the lying bot");
    let accepter = finished(accepter, "the accepting bot");
    let stderr = text(&seeker.stderr);
    assert!(seeker.status.success(), "{stderr}");
    assert!(accepter.status.success(), "{}", text(&accepter.stderr));
    assert!(
        stderr.contains("which is not legal") && stderr.contains("the game is resigned"),
        "{stderr}"
    );
    let in_db = server.finished_games(1);
    assert_eq!(in_db.len(), 1, "{in_db:?}");
    assert_alice_lost_after_a1(&in_db[0]);
    assert_saved_as_in_db(&out, &in_db);
    assert!(
        shells_running_with(&marker).is_empty(),
        "the liar outlived its bot"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_accepting_bot_passes_over_seeks_its_engine_cannot_play_saying_why_once() {
    let Some(server) = Server::start(&["alice", "brian"]) else {
        return;
    };
    let dir = scratch("online-bots-fit");
    let marker = format!("fivebyfive-{}", std::process::id());
    // An engine that plays 5x5 only, and says so when it starts.
    let engine = format!(
        "engine:cmd:sh -c \"while read l; do case $l in tei) echo size 5; echo teiok;; isready) echo readyok;; go*) echo 'bestmove e5';; quit) exit;; esac; done # {marker}\""
    );
    let accepter = Command::new(TAK)
        .args(["online", "--server", &server.tcp_url(), "--user", "brian"])
        .args(["--bot", &engine, "--accept", "--games", "1"])
        .env("TAKTUI_DATA_DIR", &dir)
        .env("TAKTUI_CONFIG_DIR", &dir)
        .env("TAKTUI_PLAYTAK_PASSWORD", PASSWORD)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut accepter = accepter;
    // Its stderr, line by line, as it comes.
    let (lines, said) = std::sync::mpsc::channel();
    let stderr = accepter.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        use std::io::BufRead as _;
        let mut all = String::new();
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            all.push_str(&line);
            all.push('\n');
            let _ = lines.send(line);
        }
        all
    });
    let until_said = |what: &str| {
        let deadline = Instant::now() + Duration::from_secs(60);
        while let Ok(line) = said.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            if line.contains(what) {
                return line;
            }
        }
        panic!("the bot never said {what:?}");
    };
    until_said("accepting seeks");

    let login = Login::account("alice", PASSWORD).unwrap();
    let mut alice = connect(&server.tcp_url(), login, Options::default());
    logged_in(&mut alice);
    let seek = |size: u8| {
        let settings = common::table::settings(size, Duration::from_secs(60));
        SeekRequest::new(settings, SeekColor::White, None).unwrap()
    };
    alice.send(&TakCommand::Seek(seek(4))).unwrap();
    let passed = until_said("passed over");
    assert!(passed.contains("by alice"), "{passed}");
    assert!(passed.contains("plays no 4x4 board"), "{passed}");
    // A seek it can play replaces it, and is taken.
    alice.send(&TakCommand::Seek(seek(5))).unwrap();
    let start = expect_message(&mut alice, "the game's start", |message| {
        message.game_start()
    });
    assert_eq!(start.settings.size.get(), 5);
    alice.send(&TakCommand::Resign(start.game)).unwrap();
    let accepter = finished(accepter, "the accepting bot");
    let stderr = reader.join().unwrap();
    assert!(accepter.status.success(), "{stderr}");
    assert_eq!(
        stderr.matches("passed over").count(),
        1,
        "said once: {stderr}"
    );
    assert_eq!(server.finished_games(1), ["alice|brian||0-1"]);
    assert!(
        shells_running_with(&marker).is_empty(),
        "the engine outlived its bot"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
