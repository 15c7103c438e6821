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
        // clap's form: `error: ...`, then a pointer to --help.
        assert!(
            stderr(&output).starts_with("error: ") && stderr(&output).contains("--help"),
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
fn impossible_positions_are_refused_with_exit_code_2() {
    // 24 white queens once overflowed the move list and the binary died with code 101.
    for (fen, reason) in [
        (
            "1QQQQQbk/Q5pp/Q5QQ/Q2Q3Q/Q6Q/Q6Q/1Q5Q/KQQQQQQ1 w - - 0 1",
            "white has 25 pieces; a side has at most 16",
        ),
        (
            "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
            "neither checker is a bishop, rook or queen",
        ),
    ] {
        for depth in ["1", "3"] {
            let output = perft(&["--fen", fen, "--depth", depth, "--divide"]);
            assert_eq!(output.status.code(), Some(2), "{fen}");
            assert!(stdout(&output).is_empty(), "{fen}");
            assert!(
                stderr(&output).starts_with(&format!(
                    "error: invalid value '{fen}' for '--fen <FEN>': bad FEN: "
                )),
                "{}",
                stderr(&output)
            );
            assert!(stderr(&output).contains(reason), "{}", stderr(&output));
        }
    }
}

#[test]
fn the_most_crowded_positions_are_counted() {
    // Nine queens, two rooks, two bishops, two knights: 218 moves, the most known.
    let fen = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
    for extra in [&[][..], &["--check-hash"], &["--no-bulk"]] {
        let mut args = vec!["--fen", fen, "--depth", "2"];
        args.extend_from_slice(extra);
        let output = perft(&args);
        assert!(output.status.success(), "{extra:?}: {}", stderr(&output));
        assert!(stdout(&output).starts_with("Nodes searched: "), "{extra:?}");
    }
    let output = perft(&["--fen", fen, "--depth", "1"]);
    assert_eq!(stdout(&output), "Nodes searched: 218\n");
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

#[test]
fn a_table_beyond_the_memory_is_refused_with_exit_code_2() {
    // The address space limited to 1 GiB, so that 4 GiB cannot be had on any machine.
    let output = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 1048576 && exec \"$0\" --hash 4096 --depth 2",
            env!("CARGO_BIN_EXE_perft"),
        ])
        .output()
        .expect("the perft binary runs");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("cannot allocate a hash table of 4096 MiB"),
        "{}",
        stderr(&output)
    );
    assert_eq!(stdout(&output), "");
}
