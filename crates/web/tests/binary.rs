//! The `outpost-web` binary: its first line, the warning for an address other machines can
//! reach, `--help` and bad options.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const BINARY: &str = env!("CARGO_BIN_EXE_outpost-web");

/// Starts the server with `args`, returns its first line on stdout and on stderr (if any
/// came before the address), and stops it.
fn first_lines(args: &[&str]) -> (String, String) {
    let mut server = Command::new(BINARY)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut stdout)
        .unwrap();
    server.kill().unwrap();
    server.wait().unwrap();
    let mut stderr = String::new();
    BufReader::new(server.stderr.take().unwrap())
        .read_line(&mut stderr)
        .unwrap();
    (stdout, stderr)
}

#[test]
fn loopback_by_default_and_a_warning_for_other_addresses() {
    let (stdout, stderr) = first_lines(&["--port", "0"]);
    assert!(
        stdout.starts_with("Outpost is at http://127.0.0.1:"),
        "{stdout}"
    );
    assert_eq!(stderr, "");
    let (stdout, stderr) = first_lines(&["--host", "0.0.0.0", "--port", "0"]);
    assert!(
        stdout.starts_with("Outpost is at http://0.0.0.0:"),
        "{stdout}"
    );
    assert!(
        stderr.starts_with("warning: listening on 0.0.0.0"),
        "{stderr}"
    );
}

#[test]
fn help_and_bad_options() {
    let help = Command::new(BINARY).arg("--help").output().unwrap();
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("Usage: outpost-web"));
    let bad = Command::new(BINARY)
        .args(["--max-sessions", "many"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(
        stderr.contains("invalid value 'many' for '--max-sessions <N>'"),
        "{stderr}"
    );
}
