#!/usr/bin/env python3
"""Calibrates Outpost's levels (UCI_LimitStrength, UCI_Elo) in games against Stockfish at the
same UCI_Elo (Debian's stockfish 15.1, whose scale is calibrated to CCRL blitz), one match of
`cargo xtask match` a level, and prints the table of the README: level, opponent, games,
score, and the level's measured rating with its 95% error (the opponent's rating plus the Elo
difference of the match).

Each match: both engines with 16 MiB and one thread, the openings of data/openings-1024.epd in
a random order by the seed, each with both colours, the clock --tc. The games and a JSON summary
of each match go to --out.

With --opponent ENGINE (a full-strength engine: one of OPPONENTS below) each level is measured
through that engine instead, a check of the scale beyond Stockfish: Stockfish at the level's UCI_Elo plays the engine (which puts
the engine on Stockfish's scale), then the level plays it; the level's rating is the engine's
plus the level's Elo difference against it, its error both matches' together.

Usage: scripts/calibrate-levels.py [--levels 1400,1600,1800,2000,2200] [--games 100]
                                   [--tc 5+0.05] [--concurrency 2] [--seed 1] [--out DIR]
                                   [--opponent fairymax|hoichess|sjeng|phalanx|toga2|glaurung]
Needs: Stockfish and the opponents in /usr/games (scripts/install-soak-deps.sh installs them
when they are missing).
"""

import argparse
import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STOCKFISH = Path("/usr/games/stockfish")
# The range of Stockfish 15.1's UCI_Elo.
STOCKFISH_ELO = (1350, 2850)
# Full-strength engines of Debian's packages, as `cargo xtask match` takes them: books and
# learning off where the engine has a switch for them (Sjeng keeps its learning file in
# ~/.sjeng), one thread (`--each` gives the hash and the threads).
OPPONENTS = {
    "hoichess": "cmd=/usr/games/hoichess -x --norc,name=hoichess,proto=xboard",
    "fairymax": "cmd=/usr/games/fairymax,name=fairymax,proto=xboard",
    "sjeng": "cmd=/usr/games/sjeng,name=sjeng,proto=xboard",
    "phalanx": "cmd=/usr/games/phalanx -b- -l-,name=phalanx,proto=xboard",
    "toga2": "cmd=/usr/games/toga2,name=toga2,option.OwnBook=false",
    "glaurung": "cmd=/usr/games/glaurung,name=glaurung,option.OwnBook=false,option.Ponder=false",
}


def run(command):
    print("+ " + " ".join(command), flush=True)
    subprocess.run(command, cwd=ROOT, check=True)


def program(spec):
    """The program of an engine spec."""
    return Path(spec.split(",")[0].removeprefix("cmd=").split()[0])


def within_stockfish(elo):
    """The nearest rating Stockfish's UCI_Elo takes."""
    return min(max(elo, STOCKFISH_ELO[0]), STOCKFISH_ELO[1])


def outpost(level):
    """The engine spec of Outpost at a level."""
    return (f"cmd=target/release/outpost,name=outpost-{level},"
            f"option.UCI_LimitStrength=true,option.UCI_Elo={level}")


def stockfish(elo):
    """The engine spec of Stockfish at a UCI_Elo (within its range)."""
    elo = within_stockfish(elo)
    return f"cmd={STOCKFISH},name=stockfish-{elo},option.UCI_LimitStrength=true,option.UCI_Elo={elo}"


def match(first, second, label, args, out):
    """Plays `first` against `second` (engine specs); the match's JSON summary."""
    summary = out / f"{label}.json"
    run([
        "cargo", "xtask", "match", "--engine", first, "--engine", second,
        "--each", "option.Hash=16,option.Threads=1",
        "--tc", args.tc,
        "--openings", "data/openings-1024.epd", "--order", "random", "--seed", str(args.seed),
        "--games", str(args.games), "--concurrency", str(args.concurrency),
        "--pgn", str(out / f"{label}.pgn"), "--json", str(summary),
    ])
    return json.loads(summary.read_text())


def score(summary):
    """`47/100 (47.0%)`."""
    games = summary["games"]
    return f"{summary['points']:g}/{games} ({100 * summary['points'] / games:.1f}%)"


def difference(summary):
    """The first engine's Elo difference and its 95% error (None: not finite)."""
    estimate = summary["elo_games"]
    if estimate is None or estimate["elo"] is None:
        return None, None  # a score of 0% or 100%: no finite difference
    return estimate["elo"], estimate["error95"]


def rating(elo, error):
    """`1379 ± 68`, `–` when there is none, `∞` for an error too wide to have a width."""
    if elo is None:
        return "–"
    return f"{elo:.0f} ± {'∞' if error is None else f'{error:.0f}'}"


def calibrate(level, args, out):
    """The README's row of a level against Stockfish at its rating."""
    opponent = within_stockfish(level)
    summary = match(outpost(level), stockfish(level), f"level-{level}", args, out)
    elo, error = difference(summary)
    measured = rating(None if elo is None else opponent + elo, error)
    return (f"| {level} | Stockfish 15.1 at UCI_Elo {opponent} | {summary['games']} | "
            f"{score(summary)} | {measured} |")


def through(level, name, args, out):
    """The row of a level measured through a full-strength engine."""
    anchor = match(stockfish(level), OPPONENTS[name], f"stockfish-{level}-{name}", args, out)
    played = match(outpost(level), OPPONENTS[name], f"level-{level}-{name}", args, out)
    (anchor_elo, anchor_error), (elo, error) = difference(anchor), difference(played)
    engine = None if anchor_elo is None else within_stockfish(level) - anchor_elo
    measured = None if engine is None or elo is None else engine + elo
    combined = (None if anchor_error is None or error is None
                else math.hypot(anchor_error, error))
    return (f"| {level} | {name} | {score(anchor)} | {rating(engine, anchor_error)} | "
            f"{played['games']} | {score(played)} | {rating(measured, combined)} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="1400,1600,1800,2000,2200",
                        help="the levels (UCI_Elo) to calibrate, comma-separated")
    parser.add_argument("--games", type=int, default=100, help="games a level (even)")
    parser.add_argument("--tc", default="5+0.05", help="the clock: base+increment seconds")
    parser.add_argument("--concurrency", type=int, default=2, help="games at once")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the openings' order")
    parser.add_argument("--out", default="target/levels", help="where the games and summaries go")
    parser.add_argument("--opponent", choices=sorted(OPPONENTS),
                        help="measure each level through this full-strength engine instead of "
                             "against Stockfish alone")
    args = parser.parse_args()
    try:
        levels = [int(level) for level in args.levels.split(",")]
    except ValueError:
        parser.error(f"--levels takes ratings separated by commas, not {args.levels!r}")
    if args.games < 2 or args.games % 2:
        parser.error("--games takes an even number of at least 2 (each opening with both colours)")
    specs = [stockfish(levels[0])] + ([OPPONENTS[args.opponent]] if args.opponent else [])
    if not all(program(spec).exists() for spec in specs):
        run(["scripts/install-soak-deps.sh"])
    out = ROOT / args.out
    out.mkdir(parents=True, exist_ok=True)
    run(["cargo", "build", "--release", "-p", "outpost-engine"])
    rows = []
    for level in levels:
        rows.append(through(level, args.opponent, args, out) if args.opponent
                    else calibrate(level, args, out))
        print(rows[-1], flush=True)
    print()
    if args.opponent:
        print(f"Levels through {args.opponent} at full strength at {args.tc}, {args.games} games "
              f"a match: Stockfish 15.1 at the level's UCI_Elo against it, then the level "
              f"(scripts/calibrate-levels.py --opponent {args.opponent}):")
        print()
        print("| Level | Engine | Stockfish's score | Engine's rating (95%) | Games | "
              "Level's score | Measured Elo (95%) |")
        print("|---|---|---|---|---|---|---|")
    else:
        print(f"Levels against Stockfish 15.1 with UCI_LimitStrength at {args.tc}, "
              f"{args.games} games a level (scripts/calibrate-levels.py):")
        print()
        print("| Level | Opponent | Games | Score | Measured Elo (95%) |")
        print("|---|---|---|---|---|")
    for line in rows:
        print(line)


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as error:
        print(f"calibrate-levels: {' '.join(error.cmd)} failed with exit code {error.returncode}",
              file=sys.stderr)
        sys.exit(1)
