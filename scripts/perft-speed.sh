#!/usr/bin/env bash
# Perft speed of Outpost against Stockfish 15.1, measured side by side in one run.
# Prints the best wall time of ROUNDS runs of each and the ratios Outpost / Stockfish:
# "outpost" is the default perft (all cores, hash table), "raw" is --threads 1 --hash 0.
# Needs Stockfish: the Debian package `stockfish` (`apt-get install stockfish`) puts it at
# /usr/games/stockfish; elsewhere set STOCKFISH=/path/to/stockfish.
# Usage: scripts/perft-speed.sh [ROUNDS]   (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
stockfish=${STOCKFISH:-/usr/games/stockfish}
[ -x "$stockfish" ] || { echo "Stockfish not found at $stockfish (set STOCKFISH=...)" >&2; exit 2; }
cargo build --release --quiet -p outpost-perft
perft=target/release/perft

seconds() { # run a command, print its wall time in seconds
  local start end
  start=$(date +%s%N); "$@" >/dev/null 2>&1; end=$(date +%s%N)
  awk -v ns=$((end - start)) 'BEGIN { printf "%.3f\n", ns / 1e9 }'
}
best() { sort -g | head -1; }

printf '%-10s %5s  %10s  %12s  %12s  %8s  %8s\n' position depth stockfish "outpost" "outpost raw" ratio "raw ratio"
while read -r name depth fen; do
  # Rounds interleave the three programs so that a change in machine load hits all alike.
  sf=() ours=() raw=()
  for _ in $(seq "$rounds"); do
    sf+=("$(seconds sh -c "printf 'position fen $fen\ngo perft $depth\nquit\n' | $stockfish")")
    ours+=("$(seconds $perft --fen "$fen" --depth "$depth")")
    raw+=("$(seconds $perft --fen "$fen" --depth "$depth" --threads 1 --hash 0)")
  done
  sf=$(printf '%s\n' "${sf[@]}" | best)
  ours=$(printf '%s\n' "${ours[@]}" | best)
  raw=$(printf '%s\n' "${raw[@]}" | best)
  printf '%-10s %5s  %9.3fs  %11.3fs  %11.3fs  %8.2f  %8.2f\n' "$name" "$depth" "$sf" "$ours" "$raw" \
    "$(awk -v a="$ours" -v b="$sf" 'BEGIN { print a / b }')" "$(awk -v a="$raw" -v b="$sf" 'BEGIN { print a / b }')"
done <<'POSITIONS'
Start 6 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
Kiwipete 5 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
POSITIONS
echo "best of $rounds runs each; ratio = Outpost's time / Stockfish's time (wall clock, including start-up)"
