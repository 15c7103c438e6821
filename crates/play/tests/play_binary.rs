//! The real `outpost-play` binary, driven through its arguments and stdin: an impossible position is
//! refused with a message, never a crash ; so is a bad `--chess960` number.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// A position with 24 white queens, which overflowed the move list.
const QUEENS: &str = "1QQQQQbk/Q5pp/Q5QQ/Q2Q3Q/Q6Q/Q6Q/1Q5Q/KQQQQQQ1 w - - 0 1";

/// Runs `outpost-play` with `args`, feeds it `input` and closes its stdin.
fn play(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_outpost-play"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the play binary starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // The binary may already have ended (a refused argument): a closed pipe is fine.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("the play binary ends")
}

#[test]
fn an_impossible_fen_argument_is_refused_with_exit_code_2() {
    let output = play(&["--fen", QUEENS], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(
            "error: invalid value '1QQQQQbk/Q5pp/Q5QQ/Q2Q3Q/Q6Q/Q6Q/1Q5Q/KQQQQQQ1 w - - 0 1' for \
             '--fen <FEN>': white has 25 pieces; a side has at most 16, king and pawns included"
        ),
        "{stderr}"
    );
}

#[test]
fn a_bad_chess960_number_is_refused_with_exit_code_2() {
    for (argument, shown) in [("960", "'960'"), ("abc", "'abc'"), ("-3", "'-3'")] {
        let output = play(&["--chess960", argument], b"");
        assert_eq!(output.status.code(), Some(2), "{argument}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let expected = format!(
            "error: invalid value '{argument}' for '--chess960 [<N>]': a start position's \
             number from 0 to 959 is needed, not {shown}"
        );
        assert!(stderr.starts_with(&expected), "{stderr}");
    }
    let output = play(&["--chess960", "--plain"], b"quit\n");
    assert!(output.status.success(), "{}", output.status);
    assert!(String::from_utf8_lossy(&output.stdout).contains("Chess960 #"));
    let help = play(&["--help"], b"");
    assert!(String::from_utf8_lossy(&help.stdout).contains("--chess960 [<N>]"));
}

#[test]
fn a_bad_or_clashing_variant_is_refused_with_exit_code_2() {
    for (arguments, message) in [
        (
            &["--variant", "atomic"][..],
            "invalid value 'atomic' for '--variant <NAME>': the rules are chess or fragments, not 'atomic'",
        ),
        (&["--variant"][..], "a value is required for '--variant <NAME>'"),
        (
            &["--variant", "fragments", "--chess960", "5"][..],
            "--variant fragments and --chess960 cannot go together: Chess960 is chess",
        ),
        (
            &[
                "--variant",
                "fragments",
                "--fen",
                "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            ][..],
            "--fen gives a Chess position, not one of --variant fragments",
        ),
        (
            &[
                "--variant=chess",
                "--fen",
                "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1",
            ][..],
            "--fen gives a Chess Fragments position, not one of --variant chess",
        ),
    ] {
        let output = play(arguments, b"");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with(&format!("error: {message}")), "{stderr}");
    }
    let output = play(&["--variant", "fragments", "--plain"], b"b3\nquit\n");
    assert!(output.status.success(), "{}", output.status);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("Chess Fragments"), "{stdout}");
    assert!(stdout.contains("    a  b  c  d  e\n"), "{stdout}");
    let help = play(&["--help"], b"");
    assert!(String::from_utf8_lossy(&help.stdout).contains("--variant <NAME>"));
}

#[test]
fn an_impossible_fen_command_is_refused_and_the_game_goes_on() {
    let input = format!("fen {QUEENS}\nfen\ne4\nfen\nquit\n");
    let output = play(&["--mode", "humans"], input.as_bytes());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", output.status);
    assert!(
        stdout.contains(
            "Bad FEN: white has 25 pieces; a side has at most 16, king and pawns included. \
             The board is unchanged."
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{stdout}"
    );
    assert!(
        stdout.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        "{stdout}"
    );
}

#[test]
fn the_engine_moves_in_the_most_crowded_position() {
    // Nine white queens and 218 legal moves; the engine plays white and mates at once.
    let fen = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
    let output = play(
        &["--fen", fen, "--mode", "black", "--nodes", "2000"],
        b"quit\n",
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", output.status);
    assert!(
        stdout.contains("Game over: checkmate, white wins."),
        "{stdout}"
    );
}

#[test]
fn plain_and_no_book_play_the_line_mode() {
    let output = play(&["--plain", "--no-book", "--nodes", "500"], b"e4\nquit\n");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", output.status);
    assert!(
        stdout.starts_with("Outpost: chess in the terminal. White: You, Black: Outpost."),
        "{stdout}"
    );
    assert!(stdout.contains("Black plays 1... "), "{stdout}");
    assert!(!stdout.contains("(book)"), "{stdout}");
}
