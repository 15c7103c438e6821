#!/usr/bin/env python3
"""Calibrates Outpost's levels (UCI_LimitStrength, UCI_Elo) in games against Stockfish at the
same UCI_Elo (Debian's stockfish 15.1, whose scale is calibrated to CCRL blitz), one match of
`cargo xtask match` a level, and prints the table of the README: level, opponent, games,
score, and the level's measured rating with its 95% error (the opponent's rating plus the Elo
difference of the match).

Each match: both engines with 16 MiB and one thread, the openings of data/openings-1024.epd in
a random order by the seed, each with both colours, the clock --tc. The games and a JSON summary
of each level go to --out.

Usage: scripts/calibrate-levels.py [--levels 1400,1600,1800,2000,2200] [--games 100]
                                   [--tc 5+0.05] [--concurrency 2] [--seed 1] [--out DIR]
Needs: Stockfish in /usr/games (scripts/install-soak-deps.sh installs it when it is missing).
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STOCKFISH = Path("/usr/games/stockfish")
# The range of Stockfish 15.1's UCI_Elo.
STOCKFISH_ELO = (1350, 2850)


def run(command):
    print("+ " + " ".join(command), flush=True)
    subprocess.run(command, cwd=ROOT, check=True)


def match(level, args, out):
    """Plays the level against Stockfish at its rating; the match's JSON summary."""
    opponent = min(max(level, STOCKFISH_ELO[0]), STOCKFISH_ELO[1])
    summary = out / f"level-{level}.json"
    run([
        "cargo", "xtask", "match",
        "--engine", f"cmd=target/release/outpost,name=outpost-{level},"
                    f"option.UCI_LimitStrength=true,option.UCI_Elo={level}",
        "--engine", f"cmd={STOCKFISH},name=stockfish-{opponent},"
                    f"option.UCI_LimitStrength=true,option.UCI_Elo={opponent}",
        "--each", "option.Hash=16,option.Threads=1",
        "--tc", args.tc,
        "--openings", "data/openings-1024.epd", "--order", "random", "--seed", str(args.seed),
        "--games", str(args.games), "--concurrency", str(args.concurrency),
        "--pgn", str(out / f"level-{level}.pgn"), "--json", str(summary),
    ])
    return opponent, json.loads(summary.read_text())


def row(level, opponent, summary):
    """The table's row of a level."""
    estimate = summary["elo_games"]
    games = summary["games"]
    score = f"{summary['points']:g}/{games} ({100 * summary['points'] / games:.1f}%)"
    if estimate is None or estimate["elo"] is None:
        measured = "–"  # a score of 0% or 100%: no finite rating
    else:
        # Too few games for an interval: its width is not finite.
        margin = "∞" if estimate["error95"] is None else f"{estimate['error95']:.0f}"
        measured = f"{opponent + estimate['elo']:.0f} ± {margin}"
    return f"| {level} | Stockfish 15.1 at UCI_Elo {opponent} | {games} | {score} | {measured} |"


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
    args = parser.parse_args()
    try:
        levels = [int(level) for level in args.levels.split(",")]
    except ValueError:
        parser.error(f"--levels takes ratings separated by commas, not {args.levels!r}")
    if args.games < 2 or args.games % 2:
        parser.error("--games takes an even number of at least 2 (each opening with both colours)")
    if not STOCKFISH.exists():
        run(["scripts/install-soak-deps.sh"])
    out = ROOT / args.out
    out.mkdir(parents=True, exist_ok=True)
    run(["cargo", "build", "--release", "-p", "outpost-engine"])
    rows = []
    for level in levels:
        opponent, summary = match(level, args, out)
        rows.append(row(level, opponent, summary))
        print(rows[-1], flush=True)
    print()
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
