//! Perft through the public API of three move generators, timed in one run: Outpost (the
//! pseudo-legal moves, try-and-take-back, the last ply counted by `count_legal_moves`),
//! cozy-chess (its own perft of ten lines, the last ply counted by `PieceMoves::len`) and
//! shakmaty (`Chess::legal_moves`, the last ply counted by the list's length). The start
//! position to depth 6 and Kiwipete to depth 5, one thread, no table; each count must be the
//! published one. The libraries take turns within each round (the order turns by one each
//! round), so that a busy machine slows them alike; the ratios compare the times of one round.
//! The time is the thread's time on a processor where Linux tells it
//! (`/proc/thread-self/schedstat`, in nanoseconds: the time the thread waited for a processor
//! that another program held is left out), else the wall time; the output says which.
//!
//! ```sh
//! cargo bench -p benches --bench perft_compare               # 3 rounds
//! cargo bench -p benches --bench perft_compare -- --rounds 5
//! cargo bench -p benches --bench perft_compare -- --quick    # depths 5 and 4, one round
//! ```
//!
//! `cargo bench` builds with the workspace's `bench` profile (`lto = true`, `codegen-units =
//! 1`, as `release`) and the workspace's `.cargo/config.toml` (`target-cpu=x86-64-v2` on
//! x86_64), the same for the three libraries.

use std::time::Instant;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// A position, its full depth and count, and the quick depth and count.
struct Case {
    name: &'static str,
    fen: &'static str,
    depth: u32,
    nodes: u64,
    quick_depth: u32,
    quick_nodes: u64,
}

const CASES: [Case; 2] = [
    Case {
        name: "Start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 6,
        nodes: 119_060_324,
        quick_depth: 5,
        quick_nodes: 4_865_609,
    },
    Case {
        name: "Kiwipete",
        fen: KIWIPETE,
        depth: 5,
        nodes: 193_690_690,
        quick_depth: 4,
        quick_nodes: 4_085_603,
    },
];

/// Outpost as a library user writes it: pseudo-legal moves, each tried and taken back
/// (`try_move`), and the last ply counted in bulk (`count_legal_moves`). `depth` is at least 1.
mod outpost {
    use outpost_board::Board;
    use outpost_movegen::{count_legal_moves, pseudo_legal_moves, try_move, MoveList};

    pub fn perft(board: &mut Board, depth: u32) -> u64 {
        if depth == 1 {
            return count_legal_moves(board) as u64;
        }
        let mut moves = MoveList::new();
        pseudo_legal_moves(board, &mut moves);
        let mut nodes = 0;
        for &mv in &moves {
            if let Some(undo) = try_move(board, mv) {
                nodes += perft(board, depth - 1);
                board.unmake(mv, &undo);
            }
        }
        nodes
    }

    pub fn run(fen: &str, depth: u32) -> u64 {
        perft(&mut Board::from_fen(fen).expect("a valid FEN"), depth)
    }
}

/// cozy-chess's perft: legal moves by piece, copy and play, the last ply counted by
/// `PieceMoves::len` (a population count per piece). `depth` is at least 1.
mod cozy {
    use cozy_chess::Board;

    pub fn perft(board: &Board, depth: u32) -> u64 {
        let mut nodes = 0;
        board.generate_moves(|moves| {
            if depth == 1 {
                nodes += moves.len() as u64;
            } else {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += perft(&child, depth - 1);
                }
            }
            false
        });
        nodes
    }

    pub fn run(fen: &str, depth: u32) -> u64 {
        perft(&fen.parse().expect("a valid FEN"), depth)
    }
}

/// shakmaty's perft: the list of legal moves, copy and play, the last ply counted by the
/// list's length. `depth` is at least 1.
mod shakmaty_perft {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    pub fn perft(position: &Chess, depth: u32) -> u64 {
        let moves = position.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &mv in &moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            nodes += perft(&child, depth - 1);
        }
        nodes
    }

    pub fn run(fen: &str, depth: u32) -> u64 {
        let fen: Fen = fen.parse().expect("a valid FEN");
        let position: Chess = fen
            .into_position(CastlingMode::Standard)
            .expect("a legal position");
        perft(&position, depth)
    }
}

type Perft = fn(&str, u32) -> u64;

/// The thread's time on a processor so far, in seconds (Linux), if the system tells it.
fn cpu_time() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds as f64 * 1e-9)
}

/// Runs `perft` and returns its count, wall time and processor time (seconds).
fn time(perft: Perft, fen: &str, depth: u32) -> (u64, f64, Option<f64>) {
    let (cpu_start, start) = (cpu_time(), Instant::now());
    let nodes = perft(fen, depth);
    let wall = start.elapsed().as_secs_f64();
    // Some kernels and sandboxes keep no account (0), or one too coarse for the time taken.
    let cpu = cpu_start
        .zip(cpu_time())
        .map(|(from, to)| to - from)
        .filter(|&cpu| cpu > 0.0);
    (nodes, wall, cpu)
}

const LIBRARIES: [(&str, Perft); 3] = [
    ("outpost", outpost::run),
    ("cozy-chess", cozy::run),
    ("shakmaty", shakmaty_perft::run),
];

fn usage() -> ! {
    eprintln!(
        "usage: cargo bench -p benches --bench perft_compare [-- [--rounds N] [--quick] [--only NAME]]\n\
         --rounds N   interleaved rounds (default 3)\n\
         --only NAME  only outpost, cozy-chess or shakmaty (for a profiler): times, no ratios\n\
         --quick     depths 5 and 4, one round: a check that it runs, not a figure"
    );
    std::process::exit(2);
}

fn main() {
    let mut rounds = 3;
    let mut quick = false;
    let mut only: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            // Passed by `cargo bench` to every benchmark; `--test` by `cargo bench -- --test`.
            "--bench" => {}
            "--quick" | "--test" => {
                quick = true;
                rounds = 1;
            }
            "--only" => match args.next() {
                Some(name) if LIBRARIES.iter().any(|(known, _)| *known == name) => {
                    only = Some(name);
                }
                _ => usage(),
            },
            "--rounds" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => rounds = n,
                _ => usage(),
            },
            _ => usage(),
        }
    }

    if let Some(name) = only {
        let (_, perft) = LIBRARIES
            .iter()
            .find(|(known, _)| *known == name)
            .expect("known");
        for _ in 0..rounds {
            for case in &CASES {
                let (depth, expected) = if quick {
                    (case.quick_depth, case.quick_nodes)
                } else {
                    (case.depth, case.nodes)
                };
                let (nodes, wall, cpu) = time(*perft, case.fen, depth);
                assert_eq!(nodes, expected, "{name}: {} depth {depth}", case.name);
                let cpu = cpu.map_or(String::new(), |cpu| format!(" ({cpu:.3} s cpu)"));
                println!("{name}  {:<9} depth {depth}  {wall:.3} s{cpu}", case.name);
            }
        }
        return;
    }

    println!(
        "perft through each library's public API: one thread, no table, bulk count at the last ply"
    );
    println!(
        "build: {} profile{}, POPCNT {} (cargo bench: the workspace's `bench` profile, lto = true, codegen-units = 1; .cargo/config.toml: target-cpu=x86-64-v2)",
        if cfg!(debug_assertions) {
            "a debug"
        } else {
            "an optimised"
        },
        if cfg!(debug_assertions) {
            " (figures meaningless)"
        } else {
            ""
        },
        if cfg!(target_feature = "popcnt") {
            "on"
        } else {
            "off"
        },
    );

    // The thread's processor time where every reading has one, else the wall time.
    let mut walls: Vec<Vec<Vec<f64>>> = vec![vec![Vec::new(); LIBRARIES.len()]; CASES.len()];
    let mut cpus: Vec<Vec<Vec<Option<f64>>>> = vec![vec![Vec::new(); LIBRARIES.len()]; CASES.len()];
    for round in 0..rounds {
        for (c, case) in CASES.iter().enumerate() {
            let (depth, expected) = if quick {
                (case.quick_depth, case.quick_nodes)
            } else {
                (case.depth, case.nodes)
            };
            for turn in 0..LIBRARIES.len() {
                let l = (turn + round) % LIBRARIES.len();
                let (name, perft) = LIBRARIES[l];
                let (nodes, wall, cpu) = time(perft, case.fen, depth);
                assert_eq!(
                    nodes, expected,
                    "{name}: {} depth {depth} counted {nodes}, published {expected}",
                    case.name
                );
                walls[c][l].push(wall);
                cpus[c][l].push(cpu);
            }
            let mut line = format!("round {}  {:<9} depth {depth}", round + 1, case.name);
            for (l, (name, _)) in LIBRARIES.iter().enumerate() {
                line += &format!("  {name} {:.3} s", walls[c][l][round]);
                if let Some(cpu) = cpus[c][l][round] {
                    line += &format!(" ({cpu:.3} s cpu)");
                }
            }
            println!("{line}");
        }
    }
    let cpu_times: Option<Vec<Vec<Vec<f64>>>> = cpus
        .iter()
        .map(|case| {
            case.iter()
                .map(|library| library.iter().copied().collect())
                .collect()
        })
        .collect();
    let (times, kind) = match cpu_times {
        Some(times) => (times, "the thread's processor time"),
        None => (
            walls,
            "wall time (no processor time from /proc/thread-self/schedstat)",
        ),
    };

    println!();
    println!(
        "{rounds} round(s), every count the published one; times and ratios by {kind}; ratio: Outpost's time over the other's in the same round, median (best to worst)"
    );
    for (c, case) in CASES.iter().enumerate() {
        let depth = if quick { case.quick_depth } else { case.depth };
        let mut line = format!("{:<9} depth {depth}  best", case.name);
        for (l, (name, _)) in LIBRARIES.iter().enumerate() {
            line += &format!("  {name} {:.3} s", best(&times[c][l]));
        }
        println!("{line}");
        for (l, (name, _)) in LIBRARIES.iter().enumerate().skip(1) {
            let ratios: Vec<f64> = times[c][0]
                .iter()
                .zip(&times[c][l])
                .map(|(ours, theirs)| ours / theirs)
                .collect();
            let (low, median, high) = spread(&ratios);
            println!(
                "{:<9} depth {depth}  outpost/{name} {median:.2}x ({low:.2} to {high:.2})",
                case.name
            );
        }
    }
}

fn best(times: &[f64]) -> f64 {
    times.iter().copied().fold(f64::INFINITY, f64::min)
}

/// The smallest, the median and the largest.
fn spread(values: &[f64]) -> (f64, f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    let median = if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    };
    (sorted[0], median, sorted[n - 1])
}
