//! A strength limited to a rating: legal moves at every level, the level's node budget, only
//! the lines asked for reported, mates kept, and full strength untouched when no level is set.

use outpost_board::Board;
use outpost_movegen::legal_moves;
use outpost_search::{Level, Limits, Progress, SearchSignals, Searcher, LEVEL_ANCHORS};

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

fn board(fen: &str) -> Board {
    Board::from_fen(fen).expect("a test FEN")
}

/// A searcher with a 1 MiB table at `level`, its choices seeded by `seed`.
fn searcher_at(level: Option<Level>, seed: u64) -> Searcher {
    let mut searcher = Searcher::new(1);
    searcher.set_level(level);
    searcher.seed_level(seed);
    searcher
}

/// The level of an anchor's rating.
fn level(elo: u32) -> Option<Level> {
    Some(Level::from_elo(i64::from(elo)).expect("a rating in range"))
}

/// The move `searcher` plays in `board` within `limits`.
fn search(searcher: &mut Searcher, board: &Board, limits: &Limits) -> outpost_search::SearchResult {
    searcher.search(board, &[], limits, &SearchSignals::new(), |_| {})
}

#[test]
fn every_level_plays_legal_moves_within_its_budget_and_reports_one_line() {
    for anchor in LEVEL_ANCHORS {
        let mut searcher = searcher_at(level(anchor.elo), u64::from(anchor.elo));
        for fen in POSITIONS {
            let board = board(fen);
            let mut lines = Vec::new();
            let result = searcher.search(
                &board,
                &[],
                &Limits::default(),
                &SearchSignals::new(),
                |progress| {
                    if let Progress::Iteration(info) = progress {
                        lines.push(info.multipv);
                    }
                },
            );
            let mv = result.best_move.expect("a move");
            assert!(
                legal_moves(&board).contains(&mv),
                "{} {fen}: {mv}",
                anchor.elo
            );
            assert_eq!(result.pv.first(), Some(&mv));
            // The node count is checked every few nodes.
            assert!(
                result.nodes <= anchor.nodes + 2_048,
                "{} {fen}: {} nodes",
                anchor.elo,
                result.nodes
            );
            assert!(lines.iter().all(|&multipv| multipv == 1), "{lines:?}");
        }
    }
}

#[test]
fn the_weakest_level_varies_its_moves_and_full_strength_does_not() {
    let start = board(POSITIONS[0]);
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let moves_of = |level: Option<Level>| {
        let mut moves = std::collections::BTreeSet::new();
        for seed in 0..12 {
            let result = search(&mut searcher_at(level, seed), &start, &limits);
            moves.insert(result.best_move.expect("a move").to_string());
        }
        moves
    };
    assert!(moves_of(level(1350)).len() > 1);
    assert_eq!(moves_of(None).len(), 1);
}

#[test]
fn a_mate_in_one_is_played_at_every_level() {
    // Back-rank mate: Re8#.
    let mate = board("6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1");
    for anchor in LEVEL_ANCHORS {
        for seed in 0..8 {
            let result = search(
                &mut searcher_at(level(anchor.elo), seed),
                &mate,
                &Limits::default(),
            );
            assert_eq!(
                result.best_move.map(|mv| mv.to_string()).as_deref(),
                Some("e1e8"),
                "{} seed {seed}",
                anchor.elo
            );
        }
    }
}

#[test]
fn no_level_is_full_strength_and_analysis_ignores_the_level() {
    let kiwipete = board(POSITIONS[1]);
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let at = |level: Option<Level>, limits: &Limits| {
        search(&mut searcher_at(level, 0), &kiwipete, limits)
    };
    let full = at(None, &limits);
    let mut again = at(None, &limits);
    again.time = full.time;
    again.nps = full.nps;
    assert_eq!(full, again);
    // A level stops at its budget; a search until stopped (analysis) is not limited.
    let weak = at(level(1350), &limits);
    assert!(
        weak.nodes < full.nodes / 10,
        "{} of {}",
        weak.nodes,
        full.nodes
    );
    let analysis = Limits {
        infinite: true,
        depth: Some(7),
        ..Limits::default()
    };
    let analysed = at(level(1350), &analysis);
    assert_eq!(analysed.depth, 7);
    assert!(analysed.nodes > weak.nodes * 10);
}

/// A level of one candidate is the plain search within its node budget: the same move, the
/// same nodes, as full strength told that many nodes.
#[test]
fn a_level_of_one_candidate_is_the_search_within_its_budget() {
    let strongest = LEVEL_ANCHORS[LEVEL_ANCHORS.len() - 1];
    assert_eq!(strongest.candidates, 1);
    let limits = Limits {
        nodes: Some(30_000),
        ..Limits::default()
    };
    for fen in POSITIONS {
        let board = board(fen);
        let at_level = search(&mut searcher_at(level(strongest.elo), 1), &board, &limits);
        let full = search(&mut searcher_at(None, 1), &board, &limits);
        assert_eq!(
            (at_level.best_move, at_level.nodes, at_level.depth),
            (full.best_move, full.nodes, full.depth),
            "{fen}"
        );
    }
}
