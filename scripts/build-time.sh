#!/usr/bin/env bash
# How long a program that depends on outpost-movegen takes to build from clean, against one
# that depends on cozy-chess (from crates.io): two fresh binary crates outside the workspace,
# each a perft of the start position to depth 4, with `[profile.release] lto = true`, built
# with `cargo build --release -j 2` after `cargo fetch`, `cargo clean` before each build, the
# two interleaved. Prints each build's wall-clock seconds, then the medians and their ratio.
#
# Usage: scripts/build-time.sh [ROUNDS] [DIR]   (default: 3 rounds in a fresh temporary
# directory; the crates are written to DIR/outpost and DIR/cozy). Needs crates.io for
# cozy-chess and the dependencies of both.
set -euo pipefail
rounds=${1:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${2:-$(mktemp -d)}
mkdir -p "$dir/outpost/src" "$dir/cozy/src"

# Writes the manifest of the crate in $dir/$1, buildtime-$1, with the dependency lines $2 and
# link-time optimisation.
manifest() {
  cat >"$dir/$1/Cargo.toml" <<EOF
[package]
name = "buildtime-$1"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
$2

[profile.release]
lto = true
EOF
}
manifest outpost "outpost-board = { path = \"$root/crates/board\" }
outpost-movegen = { path = \"$root/crates/movegen\" }"
manifest cozy 'cozy-chess = "0.3"'

cat >"$dir/outpost/src/main.rs" <<'EOF'
use outpost_board::Board;
use outpost_movegen::legal_moves;

fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in legal_moves(board) {
        let mut child = board.clone();
        child.make(mv);
        nodes += perft(&child, depth - 1);
    }
    nodes
}

fn main() {
    println!("{}", perft(&Board::startpos(), 4));
}
EOF
cat >"$dir/cozy/src/main.rs" <<'EOF'
use cozy_chess::Board;

fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn main() {
    println!("{}", perft(&Board::default(), 4));
}
EOF

for crate in outpost cozy; do
  (cd "$dir/$crate" && cargo fetch --quiet)
done

declare -A times
for round in $(seq "$rounds"); do
  for crate in outpost cozy; do
    (cd "$dir/$crate" && cargo clean --quiet)
    start=$(date +%s.%N)
    (cd "$dir/$crate" && cargo build --release -j 2 --quiet)
    seconds=$(awk -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { print end - start }')
    # Both programs count the same 197281 positions.
    nodes=$("$dir/$crate/target/release/buildtime-$crate")
    [ "$nodes" = 197281 ] || { echo "build-time: $crate counted $nodes, not 197281" >&2; exit 1; }
    printf 'round %d  %-8s %6.1f s\n' "$round" "$crate" "$seconds"
    times[$crate]+="$seconds "
  done
done

median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
outpost=$(echo "${times[outpost]}" | median)
cozy=$(echo "${times[cozy]}" | median)
awk -v outpost="$outpost" -v cozy="$cozy" \
  'BEGIN { printf "median   outpost-movegen %.1f s, cozy-chess %.1f s: %.2fx\n", outpost, cozy, outpost / cozy }'
