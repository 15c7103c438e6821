//! The main search: negamax alpha-beta with principal variation search, the transposition
//! table, null-move, reverse futility, futility, late-move and SEE pruning, late-move
//! reductions, check and singular extensions (with multi-cut); pruning reads the static
//! evaluation corrected by the correction history (`crate::correction`).
//!
//! [`Worker::search`] reads in the order it works, each step signposted "Step N": the
//! horizon, opening the node, mate distance pruning, the table probe, the static evaluation
//! (the table's where it keeps one), the corrected evaluation, reverse futility and
//! null-move pruning, internal iterative reduction, then the move loop (late-move, futility
//! and SEE pruning, singular extension, the move, principal variation search with
//! reductions, the best move), mate or stalemate, and the store. A node's kind
//! ([`NodeKind`]) comes from its parent; what it keeps for the nodes below is in its frame
//! of the stack (`super::stack`).

use super::node::NodeKind::{self, NonPv, Pv};
use super::{previous_move, side_to_move_in_check, Worker};
use crate::ordering::MovePicker;
use crate::score::{Depth, Score};
use crate::see::see_at_least;
use crate::tt::{Bound, Entry};
use outpost_board::{Board, Color, Move, PieceKind};
use outpost_movegen::{kings_after, MoveList};

/// What a singular-extension test found of a node's hash move.
enum Singularity {
    /// Every other move fails low: the hash move is extended.
    Singular,
    /// Another move also beats `beta`: the node cuts off with this score.
    MultiCut(Score),
    /// Neither, or not tested.
    NotSingular,
}

fn has_non_pawn_material(board: &Board, color: Color) -> bool {
    (board.color(color) & !board.pieces(PieceKind::Pawn) & !board.pieces(PieceKind::King))
        .is_nonempty()
}

impl Worker<'_, '_> {
    /// The score of the position on the board for the side to move, searched `depth` plies
    /// deep within the window `alpha..beta` as a node of kind `node`; `checked` tells whether
    /// the side to move is in check (the parent knows it: it tested whether its move gives
    /// check).
    pub(super) fn search(
        &mut self,
        mut depth: Depth,
        mut alpha: Score,
        mut beta: Score,
        node: NodeKind,
        checked: bool,
    ) -> Score {
        // Step 1. The horizon: the quiescence search takes over.
        if depth <= 0 {
            return self.quiescence(alpha, beta, node, checked);
        }
        // Step 2. Opening the node: the node count, the stop conditions, draws, the ply limit.
        if let Some(score) = self.open_node() {
            return score;
        }
        let ply = self.ply;
        let pv_node = node.is_pv();
        // Step 3. Mate distance pruning: no line from here beats a mate already found nearer
        // the root.
        alpha = alpha.max(Score::mated_in(ply));
        beta = beta.min(Score::mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let params = self.params;
        let original_alpha = alpha;
        let hash = self.board.hash();
        let us = self.board.side_to_move();
        // A singular-extension test of this node's hash move searches the node again
        // without it: the table's entry is of the whole node, so it neither ends the test
        // nor takes its result.
        let excluded = self.stack[ply].excluded;
        let singular_test = !excluded.is_null();
        // Step 4. The transposition table: a deep enough entry ends a non-PV node. Unlike
        // the quiescence search, the node probes before it evaluates: the table keeps the
        // static evaluation of the positions it has seen, which saves more here than
        // the wait for the bucket costs.
        let entry = self.ctx.tt.probe(hash, ply);
        let tt_move = entry.map_or(Move::NULL, |entry| entry.best_move);
        if let Some(entry) = entry {
            if !pv_node && !singular_test && entry.cuts_off(depth, alpha, beta) {
                return entry.score;
            }
        }
        // Step 5. The static evaluation (none in check), the table's where it keeps one.
        let static_eval = if checked {
            -Score::INFINITY
        } else {
            self.static_eval(entry)
        };
        self.stack[ply].static_eval = static_eval;
        // Step 6. The evaluation corrected by what searches found at this pawn structure, and
        // by the table's score where its bound says that is nearer the truth, as pruning
        // reads it; the correction history learns from the static evaluation itself.
        let eval = if checked {
            static_eval
        } else {
            let corrected = self.memory.correction.correct(&self.board, static_eval);
            entry.map_or(corrected, |entry| entry.refine(corrected))
        };
        if !pv_node && !checked && !singular_test && beta.raw().abs() < Score::MATE_BOUND.raw() {
            // Step 7. Reverse futility pruning.
            if depth <= params.reverse_futility_max_depth
                && eval - params.reverse_futility_margin * depth >= beta
            {
                return eval;
            }
            // Step 8. Null-move pruning.
            if !self.stack[ply].after_null_move
                && depth >= params.null_move_min_depth
                && eval >= beta
                && has_non_pawn_material(&self.board, us)
            {
                let reduction = params.null_move_base_reduction
                    + depth / params.null_move_depth_divisor
                    + ((eval - beta) / params.null_move_eval_divisor)
                        .min(params.null_move_max_eval_reduction);
                let undo = self.enter_null_child();
                let score = -self.search(depth - 1 - reduction, -beta, -beta + 1, NonPv, false);
                self.leave_null_child(&undo);
                if self.stopped {
                    return Score::DRAW;
                }
                if score >= beta {
                    return if score >= Score::MATE_BOUND {
                        beta
                    } else {
                        score
                    };
                }
            }
        }
        // Step 9. Internal iterative reduction: without a hash move the ordering is poor.
        if tt_move.is_null() && depth >= params.iir_min_depth && !checked {
            depth -= 1;
        }
        // Step 10. The move loop: moves from the staged picker, best first.
        let killers = self.stack[ply].killers;
        let recent = self.recent_moves();
        let counter = self.memory.heuristics.counter_move(recent.last);
        let mut picker = MovePicker::new(tt_move, killers, counter).after(recent);
        // Improving: the static evaluation is above that of two plies before (this side's
        // last turn), or that one is unknown (in check, or near the root, whose frame keeps
        // none). A node that is not improving prunes late quiet moves twice as early.
        let improving = !checked
            && (ply < 3
                || self.stack[ply - 2].static_eval == -Score::INFINITY
                || static_eval > self.stack[ply - 2].static_eval);
        let late_move_limit = (params.late_move_base + depth * depth) / (2 - i32::from(improving));
        if !pv_node && !checked && depth <= params.late_move_max_depth {
            picker.expect_late_move_pruning(late_move_limit.max(0) as usize);
        }
        // Checks and singular moves are extended only this near the root.
        let may_extend =
            ply < params.check_extension_ply_factor as usize * self.root_depth as usize;
        let mut best_score = -Score::INFINITY;
        let mut best_move = Move::NULL;
        let mut move_count = 0;
        let mut quiets_tried = MoveList::new();
        // Captures skipped by SEE before their legality was tried: if nothing else was
        // searched, the node is neither mate nor stalemate as far as we know.
        let mut pruned_captures = false;
        debug_assert!(
            pv_node || beta == alpha + 1,
            "a non-PV node has a null window"
        );
        loop {
            // Step 11. Late-move and futility pruning skip quiet moves that do not give check. Once
            // they apply they go on applying (a non-PV node has a null window, where alpha
            // rises only to cut off, and the move count only grows), so the picker leaves out
            // the quiet moves that cannot give check from then on. How many moves it leaves
            // out matters no more: the moves searched after them give check or are not
            // quiet, and neither kind is reduced by the move count.
            let prune_quiets = !pv_node
                && !checked
                && best_score > -Score::MATE_BOUND
                && !alpha.is_mate()
                && ((depth <= params.late_move_max_depth && move_count + 1 > late_move_limit)
                    || self.is_futile(depth, eval, alpha));
            if prune_quiets {
                picker.skip_quiets_without_check(&self.board);
            }
            let Some(mv) = picker.next(&self.board, &self.memory.heuristics) else {
                break;
            };
            if mv == excluded {
                continue;
            }
            self.prefetch_child(mv);
            let quiet = !mv.is_capture() && !mv.is_promotion();
            // Step 12. SEE pruning: captures that lose too much material are skipped, and so
            // are quiet moves that put a piece where it is lost for too little, unless they
            // give check (a sacrifice that mates).
            let see_prunable =
                !pv_node && !checked && best_score > -Score::MATE_BOUND && mv != tt_move;
            if see_prunable
                && mv.is_capture()
                && depth <= params.see_prune_max_depth
                // A good capture (SEE at least 0) passes any threshold at or below 0.
                && !picker.last_is_good_capture()
                && !see_at_least(&self.board, mv, -params.see_prune_margin * depth)
            {
                pruned_captures = true;
                continue;
            }
            if see_prunable
                && quiet
                && !mv.is_castle()
                && depth <= params.see_quiet_prune_max_depth
                && !see_at_least(&self.board, mv, -params.see_quiet_prune_margin * depth)
                && !kings_after(&mut self.board, mv).gives_check
            {
                continue;
            }
            if quiet && prune_quiets {
                // Whether the move is legal and gives check is asked without making it.
                let kings = kings_after(&mut self.board, mv);
                if !kings.legal {
                    continue;
                }
                if !kings.gives_check {
                    move_count += 1;
                    continue;
                }
            }
            // Step 13. Singular extension (or multi-cut) of the hash move.
            let mut singular = false;
            if mv == tt_move && may_extend && !singular_test {
                match self.singular_test(entry, depth, beta, checked) {
                    Singularity::Singular => singular = true,
                    Singularity::MultiCut(score) => return score,
                    Singularity::NotSingular => {}
                }
                if self.stopped {
                    return Score::DRAW;
                }
            }
            // Step 14. The move, tried and taken back if illegal; check extension. What
            // late-move reductions read of a quiet move's history is read before it is made.
            let quiet_score = if quiet && depth >= params.lmr_min_depth {
                let recent = picker.recent(&self.board);
                self.memory.heuristics.quiet_score(&self.board, mv, recent)
            } else {
                0
            };
            // A check that loses material by SEE is not extended: most such checks are
            // spite checks that only lengthen the line. Told before the move, for the
            // moves that may give check (the filter misses none but a promotion's or an
            // en passant capture's, which are extended as before).
            let losing_check = may_extend
                && !picker.last_is_good_capture()
                && picker.may_give_check(&self.board, mv)
                && !see_at_least(&self.board, mv, 0);
            let previous = previous_move(&self.board, mv);
            let Some(undo) = self.try_move(mv) else {
                continue;
            };
            move_count += 1;
            let gives_check = side_to_move_in_check(&self.board);
            self.enter_child(previous, mv, &undo);
            let extension = Depth::from(((gives_check && !losing_check) || singular) && may_extend);
            let new_depth = depth - 1 + extension;
            // Step 15. Principal variation search: the first move with the whole window, the
            // others with a null window, reduced (late-move reductions), then searched again
            // in full where they beat alpha.
            let mut score;
            if move_count == 1 {
                score = self.child_score(new_depth, alpha, beta, node, gives_check);
            } else {
                let mut reduction = 0;
                // Quiet answers to a check are reduced too: after the first few, most
                // evasions only delay the loss the check threatens.
                if depth >= params.lmr_min_depth && quiet && !gives_check {
                    reduction = self.ctx.config.reduction(depth, move_count);
                    if pv_node {
                        reduction -= params.lmr_pv_reduction_less;
                    }
                    if mv == killers[0] || mv == killers[1] {
                        reduction -= params.lmr_killer_reduction_less;
                    }
                    // Where the hash move (an earlier search's best) captures, a quiet move
                    // rarely beats it.
                    if tt_move.is_capture() {
                        reduction += params.lmr_tt_capture_reduction_more;
                    }
                    reduction -= quiet_score / params.lmr_history_divisor;
                    reduction = reduction.clamp(0, (new_depth - 1).max(0));
                }
                score =
                    self.child_score(new_depth - reduction, alpha, alpha + 1, NonPv, gives_check);
                if score > alpha && reduction > 0 && !self.stopped {
                    score = self.child_score(new_depth, alpha, alpha + 1, NonPv, gives_check);
                }
                if score > alpha && score < beta && pv_node && !self.stopped {
                    score = self.child_score(new_depth, alpha, beta, Pv, gives_check);
                }
            }
            self.leave_child(mv, &undo);
            if self.stopped {
                return Score::DRAW;
            }
            // Step 16. The best move so far; a beta cut-off rewards a quiet move.
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = mv;
                    if pv_node {
                        self.pv.update(ply, mv);
                    }
                    if score >= beta {
                        if quiet {
                            let recent = *picker.recent(&self.board);
                            self.reward_quiet(depth, mv, &quiets_tried, &recent);
                        }
                        break;
                    }
                    alpha = score;
                }
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        // Step 17. No move searched: mate, stalemate, or (moves pruned) alpha.
        if move_count == 0 {
            return if pruned_captures || singular_test {
                alpha
            } else if checked {
                Score::mated_in(ply)
            } else {
                Score::DRAW
            };
        }
        // A singular-extension test's result is not the node's: it teaches nothing.
        if singular_test {
            return best_score;
        }
        // Step 18. The store: the correction history learns, the table keeps the result.
        let bound = Bound::classify(best_score, best_move, original_alpha, beta);
        // A quiet best move (or none) whose score says which way the evaluation erred.
        let quiet_best = !best_move.is_capture() && !best_move.is_promotion();
        let static_eval = self.stack[ply].static_eval;
        let says_which_way = match bound {
            Bound::Exact => true,
            Bound::Lower => best_score > static_eval,
            Bound::Upper => best_score < static_eval,
        };
        if !checked && !best_score.is_mate() && quiet_best && says_which_way {
            self.memory
                .correction
                .update(&self.board, depth, static_eval, best_score);
        }
        self.ctx.tt.store(
            hash,
            ply,
            Entry {
                best_move,
                score: best_score,
                static_eval: (!checked).then_some(static_eval),
                depth,
                bound,
            },
        );
        best_score
    }

    /// Whether the hash move of this node (`depth` deep, window up to `beta`) is
    /// singular: whether every other move fails low against a bound a little below the
    /// table's score for it, searched to half the depth. When they do not, and even that
    /// bound is at least `beta`, two moves beat `beta` and the node cuts off (multi-cut).
    fn singular_test(
        &mut self,
        entry: Option<Entry>,
        depth: Depth,
        beta: Score,
        checked: bool,
    ) -> Singularity {
        let params = self.params;
        let Some(entry) = entry else {
            return Singularity::NotSingular;
        };
        if depth < params.singular_min_depth
            || entry.depth < depth - params.singular_tt_depth_margin
            || entry.bound == Bound::Upper
            || entry.score.is_mate()
        {
            return Singularity::NotSingular;
        }
        let singular_beta = entry.score - params.singular_margin_per_depth * depth;
        let ply = self.ply;
        self.stack[ply].excluded = entry.best_move;
        let score = self.search(
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            NonPv,
            checked,
        );
        self.stack[ply].excluded = Move::NULL;
        if score < singular_beta {
            Singularity::Singular
        } else if singular_beta >= beta {
            Singularity::MultiCut(singular_beta)
        } else {
            Singularity::NotSingular
        }
    }

    /// Futility pruning applies to quiet moves at `depth` with `static_eval` below `alpha`.
    #[inline]
    fn is_futile(&self, depth: Depth, static_eval: Score, alpha: Score) -> bool {
        let params = self.params;
        depth <= params.futility_max_depth
            && static_eval + params.futility_margin_base + params.futility_margin_per_depth * depth
                <= alpha
    }

    /// The score, for the side that made it, of the move just made: its child searched
    /// `depth` plies deep within `alpha..beta` seen from this node, as a node of kind `node`.
    #[inline(always)]
    fn child_score(
        &mut self,
        depth: Depth,
        alpha: Score,
        beta: Score,
        node: NodeKind,
        checked: bool,
    ) -> Score {
        // Straight to the quiescence search at the horizon: `search` would only pass the
        // call on, after setting up its large frame.
        if depth <= 0 {
            return -self.quiescence(-beta, -alpha, node, checked);
        }
        -self.search(depth, -beta, -alpha, node, checked)
    }
}
