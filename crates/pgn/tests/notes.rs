//! Comments, glyphs, variations and clocks: kept when read, written back, and read again the
//! same.

use outpost_board::Board;
use outpost_movegen::legal_moves;
use outpost_movegen::san::{line_to_san, MoveNumbers};
use outpost_pgn::{read_pgn, write_pgn, Eval, MoveNotes, PgnGame, PgnResult, Variation};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// As Lichess exports a game with clocks and an analysis.
const LICHESS: &str = r#"[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[Result "1-0"]
[TimeControl "180+0"]
[Termination "Normal"]

1. e4 { [%eval 0.36] [%clk 0:03:00] } 1... e5 { [%eval 0.25] [%clk 0:03:00] }
2. Nf3 { [%eval 0.2] [%clk 0:02:58.5] } 2... d6?! { [%eval 0.71] [%clk 0:02:57] }
{ Philidor's defence. } ( 2... Nc6 3. Bb5 ) 3. d4 $1 { [%eval #4] [%clk 0:02:50] }
1-0
"#;

#[test]
fn a_lichess_game_keeps_clocks_evals_glyphs_and_variations() {
    let game = read_pgn(LICHESS).unwrap().remove(0);
    assert_eq!(game.result, PgnResult::WhiteWins);
    assert_eq!(game.termination.as_deref(), Some("Normal"));
    assert_eq!(
        game.clocks(),
        [180_000, 180_000, 178_500, 177_000, 170_000].map(|ms| Some(Duration::from_millis(ms)))
    );
    let evals: Vec<Option<Eval>> = game.notes.iter().map(MoveNotes::eval).collect();
    assert_eq!(
        evals,
        [
            Some(Eval::Centipawns(36)),
            Some(Eval::Centipawns(25)),
            Some(Eval::Centipawns(20)),
            Some(Eval::Centipawns(71)),
            Some(Eval::Mate(4)),
        ]
    );
    let d6 = game.move_notes(3).unwrap();
    assert_eq!(d6.nags, [6]);
    assert_eq!(
        d6.comments,
        ["[%eval 0.71] [%clk 0:02:57]", "Philidor's defence."]
    );
    let [variation] = &d6.variations[..] else {
        panic!("{d6:?}")
    };
    // The variation starts from the position before 2... d6.
    let mut before = game.start.clone();
    for &mv in &game.moves[..3] {
        before.make(mv);
    }
    assert_eq!(
        line_to_san(&before, &variation.moves, MoveNumbers::Shown),
        "2... Nc6 3. Bb5"
    );
    assert_eq!(game.move_notes(4).unwrap().nags, [1]);
    assert!(game.move_notes(5).is_none());

    // Written and read again: the same game, and the same text when written again.
    let text = write_pgn(&game);
    let expected = "2... d6 $6 {[%eval 0.71] [%clk 0:02:57]} {Philidor's defence.} \
                    (2... Nc6 3. Bb5) 3. d4 $1";
    assert!(text.replace('\n', " ").contains(expected), "{text}");
    let again = read_pgn(&text).unwrap().remove(0);
    // The same but for the seven standard tags, which the writer adds.
    assert_eq!(
        (&again.moves, &again.notes, &again.termination),
        (&game.moves, &game.notes, &game.termination),
        "{text}"
    );
    assert_eq!(write_pgn(&again), text);
}

#[test]
fn the_last_comment_is_the_termination_unless_it_carries_a_clock() {
    let game = read_pgn("1. e4 e5 2. Qh5 {White resigns} 0-1")
        .unwrap()
        .remove(0);
    assert_eq!(game.termination.as_deref(), Some("White resigns"));
    assert!(game.notes.is_empty());
    let game = read_pgn("1. e4 e5 {[%clk 0:01:00]} 0-1").unwrap().remove(0);
    assert_eq!(game.termination, None);
    assert_eq!(game.clocks()[1], Some(Duration::from_secs(60)));
}

#[test]
fn glyphs_as_text_and_suffixes_are_numbered() {
    let game = read_pgn("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 += $146 *")
        .unwrap()
        .remove(0);
    let nags: Vec<Vec<u8>> = game.notes.iter().map(|notes| notes.nags.clone()).collect();
    assert_eq!(
        nags,
        [
            vec![1],
            vec![2],
            vec![3],
            vec![4],
            vec![5],
            vec![6],
            vec![14, 146]
        ]
    );
}

#[test]
fn comments_before_the_first_move_and_in_variations() {
    let text = "{Game} 1. e4 ({Or} 1. d4 {Solid} d5 (1... Nf6) 2. c4) ({Or} 1. c4) 1... e5 {Open} 2. Nf3 *";
    let game = read_pgn(text).unwrap().remove(0);
    assert_eq!(game.comments, ["Game"]);
    let variations = game.variations(0);
    assert_eq!(variations.len(), 2);
    assert_eq!(variations[0].comments, ["Or"]);
    assert_eq!(variations[0].moves.len(), 3);
    assert_eq!(variations[0].notes[0].comments, ["Solid"]);
    assert_eq!(variations[0].notes[1].variations[0].moves.len(), 1);
    assert_eq!(game.move_notes(1).unwrap().comments, ["Open"]);
    let written = write_pgn(&game);
    assert!(
        written.replace('\n', " ").contains(
            "{Game} 1. e4 ({Or} 1. d4 {Solid} 1... d5 (1... Nf6) 2. c4) ({Or} 1. c4) 1... e5 {Open} 2. Nf3 *"
        ),
        "{written}"
    );
    let again = read_pgn(&written).unwrap().remove(0);
    assert_eq!(
        (&again.comments, &again.notes),
        (&game.comments, &game.notes)
    );
    assert_eq!(write_pgn(&again), written);
}

/// A random line of up to `plies` moves from `board`, with random notes and, `depth` levels
/// deep, random variations.
fn random_line(
    rng: &mut ChaCha8Rng,
    board: &Board,
    plies: usize,
    depth: usize,
) -> (Vec<outpost_board::Move>, Vec<MoveNotes>) {
    const WORDS: [&str; 8] = [
        "good",
        "[%clk 0:01:02]",
        "bad",
        "a(b)",
        "x;y",
        "{",
        "%",
        "$5",
    ];
    let mut board = board.clone();
    let mut moves = Vec::new();
    let mut notes = Vec::new();
    for _ in 0..plies {
        let legal = legal_moves(&board);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.next_u32() as usize % legal.len()];
        let mut note = MoveNotes::default();
        if rng.next_u32().is_multiple_of(4) {
            note.nags.push(rng.next_u32() as u8);
        }
        if rng.next_u32().is_multiple_of(4) {
            let count = 1 + rng.next_u32() as usize % 4;
            let words: Vec<&str> = (0..count)
                .map(|_| WORDS[rng.next_u32() as usize % WORDS.len()])
                .collect();
            note.comments.push(words.join(" "));
        }
        if depth > 0 && rng.next_u32().is_multiple_of(5) {
            let length = 1 + rng.next_u32() as usize % 6;
            let (moves, notes) = random_line(rng, &board, length, depth - 1);
            let comments = if rng.next_u32().is_multiple_of(3) {
                vec!["alternative".to_string()]
            } else {
                Vec::new()
            };
            note.variations.push(Variation {
                comments,
                moves,
                notes,
            });
        }
        notes.push(note);
        board.make(mv);
        moves.push(mv);
    }
    while notes.last().is_some_and(MoveNotes::is_empty) {
        notes.pop();
    }
    (moves, notes)
}

#[test]
fn random_annotated_games_survive_a_round_trip() {
    let mut rng = ChaCha8Rng::seed_from_u64(2027);
    let starts = [
        Board::STARTPOS_FEN,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ];
    let mut all = String::new();
    let mut games = Vec::new();
    for round in 0..200 {
        let start = Board::from_fen(starts[round % 2]).unwrap();
        let length = rng.next_u32() as usize % 60;
        let (moves, notes) = random_line(&mut rng, &start, length, 2);
        let mut game = PgnGame::new(start);
        game.moves = moves;
        game.notes = notes;
        if round.is_multiple_of(3) {
            game.comments.push(format!("Game {round}"));
        }
        if round.is_multiple_of(4) {
            game.termination = Some("Adjudication".to_string());
        } else {
            // Without a termination, a last comment after the last move reads as one (unless
            // it holds a command).
            let last = match game.moves.len() {
                0 => Some(&mut game.comments),
                n if game.notes.len() == n => Some(&mut game.notes[n - 1].comments),
                _ => None,
            };
            if let Some(comments) = last {
                if comments.last().is_some_and(|last| !last.contains("[%")) {
                    game.termination = comments.pop();
                }
            }
            while game.notes.last().is_some_and(MoveNotes::is_empty) {
                game.notes.pop();
            }
        }
        let text = write_pgn(&game);
        assert!(
            text.lines()
                .all(|line| line.len() <= 80 || line.starts_with('[')),
            "{text}"
        );
        let read = read_pgn(&text).unwrap_or_else(|error| panic!("{error}\n{text}"));
        assert_eq!(read.len(), 1, "{text}");
        assert_eq!(read[0].comments, game.comments, "{text}");
        for (index, (a, b)) in read[0].notes.iter().zip(&game.notes).enumerate() {
            assert_eq!(a, b, "move {index} of {text}");
        }
        assert_eq!(read[0].notes.len(), game.notes.len(), "{text}");
        assert_eq!(read, [game.clone()], "{text}");
        assert_eq!(write_pgn(&read[0]), text);
        all.push_str(&text);
        all.push('\n');
        games.push(game);
    }
    assert_eq!(read_pgn(&all).unwrap(), games);
}
