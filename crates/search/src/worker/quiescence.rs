//! The quiescence search: captures (and queen promotions) until the position is quiet, all
//! evasions when in check, with stand-pat, delta and SEE pruning.

use super::Worker;
use crate::ordering::{victim_value, ScoredMoves};
use crate::score::Score;
use crate::see::see_at_least;
use crate::tt::Bound;
use outpost_board::{Move, PieceKind, Undo};
use outpost_movegen::{in_check, legal_moves_in_place, pseudo_legal_captures, MoveList};

/// The best score found at a node so far and the move that raised alpha to it.
struct Best {
    score: Score,
    mv: Move,
}

impl Worker<'_, '_> {
    /// The quiescence score of the position within `alpha..beta`, `ply` plies from the root;
    /// `checked` tells whether the side to move is in check.
    pub(super) fn quiescence(
        &mut self,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        checked: bool,
    ) -> Score {
        if let Some(score) = self.open_node(ply) {
            return score;
        }
        let hash = self.board.hash();
        let entry = self.ctx.tt.probe(hash, ply);
        let pv_node = beta - alpha > 1;
        if let Some(entry) = entry {
            if !pv_node && entry.cuts_off(0, alpha, beta) {
                return entry.score;
            }
        }
        let tt_move = entry.map_or(Move::NULL, |entry| entry.best_move);
        if checked {
            return self.evasions(alpha, beta, ply, tt_move);
        }
        let original_alpha = alpha;
        let stand_pat = self.evaluate();
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = Best {
            score: stand_pat,
            mv: Move::NULL,
        };
        let mut moves = MoveList::new();
        pseudo_legal_captures(&self.board, &mut moves);
        let mut picker = ScoredMoves::default();
        picker.fill_captures(&self.board, &moves, tt_move);
        for mv in picker.by_ref() {
            if let Some(kind) = mv.promotion_piece() {
                if kind != PieceKind::Queen {
                    continue;
                }
            } else if stand_pat + victim_value(&self.board, mv) + self.params.delta_margin <= alpha
            {
                // Delta pruning: even winning the captured piece cannot raise alpha.
                continue;
            }
            if !see_at_least(&self.board, mv, 0) {
                continue;
            }
            let Some(undo) = self.try_move(mv) else {
                continue;
            };
            let score = self.quiescence_child(mv, &undo, alpha, beta, ply);
            if self.stopped {
                return Score::DRAW;
            }
            if self.take_score(mv, score, &mut best, &mut alpha, beta, ply) {
                break;
            }
        }
        let bound = Bound::classify(best.score, best.mv, original_alpha, beta);
        self.ctx.tt.store(hash, ply, best.mv, best.score, 0, bound);
        best.score
    }

    /// In check: every legal move is searched (there is no standing pat), mate is scored.
    fn evasions(&mut self, mut alpha: Score, beta: Score, ply: usize, tt_move: Move) -> Score {
        let moves = legal_moves_in_place(&mut self.board);
        if moves.is_empty() {
            return Score::mated_in(ply);
        }
        let mut picker = self.move_picker(&moves, tt_move, ply);
        let mut best = Best {
            score: -Score::INFINITY,
            mv: Move::NULL,
        };
        for mv in picker.by_ref() {
            let undo = self.board.make(mv);
            let score = self.quiescence_child(mv, &undo, alpha, beta, ply);
            if self.stopped {
                return Score::DRAW;
            }
            if self.take_score(mv, score, &mut best, &mut alpha, beta, ply) {
                break;
            }
        }
        best.score
    }

    /// The quiescence score, for the side that played it, of `mv` (already made with
    /// `undo`); takes the move back.
    fn quiescence_child(
        &mut self,
        mv: Move,
        undo: &Undo,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        self.enter_child(ply, None, mv, undo);
        let checked = in_check(&self.board);
        let score = -self.quiescence(-beta, -alpha, ply + 1, checked);
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
        ply: usize,
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
        self.pv.update(ply, mv);
        score >= beta
    }
}
