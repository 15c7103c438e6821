//! [`Frame`]: what the search keeps of each ply of the line it is searching, one struct a
//! ply in a [`Stack`] indexed by the ply (0 the root).

use crate::ordering::PreviousMove;
use crate::score::Score;
use outpost_board::Move;
use outpost_eval::PieceSquareSums;

/// The deepest ply the search reaches.
pub(crate) const MAX_PLY: usize = 128;

/// What the search keeps of one ply of the line it is searching: written when the move
/// leading there is made ([`Worker::enter_child`](super::Worker)) or by the node itself,
/// read by the node and by the nodes below it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Frame {
    /// The position's hash key, for repetitions.
    pub key: u64,
    /// The material and piece-square sums of the position, kept move by move for the
    /// evaluation.
    pub sums: PieceSquareSums,
    /// The move that led here (its piece and target square), for counter-moves and
    /// continuation histories: `None` at the root, after a null move and in the quiescence
    /// search.
    pub previous: Option<PreviousMove>,
    /// The move that led here was a null move (no second one in a row).
    pub after_null_move: bool,
    /// The move a singular-extension test of this node leaves out ([`Move::NULL`] if none).
    pub excluded: Move,
    /// The two quiet moves that last caused a beta cut-off at this ply, kept from node to
    /// node and from iteration to iteration.
    pub killers: [Move; 2],
    /// The node's static evaluation (uncorrected; `-INFINITY` in check).
    pub static_eval: Score,
}

/// The frames of a line, by ply: the root's, one for each ply the search can reach, and one
/// more for the child of a node at the deepest ply.
pub(super) type Stack = Box<[Frame; MAX_PLY + 2]>;
