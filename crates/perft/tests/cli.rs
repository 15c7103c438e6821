//! The `perft` binary: Stockfish-style output, modes, and clear errors with exit code 2.

use std::process::{Command, Output};

fn perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .output()
        .expect("the perft binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn divide_prints_one_line_per_root_move_then_the_total() {
    let output = perft(&["--depth", "3", "--divide"]);
    assert!(output.status.success());
    insta::assert_snapshot!(stdout(&output));
    assert!(stderr(&output).contains("mode:"), "{}", stderr(&output));
}

#[test]
fn every_mode_prints_the_same_total() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for extra in [
        &[][..],
        &["--threads", "1", "--hash", "0"],
        &["--no-bulk"],
        &["--check-hash"],
        &["--threads", "2", "--hash", "1"],
    ] {
        let mut args = vec!["--fen", kiwipete, "--depth", "3"];
        args.extend_from_slice(extra);
        let output = perft(&args);
        assert!(output.status.success(), "{extra:?}: {}", stderr(&output));
        assert_eq!(stdout(&output), "Nodes searched: 97862\n", "{extra:?}");
    }
}

#[test]
fn bad_input_is_reported_with_exit_code_2() {
    for args in [
        &["--fen", "not a fen"][..],
        &[
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        ],
        &["--depth", "-1"],
        &["--depth", "99"],
        &["--depth"],
        &["--threads", "0"],
        &["--hash", "lots"],
        &["--frobnicate"],
    ] {
        let output = perft(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stdout(&output).is_empty(), "{args:?}");
        assert!(
            stderr(&output).starts_with("perft: "),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn help_explains_the_options() {
    let output = perft(&["--help"]);
    assert!(output.status.success());
    for option in [
        "--fen",
        "--depth",
        "--divide",
        "--check-hash",
        "--threads",
        "--hash",
    ] {
        assert!(stdout(&output).contains(option), "{option}");
    }
}

#[test]
fn check_hash_says_what_it_verified() {
    let output = perft(&["--depth", "2", "--check-hash"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "Nodes searched: 400\n");
    // 20 moves at the root and 20 after each: all legal, all made and taken back.
    assert!(
        stderr(&output).contains(
            "hash and board verified after every make and unmake: 420 makes, 420 unmakes"
        ),
        "{}",
        stderr(&output)
    );
}
