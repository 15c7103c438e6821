//! The tuner's positions: read from `datagen`'s file and turned, once, into sparse
//! coefficient lists by the evaluation's own trace (`outpost_eval::params::trace`).

use outpost_board::{Board, Color};
use outpost_eval::params::{middlegame_weight, trace, Sink, PARAMS, PARAM_COUNT};
use outpost_eval::phase;
use outpost_eval::scale::{endgame_scale, SCALE_NORMAL};
use std::path::Path;

/// One position: where its coefficients are (the tempo among them), its phase blend with
/// the endgame scale, and target.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Index of the first coefficient in [`Dataset::params`] and [`Dataset::counts`].
    pub start: u32,
    /// How many coefficients.
    pub len: u32,
    /// The weight of the middlegame halves (phase / 24).
    pub middlegame: f64,
    /// The weight of the endgame halves: the rest, times the position's endgame scale
    /// (`outpost_eval::scale`), taken as fixed: found once with the compiled-in values.
    pub endgame: f64,
    /// The game result from white's view: 1, ½ or 0.
    pub result: f64,
    /// The search's score in centipawns from white's view (0 when the file has none).
    pub score: f64,
}

/// All positions, their coefficients stored one after the other.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// The positions.
    pub entries: Vec<Entry>,
    /// Parameter index of each coefficient.
    pub params: Vec<u16>,
    /// How many times that parameter counts, from white's view.
    pub counts: Vec<i16>,
    /// The `#` comment lines of the file (`datagen` writes the command that made it).
    pub comments: Vec<String>,
}

/// Collects a trace as (parameter, count) pairs, merged and without zeros.
#[derive(Default)]
struct Coefficients(Vec<(usize, i32)>);

impl Sink for Coefficients {
    fn add(&mut self, color: Color, param: usize, count: i32) {
        self.0.push((
            param,
            match color {
                Color::White => count,
                Color::Black => -count,
            },
        ));
    }
}

impl Dataset {
    /// Reads `datagen`'s `FEN;result[;score]` lines (blank lines and `#` comments skipped).
    pub fn read(path: &Path) -> Result<Dataset, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut data = Dataset::default();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if let Some(comment) = line.strip_prefix('#') {
                data.comments.push(comment.trim().to_string());
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let at = || format!("{}:{}", path.display(), number + 1);
            let mut fields = line.split(';');
            let fen = fields.next().unwrap_or_default();
            let board = Board::from_fen(fen).map_err(|e| format!("{}: {e}", at()))?;
            let result = fields
                .next()
                .and_then(|r| r.trim().parse::<f64>().ok())
                .filter(|r| (0.0..=1.0).contains(r))
                .ok_or_else(|| format!("{}: no result from 0 to 1 after the FEN", at()))?;
            let score = match fields.next() {
                Some(text) => text
                    .trim()
                    .parse::<f64>()
                    .map_err(|_| format!("{}: score '{text}' is not a number", at()))?,
                None => 0.0,
            };
            data.push(&board, result, score);
        }
        if data.entries.is_empty() {
            return Err(format!("{} holds no positions", path.display()));
        }
        Ok(data)
    }

    /// Adds `board` with its result and score (both from white's view).
    pub fn push(&mut self, board: &Board, result: f64, score: f64) {
        let mut coefficients = Coefficients::default();
        trace(board, &mut coefficients);
        let mut merged = coefficients.0;
        merged.sort_unstable_by_key(|&(param, _)| param);
        merged.dedup_by(|next, kept| {
            if next.0 == kept.0 {
                kept.1 += next.1;
                true
            } else {
                false
            }
        });
        merged.retain(|&(_, count)| count != 0);
        // The endgame half with the compiled-in values tells which side is ahead, which the
        // scale depends on.
        let endgame: i32 = merged
            .iter()
            .map(|&(param, count)| PARAMS[param].endgame * count)
            .sum();
        let scale = f64::from(endgame_scale(board, endgame)) / f64::from(SCALE_NORMAL);
        let middlegame = middlegame_weight(phase(board));
        let start = self.params.len() as u32;
        for &(param, count) in &merged {
            debug_assert!(param < PARAM_COUNT);
            self.params.push(param as u16);
            self.counts.push(count as i16);
        }
        self.entries.push(Entry {
            start,
            len: merged.len() as u32,
            middlegame,
            endgame: (1.0 - middlegame) * scale,
            result,
            score,
        });
    }

    /// The coefficients of `entry`: (parameter, count) pairs.
    pub fn coefficients(&self, entry: &Entry) -> impl Iterator<Item = (usize, f64)> + '_ {
        let range = entry.start as usize..(entry.start + entry.len) as usize;
        self.params[range.clone()]
            .iter()
            .zip(&self.counts[range])
            .map(|(&param, &count)| (usize::from(param), f64::from(count)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_cancels_out() {
        let tempo = outpost_eval::params::Group::Tempo.start();
        let mut data = Dataset::default();
        data.push(&Board::startpos(), 0.5, 0.0);
        let start: Vec<_> = data.coefficients(&data.entries[0]).collect();
        assert_eq!(start, [(tempo, 1.0)], "white's counts cancel black's");
        assert_eq!(data.entries[0].middlegame, 1.0);
        assert_eq!(data.entries[0].endgame, 0.0);
        let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        data.push(&Board::from_fen(fen).unwrap(), 1.0, 900.0);
        let entry = data.entries[1];
        let coefficients: Vec<_> = data.coefficients(&entry).collect();
        // The queen's value and its square count once for white (black's queen on d8 stood
        // on the same entry of its table, so the rest cancels), and black's tempo.
        assert!(coefficients.contains(&(outpost_eval::params::value_param(4), 1.0)));
        assert!(coefficients.contains(&(tempo, -1.0)));
    }
}
