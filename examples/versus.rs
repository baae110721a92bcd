//! An engine match for measuring strength: `tak tei` (this build, or a kept copy of an older
//! one) against any TEI engine, from a book of openings with both colours per opening, on a
//! clock, with the score, its Elo difference and margin, and optionally a sequential test
//! (SPRT) that stops as soon as the evidence settles whether a change helps.
//!
//! It drives `tak match` (which referees, keeps time and saves every game to a PTN file) and
//! reads the line it writes after each game:
//!
//! ```text
//! cargo run --release --example versus -- --tak target/release/tak \
//!     --opponent '/path/tiltak-tei' --size 5 --komi 2 --clock 10+0.1 --games 40 \
//!     [--openings FILE] [--sprt 0,30 --alpha 0.05 --beta 0.05] [--out FILE] [--tei 'ARGS']
//!     [--ours 'COMMAND']
//! ```
//!
//! The clock is in seconds: `10+0.1` is ten seconds a game and a tenth a move.
//! `--opponent` is the other engine's command line (a kept copy of `tak` is
//! `'/path/tak-old tei'`); `--tei` adds arguments to this side's `tak tei`, and `--ours` replaces
//! this side's whole command line (`scripts/fixed-nodes.sh` wrapping a `tak tei`, say). Each
//! game's line goes to stderr as it ends, with the test's log likelihood ratio when
//! `--sprt ELO0,ELO1` is given; the summary goes to stdout. See `scripts/versus.sh`.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};

use taktui::game::{Sprt, Tally, Verdict};

struct Options {
    tak: String,
    tei: String,
    ours: Option<String>,
    opponent: String,
    size: u8,
    komi: String,
    clock: String,
    games: u32,
    openings: Option<String>,
    out: Option<String>,
    sprt: Option<Sprt>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        tak: "target/release/tak".to_owned(),
        tei: String::new(),
        ours: None,
        opponent: String::new(),
        size: 5,
        komi: "2".to_owned(),
        clock: "10+0.1".to_owned(),
        games: 40,
        openings: None,
        out: None,
        sprt: None,
    };
    let (mut alpha, mut beta) = (0.05, 0.05);
    let mut hypotheses = None;
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let [name, value] = pair else {
            return Err(format!("{} needs a value", pair[0]));
        };
        let value = value.clone();
        let number = |v: &str| {
            v.parse::<f64>()
                .map_err(|_| format!("{name}: {v:?} is not a number"))
        };
        match name.as_str() {
            "--tak" => options.tak = value,
            "--tei" => options.tei = value,
            "--ours" => options.ours = Some(value),
            "--opponent" => options.opponent = value,
            "--size" => {
                options.size = value
                    .parse()
                    .map_err(|_| format!("--size: {value:?} is not a size"))?;
            }
            "--komi" => options.komi = value,
            "--clock" => options.clock = value,
            "--games" => {
                options.games = value
                    .parse()
                    .map_err(|_| format!("--games: {value:?} is not a count"))?;
            }
            "--openings" => options.openings = Some(value),
            "--out" => options.out = Some(value),
            "--alpha" => alpha = number(&value)?,
            "--beta" => beta = number(&value)?,
            "--sprt" => {
                let (low, high) = value
                    .split_once(',')
                    .ok_or_else(|| format!("--sprt takes ELO0,ELO1, not {value:?}"))?;
                hypotheses = Some((number(low)?, number(high)?));
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if options.opponent.is_empty() {
        return Err("--opponent 'COMMAND' is needed: the engine to play against".to_owned());
    }
    options.sprt = hypotheses.map(|(elo0, elo1)| Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    });
    Ok(options)
}

/// The tally at the end of one of `tak match`'s game lines (`...: +3 =1 -2, 58.3%`).
fn tally_of(line: &str) -> Option<Tally> {
    if !line.starts_with("game ") {
        return None;
    }
    let tail = &line[line.rfind(": +")? + 2..];
    let mut words = tail.split([' ', ',']).filter(|w| !w.is_empty());
    let mut take = |sign: char| words.next()?.strip_prefix(sign)?.parse::<u32>().ok();
    Some(Tally {
        wins: take('+')?,
        draws: take('=')?,
        losses: take('-')?,
    })
}

/// `tak match`'s clock (minutes+seconds) for a clock of `SECONDS+INCREMENT`, as engine
/// matches are written.
fn minutes(clock: &str) -> Option<String> {
    let (initial, increment) = clock.split_once('+').unwrap_or((clock, "0"));
    let initial: f64 = initial.trim().parse().ok()?;
    let increment: f64 = increment.trim().parse().ok()?;
    (initial > 0.0 && increment >= 0.0).then(|| format!("{}+{increment}", initial / 60.0))
}

fn main() {
    let options = options().unwrap_or_else(|why| {
        eprintln!("versus: {why}");
        std::process::exit(2);
    });
    let size = options.size;
    let book = format!(
        "{}/../shared/peers/openings/{size}s_4ply_balanced_openings.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let openings = options.openings.clone().unwrap_or(book);
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| format!("versus-{size}x{size}-{}.ptn", std::process::id()));
    let clock = minutes(&options.clock).unwrap_or_else(|| {
        eprintln!(
            "versus: --clock takes SECONDS+INCREMENT (10+0.1), not {:?}",
            options.clock
        );
        std::process::exit(2);
    });
    let ours = match &options.ours {
        Some(command) => format!("engine:cmd:{command}"),
        None => format!("engine:cmd:{} tei {}", options.tak, options.tei),
    };
    let theirs = format!("engine:cmd:{}", options.opponent);
    let mut child = Command::new(&options.tak)
        .args([
            "match",
            "--quiet",
            "--white",
            ours.trim(),
            "--black",
            &theirs,
        ])
        .args(["--size", &size.to_string(), "--komi", &options.komi])
        .args(["--clock", &clock, "--openings", &openings])
        .args(["--games", &options.games.to_string(), "--out", &out])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            eprintln!("versus: cannot start {}: {e}", options.tak);
            std::process::exit(2);
        });
    println!(
        "{} against {} on {size}x{size}, komi {}, clock {}, {} games from {openings}; games in {out}",
        ours.trim(),
        theirs,
        options.komi,
        options.clock,
        options.games
    );
    if let Some(test) = options.sprt {
        let (lower, upper) = test.bounds();
        println!(
            "SPRT elo0 {} elo1 {} alpha {} beta {}: bounds {lower:.2} {upper:.2}",
            test.elo0, test.elo1, test.alpha, test.beta
        );
    }
    let stderr = BufReader::new(child.stderr.take().expect("piped"));
    let child = Arc::new(Mutex::new(child));
    end_the_match_when_stopped(Arc::clone(&child));
    let mut tally = Tally::default();
    let mut verdict = Verdict::Continue;
    for line in stderr.lines() {
        let Ok(line) = line else { break };
        let Some(now) = tally_of(&line) else {
            eprintln!("{line}");
            continue;
        };
        tally = now;
        match options.sprt {
            Some(test) => {
                let llr = test
                    .llr(&tally)
                    .map_or_else(|| "-".to_owned(), |l| format!("{l:.2}"));
                eprintln!("{line} LLR {llr}");
                verdict = test.verdict(&tally);
                if verdict != Verdict::Continue {
                    // Settled: the match ends here (its file keeps the games played).
                    let _ = lock(&child).kill();
                    break;
                }
            }
            None => eprintln!("{line}"),
        }
    }
    let _ = lock(&child).wait();
    report(&options, &tally, verdict);
}

fn lock(child: &Mutex<Child>) -> std::sync::MutexGuard<'_, Child> {
    child.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Stopping versus (Ctrl-C, `kill`) stops its match too, which would otherwise play on with
/// nobody reading its results (the engines it started end when their input closes).
fn end_the_match_when_stopped(child: Arc<Mutex<Child>>) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let _ = lock(&child).kill();
            eprintln!(
                "versus: stopped (signal {signal}); the match's games so far are in its file"
            );
            std::process::exit(128 + signal);
        }
    });
}

/// The match's summary: score, Elo and the test's verdict.
fn report(options: &Options, tally: &Tally, verdict: Verdict) {
    println!("taktui against {}: {tally}", options.opponent);
    if let Some(elo) = tally.elo() {
        println!(
            "Elo {:+.0} ± {:.0} over {} games",
            elo.difference,
            elo.margin,
            tally.games()
        );
    }
    let said = match (options.sprt, verdict) {
        (Some(_), Verdict::AcceptElo1) => "SPRT: elo1 accepted (the change helps)".to_owned(),
        (Some(_), Verdict::AcceptElo0) => {
            "SPRT: elo0 accepted (the change does not help)".to_owned()
        }
        (Some(_), Verdict::Continue) => format!("SPRT: no verdict within {} games", tally.games()),
        (None, _) => String::new(),
    };
    if !said.is_empty() {
        println!("{said}");
    }
}
