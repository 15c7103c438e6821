//! The openings of a match: read from a file (EPD or FEN lines, lines of SAN moves, or PGN
//! games), or made from random legal plies, Chess960 start positions included; and the
//! order they are played in.

use outpost_board::{Board, Epd, Move, Variant};
use outpost_movegen::san::parse_san;
use outpost_movegen::{legal_moves, Game, GameStatus};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;

/// The rules of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MatchVariant {
    /// Standard chess.
    Standard,
    /// Chess960: the engines get `UCI_Chess960=true`, castling is written as king takes rook.
    Chess960,
    /// Chess Fragments (5×5): the engines get `UCI_Variant=fragments`.
    Fragments,
}

impl MatchVariant {
    /// The board's rule set.
    pub fn board_variant(self) -> Variant {
        match self {
            MatchVariant::Fragments => Variant::Fragments,
            MatchVariant::Standard | MatchVariant::Chess960 => Variant::Chess,
        }
    }

    /// The start position of the rules.
    pub fn start(self) -> Board {
        Board::from_fen(self.board_variant().start_fen()).expect("the variant's start is valid")
    }

    /// The name in the PGN's `Variant` tag and the summary.
    pub fn name(self) -> &'static str {
        match self {
            MatchVariant::Standard => "standard",
            MatchVariant::Chess960 => "chess960",
            MatchVariant::Fragments => "fragments",
        }
    }
}

/// The order openings are played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Order {
    /// As in the file.
    Sequential,
    /// Shuffled by the seed.
    Random,
}

/// One opening: a start and the moves played from it before the engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Where the game starts (the PGN's start, so that the record holds the opening moves).
    pub start: Board,
    /// The moves of the opening, each legal in turn.
    pub moves: Vec<Move>,
    /// Where it came from: `openings.epd:12`, `Chess960 #518`, `random 4 plies`.
    pub label: String,
}

impl Opening {
    /// The game after the opening's moves.
    pub fn game(&self) -> Game {
        let mut game = Game::new(self.start.clone());
        for &mv in &self.moves {
            game.play(mv);
        }
        game
    }
}

/// A seeded generator for everything random in a match (the order, random openings).
pub fn generator(seed: u64, purpose: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(purpose);
    rng
}

/// A number below `n` (n > 0).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    // 64 random bits: the bias of the modulo is far below anything a match could show.
    (rng.next_u64() % n as u64) as usize
}

/// The order of `count` openings: as they are, or shuffled (Fisher–Yates) by the seed.
pub fn order(count: usize, order: Order, seed: u64) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..count).collect();
    if order == Order::Random {
        let mut rng = generator(seed, 1);
        for i in (1..count).rev() {
            indices.swap(i, below(&mut rng, i + 1));
        }
    }
    indices
}

/// The SAN moves of a line such as `1. e4 e5 2. Nf3`, played from `start`; `None` if a word
/// is not a legal move there.
fn san_line(start: &Board, line: &str) -> Option<Vec<Move>> {
    let mut board = start.clone();
    let mut moves = Vec::new();
    for word in line.split_whitespace() {
        // Move numbers (`1.`, `12...`, or glued to the move: `1.e4`) and results are skipped.
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if word.is_empty() || matches!(word, "*" | "1-0" | "0-1" | "1/2-1/2" | "-0" | "/2-1/2") {
            continue;
        }
        let mv = parse_san(&board, word).ok()?;
        board.make(mv);
        moves.push(mv);
    }
    Some(moves)
}

/// The opening of one EPD record. When its `c0` (or `pv`) holds SAN moves from the start of
/// the rules that lead to its position, the game starts there and replays them; otherwise it
/// starts from the position.
fn from_epd(epd: &Epd, rules: &Board, label: String) -> Opening {
    let line = epd
        .operation("c0")
        .or_else(|| epd.operation("pv"))
        .map(|operands| operands.join(" "));
    if let Some(moves) = line.and_then(|line| san_line(rules, &line)) {
        let mut board = rules.clone();
        for &mv in &moves {
            board.make(mv);
        }
        if !moves.is_empty() && board.hash() == epd.board().hash() {
            return Opening {
                start: rules.clone(),
                moves,
                label,
            };
        }
    }
    Opening {
        start: epd.board().clone(),
        moves: Vec::new(),
        label,
    }
}

/// Reads the openings of `text` (the file `name`): PGN games if `pgn`, else one opening a
/// line (EPD or FEN, or SAN moves from the start; `#` starts a comment line).
pub fn parse(
    text: &str,
    name: &str,
    pgn: bool,
    variant: MatchVariant,
) -> Result<Vec<Opening>, String> {
    let rules = variant.start();
    let mut openings = Vec::new();
    if pgn {
        let games = outpost_pgn::read_pgn(text).map_err(|error| format!("{name}: {error}"))?;
        for (index, game) in games.into_iter().enumerate() {
            openings.push(Opening {
                start: game.start,
                moves: game.moves,
                label: format!("{name} game {}", index + 1),
            });
        }
    } else {
        for (index, line) in text.lines().enumerate() {
            let line = line.trim().trim_start_matches('\u{feff}');
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let label = format!("{name}:{}", index + 1);
            let opening = match Epd::parse(line) {
                Ok(epd) => from_epd(&epd, &rules, label),
                Err(error) => match san_line(&rules, line) {
                    Some(moves) => Opening {
                        start: rules.clone(),
                        moves,
                        label,
                    },
                    None => {
                        return Err(format!(
                        "{label}: neither a position ({error}) nor legal SAN moves from the start"
                    ))
                    }
                },
            };
            openings.push(opening);
        }
    }
    for opening in &openings {
        check(opening, variant)?;
    }
    if openings.is_empty() {
        return Err(format!("{name}: no openings"));
    }
    Ok(openings)
}

/// An opening must be of the match's rules and leave a game to play.
fn check(opening: &Opening, variant: MatchVariant) -> Result<(), String> {
    let board = &opening.start;
    let fits = match variant {
        MatchVariant::Standard => {
            board.variant() == Variant::Chess && !board.has_chess960_castling()
        }
        MatchVariant::Chess960 => board.variant() == Variant::Chess,
        MatchVariant::Fragments => board.variant() == Variant::Fragments,
    };
    if !fits {
        let what = if board.variant() == Variant::Fragments {
            "Chess Fragments"
        } else if board.has_chess960_castling() {
            "Chess960 (pass --variant chess960)"
        } else {
            "standard chess"
        };
        return Err(format!(
            "{}: a position of {what}, not of --variant {}",
            opening.label,
            variant.name()
        ));
    }
    let status = opening.game().status_claiming_draws();
    if status != GameStatus::Ongoing {
        return Err(format!("{}: the game is over ({status})", opening.label));
    }
    Ok(())
}

/// Reads the openings of a file (`.pgn`: PGN games; otherwise lines).
pub fn load(path: &Path, variant: MatchVariant) -> Result<Vec<Opening>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let pgn = path
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("pgn"));
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    parse(&text, &name, pgn, variant)
}

/// Cuts every opening to at most `plies` moves.
pub fn truncate(openings: &mut [Opening], plies: usize) {
    for opening in openings {
        opening.moves.truncate(plies);
    }
}

/// `count` openings without a file: the start of the rules (for Chess960 a random start
/// position of the 960 each), followed by `plies` random legal moves that do not end the game,
/// all drawn from `seed`.
pub fn random(count: usize, variant: MatchVariant, plies: usize, seed: u64) -> Vec<Opening> {
    let mut rng = generator(seed, 2);
    let mut openings = Vec::with_capacity(count);
    while openings.len() < count {
        let (start, name) = if variant == MatchVariant::Chess960 {
            let number = below(&mut rng, 960) as u16;
            let board = Board::chess960(number).expect("0 to 959 are start positions");
            (board, format!("Chess960 #{number}"))
        } else {
            (variant.start(), "start".to_string())
        };
        let mut game = Game::new(start.clone());
        let mut moves = Vec::with_capacity(plies);
        for _ in 0..plies {
            let legal = legal_moves(game.board());
            if legal.is_empty() {
                break;
            }
            let mv = legal[below(&mut rng, legal.len())];
            game.play(mv);
            moves.push(mv);
        }
        if game.status_claiming_draws() == GameStatus::Ongoing {
            let label = if plies == 0 {
                name
            } else {
                format!("{name}, {plies} random plies")
            };
            openings.push(Opening {
                start,
                moves,
                label,
            });
        }
    }
    openings
}

#[cfg(test)]
mod tests {
    use super::*;

    const EPD: &str = "# a comment\n\
        r1bqkb1r/1ppp1ppp/p1n5/2n1p3/B7/2P2N2/PP1P1PPP/RNBQ1RK1 w kq - c0 \"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. c3 Nxe4 6. O-O Nc5\"; hmvc 2; fmvn 7;\n\
        \n\
        rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
        rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c0 \"not moves\";\n\
        1. d4 d5 2.c4\n";

    #[test]
    fn epd_fen_and_san_lines() {
        let openings = parse(EPD, "book.epd", false, MatchVariant::Standard).unwrap();
        assert_eq!(openings.len(), 4);
        // c0 replayed from the start: the game keeps the moves.
        assert_eq!(openings[0].start, Board::startpos());
        assert_eq!(openings[0].moves.len(), 12);
        assert_eq!(openings[0].label, "book.epd:2");
        let after = openings[0].game();
        assert_eq!(after.board().fullmove_number(), 7);
        assert_eq!(after.board().halfmove_clock(), 2);
        // A FEN alone, and an EPD whose c0 is not a line to it: the position without moves.
        assert!(openings[1].moves.is_empty());
        assert_eq!(openings[1].label, "book.epd:4");
        assert!(openings[2].moves.is_empty());
        assert_eq!(
            openings[2].start.side_to_move(),
            outpost_board::Color::White
        );
        // A line of SAN moves.
        assert_eq!(openings[3].moves.len(), 3);
    }

    #[test]
    fn pgn_games_are_replayed() {
        let text = "[Event \"a\"]\n\n1. e4 c5 2. Nf3 *\n\n[Event \"b\"]\n[SetUp \"1\"]\n\
            [FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n";
        let mut openings = parse(text, "b.pgn", true, MatchVariant::Standard).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].moves.len(), 3);
        assert_eq!(
            openings[1].start.to_fen(),
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
        );
        assert_eq!(openings[1].label, "b.pgn game 2");
        truncate(&mut openings, 2);
        assert_eq!(openings[0].moves.len(), 2);
    }

    #[test]
    fn wrong_files_say_where() {
        let error = parse("8/8/8 w - -\n", "x.epd", false, MatchVariant::Standard).unwrap_err();
        assert!(error.starts_with("x.epd:1: neither a position"), "{error}");
        let error = parse("1. e4 e5 2. Ke3\n", "x.epd", false, MatchVariant::Standard).unwrap_err();
        assert!(error.starts_with("x.epd:1:"), "{error}");
        let fragments = format!("{}\n", Variant::Fragments.start_fen());
        let error = parse(&fragments, "f.epd", false, MatchVariant::Standard).unwrap_err();
        assert!(
            error.contains("Chess Fragments, not of --variant standard"),
            "{error}"
        );
        assert_eq!(
            parse(&fragments, "f.epd", false, MatchVariant::Fragments)
                .unwrap()
                .len(),
            1
        );
        // Checkmate: no game left to play.
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n";
        assert!(parse(mate, "m.epd", false, MatchVariant::Standard)
            .unwrap_err()
            .contains("over"));
        assert!(parse("# nothing\n", "e.epd", false, MatchVariant::Standard).is_err());
        let chess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n";
        let error = parse(chess960, "c.epd", false, MatchVariant::Standard).unwrap_err();
        assert!(error.contains("Chess960"), "{error}");
        assert_eq!(
            parse(chess960, "c.epd", false, MatchVariant::Chess960)
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn the_repository_books_are_read() {
        let root = crate::epd::workspace_root();
        for (file, count) in [("openings.epd", 52), ("openings-1024.epd", 1024)] {
            let openings = load(&root.join("data").join(file), MatchVariant::Standard).unwrap();
            assert_eq!(openings.len(), count, "{file}");
            // Every line's c0 leads to its position.
            assert!(openings.iter().all(|o| o.moves.len() >= 8), "{file}");
        }
    }

    #[test]
    fn random_openings_and_orders_follow_the_seed() {
        let fragments = random(6, MatchVariant::Fragments, 4, 5);
        assert_eq!(fragments, random(6, MatchVariant::Fragments, 4, 5));
        assert_ne!(fragments, random(6, MatchVariant::Fragments, 4, 6));
        assert!(fragments
            .iter()
            .all(|o| o.moves.len() == 4 && o.start.variant() == Variant::Fragments));
        let chess960 = random(3, MatchVariant::Chess960, 0, 1);
        assert!(chess960
            .iter()
            .all(|o| o.label.starts_with("Chess960 #") && o.moves.is_empty()));
        assert_eq!(
            random(2, MatchVariant::Standard, 0, 1)[0].start,
            Board::startpos()
        );

        let shuffled = order(10, Order::Random, 3);
        assert_eq!(shuffled, order(10, Order::Random, 3));
        assert_ne!(shuffled, order(10, Order::Random, 4));
        let mut sorted = shuffled.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, order(10, Order::Sequential, 3));
    }
}
