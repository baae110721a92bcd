//! `tak online --bot` through the real PlayTak server: the real `tak` binary twice, one bot
//! posting seeks and one accepting them, playing whole games unattended; the server's
//! `games.db` holds the same moves and results as the PTN each bot saved with `--out`. An
//! engine that crashes mid-game, or sends an illegal move, resigns that game and its bot goes
//! on to the next; nothing is left running; Ctrl+C with no terminal leaves the game to the
//! server's clock and ends.

mod common;

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::playtak::{PASSWORD, Server, connect, expect_message, logged_in};
use common::{scratch, shells_running_with, text};
use taktui::online::connection::{Login, Options};
use taktui::online::protocol::{Command as TakCommand, SeekColor, SeekRequest, ServerMessage};
use taktui::online::server_moves::to_server;
use taktui::record::{GameRecord, read_ptn};

const TAK: &str = env!("CARGO_BIN_EXE_tak");

/// How long a bot's games may take, even on a busy machine.
const BOT_PATIENCE: Duration = Duration::from_secs(240);

/// `tak online --server URL --user NAME ARGS` started, its data and config in `dir`, the
/// account's password in the environment.
fn bot(dir: &Path, url: &str, name: &str, args: &[&str]) -> Child {
    Command::new(TAK)
        .args(["online", "--server", url, "--user", name])
        .args(args)
        .env("TAKTUI_DATA_DIR", dir)
        .env("TAKTUI_CONFIG_DIR", dir)
        .env("TAKTUI_PLAYTAK_PASSWORD", PASSWORD)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tak runs")
}

/// Waits for `child` to end (killed, and the test failed, after [`BOT_PATIENCE`]).
fn finished(mut child: Child, what: &str) -> Output {
    let deadline = Instant::now() + BOT_PATIENCE;
    while Instant::now() < deadline {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    panic!(
        "{what} did not finish within {BOT_PATIENCE:?}:\n{}\n{}",
        text(&output.stdout),
        text(&output.stderr)
    );
}

/// The games of a PTN file.
fn saved_games(path: &Path) -> Vec<GameRecord> {
    let games = read_ptn(&std::fs::read_to_string(path).unwrap()).unwrap();
    games
        .into_iter()
        .map(|game| {
            assert!(game.error.is_none(), "{:?}", game.error);
            game.record.unwrap()
        })
        .collect()
}

/// A record's moves in the server's notation, as `games.db` keeps them: `P A1,P D4,...`.
fn server_notation(record: &GameRecord) -> String {
    let mut moves = Vec::new();
    for (index, ply) in record.plies().iter().enumerate() {
        let before = record.position_at(index);
        moves.push(to_server(&before, ply.mv).unwrap().to_string());
    }
    moves.join(",")
}

/// A record as `games.db` has a game: `WHITE|BLACK|MOVES|RESULT`.
fn as_in_games_db(record: &GameRecord) -> String {
    let tags = record.tags();
    format!(
        "{}|{}|{}|{}",
        tags.player(taktui::rules::Color::White).unwrap_or_default(),
        tags.player(taktui::rules::Color::Black).unwrap_or_default(),
        server_notation(record),
        record.result_token().unwrap_or_default()
    )
}

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
        let saved: Vec<String> = saved_games(path).iter().map(as_in_games_db).collect();
        assert_eq!(saved, in_db, "{}", path.display());
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
        assert!(row.starts_with("alice|brian|P A1,"), "{row}");
        assert!(row.ends_with("|0-1"), "{row}");
    }
    let saved: Vec<String> = saved_games(&out).iter().map(as_in_games_db).collect();
    assert_eq!(saved, in_db);
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
    let marker = format!("liar-{}", std::process::id());
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
    assert!(in_db[0].starts_with("alice|brian|P A1,"), "{}", in_db[0]);
    assert!(in_db[0].ends_with("|0-1"), "{}", in_db[0]);
    let saved: Vec<String> = saved_games(&out).iter().map(as_in_games_db).collect();
    assert_eq!(saved, in_db);
    assert!(
        shells_running_with(&marker).is_empty(),
        "the liar outlived its bot"
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

/// The PTN files kept unfinished in a data folder's store.
fn kept_files(data: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(data.join("games")).map_or_else(
        |_| Vec::new(),
        |entries| {
            entries
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|e| e == "ptn"))
                .collect()
        },
    )
}

#[test]
fn a_bot_killed_mid_game_goes_back_into_it_when_started_again_and_plays_it_out() {
    let Some(server) = Server::start(&["alice", "brian"]) else {
        return;
    };
    let dir = scratch("online-bots-restart");
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
    let seeker = bot(&alice_dir, &server.tcp_url(), "alice", &seeking);
    let accepter = bot(
        &brian_dir,
        &server.tcp_url(),
        "brian",
        &[
            "--bot",
            "computer:1",
            "--accept",
            "alice",
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
    let again = bot(&alice_dir, &server.tcp_url(), "alice", &seeking);
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
        let saved: Vec<String> = saved_games(path).iter().map(as_in_games_db).collect();
        assert_eq!(saved, in_db, "{}", path.display());
    }
    assert!(
        kept_files(&alice_dir).is_empty(),
        "the kept copy is gone once it is over"
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
    assert!(in_db[0].starts_with("alice|brian|P A1,"), "{}", in_db[0]);
    assert!(in_db[0].ends_with("|0-1"), "{}", in_db[0]);
    let saved: Vec<String> = saved_games(&out).iter().map(as_in_games_db).collect();
    assert_eq!(saved, in_db);
    assert!(
        shells_running_with(&marker).is_empty(),
        "the engine outlived its bot"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
