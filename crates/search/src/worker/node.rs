//! [`NodeKind`]: what a node of the search is expected to be, told by its parent.

/// The kind of a negamax node, chosen by its parent (the root's children by the root): it
/// decides what the node may skip. (The root is a PV node of its own, `search_root`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NodeKind {
    /// A node of the principal variation, searched with the whole window of its parent: its
    /// exact score is wanted, so no table entry cuts it off and nothing is pruned on a guess.
    Pv,
    /// Any other node, searched with a null window to prove it worse (or better) than a
    /// bound: table cut-offs and every pruning apply.
    NonPv,
}

impl NodeKind {
    /// `true` for a node of the principal variation.
    #[inline(always)]
    pub fn is_pv(self) -> bool {
        self == NodeKind::Pv
    }
}
