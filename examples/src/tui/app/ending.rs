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
    /// `loser`'s flag fell; a draw when the other side has no piece left to mate with.
    Flag {
        /// Whose time ran out.
        loser: Color,
        /// The other side has only its king: a draw.
        draw: bool,
    },
}

impl Ending {
    /// The ending when `loser`'s time runs out on `board`.
    pub fn flag(board: &Board, loser: Color) -> Ending {
        let material = board.material();
        let winner = !loser;
        let bare_king = PieceKind::ALL
            .into_iter()
            .filter(|&kind| kind != PieceKind::King)
            .all(|kind| material.count(winner, kind) == 0);
        Ending::Flag {
            loser,
            draw: bare_king,
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
            Ending::Resigned { loser } => format!("{} resigned", title(loser)),
            Ending::DrawAgreed => "Draw agreed".to_string(),
            Ending::Flag { loser, .. } => format!("{} lost on time", title(loser)),
        }
    }
}

impl Ending {
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
                write!(f, "{} resigns, {} wins ({result})", title(loser), !loser)
            }
            Ending::DrawAgreed => write!(f, "Draw agreed ({result})"),
            Ending::Flag { loser, draw: false } => {
                write!(
                    f,
                    "{} lost on time, {} wins ({result})",
                    title(loser),
                    !loser
                )
            }
            Ending::Flag { loser, draw: true } => write!(
                f,
                "{} ran out of time, but {} cannot mate: draw ({result})",
                title(loser),
                !loser
            ),
        }
    }
}

/// "White" or "Black".
fn title(color: Color) -> &'static str {
    crate::play::render::title(color)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
