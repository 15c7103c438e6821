//! Iterative deepening, aspiration windows and the root of the search.

use super::node::NodeKind::{NonPv, Pv};
use super::{previous_move, Worker, MAX_PLY};
use crate::info::{nodes_per_second, Info, Progress};
use crate::score::{Depth, Score};
use crate::tt::Bound;
use outpost_movegen::in_check;
use std::cmp::Reverse;

/// The deepest iteration started, leaving room for extensions below it.
pub(crate) const MAX_ITERATION_DEPTH: Depth = MAX_PLY as Depth - 8;

/// Fail-high and fail-low lines are reported only after this long, so that short searches
/// print one line per iteration.
const BOUND_REPORT_DELAY_MS: u128 = 1000;

impl Worker<'_, '_> {
    /// Searches deeper and deeper until a limit or a stop ends the search.
    pub fn iterate(&mut self) {
        self.enter_gate();
        self.iterate_deeper();
        self.leave_gate();
    }

    fn iterate_deeper(&mut self) {
        let limits = &self.ctx.limits;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_ITERATION_DEPTH)
            .clamp(1, MAX_ITERATION_DEPTH);
        let mut previous_best = outpost_board::Move::NULL;
        let mut previous_score = Score::DRAW;
        let mut instability = 0.0;
        // Helper threads with odd ids start deeper, so that the threads spread out.
        let skip = if self.id % 2 == 1 {
            self.params.smp_odd_helper_depth_skip
        } else {
            0
        };
        let mut depth = 1 + skip;
        while depth <= max_depth {
            self.root_depth = depth;
            for pv_index in 0..self.ctx.multipv {
                self.pv_index = pv_index;
                self.seldepth = 0;
                self.search_with_aspiration(depth);
                if self.stopped {
                    break;
                }
                self.root_moves[..=pv_index].sort_by_key(|root| Reverse(root.score));
                if self.is_main() && (pv_index + 1 == self.ctx.multipv) {
                    for index in 0..=pv_index {
                        self.report_line(index, depth, Bound::Exact);
                    }
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            self.ctx.record_completed(depth, &self.root_moves[0]);
            if self.ctx.should_stop() {
                break;
            }
            if !self.is_main() {
                depth += 1;
                continue;
            }
            let best = self.root_moves[0].mv;
            let score = self.root_moves[0].score;
            if let (Some(mate), Some(moves)) = (self.ctx.limits.mate, score.mate_moves()) {
                if moves > 0 && moves as u32 <= mate {
                    break;
                }
            }
            let params = self.params;
            instability *= f64::from(params.time_instability_decay) / 100.0;
            if depth > 1 && best != previous_best {
                instability += 1.0;
            }
            let drop = f64::from((previous_score - score).clamp(0, params.time_score_drop_scale))
                / f64::from(params.time_score_drop_scale);
            let scale = 1.0
                + f64::from(params.time_instability_weight) / 100.0 * instability
                + f64::from(params.time_score_drop_weight) / 100.0 * drop;
            if let Some(main) = self.main.as_mut() {
                main.time.set_scale(scale);
            }
            previous_best = best;
            previous_score = score;
            if self.time_is_up(true) {
                break;
            }
            if self.root_moves.len() == 1
                && self
                    .main
                    .as_ref()
                    .is_some_and(|main| !main.pondering && main.time.is_timed())
            {
                break;
            }
            depth += 1;
        }
    }

    fn search_with_aspiration(&mut self, depth: Depth) {
        let params = self.params;
        let previous = self.root_moves[self.pv_index].score;
        let mut delta = params.aspiration_window;
        let (mut alpha, mut beta) = if depth >= params.aspiration_min_depth
            && !previous.is_mate()
            && previous > -Score::INFINITY
        {
            (
                (previous - delta).max(-Score::INFINITY),
                (previous + delta).min(Score::INFINITY),
            )
        } else {
            (-Score::INFINITY, Score::INFINITY)
        };
        loop {
            let score = self.search_root(depth, alpha, beta);
            if self.stopped {
                return;
            }
            let bound = if score <= alpha {
                beta = Score::from_raw((alpha.raw() + beta.raw()) / 2);
                alpha = (score - delta).max(-Score::INFINITY);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(Score::INFINITY);
                Bound::Lower
            } else {
                return;
            };
            if self.is_main()
                && self.pv_index == 0
                && self.ctx.start.elapsed().as_millis() > BOUND_REPORT_DELAY_MS
            {
                self.report_line(self.pv_index, depth, bound);
            }
            delta += delta;
            if delta > params.aspiration_max_window {
                alpha = -Score::INFINITY;
                beta = Score::INFINITY;
            }
        }
    }

    fn search_root(&mut self, depth: Depth, mut alpha: Score, beta: Score) -> Score {
        let mut best_score = -Score::INFINITY;
        let mut best_index = None;
        self.pv.clear(0);
        for index in self.pv_index..self.root_moves.len() {
            let mv = self.root_moves[index].mv;
            if self.is_main() {
                let progress = Progress::CurrentMove {
                    depth,
                    mv,
                    number: index + 1,
                    time: self.ctx.start.elapsed(),
                };
                self.report(&progress);
            }
            let previous = previous_move(&self.board, mv);
            let undo = self.board.make(mv);
            self.enter_child(previous, mv, &undo);
            let gives_check = in_check(&self.board);
            let new_depth = depth - 1 + Depth::from(gives_check);
            self.seldepth = self.seldepth.max(1);
            let mut score;
            if index == self.pv_index {
                score = -self.search(new_depth, -beta, -alpha, Pv, gives_check);
            } else {
                score = -self.search(new_depth, -alpha - 1, -alpha, NonPv, gives_check);
                if score > alpha && !self.stopped {
                    score = -self.search(new_depth, -beta, -alpha, Pv, gives_check);
                }
            }
            self.leave_child(mv, &undo);
            if self.stopped {
                break;
            }
            let root = &mut self.root_moves[index];
            root.score = if score > alpha || index == self.pv_index {
                score
            } else {
                -Score::INFINITY
            };
            best_score = best_score.max(score);
            if score > alpha {
                best_index = Some(index);
                root.pv.clear();
                root.pv.push(mv);
                root.pv.extend_from_slice(self.pv.child_line());
                root.seldepth = self.seldepth;
                if score >= beta {
                    break;
                }
                alpha = score;
            }
        }
        if self.stopped {
            if let Some(index) = best_index.filter(|&index| index != self.pv_index) {
                let root = self.root_moves.remove(index);
                self.root_moves.insert(self.pv_index, root);
            }
        } else {
            self.root_moves[self.pv_index..].sort_by_key(|root| Reverse(root.score));
        }
        best_score
    }

    /// Reports the line of root move `index` after an iteration (or a window failure).
    fn report_line(&mut self, index: usize, depth: Depth, bound: Bound) {
        if self.main.is_none() {
            return;
        }
        let root = &self.root_moves[index];
        let nodes = self.total_nodes();
        let time = self.ctx.start.elapsed();
        let info = Info {
            depth,
            seldepth: root.seldepth.max(1) as Depth,
            multipv: index + 1,
            score: root.score,
            bound,
            nodes,
            nps: nodes_per_second(nodes, time),
            hashfull: self.ctx.tt.hashfull(),
            time,
            pv: root.pv.clone(),
        };
        self.report(&Progress::Iteration(info));
    }
}
