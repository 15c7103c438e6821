#!/usr/bin/env python3
"""Measures how fast the engine answers `stop`: the time from writing `stop` to reading
`bestmove`, over many `go infinite` searches stopped after a random short time.

    python3 scripts/stop-latency.py [--engine target/release/outpost] [--runs 1000] [--threads 1]

Prints the median, the 99th percentile and the worst latency in milliseconds.
"""
import argparse
import random
import subprocess
import time
from pathlib import Path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--engine", default=str(Path(__file__).resolve().parent.parent / "target/release/outpost")
    )
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    engine = subprocess.Popen(
        [args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def read_until(prefix):
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit("the engine ended")
            if line.startswith(prefix):
                return line

    send(f"setoption name Threads value {args.threads}")
    send("isready")
    read_until("readyok")
    positions = [
        "startpos",
        "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "fen 3Q2Q1/Pqr2p1r/RRQqkq2/QKb2qQ1/1Q1qB3/b2pB1q1/1Q1n2n1/N1q1N1Q1 b - - 0 1",
        "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ]
    latencies = []
    for run in range(args.runs):
        send("position " + positions[run % len(positions)])
        send("go infinite")
        time.sleep(rng.uniform(0.0, 0.03))
        started = time.perf_counter()
        send("stop")
        read_until("bestmove")
        latencies.append((time.perf_counter() - started) * 1000.0)
    send("quit")
    engine.wait(timeout=10)
    latencies.sort()
    median = latencies[len(latencies) // 2]
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"{len(latencies)} stops, {args.threads} thread(s): median {median:.2f} ms, "
        f"99th percentile {p99:.2f} ms, worst {latencies[-1]:.2f} ms"
    )


if __name__ == "__main__":
    main()
