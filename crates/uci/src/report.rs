//! The search's progress and result as UCI `info` and `bestmove` lines.

use outpost_board::Move;
use outpost_movegen::uci::UciNotation;
use outpost_search::{Bound, Depth, Info, Progress, Score, SearchResult};
use std::time::Duration;

/// `info currmove` lines are sent only after the search has run this long, so that fast
/// searches do not flood the GUI.
pub const CURRENT_MOVE_AFTER: Duration = Duration::from_secs(1);

/// The fields of one `info` line about a principal variation.
struct PvLine<'a> {
    depth: Depth,
    seldepth: Depth,
    multipv: usize,
    score: Score,
    bound: Bound,
    nodes: u64,
    hashfull: u32,
    time: Duration,
    pv: &'a [Move],
    notation: UciNotation,
}

impl PvLine<'_> {
    /// `info depth … seldepth … multipv … score … nodes … [nps …] hashfull … time … [pv …]`.
    /// The speed is left out when no millisecond has passed: it would be meaningless.
    fn text(&self) -> String {
        let bound = match self.bound {
            Bound::Exact => "",
            Bound::Lower => " lowerbound",
            Bound::Upper => " upperbound",
        };
        let millis = u64::try_from(self.time.as_millis()).unwrap_or(u64::MAX);
        let mut text = format!(
            "info depth {} seldepth {} multipv {} score {}{bound} nodes {}",
            self.depth,
            self.seldepth,
            self.multipv,
            self.score.uci(),
            self.nodes
        );
        if let Some(nps) = self.nodes.saturating_mul(1000).checked_div(millis) {
            text.push_str(&format!(" nps {nps}"));
        }
        text.push_str(&format!(" hashfull {} time {millis}", self.hashfull));
        if !self.pv.is_empty() {
            text.push_str(" pv ");
            text.push_str(&self.notation.write_all(self.pv));
        }
        text
    }
}

/// The `info` line of one iteration, its moves in `notation`.
pub fn info_line(info: &Info, notation: UciNotation) -> String {
    PvLine {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: info.score,
        bound: info.bound,
        nodes: info.nodes,
        hashfull: info.hashfull,
        time: info.time,
        pv: &info.pv,
        notation,
    }
    .text()
}

/// The line to send for a progress report, if any: every iteration, and the move being
/// searched once the search has run for [`CURRENT_MOVE_AFTER`].
pub fn progress_line(progress: &Progress, notation: UciNotation) -> Option<String> {
    match progress {
        Progress::Iteration(info) => Some(info_line(info, notation)),
        Progress::CurrentMove {
            depth,
            mv,
            number,
            time,
        } if *time >= CURRENT_MOVE_AFTER => Some(format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            notation.write(*mv)
        )),
        Progress::CurrentMove { .. } => None,
    }
}

/// Whether the iteration line `last` already says what the final `info` line of `result`
/// would: the same best line (multipv 1, exact) of the same depth, score and moves, after the
/// same nodes, so that only the time and speed could differ. A search that ends with its
/// last iteration would otherwise send that line twice.
pub fn repeats(last: &Info, result: &SearchResult) -> bool {
    last.multipv == 1
        && last.bound == Bound::Exact
        && last.depth == result.depth
        && last.seldepth == result.seldepth
        && last.score == result.score
        && last.nodes == result.nodes
        && last.pv == result.pv
}

/// The last `info` line of a search (its best line, as `multipv 1`) and its `bestmove` line
/// (`bestmove 0000` when there is no legal move), its moves in `notation`. The `info` line is
/// left out when the last iteration line sent, `last`, [`repeats`] it.
pub fn final_lines(result: &SearchResult, last: Option<&Info>, notation: UciNotation) -> String {
    let best = best_move_line(result, notation);
    if last.is_some_and(|last| repeats(last, result)) {
        return best;
    }
    let info = info_line(&result.line(), notation);
    format!("{info}\n{best}")
}

/// `bestmove …` (with `ponder …` when there is a reply to ponder on), or `bestmove 0000`.
fn best_move_line(result: &SearchResult, notation: UciNotation) -> String {
    match (result.best_move, result.ponder_move) {
        (Some(best), Some(ponder)) => format!(
            "bestmove {} ponder {}",
            notation.write(best),
            notation.write(ponder)
        ),
        (Some(best), None) => format!("bestmove {}", notation.write(best)),
        (None, _) => "bestmove 0000".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::Board;
    use outpost_movegen::uci::parse_uci_move;

    fn moves(texts: &[&str]) -> Vec<Move> {
        let mut board = Board::startpos();
        texts
            .iter()
            .map(|text| {
                let mv = parse_uci_move(&board, text).unwrap();
                board.make(mv);
                mv
            })
            .collect()
    }

    fn result(time: Duration, hashfull: u32) -> SearchResult {
        let pv = moves(&["e2e4", "e7e5"]);
        SearchResult {
            best_move: Some(pv[0]),
            ponder_move: Some(pv[1]),
            score: Score::centipawns(35),
            depth: 7,
            seldepth: 11,
            nodes: 20_000,
            nps: 1,
            hashfull,
            time,
            pv,
        }
    }

    #[test]
    fn the_final_lines_match_the_iteration_lines() {
        assert_eq!(
            final_lines(
                &result(Duration::from_millis(40), 12),
                None,
                UciNotation::STANDARD
            ),
            "info depth 7 seldepth 11 multipv 1 score cp 35 nodes 20000 nps 500000 hashfull 12 \
             time 40 pv e2e4 e7e5\nbestmove e2e4 ponder e7e5"
        );
    }

    #[test]
    fn the_final_info_line_is_left_out_when_the_last_iteration_said_it() {
        let result = result(Duration::from_millis(40), 12);
        let last = Info {
            depth: 7,
            seldepth: 11,
            multipv: 1,
            score: Score::centipawns(35),
            bound: Bound::Exact,
            nodes: 20_000,
            nps: 600_000,
            hashfull: 10,
            time: Duration::from_millis(33),
            pv: result.pv.clone(),
        };
        let notation = UciNotation::STANDARD;
        assert_eq!(
            final_lines(&result, Some(&last), notation),
            "bestmove e2e4 ponder e7e5"
        );
        // More nodes (a search stopped in its next iteration): the final line tells them.
        let earlier = Info {
            nodes: 15_000,
            ..last.clone()
        };
        assert!(final_lines(&result, Some(&earlier), notation).starts_with("info depth 7 "));
        let bound = Info {
            bound: Bound::Lower,
            ..last
        };
        assert!(final_lines(&result, Some(&bound), notation).starts_with("info depth 7 "));
    }

    #[test]
    fn no_speed_without_time() {
        let text = final_lines(
            &result(Duration::from_micros(900), 0),
            None,
            UciNotation::STANDARD,
        );
        assert!(text.starts_with(
            "info depth 7 seldepth 11 multipv 1 score cp 35 nodes 20000 \
                                  hashfull 0 time 0 pv e2e4 e7e5\n"
        ));
    }

    #[test]
    fn no_legal_move() {
        let result = SearchResult::unsearched(None, Score::mated_in(0));
        let text = final_lines(&result, None, UciNotation::STANDARD);
        assert!(
            text.ends_with("score mate 0 nodes 0 hashfull 0 time 0\nbestmove 0000"),
            "{text}"
        );
    }

    #[test]
    fn iteration_lines_show_bounds_and_mates() {
        let info = Info {
            depth: 3,
            seldepth: 0,
            multipv: 2,
            score: Score::mated_in(4),
            bound: Bound::Upper,
            nodes: 1500,
            nps: 0,
            hashfull: 3,
            time: Duration::from_millis(3),
            pv: moves(&["d2d4"]),
        };
        assert_eq!(
            info_line(&info, UciNotation::STANDARD),
            "info depth 3 seldepth 0 multipv 2 score mate -2 upperbound nodes 1500 nps 500000 \
             hashfull 3 time 3 pv d2d4"
        );
        assert_eq!(
            progress_line(&Progress::Iteration(info.clone()), UciNotation::STANDARD),
            Some(info_line(&info, UciNotation::STANDARD))
        );
    }

    #[test]
    fn current_moves_only_after_a_second() {
        let mv = moves(&["g1f3"])[0];
        let current = |millis| Progress::CurrentMove {
            depth: 9,
            mv,
            number: 4,
            time: Duration::from_millis(millis),
        };
        assert_eq!(progress_line(&current(999), UciNotation::STANDARD), None);
        assert_eq!(
            progress_line(&current(1000), UciNotation::STANDARD).as_deref(),
            Some("info depth 9 currmove g1f3 currmovenumber 4")
        );
    }
}
