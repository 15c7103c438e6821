//! A `go` command turned into search limits for the current position.

use crate::command::GoCommand;
use outpost_board::{Board, Color};
use outpost_movegen::uci::UciNotation;
use outpost_search::Limits;

/// The search limits a `go` command asks for in the position `board`, and the problems to
/// report as `info string`: the command's own warnings, then the search moves that are not
/// legal here (they are left out). Search moves are read in `notation`.
pub fn limits_for(go: &GoCommand, board: &Board, notation: UciNotation) -> (Limits, Vec<String>) {
    let mut warnings: Vec<String> = go.warnings.iter().map(ToString::to_string).collect();
    let mut search_moves = Vec::new();
    for text in &go.search_moves {
        match notation.parse(board, text) {
            Ok(mv) => search_moves.push(mv),
            Err(error) => warnings.push(format!("searchmoves: {error}")),
        }
    }
    // `go` with nothing that ends it (no depth, nodes, time, nor a clock of the side to
    // move) searches until `stop`, as `go infinite`, and says so; with `mate` it ends when it
    // finds one. The end of the input stops either (`ends_by_itself`).
    let own_clock = match board.side_to_move() {
        Color::White => go.white_time,
        Color::Black => go.black_time,
    };
    let unbounded =
        go.depth.is_none() && go.nodes.is_none() && go.movetime.is_none() && own_clock.is_none();
    let unlimited = unbounded && go.mate.is_none();
    if unbounded && !go.infinite && !go.ponder {
        warnings.push(if unlimited {
            "go without a limit: searching until stop".to_string()
        } else {
            "go mate without another limit: searching until a mate is found or stop".to_string()
        });
    }
    let limits = Limits {
        depth: go.depth,
        nodes: go.nodes,
        movetime: go.movetime,
        mate: go.mate,
        infinite: go.infinite || (unlimited && !go.ponder),
        ponder: go.ponder,
        white_time: go.white_time,
        black_time: go.black_time,
        white_increment: go.white_increment,
        black_increment: go.black_increment,
        moves_to_go: go.moves_to_go,
        search_moves,
    };
    (limits, warnings)
}

/// `true` when a search of `limits` with `side` to move ends without `stop`: it has a depth,
/// a node count, a fixed time or its own clock (a search for a mate may never end). Pondering
/// is the handle's to tell ([`outpost_search::SearchHandle::waits_for_stop`]).
pub fn ends_by_itself(limits: &Limits, side: Color) -> bool {
    let own_clock = match side {
        Color::White => limits.white_time,
        Color::Black => limits.black_time,
    };
    !limits.infinite
        && (limits.depth.is_some()
            || limits.nodes.is_some()
            || limits.movetime.is_some()
            || own_clock.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::UciCommand;
    use std::time::Duration;

    fn go(line: &str) -> GoCommand {
        match UciCommand::parse(line) {
            Ok(UciCommand::Go(go)) => go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn illegal_search_moves_are_reported_and_left_out() {
        let (limits, warnings) = limits_for(
            &go("go wtime -100 btime 1e5 depth 0 searchmoves e2e4 e9e4 e2e5"),
            &Board::startpos(),
            UciNotation::STANDARD,
        );
        assert_eq!(limits.white_time, Some(Duration::ZERO));
        assert_eq!(limits.depth, Some(1));
        assert_eq!(limits.search_moves.len(), 1);
        assert_eq!(
            warnings,
            [
                "go btime needs a number, not '1e5': both ignored",
                "go depth 0 is out of range: 1 used",
                "searchmoves: 'e9e4' is not a move in UCI notation (like e2e4, or e7e8q for a \
                 promotion)",
                "searchmoves: 'e2e5' is not a legal move here",
            ]
        );
    }

    #[test]
    fn every_limit_is_passed_on() {
        let (limits, warnings) = limits_for(
            &go(
                "go infinite wtime 1 btime 2 winc 3 binc 4 movestogo 5 depth 6 nodes 7 \
                 mate 8 movetime 9",
            ),
            &Board::startpos(),
            UciNotation::STANDARD,
        );
        assert!(warnings.is_empty());
        let ms = |n| Some(Duration::from_millis(n));
        assert_eq!(
            limits,
            Limits {
                depth: Some(6),
                nodes: Some(7),
                movetime: ms(9),
                mate: Some(8),
                infinite: true,
                ponder: false,
                white_time: ms(1),
                black_time: ms(2),
                white_increment: ms(3),
                black_increment: ms(4),
                moves_to_go: Some(5),
                search_moves: vec![],
            }
        );
    }

    /// `go` with nothing that ends it searches until `stop`, and says so; a `go` with a bad
    /// value only is the same.
    #[test]
    fn a_go_without_a_limit_is_infinite() {
        for line in ["go", "go movetime abc", "go searchmoves e2e4"] {
            let (limits, warnings) =
                limits_for(&go(line), &Board::startpos(), UciNotation::STANDARD);
            assert!(limits.infinite, "{line}");
            assert_eq!(
                warnings.last().map(String::as_str),
                Some("go without a limit: searching until stop"),
                "{line}"
            );
        }
        for line in ["go infinite", "go depth 3", "go wtime 1000", "go ponder"] {
            let (limits, warnings) =
                limits_for(&go(line), &Board::startpos(), UciNotation::STANDARD);
            assert_eq!(limits.infinite, line == "go infinite", "{line}");
            assert!(warnings.is_empty(), "{line}: {warnings:?}");
        }
    }
}
