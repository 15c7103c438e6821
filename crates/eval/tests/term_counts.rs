//! What the terms count, read from the trace the tuner reads (so these hold whatever the
//! tuned values are): safe checks and outposts.

use outpost_board::{Board, Color};
use outpost_eval::params::{trace, Group, Sink};

/// Sums each colour's counts of one group's entries.
struct GroupCounts {
    group: Group,
    counts: [Vec<i32>; 2],
}

impl Sink for GroupCounts {
    fn add(&mut self, color: Color, param: usize, count: i32) {
        if Group::of(param) == Some(self.group) {
            self.counts[color.index()][param - self.group.start()] += count;
        }
    }
}

/// White's and black's counts of `group`'s entries in `fen`.
fn counts(fen: &str, group: Group) -> [Vec<i32>; 2] {
    let mut sink = GroupCounts {
        group,
        counts: [vec![0; group.size()], vec![0; group.size()]],
    };
    trace(&Board::from_fen(fen).unwrap(), &mut sink);
    sink.counts
}

/// Knight, bishop, rook and queen checks, for white and black.
fn safe_checks(fen: &str) -> [Vec<i32>; 2] {
    counts(fen, Group::SafeCheck)
}

#[test]
fn safe_checks_count_the_squares_nothing_guards() {
    // The rook on h1 checks from g1 (safe) and h8 (next to the king: not safe).
    assert_eq!(
        safe_checks("6k1/8/8/8/8/8/8/K6R w - - 0 1")[0],
        [0, 0, 1, 0]
    );
    // A black knight on e2 guards g1.
    assert_eq!(
        safe_checks("6k1/8/8/8/8/8/4n3/K6R w - - 0 1")[0],
        [0, 0, 0, 0]
    );
    // An own piece on g1 stands in the way.
    assert_eq!(
        safe_checks("6k1/8/8/8/8/8/8/K5NR w - - 0 1")[0],
        [0, 0, 0, 0]
    );
    // The knight on g4 checks from f6 and h6; a pawn on g7 guards both.
    assert_eq!(
        safe_checks("6k1/8/8/8/6N1/8/8/K7 w - - 0 1")[0],
        [2, 0, 0, 0]
    );
    assert_eq!(
        safe_checks("6k1/6p1/8/8/6N1/8/8/K7 w - - 0 1")[0],
        [0, 0, 0, 0]
    );
    // The bishop on b1 checks from a2 (and from h7, next to the king); a rook on a8 guards a2.
    assert_eq!(
        safe_checks("6k1/8/8/8/8/8/8/KB6 w - - 0 1")[0],
        [0, 1, 0, 0]
    );
    assert_eq!(
        safe_checks("r5k1/8/8/8/8/8/8/KB6 w - - 0 1")[0],
        [0, 0, 0, 0]
    );
    // A queen on h1 checks as a rook from g1 and as a bishop from g2, d5 and a8.
    assert_eq!(
        safe_checks("6k1/8/8/8/8/8/8/K6Q w - - 0 1")[0],
        [0, 0, 0, 4]
    );
    // Black's checks on the white king, the same position with the colours swapped.
    assert_eq!(
        safe_checks("k6q/8/8/8/8/8/8/6K1 b - - 0 1")[1],
        [0, 0, 0, 4]
    );
}

/// Knight and bishop outposts, for white and black.
fn outposts(fen: &str) -> [Vec<i32>; 2] {
    counts(fen, Group::Outpost)
}

#[test]
fn outposts_are_pawn_guarded_squares_no_enemy_pawn_can_attack() {
    assert_eq!(outposts("k7/8/8/3N4/4P3/8/8/7K w - - 0 1")[0], [1, 0]);
    assert_eq!(outposts("7k/8/8/3B4/4P3/8/8/K7 w - - 0 1")[0], [0, 1]);
    // No pawn guards it.
    assert_eq!(outposts("k7/8/8/3N4/8/8/8/7K w - - 0 1")[0], [0, 0]);
    // A black pawn on c7 can come to c6 and attack it; one on e6 attacks it now.
    assert_eq!(outposts("k7/2p5/8/3N4/4P3/8/8/7K w - - 0 1")[0], [0, 0]);
    assert_eq!(outposts("k7/8/4p3/3N4/4P3/8/8/7K w - - 0 1")[0], [0, 0]);
    // A black pawn that has gone past does not count.
    assert_eq!(outposts("k7/8/8/3N4/2p1P3/8/8/7K w - - 0 1")[0], [1, 0]);
    // Only on the fourth to sixth ranks.
    assert_eq!(outposts("k7/8/8/8/8/3N4/4P3/7K w - - 0 1")[0], [0, 0]);
    assert_eq!(outposts("k7/3N4/4P3/8/8/8/8/7K w - - 0 1")[0], [0, 0]);
    // Black's knight on d4, guarded from e5.
    assert_eq!(outposts("k7/8/8/4p3/3n4/8/8/7K b - - 0 1")[1], [1, 0]);
}
