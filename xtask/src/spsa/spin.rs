//! The `spin` options a UCI engine offers: the parameters SPSA may tune, with their
//! ranges, asked of the engine itself (`uci`, then its `option` lines until `uciok`).

use crate::match_runner::{read_lines, EngineSpec};
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A `spin` option: `option name NAME type spin default D min A max B`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinOption {
    /// Its name.
    pub name: String,
    /// Its default value.
    pub default: i64,
    /// Its smallest value.
    pub min: i64,
    /// Its largest value.
    pub max: i64,
}

/// The spin option an `option` line of UCI describes, if it is one.
pub fn parse_option_line(line: &str) -> Option<SpinOption> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"option") || words.get(1) != Some(&"name") {
        return None;
    }
    let type_at = words.iter().position(|&word| word == "type")?;
    if words.get(type_at + 1) != Some(&"spin") {
        return None;
    }
    let value = |key: &str| -> Option<i64> {
        let at = words[type_at..].iter().position(|&word| word == key)?;
        words.get(type_at + at + 1)?.parse().ok()
    };
    Some(SpinOption {
        name: words[2..type_at].join(" "),
        default: value("default")?,
        min: value("min")?,
        max: value("max")?,
    })
}

/// The spin options the engine of `spec` lists after `uci`, waiting at most `patience`.
pub fn spin_options(spec: &EngineSpec, patience: Duration) -> Result<Vec<SpinOption>, String> {
    let mut command = Command::new(&spec.command[0]);
    command
        .args(&spec.command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if let Some(dir) = &spec.dir {
        command.current_dir(dir);
    }
    let what = spec.command.join(" ");
    let mut child = command
        .spawn()
        .map_err(|error| format!("cannot start '{what}': {error}"))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let stdout = child.stdout.take().expect("piped stdout");
    let lines = read_lines(stdout, None, spec.name.clone());
    // An engine that has already quit makes the write fail; its output still tells.
    let _ = writeln!(stdin, "uci").and_then(|()| stdin.flush());
    // One deadline for the whole answer: an engine that talks without end is no answer.
    let deadline = Instant::now() + patience;
    let mut options = Vec::new();
    let answer = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        // Lines already waiting would be handed out even after the deadline.
        let line = if left.is_zero() {
            Err(mpsc::RecvTimeoutError::Timeout)
        } else {
            lines.recv_timeout(left)
        };
        match line {
            Ok((_, line)) if line.trim() == "uciok" => break Ok(()),
            Ok((_, line)) => options.extend(parse_option_line(&line)),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                break Err(format!(
                    "'{what}' did not answer uci with uciok within {} s",
                    patience.as_secs_f64()
                ))
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(format!("'{what}' ended without answering uci with uciok"))
            }
        }
    };
    let _ = writeln!(stdin, "quit");
    drop(stdin);
    if answer.is_err() {
        let _ = child.kill();
    }
    let _ = child.wait();
    answer.map(|()| options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spin_lines_are_read_and_others_left() {
        assert_eq!(
            parse_option_line("option name lmr_base type spin default 50 min -100 max 300"),
            Some(SpinOption {
                name: "lmr_base".to_string(),
                default: 50,
                min: -100,
                max: 300
            })
        );
        assert_eq!(
            parse_option_line("option name Move Overhead type spin default 10 min 0 max 5000")
                .map(|option| option.name),
            Some("Move Overhead".to_string())
        );
        for line in [
            "option name Ponder type check default false",
            "option name Hash type spin default 16 min 1",
            "id name Outpost",
            "option name x type spin default y min 0 max 1",
        ] {
            assert_eq!(parse_option_line(line), None, "{line}");
        }
    }
}
