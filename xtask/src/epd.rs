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
//!   `<file> line <line>`, e.g. `suite line 12` for line 12 of `perft-suite.epd`: the line
//!   of the file, comments included, not a number of its own such as a Chess960 start
//!   number).
//!
//! The records are read by [`outpost_board::read_epd`]: blank lines and lines starting with
//! `#` are skipped; anything else that does not fit is an error naming the line, never a panic.

use outpost_board::{read_epd, Board, EpdLine};
use std::fmt;
use std::path::{Path, PathBuf};

/// One record of an EPD file: a position and its published counts.
#[derive(Clone, Debug)]
pub struct Position {
    /// The line of the file it came from, counted from 1.
    pub line: usize,
    /// Its `id`, or `<file> line <line>` when it has none.
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

/// Parses the text of an EPD file with [`read_epd`]; every record must hold perft counts and
/// nothing but `D<depth>` and `id` operations. Positions without an `id` are named
/// `<prefix> line <line>`.
pub fn parse(text: &str, prefix: &str) -> Result<Vec<Position>, ParseError> {
    let records = read_epd(text).map_err(|error| ParseError {
        line: error.line,
        message: error.error.to_string(),
    })?;
    records
        .into_iter()
        .map(|record| position(record, prefix))
        .collect()
}

/// The perft position of one record.
fn position(record: EpdLine, prefix: &str) -> Result<Position, ParseError> {
    let EpdLine { line, epd } = record;
    let error = |message: String| ParseError { line, message };
    if let Some(unknown) = epd
        .operations()
        .iter()
        .find(|op| op.opcode != "id" && !op.opcode.starts_with('D'))
    {
        return Err(error(format!(
            "unknown operation '{}' (expected `D<depth> <count>` or `id \"<name>\"`)",
            unknown.opcode
        )));
    }
    let counts = epd
        .perft_counts()
        .map_err(|problem| error(problem.to_string()))?;
    let name = match epd.operation("id") {
        // "line", not "#": a bare number reads as the position's own number (a Chess960
        // start number, a count that skips comments), which it is not.
        None => format!("{prefix} line {line}"),
        Some([name]) if !name.trim().is_empty() => name.trim().to_string(),
        Some(_) => {
            return Err(error(
                "`id` takes one name, such as `id \"Start\"`".to_string(),
            ))
        }
    };
    Ok(Position {
        line,
        name,
        fen: epd.fen().to_string(),
        board: epd.board().clone(),
        counts,
    })
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
/// from any directory), else, for a bare name, the data file of that name (`chess960` is
/// `data/perft-chess960.epd`), else the path as given (and reading it will report the error).
pub fn resolve(argument: &str) -> PathBuf {
    let path = PathBuf::from(argument);
    if !path.exists() && path.is_relative() {
        let in_root = workspace_root().join(&path);
        if in_root.exists() {
            return in_root;
        }
        let named = data_file(&format!("perft-{argument}.epd"));
        if !argument.contains(['/', '\\', '.']) && named.exists() {
            return named;
        }
    }
    path
}

/// The suite names of `--suite NAME`: the `NAME` of every `data/perft-NAME.epd`, sorted.
pub fn suite_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(workspace_root().join("data"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name().to_string_lossy().into_owned();
            let name = file.strip_prefix("perft-")?.strip_suffix(".epd")?;
            (!name.is_empty()).then(|| name.to_string())
        })
        .collect();
    names.sort();
    names
}

/// The file of a `--suite` argument, as [`resolve`] finds it; a bare name that is neither a
/// file nor a suite is an error listing the suites (rather than "cannot read NAME").
pub fn resolve_suite(argument: &str) -> Result<PathBuf, String> {
    let path = resolve(argument);
    if path.exists() || argument.contains(['/', '\\', '.']) {
        return Ok(path);
    }
    Err(format!(
        "no suite \"{argument}\": data/perft-{argument}.epd does not exist; suites: {}",
        suite_names().join(", ")
    ))
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
        assert_eq!(names, ["suite line 3", "suite line 4"]);
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
            ("nonsense ;D1 20", "bad position"),
            (";D1 20", "bad position"),
            (START, "no perft counts"),
            (&format!("{START} ;D1"), "one whole number"),
            (&format!("{START} ;D1 twenty"), "one whole number"),
            (&format!("{START} ;D1 -20"), "one whole number"),
            (
                &format!("{START} ;D1 99999999999999999999999"),
                "one whole number",
            ),
            (&format!("{START} ;D0 1"), "not a perft depth"),
            (&format!("{START} ;Dx 1"), "not a perft depth"),
            (&format!("{START} ;D1 20 ;D1 20"), "twice"),
            (&format!("{START} ;D1 20 ;bm e4"), "unknown operation"),
            (&format!("{START} ;D1 20 ;id \"Start"), "never closed"),
            (&format!("{START} ;D1 20 ;id"), "takes one name"),
            (&format!("{START} ;D1 20 ;id \"\""), "takes one name"),
            (
                &format!("{START} ;D1 20 ;id \"a\" ;id \"b\""),
                "appears twice",
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
        assert_eq!(resolve("chess960"), data_file("perft-chess960.epd"));
        assert_eq!(resolve("no-such-suite"), PathBuf::from("no-such-suite"));
        assert_eq!(name_prefix(Path::new("mine.epd")), "mine");
        assert_eq!(name_prefix(Path::new("perft-")), "line");
    }

    #[test]
    fn an_unknown_suite_name_lists_the_suites() {
        let names = suite_names();
        for name in ["chess960", "fragments", "standard", "suite"] {
            assert!(names.iter().any(|n| n == name), "{names:?}");
        }
        assert_eq!(
            resolve_suite("chess960"),
            Ok(data_file("perft-chess960.epd"))
        );
        let error = resolve_suite("foo").unwrap_err();
        assert!(
            error.starts_with("no suite \"foo\": data/perft-foo.epd does not exist; suites: "),
            "{error}"
        );
        assert!(
            error.contains("chess960, fragments, standard, suite"),
            "{error}"
        );
        // A path is left to the reader, which names it in its error.
        assert_eq!(
            resolve_suite("no/such.epd"),
            Ok(PathBuf::from("no/such.epd"))
        );
    }

    #[test]
    fn the_repository_files_parse() {
        let standard = load(&data_file("perft-standard.epd")).unwrap();
        assert_eq!(standard.positions.len(), 7);
        assert_eq!(standard.positions[1].name, "Kiwipete");
        let suite = load(&data_file("perft-suite.epd")).unwrap();
        assert!(suite.positions.len() > 100);
        assert_eq!(suite.positions[11].name, "suite line 12");
        // The Fragments start position is on line 2, after the header comment.
        let fragments = load(&data_file("perft-fragments.epd")).unwrap();
        assert_eq!(fragments.positions[0].name, "fragments line 2");
    }
}
