//! Scores from white's side: the search gives them for the side to move, people read them
//! for white.

use outpost_board::Color;
use outpost_search::Score;

/// `score`, given for `side_to_move`, from white's side.
///
/// ```
/// use outpost_board::Color;
/// use outpost_game::white_view;
/// use outpost_search::Score;
///
/// assert_eq!(white_view(Score::centipawns(35), Color::Black), Score::centipawns(-35));
/// ```
pub fn white_view(score: Score, side_to_move: Color) -> Score {
    match side_to_move {
        Color::White => score,
        Color::Black => -score,
    }
}

/// `centipawns` as pawns with a sign and two decimals: `+0.35`, `-1.20`.
pub fn pawns(centipawns: i32) -> String {
    format!("{:+.2}", f64::from(centipawns) / 100.0)
}

/// A search score, given for the side to move, from white's side as people read it: pawns
/// (`+0.35`) or a mate (`+M3` when white mates in 3 moves, `-M2` when black mates in 2).
///
/// ```
/// use outpost_board::Color;
/// use outpost_game::score_text;
/// use outpost_search::Score;
///
/// assert_eq!(score_text(Score::centipawns(35), Color::Black), "-0.35");
/// ```
pub fn score_text(score: Score, side_to_move: Color) -> String {
    match score.mate_moves() {
        None => pawns(
            white_view(score, side_to_move)
                .as_centipawns()
                .unwrap_or_default(),
        ),
        Some(moves) => {
            let winner = if moves > 0 {
                side_to_move
            } else {
                !side_to_move
            };
            let sign = if winner == Color::White { '+' } else { '-' };
            format!("{sign}M{}", moves.unsigned_abs())
        }
    }
}
