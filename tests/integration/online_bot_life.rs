//! A bot's life through the real PlayTak server, the real `tak` binary each time: killed
//! mid-game and started again, it goes back into the game the server kept and plays it out;
//! one engine process serves all its games; Ctrl+C leaves a game to the server's clock when
//! no one is at a terminal, resigns it with `--resign-on-exit`, and at a terminal asks first.
//! Each game ends as the server's `games.db` records it.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::bots::{
    Screen, TAK, assert_alice_lost_after_a1, assert_saved_as_in_db, bot, bot_as, finished,
    kept_files,
};
use crate::common::playtak::{PASSWORD, Server, connect, expect_message, logged_in};
use crate::common::{scratch, shells_running_with, text};
use taktui::online::connection::{Login, Options};
use taktui::online::protocol::{Command as TakCommand, ServerMessage};

#[test]
fn a_bot_killed_mid_game_goes_back_into_it_when_started_again_and_plays_it_out() {
    killed_and_started_again("restart", &["--user", "alice"]);
}

#[test]
fn a_guest_bot_killed_mid_game_goes_back_into_it_as_the_same_guest() {
    killed_and_started_again("restart-guest", &["--guest"]);
}

/// The seeking bot (`who`) killed mid-game and started again: it goes back into the game and
/// plays it out, and both bots saved the game `games.db` holds.
fn killed_and_started_again(name: &str, who: &[&str]) {
    let Some(server) = Server::start(&["alice", "brian"]) else {
        return;
    };
    let dir = scratch(&format!("online-bots-{name}"));
    let (alice_dir, brian_dir) = (dir.join("alice"), dir.join("brian"));
    for folder in [&alice_dir, &brian_dir] {
        std::fs::create_dir_all(folder).unwrap();
    }
    let (alice_out, brian_out) = (dir.join("alice.ptn"), dir.join("brian.ptn"));
    let seeking = [
        "--bot",
        "computer:2",
        "--seek",
        "6",
        "--clock",
        "3+0",
        "--color",
        "white",
        "--games",
        "1",
        "--out",
        alice_out.to_str().unwrap(),
    ];
    let seeker = bot_as(&alice_dir, &server.tcp_url(), who, &seeking);
    let accepter = bot(
        &brian_dir,
        &server.tcp_url(),
        "brian",
        &[
            "--bot",
            "computer:1",
            "--accept",
            "--games",
            "1",
            "--out",
            brian_out.to_str().unwrap(),
        ],
    );
    // The game is kept while played: once a few plies are in the kept copy, the bot dies.
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut seeker = seeker;
    loop {
        let plies = kept_files(&alice_dir)
            .iter()
            .filter_map(|path| std::fs::read_to_string(path).ok())
            .any(|ptn| ptn.contains("\n2. "));
        if plies {
            break;
        }
        assert!(
            Instant::now() < deadline && seeker.try_wait().unwrap().is_none(),
            "alice's game was not kept while played: {:?}",
            kept_files(&alice_dir)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    seeker.kill().unwrap();
    seeker.wait().unwrap();

    // Started again as the same player: the server still holds the game, and sends it again.
    let again = bot_as(&alice_dir, &server.tcp_url(), who, &seeking);
    let again = finished(again, "the bot started again");
    let accepter = finished(accepter, "the accepting bot");
    let stderr = text(&again.stderr);
    assert!(again.status.success(), "{stderr}");
    assert!(accepter.status.success(), "{}", text(&accepter.stderr));
    assert!(stderr.contains("going back to it"), "{stderr}");
    assert!(stderr.contains("game 1 of 1 (#1"), "{stderr}");
    let in_db = server.finished_games(1);
    assert_eq!(in_db.len(), 1, "{in_db:?}");
    // The game whole, the moves before the kill included, on both sides.
    for path in [&alice_out, &brian_out] {
        assert_saved_as_in_db(path, &in_db);
    }
    assert!(
        kept_files(&alice_dir).is_empty(),
        "the kept copy is gone once it is over"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bot_keeps_one_engine_process_for_all_its_games() {
    let Some(server) = Server::start(&["alice", "brian"]) else {
        return;
    };
    let dir = scratch("online-bots-one-engine");
    let marker = format!("oneengine-{}", std::process::id());
    let pids = dir.join("pids");
    // Notes its process id when it starts; places a1 whenever asked.
    let engine = format!(
        "engine:cmd:sh -c \"echo $$ >> {}; while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) echo 'bestmove a1';; quit) exit;; esac; done # {marker}\"",
        pids.display()
    );
    let seeker = bot(
        &dir,
        &server.tcp_url(),
        "alice",
        &[
            "--bot", &engine, "--seek", "3", "--clock", "1+0", "--color", "white", "--games", "2",
        ],
    );
    let login = Login::account("brian", PASSWORD).unwrap();
    let mut brian = connect(&server.tcp_url(), login, Options::default());
    logged_in(&mut brian);
    for _ in 0..2 {
        let seek = expect_message(&mut brian, "alice's seek", |message| match message {
            ServerMessage::SeekNew(seek) if seek.player == "alice" => Some(seek.id),
            _ => None,
        });
        brian.send(&TakCommand::Accept(seek)).unwrap();
        let game = expect_message(&mut brian, "the game", ServerMessage::game_start).game;
        expect_message(&mut brian, "the engine's move", |message| match message {
            ServerMessage::Move { game: at, .. } if *at == game => Some(()),
            _ => None,
        });
        brian.send(&TakCommand::Resign(game)).unwrap();
    }
    let seeker = finished(seeker, "the bot");
    assert!(seeker.status.success(), "{}", text(&seeker.stderr));
    assert!(
        text(&seeker.stdout).contains("2 games"),
        "{}",
        text(&seeker.stdout)
    );
    assert_eq!(server.finished_games(2).len(), 2);
    let started = std::fs::read_to_string(&pids).unwrap();
    assert_eq!(
        started.lines().count(),
        1,
        "engine processes started: {started}"
    );
    assert!(
        shells_running_with(&marker).is_empty(),
        "the engine outlived its bot"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_without_a_terminal_leaves_the_game_to_the_servers_clock() {
    let Some(server) = Server::start(&["alice", "brian"]) else {
        return;
    };
    let dir = scratch("online-bots-interrupt");
    let marker = format!("slow-{}", std::process::id());
    let asked = dir.join("asked");
    // Never answers `go` (it notes that it was asked): its bot's game waits on it, mid-game,
    // when Ctrl+C comes.
    let slow = format!(
        "engine:cmd:sh -c \"while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) touch {};; quit) exit;; esac; done # {marker}\"",
        asked.display()
    );
    let seeker = bot(
        &dir,
        &server.tcp_url(),
        "alice",
        &[
            "--bot", &slow, "--seek", "4", "--clock", "5+0", "--color", "white",
        ],
    );
    let mut accepter = bot(
        &dir,
        &server.tcp_url(),
        "brian",
        &["--bot", "computer:1", "--accept"],
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    while !asked.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        asked.exists(),
        "the game began and the engine was asked to move"
    );
    let status = Command::new("kill")
        .args(["-INT", &seeker.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let seeker = finished(seeker, "the interrupted bot");
    let (stdout, stderr) = (text(&seeker.stdout), text(&seeker.stderr));
    assert!(seeker.status.success(), "{stderr}");
    assert!(
        stderr.contains("is left to the server's clock"),
        "said so: {stderr}"
    );
    assert!(stdout.contains("0 games"), "{stdout}");
    assert!(
        shells_running_with(&marker).is_empty(),
        "the engine outlived its bot"
    );
    // The server gives alice two minutes to come back: brian's bot is not kept waiting.
    accepter.kill().unwrap();
    accepter.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_with_resign_on_exit_resigns_the_game_and_saves_it_as_the_server_records_it() {
    let Some(server) = Server::start(&["alice", "brian"]) else {
        return;
    };
    let dir = scratch("online-bots-resign-on-exit");
    let marker = format!("resigner-{}", std::process::id());
    let asked = dir.join("asked");
    let out = dir.join("alice.ptn");
    // Places a1 at its first move, and never answers the second (noting it was asked): its
    // bot's game waits on it, mid-game, when Ctrl+C comes.
    let slow = format!(
        "engine:cmd:sh -c \"n=0; while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) n=$((n+1)); if [ $n -ge 2 ]; then touch {}; else echo 'bestmove a1'; fi;; quit) exit;; esac; done # {marker}\"",
        asked.display()
    );
    let seeker = bot(
        &dir,
        &server.tcp_url(),
        "alice",
        &[
            "--bot",
            &slow,
            "--seek",
            "4",
            "--clock",
            "5+0",
            "--color",
            "white",
            "--resign-on-exit",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let accepter = bot(
        &dir,
        &server.tcp_url(),
        "brian",
        &["--bot", "computer:1", "--accept", "--games", "1"],
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    while !asked.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(asked.exists(), "the engine was asked for its second move");
    let status = Command::new("kill")
        .args(["-INT", &seeker.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let seeker = finished(seeker, "the interrupted bot");
    let accepter = finished(accepter, "the accepting bot");
    let (stdout, stderr) = (text(&seeker.stdout), text(&seeker.stderr));
    assert!(seeker.status.success(), "{stderr}");
    assert!(accepter.status.success(), "{}", text(&accepter.stderr));
    assert!(stderr.contains("resigning game #1"), "{stderr}");
    assert!(stderr.contains("alice resigned at Ctrl+C"), "{stderr}");
    assert!(
        stdout.contains("Stopped (Ctrl+C) after the game."),
        "{stdout}"
    );
    let in_db = server.finished_games(1);
    assert_eq!(in_db.len(), 1, "{in_db:?}");
    assert_alice_lost_after_a1(&in_db[0]);
    assert_saved_as_in_db(&out, &in_db);
    assert!(
        shells_running_with(&marker).is_empty(),
        "the engine outlived its bot"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_at_a_terminal_asks_and_a_yes_resigns_the_game() {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    let Some(server) = Server::start(&["alice", "brian"]) else {
        return;
    };
    let dir = scratch("online-bots-asked");
    let marker = format!("asked-{}", std::process::id());
    let asked = dir.join("asked");
    // Places a1 at its first move and never answers the second.
    let slow = format!(
        "engine:cmd:sh -c \"n=0; while read l; do case $l in tei) echo teiok;; isready) echo readyok;; go*) n=$((n+1)); if [ $n -ge 2 ]; then touch {}; else echo 'bestmove a1'; fi;; quit) exit;; esac; done # {marker}\"",
        asked.display()
    );
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 30,
            cols: 200,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut command = CommandBuilder::new(TAK);
    command.args(["online", "--server", &server.tcp_url(), "--user", "alice"]);
    command.args([
        "--bot", &slow, "--seek", "4", "--clock", "5+0", "--color", "white",
    ]);
    command.env("TAKTUI_DATA_DIR", &dir);
    command.env("TAKTUI_CONFIG_DIR", &dir);
    command.env("TAKTUI_PLAYTAK_PASSWORD", PASSWORD);
    let mut seeker = pair.slave.spawn_command(command).unwrap();
    drop(pair.slave);
    let screen = Screen::default();
    let mut reader = pair.master.try_clone_reader().unwrap();
    let writing = screen.clone();
    std::thread::spawn(move || {
        let mut buffer = [0_u8; 4096];
        while let Ok(read) = std::io::Read::read(&mut reader, &mut buffer) {
            if read == 0 {
                break;
            }
            writing
                .0
                .lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buffer[..read]));
        }
    });
    let mut keys = pair.master.take_writer().unwrap();
    let accepter = bot(
        &dir,
        &server.tcp_url(),
        "brian",
        &["--bot", "computer:1", "--accept", "--games", "1"],
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    while !asked.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(asked.exists(), "the engine was asked for its second move");
    let pid = seeker.process_id().unwrap().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    screen.wait_for("Resign game #1 against brian?");
    std::io::Write::write_all(&mut keys, b"y\r").unwrap();
    screen.wait_for("resigning game #1");
    let status = seeker.wait().unwrap();
    assert!(status.success(), "{}", screen.0.lock().unwrap());
    screen.wait_for("Stopped (Ctrl+C) after the game.");
    let accepter = finished(accepter, "the accepting bot");
    assert!(accepter.status.success(), "{}", text(&accepter.stderr));
    let in_db = server.finished_games(1);
    assert_eq!(in_db.len(), 1, "{in_db:?}");
    assert_alice_lost_after_a1(&in_db[0]);
    assert!(
        shells_running_with(&marker).is_empty(),
        "the engine outlived its bot"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
