//! An engine as `--engine` describes it: the `key=value` tokens of its spec, its command,
//! protocol, options, directory and stderr file.

use std::path::PathBuf;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (`proto=uci`, the default).
    #[default]
    Uci,
    /// xboard / CECP version 2 (`proto=xboard`): standard chess only.
    Xboard,
}

/// An engine as `--engine` describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in the PGN and the tables.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// `setoption` name and value pairs, in order.
    pub options: Vec<(String, String)>,
    /// The working directory, if not the runner's.
    pub dir: Option<PathBuf>,
    /// A file the engine's stderr is appended to (else it is discarded).
    pub stderr: Option<PathBuf>,
    /// The protocol it speaks.
    pub protocol: Protocol,
}

/// The `key=value` tokens of an engine spec, in order: `cmd=…,name=…,option.Hash=16`.
/// Tokens are separated by commas; `\,` is a comma inside a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecTokens(pub Vec<(String, String)>);

/// The keys a spec may hold (and `option.NAME`).
const KEYS: [&str; 6] = ["cmd", "name", "arg", "dir", "stderr", "proto"];

/// Splits a spec into its tokens, checking each key.
pub fn spec_tokens(text: &str) -> Result<SpecTokens, String> {
    let mut tokens = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    let mut pieces = Vec::new();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&',') => {
                current.push(',');
                chars.next();
            }
            ',' => pieces.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    pieces.push(current);
    for piece in pieces {
        let piece = piece.trim();
        if piece.is_empty() {
            continue;
        }
        let (key, value) = piece
            .split_once('=')
            .ok_or_else(|| format!("'{piece}' is not KEY=VALUE"))?;
        let key = key.trim();
        let known = KEYS.contains(&key)
            || key
                .strip_prefix("option.")
                .is_some_and(|name| !name.trim().is_empty());
        if !known {
            return Err(format!(
                "unknown key '{key}' (cmd, name, arg, proto, option.NAME, dir, stderr)"
            ));
        }
        tokens.push((key.to_string(), value.to_string()));
    }
    if tokens.is_empty() {
        return Err("an empty engine spec".to_string());
    }
    Ok(SpecTokens(tokens))
}

impl EngineSpec {
    /// The engine of `each`'s tokens followed by `own` (later ones win, options keep their
    /// first place).
    pub fn from_tokens(
        each: &[(String, String)],
        own: &[(String, String)],
    ) -> Result<EngineSpec, String> {
        let mut command: Vec<String> = Vec::new();
        let mut arguments = Vec::new();
        let mut name = None;
        let mut options: Vec<(String, String)> = Vec::new();
        let (mut dir, mut stderr, mut protocol) = (None, None, Protocol::Uci);
        for (key, value) in each.iter().chain(own) {
            match key.as_str() {
                "cmd" => command = value.split_whitespace().map(str::to_string).collect(),
                "name" => name = Some(value.clone()),
                "arg" => arguments.push(value.clone()),
                "dir" => dir = Some(PathBuf::from(value)),
                "stderr" => stderr = Some(PathBuf::from(value)),
                "proto" => {
                    protocol = match value.trim() {
                        "uci" => Protocol::Uci,
                        "xboard" => Protocol::Xboard,
                        other => return Err(format!("proto={other}: uci or xboard")),
                    }
                }
                _ => {
                    let option = key["option.".len()..].trim().to_string();
                    match options.iter_mut().find(|(name, _)| *name == option) {
                        Some((_, old)) => old.clone_from(value),
                        None => options.push((option, value.clone())),
                    }
                }
            }
        }
        if command.is_empty() {
            return Err("an engine spec needs cmd=COMMAND".to_string());
        }
        command.extend(arguments);
        let name = name.unwrap_or_else(|| {
            std::path::Path::new(&command[0])
                .file_name()
                .map_or_else(|| command[0].clone(), |n| n.to_string_lossy().into_owned())
        });
        Ok(EngineSpec {
            name,
            command,
            options,
            dir,
            stderr,
            protocol,
        })
    }

    /// The option `name` (ASCII case ignored), if the spec sets it.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(option, _)| option.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(each: &str, own: &str) -> Result<EngineSpec, String> {
        let each = if each.is_empty() {
            Vec::new()
        } else {
            spec_tokens(each)?.0
        };
        EngineSpec::from_tokens(&each, &spec_tokens(own)?.0)
    }

    #[test]
    fn specs_are_read() {
        let outpost = spec(
            "",
            "cmd=target/release/outpost,option.Hash=16,option.Move Overhead=50",
        )
        .unwrap();
        assert_eq!(outpost.name, "outpost");
        assert_eq!(outpost.command, ["target/release/outpost"]);
        assert_eq!(
            outpost.options,
            [
                ("Hash".into(), "16".into()),
                ("Move Overhead".into(), "50".into())
            ]
        );
        assert_eq!(outpost.option("hash"), Some("16"));
        let with_arguments = spec(
            "option.Hash=16,option.Threads=1",
            "cmd=/usr/games/hoichess -x,arg=--norc,name=hoi,option.Hash=64,stderr=e.txt",
        )
        .unwrap();
        assert_eq!(
            with_arguments.command,
            ["/usr/games/hoichess", "-x", "--norc"]
        );
        assert_eq!(with_arguments.name, "hoi");
        // The engine's own value wins and keeps the place of --each's.
        assert_eq!(
            with_arguments.options,
            [("Hash".into(), "64".into()), ("Threads".into(), "1".into())]
        );
        assert_eq!(with_arguments.stderr, Some(PathBuf::from("e.txt")));
        let comma = spec("", r"cmd=e,option.Path=a\,b").unwrap();
        assert_eq!(comma.options, [("Path".into(), "a,b".into())]);
    }

    #[test]
    fn bad_specs_say_why() {
        assert!(spec("", "name=x").unwrap_err().contains("cmd="));
        assert!(spec_tokens("cmd=x,protocol=xboard")
            .unwrap_err()
            .contains("unknown key 'protocol'"));
        assert!(spec("", "cmd=x,proto=cecp")
            .unwrap_err()
            .contains("uci or xboard"));
        assert!(spec_tokens("cmd=x,Hash")
            .unwrap_err()
            .contains("not KEY=VALUE"));
        assert!(spec_tokens("option.=1").is_err());
        assert!(spec_tokens(" , ").is_err());
    }

    #[test]
    fn the_protocol_is_uci_unless_told() {
        assert_eq!(spec("", "cmd=x").unwrap().protocol, Protocol::Uci);
        let fairymax = spec("", "cmd=/usr/games/fairymax,proto=xboard").unwrap();
        assert_eq!(fairymax.protocol, Protocol::Xboard);
    }
}
