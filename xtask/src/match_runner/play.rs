//! One game between two engine processes, refereed by Outpost's rules: every move is checked
//! against `outpost_movegen`'s legal moves, and the game ends by the rules (mate, stalemate,
//! repetition, fifty moves, insufficient material), by adjudication, or by an engine's
//! failure: a flag, a crash, a hang or an illegal move loses (a flag is a draw when the
//! opponent cannot mate by any series of legal moves).

use super::adjudication::{Adjudicator, Verdict};
use super::engine::{Answer, Engine, Failure, Log, Reply, Score, StartError, Turn};
use super::openings::{MatchVariant, Opening};
use super::options::{Limit, MatchOptions};
use super::spec::{EngineSpec, Protocol};
use outpost_board::{Board, Color};
use outpost_game::Ending;
use outpost_movegen::san::parse_san;
use outpost_movegen::uci::UciNotation;
use outpost_movegen::GameStatus;
use outpost_pgn::{PgnGame, PgnResult};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long past its flag the runner waits for a move before it calls the engine hung.
const HANG_GRACE: Duration = Duration::from_secs(1);

/// An engine's failure that lost it a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// It went beyond its clock (or movetime) and the margin.
    Time,
    /// Its process ended.
    Crash,
    /// It did not answer.
    Hang,
    /// Its move was not legal by Outpost's rules (or not a move, or a result claimed that
    /// the rules do not give, or it refused a legal move).
    Illegal,
}

impl Fault {
    /// Every fault, in the order the summary lists them.
    pub const ALL: [Fault; 4] = [Fault::Time, Fault::Crash, Fault::Hang, Fault::Illegal];

    /// Its name in the summary and the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Fault::Time => "time losses",
            Fault::Crash => "crashes",
            Fault::Hang => "hangs",
            Fault::Illegal => "illegal moves",
        }
    }

    /// One of them in words.
    pub fn one(self) -> &'static str {
        match self {
            Fault::Time => "time loss",
            Fault::Crash => "crash",
            Fault::Hang => "hang",
            Fault::Illegal => "illegal move",
        }
    }

    /// Its key in the JSON.
    pub fn key(self) -> &'static str {
        match self {
            Fault::Time => "time",
            Fault::Crash => "crash",
            Fault::Hang => "hang",
            Fault::Illegal => "illegal",
        }
    }
}

/// A game to play.
#[derive(Clone, Copy, Debug)]
pub struct Job<'a> {
    /// Its number, from 1.
    pub number: usize,
    /// Its pair, from 0 (games `2k + 1` and `2k + 2`).
    pub pair: usize,
    /// The opening.
    pub opening: &'a Opening,
    /// Whether the first engine has white.
    pub first_is_white: bool,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Record {
    /// Its number, from 1.
    pub number: usize,
    /// Its pair, from 0.
    pub pair: usize,
    /// Whether the first engine had white.
    pub first_is_white: bool,
    /// The result.
    pub result: PgnResult,
    /// Why it ended, in words (the PGN's `Termination`).
    pub reason: String,
    /// Its kind, for the summary's count of endings: `checkmate`, `adjudication`, …
    pub kind: String,
    /// The engine (0 first, 1 second) whose failure ended the game, and the failure.
    pub fault: Option<(usize, Fault)>,
    /// The game as PGN text.
    pub pgn: String,
}

impl Record {
    /// The first engine's points: 1, ½ or 0.
    pub fn points(&self) -> f64 {
        let white = match self.result {
            PgnResult::WhiteWins => 1.0,
            PgnResult::BlackWins => 0.0,
            PgnResult::Draw | PgnResult::Unknown => 0.5,
        };
        if self.first_is_white {
            white
        } else {
            1.0 - white
        }
    }
}

/// What the match shares with every game.
pub struct Context<'a> {
    /// The options.
    pub options: &'a MatchOptions,
    /// Set to stop: games in progress are abandoned between moves.
    pub stop: &'a AtomicBool,
    /// Whether each engine has ever finished its handshake: until then a failed handshake
    /// stops the match (a wrong command line), afterwards it only loses a game.
    pub started: &'a [AtomicBool; 2],
    /// The engines' input and output, when logged.
    pub log: Option<Log>,
}

/// How a game ended before the PGN is written.
enum End {
    /// By the rules.
    Rules(GameStatus),
    /// By adjudication.
    Adjudicated(Verdict),
    /// Both engines played `--max-moves` moves.
    MaxMoves,
    /// This side's engine resigned (xboard's `resign`, or a claim of its own loss).
    Resigned(Color),
    /// `loser`'s failure.
    Fault {
        loser: Color,
        fault: Fault,
        detail: String,
    },
    /// `loser` flagged, but the opponent cannot mate.
    FlagDraw { loser: Color },
}

/// The options every engine gets for the rules.
fn rule_options(variant: MatchVariant, spec: &EngineSpec) -> Vec<(String, String)> {
    let wanted = match variant {
        MatchVariant::Standard => None,
        MatchVariant::Chess960 => Some(("UCI_Chess960", "true")),
        MatchVariant::Fragments => Some(("UCI_Variant", "fragments")),
    };
    wanted
        .filter(|(name, _)| spec.option(name).is_none())
        .map(|(name, value)| vec![(name.to_string(), value.to_string())])
        .unwrap_or_default()
}

/// Plays `job`. `Ok(None)`: the match was stopped meanwhile. `Err`: an engine could not be
/// started at all (the match stops).
pub fn play(context: &Context<'_>, job: Job<'_>) -> Result<Option<Record>, String> {
    let options = context.options;
    let first_is_white = job.first_is_white;
    // Engines by colour: index 0 white, 1 black; `owner[c]` is the engine number.
    let owner = if first_is_white { [0, 1] } else { [1, 0] };
    let specs = [&options.engines[owner[0]], &options.engines[owner[1]]];
    let mut game = job.opening.game();
    let opening_plies = game.moves().len();
    let chess960 = options.variant == MatchVariant::Chess960;
    let notation = UciNotation::for_board(game.start(), chess960);

    // Start both engines; one that fails its handshake loses the game.
    let mut engines: Vec<Engine> = Vec::with_capacity(2);
    let mut end = None;
    for color in [Color::White, Color::Black] {
        let spec = specs[color.index()];
        let started = Engine::start(
            spec,
            &rule_options(options.variant, spec),
            options.init_timeout,
            context.log.clone(),
        );
        let engine = match started {
            Ok(engine) => engine,
            Err(StartError::Unusable(message)) => return Err(message),
            Err(StartError::Failed(failure)) => {
                if !context.started[owner[color.index()]].load(Ordering::SeqCst) {
                    return Err(format!(
                        "{} did not start: {}",
                        spec.name,
                        describe(&failure)
                    ));
                }
                end = Some(failure_end(color, failure, "at its start"));
                break;
            }
        };
        context.started[owner[color.index()]].store(true, Ordering::SeqCst);
        engines.push(engine);
    }
    if end.is_none() {
        for (index, engine) in engines.iter_mut().enumerate() {
            let color = if index == 0 {
                Color::White
            } else {
                Color::Black
            };
            match engine.new_game(game.start(), &options.limit, options.init_timeout) {
                Ok(()) => {}
                Err(StartError::Unusable(message)) => return Err(message),
                Err(StartError::Failed(failure)) => {
                    end = Some(failure_end(color, failure, "at its new game"));
                    break;
                }
            }
        }
    }

    let mut clocks = match options.limit {
        Limit::Clock { base, .. } => [base.as_millis() as i64; 2],
        _ => [0; 2],
    };
    let mut adjudicator = Adjudicator::new(options.resign, options.draw);
    let mut comments: Vec<String> = Vec::new();
    let end = loop {
        if let Some(end) = end.take() {
            break end;
        }
        if context.stop.load(Ordering::SeqCst) {
            return Ok(None);
        }
        let status = game.status_claiming_draws();
        if status != GameStatus::Ongoing {
            break End::Rules(status);
        }
        let played = game.moves().len() - opening_plies;
        if options
            .max_moves
            .is_some_and(|moves| played >= 2 * moves as usize)
        {
            break End::MaxMoves;
        }
        let mover = game.board().side_to_move();
        let engine = &mut engines[mover.index()];
        // `budget`: the time the mover has (clock or movetime), beyond which, with the
        // margin, it loses on time.
        let budget = match options.limit {
            Limit::Clock { .. } => Some(Duration::from_millis(clocks[mover.index()].max(0) as u64)),
            Limit::MoveTime(time) => Some(time),
            Limit::Nodes(_) | Limit::Depth(_) => None,
        };
        let deadline = budget.map_or(options.move_timeout, |budget| {
            budget + options.time_margin + HANG_GRACE
        });
        let turn = Turn {
            game: &game,
            notation,
            limit: options.limit,
            clocks,
        };
        let reply = match engine.think(&turn, deadline) {
            Ok(reply) => reply,
            Err(failure) => break failure_end(mover, failure, "while thinking"),
        };
        if let Some(budget) = budget {
            if reply.elapsed > budget + options.time_margin {
                break flag(game.board(), mover, reply.elapsed - budget);
            }
        }
        if let Limit::Clock { increment, .. } = options.limit {
            clocks[mover.index()] +=
                increment.as_millis() as i64 - reply.elapsed.as_millis() as i64;
        }
        let text = match &reply.answer {
            Answer::Move(text) => text,
            Answer::Resign => break End::Resigned(mover),
            Answer::Claim(claim) => {
                break End::Fault {
                    loser: mover,
                    fault: Fault::Illegal,
                    detail: format!(
                        "{} claimed '{claim}' and did not move; the rules give no result",
                        color_name(mover)
                    ),
                }
            }
        };
        let parsed = match specs[mover.index()].protocol {
            Protocol::Uci => notation
                .parse(game.board(), text)
                .map_err(|e| e.to_string()),
            // xboard engines may write SAN (`Nf3`, `O-O`) as well as coordinates.
            Protocol::Xboard => notation
                .parse(game.board(), text)
                .or_else(|_| parse_san(game.board(), text))
                .map_err(|error| error.to_string()),
        };
        let mv = match parsed {
            Ok(mv) => mv,
            Err(error) => {
                break End::Fault {
                    loser: mover,
                    fault: Fault::Illegal,
                    detail: format!("{} played an illegal move: {error}", color_name(mover)),
                }
            }
        };
        game.play(mv);
        comments.push(comment(&reply));
        let board = game.board();
        let verdict = adjudicator.update(
            mover,
            reply.score,
            u32::from(board.fullmove_number()),
            u32::from(board.halfmove_clock()),
        );
        if let Some(verdict) = verdict {
            break End::Adjudicated(verdict);
        }
    };
    drop(engines);

    let (result, reason, kind, fault) = describe_end(&end);
    let fault = fault.map(|(loser, fault)| (owner[loser.index()], fault));
    let mut pgn = PgnGame::new(game.start().clone());
    pgn.moves = game.moves().to_vec();
    pgn.result = result;
    pgn.termination = Some(reason.clone());
    let date = outpost_pgn::pgn_today();
    let round = format!(
        "{}.{}",
        job.pair + 1,
        if job.number % 2 == 1 { 1 } else { 2 }
    );
    let tags = [
        ("Event", options.event.as_str()),
        ("Site", "?"),
        ("Date", date.as_str()),
        ("Round", round.as_str()),
        ("White", specs[0].name.as_str()),
        ("Black", specs[1].name.as_str()),
    ];
    for (name, value) in tags {
        pgn.set_tag(name, value);
    }
    if options.variant == MatchVariant::Chess960 {
        pgn.set_tag("Variant", "Chess960");
    }
    let time_control = match options.limit {
        Limit::Clock { base, increment } => {
            format!("{}+{}", base.as_secs_f64(), increment.as_secs_f64())
        }
        _ => "-".to_string(),
    };
    pgn.set_tag("TimeControl", &time_control);
    if !matches!(options.limit, Limit::Clock { .. }) {
        pgn.set_tag("Limit", &options.limit.text());
    }
    pgn.set_tag("Opening", &job.opening.label);
    pgn.set_tag("PlyCount", &game.moves().len().to_string());
    if opening_plies > 0 {
        pgn.move_notes_mut(opening_plies - 1)
            .comments
            .push("end of opening".to_string());
    }
    for (index, text) in comments.into_iter().enumerate() {
        if !text.is_empty() {
            pgn.move_notes_mut(opening_plies + index)
                .comments
                .push(text);
        }
    }
    Ok(Some(Record {
        number: job.number,
        pair: job.pair,
        first_is_white,
        result,
        reason,
        kind,
        fault,
        pgn: outpost_pgn::write_pgn(&pgn),
    }))
}

/// `+0.35/12 0.105s`: the engine's score, depth and time, as cutechess writes them.
fn comment(reply: &Reply) -> String {
    let mut text = String::new();
    if let Some(score) = reply.score {
        text.push_str(&score.text());
        if let Some(depth) = reply.depth {
            text.push_str(&format!("/{depth}"));
        }
        text.push(' ');
    }
    text.push_str(&format!("{:.3}s", reply.elapsed.as_secs_f64()));
    text
}

/// The score of a move's comment as [`comment`] writes it (`+0.35/12 0.105s`, `-M3/20
/// 0.2s`), or as cutechess does (which writes a zero without a sign: `0.00/12 0.1s`); none
/// for a comment without one (`0.105s`, `end of opening`).
pub fn comment_score(comment: &str) -> Option<Score> {
    let word = comment.split_whitespace().next()?;
    let text = word.split('/').next()?;
    let mate = text
        .strip_prefix("+M")
        .map(|moves| (1, moves))
        .or_else(|| text.strip_prefix("-M").map(|moves| (-1, moves)));
    if let Some((sign, moves)) = mate {
        return moves
            .parse::<i32>()
            .ok()
            .filter(|&n| n > 0)
            .map(|n| Score::Mate(sign * n));
    }
    let pawns: f64 = text.parse().ok()?;
    (pawns.is_finite() && pawns.abs() < 1e6).then(|| Score::Cp((pawns * 100.0).round() as i32))
}

fn color_name(color: Color) -> &'static str {
    outpost_game::color_title(color)
}

fn describe(failure: &Failure) -> String {
    match failure {
        Failure::Crashed(why) => format!("crashed ({why})"),
        Failure::Hung(why) => format!("hung ({why})"),
        Failure::Refused(line) => format!("refused a legal move ('{line}')"),
    }
}

/// The end of a game by `loser`'s crash, hang or refusal of a legal move.
fn failure_end(loser: Color, failure: Failure, when: &str) -> End {
    let fault = match failure {
        Failure::Crashed(_) => Fault::Crash,
        Failure::Hung(_) => Fault::Hang,
        Failure::Refused(_) => Fault::Illegal,
    };
    End::Fault {
        loser,
        fault,
        detail: format!("{} {} {when}", color_name(loser), describe(&failure)),
    }
}

/// The end of a game by `loser`'s flag `over` its time: a loss, or a draw when the other side
/// cannot mate on `board`.
fn flag(board: &Board, loser: Color, over: Duration) -> End {
    match Ending::flag(board, loser) {
        Ending::Flag { draw: true, .. } => End::FlagDraw { loser },
        _ => End::Fault {
            loser,
            fault: Fault::Time,
            detail: format!(
                "{} lost on time ({} ms over)",
                color_name(loser),
                over.as_millis()
            ),
        },
    }
}

/// The result, the reason in words, the kind and the fault of an end.
fn describe_end(end: &End) -> (PgnResult, String, String, Option<(Color, Fault)>) {
    let win = |winner: Color| match winner {
        Color::White => PgnResult::WhiteWins,
        Color::Black => PgnResult::BlackWins,
    };
    match end {
        End::Rules(status) => {
            let reason = outpost_pgn::termination_reason(*status).unwrap_or("Unterminated");
            (
                PgnResult::from_status(*status),
                reason.to_string(),
                reason.to_lowercase(),
                None,
            )
        }
        End::Adjudicated(Verdict::Resign(loser)) => (
            win(!*loser),
            format!("{} resigns (adjudication)", color_name(*loser)),
            "resign adjudication".to_string(),
            None,
        ),
        End::Adjudicated(Verdict::Draw) => (
            PgnResult::Draw,
            "Draw (adjudication)".to_string(),
            "draw adjudication".to_string(),
            None,
        ),
        End::Resigned(loser) => (
            win(!*loser),
            format!("{} resigns", color_name(*loser)),
            "resignation".to_string(),
            None,
        ),
        End::MaxMoves => (
            PgnResult::Draw,
            "Draw (move limit)".to_string(),
            "move limit".to_string(),
            None,
        ),
        End::FlagDraw { loser } => (
            PgnResult::Draw,
            format!(
                "{} ran out of time, but {} cannot mate: draw",
                color_name(*loser),
                color_name(!*loser)
            ),
            "flag, opponent cannot mate".to_string(),
            None,
        ),
        End::Fault {
            loser,
            fault,
            detail,
        } => (
            win(!*loser),
            detail.clone(),
            fault.one().to_string(),
            Some((*loser, *fault)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_s_score_reads_back() {
        for score in [
            Score::Cp(35),
            Score::Cp(-150),
            Score::Cp(0),
            Score::Mate(3),
            Score::Mate(-1),
        ] {
            for depth in [Some(12), None] {
                let reply = Reply {
                    answer: Answer::Move("e2e4".to_string()),
                    elapsed: Duration::from_millis(105),
                    score: Some(score),
                    depth,
                };
                assert_eq!(comment_score(&comment(&reply)), Some(score));
            }
        }
        assert_eq!(comment_score("0.00/12 0.1s"), Some(Score::Cp(0)));
        for none in [
            "0.105s",
            "end of opening",
            "",
            "+Mx/3 1s",
            "+M0/3 1s",
            "NaN/3",
        ] {
            assert_eq!(comment_score(none), None, "{none}");
        }
    }

    #[test]
    fn a_flag_is_a_draw_only_when_the_opponent_cannot_mate() {
        // White flags; black has a lone knight against king and pawn-less white: a draw.
        let knight = Board::from_fen("4k3/8/8/8/8/8/8/1n2K3 w - - 0 1").unwrap();
        assert!(matches!(
            flag(&knight, Color::White, Duration::from_millis(5)),
            End::FlagDraw {
                loser: Color::White
            }
        ));
        let (result, reason, kind, fault) =
            describe_end(&flag(&knight, Color::White, Duration::from_millis(5)));
        assert_eq!((result, fault), (PgnResult::Draw, None));
        assert!(
            reason.contains("cannot mate") && kind.starts_with("flag"),
            "{reason}"
        );
        // A rook can mate: a loss on time.
        let rook = Board::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
        let (result, reason, kind, fault) =
            describe_end(&flag(&rook, Color::White, Duration::from_millis(250)));
        assert_eq!(result, PgnResult::BlackWins);
        assert_eq!(reason, "White lost on time (250 ms over)");
        assert_eq!(
            (kind.as_str(), fault),
            ("time loss", Some((Color::White, Fault::Time)))
        );
    }

    #[test]
    fn ends_in_words() {
        let crash = failure_end(
            Color::Black,
            Failure::Crashed("exited (signal: 6)".into()),
            "while thinking",
        );
        let (result, reason, kind, fault) = describe_end(&crash);
        assert_eq!(result, PgnResult::WhiteWins);
        assert_eq!(reason, "Black crashed (exited (signal: 6)) while thinking");
        assert_eq!(
            (kind.as_str(), fault),
            ("crash", Some((Color::Black, Fault::Crash)))
        );
        let (_, _, kind, _) = describe_end(&failure_end(
            Color::White,
            Failure::Hung("x".into()),
            "at its start",
        ));
        assert_eq!(kind, "hang");
        let (result, reason, kind, _) = describe_end(&End::Rules(GameStatus::ThreefoldRepetition));
        assert_eq!(
            (result, reason.as_str(), kind.as_str()),
            (
                PgnResult::Draw,
                "Threefold repetition",
                "threefold repetition"
            )
        );
        let (result, reason, kind, _) = describe_end(&End::Resigned(Color::White));
        assert_eq!(
            (result, reason.as_str(), kind.as_str()),
            (PgnResult::BlackWins, "White resigns", "resignation")
        );
        let (result, _, kind, _) = describe_end(&End::Adjudicated(Verdict::Resign(Color::Black)));
        assert_eq!(
            (result, kind.as_str()),
            (PgnResult::WhiteWins, "resign adjudication")
        );
        let illegal = End::Fault {
            loser: Color::White,
            fault: Fault::Illegal,
            detail: String::new(),
        };
        assert_eq!(describe_end(&illegal).2, "illegal move");
    }

    #[test]
    fn the_rules_set_their_option_unless_the_spec_does() {
        let spec = EngineSpec::from_tokens(&[], &[("cmd".into(), "e".into())]).unwrap();
        assert!(rule_options(MatchVariant::Standard, &spec).is_empty());
        assert_eq!(
            rule_options(MatchVariant::Chess960, &spec),
            [("UCI_Chess960".into(), "true".into())]
        );
        assert_eq!(
            rule_options(MatchVariant::Fragments, &spec),
            [("UCI_Variant".into(), "fragments".into())]
        );
        let own = EngineSpec::from_tokens(
            &[],
            &[
                ("cmd".into(), "e".into()),
                ("option.UCI_Variant".into(), "5x5".into()),
            ],
        )
        .unwrap();
        assert!(rule_options(MatchVariant::Fragments, &own).is_empty());
    }

    #[test]
    fn points_follow_the_colours() {
        let record = |first_is_white, result| Record {
            number: 1,
            pair: 0,
            first_is_white,
            result,
            reason: String::new(),
            kind: String::new(),
            fault: None,
            pgn: String::new(),
        };
        assert_eq!(record(true, PgnResult::WhiteWins).points(), 1.0);
        assert_eq!(record(false, PgnResult::WhiteWins).points(), 0.0);
        assert_eq!(record(false, PgnResult::BlackWins).points(), 1.0);
        assert_eq!(record(false, PgnResult::Draw).points(), 0.5);
    }
}
