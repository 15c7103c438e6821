#!/usr/bin/env python3
"""Outpost's search speed beside reference engines, measured in one run.

Each engine searches five positions (the start, Kiwipete, a Queen's Gambit middlegame, the
CPW position 3 endgame, a rook endgame) for --seconds each, one thread, Hash 64; the rounds
are interleaved (every engine on a position, then the next position) and the best nodes per
second of the rounds is kept. The machine is shared and noisy: only the ratios of one run
mean something. Perft against Stockfish is scripts/perft-speed.sh.

Reference engines are looked up in /usr/games (Debian's `ethereal-chess` and `stockfish`
packages); a missing one is left out with a message. `--compare OLD` adds another Outpost
binary (say, the build before a change) to the search table, for an A/B in the same run.

Usage: scripts/speed.py [--seconds S] [--rounds N] [--quick] [--compare OLD]
(SPEED_NO_BUILD=1 in the environment measures target/release as it is, without building.)
Exit codes: 0 measured, 2 bad arguments or Outpost missing and not buildable.
"""

import argparse
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPOST = os.path.join(ROOT, "target", "release", "outpost")
ETHEREAL = "/usr/games/ethereal-chess"
STOCKFISH = "/usr/games/stockfish"

POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("queens-gambit", "r1bq1rk1/pppnbppp/4pn2/3p2B1/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 3 7"),
    ("cpw-3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("rook-endgame", "8/5pk1/6p1/R7/5P2/6PK/r7/8 w - - 0 1"),
]

class Engine:
    """A UCI engine process, driven line by line."""

    def __init__(self, command):
        self.process = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, prefix):
        """Lines up to and including the first that starts with `prefix`."""
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended before '%s'" % prefix)
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def quit(self):
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def search_nps(command, fen, seconds):
    """Nodes per second of a fresh engine searching `fen` for `seconds`."""
    engine = Engine(command)
    try:
        for option in ("Threads value 1", "Hash value 64"):
            engine.send("setoption name " + option)
        engine.send("ucinewgame")
        engine.ready()
        engine.send("position fen " + fen)
        engine.send("go movetime %d" % int(seconds * 1000))
        lines = engine.wait_for("bestmove")
    finally:
        engine.quit()
    nodes = elapsed = None
    for line in lines:
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words and "time" in words:
            nodes = int(words[words.index("nodes") + 1])
            elapsed = int(words[words.index("time") + 1])
    if not nodes or not elapsed:
        raise RuntimeError("no info line with nodes and time from " + command)
    return nodes * 1000 / elapsed


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Builds Outpost in release first (cargo build --release -p outpost-engine).")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="search time per position and engine (default 3)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="interleaved rounds; the best is kept (default 2)")
    parser.add_argument("--quick", action="store_true",
                        help="0.5 s per search, one round: a smoke test, not a figure")
    parser.add_argument("--compare", metavar="OLD",
                        help="another Outpost binary to measure beside this one")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.rounds = 0.5, 1
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be above 0 and --rounds at least 1")
    if args.compare and not os.access(args.compare, os.X_OK):
        parser.error("--compare %s is not an executable" % args.compare)

    if os.environ.get("SPEED_NO_BUILD"):
        print("measuring target/release as it is (SPEED_NO_BUILD is set)", flush=True)
    else:
        print("building Outpost (cargo build --release -p outpost-engine) ...", flush=True)
        build = subprocess.run(["cargo", "build", "--release", "-q", "-p", "outpost-engine"], cwd=ROOT)
        if build.returncode != 0:
            print("speed: the build failed", file=sys.stderr)
            return 2

    engines = [("outpost", OUTPOST)]
    if args.compare:
        engines.append(("outpost-old", args.compare))
    for name, path, package in (("ethereal", ETHEREAL, "ethereal-chess"),
                                ("stockfish", STOCKFISH, "stockfish")):
        if os.access(path, os.X_OK):
            engines.append((name, path))
        else:
            print("%s is not installed (%s; Debian package %s): left out"
                  % (name, path, package))
    names = [name for name, _ in engines]

    total = len(POSITIONS) * len(engines) * args.rounds
    print("search: %d positions x %d engines x %d rounds, %.1f s each (about %d s)"
          % (len(POSITIONS), len(engines), args.rounds, args.seconds,
             total * (args.seconds + 0.3)), flush=True)
    best = {(name, position): 0.0 for name in names for position, _ in POSITIONS}
    done = 0
    for _ in range(args.rounds):
        for position, fen in POSITIONS:
            for name, path in engines:
                nps = search_nps(path, fen, args.seconds)
                best[name, position] = max(best[name, position], nps)
                done += 1
                print("  [%d/%d] %-12s %-14s %6.2f M nodes/s"
                      % (done, total, name, position, nps / 1e6), flush=True)

    print()
    header = "%-14s" % "position" + "".join("%14s" % name for name in names)
    others = [name for name in names if name != "outpost"]
    header += "".join("%22s" % ("outpost/" + name) for name in others)
    print(header + "   (M nodes/s, best of %d)" % args.rounds)
    for position, _ in POSITIONS:
        row = "%-14s" % position
        row += "".join("%14.2f" % (best[name, position] / 1e6) for name in names)
        row += "".join("%22.2f" % (best["outpost", position] / best[name, position])
                       for name in others)
        print(row)
    row = "%-14s" % "geomean"
    row += "".join("%14.2f" % (geometric_mean([best[name, p] for p, _ in POSITIONS]) / 1e6)
                   for name in names)
    row += "".join("%22.2f" % geometric_mean(
        [best["outpost", p] / best[name, p] for p, _ in POSITIONS]) for name in others)
    print(row)
    if args.quick:
        print("(--quick: a smoke test, not a figure; measure with --seconds 3 --rounds 3)")

    return 0

if __name__ == "__main__":
    sys.exit(main())
