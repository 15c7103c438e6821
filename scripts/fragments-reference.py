#!/usr/bin/env python3
"""Reference perft counts for Chess Fragments, made by Fairy-Stockfish.

Chess Fragments is Outpost's 5x5 variant; Fairy-Stockfish (Debian package
`fairy-stockfish`) plays it when given data/fragments-fairy-stockfish.ini. This script asks it
for perft counts and divides so that Outpost's own move generator can be checked against an
independent one, move by move:

- the start position, divided at every depth from 1 to --start-depth (default 6);
- --positions N positions (default 60) reached by random games from the start (random legal
  moves, reproducible with --seed), chosen so that en passant, promotions to every piece and
  checks all occur, each divided at every depth from 1 to --depth (default 4).

It writes data/perft-fragments.epd (`FEN ;D1 n ;D2 n ...`, the form `cargo xtask perft
--suite fragments` reads) and data/perft-fragments-divide.txt (for each position and depth, the
count below every legal move, in Fairy-Stockfish's UCI notation: promotion to the Right is
`a4a5c`).

Usage: scripts/fragments-reference.py [--seed S] [--positions N] [--depth D] [--start-depth D]
                                      [--engine PATH] [--out-dir DIR]
Exit codes: 0 written, 2 Fairy-Stockfish missing or bad arguments.
"""

import argparse
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE = "/usr/games/fairy-stockfish"
INI = os.path.join(ROOT, "data", "fragments-fairy-stockfish.ini")  # a copy of the published one
START = "cnbqk/ppppp/5/PPPPP/CNBQK w - - 0 1"


class Fairy:
    """A Fairy-Stockfish process set up for Chess Fragments, driven line by line."""

    def __init__(self, path):
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.read_until("uciok")
        self.send(f"setoption name VariantPath value {INI}")
        self.send("setoption name UCI_Variant value fragments")
        self.send("isready")
        self.read_until("readyok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish ended unexpectedly")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def divide(self, fen, depth):
        """{move: count} below each legal move of `fen`, `depth` plies deep."""
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        counts = {}
        for line in self.read_until("Nodes searched"):
            move, sep, count = line.partition(": ")
            if sep and count.strip().isdigit() and " " not in move:
                counts[move] = int(count)
        return counts

    def after(self, fen, move):
        """The FEN after `move`, and whether the side to move is then in check."""
        self.send(f"position fen {fen} moves {move}")
        self.send("d")
        fen_after, checked = None, False
        for line in self.read_until("Checkers:"):
            if line.startswith("Fen: "):
                fen_after = line[5:].strip()
            if line.startswith("Checkers:"):
                checked = bool(line[len("Checkers:"):].strip())
        return fen_after, checked

    def close(self):
        self.send("quit")
        self.process.wait(timeout=10)


def features(moves, fen, checked):
    """What makes a position worth keeping: the kinds of move it has."""
    found = set()
    if checked:
        found.add("check")
    for move in moves:
        if len(move) == 5:
            found.add("promotion-" + move[4])
    if fen.split()[3] != "-":
        found.add("en-passant-square")
    return found


def random_positions(fairy, rng, wanted):
    """`wanted` positions from random games, covering every feature at least a few times."""
    needed = {
        "check": 6,
        "en-passant-square": 6,
        "promotion-q": 4,
        "promotion-c": 4,
        "promotion-b": 4,
        "promotion-n": 4,
    }
    chosen, seen = [], set()
    games = 0
    while len(chosen) < wanted and games < 5000:
        games += 1
        fen, checked = START, False
        for _ply in range(rng.randint(4, 60)):
            moves = sorted(fairy.divide(fen, 1))
            if not moves:
                break
            kinds = features(moves, fen, checked)
            useful = any(needed.get(kind, 0) > 0 for kind in kinds)
            plain_quota = wanted - sum(max(n, 0) for n in needed.values()) - len(chosen)
            if fen not in seen and (useful or (plain_quota > 0 and rng.random() < 0.05)):
                seen.add(fen)
                chosen.append(fen)
                for kind in kinds:
                    needed[kind] = needed.get(kind, 0) - 1
                if len(chosen) >= wanted:
                    break
            fen, checked = fairy.after(fen, rng.choice(moves))
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--start-depth", type=int, default=6)
    parser.add_argument("--engine", default=ENGINE)
    parser.add_argument("--out-dir", default=os.path.join(ROOT, "data"))
    args = parser.parse_args()
    if not os.access(args.engine, os.X_OK):
        print(f"Fairy-Stockfish not found at {args.engine} (apt install fairy-stockfish)",
              file=sys.stderr)
        return 2
    if not 1 <= args.depth <= 6 or not 1 <= args.start_depth <= 7 or args.positions < 0:
        print("depths are 1 to 6 (start up to 7), positions 0 or more", file=sys.stderr)
        return 2
    os.makedirs(args.out_dir, exist_ok=True)
    fairy = Fairy(args.engine)
    rng = random.Random(args.seed)
    positions = [(START, args.start_depth)]
    positions += [(fen, args.depth) for fen in random_positions(fairy, rng, args.positions)]
    epd_lines, divide_lines = [], []
    command = " ".join(["scripts/fragments-reference.py"] + sys.argv[1:])
    header = (f"# Chess Fragments perft by Fairy-Stockfish 11.1 with "
              f"data/fragments-fairy-stockfish.ini; made by `{command}` (seed {args.seed})")
    for number, (fen, depth) in enumerate(positions, 1):
        counts = []
        for d in range(1, depth + 1):
            divide = fairy.divide(fen, d)
            counts.append(sum(divide.values()))
            divide_lines.append(f"position {fen} ;depth {d} ;total {counts[-1]}")
            divide_lines += [f"{move} {divide[move]}" for move in sorted(divide)]
        epd_lines.append(fen + "".join(f" ;D{d} {n}" for d, n in enumerate(counts, 1)))
        print(f"{number}/{len(positions)}  {fen}  " + " ".join(map(str, counts)), flush=True)
    fairy.close()
    with open(os.path.join(args.out_dir, "perft-fragments.epd"), "w") as out:
        out.write(header + "\n" + "\n".join(epd_lines) + "\n")
    with open(os.path.join(args.out_dir, "perft-fragments-divide.txt"), "w") as out:
        out.write(header + "\n" + "\n".join(divide_lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
