//! What the terms count, read from the trace the tuner reads (so these hold whatever the
//! tuned values are): safe checks, outposts, king shelter and storm, the rook terms, space,
//! unstoppable passed pawns, connected pawns, hanging pieces, weak pawns, the king's distance
//! to the pawns, knights and rooks by their pawns, and knight attacks on the queen.

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

/// The entries of `group` that `color` (0 white, 1 black) counts in `fen`, as (entry, count).
fn counted(fen: &str, group: Group, color: usize) -> Vec<(usize, i32)> {
    counts(fen, group)[color]
        .iter()
        .enumerate()
        .filter(|(_, &count)| count != 0)
        .map(|(entry, &count)| (entry, count))
        .collect()
}

#[test]
fn shelter_is_the_nearest_own_pawn_on_each_file_around_the_king() {
    // Entry 8 * edge + distance: the h-file is edge 0, g 1, f 2.
    let castled = "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1";
    assert_eq!(
        counted(castled, Group::KingShelter, 0),
        [(1, 1), (9, 1), (17, 1)]
    );
    assert_eq!(
        counted(castled, Group::KingShelter, 1),
        [(1, 1), (9, 1), (17, 1)]
    );
    // h3 is two ranks ahead; no pawn on the g-file (7); a pawn beside the king is 0.
    assert_eq!(
        counted("6k1/8/8/8/8/7P/5P2/6K1 w - - 0 1", Group::KingShelter, 0),
        [(2, 1), (15, 1), (17, 1)]
    );
    assert_eq!(
        counted("6k1/8/8/8/8/8/5PKP/8 w - - 0 1", Group::KingShelter, 0),
        [(0, 1), (15, 1), (16, 1)]
    );
    // A pawn behind the king shelters nothing; a king in the corner counts files a to c.
    assert_eq!(
        counted("6k1/8/8/8/8/6K1/7P/8 w - - 0 1", Group::KingShelter, 0),
        [(7, 1), (15, 1), (23, 1)]
    );
    assert_eq!(
        counted("6k1/8/8/8/8/8/8/K7 w - - 0 1", Group::KingShelter, 0),
        [(7, 1), (15, 1), (23, 1)]
    );
}

#[test]
fn storm_is_the_nearest_enemy_pawn_and_whether_an_own_pawn_stops_it() {
    // A black pawn on g4 is three ranks from the white king on g1.
    assert_eq!(
        counted("6k1/8/8/8/6p1/8/8/6K1 w - - 0 1", Group::KingStorm, 0),
        [(3, 1)]
    );
    // With a white pawn on g3 in its way it is blocked (8 + 3).
    assert_eq!(
        counted("6k1/8/8/8/6p1/6P1/8/6K1 w - - 0 1", Group::KingStorm, 0),
        [(11, 1)]
    );
    // Only the three files around the king count, and pawns behind it do not.
    assert!(counted("6k1/8/8/8/2p5/8/8/6K1 w - - 0 1", Group::KingStorm, 0).is_empty());
    assert!(counted("6k1/8/8/8/8/6K1/7p/8 w - - 0 1", Group::KingStorm, 0).is_empty());
    // White's pawn on h5 storms the black king on g8 from three ranks.
    assert_eq!(
        counted("6k1/8/8/7P/8/8/8/K7 w - - 0 1", Group::KingStorm, 1),
        [(3, 1)]
    );
}

#[test]
fn seventh_rank_counts_with_the_enemy_king_on_its_back_rank_or_pawns_there() {
    assert_eq!(
        counts("6k1/3R4/8/8/8/8/8/K7 w - - 0 1", Group::SeventhRank)[0],
        [1, 0]
    );
    // The king is off its back rank and no pawn is on the seventh.
    assert_eq!(
        counts("8/3R4/6k1/8/8/8/8/K7 w - - 0 1", Group::SeventhRank)[0],
        [0, 0]
    );
    // A pawn on the seventh rank is a target for the queen.
    assert_eq!(
        counts("8/p1Q5/6k1/8/8/8/8/K7 w - - 0 1", Group::SeventhRank)[0],
        [0, 1]
    );
    // Black's seventh rank is the second.
    assert_eq!(
        counts("k7/8/8/8/8/8/3r4/6K1 b - - 0 1", Group::SeventhRank)[1],
        [1, 0]
    );
}

#[test]
fn a_rook_beyond_its_king_with_few_squares_is_trapped() {
    let trapped = |fen| counts(fen, Group::TrappedRook)[0][0];
    // Rook h1 behind a king on f1 and pawns on g2 and h2: one safe square (g1).
    assert_eq!(trapped("6k1/8/8/8/8/8/6PP/5K1R w - - 0 1"), 1);
    // The same rook with the h-pawn gone has the file.
    assert_eq!(trapped("6k1/8/8/8/8/8/6P1/5K1R w - - 0 1"), 0);
    // A rook on the centre side of the king is not shut in by it.
    assert_eq!(trapped("6k1/8/8/8/8/8/PP6/RN3K2 w - - 0 1"), 0);
    // Queen-side: king on b1, rook on a1 behind pawns a2 and b2.
    assert_eq!(trapped("6k1/8/8/8/8/8/PP6/RK6 w - - 0 1"), 1);
}

#[test]
fn space_counts_safe_centre_squares_behind_the_pawns_twice() {
    let space = |fen| counts(fen, Group::Space);
    // The start: c3 to f4, eight squares each.
    assert_eq!(
        space("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        [vec![8], vec![8]]
    );
    // After 1. e4: e2 and e3 are behind the pawn (twice), e4 holds it.
    assert_eq!(
        space("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")[0],
        [10]
    );
    // A black pawn on d5 attacks c4 and e4.
    assert_eq!(
        space("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")[0],
        [6]
    );
}

#[test]
fn a_passed_pawn_outside_the_kings_square_is_unstoppable() {
    let unstoppable = |fen| counts(fen, Group::Unstoppable)[0][0];
    // a5 needs three moves; the king on e5 needs four to a8, or three if it moves first.
    assert_eq!(unstoppable("8/8/8/P3k3/8/8/8/7K w - - 0 1"), 1);
    assert_eq!(unstoppable("8/8/8/P3k3/8/8/8/7K b - - 0 1"), 0);
    assert_eq!(unstoppable("8/8/8/P2k4/8/8/8/7K w - - 0 1"), 0);
    // From its second rank a pawn moves two squares: a2 needs five moves, the king on h5 six.
    assert_eq!(unstoppable("8/8/8/7k/8/8/P7/7K w - - 0 1"), 1);
    assert_eq!(unstoppable("8/8/8/5k2/8/8/P7/7K w - - 0 1"), 0);
    // Not with a knight to stop it, nor with its path blocked.
    assert_eq!(unstoppable("8/8/8/P3k3/8/8/8/n6K w - - 0 1"), 0);
    assert_eq!(unstoppable("K7/8/8/P3k3/8/8/8/8 w - - 0 1"), 0);
    // Black's pawn on h4 runs to h1; the white king on a8 is far.
    assert_eq!(
        counts("K7/8/8/8/7p/8/8/k7 b - - 0 1", Group::Unstoppable)[1][0],
        1
    );
}

#[test]
fn connected_pawns_are_guarded_or_side_by_side_by_rank() {
    // White: d4 and e4 side by side (c3 guards d4 too), c3 and a2 alone. Black: f7 guards
    // g6, which guards h5.
    let fen = "4k3/5p2/6p1/7p/3PP3/2P5/P7/4K3 w - - 0 1";
    let [white, black] = counts(fen, Group::Connected);
    // d4 and e4 on white's fourth rank (entry 3).
    assert_eq!(white, [0, 0, 0, 2, 0, 0, 0, 0]);
    // g6 on black's third rank (entry 2), h5 on its fourth.
    assert_eq!(black, [0, 0, 1, 1, 0, 0, 0, 0]);
}

#[test]
fn hanging_pieces_are_attacked_and_unguarded() {
    // The rook on a1 attacks the knight on a8, which nothing guards.
    let fen = "n3k1b1/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(counts(fen, Group::Hanging), [vec![1], vec![0]]);
    // The king on b8 guards it.
    let guarded = "nk4b1/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(counts(guarded, Group::Hanging), [vec![0], vec![0]]);
    // A king in check is not a hanging piece.
    let check = "4k3/8/8/8/8/8/8/4RK2 b - - 0 1";
    assert_eq!(counts(check, Group::Hanging), [vec![0], vec![0]]);
}

#[test]
fn weak_pawns_are_attacked_by_pieces_and_unguarded_by_pawns() {
    // The rook on a1 attacks a7 and the knight on d5 attacks c7; no black pawn guards
    // either.
    let fen = "4k3/p1p5/8/3N4/8/8/8/R3K3 w - - 0 1";
    assert_eq!(counts(fen, Group::WeakPawn), [vec![2], vec![0]]);
    // With the c-pawn on c6, guarded by b7, and the knight no longer on it: only a7.
    let guarded = "4k3/pp6/2p5/8/8/3N4/8/R3K3 w - - 0 1";
    assert_eq!(counts(guarded, Group::WeakPawn), [vec![1], vec![0]]);
}

#[test]
fn the_king_counts_its_distance_in_files_to_the_nearest_pawn() {
    // White's king on g1, the only pawns on b2 and c7: four files from c; black's king on
    // e8, two files from c.
    let fen = "4k3/2p5/8/8/8/8/1P6/6K1 w - - 0 1";
    assert_eq!(counted(fen, Group::KingPawnFile, 0), [(4, 1)]);
    assert_eq!(counted(fen, Group::KingPawnFile, 1), [(2, 1)]);
    // A king on a pawn's file is at distance 0, and a king on the a-file or h-file finds
    // pawns on one side only.
    assert_eq!(
        counted("k7/p7/8/8/8/8/7P/7K w - - 0 1", Group::KingPawnFile, 0),
        [(0, 1)]
    );
    assert_eq!(
        counted("k7/8/8/8/8/8/7P/K7 w - - 0 1", Group::KingPawnFile, 0),
        [(7, 1)]
    );
    // Without pawns nothing is counted.
    assert_eq!(
        counts("k7/8/8/8/8/8/8/K6R w - - 0 1", Group::KingPawnFile)[0],
        [0; 8]
    );
}

#[test]
fn knights_and_rooks_count_by_their_own_pawns() {
    // White: two knights and a rook with three pawns; black: one knight with one pawn.
    let fen = "4k3/p7/8/2n5/8/8/PPP5/1N2K1NR w - - 0 1";
    assert_eq!(counted(fen, Group::KnightByPawns, 0), [(3, 2)]);
    assert_eq!(counted(fen, Group::RookByPawns, 0), [(3, 1)]);
    assert_eq!(counted(fen, Group::KnightByPawns, 1), [(1, 1)]);
    assert!(counted(fen, Group::RookByPawns, 1).is_empty());
}

#[test]
fn a_knight_can_reach_safe_squares_that_attack_the_queen() {
    // The queen on d8: from e3 the knight reaches none of the squares that attack d8 (b7,
    // c6, e6, f7).
    assert_eq!(
        counts("3qk3/8/8/8/8/4N3/8/4K3 w - - 0 1", Group::KnightOnQueen)[0],
        [0]
    );
    // From d4 it reaches c6 and e6, both attacking d8 and unguarded.
    assert_eq!(
        counts("3qk3/8/8/8/3N4/8/8/4K3 w - - 0 1", Group::KnightOnQueen)[0],
        [2]
    );
    // A pawn on d7 guards c6 and e6.
    assert_eq!(
        counts("3qk3/3p4/8/8/3N4/8/8/4K3 w - - 0 1", Group::KnightOnQueen)[0],
        [0]
    );
}
