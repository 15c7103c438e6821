#!/bin/bash
# Depth reached in T ms (default 3000) with Threads=1 and with Threads=2 on eight positions,
# one run each, and the sums. Usage: scripts/threads-depth.sh [T]
cd "$(dirname "$0")/.."
cargo build --release --quiet -p outpost-engine
B=target/release/outpost; T=${1:-3000}
s1=0; s2=0
while read -r fen; do
  for t in 1 2; do
    d=$( (echo "setoption name Threads value $t"; echo "setoption name Hash value 64"; echo "position fen $fen"; echo "go movetime $T"; sleep $(awk -v t=$T 'BEGIN{print t/1000+0.5}'); echo quit) | $B | grep "^info depth" | tail -1 | awk '{print $3}')
    if [ $t = 1 ]; then s1=$((s1+d)); a=$d; else s2=$((s2+d)); echo "$a $d  ${fen:0:40}"; fi
  done
done <<'P'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8
2r3k1/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/2R3K1 b - - 0 20
r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1
6k1/pp3ppp/4p3/8/2P5/1P3P2/P5PP/6K1 w - - 0 30
P
echo "sum threads=1: $s1  threads=2: $s2"
