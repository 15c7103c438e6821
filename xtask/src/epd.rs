//! Reading EPD files of published perft counts.
//!
//! Each line holds a FEN followed by operations separated by `;`:
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;id "Start"
//! ```
//!
//! * `D<depth> <count>`: the published perft count to `depth` plies (at least one per line);
//! * `id "<name>"`: the name shown in reports (optional; without it a position is called
//!   `<file> #<line>`, e.g. `suite #12` for line 12 of `perft-suite.epd`).
//!
//! Blank lines and lines starting with `#` are skipped. Anything else that does not fit is an
//! error naming the line, never a panic.

use outpost_board::Board;
use std::fmt;
use std::path::{Path, PathBuf};

/// The deepest `D<depth>` accepted: published counts stop long before.
pub const MAX_DEPTH: u32 = 20;

/// One line of an EPD file: a position and its published counts.
#[derive(Clone, Debug)]
pub struct Position {
    /// The line of the file it came from, counted from 1.
    pub line: usize,
    /// Its `id`, or `<file> #<line>` when it has none.
    pub name: String,
    /// The FEN as written in the file.
    pub fen: String,
    /// The position the FEN describes.
    pub board: Board,
    /// The published counts as `(depth, count)`, by increasing depth, each depth once.
    pub counts: Vec<(u32, u64)>,
}

impl Position {
    /// The published count to `depth`, if the file gives one.
    pub fn published(&self, depth: u32) -> Option<u64> {
        self.counts
            .iter()
            .find(|&&(d, _)| d == depth)
            .map(|&(_, count)| count)
    }
}

/// A line that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line, counted from 1.
    pub line: usize,
    /// What was wrong with it.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses the text of an EPD file. Positions without an `id` are named `<prefix> #<line>`.
pub fn parse(text: &str, prefix: &str) -> Result<Vec<Position>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut positions = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let parsed = parse_line(line, number, prefix).map_err(|message| ParseError {
            line: number,
            message,
        })?;
        positions.extend(parsed);
    }
    Ok(positions)
}

/// Parses one line: `None` for a blank line or a `#` comment.
fn parse_line(line: &str, number: usize, prefix: &str) -> Result<Option<Position>, String> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let mut fields = split_fields(trimmed)?.into_iter();
    let fen = fields.next().unwrap_or_default().trim();
    if fen.is_empty() {
        return Err("the line starts with `;` instead of a FEN".to_string());
    }
    let board = Board::from_fen(fen).map_err(|error| format!("bad FEN '{fen}': {error}"))?;
    let mut name = None;
    let mut counts: Vec<(u32, u64)> = Vec::new();
    for field in fields {
        let field = field.trim();
        if field.is_empty() {
            continue; // `;;` or a trailing `;`
        }
        let (opcode, operand) = match field.split_once(char::is_whitespace) {
            Some((opcode, operand)) => (opcode, operand.trim()),
            None => (field, ""),
        };
        if opcode == "id" {
            if name.is_some() {
                return Err("more than one `id`".to_string());
            }
            name = Some(parse_id(operand)?);
        } else if let Some(depth) = opcode.strip_prefix('D') {
            let depth = parse_depth(depth, opcode)?;
            if counts.iter().any(|&(d, _)| d == depth) {
                return Err(format!("depth {depth} is given twice"));
            }
            counts.push((depth, parse_count(operand, opcode)?));
        } else {
            return Err(format!(
                "unknown operation '{field}' (expected `D<depth> <count>` or `id \"<name>\"`)"
            ));
        }
    }
    if counts.is_empty() {
        return Err("no perft counts (expected `;D1 <count>` and so on after the FEN)".to_string());
    }
    counts.sort_unstable();
    Ok(Some(Position {
        line: number,
        name: name.unwrap_or_else(|| format!("{prefix} #{number}")),
        fen: fen.to_string(),
        board,
        counts,
    }))
}

/// Splits a line at the `;` that are not inside double quotes.
fn split_fields(line: &str) -> Result<Vec<&str>, String> {
    let mut fields = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    for (index, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => {
                fields.push(&line[start..index]);
                start = index + 1;
            }
            _ => {}
        }
    }
    if quoted {
        return Err("a `\"` is never closed".to_string());
    }
    fields.push(&line[start..]);
    Ok(fields)
}

fn parse_id(operand: &str) -> Result<String, String> {
    let name = match operand.strip_prefix('"') {
        Some(rest) => rest
            .strip_suffix('"')
            .filter(|name| !name.contains('"'))
            .ok_or_else(|| format!("`id {operand}` is not a single quoted name"))?,
        None => operand,
    };
    if name.trim().is_empty() {
        return Err("`id` without a name".to_string());
    }
    Ok(name.trim().to_string())
}

fn parse_depth(digits: &str, opcode: &str) -> Result<u32, String> {
    digits
        .parse::<u32>()
        .ok()
        .filter(|depth| {
            digits.bytes().all(|b| b.is_ascii_digit()) && (1..=MAX_DEPTH).contains(depth)
        })
        .ok_or_else(|| {
            format!("'{opcode}' is not a depth `D1` to `D{MAX_DEPTH}` (or an unknown operation)")
        })
}

fn parse_count(operand: &str, opcode: &str) -> Result<u64, String> {
    if operand.is_empty() {
        return Err(format!("`{opcode}` has no count"));
    }
    operand
        .parse::<u64>()
        .ok()
        .filter(|_| operand.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| format!("`{opcode} {operand}`: '{operand}' is not a whole number"))
}

/// An EPD file read from disk.
#[derive(Clone, Debug)]
pub struct Suite {
    /// The file, as it is shown in reports.
    pub path: PathBuf,
    /// Its positions, in file order.
    pub positions: Vec<Position>,
}

/// The root of the workspace (the parent of the `xtask` crate), whatever the current directory.
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// A file of the workspace's `data` directory.
pub fn data_file(name: &str) -> PathBuf {
    workspace_root().join("data").join(name)
}

/// The file meant by a `--suite` argument: the path as given if it exists, else the same
/// relative path under the workspace root if that exists (so `data/perft-suite.epd` works
/// from any directory), else the path as given (and reading it will report the error).
pub fn resolve(argument: &str) -> PathBuf {
    let path = PathBuf::from(argument);
    if !path.exists() && path.is_relative() {
        let in_root = workspace_root().join(&path);
        if in_root.exists() {
            return in_root;
        }
    }
    path
}

/// `path` relative to the workspace root when it lies inside it, for shorter reports.
pub fn display_path(path: &Path) -> PathBuf {
    path.strip_prefix(workspace_root())
        .map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}

/// The name prefix of positions without `id`: the file name without its extension and a
/// leading `perft-` (`perft-suite.epd` gives `suite`).
fn name_prefix(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    match stem.strip_prefix("perft-").unwrap_or(&stem) {
        "" => "line".to_string(),
        prefix => prefix.to_string(),
    }
}

/// Reads and parses an EPD file; the error message names the file (and the line).
pub fn load(path: &Path) -> Result<Suite, String> {
    let shown = display_path(path);
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("cannot read {}: {error}", shown.display()))?;
    let positions =
        parse(&text, &name_prefix(path)).map_err(|error| format!("{} {error}", shown.display()))?;
    if positions.is_empty() {
        return Err(format!("{} holds no positions", shown.display()));
    }
    Ok(Suite {
        path: shown,
        positions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn error_of(text: &str) -> ParseError {
        parse(text, "t").expect_err("the text should be rejected")
    }

    #[test]
    fn reads_counts_and_id() {
        let text = format!("{START} ;D1 20 ;D2 400 ;D3 8902 ;id \"Start\"\n");
        let positions = parse(&text, "suite").unwrap();
        assert_eq!(positions.len(), 1);
        let start = &positions[0];
        assert_eq!(start.name, "Start");
        assert_eq!(start.line, 1);
        assert_eq!(start.fen, START);
        assert_eq!(start.board, Board::startpos());
        assert_eq!(start.counts, vec![(1, 20), (2, 400), (3, 8902)]);
        assert_eq!(start.published(2), Some(400));
        assert_eq!(start.published(4), None);
    }

    #[test]
    fn names_positions_without_id_by_line() {
        let text =
            format!("# a comment\n\n{START} ;D1 20\r\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15;");
        let positions = parse(&text, "suite").unwrap();
        let names: Vec<_> = positions.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["suite #3", "suite #4"]);
        assert_eq!(positions[1].counts, vec![(1, 15)]);
    }

    #[test]
    fn sorts_depths_and_allows_a_semicolon_in_the_id() {
        let text = format!("{START} ;id \"a;b\" ;D2 400 ;D1 20");
        let position = &parse(&text, "t").unwrap()[0];
        assert_eq!(position.name, "a;b");
        assert_eq!(position.counts, vec![(1, 20), (2, 400)]);
    }

    #[test]
    fn reports_the_line_of_each_mistake() {
        let good = format!("{START} ;D1 20\n");
        for (bad, expected) in [
            ("nonsense ;D1 20", "bad FEN"),
            (";D1 20", "instead of a FEN"),
            (START, "no perft counts"),
            (&format!("{START} ;D1"), "has no count"),
            (&format!("{START} ;D1 twenty"), "not a whole number"),
            (&format!("{START} ;D1 -20"), "not a whole number"),
            (
                &format!("{START} ;D1 99999999999999999999999"),
                "not a whole number",
            ),
            (&format!("{START} ;D0 1"), "not a depth"),
            (&format!("{START} ;Dx 1"), "not a depth"),
            (&format!("{START} ;D1 20 ;D1 20"), "twice"),
            (&format!("{START} ;D1 20 ;bm e4"), "unknown operation"),
            (&format!("{START} ;D1 20 ;id \"Start"), "never closed"),
            (&format!("{START} ;D1 20 ;id"), "without a name"),
            (
                &format!("{START} ;D1 20 ;id \"a\" ;id \"b\""),
                "more than one",
            ),
        ] {
            let error = error_of(&format!("{good}{good}{bad}\n{good}"));
            assert_eq!(error.line, 3, "{bad}: {error}");
            assert!(error.message.contains(expected), "{bad}: {error}");
        }
    }

    #[test]
    fn names_come_from_the_file_name() {
        assert_eq!(name_prefix(Path::new("data/perft-suite.epd")), "suite");
        assert_eq!(name_prefix(Path::new("mine.epd")), "mine");
        assert_eq!(name_prefix(Path::new("perft-")), "line");
    }

    #[test]
    fn the_repository_files_parse() {
        let standard = load(&data_file("perft-standard.epd")).unwrap();
        assert_eq!(standard.positions.len(), 7);
        assert_eq!(standard.positions[1].name, "Kiwipete");
        let suite = load(&data_file("perft-suite.epd")).unwrap();
        assert!(suite.positions.len() > 100);
        assert_eq!(suite.positions[11].name, "suite #12");
    }
}
