//! How a game ended: by the rules of chess, or by the players and the clock.

use outpost_board::{Board, Color, PieceKind};
use outpost_movegen::GameStatus;
use outpost_pgn::PgnResult;
use std::fmt;

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Checkmate or a draw by the rules.
    Rules(GameStatus),
    /// `loser` resigned.
    Resigned {
        /// Who resigned.
        loser: Color,
    },
    /// The players agreed to a draw.
    DrawAgreed,
    /// `loser`'s flag fell: a loss, or a draw when the other side cannot mate by any series of
    /// legal moves.
    Flag {
        /// Whose time ran out.
        loser: Color,
        /// The other side cannot mate: a draw.
        draw: bool,
    },
}

impl Ending {
    /// The ending when `loser`'s time runs out on `board`: a draw when the other side cannot
    /// mate by any series of legal moves ([`can_mate`]).
    ///
    /// ```
    /// use outpost_board::{Board, Color};
    /// use outpost_game::Ending;
    ///
    /// // A knight alone cannot mate a bare king: White's flag falls, but it is a draw.
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/1n2K3 w - - 0 1").unwrap();
    /// assert_eq!(Ending::flag(&board, Color::White), Ending::Flag { loser: Color::White, draw: true });
    /// ```
    pub fn flag(board: &Board, loser: Color) -> Ending {
        Ending::Flag {
            loser,
            draw: !can_mate(board, !loser),
        }
    }

    /// The result as PGN writes it.
    pub fn result(self) -> PgnResult {
        let win = |winner: Color| match winner {
            Color::White => PgnResult::WhiteWins,
            Color::Black => PgnResult::BlackWins,
        };
        match self {
            Ending::Rules(status) => PgnResult::from_status(status),
            Ending::Resigned { loser } | Ending::Flag { loser, draw: false } => win(!loser),
            Ending::DrawAgreed | Ending::Flag { draw: true, .. } => PgnResult::Draw,
        }
    }

    /// The reason, for a PGN `Termination` tag.
    pub fn termination(self) -> String {
        match self {
            Ending::Rules(status) => outpost_pgn::termination_reason(status)
                .unwrap_or("Unterminated")
                .to_string(),
            Ending::Resigned { loser } => format!("{} resigned", color_title(loser)),
            Ending::DrawAgreed => "Draw agreed".to_string(),
            Ending::Flag { loser, .. } => format!("{} lost on time", color_title(loser)),
        }
    }

    /// The sentence of [`Display`](fmt::Display) to follow a colon: `Game over: draw agreed
    /// (1/2-1/2)`. Only a colour's name keeps its capital (`White resigns, …`).
    pub fn mid_sentence(self) -> String {
        let text = self.to_string();
        match self {
            Ending::Rules(_) | Ending::DrawAgreed => {
                let mut chars = text.chars();
                chars.next().map_or(String::new(), |first| {
                    first.to_lowercase().chain(chars).collect()
                })
            }
            Ending::Resigned { .. } | Ending::Flag { .. } => text,
        }
    }
}

impl fmt::Display for Ending {
    /// A sentence with the result: `Checkmate, black wins (0-1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = self.result();
        match *self {
            Ending::Rules(status) => {
                let text = status.to_string();
                let mut chars = text.chars();
                let first = chars.next().map(|c| c.to_ascii_uppercase());
                write!(f, "{}{} ({result})", first.unwrap_or(' '), chars.as_str())
            }
            Ending::Resigned { loser } => {
                write!(
                    f,
                    "{} resigns, {} wins ({result})",
                    color_title(loser),
                    !loser
                )
            }
            Ending::DrawAgreed => write!(f, "Draw agreed ({result})"),
            Ending::Flag { loser, draw: false } => write!(
                f,
                "{} lost on time, {} wins ({result})",
                color_title(loser),
                !loser
            ),
            Ending::Flag { loser, draw: true } => write!(
                f,
                "{} ran out of time, but {} cannot mate: draw ({result})",
                color_title(loser),
                !loser
            ),
        }
    }
}

/// "White" or "Black".
pub fn color_title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `false` when `side` cannot checkmate on `board` by any series of legal moves, whatever the
/// other side plays (the rule that makes a fallen flag a draw); `true` when it might.
///
/// A lone king never mates. A lone knight mates only a king hemmed in by its own pieces, and
/// a queen next to its king always sees the knight's checking squares, so a knight needs an
/// enemy pawn, knight, bishop, rook or Right to mate against. Bishops that all stand on
/// squares of one colour (the other side's bishops too) give check only on that colour, and
/// the mated king always has a flight square of the other colour, which only a knight, a
/// pawn or a heavy piece of its own could close. Everything else is taken to be able to mate.
pub fn can_mate(board: &Board, side: Color) -> bool {
    use PieceKind::{Bishop, King, Knight, Queen};
    let own = |kind| board.pieces_of(side, kind);
    let theirs = |kind| board.pieces_of(!side, kind);
    // A pawn, rook, queen or Right may mate.
    if !(board.color(side) & !own(King) & !own(Knight) & !own(Bishop)).is_empty() {
        return true;
    }
    match (own(Knight).count(), own(Bishop).count()) {
        (0, 0) => false,
        // Blockers that do not attack the knight's checking squares.
        (1, 0) => !(board.color(!side) & !theirs(King) & !theirs(Queen)).is_empty(),
        (0, _) => {
            let bishops = board.pieces(Bishop);
            let one_colour = bishops.into_iter().all(outpost_board::Square::is_light)
                || bishops.into_iter().all(|square| !square.is_light());
            let their_others = board.color(!side) & !theirs(King) & !theirs(Bishop);
            !(one_colour && their_others.is_empty())
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mates(fen: &str, side: Color) -> bool {
        can_mate(&Board::from_fen(fen).unwrap(), side)
    }

    #[test]
    fn endings_read_as_sentences_with_their_result() {
        let mate = Ending::Rules(GameStatus::Checkmate {
            winner: Color::Black,
        });
        assert_eq!(mate.to_string(), "Checkmate, black wins (0-1)");
        assert_eq!(
            Ending::Resigned {
                loser: Color::White
            }
            .to_string(),
            "White resigns, black wins (0-1)"
        );
        assert_eq!(Ending::DrawAgreed.result(), PgnResult::Draw);
        assert_eq!(Ending::DrawAgreed.mid_sentence(), "draw agreed (1/2-1/2)");
        let bare = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(
            Ending::flag(&bare, Color::White),
            Ending::Flag {
                loser: Color::White,
                draw: true
            }
        );
        assert_eq!(
            Ending::flag(&bare, Color::Black).result(),
            PgnResult::WhiteWins
        );
        assert_eq!(
            Ending::flag(&bare, Color::Black).termination(),
            "Black lost on time"
        );
    }

    #[test]
    fn a_flag_is_a_draw_only_when_the_other_side_cannot_mate() {
        use Color::{Black, White};
        // A lone king, or a knight or same-coloured bishops against a bare king: no mate.
        assert!(!mates("4k3/8/8/8/8/8/8/4K3 w - - 0 1", White));
        assert!(!mates("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", White));
        assert!(!mates("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", White));
        assert!(!mates("4k3/8/8/8/8/8/1b6/2B1K3 w - - 0 1", White)); // c1 and b2: both dark
                                                                     // A knight against a queen alone cannot mate either.
        assert!(!mates("4k3/8/8/3q4/8/8/8/1N2K3 w - - 0 1", White));
        // But a knight mates a king hemmed in by its own pawn, bishop, knight or rook.
        assert!(mates("4k3/4p3/8/8/8/8/8/1N2K3 w - - 0 1", White));
        assert!(mates("4k3/8/8/8/8/8/8/1N2K2r w - - 0 1", White));
        // Bishops of both colours, or one bishop against a knight or a pawn, can mate.
        assert!(mates("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", White)); // c1 dark, f1 light
        assert!(mates("4k3/8/8/3b4/8/8/8/2B1K3 w - - 0 1", White)); // c1 dark, d5 light
        assert!(mates("4k3/8/8/3n4/8/8/8/2B1K3 w - - 0 1", White));
        assert!(mates("4k3/4p3/8/8/8/8/8/2B1K3 w - - 0 1", White));
        // Any pawn, rook, queen, two knights: it may mate.
        assert!(mates("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", White));
        assert!(mates("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", White));
        assert!(mates("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", White));
        assert!(mates("4k3/8/8/8/8/8/8/1N1BK3 w - - 0 1", White));
        assert!(!mates("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Black));
    }
}
