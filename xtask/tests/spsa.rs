//! `cargo xtask spsa` end to end: the tuner (the `xtask` binary) with the test engine of
//! `src/bin/fake_engine.rs`, whose `Skill` spin option it tunes.

mod common;

use common::{scratch, text, FAKE, XTASK};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

/// The openings of the runs.
const OPENINGS: [&str; 2] = ["--openings", "../data/openings.epd"];

/// Runs `xtask spsa` with the fake engine and `extra` arguments, the state in `dir`.
fn spsa(dir: &Path, extra: &[&str]) -> Output {
    Command::new(XTASK)
        .args(["spsa", "--engine", &format!("cmd={FAKE},option.Skill=40")])
        .args(["--nodes", "100"])
        .arg("--state")
        .arg(dir.join("state.json"))
        .arg("--pgn")
        .arg(dir.join("games.pgn"))
        .args(extra)
        .output()
        .unwrap()
}

fn state(dir: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("state.json")).unwrap()).unwrap()
}

#[test]
fn a_run_plays_its_pairs_saves_its_state_and_resumes() {
    let dir = scratch("spsa", "run");
    let output = spsa(
        &dir,
        &[
            &OPENINGS[..],
            &["--param", "Skill=5", "--pairs", "3", "--concurrency", "2"],
        ]
        .concat(),
    );
    let printed = text(&output);
    assert!(output.status.success(), "{printed}");
    // It starts where the engine spec sets the option, with its range from `uci`.
    assert!(
        printed.contains("Skill: 40.0 in 0..=100, c_end 5"),
        "{printed}"
    );
    for pair in 1..=3 {
        assert!(
            printed.contains(&format!("pair {pair}/3: plus ")),
            "{printed}"
        );
    }
    assert!(printed.contains("Tuned values: option.Skill="), "{printed}");
    let saved = state(&dir);
    assert_eq!(
        (saved["done"].as_u64(), saved["iterations"].as_u64()),
        (Some(3), Some(3))
    );
    let value = saved["params"][0]["value"].as_f64().unwrap();
    assert!((0.0..=100.0).contains(&value), "{saved}");
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    let games = outpost_pgn::read_pgn(&pgn).unwrap();
    assert_eq!(games.len(), 6);
    let sides = |game: &outpost_pgn::PgnGame| {
        let tag = |name: &str| {
            game.tags
                .iter()
                .find(|(tag, _)| tag == name)
                .unwrap()
                .1
                .clone()
        };
        (tag("White"), tag("Black"))
    };
    assert_eq!(sides(&games[0]), ("plus".to_string(), "minus".to_string()));

    // Resumed: nothing is left to play. Another run length, or a new run over the state,
    // is refused.
    let resumed = spsa(&dir, &[&OPENINGS[..], &["--resume"]].concat());
    let printed = text(&resumed);
    assert!(resumed.status.success(), "{printed}");
    assert!(printed.contains("over 3 pairs (3 done)"), "{printed}");
    assert!(printed.contains("0 pairs in "), "{printed}");
    let longer = spsa(
        &dir,
        &[&OPENINGS[..], &["--resume", "--pairs", "10"]].concat(),
    );
    assert!(
        text(&longer).contains("is a run of 3 pairs"),
        "{}",
        text(&longer)
    );
    let again = spsa(
        &dir,
        &[&OPENINGS[..], &["--param", "Skill", "--pairs", "3"]].concat(),
    );
    assert!(
        text(&again).contains("exists: --resume goes on"),
        "{}",
        text(&again)
    );
}

#[test]
fn mistakes_are_explained() {
    let dir = scratch("spsa", "mistakes");
    let unknown = spsa(&dir, &[&OPENINGS[..], &["--param", "Speed"]].concat());
    let printed = text(&unknown);
    assert_eq!(unknown.status.code(), Some(2), "{printed}");
    assert!(
        printed.contains("no spin option 'Speed' (it has: Skill;"),
        "{printed}"
    );
    let fresh_without_params = spsa(&dir, &OPENINGS);
    assert!(text(&fresh_without_params).contains("--param"));
    let nothing_to_resume = spsa(&dir, &[&OPENINGS[..], &["--resume"]].concat());
    assert!(text(&nothing_to_resume).contains("state.json"));
    let same_openings = spsa(&dir, &["--param", "Skill"]);
    assert!(
        text(&same_openings).contains("--random-plies"),
        "{}",
        text(&same_openings)
    );
    let twice = spsa(
        &dir,
        &[
            "--param",
            "Skill",
            "--param",
            "skill",
            "--random-plies",
            "4",
        ],
    );
    assert!(
        text(&twice).contains("--param Skill is given twice"),
        "{}",
        text(&twice)
    );
    std::fs::write(dir.join("state.json"), "not json").unwrap();
    let broken = spsa(&dir, &[&OPENINGS[..], &["--resume"]].concat());
    assert!(
        text(&broken).contains("not an SPSA state"),
        "{}",
        text(&broken)
    );
}
