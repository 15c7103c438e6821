//! The quiescence search: captures (and queen promotions) until the position is quiet, all
//! evasions when in check, with stand-pat, delta and SEE pruning.

use super::node::NodeKind;
use super::{side_to_move_in_check, Worker};
use crate::ordering::{victim_value, MovePicker};
use crate::score::Score;
use crate::see::see_at_least;
use crate::tt::{Bound, Entry};
use outpost_board::{Move, PieceKind, Undo};
use outpost_movegen::{evasion_targets, pseudo_legal_moves, MoveList};

/// The best score found at a node so far and the move that raised alpha to it.
struct Best {
    score: Score,
    mv: Move,
}

impl Worker<'_, '_> {
    /// The quiescence score of the position on the board within `alpha..beta` as a node of
    /// kind `node` (its parent's: every move is searched with the whole window); `checked`
    /// tells whether the side to move is in check.
    pub(super) fn quiescence(
        &mut self,
        mut alpha: Score,
        beta: Score,
        node: NodeKind,
        checked: bool,
    ) -> Score {
        if let Some(score) = self.open_node() {
            return score;
        }
        let ply = self.ply;
        // The evaluation comes before the probe although the entry may cut the node off:
        // the bucket, prefetched when the parent picked the move, is mostly still on its way
        // from memory, and the evaluation's work hides that wait. None in check. (Its
        // entry keeps the evaluation for the main search, which probes first.)
        let static_eval = (!checked).then(|| self.evaluate());
        let hash = self.board.hash();
        let entry = self.ctx.tt.probe(hash, ply);
        if let Some(entry) = entry {
            if !node.is_pv() && entry.cuts_off(0, alpha, beta) {
                return entry.score;
            }
        }
        let tt_move = entry.map_or(Move::NULL, |entry| entry.best_move);
        let Some(static_eval) = static_eval else {
            return self.evasions(alpha, beta, node, tt_move);
        };
        let original_alpha = alpha;
        let stand_pat = self.memory.correction.correct(&self.board, static_eval);
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = Best {
            score: stand_pat,
            mv: Move::NULL,
        };
        let mut picker = MovePicker::captures(tt_move);
        while let Some(mv) = picker.next(&self.board, &self.memory.heuristics) {
            if let Some(kind) = mv.promotion_piece() {
                if kind != PieceKind::Queen {
                    continue;
                }
            } else if stand_pat + victim_value(&self.board, mv) + self.params.delta_margin <= alpha
            {
                // Delta pruning: even winning the captured piece cannot raise alpha.
                continue;
            }
            self.prefetch_child(mv);
            // The picker's good captures passed SEE already; the hash move has not.
            if !picker.last_is_good_capture() && !see_at_least(&self.board, mv, 0) {
                continue;
            }
            let Some(undo) = self.try_move(mv) else {
                continue;
            };
            let score = self.quiescence_child(mv, &undo, alpha, beta, node);
            if self.stopped {
                return Score::DRAW;
            }
            if self.take_score(mv, score, &mut best, &mut alpha, beta) {
                break;
            }
        }
        let bound = Bound::classify(best.score, best.mv, original_alpha, beta);
        self.ctx.tt.store(
            hash,
            ply,
            Entry {
                best_move: best.mv,
                score: best.score,
                static_eval: Some(static_eval),
                depth: 0,
                bound,
            },
        );
        best.score
    }

    /// In check: every legal move is searched (there is no standing pat), mate is scored.
    /// Only the moves that may answer the check are ordered and tried.
    fn evasions(&mut self, mut alpha: Score, beta: Score, node: NodeKind, tt_move: Move) -> Score {
        let mut moves = MoveList::new();
        pseudo_legal_moves(&self.board, &mut moves);
        let targets = evasion_targets(&self.board);
        let king = self.board.king_square(self.board.side_to_move());
        moves.retain(|mv| mv.from() == king || targets.contains(mv.to()) || mv.is_en_passant());
        let recent = self.recent_moves();
        let counter = self.memory.heuristics.counter_move(recent.last);
        let killers = self.stack[self.ply].killers;
        let mut picker = MovePicker::from_list(&moves, tt_move, killers, counter).after(recent);
        let mut best = Best {
            score: -Score::INFINITY,
            mv: Move::NULL,
        };
        let mut any_legal = false;
        while let Some(mv) = picker.next(&self.board, &self.memory.heuristics) {
            self.prefetch_child(mv);
            let Some(undo) = self.try_move(mv) else {
                continue;
            };
            any_legal = true;
            let score = self.quiescence_child(mv, &undo, alpha, beta, node);
            if self.stopped {
                return Score::DRAW;
            }
            if self.take_score(mv, score, &mut best, &mut alpha, beta) {
                break;
            }
        }
        if any_legal {
            best.score
        } else {
            Score::mated_in(self.ply)
        }
    }

    /// The quiescence score, for the side that played it, of `mv` (already made with
    /// `undo`); takes the move back.
    #[inline(always)]
    fn quiescence_child(
        &mut self,
        mv: Move,
        undo: &Undo,
        alpha: Score,
        beta: Score,
        node: NodeKind,
    ) -> Score {
        self.enter_child(None, mv, undo);
        let checked = side_to_move_in_check(&self.board);
        let score = -self.quiescence(-beta, -alpha, node, checked);
        self.leave_child(mv, undo);
        score
    }

    /// Takes the `score` of `mv` into a node's best and its alpha, extending the PV when
    /// alpha rises. `true` on a beta cut-off.
    fn take_score(
        &mut self,
        mv: Move,
        score: Score,
        best: &mut Best,
        alpha: &mut Score,
        beta: Score,
    ) -> bool {
        if score <= best.score {
            return false;
        }
        best.score = score;
        if score <= *alpha {
            return false;
        }
        best.mv = mv;
        *alpha = score;
        self.pv.update(self.ply, mv);
        score >= beta
    }
}
