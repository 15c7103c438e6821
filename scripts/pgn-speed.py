#!/usr/bin/env python3
"""Games per second reading a PGN database: Outpost's reader against python-chess.

The database is Outpost's own self-play (crates/pgn/examples/selfplay_pgn.rs: seeded games
with a Lichess-style comment after each move, a few glyphs and variations, and one game in
50 broken). It is made once under target/pgn-speed/ and then read, in the same run, by
Outpost's `PgnReader` (crates/pgn/examples/pgn_read.rs, release build) and by python-chess
(`chess.pgn.read_game` in a loop), each `--rounds` times; the best round of each counts.

    pip install chess
    python3 scripts/pgn-speed.py --games 3000 --rounds 3
"""

import argparse
import io
import logging
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cargo(*args, capture=False):
    command = ["nice", "cargo", *args]
    print("+", " ".join(command), file=sys.stderr)
    return subprocess.run(
        command, cwd=ROOT, check=True, text=True, capture_output=capture
    )


def make_database(path, games, nodes, seed, threads):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as out:
        command = [
            "nice", "cargo", "run", "--quiet", "--release", "-p", "outpost-pgn",
            "--example", "selfplay_pgn", "--", "--games", str(games),
            "--nodes", str(nodes), "--seed", str(seed), "--threads", str(threads),
        ]
        print("+", " ".join(command), file=sys.stderr)
        subprocess.run(command, cwd=ROOT, check=True, stdout=out)
    os.replace(path + ".tmp", path)


def outpost_round(binary, path):
    """(games, errors, seconds) of one read with Outpost's reader."""
    done = subprocess.run([binary, path], text=True, capture_output=True, check=True)
    last = done.stderr.strip().splitlines()[-1]
    match = re.match(r"(\d+) games \((\d+) moves\) and (\d+) errors in ([\d.]+) s", last)
    if not match:
        sys.exit(f"unexpected output of {binary}: {last}")
    games, _moves, errors, seconds = match.groups()
    return int(games), int(errors), float(seconds)


def python_chess_round(path):
    """(games, games with errors, seconds) of one read with python-chess."""
    import chess.pgn

    # python-chess logs each error of a game; the count is enough here.
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    source = io.StringIO(text)
    games = errors = 0
    start = time.perf_counter()
    while True:
        game = chess.pgn.read_game(source)
        if game is None:
            break
        games += 1
        errors += bool(game.errors)
    return games, errors, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--nodes", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="to make the database")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--file", help="a PGN file to read instead of the self-play one")
    args = parser.parse_args()

    import chess

    path = args.file or os.path.join(
        ROOT, "target", "pgn-speed",
        f"selfplay-{args.games}-{args.nodes}-{args.seed}.pgn",
    )
    if not os.path.exists(path):
        make_database(path, args.games, args.nodes, args.seed, args.threads)
    cargo("build", "--quiet", "--release", "-p", "outpost-pgn", "--example", "pgn_read")
    binary = os.path.join(ROOT, "target", "release", "examples", "pgn_read")

    size = os.path.getsize(path)
    print(f"{path}: {size / 1e6:.1f} MB")
    # Interleaved rounds, so that both see the same machine.
    outpost, python = [], []
    for round_ in range(args.rounds):
        outpost.append(outpost_round(binary, path))
        python.append(python_chess_round(path))
        print(
            f"round {round_ + 1}: Outpost {outpost[-1][2]:.3f} s, "
            f"python-chess {python[-1][2]:.3f} s",
            file=sys.stderr,
        )
    o_games, o_errors, o_seconds = min(outpost, key=lambda r: r[2])
    p_games, p_errors, p_seconds = min(python, key=lambda r: r[2])
    # Both rates count the games of the file (as Outpost's reader counts them: each good
    # game and each broken one), since python-chess runs some broken games into the next.
    in_file = o_games + o_errors
    o_rate = in_file / o_seconds
    p_rate = in_file / p_seconds
    print(f"{in_file} games in the file, best of {args.rounds} rounds")
    print(
        f"Outpost: {o_games} games read and {o_errors} broken games reported in "
        f"{o_seconds:.3f} s: {o_rate:,.0f} games per second"
    )
    print(
        f"python-chess {chess.__version__}: {p_games} games read ({p_errors} with "
        f"errors) in {p_seconds:.3f} s: {p_rate:,.0f} games per second"
    )
    print(f"ratio: {o_rate / p_rate:.1f}x python-chess's games per second")


if __name__ == "__main__":
    main()
