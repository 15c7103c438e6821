//! `cargo xtask match` end to end: the runner (the `xtask` binary) against the test engine
//! of `src/bin/fake_engine.rs`, which plays legal moves and fails on request. Every failure
//! must cost the failing engine its game, be counted as what it was, and leave the match
//! going on.

mod common;

use common::{scratch, text, FAKE, XTASK};
use serde_json::Value;
use std::process::{Command, Output};

/// The spec of the fake engine with these arguments.
fn fake(name: &str, arguments: &[&str]) -> String {
    let mut spec = format!("cmd={FAKE},name={name}");
    for argument in arguments {
        spec.push_str(&format!(",arg={argument}"));
    }
    spec
}

/// Runs a match of `first` against `second` with `extra` arguments; its output, PGN and JSON.
fn run(name: &str, first: &str, second: &str, extra: &[&str]) -> (Output, String, Value) {
    let dir = scratch("match", name);
    let (pgn, json) = (dir.join("games.pgn"), dir.join("summary.json"));
    let output = Command::new(XTASK)
        .args(["match", "--engine", first, "--engine", second])
        .args(extra)
        .arg("--pgn")
        .arg(&pgn)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    let pgn = std::fs::read_to_string(&pgn).unwrap_or_default();
    let json = std::fs::read_to_string(&json)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null);
    (output, pgn, json)
}

/// Every game of the PGN read back, each move legal by Outpost's rules.
fn legal_games(pgn: &str) -> Vec<outpost_pgn::PgnGame> {
    let games = outpost_pgn::read_pgn(pgn).unwrap();
    for game in &games {
        assert!(game.to_game().is_some(), "{pgn}");
    }
    games
}

#[test]
fn a_match_is_played_written_and_summed_up() {
    let (output, pgn, json) = run(
        "plain",
        &fake("a", &[]),
        &fake("b", &["--seed", "9"]),
        &[
            "--games",
            "4",
            "--nodes",
            "100",
            "--openings",
            "../data/openings.epd",
            "--max-moves",
            "40",
        ],
    );
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains("game 4/4: "), "{out}");
    assert!(out.contains("W-D-L"), "{out}");
    assert!(out.contains("Elo (pairs, pentanomial): "), "{out}");
    assert!(
        out.contains("Pairs: 2, by points 0, 1/2, 1, 3/2, 2: ["),
        "{out}"
    );
    assert_eq!(json["games"], 4, "{json}");
    assert_eq!(json["engines"], serde_json::json!(["a", "b"]));
    assert!(json["command"]
        .as_str()
        .unwrap()
        .starts_with("cargo xtask match --engine "));
    let pentanomial: u64 = json["pentanomial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(pentanomial, 2);
    let games = legal_games(&pgn);
    assert_eq!(games.len(), 4);
    // Each opening twice, colours swapped, replayed from the start with its moves.
    assert_eq!(games[0].moves[..8], games[1].moves[..8]);
    assert_eq!(games[0].tag("White"), games[1].tag("Black"));
    assert_eq!(games[0].tag("Round"), Some("1.1"));
    assert_eq!(games[1].tag("Round"), Some("1.2"));
    assert_eq!(games[0].tag("Opening"), Some("openings.epd:4"));
    assert_eq!(games[0].notes[7].comments, ["end of opening"]);
    assert_eq!(
        json["faults"]["a"],
        serde_json::json!({"time": 0, "crash": 0, "hang": 0, "illegal": 0})
    );
}

#[test]
fn every_failure_loses_its_game_and_the_match_goes_on() {
    for (fault, arguments, extra) in [
        ("crash", ["--crash-at", "2"], &["--nodes", "100"][..]),
        (
            "hang",
            ["--hang-at", "2"],
            &["--nodes", "100", "--move-timeout", "0.5"][..],
        ),
        ("illegal", ["--illegal-at", "2"], &["--nodes", "100"][..]),
        (
            "time",
            ["--flag-at", "2"],
            &["--tc", "0.3+0.01", "--time-margin", "50"][..],
        ),
    ] {
        let mut extra = extra.to_vec();
        extra.extend(["--games", "2"]);
        let (output, pgn, json) = run(fault, &fake("good", &[]), &fake("bad", &arguments), &extra);
        let out = text(&output);
        assert!(output.status.success(), "{fault}: {out}");
        assert_eq!(json["games"], 2, "{fault}: {out}");
        assert_eq!(json["wins"], 2, "{fault}: {out}");
        assert_eq!(json["faults"]["bad"][fault], 2, "{fault}: {json}");
        assert_eq!(json["faults"]["good"][fault], 0, "{fault}: {json}");
        assert_eq!(
            json["pentanomial"],
            serde_json::json!([0, 0, 0, 0, 1]),
            "{fault}"
        );
        let games = legal_games(&pgn);
        assert_eq!(games.len(), 2);
        // The failing engine's first move stands, its second is the failure.
        assert_eq!(games[0].moves.len(), 3, "{fault}: {pgn}");
    }
}

#[test]
fn an_engine_that_never_starts_stops_the_match() {
    let (output, _, _) = run(
        "missing",
        &fake("a", &[]),
        "cmd=/nonexistent/engine",
        &["--games", "2"],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output).contains("cannot start '/nonexistent/engine'"),
        "{}",
        text(&output)
    );
    let (output, _, _) = run(
        "silent",
        &fake("a", &[]),
        &fake("b", &["--no-uciok"]),
        &["--games", "2", "--init-timeout", "0.5"],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output).contains("b did not start: hung (no 'uciok' in time)"),
        "{}",
        text(&output)
    );
}

#[test]
fn the_sprt_stops_the_match_when_it_decides() {
    let (output, _, json) = run(
        "sprt",
        &fake("strong", &[]),
        &fake("weak", &["--crash-at", "1"]),
        &[
            "--games",
            "200",
            "--nodes",
            "100",
            "--concurrency",
            "2",
            "--sprt",
            "elo0=0",
            "elo1=200",
            "alpha=0.1",
            "beta=0.1",
        ],
    );
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert_eq!(json["sprt"]["result"], "H1", "{json}");
    let games = json["games"].as_u64().unwrap();
    assert!(games < 40, "{games}");
    assert!(json["sprt"]["llr"].as_f64().unwrap() >= json["sprt"]["upper_bound"].as_f64().unwrap());
    assert!(out.contains("LLR "), "{out}");
    assert!(out.contains(": H1 accepted"), "{out}");
}

#[test]
fn an_undecided_sprt_continues_from_its_summary() {
    let engines = (fake("a", &[]), fake("b", &["--seed", "9"]));
    let arguments = |games: &'static str, seed: &'static str| {
        vec![
            "--games",
            games,
            "--nodes",
            "100",
            "--max-moves",
            "30",
            "--openings",
            "../data/openings.epd",
            "--order",
            "random",
            "--seed",
            seed,
            "--sprt",
            "elo0=0",
            "elo1=10",
        ]
    };
    let (output, _, first) = run(
        "continue-first",
        &engines.0,
        &engines.1,
        &arguments("4", "1"),
    );
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(first["sprt"]["result"], "none", "{first}");
    let earlier = scratch("match", "continue-earlier").join("earlier.json");
    std::fs::write(&earlier, first.to_string()).unwrap();
    let earlier = earlier.display().to_string();

    let mut again = arguments("4", "1");
    again.extend(["--continue", &earlier]);
    let (output, pgn, json) = run("continue-second", &engines.0, &engines.1, &again);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    let header = format!(
        "Continuing {earlier}: 4 games, W-D-L {}-{}-{}, pairs 2, LLR ",
        first["wins"], first["draws"], first["losses"]
    );
    assert!(out.contains(&header), "{header}\n{out}");
    assert_eq!(json["games"], 8, "{json}");
    assert_eq!(
        json["continues"],
        serde_json::json!([first["command"]]),
        "{json}"
    );
    let counts = |summary: &Value, key: &str| -> Vec<u64> {
        let values: Vec<&Value> = match &summary[key] {
            Value::Array(values) => values.iter().collect(),
            Value::Object(values) => values.values().collect(),
            _ => panic!("{key}: {summary}"),
        };
        values.into_iter().map(|v| v.as_u64().unwrap()).collect()
    };
    assert_eq!(
        counts(&json, "pentanomial").iter().sum::<u64>(),
        4,
        "{json}"
    );
    assert_eq!(counts(&json, "endings").iter().sum::<u64>(), 8, "{json}");
    let kept = |key: &str| first[key].as_u64().unwrap() <= json[key].as_u64().unwrap();
    assert!(
        kept("wins") && kept("draws") && kept("losses"),
        "{first}\n{json}"
    );
    // The new games take the openings that follow the earlier ones: those of games 5 to 8
    // of one run of eight.
    let (output, single, _) = run(
        "continue-single",
        &engines.0,
        &engines.1,
        &arguments("8", "1"),
    );
    assert!(output.status.success(), "{}", text(&output));
    let opening = |game: &outpost_pgn::PgnGame| game.tag("Opening").unwrap().to_string();
    let continued: Vec<String> = legal_games(&pgn).iter().map(opening).collect();
    let single: Vec<String> = legal_games(&single).iter().map(opening).collect();
    assert_eq!(continued, single[4..], "{continued:?} {single:?}");
    // ... and are numbered on: games 5 to 8, rounds 3 and 4.
    let rounds: Vec<String> = legal_games(&pgn)
        .iter()
        .map(|game| game.tag("Round").unwrap().to_string())
        .collect();
    let mut rounds_sorted = rounds.clone();
    rounds_sorted.sort();
    assert_eq!(rounds_sorted, ["3.1", "3.2", "4.1", "4.2"], "{rounds:?}");
    for number in 5..=8 {
        assert!(out.contains(&format!("game {number}/8: ")), "{out}");
    }
    let files = json["pgn_files"].as_array().unwrap();
    assert_eq!(files.len(), 2, "{json}");
    assert_eq!(files[0], first["pgn_files"][0], "{json}");

    // A continuation that would replace the earlier games (the same --pgn) is refused, and
    // those games are kept.
    let earlier_pgn = first["pgn_files"][0].as_str().unwrap();
    let earlier_games = std::fs::read_to_string(earlier_pgn).unwrap();
    let output = Command::new(XTASK)
        .args(["match", "--engine", &engines.0, "--engine", &engines.1])
        .args(&again)
        .args(["--pgn", earlier_pgn])
        .output()
        .unwrap();
    let out = text(&output);
    assert!(!output.status.success(), "{out}");
    assert!(out.contains("wrote its games there"), "{out}");
    assert!(!out.contains("game 5/"), "{out}");
    assert_eq!(std::fs::read_to_string(earlier_pgn).unwrap(), earlier_games);

    // Other openings, another limit, another engine: refused before the first game.
    let refusals = [
        (arguments("4", "2"), &engines.1, "it played other openings"),
        (
            arguments("4", "1")
                .into_iter()
                .map(|a| if a == "100" { "200" } else { a })
                .collect(),
            &engines.1,
            "another experiment: rules",
        ),
        (
            arguments("4", "1"),
            &engines.0,
            "another experiment: engine",
        ),
    ];
    for (mut arguments, second, why) in refusals {
        arguments.extend(["--continue", &earlier]);
        let (output, pgn, json) = run("continue-refused", &engines.0, second, &arguments);
        let out = text(&output);
        assert!(!output.status.success(), "{why}: {out}");
        assert!(out.contains(why), "{why}: {out}");
        assert!(!out.contains("game 1/"), "{why}: {out}");
        assert!(
            pgn.is_empty() && json.is_null(),
            "{why}: nothing is written"
        );
    }
}

/// A child process killed when dropped: a failed test leaves no match running.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_match_stopped_before_its_end_continues_from_its_last_pair() {
    let engines = (fake("a", &[]), fake("b", &["--seed", "9"]));
    // Three games at once: pairs finish out of their order, and games finished after the
    // first unfinished pair are played again by the continuation.
    let arguments = |games: &str| -> Vec<String> {
        let mut arguments = [
            "--nodes",
            "100",
            "--max-moves",
            "30",
            "--concurrency",
            "3",
            "--openings",
            "../data/openings.epd",
            "--order",
            "random",
            "--seed",
            "1",
            "--games",
        ]
        .map(String::from)
        .to_vec();
        arguments.push(games.to_string());
        arguments
    };
    // A long match, killed once its summary counts four games.
    let dir = scratch("match", "stopped");
    let earlier = dir.join("summary.json");
    let mut child = Killed(
        Command::new(XTASK)
            .args(["match", "--engine", &engines.0, "--engine", &engines.1])
            .args(arguments("100000"))
            .arg("--pgn")
            .arg(dir.join("games.pgn"))
            .arg("--json")
            .arg(&earlier)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let read = || -> Option<Value> {
        let text = std::fs::read_to_string(&earlier).ok()?;
        Some(serde_json::from_str(&text).expect("a summary is written whole"))
    };
    let began = std::time::Instant::now();
    while read().is_none_or(|summary| summary["games"].as_u64() < Some(4)) {
        assert_eq!(child.0.try_wait().unwrap(), None, "the match ended");
        assert!(began.elapsed().as_secs() < 60, "no summary after a minute");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    drop(child);
    let summary = read().unwrap();
    assert_eq!(summary["ended"], false, "{summary}");
    let games = summary["games"].as_u64().unwrap();
    let pairs: u64 = summary["pentanomial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|count| count.as_u64().unwrap())
        .sum();
    assert_eq!(games, 2 * pairs, "whole pairs only: {summary}");

    // Six games more from it: the openings one run would have played next.
    let mut again = arguments("6");
    again.extend(["--continue".to_string(), earlier.display().to_string()]);
    let again: Vec<&str> = again.iter().map(String::as_str).collect();
    let (output, pgn, json) = run("stopped-continued", &engines.0, &engines.1, &again);
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert!(out.contains(" (stopped before its end: "), "{out}");
    assert_eq!(json["games"], games + 6, "{json}");
    assert_eq!(json["ended"], true, "{json}");
    let single = arguments(&(games + 6).to_string());
    let single: Vec<&str> = single.iter().map(String::as_str).collect();
    let (output, single, _) = run("stopped-single", &engines.0, &engines.1, &single);
    assert!(output.status.success(), "{}", text(&output));
    // The games in the order of their rounds (`pair.game`), not of their ends.
    let openings = |pgn: &str| -> Vec<String> {
        let mut games: Vec<(Vec<u64>, String)> = legal_games(pgn)
            .iter()
            .map(|game| {
                let round = game.tag("Round").unwrap();
                let round = round.split('.').map(|n| n.parse().unwrap()).collect();
                (round, game.tag("Opening").unwrap().to_string())
            })
            .collect();
        games.sort();
        games.into_iter().map(|(_, opening)| opening).collect()
    };
    let (continued, single) = (openings(&pgn), openings(&single));
    assert_eq!(
        continued,
        single[games as usize..],
        "{continued:?} {single:?}"
    );
}

#[test]
fn scores_adjudicate_resignations_and_draws() {
    let (output, pgn, json) = run(
        "resign",
        &fake("sure", &["--score", "1500"]),
        &fake("doomed", &["--score", "-1500"]),
        &["--games", "2", "--nodes", "100", "--resign", "2", "1000"],
    );
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(json["wins"], 2, "{json}");
    assert_eq!(json["endings"]["resign adjudication"], 2, "{json}");
    assert!(pgn.contains("resigns (adjudication)"), "{pgn}");
    // One side's belief alone is not enough.
    let (_, _, json) = run(
        "one-sided",
        &fake("sure", &["--score", "1500"]),
        &fake("calm", &["--score", "0"]),
        &[
            "--games",
            "2",
            "--nodes",
            "100",
            "--resign",
            "2",
            "1000",
            "--max-moves",
            "10",
        ],
    );
    assert_eq!(
        json["endings"]["resign adjudication"],
        Value::Null,
        "{json}"
    );
    let (output, _, json) = run(
        "draw",
        &fake("a", &["--score", "0"]),
        &fake("b", &["--score", "5"]),
        &["--games", "2", "--nodes", "100", "--draw", "1", "1", "10"],
    );
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(json["draws"], 2, "{json}");
    assert_eq!(json["endings"]["draw adjudication"], 2, "{json}");
}

#[test]
fn chess960_and_fragments() {
    let (output, pgn, json) = run(
        "chess960",
        &fake("a", &[]),
        &fake("b", &[]),
        &[
            "--games",
            "2",
            "--nodes",
            "100",
            "--variant",
            "chess960",
            "--max-moves",
            "30",
            "--seed",
            "3",
        ],
    );
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(json["games"], 2);
    let games = legal_games(&pgn);
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert_eq!(games[0].start, games[1].start);
    assert!(games[0].tag("Opening").unwrap().starts_with("Chess960 #"));

    let (output, pgn, json) = run(
        "fragments",
        &fake("a", &[]),
        &fake("b", &[]),
        &["--games", "2", "--nodes", "100", "--variant", "fragments"],
    );
    assert!(output.status.success(), "{}", text(&output));
    assert_eq!(json["variant"], "fragments");
    let games = legal_games(&pgn);
    assert!(games
        .iter()
        .all(|g| g.start.variant() == outpost_board::Variant::Fragments));
    assert!(games
        .iter()
        .all(|g| g.tag("Opening") == Some("start, 4 random plies")));
}

#[test]
fn pgn_openings_are_replayed() {
    let dir = scratch("match", "pgn-book");
    let book = dir.join("book.pgn");
    std::fs::write(
        &book,
        "[Event \"x\"]\n\n1. d4 Nf6 2. c4 e6 *\n\n[Event \"y\"]\n\n1. e4 c5 *\n",
    )
    .unwrap();
    let book = book.display().to_string();
    let (output, pgn, _) = run(
        "pgn-openings",
        &fake("a", &[]),
        &fake("b", &[]),
        &[
            "--games",
            "4",
            "--nodes",
            "100",
            "--openings",
            &book,
            "--book-plies",
            "3",
            "--max-moves",
            "5",
        ],
    );
    assert!(output.status.success(), "{}", text(&output));
    let games = legal_games(&pgn);
    assert_eq!(games.len(), 4);
    assert_eq!(games[0].tag("Opening"), Some("book.pgn game 1"));
    assert_eq!(games[2].tag("Opening"), Some("book.pgn game 2"));
    assert_eq!(games[0].notes[2].comments, ["end of opening"]);
    assert_eq!(games[2].notes[1].comments, ["end of opening"]);
}

/// A file of two openings given as positions (FEN), not as moves from the start.
fn fen_openings() -> String {
    let path = scratch("match", "fen-openings").join("fens.txt");
    std::fs::write(
        &path,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\n\
         rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4\n",
    )
    .unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn xboard_engines_play_against_uci_engines() {
    // Openings from a FEN (setboard), SAN moves both ways, and a clock. The test engine
    // answers a move out of force mode at once and refuses a `go` without the clocks, as a
    // real engine would go astray without `force` or `time`.
    let openings = fen_openings();
    let log = scratch("match", "xboard-log").join("engines.log");
    let log = log.to_string_lossy();
    let (output, pgn, json) = run(
        "xboard",
        &fake("uci", &[]),
        &format!("{},proto=xboard", fake("cecp", &["--xboard", "--san"])),
        &[
            "--games",
            "4",
            "--tc",
            "2+0.02",
            "--openings",
            &openings,
            "--max-moves",
            "30",
            "--log",
            &log,
        ],
    );
    let out = text(&output);
    assert!(output.status.success(), "{out}");
    assert_eq!(json["games"], 4, "{out}");
    assert_eq!(
        json["faults"]["cecp"],
        serde_json::json!({"time": 0, "crash": 0, "hang": 0, "illegal": 0}),
        "{json}"
    );
    assert_eq!(legal_games(&pgn).len(), 4);
    let log = std::fs::read_to_string(log.as_ref()).unwrap();
    for said in [
        "cecp < accepted setboard",
        "cecp < accepted san",
        "cecp < setboard r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "cecp < level 0 0:02 0.02",
        "cecp < force",
        "cecp < usermove ",
    ] {
        assert!(log.contains(said), "{said}: {log}");
    }
    // Its own clock first, in centiseconds.
    assert!(
        log.lines()
            .any(|line| line.contains("cecp > 1 0 0 1 time 2") && line.contains(" otim ")),
        "{log}"
    );
    assert!(!log.contains("unasked") && !log.contains("Error"), "{log}");
}

#[test]
fn xboard_resignations_claims_and_illegal_moves() {
    for (name, arguments, wins, kind) in [
        (
            "xboard-resign",
            &["--resign-at", "2"][..],
            2,
            Some("resignation"),
        ),
        (
            "xboard-illegal",
            &["--illegal-at", "2"][..],
            2,
            Some("illegal move"),
        ),
        (
            "xboard-false-claim",
            &["--false-claim-at", "2"][..],
            2,
            Some("illegal move"),
        ),
        // A draw claimed just before a move is no fault: the game goes on.
        ("xboard-claim", &["--claim-at", "2"][..], 0, None),
    ] {
        let mut xboard = vec!["--xboard"];
        xboard.extend(arguments);
        let (output, pgn, json) = run(
            name,
            &fake("uci", &[]),
            &format!("{},proto=xboard", fake("cecp", &xboard)),
            &[
                "--games",
                "2",
                "--depth",
                "1",
                "--max-moves",
                "10",
                "--move-timeout",
                "0.5",
            ],
        );
        let out = text(&output);
        assert!(output.status.success(), "{out}");
        let games = legal_games(&pgn);
        match kind {
            Some(kind) => {
                assert_eq!(json["wins"], wins, "{name}: {json}");
                assert_eq!(json["endings"][kind], 2, "{name}: {json}");
                // The engine's second move is the one: after three plies with black, two
                // with white.
                assert_eq!(games[0].moves.len(), 3, "{name}: {pgn}");
                assert_eq!(games[1].moves.len(), 2, "{name}: {pgn}");
            }
            None => {
                assert_eq!(json["endings"]["move limit"], 2, "{name}: {json}");
                assert_eq!(games[0].moves.len(), 20, "{name}: {pgn}");
            }
        }
    }
    let (_, pgn, _) = run(
        "xboard-false-claim-words",
        &fake("uci", &[]),
        &format!(
            "{},proto=xboard",
            fake("cecp", &["--xboard", "--false-claim-at", "1"])
        ),
        &["--games", "2", "--depth", "1", "--move-timeout", "0.5"],
    );
    assert!(
        pgn.contains("claimed '1/2-1/2 {a draw, says the fake}' and did not move"),
        "{pgn}"
    );
}

#[test]
fn what_an_xboard_engine_cannot_do_stops_the_match_with_the_reason() {
    let xboard = format!(
        "{},proto=xboard",
        fake("cecp", &["--xboard", "--no-setboard"])
    );
    // A start position it cannot be given.
    let openings = fen_openings();
    let (output, _, _) = run(
        "xboard-setboard",
        &fake("uci", &[]),
        &xboard,
        &["--games", "2", "--depth", "1", "--openings", &openings],
    );
    let out = text(&output);
    assert_eq!(output.status.code(), Some(2), "{out}");
    assert!(out.contains("cannot be given a start position"), "{out}");
    // Limits and rules xboard cannot express.
    for (extra, why) in [
        (&["--nodes", "100"][..], "no node count"),
        (&["--movetime", "0.5"][..], "whole seconds"),
        (&["--variant", "chess960"][..], "standard chess only"),
    ] {
        let (output, _, _) = run("xboard-limits", &fake("uci", &[]), &xboard, extra);
        let out = text(&output);
        assert_eq!(output.status.code(), Some(2), "{out}");
        assert!(
            out.contains("cecp (proto=xboard): ") && out.contains(why),
            "{out}"
        );
    }
}
