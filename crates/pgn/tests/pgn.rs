//! PGN through the public API: random games written and read back unchanged, a hand-written
//! file with comments, variations, glyphs and a FEN start, errors that say where, and input
//! that is not PGN at all.

use outpost_board::{Board, Color};
use outpost_movegen::san::{line_to_san, MoveNumbers, SanError};
use outpost_movegen::{legal_moves, Game, GameStatus};
use outpost_pgn::{
    read_pgn, write_pgn, PgnError, PgnErrorKind, PgnGame, PgnReader, PgnResult, SEVEN_TAG_ROSTER,
};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, BufReader, Read};

const GAMES: usize = 50;
const MAX_PLIES: usize = 200;

/// Starting positions for the random games: the standard one most of the time, and some
/// with black to move or castling rights and en passant to carry through the FEN tag.
const STARTS: [&str; 4] = [
    Board::STARTPOS_FEN,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 7 41",
];

/// A game of random legal moves, ended by its status or after `MAX_PLIES` plies.
fn random_game(rng: &mut ChaCha8Rng, start: &str) -> Game {
    let mut game = Game::new(Board::from_fen(start).unwrap());
    for _ in 0..MAX_PLIES {
        if game.status_claiming_draws().is_over() {
            break;
        }
        let moves = legal_moves(game.board());
        game.play(moves[rng.next_u32() as usize % moves.len()]);
    }
    game
}

#[test]
fn random_games_survive_a_round_trip() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut all_text = String::new();
    let mut all_games = Vec::new();
    let mut finished = 0;
    for number in 0..GAMES {
        let start = STARTS[if number % 3 == 0 { number / 3 % 4 } else { 0 }];
        let game = random_game(&mut rng, start);
        let round = (number + 1).to_string();
        let tags = [
            ("Event", "Random games"),
            ("Round", round.as_str()),
            ("White", "Chance"),
            ("Black", "Luck"),
            ("Annotator", "crates/pgn/tests/pgn.rs"),
        ];
        let pgn = PgnGame::from_game(&game, &tags);
        let status = game.status_claiming_draws();
        assert_eq!(pgn.result, PgnResult::from_status(status));
        assert_eq!(pgn.termination.is_some(), status.is_over());
        finished += usize::from(status.is_over());

        let text = write_pgn(&pgn);
        assert!(
            text.lines()
                .all(|line| line.starts_with('[') || line.len() <= 80),
            "a movetext line is longer than 80 characters:\n{text}"
        );
        let read = read_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(read.len(), 1);
        let back = &read[0];
        assert_eq!(
            back.moves,
            game.moves(),
            "moves differ after reading\n{text}"
        );
        assert_eq!(back.result, pgn.result, "{text}");
        assert_eq!(back.start, *game.start());
        assert_eq!(back, &pgn, "{text}");
        assert_eq!(back.to_game().unwrap().status_claiming_draws(), status);

        all_text.push_str(&text);
        all_text.push('\n');
        all_games.push(pgn);
    }
    // Games ended by the rules and by the ply cap were both tried.
    assert!(
        finished > 0 && finished < GAMES,
        "{finished} of {GAMES} games finished"
    );
    // Many games in one text read back in order.
    assert_eq!(read_pgn(&all_text).unwrap(), all_games);
}

#[test]
fn written_text_has_the_seven_tags_in_order() {
    let mut game = Game::startpos();
    for san in ["f3", "e5", "g4", "Qh4#"] {
        game.play_san(san).unwrap();
    }
    let text = write_pgn(&PgnGame::from_game(
        &game,
        &[("White", "Outpost"), ("Black", "Outpost"), ("ECO", "A00")],
    ));
    let names: Vec<&str> = text
        .lines()
        .take_while(|line| line.starts_with('['))
        .map(|line| line[1..].split(' ').next().unwrap())
        .collect();
    assert_eq!(names[..7], SEVEN_TAG_ROSTER);
    assert_eq!(names[7..], ["Termination", "ECO"]);
    let expected = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                    [White \"Outpost\"]\n[Black \"Outpost\"]\n[Result \"0-1\"]\n\
                    [Termination \"Checkmate\"]\n[ECO \"A00\"]\n\n\
                    1. f3 e5 2. g4 Qh4# {Checkmate} 0-1\n";
    assert_eq!(text, expected);
}

#[test]
fn a_game_from_a_fen_with_black_to_move() {
    let start = Board::from_fen("r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 30").unwrap();
    let mut game = Game::new(start);
    for san in ["h6", "Kf1", "Kh7", "Kg1", "Ra1#"] {
        game.play_san(san).unwrap();
    }
    let text = write_pgn(&PgnGame::from_game(&game, &[]));
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 30\"]\n"));
    assert!(
        text.ends_with("\n30... h6 31. Kf1 Kh7 32. Kg1 Ra1# {Checkmate} 0-1\n"),
        "{text}"
    );
}

const HAND_WRITTEN: &str = r#"
% A line starting with '%' is an escape and is skipped.
[Event "Club \"Blitz\" night"]
[Site "Back room"]
[Date "2024.03.05"]
[Round "1"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]
[Termination "normal"]

{The scholar's mate, with notes.} 1. e4 $1 e5!? 2. Bc4 (2. Nf3 Nc6 (2... d6 3. d4
{A comment (with parentheses) inside a variation} exd4) 3. Bb5) 2... Nc6
; a comment to the end of the line, so 3. Bxf7+ is skipped
3. Qh5 Nf6?? $4 (3... g6 4. Qf3) 4.Qxf7# 1-0

[Event "Endgame"]
[Site "?"]
[Date "????.??.??"]
[Round "2"]
[White "?"]
[Black "?"]
[Result "0-1"]
[SetUp "1"]
[FEN "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 30"]

30...h6 $14 31. Kf1 (31. g4 g5 (31... Ra2 32. h4) 32. h4) 31... Kh7 32. Kg1 Ra1# {Black mates} 0-1

1.d4 d5 2.c4 0-0-0!? *
"#;

#[test]
fn reads_a_hand_written_file() {
    // The third game has an illegal castling at the end; read the first two alone first.
    let end = HAND_WRITTEN.find("1.d4").unwrap();
    let games = read_pgn(&HAND_WRITTEN[..end]).unwrap();
    assert_eq!(games.len(), 2);

    let scholar = &games[0];
    assert_eq!(scholar.tag("Event"), Some(r#"Club "Blitz" night"#));
    assert_eq!(scholar.tag("White"), Some("Alice"));
    assert_eq!(scholar.tag("Result"), None, "kept in the result field");
    assert_eq!(scholar.result, PgnResult::WhiteWins);
    assert_eq!(scholar.termination.as_deref(), Some("normal"));
    assert_eq!(scholar.start, Board::startpos());
    assert_eq!(
        line_to_san(&scholar.start, &scholar.moves, MoveNumbers::Shown),
        "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#"
    );
    let status = scholar.to_game().unwrap().status();
    assert_eq!(
        status,
        GameStatus::Checkmate {
            winner: Color::White
        }
    );

    let ending = &games[1];
    assert_eq!(ending.tag("Round"), Some("2"));
    assert_eq!(ending.tag("FEN"), None, "kept in the start field");
    assert_eq!(
        ending.start.to_fen(),
        "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 30"
    );
    assert_eq!(
        line_to_san(&ending.start, &ending.moves, MoveNumbers::Shown),
        "30... h6 31. Kf1 Kh7 32. Kg1 Ra1#"
    );
    assert_eq!(ending.result, PgnResult::BlackWins);
    assert_eq!(ending.termination.as_deref(), Some("Black mates"));

    // Written again, both games read back the same.
    let text: Vec<String> = games.iter().map(write_pgn).collect();
    assert_eq!(read_pgn(&text.join("\n")).unwrap(), games);

    // The whole file fails at the third game, which has no tags: castling is not legal yet.
    let error = read_pgn(HAND_WRITTEN).unwrap_err();
    assert_eq!(error.game, 3);
    assert_eq!(error.line, HAND_WRITTEN.lines().count());
    assert!(matches!(
        &error.kind,
        PgnErrorKind::Move { number: 2, side: Color::Black, text, error: SanError::Illegal(_) }
            if text == "0-0-0!?"
    ));
}

#[test]
fn a_termination_with_control_characters_is_written_as_it_is_read() {
    // Found by the `pgn` fuzz target: the writer turns a control character into a space, so
    // the reader must read it as one, or the text written once and twice differs.
    for text in [
        "1. e4 e5 {White\x0e resigns} 1-0",
        "[Termination \"a\x01\x7fb \"]\n*",
    ] {
        let game = read_pgn(text).unwrap().remove(0);
        let termination = game.termination.clone().unwrap();
        assert!(!termination.contains(char::is_control), "{termination:?}");
        assert!(!termination.contains("  "), "{termination:?}");
        let written = write_pgn(&game);
        let again = read_pgn(&written).unwrap().remove(0);
        assert_eq!(again.termination, game.termination);
        assert_eq!(write_pgn(&again), written);
    }
}

#[test]
fn a_termination_with_a_closing_brace_is_read_back_as_written() {
    // Found by the `pgn` fuzz target: a `}` of the Termination tag is a space in the comment
    // the writer adds, which the reader must take for the tag's own comment, not another.
    let text = "[Termination \"Ch}eckmate\"]\n\n1. f3 e5 2. g4 Qh4# {Checkmate} 0-1\n";
    let game = read_pgn(text).unwrap().remove(0);
    assert_eq!(game.termination.as_deref(), Some("Ch}eckmate"));
    assert_eq!(game.notes[3].comments, ["Checkmate"]);
    let written = write_pgn(&game);
    assert!(
        written.contains("{Checkmate} {Ch eckmate} 0-1"),
        "{written}"
    );
    let again = read_pgn(&written).unwrap().remove(0);
    assert_eq!(again.notes, game.notes);
    assert_eq!(again.termination, game.termination);
    assert_eq!(write_pgn(&again), written);
}

#[test]
fn games_without_result_tokens_end_at_the_next_tags() {
    let text = "[Event \"A\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5\n\n[Event \"B\"]\n\n1. d4\n";
    let games = read_pgn(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("Event"), Some("A"));
    assert_eq!(games[0].moves.len(), 2);
    assert_eq!(
        games[0].result,
        PgnResult::Draw,
        "taken from the Result tag"
    );
    assert_eq!(games[1].tag("Event"), Some("B"));
    assert_eq!(games[1].moves.len(), 1);
    assert_eq!(games[1].result, PgnResult::Unknown);
    assert_eq!(read_pgn("").unwrap(), vec![]);
    assert_eq!(read_pgn("  \n{just a comment}\n").unwrap(), vec![]);
}

fn error(text: &str) -> PgnError {
    match read_pgn(text) {
        Ok(games) => panic!("{text:?} was read as {games:?}"),
        Err(error) => error,
    }
}

#[test]
fn an_illegal_move_is_reported_with_game_move_and_line() {
    let text = "[Event \"One\"]\n\n1. e4 e5 *\n\n[Event \"Two\"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n";
    let error = error(text);
    assert_eq!(error.game, 2);
    assert_eq!(error.line, 8);
    assert_eq!(
        error.kind,
        PgnErrorKind::Move {
            number: 2,
            side: Color::White,
            text: "Ke3".to_string(),
            error: SanError::Illegal("Ke3".to_string()),
        }
    );
    assert_eq!(
        error.to_string(),
        "illegal move \"Ke3\" for white at move 2 of game 2 (line 8)"
    );
    // The cause is there for error reporters that follow `source`.
    assert!(std::error::Error::source(&error).is_some());

    let ambiguous = error_text("[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n1. Nd2 *");
    assert!(
        ambiguous.starts_with("ambiguous move \"Nd2\" for white at move 1 of game 1 (line 2)"),
        "{ambiguous}"
    );
}

fn error_text(text: &str) -> String {
    error(text).to_string()
}

#[test]
fn garbage_is_an_error_not_a_panic() {
    let garbage = error("Hello, world!");
    assert_eq!(garbage.game, 1);
    assert!(matches!(
        garbage.kind,
        PgnErrorKind::Move {
            error: SanError::Malformed(_),
            ..
        }
    ));
    assert!(garbage
        .to_string()
        .starts_with("unreadable move \"Hello,\""));

    assert!(matches!(error("[Event").kind, PgnErrorKind::Tag(_)));
    assert!(matches!(error("[Event Foo]").kind, PgnErrorKind::Tag(_)));
    assert!(matches!(error("[\"x\"]").kind, PgnErrorKind::Tag(_)));
    assert!(matches!(
        error("[Event \"x\" 1. e4").kind,
        PgnErrorKind::Tag(_)
    ));
    assert!(matches!(
        error("1. e4 {never closed").kind,
        PgnErrorKind::UnterminatedComment
    ));
    let unclosed = error("1. e4 (1. d4\n d5 *\n");
    assert_eq!(
        (unclosed.kind, unclosed.line),
        (PgnErrorKind::UnclosedVariation, 1)
    );
    assert!(matches!(
        error("1. e4 ) e5").kind,
        PgnErrorKind::UnmatchedParenthesis
    ));
    assert!(matches!(
        error("1. e4 } e5").kind,
        PgnErrorKind::UnexpectedCharacter('}')
    ));
    assert!(matches!(
        error("[FEN \"not a position\"]\n1. e4 *").kind,
        PgnErrorKind::Fen { .. }
    ));
    assert!(error_text("[FEN \"8/8/8/8 w - - 0 1\"] *").starts_with("bad FEN tag"));
    assert!(matches!(
        error("1. e4 e5 2. Nf3 -- *").kind,
        PgnErrorKind::Move { .. }
    ));
    // Moves after mate are illegal.
    assert!(matches!(
        error("1. f3 e5 2. g4 Qh4# 3. a3 0-1").kind,
        PgnErrorKind::Move { number: 3, .. }
    ));
}

#[test]
fn random_and_mangled_text_never_panics() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let alphabet: Vec<char> = "abcdefghNBRQKOx0123456789=+#!?.-/*$[]{}()\";%<> \n\\\u{e9}\u{265e}"
        .chars()
        .collect();
    let game = random_game(&mut rng, Board::STARTPOS_FEN);
    let valid: Vec<char> = write_pgn(&PgnGame::from_game(&game, &[])).chars().collect();
    for round in 0..2_000 {
        let text: String = if round % 2 == 0 {
            let length = rng.next_u32() as usize % 60;
            (0..length)
                .map(|_| alphabet[rng.next_u32() as usize % alphabet.len()])
                .collect()
        } else {
            // A valid game with a few characters replaced, removed or added.
            let mut chars = valid.clone();
            for _ in 0..1 + rng.next_u32() % 4 {
                let at = rng.next_u32() as usize % chars.len();
                let c = alphabet[rng.next_u32() as usize % alphabet.len()];
                match rng.next_u32() % 3 {
                    0 => chars[at] = c,
                    1 => {
                        chars.remove(at);
                    }
                    _ => chars.insert(at, c),
                }
            }
            chars.into_iter().collect()
        };
        // Whatever the outcome, it is an answer; errors must display.
        if let Err(error) = read_pgn(&text) {
            assert!(!error.to_string().is_empty());
            assert!(error.game >= 1 && error.line >= 1);
        }
    }
}

/// A reader that hands out its text in small pieces and counts how much was asked of it,
/// like a large file read through a small buffer.
struct Trickle<'a> {
    text: &'a [u8],
    served: std::rc::Rc<std::cell::Cell<usize>>,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.text.len()).min(7);
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        self.served.set(self.served.get() + n);
        Ok(n)
    }
}

#[test]
fn many_games_stream_from_a_reader_one_at_a_time() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let games: Vec<PgnGame> = (0..40)
        .map(|round| {
            let game = random_game(&mut rng, STARTS[round % STARTS.len()]);
            PgnGame::from_game(&game, &[("Round", &(round + 1).to_string())])
        })
        .collect();
    // A thousand games, written one after the other.
    let text: String = (0..25)
        .flat_map(|_| games.iter().map(|game| write_pgn(game) + "\n"))
        .collect();
    let served = std::rc::Rc::new(std::cell::Cell::new(0));
    let source = Trickle {
        text: text.as_bytes(),
        served: served.clone(),
    };
    let mut reader = PgnReader::new(BufReader::with_capacity(64, source));
    let first = reader.next().unwrap().unwrap();
    assert_eq!(first, games[0]);
    // Reading the first game did not read the whole text.
    assert!(
        served.get() < 2 * write_pgn(&games[0]).len() + 64,
        "{} of {} bytes read for the first game",
        served.get(),
        text.len()
    );
    let mut count = 1;
    for (index, read) in reader.enumerate() {
        let read = read.unwrap_or_else(|e| panic!("game {}: {e}", index + 2));
        assert_eq!(read, games[(index + 1) % games.len()]);
        count += 1;
    }
    assert_eq!(count, 1000);
    assert_eq!(served.get(), text.len());
}

#[test]
fn bytes_that_are_not_utf8_are_an_error_or_ignored_never_a_panic() {
    // In a comment they are ignored; in a move they make it unreadable.
    let games: Vec<_> = PgnReader::new(&b"{caf\xe9} 1. e4 e5 *\n"[..]).collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].as_ref().unwrap().moves.len(), 2);
    let error = PgnReader::new(&b"1. e4 e\xff5 *"[..])
        .next()
        .unwrap()
        .unwrap_err();
    assert!(matches!(
        error.kind,
        PgnErrorKind::Move {
            error: SanError::Malformed(_),
            ..
        }
    ));
    let tag = read_pgn_bytes(b"[White \"Jos\xe9\"]\n1. e4 *\n").unwrap();
    assert_eq!(tag[0].tag("White"), Some("Jos\u{fffd}"));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..500 {
        let bytes: Vec<u8> = (0..rng.next_u32() % 40)
            .map(|_| rng.next_u32() as u8)
            .collect();
        if let Err(error) = read_pgn_bytes(&bytes) {
            assert!(!error.to_string().is_empty());
        }
    }
}

fn read_pgn_bytes(bytes: &[u8]) -> Result<Vec<PgnGame>, PgnError> {
    PgnReader::new(bytes).collect()
}

/// A source that fails after its first line.
struct Failing(bool);

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if std::mem::replace(&mut self.0, true) {
            return Err(std::io::Error::other("disk on fire"));
        }
        let line = b"1. e4 e5\n";
        buf[..line.len()].copy_from_slice(line);
        Ok(line.len())
    }
}

#[test]
fn a_failing_source_is_an_error() {
    let mut source = BufReader::new(Failing(false));
    assert!(!source.fill_buf().unwrap().is_empty());
    let error = PgnReader::new(source).next().unwrap().unwrap_err();
    assert_eq!(error.line, 2);
    assert!(matches!(
        error.kind,
        PgnErrorKind::Io {
            kind: std::io::ErrorKind::Other,
            ..
        }
    ));
    assert!(error.to_string().contains("disk on fire"), "{error}");
}
