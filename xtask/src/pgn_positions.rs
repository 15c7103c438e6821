//! `cargo xtask pgn-positions`: positions for the tuner from an engine's games in a match's
//! PGN, such as `cargo xtask match` writes against another engine.
//!
//! The lines are `datagen`'s (`FEN;result;score`, both from white's view), and kept by the
//! same rule: the side to move is not in check and the move played is neither a capture nor
//! a promotion. The score is the engine's: where it was to move, its score of its move (the
//! `+0.35/12 0.105s` comments, read by [`comment_score`]); where its opponent was, the
//! engine's score of its move before (the score of its expected line, which goes on from
//! there). A position without such a score (the opening's moves, a mate score) is left out.
//!
//! With `--heldout FILE`, the games of every `--heldout-every`-th round (the number before
//! the dot of the `Round` tag, which both colours of an opening share; without the tag, the
//! game's number among the engine's games) go to that file instead, for `tune --validate`.
//! The two files have no opening in common as long as each opening is played in one round
//! only: one match's PGN of at most twice as many games as its book has openings.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use outpost_board::Color;
use outpost_movegen::in_check;
use outpost_pgn::{PgnGame, PgnResult};

use crate::match_runner::{comment_score, Score};
use crate::turns::{engine_color, read_engine_games, EngineGames};
use crate::{plural, Verdict};

/// What `cargo xtask pgn-positions` reads and writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnPositionsOptions {
    /// The match's games.
    pub pgn: PathBuf,
    /// The engine whose games and scores are read, as the `White` and `Black` tags name it.
    pub engine: String,
    /// The file the positions are written to.
    pub out: PathBuf,
    /// Where the held-out rounds' positions go, if anywhere.
    pub heldout: Option<PathBuf>,
    /// Every this many rounds one is held out (round numbers divisible by it).
    pub heldout_every: u64,
}

/// A kept position: its FEN and the engine's score, in centipawns from white's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position.
    pub fen: String,
    /// The engine's score, white's view.
    pub score: i32,
}

/// Writes the positions of `options.engine`'s games to `options.out` (and the held-out
/// rounds' to `options.heldout`), with a summary on stderr.
pub fn run(options: &PgnPositionsOptions) -> Result<Verdict, String> {
    refuse_the_same_file(options)?;
    let EngineGames { played, unreadable } = read_engine_games(&options.pgn, &options.engine)?;
    let mut command = format!(
        "cargo xtask pgn-positions {} --engine {} --out {}",
        options.pgn.display(),
        options.engine,
        options.out.display()
    );
    if let Some(heldout) = &options.heldout {
        command += &format!(
            " --heldout {} --heldout-every {}",
            heldout.display(),
            options.heldout_every
        );
    }
    // Both files are opened before either is emptied: a path that cannot be written leaves
    // the other file as it was.
    let mut fitted = Sink::open(&options.out)?;
    let mut heldout = match &options.heldout {
        Some(path) => Some(Sink::open(path)?),
        None => None,
    };
    let every = options.heldout_every;
    if heldout.is_some() {
        fitted.start(&[&command, &format!("the rounds not divisible by {every}")])?;
    } else {
        fitted.start(&[&command])?;
    }
    if let Some(sink) = &mut heldout {
        sink.start(&[
            &command,
            &format!("held out: the rounds divisible by {every}"),
        ])?;
    }
    let mut unfinished = 0;
    for (index, game) in played.iter().enumerate() {
        let Some(result) = white_result(game.result) else {
            unfinished += 1;
            continue;
        };
        let round = round_number(game).unwrap_or(index as u64 + 1);
        let sink = match &mut heldout {
            Some(sink) if round.is_multiple_of(every) => sink,
            _ => &mut fitted,
        };
        sink.write_game(&positions(game, &options.engine), result)?;
    }
    fitted.finish()?;
    if let Some(sink) = &mut heldout {
        sink.finish()?;
    }
    fitted.report(&options.engine, "");
    if let Some(sink) = &heldout {
        sink.report(&options.engine, " held out");
    }
    if unfinished > 0 {
        eprintln!(
            "pgn-positions: {} without a result left out",
            plural(unfinished, "game")
        );
    }
    if unreadable > 0 {
        eprintln!(
            "pgn-positions: {} of the file could not be read",
            plural(unreadable, "game")
        );
    }
    Ok(Verdict::Passed)
}

/// An error where two of the PGN, `--out` and `--heldout` are the same file: writing one
/// would destroy the other.
fn refuse_the_same_file(options: &PgnPositionsOptions) -> Result<(), String> {
    let mut paths = vec![("the PGN", &options.pgn), ("--out", &options.out)];
    if let Some(heldout) = &options.heldout {
        paths.push(("--heldout", heldout));
    }
    for (i, (first, a)) in paths.iter().enumerate() {
        for (second, b) in &paths[i + 1..] {
            if resolved(a) == resolved(b) {
                return Err(format!(
                    "{first} and {second} are the same file ({}): nothing was written",
                    b.display()
                ));
            }
        }
    }
    Ok(())
}

/// `path` with its folder made absolute and its links resolved, where the folder exists.
fn resolved(path: &Path) -> PathBuf {
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    match (std::fs::canonicalize(folder), path.file_name()) {
        (Ok(folder), Some(name)) => folder.join(name),
        _ => path.to_path_buf(),
    }
}

/// The kept positions of `game`, where `engine` plays one side (see the module's text).
pub fn positions(game: &PgnGame, engine: &str) -> Vec<Sample> {
    let Some(color) = engine_color(game, engine) else {
        return Vec::new();
    };
    let white_view = |centipawns: i32| match color {
        Color::White => centipawns,
        Color::Black => -centipawns,
    };
    let mut board = game.start.clone();
    let mut samples = Vec::new();
    // The engine's score of its last move, white's view, while it was not a mate.
    let mut engine_score = None;
    for (index, &mv) in game.moves.iter().enumerate() {
        if board.side_to_move() == color {
            engine_score = game
                .move_notes(index)
                .and_then(|notes| notes.comments.iter().find_map(|c| comment_score(c)))
                .and_then(|score| match score {
                    Score::Cp(centipawns) => Some(white_view(centipawns)),
                    Score::Mate(_) => None,
                });
        }
        let quiet = !in_check(&board) && !mv.is_capture() && !mv.is_promotion();
        if let (true, Some(score)) = (quiet, engine_score) {
            samples.push(Sample {
                fen: board.to_fen(),
                score,
            });
        }
        board.make(mv);
    }
    samples
}

/// The result from white's view (1, ½, 0); `None` for an unfinished game.
pub(crate) fn white_result(result: PgnResult) -> Option<f64> {
    match result {
        PgnResult::WhiteWins => Some(1.0),
        PgnResult::Draw => Some(0.5),
        PgnResult::BlackWins => Some(0.0),
        PgnResult::Unknown => None,
    }
}

/// The round's number: `12` of `Round "12.2"` (both colours of an opening share it).
pub(crate) fn round_number(game: &PgnGame) -> Option<u64> {
    game.tag("Round")?.split('.').next()?.trim().parse().ok()
}

/// A positions file being written, with what it holds so far.
struct Sink {
    path: PathBuf,
    out: BufWriter<File>,
    games: usize,
    positions: usize,
}

impl Sink {
    /// Opens `path` (creating its folder and the file), not yet emptied: see [`Sink::start`].
    fn open(path: &Path) -> Result<Sink, String> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        let file = File::options()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(Sink {
            path: path.to_path_buf(),
            out: BufWriter::new(file),
            games: 0,
            positions: 0,
        })
    }

    /// Empties the file and writes its header: `comments`, each a `#` line (the command
    /// that makes the file first).
    fn start(&mut self, comments: &[&str]) -> Result<(), String> {
        self.out
            .get_ref()
            .set_len(0)
            .map_err(|e| self.write_error(&e))?;
        for comment in comments {
            self.line(&format!("# {comment}"))?;
        }
        Ok(())
    }

    fn write_game(&mut self, samples: &[Sample], result: f64) -> Result<(), String> {
        for sample in samples {
            self.line(&format!("{};{result:.1};{}", sample.fen, sample.score))?;
        }
        self.games += 1;
        self.positions += samples.len();
        Ok(())
    }

    fn line(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.out, "{line}").map_err(|e| self.write_error(&e))
    }

    /// Prints what the file holds (the engine's games, `kind` of them) on stderr.
    fn report(&self, engine: &str, kind: &str) {
        eprintln!(
            "pgn-positions: {} of {engine}{kind}, {} to {}",
            plural(self.games, "game"),
            plural(self.positions, "position"),
            self.path.display()
        );
        if self.positions == 0 {
            eprintln!(
                "pgn-positions: {} holds no position (tune refuses such a file)",
                self.path.display()
            );
        }
    }

    fn finish(&mut self) -> Result<(), String> {
        self.out.flush().map_err(|e| self.write_error(&e))
    }

    fn write_error(&self, error: &std::io::Error) -> String {
        format!("cannot write {}: {error}", self.path.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> PgnGame {
        outpost_pgn::read_pgn(text).unwrap().remove(0)
    }

    /// `outpost` plays black: after its opening moves (no score), it scores 2...Nc6 −0.20
    /// and 3...Nf6 +0.30 (its view); white's 3.Bb5 keeps outpost's −0.20, 4.Bxc6 is a
    /// capture, 4...dxc6 too, 5.O-O keeps +0.30 … until a mate score.
    const GAME: &str = r#"[White "other"]
[Black "outpost"]
[Round "4.2"]
[Result "0-1"]

1. e4 e5 2. Nf3 {+0.10/9 0.1s} 2... Nc6 {-0.20/10 0.1s} 3. Bb5 {+0.30/10 0.1s}
3... Nf6 {+0.30/10 0.1s} 4. Bxc6 {+0.10/10 0.1s} 4... dxc6 {+0.40/10 0.1s}
5. O-O {+0.00/10 0.1s} 5... Nxe4 {-M2/10 0.1s} 6. Re1 {+1.00/10 0.1s} 0-1
"#;

    #[test]
    fn keeps_the_quiet_positions_with_the_engines_score_from_whites_view() {
        let samples = positions(&game(GAME), "outpost");
        let scores: Vec<i32> = samples.iter().map(|s| s.score).collect();
        // Before 2...Nc6 (black to move, its −0.20 is +20 for white), before 3.Bb5 (the same
        // score), before 3...Nf6 (−30), before 5.O-O (4...dxc6's −40): 4.Bxc6 and 4...dxc6
        // capture, 5...Nxe4 captures, 6.Re1 follows a mate score.
        assert_eq!(scores, [20, 20, -30, -40]);
        assert_eq!(
            samples[0].fen,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
        assert_eq!(
            samples[3].fen,
            "r1bqkb1r/ppp2ppp/2p2n2/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5"
        );
    }

    #[test]
    fn a_game_of_other_engines_gives_nothing() {
        assert!(positions(&game(GAME), "ethereal").is_empty());
    }

    #[test]
    fn rounds_are_read_before_the_dot() {
        assert_eq!(round_number(&game(GAME)), Some(4));
    }

    /// The file has the command as its first line; held-out rounds go to their own file.
    #[test]
    fn held_out_rounds_go_to_their_own_file() {
        let dir =
            std::env::temp_dir().join(format!("outpost-pgn-positions-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pgn = dir.join("match.pgn");
        let round_5 = GAME.replace("4.2", "5.1");
        std::fs::write(&pgn, format!("{GAME}\n{round_5}")).unwrap();
        let options = PgnPositionsOptions {
            pgn: pgn.clone(),
            engine: "outpost".to_string(),
            out: dir.join("fit.txt"),
            heldout: Some(dir.join("heldout.txt")),
            heldout_every: 5,
        };
        assert_eq!(run(&options), Ok(Verdict::Passed));
        let fitted = std::fs::read_to_string(&options.out).unwrap();
        let heldout = std::fs::read_to_string(dir.join("heldout.txt")).unwrap();
        let command = format!(
            "# cargo xtask pgn-positions {} --engine outpost --out {} --heldout {} --heldout-every 5\n",
            pgn.display(),
            options.out.display(),
            dir.join("heldout.txt").display()
        );
        assert!(
            fitted.starts_with(&format!("{command}# the rounds not divisible by 5\n")),
            "{fitted}"
        );
        assert!(
            heldout.starts_with(&format!("{command}# held out: the rounds divisible by 5\n")),
            "{heldout}"
        );
        assert_eq!(fitted.lines().count(), 6);
        // The same game in both, but round 5 in the held-out file.
        assert_eq!(
            fitted.lines().skip(2).collect::<Vec<_>>(),
            heldout.lines().skip(2).collect::<Vec<_>>()
        );
        assert!(fitted.lines().nth(2).unwrap().ends_with(";0.0;20"));
        // The tuner reads it.
        let data = crate::tune::data::Dataset::read(&options.out).unwrap();
        assert_eq!(data.entries.len(), 4);
        // The same file twice is refused before anything is written.
        for (out, heldout) in [
            (pgn.clone(), None),
            (options.out.clone(), Some(dir.join("./fit.txt"))),
        ] {
            let same = PgnPositionsOptions {
                out,
                heldout,
                ..options.clone()
            };
            let error = run(&same).unwrap_err();
            assert!(error.contains("are the same file"), "{error}");
        }
        assert_eq!(std::fs::read_to_string(&options.out).unwrap(), fitted);
        assert!(std::fs::read_to_string(&pgn).unwrap().starts_with("[White"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
